//! Personal access tokens: a member's own bearer credentials for scripts and the /docs page.
//! Made, listed and revoked only by a password sign-in (`extract::judge`).

use actix_web::{delete, get, post, web};
use chrono::{DateTime, Utc};
use ports::tokens::{PersonalToken, TokenRequest};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::http::error::{ApiError, ErrorResponse};
use crate::http::extract::CurrentUser;
use crate::http::wire::{path_id, Created, Envelope, MessageResponse};
use crate::AppState;

pub fn config(cfg: &mut ServiceConfig) {
    cfg.service(list).service(create).service(revoke);
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TokenDto {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    /// `read` (GET only) or `write`.
    #[schema(example = "read")]
    pub scope: String,
    pub created_at: DateTime<Utc>,
    /// Null: never expires.
    pub expires_at: Option<DateTime<Utc>>,
    /// Noted at most once a minute.
    pub last_used_at: Option<DateTime<Utc>>,
}

impl From<&PersonalToken> for TokenDto {
    fn from(t: &PersonalToken) -> Self {
        Self {
            id: t.id.to_string(),
            name: t.name.clone(),
            scope: t.scope.as_str().into(),
            created_at: t.created_at,
            expires_at: t.expires_at,
            last_used_at: t.last_used_at,
        }
    }
}

/// A new token with its secret, which is shown this once and never again.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreatedTokenDto {
    #[serde(flatten)]
    pub details: TokenDto,
    /// `msp_` and 64 hex characters: send it as `Authorization: Bearer msp_…`.
    pub token: String,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TokenBody {
    /// 1 to 50 characters (trimmed).
    #[schema(example = "Spreadsheet", min_length = 1, max_length = 50)]
    pub name: Option<String>,
    /// `read` or `write`.
    #[schema(example = "read", pattern = "^(read|write)$")]
    pub scope: Option<String>,
    /// Optional, in the future: an instant (RFC 3339) or a day (`YYYY-MM-DD`, valid to the end
    /// of that day in London).
    #[schema(example = "2027-01-31")]
    pub expires_at: Option<String>,
}

/// The member's personal access tokens, newest first (never their secrets).
#[utoipa::path(operation_id = "tokenList", tag = "tokens", security(("bearer" = [])),
    responses((status = 200, body = Envelope<Vec<TokenDto>>), (status = 401, body = ErrorResponse)))]
#[get("/tokens")]
pub async fn list(state: web::Data<AppState>, user: CurrentUser) -> Result<Envelope<Vec<TokenDto>>, ApiError> {
    let tokens = state.tokens.list(user.person.id).await?;
    Ok(Envelope::ok(tokens.iter().map(TokenDto::from).collect()))
}

/// Makes a personal access token. Its secret is in this answer only; the server keeps a digest.
/// Needs a password sign-in: a token cannot make tokens (403).
#[utoipa::path(operation_id = "tokenCreate", tag = "tokens", security(("bearer" = [])), request_body = TokenBody,
    responses((status = 201, body = Envelope<CreatedTokenDto>), (status = 400, body = ErrorResponse),
        (status = 401, body = ErrorResponse), (status = 403, body = ErrorResponse)))]
#[post("/tokens")]
pub async fn create(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<TokenBody>,
) -> Result<Created<Envelope<CreatedTokenDto>>, ApiError> {
    let b = body.into_inner();
    let request = TokenRequest { name: b.name, scope: b.scope, expires_at: b.expires_at };
    let created = state.tokens.create(user.person.id, request).await?;
    let dto = CreatedTokenDto { details: (&created.token).into(), token: created.secret };
    Ok(Created(Envelope::with_message(dto, "Token created. Copy it now: it will not be shown again.")))
}

/// Revokes one of the member's tokens: it answers 401 from then on. Another member's id is 404.
#[utoipa::path(operation_id = "tokenRevoke", tag = "tokens", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 200, body = MessageResponse), (status = 401, body = ErrorResponse),
        (status = 403, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
#[delete("/tokens/{id}")]
pub async fn revoke(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<String>,
) -> Result<MessageResponse, ApiError> {
    state.tokens.revoke(user.person.id, path_id(&id, "Token")?).await?;
    Ok(MessageResponse::ok("Token revoked"))
}
