//! The backup file with the item photos: a zip of `backup.json` and `photos/<hex>.jpg`, written
//! as it streams (the document deflated, the JPEGs stored) and read back with every size
//! checked while reading, so a zip bomb stops at the limit.

use std::collections::HashMap;
use std::io::{Cursor, Read, Write};

use domain::UserId;
use ports::backup::{BackupChunks, BackupError, BackupFile, BackupService, MAX_BACKUP_BYTES, MAX_BACKUP_FILE_BYTES};
use ports::images::MAX_UPLOAD_BYTES;
use ports::inventory::{photo_keys_of, UPLOADS_PREFIX};
use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipArchive, ZipWriter};

/// The document's name inside the zip.
pub const DOCUMENT: &str = "backup.json";
const PHOTOS: &str = "photos/";
/// More entries than any household has photos: a zip of millions of empty files is refused.
const MAX_ENTRIES: usize = 100_000;

/// A writer that counts what went through it (for the command line's summary).
pub struct Counted<W> {
    inner: W,
    written: usize,
}

impl<W: Write> Counted<W> {
    pub fn new(inner: W) -> Self {
        Self { inner, written: 0 }
    }

    pub fn written(&self) -> usize {
        self.written
    }
}

impl<W: Write> Write for Counted<W> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        let n = self.inner.write(bytes)?;
        self.written += n;
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

/// Whether the bytes are a zip (its local file header), not a JSON document.
pub fn is_zip(bytes: &[u8]) -> bool {
    bytes.starts_with(b"PK\x03\x04")
}

/// Writes the zip to `out` on the calling (blocking) thread: the document from `chunks`, then
/// each photo of the user's items. `handle` runs the async reads.
pub fn write_zip<W: Write>(
    out: W,
    handle: &tokio::runtime::Handle,
    backups: &BackupService,
    user: UserId,
    mut chunks: Box<dyn BackupChunks>,
) -> anyhow::Result<W> {
    let mut zip = ZipWriter::new_stream(out);
    // Level 1: a backup is mostly repeated JSON keys, which any level squeezes tenfold.
    let deflated = SimpleFileOptions::default()
        .compression_method(CompressionMethod::Deflated)
        .compression_level(Some(1))
        .large_file(true);
    zip.start_file(DOCUMENT, deflated)?;
    while let Some(piece) = handle.block_on(chunks.next_chunk()) {
        zip.write_all(&piece?)?;
    }
    let stored = SimpleFileOptions::default().compression_method(CompressionMethod::Stored);
    for name in handle.block_on(backups.photo_names(user))? {
        if let Some(bytes) = handle.block_on(backups.photo(&name))? {
            zip.start_file(format!("{PHOTOS}{name}"), stored)?;
            zip.write_all(&bytes)?;
        }
    }
    Ok(zip.finish()?.into_inner())
}

/// Reads a backup file: a JSON document as it is, or a zip of one with its photos. Sizes are
/// counted while inflating: the document at most `MAX_BACKUP_BYTES`, a photo at most an
/// upload's size (a larger one is left out), all photos together at most the file limit.
pub fn read_backup(bytes: Vec<u8>) -> Result<BackupFile, BackupError> {
    if !is_zip(&bytes) {
        return Ok(BackupFile::document(bytes));
    }
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

/// A full-size photo's file name as the items' paths name them (`<32 hex>.jpg`).
fn is_photo_file(file: &str) -> bool {
    photo_keys_of(&format!("{UPLOADS_PREFIX}{file}")).is_some()
}

/// The entry's bytes, or None when it holds more than `limit` (found while inflating); a
/// damaged entry is not a backup.
fn read_at_most(entry: impl Read, limit: usize) -> Result<Option<Vec<u8>>, BackupError> {
    let mut read = Vec::new();
    entry.take(limit as u64 + 1).read_to_end(&mut read).map_err(|_| BackupError::NotABackup)?;
    Ok((read.len() <= limit).then_some(read))
}
