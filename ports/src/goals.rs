//! Savings goals and their contributions. The rules and figures are `domain::goals`'s; the
//! repository stores, keeps each goal's saved amount equal to its contributions, and marks it
//! completed (or no longer) in the same transaction as the change that crossed the target.

use std::cmp::Reverse;
use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use domain::dates::london_today;
use domain::goals::{
    goal_stats, goals_summary, reaches, ContributionDraft, ContributionInput, ContributionSource, GoalBefore,
    GoalCategory, GoalDraft, GoalInput, GoalState, GoalStats, GoalsSummary,
};
use domain::{Money, UserId, ValidationError};
use uuid::Uuid;

use crate::{Clock, RepoError};

/// A stored goal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Goal {
    pub id: Uuid,
    pub name: String,
    pub description: String,
    pub target: Money,
    /// The sum of its contributions.
    pub saved: Money,
    pub target_date: NaiveDate,
    pub category: GoalCategory,
    pub icon: String,
    pub color: String,
    pub completed_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    /// The days of its contributions, for the pace so far.
    pub contribution_days: Vec<NaiveDate>,
}

impl Goal {
    pub fn is_completed(&self) -> bool {
        self.completed_at.is_some()
    }

    /// The goal's figures on `today`.
    pub fn stats(&self, today: NaiveDate) -> GoalStats {
        goal_stats(
            &GoalState {
                target: self.target,
                saved: self.saved,
                target_date: self.target_date,
                completed_on: self.completed_at.map(london_today),
                contribution_days: self.contribution_days.clone(),
            },
            today,
        )
    }

    fn before(&self) -> GoalBefore {
        GoalBefore {
            target_date: self.target_date,
            category: self.category,
            icon: self.icon.clone(),
            color: self.color.clone(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Contribution {
    pub id: Uuid,
    pub goal_id: Uuid,
    pub amount: Money,
    pub date: NaiveDate,
    pub description: String,
    pub source: ContributionSource,
    pub notes: String,
    pub created_at: DateTime<Utc>,
}

#[cfg_attr(feature = "mocks", mockall::automock)]
#[async_trait]
pub trait GoalRepository: Send + Sync {
    /// The user's goals, oldest first.
    async fn list(&self, user: UserId) -> Result<Vec<Goal>, RepoError>;
    /// `NotFound` for an unknown or foreign id.
    async fn get(&self, user: UserId, id: Uuid) -> Result<Goal, RepoError>;
    async fn create(&self, user: UserId, id: Uuid, draft: &GoalDraft) -> Result<Goal, RepoError>;
    /// Stores the edit; the goal is completed at `now` when what it has saved now reaches the new
    /// target, and no longer completed when it falls short of it.
    async fn update(&self, user: UserId, id: Uuid, draft: &GoalDraft, now: DateTime<Utc>) -> Result<Goal, RepoError>;
    /// Removes the goal and its contributions.
    async fn delete(&self, user: UserId, id: Uuid) -> Result<(), RepoError>;
    /// Adds a contribution and raises the goal's saved amount in one transaction, with the goal's
    /// row locked; completes the goal at `now` when it reaches the target.
    async fn contribute(
        &self,
        user: UserId,
        goal: Uuid,
        id: Uuid,
        draft: &ContributionDraft,
        now: DateTime<Utc>,
    ) -> Result<(Goal, Contribution), RepoError>;
    /// The goal's contributions, newest first; `NotFound` for an unknown or foreign goal.
    async fn contributions(&self, user: UserId, goal: Uuid) -> Result<Vec<Contribution>, RepoError>;
    /// Removes a contribution of the goal and lowers its saved amount likewise; the goal is no
    /// longer completed when it falls below the target.
    async fn remove_contribution(&self, user: UserId, goal: Uuid, id: Uuid) -> Result<Goal, RepoError>;
}

#[derive(Debug, thiserror::Error)]
pub enum GoalError {
    #[error("{0}")]
    Invalid(#[from] ValidationError),
    #[error("{0} not found")]
    NotFound(&'static str),
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

impl GoalError {
    fn from_repo(what: &'static str) -> impl Fn(RepoError) -> GoalError {
        move |e| e.or_not_found(|| GoalError::NotFound(what))
    }
}

/// Which goals the list shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum GoalStatusFilter {
    #[default]
    All,
    Active,
    Completed,
}

impl GoalStatusFilter {
    /// Blank or 'all' is every goal.
    pub fn parse(raw: &str) -> Result<Self, ValidationError> {
        match raw.trim() {
            "" | "all" => Ok(Self::All),
            "active" => Ok(Self::Active),
            "completed" => Ok(Self::Completed),
            _ => Err(ValidationError::new("status", "Status must be active or completed")),
        }
    }
}

/// The list's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum GoalSort {
    #[default]
    Newest,
    Oldest,
    /// Highest progress first.
    Progress,
    /// Soonest target first.
    TargetDate,
    /// Largest target first.
    TargetAmount,
}

impl GoalSort {
    pub fn parse(raw: &str) -> Result<Self, ValidationError> {
        match raw.trim() {
            "" | "newest" => Ok(Self::Newest),
            "oldest" => Ok(Self::Oldest),
            "progress" => Ok(Self::Progress),
            "targetDate" => Ok(Self::TargetDate),
            "targetAmount" => Ok(Self::TargetAmount),
            _ => Err(ValidationError::new("sort", "Sort must be newest, oldest, progress, targetDate or targetAmount")),
        }
    }
}

/// The list's query: status, category (None for every one) and order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct GoalQuery {
    pub status: GoalStatusFilter,
    pub category: Option<GoalCategory>,
    pub sort: GoalSort,
}

impl GoalQuery {
    pub fn parse(status: &str, category: &str, sort: &str) -> Result<Self, ValidationError> {
        let category = match category.trim() {
            "" | "all" => None,
            other => Some(GoalCategory::parse(other)?),
        };
        Ok(Self { status: GoalStatusFilter::parse(status)?, category, sort: GoalSort::parse(sort)? })
    }
}

/// A goal with its figures on today.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GoalView {
    pub goal: Goal,
    pub stats: GoalStats,
}

/// A contribution stored, with the goal after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Contributed {
    pub goal: GoalView,
    pub contribution: Contribution,
    /// This contribution is the one that reached the target.
    pub completed_the_goal: bool,
}

/// The unfinished goal whose target day comes first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GoalsOverview {
    pub summary: GoalsSummary,
    pub nearest: Option<GoalView>,
}

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

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    pub async fn list(&self, user: UserId, query: GoalQuery) -> Result<Vec<GoalView>, GoalError> {
        let goals = self.goals.list(user).await.map_err(GoalError::from_repo("Goal"))?;
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

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    pub async fn get(&self, user: UserId, id: Uuid) -> Result<GoalView, GoalError> {
        let goal = self.goals.get(user, id).await.map_err(GoalError::from_repo("Goal"))?;
        Ok(self.view(goal))
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    pub async fn create(&self, user: UserId, input: &GoalInput) -> Result<GoalView, GoalError> {
        let draft = GoalDraft::parse(input, None, self.today())?;
        let goal = self.goals.create(user, Uuid::now_v7(), &draft).await.map_err(GoalError::from_repo("Goal"))?;
        Ok(self.view(goal))
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user, goal_id = %id))]
    pub async fn update(&self, user: UserId, id: Uuid, input: &GoalInput) -> Result<GoalView, GoalError> {
        let before = self.goals.get(user, id).await.map_err(GoalError::from_repo("Goal"))?;
        let draft = GoalDraft::parse(input, Some(&before.before()), self.today())?;
        let goal = self.goals.update(user, id, &draft, self.clock.now()).await.map_err(GoalError::from_repo("Goal"))?;
        Ok(self.view(goal))
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    pub async fn delete(&self, user: UserId, id: Uuid) -> Result<(), GoalError> {
        self.goals.delete(user, id).await.map_err(GoalError::from_repo("Goal"))
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user, goal_id = %goal))]
    pub async fn contribute(
        &self,
        user: UserId,
        goal: Uuid,
        input: &ContributionInput,
    ) -> Result<Contributed, GoalError> {
        let draft = ContributionDraft::parse(input, self.today())?;
        let (goal, contribution) = self
            .goals
            .contribute(user, goal, Uuid::now_v7(), &draft, self.clock.now())
            .await
            .map_err(GoalError::from_repo("Goal"))?;
        // This contribution completed the goal when it fell short without it.
        let completed_the_goal = goal.is_completed() && !reaches(goal.saved - contribution.amount, goal.target);
        Ok(Contributed { goal: self.view(goal), contribution, completed_the_goal })
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    pub async fn contributions(&self, user: UserId, goal: Uuid) -> Result<Vec<Contribution>, GoalError> {
        self.goals.contributions(user, goal).await.map_err(GoalError::from_repo("Goal"))
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    pub async fn remove_contribution(&self, user: UserId, goal: Uuid, id: Uuid) -> Result<GoalView, GoalError> {
        let goal =
            self.goals.remove_contribution(user, goal, id).await.map_err(GoalError::from_repo("Contribution"))?;
        Ok(self.view(goal))
    }

    /// The summary of every goal, and the unfinished one due first.
    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    pub async fn overview(&self, user: UserId) -> Result<GoalsOverview, GoalError> {
        let goals = self.goals.list(user).await.map_err(GoalError::from_repo("Goal"))?;
        let figures: Vec<_> = goals.iter().map(|g| (g.saved, g.target, g.is_completed())).collect();
        let nearest = goals.into_iter().filter(|g| !g.is_completed()).min_by_key(|g| (g.target_date, g.created_at));
        Ok(GoalsOverview { summary: goals_summary(&figures), nearest: nearest.map(|g| self.view(g)) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::MockClock;
    use chrono::{TimeZone, Utc};

    fn day(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

    fn goal(n: u128, target: i64, saved: i64, target_date: &str, completed: bool) -> Goal {
        Goal {
            id: Uuid::from_u128(n),
            name: format!("Goal {n}"),
            description: String::new(),
            target: Money::from_pence(target),
            saved: Money::from_pence(saved),
            target_date: day(target_date),
            category: if n.is_multiple_of(2) { GoalCategory::Car } else { GoalCategory::Other },
            icon: "target".into(),
            color: "#3B82F6".into(),
            completed_at: completed.then(|| Utc.with_ymd_and_hms(2026, 11, 1, 12, 0, 0).unwrap()),
            created_at: Utc.with_ymd_and_hms(2026, 1, u32::try_from(n).unwrap(), 9, 0, 0).unwrap(),
            contribution_days: vec![],
        }
    }

    fn service(goals: MockGoalRepository) -> GoalService {
        let mut clock = MockClock::new();
        // 00:30 on 26 November in London is still the 25th in UTC: today is the 26th.
        clock.expect_now().returning(|| Utc.with_ymd_and_hms(2026, 11, 26, 0, 30, 0).unwrap());
        GoalService::new(Arc::new(goals), Arc::new(clock))
    }

    fn ids(views: &[GoalView]) -> Vec<u128> {
        views.iter().map(|v| v.goal.id.as_u128()).collect()
    }

    fn four_goals() -> MockGoalRepository {
        let mut goals = MockGoalRepository::new();
        goals.expect_list().returning(|_| {
            Ok(vec![
                goal(1, 10_000, 9_000, "2027-03-01", false),
                goal(2, 50_000, 50_000, "2027-01-01", true),
                goal(3, 90_000, 0, "2026-12-01", false),
                goal(4, 20_000, 5_000, "2027-06-01", false),
            ])
        });
        goals
    }

    #[tokio::test]
    async fn the_list_filters_by_status_and_category_and_sorts_five_ways() {
        let s = service(four_goals());
        let user = UserId(Uuid::from_u128(9));
        let list = |status: &str, category: &str, sort: &str| {
            let s = s.clone();
            let q = GoalQuery::parse(status, category, sort).unwrap();
            async move { ids(&s.list(user, q).await.unwrap()) }
        };
        assert_eq!(list("", "", "").await, vec![4, 3, 2, 1]);
        assert_eq!(list("", "", "oldest").await, vec![1, 2, 3, 4]);
        assert_eq!(list("", "", "progress").await, vec![2, 1, 4, 3]);
        assert_eq!(list("", "", "targetDate").await, vec![3, 2, 1, 4]);
        assert_eq!(list("", "", "targetAmount").await, vec![3, 2, 4, 1]);
        assert_eq!(list("active", "", "").await, vec![4, 3, 1]);
        assert_eq!(list("completed", "", "").await, vec![2]);
        assert_eq!(list("all", "car", "oldest").await, vec![2, 4]);
        assert_eq!(GoalQuery::parse("done", "", "").unwrap_err().message, "Status must be active or completed");
        assert!(GoalQuery::parse("", "boat", "").is_err());
        assert!(GoalQuery::parse("", "", "name").is_err());
    }

    #[tokio::test]
    async fn the_overview_sums_every_goal_and_names_the_unfinished_one_due_first() {
        let o = service(four_goals()).overview(UserId(Uuid::from_u128(9))).await.unwrap();
        assert_eq!((o.summary.total, o.summary.active, o.summary.completed), (4, 3, 1));
        assert_eq!(o.summary.saved, Money::from_pence(64_000));
        assert_eq!(o.nearest.unwrap().goal.id, Uuid::from_u128(3));
    }

    #[tokio::test]
    async fn a_bad_form_reaches_no_storage_and_today_is_londons() {
        let mut goals = MockGoalRepository::new();
        goals.expect_create().never();
        goals.expect_contribute().never();
        let s = service(goals);
        let user = UserId(Uuid::from_u128(9));
        let input = GoalInput {
            name: "Car".into(),
            target_amount: Some("100".into()),
            target_date: "2026-11-26".into(),
            ..GoalInput::default()
        };
        let err = s.create(user, &input).await.unwrap_err();
        assert_eq!(err.to_string(), "Target date must be in the future");
        let contribution =
            ContributionInput { amount: Some("5".into()), date: "2026-11-27".into(), ..Default::default() };
        let err = s.contribute(user, Uuid::from_u128(1), &contribution).await.unwrap_err();
        assert_eq!(err.to_string(), "Contribution date cannot be in the future");
    }

    #[tokio::test]
    async fn an_edit_is_checked_against_the_goal_as_it_was() {
        let mut goals = MockGoalRepository::new();
        goals.expect_get().returning(|_, _| Ok(goal(3, 90_000, 0, "2026-10-01", false)));
        goals.expect_update().times(1).returning(|_, id, draft, _| {
            let mut g = goal(3, draft.target_amount.pence(), 0, "2026-10-01", false);
            g.id = id;
            Ok(g)
        });
        let s = service(goals);
        let user = UserId(Uuid::from_u128(9));
        let unchanged_past = GoalInput {
            name: "Goal 3".into(),
            target_amount: Some("1000".into()),
            target_date: "2026-10-01".into(),
            ..GoalInput::default()
        };
        let view = s.update(user, Uuid::from_u128(3), &unchanged_past).await.unwrap();
        assert!(view.stats.is_overdue);
        let moved_past = GoalInput { target_date: "2026-10-02".into(), ..unchanged_past };
        assert_eq!(
            s.update(user, Uuid::from_u128(3), &moved_past).await.unwrap_err().to_string(),
            "Target date must be in the future"
        );
    }
}
