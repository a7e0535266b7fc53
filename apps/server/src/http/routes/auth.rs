//! Sign-up with e-mail verification, sign-in, the profile, and password reset.

use actix_web::{get, post, put, web, HttpRequest};
use ports::auth::{LoginRequest, ProfileChange, RegisterRequest};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::scope;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::http::error::{ApiError, ErrorResponse};
use crate::http::extract::CurrentUser;
use crate::http::wire::{json_answer, Created, MessageResponse, UserDto};

use crate::AppState;

pub fn config(cfg: &mut ServiceConfig) {
    cfg.service(
        scope("/auth")
            .service(register)
            .service(login)
            .service(me)
            .service(update_profile)
            .service(verify_email)
            .service(forgot_password)
            .service(check_reset_link)
            .service(reset_password)
            .service(can_connect_bank)
            .service(super::users::toggle_bank_access)
            .service(super::users::toggle_finalize_access),
    );
}

/// The client address used for attempt limits: the TCP peer (proxy headers are not trusted).
fn client_of(req: &HttpRequest) -> String {
    req.peer_addr().map(|a| a.ip().to_string()).unwrap_or_else(|| "unknown".into())
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct RegisterBody {
    #[schema(example = "Jane Doe")]
    pub name: Option<String>,
    #[schema(example = "jane@example.com")]
    pub email: Option<String>,
    pub password: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct LoginBody {
    pub email: Option<String>,
    pub password: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct VerifyEmailBody {
    pub token: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ForgotPasswordBody {
    pub email: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ResetPasswordBody {
    pub password: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateProfileBody {
    pub name: Option<String>,
    pub email: Option<String>,
    pub current_password: Option<String>,
    pub new_password: Option<String>,
}

/// A signed-in session.
#[derive(Debug, Serialize, ToSchema)]
pub struct AuthResponse {
    pub success: bool,
    pub token: String,
    pub user: UserDto,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UserResponse {
    pub success: bool,
    pub user: UserDto,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ProfileResponse {
    pub success: bool,
    pub message: String,
    pub user: UserDto,
    /// Present after a password change: the previous tokens no longer work.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CanConnectBankResponse {
    pub success: bool,
    pub can_connect_bank: bool,
}

pub const REGISTERED: &str = "Registration successful. Please check your email to verify your account.";
pub const REGISTERED_MAIL_FAILED: &str =
    "Your account was created, but we could not send the verification email. Please try registering again in a few minutes.";
pub const RESET_SENT: &str = "If an account with that email exists, a password reset link has been sent.";
pub const RESET_DONE: &str = "Your password has been reset. You can now log in with your new password.";
pub const RESET_LINK_VALID: &str = "This reset link can be used.";

/// Creates an account and e-mails a verification link.
#[utoipa::path(operation_id = "authRegister", 
    tag = "auth", request_body = RegisterBody,
    responses(
        (status = 201, body = MessageResponse),
        (status = 400, body = ErrorResponse), (status = 409, body = ErrorResponse), (status = 429, body = ErrorResponse),
        (status = 503, description = "Password hashing is at capacity: retry after the Retry-After header's seconds", body = ErrorResponse),
    )
)]
#[post("/register")]
pub async fn register(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: web::Json<RegisterBody>,
) -> Result<Created<MessageResponse>, ApiError> {
    let body = body.into_inner();
    let email = body.email.unwrap_or_default();
    state.limiter.check("register", &client_of(&req), &email)?;
    let outcome = state
        .auth
        .register(RegisterRequest {
            name: body.name.unwrap_or_default(),
            email,
            password: body.password.unwrap_or_default(),
        })
        .await?;
    let message = if outcome.email_sent { REGISTERED } else { REGISTERED_MAIL_FAILED };
    Ok(Created(MessageResponse::ok(message)))
}

/// Signs in with e-mail and password.
#[utoipa::path(operation_id = "authLogin", 
    tag = "auth", request_body = LoginBody,
    responses(
        (status = 200, body = AuthResponse),
        (status = 400, body = ErrorResponse),
        (status = 401, description = "Wrong e-mail or password", body = ErrorResponse),
        (status = 403, description = "E-mail not verified, or account disabled", body = ErrorResponse),
        (status = 429, body = ErrorResponse),
        (status = 503, description = "Password hashing is at capacity: retry after the Retry-After header's seconds", body = ErrorResponse),
    )
)]
#[post("/login")]
pub async fn login(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: web::Json<LoginBody>,
) -> Result<AuthResponse, ApiError> {
    let body = body.into_inner();
    let email = body.email.unwrap_or_default();
    state.limiter.check("login", &client_of(&req), &email)?;
    let signed_in = state.auth.login(LoginRequest { email, password: body.password.unwrap_or_default() }).await?;
    Ok(AuthResponse { success: true, token: signed_in.token, user: (&signed_in.user).into() })
}

/// The signed-in user.
#[utoipa::path(operation_id = "authMe", 
    tag = "auth", security(("bearer" = [])),
    responses((status = 200, body = UserResponse), (status = 401, body = ErrorResponse), (status = 403, body = ErrorResponse))
)]
#[get("/me")]
pub async fn me(user: CurrentUser) -> UserResponse {
    UserResponse { success: true, user: (&user.person).into() }
}

/// Edits the profile; a password change needs the current password and returns a new token.
#[utoipa::path(operation_id = "authUpdateProfile", 
    tag = "auth", security(("bearer" = [])), request_body = UpdateProfileBody,
    responses(
        (status = 200, body = ProfileResponse),
        (status = 400, body = ErrorResponse), (status = 401, body = ErrorResponse), (status = 409, body = ErrorResponse),
        (status = 503, description = "Password hashing is at capacity: retry after the Retry-After header's seconds", body = ErrorResponse),
    )
)]
#[put("/profile")]
pub async fn update_profile(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<UpdateProfileBody>,
) -> Result<ProfileResponse, ApiError> {
    let body = body.into_inner();
    let (user, token) = state
        .auth
        .update_profile(
            &user.person,
            ProfileChange {
                name: body.name.unwrap_or_default(),
                email: body.email.unwrap_or_default(),
                current_password: body.current_password,
                new_password: body.new_password,
            },
        )
        .await?;
    Ok(ProfileResponse { success: true, message: "Profile updated successfully".into(), user: (&user).into(), token })
}

/// Uses the link from the verification e-mail; signs the user in.
#[utoipa::path(operation_id = "authVerifyEmail", 
    tag = "auth", request_body = VerifyEmailBody,
    responses((status = 200, body = AuthResponse), (status = 400, body = ErrorResponse), (status = 403, body = ErrorResponse),
        (status = 409, description = "The link was used already: the address is verified, the user only needs to log in", body = ErrorResponse))
)]
#[post("/verify-email")]
pub async fn verify_email(
    state: web::Data<AppState>,
    body: web::Json<VerifyEmailBody>,
) -> Result<AuthResponse, ApiError> {
    let token = body.into_inner().token.unwrap_or_default();
    if token.trim().is_empty() {
        return Err(ApiError::validation("No verification token found.".into()));
    }
    let signed_in = state.auth.verify_email(&token).await?;
    Ok(AuthResponse { success: true, token: signed_in.token, user: (&signed_in.user).into() })
}

/// E-mails a reset link if the address has an account; answers the same either way.
#[utoipa::path(operation_id = "authForgotPassword", 
    tag = "auth", request_body = ForgotPasswordBody,
    responses((status = 200, body = MessageResponse), (status = 400, body = ErrorResponse), (status = 429, body = ErrorResponse))
)]
#[post("/forgot-password")]
pub async fn forgot_password(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: web::Json<ForgotPasswordBody>,
) -> Result<MessageResponse, ApiError> {
    let email = body.into_inner().email.unwrap_or_default();
    state.limiter.check("forgot", &client_of(&req), &email)?;
    state.auth.forgot_password(&email).await?;
    Ok(MessageResponse::ok(RESET_SENT))
}

/// Whether a reset link can still be used: the screen asks before showing the password form.
#[utoipa::path(operation_id = "authCheckResetLink",
    tag = "auth",
    params(("token" = String, Path, description = "The token from the reset link")),
    responses((status = 200, body = MessageResponse), (status = 400, description = "Expired, used, replaced by a newer link or never sent", body = ErrorResponse))
)]
#[get("/reset-password/{token}")]
pub async fn check_reset_link(
    state: web::Data<AppState>,
    token: web::Path<String>,
) -> Result<MessageResponse, ApiError> {
    state.auth.check_reset_link(&token).await?;
    Ok(MessageResponse::ok(RESET_LINK_VALID))
}

/// Sets a new password with the token from a reset link.
#[utoipa::path(operation_id = "authResetPassword", 
    tag = "auth", request_body = ResetPasswordBody,
    params(("token" = String, Path, description = "The token from the reset link")),
    responses((status = 200, body = MessageResponse), (status = 400, body = ErrorResponse), (status = 503, description = "Password hashing is at capacity: retry after the Retry-After header's seconds", body = ErrorResponse))
)]
#[post("/reset-password/{token}")]
pub async fn reset_password(
    state: web::Data<AppState>,
    token: web::Path<String>,
    body: web::Json<ResetPasswordBody>,
) -> Result<MessageResponse, ApiError> {
    let password = body.into_inner().password.unwrap_or_default();
    state.auth.reset_password(&token, &password).await?;
    Ok(MessageResponse::ok(RESET_DONE))
}

/// Whether the signed-in user may link a bank.
#[utoipa::path(operation_id = "authCanConnectBank", 
    tag = "auth", security(("bearer" = [])),
    responses((status = 200, body = CanConnectBankResponse), (status = 401, body = ErrorResponse))
)]
#[get("/can-connect-bank")]
pub async fn can_connect_bank(user: CurrentUser) -> CanConnectBankResponse {
    CanConnectBankResponse { success: true, can_connect_bank: user.person.can_connect_bank() }
}

json_answer!(AuthResponse, CanConnectBankResponse, ProfileResponse, UserResponse);
