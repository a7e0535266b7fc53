//! One log line per request: method, path, status, latency and a request id (also sent back
//! as `x-request-id`, and attached to every log line the request causes).

use std::time::Instant;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::middleware::Next;
use tracing::Instrument;

pub async fn log_request(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let request_id = uuid::Uuid::new_v4().simple().to_string()[..12].to_owned();
    let method = req.method().to_string();
    let path = req.path().to_owned();
    let span = tracing::info_span!("request", id = %request_id);
    let started = Instant::now();
    let result = next.call(req).instrument(span.clone()).await;
    let latency_ms = started.elapsed().as_secs_f64() * 1000.0;
    let _enter = span.enter();
    match result {
        Ok(mut res) => {
            let status = res.status().as_u16();
            tracing::info!(%method, %path, status, latency_ms = format!("{latency_ms:.1}"), "request");
            if let Ok(value) = HeaderValue::from_str(&request_id) {
                res.headers_mut().insert(HeaderName::from_static("x-request-id"), value);
            }
            Ok(res)
        }
        Err(error) => {
            tracing::warn!(%method, %path, latency_ms = format!("{latency_ms:.1}"), %error, "request failed");
            Err(error)
        }
    }
}
