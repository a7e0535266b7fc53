//! Receipts attached to a transaction: upload, list, delete, and their bytes (with the bearer
//! token, or through the short-lived signed address the answers carry).

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::http::header;
use actix_web::http::Method;
use actix_web::middleware::Next;
use actix_web::{delete, get, post, web, FromRequest, HttpRequest, HttpResponse};
use chrono::{DateTime, Utc};
use domain::ids::ReceiptId;
use domain::receipts::Variant;
use ports::receipts::{SignedReceipt, NO_FILE, TOO_BIG};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::http::error::{ApiError, ErrorResponse};
use crate::http::extract::CurrentUser;
use crate::http::idempotency;
use crate::http::multipart::{read_upload, refuse_declared_beyond};
use crate::http::routes::transactions::transaction_id;
use crate::http::wire::{path_id, Created, Envelope, MessageResponse};
use crate::AppState;

pub fn config(cfg: &mut ServiceConfig) {
    cfg.service(attach).service(list).service(remove).service(content);
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReceiptDto {
    #[serde(rename = "_id")]
    pub id: String,
    /// `image/jpeg` (a photo, as re-encoded) or `application/pdf`.
    pub content_type: String,
    /// Bytes as stored.
    pub size: i64,
    pub created_at: DateTime<Utc>,
    /// Server-relative, signed, valid for 15 minutes without an Authorization header.
    pub url: String,
    /// The photo's thumbnail, signed like `url`; null for a PDF.
    pub thumbnail_url: Option<String>,
}

fn receipt_dto(r: SignedReceipt) -> ReceiptDto {
    ReceiptDto {
        id: r.receipt.id.to_string(),
        content_type: r.receipt.kind.content_type().to_owned(),
        size: r.receipt.size,
        created_at: r.receipt.created_at,
        url: r.url,
        thumbnail_url: r.thumbnail_url,
    }
}

/// The multipart form of a receipt upload, for the API document.
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct ReceiptForm {
    /// A JPEG, PNG or WebP photo or a PDF, of at most 10 MB (judged by its content).
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
}

/// Attaches a photo or PDF to a transaction (at most 10 per transaction). Photos are stored
/// re-encoded as JPEG, upright, without their metadata, with a thumbnail; a PDF as sent. Sent
/// again with the same Idempotency-Key, the first receipt is answered again.
#[utoipa::path(operation_id = "receiptCreate", tag = "receipts", security(("bearer" = [])),
    params(("id" = String, Path, description = "The transaction")),
    request_body(content = ReceiptForm, content_type = "multipart/form-data"),
    responses((status = 201, body = Envelope<ReceiptDto>), (status = 400, body = ErrorResponse), (status = 404, body = ErrorResponse),
              (status = 413, body = ErrorResponse), (status = 503, body = ErrorResponse)))]
#[post("/transactions/{id}/receipts")]
pub async fn attach(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<String>,
    req: HttpRequest,
    form: actix_multipart::Multipart,
) -> Result<Created<Envelope<ReceiptDto>>, ApiError> {
    let transaction = transaction_id(&id)?;
    refuse_declared_beyond(&req, ports::images::MAX_UPLOAD_BYTES, TOO_BIG)?;
    let upload = read_upload(form, "file", ports::images::MAX_UPLOAD_BYTES, TOO_BIG).await?;
    let bytes =
        upload.file.map(|f| f.bytes).filter(|b| !b.is_empty()).ok_or_else(|| ApiError::validation(NO_FILE.into()))?;
    // The idempotency middleware covers JSON bodies; an upload's key is kept with its receipt.
    let key = match req.headers().get(idempotency::HEADER) {
        None => None,
        Some(raw) => {
            Some(idempotency::valid_key(raw).ok_or_else(|| ApiError::validation(idempotency::BAD_KEY.into()))?)
        }
    };
    let receipt = state.receipts.attach(user.scope, transaction, bytes, key).await?;
    Ok(Created(Envelope {
        success: true,
        data: receipt_dto(receipt),
        message: Some("Receipt attached successfully".into()),
    }))
}

/// The transaction's receipts, newest first, each with fresh signed addresses.
#[utoipa::path(operation_id = "receiptList", tag = "receipts", security(("bearer" = [])),
    params(("id" = String, Path, description = "The transaction")),
    responses((status = 200, body = Envelope<Vec<ReceiptDto>>), (status = 404, body = ErrorResponse)))]
#[get("/transactions/{id}/receipts")]
pub async fn list(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<String>,
) -> Result<Envelope<Vec<ReceiptDto>>, ApiError> {
    let receipts = state.receipts.list(user.scope, transaction_id(&id)?).await?;
    Ok(Envelope::ok(receipts.into_iter().map(receipt_dto).collect()))
}

/// Deletes a receipt and its stored files.
#[utoipa::path(operation_id = "receiptDelete", tag = "receipts", security(("bearer" = [])), params(("id" = String, Path)),
    responses((status = 200, body = MessageResponse), (status = 404, body = ErrorResponse)))]
#[delete("/receipts/{id}")]
pub async fn remove(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<String>,
) -> Result<MessageResponse, ApiError> {
    state.receipts.delete(user.scope, path_id::<ReceiptId>(&id, "Receipt")?).await?;
    Ok(MessageResponse::ok("Receipt deleted successfully"))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ContentQuery {
    /// `full` (default) or `thumb` (a photo's thumbnail).
    pub variant: Option<String>,
    /// With `signature`: the signed address's expiry (seconds since the epoch).
    pub expires: Option<i64>,
    /// The signed address's signature; without it, the bearer token is needed.
    pub signature: Option<String>,
}

/// A receipt's bytes: through the signed address from `url`/`thumbnailUrl` (no Authorization
/// header; 403 when changed or expired), or with the bearer token of a member who sees it.
#[utoipa::path(operation_id = "receiptContent", tag = "receipts", security((), ("bearer" = [])),
    params(("id" = String, Path), ContentQuery),
    responses((status = 200, description = "The receipt (image/jpeg or application/pdf)", content_type = "application/octet-stream", body = Vec<u8>),
              (status = 401, body = ErrorResponse), (status = 403, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
#[get("/receipts/{id}/content")]
pub async fn content(
    state: web::Data<AppState>,
    id: web::Path<String>,
    query: web::Query<ContentQuery>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let id = path_id::<ReceiptId>(&id, "Receipt")?;
    let variant = match query.variant.as_deref() {
        None => Variant::Full,
        Some(raw) => {
            Variant::parse(raw).ok_or_else(|| ApiError::validation("Variant must be 'full' or 'thumb'".into()))?
        }
    };
    let (bytes, content_type, signed) = match (&query.signature, query.expires) {
        (Some(signature), expires) => {
            let expires = expires.unwrap_or(i64::MIN);
            let (bytes, content_type) = state.receipts.signed_content(id, variant, expires, signature).await?;
            (bytes, content_type, true)
        }
        (None, _) => {
            let user = CurrentUser::from_request(&req, &mut Payload::None).await?;
            let (bytes, content_type) = state.receipts.content(user.scope, id, variant).await?;
            (bytes, content_type, false)
        }
    };
    let mut answer = HttpResponse::Ok();
    answer.content_type(content_type).insert_header((
        header::CACHE_CONTROL,
        // A signed address is the receipt for its 15 minutes; a token's answer is not kept.
        if signed { "private, max-age=900" } else { "private, no-store" },
    ));
    if content_type == "application/pdf" {
        answer.insert_header((header::CONTENT_DISPOSITION, "inline; filename=\"receipt.pdf\""));
    }
    Ok(answer.body(bytes))
}

/// Removes the blobs of receipts whose rows a write just deleted, however it deleted them (a
/// transaction, a transfer, an undone import, a user and with them their household, a member
/// leaving their books behind): after every successful DELETE under /api, and POST under
/// /api/household/, the queue the database filled is swept (one indexed statement when it is
/// empty). The scheduler sweeps too, for whatever a failed sweep left. Wraps /api.
pub async fn sweep_after_deletes(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let deletes =
        *req.method() == Method::DELETE || (*req.method() == Method::POST && req.path().starts_with("/api/household/"));
    let state = req.app_data::<web::Data<AppState>>().cloned();
    let res = next.call(req).await?.map_into_boxed_body();
    if deletes && res.status().is_success() {
        if let Some(state) = state {
            state.receipts.sweep().await;
        }
    }
    Ok(res)
}
