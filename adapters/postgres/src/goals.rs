use std::collections::HashMap;

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Date, Nullable, Text, Timestamptz, Uuid as SqlUuid};
use domain::goals::{ContributionDraft, ContributionSource, GoalCategory, GoalDraft};
use domain::ids::{ContributionId, GoalId};
use domain::{Money, Scope};
use ports::goals::{Contribution, Goal, GoalRepository};
use ports::RepoError;
use uuid::Uuid;

use crate::errors::{found, OrRepo};
use crate::statements::{query, sql};
use crate::Database;

pub struct PgGoalRepository {
    db: Database,
}

impl PgGoalRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

#[derive(QueryableByName)]
struct GoalRow {
    #[diesel(sql_type = SqlUuid)]
    id: Uuid,
    #[diesel(sql_type = Text)]
    name: String,
    #[diesel(sql_type = Text)]
    description: String,
    #[diesel(sql_type = BigInt)]
    target_amount: i64,
    #[diesel(sql_type = BigInt)]
    current_amount: i64,
    #[diesel(sql_type = Date)]
    target_date: NaiveDate,
    #[diesel(sql_type = Text)]
    category: String,
    #[diesel(sql_type = Text)]
    icon: String,
    #[diesel(sql_type = Text)]
    color: String,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    completed_at: Option<DateTime<Utc>>,
    #[diesel(sql_type = Timestamptz)]
    created_at: DateTime<Utc>,
}

impl GoalRow {
    fn into_goal(self, contribution_days: Vec<NaiveDate>) -> Result<Goal, RepoError> {
        Ok(Goal {
            id: GoalId(self.id),
            name: self.name,
            description: self.description,
            target: Money::from_pence(self.target_amount),
            saved: Money::from_pence(self.current_amount),
            target_date: self.target_date,
            category: GoalCategory::parse(&self.category).map_err(|e| RepoError::Unexpected(e.into()))?,
            icon: self.icon,
            color: self.color,
            completed_at: self.completed_at,
            created_at: self.created_at,
            contribution_days,
        })
    }
}

macro_rules! goals {
    () => {
        "SELECT id, name, description, target_amount, current_amount, target_date, category, icon, color,
                            completed_at, created_at
                     FROM goals WHERE household_id = $1"
    };
}

#[derive(QueryableByName)]
struct ContributionRow {
    #[diesel(sql_type = SqlUuid)]
    id: Uuid,
    #[diesel(sql_type = SqlUuid)]
    goal_id: Uuid,
    #[diesel(sql_type = BigInt)]
    amount: i64,
    #[diesel(sql_type = Date)]
    day: NaiveDate,
    #[diesel(sql_type = Text)]
    description: String,
    #[diesel(sql_type = Text)]
    source: String,
    #[diesel(sql_type = Text)]
    notes: String,
    #[diesel(sql_type = Timestamptz)]
    created_at: DateTime<Utc>,
}

impl TryFrom<ContributionRow> for Contribution {
    type Error = RepoError;

    fn try_from(r: ContributionRow) -> Result<Self, RepoError> {
        Ok(Contribution {
            id: ContributionId(r.id),
            goal_id: GoalId(r.goal_id),
            amount: Money::from_pence(r.amount),
            date: r.day,
            description: r.description,
            source: ContributionSource::parse(&r.source).map_err(|e| RepoError::Unexpected(e.into()))?,
            notes: r.notes,
            created_at: r.created_at,
        })
    }
}

macro_rules! contributions {
    () => {
        "SELECT id, goal_id, amount, day, description, source, notes, created_at
                             FROM goal_contributions WHERE household_id = $1"
    };
}

#[derive(QueryableByName)]
struct DayRow {
    #[diesel(sql_type = SqlUuid)]
    goal_id: Uuid,
    #[diesel(sql_type = Date)]
    day: NaiveDate,
}

/// The days of the contributions of the household's goals (of one goal when `goal` is given).
fn contribution_days(
    conn: &mut PgConnection,
    scope: Scope,
    goal: Option<Uuid>,
) -> Result<HashMap<Uuid, Vec<NaiveDate>>, RepoError> {
    let rows: Vec<DayRow> = query(sql!(
        "SELECT goal_id, day FROM goal_contributions WHERE household_id = $1 AND ($2::uuid IS NULL OR goal_id = $2)"
    ))
    .bind::<SqlUuid, _>(scope.household.0)
    .bind::<Nullable<SqlUuid>, _>(goal)
    .load(conn)
    .or_repo()?;
    let mut days: HashMap<Uuid, Vec<NaiveDate>> = HashMap::new();
    for r in rows {
        days.entry(r.goal_id).or_default().push(r.day);
    }
    Ok(days)
}

/// The household's goal with its contribution days; `NotFound` for an unknown or foreign id.
fn load_goal(conn: &mut PgConnection, scope: Scope, id: Uuid) -> Result<Goal, RepoError> {
    let row: GoalRow = query(sql!(goals!(), " AND id = $2"))
        .bind::<SqlUuid, _>(scope.household.0)
        .bind::<SqlUuid, _>(id)
        .get_result(conn)
        .or_repo()?;
    let days = contribution_days(conn, scope, Some(id))?.remove(&id).unwrap_or_default();
    row.into_goal(days)
}

/// Locks the household's goal row for the rest of the transaction; `NotFound` when it is not theirs.
fn lock_goal(conn: &mut PgConnection, scope: Scope, id: Uuid) -> Result<(), RepoError> {
    #[derive(QueryableByName)]
    struct Locked {
        #[diesel(sql_type = SqlUuid)]
        #[allow(dead_code)]
        id: Uuid,
    }
    let _: Locked = query(sql!("SELECT id FROM goals WHERE household_id = $1 AND id = $2 FOR UPDATE"))
        .bind::<SqlUuid, _>(scope.household.0)
        .bind::<SqlUuid, _>(id)
        .get_result(conn)
        .or_repo()?;
    Ok(())
}

/// Sets the locked goal's saved amount to the sum of its contributions, and its completion: kept
/// when it was and still is reached, set at `now` when it is newly reached, cleared otherwise.
fn settle(conn: &mut PgConnection, scope: Scope, id: Uuid, now: DateTime<Utc>) -> Result<(), RepoError> {
    query(sql!(
        "UPDATE goals g SET current_amount = s.total,
                completed_at = CASE WHEN s.total >= g.target_amount THEN coalesce(g.completed_at, $3) END,
                updated_at = now()
         FROM (SELECT coalesce(sum(amount), 0)::bigint AS total FROM goal_contributions
               WHERE household_id = $1 AND goal_id = $2) s
         WHERE g.household_id = $1 AND g.id = $2"
    ))
    .bind::<SqlUuid, _>(scope.household.0)
    .bind::<SqlUuid, _>(id)
    .bind::<Timestamptz, _>(now)
    .execute(conn)
    .or_repo()?;
    Ok(())
}

#[async_trait]
impl GoalRepository for PgGoalRepository {
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn list(&self, scope: Scope) -> Result<Vec<Goal>, RepoError> {
        self.db
            .read_snapshot(move |conn| {
                let rows: Vec<GoalRow> = query(sql!(goals!(), " ORDER BY created_at, id"))
                    .bind::<SqlUuid, _>(scope.household.0)
                    .load(conn)
                    .or_repo()?;
                let mut days = contribution_days(conn, scope, None)?;
                rows.into_iter()
                    .map(|r| {
                        let d = days.remove(&r.id).unwrap_or_default();
                        r.into_goal(d)
                    })
                    .collect()
            })
            .await
    }

    async fn get(&self, scope: Scope, id: GoalId) -> Result<Goal, RepoError> {
        let id = id.0;
        self.db.read_snapshot(move |conn| load_goal(conn, scope, id)).await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn create(&self, scope: Scope, id: GoalId, draft: &GoalDraft) -> Result<Goal, RepoError> {
        let id = id.0;
        let d = draft.clone();
        self.db
            .write(move |conn| {
                query(
                    sql!("INSERT INTO goals (id, household_id, name, description, target_amount, target_date, category, icon, color)
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)"),
                )
                .bind::<SqlUuid, _>(id)
                .bind::<SqlUuid, _>(scope.household.0)
                .bind::<Text, _>(&d.name)
                .bind::<Text, _>(&d.description)
                .bind::<BigInt, _>(d.target_amount.pence())
                .bind::<Date, _>(d.target_date)
                .bind::<Text, _>(d.category.as_str())
                .bind::<Text, _>(&d.icon)
                .bind::<Text, _>(&d.color)
                .execute(conn)
                .or_repo()?;
                load_goal(conn, scope, id)
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope, goal_id = %id))]
    async fn update(&self, scope: Scope, id: GoalId, draft: &GoalDraft, now: DateTime<Utc>) -> Result<Goal, RepoError> {
        let id = id.0;
        let d = draft.clone();
        self.db
            .write(move |conn| {
                lock_goal(conn, scope, id)?;
                query(sql!(
                    "UPDATE goals SET name = $3, description = $4, target_amount = $5, target_date = $6, category = $7,
                            icon = $8, color = $9
                     WHERE household_id = $1 AND id = $2"
                ))
                .bind::<SqlUuid, _>(scope.household.0)
                .bind::<SqlUuid, _>(id)
                .bind::<Text, _>(&d.name)
                .bind::<Text, _>(&d.description)
                .bind::<BigInt, _>(d.target_amount.pence())
                .bind::<Date, _>(d.target_date)
                .bind::<Text, _>(d.category.as_str())
                .bind::<Text, _>(&d.icon)
                .bind::<Text, _>(&d.color)
                .execute(conn)
                .or_repo()?;
                settle(conn, scope, id, now)?;
                load_goal(conn, scope, id)
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope, goal_id = %id))]
    async fn delete(&self, scope: Scope, id: GoalId) -> Result<(), RepoError> {
        let id = id.0;
        self.db
            .write(move |conn| {
                let n = query(sql!("DELETE FROM goals WHERE household_id = $1 AND id = $2"))
                    .bind::<SqlUuid, _>(scope.household.0)
                    .bind::<SqlUuid, _>(id)
                    .execute(conn)
                    .or_repo()?;
                found(n)?;
                Ok(())
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope, goal_id = %goal))]
    async fn contribute(
        &self,
        scope: Scope,
        goal: GoalId,
        id: ContributionId,
        draft: &ContributionDraft,
        now: DateTime<Utc>,
    ) -> Result<(Goal, Contribution), RepoError> {
        let id = id.0;
        let goal = goal.0;
        let d = draft.clone();
        self.db
            .write(move |conn| {
                lock_goal(conn, scope, goal)?;
                let row: ContributionRow = query(sql!(
                    "INSERT INTO goal_contributions (id, household_id, goal_id, amount, day, description, source, notes)
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
                     RETURNING id, goal_id, amount, day, description, source, notes, created_at"
                ))
                .bind::<SqlUuid, _>(id)
                .bind::<SqlUuid, _>(scope.household.0)
                .bind::<SqlUuid, _>(goal)
                .bind::<BigInt, _>(d.amount.pence())
                .bind::<Date, _>(d.date)
                .bind::<Text, _>(&d.description)
                .bind::<Text, _>(d.source.as_str())
                .bind::<Text, _>(&d.notes)
                .get_result(conn)
                .or_repo()?;
                settle(conn, scope, goal, now)?;
                Ok((load_goal(conn, scope, goal)?, row.try_into()?))
            })
            .await
    }

    async fn contributions(&self, scope: Scope, goal: GoalId) -> Result<Vec<Contribution>, RepoError> {
        let goal = goal.0;
        self.db
            .read_snapshot(move |conn| {
                goal_exists(conn, scope, goal)?;
                let rows: Vec<ContributionRow> =
                    query(sql!(contributions!(), " AND goal_id = $2 ORDER BY day DESC, created_at DESC, id DESC"))
                        .bind::<SqlUuid, _>(scope.household.0)
                        .bind::<SqlUuid, _>(goal)
                        .load(conn)
                        .or_repo()?;
                rows.into_iter().map(TryInto::try_into).collect()
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope, goal_id = %goal))]
    async fn remove_contribution(&self, scope: Scope, goal: GoalId, id: ContributionId) -> Result<Goal, RepoError> {
        let id = id.0;
        let goal = goal.0;
        self.db
            .write(move |conn| {
                lock_goal(conn, scope, goal)?;
                let n =
                    query(sql!("DELETE FROM goal_contributions WHERE household_id = $1 AND goal_id = $2 AND id = $3"))
                        .bind::<SqlUuid, _>(scope.household.0)
                        .bind::<SqlUuid, _>(goal)
                        .bind::<SqlUuid, _>(id)
                        .execute(conn)
                        .or_repo()?;
                found(n)?;
                // Removing never completes a goal, so the instant is never used.
                settle(conn, scope, goal, Utc::now())?;
                load_goal(conn, scope, goal)
            })
            .await
    }
}

/// `NotFound` unless the user has the goal.
fn goal_exists(conn: &mut PgConnection, scope: Scope, goal: Uuid) -> Result<(), RepoError> {
    #[derive(QueryableByName)]
    struct Found {
        #[diesel(sql_type = BigInt)]
        n: i64,
    }
    let found: Found = query(sql!("SELECT count(*) AS n FROM goals WHERE household_id = $1 AND id = $2"))
        .bind::<SqlUuid, _>(scope.household.0)
        .bind::<SqlUuid, _>(goal)
        .get_result(conn)
        .or_repo()?;
    if found.n == 0 {
        return Err(RepoError::NotFound);
    }
    Ok(())
}
