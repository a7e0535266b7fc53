//! The two aggregates, kept in step with every write inside the write's database transaction,
//! with the affected accounts locked (`FOR UPDATE`, in id order, by the repository first):
//! - `month_balance` of a row = the previous row's in its (account, month), in (date, seq)
//!   order, plus its counted amount (zero unless its status counts: `TransactionStatus::counts`);
//! - the later rows of that account-month shift by the counted amount (nothing else moves:
//!   later months read their opening balance from `account_months`);
//! - `account_months` and `ledger_month_totals` change by the counted amount; the totals also
//!   count the rows and, apart, the counted rows.

use chrono::NaiveDate;
use diesel::prelude::*;
use diesel::sql_types::{Array, BigInt, Bool, Date, Nullable, Text, Uuid as SqlUuid};
use domain::dates::CalendarMonth;
use domain::transactions::{TransactionDraft, TransactionStatus, TransactionType};
use domain::UserId;
use ports::RepoError;
use uuid::Uuid;

use crate::errors::OrRepo;

/// What an amount adds to balances and totals.
fn counted(amount: i64, status: TransactionStatus) -> i64 {
    if status.counts() {
        amount
    } else {
        0
    }
}

/// A stored row, as a write needs to know it.
pub(super) struct Stored {
    pub id: Uuid,
    pub account: Uuid,
    category: Option<Uuid>,
    pub seq: i64,
    amount: i64,
    transaction_type: TransactionType,
    date: NaiveDate,
    status: TransactionStatus,
    pub is_transfer: bool,
    pub transfer_peer: Option<Uuid>,
}

impl Stored {
    fn counted(&self) -> i64 {
        counted(self.amount, self.status)
    }
}

#[derive(QueryableByName)]
struct StoredRow {
    #[diesel(sql_type = SqlUuid)]
    id: Uuid,
    #[diesel(sql_type = SqlUuid)]
    account_id: Uuid,
    #[diesel(sql_type = Nullable<SqlUuid>)]
    category_id: Option<Uuid>,
    #[diesel(sql_type = BigInt)]
    seq: i64,
    #[diesel(sql_type = BigInt)]
    amount: i64,
    #[diesel(sql_type = Text)]
    r#type: String,
    #[diesel(sql_type = Date)]
    date: NaiveDate,
    #[diesel(sql_type = Text)]
    status: String,
    #[diesel(sql_type = Bool)]
    is_transfer: bool,
    #[diesel(sql_type = Nullable<SqlUuid>)]
    transfer_peer: Option<Uuid>,
}

impl TryFrom<StoredRow> for Stored {
    type Error = RepoError;

    fn try_from(r: StoredRow) -> Result<Self, RepoError> {
        let bad =
            |e: domain::ValidationError| RepoError::Unexpected(anyhow::anyhow!("stored transaction {}: {e}", r.id));
        Ok(Stored {
            id: r.id,
            account: r.account_id,
            category: r.category_id,
            seq: r.seq,
            amount: r.amount,
            transaction_type: TransactionType::parse(&r.r#type).map_err(bad)?,
            date: r.date,
            status: TransactionStatus::parse(&r.status).map_err(bad)?,
            is_transfer: r.is_transfer,
            transfer_peer: r.transfer_peer,
        })
    }
}

/// The user's row `id`, or `NotFound`.
pub(super) fn stored(conn: &mut PgConnection, user: Uuid, id: Uuid) -> Result<Stored, RepoError> {
    let row: StoredRow = diesel::sql_query(
        "SELECT id, account_id, category_id, seq, amount, type, date, status, is_transfer, transfer_peer
         FROM transactions WHERE id = $1 AND user_id = $2",
    )
    .bind::<SqlUuid, _>(id)
    .bind::<SqlUuid, _>(user)
    .get_result(conn)
    .or_repo()?;
    row.try_into()
}

/// The fields of a row about to be written.
pub(super) struct Entry {
    pub id: Uuid,
    pub user: Uuid,
    pub account: Uuid,
    pub category: Option<Uuid>,
    pub amount: i64,
    pub transaction_type: TransactionType,
    pub description: String,
    pub notes: String,
    pub date: NaiveDate,
    pub status: TransactionStatus,
    pub is_transfer: bool,
    pub peer: Option<Uuid>,
}

impl Entry {
    pub(super) fn from_draft(user: UserId, id: Uuid, d: &TransactionDraft) -> Self {
        Entry {
            id,
            user: user.0,
            account: d.account_id.0,
            category: Some(d.category_id.0),
            amount: d.amount.pence(),
            transaction_type: d.transaction_type,
            description: d.description.clone(),
            notes: d.notes.clone(),
            date: d.date,
            status: d.status,
            is_transfer: false,
            peer: None,
        }
    }

    fn counted(&self) -> i64 {
        counted(self.amount, self.status)
    }
}

/// One row of `ledger_month_totals` (and the account's `account_months` row).
struct Bucket {
    user: Uuid,
    account: Uuid,
    category: Option<Uuid>,
    transaction_type: TransactionType,
    is_transfer: bool,
    month: CalendarMonth,
}

impl Bucket {
    fn of_entry(e: &Entry) -> Self {
        Bucket {
            user: e.user,
            account: e.account,
            category: e.category,
            transaction_type: e.transaction_type,
            is_transfer: e.is_transfer,
            month: CalendarMonth::of(e.date),
        }
    }

    fn of_stored(user: Uuid, s: &Stored) -> Self {
        Bucket {
            user,
            account: s.account,
            category: s.category,
            transaction_type: s.transaction_type,
            is_transfer: s.is_transfer,
            month: CalendarMonth::of(s.date),
        }
    }
}

/// The month balance just before position (date, seq) in the account's month, ignoring `skip`.
fn balance_before(
    conn: &mut PgConnection,
    account: Uuid,
    date: NaiveDate,
    seq: i64,
    skip: Uuid,
) -> Result<i64, RepoError> {
    #[derive(QueryableByName)]
    struct Balance {
        #[diesel(sql_type = BigInt)]
        month_balance: i64,
    }
    let found: Option<Balance> = diesel::sql_query(
        "SELECT month_balance FROM transactions
         WHERE account_id = $1 AND date >= $2 AND (date, seq) < ($3, $4) AND id <> $5
         ORDER BY date DESC, seq DESC LIMIT 1",
    )
    .bind::<SqlUuid, _>(account)
    .bind::<Date, _>(CalendarMonth::of(date).first_day())
    .bind::<Date, _>(date)
    .bind::<BigInt, _>(seq)
    .bind::<SqlUuid, _>(skip)
    .get_result(conn)
    .optional()
    .or_repo()?;
    Ok(found.map_or(0, |b| b.month_balance))
}

/// Shifts the month balances of the rows after (date, seq) in the account's month.
fn shift_after(
    conn: &mut PgConnection,
    account: Uuid,
    date: NaiveDate,
    seq: i64,
    delta: i64,
    skip: Uuid,
) -> Result<(), RepoError> {
    if delta == 0 {
        return Ok(());
    }
    diesel::sql_query(
        "UPDATE transactions SET month_balance = month_balance + $1
         WHERE account_id = $2 AND date >= $3 AND date < $4 AND (date, seq) > ($3, $5) AND id <> $6",
    )
    .bind::<BigInt, _>(delta)
    .bind::<SqlUuid, _>(account)
    .bind::<Date, _>(date)
    .bind::<Date, _>(CalendarMonth::of(date).next().first_day())
    .bind::<BigInt, _>(seq)
    .bind::<SqlUuid, _>(skip)
    .execute(conn)
    .or_repo()?;
    Ok(())
}

/// Adds a row (`sign` 1) or takes it away (`sign` -1) from its bucket's month totals and, when
/// the counted total moves, from its account's month.
fn bump_totals(
    conn: &mut PgConnection,
    bucket: &Bucket,
    amount: i64,
    status: TransactionStatus,
    sign: i64,
) -> Result<(), RepoError> {
    let month = bucket.month.first_day();
    let total = sign * counted(amount, status);
    let counted_rows = if status.counts() { sign } else { 0 };
    diesel::sql_query(
        "INSERT INTO ledger_month_totals (user_id, month, account_id, category_id, type, is_transfer, total,
                                          row_count, counted_count)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (user_id, month, account_id, category_id, type, is_transfer)
         DO UPDATE SET total = ledger_month_totals.total + EXCLUDED.total,
                       row_count = ledger_month_totals.row_count + EXCLUDED.row_count,
                       counted_count = ledger_month_totals.counted_count + EXCLUDED.counted_count",
    )
    .bind::<SqlUuid, _>(bucket.user)
    .bind::<Date, _>(month)
    .bind::<SqlUuid, _>(bucket.account)
    .bind::<Nullable<SqlUuid>, _>(bucket.category)
    .bind::<Text, _>(bucket.transaction_type.as_str())
    .bind::<Bool, _>(bucket.is_transfer)
    .bind::<BigInt, _>(total)
    .bind::<BigInt, _>(sign)
    .bind::<BigInt, _>(counted_rows)
    .execute(conn)
    .or_repo()?;
    if total != 0 {
        diesel::sql_query(
            "INSERT INTO account_months (account_id, month, net) VALUES ($1, $2, $3)
             ON CONFLICT (account_id, month) DO UPDATE SET net = account_months.net + EXCLUDED.net",
        )
        .bind::<SqlUuid, _>(bucket.account)
        .bind::<Date, _>(month)
        .bind::<BigInt, _>(total)
        .execute(conn)
        .or_repo()?;
    }
    Ok(())
}

/// Inserts a row at the end of its day and does its bookkeeping. Accounts must be locked.
pub(super) fn add_entry(conn: &mut PgConnection, entry: &Entry) -> Result<(), RepoError> {
    #[derive(QueryableByName)]
    struct Seq {
        #[diesel(sql_type = BigInt)]
        seq: i64,
    }
    let seq = diesel::sql_query("SELECT nextval('transactions_seq') AS seq").get_result::<Seq>(conn).or_repo()?.seq;
    let counted = entry.counted();
    let month_balance = balance_before(conn, entry.account, entry.date, seq, entry.id)? + counted;
    diesel::sql_query(
        "INSERT INTO transactions (id, user_id, account_id, category_id, seq, amount, type, description, notes, date,
                                   status, is_transfer, transfer_peer, month_balance)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)",
    )
    .bind::<SqlUuid, _>(entry.id)
    .bind::<SqlUuid, _>(entry.user)
    .bind::<SqlUuid, _>(entry.account)
    .bind::<Nullable<SqlUuid>, _>(entry.category)
    .bind::<BigInt, _>(seq)
    .bind::<BigInt, _>(entry.amount)
    .bind::<Text, _>(entry.transaction_type.as_str())
    .bind::<Text, _>(&entry.description)
    .bind::<Text, _>(&entry.notes)
    .bind::<Date, _>(entry.date)
    .bind::<Text, _>(entry.status.as_str())
    .bind::<Bool, _>(entry.is_transfer)
    .bind::<Nullable<SqlUuid>, _>(entry.peer)
    .bind::<BigInt, _>(month_balance)
    .execute(conn)
    .or_repo()?;
    shift_after(conn, entry.account, entry.date, seq, counted, entry.id)?;
    bump_totals(conn, &Bucket::of_entry(entry), entry.amount, entry.status, 1)
}

/// Rewrites a stored (non-transfer) row with a draft's fields, keeping its entry order, and
/// moves its contribution from where it was to where it now is. Accounts must be locked.
pub(super) fn replace_entry(conn: &mut PgConnection, before: &Stored, entry: &Entry) -> Result<(), RepoError> {
    withdraw(conn, entry.user, before)?;
    let counted = entry.counted();
    let month_balance = balance_before(conn, entry.account, entry.date, before.seq, entry.id)? + counted;
    diesel::sql_query(
        "UPDATE transactions SET account_id = $2, category_id = $3, amount = $4, type = $5,
                description = $6, notes = $7, date = $8, status = $9, month_balance = $10,
                updated_at = now()
         WHERE id = $1",
    )
    .bind::<SqlUuid, _>(entry.id)
    .bind::<SqlUuid, _>(entry.account)
    .bind::<Nullable<SqlUuid>, _>(entry.category)
    .bind::<BigInt, _>(entry.amount)
    .bind::<Text, _>(entry.transaction_type.as_str())
    .bind::<Text, _>(&entry.description)
    .bind::<Text, _>(&entry.notes)
    .bind::<Date, _>(entry.date)
    .bind::<Text, _>(entry.status.as_str())
    .bind::<BigInt, _>(month_balance)
    .execute(conn)
    .or_repo()?;
    shift_after(conn, entry.account, entry.date, before.seq, counted, entry.id)?;
    bump_totals(conn, &Bucket::of_entry(entry), entry.amount, entry.status, 1)
}

/// Takes a stored row's contribution out of balances and totals (the row itself stays).
fn withdraw(conn: &mut PgConnection, user: Uuid, row: &Stored) -> Result<(), RepoError> {
    shift_after(conn, row.account, row.date, row.seq, -row.counted(), row.id)?;
    bump_totals(conn, &Bucket::of_stored(user, row), row.amount, row.status, -1)
}

/// Deletes rows (a transaction, or both legs of a transfer) with their bookkeeping. Accounts
/// must be locked.
pub(super) fn remove_rows(conn: &mut PgConnection, user: Uuid, rows: &[Stored]) -> Result<(), RepoError> {
    for row in rows {
        withdraw(conn, user, row)?;
    }
    let ids: Vec<Uuid> = rows.iter().map(|r| r.id).collect();
    diesel::sql_query("DELETE FROM transactions WHERE id = ANY($1)")
        .bind::<Array<SqlUuid>, _>(&ids)
        .execute(conn)
        .or_repo()?;
    Ok(())
}

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
    let mut seqs: Vec<i64> = diesel::sql_query("SELECT nextval('transactions_seq') AS seq FROM generate_series(1, $1)")
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
    diesel::sql_query(
        "INSERT INTO transactions (id, user_id, account_id, category_id, seq, amount, type, description, notes, date,
                                   status, is_transfer, transfer_peer, month_balance)
         SELECT u.id, $1, $2, u.category, u.seq, u.amount, u.type, u.description, u.notes, u.date, u.status, false, NULL, 0
         FROM unnest($3::uuid[], $4::uuid[], $5::bigint[], $6::bigint[], $7::text[], $8::text[], $9::text[], $10::date[],
                     $11::text[]) AS u(id, category, seq, amount, type, description, notes, date, status)",
    )
    .bind::<SqlUuid, _>(entries[0].user)
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
    .execute(conn)
    .or_repo()?;
    let mut months: Vec<NaiveDate> = entries.iter().map(|e| CalendarMonth::of(e.date).first_day()).collect();
    months.sort_unstable();
    months.dedup();
    rebalance_months(conn, account, &months)?;
    diesel::sql_query(format!(
        "INSERT INTO account_months (account_id, month, net)
         SELECT $1, date_trunc('month', t.date)::date, SUM(t.amount) FILTER (WHERE {counts})
         FROM transactions t WHERE t.id = ANY($2)
         GROUP BY 2 HAVING COALESCE(SUM(t.amount) FILTER (WHERE {counts}), 0) <> 0
         ON CONFLICT (account_id, month) DO UPDATE SET net = account_months.net + EXCLUDED.net",
        counts = super::COUNTS
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
    diesel::sql_query(format!(
        "UPDATE transactions x SET month_balance = r.running
         FROM (SELECT t.id, SUM(CASE WHEN {counts} THEN t.amount ELSE 0 END)
                              OVER (PARTITION BY date_trunc('month', t.date) ORDER BY t.date, t.seq) AS running
               FROM transactions t
               WHERE t.account_id = $1 AND t.date >= $3 AND t.date < $4
                 AND date_trunc('month', t.date)::date = ANY($2)) r
         WHERE x.id = r.id AND x.month_balance <> r.running",
        counts = super::COUNTS
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
    let touched: Vec<Touched> = diesel::sql_query(
        "SELECT DISTINCT account_id, date_trunc('month', date)::date AS month FROM transactions WHERE id = ANY($1)",
    )
    .bind::<Array<SqlUuid>, _>(ids)
    .load(conn)
    .or_repo()?;
    diesel::sql_query(format!(
        "UPDATE account_months m SET net = m.net - g.net
         FROM (SELECT t.account_id, date_trunc('month', t.date)::date AS month,
                      COALESCE(SUM(t.amount) FILTER (WHERE {counts}), 0) AS net
               FROM transactions t WHERE t.id = ANY($1) GROUP BY 1, 2) g
         WHERE m.account_id = g.account_id AND m.month = g.month",
        counts = super::COUNTS
    ))
    .bind::<Array<SqlUuid>, _>(ids)
    .execute(conn)
    .or_repo()?;
    take_from_totals(conn, ids)?;
    diesel::sql_query("DELETE FROM transactions WHERE id = ANY($1)")
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

/// Adds the rows `ids` to `ledger_month_totals`, grouped by bucket.
fn add_to_totals(conn: &mut PgConnection, ids: &[Uuid]) -> Result<(), RepoError> {
    diesel::sql_query(format!(
        "INSERT INTO ledger_month_totals (user_id, month, account_id, category_id, type, is_transfer, total,
                                          row_count, counted_count)
         SELECT t.user_id, date_trunc('month', t.date)::date, t.account_id, t.category_id, t.type, t.is_transfer,
                COALESCE(SUM(t.amount) FILTER (WHERE {counts}), 0), COUNT(*), COUNT(*) FILTER (WHERE {counts})
         FROM transactions t WHERE t.id = ANY($1)
         GROUP BY 1, 2, 3, 4, 5, 6
         ON CONFLICT (user_id, month, account_id, category_id, type, is_transfer)
         DO UPDATE SET total = ledger_month_totals.total + EXCLUDED.total,
                       row_count = ledger_month_totals.row_count + EXCLUDED.row_count,
                       counted_count = ledger_month_totals.counted_count + EXCLUDED.counted_count",
        counts = super::COUNTS
    ))
    .bind::<Array<SqlUuid>, _>(ids)
    .execute(conn)
    .or_repo()?;
    Ok(())
}

/// Takes the rows `ids` out of `ledger_month_totals`, grouped by bucket.
fn take_from_totals(conn: &mut PgConnection, ids: &[Uuid]) -> Result<(), RepoError> {
    diesel::sql_query(format!(
        "UPDATE ledger_month_totals l
         SET total = l.total - g.total, row_count = l.row_count - g.row_count,
             counted_count = l.counted_count - g.counted_count
         FROM (SELECT t.user_id, date_trunc('month', t.date)::date AS month, t.account_id, t.category_id, t.type,
                      t.is_transfer, COALESCE(SUM(t.amount) FILTER (WHERE {counts}), 0) AS total,
                      COUNT(*) AS row_count, COUNT(*) FILTER (WHERE {counts}) AS counted_count
               FROM transactions t WHERE t.id = ANY($1) GROUP BY 1, 2, 3, 4, 5, 6) g
         WHERE l.user_id = g.user_id AND l.month = g.month AND l.account_id = g.account_id
           AND l.category_id IS NOT DISTINCT FROM g.category_id AND l.type = g.type
           AND l.is_transfer = g.is_transfer",
        counts = super::COUNTS
    ))
    .bind::<Array<SqlUuid>, _>(ids)
    .execute(conn)
    .or_repo()?;
    Ok(())
}

/// Gives stored non-transfer rows (their accounts locked by the caller) new categories and
/// descriptions: the rows move between category buckets of the month totals; balances do not
/// change. A few statements however many rows.
pub(super) fn recategorise(conn: &mut PgConnection, changes: &[(Uuid, Uuid, String)]) -> Result<(), RepoError> {
    if changes.is_empty() {
        return Ok(());
    }
    let ids: Vec<Uuid> = changes.iter().map(|c| c.0).collect();
    let categories: Vec<Uuid> = changes.iter().map(|c| c.1).collect();
    let descriptions: Vec<String> = changes.iter().map(|c| c.2.clone()).collect();
    take_from_totals(conn, &ids)?;
    diesel::sql_query(
        "UPDATE transactions t SET category_id = u.category, description = u.description, updated_at = now()
         FROM unnest($1::uuid[], $2::uuid[], $3::text[]) AS u(id, category, description) WHERE t.id = u.id",
    )
    .bind::<Array<SqlUuid>, _>(&ids)
    .bind::<Array<SqlUuid>, _>(&categories)
    .bind::<Array<Text>, _>(&descriptions)
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
    diesel::sql_query(
        "UPDATE transactions t SET is_transfer = $2, pairing = $3, updated_at = now(),
                transfer_peer = CASE WHEN $2 THEN (SELECT x FROM unnest($1::uuid[]) x WHERE x <> t.id LIMIT 1) END
         WHERE t.id = ANY($1)",
    )
    .bind::<Array<SqlUuid>, _>(ids)
    .bind::<Bool, _>(paired)
    .bind::<Nullable<Text>, _>(pairing.map(|p| p.as_str()))
    .execute(conn)
    .or_repo()?;
    add_to_totals(conn, ids)
}
