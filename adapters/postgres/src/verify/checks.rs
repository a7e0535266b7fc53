//! The check: one statement per kind of figure over the whole scope (the transfer legs' in
//! `pairs`), each counting what it
//! compared and what differs in one pass over its recomputation, and listing the first
//! differences only when there are any (the listing's subquery is gated on the count, so a
//! clean ledger is read once). `$1` is the household (NULL for all), `$2` how many to list.

use chrono::NaiveDate;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bool, Date, Nullable, Text, Uuid as SqlUuid};
use domain::accounts::AccountId;
use domain::categories::CategoryId;
use domain::dates::CalendarMonth;
use domain::ids::{GoalId, HouseholdId};
use domain::transactions::{TransactionId, TransactionType};
use domain::Money;
use ports::verify::{AccountName, Bucket, Check, Difference, Figure, Saved, Totals, VerifyReport, LISTED};
use ports::RepoError;
use uuid::Uuid;

use super::recompute::{goals_saved, in_scope, month_nets, month_totals, running_balances};
use crate::errors::OrRepo;
use crate::statements::{query, sql, Sql};

pub(super) fn broken(what: &str) -> RepoError {
    RepoError::Unexpected(anyhow::anyhow!("verify: {what}"))
}

pub(super) fn account(id: Option<Uuid>, name: Option<String>) -> Result<AccountName, RepoError> {
    Ok(AccountName {
        id: AccountId(id.ok_or_else(|| broken("a difference without its account"))?),
        name: name.unwrap_or_default(),
    })
}

/// Runs a check statement: its rows, with `$1` the scope and `$2` the listing's length.
pub(super) fn rows<R: QueryableByName<diesel::pg::Pg> + 'static>(
    conn: &mut PgConnection,
    statement: Sql,
    scope: Option<Uuid>,
) -> Result<Vec<R>, RepoError> {
    query(statement).bind::<Nullable<SqlUuid>, _>(scope).bind::<BigInt, _>(LISTED as i64).load(conn).or_repo()
}

/// The counts a check statement repeats on each of its rows (its one row when nothing differs).
pub(super) fn counted<R>(rows: &[R], counts: impl Fn(&R) -> (i64, i64)) -> (u64, u64) {
    rows.first().map_or((0, 0), |r| {
        let (checked, differing) = counts(r);
        (checked as u64, differing as u64)
    })
}

/// Every check over the household `scope` (every household when `None`).
pub(super) fn run(conn: &mut PgConnection, scope: Option<Uuid>) -> Result<VerifyReport, RepoError> {
    let mut report = VerifyReport::empty(false);
    let (households, accounts) = in_the_scope(conn, scope)?;
    report.households = households;
    report.accounts = accounts;
    report.checks = vec![
        month_net_check(conn, scope)?,
        running_balance_check(conn, scope)?,
        month_total_check(conn, scope)?,
        goal_check(conn, scope)?,
    ];
    let (pairs, lone, lone_listed) = super::pairs::transfer_check(conn, scope)?;
    report.checks.push(pairs);
    report.lone_legs = lone;
    report.lone_listed = lone_listed;
    report.checks.push(super::splits::split_check(conn, scope)?);
    Ok(report)
}

/// How many households and accounts the scope holds.
fn in_the_scope(conn: &mut PgConnection, scope: Option<Uuid>) -> Result<(u64, u64), RepoError> {
    #[derive(QueryableByName)]
    struct Counts {
        #[diesel(sql_type = BigInt)]
        households: i64,
        #[diesel(sql_type = BigInt)]
        accounts: i64,
    }
    let c: Counts = query(sql!(
        "SELECT (SELECT count(*) FROM households h WHERE ",
        in_scope!("h.id"),
        ") AS households, (SELECT count(*) FROM accounts a WHERE ",
        in_scope!("a.household_id"),
        ") AS accounts"
    ))
    .bind::<Nullable<SqlUuid>, _>(scope)
    .get_result(conn)
    .or_repo()?;
    Ok((c.households as u64, c.accounts as u64))
}

fn month_net_check(conn: &mut PgConnection, scope: Option<Uuid>) -> Result<Check, RepoError> {
    #[derive(QueryableByName)]
    struct Row {
        #[diesel(sql_type = BigInt)]
        checked: i64,
        #[diesel(sql_type = BigInt)]
        differing: i64,
        #[diesel(sql_type = Nullable<SqlUuid>)]
        household_id: Option<Uuid>,
        #[diesel(sql_type = Nullable<SqlUuid>)]
        account_id: Option<Uuid>,
        #[diesel(sql_type = Nullable<Text>)]
        account_name: Option<String>,
        #[diesel(sql_type = Nullable<Date>)]
        month: Option<NaiveDate>,
        #[diesel(sql_type = Nullable<BigInt>)]
        stored: Option<i64>,
        #[diesel(sql_type = Nullable<BigInt>)]
        recomputed: Option<i64>,
    }
    let found: Vec<Row> = rows(
        conn,
        sql!(
            "WITH c AS NOT MATERIALIZED (",
            month_nets!(),
            ")
             SELECT n.checked, n.differing, d.household_id, d.account_id, d.account_name, d.month, d.stored, d.recomputed
             FROM (SELECT count(*) AS checked, count(*) FILTER (WHERE c.differs) AS differing FROM c) n
             LEFT JOIN LATERAL (SELECT c.* FROM c WHERE n.differing > 0 AND c.differs
                                ORDER BY c.household_id, c.account_name, c.account_id, c.month LIMIT $2) d ON true"
        ),
        scope,
    )?;
    let (checked, differing) = counted(&found, |r| (r.checked, r.differing));
    let differences = found
        .into_iter()
        .filter_map(|r| {
            let household = r.household_id?;
            Some(account(r.account_id, r.account_name).map(|account| Difference::MonthNet {
                household: HouseholdId(household),
                account,
                month: CalendarMonth::of(r.month.unwrap_or_default()),
                stored: Money::from_pence(r.stored.unwrap_or_default()),
                rows: Money::from_pence(r.recomputed.unwrap_or_default()),
            }))
        })
        .collect::<Result<_, _>>()?;
    Ok(Check { figure: Figure::MonthNets, checked, differing, differences })
}

fn running_balance_check(conn: &mut PgConnection, scope: Option<Uuid>) -> Result<Check, RepoError> {
    #[derive(QueryableByName)]
    struct Row {
        #[diesel(sql_type = BigInt)]
        checked: i64,
        #[diesel(sql_type = BigInt)]
        differing: i64,
        #[diesel(sql_type = Nullable<SqlUuid>)]
        household_id: Option<Uuid>,
        #[diesel(sql_type = Nullable<SqlUuid>)]
        account_id: Option<Uuid>,
        #[diesel(sql_type = Nullable<Text>)]
        account_name: Option<String>,
        #[diesel(sql_type = Nullable<SqlUuid>)]
        id: Option<Uuid>,
        #[diesel(sql_type = Nullable<Date>)]
        date: Option<NaiveDate>,
        #[diesel(sql_type = Nullable<BigInt>)]
        stored: Option<i64>,
        #[diesel(sql_type = Nullable<BigInt>)]
        recomputed: Option<i64>,
    }
    let found: Vec<Row> = rows(
        conn,
        sql!(
            "WITH c AS NOT MATERIALIZED (",
            running_balances!(),
            ")
             SELECT n.checked, n.differing, d.household_id, d.account_id, d.account_name, d.id, d.date, d.stored,
                    d.recomputed
             FROM (SELECT count(*) AS checked, count(*) FILTER (WHERE c.differs) AS differing FROM c) n
             LEFT JOIN LATERAL (SELECT c.* FROM c WHERE n.differing > 0 AND c.differs
                                ORDER BY c.household_id, c.account_name, c.account_id, c.date, c.seq LIMIT $2) d ON true"
        ),
        scope,
    )?;
    let (checked, differing) = counted(&found, |r| (r.checked, r.differing));
    let differences = found
        .into_iter()
        .filter_map(|r| {
            let household = r.household_id?;
            let transaction = r.id?;
            Some(account(r.account_id, r.account_name).map(|account| Difference::RunningBalance {
                household: HouseholdId(household),
                account,
                transaction: TransactionId(transaction),
                date: r.date.unwrap_or_default(),
                stored: Money::from_pence(r.stored.unwrap_or_default()),
                rows: Money::from_pence(r.recomputed.unwrap_or_default()),
            }))
        })
        .collect::<Result<_, _>>()?;
    Ok(Check { figure: Figure::RunningBalances, checked, differing, differences })
}

fn month_total_check(conn: &mut PgConnection, scope: Option<Uuid>) -> Result<Check, RepoError> {
    #[derive(QueryableByName)]
    struct Row {
        #[diesel(sql_type = BigInt)]
        checked: i64,
        #[diesel(sql_type = BigInt)]
        differing: i64,
        #[diesel(sql_type = Nullable<SqlUuid>)]
        household_id: Option<Uuid>,
        #[diesel(sql_type = Nullable<SqlUuid>)]
        account_id: Option<Uuid>,
        #[diesel(sql_type = Nullable<Text>)]
        account_name: Option<String>,
        #[diesel(sql_type = Nullable<Date>)]
        month: Option<NaiveDate>,
        #[diesel(sql_type = Nullable<SqlUuid>)]
        category_id: Option<Uuid>,
        #[diesel(sql_type = Nullable<Text>)]
        category_name: Option<String>,
        #[diesel(sql_type = Nullable<Text>)]
        r#type: Option<String>,
        #[diesel(sql_type = Nullable<Bool>)]
        is_transfer: Option<bool>,
        #[diesel(sql_type = Nullable<BigInt>)]
        stored_total: Option<i64>,
        #[diesel(sql_type = Nullable<BigInt>)]
        stored_rows: Option<i64>,
        #[diesel(sql_type = Nullable<BigInt>)]
        stored_counted: Option<i64>,
        #[diesel(sql_type = Nullable<BigInt>)]
        total: Option<i64>,
        #[diesel(sql_type = Nullable<BigInt>)]
        row_count: Option<i64>,
        #[diesel(sql_type = Nullable<BigInt>)]
        counted_count: Option<i64>,
    }
    let found: Vec<Row> = rows(
        conn,
        sql!(
            "WITH c AS NOT MATERIALIZED (",
            month_totals!(),
            ")
             SELECT n.checked, n.differing, d.*
             FROM (SELECT count(*) AS checked, count(*) FILTER (WHERE c.differs) AS differing FROM c) n
             LEFT JOIN LATERAL (SELECT c.household_id, c.account_id, a.name AS account_name, c.month, c.category_id,
                                       g.name AS category_name, c.type, c.is_transfer, c.stored_total, c.stored_rows,
                                       c.stored_counted, c.total, c.row_count, c.counted_count
                                FROM c JOIN accounts a ON a.id = c.account_id
                                LEFT JOIN categories g ON g.id = c.category_id
                                WHERE n.differing > 0 AND c.differs
                                ORDER BY c.household_id, a.name, c.account_id, c.month, g.name, c.type, c.is_transfer
                                LIMIT $2) d ON true"
        ),
        scope,
    )?;
    let (checked, differing) = counted(&found, |r| (r.checked, r.differing));
    let differences = found
        .into_iter()
        .filter_map(|r| {
            let household = r.household_id?;
            let made = || -> Result<Difference, RepoError> {
                let kind = r.r#type.as_deref().unwrap_or_default();
                Ok(Difference::MonthTotal {
                    household: HouseholdId(household),
                    account: account(r.account_id, r.account_name.clone())?,
                    month: CalendarMonth::of(r.month.unwrap_or_default()),
                    bucket: Bucket {
                        category: r.category_id.map(|id| (CategoryId(id), r.category_name.clone().unwrap_or_default())),
                        transaction_type: TransactionType::parse(kind)
                            .map_err(|_| broken(&format!("a month total of type {kind:?}")))?,
                        is_transfer: r.is_transfer.unwrap_or_default(),
                    },
                    stored: Totals {
                        total: Money::from_pence(r.stored_total.unwrap_or_default()),
                        rows: r.stored_rows.unwrap_or_default(),
                        counted: r.stored_counted.unwrap_or_default(),
                    },
                    rows: Totals {
                        total: Money::from_pence(r.total.unwrap_or_default()),
                        rows: r.row_count.unwrap_or_default(),
                        counted: r.counted_count.unwrap_or_default(),
                    },
                })
            };
            Some(made())
        })
        .collect::<Result<_, _>>()?;
    Ok(Check { figure: Figure::MonthTotals, checked, differing, differences })
}

fn goal_check(conn: &mut PgConnection, scope: Option<Uuid>) -> Result<Check, RepoError> {
    #[derive(QueryableByName)]
    struct Row {
        #[diesel(sql_type = BigInt)]
        checked: i64,
        #[diesel(sql_type = BigInt)]
        differing: i64,
        #[diesel(sql_type = Nullable<SqlUuid>)]
        household_id: Option<Uuid>,
        #[diesel(sql_type = Nullable<SqlUuid>)]
        id: Option<Uuid>,
        #[diesel(sql_type = Nullable<Text>)]
        name: Option<String>,
        #[diesel(sql_type = Nullable<BigInt>)]
        target_amount: Option<i64>,
        #[diesel(sql_type = Nullable<BigInt>)]
        stored: Option<i64>,
        #[diesel(sql_type = Nullable<Bool>)]
        stored_complete: Option<bool>,
        #[diesel(sql_type = Nullable<BigInt>)]
        recomputed: Option<i64>,
    }
    let found: Vec<Row> = rows(
        conn,
        sql!(
            "WITH c AS NOT MATERIALIZED (",
            goals_saved!(),
            ")
             SELECT n.checked, n.differing, d.household_id, d.id, d.name, d.target_amount, d.stored, d.stored_complete,
                    d.recomputed
             FROM (SELECT count(*) AS checked, count(*) FILTER (WHERE c.differs) AS differing FROM c) n
             LEFT JOIN LATERAL (SELECT c.* FROM c WHERE n.differing > 0 AND c.differs
                                ORDER BY c.household_id, c.name, c.id LIMIT $2) d ON true"
        ),
        scope,
    )?;
    let (checked, differing) = counted(&found, |r| (r.checked, r.differing));
    let differences = found
        .into_iter()
        .filter_map(|r| {
            let recomputed = r.recomputed.unwrap_or_default();
            Some(Difference::GoalSaved {
                household: HouseholdId(r.household_id?),
                goal: GoalId(r.id?),
                name: r.name.unwrap_or_default(),
                stored: Saved {
                    amount: Money::from_pence(r.stored.unwrap_or_default()),
                    complete: r.stored_complete.unwrap_or_default(),
                },
                rows: Saved {
                    amount: Money::from_pence(recomputed),
                    complete: recomputed >= r.target_amount.unwrap_or_default(),
                },
            })
        })
        .collect();
    Ok(Check { figure: Figure::GoalsSaved, checked, differing, differences })
}
