//! One error type for every handler: a status and the spec's `{success:false, message}`.

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
    /// What went wrong, in words a user can read.
    pub message: String,
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
    /// A real fault: logged with its cause chain, answered with a generic message.
    #[error("internal error")]
    Internal(#[source] anyhow::Error),
    /// A real fault whose answer names what failed (the cause is logged, not sent).
    #[error("{0}")]
    Failed(String, #[source] anyhow::Error),
}

pub const NOT_AUTHORISED: &str = "Not authorised. Please log in again.";
pub const INTERNAL: &str = "Something went wrong on our side. Please try again.";

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        match self {
            ApiError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ApiError::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            ApiError::Forbidden(_) => StatusCode::FORBIDDEN,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::Conflict(_) => StatusCode::CONFLICT,
            ApiError::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::UnsupportedMediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiError::TooManyRequests(_) => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
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
        HttpResponse::build(self.status_code()).json(ErrorResponse { success: false, message })
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
            AuthError::NotVerified | AuthError::Disabled => ApiError::Forbidden(message),
            AuthError::EmailTaken => ApiError::Conflict(message),
            AuthError::Unexpected(cause) => ApiError::Internal(cause),
        }
    }
}
