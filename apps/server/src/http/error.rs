//! One error type for every handler: a status and the spec's `{success:false, message}`, plus a
//! stable machine-readable `code` that clients switch on (the message is for people).

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use ports::auth::AuthError;
use ports::ledger::LedgerError;
use serde::Serialize;
use utoipa::ToSchema;

/// The body of every error answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorResponse {
    /// Always false.
    pub success: bool,
    /// What kind of error this is; stable, for programs to switch on.
    pub code: ErrorCode,
    /// What went wrong, in words a user can read.
    pub message: String,
}

impl ErrorResponse {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        Self { success: false, code, message: message.into() }
    }
}

/// The kinds of error answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// 400: the request is malformed or a value is invalid (the message says which).
    Validation,
    /// 401: no valid session, or wrong credentials.
    Unauthorised,
    /// 403: signed in, but not allowed to do this.
    Forbidden,
    /// 403: the account has been disabled by an administrator.
    AccountDisabled,
    /// 404: no such thing (or it belongs to someone else), or no such route.
    NotFound,
    /// 405: the route exists with other methods.
    MethodNotAllowed,
    /// 409: the change conflicts with what is stored.
    Conflict,
    /// 413: the request body is too large.
    TooLarge,
    /// 415: the request body is not JSON.
    UnsupportedMediaType,
    /// 429: too many attempts; wait (see Retry-After) and try again.
    RateLimited,
    /// 503: the server is at capacity for this kind of work; try again after Retry-After seconds.
    Busy,
    /// 503: a service the server needs (the database) is unavailable.
    Unavailable,
    /// 500: a fault on the server's side.
    Internal,
}

impl ErrorCode {
    /// The code of an answer with this status that no handler described further.
    pub fn for_status(status: StatusCode) -> Self {
        match status.as_u16() {
            401 => ErrorCode::Unauthorised,
            403 => ErrorCode::Forbidden,
            404 => ErrorCode::NotFound,
            405 => ErrorCode::MethodNotAllowed,
            409 => ErrorCode::Conflict,
            413 => ErrorCode::TooLarge,
            415 => ErrorCode::UnsupportedMediaType,
            429 => ErrorCode::RateLimited,
            503 => ErrorCode::Unavailable,
            s if s >= 500 => ErrorCode::Internal,
            _ => ErrorCode::Validation,
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("{0}")]
    BadRequest(String),
    #[error("{0}")]
    Unauthorized(String),
    #[error("{0}")]
    Forbidden(String),
    #[error("{0}")]
    AccountDisabled(String),
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    Conflict(String),
    #[error("{0}")]
    PayloadTooLarge(String),
    #[error("{0}")]
    UnsupportedMediaType(String),
    #[error("{0}")]
    TooManyRequests(String),
    #[error("{0}")]
    Unavailable(String),
    /// At capacity for this kind of work (e.g. password hashing): answered with Retry-After.
    #[error("{0}")]
    Busy(String),
    /// A real fault: logged with its cause chain, answered with a generic message.
    #[error("internal error")]
    Internal(#[source] anyhow::Error),
    /// A real fault whose answer names what failed (the cause is logged, not sent).
    #[error("{0}")]
    Failed(String, #[source] anyhow::Error),
}

pub const NOT_AUTHORISED: &str = "Not authorised. Please log in again.";
pub const INTERNAL: &str = "Something went wrong on our side. Please try again.";

/// Seconds a client is asked to wait after a 503 Busy, and after a 429.
const BUSY_RETRY_AFTER: u32 = 1;
const RATE_LIMITED_RETRY_AFTER: u32 = 60;

impl ApiError {
    pub fn code(&self) -> ErrorCode {
        match self {
            ApiError::BadRequest(_) => ErrorCode::Validation,
            ApiError::Unauthorized(_) => ErrorCode::Unauthorised,
            ApiError::Forbidden(_) => ErrorCode::Forbidden,
            ApiError::AccountDisabled(_) => ErrorCode::AccountDisabled,
            ApiError::NotFound(_) => ErrorCode::NotFound,
            ApiError::Conflict(_) => ErrorCode::Conflict,
            ApiError::PayloadTooLarge(_) => ErrorCode::TooLarge,
            ApiError::UnsupportedMediaType(_) => ErrorCode::UnsupportedMediaType,
            ApiError::TooManyRequests(_) => ErrorCode::RateLimited,
            ApiError::Unavailable(_) => ErrorCode::Unavailable,
            ApiError::Busy(_) => ErrorCode::Busy,
            ApiError::Internal(_) | ApiError::Failed(..) => ErrorCode::Internal,
        }
    }

    fn retry_after(&self) -> Option<u32> {
        match self {
            ApiError::Busy(_) => Some(BUSY_RETRY_AFTER),
            ApiError::TooManyRequests(_) => Some(RATE_LIMITED_RETRY_AFTER),
            _ => None,
        }
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        match self {
            ApiError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ApiError::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            ApiError::Forbidden(_) | ApiError::AccountDisabled(_) => StatusCode::FORBIDDEN,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::Conflict(_) => StatusCode::CONFLICT,
            ApiError::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::UnsupportedMediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiError::TooManyRequests(_) => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Unavailable(_) | ApiError::Busy(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Internal(_) | ApiError::Failed(..) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse {
        let message = match self {
            ApiError::Internal(cause) => {
                tracing::error!(error = ?cause, "request failed");
                INTERNAL.to_owned()
            }
            ApiError::Failed(message, cause) => {
                tracing::error!(error = ?cause, "{message}");
                message.clone()
            }
            other => other.to_string(),
        };
        let mut response = HttpResponse::build(self.status_code());
        if let Some(seconds) = self.retry_after() {
            response.insert_header((actix_web::http::header::RETRY_AFTER, seconds.to_string()));
        }
        response.json(ErrorResponse::new(self.code(), message))
    }
}

impl From<LedgerError> for ApiError {
    fn from(error: LedgerError) -> Self {
        let message = error.to_string();
        match error {
            LedgerError::Invalid(_) | LedgerError::TransferNotEditable => ApiError::BadRequest(message),
            LedgerError::NotFound(_) => ApiError::NotFound(message),
            LedgerError::Conflict(_) => ApiError::Conflict(message),
            LedgerError::Unexpected(cause) => ApiError::Internal(cause),
        }
    }
}

impl From<AuthError> for ApiError {
    fn from(error: AuthError) -> Self {
        let message = error.to_string();
        match error {
            AuthError::Invalid(_)
            | AuthError::InvalidVerificationLink
            | AuthError::InvalidResetLink
            | AuthError::WrongCurrentPassword => ApiError::BadRequest(message),
            AuthError::InvalidCredentials => ApiError::Unauthorized(message),
            AuthError::SessionInvalid => ApiError::Unauthorized(NOT_AUTHORISED.into()),
            AuthError::NotVerified => ApiError::Forbidden(message),
            AuthError::Disabled => ApiError::AccountDisabled(message),
            AuthError::Busy => ApiError::Busy(message),
            AuthError::EmailTaken => ApiError::Conflict(message),
            AuthError::Unexpected(cause) => ApiError::Internal(cause),
        }
    }
}
