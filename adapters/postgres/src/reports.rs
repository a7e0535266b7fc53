use async_trait::async_trait;
use chrono::NaiveDate;
use diesel::prelude::*;
use diesel::sql_types::{Array, BigInt, Bool, Date, Nullable, Text, Uuid as SqlUuid};
use domain::accounts::{AccountId, AccountType};
use domain::categories::CategoryId;
use domain::comparison::CategorySpend;
use domain::dates::CalendarMonth;
use domain::net_worth::AccountMonths;
use domain::reports::{CategoryTotal, ReportTransaction};
use domain::tax_year::ReportYear;
use domain::transactions::TransactionType;
use domain::{Money, Scope, UserId};
use ports::reports::{DayTotal, ReportRepository};
use ports::RepoError;

use crate::errors::OrRepo;
use crate::statements::{query, sql};
use crate::transactions::counts;
use crate::visibility::{on_seen_account, sees_account};
use crate::Database;

pub struct PgReportRepository {
    db: Database,
}

impl PgReportRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

fn kind(raw: &str) -> Result<TransactionType, RepoError> {
    TransactionType::parse(raw).map_err(|e| RepoError::Unexpected(anyhow::anyhow!("stored type: {e}")))
}

#[derive(QueryableByName)]
struct Row {
    #[diesel(sql_type = Date)]
    date: NaiveDate,
    #[diesel(sql_type = Text)]
    description: String,
    #[diesel(sql_type = Nullable<Text>)]
    category_name: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    category_color: Option<String>,
    #[diesel(sql_type = Text)]
    account_name: String,
    #[diesel(sql_type = BigInt)]
    amount: i64,
    #[diesel(sql_type = Text)]
    r#type: String,
    #[diesel(sql_type = Bool)]
    is_transfer: bool,
    /// A split row's parts: category names, colours and amounts, in order (empty otherwise).
    #[diesel(sql_type = Array<Text>)]
    part_names: Vec<String>,
    #[diesel(sql_type = Array<Text>)]
    part_colors: Vec<String>,
    #[diesel(sql_type = Array<BigInt>)]
    part_amounts: Vec<i64>,
}

/// A category's (or the transfers') counted total, as the totals queries select it.
#[derive(QueryableByName)]
struct TotalColumns {
    #[diesel(sql_type = Text)]
    name: String,
    #[diesel(sql_type = Text)]
    color: String,
    #[diesel(sql_type = Text)]
    r#type: String,
    #[diesel(sql_type = Bool)]
    is_transfer: bool,
    #[diesel(sql_type = BigInt)]
    total: i64,
    #[diesel(sql_type = BigInt)]
    count: i64,
}

impl TryFrom<TotalColumns> for CategoryTotal {
    type Error = RepoError;

    fn try_from(r: TotalColumns) -> Result<Self, RepoError> {
        Ok(CategoryTotal {
            name: r.name,
            color: r.color,
            transaction_type: kind(&r.r#type)?,
            is_transfer: r.is_transfer,
            total: Money::from_pence(r.total),
            count: r.count,
        })
    }
}

#[derive(QueryableByName)]
struct TotalRow {
    #[diesel(sql_type = Date)]
    month: NaiveDate,
    #[diesel(embed)]
    total: TotalColumns,
}

#[derive(QueryableByName)]
struct DayTotalRow {
    #[diesel(sql_type = Date)]
    day: NaiveDate,
    #[diesel(sql_type = Nullable<Text>)]
    tax_treatment: Option<String>,
    #[diesel(embed)]
    total: TotalColumns,
}

#[derive(QueryableByName)]
struct SpendRow {
    #[diesel(sql_type = Date)]
    month: NaiveDate,
    #[diesel(sql_type = SqlUuid)]
    id: uuid::Uuid,
    #[diesel(sql_type = Text)]
    name: String,
    #[diesel(sql_type = BigInt)]
    total: i64,
}

#[derive(QueryableByName)]
struct OpeningRow {
    #[diesel(sql_type = SqlUuid)]
    id: uuid::Uuid,
    #[diesel(sql_type = Text)]
    r#type: String,
    #[diesel(sql_type = BigInt)]
    opening: i64,
}

#[derive(QueryableByName)]
struct MonthNetRow {
    #[diesel(sql_type = SqlUuid)]
    account_id: uuid::Uuid,
    #[diesel(sql_type = Date)]
    month: NaiveDate,
    #[diesel(sql_type = BigInt)]
    net: i64,
}

#[derive(QueryableByName)]
struct ReportYearRow {
    #[diesel(sql_type = Text)]
    report_year: String,
}

#[derive(QueryableByName)]
struct Balance {
    #[diesel(sql_type = BigInt)]
    balance: i64,
}

#[async_trait]
impl ReportRepository for PgReportRepository {
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn rows(
        &self,
        scope: Scope,
        from: NaiveDate,
        to: NaiveDate,
        account: Option<AccountId>,
    ) -> Result<Vec<ReportTransaction>, RepoError> {
        let rows: Vec<Row> = self
            .db
            .run(move |conn| {
                query(sql!(
                    "SELECT t.date, t.description, c.name AS category_name, c.color AS category_color,
                            a.name AS account_name, t.amount, t.type, t.is_transfer,
                            COALESCE(s.names, '{}') AS part_names, COALESCE(s.colors, '{}') AS part_colors,
                            COALESCE(s.amounts, '{}') AS part_amounts
                     FROM transactions t
                     JOIN accounts a ON a.id = t.account_id
                     LEFT JOIN LATERAL (
                         SELECT array_agg(pc.name ORDER BY p.position) AS names,
                                array_agg(pc.color ORDER BY p.position) AS colors,
                                array_agg(p.amount ORDER BY p.position) AS amounts
                         FROM transaction_splits p JOIN categories pc ON pc.id = p.category_id
                         WHERE t.is_split AND p.household_id = $1 AND p.transaction_id = t.id) s ON true
                     LEFT JOIN categories c ON c.id = t.category_id AND NOT t.is_transfer
                     WHERE t.household_id = $1 AND t.date >= $2 AND t.date < $3 AND ",
                    counts!(),
                    "
                       AND ($4::uuid IS NULL OR t.account_id = $4) AND ",
                    sees_account!("a", "$5"),
                    "
                     ORDER BY t.date, t.seq"
                ))
                .bind::<SqlUuid, _>(scope.household.0)
                .bind::<Date, _>(from)
                .bind::<Date, _>(to)
                .bind::<Nullable<SqlUuid>, _>(account.map(|a| a.0))
                .bind::<SqlUuid, _>(scope.member.0)
                .load(conn)
                .or_repo()
            })
            .await?;
        rows.into_iter()
            .map(|r| {
                Ok(ReportTransaction {
                    date: r.date,
                    description: r.description,
                    category: r.category_name.zip(r.category_color),
                    account: r.account_name,
                    amount: Money::from_pence(r.amount),
                    transaction_type: kind(&r.r#type)?,
                    is_transfer: r.is_transfer,
                    parts: r
                        .part_names
                        .into_iter()
                        .zip(r.part_colors)
                        .zip(r.part_amounts)
                        .map(|((name, color), pence)| (name, color, Money::from_pence(pence)))
                        .collect(),
                })
            })
            .collect()
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn opening_balance(
        &self,
        scope: Scope,
        month: CalendarMonth,
        account: Option<AccountId>,
    ) -> Result<Money, RepoError> {
        let b: Balance = self
            .db
            .run(move |conn| {
                query(sql!(
                    "SELECT (COALESCE(SUM(a.initial_balance), 0) + COALESCE((
                                SELECT SUM(m.net) FROM account_months m JOIN accounts a2 ON a2.id = m.account_id
                                WHERE a2.household_id = $1 AND ($3::uuid IS NULL OR a2.id = $3) AND m.month < $2 AND ",
                    sees_account!("a2", "$4"),
                    "), 0))::bigint AS balance
                     FROM accounts a WHERE a.household_id = $1 AND ($3::uuid IS NULL OR a.id = $3) AND ",
                    sees_account!("a", "$4")
                ))
                .bind::<SqlUuid, _>(scope.household.0)
                .bind::<Date, _>(month.first_day())
                .bind::<Nullable<SqlUuid>, _>(account.map(|a| a.0))
                .bind::<SqlUuid, _>(scope.member.0)
                .get_result(conn)
                .or_repo()
            })
            .await?;
        Ok(Money::from_pence(b.balance))
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn category_totals(
        &self,
        scope: Scope,
        from_month: CalendarMonth,
        to_month: CalendarMonth,
        account: Option<AccountId>,
    ) -> Result<Vec<(CalendarMonth, CategoryTotal)>, RepoError> {
        let rows: Vec<TotalRow> = self
            .db
            .run(move |conn| {
                query(sql!(
                    "SELECT l.month, COALESCE(c.name, CASE WHEN l.is_transfer THEN 'Transfers' ELSE '' END) AS name,
                            COALESCE(c.color, '#9E9E9E') AS color,
                            l.type, l.is_transfer, SUM(l.total)::bigint AS total, SUM(l.counted_count)::bigint AS count
                     FROM ledger_month_totals l
                     LEFT JOIN categories c ON c.id = l.category_id AND NOT l.is_transfer
                     WHERE l.household_id = $1 AND l.month >= $2 AND l.month < $3
                       AND ($4::uuid IS NULL OR l.account_id = $4) AND ",
                    on_seen_account!("l.account_id", "$1", "$5"),
                    "
                     GROUP BY l.month, c.id, c.name, c.color, l.type, l.is_transfer
                     HAVING SUM(l.counted_count) <> 0
                     ORDER BY l.month"
                ))
                .bind::<SqlUuid, _>(scope.household.0)
                .bind::<Date, _>(from_month.first_day())
                .bind::<Date, _>(to_month.first_day())
                .bind::<Nullable<SqlUuid>, _>(account.map(|a| a.0))
                .bind::<SqlUuid, _>(scope.member.0)
                .load(conn)
                .or_repo()
            })
            .await?;
        rows.into_iter().map(|r| Ok((CalendarMonth::of(r.month), r.total.try_into()?))).collect()
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn day_totals(&self, scope: Scope, from: NaiveDate, to: NaiveDate) -> Result<Vec<DayTotal>, RepoError> {
        let rows: Vec<DayTotalRow> = self
            .db
            .run(move |conn| {
                query(sql!(
                    "SELECT t.date AS day,
                            COALESCE(c.name, CASE WHEN t.is_transfer THEN 'Transfers' ELSE 'Uncategorised' END) AS name,
                            COALESCE(c.color, '#9E9E9E') AS color, c.tax_treatment, t.type, t.is_transfer,
                            SUM(t.amount)::bigint AS total, SUM(t.n)::bigint AS count
                     FROM ledger_lines t
                     JOIN accounts a ON a.id = t.account_id
                     LEFT JOIN categories c ON c.id = t.category_id AND NOT t.is_transfer
                     WHERE t.household_id = $1 AND t.date >= $2 AND t.date < $3 AND ",
                    counts!(),
                    " AND ",
                    sees_account!("a", "$4"),
                    "
                     GROUP BY t.date, c.id, c.name, c.color, c.tax_treatment, t.type, t.is_transfer
                     ORDER BY t.date"
                ))
                .bind::<SqlUuid, _>(scope.household.0)
                .bind::<Date, _>(from)
                .bind::<Date, _>(to)
                .bind::<SqlUuid, _>(scope.member.0)
                .load(conn)
                .or_repo()
            })
            .await?;
        rows.into_iter()
            .map(|r| {
                Ok(DayTotal {
                    day: r.day,
                    tax_treatment: crate::categories::tax_treatment(r.tax_treatment.as_deref())?,
                    total: r.total.try_into()?,
                })
            })
            .collect()
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn category_spending(
        &self,
        scope: Scope,
        from_month: CalendarMonth,
        to_month: CalendarMonth,
        account: Option<AccountId>,
    ) -> Result<Vec<(CalendarMonth, CategorySpend)>, RepoError> {
        let rows: Vec<SpendRow> = self
            .db
            .run(move |conn| {
                query(sql!(
                    "SELECT l.month, c.id, c.name, (-SUM(l.total))::bigint AS total
                     FROM ledger_month_totals l JOIN categories c ON c.id = l.category_id
                     WHERE l.household_id = $1 AND l.month >= $2 AND l.month < $3 AND l.type = 'expense'
                       AND NOT l.is_transfer AND ($4::uuid IS NULL OR l.account_id = $4) AND ",
                    on_seen_account!("l.account_id", "$1", "$5"),
                    "
                     GROUP BY l.month, c.id, c.name
                     HAVING SUM(l.total) <> 0"
                ))
                .bind::<SqlUuid, _>(scope.household.0)
                .bind::<Date, _>(from_month.first_day())
                .bind::<Date, _>(to_month.first_day())
                .bind::<Nullable<SqlUuid>, _>(account.map(|a| a.0))
                .bind::<SqlUuid, _>(scope.member.0)
                .load(conn)
                .or_repo()
            })
            .await?;
        Ok(rows
            .into_iter()
            .map(|r| {
                let spend = CategorySpend { id: CategoryId(r.id), name: r.name, total: Money::from_pence(r.total) };
                (CalendarMonth::of(r.month), spend)
            })
            .collect())
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn account_months(
        &self,
        scope: Scope,
        from: CalendarMonth,
        to: CalendarMonth,
    ) -> Result<Vec<AccountMonths>, RepoError> {
        let (openings, nets): (Vec<OpeningRow>, Vec<MonthNetRow>) = self
            .db
            .run(move |conn| {
                let openings = query(sql!(
                    "SELECT a.id, a.type, (a.initial_balance + COALESCE((
                                SELECT SUM(m.net) FROM account_months m WHERE m.account_id = a.id AND m.month < $2
                            ), 0))::bigint AS opening
                     FROM accounts a WHERE a.household_id = $1 AND ",
                    sees_account!("a", "$3"),
                    " ORDER BY a.id"
                ))
                .bind::<SqlUuid, _>(scope.household.0)
                .bind::<Date, _>(from.first_day())
                .bind::<SqlUuid, _>(scope.member.0)
                .load(conn)
                .or_repo()?;
                let nets = query(sql!(
                    "SELECT m.account_id, m.month, m.net FROM account_months m JOIN accounts a ON a.id = m.account_id
                     WHERE a.household_id = $1 AND m.month >= $2 AND m.month < $3 AND ",
                    sees_account!("a", "$4")
                ))
                .bind::<SqlUuid, _>(scope.household.0)
                .bind::<Date, _>(from.first_day())
                .bind::<Date, _>(to.first_day())
                .bind::<SqlUuid, _>(scope.member.0)
                .load(conn)
                .or_repo()?;
                Ok((openings, nets))
            })
            .await?;
        openings
            .into_iter()
            .map(|a| {
                Ok(AccountMonths {
                    account_type: AccountType::parse(&a.r#type)
                        .map_err(|e| RepoError::Unexpected(anyhow::anyhow!("stored account type: {e}")))?,
                    opening: Money::from_pence(a.opening),
                    nets: nets
                        .iter()
                        .filter(|n| n.account_id == a.id)
                        .map(|n| (CalendarMonth::of(n.month), Money::from_pence(n.net)))
                        .collect(),
                })
            })
            .collect()
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    async fn report_year(&self, user: UserId) -> Result<ReportYear, RepoError> {
        let row: ReportYearRow = self
            .db
            .run(move |conn| {
                query(sql!("SELECT report_year FROM users WHERE id = $1"))
                    .bind::<SqlUuid, _>(user.0)
                    .get_result(conn)
                    .or_repo()
            })
            .await?;
        ReportYear::parse(&row.report_year)
            .map_err(|e| RepoError::Unexpected(anyhow::anyhow!("stored report year: {e}")))
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    async fn set_report_year(&self, user: UserId, year: ReportYear) -> Result<(), RepoError> {
        let changed = self
            .db
            .write(move |conn| {
                query(sql!("UPDATE users SET report_year = $2 WHERE id = $1"))
                    .bind::<SqlUuid, _>(user.0)
                    .bind::<Text, _>(year.as_str())
                    .execute(conn)
                    .or_repo()
            })
            .await?;
        if changed == 0 {
            return Err(RepoError::NotFound);
        }
        Ok(())
    }
}
