use std::sync::Arc;

use chrono::{TimeZone, Utc};
use domain::receipts::{UrlKey, Variant};
use domain::UserId;
use mockall::predicate::always;
use uuid::Uuid;

use super::*;
use crate::blobs::MockBlobStore;
use crate::clock::MockClock;
use crate::images::{ImageError, MockImageProcessor, NormalisedImage};

const NOW: i64 = 1_795_000_000;

fn scope() -> Scope {
    Scope::solo(UserId(Uuid::from_u128(1)))
}

fn transaction() -> TransactionId {
    TransactionId(Uuid::from_u128(7))
}

fn key() -> UrlKey {
    UrlKey::derive(b"secret")
}

fn service(receipts: MockReceiptRepository, blobs: MockBlobStore, images: MockImageProcessor) -> ReceiptService {
    let mut clock = MockClock::new();
    clock.expect_now().returning(|| Utc.timestamp_opt(NOW, 0).unwrap());
    ReceiptService::new(ReceiptDeps {
        receipts: Arc::new(receipts),
        blobs: Arc::new(blobs),
        images: Arc::new(images),
        clock: Arc::new(clock),
        key: key(),
    })
}

fn with_room(count: i64) -> MockReceiptRepository {
    let mut receipts = MockReceiptRepository::new();
    receipts.expect_count().returning(move |_, _| Ok(count));
    receipts
}

#[tokio::test]
async fn a_pdf_is_stored_as_sent_without_a_thumbnail_or_any_image_work() {
    let pdf = b"%PDF-1.7\n1 0 obj\n%%EOF\n".to_vec();
    let mut receipts = with_room(0);
    receipts.expect_create().times(1).returning(|_, r, _, max, _| {
        assert_eq!((r.kind, r.thumb.as_ref(), r.blob.extension(), max), (ReceiptKind::Pdf, None, "pdf", 10));
        Ok(r.clone())
    });
    let mut blobs = MockBlobStore::new();
    let sent = pdf.clone();
    blobs.expect_put().times(1).withf(move |_, bytes| *bytes == sent).returning(|_, _| Ok(()));
    let images = MockImageProcessor::new(); // never asked
    let signed = service(receipts, blobs, images).attach(scope(), transaction(), pdf, None).await.unwrap();
    assert_eq!(signed.receipt.size, 23);
    assert!(signed.thumbnail_url.is_none());
    assert!(signed.url.starts_with(&format!("/api/receipts/{}/content?variant=full&expires=", signed.receipt.id)));
}

#[tokio::test]
async fn a_photo_is_stored_re_encoded_with_its_thumbnail_and_signed_addresses() {
    let mut receipts = with_room(9);
    receipts.expect_create().times(1).returning(|_, r, _, _, _| Ok(r.clone()));
    let mut images = MockImageProcessor::new();
    images
        .expect_normalise()
        .times(1)
        .returning(|_| Ok(NormalisedImage { full: vec![1; 5], thumb: vec![2; 3], width: 10, height: 10 }));
    let mut blobs = MockBlobStore::new();
    blobs.expect_put().times(2).returning(|_, _| Ok(()));
    let signed = service(receipts, blobs, images).attach(scope(), transaction(), vec![0xFF, 0xD8], None).await.unwrap();
    let r = &signed.receipt;
    assert_eq!((r.kind, r.size, r.blob.extension()), (ReceiptKind::Image, 5, "jpg"));
    assert!(r.blob.as_str().starts_with("receipt-"), "never a name /uploads/ serves");
    let thumb = signed.thumbnail_url.unwrap();
    let expires = NOW + 15 * 60;
    let signature = key().sign(r.id, Variant::Thumb, expires);
    assert!(thumb.ends_with(&format!("variant=thumb&expires={expires}&signature={signature}")), "{thumb}");
}

#[tokio::test]
async fn what_is_neither_a_picture_nor_a_pdf_is_refused_and_nothing_is_stored() {
    let mut images = MockImageProcessor::new();
    images.expect_normalise().returning(|_| Err(ImageError::NotAnImage));
    let err = service(with_room(0), MockBlobStore::new(), images)
        .attach(scope(), transaction(), b"<html><script>".to_vec(), None)
        .await
        .unwrap_err();
    assert_eq!(err.to_string(), NOT_A_RECEIPT);
    let err = service(MockReceiptRepository::new(), MockBlobStore::new(), MockImageProcessor::new())
        .attach(scope(), transaction(), vec![], None)
        .await
        .unwrap_err();
    assert_eq!(err.to_string(), NO_FILE);
}

#[tokio::test]
async fn an_unseen_or_full_transaction_is_refused_before_any_decoding() {
    let mut unseen = MockReceiptRepository::new();
    unseen.expect_count().returning(|_, _| Err(RepoError::NotFound));
    let err = service(unseen, MockBlobStore::new(), MockImageProcessor::new())
        .attach(scope(), transaction(), vec![1, 2, 3], None)
        .await
        .unwrap_err();
    assert!(matches!(err, ReceiptError::NotFound("Transaction")));
    let err = service(with_room(10), MockBlobStore::new(), MockImageProcessor::new())
        .attach(scope(), transaction(), vec![1, 2, 3], None)
        .await
        .unwrap_err();
    assert_eq!(err.to_string(), "A transaction can have at most 10 receipts");
}

#[tokio::test]
async fn blobs_of_an_upload_the_database_refuses_are_removed_again() {
    let mut receipts = with_room(9);
    receipts.expect_create().returning(|_, _, _, _, too_many| Err(RepoError::Invalid(too_many)));
    let mut blobs = MockBlobStore::new();
    blobs.expect_put().times(1).returning(|_, _| Ok(()));
    blobs.expect_delete().times(1).returning(|_| Ok(()));
    let err = service(receipts, blobs, MockImageProcessor::new())
        .attach(scope(), transaction(), b"%PDF-1.4".to_vec(), None)
        .await
        .unwrap_err();
    assert!(matches!(err, ReceiptError::Invalid(_)));
}

fn stored(id: ReceiptId) -> Receipt {
    Receipt {
        id,
        transaction_id: transaction(),
        kind: ReceiptKind::Image,
        blob: BlobKey::parse("receipt-a.jpg").unwrap(),
        thumb: BlobKey::parse("receipt-a-thumb.jpg"),
        size: 3,
        created_at: Utc.timestamp_opt(NOW, 0).unwrap(),
    }
}

#[tokio::test]
async fn a_signed_address_serves_its_bytes_and_a_changed_or_expired_one_reads_nothing() {
    let id = ReceiptId(Uuid::from_u128(3));
    let mut receipts = MockReceiptRepository::new();
    receipts.expect_find().times(1).returning(move |_| Ok(Some(stored(id))));
    let mut blobs = MockBlobStore::new();
    blobs.expect_get().times(1).withf(|k| k.as_str() == "receipt-a-thumb.jpg").returning(|_| Ok(Some(vec![9, 9])));
    let service = service(receipts, blobs, MockImageProcessor::new());
    let expires = NOW + 60;
    let good = key().sign(id, Variant::Thumb, expires);
    assert_eq!(service.signed_content(id, Variant::Thumb, expires, &good).await.unwrap(), (vec![9, 9], "image/jpeg"));
    // Neither the database nor the store is asked again (`times(1)` above).
    let past = NOW - 1;
    for (variant, expires, signature) in [
        (Variant::Full, expires, good.clone()),
        (Variant::Thumb, expires + 1, good.clone()),
        (Variant::Thumb, past, key().sign(id, Variant::Thumb, past)),
        (Variant::Thumb, expires, "0".repeat(64)),
    ] {
        let err = service.signed_content(id, variant, expires, &signature).await.unwrap_err();
        assert!(matches!(err, ReceiptError::LinkInvalid));
    }
}

#[tokio::test]
async fn a_sweep_removes_queued_blobs_and_puts_back_those_the_store_refused() {
    let mut receipts = MockReceiptRepository::new();
    receipts
        .expect_take_blob_deletions()
        .with(always())
        .returning(|_| Ok(vec!["receipt-a.jpg".into(), "receipt-b.pdf".into()]));
    receipts
        .expect_requeue_blob_deletions()
        .times(1)
        .withf(|keys| keys == ["receipt-b.pdf".to_owned()])
        .returning(|_| Ok(()));
    let mut blobs = MockBlobStore::new();
    blobs.expect_delete().returning(|k| {
        if k.extension() == "pdf" {
            Err(crate::blobs::BlobError::Failed(anyhow::anyhow!("store down")))
        } else {
            Ok(())
        }
    });
    assert_eq!(service(receipts, blobs, MockImageProcessor::new()).sweep().await, 1);
}

#[tokio::test]
async fn an_upload_sent_again_with_its_key_answers_the_first_receipt_without_storing_another() {
    let id = ReceiptId(Uuid::from_u128(5));
    let mut receipts = MockReceiptRepository::new();
    receipts.expect_by_key().withf(|_, _, key| key == "tap-1").returning(move |_, _, _| Ok(Some(stored(id))));
    // No count, no decoding, no blob written (no expectations set for them).
    let signed = service(receipts, MockBlobStore::new(), MockImageProcessor::new())
        .attach(scope(), transaction(), vec![1, 2, 3], Some("tap-1".into()))
        .await
        .unwrap();
    assert_eq!(signed.receipt.id, id);
}

#[tokio::test]
async fn a_retry_that_raced_its_first_upload_removes_its_own_blobs() {
    let first = ReceiptId(Uuid::from_u128(6));
    let mut receipts = with_room(1);
    receipts.expect_by_key().returning(|_, _, _| Ok(None));
    receipts.expect_create().returning(move |_, _, _, _, _| Ok(stored(first)));
    let mut blobs = MockBlobStore::new();
    blobs.expect_put().times(1).returning(|_, _| Ok(()));
    blobs.expect_delete().times(1).withf(|k| k.extension() == "pdf").returning(|_| Ok(()));
    let signed = service(receipts, blobs, MockImageProcessor::new())
        .attach(scope(), transaction(), b"%PDF-1.4".to_vec(), Some("tap-2".into()))
        .await
        .unwrap();
    assert_eq!(signed.receipt.id, first);
}

#[test]
fn a_backup_names_a_receipt_by_its_blob_key_and_its_thumbnail_follows() {
    let (photo, thumb) = receipt_keys(ReceiptKind::Image);
    assert_eq!(receipt_key(photo.as_str()), Some(photo.clone()));
    assert_eq!(receipt_thumb_of(&photo), thumb);
    let (pdf, none) = receipt_keys(ReceiptKind::Pdf);
    assert_eq!((receipt_key(pdf.as_str()), receipt_thumb_of(&pdf), none), (Some(pdf), None, None));
    let hex = "0123456789abcdef0123456789abcdef";
    for other in
        [format!("receipt-{hex}-thumb.jpg"), format!("{hex}.jpg"), format!("receipt-{hex}.png"), "receipt-x.jpg".into()]
    {
        assert!(receipt_key(&other).is_none(), "{other}");
    }
}
