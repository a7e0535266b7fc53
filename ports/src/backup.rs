//! A whole household's data in one file and back: the backup holds every account, category,
//! transaction, transfer, budget, snapshot, recurring template, goal, contribution, inventory
//! item, shopping-list entry, rule and import record; a restore rebuilds them exactly, and
//! only into a user who has no accounts, transactions, goals or inventory yet.
//!
//! Item photos travel beside the document when asked for (a zip made by the web layer): a
//! restore stores each under a new name, so the original and the restored user never share a
//! photo (deleting one's item must not take the other's picture). Without them, a photo still
//! on this server is copied; one that is nowhere is left out, never shown broken.
//!
//! Receipts travel the same way: the document holds their rows, the zip their files beside the
//! photos (`photos/receipt-<hex>.jpg|pdf`, named by their blob keys), and a restore stores each
//! under a new key (a photo checked and re-encoded again, with a new thumbnail; a PDF checked to
//! start with `%PDF-`). A receipt whose file is nowhere is left out with its row.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use async_trait::async_trait;
use domain::Scope;

use crate::blobs::{BlobKey, BlobStore};
use crate::images::{ImageError, ImageProcessor};
use crate::inventory::{photo_keys, photo_keys_of, UPLOADS_PREFIX};
use crate::receipts::{receipt_key, receipt_keys, receipt_thumb_of};
use crate::{RepoError, WorkError};

/// The largest backup document (the JSON) a restore reads.
pub const MAX_BACKUP_BYTES: usize = 64 * 1024 * 1024;
/// The largest backup file a restore accepts: the document and the item photos with it.
pub const MAX_BACKUP_FILE_BYTES: usize = 256 * 1024 * 1024;

/// How many rows a restore wrote, by kind.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RestoreCounts {
    pub accounts: i64,
    pub categories: i64,
    pub transactions: i64,
    pub budgets: i64,
    pub recurring: i64,
    pub goals: i64,
    pub inventory: i64,
    pub rules: i64,
    /// Item photos restored (from the file, or copied on this server).
    pub photos: i64,
    /// Item photos the backup named but neither held nor found here: those items have none.
    pub photos_missing: i64,
}

/// A backup as a restore reads it: the document, and the item photos that came with it by
/// file name (`<32 hex>.jpg`, as in the items' `/uploads/` paths).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BackupFile {
    pub document: Vec<u8>,
    pub photos: HashMap<String, Vec<u8>>,
}

impl BackupFile {
    pub fn document(document: Vec<u8>) -> Self {
        Self { document, photos: HashMap::new() }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    #[error("This is not a MySpending backup")]
    NotABackup,
    #[error("This backup was made by a newer version of MySpending; update this server first")]
    Newer,
    #[error("Restore needs an empty account: this one already has accounts, transactions, goals or inventory")]
    NotEmpty,
    #[error("A backup's data must be 64 MB or smaller")]
    TooLarge,
    #[error("A backup's photos must be 256 MB or smaller in all")]
    PhotosTooLarge,
    #[error(transparent)]
    Work(#[from] WorkError),
    #[error(transparent)]
    Repo(#[from] RepoError),
}

/// A backup as it is read: its bytes in order, a piece at a time, so a large one never sits
/// whole in memory. `None` once the document is complete; an error ends it early.
#[async_trait]
pub trait BackupChunks: Send {
    async fn next_chunk(&mut self) -> Option<Result<Vec<u8>, RepoError>>;
}

/// The item photos a backup's zip carries, one at a time: file name (`<32 hex>.jpg`) and bytes.
#[async_trait]
pub trait BackupPhotos: Send {
    async fn next_photo(&mut self) -> Option<Result<(String, Vec<u8>), BackupError>>;
}

/// The backup file with the item photos: a zip of the document and the photos. Its format and
/// its limits are the adapter's; it writes and reads on a bounded number of its own threads.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait BackupArchive: Send + Sync {
    /// The zip of `document` and `photos`, written as it is read: its bytes in order, so a
    /// large backup never sits whole in memory; a failed read ends it with an error. `Busy`
    /// when as many zips as the server allows are being written.
    async fn zip(
        &self,
        document: Box<dyn BackupChunks>,
        photos: Box<dyn BackupPhotos>,
    ) -> Result<Box<dyn BackupChunks>, BackupError>;
    /// A backup file as a restore reads it: a JSON document as it is, or a zip of one with its
    /// photos, every size checked while inflating.
    async fn read(&self, bytes: Vec<u8>) -> Result<BackupFile, BackupError>;
}

/// Stores and reads backups. The file's format is the adapter's (versioned JSON).
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait BackupRepository: Send + Sync {
    /// The household's data as one JSON document, read in one snapshot and handed out in pieces.
    async fn export(&self, scope: Scope) -> Result<Box<dyn BackupChunks>, RepoError>;
    /// The photo paths (`/uploads/…`) of the household's inventory items, and the blob keys
    /// (`receipt-….jpg|pdf`) of the receipts the member sees.
    async fn photos(&self, scope: Scope) -> Result<Vec<String>, RepoError>;
    /// The photo paths the items of a backup document name, and its receipts' blob keys; the
    /// document is checked on the way.
    fn photos_in(&self, backup: &[u8]) -> Result<Vec<String>, BackupError>;
    /// Rebuilds the household's data from a backup in one database transaction, with new ids; the
    /// household's own empty set-up (default categories, budgets on them, rules) is replaced. An
    /// item's photo path found in `photos` becomes the path it maps to ('' for none); a
    /// receipt's blob and thumbnail keys become the keys they map to, and a receipt whose blob
    /// key is not in `photos` is left out. The
    /// restored items then get the restocking rule (`domain::inventory::restock`) in the same
    /// transaction, as any write of an item does: one below its need is on the list.
    async fn restore(
        &self,
        scope: Scope,
        backup: Vec<u8>,
        photos: HashMap<String, String>,
    ) -> Result<RestoreCounts, BackupError>;
}

/// Where each photo of a backup goes, and the blobs stored for it (removed if the restore fails).
#[derive(Default)]
struct PhotoPlan {
    paths: HashMap<String, String>,
    stored: Vec<BlobKey>,
    restored: i64,
    missing: i64,
}

/// The right to run the one restore at a time: a restore holds its whole file (up to 256 MB)
/// and its photos in memory, so a second one waits for this to go (dropped when done).
pub struct RestoreTicket(Arc<AtomicBool>);

impl Drop for RestoreTicket {
    fn drop(&mut self) {
        self.0.store(false, Ordering::Release);
    }
}

/// The household's item photos read from the store one at a time, as the zip takes them. Photos the
/// store no longer has are left out (a restore of the zip then reports them).
struct StoredPhotos {
    names: std::vec::IntoIter<String>,
    blobs: Arc<dyn BlobStore>,
}

#[async_trait]
impl BackupPhotos for StoredPhotos {
    async fn next_photo(&mut self) -> Option<Result<(String, Vec<u8>), BackupError>> {
        for name in self.names.by_ref() {
            let full = photo_keys_of(&format!("{UPLOADS_PREFIX}{name}")).map(|(full, _)| full);
            let Some(full) = full.or_else(|| receipt_key(&name)) else { continue };
            match self.blobs.get(&full).await {
                Ok(Some(bytes)) => return Some(Ok((name, bytes))),
                Ok(None) => continue,
                Err(e) => return Some(Err(BackupError::Work(WorkError::Failed(e.into())))),
            }
        }
        None
    }
}

#[derive(Clone)]
pub struct BackupService {
    repo: Arc<dyn BackupRepository>,
    archive: Arc<dyn BackupArchive>,
    blobs: Arc<dyn BlobStore>,
    images: Arc<dyn ImageProcessor>,
    restoring: Arc<AtomicBool>,
}

impl BackupService {
    pub fn new(
        repo: Arc<dyn BackupRepository>,
        archive: Arc<dyn BackupArchive>,
        blobs: Arc<dyn BlobStore>,
        images: Arc<dyn ImageProcessor>,
    ) -> Self {
        Self { repo, archive, blobs, images, restoring: Arc::default() }
    }

    /// Taken before the file is read: busy while another restore runs on this server.
    pub fn begin_restore(&self) -> Result<RestoreTicket, BackupError> {
        if self.restoring.swap(true, Ordering::AcqRel) {
            return Err(BackupError::Work(WorkError::Busy));
        }
        Ok(RestoreTicket(self.restoring.clone()))
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn export(&self, scope: Scope) -> Result<Box<dyn BackupChunks>, BackupError> {
        Ok(self.repo.export(scope).await?)
    }

    /// The household's data and item photos as one zip, written as it is read.
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn export_with_photos(&self, scope: Scope) -> Result<Box<dyn BackupChunks>, BackupError> {
        let document = self.repo.export(scope).await?;
        let photos = StoredPhotos { names: self.photo_names(scope).await?.into_iter(), blobs: self.blobs.clone() };
        self.archive.zip(document, Box::new(photos)).await
    }

    /// A backup file as the user sent it (JSON, or the zip with photos), read for a restore.
    #[tracing::instrument(level = "debug", skip_all)]
    pub async fn read_file(&self, bytes: Vec<u8>) -> Result<BackupFile, BackupError> {
        self.archive.read(bytes).await
    }

    /// The file names (`<hex>.jpg`) of the household's item photos, and its receipts' blob keys.
    async fn photo_names(&self, scope: Scope) -> Result<Vec<String>, BackupError> {
        let mut names: Vec<String> = self
            .repo
            .photos(scope)
            .await?
            .iter()
            .filter_map(|path| {
                let photo = photo_keys_of(path).map(|(full, _)| full);
                photo.or_else(|| receipt_key(path)).map(|key| key.as_str().to_owned())
            })
            .collect();
        names.sort();
        names.dedup();
        Ok(names)
    }

    /// Restores a backup; its photos are stored under new names first and removed again if
    /// the restore is refused or fails, so a failed restore leaves nothing behind.
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn restore(
        &self,
        _ticket: &RestoreTicket,
        scope: Scope,
        file: BackupFile,
    ) -> Result<RestoreCounts, BackupError> {
        if file.document.is_empty() {
            return Err(BackupError::NotABackup);
        }
        if file.document.len() > MAX_BACKUP_BYTES {
            return Err(BackupError::TooLarge);
        }
        let paths = self.repo.photos_in(&file.document)?;
        let mut plan = PhotoPlan::default();
        let placed = self.place_photos(paths, &file.photos, &mut plan).await;
        let restored = match placed {
            Ok(()) => self.repo.restore(scope, file.document, std::mem::take(&mut plan.paths)).await,
            Err(e) => Err(e),
        };
        match restored {
            Ok(counts) => Ok(RestoreCounts { photos: plan.restored, photos_missing: plan.missing, ..counts }),
            Err(e) => {
                for key in &plan.stored {
                    if let Err(e) = self.blobs.delete(key).await {
                        tracing::warn!(error = %e, "a photo of a failed restore could not be removed");
                    }
                }
                Err(e)
            }
        }
    }

    async fn place_photos(
        &self,
        paths: Vec<String>,
        carried: &HashMap<String, Vec<u8>>,
        plan: &mut PhotoPlan,
    ) -> Result<(), BackupError> {
        let failed = |e: crate::blobs::BlobError| BackupError::Work(WorkError::Failed(e.into()));
        for path in paths {
            if plan.paths.contains_key(&path) {
                continue;
            }
            if let Some(key) = receipt_key(&path) {
                self.place_receipt(key, carried, plan).await?;
                continue;
            }
            let Some((full, thumb)) = photo_keys_of(&path) else { continue };
            // From the file: checked and re-encoded like any upload (a backup can be hand-made).
            let stored = match carried.get(full.as_str()) {
                Some(bytes) => match self.images.normalise(bytes.clone()).await {
                    Ok(image) => Some((image.full, image.thumb)),
                    Err(ImageError::Work(e)) => return Err(BackupError::Work(e)),
                    Err(_) => None,
                },
                // Still on this server: copied, so the two users never share one.
                None => match self.blobs.get(&full).await.map_err(failed)? {
                    Some(bytes) => {
                        let small = self.blobs.get(&thumb).await.map_err(failed)?;
                        Some((bytes.clone(), small.unwrap_or(bytes)))
                    }
                    None => None,
                },
            };
            let new_path = match stored {
                Some((full_bytes, thumb_bytes)) => {
                    let (new_full, new_thumb) = photo_keys();
                    plan.stored.extend([new_full.clone(), new_thumb.clone()]);
                    self.blobs.put(&new_thumb, thumb_bytes).await.map_err(failed)?;
                    self.blobs.put(&new_full, full_bytes).await.map_err(failed)?;
                    plan.restored += 1;
                    format!("{UPLOADS_PREFIX}{}", new_full.as_str())
                }
                None => {
                    plan.missing += 1;
                    String::new()
                }
            };
            plan.paths.insert(path, new_path);
        }
        Ok(())
    }

    /// A receipt of the backup under new keys (its old blob and thumbnail keys map to them in
    /// `plan.paths`): from the file (a photo checked and re-encoded like an upload, a PDF
    /// checked to start with `%PDF-`), else copied on this server; left out when nowhere.
    async fn place_receipt(
        &self,
        key: BlobKey,
        carried: &HashMap<String, Vec<u8>>,
        plan: &mut PhotoPlan,
    ) -> Result<(), BackupError> {
        let failed = |e: crate::blobs::BlobError| BackupError::Work(WorkError::Failed(e.into()));
        let old_thumb = receipt_thumb_of(&key);
        let pdf = old_thumb.is_none();
        let stored: Option<(Vec<u8>, Option<Vec<u8>>)> = match carried.get(key.as_str()) {
            Some(bytes) if pdf => domain::receipts::is_pdf(bytes).then(|| (bytes.clone(), None)),
            Some(bytes) => match self.images.normalise(bytes.clone()).await {
                Ok(image) => Some((image.full, Some(image.thumb))),
                Err(ImageError::Work(e)) => return Err(BackupError::Work(e)),
                Err(_) => None,
            },
            None => match self.blobs.get(&key).await.map_err(failed)? {
                Some(bytes) => {
                    let thumb = match &old_thumb {
                        Some(t) => Some(self.blobs.get(t).await.map_err(failed)?.unwrap_or_else(|| bytes.clone())),
                        None => None,
                    };
                    Some((bytes, thumb))
                }
                None => None,
            },
        };
        let Some((full, thumb)) = stored else {
            // Its row is left out of the restore (no entry in the map).
            return Ok(());
        };
        let kind = if pdf { domain::receipts::ReceiptKind::Pdf } else { domain::receipts::ReceiptKind::Image };
        let (new_key, new_thumb) = receipt_keys(kind);
        if let (Some(new_thumb), Some(bytes)) = (&new_thumb, thumb) {
            plan.stored.push(new_thumb.clone());
            self.blobs.put(new_thumb, bytes).await.map_err(failed)?;
        }
        plan.stored.push(new_key.clone());
        self.blobs.put(&new_key, full).await.map_err(failed)?;
        if let (Some(old), Some(new)) = (old_thumb, new_thumb) {
            plan.paths.insert(old.as_str().to_owned(), new.as_str().to_owned());
        }
        plan.paths.insert(key.as_str().to_owned(), new_key.as_str().to_owned());
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use super::*;
    use crate::blobs::MockBlobStore;
    use crate::images::{MockImageProcessor, NormalisedImage};
    use domain::UserId;

    const CARRIED: &str = "/uploads/0123456789abcdef0123456789abcdef.jpg";
    const HERE: &str = "/uploads/fedcba9876543210fedcba9876543210.jpg";
    const LOST: &str = "/uploads/00000000000000000000000000000000.jpg";

    fn user() -> Scope {
        Scope::solo(UserId(uuid::Uuid::nil()))
    }

    /// A store holding HERE (and its thumbnail) that records what is put and deleted.
    fn store(puts: Arc<Mutex<Vec<String>>>, deletes: Arc<Mutex<Vec<String>>>) -> MockBlobStore {
        let mut blobs = MockBlobStore::new();
        blobs.expect_get().returning(|key| {
            Ok(key.as_str().starts_with("fedcba9876543210fedcba9876543210").then(|| key.as_str().as_bytes().to_vec()))
        });
        blobs.expect_put().returning(move |key, _| {
            puts.lock().unwrap().push(key.as_str().to_owned());
            Ok(())
        });
        blobs.expect_delete().returning(move |key| {
            deletes.lock().unwrap().push(key.as_str().to_owned());
            Ok(())
        });
        blobs
    }

    fn images() -> MockImageProcessor {
        let mut images = MockImageProcessor::new();
        images.expect_normalise().returning(|bytes| {
            if bytes == b"picture" {
                Ok(NormalisedImage { full: b"full".to_vec(), thumb: b"thumb".to_vec(), width: 1, height: 1 })
            } else {
                Err(ImageError::NotAnImage)
            }
        });
        images
    }

    fn file() -> BackupFile {
        let mut photos = HashMap::new();
        photos.insert(CARRIED.trim_start_matches(UPLOADS_PREFIX).to_owned(), b"picture".to_vec());
        BackupFile { document: b"{}".to_vec(), photos }
    }

    fn repo(
        answer: impl Fn() -> Result<RestoreCounts, BackupError> + Send + 'static,
        seen: Arc<Mutex<HashMap<String, String>>>,
    ) -> MockBackupRepository {
        let mut repo = MockBackupRepository::new();
        repo.expect_photos_in().returning(|_| {
            Ok(vec![CARRIED.into(), HERE.into(), LOST.into(), CARRIED.into(), "https://example.com/a.jpg".into()])
        });
        repo.expect_restore().returning(move |_, _, photos| {
            *seen.lock().unwrap() = photos;
            answer()
        });
        repo
    }

    #[tokio::test]
    async fn each_photo_gets_a_new_name_from_the_file_or_this_server_and_a_lost_one_none() {
        let (puts, deletes, seen) = (Arc::default(), Arc::default(), Arc::default());
        let service = BackupService::new(
            Arc::new(repo(|| Ok(RestoreCounts { inventory: 4, ..Default::default() }), Arc::clone(&seen))),
            Arc::new(MockBackupArchive::new()),
            Arc::new(store(Arc::clone(&puts), Arc::clone(&deletes))),
            Arc::new(images()),
        );
        let ticket = service.begin_restore().unwrap();
        let counts = service.restore(&ticket, user(), file()).await.unwrap();
        assert_eq!((counts.inventory, counts.photos, counts.photos_missing), (4, 2, 1));
        let seen = seen.lock().unwrap().clone();
        assert_eq!(seen.len(), 3, "each photo path once; other addresses are left alone: {seen:?}");
        assert_eq!(seen[LOST], "");
        for old in [CARRIED, HERE] {
            assert!(seen[old].starts_with(UPLOADS_PREFIX) && seen[old] != old, "{old} → {}", seen[old]);
        }
        assert_eq!(puts.lock().unwrap().len(), 4, "two photos and their thumbnails");
        assert!(deletes.lock().unwrap().is_empty());
    }

    #[tokio::test]
    async fn a_refused_restore_removes_the_photos_it_stored() {
        let (puts, deletes) = (Arc::new(Mutex::new(Vec::new())), Arc::new(Mutex::new(Vec::new())));
        let service = BackupService::new(
            Arc::new(repo(|| Err(BackupError::NotEmpty), Arc::default())),
            Arc::new(MockBackupArchive::new()),
            Arc::new(store(Arc::clone(&puts), Arc::clone(&deletes))),
            Arc::new(images()),
        );
        let ticket = service.begin_restore().unwrap();
        assert!(matches!(service.restore(&ticket, user(), file()).await, Err(BackupError::NotEmpty)));
        let mut put = puts.lock().unwrap().clone();
        let mut deleted = deletes.lock().unwrap().clone();
        put.sort();
        deleted.sort();
        assert_eq!(put, deleted);
    }

    #[tokio::test]
    async fn one_restore_at_a_time_and_the_document_is_bounded() {
        let service = BackupService::new(
            Arc::new(MockBackupRepository::new()),
            Arc::new(MockBackupArchive::new()),
            Arc::new(MockBlobStore::new()),
            Arc::new(MockImageProcessor::new()),
        );
        let ticket = service.begin_restore().unwrap();
        assert!(matches!(service.begin_restore(), Err(BackupError::Work(WorkError::Busy))));
        let big = BackupFile::document(vec![b' '; MAX_BACKUP_BYTES + 1]);
        assert!(matches!(service.restore(&ticket, user(), big).await, Err(BackupError::TooLarge)));
        let empty = BackupFile::document(Vec::new());
        assert!(matches!(service.restore(&ticket, user(), empty).await, Err(BackupError::NotABackup)));
        drop(ticket);
        assert!(service.begin_restore().is_ok(), "free again once the ticket goes");
    }

    struct Document;

    #[async_trait]
    impl BackupChunks for Document {
        async fn next_chunk(&mut self) -> Option<Result<Vec<u8>, RepoError>> {
            None
        }
    }

    #[tokio::test]
    async fn a_zip_carries_each_stored_photo_once_by_name_and_leaves_out_those_the_store_lost() {
        let mut repo = MockBackupRepository::new();
        repo.expect_export().returning(|_| Ok(Box::new(Document)));
        repo.expect_photos()
            .returning(|_| Ok(vec![HERE.into(), LOST.into(), HERE.into(), "https://example.com/a.jpg".into()]));
        let handed: Arc<Mutex<Option<Box<dyn BackupPhotos>>>> = Arc::default();
        let mut archive = MockBackupArchive::new();
        let keep = Arc::clone(&handed);
        archive.expect_zip().times(1).returning(move |_, photos| {
            *keep.lock().unwrap() = Some(photos);
            Ok(Box::new(Document))
        });
        let (puts, deletes) = (Arc::default(), Arc::default());
        let service =
            BackupService::new(Arc::new(repo), Arc::new(archive), Arc::new(store(puts, deletes)), Arc::new(images()));

        service.export_with_photos(user()).await.unwrap();
        let mut photos = handed.lock().unwrap().take().unwrap();
        let mut carried = Vec::new();
        while let Some(photo) = photos.next_photo().await {
            carried.push(photo.unwrap());
        }
        let here = HERE.trim_start_matches(UPLOADS_PREFIX);
        assert_eq!(carried, vec![(here.to_owned(), here.as_bytes().to_vec())]);
    }
}
