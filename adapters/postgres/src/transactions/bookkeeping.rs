//! The two aggregates, kept in step with every write inside the write's database transaction,
//! with the affected accounts locked (`FOR UPDATE`, in id order, by the repository first):
//! - `month_balance` of a row = the previous row's in its (account, month), in (date, seq)
//!   order, plus its counted amount (zero unless its status counts: `TransactionStatus::counts`);
//! - the later rows of that account-month shift by the counted amount (nothing else moves:
//!   later months read their opening balance from `account_months`);
//! - `account_months` changes by the counted amount, and `ledger_month_totals` by the row's
//!   lines (`ledger_lines`: one per category of a split), which also count the rows and, apart,
//!   the counted rows.

use chrono::NaiveDate;
use diesel::prelude::*;
use diesel::sql_types::{Array, BigInt, Bool, Date, Nullable, SmallInt, Text, Uuid as SqlUuid};
use domain::dates::CalendarMonth;
use domain::splits::{first_in_category, SplitPart};
use domain::transactions::{TransactionDraft, TransactionStatus, TransactionType};
use domain::Scope;
use ports::RepoError;
use uuid::Uuid;

use super::batch::{add_to_totals, take_from_totals};
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
    /// Its parts when split (then `category` is `None`).
    pub parts: Vec<SplitPart>,
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
            category: d.allocation.category().map(|c| c.0),
            parts: d.allocation.parts().to_vec(),
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

    /// How many categories its parts are in (0 when not split).
    fn split_categories(&self) -> i16 {
        first_in_category(&self.parts).iter().filter(|first| **first).count() as i16
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

/// Adds `delta` to the account's net for the month of `date`.
fn bump_account_month(conn: &mut PgConnection, account: Uuid, date: NaiveDate, delta: i64) -> Result<(), RepoError> {
    if delta == 0 {
        return Ok(());
    }
    query(sql!(
        "INSERT INTO account_months (account_id, month, net) VALUES ($1, $2, $3)
         ON CONFLICT (account_id, month) DO UPDATE SET net = account_months.net + EXCLUDED.net"
    ))
    .bind::<SqlUuid, _>(account)
    .bind::<Date, _>(CalendarMonth::of(date).first_day())
    .bind::<BigInt, _>(delta)
    .execute(conn)
    .or_repo()?;
    Ok(())
}

/// Makes `parts` the split of row `id` (none: not split), replacing any it had.
fn write_parts(conn: &mut PgConnection, household: Uuid, id: Uuid, parts: &[SplitPart]) -> Result<(), RepoError> {
    query(sql!("DELETE FROM transaction_splits WHERE household_id = $1 AND transaction_id = $2"))
        .bind::<SqlUuid, _>(household)
        .bind::<SqlUuid, _>(id)
        .execute(conn)
        .or_repo()?;
    if parts.is_empty() {
        return Ok(());
    }
    let ids: Vec<Uuid> = parts.iter().map(|_| Uuid::now_v7()).collect();
    let positions: Vec<i16> = (0..parts.len()).map(|i| i as i16).collect();
    let categories: Vec<Uuid> = parts.iter().map(|p| p.category_id.0).collect();
    let amounts: Vec<i64> = parts.iter().map(|p| p.amount.pence()).collect();
    let notes: Vec<&str> = parts.iter().map(|p| p.note.as_str()).collect();
    let firsts = first_in_category(parts);
    query(sql!(
        "INSERT INTO transaction_splits (id, household_id, transaction_id, position, category_id, amount, note, first_in_category)
         SELECT u.id, $1, $2, u.position, u.category, u.amount, u.note, u.first
         FROM unnest($3::uuid[], $4::smallint[], $5::uuid[], $6::bigint[], $7::text[], $8::bool[])
              AS u(id, position, category, amount, note, first)"
    ))
    .bind::<SqlUuid, _>(household)
    .bind::<SqlUuid, _>(id)
    .bind::<Array<SqlUuid>, _>(&ids)
    .bind::<Array<SmallInt>, _>(&positions)
    .bind::<Array<SqlUuid>, _>(&categories)
    .bind::<Array<BigInt>, _>(&amounts)
    .bind::<Array<Text>, _>(&notes)
    .bind::<Array<Bool>, _>(&firsts)
    .execute(conn)
    .or_repo()?;
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
                                   status, is_transfer, transfer_peer, month_balance, created_by, is_split,
                                   split_categories)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)"
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
    .bind::<Bool, _>(!entry.parts.is_empty())
    .bind::<SmallInt, _>(entry.split_categories())
    .execute(conn)
    .or_repo()?;
    write_parts(conn, entry.household, entry.id, &entry.parts)?;
    shift_after(conn, entry.account, entry.date, seq, counted, entry.id)?;
    bump_account_month(conn, entry.account, entry.date, counted)?;
    add_to_totals(conn, &[entry.id])
}

/// Rewrites a stored (non-transfer) row with a draft's fields, keeping its entry order, and
/// moves its contribution from where it was to where it now is. Accounts must be locked.
pub(super) fn replace_entry(conn: &mut PgConnection, before: &Stored, entry: &Entry) -> Result<(), RepoError> {
    withdraw(conn, before)?;
    let counted = entry.counted();
    let month_balance = balance_before(conn, entry.account, entry.date, before.seq, entry.id)? + counted;
    query(sql!(
        "UPDATE transactions SET account_id = $2, category_id = $3, amount = $4, type = $5,
                description = $6, notes = $7, date = $8, status = $9, month_balance = $10,
                is_split = $11, split_categories = $12, updated_at = now()
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
    .bind::<Bool, _>(!entry.parts.is_empty())
    .bind::<SmallInt, _>(entry.split_categories())
    .execute(conn)
    .or_repo()?;
    write_parts(conn, entry.household, entry.id, &entry.parts)?;
    shift_after(conn, entry.account, entry.date, before.seq, counted, entry.id)?;
    bump_account_month(conn, entry.account, entry.date, counted)?;
    add_to_totals(conn, &[entry.id])
}

/// Takes a stored row's contribution out of balances and totals (the row itself stays).
fn withdraw(conn: &mut PgConnection, row: &Stored) -> Result<(), RepoError> {
    shift_after(conn, row.account, row.date, row.seq, -row.counted(), row.id)?;
    bump_account_month(conn, row.account, row.date, -row.counted())?;
    take_from_totals(conn, &[row.id])
}

/// Deletes rows (a transaction, or both legs of a transfer) with their bookkeeping. Accounts
/// must be locked.
pub(super) fn remove_rows(conn: &mut PgConnection, rows: &[Stored]) -> Result<(), RepoError> {
    for row in rows {
        withdraw(conn, row)?;
    }
    let ids: Vec<Uuid> = rows.iter().map(|r| r.id).collect();
    query(sql!("DELETE FROM transactions WHERE id = ANY($1)"))
        .bind::<Array<SqlUuid>, _>(&ids)
        .execute(conn)
        .or_repo()?;
    Ok(())
}
