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
use domain::ids::{SessionId, TokenId};
use domain::tokens::{TokenScope, TOKEN_PREFIX};
use domain::{Scope, User};

use super::error::{ApiError, ErrorCode, NOT_AUTHORISED};
use crate::AppState;

/// The user behind a valid bearer token (a session's, or a personal access token `msp_…`), with
/// their household: `scope` is whose books the request reads and writes. Missing, malformed,
/// expired or revoked tokens are 401; a disabled user is 403 with 'disabled' in the message. A
/// viewer's writes to the household's data, a read-only token's writes, and a token's use of
/// what needs a password sign-in never reach a handler (`judge`).
#[derive(Clone)]
pub struct CurrentUser {
    pub person: User,
    /// What signed the request in.
    pub credential: Credential,
    pub scope: Scope,
    pub role: HouseholdRole,
}

/// The two kinds of bearer credential.
#[derive(Clone, Copy, Debug)]
pub enum Credential {
    /// A device signed in with the password (what logout and the devices list act on).
    Session(SessionId),
    /// A personal access token, and what it may do.
    Token(TokenId, TokenScope),
}

/// What a token is told when it asks for what needs a password sign-in.
pub const PASSWORD_ONLY: &str = "Sign in with your password to do this";
/// What a read-only token is told when it asks to change something.
pub const TOKEN_READ_ONLY: &str = "This token is read-only";

impl CurrentUser {
    /// The signed-in device's session; a token has none, and what acts on sessions needs a
    /// password sign-in (403).
    pub fn session(&self) -> Result<SessionId, ApiError> {
        match self.credential {
            Credential::Session(id) => Ok(id),
            Credential::Token(..) => Err(ApiError::new(ErrorCode::Forbidden, PASSWORD_ONLY.into())),
        }
    }

    /// The signed-in user of a request with these headers, and their household.
    async fn of(state: &AppState, headers: &HeaderMap) -> Result<Self, ApiError> {
        let token = headers
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer ").or_else(|| v.strip_prefix("bearer ")))
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .ok_or_else(|| ApiError::unauthorised(NOT_AUTHORISED.into()))?;
        let (person, credential) = if token.starts_with(TOKEN_PREFIX) {
            let found = state.tokens.authenticate(token).await?;
            (found.user, Credential::Token(found.token, found.scope))
        } else {
            let signed_in = state.auth.authenticate(token).await?;
            (signed_in.user, Credential::Session(signed_in.session))
        };
        let (household, role) = state.households.membership(person.id).await?;
        Ok(CurrentUser { scope: Scope { household, member: person.id }, person, role, credential })
    }
}

/// Whether `user` may send this request at all, before anything of it is read. `path` is the
/// path as the router reads it (percent-escapes of plain characters decoded), so `/api/%61uth/…`
/// is judged as the `/api/auth/…` it reaches. A token never
/// acts on the account itself (sign-in, password, e-mail, two-factor, sessions, tokens, the
/// users' administration: 403 `forbidden`), a read-only token only reads (403 `read_only`), and
/// a viewer changes nothing of the household's data (403 `read_only`).
fn judge(user: &CurrentUser, method: &Method, path: &str) -> Result<(), ApiError> {
    let reads = matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS);
    if let Credential::Token(_, scope) = user.credential {
        if !reads && PASSWORD_ONLY_WRITES.iter().any(|p| path.starts_with(p)) {
            return Err(ApiError::new(ErrorCode::Forbidden, PASSWORD_ONLY.into()));
        }
        if !reads && !scope.writes() {
            return Err(ApiError::new(ErrorCode::ReadOnly, TOKEN_READ_ONLY.into()));
        }
    }
    let data = !NOT_DATA.iter().any(|p| path.starts_with(p));
    if !reads && data && !user.role.writes() {
        return Err(ApiError::new(ErrorCode::ReadOnly, "Viewers cannot make changes".into()));
    }
    Ok(())
}

/// Writes that need a password sign-in: the account's own (profile, password, e-mail,
/// two-factor, sessions), its tokens, and the users' administration (deleting an account).
const PASSWORD_ONLY_WRITES: [&str; 3] = ["/api/auth/", "/api/tokens", "/api/users"];

impl FromRequest for CurrentUser {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        // Read once per request, by `sign_in_first`: answered at once, so a refusal comes before
        // anything the handler reads after it (a body, a query) is judged.
        let known = req.extensions().get::<SignedIn>().cloned();
        let state = req.app_data::<web::Data<AppState>>().cloned();
        let headers = req.headers().clone();
        let (method, path) = (req.method().clone(), req.match_info().as_str().to_owned());
        Box::pin(async move {
            match known {
                Some(SignedIn::User(user)) => return Ok(user),
                Some(SignedIn::Refused(code, message)) => return Err(ApiError::new(code, message)),
                // Not read yet, or not readable then: tried again.
                Some(SignedIn::Unchecked) | None => {}
            }
            let state = state.ok_or_else(|| ApiError::internal(anyhow::anyhow!("app state missing")))?;
            let user = CurrentUser::of(&state, &headers).await?;
            judge(&user, &method, &path)?;
            Ok(user)
        })
    }
}

/// Writes that are not the household's data: a person's own (profile, password, sessions,
/// tokens), user management, and the household's routes, which check roles themselves (the
/// owner manages; anyone leaves or accepts an invitation).
const NOT_DATA: [&str; 4] = ["/api/auth/", "/api/tokens", "/api/users", "/api/household"];

/// The signed-in user `sign_in_first` found for this request, if its token signs in.
pub fn signed_in_user(req: &HttpRequest) -> Option<CurrentUser> {
    match req.extensions().get::<SignedIn>() {
        Some(SignedIn::User(user)) => Some(user.clone()),
        _ => None,
    }
}

/// What `sign_in_first` found for a request's bearer token.
#[derive(Clone)]
enum SignedIn {
    User(CurrentUser),
    /// 401 or 403: the token does not sign in, or its user is disabled.
    Refused(ErrorCode, String),
    /// The token could not be checked (the database was out of reach).
    Unchecked,
}

/// True when the request carried a bearer token that `sign_in_first` could not check (the
/// database was out of reach). The handler's own extraction tries again, but a write must not
/// run on that second try without what hangs on the first: its Idempotency-Key's claim
/// (http/idempotency.rs), which is made only for a signed-in user.
pub fn session_unchecked(req: &HttpRequest) -> bool {
    matches!(req.extensions().get::<SignedIn>(), Some(SignedIn::Unchecked))
}

/// Reads the bearer token of every request that carries one before the handler runs, so a
/// token that does not sign in (401), a disabled user (403) or a write `judge` refuses (403) is
/// answered before anything else of the request is read:
/// a malformed body or an unknown id tells them nothing. A public route ignores what was found.
/// Wraps /api.
pub async fn sign_in_first(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    if req.headers().contains_key(header::AUTHORIZATION) {
        if let Some(state) = req.app_data::<web::Data<AppState>>().cloned() {
            match CurrentUser::of(&state, req.headers()).await {
                Ok(user) => {
                    if let Err(refused) = judge(&user, req.method(), req.match_info().as_str()) {
                        return Ok(req.error_response(refused));
                    }
                    req.extensions_mut().insert(SignedIn::User(user));
                }
                Err(refused) if matches!(refused.code(), ErrorCode::Unauthorised | ErrorCode::AccountDisabled) => {
                    // A personal access token that signs nothing in counts as a failed attempt
                    // from its client, like a wrong password: guessing is slowed to a trickle.
                    if refused.code() == ErrorCode::Unauthorised && bearer_is_personal_token(req.headers()) {
                        let client = req.peer_addr().map(|a| a.ip().to_string()).unwrap_or_else(|| "unknown".into());
                        if let Err(limited) = state.limiter.check("token", &client, "") {
                            return Ok(req.error_response(limited));
                        }
                    }
                    let (code, message) = (refused.code(), refused.message().to_owned());
                    req.extensions_mut().insert(SignedIn::Refused(code, message));
                }
                // A fault (the database is down): the handler's own extraction tries again and
                // answers it, unless what runs before it needs the user (see `session_unchecked`).
                Err(_) => {
                    req.extensions_mut().insert(SignedIn::Unchecked);
                }
            }
        }
    }
    Ok(next.call(req).await?.map_into_boxed_body())
}

/// Whether the request's bearer credential is a personal access token (`msp_…`).
fn bearer_is_personal_token(headers: &HeaderMap) -> bool {
    headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer ").or_else(|| v.strip_prefix("bearer ")))
        .is_some_and(|t| t.trim().starts_with(TOKEN_PREFIX))
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
