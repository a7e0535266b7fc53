//! Recurring templates: list, create, edit, pause, delete, process now, this month's summary
//! and the next ones due; their analytics and finalising a month are in `recurring_analytics`.
//! The scheduler that processes due templates runs inside `serve`.

use actix_web::{delete, get, patch, post, put, web};
use chrono::{NaiveDate, Utc};
use domain::recurring::{due_status, FormMode, RecurringForm, RecurringInput};
use ports::recurring::{DeleteOutcome, RecurringTemplate, TemplateKind};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::http::error::{ApiError, ErrorResponse};
use crate::http::extract::CurrentUser;
use crate::http::routes::transactions::AccountRefDto;
use crate::http::wire::{day_text, json_answer, path_id, AmountInput, Confirmed, Created, DayInput, Envelope, Pounds};
use crate::http::words;
use crate::AppState;

pub fn config(cfg: &mut ServiceConfig) {
    cfg.service(list)
        .service(summary)
        .service(upcoming)
        .service(create)
        .service(update)
        .service(create_transfer)
        .service(update_transfer)
        .service(toggle_status)
        .service(process)
        .service(remove);
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RecurringCategoryDto {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub color: String,
    pub icon: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DueStatusDto {
    /// Whole days from London's today; negative when overdue.
    pub days: i64,
    /// 'N day(s) overdue', 'Due today', 'Due tomorrow' or 'Due in N days'.
    pub text: String,
    /// overdue, soon (today to 3 days), near (to 7 days) or later.
    #[schema(value_type = words::DueNearness)]
    pub tone: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecurringTemplateDto {
    #[serde(rename = "_id")]
    pub id: String,
    /// Signed like the ledger: an expense negative.
    pub amount: Pounds,
    pub description: String,
    /// income, expense or transfer.
    #[serde(rename = "type")]
    #[schema(value_type = words::RecurringKind)]
    pub kind: String,
    /// Null for a transfer.
    pub category_id: Option<RecurringCategoryDto>,
    /// The account of income or an expense; null for a transfer.
    pub account_id: Option<AccountRefDto>,
    /// A transfer's accounts; null otherwise.
    pub from_account_id: Option<AccountRefDto>,
    pub to_account_id: Option<AccountRefDto>,
    /// weekly, monthly or yearly.
    #[schema(value_type = words::Every)]
    pub frequency: String,
    #[schema(value_type = String, example = "2026-11-25")]
    pub start_date: NaiveDate,
    #[schema(value_type = String, example = "2026-12-25")]
    pub next_due: NaiveDate,
    pub notes: String,
    pub is_active: bool,
    pub due_status: DueStatusDto,
    pub created_at: chrono::DateTime<Utc>,
}

fn dto(t: &RecurringTemplate, today: NaiveDate) -> RecurringTemplateDto {
    let status = due_status(t.next_due, today);
    let transfer = t.kind == TemplateKind::Transfer;
    RecurringTemplateDto {
        id: t.id.to_string(),
        amount: t.kind.signed(t.amount).into(),
        description: t.description.clone(),
        kind: t.kind.as_str().into(),
        category_id: category_dto(t),
        account_id: (!transfer).then(|| (&t.account).into()),
        from_account_id: transfer.then(|| (&t.account).into()),
        to_account_id: t.to_account.as_ref().map(Into::into),
        frequency: t.frequency.as_str().into(),
        start_date: t.start_date,
        next_due: t.next_due,
        notes: t.notes.clone(),
        is_active: t.is_active,
        due_status: DueStatusDto { days: status.days, text: status.text, tone: status.tone.as_str().into() },
        created_at: t.created_at,
    }
}

/// The template's category with its icon; `None` for a transfer.
fn category_dto(t: &RecurringTemplate) -> Option<RecurringCategoryDto> {
    t.category.as_ref().map(|(c, icon)| RecurringCategoryDto {
        id: c.id.0.to_string(),
        name: c.name.clone(),
        color: c.color.clone(),
        icon: icon.clone(),
    })
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// true: active templates only; all (the default): every one.
    pub active: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecurringListDto {
    pub recurring_transactions: Vec<RecurringTemplateDto>,
}

/// The user's templates, soonest next due first.
#[utoipa::path(operation_id = "recurringList", tag = "recurring", security(("bearer" = [])), params(ListQuery),
    responses((status = 200, body = Envelope<RecurringListDto>), (status = 400, body = ErrorResponse), (status = 401, body = ErrorResponse)))]
#[get("/recurring-transactions")]
pub async fn list(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<ListQuery>,
) -> Result<Envelope<RecurringListDto>, ApiError> {
    let active_only = match query.active.as_deref().map(str::trim) {
        None | Some("") | Some("all") | Some("false") => false,
        Some("true") => true,
        Some(_) => return Err(ApiError::validation("active must be true or all".into())),
    };
    let templates = state.recurring.list(user.scope, active_only).await?;
    let today = state.recurring.today();
    Ok(Envelope::ok(RecurringListDto { recurring_transactions: templates.iter().map(|t| dto(t, today)).collect() }))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecurringBody {
    /// £0.01 to £999,999.99; the type signs it.
    pub amount: Option<AmountInput>,
    pub description: Option<String>,
    /// income or expense (transfer for the transfer routes).
    #[serde(rename = "type")]
    #[schema(value_type = Option<words::RecurringKind>)]
    pub kind: Option<String>,
    pub category_id: Option<String>,
    pub account_id: Option<String>,
    pub from_account_id: Option<String>,
    pub to_account_id: Option<String>,
    /// weekly, monthly or yearly.
    #[schema(value_type = Option<words::Every>)]
    pub frequency: Option<String>,
    /// Creating: the first occurrence, today or later.
    pub start_date: Option<DayInput>,
    /// Editing: the next occurrence, today or later.
    pub next_due: Option<DayInput>,
    pub notes: Option<String>,
}

impl RecurringBody {
    fn into_input(self, mode: FormMode) -> RecurringInput {
        RecurringInput {
            amount: self.amount.map(AmountInput::into_text),
            description: self.description.unwrap_or_default(),
            transaction_type: self.kind.unwrap_or_default(),
            category_id: self.category_id.unwrap_or_default(),
            account_id: self.account_id.unwrap_or_default(),
            from_account_id: self.from_account_id.unwrap_or_default(),
            to_account_id: self.to_account_id.unwrap_or_default(),
            frequency: self.frequency.unwrap_or_default(),
            day: day_text(match mode {
                FormMode::Create => self.start_date,
                FormMode::Edit => self.next_due,
            })
            .unwrap_or_default(),
            notes: self.notes,
        }
    }
}

fn saved(state: &AppState, t: &RecurringTemplate, message: &str) -> Confirmed<RecurringTemplateDto> {
    Confirmed::new(dto(t, state.recurring.today()), message)
}

/// Creates or edits a template from either form: the four routes below differ only in the form
/// and whether a template is new.
async fn save(
    state: &AppState,
    user: &CurrentUser,
    form: RecurringForm,
    id: Option<&str>,
    body: RecurringBody,
) -> Result<Confirmed<RecurringTemplateDto>, ApiError> {
    let (t, mode) = match id {
        None => {
            let t = state.recurring.create(user.scope, &body.into_input(FormMode::Create), form).await?;
            (t, FormMode::Create)
        }
        Some(id) => {
            let id = path_id(id, "Recurring transaction")?;
            let t = state.recurring.update(user.scope, id, &body.into_input(FormMode::Edit), form).await?;
            (t, FormMode::Edit)
        }
    };
    Ok(saved(state, &t, saved_message(form, mode)))
}

/// The notice after a template is saved.
fn saved_message(form: RecurringForm, mode: FormMode) -> &'static str {
    match (form, mode) {
        (RecurringForm::Entry, FormMode::Create) => "Recurring transaction created successfully",
        (RecurringForm::Entry, FormMode::Edit) => "Recurring transaction updated successfully",
        (RecurringForm::Transfer, FormMode::Create) => "Recurring transfer created successfully",
        (RecurringForm::Transfer, FormMode::Edit) => "Recurring transfer updated successfully",
    }
}

/// Creates a recurring income or expense; its first occurrence is the start date.
#[utoipa::path(operation_id = "recurringCreate", tag = "recurring", security(("bearer" = [])), request_body = RecurringBody,
    responses((status = 201, body = Confirmed<RecurringTemplateDto>), (status = 400, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
#[post("/recurring-transactions")]
pub async fn create(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<RecurringBody>,
) -> Result<Created<Confirmed<RecurringTemplateDto>>, ApiError> {
    Ok(Created(save(&state, &user, RecurringForm::Entry, None, body.into_inner()).await?))
}

/// Edits a recurring income or expense; occurrences fall on its next due day from then on.
#[utoipa::path(operation_id = "recurringUpdate", tag = "recurring", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = RecurringBody,
    responses((status = 200, body = Confirmed<RecurringTemplateDto>), (status = 400, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
#[put("/recurring-transactions/{id}")]
pub async fn update(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<String>,
    body: web::Json<RecurringBody>,
) -> Result<Confirmed<RecurringTemplateDto>, ApiError> {
    save(&state, &user, RecurringForm::Entry, Some(&id), body.into_inner()).await
}

/// Creates a recurring transfer between two of the user's accounts.
#[utoipa::path(operation_id = "recurringTransferCreate", tag = "recurring", security(("bearer" = [])), request_body = RecurringBody,
    responses((status = 201, body = Confirmed<RecurringTemplateDto>), (status = 400, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
#[post("/recurring-transfers")]
pub async fn create_transfer(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<RecurringBody>,
) -> Result<Created<Confirmed<RecurringTemplateDto>>, ApiError> {
    Ok(Created(save(&state, &user, RecurringForm::Transfer, None, body.into_inner()).await?))
}

/// Edits a recurring transfer.
#[utoipa::path(operation_id = "recurringTransferUpdate", tag = "recurring", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = RecurringBody,
    responses((status = 200, body = Confirmed<RecurringTemplateDto>), (status = 400, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
#[put("/recurring-transfers/{id}")]
pub async fn update_transfer(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<String>,
    body: web::Json<RecurringBody>,
) -> Result<Confirmed<RecurringTemplateDto>, ApiError> {
    save(&state, &user, RecurringForm::Transfer, Some(&id), body.into_inner()).await
}

/// Pauses an active template or resumes a paused one.
#[utoipa::path(operation_id = "recurringToggleStatus", tag = "recurring", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 200, body = Confirmed<RecurringTemplateDto>), (status = 404, body = ErrorResponse)))]
#[patch("/recurring-transactions/{id}/toggle-status")]
pub async fn toggle_status(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<String>,
) -> Result<Confirmed<RecurringTemplateDto>, ApiError> {
    let id = path_id(&id, "Recurring transaction")?;
    let t = state.recurring.toggle(user.scope, id).await?;
    let message = if t.is_active { "Recurring transaction activated" } else { "Recurring transaction paused" };
    Ok(saved(&state, &t, message))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProcessedDto {
    pub template: RecurringTemplateDto,
    /// The day the occurrence was dated.
    #[schema(value_type = String)]
    pub date: NaiveDate,
    /// The transactions made (two legs for a transfer).
    pub transaction_ids: Vec<String>,
}

/// Makes the template's next occurrence now, dated its due day, and advances it.
#[utoipa::path(operation_id = "recurringProcess", tag = "recurring", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 200, body = Confirmed<ProcessedDto>), (status = 404, body = ErrorResponse)))]
#[post("/recurring-transactions/{id}/process")]
pub async fn process(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<String>,
) -> Result<Confirmed<ProcessedDto>, ApiError> {
    let id = path_id(&id, "Recurring transaction")?;
    let made = state.recurring.process_now(user.scope, id).await?;
    let t = state.recurring.get(user.scope, id).await?;
    Ok(Confirmed::new(
        ProcessedDto {
            template: dto(&t, state.recurring.today()),
            date: made.due,
            transaction_ids: made.transactions.iter().map(ToString::to_string).collect(),
        },
        "Recurring transaction processed successfully",
    ))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DeleteRecurringResponse {
    pub success: bool,
    /// deleted, or deactivated for the user's last template.
    #[schema(value_type = words::RemovedHow)]
    pub action: String,
    pub message: String,
}

/// Deletes a template (never the transactions it made); the user's last one is deactivated.
#[utoipa::path(operation_id = "recurringDelete", tag = "recurring", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 200, body = DeleteRecurringResponse), (status = 404, body = ErrorResponse)))]
#[delete("/recurring-transactions/{id}")]
pub async fn remove(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<String>,
) -> Result<DeleteRecurringResponse, ApiError> {
    let id = path_id(&id, "Recurring transaction")?;
    let (action, message) = match state.recurring.delete(user.scope, id).await? {
        DeleteOutcome::Deleted => ("deleted", "Recurring transaction deleted successfully"),
        DeleteOutcome::Deactivated => (
            "deactivated",
            "Recurring transaction deactivated successfully (cannot delete the last recurring transaction)",
        ),
    };
    Ok(DeleteRecurringResponse { success: true, action: action.into(), message: message.into() })
}

/// At most `count` (1 to 50) active templates, soonest next due first.
#[utoipa::path(operation_id = "recurringUpcoming", tag = "recurring", security(("bearer" = [])),
    params(("count" = String, Path)),
    responses((status = 200, body = Envelope<Vec<RecurringTemplateDto>>), (status = 400, body = ErrorResponse)))]
#[get("/recurring-transactions/upcoming/{count}")]
pub async fn upcoming(
    state: web::Data<AppState>,
    user: CurrentUser,
    count: web::Path<String>,
) -> Result<Envelope<Vec<RecurringTemplateDto>>, ApiError> {
    let count: usize = count
        .trim()
        .parse()
        .ok()
        .filter(|n| (1..=50).contains(n))
        .ok_or_else(|| ApiError::validation("Count must be a whole number from 1 to 50".into()))?;
    let templates = state.recurring.upcoming(user.scope, count).await?;
    let today = state.recurring.today();
    Ok(Envelope::ok(templates.iter().map(|t| dto(t, today)).collect()))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SummaryFiguresDto {
    /// Paid plus remaining, by magnitude.
    pub total_amount: Pounds,
    pub paid_amount: Pounds,
    pub remaining_amount: Pounds,
    pub total_count: usize,
    pub paid_count: usize,
    pub upcoming_count: usize,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SummaryItemDto {
    pub id: String,
    pub description: String,
    /// Signed like the ledger.
    pub amount: Pounds,
    #[serde(rename = "type")]
    #[schema(value_type = words::RecurringKind)]
    pub kind: String,
    pub category: Option<RecurringCategoryDto>,
    /// When it fell or falls: 'Paid 3 Nov', 'Due today', 'Due in 5 days'.
    pub time_text: String,
    #[schema(value_type = String)]
    pub date: NaiveDate,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SummaryMonthDto {
    #[schema(value_type = String)]
    pub start: NaiveDate,
    #[schema(value_type = String)]
    pub end: NaiveDate,
    /// 'November 2026'.
    pub name: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MonthSummaryDto {
    pub summary: SummaryFiguresDto,
    pub paid_items: Vec<SummaryItemDto>,
    pub upcoming_items: Vec<SummaryItemDto>,
    pub month: SummaryMonthDto,
}

/// This London month: occurrences already made, and those still to come before it ends.
#[utoipa::path(operation_id = "recurringMonthSummary", tag = "recurring", security(("bearer" = [])),
    responses((status = 200, body = Envelope<MonthSummaryDto>), (status = 401, body = ErrorResponse)))]
#[get("/recurring-transactions/summary/current-month")]
pub async fn summary(state: web::Data<AppState>, user: CurrentUser) -> Result<Envelope<MonthSummaryDto>, ApiError> {
    let s = state.recurring.month_summary(user.scope).await?;
    let today = state.recurring.today();
    let item = |i: &ports::recurring::SummaryItem, paid: bool| SummaryItemDto {
        id: i.template.id.to_string(),
        description: i.template.description.clone(),
        amount: i.template.kind.signed(i.template.amount).into(),
        kind: i.template.kind.as_str().into(),
        category: category_dto(&i.template),
        time_text: if paid { format!("Paid {}", i.due.format("%-d %b")) } else { due_status(i.due, today).text },
        date: i.due,
    };
    let (paid, remaining) = (s.paid_amount(), s.upcoming_amount());
    Ok(Envelope::ok(MonthSummaryDto {
        summary: SummaryFiguresDto {
            total_amount: (paid + remaining).into(),
            paid_amount: paid.into(),
            remaining_amount: remaining.into(),
            total_count: s.paid.len() + s.upcoming.len(),
            paid_count: s.paid.len(),
            upcoming_count: s.upcoming.len(),
        },
        paid_items: s.paid.iter().map(|i| item(i, true)).collect(),
        upcoming_items: s.upcoming.iter().map(|i| item(i, false)).collect(),
        month: SummaryMonthDto { start: s.month.first_day(), end: s.month.last_day(), name: s.month.label() },
    }))
}

json_answer!(DeleteRecurringResponse);
