//! One error type for every handler: a status and the spec's `{success:false, message}`, plus a
//! stable machine-readable `code` that clients switch on (the message is for people).

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use domain::admin::AdminRefusal;
use ports::admin::AdminError;
use ports::auth::AuthError;
use ports::backup::BackupError;
use ports::banking::BankingError;
use ports::budgets::BudgetError;
use ports::goals::GoalError;
use ports::households::HouseholdError;
use ports::imports::ImportError;
use ports::inventory::InventoryError;
use ports::ledger::LedgerError;
use ports::receipts::ReceiptError;
use ports::recurring::RecurringError;
use ports::reports::ReportError;
use ports::rules::RuleError;
use ports::tags::TagError;
use ports::tokens::TokenError;
use ports::RepoError;
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
    /// 403: a household's viewer asked to change its data.
    ReadOnly,
    /// 404: no such thing (or it belongs to someone else), or no such route.
    NotFound,
    /// 405: the route exists with other methods.
    MethodNotAllowed,
    /// 409: the change conflicts with what is stored.
    Conflict,
    /// 409: the user is in a household with others and must leave it before joining another.
    InHousehold,
    /// 409: the user has data of their own and must say whether to bring it or leave it behind.
    HasOwnData,
    /// 410: the invitation was used, revoked or has expired.
    Gone,
    /// 413: the request body is too large.
    TooLarge,
    /// 422: the Idempotency-Key was already used for a different request.
    IdempotencyMismatch,
    /// 415: the request body is not JSON.
    UnsupportedMediaType,
    /// 429: too many attempts; wait (see Retry-After) and try again.
    RateLimited,
    /// 502: an outside service the request needed (the bank provider) failed or timed out.
    BadGateway,
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
            410 => ErrorCode::Gone,
            413 => ErrorCode::TooLarge,
            422 => ErrorCode::IdempotencyMismatch,
            415 => ErrorCode::UnsupportedMediaType,
            429 => ErrorCode::RateLimited,
            502 => ErrorCode::BadGateway,
            503 => ErrorCode::Unavailable,
            s if s >= 500 => ErrorCode::Internal,
            _ => ErrorCode::Validation,
        }
    }
}

/// An error answer: its code (which decides the status), the message a user reads, and for a
/// fault on our side the cause, which is logged and never sent.
#[derive(Debug)]
pub struct ApiError {
    code: ErrorCode,
    message: String,
    cause: Option<anyhow::Error>,
}

pub const NOT_AUTHORISED: &str = "Not authorised. Please log in again.";
pub const INTERNAL: &str = "Something went wrong on our side. Please try again.";
pub const UNAVAILABLE: &str = "The service is temporarily unavailable. Please try again in a moment.";

impl ErrorCode {
    pub fn status(self) -> StatusCode {
        match self {
            ErrorCode::Validation => StatusCode::BAD_REQUEST,
            ErrorCode::Unauthorised => StatusCode::UNAUTHORIZED,
            ErrorCode::Forbidden | ErrorCode::AccountDisabled | ErrorCode::ReadOnly => StatusCode::FORBIDDEN,
            ErrorCode::NotFound => StatusCode::NOT_FOUND,
            ErrorCode::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            ErrorCode::Conflict | ErrorCode::InHousehold | ErrorCode::HasOwnData => StatusCode::CONFLICT,
            ErrorCode::Gone => StatusCode::GONE,
            ErrorCode::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            ErrorCode::IdempotencyMismatch => StatusCode::UNPROCESSABLE_ENTITY,
            ErrorCode::UnsupportedMediaType => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ErrorCode::RateLimited => StatusCode::TOO_MANY_REQUESTS,
            ErrorCode::BadGateway => StatusCode::BAD_GATEWAY,
            ErrorCode::Busy | ErrorCode::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
            ErrorCode::Internal => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// Seconds a client is asked to wait before trying again.
    fn retry_after(self) -> Option<u32> {
        match self {
            ErrorCode::Busy => Some(1),
            ErrorCode::RateLimited => Some(60),
            _ => None,
        }
    }
}

impl ApiError {
    pub fn new(code: ErrorCode, message: String) -> Self {
        Self { code, message, cause: None }
    }

    pub fn validation(message: String) -> Self {
        Self::new(ErrorCode::Validation, message)
    }

    pub fn code(&self) -> ErrorCode {
        self.code
    }

    pub fn message(&self) -> &str {
        &self.message
    }

    pub fn unauthorised(message: String) -> Self {
        Self::new(ErrorCode::Unauthorised, message)
    }

    pub fn not_found(message: String) -> Self {
        Self::new(ErrorCode::NotFound, message)
    }

    /// A real fault: logged with its cause chain, answered with a generic message; 503
    /// "temporarily unavailable" when the cause is the database being out of reach.
    pub fn internal(cause: anyhow::Error) -> Self {
        let storage_down =
            cause.chain().any(|e| matches!(e.downcast_ref::<RepoError>(), Some(RepoError::Unavailable(_))));
        if storage_down {
            return Self { code: ErrorCode::Unavailable, message: UNAVAILABLE.to_owned(), cause: Some(cause) };
        }
        Self { code: ErrorCode::Internal, message: INTERNAL.to_owned(), cause: Some(cause) }
    }

    /// A real fault whose answer names what failed (the cause is logged, not sent).
    pub fn failed(message: String, cause: anyhow::Error) -> Self {
        Self { code: ErrorCode::Internal, message, cause: Some(cause) }
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.code.status()
    }

    fn error_response(&self) -> HttpResponse {
        if let Some(cause) = &self.cause {
            tracing::error!(error = ?cause, "{}", self.message);
        }
        let mut response = HttpResponse::build(self.status_code());
        if let Some(seconds) = self.code.retry_after() {
            response.insert_header((actix_web::http::header::RETRY_AFTER, seconds.to_string()));
        }
        response.json(ErrorResponse::new(self.code, self.message.clone()))
    }
}

// Every use case's errors map to an answer here, and only here.

impl From<domain::ValidationError> for ApiError {
    fn from(e: domain::ValidationError) -> Self {
        ApiError::validation(e.message)
    }
}

impl From<LedgerError> for ApiError {
    fn from(error: LedgerError) -> Self {
        let message = error.to_string();
        let code = match error {
            LedgerError::Invalid(_) | LedgerError::TransferNotEditable | LedgerError::TransferCannotBeSplit => {
                ErrorCode::Validation
            }
            LedgerError::NotFound(_) => ErrorCode::NotFound,
            LedgerError::NotAccountOwner => ErrorCode::Forbidden,
            LedgerError::AccountHasTransactions
            | LedgerError::CategoryNameTaken
            | LedgerError::CategoryInUse { .. } => ErrorCode::Conflict,
            LedgerError::Unexpected(cause) => return ApiError::internal(cause),
        };
        ApiError::new(code, message)
    }
}

impl From<AuthError> for ApiError {
    fn from(error: AuthError) -> Self {
        let message = error.to_string();
        let code = match error {
            AuthError::Invalid(_)
            | AuthError::InvalidVerificationLink
            | AuthError::InvalidResetLink
            | AuthError::WrongCurrentPassword
            | AuthError::TwoFactorOff
            | AuthError::TwoFactorNotStarted => ErrorCode::Validation,
            AuthError::InvalidCredentials | AuthError::ChallengeExpired | AuthError::ChallengeLocked => {
                ErrorCode::Unauthorised
            }
            AuthError::SessionNotFound => ErrorCode::NotFound,
            AuthError::TwoFactorAlreadyOn => ErrorCode::Conflict,
            AuthError::SessionInvalid => return ApiError::unauthorised(NOT_AUTHORISED.into()),
            AuthError::NotVerified => ErrorCode::Forbidden,
            AuthError::Disabled => ErrorCode::AccountDisabled,
            AuthError::Busy => ErrorCode::Busy,
            AuthError::EmailTaken | AuthError::AlreadyVerified => ErrorCode::Conflict,
            AuthError::Unexpected(cause) => return ApiError::internal(cause),
        };
        ApiError::new(code, message)
    }
}

impl From<AdminError> for ApiError {
    fn from(error: AdminError) -> Self {
        let message = error.to_string();
        let code = match error {
            AdminError::Invalid(_) | AdminError::TwoFactorOff => ErrorCode::Validation,
            AdminError::Refused(AdminRefusal::NotSuperadmin) => ErrorCode::Forbidden,
            AdminError::Refused(AdminRefusal::OwnAccount | AdminRefusal::SuperadminAlwaysAllowed) => {
                ErrorCode::Validation
            }
            AdminError::Refused(AdminRefusal::LastSuperadmin) | AdminError::EmailTaken => ErrorCode::Conflict,
            AdminError::NotFound => ErrorCode::NotFound,
            AdminError::Busy => ErrorCode::Busy,
            AdminError::Unexpected(cause) => return ApiError::internal(cause),
        };
        ApiError::new(code, message)
    }
}

impl From<RecurringError> for ApiError {
    fn from(error: RecurringError) -> Self {
        let message = error.to_string();
        let code = match error {
            RecurringError::Invalid(_) => ErrorCode::Validation,
            RecurringError::NotFound(_) => ErrorCode::NotFound,
            RecurringError::Forbidden => ErrorCode::Forbidden,
            RecurringError::Unexpected(cause) => return ApiError::internal(cause),
        };
        ApiError::new(code, message)
    }
}

impl From<InventoryError> for ApiError {
    fn from(error: InventoryError) -> Self {
        let message = error.to_string();
        let code = match error {
            InventoryError::Invalid(_) => ErrorCode::Validation,
            InventoryError::NotFound(_) => ErrorCode::NotFound,
            InventoryError::OutOfStock => ErrorCode::Conflict,
            InventoryError::Busy => ErrorCode::Busy,
            InventoryError::Unexpected(cause) => return ApiError::internal(cause),
        };
        ApiError::new(code, message)
    }
}

impl From<ReceiptError> for ApiError {
    fn from(error: ReceiptError) -> Self {
        let message = error.to_string();
        let code = match error {
            ReceiptError::Invalid(_) => ErrorCode::Validation,
            ReceiptError::NotFound(_) => ErrorCode::NotFound,
            ReceiptError::LinkInvalid => ErrorCode::Forbidden,
            ReceiptError::Busy => ErrorCode::Busy,
            ReceiptError::Unexpected(cause) => return ApiError::internal(cause),
        };
        ApiError::new(code, message)
    }
}

impl From<TagError> for ApiError {
    fn from(error: TagError) -> Self {
        let message = error.to_string();
        let code = match error {
            TagError::Invalid(_) | TagError::MergeIntoItself => ErrorCode::Validation,
            TagError::NotFound => ErrorCode::NotFound,
            TagError::NameTaken => ErrorCode::Conflict,
            TagError::Unexpected(cause) => return ApiError::internal(cause),
        };
        ApiError::new(code, message)
    }
}

impl From<GoalError> for ApiError {
    fn from(error: GoalError) -> Self {
        let message = error.to_string();
        let code = match error {
            GoalError::Invalid(_) => ErrorCode::Validation,
            GoalError::NotFound(_) => ErrorCode::NotFound,
            GoalError::Unexpected(cause) => return ApiError::internal(cause),
        };
        ApiError::new(code, message)
    }
}

impl From<TokenError> for ApiError {
    fn from(error: TokenError) -> Self {
        let message = error.to_string();
        let code = match error {
            TokenError::Invalid(_) => ErrorCode::Validation,
            TokenError::NotFound => ErrorCode::NotFound,
            TokenError::Unexpected(cause) => return ApiError::internal(cause),
        };
        ApiError::new(code, message)
    }
}

impl From<ImportError> for ApiError {
    fn from(error: ImportError) -> Self {
        let message = error.to_string();
        let code = match error {
            ImportError::Invalid(_) | ImportError::Statement(_) => ErrorCode::Validation,
            ImportError::NotFound(_) => ErrorCode::NotFound,
            ImportError::Work(ports::WorkError::Busy) => {
                return ApiError::new(ErrorCode::Busy, ports::work::BUSY_MESSAGE.to_owned())
            }
            ImportError::Work(ports::WorkError::Failed(cause)) | ImportError::Unexpected(cause) => {
                return ApiError::internal(cause)
            }
        };
        ApiError::new(code, message)
    }
}

impl From<BankingError> for ApiError {
    fn from(error: BankingError) -> Self {
        let message = error.to_string();
        let code = match error {
            BankingError::Forbidden => ErrorCode::Forbidden,
            BankingError::NotFound | BankingError::NotConfigured => ErrorCode::NotFound,
            BankingError::LinkFailed | BankingError::ProviderUnavailable => ErrorCode::BadGateway,
            BankingError::ExchangeRefused | BankingError::Invalid(_) | BankingError::NotDemo => ErrorCode::Validation,
            BankingError::LoginRequired(_) => ErrorCode::Conflict,
            BankingError::BadWebhook => ErrorCode::Unauthorised,
            BankingError::Unexpected(cause) => return ApiError::internal(cause),
        };
        ApiError::new(code, message)
    }
}

impl From<BackupError> for ApiError {
    fn from(error: BackupError) -> Self {
        let message = error.to_string();
        let code = match error {
            BackupError::NotABackup | BackupError::Newer => ErrorCode::Validation,
            BackupError::NotEmpty => ErrorCode::Conflict,
            BackupError::TooLarge | BackupError::PhotosTooLarge => ErrorCode::TooLarge,
            BackupError::Work(ports::WorkError::Busy) => {
                return ApiError::new(ErrorCode::Busy, ports::work::BUSY_MESSAGE.to_owned())
            }
            BackupError::Work(ports::WorkError::Failed(cause)) => return ApiError::internal(cause),
            BackupError::Repo(cause) => return ApiError::internal(anyhow::Error::new(cause)),
        };
        ApiError::new(code, message)
    }
}

impl From<RuleError> for ApiError {
    fn from(error: RuleError) -> Self {
        let message = error.to_string();
        let code = match error {
            RuleError::Invalid(_) => ErrorCode::Validation,
            RuleError::NotFound(_) => ErrorCode::NotFound,
            RuleError::Unexpected(cause) => return ApiError::internal(cause),
        };
        ApiError::new(code, message)
    }
}

impl From<BudgetError> for ApiError {
    fn from(error: BudgetError) -> Self {
        let message = error.to_string();
        let code = match error {
            BudgetError::Invalid(_) => ErrorCode::Validation,
            BudgetError::NotFound(_) => ErrorCode::NotFound,
            BudgetError::Forbidden => ErrorCode::Forbidden,
            BudgetError::Unexpected(cause) => return ApiError::internal(cause),
        };
        ApiError::new(code, message)
    }
}

impl From<HouseholdError> for ApiError {
    fn from(error: HouseholdError) -> Self {
        let message = error.to_string();
        let code = match error {
            HouseholdError::Invalid(_) => ErrorCode::Validation,
            HouseholdError::OwnRole | HouseholdError::RemoveSelf => ErrorCode::Validation,
            HouseholdError::OwnerOnly | HouseholdError::WrongAddress => ErrorCode::Forbidden,
            HouseholdError::InvitationNotFound | HouseholdError::MemberNotFound => ErrorCode::NotFound,
            HouseholdError::AlreadyMember | HouseholdError::OwnerLeaving => ErrorCode::Conflict,
            HouseholdError::Used | HouseholdError::Revoked | HouseholdError::Expired => ErrorCode::Gone,
            HouseholdError::InHousehold => ErrorCode::InHousehold,
            HouseholdError::HasOwnData => ErrorCode::HasOwnData,
            HouseholdError::Unexpected(cause) => return ApiError::internal(cause),
        };
        ApiError::new(code, message)
    }
}

impl From<ReportError> for ApiError {
    fn from(error: ReportError) -> Self {
        match error {
            ReportError::Invalid(v) => ApiError::validation(v.message),
            ReportError::AccountNotFound => ApiError::not_found("Account not found".into()),
            ReportError::Render(cause) => ApiError::failed("Failed to generate PDF. Please try again.".into(), cause),
            ReportError::Busy => ApiError::new(ErrorCode::Busy, error.to_string()),
            ReportError::Unexpected(cause) => ApiError::internal(cause),
        }
    }
}
