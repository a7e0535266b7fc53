//! Recurring templates and the scheduler that turns their due occurrences into ledger rows,
//! each exactly once. The dates and rules are `domain::recurring`'s; the repository stores and
//! claims.

use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use domain::dates::{london_today, CalendarMonth};
use domain::recurring::{FormMode, Frequency, RecurringDraft, RecurringInput, RecurringKind};
use domain::{Money, UserId, ValidationError};
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
    /// The user's occurrences due in `[from, to)` with their templates, for the month summary.
    async fn occurrences(
        &self,
        user: UserId,
        from: NaiveDate,
        to: NaiveDate,
    ) -> Result<Vec<(NaiveDate, RecurringTemplate)>, RepoError>;
}

#[derive(Debug, thiserror::Error)]
pub enum RecurringError {
    #[error("{0}")]
    Invalid(#[from] ValidationError),
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

    fn today(&self) -> NaiveDate {
        london_today(self.clock.now())
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    pub async fn list(&self, user: UserId, active_only: bool) -> Result<Vec<RecurringTemplate>, RecurringError> {
        self.repo.list(user, active_only).await.map_err(RecurringError::from_repo("Recurring transaction"))
    }

    /// Creates a template from the recurring transaction form (`transfer` false) or the
    /// recurring transfer form.
    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    pub async fn create(
        &self,
        user: UserId,
        input: &RecurringInput,
        transfer: bool,
    ) -> Result<RecurringTemplate, RecurringError> {
        let draft = RecurringDraft::parse(input, transfer, FormMode::Create, self.today())?;
        self.repo.create(user, draft).await.map_err(RecurringError::from_repo(referent(transfer)))
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    pub async fn update(
        &self,
        user: UserId,
        id: Uuid,
        input: &RecurringInput,
        transfer: bool,
    ) -> Result<RecurringTemplate, RecurringError> {
        let draft = RecurringDraft::parse(input, transfer, FormMode::Edit, self.today())?;
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

fn referent(transfer: bool) -> &'static str {
    if transfer {
        "Account"
    } else {
        "Account or category"
    }
}
