//! Recurring analytics: month by month what the templates made, with insights and each
//! template's trend, and finalising a month's figures as a snapshot.

use actix_web::{get, post, web};
use domain::recurring_analytics::{MonthFlow, Source};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::http::error::{ApiError, ErrorResponse};
use crate::http::extract::CurrentUser;
use crate::http::wire::{required_whole, whole_text, Confirmed, Pounds, WholeInput};
use crate::http::words;
use crate::AppState;

pub fn config(cfg: &mut ServiceConfig) {
    cfg.service(analytics).service(finalize);
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FlowLineDto {
    pub icon: String,
    pub name: String,
    /// Positive.
    pub amount: Pounds,
    pub count: i64,
    /// Income, Expense or Transfer.
    #[serde(rename = "type")]
    #[schema(value_type = words::FlowKind)]
    pub kind: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FlowMonthDto {
    pub year: i32,
    pub month_number: u32,
    /// 'Nov 2026'.
    pub month: String,
    pub income: Pounds,
    /// Positive.
    pub expenses: Pounds,
    pub net_flow: Pounds,
    /// snapshot (finalised) or computed.
    #[schema(value_type = words::FiguresSource)]
    pub source: String,
    pub category_breakdown: Vec<FlowLineDto>,
}

fn short_label(m: domain::dates::CalendarMonth) -> String {
    format!("{} {}", &m.name()[..3], m.year())
}

impl From<&MonthFlow> for FlowMonthDto {
    fn from(f: &MonthFlow) -> Self {
        Self {
            year: f.month.year(),
            month_number: f.month.month(),
            month: short_label(f.month),
            income: f.income.into(),
            expenses: f.expenses.into(),
            net_flow: f.net_flow().into(),
            source: f.source.as_str().into(),
            category_breakdown: f
                .categories
                .iter()
                .map(|c| FlowLineDto {
                    icon: c.icon.clone(),
                    name: c.name.clone(),
                    amount: c.amount.into(),
                    count: c.count,
                    kind: c.kind.label().into(),
                })
                .collect(),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MonthFigureDto {
    /// 'Nov 2026'.
    pub month: String,
    pub year: i32,
    pub month_number: u32,
    pub net_flow: Pounds,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TopCategoryDto {
    pub name: String,
    pub icon: String,
    pub amount: Pounds,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FlowInsightsDto {
    pub total_income: Pounds,
    pub total_expenses: Pounds,
    pub total_net_flow: Pounds,
    pub active_recurring_transactions: i64,
    /// Highest net flow; null when no template made anything in the range.
    pub best_month: Option<MonthFigureDto>,
    /// Lowest net flow.
    pub worst_month: Option<MonthFigureDto>,
    pub top_category: Option<TopCategoryDto>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrendPointDto {
    pub month: String,
    pub year: i32,
    pub month_number: u32,
    /// The template's amount that month (positive).
    pub template_amount: Pounds,
    /// What it made that month (positive).
    pub actual_amount: Pounds,
    /// snapshot, computed or no-data.
    #[schema(value_type = words::FlowSource)]
    pub source: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TemplateTrendDto {
    pub template_id: String,
    pub template_name: String,
    pub icon: String,
    pub color: String,
    pub category_name: String,
    /// Signed like the ledger.
    pub current_amount: Pounds,
    pub monthly_data: Vec<TrendPointDto>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecurringAnalyticsDto {
    pub monthly_data: Vec<FlowMonthDto>,
    pub insights: FlowInsightsDto,
    pub template_trends: Vec<TemplateTrendDto>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AnalyticsQuery {
    /// 3, 6 (the default), 12 or 24.
    pub months: Option<WholeInput>,
}

/// Month by month, what the templates made (only transactions made from templates count),
/// with insights and each template's amount against what it made.
#[utoipa::path(operation_id = "recurringAnalytics", tag = "recurring", security(("bearer" = [])), params(AnalyticsQuery),
    responses((status = 200, body = Confirmed<RecurringAnalyticsDto>), (status = 400, body = ErrorResponse)))]
#[get("/recurring-analytics")]
pub async fn analytics(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<AnalyticsQuery>,
) -> Result<Confirmed<RecurringAnalyticsDto>, ApiError> {
    let months = whole_text(query.into_inner().months);
    let a = state.recurring.analytics(user.scope, months.as_deref()).await?;
    let figure = |(m, net): (domain::dates::CalendarMonth, domain::Money)| MonthFigureDto {
        month: short_label(m),
        year: m.year(),
        month_number: m.month(),
        net_flow: net.into(),
    };
    let i = &a.insights;
    Ok(Confirmed::new(
        RecurringAnalyticsDto {
            monthly_data: a.months.iter().map(Into::into).collect(),
            insights: FlowInsightsDto {
                total_income: i.total_income.into(),
                total_expenses: i.total_expenses.into(),
                total_net_flow: i.total_net_flow.into(),
                active_recurring_transactions: i.active_templates,
                best_month: i.best_month.map(figure),
                worst_month: i.worst_month.map(figure),
                top_category: i.top_category.clone().map(|(name, icon, amount)| TopCategoryDto {
                    name,
                    icon,
                    amount: amount.into(),
                }),
            },
            template_trends: a
                .trends
                .iter()
                .map(|t| TemplateTrendDto {
                    template_id: t.template.id.to_string(),
                    template_name: t.template.description.clone(),
                    icon: t
                        .template
                        .category
                        .as_ref()
                        .map_or_else(|| "arrow-left-right".into(), |(_, icon)| icon.clone()),
                    color: t.template.category.as_ref().map_or_else(|| "#9E9E9E".into(), |(c, _)| c.color.clone()),
                    category_name: t
                        .template
                        .category
                        .as_ref()
                        .map_or_else(|| "Transfers".into(), |(c, _)| c.name.clone()),
                    current_amount: t.template.kind.signed(t.template.amount).into(),
                    monthly_data: t
                        .points
                        .iter()
                        .map(|p| TrendPointDto {
                            month: short_label(p.month),
                            year: p.month.year(),
                            month_number: p.month.month(),
                            template_amount: p.template_amount.into(),
                            actual_amount: p.actual_amount.into(),
                            source: p.source.as_str().into(),
                        })
                        .collect(),
                })
                .collect(),
        },
        "Recurring analytics loaded",
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct FinalizeRecurringBody {
    pub year: Option<WholeInput>,
    /// 1 to 12.
    pub month: Option<WholeInput>,
}

/// Finalises the caller's recurring figures of a month (a superadmin, or a user allowed to).
#[utoipa::path(operation_id = "recurringFinalize", tag = "recurring", security(("bearer" = [])),
    request_body = FinalizeRecurringBody,
    responses((status = 200, body = Confirmed<FlowMonthDto>), (status = 400, body = ErrorResponse), (status = 403, body = ErrorResponse)))]
#[post("/recurring-snapshots/finalize")]
pub async fn finalize(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<FinalizeRecurringBody>,
) -> Result<Confirmed<FlowMonthDto>, ApiError> {
    let b = body.into_inner();
    let year = required_whole(b.year, "year", "Year must be 2000 or later")?;
    let month = required_whole(b.month, "month", "Month must be between 1 and 12")?;
    let flow = state.recurring.finalize(&user.person, user.scope, year, month).await?;
    debug_assert_eq!(flow.source, Source::Snapshot);
    Ok(Confirmed::new((&flow).into(), "Month finalised successfully"))
}
