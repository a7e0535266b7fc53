//! Refusals that say "try again later" (429 attempt limits, 503 busy) are answered after a
//! short pause.
//!
//! A refusal costs the server almost nothing, but a client that ignores Retry-After and asks
//! again at once turns cheap refusals into a loop as fast as the machine allows: 64 such
//! connections drew about 5,000 answers a second and took every core, so other users' pages
//! slowed to hundreds of milliseconds. With the pause each such connection gets at most two
//! answers a second. A paused answer holds only a timer: no thread, no database connection.

use std::time::Duration;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::{header, StatusCode};
use actix_web::middleware::Next;

/// How long a refusal waits before it is sent.
pub const REFUSAL_PAUSE: Duration = Duration::from_millis(500);

pub async fn pace_refusals(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let res = next.call(req).await?;
    if is_try_again_later(res.status(), res.headers().contains_key(header::RETRY_AFTER)) {
        actix_web::rt::time::sleep(REFUSAL_PAUSE).await;
    }
    Ok(res)
}

/// 429, and 503 with Retry-After (busy); not a 503 without it (the database is down: the
/// health check must answer at once).
pub fn is_try_again_later(status: StatusCode, has_retry_after: bool) -> bool {
    status == StatusCode::TOO_MANY_REQUESTS || (status == StatusCode::SERVICE_UNAVAILABLE && has_retry_after)
}
