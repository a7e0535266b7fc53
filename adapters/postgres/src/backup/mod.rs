//! Backups: a user's rows of every table that holds their finances and household, as one
//! versioned JSON document read in one snapshot, and back.
//!
//! A restore writes the rows as they were, derived tables included (month balances, account
//! months, month totals), so balances, totals and analytics equal the original's without being
//! recomputed. Every id is new (a backup may be restored beside the user it came from): an id
//! keeps its first 48 bits (the time of a v7 id, so the order of ids is kept) and gets new
//! random ones; references follow through the same map. Bank connections are not in a backup
//! (their tokens are sealed with this server's key): restored bank rows become plain rows.

use std::collections::HashMap;

use async_trait::async_trait;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text, Uuid as SqlUuid};
use domain::categories::kind_of_name;
use domain::Scope;
use ports::backup::{BackupChunks, BackupError, BackupRepository, RestoreCounts};
use ports::RepoError;
use serde_json::{Map, Value};
use tokio::sync::Semaphore;
use uuid::Uuid;

use crate::errors::OrRepo;
use crate::statements::{query, sql};
use crate::Database;

mod tables;
use tables::{table_columns, uuid_columns, CLEARED, TABLES};

/// The format's version: what this server writes. A restore reads it and every earlier one
/// (1: before tags; 2: tags and their links, receipts and split transactions' parts — issue
/// 37's, released together — which a version 1 backup simply lacks).
const FORMAT: i64 = 2;

pub struct PgBackupRepository {
    db: Database,
    /// One restore at a time: a restore holds the whole parsed file in memory.
    restores: Semaphore,
}

impl PgBackupRepository {
    pub fn new(db: Database) -> Self {
        Self { db, restores: Semaphore::new(1) }
    }
}

#[derive(QueryableByName)]
struct Document {
    #[diesel(sql_type = Text)]
    doc: String,
}

#[derive(QueryableByName)]
struct Count {
    #[diesel(sql_type = BigInt)]
    n: i64,
}

fn schema_version(conn: &mut PgConnection) -> Result<String, RepoError> {
    #[derive(QueryableByName)]
    struct Version {
        #[diesel(sql_type = Text)]
        version: String,
    }
    let v: Version = query(sql!("SELECT max(version)::text AS version FROM __diesel_schema_migrations"))
        .get_result(conn)
        .or_repo()?;
    Ok(v.version)
}

/// Rows a backup reads from the database at a time (written into the FETCH below).
const BATCH: i64 = 2_000;
const _: () = assert!(BATCH == 2_000, "the FETCH in `export` reads BATCH rows");

/// Writes the backup document through `send`, table by table, `BATCH` rows at a time from a
/// cursor, all in the caller's snapshot. Stops when `send` says the reader has gone.
fn export(conn: &mut PgConnection, scope: Scope, send: &dyn Fn(Vec<u8>) -> bool) -> Result<(), RepoError> {
    #[derive(QueryableByName)]
    struct Head {
        #[diesel(sql_type = Text)]
        head: String,
    }
    let schema = schema_version(conn)?;
    let head: Head = query(sql!(
        "SELECT json_build_object('app', 'MySpending', 'version', $2::bigint, 'schema', $1::text, 'exportedAt', now())::text AS head"
    ))
    .bind::<Text, _>(schema)
    .bind::<BigInt, _>(FORMAT)
    .get_result(conn)
    .or_repo()?;
    // `{"app":…,"exportedAt":…` then `,"tables":{"categories":[…],…}}`.
    let mut out = head.head.trim_end_matches('}').to_owned();
    out.push_str(",\"tables\":{");
    for (n, (table, condition)) in TABLES.iter().enumerate() {
        if n > 0 {
            out.push(',');
        }
        out.push_str(&format!("\"{table}\":["));
        tables::declare_cursor(table, condition, scope.household.0, scope.member.0).execute(conn).or_repo()?;
        let mut first = true;
        loop {
            let rows: Vec<Document> = query(sql!("FETCH 2000 FROM backup_rows")).load(conn).or_repo()?;
            for row in &rows {
                if !first {
                    out.push(',');
                }
                first = false;
                out.push_str(&row.doc);
            }
            if !send(std::mem::take(&mut out).into_bytes()) {
                return Ok(());
            }
            if (rows.len() as i64) < BATCH {
                break;
            }
        }
        query(sql!("CLOSE backup_rows")).execute(conn).or_repo()?;
        out.push(']');
    }
    out.push_str("}}");
    send(out.into_bytes());
    Ok(())
}

/// The pieces of a backup being read on a blocking thread.
struct Chunks(tokio::sync::mpsc::Receiver<Result<Vec<u8>, RepoError>>);

#[async_trait]
impl BackupChunks for Chunks {
    async fn next_chunk(&mut self) -> Option<Result<Vec<u8>, RepoError>> {
        self.0.recv().await
    }
}

/// New ids for `olds` (any order), in the same order as the old ones: each keeps its first
/// 48 bits (a v7 id's time) and gets a counter from a random start in its other 74, so lists
/// that break ties by id list the restored rows as the original ones.
fn renewed(olds: impl IntoIterator<Item = Uuid>) -> HashMap<String, String> {
    let sorted: std::collections::BTreeSet<Uuid> = olds.into_iter().collect();
    let start = u128::from(u64::from_le_bytes(Uuid::new_v4().as_bytes()[..8].try_into().unwrap_or_default()));
    sorted
        .into_iter()
        .enumerate()
        .map(|(rank, old)| {
            let counter = start + rank as u128;
            let time = old.as_u128() & (0xFFFF_FFFF_FFFF_u128 << 80);
            let version = 0x7_u128 << 76;
            let rand_a = ((counter >> 62) & 0xFFF) << 64;
            let variant = 0b10_u128 << 62;
            let rand_b = counter & ((1_u128 << 62) - 1);
            (old.to_string(), Uuid::from_u128(time | version | rand_a | variant | rand_b).to_string())
        })
        .collect()
}

/// The start of a backup document, read without building the rest: what it is and the photo
/// paths of its items.
#[derive(serde::Deserialize)]
struct Outline {
    app: Option<String>,
    version: Option<i64>,
    tables: Option<OutlineTables>,
}

#[derive(serde::Deserialize)]
struct OutlineTables {
    #[serde(default)]
    inventory_items: Vec<OutlineItem>,
    #[serde(default)]
    receipts: Vec<OutlineReceipt>,
}

#[derive(serde::Deserialize)]
struct OutlineReceipt {
    blob_key: Option<String>,
}

#[derive(serde::Deserialize)]
struct OutlineItem {
    image: Option<String>,
}

/// Whether a document names itself a backup this server can read.
fn check_version(app: Option<&str>, version: Option<i64>) -> Result<(), BackupError> {
    if app != Some("MySpending") {
        return Err(BackupError::NotABackup);
    }
    match version {
        Some(v) if (1..=FORMAT).contains(&v) => Ok(()),
        Some(v) if v > FORMAT => Err(BackupError::Newer),
        _ => Err(BackupError::NotABackup),
    }
}

/// A backup's tables, checked for shape: an object of arrays of objects.
fn tables(doc: &Value) -> Result<&Map<String, Value>, BackupError> {
    check_version(doc.get("app").and_then(Value::as_str), doc.get("version").and_then(Value::as_i64))?;
    let tables = doc.get("tables").and_then(Value::as_object).ok_or(BackupError::NotABackup)?;
    for (name, rows) in tables {
        if !TABLES.iter().any(|(t, _)| t == name) {
            return Err(BackupError::NotABackup);
        }
        let rows = rows.as_array().ok_or(BackupError::NotABackup)?;
        if !rows.iter().all(Value::is_object) {
            return Err(BackupError::NotABackup);
        }
    }
    Ok(tables)
}

/// Whether the user has anything a restore would merge into.
fn has_data(conn: &mut PgConnection, scope: Scope) -> Result<bool, RepoError> {
    let c: Count = query(
        sql!("SELECT ((SELECT count(*) FROM accounts WHERE household_id = $1) + (SELECT count(*) FROM transactions WHERE household_id = $1)
               + (SELECT count(*) FROM goals WHERE household_id = $1) + (SELECT count(*) FROM inventory_items WHERE household_id = $1))::bigint AS n"),
    )
    .bind::<SqlUuid, _>(scope.household.0)
    .get_result(conn)
    .or_repo()?;
    Ok(c.n > 0)
}

/// A database refusal while writing a backup's rows means the file is damaged or hand-made.
fn refused(e: RepoError) -> BackupError {
    match e {
        RepoError::Unexpected(cause) => {
            tracing::info!(error = %cause, "a backup's rows were refused");
            BackupError::NotABackup
        }
        other => BackupError::Repo(other),
    }
}

fn restore(
    conn: &mut PgConnection,
    scope: Scope,
    mut doc: Value,
    photos: &HashMap<String, String>,
) -> Result<RestoreCounts, BackupError> {
    tables(&doc)?;
    if doc.get("schema").and_then(Value::as_str).is_some_and(|s| s.len() == 14 && s.bytes().all(|b| b.is_ascii_digit()))
    {
        let here = schema_version(conn)?;
        if doc["schema"].as_str().is_some_and(|s| s > here.as_str()) {
            return Err(BackupError::Newer);
        }
    }
    // Serialises restores into one household and keeps the emptiness true until the commit.
    query(sql!("SELECT id FROM households WHERE id = $1 FOR UPDATE"))
        .bind::<SqlUuid, _>(scope.household.0)
        .execute(conn)
        .or_repo()?;
    if has_data(conn, scope)? {
        return Err(BackupError::NotEmpty);
    }
    for (table, condition) in TABLES.iter().rev() {
        tables::delete_rows(table, condition).bind::<SqlUuid, _>(scope.household.0).execute(conn).or_repo()?;
    }

    let uuids = uuid_columns(conn)?;
    let tables = doc.get_mut("tables").and_then(Value::as_object_mut).ok_or(BackupError::NotABackup)?;
    // Every row's id gets a new one; the backup's user is this user.
    let rows = || tables.values().filter_map(Value::as_array).flatten();
    let mut ids = renewed(rows().filter_map(|r| r.get("id")?.as_str().and_then(|s| Uuid::parse_str(s).ok())));
    let owners: Vec<String> = rows().filter_map(|r| r.get("household_id")?.as_str().map(str::to_owned)).collect();
    for owner in owners {
        ids.insert(owner, scope.household.0.to_string());
    }
    let mut counts = RestoreCounts::default();
    for (table, _) in TABLES {
        let Some(rows) = tables.get_mut(*table).and_then(Value::as_array_mut) else { continue };
        if rows.is_empty() {
            continue;
        }
        if *table == "receipts" {
            // A receipt whose file was neither in the backup nor on this server is left out.
            rows.retain(|r| r.get("blob_key").and_then(Value::as_str).is_some_and(|k| photos.contains_key(k)));
            if rows.is_empty() {
                continue;
            }
        }
        let uuid_cols = uuids.get(*table).cloned().unwrap_or_default();
        for row in rows.iter_mut() {
            let Some(row) = row.as_object_mut() else { return Err(BackupError::NotABackup) };
            for column in &uuid_cols {
                let cleared = CLEARED.contains(&(*table, column.as_str()));
                if let Some(value) = row.get_mut(column) {
                    if cleared {
                        *value = Value::Null;
                    } else if let Some(new) = value.as_str().and_then(|old| ids.get(old)) {
                        *value = Value::String(new.clone());
                    }
                }
            }
            if row.contains_key("household_id") {
                row.insert("household_id".into(), Value::String(scope.household.0.to_string()));
            }
            // Whoever made the rows in the backup, here they are the member who restores it,
            // and so are its accounts (a backup from before households has no owners).
            if row.contains_key("created_by") {
                row.insert("created_by".into(), Value::String(scope.member.0.to_string()));
            }
            if *table == "accounts" {
                row.insert("owner_id".into(), Value::String(scope.member.0.to_string()));
            }
            if *table == "categories" && !row.contains_key("kind") {
                // A backup from before kinds: the kind the name says, as the migration gave.
                let name = row.get("name").and_then(Value::as_str).unwrap_or_default();
                row.insert("kind".into(), Value::String(kind_of_name(name).as_str().into()));
            }
            if *table == "receipts" {
                // Stored again under new keys (the two households never share a blob); a retry's
                // key belonged to the original upload.
                for column in ["blob_key", "thumb_key"] {
                    if let Some(value) = row.get_mut(column) {
                        if let Some(new) = value.as_str().and_then(|old| photos.get(old)) {
                            *value = Value::String(new.clone());
                        }
                    }
                }
                row.insert("idempotency_key".into(), Value::Null);
            }
            if *table == "inventory_items" {
                if let Some(image) = row.get_mut("image") {
                    if let Some(new) = image.as_str().and_then(|old| photos.get(old)) {
                        *image = Value::String(new.clone());
                    }
                }
            }
        }
        let present: Vec<String> =
            table_columns(conn, table)?.into_iter().filter(|c| rows.iter().any(|r| r.get(c).is_some())).collect();
        if present.is_empty() {
            return Err(BackupError::NotABackup);
        }
        let n = tables::insert_rows(table, &present)
            .bind::<Text, _>(Value::Array(std::mem::take(rows)).to_string())
            .execute(conn)
            .or_repo()
            .map_err(refused)? as i64;
        match *table {
            "accounts" => counts.accounts = n,
            "categories" => counts.categories = n,
            "transactions" => counts.transactions = n,
            "budgets" => counts.budgets = n,
            "recurring_templates" => counts.recurring = n,
            "goals" => counts.goals = n,
            "inventory_items" => counts.inventory = n,
            "rules" => counts.rules = n,
            _ => {}
        }
    }
    // The restocking rule, as every write of an item applies it: an item the backup holds
    // below its need (one made before the rule was kept on creation and edits) is listed.
    crate::inventory::restock_all(conn, scope.household.0).or_repo()?;
    // Rows entered after the restore come after the restored ones of their day.
    query(
        sql!("SELECT setval('transactions_seq', GREATEST((SELECT last_value FROM transactions_seq),
                                                    (SELECT coalesce(max(seq), 1) FROM transactions WHERE household_id = $1)))"),
    )
    .bind::<SqlUuid, _>(scope.household.0)
    .execute(conn)
    .or_repo()?;
    Ok(counts)
}

#[async_trait]
impl BackupRepository for PgBackupRepository {
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn export(&self, scope: Scope) -> Result<Box<dyn BackupChunks>, RepoError> {
        // A few pieces may wait for a slow reader; the reading thread waits beyond that, so a
        // backup of any size holds about `BATCH` rows in memory at a time.
        let (tx, rx) = tokio::sync::mpsc::channel(4);
        let db = self.db.clone();
        tokio::spawn(async move {
            let pieces = tx.clone();
            let read = db
                .read_snapshot(move |conn| export(conn, scope, &|chunk| pieces.blocking_send(Ok(chunk)).is_ok()))
                .await;
            if let Err(e) = read {
                tracing::error!(error = %e, "a backup stopped part way");
                let _ = tx.send(Err(e)).await;
            }
        });
        Ok(Box::new(Chunks(rx)))
    }

    async fn photos(&self, scope: Scope) -> Result<Vec<String>, RepoError> {
        #[derive(QueryableByName)]
        struct Photo {
            #[diesel(sql_type = Text)]
            image: String,
        }
        self.db
            .run(move |conn| {
                let rows: Vec<Photo> = query(sql!(
                    "SELECT image FROM inventory_items WHERE household_id = $1 AND image <> ''
                     UNION ALL
                     (SELECT r.blob_key AS image FROM receipts r JOIN transactions t ON t.id = r.transaction_id
                      WHERE r.household_id = $1 AND t.household_id = $1 AND ",
                    crate::visibility::on_seen_account!("t.account_id", "$1", "$2"),
                    " ORDER BY r.id)"
                ))
                .bind::<SqlUuid, _>(scope.household.0)
                .bind::<SqlUuid, _>(scope.member.0)
                .load(conn)
                .or_repo()?;
                Ok(rows.into_iter().map(|r| r.image).collect())
            })
            .await
    }

    fn photos_in(&self, backup: &[u8]) -> Result<Vec<String>, BackupError> {
        let outline: Outline = serde_json::from_slice(backup).map_err(|_| BackupError::NotABackup)?;
        check_version(outline.app.as_deref(), outline.version)?;
        let tables = outline.tables.ok_or(BackupError::NotABackup)?;
        let photos = tables.inventory_items.into_iter().filter_map(|item| item.image).filter(|i| !i.is_empty());
        Ok(photos.chain(tables.receipts.into_iter().filter_map(|r| r.blob_key)).collect())
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope, bytes = backup.len()))]
    async fn restore(
        &self,
        scope: Scope,
        backup: Vec<u8>,
        photos: HashMap<String, String>,
    ) -> Result<RestoreCounts, BackupError> {
        let _one = self.restores.try_acquire().map_err(|_| BackupError::Work(ports::WorkError::Busy))?;
        let doc: Value = serde_json::from_slice(&backup).map_err(|_| BackupError::NotABackup)?;
        drop(backup);
        tables(&doc)?;
        // The transaction's own error type must come from a RepoError; the backup's verdicts
        // travel beside it.
        let verdict = std::sync::Arc::new(std::sync::Mutex::new(None));
        let seen = verdict.clone();
        let result = self
            .db
            .write(move |conn| {
                restore(conn, scope, doc, &photos).map_err(|e| match e {
                    BackupError::Repo(r) => r,
                    other => {
                        *seen.lock().unwrap_or_else(|p| p.into_inner()) = Some(other);
                        RepoError::NotFound
                    }
                })
            })
            .await;
        match result {
            Ok(counts) => Ok(counts),
            Err(e) => match verdict.lock().unwrap_or_else(|p| p.into_inner()).take() {
                Some(v) => Err(v),
                None => Err(BackupError::Repo(e)),
            },
        }
    }
}
