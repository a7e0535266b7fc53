//! Which refusals are paced (src/http/pacing.rs).

use actix_web::http::StatusCode;
use server::http::pacing::is_try_again_later;

#[test]
fn only_refusals_that_ask_to_try_again_later_are_paced() {
    assert!(is_try_again_later(StatusCode::TOO_MANY_REQUESTS, true));
    assert!(is_try_again_later(StatusCode::SERVICE_UNAVAILABLE, true));
    assert!(!is_try_again_later(StatusCode::SERVICE_UNAVAILABLE, false));
    assert!(!is_try_again_later(StatusCode::UNAUTHORIZED, false));
    assert!(!is_try_again_later(StatusCode::OK, false));
}
