//! `Idempotency-Key` on writes: a phone that sends a write twice (a double tap, a retry after a
//! lost answer, an offline queue catching up) gets the first answer again instead of a second
//! contribution or transaction.
//!
//! A POST, PUT, PATCH or DELETE under /api with the header and a valid session claims the key
//! for that user before it runs. The same key with the same request (method, path, query and
//! body) then replays the stored answer (with `Idempotent-Replayed: true`); with another request
//! it is refused (422); while the first is still running, 409. Answers the server failed to give
//! (5xx) are not kept, so the write may be tried again — unless it was saved: every database write
//! of the request marks the key applied in the write's own transaction
//! (`ports::idempotency::Scope`), so a retry after a crash between the write and its answer is
//! told 'This change was already saved.' (200, `alreadyApplied`) and never writes twice. A claim
//! neither answered nor applied for 30 s is taken over by a retry (its server died first). Keys are kept for 35 days
//! (`ports::idempotency::KEY_KEPT_FOR_DAYS`), longer than the web app's offline queue holds a
//! change. Bodies other than JSON (uploads) are not covered.

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::{header, Method, StatusCode};
use actix_web::middleware::Next;
use actix_web::{web, HttpResponse, ResponseError};
use ports::idempotency::Claim;
use sha2::{Digest, Sha256};

use crate::http::error::{ApiError, ErrorCode, UNAVAILABLE};
use crate::AppState;

pub const HEADER: &str = "idempotency-key";
const REPLAYED: &str = "idempotent-replayed";
/// Answers larger than this are sent but not kept (the key is then released).
const MAX_ANSWER: usize = 1024 * 1024;

pub const BAD_KEY: &str = "Idempotency-Key must be 1 to 255 visible characters";
pub const IN_PROGRESS: &str = "A request with this Idempotency-Key is still being processed. Please try again shortly.";
pub const MISMATCH: &str = "This Idempotency-Key was already used for a different request";

fn is_write(method: &Method) -> bool {
    matches!(*method, Method::POST | Method::PUT | Method::PATCH | Method::DELETE)
}

/// A key as sent: 1 to 255 visible ASCII characters.
pub fn valid_key(raw: &header::HeaderValue) -> Option<String> {
    let key = raw.to_str().ok()?.trim();
    (!key.is_empty() && key.len() <= 255 && key.bytes().all(|b| b.is_ascii_graphic())).then(|| key.to_owned())
}

fn is_json_or_empty(req: &ServiceRequest) -> bool {
    match req.headers().get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()) {
        None => true,
        Some(ct) => ct.trim_start().to_ascii_lowercase().starts_with("application/json"),
    }
}

fn fingerprint(req: &ServiceRequest, body: &[u8]) -> String {
    let mut hash = Sha256::new();
    hash.update(req.method().as_str());
    hash.update(b"\n");
    hash.update(req.path());
    hash.update(b"?");
    hash.update(req.query_string());
    hash.update(b"\n");
    hash.update(body);
    hex::encode(hash.finalize())
}

fn error(req: ServiceRequest, e: ApiError) -> ServiceResponse<BoxBody> {
    req.into_response(e.error_response())
}

/// The answer to a retry of a write that was saved by a request that died before answering.
pub const ALREADY_SAVED: &str = "This change was already saved.";

pub async fn idempotent_writes(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let Some(raw) = req.headers().get(HEADER).cloned() else {
        return Ok(next.call(req).await?.map_into_boxed_body());
    };
    // A new token's answer carries its secret, which is shown once and never stored.
    if !is_write(req.method()) || !is_json_or_empty(&req) || req.match_info().as_str().starts_with("/api/tokens") {
        return Ok(next.call(req).await?.map_into_boxed_body());
    }
    let Some(key) = valid_key(&raw) else {
        return Ok(error(req, ApiError::validation(BAD_KEY.into())));
    };
    let Some(state) = req.app_data::<web::Data<AppState>>().cloned() else {
        return Ok(next.call(req).await?.map_into_boxed_body());
    };
    // A token that could not be checked (the database out of reach a moment ago): the key cannot
    // be claimed for its user, and the handler, trying again, might write with nothing to stop a
    // retry writing again (the crash test caught a transfer made twice so). Refused, changing
    // nothing; the client retries with the same key.
    if crate::http::extract::session_unchecked(req.request()) {
        return Ok(error(req, ApiError::new(ErrorCode::Unavailable, UNAVAILABLE.into())));
    }
    // Without a valid session the handler answers 401 itself; nothing to remember. (The
    // session was read by `sign_in_first`, which runs before this.)
    let Some(user) = crate::http::extract::signed_in_user(req.request()).map(|u| u.person.id) else {
        return Ok(next.call(req).await?.map_into_boxed_body());
    };
    let body = req.extract::<web::Bytes>().await?;
    let print = fingerprint(&req, &body);
    req.set_payload(actix_web::dev::Payload::from(body));

    let claim = match state.idempotency.claim(user, &key, &print).await {
        Err(e) => return Ok(error(req, ApiError::internal(e.into()))),
        Ok(Claim::Mismatch) => return Ok(error(req, ApiError::new(ErrorCode::IdempotencyMismatch, MISMATCH.into()))),
        Ok(Claim::InProgress) => return Ok(error(req, ApiError::new(ErrorCode::Conflict, IN_PROGRESS.into()))),
        Ok(Claim::Replay { status, body }) => {
            let status = StatusCode::from_u16(status).unwrap_or(StatusCode::OK);
            let answer = HttpResponse::build(status)
                .content_type("application/json")
                .insert_header((REPLAYED, "true"))
                .body(body);
            return Ok(req.into_response(answer));
        }
        Ok(Claim::Applied) => {
            let answer = HttpResponse::Ok()
                .insert_header((REPLAYED, "true"))
                .json(serde_json::json!({"success": true, "alreadyApplied": true, "message": ALREADY_SAVED}));
            return Ok(req.into_response(answer));
        }
        Ok(Claim::New(claim)) => claim,
    };

    // Every write the handler commits marks the key applied in its own transaction.
    let scope = ports::idempotency::Scope { user, key: key.clone(), claim };
    let res = match ports::idempotency::within(scope, next.call(req)).await {
        Ok(res) => res,
        Err(e) => {
            let _ = state.idempotency.release(user, &key, claim).await;
            return Err(e);
        }
    };
    let status = res.status();
    let (http_req, answer) = res.into_parts();
    let (head, body) = answer.into_parts();
    let bytes = match actix_web::body::to_bytes_limited(body, MAX_ANSWER).await {
        Ok(Ok(bytes)) => bytes,
        // Too large or unreadable: sent as far as it goes, never replayed.
        _ => {
            let _ = state.idempotency.release(user, &key, claim).await;
            return Err(ApiError::internal(anyhow::anyhow!("an idempotent answer could not be read")).into());
        }
    };
    let kept = if status.is_server_error() {
        state.idempotency.release(user, &key, claim).await
    } else {
        state.idempotency.complete(user, &key, claim, status.as_u16(), bytes.to_vec()).await
    };
    if let Err(e) = kept {
        tracing::warn!(error = %e, "an idempotency key could not be stored");
    }
    Ok(ServiceResponse::new(http_req, head.set_body(bytes).map_into_boxed_body()))
}
