//! Storage of users and of their one-time link tokens.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::admin::AdminAction;
use domain::categories::CategoryDraft;
use domain::{Email, PersonName, Role, User, UserId};

use crate::RepoError;

/// A user together with the password hash that only the auth use cases may see.
#[derive(Debug, Clone)]
pub struct UserCredentials {
    pub user: User,
    pub password_hash: String,
}

/// The fields of a user about to be created.
#[derive(Debug, Clone)]
pub struct NewUser {
    pub name: PersonName,
    pub email: Email,
    pub password_hash: String,
    pub role: Role,
    pub is_verified: bool,
    /// Categories every new user starts with, created in the same database transaction.
    pub default_categories: Vec<CategoryDraft>,
}

/// Users' rows.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait UserRepository: Send + Sync {
    /// Inserts a user (active, token version 0). `Duplicate(Email)` when the e-mail is taken.
    async fn create(&self, user: NewUser) -> Result<User, RepoError>;
    /// The user with this id, or `NotFound`.
    async fn find_by_id(&self, id: UserId) -> Result<User, RepoError>;
    /// The user and password hash for this (already normalised) e-mail, or `NotFound`.
    async fn find_credentials_by_email(&self, email: &Email) -> Result<UserCredentials, RepoError>;
    /// The password hash of a user, or `NotFound`.
    async fn password_hash(&self, id: UserId) -> Result<String, RepoError>;
    /// Replaces name and e-mail. `Duplicate(Email)` when another user has the e-mail;
    /// `NotFound` for an unknown id.
    async fn update_profile(&self, id: UserId, name: PersonName, email: Email) -> Result<User, RepoError>;
    /// Stores a new password hash and increments the token version, voiding older sessions.
    /// Returns the updated user; `NotFound` for an unknown id.
    async fn set_password(&self, id: UserId, password_hash: String) -> Result<User, RepoError>;
    /// Replaces the name and password of a user who has not verified yet (registration
    /// repeated before the first link was used). `NotFound` if the user is unknown.
    async fn replace_unverified(&self, id: UserId, name: PersonName, password_hash: String) -> Result<User, RepoError>;
    /// Marks the e-mail as verified. Returns the updated user; `NotFound` for an unknown id.
    async fn mark_verified(&self, id: UserId) -> Result<User, RepoError>;
    /// Makes the user a verified, active superadmin with this password hash.
    async fn promote_to_superadmin(&self, id: UserId, password_hash: String) -> Result<User, RepoError>;

    /// Every user, oldest first, and how many there are; one page of them when asked.
    async fn list_users(&self, page: Option<(i64, i64)>) -> Result<(Vec<User>, i64), RepoError>;
    /// Creates a user for an administrator and records it in the audit log, in one transaction.
    /// `Duplicate(Email)` when the e-mail is taken.
    async fn create_by_admin(&self, user: NewUser, by: AuditStamp) -> Result<User, RepoError>;
    /// Applies an administrator's change to `target` and records it, in one transaction that
    /// first locks the active superadmins and the target, then checks `domain::admin::admin_may`
    /// (`Refused` when it says no). Answers the user after the change (`None` once deleted);
    /// `NotFound` for an unknown target, `Duplicate(Email)` for a taken e-mail.
    async fn admin_change(
        &self,
        target: UserId,
        change: AdminChange,
        by: AuditStamp,
    ) -> Result<Option<User>, RepoError>;
    /// The audit entries about `target`, newest first, at most `limit`.
    async fn audit_of(&self, target: UserId, limit: i64) -> Result<Vec<AuditRecord>, RepoError>;
}

/// An administrator's change to another user's row.
#[derive(Debug, Clone)]
pub enum AdminChange {
    /// A `password_hash` replaces the password and ends the user's sessions.
    Edit {
        name: PersonName,
        email: Email,
        role: Role,
        password_hash: Option<String>,
    },
    Delete,
    ToggleActive,
    ToggleBankAccess,
    ToggleFinalizeAccess,
    /// Turns the user's two-factor sign-in off (they lost their phone and codes).
    ResetTwoFactor,
}

impl AdminChange {
    pub fn action(&self) -> AdminAction {
        match self {
            AdminChange::Edit { role, .. } => AdminAction::Edit { role: *role },
            AdminChange::Delete => AdminAction::Delete,
            AdminChange::ToggleActive => AdminAction::ToggleActive,
            AdminChange::ToggleBankAccess => AdminAction::ToggleBankAccess,
            AdminChange::ToggleFinalizeAccess => AdminAction::ToggleFinalizeAccess,
            AdminChange::ResetTwoFactor => AdminAction::ResetTwoFactor,
        }
    }
}

/// Who made an administrative change and from where, for the audit log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuditStamp {
    pub actor: UserId,
    /// The client's address as the server saw it.
    pub ip: Option<String>,
}

/// One audit log entry. `detail` never holds a password or a token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuditRecord {
    pub at: DateTime<Utc>,
    pub actor: UserId,
    /// The actor's e-mail at the time of reading (`None` once the actor is deleted).
    pub actor_email: Option<String>,
    pub target: UserId,
    pub action: String,
    pub detail: String,
    pub ip: Option<String>,
}

/// What a one-time link token is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenPurpose {
    VerifyEmail,
    ResetPassword,
}

impl TokenPurpose {
    pub fn as_str(self) -> &'static str {
        match self {
            TokenPurpose::VerifyEmail => "verify_email",
            TokenPurpose::ResetPassword => "reset_password",
        }
    }
}

/// One-time tokens sent in e-mailed links, stored only as digests.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait LinkTokenRepository: Send + Sync {
    /// Stores a token digest for the user and purpose, deleting every older token of the same
    /// user and purpose (a newer link supersedes the old ones).
    async fn replace(
        &self,
        user_id: UserId,
        purpose: TokenPurpose,
        digest: String,
        expires_at: DateTime<Utc>,
    ) -> Result<(), RepoError>;
    /// Atomically marks the token with this digest and purpose used and returns its user when
    /// it had not expired at `now` nor been used. `NotFound` otherwise: a token can be consumed
    /// at most once.
    async fn consume(&self, purpose: TokenPurpose, digest: String, now: DateTime<Utc>) -> Result<UserId, RepoError>;
    /// What the token with this digest and purpose is at `now`, without using it. `NotFound`
    /// when there is no such token or it has expired.
    async fn state(&self, purpose: TokenPurpose, digest: String, now: DateTime<Utc>) -> Result<LinkState, RepoError>;
}

/// A link token that exists and has not expired.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinkState {
    /// Not used yet: consuming it would succeed.
    Live(UserId),
    /// Used once already (kept until a newer link of the same user and purpose replaces it).
    Used(UserId),
}
