//! The use case, [`ReceiptService`].

use std::sync::Arc;

use domain::ids::ReceiptId;
use domain::receipts::{is_pdf, ReceiptKind, UrlKey, Variant, MAX_PER_TRANSACTION, URL_LIFETIME_SECONDS};
use domain::transactions::TransactionId;
use domain::{Scope, ValidationError};

use crate::blobs::{BlobKey, BlobStore};
use crate::images::{ImageError, ImageProcessor};
use crate::inventory::TOO_MANY_PIXELS;
use crate::{Clock, RepoError, WorkError};

use super::*;

/// How many queued blobs one sweep removes at most (the rest wait for the next).
const SWEEP_BATCH: i64 = 500;

/// What the use case needs.
pub struct ReceiptDeps {
    pub receipts: Arc<dyn ReceiptRepository>,
    pub blobs: Arc<dyn BlobStore>,
    pub images: Arc<dyn ImageProcessor>,
    pub clock: Arc<dyn Clock>,
    /// Signs and checks the receipts' addresses.
    pub key: UrlKey,
}

#[derive(Clone)]
pub struct ReceiptService {
    receipts: Arc<dyn ReceiptRepository>,
    blobs: Arc<dyn BlobStore>,
    images: Arc<dyn ImageProcessor>,
    clock: Arc<dyn Clock>,
    key: Arc<UrlKey>,
}

fn not_found(what: &'static str) -> impl Fn(RepoError) -> ReceiptError {
    move |e| e.or_not_found(|| ReceiptError::NotFound(what))
}

fn blob_failed(e: crate::blobs::BlobError) -> ReceiptError {
    ReceiptError::Unexpected(e.into())
}

impl ReceiptService {
    pub fn new(deps: ReceiptDeps) -> Self {
        let ReceiptDeps { receipts, blobs, images, clock, key } = deps;
        Self { receipts, blobs, images, clock, key: Arc::new(key) }
    }

    /// Attaches a photo or PDF to a transaction the member sees. The kind is judged by the bytes
    /// alone: a PDF (starting `%PDF-`) is stored as sent; anything else must decode as a PNG,
    /// JPEG or WebP and is stored re-encoded (upright, without its metadata) with a thumbnail.
    /// Sent again with the same Idempotency-Key `key`, the first receipt is answered again.
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope, bytes = bytes.len()))]
    pub async fn attach(
        &self,
        scope: Scope,
        transaction: TransactionId,
        bytes: Vec<u8>,
        key: Option<String>,
    ) -> Result<SignedReceipt, ReceiptError> {
        if bytes.is_empty() {
            return Err(ValidationError::new("file", NO_FILE).into());
        }
        if let Some(key) = &key {
            let earlier = self.receipts.by_key(scope, transaction, key.clone()).await;
            if let Some(earlier) = earlier.map_err(not_found("Transaction"))? {
                return Ok(self.signed(earlier));
            }
        }
        // Cheap checks first: an unseen transaction or a full one costs no decoding.
        let count = self.receipts.count(scope, transaction).await.map_err(not_found("Transaction"))?;
        if count >= MAX_PER_TRANSACTION {
            return Err(too_many().into());
        }
        let (kind, full, thumb) = if is_pdf(&bytes) {
            (ReceiptKind::Pdf, bytes, None)
        } else {
            let image = self.images.normalise(bytes).await.map_err(|e| match e {
                ImageError::NotAnImage => ReceiptError::Invalid(ValidationError::new("file", NOT_A_RECEIPT)),
                ImageError::TooManyPixels => ReceiptError::Invalid(ValidationError::new("file", TOO_MANY_PIXELS)),
                ImageError::Work(WorkError::Busy) => ReceiptError::Busy,
                ImageError::Work(WorkError::Failed(e)) => ReceiptError::Unexpected(e),
            })?;
            (ReceiptKind::Image, image.full, Some(image.thumb))
        };
        let (blob, thumb_key) = receipt_keys(kind);
        let receipt = Receipt {
            id: ReceiptId::generate(),
            transaction_id: transaction,
            kind,
            blob: blob.clone(),
            thumb: thumb_key.clone(),
            size: i64::try_from(full.len()).unwrap_or(i64::MAX),
            created_at: self.clock.now(),
        };
        let stored = self.store_blobs(&blob, full, thumb_key.as_ref().zip(thumb)).await;
        let created = match stored {
            Ok(()) => {
                self.receipts.create(scope, &receipt, key, MAX_PER_TRANSACTION, too_many()).await.map_err(|e| match e {
                    RepoError::Invalid(v) => ReceiptError::Invalid(v),
                    other => not_found("Transaction")(other),
                })
            }
            Err(e) => Err(e),
        };
        match created {
            Ok(stored) => {
                if stored.id != receipt.id {
                    // A retry that raced its first: the first is the receipt.
                    self.forget(std::iter::once(blob).chain(thumb_key)).await;
                }
                Ok(self.signed(stored))
            }
            Err(e) => {
                // Nothing of a refused upload stays behind.
                self.forget(std::iter::once(blob).chain(thumb_key)).await;
                Err(e)
            }
        }
    }

    async fn store_blobs(
        &self,
        blob: &BlobKey,
        full: Vec<u8>,
        thumb: Option<(&BlobKey, Vec<u8>)>,
    ) -> Result<(), ReceiptError> {
        if let Some((key, bytes)) = thumb {
            self.blobs.put(key, bytes).await.map_err(blob_failed)?;
        }
        self.blobs.put(blob, full).await.map_err(blob_failed)
    }

    /// Removes blobs, logging (not failing on) a store that refuses.
    async fn forget(&self, keys: impl Iterator<Item = BlobKey>) {
        for key in keys {
            if let Err(e) = self.blobs.delete(&key).await {
                tracing::warn!(error = %e, "a receipt's blob could not be removed");
            }
        }
    }

    /// The transaction's receipts, newest first, each with fresh addresses.
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn list(&self, scope: Scope, transaction: TransactionId) -> Result<Vec<SignedReceipt>, ReceiptError> {
        let receipts = self.receipts.list(scope, transaction).await.map_err(not_found("Transaction"))?;
        Ok(receipts.into_iter().map(|r| self.signed(r)).collect())
    }

    /// Deletes a receipt the member sees, and its blobs.
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn delete(&self, scope: Scope, id: ReceiptId) -> Result<(), ReceiptError> {
        self.receipts.delete(scope, id).await.map_err(not_found("Receipt"))?;
        self.sweep().await;
        Ok(())
    }

    /// A receipt's bytes and content type for a member who sees it (with their bearer token).
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn content(
        &self,
        scope: Scope,
        id: ReceiptId,
        variant: Variant,
    ) -> Result<(Vec<u8>, &'static str), ReceiptError> {
        let receipt = self.receipts.get(scope, id).await.map_err(not_found("Receipt"))?;
        self.bytes(&receipt, variant).await
    }

    /// A receipt's bytes through a signed address: `LinkInvalid` (and no bytes) when the
    /// signature is not this server's for this receipt, variant and expiry, or it has expired.
    #[tracing::instrument(level = "debug", skip_all)]
    pub async fn signed_content(
        &self,
        id: ReceiptId,
        variant: Variant,
        expires: i64,
        signature: &str,
    ) -> Result<(Vec<u8>, &'static str), ReceiptError> {
        if !self.key.verify(id, variant, expires, signature, self.clock.now().timestamp()) {
            return Err(ReceiptError::LinkInvalid);
        }
        let receipt = self.receipts.find(id).await.map_err(not_found("Receipt"))?;
        self.bytes(&receipt.ok_or(ReceiptError::NotFound("Receipt"))?, variant).await
    }

    async fn bytes(&self, receipt: &Receipt, variant: Variant) -> Result<(Vec<u8>, &'static str), ReceiptError> {
        let key = match variant {
            Variant::Full => &receipt.blob,
            Variant::Thumb => receipt.thumb.as_ref().ok_or(ReceiptError::NotFound("Receipt"))?,
        };
        let bytes = self.blobs.get(key).await.map_err(blob_failed)?;
        let bytes = bytes.ok_or_else(|| {
            tracing::warn!(receipt = %receipt.id, "a receipt's blob is missing from the store");
            ReceiptError::NotFound("Receipt")
        })?;
        Ok((bytes, receipt.kind.content_type()))
    }

    /// Removes the blobs of deleted receipts from the store (those queued by any delete); a blob
    /// the store refuses to remove goes back on the queue for the next sweep. Never fails: a
    /// sweep that cannot run leaves the queue for the next.
    #[tracing::instrument(level = "debug", skip_all)]
    pub async fn sweep(&self) -> usize {
        let keys = match self.receipts.take_blob_deletions(SWEEP_BATCH).await {
            Ok(keys) => keys,
            Err(e) => {
                tracing::warn!(error = %e, "the receipts' blob queue could not be read");
                return 0;
            }
        };
        let mut failed = Vec::new();
        for raw in &keys {
            let Some(key) = BlobKey::parse(raw) else { continue };
            if let Err(e) = self.blobs.delete(&key).await {
                tracing::warn!(error = %e, "a deleted receipt's blob could not be removed; retried later");
                failed.push(raw.clone());
            }
        }
        if !failed.is_empty() {
            if let Err(e) = self.receipts.requeue_blob_deletions(&failed).await {
                tracing::error!(error = %e, count = failed.len(), "deleted receipts' blobs left in the store");
            }
        }
        keys.len() - failed.len()
    }

    /// The receipt with addresses valid for the next 15 minutes.
    fn signed(&self, receipt: Receipt) -> SignedReceipt {
        let expires = self.clock.now().timestamp() + URL_LIFETIME_SECONDS;
        let address = |variant: Variant| {
            let signature = self.key.sign(receipt.id, variant, expires);
            format!(
                "/api/receipts/{}/content?variant={}&expires={expires}&signature={signature}",
                receipt.id,
                variant.as_str()
            )
        };
        let url = address(Variant::Full);
        let thumbnail_url = receipt.thumb.as_ref().map(|_| address(Variant::Thumb));
        SignedReceipt { receipt, url, thumbnail_url }
    }
}
