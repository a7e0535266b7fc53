//! Uploaded photos, decoded and re-encoded with the `image` crate on a bounded pool of threads.
//!
//! Safety: the format is sniffed from the content; the header's dimensions are checked before any
//! pixel is decoded (a 50,000 × 50,000 px bomb is refused without allocating), and the decoder
//! runs with an allocation limit. The output is a fresh JPEG, so EXIF (camera, GPS position of
//! the house) and any other metadata or trailing bytes are gone; the EXIF orientation a phone
//! writes instead of turning its pixels is applied to them first, so the photo stays upright.

use std::io::Cursor;

use async_trait::async_trait;
use bounded_work::{BoundedPool, Limits, PoolError};
use image::codecs::jpeg::JpegEncoder;
use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader};
use ports::images::{ImageError, ImageProcessor, NormalisedImage, FULL_SIZE, THUMB_SIZE};
use ports::WorkError;

#[cfg(feature = "test-support")]
pub mod test_support;

/// The most pixels a photo may have: 50 megapixels (a phone's largest is about 48).
pub const MAX_PIXELS: u64 = 50_000_000;
/// The longest side accepted.
pub const MAX_SIDE: u32 = 12_000;
/// The decoder's allocation budget.
const MAX_ALLOC: u64 = 512 * 1024 * 1024;
const JPEG_QUALITY: u8 = 85;

pub struct ImageRsProcessor {
    pool: BoundedPool<()>,
}

impl ImageRsProcessor {
    /// `concurrency` photos at a time (each may take a few hundred MB while decoding).
    pub fn new(concurrency: usize) -> anyhow::Result<Self> {
        let pool = BoundedPool::start("images", Limits::with_workers(concurrency), || ())
            .map_err(|e| anyhow::anyhow!("starting the image threads: {e}"))?;
        Ok(Self { pool })
    }
}

#[async_trait]
impl ImageProcessor for ImageRsProcessor {
    async fn normalise(&self, bytes: Vec<u8>) -> Result<NormalisedImage, ImageError> {
        // Reading the header costs microseconds: a file that is not an image, or claims too many
        // pixels, is refused at once, never queued behind real photos (or answered 'busy').
        dimensions(&bytes)?;
        let job = move |_: &mut ()| {
            let result = normalise(&bytes);
            bounded_work::give_back_freed_memory();
            result
        };
        match self.pool.run(job).await {
            Ok(result) => result,
            Err(PoolError::Saturated) => Err(ImageError::Work(WorkError::Busy)),
            Err(PoolError::Panicked) => {
                Err(ImageError::Work(WorkError::Failed(anyhow::anyhow!("decoding an image panicked"))))
            }
        }
    }
}

fn reader(bytes: &[u8]) -> Result<ImageReader<Cursor<&[u8]>>, ImageError> {
    let mut reader = ImageReader::new(Cursor::new(bytes)).with_guessed_format().map_err(|_| ImageError::NotAnImage)?;
    match reader.format() {
        Some(ImageFormat::Png | ImageFormat::Jpeg | ImageFormat::WebP) => {}
        _ => return Err(ImageError::NotAnImage),
    }
    reader.limits(limits());
    Ok(reader)
}

fn limits() -> image::Limits {
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(MAX_ALLOC);
    limits
}

fn jpeg(image: &DynamicImage) -> Result<Vec<u8>, ImageError> {
    let mut out = Vec::new();
    let rgb = DynamicImage::ImageRgb8(image.to_rgb8());
    rgb.write_with_encoder(JpegEncoder::new_with_quality(&mut out, JPEG_QUALITY))
        .map_err(|e| ImageError::Work(WorkError::Failed(e.into())))?;
    Ok(out)
}

/// The width and height its header claims, for a PNG, JPEG or WebP within the limits; nothing is
/// decoded.
fn dimensions(bytes: &[u8]) -> Result<(u32, u32), ImageError> {
    let (width, height) = reader(bytes)?.into_dimensions().map_err(|e| match e {
        image::ImageError::Limits(_) => ImageError::TooManyPixels,
        _ => ImageError::NotAnImage,
    })?;
    if width == 0 || height == 0 {
        return Err(ImageError::NotAnImage);
    }
    if u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(ImageError::TooManyPixels);
    }
    Ok((width, height))
}

/// The pixels as stored, within the limits, and the turn or flip that shows them upright (EXIF's
/// orientation; none when absent or unreadable).
fn decode(bytes: &[u8]) -> Result<(DynamicImage, image::metadata::Orientation), ImageError> {
    let decoding = |e| match e {
        image::ImageError::Limits(_) => ImageError::TooManyPixels,
        _ => ImageError::NotAnImage,
    };
    // `into_decoder` sets the reader's limits on the decoder (so the dimensions are checked
    // again); the pixel buffer is reserved against the allocation budget here, as
    // `ImageReader::decode` does, before `from_decoder` allocates it.
    let mut decoder = reader(bytes)?.into_decoder().map_err(decoding)?;
    let orientation = decoder.orientation().unwrap_or(image::metadata::Orientation::NoTransforms);
    let mut limits = limits();
    limits.reserve(decoder.total_bytes()).map_err(decoding)?;
    decoder.set_limits(limits).map_err(decoding)?;
    Ok((DynamicImage::from_decoder(decoder).map_err(decoding)?, orientation))
}

/// Decodes, checks and re-encodes one upload (on the calling thread).
pub fn normalise(bytes: &[u8]) -> Result<NormalisedImage, ImageError> {
    let (width, height) = dimensions(bytes)?;
    let (decoded, orientation) = decode(bytes)?;
    // Turned after scaling down (fitting into a square box commutes with turns and flips): a
    // quarter turn copies the pixels, and a 1600 px copy costs far less than a 48 MP one.
    let mut full = if width.max(height) > FULL_SIZE { decoded.thumbnail(FULL_SIZE, FULL_SIZE) } else { decoded };
    full.apply_orientation(orientation);
    let thumb = full.thumbnail(THUMB_SIZE, THUMB_SIZE);
    Ok(NormalisedImage { full: jpeg(&full)?, thumb: jpeg(&thumb)?, width: full.width(), height: full.height() })
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{ImageEncoder, RgbImage};

    fn picture(width: u32, height: u32) -> RgbImage {
        RgbImage::from_fn(width, height, |x, y| image::Rgb([(x % 256) as u8, (y % 256) as u8, 128]))
    }

    fn encoded(format: ImageFormat, width: u32, height: u32) -> Vec<u8> {
        let mut out = Cursor::new(Vec::new());
        DynamicImage::ImageRgb8(picture(width, height)).write_to(&mut out, format).unwrap();
        out.into_inner()
    }

    #[test]
    fn png_jpeg_and_webp_become_a_jpeg_and_a_thumbnail_within_their_sizes() {
        for format in [ImageFormat::Png, ImageFormat::Jpeg, ImageFormat::WebP] {
            let out = normalise(&encoded(format, 2000, 1000)).unwrap();
            assert_eq!((out.width, out.height), (1600, 800), "{format:?}");
            let thumb = image::load_from_memory(&out.thumb).unwrap();
            assert_eq!((thumb.width(), thumb.height()), (400, 200));
            assert_eq!(image::guess_format(&out.full).unwrap(), ImageFormat::Jpeg);
        }
        let small = normalise(&encoded(ImageFormat::Png, 300, 200)).unwrap();
        assert_eq!((small.width, small.height), (300, 200), "never scaled up");
    }

    #[test]
    fn exif_with_a_gps_position_does_not_survive() {
        let jpeg = encoded(ImageFormat::Jpeg, 64, 64);
        // An APP1 Exif segment right after the SOI marker, carrying a GPS tag's name.
        let with_exif =
            crate::test_support::with_exif(&jpeg, b"MM\0*\0\0\0\x08GPSLatitude 53.8008 N GPSLongitude 1.5491 W");
        assert!(image::load_from_memory(&with_exif).is_ok(), "the test file is a valid JPEG");
        let out = normalise(&with_exif).unwrap();
        let contains = |hay: &[u8], needle: &[u8]| hay.windows(needle.len()).any(|w| w == needle);
        assert!(!contains(&out.full, b"Exif") && !contains(&out.full, b"GPS"));
        assert!(!contains(&out.thumb, b"GPS"));
    }

    #[test]
    fn text_and_other_formats_are_not_images() {
        assert!(matches!(normalise(b"hello, I am a .png"), Err(ImageError::NotAnImage)));
        assert!(matches!(normalise(&encoded(ImageFormat::Png, 10, 10)[..40]), Err(ImageError::NotAnImage)));
        let mut gif = Vec::new();
        gif.extend_from_slice(b"GIF89a\x01\x00\x01\x00\x00\x00\x00;");
        assert!(matches!(normalise(&gif), Err(ImageError::NotAnImage)));
    }

    /// A PNG whose header claims `width` × `height` with almost no data behind it.
    pub fn png_claiming(width: u32, height: u32) -> Vec<u8> {
        let mut out = Vec::new();
        image::codecs::png::PngEncoder::new(&mut out)
            .write_image(&[0, 0, 0], 1, 1, image::ExtendedColorType::Rgb8)
            .unwrap();
        // IHDR's width and height sit at bytes 16..24; its CRC (29..33) is then wrong, which a
        // bomb would fix: recompute it.
        out[16..20].copy_from_slice(&width.to_be_bytes());
        out[20..24].copy_from_slice(&height.to_be_bytes());
        let crc = crc32(&out[12..29]);
        out[29..33].copy_from_slice(&crc.to_be_bytes());
        out
    }

    fn crc32(bytes: &[u8]) -> u32 {
        let mut crc = 0xFFFF_FFFFu32;
        for &b in bytes {
            crc ^= u32::from(b);
            for _ in 0..8 {
                crc = if crc & 1 == 1 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
            }
        }
        !crc
    }

    #[test]
    fn a_decompression_bomb_is_refused_before_decoding() {
        assert!(matches!(normalise(&png_claiming(50_000, 50_000)), Err(ImageError::TooManyPixels)));
        assert!(matches!(normalise(&png_claiming(11_000, 11_000)), Err(ImageError::TooManyPixels)));
    }
}
