//! Receipts: photos and PDFs attached to a transaction, their bytes in the [`BlobStore`]. A
//! receipt is seen by the members who see its transaction (a private account's stay private),
//! and served either to them with their bearer token or through a short-lived signed address
//! (`domain::receipts::UrlKey`) that an `<img>` or a link can use without one.
//!
//! Deleting a receipt's row, however it happens (the receipt alone, its transaction, a transfer,
//! an import undone, an account, the household), queues its blobs for removal in the same
//! database transaction; [`ReceiptService::sweep`] removes the queued blobs from the store.
//!
//! [`BlobStore`]: crate::blobs::BlobStore

mod service;
#[cfg(test)]
mod tests;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::ids::ReceiptId;
use domain::receipts::ReceiptKind;
use domain::transactions::TransactionId;
use domain::{Scope, ValidationError};

use crate::blobs::BlobKey;
use crate::RepoError;

pub use service::{ReceiptDeps, ReceiptService};

/// A stored receipt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Receipt {
    pub id: ReceiptId,
    pub transaction_id: TransactionId,
    pub kind: ReceiptKind,
    /// The receipt as stored (a re-encoded JPEG, or the PDF as sent).
    pub blob: BlobKey,
    /// A photo's thumbnail; None for a PDF.
    pub thumb: Option<BlobKey>,
    /// The stored receipt's size in bytes.
    pub size: i64,
    pub created_at: DateTime<Utc>,
}

/// A receipt with addresses that fetch it without a bearer token until they expire.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SignedReceipt {
    pub receipt: Receipt,
    /// Server-relative: `/api/receipts/{id}/content?variant=full&expires=…&signature=…`.
    pub url: String,
    /// The thumbnail's address; None for a PDF.
    pub thumbnail_url: Option<String>,
}

#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait ReceiptRepository: Send + Sync {
    /// How many receipts the transaction carries. `NotFound` when the member does not see the
    /// transaction: unknown, another household's, or on another member's private account.
    async fn count(&self, scope: Scope, transaction: TransactionId) -> Result<i64, RepoError>;
    /// The receipt uploaded to the transaction with this Idempotency-Key, if any (`NotFound` as
    /// `count`).
    async fn by_key(&self, scope: Scope, transaction: TransactionId, key: String)
        -> Result<Option<Receipt>, RepoError>;
    /// Stores the receipt, made by `scope.member` and sent with the Idempotency-Key `key`, unless
    /// its transaction already carries `max` (checked with the transaction locked, so two uploads
    /// at once cannot pass it): `Invalid` with `too_many` then. When a receipt with this key is
    /// already stored for the transaction, that one is answered and nothing is written (the
    /// caller removes the blobs it stored for `receipt`). `NotFound` as `count`.
    async fn create(
        &self,
        scope: Scope,
        receipt: &Receipt,
        key: Option<String>,
        max: i64,
        too_many: ValidationError,
    ) -> Result<Receipt, RepoError>;
    /// The transaction's receipts, newest first; `NotFound` as `count`.
    async fn list(&self, scope: Scope, transaction: TransactionId) -> Result<Vec<Receipt>, RepoError>;
    /// One receipt the member sees (`NotFound` otherwise, as for its transaction).
    async fn get(&self, scope: Scope, id: ReceiptId) -> Result<Receipt, RepoError>;
    /// A receipt by its id alone, for a signed address (whose signature is the proof); None
    /// when there is none (deleted since the address was made).
    async fn find(&self, id: ReceiptId) -> Result<Option<Receipt>, RepoError>;
    /// Deletes a receipt the member sees (`NotFound` otherwise); its blobs are queued for
    /// removal in the same database transaction.
    async fn delete(&self, scope: Scope, id: ReceiptId) -> Result<(), RepoError>;
    /// Takes up to `limit` queued blob keys off the queue (several servers never take the same).
    async fn take_blob_deletions(&self, limit: i64) -> Result<Vec<String>, RepoError>;
    /// Puts keys back on the queue (their blobs could not be removed this time).
    async fn requeue_blob_deletions(&self, keys: &[String]) -> Result<(), RepoError>;
}

#[derive(Debug, thiserror::Error)]
pub enum ReceiptError {
    #[error("{0}")]
    Invalid(#[from] ValidationError),
    #[error("{0} not found")]
    NotFound(&'static str),
    /// A signed address that was changed, or has expired.
    #[error("{}", LINK_INVALID)]
    LinkInvalid,
    /// As many photos as the server handles at once are being processed.
    #[error("The server is busy. Please try again in a moment.")]
    Busy,
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

pub const NOT_A_RECEIPT: &str = "Only photos (JPEG, PNG or WebP) and PDF files can be attached";
pub const TOO_BIG: &str = "A receipt must be 10 MB or smaller";
pub const NO_FILE: &str = "Please choose a photo or PDF to attach";
pub const LINK_INVALID: &str = "This link has expired or is not valid";

/// 'A transaction can have at most 10 receipts'.
pub fn too_many() -> ValidationError {
    ValidationError::new(
        "file",
        format!("A transaction can have at most {} receipts", domain::receipts::MAX_PER_TRANSACTION),
    )
}

/// A receipt's blob keys: `receipt-` and 128 random bits in hex (never a name the item photos'
/// public `/uploads/` address serves), with the extension of what is stored, and a photo's
/// thumbnail's.
pub(crate) fn receipt_keys(kind: ReceiptKind) -> (BlobKey, Option<BlobKey>) {
    let name = format!("receipt-{:032x}", rand::random::<u128>());
    let key = |suffix: &str| BlobKey::parse(&format!("{name}{suffix}")).expect("hex is a valid key");
    match kind {
        ReceiptKind::Image => (key(".jpg"), Some(key("-thumb.jpg"))),
        ReceiptKind::Pdf => (key(".pdf"), None),
    }
}

/// The blob key of a stored receipt (`receipt-<32 hex>.jpg` or `.pdf`, never a thumbnail's), as
/// a backup names it; None for anything else.
pub fn receipt_key(name: &str) -> Option<BlobKey> {
    let (stem, ext) = name.strip_prefix("receipt-")?.split_once('.')?;
    let hex = stem.len() == 32 && stem.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
    (hex && matches!(ext, "jpg" | "pdf")).then(|| BlobKey::parse(name)).flatten()
}

/// A receipt photo's thumbnail key (`receipt-<hex>-thumb.jpg`); None for a PDF.
pub fn receipt_thumb_of(key: &BlobKey) -> Option<BlobKey> {
    let stem = key.as_str().strip_suffix(".jpg")?;
    BlobKey::parse(&format!("{stem}-thumb.jpg"))
}
