//! Blob storage for uploaded files (item photos): a local folder by default, an S3-compatible
//! bucket when several servers share them. Keys are flat names the server makes, never paths.

use async_trait::async_trait;

/// A blob's name: 1 to 100 characters of `a-z`, `0-9`, `-` and `_`, then one `.` and an
/// extension of 1 to 5 of `a-z0-9`. No slash, no `..`, nothing a path could escape with.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct BlobKey(String);

impl BlobKey {
    pub fn parse(raw: &str) -> Option<Self> {
        let (stem, ext) = raw.split_once('.')?;
        let stem_ok = (1..=100).contains(&stem.len())
            && stem.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_');
        let ext_ok = (1..=5).contains(&ext.len()) && ext.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit());
        (stem_ok && ext_ok).then(|| BlobKey(raw.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn extension(&self) -> &str {
        self.0.rsplit_once('.').map_or("", |(_, e)| e)
    }

    /// The content type its extension names (images only; anything else is opaque bytes).
    pub fn content_type(&self) -> &'static str {
        match self.extension() {
            "jpg" | "jpeg" => "image/jpeg",
            "png" => "image/png",
            "webp" => "image/webp",
            _ => "application/octet-stream",
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum BlobError {
    #[error("blob storage failed: {0}")]
    Failed(#[from] anyhow::Error),
}

#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait BlobStore: Send + Sync {
    /// Stores the bytes under the key, replacing what was there; a reader never sees half a blob.
    async fn put(&self, key: &BlobKey, bytes: Vec<u8>) -> Result<(), BlobError>;
    /// The bytes, or None when there is no such blob.
    async fn get(&self, key: &BlobKey) -> Result<Option<Vec<u8>>, BlobError>;
    /// Removes the blob; removing one that is not there is not an error.
    async fn delete(&self, key: &BlobKey) -> Result<(), BlobError>;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_is_a_flat_name_never_a_path() {
        for ok in ["3f9a0c6e5b.jpg", "3f9a-thumb.webp", "a_b.png"] {
            assert!(BlobKey::parse(ok).is_some(), "{ok}");
        }
        for bad in
            ["", ".jpg", "a", "../etc/passwd", "a/b.jpg", "a..jpg", "A.jpg", "a.JPG", "a.b.c", "a.jpg/", "%2e%2e.jpg"]
        {
            assert!(BlobKey::parse(bad).is_none(), "{bad}");
        }
        let k = BlobKey::parse("x.webp").unwrap();
        assert_eq!((k.extension(), k.content_type()), ("webp", "image/webp"));
    }
}
