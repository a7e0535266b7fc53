//! Sign-up with e-mail verification, sign-in, the profile, and password reset.

use actix_web::http::header;
use actix_web::{delete, get, post, put, web, HttpRequest};
use chrono::{DateTime, Utc};
use domain::tax_year::ReportYear;
use ports::auth::store::ClientMeta;
use ports::auth::{LoginOutcome, LoginRequest, ProfileChange, RegisterRequest, SecondFactor, SignedIn};
use ports::reports::ReportError;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::scope;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::http::error::{ApiError, ErrorResponse};
use crate::http::extract::CurrentUser;
use crate::http::wire::{json_answer, Confirmed, Created, Envelope, MessageResponse, UserDto};

use crate::AppState;

pub fn config(cfg: &mut ServiceConfig) {
    cfg.service(
        scope("/auth")
            .service(register)
            .service(login)
            .service(login_two_factor)
            .service(logout)
            .service(sessions)
            .service(end_other_sessions)
            .service(end_session)
            .service(two_factor_status)
            .service(two_factor_setup)
            .service(two_factor_enable)
            .service(two_factor_disable)
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

/// Where a sign-in comes from, for the list of signed-in devices.
fn meta_of(req: &HttpRequest) -> ClientMeta {
    let agent = req.headers().get(header::USER_AGENT).and_then(|v| v.to_str().ok());
    ClientMeta::new(req.peer_addr().map(|a| a.ip().to_string()), agent)
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
    /// calendar or tax: which year the Reports screen opens on; absent leaves it as it is.
    #[schema(value_type = Option<crate::http::wire::ReportYearDto>)]
    pub report_year: Option<String>,
}

/// A signed-in session.
#[derive(Debug, Serialize, ToSchema)]
pub struct AuthResponse {
    pub success: bool,
    pub token: String,
    pub user: UserDto,
}

impl From<SignedIn> for AuthResponse {
    fn from(signed_in: SignedIn) -> Self {
        AuthResponse { success: true, token: signed_in.token, user: (&signed_in.user).into() }
    }
}

/// The password was right and a second factor is owed: send a code with the challenge token
/// to POST /auth/login/2fa within five minutes. The token opens nothing else.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TwoFactorChallenge {
    pub success: bool,
    /// Always true.
    pub two_factor_required: bool,
    pub challenge_token: String,
}

/// A session, or the challenge of a two-factor sign-in.
#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
pub enum LoginResponse {
    SignedIn(AuthResponse),
    TwoFactorRequired(TwoFactorChallenge),
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginTwoFactorBody {
    pub challenge_token: Option<String>,
    /// The six digits the authenticator app shows.
    #[schema(example = "123456")]
    pub code: Option<String>,
    /// Instead of a code: one of the recovery codes, each usable once.
    #[schema(example = "abcde-fghij")]
    pub recovery_code: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct TwoFactorCodeBody {
    #[schema(example = "123456")]
    pub code: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TwoFactorDisableBody {
    pub password: Option<String>,
    /// A code from the app, or a recovery code.
    pub code: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TwoFactorSetupDto {
    /// The secret in base32, for typing into the app.
    pub secret: String,
    /// The otpauth:// URI the QR code carries.
    pub otpauth_url: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecoveryCodesDto {
    /// Ten single-use codes, shown this once.
    pub recovery_codes: Vec<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TwoFactorStatusDto {
    pub enabled: bool,
    /// Unused recovery codes (0 when two-factor sign-in is off).
    pub recovery_codes_left: i64,
}

/// A signed-in device.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionDto {
    #[serde(rename = "_id")]
    pub id: String,
    pub created_at: DateTime<Utc>,
    pub last_seen_at: DateTime<Utc>,
    pub ip_address: Option<String>,
    pub user_agent: Option<String>,
    /// The session of this request.
    pub current: bool,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EndedSessionsDto {
    /// How many other devices were signed out.
    pub ended: u64,
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
        (status = 200, description = "A session, or (with two-factor sign-in on) a challenge for POST /auth/login/2fa", body = LoginResponse),
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
) -> Result<LoginResponse, ApiError> {
    let body = body.into_inner();
    let email = body.email.unwrap_or_default();
    state.limiter.check("login", &client_of(&req), &email)?;
    let request = LoginRequest { email, password: body.password.unwrap_or_default() };
    Ok(match state.auth.login(request, meta_of(&req)).await? {
        LoginOutcome::SignedIn(signed_in) => LoginResponse::SignedIn(signed_in.into()),
        LoginOutcome::TwoFactorRequired { challenge_token } => LoginResponse::TwoFactorRequired(TwoFactorChallenge {
            success: true,
            two_factor_required: true,
            challenge_token,
        }),
    })
}

/// Completes a two-factor sign-in with a code from the app or a recovery code. A code is
/// accepted once; wrong ones are limited like passwords, and the tenth locks the challenge.
#[utoipa::path(operation_id = "authLoginTwoFactor",
    tag = "auth", request_body = LoginTwoFactorBody,
    responses(
        (status = 200, body = AuthResponse),
        (status = 400, description = "Wrong, used or malformed code", body = ErrorResponse),
        (status = 401, description = "The challenge expired, was used, or was locked by wrong codes", body = ErrorResponse),
        (status = 403, description = "Account disabled", body = ErrorResponse),
        (status = 429, body = ErrorResponse),
    )
)]
#[post("/login/2fa")]
pub async fn login_two_factor(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: web::Json<LoginTwoFactorBody>,
) -> Result<AuthResponse, ApiError> {
    let body = body.into_inner();
    let token = body.challenge_token.unwrap_or_default();
    // Limited per address and per account (the challenge names it), as passwords are.
    let account = ports::auth::challenge_account(&token).map(|id| id.to_string()).unwrap_or_default();
    state.limiter.check("login-2fa", &client_of(&req), &account)?;
    let factor = SecondFactor { code: body.code, recovery_code: body.recovery_code };
    Ok(state.auth.login_two_factor(&token, factor).await?.into())
}

/// Ends this session on the server: its token stops working at once.
#[utoipa::path(operation_id = "authLogout", tag = "auth", security(("bearer" = [])),
    responses((status = 200, body = MessageResponse), (status = 401, body = ErrorResponse)))]
#[post("/logout")]
pub async fn logout(state: web::Data<AppState>, user: CurrentUser) -> Result<MessageResponse, ApiError> {
    state.auth.end_session(&user.person, user.session()?).await?;
    Ok(MessageResponse::ok("Logged out"))
}

/// The signed-in devices, most recently seen first.
#[utoipa::path(operation_id = "authSessions", tag = "auth", security(("bearer" = [])),
    responses((status = 200, body = Envelope<Vec<SessionDto>>), (status = 401, body = ErrorResponse)))]
#[get("/sessions")]
pub async fn sessions(state: web::Data<AppState>, user: CurrentUser) -> Result<Envelope<Vec<SessionDto>>, ApiError> {
    let sessions = state.auth.sessions(&user.person, user.session()?).await?;
    Ok(Envelope::ok(
        sessions
            .into_iter()
            .map(|s| SessionDto {
                id: s.info.id.to_string(),
                created_at: s.info.created_at,
                last_seen_at: s.info.last_seen_at,
                ip_address: s.info.meta.ip,
                user_agent: s.info.meta.user_agent,
                current: s.current,
            })
            .collect(),
    ))
}

/// Signs one device out; its token then gets 401.
#[utoipa::path(operation_id = "authEndSession", tag = "auth", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 200, body = MessageResponse), (status = 401, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
#[delete("/sessions/{id}")]
pub async fn end_session(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<String>,
) -> Result<MessageResponse, ApiError> {
    let id = uuid::Uuid::parse_str(id.trim())
        .map(domain::ids::SessionId)
        .map_err(|_| ApiError::not_found("Session not found".into()))?;
    state.auth.end_session(&user.person, id).await?;
    Ok(MessageResponse::ok("Signed out of that device"))
}

/// Signs every other device out, keeping this one.
#[utoipa::path(operation_id = "authEndOtherSessions", tag = "auth", security(("bearer" = [])),
    responses((status = 200, body = Confirmed<EndedSessionsDto>), (status = 401, body = ErrorResponse)))]
#[post("/sessions/revoke-others")]
pub async fn end_other_sessions(
    state: web::Data<AppState>,
    user: CurrentUser,
) -> Result<Confirmed<EndedSessionsDto>, ApiError> {
    let ended = state.auth.end_other_sessions(&user.person, user.session()?).await?;
    Ok(Confirmed::new(EndedSessionsDto { ended }, "Signed out of all other devices"))
}

/// Whether two-factor sign-in is on, and how many recovery codes are left.
#[utoipa::path(operation_id = "authTwoFactorStatus", tag = "auth", security(("bearer" = [])),
    responses((status = 200, body = Envelope<TwoFactorStatusDto>), (status = 401, body = ErrorResponse)))]
#[get("/2fa")]
pub async fn two_factor_status(
    state: web::Data<AppState>,
    user: CurrentUser,
) -> Result<Envelope<TwoFactorStatusDto>, ApiError> {
    let enabled = user.person.two_factor_enabled;
    let recovery_codes_left = if enabled { state.auth.recovery_codes_left(&user.person).await? } else { 0 };
    Ok(Envelope::ok(TwoFactorStatusDto { enabled, recovery_codes_left }))
}

/// Starts enrolment: a new secret for the authenticator app (replacing one not confirmed).
#[utoipa::path(operation_id = "authTwoFactorSetup", tag = "auth", security(("bearer" = [])),
    responses((status = 200, body = Envelope<TwoFactorSetupDto>), (status = 401, body = ErrorResponse),
        (status = 409, description = "Two-factor sign-in is already on", body = ErrorResponse)))]
#[post("/2fa/setup")]
pub async fn two_factor_setup(
    state: web::Data<AppState>,
    user: CurrentUser,
) -> Result<Envelope<TwoFactorSetupDto>, ApiError> {
    let enrolment = state.auth.two_factor_setup(&user.person).await?;
    Ok(Envelope::ok(TwoFactorSetupDto { secret: enrolment.secret, otpauth_url: enrolment.otpauth_url }))
}

/// Confirms enrolment with a code from the app; answers the ten recovery codes, once.
#[utoipa::path(operation_id = "authTwoFactorEnable", tag = "auth", security(("bearer" = [])),
    request_body = TwoFactorCodeBody,
    responses((status = 200, body = Envelope<RecoveryCodesDto>),
        (status = 400, description = "Wrong code, or setup not started", body = ErrorResponse),
        (status = 401, body = ErrorResponse), (status = 409, body = ErrorResponse), (status = 429, body = ErrorResponse)))]
#[post("/2fa/enable")]
pub async fn two_factor_enable(
    state: web::Data<AppState>,
    user: CurrentUser,
    req: HttpRequest,
    body: web::Json<TwoFactorCodeBody>,
) -> Result<Envelope<RecoveryCodesDto>, ApiError> {
    state.limiter.check("2fa-enable", &client_of(&req), &user.person.id.to_string())?;
    let code = body.into_inner().code.unwrap_or_default();
    let recovery_codes = state.auth.two_factor_enable(&user.person, &code).await?;
    Ok(Envelope::ok(RecoveryCodesDto { recovery_codes }))
}

/// Turns two-factor sign-in off: needs the password and a code (or a recovery code).
#[utoipa::path(operation_id = "authTwoFactorDisable", tag = "auth", security(("bearer" = [])),
    request_body = TwoFactorDisableBody,
    responses((status = 200, body = MessageResponse),
        (status = 400, description = "Wrong password or code, or two-factor sign-in is off", body = ErrorResponse),
        (status = 401, body = ErrorResponse), (status = 429, body = ErrorResponse),
        (status = 503, description = "Password hashing is at capacity: retry after the Retry-After header's seconds", body = ErrorResponse)))]
#[post("/2fa/disable")]
pub async fn two_factor_disable(
    state: web::Data<AppState>,
    user: CurrentUser,
    req: HttpRequest,
    body: web::Json<TwoFactorDisableBody>,
) -> Result<MessageResponse, ApiError> {
    state.limiter.check("2fa-disable", &client_of(&req), &user.person.id.to_string())?;
    let body = body.into_inner();
    let factor = SecondFactor::either(body.code.unwrap_or_default());
    state.auth.two_factor_disable(&user.person, &body.password.unwrap_or_default(), factor).await?;
    Ok(MessageResponse::ok("Two-factor authentication disabled"))
}

/// The signed-in user.
#[utoipa::path(operation_id = "authMe", 
    tag = "auth", security(("bearer" = [])),
    responses((status = 200, body = UserResponse), (status = 401, body = ErrorResponse), (status = 403, body = ErrorResponse))
)]
#[get("/me")]
pub async fn me(state: web::Data<AppState>, user: CurrentUser) -> Result<UserResponse, ApiError> {
    let mut dto = UserDto::from(&user.person);
    dto.report_year = Some(state.reports.report_year(user.person.id).await?.as_str());
    Ok(UserResponse { success: true, user: dto })
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
    req: HttpRequest,
    body: web::Json<UpdateProfileBody>,
) -> Result<ProfileResponse, ApiError> {
    let body = body.into_inner();
    let report_year = body.report_year.as_deref().map(ReportYear::parse).transpose().map_err(ReportError::from)?;
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
            meta_of(&req),
        )
        .await?;
    if let Some(report_year) = report_year {
        state.reports.set_report_year(user.id, report_year).await?;
    }
    let mut dto = UserDto::from(&user);
    dto.report_year = Some(state.reports.report_year(user.id).await?.as_str());
    Ok(ProfileResponse { success: true, message: "Profile updated successfully".into(), user: dto, token })
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
    req: HttpRequest,
    body: web::Json<VerifyEmailBody>,
) -> Result<AuthResponse, ApiError> {
    let token = body.into_inner().token.unwrap_or_default();
    if token.trim().is_empty() {
        return Err(ApiError::validation("No verification token found.".into()));
    }
    Ok(state.auth.verify_email(&token, meta_of(&req)).await?.into())
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

json_answer!(AuthResponse, CanConnectBankResponse, LoginResponse, ProfileResponse, UserResponse);
