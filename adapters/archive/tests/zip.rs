//! The backup zip: written as it streams from the document's pieces and the photos, read back
//! with every size counted while inflating.

use std::io::{Cursor, Read, Write};

use adapter_archive::{ZipBackupArchive, DOCUMENT};
use async_trait::async_trait;
use ports::backup::{BackupArchive, BackupChunks, BackupError, BackupFile, BackupPhotos, MAX_BACKUP_BYTES};
use ports::images::MAX_UPLOAD_BYTES;
use ports::RepoError;
use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipArchive, ZipWriter};

fn zip_of(entries: &[(&str, &[u8])]) -> Vec<u8> {
    let mut zip = ZipWriter::new(Cursor::new(Vec::new()));
    for (name, bytes) in entries {
        zip.start_file(*name, SimpleFileOptions::default().compression_method(CompressionMethod::Deflated)).unwrap();
        zip.write_all(bytes).unwrap();
    }
    zip.finish().unwrap().into_inner()
}

const PHOTO: &str = "0123456789abcdef0123456789abcdef.jpg";
const OTHER_PHOTO: &str = "fedcba9876543210fedcba9876543210.jpg";

fn archive() -> ZipBackupArchive {
    ZipBackupArchive::new(2).unwrap()
}

async fn read(bytes: Vec<u8>) -> Result<BackupFile, BackupError> {
    archive().read(bytes).await
}

struct Pieces(std::vec::IntoIter<Result<Vec<u8>, RepoError>>);

#[async_trait]
impl BackupChunks for Pieces {
    async fn next_chunk(&mut self) -> Option<Result<Vec<u8>, RepoError>> {
        self.0.next()
    }
}

struct Photos(std::vec::IntoIter<Result<(String, Vec<u8>), BackupError>>);

#[async_trait]
impl BackupPhotos for Photos {
    async fn next_photo(&mut self) -> Option<Result<(String, Vec<u8>), BackupError>> {
        self.0.next()
    }
}

/// Every piece of a written zip, and the error that ended it early if any.
async fn drain(mut chunks: Box<dyn BackupChunks>) -> (Vec<u8>, Option<RepoError>) {
    let mut bytes = Vec::new();
    while let Some(piece) = chunks.next_chunk().await {
        match piece {
            Ok(piece) => bytes.extend(piece),
            Err(e) => return (bytes, Some(e)),
        }
    }
    (bytes, None)
}

#[tokio::test]
async fn a_json_document_is_read_as_it_is() {
    let file = read(b"{\"app\":\"MySpending\"}".to_vec()).await.unwrap();
    assert_eq!(file, BackupFile::document(b"{\"app\":\"MySpending\"}".to_vec()));
}

#[tokio::test]
async fn a_zip_gives_its_document_and_only_well_named_photos() {
    let bytes = zip_of(&[
        (DOCUMENT, b"{}"),
        (&format!("photos/{PHOTO}"), b"jpeg"),
        ("photos/0123456789abcdef0123456789abcdef-thumb.jpg", b"thumb"),
        ("photos/../../etc/passwd", b"x"),
        ("__MACOSX/._backup.json", b"junk"),
    ]);
    let file = read(bytes).await.unwrap();
    assert_eq!(file.document, b"{}");
    assert_eq!(file.photos.keys().collect::<Vec<_>>(), vec![PHOTO]);
    assert_eq!(file.photos[PHOTO], b"jpeg");
}

#[tokio::test]
async fn a_zip_without_a_document_or_a_damaged_one_is_not_a_backup() {
    assert!(matches!(read(zip_of(&[("notes.txt", b"hi")])).await, Err(BackupError::NotABackup)));
    let mut damaged = zip_of(&[(DOCUMENT, &[b'x'; 5000])]);
    damaged.truncate(60);
    assert!(matches!(read(damaged).await, Err(BackupError::NotABackup)));
}

#[tokio::test]
async fn sizes_are_counted_while_inflating() {
    // 65 MB of zeros deflate to about 64 KB: refused at the limit, not after.
    let bomb = vec![0_u8; MAX_BACKUP_BYTES + 1];
    assert!(matches!(read(zip_of(&[(DOCUMENT, &bomb)])).await, Err(BackupError::TooLarge)));
    // A photo beyond an upload's size is left out; the rest restores.
    let big = vec![0_u8; MAX_UPLOAD_BYTES + 1];
    let file = read(zip_of(&[(DOCUMENT, b"{}"), (&format!("photos/{PHOTO}"), &big)])).await.unwrap();
    assert!(file.photos.is_empty());
}

#[tokio::test]
async fn a_written_zip_reads_back_as_the_document_and_photos_it_was_made_from() {
    // A document of several pieces, larger than one piece of the answer, and two photos.
    let pieces: Vec<Vec<u8>> = (0..3).map(|i| format!("{{\"part\":{i}}}").repeat(20_000).into_bytes()).collect();
    let document = Box::new(Pieces(pieces.clone().into_iter().map(Ok).collect::<Vec<_>>().into_iter()));
    let photos = Box::new(Photos(
        vec![Ok((PHOTO.to_owned(), b"first jpeg".to_vec())), Ok((OTHER_PHOTO.to_owned(), vec![7_u8; 100_000]))]
            .into_iter(),
    ));
    let archive = archive();
    let (bytes, error) = drain(archive.zip(document, photos).await.unwrap()).await;
    assert!(error.is_none());

    let file = archive.read(bytes.clone()).await.unwrap();
    assert_eq!(file.document, pieces.concat());
    assert_eq!(file.photos.len(), 2);
    assert_eq!(file.photos[PHOTO], b"first jpeg");
    assert_eq!(file.photos[OTHER_PHOTO], vec![7_u8; 100_000]);
    // The document is deflated; the photos (JPEGs already) are stored as they are.
    let mut zip = ZipArchive::new(Cursor::new(bytes)).unwrap();
    assert_eq!(zip.by_name(DOCUMENT).unwrap().compression(), CompressionMethod::Deflated);
    let mut photo = zip.by_name(&format!("photos/{OTHER_PHOTO}")).unwrap();
    assert_eq!(photo.compression(), CompressionMethod::Stored);
    let mut read_back = Vec::new();
    photo.read_to_end(&mut read_back).unwrap();
    assert_eq!(read_back.len(), 100_000);
}

#[tokio::test]
async fn a_failed_read_ends_the_zip_with_an_error_not_a_short_file() {
    let document = Box::new(Pieces(vec![Ok(b"{}".to_vec())].into_iter()));
    let photos =
        Box::new(Photos(vec![Ok((PHOTO.to_owned(), b"jpeg".to_vec())), Err(BackupError::NotABackup)].into_iter()));
    let (_, error) = drain(archive().zip(document, photos).await.unwrap()).await;
    assert!(matches!(error, Some(RepoError::Unexpected(_))), "{error:?}");

    let document = Box::new(Pieces(vec![Ok(b"{".to_vec()), Err(RepoError::NotFound)].into_iter()));
    let photos = Box::new(Photos(vec![].into_iter()));
    let (_, error) = drain(archive().zip(document, photos).await.unwrap()).await;
    assert!(error.is_some());
}
