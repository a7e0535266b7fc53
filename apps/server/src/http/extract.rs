//! Request extractors: the signed-in user, and JSON bodies whose errors speak our envelope.

use std::future::Future;
use std::pin::Pin;

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::error::{JsonPayloadError, PathError, QueryPayloadError};
use actix_web::http::header::{self, HeaderMap};
use actix_web::http::Method;
use actix_web::middleware::Next;
use actix_web::{web, FromRequest, HttpMessage, HttpRequest};
use domain::households::HouseholdRole;
use domain::{Scope, User};

use super::error::{ApiError, ErrorCode, NOT_AUTHORISED};
use crate::AppState;

/// The user behind a valid bearer token, with their household: `scope` is whose books the
/// request reads and writes. Missing, malformed, expired or revoked tokens are 401; a disabled
/// user is 403 with 'disabled' in the message. A viewer's writes to the household's data never
/// reach a handler (`viewers_read_only`).
#[derive(Clone)]
pub struct CurrentUser {
    pub person: User,
    pub scope: Scope,
    pub role: HouseholdRole,
}

impl CurrentUser {
    /// The signed-in user of a request with these headers, and their household.
    async fn of(state: &AppState, headers: &HeaderMap) -> Result<Self, ApiError> {
        let token = headers
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer ").or_else(|| v.strip_prefix("bearer ")))
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .ok_or_else(|| ApiError::unauthorised(NOT_AUTHORISED.into()))?;
        let person = state.auth.authenticate(token).await?;
        let (household, role) = state.households.membership(person.id).await?;
        Ok(CurrentUser { scope: Scope { household, member: person.id }, person, role })
    }
}

impl FromRequest for CurrentUser {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        // Read once per request: `viewers_read_only` may have done it already.
        let known = req.extensions().get::<CurrentUser>().cloned();
        let state = req.app_data::<web::Data<AppState>>().cloned();
        let headers = req.headers().clone();
        Box::pin(async move {
            if let Some(user) = known {
                return Ok(user);
            }
            let state = state.ok_or_else(|| ApiError::internal(anyhow::anyhow!("app state missing")))?;
            CurrentUser::of(&state, &headers).await
        })
    }
}

/// Writes that are not the household's data: a person's own (profile, password, sessions,
/// tokens), user management, and the household's routes, which check roles themselves (the
/// owner manages; anyone leaves or accepts an invitation).
const NOT_DATA: [&str; 4] = ["/api/auth/", "/api/tokens", "/api/users", "/api/household"];

/// Refuses a viewer's every write to the household's data, 403 `read_only`, before anything of
/// the request is read (so a malformed body or an unknown id tells them no more). Wraps /api.
pub async fn viewers_read_only(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let reads = matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    let signed_in = req.headers().contains_key(header::AUTHORIZATION);
    if !reads && signed_in && !NOT_DATA.iter().any(|p| req.path().starts_with(p)) {
        if let Some(state) = req.app_data::<web::Data<AppState>>().cloned() {
            // A token that does not sign in is left to the handler, which answers it.
            if let Ok(user) = CurrentUser::of(&state, req.headers()).await {
                if !user.role.writes() {
                    let refused = ApiError::new(ErrorCode::ReadOnly, "Viewers cannot make changes".into());
                    return Ok(req.error_response(refused));
                }
                req.extensions_mut().insert(user);
            }
        }
    }
    Ok(next.call(req).await?.map_into_boxed_body())
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
