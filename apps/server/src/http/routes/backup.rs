//! A whole user's data out (GET /backup) and back in (POST /restore).

use actix_web::{get, post, web, HttpRequest, HttpResponse};
use ports::backup::{RestoreCounts, MAX_BACKUP_FILE_BYTES};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::http::error::{ApiError, ErrorResponse};
use crate::http::extract::CurrentUser;
use crate::http::multipart::{read_upload, refuse_declared_beyond};
use crate::http::wire::Confirmed;
use crate::AppState;

pub fn config(cfg: &mut ServiceConfig) {
    cfg.service(backup).service(restore);
}

const TOO_BIG: &str = "A backup must be 256 MB or smaller";
const NO_FILE: &str = "Please choose a backup file to restore";

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct BackupQuery {
    /// `true`: a zip of the backup (`backup.json`) and the item photos (`photos/<name>.jpg`).
    images: Option<bool>,
}

/// Every account, category, transaction, transfer, budget, snapshot, recurring template, goal,
/// contribution, inventory item, shopping-list entry, rule and import record of the user, as
/// one versioned JSON file (`app`, `version`, `schema`, `exportedAt`, `tables`); with
/// `images=true`, a zip of that file and the item photos.
#[utoipa::path(operation_id = "backupDownload", tag = "backup", security(("bearer" = [])), params(BackupQuery),
    responses((status = 200, description = "The backup file: JSON, or with images=true a zip of it and the photos",
               content((Object = "application/json"), (Vec<u8> = "application/zip"))),
              (status = 503, body = ErrorResponse)))]
#[get("/backup")]
pub async fn backup(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<BackupQuery>,
) -> Result<HttpResponse, ApiError> {
    use futures_util::StreamExt;
    let zipped = query.images == Some(true);
    let mut chunks = if zipped {
        state.backups.export_with_photos(user.scope).await?
    } else {
        state.backups.export(user.scope).await?
    };
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
    let (content_type, ext) = if zipped { ("application/zip", "zip") } else { ("application/json", "json") };
    Ok(crate::http::wire::download(content_type, "backup", ext).streaming(body))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RestoreCountsDto {
    pub accounts: i64,
    pub categories: i64,
    pub transactions: i64,
    pub budgets: i64,
    pub recurring: i64,
    pub goals: i64,
    pub inventory: i64,
    pub rules: i64,
    /// Item photos restored.
    pub photos: i64,
    /// Item photos the backup named but did not hold (and this server did not have).
    pub photos_missing: i64,
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
            photos: c.photos,
            photos_missing: c.photos_missing,
        }
    }
}

/// The multipart form of a restore, for the API document.
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct RestoreForm {
    /// A backup file made by GET /backup (JSON, or the zip with photos), at most 256 MB.
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
}

/// Rebuilds the user's data from a backup, exactly; only into a user with no accounts,
/// transactions, goals or inventory yet (409 otherwise). Nothing is merged. A zip's photos
/// are checked and stored like uploads.
#[utoipa::path(operation_id = "backupRestore", tag = "backup", security(("bearer" = [])),
    request_body(content = RestoreForm, content_type = "multipart/form-data"),
    responses((status = 200, body = Confirmed<RestoreCountsDto>), (status = 400, body = ErrorResponse), (status = 409, body = ErrorResponse),
              (status = 413, body = ErrorResponse), (status = 503, body = ErrorResponse)))]
#[post("/restore")]
pub async fn restore(
    state: web::Data<AppState>,
    user: CurrentUser,
    req: HttpRequest,
    form: actix_multipart::Multipart,
) -> Result<Confirmed<RestoreCountsDto>, ApiError> {
    refuse_declared_beyond(&req, MAX_BACKUP_FILE_BYTES, TOO_BIG)?;
    let ticket = state.backups.begin_restore()?;
    let upload = read_upload(form, "file", MAX_BACKUP_FILE_BYTES, TOO_BIG).await?;
    let file = upload.file.filter(|f| !f.bytes.is_empty()).ok_or_else(|| ApiError::validation(NO_FILE.into()))?;
    let file = state.backups.read_file(file.bytes).await?;
    if crate::http::text::may_hold_nul(&file.document) {
        return Err(ApiError::validation(crate::http::text::nul_message("A backup")));
    }
    let counts = state.backups.restore(&ticket, user.scope, file).await?;
    Ok(Confirmed::new(counts.into(), "Backup restored"))
}
