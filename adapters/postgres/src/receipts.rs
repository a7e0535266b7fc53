//! Receipts attached to transactions: [`PgReceiptRepository`], and the per-page receipt counts
//! the transaction reads carry.

use std::collections::HashMap;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{Array, BigInt, Nullable, Text, Timestamptz, Uuid as SqlUuid};
use domain::ids::ReceiptId;
use domain::receipts::ReceiptKind;
use domain::transactions::TransactionId;
use domain::{Scope, ValidationError};
use ports::blobs::BlobKey;
use ports::receipts::{Receipt, ReceiptRepository};
use ports::RepoError;
use uuid::Uuid;

use crate::errors::{found, OrRepo};
use crate::statements::{query, sql};
use crate::visibility::on_seen_account;
use crate::Database;

/// The columns a [`ReceiptRow`] reads.
macro_rules! columns {
    () => {
        "id, transaction_id, blob_key, thumb_key, content_type, size, created_at"
    };
}

#[derive(QueryableByName)]
struct ReceiptRow {
    #[diesel(sql_type = SqlUuid)]
    id: Uuid,
    #[diesel(sql_type = SqlUuid)]
    transaction_id: Uuid,
    #[diesel(sql_type = Text)]
    blob_key: String,
    #[diesel(sql_type = Nullable<Text>)]
    thumb_key: Option<String>,
    #[diesel(sql_type = Text)]
    content_type: String,
    #[diesel(sql_type = BigInt)]
    size: i64,
    #[diesel(sql_type = Timestamptz)]
    created_at: DateTime<Utc>,
}

impl TryFrom<ReceiptRow> for Receipt {
    type Error = RepoError;

    fn try_from(r: ReceiptRow) -> Result<Self, RepoError> {
        let broken = |what: &str| RepoError::Unexpected(anyhow::anyhow!("receipt {} has an invalid {what}", r.id));
        Ok(Receipt {
            id: ReceiptId(r.id),
            transaction_id: TransactionId(r.transaction_id),
            kind: ReceiptKind::parse(&r.content_type).ok_or_else(|| broken("content type"))?,
            blob: BlobKey::parse(&r.blob_key).ok_or_else(|| broken("blob key"))?,
            thumb: match &r.thumb_key {
                Some(k) => Some(BlobKey::parse(k).ok_or_else(|| broken("thumbnail key"))?),
                None => None,
            },
            size: r.size,
            created_at: r.created_at,
        })
    }
}

fn receipts(rows: Vec<ReceiptRow>) -> Result<Vec<Receipt>, RepoError> {
    rows.into_iter().map(Receipt::try_from).collect()
}

/// The number of receipts of each of these transactions (those with none are absent), in one
/// query, for a page of transactions the caller has already found the member sees.
pub(crate) fn receipt_counts(
    conn: &mut PgConnection,
    household: Uuid,
    transactions: &[Uuid],
) -> Result<HashMap<Uuid, i64>, RepoError> {
    #[derive(QueryableByName)]
    struct Count {
        #[diesel(sql_type = SqlUuid)]
        transaction_id: Uuid,
        #[diesel(sql_type = BigInt)]
        receipts: i64,
    }
    if transactions.is_empty() {
        return Ok(HashMap::new());
    }
    let counts: Vec<Count> = query(sql!(
        "SELECT transaction_id, count(*)::bigint AS receipts FROM receipts
         WHERE household_id = $1 AND transaction_id = ANY($2)
         GROUP BY transaction_id"
    ))
    .bind::<SqlUuid, _>(household)
    .bind::<Array<SqlUuid>, _>(transactions)
    .load(conn)
    .or_repo()?;
    Ok(counts.into_iter().map(|c| (c.transaction_id, c.receipts)).collect())
}

/// Whether the member sees the transaction: the household's, on an account that is not another
/// member's private one. `NotFound` otherwise. With `lock`, the row is locked (FOR NO KEY UPDATE)
/// until the caller's database transaction ends.
fn seen_transaction(conn: &mut PgConnection, scope: Scope, id: TransactionId, lock: bool) -> Result<(), RepoError> {
    #[derive(QueryableByName)]
    struct Seen {
        #[diesel(sql_type = SqlUuid)]
        #[allow(dead_code)]
        id: Uuid,
    }
    let statement = if lock {
        sql!(
            "SELECT id FROM transactions WHERE household_id = $1 AND id = $3 AND ",
            on_seen_account!("account_id", "$1", "$2"),
            " FOR NO KEY UPDATE"
        )
    } else {
        sql!(
            "SELECT id FROM transactions WHERE household_id = $1 AND id = $3 AND ",
            on_seen_account!("account_id", "$1", "$2")
        )
    };
    let _: Seen = query(statement)
        .bind::<SqlUuid, _>(scope.household.0)
        .bind::<SqlUuid, _>(scope.member.0)
        .bind::<SqlUuid, _>(id.0)
        .get_result(conn)
        .or_repo()?;
    Ok(())
}

fn receipt_by_key(
    conn: &mut PgConnection,
    scope: Scope,
    transaction: TransactionId,
    key: &str,
) -> Result<Option<Receipt>, RepoError> {
    let row: Option<ReceiptRow> = query(sql!(
        "SELECT ",
        columns!(),
        " FROM receipts
         WHERE household_id = $1 AND transaction_id = $2 AND idempotency_key = $3"
    ))
    .bind::<SqlUuid, _>(scope.household.0)
    .bind::<SqlUuid, _>(transaction.0)
    .bind::<Text, _>(key)
    .get_result(conn)
    .optional()
    .or_repo()?;
    row.map(Receipt::try_from).transpose()
}

/// [`ReceiptRepository`] on PostgreSQL.
pub struct PgReceiptRepository {
    db: Database,
}

impl PgReceiptRepository {
    pub fn new(db: Database) -> Self {
        Self { db }
    }
}

#[async_trait]
impl ReceiptRepository for PgReceiptRepository {
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn count(&self, scope: Scope, transaction: TransactionId) -> Result<i64, RepoError> {
        self.db
            .run(move |conn| {
                seen_transaction(conn, scope, transaction, false)?;
                Ok(receipt_counts(conn, scope.household.0, &[transaction.0])?.get(&transaction.0).copied().unwrap_or(0))
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn by_key(
        &self,
        scope: Scope,
        transaction: TransactionId,
        key: String,
    ) -> Result<Option<Receipt>, RepoError> {
        self.db
            .run(move |conn| {
                seen_transaction(conn, scope, transaction, false)?;
                receipt_by_key(conn, scope, transaction, &key)
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn create(
        &self,
        scope: Scope,
        receipt: &Receipt,
        key: Option<String>,
        max: i64,
        too_many: ValidationError,
    ) -> Result<Receipt, RepoError> {
        let receipt = receipt.clone();
        self.db
            .write(move |conn| {
                seen_transaction(conn, scope, receipt.transaction_id, true)?;
                // The transaction is locked: a first upload with this key has committed or not.
                if let Some(key) = &key {
                    if let Some(earlier) = receipt_by_key(conn, scope, receipt.transaction_id, key)? {
                        return Ok(earlier);
                    }
                }
                let held = receipt_counts(conn, scope.household.0, &[receipt.transaction_id.0])?
                    .get(&receipt.transaction_id.0)
                    .copied()
                    .unwrap_or(0);
                if held >= max {
                    return Err(RepoError::Invalid(too_many));
                }
                let row: ReceiptRow = query(sql!(
                    "INSERT INTO receipts
                         (id, household_id, transaction_id, blob_key, thumb_key, content_type, size, created_by, created_at,
                          idempotency_key)
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
                     RETURNING ", columns!()
                ))
                .bind::<SqlUuid, _>(receipt.id.0)
                .bind::<SqlUuid, _>(scope.household.0)
                .bind::<SqlUuid, _>(receipt.transaction_id.0)
                .bind::<Text, _>(receipt.blob.as_str())
                .bind::<Nullable<Text>, _>(receipt.thumb.as_ref().map(BlobKey::as_str))
                .bind::<Text, _>(receipt.kind.content_type())
                .bind::<BigInt, _>(receipt.size)
                .bind::<SqlUuid, _>(scope.member.0)
                .bind::<Timestamptz, _>(receipt.created_at)
                .bind::<Nullable<Text>, _>(key)
                .get_result(conn)
                .or_repo()?;
                row.try_into()
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn list(&self, scope: Scope, transaction: TransactionId) -> Result<Vec<Receipt>, RepoError> {
        self.db
            .run(move |conn| {
                seen_transaction(conn, scope, transaction, false)?;
                let rows: Vec<ReceiptRow> = query(sql!(
                    "SELECT ",
                    columns!(),
                    " FROM receipts
                     WHERE household_id = $1 AND transaction_id = $2
                     ORDER BY created_at DESC, id DESC"
                ))
                .bind::<SqlUuid, _>(scope.household.0)
                .bind::<SqlUuid, _>(transaction.0)
                .load(conn)
                .or_repo()?;
                receipts(rows)
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn get(&self, scope: Scope, id: ReceiptId) -> Result<Receipt, RepoError> {
        self.db
            .run(move |conn| {
                let row: ReceiptRow = query(sql!(
                    "SELECT r.id, r.transaction_id, r.blob_key, r.thumb_key, r.content_type, r.size, r.created_at
                     FROM receipts r JOIN transactions t ON t.id = r.transaction_id AND t.household_id = r.household_id
                     WHERE r.household_id = $1 AND r.id = $3 AND ",
                    on_seen_account!("t.account_id", "$1", "$2")
                ))
                .bind::<SqlUuid, _>(scope.household.0)
                .bind::<SqlUuid, _>(scope.member.0)
                .bind::<SqlUuid, _>(id.0)
                .get_result(conn)
                .or_repo()?;
                row.try_into()
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all)]
    async fn find(&self, id: ReceiptId) -> Result<Option<Receipt>, RepoError> {
        self.db
            .run(move |conn| {
                let row: Option<ReceiptRow> = query(sql!("SELECT ", columns!(), " FROM receipts WHERE id = $1"))
                    .bind::<SqlUuid, _>(id.0)
                    .get_result(conn)
                    .optional()
                    .or_repo()?;
                row.map(Receipt::try_from).transpose()
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    async fn delete(&self, scope: Scope, id: ReceiptId) -> Result<(), RepoError> {
        self.db
            .write(move |conn| {
                let touched = query(sql!(
                    "DELETE FROM receipts r USING transactions t
                     WHERE r.household_id = $1 AND r.id = $3
                       AND t.id = r.transaction_id AND t.household_id = r.household_id AND ",
                    on_seen_account!("t.account_id", "$1", "$2")
                ))
                .bind::<SqlUuid, _>(scope.household.0)
                .bind::<SqlUuid, _>(scope.member.0)
                .bind::<SqlUuid, _>(id.0)
                .execute(conn)
                .or_repo()?;
                found(touched)
            })
            .await
    }

    #[tracing::instrument(level = "debug", skip_all)]
    async fn take_blob_deletions(&self, limit: i64) -> Result<Vec<String>, RepoError> {
        #[derive(QueryableByName)]
        struct Key {
            #[diesel(sql_type = Text)]
            blob_key: String,
        }
        // One statement, so no database transaction (and no request's Idempotency-Key) is needed.
        let keys: Vec<Key> = self
            .db
            .run(move |conn| {
                query(sql!(
                    "DELETE FROM receipt_blob_deletions WHERE blob_key IN (
                         SELECT blob_key FROM receipt_blob_deletions ORDER BY queued_at LIMIT $1 FOR UPDATE SKIP LOCKED)
                     RETURNING blob_key"
                ))
                .bind::<BigInt, _>(limit)
                .load(conn)
                .or_repo()
            })
            .await?;
        Ok(keys.into_iter().map(|k| k.blob_key).collect())
    }

    #[tracing::instrument(level = "debug", skip_all)]
    async fn requeue_blob_deletions(&self, keys: &[String]) -> Result<(), RepoError> {
        let keys = keys.to_vec();
        self.db
            .run(move |conn| {
                query(sql!(
                    "INSERT INTO receipt_blob_deletions (blob_key) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING"
                ))
                .bind::<Array<Text>, _>(keys)
                .execute(conn)
                .or_repo()
                .map(|_| ())
            })
            .await
    }
}
