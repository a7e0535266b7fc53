//! Storing one sync's batch for a locked connection: the bank's accounts made or refreshed, its
//! rows added, rewritten or removed through the ledger's own write path, the cursor moved last.

use std::collections::{HashMap, HashSet};

use diesel::prelude::*;
use diesel::sql_types::{BigInt, Nullable, Text, Uuid as SqlUuid};
use domain::accounts::AccountId;
use domain::banking::opening_balance;
use domain::categories::CategoryId;
use domain::imports::first_match;
use domain::splits::Allocation;
use domain::transactions::TransactionDraft;
use domain::{Money, Scope};
use ports::banking::{AccountPlan, BankRow, SyncBatch, SyncCounts};
use ports::RepoError;
use uuid::Uuid;

use crate::category_names::Categories;
use crate::errors::OrRepo;
use crate::rules::load_rules;
use crate::statements::{query, sql};
use crate::transactions::counts;
use crate::transactions::{
    delete_entry, insert_entry, mark_hinted, pair_automatically, replace_entry_with, separate_paired, split_kept,
};

#[derive(QueryableByName)]
pub(super) struct IdRow {
    #[diesel(sql_type = SqlUuid)]
    pub(super) id: Uuid,
}

/// The ledger account of each of the bank's accounts, and those this sync made.
struct LinkedAccounts<'p> {
    by_bank_id: HashMap<String, Uuid>,
    created: Vec<(Uuid, &'p AccountPlan)>,
}

/// Makes the accounts the bank has that are not linked yet, and refreshes the bank's figures of
/// those that are. Answers the ledger account of each of the bank's accounts, and which are new.
fn upsert_accounts<'p>(
    conn: &mut PgConnection,
    scope: Scope,
    connection: Uuid,
    plans: &'p [AccountPlan],
) -> Result<LinkedAccounts<'p>, RepoError> {
    let mut accounts = HashMap::new();
    let mut created = vec![];
    for plan in plans {
        let existing: Option<IdRow> = query(sql!(
            "UPDATE bank_accounts SET bank_balance = $4, bank_available = $5, mask = $6
             WHERE household_id = $1 AND connection_id = $2 AND provider_account_id = $3 RETURNING account_id AS id"
        ))
        .bind::<SqlUuid, _>(scope.household.0)
        .bind::<SqlUuid, _>(connection)
        .bind::<Text, _>(&plan.provider_account_id)
        .bind::<Nullable<BigInt>, _>(plan.bank_balance.map(Money::pence))
        .bind::<Nullable<BigInt>, _>(plan.bank_available.map(Money::pence))
        .bind::<Nullable<Text>, _>(&plan.mask)
        .get_result(conn)
        .optional()
        .or_repo()?;
        let account = match existing {
            Some(row) => row.id,
            None => {
                let id = Uuid::now_v7();
                query(sql!(
                    "INSERT INTO accounts (id, household_id, name, type, initial_balance, credit_limit, owner_id)
                     VALUES ($1, $2, $3, $4, 0, $5, $6)"
                ))
                .bind::<SqlUuid, _>(id)
                .bind::<SqlUuid, _>(scope.household.0)
                .bind::<Text, _>(&plan.name)
                .bind::<Text, _>(plan.account_type.as_str())
                .bind::<Nullable<BigInt>, _>(plan.credit_limit.map(Money::pence))
                .bind::<SqlUuid, _>(scope.member.0)
                .execute(conn)
                .or_repo()?;
                query(sql!(
                    "INSERT INTO bank_accounts (household_id, connection_id, provider_account_id, account_id, mask,
                                                bank_balance, bank_available)
                     VALUES ($1, $2, $3, $4, $5, $6, $7)"
                ))
                .bind::<SqlUuid, _>(scope.household.0)
                .bind::<SqlUuid, _>(connection)
                .bind::<Text, _>(&plan.provider_account_id)
                .bind::<SqlUuid, _>(id)
                .bind::<Nullable<Text>, _>(&plan.mask)
                .bind::<Nullable<BigInt>, _>(plan.bank_balance.map(Money::pence))
                .bind::<Nullable<BigInt>, _>(plan.bank_available.map(Money::pence))
                .execute(conn)
                .or_repo()?;
                created.push((id, plan));
                id
            }
        };
        accounts.insert(plan.provider_account_id.clone(), account);
    }
    Ok(LinkedAccounts { by_bank_id: accounts, created })
}

/// The ledger row the bank's id names in this connection, if it is still there.
fn row_of(conn: &mut PgConnection, scope: Scope, connection: Uuid, bank_id: &str) -> Result<Option<Uuid>, RepoError> {
    let row: Option<IdRow> = query(sql!(
        "SELECT id FROM transactions WHERE household_id = $1 AND bank_connection_id = $2 AND bank_transaction_id = $3"
    ))
    .bind::<SqlUuid, _>(scope.household.0)
    .bind::<SqlUuid, _>(connection)
    .bind::<Text, _>(bank_id)
    .get_result(conn)
    .optional()
    .or_repo()?;
    Ok(row.map(|r| r.id))
}

/// Adds the row, or rewrites it when the bank's id is already stored. Answers its id and whether
/// it was new.
fn put_row(
    conn: &mut PgConnection,
    scope: Scope,
    connection: Uuid,
    account: Uuid,
    category: Uuid,
    row: &BankRow,
) -> Result<(Uuid, bool), RepoError> {
    let draft = TransactionDraft {
        amount: row.amount,
        description: row.description.clone(),
        transaction_type: row.transaction_type,
        allocation: Allocation::Category(CategoryId(category)),
        account_id: AccountId(account),
        date: row.date,
        notes: String::new(),
        status: row.status,
        tags: None,
    };
    if let Some(id) = row_of(conn, scope, connection, &row.provider_transaction_id)? {
        // A paired row the bank changes goes back to an ordinary row first; the sync's
        // automatic pairing looks at it again afterwards.
        separate_paired(conn, scope, &[id])?;
        // A split the household made stays while the bank's amount does (a pending payment
        // settling); a new amount cannot keep parts that add up to the old one.
        let kept = split_kept(conn, scope.household.0, id, row.amount)?;
        let draft =
            if kept.is_empty() { draft } else { TransactionDraft { allocation: Allocation::Split(kept), ..draft } };
        replace_entry_with(conn, scope, id, &draft)?;
        return Ok((id, false));
    }
    let id = insert_entry(conn, scope, &draft)?;
    query(sql!("UPDATE transactions SET bank_connection_id = $2, bank_transaction_id = $3 WHERE id = $1"))
        .bind::<SqlUuid, _>(id)
        .bind::<SqlUuid, _>(connection)
        .bind::<Text, _>(&row.provider_transaction_id)
        .execute(conn)
        .or_repo()?;
    Ok((id, true))
}

/// Which of these bank ids the connection already stores, in one query.
fn known_ids(
    conn: &mut PgConnection,
    scope: Scope,
    connection: Uuid,
    rows: &[BankRow],
) -> Result<HashSet<String>, RepoError> {
    #[derive(QueryableByName)]
    struct Known {
        #[diesel(sql_type = Text)]
        bank_transaction_id: String,
    }
    let ids: Vec<&str> = rows.iter().map(|r| r.provider_transaction_id.as_str()).collect();
    let known: Vec<Known> = query(sql!(
        "SELECT bank_transaction_id FROM transactions
         WHERE household_id = $1 AND bank_connection_id = $2 AND bank_transaction_id = ANY($3)"
    ))
    .bind::<SqlUuid, _>(scope.household.0)
    .bind::<SqlUuid, _>(connection)
    .bind::<diesel::sql_types::Array<Text>, _>(&ids)
    .load(conn)
    .or_repo()?;
    Ok(known.into_iter().map(|k| k.bank_transaction_id).collect())
}

/// Stores a sync's batch for a locked connection row and moves its cursor.
pub(super) fn apply(
    conn: &mut PgConnection,
    scope: Scope,
    connection: Uuid,
    batch: &SyncBatch,
) -> Result<SyncCounts, RepoError> {
    let LinkedAccounts { by_bank_id: accounts, created } = upsert_accounts(conn, scope, connection, &batch.accounts)?;
    let mut categories = Categories::load(conn, scope)?;
    let rules: Vec<_> = load_rules(conn, scope)?.into_iter().map(|r| r.rule).collect();
    let mut counts = SyncCounts::default();
    let (mut written, mut hinted) = (Vec::new(), Vec::new());
    for bank_id in &batch.removed {
        if let Some(id) = row_of(conn, scope, connection, bank_id)? {
            // The bank withdrew this row alone: a transfer it was paired into leaves its peer.
            separate_paired(conn, scope, &[id])?;
            delete_entry(conn, scope, id)?;
            counts.removed += 1;
        }
    }
    // A row listed again as it was (a window read twice, a connection linked again) is left as
    // the household made it (a category, a note, a pairing): only the bank's changes rewrite.
    let known = known_ids(conn, scope, connection, &batch.added)?;
    let added = batch.added.iter().filter(|r| !known.contains(&r.provider_transaction_id));
    for (row, modified) in added.map(|r| (r, false)).chain(batch.modified.iter().map(|r| (r, true))) {
        let Some(account) = accounts.get(&row.provider_account_id) else {
            tracing::warn!(connection = %connection, "a bank row of an account the bank did not list was left out");
            continue;
        };
        // The user's rules come first, as for imports.
        let ruled = first_match(&rules, &row.description, row.amount, AccountId(*account));
        let category = match ruled {
            Some(rule) => rule.category_id.0,
            None => categories.id(conn, scope, row.category)?,
        };
        let renamed = ruled.and_then(|r| r.rename.clone()).map(|description| BankRow { description, ..row.clone() });
        let (id, new) = put_row(conn, scope, connection, *account, category, renamed.as_ref().unwrap_or(row))?;
        // A rule's tags are added (never taking away a tag the household gave the row).
        if let Some(rule) = ruled {
            let links: Vec<_> = rule.tag_ids.iter().map(|t| (id, *t)).collect();
            crate::tags::link_tags(conn, scope.household.0, &links)?;
        }
        written.push(id);
        if row.transfer_hint || ruled.is_some_and(|r| r.mark_transfer) {
            hinted.push(id);
        }
        match (new, modified) {
            (true, _) => counts.added += 1,
            (false, true) => counts.modified += 1,
            (false, false) => {}
        }
    }
    // A card payment and its receipt (the bank's label, or a rule, says so) become one transfer.
    mark_hinted(conn, &hinted)?;
    pair_automatically(conn, scope, &written)?;
    // An account made by this sync opens so that its balance is the bank's once its rows are in.
    for (account, plan) in created {
        #[derive(QueryableByName)]
        struct Sum {
            #[diesel(sql_type = BigInt)]
            total: i64,
        }
        let imported = query(sql!(
            "SELECT COALESCE(SUM(t.amount) FILTER (WHERE ",
            counts!(),
            "), 0)::bigint AS total FROM transactions t WHERE t.account_id = $1"
        ))
        .bind::<SqlUuid, _>(account)
        .get_result::<Sum>(conn)
        .or_repo()?
        .total;
        let opening = match plan.bank_balance {
            Some(balance) => opening_balance(balance, Money::from_pence(imported)),
            None => Money::ZERO,
        };
        query(sql!("UPDATE accounts SET initial_balance = $2 WHERE id = $1"))
            .bind::<SqlUuid, _>(account)
            .bind::<BigInt, _>(opening.pence())
            .execute(conn)
            .or_repo()?;
    }
    query(sql!(
        "UPDATE bank_connections SET sync_cursor = $2, last_synced_at = now(), is_active = true, error_code = NULL
         WHERE id = $1"
    ))
    .bind::<SqlUuid, _>(connection)
    .bind::<Text, _>(&batch.cursor)
    .execute(conn)
    .or_repo()?;
    Ok(counts)
}
