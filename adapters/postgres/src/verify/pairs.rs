//! The transfer legs' check: each row that is a transfer or names another row as its other leg,
//! with what is wrong with the pair it makes, in one statement like the other checks'. Nothing
//! recomputes a pair, so there is nothing to repair: which leg is right is a person's call.

use chrono::NaiveDate;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Date, Nullable, Text, Uuid as SqlUuid};
use domain::ids::HouseholdId;
use domain::transactions::TransactionId;
use domain::Money;
use ports::verify::{Check, Difference, Figure, Leg, LoneLeg, PairProblem};
use ports::RepoError;
use uuid::Uuid;

use super::checks::{account, broken, counted, rows};
use super::recompute::in_scope;
use crate::statements::sql;
use crate::transactions::counts;

/// The transfer legs: each row that is a transfer or names another row as its other leg, with
/// what is wrong with the pair it makes ('alone' for a leg whose other leg is gone, which is
/// not a difference). Answers the check, how many legs are alone, and the first of them.
pub(super) fn transfer_check(
    conn: &mut PgConnection,
    scope: Option<Uuid>,
) -> Result<(Check, u64, Vec<LoneLeg>), RepoError> {
    #[derive(QueryableByName)]
    struct Row {
        #[diesel(sql_type = BigInt)]
        checked: i64,
        #[diesel(sql_type = BigInt)]
        differing: i64,
        #[diesel(sql_type = BigInt)]
        lone: i64,
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
        #[diesel(sql_type = Nullable<SqlUuid>)]
        peer_id: Option<Uuid>,
        #[diesel(sql_type = Nullable<SqlUuid>)]
        peer_account_id: Option<Uuid>,
        #[diesel(sql_type = Nullable<Text>)]
        peer_account_name: Option<String>,
        #[diesel(sql_type = Nullable<Date>)]
        peer_date: Option<NaiveDate>,
        #[diesel(sql_type = Nullable<BigInt>)]
        peer_amount: Option<i64>,
        #[diesel(sql_type = Nullable<Text>)]
        problem: Option<String>,
    }
    let found: Vec<Row> = rows(
        conn,
        sql!(
            "WITH c AS NOT MATERIALIZED (
                 SELECT t.household_id, t.id, t.account_id, a.name AS account_name, t.date, t.seq, t.amount,
                        p.id AS peer_id, p.account_id AS peer_account_id, pa.name AS peer_account_name,
                        p.date AS peer_date, p.amount AS peer_amount,
                        CASE WHEN NOT t.is_transfer THEN 'not_a_transfer'
                             WHEN t.transfer_peer IS NULL THEN 'alone'
                             WHEN p.transfer_peer IS DISTINCT FROM t.id THEN 'not_mutual'
                             WHEN NOT p.is_transfer THEN 'peer_not_a_transfer'
                             WHEN p.household_id <> t.household_id THEN 'other_household'
                             WHEN p.account_id = t.account_id THEN 'same_account'
                             WHEN p.amount <> -t.amount OR t.amount = 0 THEN 'not_opposite'
                             WHEN NOT (",
            counts!(),
            ") THEN 'declined'
                        END AS problem
                 FROM transactions t JOIN accounts a ON a.id = t.account_id
                 LEFT JOIN transactions p ON p.id = t.transfer_peer
                 LEFT JOIN accounts pa ON pa.id = p.account_id
                 WHERE (t.is_transfer OR t.transfer_peer IS NOT NULL) AND ",
            in_scope!("t.household_id"),
            ")
             SELECT n.checked, n.differing, n.lone, d.household_id, d.id, d.account_id, d.account_name, d.date, d.amount,
                    d.peer_id, d.peer_account_id, d.peer_account_name, d.peer_date, d.peer_amount, d.problem
             FROM (SELECT count(*) AS checked, count(*) FILTER (WHERE c.problem <> 'alone') AS differing,
                          count(*) FILTER (WHERE c.problem = 'alone') AS lone
                   FROM c) n
             LEFT JOIN LATERAL (SELECT c.* FROM c WHERE n.differing + n.lone > 0 AND c.problem IS NOT NULL
                                ORDER BY c.problem = 'alone', c.household_id, c.date, c.seq LIMIT $2) d ON true"
        ),
        scope,
    )?;
    let (checked, differing) = counted(&found, |r| (r.checked, r.differing));
    let lone = found.first().map_or(0, |r| r.lone as u64);
    let mut differences = Vec::new();
    let mut lone_listed = Vec::new();
    for r in found {
        let (Some(household), Some(id), Some(problem)) = (r.household_id, r.id, r.problem) else { continue };
        let household = HouseholdId(household);
        let leg = Leg {
            id: TransactionId(id),
            account: account(r.account_id, r.account_name)?,
            date: r.date.unwrap_or_default(),
            amount: Money::from_pence(r.amount.unwrap_or_default()),
        };
        let problem = match problem.as_str() {
            "alone" => {
                lone_listed.push(LoneLeg { household, leg });
                continue;
            }
            "not_mutual" => PairProblem::NotMutual,
            "peer_not_a_transfer" => PairProblem::PeerNotATransfer,
            "not_a_transfer" => PairProblem::NotATransfer,
            "other_household" => PairProblem::OtherHousehold,
            "same_account" => PairProblem::SameAccount,
            "not_opposite" => PairProblem::NotOpposite,
            "declined" => PairProblem::Declined,
            other => return Err(broken(&format!("a transfer problem {other:?}"))),
        };
        let peer = match r.peer_id {
            Some(peer) => Some(Leg {
                id: TransactionId(peer),
                account: account(r.peer_account_id, r.peer_account_name)?,
                date: r.peer_date.unwrap_or_default(),
                amount: Money::from_pence(r.peer_amount.unwrap_or_default()),
            }),
            None => None,
        };
        differences.push(Difference::TransferPair { household, leg, peer, problem });
    }
    Ok((Check { figure: Figure::TransferPairs, checked, differing, differences }, lone, lone_listed))
}
