//! The split rows' check: each row marked as split, or with parts, against its parts (2 to 20,
//! adding up to its amount; the row's count of their categories and, in each category, the one
//! part that counts the row there, as `ledger_lines` reads them), in one statement like the
//! other checks'. Nothing recomputes a
//! split, so there is nothing to repair: which side is right is a person's call.

use chrono::NaiveDate;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bool, Date, Nullable, Text, Uuid as SqlUuid};
use domain::ids::HouseholdId;
use domain::splits::{SPLIT_PARTS_MAX, SPLIT_PARTS_MIN};
use domain::transactions::TransactionId;
use domain::Money;
use ports::verify::{Check, Difference, Figure, SplitRow};
use ports::RepoError;
use uuid::Uuid;

use super::checks::{account, counted, rows};
use super::recompute::in_scope;
use crate::statements::sql;

/// The parts' bounds in SQL, as literals so the statement stays constant.
macro_rules! parts_between {
    () => {
        "k.parts BETWEEN 2 AND 20"
    };
}
const _: () = assert!(SPLIT_PARTS_MIN == 2 && SPLIT_PARTS_MAX == 20, "parts_between!() must match domain::splits");

pub(super) fn split_check(conn: &mut PgConnection, scope: Option<Uuid>) -> Result<Check, RepoError> {
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
        #[diesel(sql_type = Nullable<SqlUuid>)]
        account_id: Option<Uuid>,
        #[diesel(sql_type = Nullable<Text>)]
        account_name: Option<String>,
        #[diesel(sql_type = Nullable<Date>)]
        date: Option<NaiveDate>,
        #[diesel(sql_type = Nullable<BigInt>)]
        amount: Option<i64>,
        #[diesel(sql_type = Nullable<Bool>)]
        is_split: Option<bool>,
        #[diesel(sql_type = Nullable<BigInt>)]
        parts: Option<i64>,
        #[diesel(sql_type = Nullable<BigInt>)]
        parts_total: Option<i64>,
        #[diesel(sql_type = Nullable<Bool>)]
        counted_right: Option<bool>,
    }
    let found: Vec<Row> = rows(
        conn,
        sql!(
            "WITH c AS NOT MATERIALIZED (
                 SELECT k.*, k.split_categories = k.categories AND k.miscounted = 0 AS counted_right,
                        NOT (k.is_split AND ",
            parts_between!(),
            " AND k.parts_total = k.amount AND k.split_categories = k.categories AND k.miscounted = 0) AS differs
                 FROM (SELECT t.household_id, t.id, t.account_id, a.name AS account_name, t.date, t.seq, t.amount,
                              t.is_split, t.split_categories, p.parts, p.parts_total, p.categories, p.miscounted
                       FROM transactions t JOIN accounts a ON a.id = t.account_id
                       CROSS JOIN LATERAL (
                           SELECT COALESCE(SUM(c.n), 0)::bigint AS parts, COALESCE(SUM(c.total), 0)::bigint AS parts_total,
                                  count(*) AS categories, count(*) FILTER (WHERE c.firsts <> 1) AS miscounted
                           FROM (SELECT s.category_id, count(*) AS n, SUM(s.amount) AS total,
                                        count(*) FILTER (WHERE s.first_in_category) AS firsts
                                 FROM transaction_splits s
                                 WHERE s.household_id = t.household_id AND s.transaction_id = t.id
                                 GROUP BY s.category_id) c) p
                       WHERE t.id IN (SELECT x.id FROM transactions x WHERE x.is_split AND ",
            in_scope!("x.household_id"),
            "
                                      UNION SELECT s.transaction_id FROM transaction_splits s WHERE ",
            in_scope!("s.household_id"),
            ")) k)
             SELECT n.checked, n.differing, d.household_id, d.id, d.account_id, d.account_name, d.date, d.amount,
                    d.is_split, d.parts, d.parts_total, d.counted_right
             FROM (SELECT count(*) AS checked, count(*) FILTER (WHERE c.differs) AS differing FROM c) n
             LEFT JOIN LATERAL (SELECT c.* FROM c WHERE n.differing > 0 AND c.differs
                                ORDER BY c.household_id, c.date, c.seq LIMIT $2) d ON true"
        ),
        scope,
    )?;
    let (checked, differing) = counted(&found, |r| (r.checked, r.differing));
    let mut differences = Vec::new();
    for r in found {
        let (Some(household), Some(id)) = (r.household_id, r.id) else { continue };
        differences.push(Difference::SplitParts {
            household: HouseholdId(household),
            row: SplitRow {
                id: TransactionId(id),
                account: account(r.account_id, r.account_name)?,
                date: r.date.unwrap_or_default(),
                amount: Money::from_pence(r.amount.unwrap_or_default()),
                is_split: r.is_split.unwrap_or_default(),
                parts: r.parts.unwrap_or_default(),
                parts_total: Money::from_pence(r.parts_total.unwrap_or_default()),
                counted_right: r.counted_right.unwrap_or_default(),
            },
        });
    }
    Ok(Check { figure: Figure::SplitParts, checked, differing, differences })
}
