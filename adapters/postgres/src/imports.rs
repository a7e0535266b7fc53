//! Statement imports. A commit is one database transaction: the import's row is locked (a
//! second commit waits, then finds it committed and answers its first outcome), then the
//! account; duplicates are found against the account's rows as they are under that lock, and
//! the new rows go through the ledger's own write path (running balances and month totals stay
//! exact) carrying the import's id and the bank's id of each row.

use std::collections::HashMap;

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use diesel::prelude::*;
use diesel::sql_types::{Array, BigInt, Bool, Bytea, Date, Nullable, Text, Timestamptz, Uuid as SqlUuid};
use domain::accounts::AccountId;
use domain::categories::CategoryId;
use domain::ids::ImportId;
use domain::imports::{type_of, Categoriser};
use domain::splits::Allocation;
use domain::tags::{TagId, TAGS_PER_TRANSACTION};
use domain::transactions::{TransactionDraft, TransactionStatus};
use domain::{Money, Scope};
use ports::imports::{duplicates_of, span_of, CommitOutcome, ExistingRow, ImportRepository, ImportRow, StoredImport};
use ports::statements::{ColumnMapping, DateFormat, StatementFormat};
use ports::RepoError;
use serde_json::{json, Value};
use uuid::Uuid;

use crate::category_names::{category_list, Categories};
use crate::errors::{found, OrRepo};
use crate::rules::load_rules;
use crate::statements::{query, sql};
use crate::transactions::{delete_entries, insert_entries, mark_hinted, pair_automatically};
use crate::visibility::sees_account;
use crate::Database;

pub struct PgImportRepository {
    db: Database,
}

impl PgImportRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

#[derive(QueryableByName)]
struct ImportRowSql {
    #[diesel(sql_type = SqlUuid)]
    id: Uuid,
    #[diesel(sql_type = Nullable<SqlUuid>)]
    account_id: Option<Uuid>,
    #[diesel(sql_type = Text)]
    file_name: String,
    #[diesel(sql_type = Text)]
    format: String,
    #[diesel(sql_type = Text)]
    preset: String,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    committed_at: Option<DateTime<Utc>>,
    #[diesel(sql_type = BigInt)]
    added: i64,
    #[diesel(sql_type = BigInt)]
    duplicates: i64,
    #[diesel(sql_type = Timestamptz)]
    created_at: DateTime<Utc>,
}

macro_rules! import_columns {
    () => {
        "id, account_id, file_name, format, preset, committed_at, added::bigint AS added, duplicates::bigint AS duplicates, created_at"
    };
}

impl ImportRowSql {
    fn into_import(self) -> Result<StoredImport, RepoError> {
        Ok(StoredImport {
            id: ImportId(self.id),
            account_id: self.account_id.map(AccountId),
            file_name: self.file_name,
            format: StatementFormat::parse(&self.format)
                .ok_or_else(|| RepoError::Unexpected(anyhow::anyhow!("stored import format {}", self.format)))?,
            preset: self.preset,
            committed_at: self.committed_at,
            added: self.added,
            duplicates: self.duplicates,
            created_at: self.created_at,
        })
    }
}

fn load_import(conn: &mut PgConnection, scope: Scope, id: Uuid, lock: bool) -> Result<StoredImport, RepoError> {
    let sql = if lock {
        sql!("SELECT ", import_columns!(), " FROM imports WHERE household_id = $1 AND id = $2 FOR UPDATE")
    } else {
        sql!("SELECT ", import_columns!(), " FROM imports WHERE household_id = $1 AND id = $2")
    };
    let row: ImportRowSql =
        query(sql).bind::<SqlUuid, _>(scope.household.0).bind::<SqlUuid, _>(id).get_result(conn).or_repo()?;
    row.into_import()
}

/// A row's tags: what its rules add, then those its file names (each once), at most ten.
fn with_named(mut tags: Vec<TagId>, names: &[String], named: &HashMap<String, TagId>) -> Vec<TagId> {
    for id in names.iter().filter_map(|n| named.get(&n.to_lowercase())) {
        if !tags.contains(id) {
            tags.push(*id);
        }
    }
    tags.truncate(TAGS_PER_TRANSACTION);
    tags
}

/// A mapping as the JSON kept per account.
pub(crate) fn mapping_json(m: &ColumnMapping) -> Value {
    json!({
        "date": m.date, "description": m.description, "amount": m.amount, "paidIn": m.paid_in,
        "paidOut": m.paid_out, "balance": m.balance, "category": m.category, "notes": m.notes,
        "id": m.id, "negate": m.negate, "dateFormat": m.date_format.map(DateFormat::as_str),
    })
}

pub(crate) fn mapping_from_json(v: &Value) -> Option<ColumnMapping> {
    let text = |k: &str| v.get(k).and_then(Value::as_str).map(str::to_owned);
    Some(ColumnMapping {
        date: text("date")?,
        description: text("description")?,
        amount: text("amount"),
        paid_in: text("paidIn"),
        paid_out: text("paidOut"),
        balance: text("balance"),
        category: text("category"),
        notes: text("notes"),
        id: text("id"),
        negate: v.get("negate").and_then(Value::as_bool).unwrap_or(false),
        date_format: text("dateFormat").as_deref().and_then(DateFormat::parse),
    })
}

fn existing_rows(
    conn: &mut PgConnection,
    scope: Scope,
    account: AccountId,
    from: NaiveDate,
    to: NaiveDate,
    ids: &[String],
) -> Result<Vec<ExistingRow>, RepoError> {
    #[derive(QueryableByName)]
    struct Row {
        #[diesel(sql_type = Date)]
        date: NaiveDate,
        #[diesel(sql_type = BigInt)]
        amount: i64,
        #[diesel(sql_type = Text)]
        description: String,
        #[diesel(sql_type = Nullable<Text>)]
        external_id: Option<String>,
        #[diesel(sql_type = diesel::sql_types::Bool)]
        fed: bool,
    }
    // Typed transfers are the user's own moves between accounts, never a bank's statement row; a
    // paired transfer's rows were statement or bank rows and still are.
    let rows: Vec<Row> = query(sql!(
        "SELECT date, amount, description, external_id, bank_transaction_id IS NOT NULL AS fed FROM transactions
         WHERE household_id = $1 AND account_id = $2 AND (NOT is_transfer OR pairing IN ('auto', 'manual'))
           AND (date BETWEEN $3 AND $4 OR external_id = ANY($5))"
    ))
    .bind::<SqlUuid, _>(scope.household.0)
    .bind::<SqlUuid, _>(account.0)
    .bind::<Date, _>(from)
    .bind::<Date, _>(to)
    .bind::<Array<Text>, _>(ids)
    .load(conn)
    .or_repo()?;
    Ok(rows
        .into_iter()
        .map(|r| ExistingRow {
            date: r.date,
            amount: Money::from_pence(r.amount),
            description: r.description,
            external_id: r.external_id,
            fed: r.fed,
        })
        .collect())
}

fn categoriser(conn: &mut PgConnection, scope: Scope) -> Result<Categoriser, RepoError> {
    let rules = load_rules(conn, scope)?.into_iter().map(|r| r.rule).collect();
    Ok(Categoriser::new(rules, category_list(conn, scope)?))
}

fn commit(
    conn: &mut PgConnection,
    scope: Scope,
    id: Uuid,
    account: AccountId,
    mut rows: Vec<ImportRow>,
    mapping: Option<ColumnMapping>,
) -> Result<CommitOutcome, RepoError> {
    let import = load_import(conn, scope, id, true)?;
    if import.committed_at.is_some() {
        return Ok(CommitOutcome { import_id: ImportId(id), added: import.added, duplicates: import.duplicates });
    }
    query(sql!(
        "SELECT a.id FROM accounts a WHERE a.household_id = $1 AND a.id = $2 AND ",
        sees_account!("a", "$3"),
        " FOR UPDATE"
    ))
    .bind::<SqlUuid, _>(scope.household.0)
    .bind::<SqlUuid, _>(account.0)
    .bind::<SqlUuid, _>(scope.member.0)
    .execute(conn)
    .or_repo()
    .and_then(found)?;
    // Oldest first: each row then lands at the end of its day, and few later rows move.
    rows.sort_by_key(|r| (r.date, r.line));
    let duplicate = match span_of(&rows) {
        Some((from, to, ids)) => duplicates_of(&existing_rows(conn, scope, account, from, to, &ids)?, &rows),
        None => Vec::new(),
    };
    let categoriser = categoriser(conn, scope)?;
    let mut names = Categories::load(conn, scope)?;
    // Our own export's tags come back by name: the household's of that name, or made.
    let tag_names: Vec<String> = rows.iter().flat_map(|r| r.tags.iter().cloned()).collect();
    let named = crate::tags::tags_named(conn, scope.household.0, &tag_names)?;
    let mut drafts = Vec::new();
    let mut external_ids = Vec::new();
    let mut transfers = Vec::new();
    for (row, _) in rows.iter().zip(&duplicate).filter(|(_, duplicate)| !**duplicate) {
        let c = categoriser.categorise(&row.description, row.amount, row.label.as_deref(), account);
        let category = match c.category_id {
            Some(id) => id,
            None => CategoryId(names.id(conn, scope, &c.category_name)?),
        };
        drafts.push(TransactionDraft {
            amount: row.amount,
            description: c.description,
            transaction_type: type_of(row.amount),
            allocation: Allocation::Category(category),
            account_id: account,
            date: row.date,
            notes: row.notes.clone(),
            status: TransactionStatus::Completed,
            tags: Some(with_named(c.tags.clone(), &row.tags, &named)),
        });
        external_ids.push(row.external_id.clone());
        transfers.push(c.transfer);
    }
    let added = drafts.len() as i64;
    let duplicates = rows.len() as i64 - added;
    let ids = insert_entries(conn, scope, account, &drafts)?;
    query(sql!(
        "UPDATE transactions t SET import_id = $1, external_id = u.external_id
         FROM unnest($2::uuid[], $3::text[]) AS u(id, external_id) WHERE t.id = u.id"
    ))
    .bind::<SqlUuid, _>(id)
    .bind::<Array<SqlUuid>, _>(&ids)
    .bind::<Array<Nullable<Text>>, _>(&external_ids)
    .execute(conn)
    .or_repo()?;
    // A card payment and its receipt on the card (a rule says so) become one transfer.
    let hinted: Vec<Uuid> = ids.iter().zip(&transfers).filter(|(_, t)| **t).map(|(id, _)| *id).collect();
    mark_hinted(conn, &hinted)?;
    pair_automatically(conn, scope, &ids)?;
    if let Some(mapping) = mapping {
        query(sql!(
            "INSERT INTO import_mappings (household_id, account_id, mapping) VALUES ($1, $2, $3)
             ON CONFLICT (household_id, account_id) DO UPDATE SET mapping = EXCLUDED.mapping, updated_at = now()"
        ))
        .bind::<SqlUuid, _>(scope.household.0)
        .bind::<SqlUuid, _>(account.0)
        .bind::<Text, _>(mapping_json(&mapping).to_string())
        .execute(conn)
        .or_repo()?;
    }
    query(sql!(
        "UPDATE imports SET account_id = $2, committed_at = now(), added = $3, duplicates = $4, content = NULL
         WHERE id = $1"
    ))
    .bind::<SqlUuid, _>(id)
    .bind::<SqlUuid, _>(account.0)
    .bind::<diesel::sql_types::Integer, _>(i32::try_from(added).unwrap_or(i32::MAX))
    .bind::<diesel::sql_types::Integer, _>(i32::try_from(duplicates).unwrap_or(i32::MAX))
    .execute(conn)
    .or_repo()?;
    Ok(CommitOutcome { import_id: ImportId(id), added, duplicates })
}

fn undo(conn: &mut PgConnection, scope: Scope, id: Uuid) -> Result<i64, RepoError> {
    load_import(conn, scope, id, true)?;
    #[derive(QueryableByName)]
    struct Id {
        #[diesel(sql_type = SqlUuid)]
        id: Uuid,
    }
    let rows: Vec<Id> = query(sql!("SELECT id FROM transactions WHERE household_id = $1 AND import_id = $2"))
        .bind::<SqlUuid, _>(scope.household.0)
        .bind::<SqlUuid, _>(id)
        .load(conn)
        .or_repo()?;
    let ids: Vec<Uuid> = rows.into_iter().map(|r| r.id).collect();
    let removed = delete_entries(conn, scope, &ids)?;
    query(sql!("DELETE FROM imports WHERE household_id = $1 AND id = $2"))
        .bind::<SqlUuid, _>(scope.household.0)
        .bind::<SqlUuid, _>(id)
        .execute(conn)
        .or_repo()?;
    Ok(removed as i64)
}

#[async_trait]
impl ImportRepository for PgImportRepository {
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn create(
        &self,
        scope: Scope,
        file_name: String,
        format: StatementFormat,
        preset: String,
        content: Vec<u8>,
    ) -> Result<StoredImport, RepoError> {
        self.db
            .write(move |conn| {
                query(sql!(
                    "DELETE FROM imports WHERE household_id = $1 AND committed_at IS NULL
                       AND created_at < now() - interval '1 day'"
                ))
                .bind::<SqlUuid, _>(scope.household.0)
                .execute(conn)
                .or_repo()?;
                let id = Uuid::now_v7();
                query(sql!(
                    "INSERT INTO imports (id, household_id, file_name, format, preset, content, created_by)
                          VALUES ($1, $2, $3, $4, $5, $6, $7)"
                ))
                .bind::<SqlUuid, _>(id)
                .bind::<SqlUuid, _>(scope.household.0)
                .bind::<Text, _>(&file_name)
                .bind::<Text, _>(format.as_str())
                .bind::<Text, _>(&preset)
                .bind::<Bytea, _>(&content)
                .bind::<SqlUuid, _>(scope.member.0)
                .execute(conn)
                .or_repo()?;
                load_import(conn, scope, id, false)
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn get(&self, scope: Scope, id: ImportId) -> Result<(StoredImport, Option<Vec<u8>>), RepoError> {
        let id = id.0;
        self.db
            .run(move |conn| {
                #[derive(QueryableByName)]
                struct Content {
                    #[diesel(sql_type = Nullable<Bytea>)]
                    content: Option<Vec<u8>>,
                }
                let import = load_import(conn, scope, id, false)?;
                let content: Content = query(sql!("SELECT content FROM imports WHERE household_id = $1 AND id = $2"))
                    .bind::<SqlUuid, _>(scope.household.0)
                    .bind::<SqlUuid, _>(id)
                    .get_result(conn)
                    .or_repo()?;
                let preview = import.committed_at.is_none();
                Ok((import, content.content.filter(|_| preview)))
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn list(&self, scope: Scope) -> Result<Vec<StoredImport>, RepoError> {
        self.db
            .run(move |conn| {
                let rows: Vec<ImportRowSql> = query(sql!(
                    "SELECT ",
                    import_columns!(),
                    " FROM imports WHERE household_id = $1 ORDER BY created_at DESC, id DESC"
                ))
                .bind::<SqlUuid, _>(scope.household.0)
                .load(conn)
                .or_repo()?;
                rows.into_iter().map(ImportRowSql::into_import).collect()
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn has_account(&self, scope: Scope, account: AccountId) -> Result<bool, RepoError> {
        self.db
            .run(move |conn| {
                #[derive(QueryableByName)]
                struct Found {
                    #[diesel(sql_type = Bool)]
                    found: bool,
                }
                let f: Found = query(sql!(
                    "SELECT EXISTS (SELECT 1 FROM accounts a WHERE a.household_id = $1 AND a.id = $2 AND ",
                    sees_account!("a", "$3"),
                    ") AS found"
                ))
                .bind::<SqlUuid, _>(scope.household.0)
                .bind::<SqlUuid, _>(account.0)
                .bind::<SqlUuid, _>(scope.member.0)
                .get_result(conn)
                .or_repo()?;
                Ok(f.found)
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn existing(
        &self,
        scope: Scope,
        account: AccountId,
        from: NaiveDate,
        to: NaiveDate,
        ids: Vec<String>,
    ) -> Result<Vec<ExistingRow>, RepoError> {
        self.db.run(move |conn| existing_rows(conn, scope, account, from, to, &ids)).await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn categoriser(&self, scope: Scope) -> Result<Categoriser, RepoError> {
        self.db.run(move |conn| categoriser(conn, scope)).await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn mapping(&self, scope: Scope, account: AccountId) -> Result<Option<ColumnMapping>, RepoError> {
        self.db
            .run(move |conn| {
                #[derive(QueryableByName)]
                struct Row {
                    #[diesel(sql_type = Text)]
                    mapping: String,
                }
                let row: Option<Row> =
                    query(sql!("SELECT mapping FROM import_mappings WHERE household_id = $1 AND account_id = $2"))
                        .bind::<SqlUuid, _>(scope.household.0)
                        .bind::<SqlUuid, _>(account.0)
                        .get_result(conn)
                        .optional()
                        .or_repo()?;
                Ok(row.and_then(|r| serde_json::from_str::<Value>(&r.mapping).ok()).and_then(|v| mapping_from_json(&v)))
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope, rows = rows.len()))]
    async fn commit(
        &self,
        scope: Scope,
        id: ImportId,
        account: AccountId,
        rows: Vec<ImportRow>,
        mapping: Option<ColumnMapping>,
    ) -> Result<CommitOutcome, RepoError> {
        let id = id.0;
        self.db.write(move |conn| commit(conn, scope, id, account, rows, mapping)).await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn undo(&self, scope: Scope, id: ImportId) -> Result<i64, RepoError> {
        let id = id.0;
        self.db.write(move |conn| undo(conn, scope, id)).await
    }
}
