//! Text at the edge: PostgreSQL cannot store U+0000 in text (`invalid byte sequence for
//! encoding "UTF8": 0x00`), so a NUL in anything a request carries is refused here, once for
//! every route, with a 400 that names where it was, before any handler or the database sees it.
//!
//! The query string and JSON bodies are checked by [`refuse_nul`] (a middleware on /api);
//! multipart text fields by `multipart::read_upload`; a backup's document by the restore.
//! Files from banks (statements, the provider's rows) are not the user's typing: their
//! adapters drop NULs instead.

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::{mime, web, HttpMessage, ResponseError};
use futures_util::StreamExt;
use serde_json::Value;

use super::error::ApiError;
use super::extract::JSON_LIMIT;

/// The message for a NUL in `what` (a field, a query parameter, a form field).
pub fn nul_message(what: &str) -> String {
    format!("{what} cannot contain a NUL character")
}

/// Shows a name as text a person can read in a message: NULs as `\0`.
fn shown(name: &str) -> String {
    name.replace('\0', "\\0")
}

/// The first query parameter whose name or value holds a NUL (sent as `%00`), as the words of
/// its message (`The query parameter 'search'`); None when there is none or the query is not
/// readable (its extractor then answers).
pub fn nul_in_query(query: &str) -> Option<String> {
    if !query.contains("%00") {
        return None;
    }
    let pairs = web::Query::<Vec<(String, String)>>::from_query(query).ok()?.into_inner();
    let (name, _) = pairs.into_iter().find(|(name, value)| name.contains('\0') || value.contains('\0'))?;
    Some(format!("The query parameter '{}'", shown(&name)))
}

/// True when a JSON text holds an escaped NUL (`\u0000`, the only way a NUL can be in valid
/// JSON; `\\u0000` is a backslash and text): a look at the bytes, without parsing.
pub fn may_hold_nul(json: &[u8]) -> bool {
    json.windows(6)
        .enumerate()
        .any(|(at, w)| w == b"\\u0000" && json[..at].iter().rev().take_while(|&&b| b == b'\\').count() % 2 == 0)
}

/// Where the first NUL in a JSON document is, in the words of its message (`The field
/// 'mapping.description'`, `The field 'splits[1].notes'`); a NUL in a key names that key.
/// None when there is none or the body is not JSON (its extractor then answers).
pub fn nul_in_json(body: &[u8]) -> Option<String> {
    if !may_hold_nul(body) {
        return None;
    }
    let value: Value = serde_json::from_slice(body).ok()?;
    let path = nul_path(&value, String::new())?;
    Some(if path.is_empty() { "The request body".to_owned() } else { format!("The field '{}'", shown(&path)) })
}

fn nul_path(value: &Value, path: String) -> Option<String> {
    match value {
        Value::String(s) => s.contains('\0').then_some(path),
        Value::Array(items) => items.iter().enumerate().find_map(|(i, v)| nul_path(v, format!("{path}[{i}]"))),
        Value::Object(fields) => fields.iter().find_map(|(key, v)| {
            let here = if path.is_empty() { key.clone() } else { format!("{path}.{key}") };
            if key.contains('\0') {
                Some(here)
            } else {
                nul_path(v, here)
            }
        }),
        _ => None,
    }
}

/// JSON as `web::Json` takes it: `application/json` or any `+json` type.
fn is_json(req: &ServiceRequest) -> bool {
    matches!(req.mime_type(), Ok(Some(m)) if m.subtype() == mime::JSON || m.suffix() == Some(mime::JSON))
}

/// Refuses a request whose query string or JSON body holds a NUL (400 `validation`, naming
/// the parameter or field). A JSON body is read here (at most [`JSON_LIMIT`]; a larger one is
/// passed on unread for the extractor to refuse) and handed on unchanged.
pub async fn refuse_nul(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    if let Some(what) = nul_in_query(req.query_string()) {
        return Ok(refuse(req, &what));
    }
    if !is_json(&req) {
        return Ok(next.call(req).await?.map_into_boxed_body());
    }
    let mut payload = req.take_payload();
    let mut body = web::BytesMut::new();
    while let Some(chunk) = payload.next().await {
        body.extend_from_slice(&chunk?);
        if body.len() > JSON_LIMIT {
            let read = futures_util::stream::once(std::future::ready(Ok(body.freeze())));
            req.set_payload(actix_web::dev::Payload::Stream { payload: Box::pin(read.chain(payload)) });
            return Ok(next.call(req).await?.map_into_boxed_body());
        }
    }
    let body = body.freeze();
    if let Some(what) = nul_in_json(&body) {
        return Ok(refuse(req, &what));
    }
    req.set_payload(actix_web::dev::Payload::from(body));
    Ok(next.call(req).await?.map_into_boxed_body())
}

fn refuse(req: ServiceRequest, what: &str) -> ServiceResponse<BoxBody> {
    req.into_response(ApiError::validation(nul_message(what)).error_response())
}
