//! The backup file with the item photos: a zip of `backup.json` and `photos/<hex>.jpg` (and the
//! receipts, `photos/receipt-<hex>.jpg|pdf`), written
//! as it streams (the document deflated, the JPEGs stored) and read back with every size
//! checked while inflating, so a zip bomb stops at the limit. Both run on the archive's own
//! threads, a bounded number of them, never on the server's async workers.

use std::collections::HashMap;
use std::io::{Cursor, Read, Write};
use std::sync::Arc;

use async_trait::async_trait;
use bounded_work::{BoundedPool, Limits, PoolError};
use ports::backup::{
    BackupArchive, BackupChunks, BackupError, BackupFile, BackupPhotos, MAX_BACKUP_BYTES, MAX_BACKUP_FILE_BYTES,
};
use ports::images::MAX_UPLOAD_BYTES;
use ports::inventory::{photo_keys_of, UPLOADS_PREFIX};
use ports::{RepoError, WorkError};
use tokio::runtime::Handle;
use tokio::sync::mpsc;
use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipArchive, ZipWriter};

/// The document's name inside the zip.
pub const DOCUMENT: &str = "backup.json";
const PHOTOS: &str = "photos/";
/// More entries than any household has photos: a zip of millions of empty files is refused.
const MAX_ENTRIES: usize = 100_000;
/// A written zip reaches its reader in pieces of this size.
const PIECE: usize = 64 * 1024;

pub struct ZipBackupArchive {
    /// A zip being written holds its worker until its reader has taken the last piece.
    writers: Arc<BoundedPool<()>>,
    /// Restores run one at a time (`BackupService::begin_restore`): one reader.
    reader: BoundedPool<()>,
}

impl ZipBackupArchive {
    /// `writers`: zips written at once (each a download in progress); more wait in a short
    /// queue, beyond it the download is refused as busy.
    pub fn new(writers: usize) -> anyhow::Result<Self> {
        let start = |name: &str, workers| {
            BoundedPool::start(name, Limits::with_workers(workers), || ())
                .map_err(|e| anyhow::anyhow!("starting the backup threads: {e}"))
        };
        Ok(Self { writers: Arc::new(start("backup-zip", writers)?), reader: start("backup-unzip", 1)? })
    }
}

fn pool_error(what: &str) -> impl Fn(PoolError) -> BackupError + '_ {
    move |e| match e {
        PoolError::Saturated => BackupError::Work(WorkError::Busy),
        PoolError::Panicked => BackupError::Work(WorkError::Failed(anyhow::anyhow!("{what} panicked"))),
    }
}

#[async_trait]
impl BackupArchive for ZipBackupArchive {
    #[tracing::instrument(level = "debug", skip_all)]
    async fn zip(
        &self,
        document: Box<dyn BackupChunks>,
        photos: Box<dyn BackupPhotos>,
    ) -> Result<Box<dyn BackupChunks>, BackupError> {
        if self.writers.is_saturated() {
            return Err(BackupError::Work(WorkError::Busy));
        }
        let (pieces, received) = mpsc::channel(4);
        let failed = pieces.clone();
        let handle = Handle::current();
        let writers = self.writers.clone();
        tokio::spawn(async move {
            let job = move |_: &mut ()| {
                let out = ToChannel { pieces, buffer: Vec::with_capacity(PIECE) };
                write_zip(out, &handle, document, photos).and_then(|mut out| Ok(out.flush()?))
            };
            let error = match writers.run(job).await {
                Ok(Ok(())) => return,
                Ok(Err(e)) => e,
                Err(e) => anyhow::Error::new(pool_error("zipping a backup")(e)),
            };
            tracing::error!(error = %error, "a backup with photos stopped part way");
            let _ = failed.send(Err(RepoError::Unexpected(error))).await;
        });
        Ok(Box::new(Received(received)))
    }

    #[tracing::instrument(level = "debug", skip_all, fields(bytes = bytes.len()))]
    async fn read(&self, bytes: Vec<u8>) -> Result<BackupFile, BackupError> {
        if !is_zip(&bytes) {
            return Ok(BackupFile::document(bytes));
        }
        self.reader.run(move |_| read_zip(bytes)).await.map_err(pool_error("reading a backup zip"))?
    }
}

/// The written zip as its reader takes it.
struct Received(mpsc::Receiver<Result<Vec<u8>, RepoError>>);

#[async_trait]
impl BackupChunks for Received {
    async fn next_chunk(&mut self) -> Option<Result<Vec<u8>, RepoError>> {
        self.0.recv().await
    }
}

/// A `Write` that hands what is written to the reader, a piece at a time; it fails once the
/// reader has gone, which stops the writer.
struct ToChannel {
    pieces: mpsc::Sender<Result<Vec<u8>, RepoError>>,
    buffer: Vec<u8>,
}

impl Write for ToChannel {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.buffer.extend_from_slice(bytes);
        if self.buffer.len() >= PIECE {
            self.flush()?;
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        if self.buffer.is_empty() {
            return Ok(());
        }
        let piece = std::mem::replace(&mut self.buffer, Vec::with_capacity(PIECE));
        self.pieces.blocking_send(Ok(piece)).map_err(|_| std::io::Error::from(std::io::ErrorKind::BrokenPipe))
    }
}

/// Whether the bytes are a zip (its local file header), not a JSON document.
fn is_zip(bytes: &[u8]) -> bool {
    bytes.starts_with(b"PK\x03\x04")
}

/// Writes the zip to `out` on the calling (blocking) thread: the document, then the photos.
/// `handle` runs their async reads.
fn write_zip<W: Write>(
    out: W,
    handle: &Handle,
    mut document: Box<dyn BackupChunks>,
    mut photos: Box<dyn BackupPhotos>,
) -> anyhow::Result<W> {
    let mut zip = ZipWriter::new_stream(out);
    // Level 1: a backup is mostly repeated JSON keys, which any level squeezes tenfold.
    let deflated = SimpleFileOptions::default()
        .compression_method(CompressionMethod::Deflated)
        .compression_level(Some(1))
        .large_file(true);
    zip.start_file(DOCUMENT, deflated)?;
    while let Some(piece) = handle.block_on(document.next_chunk()) {
        zip.write_all(&piece?)?;
    }
    let stored = SimpleFileOptions::default().compression_method(CompressionMethod::Stored);
    while let Some(photo) = handle.block_on(photos.next_photo()) {
        let (name, bytes) = photo?;
        zip.start_file(format!("{PHOTOS}{name}"), stored)?;
        zip.write_all(&bytes)?;
    }
    Ok(zip.finish()?.into_inner())
}

/// Reads a zip of a backup: the document at most `MAX_BACKUP_BYTES`, a photo at most an
/// upload's size (a larger one is left out), all photos together at most the file limit, each
/// counted while inflating.
fn read_zip(bytes: Vec<u8>) -> Result<BackupFile, BackupError> {
    let mut archive = ZipArchive::new(Cursor::new(bytes)).map_err(|_| BackupError::NotABackup)?;
    if archive.len() > MAX_ENTRIES {
        return Err(BackupError::NotABackup);
    }
    let mut document = None;
    let mut photos = HashMap::new();
    let mut photo_bytes = 0;
    for index in 0..archive.len() {
        let entry = archive.by_index(index).map_err(|_| BackupError::NotABackup)?;
        let name = entry.name().map_err(|_| BackupError::NotABackup)?.into_owned();
        if name == DOCUMENT {
            let read = read_at_most(entry, MAX_BACKUP_BYTES)?.ok_or(BackupError::TooLarge)?;
            document = Some(read);
        } else if let Some(file) = name.strip_prefix(PHOTOS).filter(|f| is_photo_file(f)) {
            if let Some(read) = read_at_most(entry, MAX_UPLOAD_BYTES)? {
                photo_bytes += read.len();
                if photo_bytes > MAX_BACKUP_FILE_BYTES {
                    return Err(BackupError::PhotosTooLarge);
                }
                photos.insert(file.to_owned(), read);
            }
        }
    }
    Ok(BackupFile { document: document.ok_or(BackupError::NotABackup)?, photos })
}

/// A full-size photo's file name as the items' paths name them (`<32 hex>.jpg`), or a
/// receipt's blob key (`receipt-<32 hex>.jpg|pdf`).
fn is_photo_file(file: &str) -> bool {
    photo_keys_of(&format!("{UPLOADS_PREFIX}{file}")).is_some() || ports::receipts::receipt_key(file).is_some()
}

/// The entry's bytes, or None when it holds more than `limit` (found while inflating); a
/// damaged entry is not a backup.
fn read_at_most(entry: impl Read, limit: usize) -> Result<Option<Vec<u8>>, BackupError> {
    let mut read = Vec::new();
    entry.take(limit as u64 + 1).read_to_end(&mut read).map_err(|_| BackupError::NotABackup)?;
    Ok((read.len() <= limit).then_some(read))
}
