//! Accounts with their balances (and credit figures), create, edit, and delete while empty.

use actix_web::{delete, get, post, put, web};
use chrono::{DateTime, Utc};
use domain::accounts::{AccountId, AccountInput};
use ports::ledger::AccountView;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::http::error::{ApiError, ErrorResponse};
use crate::http::extract::CurrentUser;
use crate::http::wire::{path_id, AmountInput, Confirmed, Created, Envelope, MessageResponse, Pounds};
use crate::http::words;
use crate::AppState;

pub fn config(cfg: &mut ServiceConfig) {
    cfg.service(list).service(real_time_balances).service(create).service(update).service(remove);
}

/// An account with its balance figures. Credit and credit-card accounts also carry the
/// credit figures (see docs/decisions.md for how each is computed).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountDto {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    /// current, savings, credit, credit_card, cash, investment or other.
    #[serde(rename = "type")]
    #[schema(value_type = words::AccountKind)]
    pub account_type: String,
    pub initial_balance: Pounds,
    /// initialBalance plus every non-declined transaction (transfers included).
    pub current_balance: Pounds,
    /// The same figure, computed from the ledger at the time of the request.
    pub calculated_balance: Pounds,
    pub credit_limit: Option<Pounds>,
    pub total_income: Pounds,
    pub total_expenses: Pounds,
    pub total_transfers: Pounds,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub current_debt: Option<Pounds>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub existing_debt: Option<Pounds>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub available_credit: Option<Pounds>,
    /// Percent of the limit in use, one decimal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub credit_used: Option<f64>,
    /// household (every member sees it) or private (only its owner does).
    #[schema(value_type = words::AccountVisibility)]
    pub visibility: &'static str,
    /// The user id of the member who made it or brought it into the household.
    pub owner_id: String,
    pub created_at: DateTime<Utc>,
}

impl From<&AccountView> for AccountDto {
    fn from(v: &AccountView) -> Self {
        let b = &v.balances;
        let c = b.credit.as_ref();
        Self {
            id: v.account.id.to_string(),
            name: v.account.name.as_str().to_owned(),
            account_type: v.account.account_type.as_str().to_owned(),
            initial_balance: v.account.initial_balance.into(),
            current_balance: b.current_balance.into(),
            calculated_balance: b.current_balance.into(),
            credit_limit: v.account.credit_limit.map(Into::into),
            total_income: b.total_income.into(),
            total_expenses: b.total_expenses.into(),
            total_transfers: b.total_transfers.into(),
            current_debt: c.map(|c| c.current_debt.into()),
            existing_debt: c.map(|c| c.existing_debt.into()),
            available_credit: c.map(|c| c.available_credit.into()),
            credit_used: c.map(|c| c.credit_used_permille as f64 / 10.0),
            visibility: v.account.visibility.as_str(),
            owner_id: v.account.owner.0.to_string(),
            created_at: v.account.created_at,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountsData {
    pub accounts: Vec<AccountDto>,
    /// Assets minus debts: the sum of current balances.
    pub net_worth: Pounds,
    pub total_accounts: usize,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountBody {
    pub name: Option<String>,
    #[serde(rename = "type")]
    #[schema(value_type = Option<words::AccountKind>)]
    pub account_type: Option<String>,
    pub initial_balance: Option<AmountInput>,
    pub credit_limit: Option<AmountInput>,
    /// household (the default for a new account) or private; left out, an edit keeps it. Only
    /// the account's owner may change it.
    #[schema(value_type = Option<words::AccountVisibility>)]
    pub visibility: Option<String>,
}

impl AccountBody {
    fn into_input(self) -> AccountInput {
        AccountInput {
            name: self.name.unwrap_or_default(),
            account_type: self.account_type.unwrap_or_default(),
            initial_balance: self.initial_balance.map(AmountInput::into_text),
            credit_limit: self.credit_limit.map(AmountInput::into_text),
            visibility: self.visibility,
        }
    }
}

async fn overview(state: &AppState, user: &CurrentUser) -> Result<Envelope<AccountsData>, ApiError> {
    let overview = state.ledger.accounts(user.scope).await?;
    let accounts: Vec<AccountDto> = overview.accounts.iter().map(Into::into).collect();
    Ok(Envelope::ok(AccountsData { total_accounts: accounts.len(), accounts, net_worth: overview.net_worth.into() }))
}

/// The user's accounts with balances, net worth and count.
#[utoipa::path(operation_id = "accountList", tag = "accounts", security(("bearer" = [])),
    responses((status = 200, body = Envelope<AccountsData>), (status = 401, body = ErrorResponse)))]
#[get("/accounts")]
pub async fn list(state: web::Data<AppState>, user: CurrentUser) -> Result<Envelope<AccountsData>, ApiError> {
    overview(&state, &user).await
}

/// The same as GET /accounts: balances are always computed from the ledger when asked.
#[utoipa::path(operation_id = "accountRealTimeBalances", tag = "accounts", security(("bearer" = [])),
    responses((status = 200, body = Envelope<AccountsData>), (status = 401, body = ErrorResponse)))]
#[get("/accounts/real-time-balances")]
pub async fn real_time_balances(
    state: web::Data<AppState>,
    user: CurrentUser,
) -> Result<Envelope<AccountsData>, ApiError> {
    overview(&state, &user).await
}

#[utoipa::path(operation_id = "accountCreate", tag = "accounts", security(("bearer" = [])), request_body = AccountBody,
    responses((status = 201, body = Confirmed<AccountDto>), (status = 400, body = ErrorResponse)))]
#[post("/accounts")]
pub async fn create(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<AccountBody>,
) -> Result<Created<Confirmed<AccountDto>>, ApiError> {
    let account = state.ledger.create_account(user.scope, body.into_inner().into_input()).await?;
    Ok(Created(Confirmed::new((&account).into(), "Account created successfully")))
}

#[utoipa::path(operation_id = "accountUpdate", tag = "accounts", security(("bearer" = [])), request_body = AccountBody,
    params(("id" = String, Path)),
    responses((status = 200, body = Confirmed<AccountDto>), (status = 400, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
#[put("/accounts/{id}")]
pub async fn update(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<String>,
    body: web::Json<AccountBody>,
) -> Result<Confirmed<AccountDto>, ApiError> {
    let id = AccountId(path_id(&id, "Account")?);
    let account = state.ledger.update_account(user.scope, id, body.into_inner().into_input()).await?;
    Ok(Confirmed::new((&account).into(), "Account updated successfully"))
}

/// Deletes an account that has no transactions (409 otherwise).
#[utoipa::path(operation_id = "accountRemove", tag = "accounts", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 200, body = MessageResponse), (status = 404, body = ErrorResponse), (status = 409, body = ErrorResponse)))]
#[delete("/accounts/{id}")]
pub async fn remove(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<String>,
) -> Result<MessageResponse, ApiError> {
    let id = AccountId(path_id(&id, "Account")?);
    state.ledger.delete_account(user.scope, id).await?;
    Ok(MessageResponse::ok("Account deleted successfully"))
}
