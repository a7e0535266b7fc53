//! The use case: templates from the two forms, the month summary, analytics, finalising a
//! month, and the scheduler's pass.

use std::sync::Arc;

use chrono::NaiveDate;
use domain::dates::{london_today, CalendarMonth};
use domain::ids::RecurringTemplateId;
use domain::recurring::{FormMode, RecurringDraft, RecurringForm, RecurringInput};
use domain::recurring_analytics::{insights, month_flow, range, template_trend, MonthFlow, Source, RANGES};
use domain::validation::months_range;
use domain::{Role, Scope, User, ValidationError};

use crate::Clock;

use super::*;

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

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn list(&self, scope: Scope, active_only: bool) -> Result<Vec<RecurringTemplate>, RecurringError> {
        self.repo.list(scope, active_only).await.map_err(RecurringError::from_repo("Recurring transaction"))
    }

    /// Creates a template from the recurring transaction form or the recurring transfer form.
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn create(
        &self,
        scope: Scope,
        input: &RecurringInput,
        form: RecurringForm,
    ) -> Result<RecurringTemplate, RecurringError> {
        let draft = RecurringDraft::parse(input, form, FormMode::Create, self.today())?;
        self.repo.create(scope, draft).await.map_err(RecurringError::from_repo(form.referent()))
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn update(
        &self,
        scope: Scope,
        id: RecurringTemplateId,
        input: &RecurringInput,
        form: RecurringForm,
    ) -> Result<RecurringTemplate, RecurringError> {
        let draft = RecurringDraft::parse(input, form, FormMode::Edit, self.today())?;
        self.repo.update(scope, id, draft).await.map_err(RecurringError::from_repo("Recurring transaction"))
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn get(&self, scope: Scope, id: RecurringTemplateId) -> Result<RecurringTemplate, RecurringError> {
        self.repo.get(scope, id).await.map_err(RecurringError::from_repo("Recurring transaction"))
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn toggle(&self, scope: Scope, id: RecurringTemplateId) -> Result<RecurringTemplate, RecurringError> {
        self.repo.toggle_active(scope, id).await.map_err(RecurringError::from_repo("Recurring transaction"))
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn delete(&self, scope: Scope, id: RecurringTemplateId) -> Result<DeleteOutcome, RecurringError> {
        self.repo.delete(scope, id).await.map_err(RecurringError::from_repo("Recurring transaction"))
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn process_now(&self, scope: Scope, id: RecurringTemplateId) -> Result<Occurrence, RecurringError> {
        self.repo.process_now(scope, id).await.map_err(RecurringError::from_repo("Recurring transaction"))
    }

    /// At most `count` active templates, soonest first.
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn upcoming(&self, scope: Scope, count: usize) -> Result<Vec<RecurringTemplate>, RecurringError> {
        let mut active = self.list(scope, true).await?;
        active.truncate(count);
        Ok(active)
    }

    /// This London month: occurrences already made (paid) and active templates' occurrences
    /// still to come before the month ends (upcoming), each template's every occurrence.
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn month_summary(&self, scope: Scope) -> Result<MonthSummary, RecurringError> {
        let month = CalendarMonth::of(self.today());
        let (from, to) = (month.first_day(), month.next().first_day());
        let made =
            self.repo.occurrences(scope, month, month.next()).await.map_err(RecurringError::from_repo("User"))?;
        let paid = made.into_iter().map(|(due, template)| SummaryItem { template, due }).collect();
        let mut upcoming = vec![];
        for template in self.list(scope, true).await? {
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

    /// The last `months` (3, 6, 12 or 24, as the query sends it; 6 when absent) months ending
    /// with this one: finalised months from their snapshots, the others from the transactions
    /// templates made.
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn analytics(&self, scope: Scope, months: Option<&str>) -> Result<RecurringAnalytics, RecurringError> {
        let count = months_range(months, &RANGES, "Months must be 3, 6, 12 or 24")?;
        let months = range(self.today(), count);
        let (from, to) = (months[0], months[months.len() - 1].next());
        let repo_err = RecurringError::from_repo("User");
        let made = self.repo.made_by_templates(scope, from, to).await.map_err(&repo_err)?;
        let snapshots = self.repo.snapshots(scope, from, to).await.map_err(&repo_err)?;
        let templates = self.repo.list(scope, false).await.map_err(&repo_err)?;
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
    pub async fn finalize(
        &self,
        actor: &User,
        scope: Scope,
        year: i64,
        month: i64,
    ) -> Result<MonthFlow, RecurringError> {
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
        let made = self.repo.made_by_templates(scope, month, month.next()).await.map_err(&repo_err)?;
        let mut flow = month_flow(month, &made);
        flow.source = Source::Snapshot;
        let templates = self
            .repo
            .list(scope, false)
            .await
            .map_err(&repo_err)?
            .into_iter()
            .map(|t| {
                let actual = made.iter().filter(|m| m.template_id == t.id).map(|m| m.amount).sum();
                (t.id, t.amount.abs(), actual)
            })
            .collect();
        self.repo.save_snapshot(scope, RecurringSnapshot { flow: flow.clone(), templates }).await.map_err(&repo_err)?;
        Ok(flow)
    }

    /// One scheduler pass: every due occurrence of every user, as of London's today; once `stop`
    /// is stopped, only up to the occurrence in hand.
    #[tracing::instrument(level = "info", skip_all)]
    pub async fn process_due(&self, stop: &StopSignal) -> Result<PassReport, RecurringError> {
        let report =
            self.repo.process_due(self.today(), stop).await.map_err(|e| RecurringError::Unexpected(e.into()))?;
        for (template, why) in &report.failed {
            tracing::warn!(%template, %why, "a recurring template could not be processed");
        }
        tracing::info!(created = report.created, failed = report.failed.len(), "recurring pass");
        Ok(report)
    }
}
