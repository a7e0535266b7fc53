//! A photo taken on a phone held upright is stored as landscape pixels with EXIF Orientation 6;
//! the server turns the pixels, so the item's photo and thumbnail are served upright.

use crate::common;

use adapter_images::test_support::{phone_photo, red_corner, Corner};
use common::{expect, spawn_app, upload};
use reqwest::StatusCode;

#[tokio::test]
async fn a_portrait_phone_photo_is_served_upright_with_its_thumbnail() {
    let app = spawn_app().await;
    let token = app.signed_up("Jane Doe", "jane@example.com", "Secret123").await;
    // 1200 × 900 pixels as the camera stored them, red at their top-left; shown 900 × 1200.
    let photo = phone_photo(1200, 900, 6);
    let body = expect(upload(&app, &token, "IMG_0042.jpg", "image/jpeg", photo).await, StatusCode::CREATED).await;
    for (what, size) in [("photo", (900, 1200)), ("thumbnail", (300, 400))] {
        let path = body["data"][if what == "photo" { "path" } else { "thumbnail" }].as_str().unwrap();
        let served = app.client.get(app.url(path)).send().await.unwrap();
        assert_eq!(served.status(), StatusCode::OK, "{what}");
        let bytes = served.bytes().await.unwrap();
        assert!(!bytes.windows(4).any(|w| w == b"Exif"), "the {what} carries no EXIF to turn it again");
        let image = image::load_from_memory(&bytes).unwrap();
        assert_eq!((image.width(), image.height()), size, "the {what} is portrait");
        // Orientation 6: the stored top-left is shown at the top right.
        assert_eq!(red_corner(&image), Some(Corner::TopRight), "the {what} is upright");
    }
}
