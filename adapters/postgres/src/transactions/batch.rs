//! The writes of many rows at once (a statement import, undoing one, a rule applied to stored
//! rows, pairing): a handful of set-based statements however many rows, with the same balances
//! and totals as writing the rows one by one (`bookkeeping`).

use chrono::NaiveDate;
use diesel::prelude::*;
use diesel::sql_types::{Array, BigInt, Bool, Date, Nullable, Text, Uuid as SqlUuid};
use domain::dates::CalendarMonth;
use ports::RepoError;
use uuid::Uuid;

use crate::errors::OrRepo;

use super::bookkeeping::Entry;
use super::counts;
use crate::statements::{query, sql};

/// Inserts many new non-transfer rows into one account (locked by the caller), each at the end
/// of its day in the order given, then recomputes the month balances of the months they fall in
/// and adds them to `account_months` and `ledger_month_totals`: a handful of statements however
/// many rows, with the same result as adding them one by one. Answers the new rows' ids.
pub(super) fn add_entries(conn: &mut PgConnection, account: Uuid, entries: &[Entry]) -> Result<Vec<Uuid>, RepoError> {
    #[derive(QueryableByName)]
    struct Seq {
        #[diesel(sql_type = BigInt)]
        seq: i64,
    }
    if entries.is_empty() {
        return Ok(Vec::new());
    }
    let mut seqs: Vec<i64> = query(sql!("SELECT nextval('transactions_seq') AS seq FROM generate_series(1, $1)"))
        .bind::<BigInt, _>(entries.len() as i64)
        .load::<Seq>(conn)
        .or_repo()?
        .into_iter()
        .map(|s| s.seq)
        .collect();
    seqs.sort_unstable();
    let column = |f: &dyn Fn(&Entry) -> String| entries.iter().map(f).collect::<Vec<_>>();
    let ids: Vec<Uuid> = entries.iter().map(|e| e.id).collect();
    let categories: Vec<Option<Uuid>> = entries.iter().map(|e| e.category).collect();
    let amounts: Vec<i64> = entries.iter().map(|e| e.amount).collect();
    let dates: Vec<NaiveDate> = entries.iter().map(|e| e.date).collect();
    query(
        sql!("INSERT INTO transactions (id, household_id, account_id, category_id, seq, amount, type, description, notes, date,
                                   status, is_transfer, transfer_peer, month_balance, created_by)
         SELECT u.id, $1, $2, u.category, u.seq, u.amount, u.type, u.description, u.notes, u.date, u.status, false, NULL, 0,
                $12
         FROM unnest($3::uuid[], $4::uuid[], $5::bigint[], $6::bigint[], $7::text[], $8::text[], $9::text[], $10::date[],
                     $11::text[]) AS u(id, category, seq, amount, type, description, notes, date, status)"),
    )
    .bind::<SqlUuid, _>(entries[0].household)
    .bind::<SqlUuid, _>(account)
    .bind::<Array<SqlUuid>, _>(&ids)
    .bind::<Array<Nullable<SqlUuid>>, _>(&categories)
    .bind::<Array<BigInt>, _>(&seqs)
    .bind::<Array<BigInt>, _>(&amounts)
    .bind::<Array<Text>, _>(column(&|e| e.transaction_type.as_str().to_owned()))
    .bind::<Array<Text>, _>(column(&|e| e.description.clone()))
    .bind::<Array<Text>, _>(column(&|e| e.notes.clone()))
    .bind::<Array<Date>, _>(&dates)
    .bind::<Array<Text>, _>(column(&|e| e.status.as_str().to_owned()))
    .bind::<SqlUuid, _>(entries[0].created_by)
    .execute(conn)
    .or_repo()?;
    let mut months: Vec<NaiveDate> = entries.iter().map(|e| CalendarMonth::of(e.date).first_day()).collect();
    months.sort_unstable();
    months.dedup();
    rebalance_months(conn, account, &months)?;
    query(sql!(
        "INSERT INTO account_months (account_id, month, net)
         SELECT $1, date_trunc('month', t.date)::date, SUM(t.amount) FILTER (WHERE ",
        counts!(),
        ")
         FROM transactions t WHERE t.id = ANY($2)
         GROUP BY 2 HAVING COALESCE(SUM(t.amount) FILTER (WHERE ",
        counts!(),
        "), 0) <> 0
         ON CONFLICT (account_id, month) DO UPDATE SET net = account_months.net + EXCLUDED.net"
    ))
    .bind::<SqlUuid, _>(account)
    .bind::<Array<SqlUuid>, _>(&ids)
    .execute(conn)
    .or_repo()?;
    add_to_totals(conn, &ids)?;
    Ok(ids)
}

/// Recomputes the month balances of the account's rows in `months` (first days) from the rows.
/// The date range from the first month to the end of the last lets the account's (date, seq)
/// index read just those months: a statement of last month into a decade-long account reads
/// that month, not the decade.
fn rebalance_months(conn: &mut PgConnection, account: Uuid, months: &[NaiveDate]) -> Result<(), RepoError> {
    let (Some(first), Some(last)) = (months.iter().min(), months.iter().max()) else { return Ok(()) };
    let after = CalendarMonth::of(*last).next().first_day();
    query(sql!(
        "UPDATE transactions x SET month_balance = r.running
         FROM (SELECT t.id, SUM(CASE WHEN ",
        counts!(),
        " THEN t.amount ELSE 0 END)
                              OVER (PARTITION BY date_trunc('month', t.date) ORDER BY t.date, t.seq) AS running
               FROM transactions t
               WHERE t.account_id = $1 AND t.date >= $3 AND t.date < $4
                 AND date_trunc('month', t.date)::date = ANY($2)) r
         WHERE x.id = r.id AND x.month_balance <> r.running"
    ))
    .bind::<SqlUuid, _>(account)
    .bind::<Array<Date>, _>(months)
    .bind::<Date, _>(*first)
    .bind::<Date, _>(after)
    .execute(conn)
    .or_repo()?;
    Ok(())
}

/// Deletes many non-transfer rows (their accounts locked by the caller) and takes them out of
/// `account_months` and `ledger_month_totals` by group, then recomputes the month balances of
/// the months they were in: a handful of statements however many rows.
pub(super) fn remove_entries(conn: &mut PgConnection, ids: &[Uuid]) -> Result<(), RepoError> {
    #[derive(QueryableByName)]
    struct Touched {
        #[diesel(sql_type = SqlUuid)]
        account_id: Uuid,
        #[diesel(sql_type = Date)]
        month: NaiveDate,
    }
    if ids.is_empty() {
        return Ok(());
    }
    let touched: Vec<Touched> = query(sql!(
        "SELECT DISTINCT account_id, date_trunc('month', date)::date AS month FROM transactions WHERE id = ANY($1)"
    ))
    .bind::<Array<SqlUuid>, _>(ids)
    .load(conn)
    .or_repo()?;
    query(sql!(
        "UPDATE account_months m SET net = m.net - g.net
         FROM (SELECT t.account_id, date_trunc('month', t.date)::date AS month,
                      COALESCE(SUM(t.amount) FILTER (WHERE ",
        counts!(),
        "), 0) AS net
               FROM transactions t WHERE t.id = ANY($1) GROUP BY 1, 2) g
         WHERE m.account_id = g.account_id AND m.month = g.month"
    ))
    .bind::<Array<SqlUuid>, _>(ids)
    .execute(conn)
    .or_repo()?;
    take_from_totals(conn, ids)?;
    query(sql!("DELETE FROM transactions WHERE id = ANY($1)"))
        .bind::<Array<SqlUuid>, _>(ids)
        .execute(conn)
        .or_repo()?;
    let mut accounts: Vec<Uuid> = touched.iter().map(|t| t.account_id).collect();
    accounts.sort_unstable();
    accounts.dedup();
    for account in accounts {
        let months: Vec<NaiveDate> = touched.iter().filter(|t| t.account_id == account).map(|t| t.month).collect();
        rebalance_months(conn, account, &months)?;
    }
    Ok(())
}

/// Adds the rows `ids` to `ledger_month_totals`: their lines (`ledger_lines`, one per category
/// of a split) grouped by bucket.
pub(super) fn add_to_totals(conn: &mut PgConnection, ids: &[Uuid]) -> Result<(), RepoError> {
    query(sql!(
        "INSERT INTO ledger_month_totals (household_id, month, account_id, category_id, type, is_transfer, total,
                                          row_count, counted_count)
         SELECT t.household_id, date_trunc('month', t.date)::date, t.account_id, t.category_id, t.type, t.is_transfer,
                COALESCE(SUM(t.amount) FILTER (WHERE ",
        counts!(),
        "), 0), SUM(t.n), COALESCE(SUM(t.n) FILTER (WHERE ",
        counts!(),
        "), 0)
         FROM ledger_lines t WHERE t.id = ANY($1)
         GROUP BY 1, 2, 3, 4, 5, 6
         ON CONFLICT (household_id, month, account_id, category_id, type, is_transfer)
         DO UPDATE SET total = ledger_month_totals.total + EXCLUDED.total,
                       row_count = ledger_month_totals.row_count + EXCLUDED.row_count,
                       counted_count = ledger_month_totals.counted_count + EXCLUDED.counted_count"
    ))
    .bind::<Array<SqlUuid>, _>(ids)
    .execute(conn)
    .or_repo()?;
    Ok(())
}

/// Takes the rows `ids` out of `ledger_month_totals`: their lines grouped by bucket.
pub(super) fn take_from_totals(conn: &mut PgConnection, ids: &[Uuid]) -> Result<(), RepoError> {
    query(sql!(
        "UPDATE ledger_month_totals l
         SET total = l.total - g.total, row_count = l.row_count - g.row_count,
             counted_count = l.counted_count - g.counted_count
         FROM (SELECT t.household_id, date_trunc('month', t.date)::date AS month, t.account_id, t.category_id, t.type,
                      t.is_transfer, COALESCE(SUM(t.amount) FILTER (WHERE ",
        counts!(),
        "), 0) AS total,
                      SUM(t.n) AS row_count, COALESCE(SUM(t.n) FILTER (WHERE ",
        counts!(),
        "), 0) AS counted_count
               FROM ledger_lines t WHERE t.id = ANY($1) GROUP BY 1, 2, 3, 4, 5, 6) g
         WHERE l.household_id = g.household_id AND l.month = g.month AND l.account_id = g.account_id
           AND l.category_id IS NOT DISTINCT FROM g.category_id AND l.type = g.type
           AND l.is_transfer = g.is_transfer"
    ))
    .bind::<Array<SqlUuid>, _>(ids)
    .execute(conn)
    .or_repo()?;
    Ok(())
}

/// Gives stored non-transfer rows (their accounts locked by the caller) new categories and
/// descriptions (a split row becomes one of the category): the rows move between category
/// buckets of the month totals; balances do not change. A few statements however many rows.
pub(super) fn recategorise(conn: &mut PgConnection, changes: &[(Uuid, Uuid, String)]) -> Result<(), RepoError> {
    if changes.is_empty() {
        return Ok(());
    }
    let ids: Vec<Uuid> = changes.iter().map(|c| c.0).collect();
    let categories: Vec<Uuid> = changes.iter().map(|c| c.1).collect();
    let descriptions: Vec<String> = changes.iter().map(|c| c.2.clone()).collect();
    take_from_totals(conn, &ids)?;
    query(sql!(
        "UPDATE transactions t SET category_id = u.category, description = u.description, is_split = false,
                split_categories = 0, updated_at = now()
         FROM unnest($1::uuid[], $2::uuid[], $3::text[]) AS u(id, category, description) WHERE t.id = u.id"
    ))
    .bind::<Array<SqlUuid>, _>(&ids)
    .bind::<Array<SqlUuid>, _>(&categories)
    .bind::<Array<Text>, _>(&descriptions)
    .execute(conn)
    .or_repo()?;
    query(sql!("DELETE FROM transaction_splits WHERE transaction_id = ANY($1)"))
        .bind::<Array<SqlUuid>, _>(&ids)
        .execute(conn)
        .or_repo()?;
    add_to_totals(conn, &ids)
}

/// Makes stored rows (their accounts locked by the caller) the two legs of one transfer, or
/// (`pairing` None or `Dismissed`) ordinary rows again: each moves between the transfer and the
/// ordinary bucket of its month totals, keeping its category; balances do not change.
pub(super) fn set_pairing(
    conn: &mut PgConnection,
    ids: &[Uuid],
    pairing: Option<domain::transfers::Pairing>,
) -> Result<(), RepoError> {
    let paired = pairing.is_some_and(|p| p.is_paired());
    take_from_totals(conn, ids)?;
    query(sql!(
        "UPDATE transactions t SET is_transfer = $2, pairing = $3, updated_at = now(),
                transfer_peer = CASE WHEN $2 THEN (SELECT x FROM unnest($1::uuid[]) x WHERE x <> t.id LIMIT 1) END
         WHERE t.id = ANY($1)"
    ))
    .bind::<Array<SqlUuid>, _>(ids)
    .bind::<Bool, _>(paired)
    .bind::<Nullable<Text>, _>(pairing.map(|p| p.as_str()))
    .execute(conn)
    .or_repo()?;
    add_to_totals(conn, ids)
}
