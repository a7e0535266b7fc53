use async_trait::async_trait;
use diesel::prelude::*;
use diesel::sql_types::{Array, Bool, Uuid as SqlUuid};
use domain::accounts::AccountId;
use domain::categories::CategoryId;
use domain::tags::TagId;
use domain::transactions::{TransactionDraft, TransactionId, TransferDraft};
use domain::transfers::Pairing;
use domain::Scope;
use ports::ledger::{
    ExportCursor, ListedTransfer, TransactionPage, TransactionQuery, TransactionRecord, TransactionRepository,
    TransferRecord,
};
use ports::RepoError;
use uuid::Uuid;

use super::batch::{add_entries, recategorise, remove_entries};
use super::bookkeeping::{add_entry, remove_rows, replace_entry, stored, Entry};
use super::transfers::{insert_transfer, replace_transfer};
use super::view::{load_one, load_view};
use super::{pairs, reads};
use crate::errors::OrRepo;
use crate::statements::{query, sql};
use crate::tags::{link_tags, replace_tags};
use crate::visibility::sees_account;
use crate::Database;

/// [`TransactionRepository`] on PostgreSQL.
pub struct PgTransactionRepository {
    db: Database,
}

impl PgTransactionRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

#[async_trait]
impl TransactionRepository for PgTransactionRepository {
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn list(&self, scope: Scope, query: TransactionQuery) -> Result<TransactionPage, RepoError> {
        self.db.read_snapshot(move |conn| reads::page(conn, scope, &query)).await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn get(&self, scope: Scope, id: TransactionId) -> Result<TransactionRecord, RepoError> {
        self.db.run(move |conn| load_one(conn, scope, id.0)).await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn create(&self, scope: Scope, draft: TransactionDraft) -> Result<TransactionRecord, RepoError> {
        self.db
            .write(move |conn| {
                let id = insert_entry(conn, scope, &draft)?;
                load_one(conn, scope, id)
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn update(
        &self,
        scope: Scope,
        id: TransactionId,
        draft: TransactionDraft,
    ) -> Result<TransactionRecord, RepoError> {
        self.db
            .write(move |conn| {
                replace_entry_with(conn, scope, id.0, &draft)?;
                load_one(conn, scope, id.0)
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn delete(&self, scope: Scope, id: TransactionId) -> Result<(), RepoError> {
        self.db.write(move |conn| delete_entry(conn, scope, id.0)).await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn create_transfer(&self, scope: Scope, draft: TransferDraft) -> Result<TransferRecord, RepoError> {
        self.db
            .write(move |conn| {
                let (out_id, in_id) = insert_transfer(conn, scope, &draft)?;
                Ok(TransferRecord { from: load_one(conn, scope, out_id)?, to: load_one(conn, scope, in_id)? })
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn update_transfer(
        &self,
        scope: Scope,
        id: TransactionId,
        draft: TransferDraft,
    ) -> Result<TransferRecord, RepoError> {
        self.db
            .write(move |conn| {
                let (out_id, in_id) = replace_transfer(conn, scope, id.0, &draft)?;
                Ok(TransferRecord { from: load_one(conn, scope, out_id)?, to: load_one(conn, scope, in_id)? })
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn export_batch(
        &self,
        scope: Scope,
        query: TransactionQuery,
        after: Option<ExportCursor>,
        limit: i64,
    ) -> Result<(Vec<domain::exports::ExportRow>, Option<ExportCursor>), RepoError> {
        self.db.read_snapshot(move |conn| reads::export_batch(conn, scope, &query, after, limit)).await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn transfer_suggestions(&self, scope: Scope, limit: i64) -> Result<Vec<TransferRecord>, RepoError> {
        self.db
            .read_snapshot(move |conn| {
                let pairs = pairs::suggestions(conn, scope, limit)?;
                let ids: Vec<Uuid> = pairs.iter().flat_map(|&(o, i)| [o, i]).collect();
                let rows = load_view(conn, scope, &ids)?;
                let find = |id: Uuid| rows.iter().find(|r| r.id.0 == id).cloned();
                Ok(pairs
                    .into_iter()
                    .filter_map(|(o, i)| Some(TransferRecord { from: find(o)?, to: find(i)? }))
                    .collect())
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn pair(&self, scope: Scope, id: TransactionId, with: TransactionId) -> Result<TransferRecord, RepoError> {
        self.db
            .write(move |conn| {
                let (out, into) = pairs::pair_rows(conn, scope, id.0, with.0, Pairing::Manual)?;
                Ok(TransferRecord { from: load_one(conn, scope, out)?, to: load_one(conn, scope, into)? })
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn unpair(&self, scope: Scope, id: TransactionId) -> Result<Vec<TransactionRecord>, RepoError> {
        self.db
            .write(move |conn| {
                let ids = pairs::separate(conn, scope, id.0, Some(Pairing::Dismissed))?;
                ids.into_iter().map(|id| load_one(conn, scope, id)).collect()
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn list_transfers(
        &self,
        scope: Scope,
        page: i64,
        limit: i64,
    ) -> Result<(Vec<ListedTransfer>, i64), RepoError> {
        self.db.run(move |conn| reads::transfers_page(conn, scope, page, limit)).await
    }
}

/// Writes a transaction with its bookkeeping inside the caller's database transaction: locks
/// the account, checks the category is the household's. Answers the new row's id.
pub(crate) fn insert_entry(conn: &mut PgConnection, scope: Scope, draft: &TransactionDraft) -> Result<Uuid, RepoError> {
    lock_accounts(conn, scope, &[draft.account_id.0])?;
    categories_are_households(conn, scope, draft)?;
    let id = Uuid::now_v7();
    add_entry(conn, &Entry::from_draft(scope, id, draft))?;
    if let Some(tags) = &draft.tags {
        link_tags(conn, scope.household.0, &tags.iter().map(|t| (id, *t)).collect::<Vec<_>>())?;
    }
    Ok(id)
}

/// Writes many transactions of one account with their bookkeeping in a few statements, inside
/// the caller's database transaction: locks the account, checks every category is the household's.
/// Each lands at the end of its day, in the order given. Answers the new rows' ids, in order.
pub(crate) fn insert_entries(
    conn: &mut PgConnection,
    scope: Scope,
    account: AccountId,
    drafts: &[TransactionDraft],
) -> Result<Vec<Uuid>, RepoError> {
    lock_accounts(conn, scope, &[account.0])?;
    let mut categories = Vec::with_capacity(drafts.len());
    for draft in drafts {
        // Statements and banks send rows of one category; only a person splits one.
        let category = draft.allocation.category();
        categories.push(category.ok_or_else(|| RepoError::Unexpected(anyhow::anyhow!("a batch row is split")))?.0);
    }
    categories.sort_unstable();
    categories.dedup();
    for category in categories {
        category_is_users(conn, scope.household.0, category)?;
    }
    let entries: Vec<Entry> = drafts
        .iter()
        .map(|d| Entry::from_draft(scope, Uuid::now_v7(), &TransactionDraft { account_id: account, ..d.clone() }))
        .collect();
    let ids = add_entries(conn, account.0, &entries)?;
    let links: Vec<(Uuid, TagId)> =
        ids.iter().zip(drafts).flat_map(|(id, d)| d.tags.iter().flatten().map(move |t| (*id, *t))).collect();
    link_tags(conn, scope.household.0, &links)?;
    Ok(ids)
}

/// Deletes many of the household's non-transfer rows with their bookkeeping in a few statements,
/// inside the caller's database transaction (their accounts locked first); a paired transfer's
/// row among them is separated from its peer first and goes too; typed transfers' legs and other
/// users' rows among `ids` are left alone. Answers how many went.
pub(crate) fn delete_entries(conn: &mut PgConnection, scope: Scope, ids: &[Uuid]) -> Result<usize, RepoError> {
    #[derive(QueryableByName)]
    struct Row {
        #[diesel(sql_type = SqlUuid)]
        id: Uuid,
        #[diesel(sql_type = SqlUuid)]
        account_id: Uuid,
    }
    // A paired transfer's rows came from their sources one by one: they go back to being
    // ordinary rows (the peer stays as one) and go like any other.
    pairs::separate_paired(conn, scope, ids)?;
    let rows: Vec<Row> = query(sql!(
        "SELECT id, account_id FROM transactions WHERE household_id = $1 AND id = ANY($2) AND NOT is_transfer"
    ))
    .bind::<SqlUuid, _>(scope.household.0)
    .bind::<Array<SqlUuid>, _>(ids)
    .load(conn)
    .or_repo()?;
    let accounts: Vec<Uuid> = rows.iter().map(|r| r.account_id).collect();
    lock_accounts(conn, scope, &accounts)?;
    let ids: Vec<Uuid> = rows.iter().map(|r| r.id).collect();
    remove_entries(conn, &ids)?;
    Ok(ids.len())
}

/// Gives many of the household's non-transfer rows a new category and description, inside the
/// caller's database transaction: locks their accounts, checks the categories, moves the rows
/// between the month totals' buckets in a few statements. `changes` are (row, category,
/// description); rows that are not the household's or are transfer legs are `NotFound`.
pub(crate) fn recategorise_entries(
    conn: &mut PgConnection,
    scope: Scope,
    changes: &[(Uuid, CategoryId, String)],
) -> Result<(), RepoError> {
    #[derive(QueryableByName)]
    struct Row {
        #[diesel(sql_type = SqlUuid)]
        account_id: Uuid,
    }
    let ids: Vec<Uuid> = changes.iter().map(|c| c.0).collect();
    let rows: Vec<Row> =
        query(sql!("SELECT account_id FROM transactions WHERE household_id = $1 AND id = ANY($2) AND NOT is_transfer"))
            .bind::<SqlUuid, _>(scope.household.0)
            .bind::<Array<SqlUuid>, _>(&ids)
            .load(conn)
            .or_repo()?;
    if rows.len() != ids.len() {
        return Err(RepoError::NotFound);
    }
    let accounts: Vec<Uuid> = rows.iter().map(|r| r.account_id).collect();
    lock_accounts(conn, scope, &accounts)?;
    let mut categories: Vec<Uuid> = changes.iter().map(|c| c.1 .0).collect();
    categories.sort_unstable();
    categories.dedup();
    for category in categories {
        category_is_users(conn, scope.household.0, category)?;
    }
    let changes: Vec<(Uuid, Uuid, String)> = changes.iter().map(|(id, c, d)| (*id, c.0, d.clone())).collect();
    recategorise(conn, &changes)
}

/// Rewrites a (non-transfer) row with a draft's fields and its bookkeeping, inside the caller's
/// database transaction: locks both accounts it moves between, checks the category.
pub(crate) fn replace_entry_with(
    conn: &mut PgConnection,
    scope: Scope,
    id: Uuid,
    draft: &TransactionDraft,
) -> Result<(), RepoError> {
    let before = stored(conn, scope.household.0, id)?;
    lock_accounts(conn, scope, &[before.account, draft.account_id.0])?;
    // Read again under the lock: a concurrent write may have moved it.
    let before = stored(conn, scope.household.0, id)?;
    if before.is_transfer {
        return Err(RepoError::TransferLeg);
    }
    categories_are_households(conn, scope, draft)?;
    replace_entry(conn, &before, &Entry::from_draft(scope, id, draft))?;
    match &draft.tags {
        Some(tags) => replace_tags(conn, scope.household.0, id, tags),
        None => Ok(()),
    }
}

/// Deletes a row (both legs of a transfer) with its bookkeeping, inside the caller's database
/// transaction.
pub(crate) fn delete_entry(conn: &mut PgConnection, scope: Scope, id: Uuid) -> Result<(), RepoError> {
    let row = stored(conn, scope.household.0, id)?;
    let peer = match row.transfer_peer {
        Some(peer) => Some(stored(conn, scope.household.0, peer)?),
        None => None,
    };
    let mut accounts = vec![row.account];
    accounts.extend(peer.iter().map(|p| p.account));
    lock_accounts(conn, scope, &accounts)?;
    // Read again under the lock: a concurrent write may have moved them.
    let mut rows = vec![stored(conn, scope.household.0, id)?];
    if let Some(peer) = peer {
        rows.push(stored(conn, scope.household.0, peer.id)?);
    }
    remove_rows(conn, &rows)
}

/// Locks the household's accounts with these ids, in id order; `NotFound` unless the member
/// sees them all (another member's private account is as good as another household's).
/// Every write holds these locks before its bookkeeping, so concurrent writes to one account
/// queue up instead of both reading the same month balance.
pub(super) fn lock_accounts(conn: &mut PgConnection, scope: Scope, ids: &[Uuid]) -> Result<(), RepoError> {
    #[derive(QueryableByName)]
    struct Id {
        #[diesel(sql_type = SqlUuid)]
        #[allow(dead_code)]
        id: Uuid,
    }
    let mut wanted = ids.to_vec();
    wanted.sort();
    wanted.dedup();
    let locked: Vec<Id> = query(sql!(
        "SELECT a.id FROM accounts a WHERE a.household_id = $1 AND a.id = ANY($2) AND ",
        sees_account!("a", "$3"),
        " ORDER BY a.id FOR UPDATE"
    ))
    .bind::<SqlUuid, _>(scope.household.0)
    .bind::<Array<SqlUuid>, _>(&wanted)
    .bind::<SqlUuid, _>(scope.member.0)
    .load(conn)
    .or_repo()?;
    if locked.len() == wanted.len() {
        Ok(())
    } else {
        Err(RepoError::NotFound)
    }
}

/// `NotFound` unless every category the draft names (its own, or its parts') is the household's:
/// one query however many parts.
fn categories_are_households(conn: &mut PgConnection, scope: Scope, draft: &TransactionDraft) -> Result<(), RepoError> {
    #[derive(QueryableByName)]
    struct Found {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        n: i64,
    }
    let wanted: Vec<Uuid> = draft.allocation.categories().iter().map(|c| c.0).collect();
    let found: Found = query(sql!("SELECT count(*) AS n FROM categories WHERE household_id = $1 AND id = ANY($2)"))
        .bind::<SqlUuid, _>(scope.household.0)
        .bind::<Array<SqlUuid>, _>(&wanted)
        .get_result(conn)
        .or_repo()?;
    if found.n == wanted.len() as i64 {
        Ok(())
    } else {
        Err(RepoError::NotFound)
    }
}

/// `NotFound` unless the category is the household's.
fn category_is_users(conn: &mut PgConnection, household: Uuid, category: Uuid) -> Result<(), RepoError> {
    #[derive(QueryableByName)]
    struct Found {
        #[diesel(sql_type = Bool)]
        found: bool,
    }
    let found: Found =
        query(sql!("SELECT EXISTS (SELECT 1 FROM categories WHERE id = $1 AND household_id = $2) AS found"))
            .bind::<SqlUuid, _>(category)
            .bind::<SqlUuid, _>(household)
            .get_result(conn)
            .or_repo()?;
    if found.found {
        Ok(())
    } else {
        Err(RepoError::NotFound)
    }
}
