//! What an Idempotency-Key may be (src/http/idempotency.rs).

use actix_web::http::header;
use server::http::idempotency::valid_key;

#[test]
fn a_key_is_1_to_255_visible_characters() {
    let v = |s: &str| valid_key(&header::HeaderValue::from_str(s).unwrap());
    assert_eq!(v(" 4f6a-01 "), Some("4f6a-01".into()));
    assert_eq!(v(&"k".repeat(255)), Some("k".repeat(255)));
    assert_eq!(v(&"k".repeat(256)), None);
    assert_eq!(v(""), None);
    assert_eq!(v("two words"), None);
}
