//! A whole user's data out (GET /backup) and back in (POST /restore).

use actix_web::{get, post, web, HttpRequest, HttpResponse};
use ports::backup::{RestoreCounts, MAX_BACKUP_BYTES};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::http::error::{ApiError, ErrorResponse};
use crate::http::extract::CurrentUser;
use crate::http::multipart::{read_upload, refuse_declared_beyond};
use crate::AppState;

pub fn config(cfg: &mut ServiceConfig) {
    cfg.service(backup).service(restore);
}

const TOO_BIG: &str = "A backup must be 64 MB or smaller";
const NO_FILE: &str = "Please choose a backup file to restore";

/// Every account, category, transaction, transfer, budget, snapshot, recurring template, goal,
/// contribution, inventory item, shopping-list entry, rule and import record of the user, as
/// one versioned JSON file (`app`, `version`, `schema`, `exportedAt`, `tables`).
#[utoipa::path(operation_id = "backupDownload", tag = "backup", security(("bearer" = [])),
    responses((status = 200, description = "The backup file", content_type = "application/json", body = Object)))]
#[get("/backup")]
pub async fn backup(state: web::Data<AppState>, user: CurrentUser) -> Result<HttpResponse, ApiError> {
    use futures_util::StreamExt;
    let mut chunks = state.backups.export(user.0.id).await?;
    // The first piece is read before the answer starts, so a failing read is an error answer.
    let first = match chunks.next_chunk().await {
        Some(Ok(piece)) => piece,
        Some(Err(e)) => return Err(ApiError::internal(anyhow::Error::new(e))),
        None => Vec::new(),
    };
    let rest = futures_util::stream::unfold(chunks, |mut chunks| async move {
        let piece = chunks.next_chunk().await?;
        let piece = piece.map(web::Bytes::from).map_err(|e| {
            tracing::error!(error = %e, "a backup stopped part way");
            actix_web::error::ErrorInternalServerError("backup failed")
        });
        Some((piece, chunks))
    });
    let body =
        futures_util::stream::once(async move { Ok::<_, actix_web::Error>(web::Bytes::from(first)) }).chain(rest);
    Ok(crate::http::wire::download("application/json", "backup", "json").streaming(body))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RestoreCountsDto {
    pub accounts: i64,
    pub categories: i64,
    pub transactions: i64,
    pub budgets: i64,
    pub recurring: i64,
    pub goals: i64,
    pub inventory: i64,
    pub rules: i64,
}

impl From<RestoreCounts> for RestoreCountsDto {
    fn from(c: RestoreCounts) -> Self {
        Self {
            accounts: c.accounts,
            categories: c.categories,
            transactions: c.transactions,
            budgets: c.budgets,
            recurring: c.recurring,
            goals: c.goals,
            inventory: c.inventory,
            rules: c.rules,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RestoreResponse {
    pub success: bool,
    pub data: RestoreCountsDto,
    pub message: String,
}

/// The multipart form of a restore, for the API document.
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct RestoreForm {
    /// A backup file made by GET /backup, at most 64 MB.
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
}

/// Rebuilds the user's data from a backup, exactly; only into a user with no accounts,
/// transactions, goals or inventory yet (409 otherwise). Nothing is merged.
#[utoipa::path(operation_id = "backupRestore", tag = "backup", security(("bearer" = [])),
    request_body(content = RestoreForm, content_type = "multipart/form-data"),
    responses((status = 200, body = RestoreResponse), (status = 400, body = ErrorResponse), (status = 409, body = ErrorResponse),
              (status = 413, body = ErrorResponse), (status = 503, body = ErrorResponse)))]
#[post("/restore")]
pub async fn restore(
    state: web::Data<AppState>,
    user: CurrentUser,
    req: HttpRequest,
    form: actix_multipart::Multipart,
) -> Result<HttpResponse, ApiError> {
    refuse_declared_beyond(&req, MAX_BACKUP_BYTES, TOO_BIG)?;
    let upload = read_upload(form, "file", MAX_BACKUP_BYTES, TOO_BIG).await?;
    let file = upload.file.filter(|f| !f.bytes.is_empty()).ok_or_else(|| ApiError::validation(NO_FILE.into()))?;
    let counts = state.backups.restore(user.0.id, file.bytes).await?;
    Ok(HttpResponse::Ok().json(RestoreResponse {
        success: true,
        data: counts.into(),
        message: "Backup restored".into(),
    }))
}
