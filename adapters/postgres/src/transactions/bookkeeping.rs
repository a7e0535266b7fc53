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
use domain::Scope;
use ports::RepoError;
use uuid::Uuid;

use crate::errors::OrRepo;
use crate::statements::{query, sql};

/// What an amount adds to balances and totals.
pub(super) fn counted(amount: i64, status: TransactionStatus) -> i64 {
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
    pub category: Option<Uuid>,
    pub seq: i64,
    amount: i64,
    pub transaction_type: TransactionType,
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

/// The household's row `id`, or `NotFound`.
pub(super) fn stored(conn: &mut PgConnection, household: Uuid, id: Uuid) -> Result<Stored, RepoError> {
    let row: StoredRow = query(sql!(
        "SELECT id, account_id, category_id, seq, amount, type, date, status, is_transfer, transfer_peer
         FROM transactions WHERE id = $1 AND household_id = $2"
    ))
    .bind::<SqlUuid, _>(id)
    .bind::<SqlUuid, _>(household)
    .get_result(conn)
    .or_repo()?;
    row.try_into()
}

/// The fields of a row about to be written.
pub(super) struct Entry {
    pub id: Uuid,
    pub household: Uuid,
    /// The member who made it.
    pub created_by: Uuid,
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
    pub(super) fn from_draft(scope: Scope, id: Uuid, d: &TransactionDraft) -> Self {
        Entry {
            id,
            household: scope.household.0,
            created_by: scope.member.0,
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
    household: Uuid,
    account: Uuid,
    category: Option<Uuid>,
    transaction_type: TransactionType,
    is_transfer: bool,
    month: CalendarMonth,
}

impl Bucket {
    fn of_entry(e: &Entry) -> Self {
        Bucket {
            household: e.household,
            account: e.account,
            category: e.category,
            transaction_type: e.transaction_type,
            is_transfer: e.is_transfer,
            month: CalendarMonth::of(e.date),
        }
    }

    fn of_stored(household: Uuid, s: &Stored) -> Self {
        Bucket {
            household,
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
    let found: Option<Balance> = query(sql!(
        "SELECT month_balance FROM transactions
         WHERE account_id = $1 AND date >= $2 AND (date, seq) < ($3, $4) AND id <> $5
         ORDER BY date DESC, seq DESC LIMIT 1"
    ))
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
    query(sql!(
        "UPDATE transactions SET month_balance = month_balance + $1
         WHERE account_id = $2 AND date >= $3 AND date < $4 AND (date, seq) > ($3, $5) AND id <> $6"
    ))
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
    query(sql!(
        "INSERT INTO ledger_month_totals (household_id, month, account_id, category_id, type, is_transfer, total,
                                          row_count, counted_count)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (household_id, month, account_id, category_id, type, is_transfer)
         DO UPDATE SET total = ledger_month_totals.total + EXCLUDED.total,
                       row_count = ledger_month_totals.row_count + EXCLUDED.row_count,
                       counted_count = ledger_month_totals.counted_count + EXCLUDED.counted_count"
    ))
    .bind::<SqlUuid, _>(bucket.household)
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
        query(sql!(
            "INSERT INTO account_months (account_id, month, net) VALUES ($1, $2, $3)
             ON CONFLICT (account_id, month) DO UPDATE SET net = account_months.net + EXCLUDED.net"
        ))
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
    let seq = query(sql!("SELECT nextval('transactions_seq') AS seq")).get_result::<Seq>(conn).or_repo()?.seq;
    let counted = entry.counted();
    let month_balance = balance_before(conn, entry.account, entry.date, seq, entry.id)? + counted;
    query(sql!(
        "INSERT INTO transactions (id, household_id, account_id, category_id, seq, amount, type, description, notes, date,
                                   status, is_transfer, transfer_peer, month_balance, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)"
    ))
    .bind::<SqlUuid, _>(entry.id)
    .bind::<SqlUuid, _>(entry.household)
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
    .bind::<SqlUuid, _>(entry.created_by)
    .execute(conn)
    .or_repo()?;
    shift_after(conn, entry.account, entry.date, seq, counted, entry.id)?;
    bump_totals(conn, &Bucket::of_entry(entry), entry.amount, entry.status, 1)
}

/// Rewrites a stored (non-transfer) row with a draft's fields, keeping its entry order, and
/// moves its contribution from where it was to where it now is. Accounts must be locked.
pub(super) fn replace_entry(conn: &mut PgConnection, before: &Stored, entry: &Entry) -> Result<(), RepoError> {
    withdraw(conn, entry.household, before)?;
    let counted = entry.counted();
    let month_balance = balance_before(conn, entry.account, entry.date, before.seq, entry.id)? + counted;
    query(sql!(
        "UPDATE transactions SET account_id = $2, category_id = $3, amount = $4, type = $5,
                description = $6, notes = $7, date = $8, status = $9, month_balance = $10,
                updated_at = now()
         WHERE id = $1"
    ))
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
fn withdraw(conn: &mut PgConnection, household: Uuid, row: &Stored) -> Result<(), RepoError> {
    shift_after(conn, row.account, row.date, row.seq, -row.counted(), row.id)?;
    bump_totals(conn, &Bucket::of_stored(household, row), row.amount, row.status, -1)
}

/// Deletes rows (a transaction, or both legs of a transfer) with their bookkeeping. Accounts
/// must be locked.
pub(super) fn remove_rows(conn: &mut PgConnection, household: Uuid, rows: &[Stored]) -> Result<(), RepoError> {
    for row in rows {
        withdraw(conn, household, row)?;
    }
    let ids: Vec<Uuid> = rows.iter().map(|r| r.id).collect();
    query(sql!("DELETE FROM transactions WHERE id = ANY($1)"))
        .bind::<Array<SqlUuid>, _>(&ids)
        .execute(conn)
        .or_repo()?;
    Ok(())
}
