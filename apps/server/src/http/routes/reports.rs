//! The dashboard's figures (this London month) and the monthly and yearly reports, each with
//! its PDF.

use actix_web::http::header::{ContentDisposition, DispositionParam, DispositionType};
use actix_web::{get, web, HttpResponse};
use chrono::NaiveDate;
use domain::accounts::AccountId;
use domain::comparison::ComparisonLine;
use domain::reports::{BreakdownLine, MonthFigures, ReportSummary, ReportTransaction};
use domain::tax_year::{TaxLine, TaxYear};
use domain::transactions::TransactionType;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::http::error::{ApiError, ErrorResponse};
use crate::http::extract::CurrentUser;
use crate::http::wire::{whole_text, Envelope, Pounds, WholeInput};
use crate::http::words;
use crate::AppState;
use ports::reports::ReportError;

pub fn config(cfg: &mut ServiceConfig) {
    cfg.service(dashboard_summary)
        .service(chart_data)
        .service(monthly)
        .service(monthly_pdf)
        .service(yearly)
        .service(yearly_pdf)
        .service(tax_year)
        .service(tax_year_pdf)
        .service(net_worth);
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DashboardSummaryDto {
    pub total_income: Pounds,
    /// Positive: the magnitude of the month's expenses.
    pub total_expenses: Pounds,
    /// Income minus expenses.
    pub balance: Pounds,
    /// incomeCount + expenseCount.
    pub transaction_count: i64,
    pub income_count: i64,
    pub expense_count: i64,
}

/// This month (Europe/London): income, expenses and count, transfers left out.
#[utoipa::path(operation_id = "dashboardSummary", tag = "dashboard",
    security(("bearer" = [])),
    responses((status = 200, body = Envelope<DashboardSummaryDto>), (status = 401, body = ErrorResponse)))]
#[get("/transactions/dashboard/summary")]
pub async fn dashboard_summary(
    state: web::Data<AppState>,
    user: CurrentUser,
) -> Result<Envelope<DashboardSummaryDto>, ApiError> {
    let f = state.reports.dashboard_summary(user.scope).await?;
    Ok(Envelope::ok(DashboardSummaryDto {
        total_income: f.income.into(),
        total_expenses: f.expenses.into(),
        balance: f.net.into(),
        transaction_count: f.income_count + f.expense_count,
        income_count: f.income_count,
        expense_count: f.expense_count,
    }))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ChartSliceDto {
    pub name: String,
    /// Positive.
    pub total: Pounds,
    pub color: String,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ChartParams {
    /// expense (default) or income.
    #[serde(rename = "type")]
    #[param(value_type = Option<words::EntryKind>)]
    pub kind: Option<String>,
}

/// This month's totals by category, largest first.
#[utoipa::path(operation_id = "dashboardChartData", tag = "dashboard",
    security(("bearer" = [])), params(ChartParams),
    responses((status = 200, body = Envelope<Vec<ChartSliceDto>>), (status = 400, body = ErrorResponse)))]
#[get("/transactions/dashboard/chart-data")]
pub async fn chart_data(
    state: web::Data<AppState>,
    user: CurrentUser,
    params: web::Query<ChartParams>,
) -> Result<Envelope<Vec<ChartSliceDto>>, ApiError> {
    let kind = match params.kind.as_deref().map(str::trim) {
        None | Some("") | Some("expense") => TransactionType::Expense,
        Some("income") => TransactionType::Income,
        Some(_) => return Err(ApiError::validation("Type must be income or expense".into())),
    };
    let slices = state.reports.chart_data(user.scope, kind).await?;
    Ok(Envelope::ok(
        slices.into_iter().map(|s| ChartSliceDto { name: s.name, total: s.total.into(), color: s.color }).collect(),
    ))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct MonthlyParams {
    /// This year or one of the four before (default: this year in London).
    pub year: Option<WholeInput>,
    /// 1 to 12 (default: this month).
    pub month: Option<WholeInput>,
    /// One account's id; absent, empty or "all" for all accounts.
    pub account_id: Option<String>,
}

struct MonthlyQuery {
    year: i32,
    month: u32,
    account: Option<AccountId>,
}

fn monthly_query(state: &AppState, p: MonthlyParams) -> Result<MonthlyQuery, ApiError> {
    let (year, month) = state.reports.year_and_month(whole_text(p.year).as_deref(), whole_text(p.month).as_deref())?;
    Ok(MonthlyQuery { year, month, account: account_param(p.account_id)? })
}

/// A report's account: absent, empty or "all" for all accounts; an id that is not one is not
/// found, like another user's.
fn account_param(raw: Option<String>) -> Result<Option<AccountId>, ApiError> {
    match raw.as_deref().map(str::trim).filter(|s| !s.is_empty() && *s != "all") {
        None => Ok(None),
        Some(id) => uuid::Uuid::parse_str(id)
            .map(|id| Some(AccountId(id)))
            .map_err(|_| ApiError::not_found("Account not found".into())),
    }
}

/// A report's PDF as an attachment under its file name, never cached.
fn pdf_attachment(file_name: String, bytes: Vec<u8>) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("application/pdf")
        .insert_header(ContentDisposition {
            disposition: DispositionType::Attachment,
            parameters: vec![DispositionParam::Filename(file_name)],
        })
        .insert_header(("Cache-Control", "no-store"))
        .body(bytes)
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PeriodDto {
    #[schema(value_type = String, example = "2026-11-01")]
    pub start_date: NaiveDate,
    #[schema(value_type = String, example = "2026-11-30")]
    pub end_date: NaiveDate,
    pub month_name: String,
    pub year: i32,
    pub month: u32,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportSummaryDto {
    pub total_income: Pounds,
    /// Positive.
    pub total_expenses: Pounds,
    /// Income minus expenses: a surplus when positive, a deficit when negative.
    pub net_amount: Pounds,
    /// Income and expense transactions (incomeCount + expenseCount); transfer legs and
    /// declined entries are not transactions.
    pub total_transactions: i64,
    pub income_count: i64,
    pub expense_count: i64,
    /// Transfer legs listed in `transactions`, not counted in totalTransactions.
    pub transfer_leg_count: i64,
    pub opening_balance: Pounds,
    pub closing_balance: Pounds,
}

impl From<&ReportSummary> for ReportSummaryDto {
    fn from(s: &ReportSummary) -> Self {
        Self {
            total_income: s.total_income.into(),
            total_expenses: s.total_expenses.into(),
            net_amount: s.net_amount.into(),
            total_transactions: s.total_transactions,
            transfer_leg_count: s.transfer_legs,
            income_count: s.income_count,
            expense_count: s.expense_count,
            opening_balance: s.opening_balance.into(),
            closing_balance: s.closing_balance.into(),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CategoryNameDto {
    pub name: String,
    pub color: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BreakdownLineDto {
    pub category: CategoryNameDto,
    /// Positive.
    pub total: Pounds,
    /// Percent with one decimal; a breakdown's lines add up to 100.
    pub percentage: f64,
    pub count: i64,
}

impl From<&BreakdownLine> for BreakdownLineDto {
    fn from(l: &BreakdownLine) -> Self {
        Self {
            category: CategoryNameDto { name: l.name.clone(), color: l.color.clone() },
            total: l.total.into(),
            percentage: l.percentage_tenths as f64 / 10.0,
            count: l.count,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BreakdownDto {
    pub income: Vec<BreakdownLineDto>,
    pub expenses: Vec<BreakdownLineDto>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportTransactionDto {
    #[schema(value_type = String, example = "2026-11-03")]
    pub date: NaiveDate,
    pub description: String,
    /// The category's name (a split's parts' categories joined with ' + '); null for a transfer.
    pub category: Option<String>,
    pub account: String,
    /// Signed.
    pub amount: Pounds,
    #[serde(rename = "type")]
    #[schema(value_type = words::EntryKind)]
    pub transaction_type: String,
    pub is_transfer: bool,
}

impl From<&ReportTransaction> for ReportTransactionDto {
    fn from(t: &ReportTransaction) -> Self {
        Self {
            date: t.date,
            description: t.description.clone(),
            category: t.category_name(),
            account: t.account.clone(),
            amount: t.amount.into(),
            transaction_type: t.transaction_type.as_str().into(),
            is_transfer: t.is_transfer,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MonthlyReportDto {
    pub period: PeriodDto,
    pub summary: ReportSummaryDto,
    pub breakdown: BreakdownDto,
    pub transactions: Vec<ReportTransactionDto>,
    pub comparison: ComparisonDto,
    /// The five largest changes of spending against the month before, largest first.
    pub largest_changes: Vec<ComparisonLineDto>,
    /// Each tag's income and spending this month (the report's account filter applied), most
    /// spent first; tags on no row of the month are left out.
    pub tags: Vec<crate::http::routes::tags::TagTotalDto>,
}

/// Spending by category this month against the month before and the same month a year before.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ComparisonDto {
    pub previous_month: Vec<ComparisonLineDto>,
    pub same_month_last_year: Vec<ComparisonLineDto>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ComparisonLineDto {
    pub category_id: String,
    pub name: String,
    /// Spent this month (positive).
    pub this_month: Pounds,
    /// Spent in the month compared with (positive).
    pub then: Pounds,
    /// thisMonth less then: positive when more was spent.
    pub change: Pounds,
    /// The change as a percentage of then, one decimal; null when nothing was spent then.
    pub change_percent: Option<f64>,
}

impl From<&ComparisonLine> for ComparisonLineDto {
    fn from(l: &ComparisonLine) -> Self {
        Self {
            category_id: l.id.to_string(),
            name: l.name.clone(),
            this_month: l.this_month.into(),
            then: l.then.into(),
            change: l.change.into(),
            change_percent: l.change_permille.map(|p| p as f64 / 10.0),
        }
    }
}

/// One month of one account or of all accounts: totals, balances, breakdowns and transactions.
#[utoipa::path(operation_id = "reportMonthly", tag = "reports",
    security(("bearer" = [])), params(MonthlyParams),
    responses((status = 200, body = Envelope<MonthlyReportDto>), (status = 400, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
#[get("/reports/monthly")]
pub async fn monthly(
    state: web::Data<AppState>,
    user: CurrentUser,
    params: web::Query<MonthlyParams>,
) -> Result<Envelope<MonthlyReportDto>, ApiError> {
    let q = monthly_query(&state, params.into_inner())?;
    let view = state.reports.monthly(user.scope, q.year, q.month, q.account).await?;
    let tags = state.tags.totals(user.scope, view.period.first_day(), view.period.last_day(), q.account).await?;
    let s = &view.report.summary;
    Ok(Envelope::ok(MonthlyReportDto {
        period: PeriodDto {
            start_date: view.period.first_day(),
            end_date: view.period.last_day(),
            month_name: view.period.name().into(),
            year: view.period.year(),
            month: view.period.month(),
        },
        summary: s.into(),
        breakdown: BreakdownDto {
            income: view.report.income.iter().map(Into::into).collect(),
            expenses: view.report.expenses.iter().map(Into::into).collect(),
        },
        transactions: view.report.transactions.iter().map(Into::into).collect(),
        comparison: ComparisonDto {
            previous_month: view.previous_month.iter().map(Into::into).collect(),
            same_month_last_year: view.same_month_last_year.iter().map(Into::into).collect(),
        },
        largest_changes: view.largest_changes.iter().map(Into::into).collect(),
        tags: tags.iter().map(Into::into).collect(),
    }))
}

/// The monthly report as a PDF attachment: financial-report-{account}-{type}-{month}-{year}.pdf.
#[utoipa::path(operation_id = "reportMonthlyPdf", tag = "reports",
    security(("bearer" = [])), params(MonthlyParams),
    responses((status = 200, content_type = "application/pdf", description = "The PDF"),
              (status = 400, body = ErrorResponse), (status = 404, body = ErrorResponse), (status = 500, body = ErrorResponse)))]
#[get("/reports/monthly/pdf")]
pub async fn monthly_pdf(
    state: web::Data<AppState>,
    user: CurrentUser,
    params: web::Query<MonthlyParams>,
) -> Result<HttpResponse, ApiError> {
    let q = monthly_query(&state, params.into_inner())?;
    let (file_name, bytes) = state.reports.monthly_pdf(&user.person, user.scope, q.year, q.month, q.account).await?;
    Ok(pdf_attachment(file_name, bytes))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct YearlyParams {
    /// This year or one of the four before (default: this year).
    pub year: Option<WholeInput>,
    /// One account's id; absent, empty or "all" for all accounts.
    pub account_id: Option<String>,
}

fn yearly_query(state: &AppState, p: YearlyParams) -> Result<(i32, Option<AccountId>), ApiError> {
    let (year, _) = state.reports.year_and_month(whole_text(p.year).as_deref(), Some("1"))?;
    Ok((year, account_param(p.account_id)?))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MonthFiguresDto {
    pub month: u32,
    pub month_name: String,
    pub income: Pounds,
    /// Positive.
    pub expenses: Pounds,
    pub net: Pounds,
    pub income_count: i64,
    pub expense_count: i64,
}

fn month_figures(month: u32, f: &MonthFigures) -> MonthFiguresDto {
    MonthFiguresDto {
        month,
        month_name: domain::dates::month_name(month).unwrap_or_default().into(),
        income: f.income.into(),
        expenses: f.expenses.into(),
        net: f.net.into(),
        income_count: f.income_count,
        expense_count: f.expense_count,
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct YearlyReportDto {
    pub year: i32,
    pub months: Vec<MonthFiguresDto>,
    /// The whole year (month 0).
    pub total: MonthFiguresDto,
    /// The year as one period: its totals, counts, and the balance from 1 January to
    /// 31 December (of the account, or of all accounts).
    pub summary: ReportSummaryDto,
    pub breakdown: BreakdownDto,
}

/// The whole year of one account or of all accounts: the twelve months' income, expenses and
/// net, the year's summary and its category breakdowns (the transactions are in its PDF).
#[utoipa::path(operation_id = "reportYearly", tag = "reports",
    security(("bearer" = [])), params(YearlyParams),
    responses((status = 200, body = Envelope<YearlyReportDto>), (status = 400, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
#[get("/reports/yearly")]
pub async fn yearly(
    state: web::Data<AppState>,
    user: CurrentUser,
    params: web::Query<YearlyParams>,
) -> Result<Envelope<YearlyReportDto>, ApiError> {
    let (year, account) = yearly_query(&state, params.into_inner())?;
    let r = state.reports.yearly(user.scope, year, account).await?;
    Ok(Envelope::ok(YearlyReportDto {
        year: r.year,
        months: r.months.iter().enumerate().map(|(i, f)| month_figures(i as u32 + 1, f)).collect(),
        total: month_figures(0, &r.total()),
        summary: (&r.summary).into(),
        breakdown: BreakdownDto {
            income: r.income.iter().map(Into::into).collect(),
            expenses: r.expenses.iter().map(Into::into).collect(),
        },
    }))
}

/// The whole year's report as a PDF attachment: financial-report-{account}-{type}-{year}.pdf,
/// with its months, breakdowns and every transaction.
#[utoipa::path(operation_id = "reportYearlyPdf", tag = "reports",
    security(("bearer" = [])), params(YearlyParams),
    responses((status = 200, content_type = "application/pdf", description = "The PDF"),
              (status = 400, body = ErrorResponse), (status = 404, body = ErrorResponse), (status = 500, body = ErrorResponse)))]
#[get("/reports/yearly/pdf")]
pub async fn yearly_pdf(
    state: web::Data<AppState>,
    user: CurrentUser,
    params: web::Query<YearlyParams>,
) -> Result<HttpResponse, ApiError> {
    let (year, account) = yearly_query(&state, params.into_inner())?;
    let (file_name, bytes) = state.reports.yearly_pdf(&user.person, user.scope, year, account).await?;
    Ok(pdf_attachment(file_name, bytes))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TaxYearParams {
    /// The year the tax year starts in (2025 for 6 April 2025 – 5 April 2026), 1900 to 2200.
    #[param(required = true)]
    pub year: Option<WholeInput>,
}

fn tax_year_param(p: TaxYearParams) -> Result<TaxYear, ApiError> {
    Ok(TaxYear::parse(whole_text(p.year).as_deref()).map_err(ReportError::from)?)
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TaxYearPeriodDto {
    #[schema(value_type = String, example = "2025-04-06")]
    pub start_date: NaiveDate,
    #[schema(value_type = String, example = "2026-04-05")]
    pub end_date: NaiveDate,
    #[schema(example = "2025/26")]
    pub label: String,
}

/// One tax month: the 6th of `month` to the 5th of the next.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TaxMonthDto {
    #[serde(flatten)]
    pub figures: MonthFiguresDto,
    #[schema(value_type = String, example = "2025-04-06")]
    pub start_date: NaiveDate,
    #[schema(value_type = String, example = "2025-05-05")]
    pub end_date: NaiveDate,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TaxLineDto {
    /// The category's name.
    pub category: String,
    /// Positive: income received, or money spent (refunds reduce it).
    pub total: Pounds,
}

impl From<&TaxLine> for TaxLineDto {
    fn from(l: &TaxLine) -> Self {
        Self { category: l.category.clone(), total: l.total.into() }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SelfAssessmentDto {
    /// The categories marked income for tax, largest first.
    pub income: Vec<TaxLineDto>,
    /// The categories marked allowable expenses, largest first.
    pub allowable_expenses: Vec<TaxLineDto>,
    pub total_income: Pounds,
    pub total_allowable_expenses: Pounds,
    /// Income less allowable expenses.
    pub net: Pounds,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TaxYearReportDto {
    pub period: TaxYearPeriodDto,
    /// The tax year as one period (balances from 6 April to 5 April), transfers left out of
    /// the totals.
    pub summary: ReportSummaryDto,
    /// Twelve tax months, April (6 April – 5 May) first.
    pub monthly_breakdown: Vec<TaxMonthDto>,
    pub breakdown: BreakdownDto,
    pub self_assessment: SelfAssessmentDto,
}

/// A UK tax year (6 April to 5 April) of every account the member sees: its summary, its twelve
/// tax months April first, its category breakdowns and the Self Assessment helper's totals of
/// the categories marked income for tax and allowable expenses.
#[utoipa::path(operation_id = "reportTaxYear", tag = "reports",
    security(("bearer" = [])), params(TaxYearParams),
    responses((status = 200, body = Envelope<TaxYearReportDto>), (status = 400, body = ErrorResponse)))]
#[get("/reports/tax-year")]
pub async fn tax_year(
    state: web::Data<AppState>,
    user: CurrentUser,
    params: web::Query<TaxYearParams>,
) -> Result<Envelope<TaxYearReportDto>, ApiError> {
    let year = tax_year_param(params.into_inner())?;
    let r = state.reports.tax_year(user.scope, year).await?;
    let sa = &r.self_assessment;
    Ok(Envelope::ok(TaxYearReportDto {
        period: TaxYearPeriodDto { start_date: year.first_day(), end_date: year.last_day(), label: year.label() },
        summary: (&r.summary).into(),
        monthly_breakdown: year
            .months()
            .iter()
            .zip(&r.months)
            .map(|(m, f)| TaxMonthDto {
                figures: month_figures(chrono::Datelike::month(&m.first), f),
                start_date: m.first,
                end_date: m.last,
            })
            .collect(),
        breakdown: BreakdownDto {
            income: r.income.iter().map(Into::into).collect(),
            expenses: r.expenses.iter().map(Into::into).collect(),
        },
        self_assessment: SelfAssessmentDto {
            income: sa.income.iter().map(Into::into).collect(),
            allowable_expenses: sa.allowable_expenses.iter().map(Into::into).collect(),
            total_income: sa.total_income.into(),
            total_allowable_expenses: sa.total_allowable_expenses.into(),
            net: sa.net.into(),
        },
    }))
}

/// The tax year's report as a PDF attachment (financial-report-all-accounts-tax-year-2025-26.pdf),
/// with its Self Assessment table, tax months, breakdowns and every transaction.
#[utoipa::path(operation_id = "reportTaxYearPdf", tag = "reports",
    security(("bearer" = [])), params(TaxYearParams),
    responses((status = 200, content_type = "application/pdf", description = "The PDF"),
              (status = 400, body = ErrorResponse), (status = 500, body = ErrorResponse), (status = 503, body = ErrorResponse)))]
#[get("/reports/tax-year/pdf")]
pub async fn tax_year_pdf(
    state: web::Data<AppState>,
    user: CurrentUser,
    params: web::Query<TaxYearParams>,
) -> Result<HttpResponse, ApiError> {
    let year = tax_year_param(params.into_inner())?;
    let (file_name, bytes) = state.reports.tax_year_pdf(&user.person, user.scope, year).await?;
    Ok(pdf_attachment(file_name, bytes))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct NetWorthParams {
    /// How many month ends, 1 to 120 (default 24), the current month last.
    pub months: Option<WholeInput>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NetWorthPointDto {
    #[schema(example = "2026-03")]
    pub month: String,
    /// The month's last day.
    #[schema(value_type = String, example = "2026-03-31")]
    pub date: NaiveDate,
    /// What the accounts other than credit cards and loans hold.
    pub assets: Pounds,
    /// What the credit cards and loans owe (positive).
    pub liabilities: Pounds,
    /// Assets less liabilities.
    pub net_worth: Pounds,
}

/// The household's net worth at each month end, oldest first, from every account the member
/// sees: computed from the month balances, not by reading the transactions.
#[utoipa::path(operation_id = "reportNetWorth", tag = "reports",
    security(("bearer" = [])), params(NetWorthParams),
    responses((status = 200, body = Envelope<Vec<NetWorthPointDto>>), (status = 400, body = ErrorResponse)))]
#[get("/reports/net-worth")]
pub async fn net_worth(
    state: web::Data<AppState>,
    user: CurrentUser,
    params: web::Query<NetWorthParams>,
) -> Result<Envelope<Vec<NetWorthPointDto>>, ApiError> {
    let points = state.reports.net_worth(user.scope, whole_text(params.into_inner().months).as_deref()).await?;
    Ok(Envelope::ok(
        points
            .into_iter()
            .map(|p| NetWorthPointDto {
                month: format!("{}-{:02}", p.month.year(), p.month.month()),
                date: p.month.last_day(),
                assets: p.assets.into(),
                liabilities: p.liabilities.into(),
                net_worth: p.net_worth.into(),
            })
            .collect(),
    ))
}
