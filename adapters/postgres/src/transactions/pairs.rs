//! Two stored rows made the legs of one transfer, and separated again; the candidate pairs that
//! are suggested, and the pairs made without asking after a bank sync or an import. The rules
//! are `domain::transfers`'s; the SQL here finds the rows they apply to.

use chrono::NaiveDate;
use diesel::prelude::*;
use diesel::sql_types::{Array, BigInt, Bool, Date, Nullable, Text, Uuid as SqlUuid};
use domain::accounts::AccountId;
use domain::transactions::TransactionStatus;
use domain::transfers::{automatic_pairs, check_pair, Candidate, Pairing, PairingRow, PAIR_WINDOW_DAYS};
use domain::{Scope, ValidationError};
use ports::RepoError;
use uuid::Uuid;

use super::batch::set_pairing;
use super::repository::lock_accounts;
use crate::errors::OrRepo;
use crate::statements::{query, sql};

/// The pairing window in SQL: [`PAIR_WINDOW_DAYS`] as a literal, so statements stay constant.
macro_rules! pair_window_days {
    () => {
        "5"
    };
}
const _: () = assert!(PAIR_WINDOW_DAYS == 5, "pair_window_days!() must match domain::transfers::PAIR_WINDOW_DAYS");

/// True when the `transactions` row aliased `a` may be suggested or paired automatically:
/// `PairingRow::is_pairable` in SQL (the pairable index's condition).
macro_rules! pairable {
    ($a:literal) => {
        concat!(
            "(NOT ",
            $a,
            ".is_transfer AND NOT ",
            $a,
            ".is_split AND ",
            $a,
            ".pairing IS NULL AND ",
            $a,
            ".status <> 'declined')"
        )
    };
}

/// The join condition of a candidate `c` for the row `r`: `domain::transfers::is_candidate`.
macro_rules! candidate_of {
    ($r:literal, $c:literal) => {
        concat!(
            $c,
            ".household_id = ",
            $r,
            ".household_id AND ",
            $c,
            ".amount = -",
            $r,
            ".amount AND ",
            $c,
            ".account_id <> ",
            $r,
            ".account_id AND ",
            $c,
            ".date BETWEEN ",
            $r,
            ".date - ",
            $crate::transactions::pairs::pair_window_days!(),
            " AND ",
            $r,
            ".date + ",
            $crate::transactions::pairs::pair_window_days!(),
            " AND ",
            $crate::transactions::pairs::pairable!($c)
        )
    };
}

/// Whether the row aliased `t` has a candidate counterpart: the list's 'Looks like a transfer'.
/// One probe of the pairable index per row shown.
macro_rules! looks_like_transfer {
    ($t:literal) => {
        concat!(
            "(",
            $crate::transactions::pairs::pairable!($t),
            " AND ",
            $t,
            ".amount <> 0 AND EXISTS (SELECT 1 FROM transactions x WHERE ",
            $crate::transactions::pairs::candidate_of!($t, "x"),
            "))"
        )
    };
}
pub(super) use {candidate_of, looks_like_transfer, pair_window_days, pairable};

#[derive(QueryableByName)]
struct PairingSqlRow {
    #[diesel(sql_type = SqlUuid)]
    id: Uuid,
    #[diesel(sql_type = SqlUuid)]
    account_id: Uuid,
    #[diesel(sql_type = BigInt)]
    amount: i64,
    #[diesel(sql_type = Date)]
    date: NaiveDate,
    #[diesel(sql_type = Text)]
    status: String,
    #[diesel(sql_type = Bool)]
    is_transfer: bool,
    #[diesel(sql_type = Nullable<Text>)]
    pairing: Option<String>,
    #[diesel(sql_type = Nullable<SqlUuid>)]
    transfer_peer: Option<Uuid>,
    #[diesel(sql_type = Bool)]
    is_split: bool,
}

/// The household's row `id` as the pairing rules see it, with its peer; `NotFound` when it is not
/// the household's.
fn pairing_row(conn: &mut PgConnection, household: Uuid, id: Uuid) -> Result<(PairingRow, Option<Uuid>), RepoError> {
    let r: PairingSqlRow = query(sql!(
        "SELECT id, account_id, amount, date, status, is_transfer, pairing, transfer_peer, is_split
         FROM transactions WHERE household_id = $1 AND id = $2"
    ))
    .bind::<SqlUuid, _>(household)
    .bind::<SqlUuid, _>(id)
    .get_result(conn)
    .or_repo()?;
    let status = TransactionStatus::parse(&r.status)
        .map_err(|e| RepoError::Unexpected(anyhow::anyhow!("stored transaction {}: {e}", r.id)))?;
    let row = PairingRow {
        id: r.id,
        account: AccountId(r.account_id),
        amount: r.amount,
        date: r.date,
        status,
        is_transfer: r.is_transfer,
        pairing: r.pairing.as_deref().and_then(Pairing::parse),
        is_split: r.is_split,
    };
    Ok((row, r.transfer_peer))
}

/// Makes the household's rows `a` and `b` the two legs of one transfer, inside the caller's database
/// transaction: `NotFound` unless both are the household's, `Invalid` with the reason when the rules
/// refuse the pair (read again with their accounts locked). Answers (out, in).
pub(crate) fn pair_rows(
    conn: &mut PgConnection,
    scope: Scope,
    a: Uuid,
    b: Uuid,
    how: Pairing,
) -> Result<(Uuid, Uuid), RepoError> {
    let (first, _) = pairing_row(conn, scope.household.0, a)?;
    let (second, _) = pairing_row(conn, scope.household.0, b)?;
    lock_accounts(conn, scope, &[first.account.0, second.account.0])?;
    let (first, _) = pairing_row(conn, scope.household.0, a)?;
    let (second, _) = pairing_row(conn, scope.household.0, b)?;
    let (out, into) = check_pair(&first, &second).map_err(RepoError::Invalid)?;
    let ids = (out.id, into.id);
    set_pairing(conn, &[ids.0, ids.1], Some(how))?;
    Ok(ids)
}

/// Makes a paired transfer's two rows ordinary rows again, with their categories, inside the
/// caller's database transaction. `then` is what the rows remember: `Some(Dismissed)` when the
/// user separated them (never suggested again), `None` when a bank's change or an undo did.
/// `Invalid` for a row that is not a transfer leg, or a transfer that was typed as one (it has
/// no rows to go back to: deleting it is the undo). Answers the rows separated.
pub(crate) fn separate(
    conn: &mut PgConnection,
    scope: Scope,
    id: Uuid,
    then: Option<Pairing>,
) -> Result<Vec<Uuid>, RepoError> {
    let (row, peer) = pairing_row(conn, scope.household.0, id)?;
    if !row.is_transfer {
        return Err(RepoError::Invalid(ValidationError::new("id", "This transaction is not part of a transfer")));
    }
    if !row.pairing.is_some_and(Pairing::is_paired) {
        return Err(RepoError::Invalid(ValidationError::new(
            "id",
            "This transfer was entered as a transfer; delete it instead",
        )));
    }
    let mut ids = vec![row.id];
    let mut accounts = vec![row.account.0];
    if let Some(peer) = peer {
        let (other, _) = pairing_row(conn, scope.household.0, peer)?;
        ids.push(other.id);
        accounts.push(other.account.0);
    }
    lock_accounts(conn, scope, &accounts)?;
    set_pairing(conn, &ids, then)?;
    Ok(ids)
}

/// Separates every paired row among `ids` from its peer (both become ordinary rows, remembering
/// nothing), before a bank's change or an undo rewrites or removes them.
pub(crate) fn separate_paired(conn: &mut PgConnection, scope: Scope, ids: &[Uuid]) -> Result<(), RepoError> {
    #[derive(QueryableByName)]
    struct Id {
        #[diesel(sql_type = SqlUuid)]
        id: Uuid,
    }
    let paired: Vec<Id> = query(sql!(
        "SELECT id FROM transactions WHERE household_id = $1 AND id = ANY($2) AND pairing IN ('auto', 'manual')"
    ))
    .bind::<SqlUuid, _>(scope.household.0)
    .bind::<Array<SqlUuid>, _>(ids)
    .load(conn)
    .or_repo()?;
    let mut done: Vec<Uuid> = Vec::new();
    for Id { id } in paired {
        if !done.contains(&id) {
            done.extend(separate(conn, scope, id, None)?);
        }
    }
    Ok(())
}

/// A candidate pair as the queries answer it.
#[derive(QueryableByName)]
struct CandidateRow {
    #[diesel(sql_type = SqlUuid)]
    out_id: Uuid,
    #[diesel(sql_type = SqlUuid)]
    in_id: Uuid,
    #[diesel(sql_type = Bool)]
    hinted: bool,
}

/// Every candidate pair (out, in) with a row among `ids` on one side.
fn candidates_touching(conn: &mut PgConnection, scope: Scope, ids: &[Uuid]) -> Result<Vec<Candidate>, RepoError> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let rows: Vec<CandidateRow> = query(sql!(
        "SELECT CASE WHEN r.amount < 0 THEN r.id ELSE c.id END AS out_id,
                CASE WHEN r.amount < 0 THEN c.id ELSE r.id END AS in_id,
                (r.transfer_hint OR c.transfer_hint) AS hinted
         FROM transactions r JOIN transactions c ON ",
        candidate_of!("r", "c"),
        " WHERE r.household_id = $1 AND r.id = ANY($2) AND r.amount <> 0 AND ",
        pairable!("r")
    ))
    .bind::<SqlUuid, _>(scope.household.0)
    .bind::<Array<SqlUuid>, _>(ids)
    .load(conn)
    .or_repo()?;
    Ok(rows.into_iter().map(|r| Candidate { out: r.out_id, into: r.in_id, hinted: r.hinted }).collect())
}

/// Pairs, without asking, the rows among `ids` (just written by a sync or an import) that the
/// source labelled as transfers and whose counterpart is unambiguous (`automatic_pairs`), inside
/// the caller's database transaction. Answers how many transfers were made.
pub(crate) fn pair_automatically(conn: &mut PgConnection, scope: Scope, ids: &[Uuid]) -> Result<usize, RepoError> {
    let near = candidates_touching(conn, scope, ids)?;
    if near.is_empty() {
        return Ok(0);
    }
    // Every candidate of every row involved: ambiguity on either side rules a pair out.
    let mut around: Vec<Uuid> = near.iter().flat_map(|c| [c.out, c.into]).collect();
    around.sort_unstable();
    around.dedup();
    let all = candidates_touching(conn, scope, &around)?;
    let mut made = 0;
    for (out, into) in automatic_pairs(&all) {
        if ids.contains(&out) || ids.contains(&into) {
            pair_rows(conn, scope, out, into, Pairing::Auto)?;
            made += 1;
        }
    }
    Ok(made)
}

/// Marks rows as labelled transfers by their source (the bank's label, a rule).
pub(crate) fn mark_hinted(conn: &mut PgConnection, ids: &[Uuid]) -> Result<(), RepoError> {
    if ids.is_empty() {
        return Ok(());
    }
    query(sql!("UPDATE transactions SET transfer_hint = true WHERE id = ANY($1) AND NOT transfer_hint"))
        .bind::<Array<SqlUuid>, _>(ids)
        .execute(conn)
        .or_repo()?;
    Ok(())
}

/// The household's candidate pairs (out, in), newest first, at most `limit`.
pub(super) fn suggestions(conn: &mut PgConnection, scope: Scope, limit: i64) -> Result<Vec<(Uuid, Uuid)>, RepoError> {
    // Driven from the money-in side, which is the smaller by far (a salary a month against
    // hundreds of payments): each of its rows probes the pairable index once.
    let rows: Vec<CandidateRow> = query(sql!(
        "SELECT o.id AS out_id, i.id AS in_id, (o.transfer_hint OR i.transfer_hint) AS hinted
         FROM transactions i
         CROSS JOIN LATERAL (SELECT o.id, o.date, o.seq, o.transfer_hint FROM transactions o WHERE ",
        candidate_of!("i", "o"),
        ") o WHERE i.household_id = $1 AND i.amount > 0 AND ",
        pairable!("i"),
        " ORDER BY o.date DESC, o.seq DESC, i.date, i.seq
         LIMIT $2"
    ))
    .bind::<SqlUuid, _>(scope.household.0)
    .bind::<BigInt, _>(limit)
    .load(conn)
    .or_repo()?;
    Ok(rows.into_iter().map(|r| (r.out_id, r.in_id)).collect())
}
