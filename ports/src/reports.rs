//! Dashboard figures, monthly and yearly reports, and the report PDF.

use std::sync::Arc;

use async_trait::async_trait;
use chrono::{Datelike, NaiveDate};
use domain::accounts::AccountId;
use domain::comparison::{compare, largest_changes, CategorySpend, ComparisonLine};
use domain::dates::{london_today, CalendarMonth};
use domain::net_worth::{net_worth_over_time, parse_months, AccountMonths, NetWorthPoint};
use domain::reports::{
    breakdown_of, figures, monthly_report, report_file_name, summary_of, year_in_range, BreakdownLine, CategoryTotal,
    MonthFigures, MonthlyReport, ReportSummary, ReportTransaction,
};
use domain::tax_year::{self_assessment, ReportYear, SelfAssessment, TaxTreatment, TaxYear};
use domain::transactions::TransactionType;
use domain::validation::whole_number;
use domain::{Money, Scope, User, UserId, ValidationError};

use crate::ledger::{AccountRef, AccountRepository};
use crate::{Clock, RepoError, WorkError};

/// What reports read from storage.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait ReportRepository: Send + Sync {
    /// The household's counted (non-declined) transactions dated in `[from, to)`, optionally of one
    /// account, in (date, entry) order.
    async fn rows(
        &self,
        scope: Scope,
        from: NaiveDate,
        to: NaiveDate,
        account: Option<AccountId>,
    ) -> Result<Vec<ReportTransaction>, RepoError>;
    /// The balance at the start of `month`: of one account, or of all the household's accounts
    /// together.
    async fn opening_balance(
        &self,
        scope: Scope,
        month: CalendarMonth,
        account: Option<AccountId>,
    ) -> Result<Money, RepoError>;
    /// Totals per month and category for months in `[from_month, to_month)`, optionally of
    /// one account.
    async fn category_totals(
        &self,
        scope: Scope,
        from_month: CalendarMonth,
        to_month: CalendarMonth,
        account: Option<AccountId>,
    ) -> Result<Vec<(CalendarMonth, CategoryTotal)>, RepoError>;
    /// Each expense category's counted spending (positive; refunds and transfers left out) in
    /// each month of `[from_month, to_month)`, optionally of one account, from the month totals.
    async fn category_spending(
        &self,
        scope: Scope,
        from_month: CalendarMonth,
        to_month: CalendarMonth,
        account: Option<AccountId>,
    ) -> Result<Vec<(CalendarMonth, CategorySpend)>, RepoError>;
    /// Totals per day and category of the household's counted transactions dated in
    /// `[from, to)` on the accounts the member sees, transfers apart, each with its category's
    /// tax treatment (`None` for transfers and uncategorised rows). Days without any are absent.
    async fn day_totals(&self, scope: Scope, from: NaiveDate, to: NaiveDate) -> Result<Vec<DayTotal>, RepoError>;
    /// Every account the member sees with its balance at the start of `from` (initial balance
    /// and the month balances before it) and its month balances (net per month) in
    /// `[from, to)`: read from the month balances, never from the transactions.
    async fn account_months(
        &self,
        scope: Scope,
        from: CalendarMonth,
        to: CalendarMonth,
    ) -> Result<Vec<AccountMonths>, RepoError>;
    /// Which year the member's Reports screen opens on (`Calendar` until they choose).
    /// `NotFound` for an unknown user.
    async fn report_year(&self, user: UserId) -> Result<ReportYear, RepoError>;
    /// Stores the member's choice; `NotFound` for an unknown user.
    async fn set_report_year(&self, user: UserId, year: ReportYear) -> Result<(), RepoError>;
}

/// One day's total of one category (or of transfers).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DayTotal {
    pub day: NaiveDate,
    pub total: CategoryTotal,
    pub tax_treatment: Option<TaxTreatment>,
}

/// Everything the PDF shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PdfReport {
    pub generated_on: NaiveDate,
    pub user_name: String,
    pub user_email: String,
    /// The account's name, or "All Accounts".
    pub account_label: String,
    /// "November 2026", or "2026" for a whole year.
    pub period_label: String,
    pub report: MonthlyReport,
    /// A whole year's months ("January" … "December") with their figures; empty for a month.
    pub months: Vec<(String, MonthFigures)>,
    /// A tax year's Self Assessment table; `None` for other reports.
    pub self_assessment: Option<SelfAssessment>,
}

/// Renders a report (a month's or a year's) as a PDF.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait PdfRenderer: Send + Sync {
    /// The whole document, or an error (never a partial document). Rendering is bounded:
    /// beyond the renderer's queue it answers [`WorkError::Busy`] at once.
    async fn render(&self, report: PdfReport) -> Result<Vec<u8>, WorkError>;
}

#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    #[error("{0}")]
    Invalid(#[from] ValidationError),
    #[error("Account not found")]
    AccountNotFound,
    #[error("PDF generation failed")]
    Render(#[source] anyhow::Error),
    /// As many PDFs as the server renders at once are rendering and waiting.
    #[error("{}", crate::work::BUSY_MESSAGE)]
    Busy,
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

impl From<RepoError> for ReportError {
    fn from(e: RepoError) -> Self {
        ReportError::Unexpected(anyhow::Error::new(e))
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MonthlyReportView {
    pub period: CalendarMonth,
    /// `None` for all accounts.
    pub account: Option<AccountRef>,
    pub report: MonthlyReport,
    /// Spending by category against the month before.
    pub previous_month: Vec<ComparisonLine>,
    /// Spending by category against the same month a year before.
    pub same_month_last_year: Vec<ComparisonLine>,
    /// The five largest changes against the month before.
    pub largest_changes: Vec<ComparisonLine>,
}

/// A whole year of one account or of all accounts, from the month totals: its months, its
/// summary (from the balance on 1 January to the one after 31 December) and its breakdowns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct YearlyReport {
    pub year: i32,
    /// `None` for all accounts.
    pub account: Option<AccountRef>,
    /// January to December.
    pub months: Vec<MonthFigures>,
    pub summary: ReportSummary,
    pub income: Vec<BreakdownLine>,
    pub expenses: Vec<BreakdownLine>,
}

/// A UK tax year (6 April to 5 April) of all the accounts the member sees: its twelve tax
/// months, summary and breakdowns figured as the calendar year's are, and its Self Assessment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TaxYearReport {
    pub year: TaxYear,
    /// April (6 April – 5 May) to March (6 March – 5 April).
    pub months: Vec<MonthFigures>,
    pub summary: ReportSummary,
    pub income: Vec<BreakdownLine>,
    pub expenses: Vec<BreakdownLine>,
    pub self_assessment: SelfAssessment,
}

impl YearlyReport {
    /// The year's income and expense figures, as one month's are given.
    pub fn total(&self) -> MonthFigures {
        let s = &self.summary;
        MonthFigures {
            income: s.total_income,
            expenses: s.total_expenses,
            net: s.net_amount,
            income_count: s.income_count,
            expense_count: s.expense_count,
        }
    }
}

/// A category's share of this month, for the dashboard's chart.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChartSlice {
    pub name: String,
    /// Positive.
    pub total: Money,
    pub color: String,
}

#[derive(Clone)]
pub struct ReportService {
    reports: Arc<dyn ReportRepository>,
    accounts: Arc<dyn AccountRepository>,
    pdf: Arc<dyn PdfRenderer>,
    clock: Arc<dyn Clock>,
}

impl ReportService {
    pub fn new(
        reports: Arc<dyn ReportRepository>,
        accounts: Arc<dyn AccountRepository>,
        pdf: Arc<dyn PdfRenderer>,
        clock: Arc<dyn Clock>,
    ) -> Self {
        Self { reports, accounts, pdf, clock }
    }

    fn this_month(&self) -> CalendarMonth {
        CalendarMonth::current(self.clock.now())
    }

    /// This London month's income and expenses (transfers left out) and how many there were.
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn dashboard_summary(&self, scope: Scope) -> Result<MonthFigures, ReportError> {
        let month = self.this_month();
        let totals = self.reports.category_totals(scope, month, month.next(), None).await?;
        let totals: Vec<CategoryTotal> = totals.into_iter().map(|(_, t)| t).collect();
        Ok(figures(&totals))
    }

    /// This month's totals of one kind by category, largest first.
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn chart_data(&self, scope: Scope, kind: TransactionType) -> Result<Vec<ChartSlice>, ReportError> {
        let month = self.this_month();
        let totals: Vec<CategoryTotal> =
            self.reports.category_totals(scope, month, month.next(), None).await?.into_iter().map(|(_, t)| t).collect();
        Ok(breakdown_of(&totals, kind)
            .into_iter()
            .map(|l| ChartSlice { name: l.name, total: l.total, color: l.color })
            .collect())
    }

    /// The year and month asked for (as sent: text, blank for the default), each defaulting
    /// to the current London one. A number too large for a year is refused like any other year
    /// out of range.
    pub fn year_and_month(&self, year: Option<&str>, month: Option<&str>) -> Result<(i32, u32), ReportError> {
        let year = whole_number(year, "year", "Year must be a whole number")?;
        let month = whole_number(month, "month", "Month must be a whole number")?;
        let today = london_today(self.clock.now());
        let year = match year {
            None => today.year(),
            Some(y) => i32::try_from(y).unwrap_or(i32::MIN),
        };
        let month = month.map_or(today.month(), |m| u32::try_from(m).unwrap_or(0));
        self.period(year, month)?;
        Ok((year, month))
    }

    /// Checks the year (this year and the four before) and month (1–12).
    pub fn period(&self, year: i32, month: u32) -> Result<CalendarMonth, ReportError> {
        let current = self.this_month().year();
        if !year_in_range(year, current) {
            return Err(
                ValidationError::new("year", format!("Year must be between {} and {current}", current - 4)).into()
            );
        }
        Ok(CalendarMonth::new(year, month)
            .ok_or_else(|| ValidationError::new("month", "Month must be between 1 and 12"))?)
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn monthly(
        &self,
        scope: Scope,
        year: i32,
        month: u32,
        account: Option<AccountId>,
    ) -> Result<MonthlyReportView, ReportError> {
        let period = self.period(year, month)?;
        let account = self.account(scope, account).await?;
        let account_id = account.as_ref().map(|a| a.id);
        let opening = self.reports.opening_balance(scope, period, account_id).await?;
        let rows = self.reports.rows(scope, period.first_day(), period.next().first_day(), account_id).await?;
        let spending = self.reports.category_spending(scope, period.plus(-12), period.next(), account_id).await?;
        let of = |month: CalendarMonth| -> Vec<CategorySpend> {
            spending.iter().filter(|(m, _)| *m == month).map(|(_, s)| s.clone()).collect()
        };
        let previous_month = compare(&of(period), &of(period.previous()));
        Ok(MonthlyReportView {
            period,
            account,
            report: monthly_report(opening, rows),
            largest_changes: largest_changes(&previous_month),
            previous_month,
            same_month_last_year: compare(&of(period), &of(period.plus(-12))),
        })
    }

    /// The account a report is of: `None` for all accounts; another household's is not found.
    async fn account(&self, scope: Scope, account: Option<AccountId>) -> Result<Option<AccountRef>, ReportError> {
        let Some(id) = account else { return Ok(None) };
        match self.accounts.get(scope, id).await {
            Ok(a) => Ok(Some(AccountRef {
                id: a.account.id,
                name: a.account.name.as_str().to_owned(),
                account_type: a.account.account_type,
            })),
            Err(RepoError::NotFound) => Err(ReportError::AccountNotFound),
            Err(e) => Err(e.into()),
        }
    }

    /// The whole year, January to December, of one account or of all accounts: read from the
    /// month totals, not the year's transactions.
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn yearly(
        &self,
        scope: Scope,
        year: i32,
        account: Option<AccountId>,
    ) -> Result<YearlyReport, ReportError> {
        let january = self.period(year, 1)?;
        let next_january = january.plus(12);
        let account = self.account(scope, account).await?;
        let account_id = account.as_ref().map(|a| a.id);
        let totals = self.reports.category_totals(scope, january, next_january, account_id).await?;
        let opening = self.reports.opening_balance(scope, january, account_id).await?;
        let closing = self.reports.opening_balance(scope, next_january, account_id).await?;
        let months = (0..12)
            .map(|m| {
                let of_month: Vec<CategoryTotal> =
                    totals.iter().filter(|(d, _)| *d == january.plus(m)).map(|(_, t)| t.clone()).collect();
                figures(&of_month)
            })
            .collect();
        let all: Vec<CategoryTotal> = totals.into_iter().map(|(_, t)| t).collect();
        Ok(YearlyReport {
            year,
            account,
            months,
            summary: summary_of(&all, opening, closing),
            income: breakdown_of(&all, TransactionType::Income),
            expenses: breakdown_of(&all, TransactionType::Expense),
        })
    }

    /// A UK tax year, from the day totals of 1 April to 5 April of the year after: the days
    /// before 6 April only move the opening balance (the month balances give 1 April's).
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn tax_year(&self, scope: Scope, year: TaxYear) -> Result<TaxYearReport, ReportError> {
        let april = CalendarMonth::of(year.first_day());
        let days = self.reports.day_totals(scope, april.first_day(), year.next().first_day()).await?;
        let (before, within): (Vec<DayTotal>, Vec<DayTotal>) = days.into_iter().partition(|d| d.day < year.first_day());
        let opening =
            self.reports.opening_balance(scope, april, None).await? + before.iter().map(|d| d.total.total).sum();
        let closing = opening + within.iter().map(|d| d.total.total).sum();
        let months = (0..12)
            .map(|m| {
                let of_month: Vec<CategoryTotal> =
                    within.iter().filter(|d| year.month_index(d.day) == Some(m)).map(|d| d.total.clone()).collect();
                figures(&of_month)
            })
            .collect();
        let marked: Vec<(CategoryTotal, Option<TaxTreatment>)> =
            within.iter().map(|d| (d.total.clone(), d.tax_treatment)).collect();
        let all: Vec<CategoryTotal> = within.into_iter().map(|d| d.total).collect();
        Ok(TaxYearReport {
            year,
            months,
            summary: summary_of(&all, opening, closing),
            income: breakdown_of(&all, TransactionType::Income),
            expenses: breakdown_of(&all, TransactionType::Expense),
            self_assessment: self_assessment(&marked),
        })
    }

    /// The tax year's report as a PDF (its months, Self Assessment table, breakdowns and every
    /// transaction), and the file name it is downloaded under.
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn tax_year_pdf(
        &self,
        user: &User,
        scope: Scope,
        year: TaxYear,
    ) -> Result<(String, Vec<u8>), ReportError> {
        let r = self.tax_year(scope, year).await?;
        let transactions = self.reports.rows(scope, year.first_day(), year.next().first_day(), None).await?;
        let months = year.months().iter().zip(&r.months).map(|(m, f)| (m.name().to_owned(), *f)).collect();
        let file_name = format!("financial-report-all-accounts-tax-year-{}.pdf", year.label().replace('/', "-"));
        let report = MonthlyReport { summary: r.summary, income: r.income, expenses: r.expenses, transactions };
        let label = format!("Tax year {}", year.label());
        let bytes = self.render(user, None, label, report, months, Some(r.self_assessment)).await?;
        Ok((file_name, bytes))
    }

    /// The household's net worth at each of the last `months` month ends (as sent: 1 to 120,
    /// blank for 24), oldest first, the current London month last.
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn net_worth(&self, scope: Scope, months: Option<&str>) -> Result<Vec<NetWorthPoint>, ReportError> {
        let months = parse_months(months)?;
        let last = self.this_month();
        let accounts = self.reports.account_months(scope, last.plus(1 - months as i32), last.next()).await?;
        Ok(net_worth_over_time(&accounts, last, months))
    }

    /// Which year the member's Reports screen opens on.
    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    pub async fn report_year(&self, user: UserId) -> Result<ReportYear, ReportError> {
        Ok(self.reports.report_year(user).await?)
    }

    /// Keeps the member's choice of the year the Reports screen opens on.
    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    pub async fn set_report_year(&self, user: UserId, year: ReportYear) -> Result<(), ReportError> {
        Ok(self.reports.set_report_year(user, year).await?)
    }

    /// The whole year's report as a PDF (its months, breakdowns and every transaction), and
    /// the file name it is downloaded under.
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn yearly_pdf(
        &self,
        user: &User,
        scope: Scope,
        year: i32,
        account: Option<AccountId>,
    ) -> Result<(String, Vec<u8>), ReportError> {
        let yearly = self.yearly(scope, year, account).await?;
        let january = self.period(year, 1)?;
        let account_id = yearly.account.as_ref().map(|a| a.id);
        let transactions =
            self.reports.rows(scope, january.first_day(), january.plus(12).first_day(), account_id).await?;
        let months = yearly
            .months
            .iter()
            .enumerate()
            .map(|(i, f)| (domain::dates::month_name(i as u32 + 1).unwrap_or_default().to_owned(), *f))
            .collect();
        let file_name =
            report_file_name(yearly.account.as_ref().map(|a| (a.name.as_str(), a.account_type)), None, year);
        let report =
            MonthlyReport { summary: yearly.summary, income: yearly.income, expenses: yearly.expenses, transactions };
        let bytes = self.render(user, yearly.account.as_ref(), year.to_string(), report, months, None).await?;
        Ok((file_name, bytes))
    }

    async fn render(
        &self,
        user: &User,
        account: Option<&AccountRef>,
        period_label: String,
        report: MonthlyReport,
        months: Vec<(String, MonthFigures)>,
        self_assessment: Option<SelfAssessment>,
    ) -> Result<Vec<u8>, ReportError> {
        let pdf = PdfReport {
            generated_on: london_today(self.clock.now()),
            user_name: user.name.to_string(),
            user_email: user.email.to_string(),
            account_label: account.map_or_else(|| "All Accounts".to_owned(), |a| a.name.clone()),
            period_label,
            report,
            months,
            self_assessment,
        };
        self.pdf.render(pdf).await.map_err(|e| match e {
            WorkError::Busy => ReportError::Busy,
            WorkError::Failed(cause) => ReportError::Render(cause),
        })
    }

    /// The monthly report as a PDF, and the file name it is downloaded under.
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn monthly_pdf(
        &self,
        user: &User,
        scope: Scope,
        year: i32,
        month: u32,
        account: Option<AccountId>,
    ) -> Result<(String, Vec<u8>), ReportError> {
        let view = self.monthly(scope, year, month, account).await?;
        let file_name = report_file_name(
            view.account.as_ref().map(|a| (a.name.as_str(), a.account_type)),
            Some(view.period.month()),
            view.period.year(),
        );
        let bytes = self.render(user, view.account.as_ref(), view.period.label(), view.report, vec![], None).await?;
        Ok((file_name, bytes))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::MockClock;
    use crate::ledger::MockAccountRepository;
    use chrono::{TimeZone, Utc};
    use domain::UserId;
    use uuid::Uuid;

    fn service(reports: MockReportRepository, accounts: MockAccountRepository, pdf: MockPdfRenderer) -> ReportService {
        let mut clock = MockClock::new();
        // 23:30 UTC on 31 March 2026 is already 1 April in London.
        clock.expect_now().returning(|| Utc.with_ymd_and_hms(2026, 3, 31, 23, 30, 0).unwrap());
        ReportService::new(Arc::new(reports), Arc::new(accounts), Arc::new(pdf), Arc::new(clock))
    }

    fn user() -> User {
        User {
            id: UserId(Uuid::from_u128(1)),
            name: domain::PersonName::parse("Jane Doe").unwrap(),
            email: domain::Email::parse("jane@example.com").unwrap(),
            role: domain::Role::User,
            is_active: true,
            is_verified: true,
            can_connect_bank: false,
            can_finalize_month: false,
            token_version: 0,
            two_factor_enabled: false,
            created_at: Utc::now(),
        }
    }

    #[test]
    fn periods_cover_this_year_and_the_four_before() {
        let s = service(MockReportRepository::new(), MockAccountRepository::new(), MockPdfRenderer::new());
        assert_eq!(s.period(2026, 2).unwrap().last_day(), NaiveDate::from_ymd_opt(2026, 2, 28).unwrap());
        assert!(s.period(2022, 12).is_ok());
        assert_eq!(s.period(2021, 1).unwrap_err().to_string(), "Year must be between 2022 and 2026");
        assert_eq!(s.period(2026, 13).unwrap_err().to_string(), "Month must be between 1 and 12");
    }

    #[test]
    fn a_missing_year_or_month_is_the_current_london_one() {
        let s = service(MockReportRepository::new(), MockAccountRepository::new(), MockPdfRenderer::new());
        assert_eq!(s.year_and_month(None, None).unwrap(), (2026, 4));
        assert_eq!(s.year_and_month(Some("2025"), Some(" ")).unwrap(), (2025, 4));
        assert_eq!(s.year_and_month(None, Some("1")).unwrap(), (2026, 1));
        assert_eq!(s.year_and_month(Some("20x6"), None).unwrap_err().to_string(), "Year must be a whole number");
        assert_eq!(s.year_and_month(None, Some("June")).unwrap_err().to_string(), "Month must be a whole number");
        assert_eq!(
            s.year_and_month(Some("1099511627776"), Some("1")).unwrap_err().to_string(),
            "Year must be between 2022 and 2026"
        );
        assert_eq!(s.year_and_month(None, Some("-1")).unwrap_err().to_string(), "Month must be between 1 and 12");
    }

    #[tokio::test]
    #[tracing::instrument(level = "debug", skip_all)]
    async fn the_dashboard_reads_the_london_month() {
        let mut reports = MockReportRepository::new();
        reports
            .expect_category_totals()
            .withf(|_, from, to, account| {
                *from == CalendarMonth::new(2026, 4).unwrap()
                    && *to == CalendarMonth::new(2026, 5).unwrap()
                    && account.is_none()
            })
            .returning(|_, _, _, _| Ok(vec![]));
        let s = service(reports, MockAccountRepository::new(), MockPdfRenderer::new());
        assert_eq!(
            s.dashboard_summary(Scope::solo(UserId(Uuid::from_u128(1)))).await.unwrap(),
            MonthFigures::default()
        );
    }

    #[tokio::test]
    #[tracing::instrument(level = "debug", skip_all)]
    async fn a_rendering_failure_is_reported_as_such() {
        let mut reports = MockReportRepository::new();
        reports.expect_opening_balance().returning(|_, _, _| Ok(Money::ZERO));
        reports.expect_rows().returning(|_, _, _, _| Ok(vec![]));
        reports.expect_category_spending().returning(|_, _, _, _| Ok(vec![]));
        let mut pdf = MockPdfRenderer::new();
        pdf.expect_render().times(1).returning(|_| Err(WorkError::Failed(anyhow::anyhow!("font broken"))));
        let s = service(reports, MockAccountRepository::new(), pdf);
        let err = s.monthly_pdf(&user(), Scope::solo(UserId(Uuid::from_u128(1))), 2026, 3, None).await.unwrap_err();
        assert!(matches!(err, ReportError::Render(_)));
    }

    #[tokio::test]
    #[tracing::instrument(level = "debug", skip_all)]
    async fn a_renderer_at_capacity_is_busy_not_a_failure() {
        let mut reports = MockReportRepository::new();
        reports.expect_opening_balance().returning(|_, _, _| Ok(Money::ZERO));
        reports.expect_rows().returning(|_, _, _, _| Ok(vec![]));
        reports.expect_category_spending().returning(|_, _, _, _| Ok(vec![]));
        let mut pdf = MockPdfRenderer::new();
        pdf.expect_render().times(1).returning(|_| Err(WorkError::Busy));
        let s = service(reports, MockAccountRepository::new(), pdf);
        let err = s.monthly_pdf(&user(), Scope::solo(UserId(Uuid::from_u128(1))), 2026, 3, None).await.unwrap_err();
        assert!(matches!(err, ReportError::Busy));
        assert_eq!(err.to_string(), "The server is busy. Please try again in a moment.");
    }

    #[tokio::test]
    #[tracing::instrument(level = "debug", skip_all)]
    async fn the_pdf_gets_the_header_facts_and_the_file_name() {
        let mut reports = MockReportRepository::new();
        reports.expect_opening_balance().returning(|_, _, _| Ok(Money::from_pence(100)));
        reports.expect_rows().returning(|_, _, _, _| Ok(vec![]));
        reports.expect_category_spending().returning(|_, _, _, _| Ok(vec![]));
        let mut pdf = MockPdfRenderer::new();
        pdf.expect_render()
            .withf(|r| {
                r.account_label == "All Accounts"
                    && r.period_label == "March 2026"
                    && r.user_email == "jane@example.com"
                    && r.generated_on == NaiveDate::from_ymd_opt(2026, 4, 1).unwrap()
            })
            .returning(|_| Ok(b"%PDF-1.3".to_vec()));
        let s = service(reports, MockAccountRepository::new(), pdf);
        let (name, bytes) =
            s.monthly_pdf(&user(), Scope::solo(UserId(Uuid::from_u128(1))), 2026, 3, None).await.unwrap();
        assert_eq!(name, "financial-report-all-accounts-march-2026.pdf");
        assert!(bytes.starts_with(b"%PDF"));
    }

    #[tokio::test]
    #[tracing::instrument(level = "debug", skip_all)]
    async fn a_year_reads_january_to_december_and_its_pdf_lists_the_months() {
        let mut reports = MockReportRepository::new();
        let january = CalendarMonth::new(2025, 1).unwrap();
        reports
            .expect_category_totals()
            .withf(move |_, from, to, _| *from == january && *to == january.plus(12))
            .returning(move |_, _, _, _| {
                let total = |name: &str, pence: i64, transfer| CategoryTotal {
                    name: name.into(),
                    color: "#000".into(),
                    transaction_type: if pence > 0 { TransactionType::Income } else { TransactionType::Expense },
                    is_transfer: transfer,
                    total: Money::from_pence(pence),
                    count: 1,
                };
                Ok(vec![
                    (january.plus(1), total("Salary", 200_000, false)),
                    (january.plus(10), total("Groceries", -5_000, false)),
                    (january.plus(10), total("Transfers", -1_000, true)),
                ])
            });
        reports
            .expect_opening_balance()
            .returning(move |_, month, _| Ok(Money::from_pence(if month == january { 10_000 } else { 204_000 })));
        reports
            .expect_rows()
            .withf(|_, from, to, _| {
                *from == NaiveDate::from_ymd_opt(2025, 1, 1).unwrap()
                    && *to == NaiveDate::from_ymd_opt(2026, 1, 1).unwrap()
            })
            .returning(|_, _, _, _| Ok(vec![]));
        let mut pdf = MockPdfRenderer::new();
        pdf.expect_render()
            .withf(|r| {
                r.period_label == "2025"
                    && r.months.len() == 12
                    && r.months[1]
                        == (
                            "February".to_owned(),
                            MonthFigures {
                                income: Money::from_pence(200_000),
                                net: Money::from_pence(200_000),
                                income_count: 1,
                                ..MonthFigures::default()
                            },
                        )
                    && r.months[10].1.net == Money::from_pence(-5_000)
                    && r.report.summary.opening_balance == Money::from_pence(10_000)
                    && r.report.summary.closing_balance == Money::from_pence(204_000)
                    && r.report.summary.transfer_legs == 1
                    && r.report.summary.total_transactions == 2
            })
            .returning(|_| Ok(b"%PDF-1.3".to_vec()));
        let s = service(reports, MockAccountRepository::new(), pdf);
        let (name, _) = s.yearly_pdf(&user(), Scope::solo(UserId(Uuid::from_u128(1))), 2025, None).await.unwrap();
        assert_eq!(name, "financial-report-all-accounts-2025.pdf");
    }

    #[test]
    fn a_years_total_is_its_summary() {
        let summary = ReportSummary {
            total_income: Money::from_pence(300),
            total_expenses: Money::from_pence(100),
            net_amount: Money::from_pence(200),
            income_count: 2,
            ..ReportSummary::default()
        };
        let y = YearlyReport { year: 2026, account: None, months: vec![], summary, income: vec![], expenses: vec![] };
        assert_eq!(
            (y.total().income.pence(), y.total().expenses.pence(), y.total().net.pence(), y.total().income_count),
            (300, 100, 200, 2)
        );
    }

    #[tokio::test]
    #[tracing::instrument(level = "debug", skip_all)]
    async fn a_foreign_account_is_not_found() {
        let mut accounts = MockAccountRepository::new();
        accounts.expect_get().returning(|_, _| Err(RepoError::NotFound));
        let s = service(MockReportRepository::new(), accounts, MockPdfRenderer::new());
        let err = s
            .monthly(Scope::solo(UserId(Uuid::from_u128(1))), 2026, 3, Some(AccountId(Uuid::from_u128(9))))
            .await
            .unwrap_err();
        assert!(matches!(err, ReportError::AccountNotFound));
    }

    #[tokio::test]
    async fn a_tax_year_moves_its_opening_balance_by_1_to_5_april_and_splits_into_tax_months() {
        let year = TaxYear::starting(2025);
        let day = |m, d| NaiveDate::from_ymd_opt(if m >= 4 && (m, d) >= (4, 6) { 2025 } else { 2026 }, m, d).unwrap();
        let mut reports = MockReportRepository::new();
        reports
            .expect_day_totals()
            .withf(|_, from, to| {
                *from == NaiveDate::from_ymd_opt(2025, 4, 1).unwrap()
                    && *to == NaiveDate::from_ymd_opt(2026, 4, 6).unwrap()
            })
            .returning(move |_, _, _| {
                let total = |name: &str, pence: i64, transfer, treatment, on: NaiveDate| DayTotal {
                    day: on,
                    total: CategoryTotal {
                        name: name.into(),
                        color: "#000".into(),
                        transaction_type: if pence > 0 { TransactionType::Income } else { TransactionType::Expense },
                        is_transfer: transfer,
                        total: Money::from_pence(pence),
                        count: 1,
                    },
                    tax_treatment: treatment,
                };
                Ok(vec![
                    total(
                        "Freelance",
                        1_000,
                        false,
                        Some(TaxTreatment::Income),
                        NaiveDate::from_ymd_opt(2025, 4, 5).unwrap(),
                    ),
                    total("Freelance", 20_000, false, Some(TaxTreatment::Income), day(4, 6)),
                    total("Office", -3_000, false, Some(TaxTreatment::Allowable), day(5, 5)),
                    total("Groceries", -500, false, None, day(5, 6)),
                    total("Transfers", -7_000, true, None, day(3, 6)),
                    total("Freelance", 4_000, false, Some(TaxTreatment::Income), day(4, 5)),
                ])
            });
        reports
            .expect_opening_balance()
            .withf(|_, month, account| *month == CalendarMonth::new(2025, 4).unwrap() && account.is_none())
            .returning(|_, _, _| Ok(Money::from_pence(100_000)));
        let s = service(reports, MockAccountRepository::new(), MockPdfRenderer::new());
        let r = s.tax_year(Scope::solo(UserId(Uuid::from_u128(1))), year).await.unwrap();
        assert_eq!(r.summary.opening_balance, Money::from_pence(101_000), "1–5 April belong to the year before");
        assert_eq!(r.summary.closing_balance, Money::from_pence(101_000 + 24_000 - 3_500 - 7_000));
        assert_eq!((r.summary.total_income.pence(), r.summary.total_expenses.pence()), (24_000, 3_500));
        assert_eq!(r.summary.total_transactions, 4);
        assert_eq!(r.months.len(), 12);
        assert_eq!((r.months[0].income.pence(), r.months[0].expenses.pence()), (20_000, 3_000), "6 April – 5 May");
        assert_eq!(r.months[1].expenses.pence(), 500);
        assert_eq!(r.months[11].income.pence(), 4_000, "5 April next year is March's");
        assert_eq!(
            (r.self_assessment.total_income.pence(), r.self_assessment.total_allowable_expenses.pence()),
            (24_000, 3_000)
        );
    }
}
