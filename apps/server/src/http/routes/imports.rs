//! Statement imports: upload and preview, preview again with a mapping, commit, undo, list.

use actix_web::{delete, get, post, web, HttpRequest};
use chrono::{DateTime, NaiveDate, Utc};
use domain::accounts::AccountId;
use ports::imports::{date_format, with_date_format, CommitOutcome, ImportPreview, StoredImport};
use ports::statements::{ColumnMapping, MAX_BYTES};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::http::error::{ApiError, ErrorResponse};
use crate::http::extract::CurrentUser;
use crate::http::multipart::{read_upload, refuse_declared_beyond};
use crate::http::wire::{path_id, Confirmed, Envelope, Pounds};
use crate::http::words;
use crate::AppState;

pub fn config(cfg: &mut ServiceConfig) {
    cfg.service(list).service(upload).service(preview).service(commit).service(undo);
}

const FILE_TOO_BIG: &str = "A statement must be 10 MB or smaller";
const NO_FILE: &str = "Please choose a statement file to import";

/// Which CSV columns hold what: header texts exactly as in the file.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
pub struct MappingDto {
    pub date: String,
    pub description: String,
    /// Signed amounts (money out negative unless `negate`); or give paidIn and paidOut.
    pub amount: Option<String>,
    pub paid_in: Option<String>,
    pub paid_out: Option<String>,
    pub balance: Option<String>,
    pub category: Option<String>,
    pub notes: Option<String>,
    /// The bank's id of each row.
    pub id: Option<String>,
    /// True when money out is positive in the amount column.
    #[serde(default)]
    pub negate: bool,
    /// dd/MM/yyyy, MM/dd/yyyy, yyyy-MM-dd or dd-MMM-yyyy; null to detect.
    #[schema(value_type = Option<words::DateLayout>)]
    pub date_format: Option<String>,
}

impl From<&ColumnMapping> for MappingDto {
    fn from(m: &ColumnMapping) -> Self {
        Self {
            date: m.date.clone(),
            description: m.description.clone(),
            amount: m.amount.clone(),
            paid_in: m.paid_in.clone(),
            paid_out: m.paid_out.clone(),
            balance: m.balance.clone(),
            category: m.category.clone(),
            notes: m.notes.clone(),
            id: m.id.clone(),
            negate: m.negate,
            date_format: m.date_format.map(|f| f.as_str().to_owned()),
        }
    }
}

fn blank_to_none(v: Option<String>) -> Option<String> {
    v.filter(|s| !s.trim().is_empty())
}

impl MappingDto {
    fn into_mapping(self) -> Result<ColumnMapping, ApiError> {
        let date_format = date_format(self.date_format.as_deref())?;
        if self.date.trim().is_empty() {
            return Err(ApiError::validation("Choose the date column".into()));
        }
        if self.description.trim().is_empty() {
            return Err(ApiError::validation("Choose the description column".into()));
        }
        Ok(ColumnMapping {
            date: self.date,
            description: self.description,
            amount: blank_to_none(self.amount),
            paid_in: blank_to_none(self.paid_in),
            paid_out: blank_to_none(self.paid_out),
            balance: blank_to_none(self.balance),
            category: blank_to_none(self.category),
            notes: blank_to_none(self.notes),
            id: blank_to_none(self.id),
            negate: self.negate,
            date_format,
        })
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PreviewRowDto {
    /// The file's line the row starts on.
    pub line: u32,
    #[schema(value_type = String, example = "2026-03-14")]
    pub date: NaiveDate,
    pub description: String,
    /// Signed like the ledger: money out negative.
    pub amount: Pounds,
    /// income or expense.
    #[serde(rename = "type")]
    #[schema(value_type = words::EntryKind)]
    pub transaction_type: String,
    /// The category it would get (rules first, then the bank's own category).
    pub category: String,
    /// True when the account already has it: it will not be imported.
    pub duplicate: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RowErrorDto {
    pub line: u32,
    pub message: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportPreviewDto {
    pub import_id: String,
    pub file_name: String,
    /// csv, ofx or qif.
    #[schema(value_type = words::StatementKind)]
    pub format: String,
    /// The bank whose layout was recognised ('monzo', 'starling', …), 'generic', 'ofx' or 'qif'.
    pub preset: String,
    /// CSV: the header row's columns.
    pub columns: Vec<String>,
    /// CSV: the mapping used.
    pub mapping: Option<MappingDto>,
    /// CSV: no bank's layout matched; the mapping is a guess to confirm.
    pub needs_mapping: bool,
    pub rows: Vec<PreviewRowDto>,
    pub new_count: i64,
    pub duplicate_count: i64,
    /// Rows that could not be read; they are left out.
    pub errors: Vec<RowErrorDto>,
}

impl From<ImportPreview> for ImportPreviewDto {
    fn from(p: ImportPreview) -> Self {
        Self {
            import_id: p.import.id.to_string(),
            file_name: p.import.file_name,
            format: p.import.format.as_str().to_owned(),
            preset: p.import.preset,
            columns: p.columns,
            mapping: p.mapping.as_ref().map(Into::into),
            needs_mapping: p.needs_mapping,
            rows: p
                .rows
                .into_iter()
                .map(|r| PreviewRowDto {
                    line: r.line,
                    date: r.date,
                    description: r.description,
                    amount: r.amount.into(),
                    transaction_type: r.transaction_type.as_str().to_owned(),
                    category: r.category,
                    duplicate: r.duplicate,
                })
                .collect(),
            new_count: p.new_count,
            duplicate_count: p.duplicate_count,
            errors: p.problems.into_iter().map(|e| RowErrorDto { line: e.line, message: e.message }).collect(),
        }
    }
}

/// The multipart form of an import, for the API document.
#[derive(ToSchema)]
#[allow(dead_code)]
#[serde(rename_all = "camelCase")]
pub struct ImportForm {
    /// A CSV, OFX, QFX or QIF statement of at most 10 MB.
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
    /// The account to count duplicates against.
    account_id: Option<String>,
}

fn account_id(raw: Option<&str>) -> Result<Option<AccountId>, ApiError> {
    match raw.map(str::trim).filter(|r| !r.is_empty()) {
        None => Ok(None),
        Some(raw) => Ok(Some(AccountId(path_id(raw, "Account")?))),
    }
}

/// Reads a statement without writing anything to the ledger: every row as it would be stored,
/// which are already in the account, and the rows that could not be read.
#[utoipa::path(operation_id = "importUpload", tag = "imports", security(("bearer" = [])),
    request_body(content = ImportForm, content_type = "multipart/form-data"),
    responses((status = 200, body = Envelope<ImportPreviewDto>), (status = 400, body = ErrorResponse),
              (status = 404, body = ErrorResponse), (status = 413, body = ErrorResponse), (status = 503, body = ErrorResponse)))]
#[post("/imports")]
pub async fn upload(
    state: web::Data<AppState>,
    user: CurrentUser,
    req: HttpRequest,
    form: actix_multipart::Multipart,
) -> Result<Envelope<ImportPreviewDto>, ApiError> {
    refuse_declared_beyond(&req, MAX_BYTES, FILE_TOO_BIG)?;
    let upload = read_upload(form, "file", MAX_BYTES, FILE_TOO_BIG).await?;
    let account = account_id(upload.fields.get("accountId").map(String::as_str))?;
    let file = upload.file.ok_or_else(|| ApiError::validation(NO_FILE.into()))?;
    let name = if file.name.is_empty() { "statement".to_owned() } else { file.name };
    let read = state.imports.upload(user.scope, name, file.bytes, account).await?;
    Ok(Envelope::ok(read.into()))
}

#[derive(Debug, Deserialize, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
pub struct PreviewBody {
    pub account_id: Option<String>,
    pub mapping: Option<MappingDto>,
    /// Overrides the mapping's date format.
    pub date_format: Option<String>,
}

fn mapping_of(mapping: Option<MappingDto>, date_format: Option<&str>) -> Result<Option<ColumnMapping>, ApiError> {
    let mapping = mapping.map(MappingDto::into_mapping).transpose()?;
    Ok(with_date_format(mapping, date_format)?)
}

/// Reads a preview's file again: with a confirmed mapping, or against another account.
#[utoipa::path(operation_id = "importPreview", tag = "imports", security(("bearer" = [])), request_body = PreviewBody,
    params(("importId" = String, Path)),
    responses((status = 200, body = Envelope<ImportPreviewDto>), (status = 400, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
#[post("/imports/{importId}/preview")]
pub async fn preview(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<String>,
    body: web::Json<PreviewBody>,
) -> Result<Envelope<ImportPreviewDto>, ApiError> {
    let id = path_id(&id, "Import")?;
    let body = body.into_inner();
    let account = account_id(body.account_id.as_deref())?;
    let mapping = mapping_of(body.mapping, body.date_format.as_deref())?;
    let read = state.imports.preview(user.scope, id, account, mapping).await?;
    Ok(Envelope::ok(read.into()))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CommitDto {
    pub added: i64,
    pub duplicates: i64,
    pub import_id: String,
}

impl From<CommitOutcome> for CommitDto {
    fn from(o: CommitOutcome) -> Self {
        Self { added: o.added, duplicates: o.duplicates, import_id: o.import_id.to_string() }
    }
}

/// Writes the preview's new rows into the account in one database transaction (rows already
/// there and rows that could not be read are left out). Committing again adds nothing.
#[utoipa::path(operation_id = "importCommit", tag = "imports", security(("bearer" = [])), request_body = PreviewBody,
    params(("importId" = String, Path)),
    responses((status = 200, body = Confirmed<CommitDto>), (status = 400, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
#[post("/imports/{importId}/commit")]
pub async fn commit(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<String>,
    body: web::Json<PreviewBody>,
) -> Result<Confirmed<CommitDto>, ApiError> {
    let id = path_id(&id, "Import")?;
    let body = body.into_inner();
    let account = account_id(body.account_id.as_deref())?;
    let mapping = mapping_of(body.mapping, body.date_format.as_deref())?;
    let outcome = state.imports.commit(user.scope, id, account, mapping).await?;
    let message = format!("{} added, {} already there", outcome.added, outcome.duplicates);
    Ok(Confirmed::new(outcome.into(), message))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UndoDto {
    /// How many transactions were removed.
    pub removed: i64,
}

/// Undoes an import: exactly its transactions go, and balances are as they were before it.
#[utoipa::path(operation_id = "importUndo", tag = "imports", security(("bearer" = [])), params(("importId" = String, Path)),
    responses((status = 200, body = Confirmed<UndoDto>), (status = 404, body = ErrorResponse)))]
#[delete("/imports/{importId}")]
pub async fn undo(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<String>,
) -> Result<Confirmed<UndoDto>, ApiError> {
    let removed = state.imports.undo(user.scope, path_id(&id, "Import")?).await?;
    Ok(Confirmed::new(UndoDto { removed }, "Import undone"))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportDto {
    pub import_id: String,
    pub file_name: String,
    pub account_id: Option<String>,
    #[schema(value_type = words::StatementKind)]
    pub format: String,
    pub preset: String,
    pub added: i64,
    pub duplicates: i64,
    pub created_at: DateTime<Utc>,
}

impl From<StoredImport> for ImportDto {
    fn from(i: StoredImport) -> Self {
        Self {
            import_id: i.id.to_string(),
            file_name: i.file_name,
            account_id: i.account_id.map(|a| a.0.to_string()),
            format: i.format.as_str().to_owned(),
            preset: i.preset,
            added: i.added,
            duplicates: i.duplicates,
            created_at: i.committed_at.unwrap_or(i.created_at),
        }
    }
}

/// Committed imports, newest first.
#[utoipa::path(operation_id = "importList", tag = "imports", security(("bearer" = [])),
    responses((status = 200, body = Envelope<Vec<ImportDto>>)))]
#[get("/imports")]
pub async fn list(state: web::Data<AppState>, user: CurrentUser) -> Result<Envelope<Vec<ImportDto>>, ApiError> {
    let imports = state.imports.list(user.scope).await?;
    Ok(Envelope::ok(imports.into_iter().map(Into::into).collect()))
}
