//! The repair of one household, inside the caller's database transaction: its accounts and
//! goals locked (accounts in id order, as every ledger write takes them, so a write waits rather
//! than deadlocks), checked again under the locks, and each kind of figure that differs
//! rewritten from the rows in one statement. Transfer legs are never changed. `$1` is the
//! household.

use diesel::prelude::*;
use diesel::sql_types::Uuid as SqlUuid;
use ports::verify::{Figure, VerifyReport};
use ports::RepoError;
use uuid::Uuid;

use super::checks;
use super::recompute::{goals_saved, in_scope, month_nets, month_totals, running_balances};
use crate::errors::OrRepo;
use crate::statements::{query, sql, Sql};

/// The households in the scope (every household when `None`), in id order.
pub(super) fn households(conn: &mut PgConnection, scope: Option<Uuid>) -> Result<Vec<Uuid>, RepoError> {
    #[derive(QueryableByName)]
    struct Id {
        #[diesel(sql_type = SqlUuid)]
        id: Uuid,
    }
    let ids: Vec<Id> = query(sql!("SELECT h.id FROM households h WHERE ", in_scope!("h.id"), " ORDER BY h.id"))
        .bind::<diesel::sql_types::Nullable<SqlUuid>, _>(scope)
        .load(conn)
        .or_repo()?;
    Ok(ids.into_iter().map(|i| i.id).collect())
}

/// Locks, checks and repairs the household; answers what was found (and so rewritten).
pub(super) fn household(conn: &mut PgConnection, household: Uuid) -> Result<VerifyReport, RepoError> {
    let run = |conn: &mut PgConnection, statement: Sql| {
        query(statement).bind::<SqlUuid, _>(household).execute(conn).or_repo()
    };
    run(conn, sql!("SELECT id FROM accounts WHERE household_id = $1 ORDER BY id FOR UPDATE"))?;
    run(conn, sql!("SELECT id FROM goals WHERE household_id = $1 ORDER BY id FOR UPDATE"))?;
    let mut found = checks::run(conn, Some(household))?;
    found.repaired = true;
    let differs = |figure: Figure| found.check(figure).differing > 0;
    if differs(Figure::MonthNets) {
        run(
            conn,
            sql!(
                "INSERT INTO account_months (account_id, month, net)
                 SELECT c.account_id, c.month, c.recomputed FROM (",
                month_nets!(),
                ") c WHERE c.differs
                 ON CONFLICT (account_id, month) DO UPDATE SET net = EXCLUDED.net"
            ),
        )?;
    }
    if differs(Figure::RunningBalances) {
        run(
            conn,
            sql!(
                "UPDATE transactions x SET month_balance = c.recomputed FROM (",
                running_balances!(),
                ") c WHERE x.id = c.id AND c.differs"
            ),
        )?;
    }
    if differs(Figure::MonthTotals) {
        run(
            conn,
            sql!(
                "INSERT INTO ledger_month_totals (household_id, month, account_id, category_id, type, is_transfer, total,
                                                  row_count, counted_count)
                 SELECT c.household_id, c.month, c.account_id, c.category_id, c.type, c.is_transfer, c.total, c.row_count,
                        c.counted_count
                 FROM (",
                month_totals!(),
                ") c WHERE c.differs
                 ON CONFLICT (household_id, month, account_id, category_id, type, is_transfer)
                 DO UPDATE SET total = EXCLUDED.total, row_count = EXCLUDED.row_count,
                               counted_count = EXCLUDED.counted_count"
            ),
        )?;
    }
    if differs(Figure::GoalsSaved) {
        // `goals::settle`'s rule: complete once the contributions reach the target (kept from when
        // it was, or from now), not complete below it.
        run(
            conn,
            sql!(
                "UPDATE goals g SET current_amount = c.recomputed,
                        completed_at = CASE WHEN c.recomputed >= g.target_amount THEN COALESCE(g.completed_at, now()) END,
                        updated_at = now()
                 FROM (",
                goals_saved!(),
                ") c WHERE g.id = c.id AND c.differs"
            ),
        )?;
    }
    Ok(found)
}
