//! Reading a multipart upload: one file field, refused as soon as it passes its limit (the
//! body is never held whole beyond it), and small text fields beside it.

use std::collections::HashMap;

use actix_web::HttpRequest;
use futures_util::StreamExt;

use crate::http::error::{ApiError, ErrorCode};

/// The longest text field kept (an id, a name); longer ones are refused.
const TEXT_FIELD_MAX: usize = 1024;
/// Multipart framing and text fields a body may carry beyond its file.
const FRAMING_ALLOWANCE: usize = 64 * 1024;

/// An uploaded file.
pub struct UploadedFile {
    /// The name the browser gave, without any folder ('' when none).
    pub name: String,
    pub bytes: Vec<u8>,
}

/// A multipart form's file (when sent) and its text fields.
pub struct Upload {
    pub file: Option<UploadedFile>,
    pub fields: HashMap<String, String>,
}

/// Refuses a body whose declared length is far beyond the file's limit before reading any of it.
pub fn refuse_declared_beyond(req: &HttpRequest, limit: usize, too_big: &str) -> Result<(), ApiError> {
    let declared = req
        .headers()
        .get(actix_web::http::header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<usize>().ok());
    if declared.is_some_and(|n| n > limit + FRAMING_ALLOWANCE) {
        return Err(ApiError::new(ErrorCode::TooLarge, too_big.to_owned()));
    }
    Ok(())
}

fn base_name(raw: &str) -> String {
    raw.rsplit(['/', '\\']).next().unwrap_or_default().chars().filter(|c| !c.is_control()).take(255).collect()
}

/// Reads the form: the field `file_field` as the file (at most `limit` bytes, else 413 with
/// `too_big`; control characters, NULs among them, are dropped from its name), every other
/// field as text (at most 1 KiB each; 400 when it holds a NUL).
pub async fn read_upload(
    mut form: actix_multipart::Multipart,
    file_field: &str,
    limit: usize,
    too_big: &str,
) -> Result<Upload, ApiError> {
    let malformed = || ApiError::validation("The upload is not a valid multipart form".into());
    let mut upload = Upload { file: None, fields: HashMap::new() };
    while let Some(field) = form.next().await {
        let mut field = field.map_err(|_| malformed())?;
        let name = field.name().unwrap_or_default().to_owned();
        if name == file_field && upload.file.is_none() {
            let file_name =
                field.content_disposition().and_then(|d| d.get_filename()).map(base_name).unwrap_or_default();
            let mut bytes = Vec::new();
            while let Some(chunk) = field.next().await {
                let chunk = chunk.map_err(|_| malformed())?;
                if bytes.len() + chunk.len() > limit {
                    return Err(ApiError::new(ErrorCode::TooLarge, too_big.to_owned()));
                }
                bytes.extend_from_slice(&chunk);
            }
            upload.file = Some(UploadedFile { name: file_name, bytes });
            continue;
        }
        let mut text = Vec::new();
        while let Some(chunk) = field.next().await {
            let chunk = chunk.map_err(|_| malformed())?;
            if text.len() + chunk.len() > TEXT_FIELD_MAX {
                return Err(ApiError::validation(format!("The form field '{}' is too long", base_name(&name))));
            }
            text.extend_from_slice(&chunk);
        }
        if let Ok(text) = String::from_utf8(text) {
            if text.contains('\0') || name.contains('\0') {
                let what = format!("The form field '{}'", base_name(&name));
                return Err(ApiError::validation(crate::http::text::nul_message(&what)));
            }
            upload.fields.insert(name, text);
        }
    }
    Ok(upload)
}
