//! Recurring templates and the scheduler that turns their due occurrences into ledger rows,
//! each exactly once. The dates and rules are `domain::recurring`'s; the repository stores and
//! claims.

mod service;
#[cfg(test)]
mod tests;

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use domain::dates::CalendarMonth;
use domain::ids::RecurringTemplateId;
use domain::recurring::{Frequency, RecurringDraft, RecurringKind};
use domain::recurring_analytics::{Insights, MadeByTemplate, MonthFlow, TrendPoint};
use domain::transactions::TransactionId;
use domain::{Money, Scope, ValidationError};

use crate::ledger::{AccountRef, CategoryRef};
use crate::{RepoError, StopSignal};

pub use service::RecurringService;

/// A stored template with the names the screens show.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecurringTemplate {
    pub id: RecurringTemplateId,
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

/// What deleting a template did: the household's last template is kept, inactive.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeleteOutcome {
    Deleted,
    Deactivated,
}

/// One occurrence made by a template.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Occurrence {
    pub template_id: RecurringTemplateId,
    pub due: NaiveDate,
    /// The ledger rows it made (two for a transfer).
    pub transactions: Vec<TransactionId>,
}

/// What one scheduler pass did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PassReport {
    pub created: usize,
    /// Templates that failed, with why; the others went on.
    pub failed: Vec<(RecurringTemplateId, String)>,
}

#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait RecurringRepository: Send + Sync {
    /// The household's templates (only the active ones when asked), soonest next due first.
    async fn list(&self, scope: Scope, active_only: bool) -> Result<Vec<RecurringTemplate>, RepoError>;
    async fn get(&self, scope: Scope, id: RecurringTemplateId) -> Result<RecurringTemplate, RepoError>;
    /// Stores a new template; `NotFound` when an account or the category is not the household's.
    async fn create(&self, scope: Scope, draft: RecurringDraft) -> Result<RecurringTemplate, RepoError>;
    /// Replaces a template's fields; its next due day becomes `draft.due` and occurrences fall
    /// on that day from now on. `NotFound` for a foreign id, account or category, or when the
    /// kind (transfer or not) differs.
    async fn update(
        &self,
        scope: Scope,
        id: RecurringTemplateId,
        draft: RecurringDraft,
    ) -> Result<RecurringTemplate, RepoError>;
    /// Flips isActive.
    async fn toggle_active(&self, scope: Scope, id: RecurringTemplateId) -> Result<RecurringTemplate, RepoError>;
    /// Deletes the template (never the transactions it made), or deactivates the household's last one.
    async fn delete(&self, scope: Scope, id: RecurringTemplateId) -> Result<DeleteOutcome, RepoError>;
    /// Makes the template's next occurrence now, whether due or not, and advances its next due
    /// day, in one transaction.
    async fn process_now(&self, scope: Scope, id: RecurringTemplateId) -> Result<Occurrence, RepoError>;
    /// Makes every occurrence due on or before `today` of every household's active templates, one
    /// occurrence per database transaction, claiming templates with `FOR UPDATE SKIP LOCKED`
    /// so passes running at once share the work and none is made twice. Once `stop` is stopped
    /// it returns after the occurrence in hand, with what it made so far (the rest stays due).
    async fn process_due(&self, today: NaiveDate, stop: &StopSignal) -> Result<PassReport, RepoError>;
    /// The transactions the household's templates made in the months `[from, to)` (a transfer once,
    /// by its outgoing leg), for the analytics.
    async fn made_by_templates(
        &self,
        scope: Scope,
        from: CalendarMonth,
        to: CalendarMonth,
    ) -> Result<Vec<MadeByTemplate>, RepoError>;
    /// The household's finalised months in `[from, to)`.
    async fn snapshots(
        &self,
        scope: Scope,
        from: CalendarMonth,
        to: CalendarMonth,
    ) -> Result<Vec<RecurringSnapshot>, RepoError>;
    /// Stores a finalised month, replacing an earlier snapshot of it.
    async fn save_snapshot(&self, scope: Scope, snapshot: RecurringSnapshot) -> Result<(), RepoError>;
    /// The household's occurrences due in the months `[from, to)` with their templates, for the
    /// month summary.
    async fn occurrences(
        &self,
        scope: Scope,
        from: CalendarMonth,
        to: CalendarMonth,
    ) -> Result<Vec<(NaiveDate, RecurringTemplate)>, RepoError>;
}

/// A finalised month: its figures and each template's amount against what it made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecurringSnapshot {
    pub flow: MonthFlow,
    /// (template, its amount then, what it made that month), both positive.
    pub templates: Vec<(RecurringTemplateId, Money, Money)>,
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
