//! Each derived figure beside what the rows say it should be, as a subquery with a `differs`
//! column: the check counts and lists from it, the repair writes `recomputed` where it differs.
//! The rules are the writes' (`transactions::bookkeeping` and `batch`, `goals::settle`): the
//! counted amount is `counts!()`'s, a month is `date_trunc('month', date)`, the running balance
//! runs in (date, seq) order within an account-month. A figure with no stored row reads as zero,
//! as every reader takes it (the writes leave zeroed rows behind and create none for a zero).
//!
//! Every fragment reads `$1`, the household (NULL for every household).

/// Whether the household column `$column` is in the scope `$1`.
macro_rules! in_scope {
    ($column:literal) => {
        concat!("($1::uuid IS NULL OR ", $column, " = $1)")
    };
}
pub(super) use in_scope;

/// Each (account, month) with a stored net or a row: `account_months.net` (`stored`) and the
/// sum of its counted rows (`recomputed`).
macro_rules! month_nets {
    () => {
        concat!(
            "SELECT a.household_id, a.id AS account_id, a.name AS account_name, k.month, k.stored, k.recomputed,
                    k.stored <> k.recomputed AS differs
             FROM (SELECT COALESCE(s.account_id, r.account_id) AS account_id, COALESCE(s.month, r.month) AS month,
                          COALESCE(s.net, 0)::bigint AS stored, COALESCE(r.net, 0)::bigint AS recomputed
                   FROM (SELECT m.account_id, m.month, m.net
                         FROM account_months m JOIN accounts a ON a.id = m.account_id
                         WHERE ",
            $crate::verify::recompute::in_scope!("a.household_id"),
            ") s
                   FULL JOIN (SELECT t.account_id, date_trunc('month', t.date)::date AS month,
                                     COALESCE(SUM(t.amount) FILTER (WHERE ",
            $crate::transactions::counts!(),
            "), 0) AS net
                              FROM transactions t JOIN accounts a ON a.id = t.account_id
                              WHERE ",
            $crate::verify::recompute::in_scope!("a.household_id"),
            "
                              GROUP BY 1, 2) r
                     ON r.account_id = s.account_id AND r.month = s.month) k
             JOIN accounts a ON a.id = k.account_id"
        )
    };
}
pub(super) use month_nets;

/// Each row: its `month_balance` (`stored`) and the running sum of the counted amounts of its
/// account-month up to and including it in (date, seq) order (`recomputed`), as
/// `batch::rebalance_months` computes it.
macro_rules! running_balances {
    () => {
        concat!(
            "SELECT r.*, r.stored <> r.recomputed AS differs
             FROM (SELECT a.household_id, a.id AS account_id, a.name AS account_name, t.id, t.date, t.seq,
                          t.month_balance AS stored,
                          (SUM(CASE WHEN ",
            $crate::transactions::counts!(),
            " THEN t.amount ELSE 0 END)
                             OVER (PARTITION BY t.account_id, date_trunc('month', t.date) ORDER BY t.date, t.seq))::bigint
                            AS recomputed
                   FROM accounts a JOIN transactions t ON t.account_id = a.id
                   WHERE ",
            $crate::verify::recompute::in_scope!("a.household_id"),
            ") r"
        )
    };
}
pub(super) use running_balances;

/// Each month totals bucket with a stored row or a row of the ledger: its stored figures
/// (`stored_*`) and those its rows make (`total`, `row_count`, `counted_count`). A bucket's
/// category may be NULL (a typed transfer's legs), which a FULL JOIN cannot match on: both sides
/// carry a key that is the nil uuid for it.
macro_rules! month_totals {
    () => {
        concat!(
            "SELECT k.*, (k.stored_total, k.stored_rows, k.stored_counted) <> (k.total, k.row_count, k.counted_count)
                    AS differs
             FROM (SELECT COALESCE(s.household_id, r.household_id) AS household_id, COALESCE(s.month, r.month) AS month,
                          COALESCE(s.account_id, r.account_id) AS account_id,
                          COALESCE(s.category_id, r.category_id) AS category_id, COALESCE(s.type, r.type) AS type,
                          COALESCE(s.is_transfer, r.is_transfer) AS is_transfer,
                          COALESCE(s.total, 0)::bigint AS stored_total, COALESCE(s.row_count, 0)::bigint AS stored_rows,
                          COALESCE(s.counted_count, 0)::bigint AS stored_counted,
                          COALESCE(r.total, 0)::bigint AS total, COALESCE(r.row_count, 0)::bigint AS row_count,
                          COALESCE(r.counted_count, 0)::bigint AS counted_count
                   FROM (SELECT l.household_id, l.month, l.account_id, l.category_id, l.type, l.is_transfer, l.total,
                                l.row_count, l.counted_count,
                                COALESCE(l.category_id, '00000000-0000-0000-0000-000000000000') AS category_key
                         FROM ledger_month_totals l
                         WHERE ",
            $crate::verify::recompute::in_scope!("l.household_id"),
            ") s
                   FULL JOIN (SELECT t.household_id, date_trunc('month', t.date)::date AS month, t.account_id,
                                     t.category_id, t.type, t.is_transfer,
                                     COALESCE(t.category_id, '00000000-0000-0000-0000-000000000000') AS category_key,
                                     COALESCE(SUM(t.amount) FILTER (WHERE ",
            $crate::transactions::counts!(),
            "), 0) AS total,
                                     SUM(t.n) AS row_count, COALESCE(SUM(t.n) FILTER (WHERE ",
            $crate::transactions::counts!(),
            "), 0) AS counted_count
                              FROM ledger_lines t
                              WHERE ",
            $crate::verify::recompute::in_scope!("t.household_id"),
            "
                              GROUP BY 1, 2, 3, 4, 5, 6) r
                     ON r.household_id = s.household_id AND r.month = s.month AND r.account_id = s.account_id
                    AND r.category_key = s.category_key AND r.type = s.type AND r.is_transfer = s.is_transfer) k"
        )
    };
}
pub(super) use month_totals;

/// Each goal: its saved amount and completion (`stored`, `stored_complete`) and the sum of its
/// contributions (`recomputed`), complete when that reaches the target, as `goals::settle` has
/// it.
macro_rules! goals_saved {
    () => {
        concat!(
            "SELECT k.*, k.stored <> k.recomputed OR k.stored_complete <> (k.recomputed >= k.target_amount) AS differs
             FROM (SELECT g.household_id, g.id, g.name, g.target_amount, g.current_amount AS stored,
                          g.completed_at IS NOT NULL AS stored_complete,
                          COALESCE((SELECT SUM(c.amount) FROM goal_contributions c
                                    WHERE c.household_id = g.household_id AND c.goal_id = g.id), 0)::bigint AS recomputed
                   FROM goals g
                   WHERE ",
            $crate::verify::recompute::in_scope!("g.household_id"),
            ") k"
        )
    };
}
pub(super) use goals_saved;
