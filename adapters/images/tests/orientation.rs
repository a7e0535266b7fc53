//! Phone photos come out upright: the EXIF orientation is applied to the pixels, then dropped.

use adapter_images::normalise;
use adapter_images::test_support::{phone_photo, red_corner, Corner};
use image::metadata::Orientation;
use image::{DynamicImage, ImageDecoder, ImageReader};

fn decoded(jpeg: &[u8]) -> DynamicImage {
    image::load_from_memory(jpeg).unwrap()
}

/// The orientation a reader of the stored file would still apply.
fn orientation_left(jpeg: &[u8]) -> Orientation {
    let reader = ImageReader::new(std::io::Cursor::new(jpeg)).with_guessed_format().unwrap();
    reader.into_decoder().unwrap().orientation().unwrap()
}

#[test]
fn each_of_the_eight_exif_orientations_is_applied_to_the_pixels_and_then_dropped() {
    // The stored pixels are 40 × 20 with the top-left quadrant red. Where that corner is shown,
    // by EXIF's table (row 0 / column 0 of the stored image is the shown …):
    let shown = [
        (1, (40, 20), Corner::TopLeft),     // top / left
        (2, (40, 20), Corner::TopRight),    // top / right: mirrored
        (3, (40, 20), Corner::BottomRight), // bottom / right: half a turn
        (4, (40, 20), Corner::BottomLeft),  // bottom / left: flipped
        (5, (20, 40), Corner::TopLeft),     // left / top: transposed
        (6, (20, 40), Corner::TopRight),    // right / top: the phone held upright
        (7, (20, 40), Corner::BottomRight), // right / bottom: transversed
        (8, (20, 40), Corner::BottomLeft),  // left / bottom: a quarter turn back
    ];
    for (orientation, (width, height), corner) in shown {
        let photo = phone_photo(40, 20, orientation);
        assert_eq!(red_corner(&decoded(&photo)), Some(Corner::TopLeft), "the stored pixels, {orientation}");
        let out = normalise(&photo).unwrap();
        assert_eq!((out.width, out.height), (width, height), "orientation {orientation}");
        for (what, jpeg) in [("photo", &out.full), ("thumbnail", &out.thumb)] {
            let image = decoded(jpeg);
            // The thumbnail has its own size (400 px on the longer side), the same shape.
            assert_eq!(image.width() * height, image.height() * width, "{what}, orientation {orientation}");
            assert_eq!(red_corner(&image), Some(corner), "{what}, orientation {orientation}");
            assert!(!jpeg.windows(4).any(|w| w == b"Exif"), "{what} keeps EXIF, orientation {orientation}");
            assert_eq!(orientation_left(jpeg), Orientation::NoTransforms, "{what}, orientation {orientation}");
        }
    }
}

#[test]
fn a_large_phone_photo_is_turned_and_scaled_to_the_stored_sizes() {
    // Landscape pixels from a phone held upright: stored portrait, at most 1600 px and 400 px.
    let out = normalise(&phone_photo(2000, 1500, 6)).unwrap();
    assert_eq!((out.width, out.height), (1200, 1600));
    let thumb = decoded(&out.thumb);
    assert_eq!((thumb.width(), thumb.height()), (300, 400));
    assert_eq!(red_corner(&decoded(&out.full)), Some(Corner::TopRight));
    assert_eq!(red_corner(&thumb), Some(Corner::TopRight));
}

#[test]
fn png_and_webp_photos_with_an_orientation_come_out_upright_too() {
    use adapter_images::test_support::{orientation_tiff, BLUE, RED};
    use image::codecs::{png::PngEncoder, webp::WebPEncoder};
    use image::{ExtendedColorType, ImageEncoder, RgbImage};

    let pixels = RgbImage::from_fn(40, 20, |x, y| if x < 20 && y < 10 { RED } else { BLUE });
    let mut png = Vec::new();
    let mut encoder = PngEncoder::new(&mut png);
    encoder.set_exif_metadata(orientation_tiff(6)).unwrap();
    encoder.write_image(pixels.as_raw(), 40, 20, ExtendedColorType::Rgb8).unwrap();
    let mut webp = Vec::new();
    let mut encoder = WebPEncoder::new_lossless(&mut webp);
    encoder.set_exif_metadata(orientation_tiff(6)).unwrap();
    encoder.write_image(pixels.as_raw(), 40, 20, ExtendedColorType::Rgb8).unwrap();
    for (format, bytes) in [("PNG", png), ("WebP", webp)] {
        let out = normalise(&bytes).unwrap();
        assert_eq!((out.width, out.height), (20, 40), "{format}");
        assert_eq!(red_corner(&decoded(&out.full)), Some(Corner::TopRight), "{format}");
    }
}
