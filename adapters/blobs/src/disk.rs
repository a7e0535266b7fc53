//! Blob storage on the local disk: one file per key under a folder (DATA_DIR/uploads). Writes go
//! to a temporary file first and are renamed into place, so a reader never sees half a photo.

use std::path::{Path, PathBuf};

use async_trait::async_trait;
use ports::blobs::{BlobError, BlobKey, BlobStore};

pub struct DiskBlobStore {
    root: PathBuf,
}

impl DiskBlobStore {
    /// Uses (and creates) the folder `root`.
    pub fn new(root: impl Into<PathBuf>) -> anyhow::Result<Self> {
        let root = root.into();
        std::fs::create_dir_all(&root)?;
        Ok(Self { root })
    }

    /// A key is a flat name (see `BlobKey`), so the file is always directly in the folder.
    fn path(&self, key: &BlobKey) -> PathBuf {
        self.root.join(key.as_str())
    }

    pub fn root(&self) -> &Path {
        &self.root
    }
}

#[async_trait]
impl BlobStore for DiskBlobStore {
    async fn put(&self, key: &BlobKey, bytes: Vec<u8>) -> Result<(), BlobError> {
        let path = self.path(key);
        let temp = self.root.join(format!(".{}.part", uuid::Uuid::new_v4().simple()));
        tokio::fs::write(&temp, bytes).await.map_err(anyhow::Error::from)?;
        if let Err(e) = tokio::fs::rename(&temp, &path).await {
            let _ = tokio::fs::remove_file(&temp).await;
            return Err(anyhow::Error::from(e).into());
        }
        Ok(())
    }

    async fn get(&self, key: &BlobKey) -> Result<Option<Vec<u8>>, BlobError> {
        match tokio::fs::read(self.path(key)).await {
            Ok(bytes) => Ok(Some(bytes)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(anyhow::Error::from(e).into()),
        }
    }

    async fn delete(&self, key: &BlobKey) -> Result<(), BlobError> {
        match tokio::fs::remove_file(self.path(key)).await {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(anyhow::Error::from(e).into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_blob_is_stored_replaced_read_and_removed_and_nothing_else_is_left() {
        let dir = std::env::temp_dir().join(format!("blobs-{}", uuid::Uuid::new_v4().simple()));
        let store = DiskBlobStore::new(&dir).unwrap();
        let key = BlobKey::parse("3f9a.jpg").unwrap();
        assert_eq!(store.get(&key).await.unwrap(), None);
        store.put(&key, b"first".to_vec()).await.unwrap();
        store.put(&key, b"second".to_vec()).await.unwrap();
        assert_eq!(store.get(&key).await.unwrap().as_deref(), Some(&b"second"[..]));
        let names: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(names, vec![std::ffi::OsString::from("3f9a.jpg")], "no temporary file left behind");
        store.delete(&key).await.unwrap();
        store.delete(&key).await.unwrap();
        assert_eq!(store.get(&key).await.unwrap(), None);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
