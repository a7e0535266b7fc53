//! Photos as phones store them, for tests here and in the server (feature `test-support`).

use std::io::Cursor;

use image::{DynamicImage, ImageFormat, Rgb, RgbImage};

/// `jpeg` with an EXIF (APP1) segment carrying `tiff`, a TIFF header and its directories, right
/// after the SOI marker, where cameras put it.
pub fn with_exif(jpeg: &[u8], tiff: &[u8]) -> Vec<u8> {
    assert_eq!(&jpeg[..2], [0xFF, 0xD8], "a JPEG starts with SOI");
    let length = u16::try_from(2 + 6 + tiff.len()).expect("an APP1 segment holds at most 64 KiB");
    let mut out = jpeg[..2].to_vec();
    out.extend_from_slice(&[0xFF, 0xE1]);
    out.extend_from_slice(&length.to_be_bytes());
    out.extend_from_slice(b"Exif\0\0");
    out.extend_from_slice(tiff);
    out.extend_from_slice(&jpeg[2..]);
    out
}

/// A little-endian TIFF header and one directory with one entry: Orientation (0x0112), a SHORT.
pub fn orientation_tiff(orientation: u16) -> Vec<u8> {
    let mut tiff = b"II*\0".to_vec();
    tiff.extend_from_slice(&8u32.to_le_bytes()); // the directory follows the header
    tiff.extend_from_slice(&1u16.to_le_bytes()); // one entry
    tiff.extend_from_slice(&0x0112u16.to_le_bytes());
    tiff.extend_from_slice(&3u16.to_le_bytes()); // SHORT
    tiff.extend_from_slice(&1u32.to_le_bytes()); // one value, held in the entry itself
    tiff.extend_from_slice(&orientation.to_le_bytes());
    tiff.extend_from_slice(&[0, 0]);
    tiff.extend_from_slice(&0u32.to_le_bytes()); // no next directory
    tiff
}

pub const RED: Rgb<u8> = Rgb([255, 0, 0]);
pub const BLUE: Rgb<u8> = Rgb([0, 0, 255]);

/// A JPEG as a phone stores it: `width` × `height` pixels, the top-left quadrant red and the rest
/// blue, with EXIF Orientation `orientation` (6: the camera was turned a quarter clockwise).
pub fn phone_photo(width: u32, height: u32, orientation: u16) -> Vec<u8> {
    let pixels = RgbImage::from_fn(width, height, |x, y| if x < width / 2 && y < height / 2 { RED } else { BLUE });
    let mut jpeg = Cursor::new(Vec::new());
    DynamicImage::ImageRgb8(pixels).write_to(&mut jpeg, ImageFormat::Jpeg).expect("encoding a JPEG");
    with_exif(&jpeg.into_inner(), &orientation_tiff(orientation))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Corner {
    TopLeft,
    TopRight,
    BottomRight,
    BottomLeft,
}

/// The quadrant of `image` that is red, judged at each quadrant's centre (JPEG blurs edges);
/// `None` unless exactly one is red and the others blue.
pub fn red_corner(image: &DynamicImage) -> Option<Corner> {
    let rgb = image.to_rgb8();
    let (w, h) = rgb.dimensions();
    let is_red = |x: u32, y: u32| {
        let [r, g, b] = rgb.get_pixel(x, y).0;
        r > 200 && g < 60 && b < 60
    };
    let is_blue = |x: u32, y: u32| {
        let [r, g, b] = rgb.get_pixel(x, y).0;
        r < 60 && g < 60 && b > 200
    };
    let (left, right, top, bottom) = (w / 4, w * 3 / 4, h / 4, h * 3 / 4);
    let corners = [
        (Corner::TopLeft, left, top),
        (Corner::TopRight, right, top),
        (Corner::BottomRight, right, bottom),
        (Corner::BottomLeft, left, bottom),
    ];
    let red: Vec<Corner> = corners.iter().filter(|(_, x, y)| is_red(*x, *y)).map(|(c, _, _)| *c).collect();
    let blue = corners.iter().filter(|(_, x, y)| is_blue(*x, *y)).count();
    match red[..] {
        [corner] if blue == 3 => Some(corner),
        _ => None,
    }
}
