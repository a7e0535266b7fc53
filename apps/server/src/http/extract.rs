//! Request extractors: the signed-in user, and JSON bodies whose errors speak our envelope.

use std::future::Future;
use std::pin::Pin;

use actix_web::dev::Payload;
use actix_web::error::{JsonPayloadError, PathError, QueryPayloadError};
use actix_web::http::Method;
use actix_web::{web, FromRequest, HttpRequest};
use domain::households::HouseholdRole;
use domain::{Scope, User};

use super::error::{ApiError, ErrorCode, NOT_AUTHORISED};
use crate::AppState;

/// The user behind a valid bearer token, with their household: `scope` is whose books the
/// request reads and writes. Missing, malformed, expired or revoked tokens are 401; a disabled
/// user is 403 with 'disabled' in the message; a viewer's write to the household's data is 403
/// `read_only` before any handler runs.
pub struct CurrentUser {
    pub person: User,
    pub scope: Scope,
    pub role: HouseholdRole,
}

/// Writes that are not the household's data: a person's own (profile, password, sessions,
/// tokens), user management, and the household's routes, which check roles themselves (the
/// owner manages; anyone leaves or accepts an invitation).
const NOT_DATA: [&str; 4] = ["/api/auth/", "/api/tokens", "/api/users", "/api/household"];

/// Whether a viewer's request is refused: every write to the household's data.
fn refused_to_viewer(method: &Method, path: &str) -> bool {
    let reads = matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS);
    !reads && !NOT_DATA.iter().any(|p| path.starts_with(p))
}

impl FromRequest for CurrentUser {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let state = req.app_data::<web::Data<AppState>>().cloned();
        let token = req
            .headers()
            .get(actix_web::http::header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer ").or_else(|| v.strip_prefix("bearer ")))
            .map(|t| t.trim().to_owned());
        let (method, path) = (req.method().clone(), req.path().to_owned());
        Box::pin(async move {
            let state = state.ok_or_else(|| ApiError::internal(anyhow::anyhow!("app state missing")))?;
            let token = token.filter(|t| !t.is_empty()).ok_or_else(|| ApiError::unauthorised(NOT_AUTHORISED.into()))?;
            let person = state.auth.authenticate(&token).await?;
            let (household, role) = state.households.membership(person.id).await?;
            if !role.writes() && refused_to_viewer(&method, &path) {
                return Err(ApiError::new(ErrorCode::ReadOnly, "Viewers cannot make changes".into()));
            }
            Ok(CurrentUser { scope: Scope { household, member: person.id }, person, role })
        })
    }
}

/// Largest JSON body accepted (the avatar-free forms of this product are far smaller).
pub const JSON_LIMIT: usize = 64 * 1024;

pub fn json_config() -> web::JsonConfig {
    web::JsonConfig::default().limit(JSON_LIMIT).error_handler(|err, _req| json_error(err).into())
}

fn json_error(err: JsonPayloadError) -> ApiError {
    match err {
        JsonPayloadError::Overflow { .. } | JsonPayloadError::OverflowKnownLength { .. } => {
            ApiError::new(ErrorCode::TooLarge, "Request body is too large".into())
        }
        JsonPayloadError::ContentType => {
            ApiError::new(ErrorCode::UnsupportedMediaType, "Content-Type must be application/json".into())
        }
        JsonPayloadError::Deserialize(e) if e.is_data() => ApiError::validation(format!("Invalid request body: {e}")),
        JsonPayloadError::Deserialize(_) => ApiError::validation("Malformed JSON in request body".into()),
        other => ApiError::validation(format!("Invalid request body: {other}")),
    }
}

pub fn query_config() -> web::QueryConfig {
    web::QueryConfig::default().error_handler(|err: QueryPayloadError, _req| {
        ApiError::validation(format!("Invalid query string: {err}")).into()
    })
}

pub fn path_config() -> web::PathConfig {
    web::PathConfig::default()
        .error_handler(|err: PathError, _req| ApiError::validation(format!("Invalid path: {err}")).into())
}
