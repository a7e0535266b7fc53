//! Turning an uploaded photo into what is stored: decoded to prove it is an image, re-encoded
//! (which drops EXIF, GPS and anything else riding along), scaled down, with a thumbnail.

use async_trait::async_trait;

use crate::WorkError;

/// The longest side of a stored photo, and of its thumbnail.
pub const FULL_SIZE: u32 = 1600;
pub const THUMB_SIZE: u32 = 400;
/// The largest upload read, in bytes.
pub const MAX_UPLOAD_BYTES: usize = 10 * 1024 * 1024;

/// A photo as stored: JPEG, at most FULL_SIZE on its longest side, and its thumbnail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NormalisedImage {
    pub full: Vec<u8>,
    pub thumb: Vec<u8>,
    pub width: u32,
    pub height: u32,
}

#[derive(Debug, thiserror::Error)]
pub enum ImageError {
    /// Not a PNG, JPEG or WebP that decodes.
    #[error("not an image")]
    NotAnImage,
    /// An image claiming more pixels than any photo (a decompression bomb).
    #[error("image too large")]
    TooManyPixels,
    #[error(transparent)]
    Work(#[from] WorkError),
}

#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait ImageProcessor: Send + Sync {
    /// Decodes the bytes by their content (never a name or a declared type) and re-encodes them.
    async fn normalise(&self, bytes: Vec<u8>) -> Result<NormalisedImage, ImageError>;
}
