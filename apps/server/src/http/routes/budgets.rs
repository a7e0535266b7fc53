//! Budgets (one limit per expense category), month snapshots (superadmins) and analytics.

use actix_web::{delete, get, post, web};
use domain::budgets::{BudgetAnalytics, BudgetMonth, CategoryMonth};
use domain::{Scope, UserId};
use ports::budgets::BudgetView;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::http::error::{ApiError, ErrorResponse};
use crate::http::extract::CurrentUser;
use crate::http::wire::{
    path_id, required_whole, whole_text, AmountInput, Confirmed, Envelope, MessageResponse, Pounds, WholeInput,
};
use crate::http::words;
use crate::AppState;

pub fn config(cfg: &mut ServiceConfig) {
    cfg.service(list).service(set).service(remove).service(finalize_mine).service(finalize_for).service(analytics);
}

fn percent(permille: i64) -> f64 {
    permille as f64 / 10.0
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BudgetCategoryDto {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub color: String,
    pub description: String,
    pub is_default: bool,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BudgetDto {
    #[serde(rename = "_id")]
    pub id: String,
    pub category_id: BudgetCategoryDto,
    pub limit: Pounds,
    /// This month's net expenses in the category (refunds reduce it; never below 0).
    pub current_spending: Pounds,
    /// Percent of the limit spent, one decimal (can exceed 100).
    pub percentage_used: f64,
    /// Limit minus spending; negative when over budget.
    pub remaining: Pounds,
    /// good (below 80 %), warning (80–100 %), over_budget (above 100 %).
    #[schema(value_type = words::BudgetState)]
    pub status: String,
}

impl From<&BudgetView> for BudgetDto {
    fn from(v: &BudgetView) -> Self {
        let c = &v.budget.category;
        Self {
            id: v.budget.id.to_string(),
            category_id: BudgetCategoryDto {
                id: c.id.to_string(),
                name: c.name.clone(),
                color: c.color.clone(),
                description: c.description.clone(),
                is_default: c.is_default,
            },
            limit: v.budget.limit.into(),
            current_spending: v.figures.spent.into(),
            percentage_used: percent(v.figures.used_permille),
            remaining: v.figures.remaining.into(),
            status: v.figures.status.as_str().into(),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MonthInfoDto {
    pub month: u32,
    pub year: i32,
    pub month_name: String,
    #[schema(value_type = String)]
    pub start_date: chrono::NaiveDate,
    #[schema(value_type = String)]
    pub end_date: chrono::NaiveDate,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BudgetsData {
    pub budgets: Vec<BudgetDto>,
    pub month_info: MonthInfoDto,
}

/// The budgets with this London month's spending.
#[utoipa::path(operation_id = "budgetList", tag = "budgets", security(("bearer" = [])),
    responses((status = 200, body = Envelope<BudgetsData>), (status = 401, body = ErrorResponse)))]
#[get("/budgets")]
pub async fn list(state: web::Data<AppState>, user: CurrentUser) -> Result<Envelope<BudgetsData>, ApiError> {
    let (views, info) = state.budgets.list(user.scope).await?;
    Ok(Envelope::ok(BudgetsData {
        budgets: views.iter().map(Into::into).collect(),
        month_info: MonthInfoDto {
            month: info.month(),
            year: info.year(),
            month_name: info.name().into(),
            start_date: info.first_day(),
            end_date: info.last_day(),
        },
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BudgetBody {
    pub category_id: Option<String>,
    /// £0.01 to £999,999.99.
    pub limit: Option<AmountInput>,
}

/// Sets the limit of an expense category (creating or updating its budget).
#[utoipa::path(operation_id = "budgetSet", tag = "budgets", security(("bearer" = [])),
    request_body = BudgetBody,
    responses((status = 200, body = Confirmed<BudgetDto>), (status = 400, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
#[post("/budgets")]
pub async fn set(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<BudgetBody>,
) -> Result<Confirmed<BudgetDto>, ApiError> {
    let body = body.into_inner();
    let limit = body.limit.map(AmountInput::into_text);
    let view = state.budgets.set(user.scope, body.category_id.as_deref().unwrap_or_default(), limit.as_deref()).await?;
    Ok(Confirmed::new((&view).into(), "Budget saved"))
}

/// Removes the limit only; no transaction is touched.
#[utoipa::path(operation_id = "budgetRemove", tag = "budgets", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 200, body = MessageResponse), (status = 404, body = ErrorResponse)))]
#[delete("/budgets/{id}")]
pub async fn remove(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<String>,
) -> Result<MessageResponse, ApiError> {
    state.budgets.remove(user.scope, path_id(&id, "Budget")?).await?;
    Ok(MessageResponse::ok("Budget removed. Your transaction history is unchanged."))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct FinalizeBody {
    pub year: Option<WholeInput>,
    /// 1 to 12.
    pub month: Option<WholeInput>,
}

/// A required whole number of the finalise form.
fn required(v: Option<WholeInput>, field: &'static str, name: &str) -> Result<i64, ApiError> {
    required_whole(v, field, &format!("{name} is required and must be a whole number"))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FinalizedDto {
    pub year: i32,
    pub month: u32,
    /// How many category lines the snapshot holds.
    pub budgets: usize,
}

async fn finalize(
    state: &AppState,
    actor: &CurrentUser,
    target: Scope,
    body: FinalizeBody,
) -> Result<Confirmed<FinalizedDto>, ApiError> {
    let year = required(body.year, "year", "Year")?;
    let month = required(body.month, "month", "Month")?;
    let snapshot = state.budgets.finalize(&actor.person, target, year, month).await?;
    let finalized =
        FinalizedDto { year: snapshot.month.year(), month: snapshot.month.month(), budgets: snapshot.categories.len() };
    Ok(Confirmed::new(finalized, "Month finalised successfully"))
}

/// Stores the snapshot of the caller's month (superadmin only).
#[utoipa::path(operation_id = "budgetFinalize", tag = "budgets",
    security(("bearer" = [])), request_body = FinalizeBody,
    responses((status = 200, body = Confirmed<FinalizedDto>), (status = 400, body = ErrorResponse), (status = 403, body = ErrorResponse)))]
#[post("/budget-snapshots/finalize")]
pub async fn finalize_mine(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<FinalizeBody>,
) -> Result<Confirmed<FinalizedDto>, ApiError> {
    let target = user.scope;
    finalize(&state, &user, target, body.into_inner()).await
}

/// Stores the snapshot of another user's month (superadmin only).
#[utoipa::path(operation_id = "budgetFinalizeFor", tag = "budgets",
    security(("bearer" = [])), request_body = FinalizeBody, params(("userId" = String, Path)),
    responses((status = 200, body = Confirmed<FinalizedDto>), (status = 400, body = ErrorResponse), (status = 403, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
#[post("/budget-snapshots/finalize/{userId}")]
pub async fn finalize_for(
    state: web::Data<AppState>,
    user: CurrentUser,
    user_id: web::Path<String>,
    body: web::Json<FinalizeBody>,
) -> Result<Confirmed<FinalizedDto>, ApiError> {
    let target = UserId(path_id(&user_id, "User")?);
    // An unknown user is answered 404 by the service, after the role check.
    let target = state.households.scope_of(target).await?.unwrap_or(Scope::solo(target));
    finalize(&state, &user, target, body.into_inner()).await
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AnalyticsParams {
    /// 3, 6 (default) or 12.
    pub months: Option<WholeInput>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CategoryBreakdownDto {
    pub category_id: Option<String>,
    pub category_name: String,
    pub category_color: String,
    /// Null for a category with spending but no budget.
    pub budgeted: Option<Pounds>,
    pub spent: Pounds,
    /// Budgeted minus spent.
    pub difference: Pounds,
    pub percentage_used: f64,
    /// good, warning, over_budget or no_budget.
    #[schema(value_type = words::BudgetState)]
    pub status: String,
}

impl From<&CategoryMonth> for CategoryBreakdownDto {
    fn from(c: &CategoryMonth) -> Self {
        Self {
            category_id: c.category_id.map(|i| i.to_string()),
            category_name: c.name.clone(),
            category_color: c.color.clone(),
            budgeted: c.budgeted.map(Into::into),
            spent: c.spent.into(),
            difference: c.difference().into(),
            percentage_used: percent(c.used_permille()),
            status: c.status.as_str().into(),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MonthlyBudgetDto {
    pub year: i32,
    pub month: u32,
    pub month_name: String,
    pub total_budgeted: Pounds,
    pub total_spent: Pounds,
    /// Budgeted minus spent: positive when under budget.
    pub net_difference: Pounds,
    /// snapshot (finalised) or computed (today's limits).
    #[schema(value_type = words::FiguresSource)]
    pub source: String,
    pub category_breakdown: Vec<CategoryBreakdownDto>,
}

impl From<&BudgetMonth> for MonthlyBudgetDto {
    fn from(m: &BudgetMonth) -> Self {
        Self {
            year: m.month.year(),
            month: m.month.month(),
            month_name: m.month.name().into(),
            total_budgeted: m.total_budgeted().into(),
            total_spent: m.total_spent().into(),
            net_difference: m.net_difference().into(),
            source: m.source.as_str().into(),
            category_breakdown: m.categories.iter().map(Into::into).collect(),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AnalyticsSummaryDto {
    pub avg_monthly_budget: Pounds,
    pub avg_monthly_spent: Pounds,
    pub total_savings: Pounds,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BestMonthDto {
    /// "March 2026".
    pub month: String,
    pub savings: Pounds,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OverspentDto {
    pub name: String,
    pub total_overspend: Pounds,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TrendDto {
    /// increasing, decreasing or stable.
    #[schema(value_type = words::Trend)]
    pub direction: String,
    /// Percent change, one decimal, never negative (the direction says which way).
    pub percentage: f64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InsightsDto {
    /// Percent of (month, budgeted category) pairs within budget, one decimal.
    pub budget_accuracy: f64,
    pub best_month: Option<BestMonthDto>,
    pub most_overspent_category: Option<OverspentDto>,
    pub spending_trend: TrendDto,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AnalyticsDto {
    pub monthly_data: Vec<MonthlyBudgetDto>,
    pub summary: AnalyticsSummaryDto,
    pub insights: InsightsDto,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AnalyticsData {
    pub data: AnalyticsDto,
}

impl From<&BudgetAnalytics> for AnalyticsDto {
    fn from(a: &BudgetAnalytics) -> Self {
        let i = &a.insights;
        Self {
            monthly_data: a.months.iter().map(Into::into).collect(),
            summary: AnalyticsSummaryDto {
                avg_monthly_budget: a.avg_monthly_budget.into(),
                avg_monthly_spent: a.avg_monthly_spent.into(),
                total_savings: a.total_savings.into(),
            },
            insights: InsightsDto {
                budget_accuracy: percent(i.accuracy_permille),
                best_month: i.best_month.as_ref().map(|(m, s)| BestMonthDto { month: m.clone(), savings: (*s).into() }),
                most_overspent_category: i
                    .most_overspent
                    .as_ref()
                    .map(|(n, o)| OverspentDto { name: n.clone(), total_overspend: (*o).into() }),
                spending_trend: TrendDto { direction: i.trend.as_str().into(), percentage: percent(i.trend_permille) },
            },
        }
    }
}

/// Budget against actual over the last 3, 6 or 12 months (finalised months from snapshots).
#[utoipa::path(operation_id = "budgetAnalytics", tag = "budgets",
    security(("bearer" = [])), params(AnalyticsParams),
    responses((status = 200, body = Envelope<AnalyticsData>), (status = 400, body = ErrorResponse)))]
#[get("/budget-analytics")]
pub async fn analytics(
    state: web::Data<AppState>,
    user: CurrentUser,
    params: web::Query<AnalyticsParams>,
) -> Result<Envelope<AnalyticsData>, ApiError> {
    let months = whole_text(params.into_inner().months);
    let a = state.budgets.analytics(user.scope, months.as_deref()).await?;
    Ok(Envelope::ok(AnalyticsData { data: (&a).into() }))
}
