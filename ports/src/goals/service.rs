//! The use case, [`GoalService`].

use std::cmp::Reverse;
use std::sync::Arc;

use chrono::NaiveDate;
use domain::dates::london_today;
use domain::goals::{goals_summary, reaches, ContributionDraft, ContributionInput, GoalDraft, GoalInput};
use domain::ids::{ContributionId, GoalId};
use domain::Scope;

use crate::Clock;

use super::*;

#[derive(Clone)]
pub struct GoalService {
    goals: Arc<dyn GoalRepository>,
    clock: Arc<dyn Clock>,
}

impl GoalService {
    pub fn new(goals: Arc<dyn GoalRepository>, clock: Arc<dyn Clock>) -> Self {
        Self { goals, clock }
    }

    fn today(&self) -> NaiveDate {
        london_today(self.clock.now())
    }

    fn view(&self, goal: Goal) -> GoalView {
        let stats = goal.stats(self.today());
        GoalView { goal, stats }
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn list(&self, scope: Scope, query: GoalQuery) -> Result<Vec<GoalView>, GoalError> {
        let goals = self.goals.list(scope).await.map_err(GoalError::from_repo("Goal"))?;
        let mut views: Vec<GoalView> = goals
            .into_iter()
            .filter(|g| match query.status {
                GoalStatusFilter::All => true,
                GoalStatusFilter::Active => !g.is_completed(),
                GoalStatusFilter::Completed => g.is_completed(),
            })
            .filter(|g| query.category.is_none_or(|c| g.category == c))
            .map(|g| self.view(g))
            .collect();
        // Ties keep the newest first, so the order never depends on the storage's.
        views.sort_by_key(|v| Reverse((v.goal.created_at, v.goal.id)));
        match query.sort {
            GoalSort::Newest => {}
            GoalSort::Oldest => views.reverse(),
            GoalSort::Progress => views.sort_by_key(|v| Reverse(v.stats.progress_permille)),
            GoalSort::TargetDate => views.sort_by_key(|v| v.goal.target_date),
            GoalSort::TargetAmount => views.sort_by_key(|v| Reverse(v.goal.target)),
        }
        Ok(views)
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn get(&self, scope: Scope, id: GoalId) -> Result<GoalView, GoalError> {
        let goal = self.goals.get(scope, id).await.map_err(GoalError::from_repo("Goal"))?;
        Ok(self.view(goal))
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn create(&self, scope: Scope, input: &GoalInput) -> Result<GoalView, GoalError> {
        let draft = GoalDraft::parse(input, None, self.today())?;
        let goal = self.goals.create(scope, GoalId::generate(), &draft).await.map_err(GoalError::from_repo("Goal"))?;
        Ok(self.view(goal))
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope, goal_id = %id))]
    pub async fn update(&self, scope: Scope, id: GoalId, input: &GoalInput) -> Result<GoalView, GoalError> {
        let before = self.goals.get(scope, id).await.map_err(GoalError::from_repo("Goal"))?;
        let draft = GoalDraft::parse(input, Some(&before.before()), self.today())?;
        let goal =
            self.goals.update(scope, id, &draft, self.clock.now()).await.map_err(GoalError::from_repo("Goal"))?;
        Ok(self.view(goal))
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn delete(&self, scope: Scope, id: GoalId) -> Result<(), GoalError> {
        self.goals.delete(scope, id).await.map_err(GoalError::from_repo("Goal"))
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope, goal_id = %goal))]
    pub async fn contribute(
        &self,
        scope: Scope,
        goal: GoalId,
        input: &ContributionInput,
    ) -> Result<Contributed, GoalError> {
        let draft = ContributionDraft::parse(input, self.today())?;
        let (goal, contribution) = self
            .goals
            .contribute(scope, goal, ContributionId::generate(), &draft, self.clock.now())
            .await
            .map_err(GoalError::from_repo("Goal"))?;
        // This contribution completed the goal when it fell short without it.
        let completed_the_goal = goal.is_completed() && !reaches(goal.saved - contribution.amount, goal.target);
        Ok(Contributed { goal: self.view(goal), contribution, completed_the_goal })
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn contributions(&self, scope: Scope, goal: GoalId) -> Result<Vec<Contribution>, GoalError> {
        self.goals.contributions(scope, goal).await.map_err(GoalError::from_repo("Goal"))
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn remove_contribution(
        &self,
        scope: Scope,
        goal: GoalId,
        id: ContributionId,
    ) -> Result<GoalView, GoalError> {
        let goal =
            self.goals.remove_contribution(scope, goal, id).await.map_err(GoalError::from_repo("Contribution"))?;
        Ok(self.view(goal))
    }

    /// The summary of every goal, and the unfinished one due first.
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn overview(&self, scope: Scope) -> Result<GoalsOverview, GoalError> {
        let goals = self.goals.list(scope).await.map_err(GoalError::from_repo("Goal"))?;
        let figures: Vec<_> = goals.iter().map(|g| (g.saved, g.target, g.is_completed())).collect();
        let nearest = goals.into_iter().filter(|g| !g.is_completed()).min_by_key(|g| (g.target_date, g.created_at));
        Ok(GoalsOverview { summary: goals_summary(&figures), nearest: nearest.map(|g| self.view(g)) })
    }
}
