//! Recurring templates, and the occurrences they make. An occurrence is written in one database
//! transaction with its ledger rows (through the ledger's own write path), its key in
//! `recurring_occurrences` and the template's advanced next due day; the scheduler claims a
//! template with `FOR UPDATE SKIP LOCKED` first. So any number of passes, at once or after a
//! crash, make each occurrence exactly once.
//!
//! - `templates`: the templates' rows, ownership checks and their create, edit, pause and delete;
//! - `occurrences`: claiming a due template and making its occurrence, the scheduler's pass, and
//!   the occurrences of a month;
//! - `analytics`: what templates made, and the finalised months' snapshots.

mod analytics;
mod occurrences;
mod templates;

use async_trait::async_trait;
use chrono::NaiveDate;
use domain::dates::CalendarMonth;
use domain::ids::RecurringTemplateId;
use domain::recurring::RecurringDraft;
use domain::recurring_analytics::MadeByTemplate;
use domain::Scope;
use ports::recurring::{
    DeleteOutcome, Occurrence, PassReport, RecurringRepository, RecurringSnapshot, RecurringTemplate,
};
use ports::{RepoError, StopSignal};

use crate::Database;

pub struct PgRecurringRepository {
    db: Database,
}

impl PgRecurringRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

#[async_trait]
impl RecurringRepository for PgRecurringRepository {
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn list(&self, scope: Scope, active_only: bool) -> Result<Vec<RecurringTemplate>, RepoError> {
        templates::list(&self.db, scope, active_only).await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn get(&self, scope: Scope, id: RecurringTemplateId) -> Result<RecurringTemplate, RepoError> {
        let id = id.0;
        templates::get(&self.db, scope, id).await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn create(&self, scope: Scope, draft: RecurringDraft) -> Result<RecurringTemplate, RepoError> {
        templates::create(&self.db, scope, draft).await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn update(
        &self,
        scope: Scope,
        id: RecurringTemplateId,
        draft: RecurringDraft,
    ) -> Result<RecurringTemplate, RepoError> {
        let id = id.0;
        templates::update(&self.db, scope, id, draft).await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn toggle_active(&self, scope: Scope, id: RecurringTemplateId) -> Result<RecurringTemplate, RepoError> {
        let id = id.0;
        templates::toggle_active(&self.db, scope, id).await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn delete(&self, scope: Scope, id: RecurringTemplateId) -> Result<DeleteOutcome, RepoError> {
        let id = id.0;
        templates::delete(&self.db, scope, id).await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn process_now(&self, scope: Scope, id: RecurringTemplateId) -> Result<Occurrence, RepoError> {
        let id = id.0;
        occurrences::process_now(&self.db, scope, id).await
    }

    #[tracing::instrument(level = "debug", skip_all)]
    async fn process_due(&self, today: NaiveDate, stop: &StopSignal) -> Result<PassReport, RepoError> {
        occurrences::process_due(&self.db, today, stop).await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn made_by_templates(
        &self,
        scope: Scope,
        from: CalendarMonth,
        to: CalendarMonth,
    ) -> Result<Vec<MadeByTemplate>, RepoError> {
        analytics::made_by_templates(&self.db, scope, from.first_day(), to.first_day()).await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn snapshots(
        &self,
        scope: Scope,
        from: CalendarMonth,
        to: CalendarMonth,
    ) -> Result<Vec<RecurringSnapshot>, RepoError> {
        analytics::snapshots(&self.db, scope, from.first_day(), to.first_day()).await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn save_snapshot(&self, scope: Scope, snapshot: RecurringSnapshot) -> Result<(), RepoError> {
        analytics::save_snapshot(&self.db, scope, snapshot).await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn occurrences(
        &self,
        scope: Scope,
        from: CalendarMonth,
        to: CalendarMonth,
    ) -> Result<Vec<(NaiveDate, RecurringTemplate)>, RepoError> {
        occurrences::occurrences(&self.db, scope, from.first_day(), to.first_day()).await
    }
}
