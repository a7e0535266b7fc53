//! Categorisation rules: list, add, edit, order, delete, and apply to stored transactions.

use actix_web::{delete, get, post, put, web};
use domain::imports::RuleInput;
use ports::rules::{ApplyOutcome, StoredRule};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::http::error::{ApiError, ErrorResponse};
use crate::http::extract::CurrentUser;
use crate::http::wire::{path_id, AmountInput, Confirmed, Created, Envelope, MessageResponse, Pounds};
use crate::http::words;
use crate::AppState;

pub fn config(cfg: &mut ServiceConfig) {
    cfg.service(list).service(create).service(reorder).service(apply).service(update).service(remove);
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RuleDto {
    #[serde(rename = "_id")]
    pub id: String,
    /// 0 is applied first.
    pub position: i32,
    /// contains, startsWith or equals (without regard to case).
    #[schema(value_type = words::MatchKind)]
    pub match_type: String,
    pub pattern: String,
    /// Inclusive, on the amount without its sign.
    pub min_amount: Option<Pounds>,
    pub max_amount: Option<Pounds>,
    /// Only rows of this account; null for every account.
    pub account_id: Option<String>,
    pub account_name: Option<String>,
    pub category_id: String,
    pub category_name: String,
    /// The description matching rows get instead; null keeps theirs.
    pub rename: Option<String>,
    /// Matching rows are money moved between the user's accounts: with an unambiguous
    /// counterpart in another account they become transfers.
    pub mark_transfer: bool,
    /// The tags matching rows get (added to any they have), by name.
    pub tag_ids: Vec<String>,
}

impl From<&StoredRule> for RuleDto {
    fn from(r: &StoredRule) -> Self {
        Self {
            id: r.id.to_string(),
            position: r.position,
            match_type: r.rule.match_type.as_str().to_owned(),
            pattern: r.rule.pattern.clone(),
            min_amount: r.rule.min_amount.map(Into::into),
            max_amount: r.rule.max_amount.map(Into::into),
            account_id: r.rule.account_id.map(|a| a.0.to_string()),
            account_name: r.account_name.clone(),
            category_id: r.rule.category_id.0.to_string(),
            category_name: r.category_name.clone(),
            rename: r.rule.rename.clone(),
            mark_transfer: r.rule.mark_transfer,
            tag_ids: r.rule.tag_ids.iter().map(ToString::to_string).collect(),
        }
    }
}

fn listed(rules: &[StoredRule]) -> Envelope<Vec<RuleDto>> {
    Envelope::ok(rules.iter().map(Into::into).collect())
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RuleBody {
    /// contains (the default), startsWith or equals.
    #[schema(value_type = Option<words::MatchKind>)]
    pub match_type: Option<String>,
    /// 1 to 100 characters.
    pub pattern: Option<String>,
    pub min_amount: Option<AmountInput>,
    pub max_amount: Option<AmountInput>,
    pub account_id: Option<String>,
    pub category_id: Option<String>,
    /// Up to 100 characters; blank keeps the description.
    pub rename: Option<String>,
    /// Matching rows are transfers between the user's accounts (default false).
    pub mark_transfer: Option<bool>,
    /// Tags to add to matching rows (at most 10, each the household's own).
    pub tag_ids: Option<Vec<String>>,
}

impl RuleBody {
    fn into_input(self) -> RuleInput {
        RuleInput {
            match_type: self.match_type.unwrap_or_else(|| "contains".into()),
            pattern: self.pattern.unwrap_or_default(),
            min_amount: self.min_amount.map(AmountInput::into_text),
            max_amount: self.max_amount.map(AmountInput::into_text),
            account_id: self.account_id,
            category_id: self.category_id.unwrap_or_default(),
            rename: self.rename,
            mark_transfer: self.mark_transfer.unwrap_or(false),
            tag_ids: self.tag_ids.unwrap_or_default(),
        }
    }
}

/// The user's rules in the order they apply.
#[utoipa::path(operation_id = "ruleList", tag = "rules", security(("bearer" = [])),
    responses((status = 200, body = Envelope<Vec<RuleDto>>)))]
#[get("/rules")]
pub async fn list(state: web::Data<AppState>, user: CurrentUser) -> Result<Envelope<Vec<RuleDto>>, ApiError> {
    Ok(listed(&state.rules.list(user.scope).await?))
}

/// Adds a rule at the end of the order.
#[utoipa::path(operation_id = "ruleCreate", tag = "rules", security(("bearer" = [])), request_body = RuleBody,
    responses((status = 201, body = Envelope<RuleDto>), (status = 400, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
#[post("/rules")]
pub async fn create(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<RuleBody>,
) -> Result<Created<Envelope<RuleDto>>, ApiError> {
    let rule = state.rules.create(user.scope, body.into_inner().into_input()).await?;
    Ok(Created(Envelope::with_message((&rule).into(), "Rule created successfully")))
}

/// Edits a rule (its place in the order stays).
#[utoipa::path(operation_id = "ruleUpdate", tag = "rules", security(("bearer" = [])), request_body = RuleBody,
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<RuleDto>), (status = 400, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
#[put("/rules/{id}")]
pub async fn update(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<String>,
    body: web::Json<RuleBody>,
) -> Result<Envelope<RuleDto>, ApiError> {
    let rule = state.rules.update(user.scope, path_id(&id, "Rule")?, body.into_inner().into_input()).await?;
    Ok(Envelope::with_message((&rule).into(), "Rule updated successfully"))
}

/// Deletes a rule; the transactions it categorised keep their categories.
#[utoipa::path(operation_id = "ruleDelete", tag = "rules", security(("bearer" = [])), params(("id" = String, Path)),
    responses((status = 200, body = MessageResponse), (status = 404, body = ErrorResponse)))]
#[delete("/rules/{id}")]
pub async fn remove(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<String>,
) -> Result<MessageResponse, ApiError> {
    state.rules.delete(user.scope, path_id(&id, "Rule")?).await?;
    Ok(MessageResponse::ok("Rule deleted successfully"))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct OrderBody {
    /// Every rule's id exactly once, first applied first.
    pub ids: Vec<String>,
}

/// Puts the rules in a new order.
#[utoipa::path(operation_id = "ruleReorder", tag = "rules", security(("bearer" = [])), request_body = OrderBody,
    responses((status = 200, body = Envelope<Vec<RuleDto>>), (status = 400, body = ErrorResponse)))]
#[put("/rules/order")]
pub async fn reorder(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<OrderBody>,
) -> Result<Envelope<Vec<RuleDto>>, ApiError> {
    let bad = || ApiError::validation("The order must list every rule exactly once".into());
    let ids = body
        .into_inner()
        .ids
        .iter()
        .map(|raw| uuid::Uuid::parse_str(raw.trim()).map(domain::ids::RuleId).map_err(|_| bad()))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(listed(&state.rules.reorder(user.scope, ids).await?))
}

#[derive(Debug, Deserialize, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
pub struct ApplyBody {
    /// Only count what would change (the default); false applies.
    pub dry_run: Option<bool>,
    /// Only this rule; every rule in order when absent.
    pub rule_id: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ApplyDto {
    /// Transactions a rule covers.
    pub matched: i64,
    /// Of those, the ones whose category or description changes.
    pub changed: i64,
}

/// Applies the rules to the stored transactions (not transfers): a dry run counts how many
/// would change; otherwise they change, in one database transaction.
#[utoipa::path(operation_id = "ruleApply", tag = "rules", security(("bearer" = [])), request_body = ApplyBody,
    responses((status = 200, body = Confirmed<ApplyDto>), (status = 404, body = ErrorResponse)))]
#[post("/rules/apply")]
pub async fn apply(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<ApplyBody>,
) -> Result<Confirmed<ApplyDto>, ApiError> {
    let body = body.into_inner();
    let dry_run = body.dry_run.unwrap_or(true);
    let only = match body.rule_id.as_deref().map(str::trim).filter(|r| !r.is_empty()) {
        None => None,
        Some(raw) => Some(path_id(raw, "Rule")?),
    };
    let ApplyOutcome { matched, changed } = state.rules.apply(user.scope, only, dry_run).await?;
    let message = match (dry_run, changed) {
        (true, 1) => "1 transaction would change".to_owned(),
        (true, n) => format!("{n} transactions would change"),
        (false, 1) => "1 transaction updated".to_owned(),
        (false, n) => format!("{n} transactions updated"),
    };
    Ok(Confirmed::new(ApplyDto { matched, changed }, message))
}
