use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use diesel::prelude::*;
use diesel::sql_types::{Array, BigInt, Bool, Date, Integer, Nullable, Text, Timestamptz, Uuid as SqlUuid};
use domain::budgets::{BudgetMonth, BudgetStatus, CategoryMonth, LimitChange, MonthSource};
use domain::categories::CategoryId;
use domain::dates::CalendarMonth;
use domain::ids::BudgetId;
use domain::transactions::TransactionType;
use domain::{Money, Scope};
use ports::budgets::{Budget, BudgetRepository, CategorySpending};
use ports::ledger::Category;
use ports::RepoError;
use uuid::Uuid;

use crate::errors::OrRepo;
use crate::statements::{query, sql};
use crate::visibility::on_seen_account;
use crate::Database;

pub struct PgBudgetRepository {
    db: Database,
}

impl PgBudgetRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

#[derive(QueryableByName)]
struct BudgetRow {
    #[diesel(sql_type = SqlUuid)]
    id: Uuid,
    #[diesel(sql_type = BigInt)]
    limit_pence: i64,
    #[diesel(sql_type = SqlUuid)]
    category_id: Uuid,
    #[diesel(sql_type = Text)]
    name: String,
    #[diesel(sql_type = Text)]
    description: String,
    #[diesel(sql_type = Text)]
    color: String,
    #[diesel(sql_type = Text)]
    icon: String,
    #[diesel(sql_type = Text)]
    kind: String,
    #[diesel(sql_type = diesel::sql_types::Nullable<Text>)]
    tax_treatment: Option<String>,
    #[diesel(sql_type = Bool)]
    is_default: bool,
    #[diesel(sql_type = Timestamptz)]
    created_at: DateTime<Utc>,
}

impl TryFrom<BudgetRow> for Budget {
    type Error = RepoError;

    fn try_from(r: BudgetRow) -> Result<Self, RepoError> {
        Ok(Budget {
            id: BudgetId(r.id),
            limit: Money::from_pence(r.limit_pence),
            category: Category {
                id: CategoryId(r.category_id),
                kind: TransactionType::parse(&r.kind)
                    .map_err(|e| RepoError::Unexpected(anyhow::anyhow!("stored category kind: {e}")))?,
                tax_treatment: crate::categories::tax_treatment(r.tax_treatment.as_deref())?,
                name: r.name,
                description: r.description,
                color: r.color,
                icon: r.icon,
                is_default: r.is_default,
                created_at: r.created_at,
            },
        })
    }
}

macro_rules! budgets {
    () => {
        "SELECT b.id, b.limit_pence, c.id AS category_id, c.name, c.description, c.color, c.icon,
                              c.kind, c.tax_treatment, c.is_default, c.created_at
                       FROM budgets b JOIN categories c ON c.id = b.category_id
                       WHERE b.household_id = $1"
    };
}

#[derive(QueryableByName)]
struct SpendingRow {
    #[diesel(sql_type = Date)]
    month: NaiveDate,
    #[diesel(sql_type = SqlUuid)]
    category_id: Uuid,
    #[diesel(sql_type = Text)]
    name: String,
    #[diesel(sql_type = Text)]
    color: String,
    #[diesel(sql_type = BigInt)]
    net: i64,
}

#[derive(QueryableByName)]
struct LineRow {
    #[diesel(sql_type = Date)]
    month: NaiveDate,
    #[diesel(sql_type = Nullable<SqlUuid>)]
    category_id: Option<Uuid>,
    #[diesel(sql_type = Text)]
    category_name: String,
    #[diesel(sql_type = Text)]
    category_color: String,
    #[diesel(sql_type = Nullable<BigInt>)]
    budgeted: Option<i64>,
    #[diesel(sql_type = BigInt)]
    spent: i64,
    #[diesel(sql_type = Text)]
    status: String,
}

/// Records that from `month` on the category's limit is `limit` (none when removed); a second
/// change in the same month replaces the first.
fn record_limit(
    conn: &mut PgConnection,
    scope: Scope,
    category: Uuid,
    month: CalendarMonth,
    limit: Option<Money>,
) -> Result<(), RepoError> {
    query(sql!(
        "INSERT INTO budget_limits (household_id, category_id, from_month, limit_pence) VALUES ($1, $2, $3, $4)
         ON CONFLICT (household_id, category_id, from_month) DO UPDATE SET limit_pence = EXCLUDED.limit_pence"
    ))
    .bind::<SqlUuid, _>(scope.household.0)
    .bind::<SqlUuid, _>(category)
    .bind::<Date, _>(month.first_day())
    .bind::<Nullable<BigInt>, _>(limit.map(|l| l.pence()))
    .execute(conn)
    .or_repo()?;
    Ok(())
}

#[async_trait]
impl BudgetRepository for PgBudgetRepository {
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn list(&self, scope: Scope) -> Result<Vec<Budget>, RepoError> {
        let rows: Vec<BudgetRow> = self
            .db
            .run(move |conn| {
                query(sql!(budgets!(), " ORDER BY lower(c.name), c.id"))
                    .bind::<SqlUuid, _>(scope.household.0)
                    .load(conn)
                    .or_repo()
            })
            .await?;
        rows.into_iter().map(TryInto::try_into).collect()
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn upsert(
        &self,
        scope: Scope,
        category: CategoryId,
        limit: Money,
        month: CalendarMonth,
    ) -> Result<Budget, RepoError> {
        let row: BudgetRow = self
            .db
            .write(move |conn| {
                // Only a category of the user's can carry their budget.
                query(
                    sql!("INSERT INTO budgets (id, household_id, category_id, limit_pence)
                     SELECT $1, $2, c.id, $4 FROM categories c WHERE c.id = $3 AND c.household_id = $2
                     ON CONFLICT (household_id, category_id) DO UPDATE SET limit_pence = EXCLUDED.limit_pence, updated_at = now()"),
                )
                .bind::<SqlUuid, _>(Uuid::now_v7())
                .bind::<SqlUuid, _>(scope.household.0)
                .bind::<SqlUuid, _>(category.0)
                .bind::<BigInt, _>(limit.pence())
                .execute(conn)
                .or_repo()?;
                record_limit(conn, scope, category.0, month, Some(limit))?;
                query(sql!(budgets!(), " AND b.category_id = $2"))
                    .bind::<SqlUuid, _>(scope.household.0)
                    .bind::<SqlUuid, _>(category.0)
                    .get_result(conn)
                    .or_repo()
            })
            .await?;
        row.try_into()
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn delete(&self, scope: Scope, id: BudgetId, month: CalendarMonth) -> Result<(), RepoError> {
        let id = id.0;
        #[derive(QueryableByName)]
        struct Deleted {
            #[diesel(sql_type = SqlUuid)]
            category_id: Uuid,
        }
        self.db
            .write(move |conn| {
                let deleted: Deleted =
                    query(sql!("DELETE FROM budgets WHERE id = $1 AND household_id = $2 RETURNING category_id"))
                        .bind::<SqlUuid, _>(id)
                        .bind::<SqlUuid, _>(scope.household.0)
                        .get_result(conn)
                        .or_repo()?;
                record_limit(conn, scope, deleted.category_id, month, None)
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn limit_history(&self, scope: Scope, before: CalendarMonth) -> Result<Vec<LimitChange>, RepoError> {
        #[derive(QueryableByName)]
        struct ChangeRow {
            #[diesel(sql_type = SqlUuid)]
            category_id: Uuid,
            #[diesel(sql_type = Text)]
            name: String,
            #[diesel(sql_type = Text)]
            color: String,
            #[diesel(sql_type = Date)]
            from_month: NaiveDate,
            #[diesel(sql_type = Nullable<BigInt>)]
            limit_pence: Option<i64>,
        }
        let rows: Vec<ChangeRow> = self
            .db
            .run(move |conn| {
                query(sql!(
                    "SELECT l.category_id, c.name, c.color, l.from_month, l.limit_pence
                     FROM budget_limits l JOIN categories c ON c.id = l.category_id
                     WHERE l.household_id = $1 AND l.from_month < $2
                     ORDER BY l.category_id, l.from_month"
                ))
                .bind::<SqlUuid, _>(scope.household.0)
                .bind::<Date, _>(before.first_day())
                .load(conn)
                .or_repo()
            })
            .await?;
        Ok(rows
            .into_iter()
            .map(|r| LimitChange {
                category_id: CategoryId(r.category_id),
                name: r.name,
                color: r.color,
                from: CalendarMonth::of(r.from_month),
                limit: r.limit_pence.map(Money::from_pence),
            })
            .collect())
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn spending(
        &self,
        scope: Scope,
        from: CalendarMonth,
        to: CalendarMonth,
    ) -> Result<Vec<CategorySpending>, RepoError> {
        let rows: Vec<SpendingRow> = self
            .db
            .run(move |conn| {
                query(sql!(
                    "SELECT l.month, c.id AS category_id, c.name, c.color, (-SUM(l.total))::bigint AS net
                     FROM ledger_month_totals l JOIN categories c ON c.id = l.category_id
                     WHERE l.household_id = $1 AND l.month >= $2 AND l.month < $3 AND NOT l.is_transfer
                       AND c.kind = 'expense' AND ",
                    on_seen_account!("l.account_id", "$1", "$4"),
                    "
                     GROUP BY l.month, c.id, c.name, c.color
                     HAVING SUM(l.counted_count) > 0"
                ))
                .bind::<SqlUuid, _>(scope.household.0)
                .bind::<Date, _>(from.first_day())
                .bind::<Date, _>(to.first_day())
                .bind::<SqlUuid, _>(scope.member.0)
                .load(conn)
                .or_repo()
            })
            .await?;
        Ok(rows
            .into_iter()
            .map(|r| CategorySpending {
                month: CalendarMonth::of(r.month),
                category_id: CategoryId(r.category_id),
                name: r.name,
                color: r.color,
                net: Money::from_pence(r.net),
            })
            .collect())
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn snapshots(
        &self,
        scope: Scope,
        from: CalendarMonth,
        to: CalendarMonth,
    ) -> Result<Vec<BudgetMonth>, RepoError> {
        let rows: Vec<LineRow> = self
            .db
            .run(move |conn| {
                query(sql!(
                    "SELECT s.month, l.category_id, l.category_name, l.category_color, l.budgeted, l.spent, l.status
                     FROM budget_snapshots s JOIN budget_snapshot_lines l ON l.snapshot_id = s.id
                     WHERE s.household_id = $1 AND s.month >= $2 AND s.month < $3
                     ORDER BY s.month, l.position"
                ))
                .bind::<SqlUuid, _>(scope.household.0)
                .bind::<Date, _>(from.first_day())
                .bind::<Date, _>(to.first_day())
                .load(conn)
                .or_repo()
            })
            .await?;
        // Months finalised with no lines at all still count as finalised.
        #[derive(QueryableByName)]
        struct MonthRow {
            #[diesel(sql_type = Date)]
            month: NaiveDate,
        }
        let months: Vec<MonthRow> = self
            .db
            .run(move |conn| {
                query(sql!("SELECT month FROM budget_snapshots WHERE household_id = $1 AND month >= $2 AND month < $3 ORDER BY month"))
                    .bind::<SqlUuid, _>(scope.household.0)
                    .bind::<Date, _>(from.first_day())
                    .bind::<Date, _>(to.first_day())
                    .load(conn)
                    .or_repo()
            })
            .await?;
        let mut result: Vec<BudgetMonth> = months
            .into_iter()
            .map(|m| BudgetMonth {
                month: CalendarMonth::of(m.month),
                source: MonthSource::Snapshot,
                categories: vec![],
            })
            .collect();
        for r in rows {
            let status = BudgetStatus::parse(&r.status)
                .ok_or_else(|| RepoError::Unexpected(anyhow::anyhow!("stored status {}", r.status)))?;
            if let Some(m) = result.iter_mut().find(|m| m.month == CalendarMonth::of(r.month)) {
                m.categories.push(CategoryMonth {
                    category_id: r.category_id.map(CategoryId),
                    name: r.category_name,
                    color: r.category_color,
                    budgeted: r.budgeted.map(Money::from_pence),
                    spent: Money::from_pence(r.spent),
                    status,
                });
            }
        }
        Ok(result)
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn save_snapshot(&self, scope: Scope, month: BudgetMonth) -> Result<(), RepoError> {
        self.db
            .write(move |conn| {
                query(sql!("DELETE FROM budget_snapshots WHERE household_id = $1 AND month = $2"))
                    .bind::<SqlUuid, _>(scope.household.0)
                    .bind::<Date, _>(month.month.first_day())
                    .execute(conn)
                    .or_repo()?;
                let id = Uuid::now_v7();
                query(sql!("INSERT INTO budget_snapshots (id, household_id, month) VALUES ($1, $2, $3)"))
                    .bind::<SqlUuid, _>(id)
                    .bind::<SqlUuid, _>(scope.household.0)
                    .bind::<Date, _>(month.month.first_day())
                    .execute(conn)
                    .or_repo()?;
                let c = &month.categories;
                query(
                    sql!("INSERT INTO budget_snapshot_lines
                       (snapshot_id, position, category_id, category_name, category_color, budgeted, spent, status)
                     SELECT $1, * FROM UNNEST($2::int[], $3::uuid[], $4::text[], $5::text[], $6::bigint[], $7::bigint[], $8::text[])"),
                )
                .bind::<SqlUuid, _>(id)
                .bind::<Array<Integer>, _>((0..c.len() as i32).collect::<Vec<_>>())
                .bind::<Array<Nullable<SqlUuid>>, _>(c.iter().map(|l| l.category_id.map(|i| i.0)).collect::<Vec<_>>())
                .bind::<Array<Text>, _>(c.iter().map(|l| l.name.clone()).collect::<Vec<_>>())
                .bind::<Array<Text>, _>(c.iter().map(|l| l.color.clone()).collect::<Vec<_>>())
                .bind::<Array<Nullable<BigInt>>, _>(c.iter().map(|l| l.budgeted.map(|b| b.pence())).collect::<Vec<_>>())
                .bind::<Array<BigInt>, _>(c.iter().map(|l| l.spent.pence()).collect::<Vec<_>>())
                .bind::<Array<Text>, _>(c.iter().map(|l| l.status.as_str().to_owned()).collect::<Vec<_>>())
                .execute(conn)
                .or_repo()?;
                Ok(())
            })
            .await
    }
}
