//! Savings goals and their contributions. The rules and figures are `domain::goals`'s; the
//! repository stores, keeps each goal's saved amount equal to its contributions, and marks it
//! completed (or no longer) in the same transaction as the change that crossed the target.

mod service;
#[cfg(test)]
mod tests;

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use domain::dates::london_today;
use domain::goals::{
    goal_stats, ContributionDraft, ContributionSource, GoalBefore, GoalCategory, GoalDraft, GoalState, GoalStats,
    GoalsSummary,
};
use domain::ids::{ContributionId, GoalId};
use domain::{Money, Scope, ValidationError};

use crate::RepoError;

pub use service::GoalService;

/// A stored goal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Goal {
    pub id: GoalId,
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
    pub id: ContributionId,
    pub goal_id: GoalId,
    pub amount: Money,
    pub date: NaiveDate,
    pub description: String,
    pub source: ContributionSource,
    pub notes: String,
    pub created_at: DateTime<Utc>,
}

#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait GoalRepository: Send + Sync {
    /// The household's goals, oldest first.
    async fn list(&self, scope: Scope) -> Result<Vec<Goal>, RepoError>;
    /// `NotFound` for an unknown or foreign id.
    async fn get(&self, scope: Scope, id: GoalId) -> Result<Goal, RepoError>;
    async fn create(&self, scope: Scope, id: GoalId, draft: &GoalDraft) -> Result<Goal, RepoError>;
    /// Stores the edit; the goal is completed at `now` when what it has saved now reaches the new
    /// target, and no longer completed when it falls short of it.
    async fn update(&self, scope: Scope, id: GoalId, draft: &GoalDraft, now: DateTime<Utc>) -> Result<Goal, RepoError>;
    /// Removes the goal and its contributions.
    async fn delete(&self, scope: Scope, id: GoalId) -> Result<(), RepoError>;
    /// Adds a contribution and raises the goal's saved amount in one transaction, with the goal's
    /// row locked; completes the goal at `now` when it reaches the target.
    async fn contribute(
        &self,
        scope: Scope,
        goal: GoalId,
        id: ContributionId,
        draft: &ContributionDraft,
        now: DateTime<Utc>,
    ) -> Result<(Goal, Contribution), RepoError>;
    /// The goal's contributions, newest first; `NotFound` for an unknown or foreign goal.
    async fn contributions(&self, scope: Scope, goal: GoalId) -> Result<Vec<Contribution>, RepoError>;
    /// Removes a contribution of the goal and lowers its saved amount likewise; the goal is no
    /// longer completed when it falls below the target.
    async fn remove_contribution(&self, scope: Scope, goal: GoalId, id: ContributionId) -> Result<Goal, RepoError>;
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
