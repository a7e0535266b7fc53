use std::sync::Arc;

use chrono::Duration;
use domain::categories::default_categories;
use domain::ids::SessionId;
use domain::{Email, LoginPassword, NewPassword, PersonName, Role, User, ValidationError};

use super::emails;
use super::store::{ClientMeta, SessionRepository, TwoFactorRepository};
use crate::security::{LinkTokens, PasswordHasher, SecretBox, SessionClaims, SessionTokens};
use crate::users::{LinkState, LinkTokenRepository, NewUser, TokenPurpose, UserRepository};
use crate::{Clock, Mailer, RepoError, UniqueField, WorkError};

/// Why an auth use case refused or failed.
#[derive(Debug, thiserror::Error)]
pub enum AuthError {
    #[error("{0}")]
    Invalid(#[from] ValidationError),
    #[error("Invalid email or password")]
    InvalidCredentials,
    #[error("Please verify your email address before logging in. Check your inbox for the verification link.")]
    NotVerified,
    #[error("Your account has been disabled. Please contact an administrator.")]
    Disabled,
    #[error("An account with this email already exists")]
    EmailTaken,
    #[error("Verification failed. The link may be invalid or expired.")]
    InvalidVerificationLink,
    /// A verification link opened again after it verified the address: nothing to do but log in.
    #[error("This link has already been used and your email address is verified. Please log in.")]
    AlreadyVerified,
    #[error("This password reset link has expired or has already been used. Please request a new one.")]
    InvalidResetLink,
    #[error("Current password is incorrect")]
    WrongCurrentPassword,
    #[error("Not authorised")]
    SessionInvalid,
    #[error("Session not found")]
    SessionNotFound,
    #[error("Two-factor authentication is already enabled")]
    TwoFactorAlreadyOn,
    #[error("Two-factor authentication is not enabled")]
    TwoFactorOff,
    #[error("Start setting up two-factor authentication first")]
    TwoFactorNotStarted,
    /// The challenge of a sign-in is unknown, used or older than its few minutes.
    #[error("This sign-in has expired. Please sign in again.")]
    ChallengeExpired,
    /// Too many wrong codes: the challenge is gone and the password must be typed again.
    #[error("Too many incorrect codes. Please sign in again.")]
    ChallengeLocked,
    /// Password hashing is at capacity: nothing was checked or changed; try again shortly.
    #[error("{}", crate::work::BUSY_MESSAGE)]
    Busy,
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

impl From<WorkError> for AuthError {
    fn from(e: WorkError) -> Self {
        match e {
            WorkError::Busy => AuthError::Busy,
            WorkError::Failed(cause) => AuthError::Unexpected(cause),
        }
    }
}

impl From<RepoError> for AuthError {
    fn from(e: RepoError) -> Self {
        AuthError::Unexpected(anyhow::Error::new(e))
    }
}

/// Settings the use cases need: where links point and how long they live.
#[derive(Debug, Clone)]
pub struct AuthSettings {
    /// Base of links in e-mails, without a trailing slash.
    pub public_url: String,
    pub verification_ttl: Duration,
    pub reset_ttl: Duration,
    /// How long a session token lives: sessions unseen for longer are dropped.
    pub session_ttl: Duration,
    /// How long a sign-in may wait for its second factor.
    pub challenge_ttl: Duration,
}

impl AuthSettings {
    pub fn new(public_url: &str) -> Self {
        Self {
            public_url: public_url.trim_end_matches('/').to_owned(),
            verification_ttl: Duration::hours(24),
            reset_ttl: Duration::minutes(15),
            session_ttl: Duration::days(7),
            challenge_ttl: Duration::minutes(5),
        }
    }
}

/// The ports the auth use cases drive.
#[derive(Clone)]
pub struct AuthDeps {
    pub users: Arc<dyn UserRepository>,
    pub link_tokens: Arc<dyn LinkTokenRepository>,
    pub hasher: Arc<dyn PasswordHasher>,
    pub sessions: Arc<dyn SessionTokens>,
    pub session_store: Arc<dyn SessionRepository>,
    pub two_factor: Arc<dyn TwoFactorRepository>,
    /// Seals two-factor secrets at rest (the same key as bank tokens).
    pub sealer: Arc<dyn SecretBox>,
    pub secrets: Arc<dyn LinkTokens>,
    pub mailer: Arc<dyn Mailer>,
    pub clock: Arc<dyn Clock>,
}

/// A signed-in session: the bearer token and its user.
#[derive(Debug, Clone)]
pub struct SignedIn {
    pub token: String,
    pub user: User,
}

/// What a right password leads to: a session, or (with two-factor sign-in on) a challenge
/// that a code turns into one.
#[derive(Debug, Clone)]
pub enum LoginOutcome {
    SignedIn(SignedIn),
    TwoFactorRequired { challenge_token: String },
}

/// The user of a bearer token and the session it names.
#[derive(Debug, Clone)]
pub struct Authenticated {
    pub user: User,
    pub session: SessionId,
}

/// A new (or renewed, still unverified) account, and whether its link e-mail went out.
#[derive(Debug, Clone)]
pub struct Registered {
    pub user: User,
    pub email_sent: bool,
}

/// Registration as the form sends it, before parsing.
#[derive(Debug, Clone, Default)]
pub struct RegisterRequest {
    pub name: String,
    pub email: String,
    pub password: String,
}

#[derive(Debug, Clone, Default)]
pub struct LoginRequest {
    pub email: String,
    pub password: String,
}

/// The Edit Profile form. A password change is asked for when `new_password` is non-empty.
#[derive(Debug, Clone, Default)]
pub struct ProfileChange {
    pub name: String,
    pub email: String,
    pub current_password: Option<String>,
    pub new_password: Option<String>,
}

/// The auth use cases.
#[derive(Clone)]
pub struct AuthService {
    pub(super) deps: AuthDeps,
    pub(super) settings: AuthSettings,
}

impl AuthService {
    pub fn new(deps: AuthDeps, settings: AuthSettings) -> Self {
        Self { deps, settings }
    }

    /// Creates an unverified account and e-mails its verification link. Registering again
    /// with an address that was never verified replaces that pending account's name and
    /// password and sends a fresh link; a verified address is `EmailTaken`. A mail failure
    /// is logged and reported in the outcome, and the registration stands.
    #[tracing::instrument(level = "debug", skip_all)]
    pub async fn register(&self, request: RegisterRequest) -> Result<Registered, AuthError> {
        let name = PersonName::parse(&request.name)?;
        let email = Email::parse(&request.email)?;
        let password = NewPassword::parse(&request.password, "password")?;
        let password_hash = self.deps.hasher.hash(password.expose()).await?;

        let user = match self.deps.users.find_credentials_by_email(&email).await {
            Ok(existing) if existing.user.is_verified => return Err(AuthError::EmailTaken),
            Ok(existing) => self.deps.users.replace_unverified(existing.user.id, name, password_hash).await?,
            Err(RepoError::NotFound) => {
                let new_user = NewUser {
                    name,
                    email,
                    password_hash,
                    role: Role::User,
                    is_verified: false,
                    default_categories: default_categories(),
                };
                match self.deps.users.create(new_user).await {
                    Ok(user) => user,
                    Err(RepoError::Duplicate(UniqueField::Email)) => return Err(AuthError::EmailTaken),
                    Err(e) => return Err(e.into()),
                }
            }
            Err(e) => return Err(e.into()),
        };

        let email_sent = self.send_link(&user, TokenPurpose::VerifyEmail).await?;
        Ok(Registered { user, email_sent })
    }

    /// Checks credentials. Order of refusals: wrong credentials, disabled, not verified.
    #[tracing::instrument(level = "debug", skip_all)]
    pub async fn login(&self, request: LoginRequest, meta: ClientMeta) -> Result<LoginOutcome, AuthError> {
        let email = Email::parse(&request.email)?;
        let password = LoginPassword::parse(&request.password)?;
        // Under a flood of sign-ins, refuse before reading the account: the database stays free
        // for everyone else.
        if self.deps.hasher.is_saturated() {
            return Err(AuthError::Busy);
        }
        let credentials = match self.deps.users.find_credentials_by_email(&email).await {
            Ok(c) => c,
            Err(RepoError::NotFound) => {
                self.deps.hasher.verify_dummy(password.expose()).await?;
                return Err(AuthError::InvalidCredentials);
            }
            Err(e) => return Err(e.into()),
        };
        if !self.deps.hasher.verify(password.expose(), &credentials.password_hash).await? {
            return Err(AuthError::InvalidCredentials);
        }
        let user = credentials.user;
        if !user.is_active {
            return Err(AuthError::Disabled);
        }
        if !user.is_verified {
            return Err(AuthError::NotVerified);
        }
        if user.two_factor_enabled {
            return Ok(LoginOutcome::TwoFactorRequired { challenge_token: self.challenge(&user, meta).await? });
        }
        Ok(LoginOutcome::SignedIn(self.start_session(user, meta).await?))
    }

    /// Uses a verification link: the account becomes verified and the user is signed in.
    #[tracing::instrument(level = "debug", skip_all)]
    pub async fn verify_email(&self, token: &str, meta: ClientMeta) -> Result<SignedIn, AuthError> {
        let digest = self.deps.secrets.digest(token.trim());
        let now = self.deps.clock.now();
        let user_id = match self.deps.link_tokens.consume(TokenPurpose::VerifyEmail, digest.clone(), now).await {
            Ok(id) => id,
            Err(RepoError::NotFound) => return Err(self.unusable_verification_link(digest).await),
            Err(e) => return Err(e.into()),
        };
        let user = self.deps.users.mark_verified(user_id).await?;
        if !user.is_active {
            return Err(AuthError::Disabled);
        }
        // A link never stands in for the second factor (only a verified user can turn it on, so
        // this is a link sent again after that): the user signs in with password and code.
        if user.two_factor_enabled {
            return Err(AuthError::AlreadyVerified);
        }
        self.start_session(user, meta).await
    }

    /// Why a verification link could not be used: opened again after it did its work (the
    /// address is verified, so the user only needs to log in), or invalid or expired.
    async fn unusable_verification_link(&self, digest: String) -> AuthError {
        let now = self.deps.clock.now();
        match self.deps.link_tokens.state(TokenPurpose::VerifyEmail, digest, now).await {
            Ok(LinkState::Used(user_id)) => match self.deps.users.find_by_id(user_id).await {
                Ok(user) if user.is_verified => AuthError::AlreadyVerified,
                Ok(_) | Err(RepoError::NotFound) => AuthError::InvalidVerificationLink,
                Err(e) => e.into(),
            },
            Ok(LinkState::Live(_)) | Err(RepoError::NotFound) => AuthError::InvalidVerificationLink,
            Err(e) => e.into(),
        }
    }

    /// Whether a reset link can still be used, before the user types a new password twice.
    #[tracing::instrument(level = "debug", skip_all)]
    pub async fn check_reset_link(&self, token: &str) -> Result<(), AuthError> {
        let digest = self.deps.secrets.digest(token.trim());
        match self.deps.link_tokens.state(TokenPurpose::ResetPassword, digest, self.deps.clock.now()).await {
            Ok(LinkState::Live(_)) => Ok(()),
            Ok(LinkState::Used(_)) | Err(RepoError::NotFound) => Err(AuthError::InvalidResetLink),
            Err(e) => Err(e.into()),
        }
    }

    /// Sends a reset link when the address belongs to an account; answers the same either way.
    #[tracing::instrument(level = "debug", skip_all)]
    pub async fn forgot_password(&self, email: &str) -> Result<(), AuthError> {
        let email = Email::parse(email)?;
        match self.deps.users.find_credentials_by_email(&email).await {
            Ok(credentials) if credentials.user.is_active => {
                self.send_link(&credentials.user, TokenPurpose::ResetPassword).await.map(|_| ())
            }
            Ok(_) | Err(RepoError::NotFound) => Ok(()),
            Err(e) => Err(e.into()),
        }
    }

    /// Uses a reset link: sets the password, voids older sessions, and (since the link proved
    /// the address) marks the e-mail verified.
    #[tracing::instrument(level = "debug", skip_all)]
    pub async fn reset_password(&self, token: &str, password: &str) -> Result<User, AuthError> {
        let password = NewPassword::parse(password, "password")?;
        let password_hash = self.deps.hasher.hash(password.expose()).await?;
        let digest = self.deps.secrets.digest(token.trim());
        let user_id =
            match self.deps.link_tokens.consume(TokenPurpose::ResetPassword, digest, self.deps.clock.now()).await {
                Ok(id) => id,
                Err(RepoError::NotFound) => return Err(AuthError::InvalidResetLink),
                Err(e) => return Err(e.into()),
            };
        self.deps.users.set_password(user_id, password_hash).await?;
        Ok(self.deps.users.mark_verified(user_id).await?)
    }

    /// The user behind a bearer token, if the token is valid, its session not ended, its
    /// version current, and the user active: one lookup by key.
    #[tracing::instrument(level = "debug", skip_all)]
    pub async fn authenticate(&self, token: &str) -> Result<Authenticated, AuthError> {
        let claims = self.deps.sessions.verify(token).ok_or(AuthError::SessionInvalid)?;
        let now = self.deps.clock.now();
        let user = match self.deps.session_store.user_of(claims.user_id, claims.session_id, now).await {
            Ok(user) => user,
            Err(RepoError::NotFound) => return Err(AuthError::SessionInvalid),
            Err(e) => return Err(e.into()),
        };
        if user.token_version != claims.token_version {
            return Err(AuthError::SessionInvalid);
        }
        if !user.is_active {
            return Err(AuthError::Disabled);
        }
        Ok(Authenticated { user, session: claims.session_id })
    }

    /// Edits name and e-mail, and the password when a new one is given (which needs the
    /// current one). Returns the user and, after a password change, a fresh token for this
    /// device (every session, this one's included, ends with the change).
    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user.id))]
    pub async fn update_profile(
        &self,
        user: &User,
        change: ProfileChange,
        meta: ClientMeta,
    ) -> Result<(User, Option<String>), AuthError> {
        let name = PersonName::parse(&change.name)?;
        let email = Email::parse(&change.email)?;
        let new_password = match change.new_password.as_deref() {
            None | Some("") => None,
            Some(raw) => Some(NewPassword::parse(raw, "newPassword")?),
        };
        let new_hash = match &new_password {
            None => None,
            Some(new_password) => {
                let current = change.current_password.as_deref().unwrap_or_default();
                if current.is_empty() {
                    return Err(ValidationError::new(
                        "currentPassword",
                        "Current password is required to change password",
                    )
                    .into());
                }
                let stored = self.deps.users.password_hash(user.id).await?;
                if !self.deps.hasher.verify(current, &stored).await? {
                    return Err(AuthError::WrongCurrentPassword);
                }
                Some(self.deps.hasher.hash(new_password.expose()).await?)
            }
        };

        let mut updated = if name != user.name || email != user.email {
            match self.deps.users.update_profile(user.id, name, email).await {
                Ok(u) => u,
                Err(RepoError::Duplicate(UniqueField::Email)) => return Err(AuthError::EmailTaken),
                Err(e) => return Err(e.into()),
            }
        } else {
            user.clone()
        };
        let mut token = None;
        if let Some(hash) = new_hash {
            updated = self.deps.users.set_password(user.id, hash).await?;
            token = Some(self.start_session(updated.clone(), meta).await?.token);
        }
        Ok((updated, token))
    }

    /// Creates a verified, active superadmin, or promotes the user who has this e-mail
    /// (setting the given password).
    #[tracing::instrument(level = "debug", skip_all)]
    pub async fn create_admin(&self, name: &str, email: &str, password: &str) -> Result<User, AuthError> {
        let name = PersonName::parse(name)?;
        let email = Email::parse(email)?;
        let password = NewPassword::parse(password, "password")?;
        let password_hash = self.deps.hasher.hash(password.expose()).await?;
        match self.deps.users.find_credentials_by_email(&email).await {
            Ok(existing) => Ok(self.deps.users.promote_to_superadmin(existing.user.id, password_hash).await?),
            Err(RepoError::NotFound) => {
                let new_user = NewUser {
                    name,
                    email,
                    password_hash,
                    role: Role::Superadmin,
                    is_verified: true,
                    default_categories: default_categories(),
                };
                Ok(self.deps.users.create(new_user).await?)
            }
            Err(e) => Err(e.into()),
        }
    }

    /// Records a session for this device and issues its token.
    pub(super) async fn start_session(&self, user: User, meta: ClientMeta) -> Result<SignedIn, AuthError> {
        let id = SessionId::generate();
        let now = self.deps.clock.now();
        self.deps.session_store.create(user.id, id, meta, now, now - self.settings.session_ttl).await?;
        let claims = SessionClaims { user_id: user.id, token_version: user.token_version, session_id: id };
        Ok(SignedIn { token: self.deps.sessions.issue(claims)?, user })
    }

    /// Stores a new link token (superseding older ones) and e-mails the link. A send failure
    /// is logged and answered with `false`, not an error: the account change stands and the
    /// user can ask again.
    #[tracing::instrument(level = "debug", skip_all)]
    async fn send_link(&self, user: &User, purpose: TokenPurpose) -> Result<bool, AuthError> {
        let secret = self.deps.secrets.generate();
        let (ttl, path) = match purpose {
            TokenPurpose::VerifyEmail => (self.settings.verification_ttl, "verify-email"),
            TokenPurpose::ResetPassword => (self.settings.reset_ttl, "reset-password"),
        };
        let expires_at = self.deps.clock.now() + ttl;
        self.deps.link_tokens.replace(user.id, purpose, secret.digest, expires_at).await?;
        let link = format!("{}/{}/{}", self.settings.public_url, path, secret.plain);
        let email = match purpose {
            TokenPurpose::VerifyEmail => emails::verification(user, &link),
            TokenPurpose::ResetPassword => emails::password_reset(user, &link),
        };
        match self.deps.mailer.send(email).await {
            Ok(()) => Ok(true),
            Err(error) => {
                tracing::error!(user_id = %user.id, purpose = purpose.as_str(), error = ?error, "sending a link e-mail failed");
                Ok(false)
            }
        }
    }
}
