//! Recurring templates and the scheduler that turns their due occurrences into ledger rows,
//! each exactly once. The dates and rules are `domain::recurring`'s; the repository stores and
//! claims.

use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use domain::dates::{london_today, CalendarMonth};
use domain::recurring::{FormMode, Frequency, RecurringDraft, RecurringForm, RecurringInput, RecurringKind};
use domain::recurring_analytics::{
    insights, month_flow, range, template_trend, Insights, MadeByTemplate, MonthFlow, Source, TrendPoint, RANGES,
};
use domain::{Money, Role, User, UserId, ValidationError};
use uuid::Uuid;

use crate::ledger::{AccountRef, CategoryRef};
use crate::{Clock, RepoError};

/// A stored template with the names the screens show.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecurringTemplate {
    pub id: Uuid,
    /// Positive.
    pub amount: Money,
    pub description: String,
    /// income, expense or transfer.
    pub kind: TemplateKind,
    /// The income or expense category (with its icon); `None` for a transfer.
    pub category: Option<(CategoryRef, String)>,
    /// The account of income or an expense; the source of a transfer.
    pub account: AccountRef,
    /// The destination of a transfer.
    pub to_account: Option<AccountRef>,
    pub frequency: Frequency,
    pub start_date: NaiveDate,
    /// The day occurrences fall on (`domain::recurring::next_due`).
    pub anchor: NaiveDate,
    pub next_due: NaiveDate,
    pub notes: String,
    pub is_active: bool,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TemplateKind {
    Income,
    Expense,
    Transfer,
}

impl TemplateKind {
    pub fn as_str(self) -> &'static str {
        match self {
            TemplateKind::Income => "income",
            TemplateKind::Expense => "expense",
            TemplateKind::Transfer => "transfer",
        }
    }

    pub fn of(kind: &RecurringKind) -> Self {
        match kind {
            RecurringKind::Entry { transaction_type: domain::transactions::TransactionType::Income, .. } => {
                TemplateKind::Income
            }
            RecurringKind::Entry { .. } => TemplateKind::Expense,
            RecurringKind::Transfer { .. } => TemplateKind::Transfer,
        }
    }

    /// The amount as the ledger and the screens show it: an expense negative.
    pub fn signed(self, amount: Money) -> Money {
        if self == TemplateKind::Expense {
            -amount.abs()
        } else {
            amount.abs()
        }
    }
}

/// What deleting a template did: the user's last template is kept, inactive.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeleteOutcome {
    Deleted,
    Deactivated,
}

/// One occurrence made by a template.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Occurrence {
    pub template_id: Uuid,
    pub due: NaiveDate,
    /// The ledger rows it made (two for a transfer).
    pub transactions: Vec<Uuid>,
}

/// What one scheduler pass did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PassReport {
    pub created: usize,
    /// Templates that failed, with why; the others went on.
    pub failed: Vec<(Uuid, String)>,
}

#[cfg_attr(feature = "mocks", mockall::automock)]
#[async_trait]
pub trait RecurringRepository: Send + Sync {
    /// The user's templates (only the active ones when asked), soonest next due first.
    async fn list(&self, user: UserId, active_only: bool) -> Result<Vec<RecurringTemplate>, RepoError>;
    async fn get(&self, user: UserId, id: Uuid) -> Result<RecurringTemplate, RepoError>;
    /// Stores a new template; `NotFound` when an account or the category is not the user's.
    async fn create(&self, user: UserId, draft: RecurringDraft) -> Result<RecurringTemplate, RepoError>;
    /// Replaces a template's fields; its next due day becomes `draft.due` and occurrences fall
    /// on that day from now on. `NotFound` for a foreign id, account or category, or when the
    /// kind (transfer or not) differs.
    async fn update(&self, user: UserId, id: Uuid, draft: RecurringDraft) -> Result<RecurringTemplate, RepoError>;
    /// Flips isActive.
    async fn toggle_active(&self, user: UserId, id: Uuid) -> Result<RecurringTemplate, RepoError>;
    /// Deletes the template (never the transactions it made), or deactivates the user's last one.
    async fn delete(&self, user: UserId, id: Uuid) -> Result<DeleteOutcome, RepoError>;
    /// Makes the template's next occurrence now, whether due or not, and advances its next due
    /// day, in one transaction.
    async fn process_now(&self, user: UserId, id: Uuid) -> Result<Occurrence, RepoError>;
    /// Makes every occurrence due on or before `today` of every user's active templates, one
    /// occurrence per database transaction, claiming templates with `FOR UPDATE SKIP LOCKED`
    /// so passes running at once share the work and none is made twice.
    async fn process_due(&self, today: NaiveDate) -> Result<PassReport, RepoError>;
    /// The transactions the user's templates made in `[from, to)` (a transfer once, by its
    /// outgoing leg), for the analytics.
    async fn made_by_templates(
        &self,
        user: UserId,
        from: NaiveDate,
        to: NaiveDate,
    ) -> Result<Vec<MadeByTemplate>, RepoError>;
    /// The user's finalised months in `[from, to)`.
    async fn snapshots(
        &self,
        user: UserId,
        from: NaiveDate,
        to: NaiveDate,
    ) -> Result<Vec<RecurringSnapshot>, RepoError>;
    /// Stores a finalised month, replacing an earlier snapshot of it.
    async fn save_snapshot(&self, user: UserId, snapshot: RecurringSnapshot) -> Result<(), RepoError>;
    /// The user's occurrences due in `[from, to)` with their templates, for the month summary.
    async fn occurrences(
        &self,
        user: UserId,
        from: NaiveDate,
        to: NaiveDate,
    ) -> Result<Vec<(NaiveDate, RecurringTemplate)>, RepoError>;
}

/// A finalised month: its figures and each template's amount against what it made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecurringSnapshot {
    pub flow: MonthFlow,
    /// (template, its amount then, what it made that month), both positive.
    pub templates: Vec<(Uuid, Money, Money)>,
}

/// One template's trend over the range.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TemplateTrend {
    pub template: RecurringTemplate,
    pub points: Vec<TrendPoint>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecurringAnalytics {
    pub months: Vec<MonthFlow>,
    pub insights: Insights,
    pub trends: Vec<TemplateTrend>,
}

#[derive(Debug, thiserror::Error)]
pub enum RecurringError {
    #[error("{0}")]
    Invalid(#[from] ValidationError),
    #[error("Access denied. You do not have permission to finalise months.")]
    Forbidden,
    #[error("{0} not found")]
    NotFound(&'static str),
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

impl RecurringError {
    fn from_repo(what: &'static str) -> impl Fn(RepoError) -> RecurringError {
        move |e| e.or_not_found(|| RecurringError::NotFound(what))
    }
}

/// One line of the month summary.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SummaryItem {
    pub template: RecurringTemplate,
    pub due: NaiveDate,
}

/// This London month's recurring money: what was made and what is still to come.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MonthSummary {
    pub month: CalendarMonth,
    pub paid: Vec<SummaryItem>,
    pub upcoming: Vec<SummaryItem>,
}

impl MonthSummary {
    /// Sums by magnitude, as the spec compares them.
    pub fn paid_amount(&self) -> Money {
        self.paid.iter().map(|i| i.template.amount.abs()).sum()
    }

    pub fn upcoming_amount(&self) -> Money {
        self.upcoming.iter().map(|i| i.template.amount.abs()).sum()
    }
}

#[derive(Clone)]
pub struct RecurringService {
    repo: Arc<dyn RecurringRepository>,
    clock: Arc<dyn Clock>,
}

impl RecurringService {
    pub fn new(repo: Arc<dyn RecurringRepository>, clock: Arc<dyn Clock>) -> Self {
        Self { repo, clock }
    }

    /// London's today by the service's clock: what due statuses are measured from.
    pub fn today(&self) -> NaiveDate {
        london_today(self.clock.now())
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    pub async fn list(&self, user: UserId, active_only: bool) -> Result<Vec<RecurringTemplate>, RecurringError> {
        self.repo.list(user, active_only).await.map_err(RecurringError::from_repo("Recurring transaction"))
    }

    /// Creates a template from the recurring transaction form or the recurring transfer form.
    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    pub async fn create(
        &self,
        user: UserId,
        input: &RecurringInput,
        form: RecurringForm,
    ) -> Result<RecurringTemplate, RecurringError> {
        let draft = RecurringDraft::parse(input, form, FormMode::Create, self.today())?;
        self.repo.create(user, draft).await.map_err(RecurringError::from_repo(form.referent()))
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    pub async fn update(
        &self,
        user: UserId,
        id: Uuid,
        input: &RecurringInput,
        form: RecurringForm,
    ) -> Result<RecurringTemplate, RecurringError> {
        let draft = RecurringDraft::parse(input, form, FormMode::Edit, self.today())?;
        self.repo.update(user, id, draft).await.map_err(RecurringError::from_repo("Recurring transaction"))
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    pub async fn get(&self, user: UserId, id: Uuid) -> Result<RecurringTemplate, RecurringError> {
        self.repo.get(user, id).await.map_err(RecurringError::from_repo("Recurring transaction"))
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    pub async fn toggle(&self, user: UserId, id: Uuid) -> Result<RecurringTemplate, RecurringError> {
        self.repo.toggle_active(user, id).await.map_err(RecurringError::from_repo("Recurring transaction"))
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    pub async fn delete(&self, user: UserId, id: Uuid) -> Result<DeleteOutcome, RecurringError> {
        self.repo.delete(user, id).await.map_err(RecurringError::from_repo("Recurring transaction"))
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    pub async fn process_now(&self, user: UserId, id: Uuid) -> Result<Occurrence, RecurringError> {
        self.repo.process_now(user, id).await.map_err(RecurringError::from_repo("Recurring transaction"))
    }

    /// At most `count` active templates, soonest first.
    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    pub async fn upcoming(&self, user: UserId, count: usize) -> Result<Vec<RecurringTemplate>, RecurringError> {
        let mut active = self.list(user, true).await?;
        active.truncate(count);
        Ok(active)
    }

    /// This London month: occurrences already made (paid) and active templates' occurrences
    /// still to come before the month ends (upcoming), each template's every occurrence.
    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    pub async fn month_summary(&self, user: UserId) -> Result<MonthSummary, RecurringError> {
        let month = CalendarMonth::of(self.today());
        let (from, to) = (month.first_day(), month.next().first_day());
        let made = self.repo.occurrences(user, from, to).await.map_err(RecurringError::from_repo("User"))?;
        let paid = made.into_iter().map(|(due, template)| SummaryItem { template, due }).collect();
        let mut upcoming = vec![];
        for template in self.list(user, true).await? {
            let mut due = template.next_due;
            while due < to {
                if due >= from {
                    upcoming.push(SummaryItem { template: template.clone(), due });
                }
                match domain::recurring::next_due(template.anchor, template.frequency, due) {
                    Some(next) => due = next,
                    None => break,
                }
            }
        }
        upcoming.sort_by_key(|i| i.due);
        Ok(MonthSummary { month, paid, upcoming })
    }

    /// The last `months` (3, 6, 12 or 24) months ending with this one: finalised months from
    /// their snapshots, the others from the transactions templates made.
    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    pub async fn analytics(&self, user: UserId, months: i64) -> Result<RecurringAnalytics, RecurringError> {
        let count = u32::try_from(months)
            .ok()
            .filter(|m| RANGES.contains(m))
            .ok_or_else(|| ValidationError::new("months", "Months must be 3, 6, 12 or 24"))?;
        let months = range(self.today(), count);
        let (from, to) = (months[0].first_day(), months[months.len() - 1].next().first_day());
        let repo_err = RecurringError::from_repo("User");
        let made = self.repo.made_by_templates(user, from, to).await.map_err(&repo_err)?;
        let snapshots = self.repo.snapshots(user, from, to).await.map_err(&repo_err)?;
        let templates = self.repo.list(user, false).await.map_err(&repo_err)?;
        let flows: Vec<MonthFlow> = months
            .iter()
            .map(|&m| match snapshots.iter().find(|s| s.flow.month == m) {
                Some(s) => s.flow.clone(),
                None => month_flow(m, &made),
            })
            .collect();
        let active = templates.iter().filter(|t| t.is_active).count() as i64;
        let trends = templates
            .into_iter()
            .map(|t| {
                let points = template_trend(t.id, t.amount, &months, &made, |m| {
                    let s = snapshots.iter().find(|s| s.flow.month == m)?;
                    s.templates.iter().find(|(id, _, _)| *id == t.id).map(|(_, amount, actual)| (*amount, *actual))
                });
                TemplateTrend { template: t, points }
            })
            .collect();
        Ok(RecurringAnalytics { insights: insights(&flows, active), months: flows, trends })
    }

    /// Stores the caller's recurring figures of a month (a superadmin, or a user allowed to
    /// finalise months); a future month is refused, finalising again replaces the snapshot.
    #[tracing::instrument(level = "debug", skip_all)]
    pub async fn finalize(&self, actor: &User, year: i64, month: i64) -> Result<MonthFlow, RecurringError> {
        if !(actor.role == Role::Superadmin || actor.can_finalize_month()) {
            return Err(RecurringError::Forbidden);
        }
        let month = u32::try_from(month)
            .ok()
            .filter(|m| (1..=12).contains(m))
            .ok_or_else(|| ValidationError::new("month", "Month must be between 1 and 12"))?;
        let month = i32::try_from(year)
            .ok()
            .filter(|y| *y >= 2000)
            .and_then(|y| CalendarMonth::new(y, month))
            .ok_or_else(|| ValidationError::new("year", "Year must be 2000 or later"))?;
        if month > CalendarMonth::of(self.today()) {
            return Err(ValidationError::new("month", "Cannot finalise a future month").into());
        }
        let repo_err = RecurringError::from_repo("User");
        let made = self
            .repo
            .made_by_templates(actor.id, month.first_day(), month.next().first_day())
            .await
            .map_err(&repo_err)?;
        let mut flow = month_flow(month, &made);
        flow.source = Source::Snapshot;
        let templates = self
            .repo
            .list(actor.id, false)
            .await
            .map_err(&repo_err)?
            .into_iter()
            .map(|t| {
                let actual = made.iter().filter(|m| m.template_id == t.id).map(|m| m.amount).sum();
                (t.id, t.amount.abs(), actual)
            })
            .collect();
        self.repo
            .save_snapshot(actor.id, RecurringSnapshot { flow: flow.clone(), templates })
            .await
            .map_err(&repo_err)?;
        Ok(flow)
    }

    /// One scheduler pass: every due occurrence of every user, as of London's today.
    #[tracing::instrument(level = "info", skip_all)]
    pub async fn process_due(&self) -> Result<PassReport, RecurringError> {
        let report = self.repo.process_due(self.today()).await.map_err(|e| RecurringError::Unexpected(e.into()))?;
        for (template, why) in &report.failed {
            tracing::warn!(%template, %why, "a recurring template could not be processed");
        }
        tracing::info!(created = report.created, failed = report.failed.len(), "recurring pass");
        Ok(report)
    }
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;
    use domain::accounts::{AccountId, AccountType};
    use domain::recurring::RecurringKind;

    use super::*;
    use crate::clock::MockClock;

    const CURRENT: Uuid = Uuid::from_u128(10);
    const SAVINGS: Uuid = Uuid::from_u128(11);
    const BILLS: Uuid = Uuid::from_u128(12);

    /// 23:30 on 30 June in UTC is 1 July in London.
    fn service(repo: MockRecurringRepository) -> RecurringService {
        let mut clock = MockClock::new();
        clock.expect_now().returning(|| Utc.with_ymd_and_hms(2026, 6, 30, 23, 30, 0).unwrap());
        RecurringService::new(Arc::new(repo), Arc::new(clock))
    }

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    fn user(role: Role, can_finalize_month: bool) -> User {
        User {
            id: UserId(Uuid::from_u128(1)),
            name: domain::PersonName::parse("Ada Lovelace").unwrap(),
            email: domain::Email::parse("ada@example.com").unwrap(),
            role,
            is_active: true,
            is_verified: true,
            can_connect_bank: false,
            can_finalize_month,
            token_version: 0,
            created_at: Utc::now(),
        }
    }

    fn form(day: &str) -> RecurringInput {
        RecurringInput {
            amount: Some("12.50".into()),
            description: "Rent share".into(),
            transaction_type: "expense".into(),
            category_id: BILLS.to_string(),
            account_id: CURRENT.to_string(),
            from_account_id: CURRENT.to_string(),
            to_account_id: SAVINGS.to_string(),
            frequency: "weekly".into(),
            day: day.into(),
            notes: None,
        }
    }

    fn template(frequency: Frequency, next_due: NaiveDate, is_active: bool) -> RecurringTemplate {
        RecurringTemplate {
            id: Uuid::from_u128(20),
            amount: Money::from_pence(1250),
            description: "Rent share".into(),
            kind: TemplateKind::Expense,
            category: None,
            account: AccountRef { id: AccountId(CURRENT), name: "Current".into(), account_type: AccountType::Current },
            to_account: None,
            frequency,
            start_date: next_due,
            anchor: next_due,
            next_due,
            notes: String::new(),
            is_active,
            created_at: Utc::now(),
        }
    }

    #[tokio::test]
    async fn a_form_the_domain_refuses_never_reaches_the_repository() {
        let mut repo = MockRecurringRepository::new();
        repo.expect_create().never();
        repo.expect_update().never();
        let service = service(repo);
        let me = UserId(Uuid::from_u128(1));
        let no_amount = RecurringInput { amount: None, ..form("2026-07-01") };
        let err = service.create(me, &no_amount, RecurringForm::Entry).await.unwrap_err();
        assert_eq!(err.to_string(), "Amount must be a number");
        let same = RecurringInput { to_account_id: CURRENT.to_string(), ..form("2026-07-01") };
        let err = service.update(me, Uuid::from_u128(20), &same, RecurringForm::Transfer).await.unwrap_err();
        assert_eq!(err.to_string(), "Cannot transfer to the same account");
    }

    #[tokio::test]
    async fn the_first_day_is_measured_from_londons_today() {
        let mut repo = MockRecurringRepository::new();
        repo.expect_create()
            .withf(|_, draft| draft.due == day(2026, 7, 1))
            .times(1)
            .returning(|_, draft| Ok(template(draft.frequency, draft.due, true)));
        let service = service(repo);
        let me = UserId(Uuid::from_u128(1));
        // 30 June is still today in UTC, but yesterday in London.
        let err = service.create(me, &form("2026-06-30"), RecurringForm::Entry).await.unwrap_err();
        assert_eq!(err.to_string(), "Start date cannot be in the past");
        let err = service.update(me, Uuid::from_u128(20), &form("2026-06-30"), RecurringForm::Entry).await;
        assert_eq!(err.unwrap_err().to_string(), "Next due date cannot be in the past");
        let made = service.create(me, &form("2026-07-01"), RecurringForm::Entry).await.unwrap();
        assert_eq!(made.next_due, day(2026, 7, 1));
    }

    #[tokio::test]
    async fn each_form_names_what_it_refers_to_when_the_repository_finds_nothing() {
        let mut repo = MockRecurringRepository::new();
        repo.expect_create().returning(|_, _| Err(RepoError::NotFound));
        repo.expect_update().returning(|_, _, _| Err(RepoError::NotFound));
        let service = service(repo);
        let me = UserId(Uuid::from_u128(1));
        let named = |e: RecurringError| match e {
            RecurringError::NotFound(what) => what,
            other => panic!("{other:?}"),
        };
        let entry = service.create(me, &form("2026-07-01"), RecurringForm::Entry).await.unwrap_err();
        assert_eq!(named(entry), "Account or category");
        let transfer = service.create(me, &form("2026-07-01"), RecurringForm::Transfer).await.unwrap_err();
        assert_eq!(named(transfer), "Account");
        let edited = service.update(me, Uuid::from_u128(20), &form("2026-07-01"), RecurringForm::Transfer).await;
        assert_eq!(named(edited.unwrap_err()), "Recurring transaction");
    }

    #[tokio::test]
    async fn the_transfer_form_makes_a_transfer_template() {
        let mut repo = MockRecurringRepository::new();
        repo.expect_create()
            .withf(|_, draft| {
                draft.kind
                    == RecurringKind::Transfer {
                        from_account_id: AccountId(CURRENT),
                        to_account_id: AccountId(SAVINGS),
                    }
                    && draft.signed_amount() == Money::from_pence(1250)
            })
            .times(1)
            .returning(|_, draft| Ok(template(draft.frequency, draft.due, true)));
        let service = service(repo);
        // The transfer form ignores the entry form's type and category.
        let input =
            RecurringInput { transaction_type: "transfer".into(), category_id: String::new(), ..form("2026-07-01") };
        service.create(UserId(Uuid::from_u128(1)), &input, RecurringForm::Transfer).await.unwrap();
    }

    #[tokio::test]
    async fn the_month_summary_lists_every_occurrence_still_to_come_this_london_month() {
        let mut repo = MockRecurringRepository::new();
        repo.expect_occurrences()
            .withf(|_, from, to| (*from, *to) == (day(2026, 7, 1), day(2026, 8, 1)))
            .returning(|_, _, _| Ok(vec![]));
        // The repository answers active templates only when asked for them.
        repo.expect_list().withf(|_, active_only| *active_only).returning(|_, _| {
            Ok(vec![
                template(Frequency::Weekly, day(2026, 7, 8), true),
                template(Frequency::Monthly, day(2026, 8, 3), true),
            ])
        });
        let summary = service(repo).month_summary(UserId(Uuid::from_u128(1))).await.unwrap();
        assert_eq!(summary.month, CalendarMonth::new(2026, 7).unwrap());
        let days: Vec<_> = summary.upcoming.iter().map(|i| i.due).collect();
        assert_eq!(days, [day(2026, 7, 8), day(2026, 7, 15), day(2026, 7, 22), day(2026, 7, 29)]);
        assert_eq!(summary.upcoming_amount(), Money::from_pence(4 * 1250));
        assert!(summary.paid.is_empty());
    }

    #[tokio::test]
    async fn analytics_takes_only_its_ranges_and_reads_nothing_otherwise() {
        let mut repo = MockRecurringRepository::new();
        repo.expect_made_by_templates().never();
        repo.expect_snapshots().never();
        let service = service(repo);
        for months in [0, 1, 5, 36, -6] {
            let err = service.analytics(UserId(Uuid::from_u128(1)), months).await.unwrap_err();
            assert_eq!(err.to_string(), "Months must be 3, 6, 12 or 24", "{months}");
        }
    }

    #[tokio::test]
    async fn only_who_may_finalise_does_and_never_a_future_month() {
        let mut repo = MockRecurringRepository::new();
        repo.expect_save_snapshot().never();
        repo.expect_made_by_templates().never();
        let service = service(repo);
        let err = service.finalize(&user(Role::User, false), 2026, 6).await.unwrap_err();
        assert!(matches!(err, RecurringError::Forbidden));
        let err = service.finalize(&user(Role::User, true), 2026, 8).await.unwrap_err();
        assert_eq!(err.to_string(), "Cannot finalise a future month");
        let err = service.finalize(&user(Role::Superadmin, false), 2026, 13).await.unwrap_err();
        assert_eq!(err.to_string(), "Month must be between 1 and 12");
        let err = service.finalize(&user(Role::Superadmin, false), 1999, 12).await.unwrap_err();
        assert_eq!(err.to_string(), "Year must be 2000 or later");
    }

    #[tokio::test]
    async fn a_finalised_month_stores_what_each_template_made() {
        let mut repo = MockRecurringRepository::new();
        let rent = template(Frequency::Monthly, day(2026, 7, 1), true);
        let rent_id = rent.id;
        repo.expect_made_by_templates()
            .withf(|_, from, to| (*from, *to) == (day(2026, 6, 1), day(2026, 7, 1)))
            .returning(move |_, _, _| {
                Ok(vec![MadeByTemplate {
                    month: CalendarMonth::new(2026, 6).unwrap(),
                    template_id: rent_id,
                    category: ("Bills & Utilities".into(), "zap".into()),
                    kind: domain::recurring_analytics::FlowKind::Expense,
                    amount: Money::from_pence(1250),
                }])
            });
        repo.expect_list().returning(move |_, _| Ok(vec![rent.clone()]));
        repo.expect_save_snapshot()
            .withf(move |_, s| {
                s.flow.source == Source::Snapshot
                    && s.templates == [(rent_id, Money::from_pence(1250), Money::from_pence(1250))]
            })
            .times(1)
            .returning(|_, _| Ok(()));
        let flow = service(repo).finalize(&user(Role::User, true), 2026, 6).await.unwrap();
        assert_eq!(flow.month, CalendarMonth::new(2026, 6).unwrap());
    }
}
