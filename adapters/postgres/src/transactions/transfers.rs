//! A transfer's two legs written together: made, or rewritten in place (both legs keep their
//! ids and their entry order, and move their contributions to where they now are).

use diesel::prelude::*;
use domain::accounts::AccountId;
use domain::transactions::{TransactionStatus, TransactionType, TransferDraft};
use domain::Scope;
use ports::RepoError;
use uuid::Uuid;

use super::bookkeeping::{add_entry, replace_entry, stored, Entry};
use super::repository::lock_accounts;

/// The leg of `draft` on `account`: money out (negative, an expense) or in.
fn leg(scope: Scope, draft: &TransferDraft, id: Uuid, account: AccountId, amount: i64, peer: Uuid) -> Entry {
    Entry {
        id,
        household: scope.household.0,
        created_by: scope.member.0,
        account: account.0,
        category: None,
        parts: Vec::new(),
        amount,
        transaction_type: if amount < 0 { TransactionType::Expense } else { TransactionType::Income },
        description: draft.description.clone(),
        notes: draft.notes.clone(),
        date: draft.date,
        status: TransactionStatus::Completed,
        is_transfer: true,
        peer: Some(peer),
    }
}

/// Writes both legs of a transfer inside the caller's database transaction; answers the ids of
/// the outgoing and the incoming leg.
pub(crate) fn insert_transfer(
    conn: &mut PgConnection,
    scope: Scope,
    draft: &TransferDraft,
) -> Result<(Uuid, Uuid), RepoError> {
    lock_accounts(conn, scope, &[draft.from_account_id.0, draft.to_account_id.0])?;
    let out_id = Uuid::now_v7();
    let in_id = Uuid::now_v7();
    let pence = draft.amount.pence();
    add_entry(conn, &leg(scope, draft, out_id, draft.from_account_id, -pence, in_id))?;
    add_entry(conn, &leg(scope, draft, in_id, draft.to_account_id, pence, out_id))?;
    Ok((out_id, in_id))
}

/// Rewrites the transfer one of whose legs is `id` (typed, or two rows paired) with `draft`'s
/// amount, accounts, date, description and notes; answers the ids of the outgoing and the
/// incoming leg. `NotFound` for a row that is not one of the household's transfer legs, or an
/// account that is not theirs. Each leg's rewrite is a whole bookkeeping step, so the order
/// holds whatever moves where (even from and to swapped).
pub(crate) fn replace_transfer(
    conn: &mut PgConnection,
    scope: Scope,
    id: Uuid,
    draft: &TransferDraft,
) -> Result<(Uuid, Uuid), RepoError> {
    let legs = |conn: &mut PgConnection| {
        let row = stored(conn, scope.household.0, id)?;
        let peer = match (row.is_transfer, row.transfer_peer) {
            (true, Some(peer)) => stored(conn, scope.household.0, peer)?,
            _ => return Err(RepoError::NotFound),
        };
        Ok(if row.transaction_type == TransactionType::Expense { (row, peer) } else { (peer, row) })
    };
    let (out, into) = legs(conn)?;
    lock_accounts(conn, scope, &[out.account, into.account, draft.from_account_id.0, draft.to_account_id.0])?;
    // Read again under the lock: a concurrent write may have moved them.
    let (out, into) = legs(conn)?;
    let pence = draft.amount.pence();
    // Two rows paired into a transfer keep the categories they return to when separated (a typed
    // transfer's legs have none).
    let out_leg = Entry { category: out.category, ..leg(scope, draft, out.id, draft.from_account_id, -pence, into.id) };
    let in_leg = Entry { category: into.category, ..leg(scope, draft, into.id, draft.to_account_id, pence, out.id) };
    replace_entry(conn, &out, &out_leg)?;
    replace_entry(conn, &into, &in_leg)?;
    Ok((out.id, into.id))
}
