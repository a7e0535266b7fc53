//! Reading a backup file: a JSON document or a zip, sizes counted while inflating (src/backup_file.rs).

use std::io::{Cursor, Write};

use ports::backup::{BackupError, BackupFile, MAX_BACKUP_BYTES};
use ports::images::MAX_UPLOAD_BYTES;
use server::backup_file::{read_backup, DOCUMENT};
use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipWriter};

fn zip_of(entries: &[(&str, &[u8])]) -> Vec<u8> {
    let mut zip = ZipWriter::new(Cursor::new(Vec::new()));
    for (name, bytes) in entries {
        zip.start_file(*name, SimpleFileOptions::default().compression_method(CompressionMethod::Deflated)).unwrap();
        zip.write_all(bytes).unwrap();
    }
    zip.finish().unwrap().into_inner()
}

const PHOTO: &str = "0123456789abcdef0123456789abcdef.jpg";

#[test]
fn a_json_document_is_read_as_it_is() {
    let file = read_backup(b"{\"app\":\"MySpending\"}".to_vec()).unwrap();
    assert_eq!(file, BackupFile::document(b"{\"app\":\"MySpending\"}".to_vec()));
}

#[test]
fn a_zip_gives_its_document_and_only_well_named_photos() {
    let bytes = zip_of(&[
        (DOCUMENT, b"{}"),
        (&format!("photos/{PHOTO}"), b"jpeg"),
        ("photos/0123456789abcdef0123456789abcdef-thumb.jpg", b"thumb"),
        ("photos/../../etc/passwd", b"x"),
        ("__MACOSX/._backup.json", b"junk"),
    ]);
    let file = read_backup(bytes).unwrap();
    assert_eq!(file.document, b"{}");
    assert_eq!(file.photos.keys().collect::<Vec<_>>(), vec![PHOTO]);
    assert_eq!(file.photos[PHOTO], b"jpeg");
}

#[test]
fn a_zip_without_a_document_or_a_damaged_one_is_not_a_backup() {
    assert!(matches!(read_backup(zip_of(&[("notes.txt", b"hi")])), Err(BackupError::NotABackup)));
    let mut damaged = zip_of(&[(DOCUMENT, &[b'x'; 5000])]);
    damaged.truncate(60);
    assert!(matches!(read_backup(damaged), Err(BackupError::NotABackup)));
}

#[test]
fn sizes_are_counted_while_inflating() {
    // 65 MB of zeros deflate to about 64 KB: refused at the limit, not after.
    let bomb = vec![0_u8; MAX_BACKUP_BYTES + 1];
    assert!(matches!(read_backup(zip_of(&[(DOCUMENT, &bomb)])), Err(BackupError::TooLarge)));
    // A photo beyond an upload's size is left out; the rest restores.
    let big = vec![0_u8; MAX_UPLOAD_BYTES + 1];
    let file = read_backup(zip_of(&[(DOCUMENT, b"{}"), (&format!("photos/{PHOTO}"), &big)])).unwrap();
    assert!(file.photos.is_empty());
}
