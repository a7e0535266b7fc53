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

/// The server keeps a key longer than the web app's offline queue keeps a change waiting, so every
/// retry the queue sends is replayed rather than done twice (docs/reliability.md). The queue's
/// limit is read from its source, so changing one side alone fails here.
#[test]
fn keys_are_kept_longer_than_the_web_app_keeps_a_queued_change() {
    let queue =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../frontend/src/lib/offline/queue.ts"))
            .unwrap();
    let days: i32 = queue
        .lines()
        .find_map(|line| line.strip_prefix("export const QUEUED_CHANGE_MAX_AGE_DAYS = "))
        .expect("the queue's limit in frontend/src/lib/offline/queue.ts")
        .trim()
        .parse()
        .unwrap();
    assert_eq!(days, 30);
    assert!(
        ports::idempotency::KEY_KEPT_FOR_DAYS >= days + 5,
        "keys must outlive a queued change by at least 5 days (a device clock that is off)"
    );
}
