//! What the sign-in use cases keep: signed-in devices, two-factor enrolments, recovery codes
//! and the challenges of sign-ins that still owe a code.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::ids::SessionId;
use domain::{User, UserId};

use crate::RepoError;

/// Where a request came from, as the server saw it (the TCP peer; the browser's User-Agent).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ClientMeta {
    pub ip: Option<String>,
    pub user_agent: Option<String>,
}

/// Longest User-Agent kept: browsers send 100 to 300 characters.
pub const USER_AGENT_LIMIT: usize = 512;

impl ClientMeta {
    /// Meta as received, with an overlong or blank User-Agent trimmed to what is kept.
    pub fn new(ip: Option<String>, user_agent: Option<&str>) -> Self {
        let user_agent =
            user_agent.map(str::trim).filter(|ua| !ua.is_empty()).map(|ua| ua.chars().take(USER_AGENT_LIMIT).collect());
        Self { ip, user_agent }
    }
}

/// One signed-in device.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionInfo {
    pub id: SessionId,
    pub created_at: DateTime<Utc>,
    pub last_seen_at: DateTime<Utc>,
    pub meta: ClientMeta,
}

/// Signed-in devices.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait SessionRepository: Send + Sync {
    /// Records a new session, and drops the user's sessions not seen since `stale_before`
    /// (their tokens have expired).
    async fn create(
        &self,
        user: UserId,
        id: SessionId,
        meta: ClientMeta,
        now: DateTime<Utc>,
        stale_before: DateTime<Utc>,
    ) -> Result<(), RepoError>;
    /// The user of a live session in one lookup by key, noting that it was seen at `now` (a
    /// write at most every few minutes). `NotFound` once the session is gone.
    async fn user_of(&self, user: UserId, id: SessionId, now: DateTime<Utc>) -> Result<User, RepoError>;
    /// The user's sessions, most recently seen first.
    async fn list(&self, user: UserId) -> Result<Vec<SessionInfo>, RepoError>;
    /// Ends one session; `NotFound` when the user has no such session.
    async fn delete(&self, user: UserId, id: SessionId) -> Result<(), RepoError>;
    /// Ends every session of the user but `keep`; how many ended.
    async fn delete_others(&self, user: UserId, keep: SessionId) -> Result<u64, RepoError>;
}

/// A user's two-factor enrolment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TwoFactorRecord {
    /// The TOTP secret, sealed.
    pub sealed_secret: Vec<u8>,
    /// Confirmed with a code: sign-ins need one.
    pub enabled: bool,
    /// The newest time step a code was accepted at.
    pub last_step: Option<i64>,
}

/// A sign-in whose password was right and which still owes a code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Challenge {
    /// Where the password was typed: the session made from this challenge records it.
    pub meta: ClientMeta,
}

/// Two-factor enrolments, recovery codes and sign-in challenges.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait TwoFactorRepository: Send + Sync {
    /// The user's enrolment, confirmed or not; `NotFound` when there is none.
    async fn record(&self, user: UserId) -> Result<TwoFactorRecord, RepoError>;
    /// Stores a new unconfirmed secret, replacing an unconfirmed one. `Duplicate(TwoFactor)`
    /// when two-factor sign-in is already on.
    async fn begin(&self, user: UserId, sealed_secret: Vec<u8>) -> Result<(), RepoError>;
    /// Confirms the enrolment, its code having been at `step`, and stores the recovery codes'
    /// digests (replacing any): two-factor sign-in is on. `NotFound` when no unconfirmed
    /// enrolment is left (confirmed meanwhile, or never begun).
    async fn enable(&self, user: UserId, step: i64, recovery_digests: Vec<String>) -> Result<(), RepoError>;
    /// Records `step` as used when it is newer than the last used one, atomically: `false`
    /// when it is not (the code was used already: a replay).
    async fn use_step(&self, user: UserId, step: i64) -> Result<bool, RepoError>;
    /// Marks an unused recovery code used: `false` when it is unknown or used already.
    async fn use_recovery_code(&self, user: UserId, digest: String, now: DateTime<Utc>) -> Result<bool, RepoError>;
    /// How many unused recovery codes the user has.
    async fn recovery_codes_left(&self, user: UserId) -> Result<i64, RepoError>;
    /// Turns two-factor sign-in off: the secret, the recovery codes and any pending challenge
    /// go. (An administrator's reset is `UserRepository::admin_change`, audited.)
    async fn disable(&self, user: UserId) -> Result<(), RepoError>;
    /// Stores a challenge (its token's digest) until `expires_at`.
    async fn create_challenge(
        &self,
        user: UserId,
        digest: String,
        expires_at: DateTime<Utc>,
        meta: ClientMeta,
    ) -> Result<(), RepoError>;
    /// A challenge still live at `now`; `NotFound` when unknown, used or expired.
    async fn challenge(&self, user: UserId, digest: String, now: DateTime<Utc>) -> Result<Challenge, RepoError>;
    /// Counts a wrong code; at `limit` failures the challenge is deleted. The failures so far.
    async fn challenge_failed(&self, user: UserId, digest: String, limit: i32) -> Result<i32, RepoError>;
    /// Deletes a challenge (used): `false` when another request took it first.
    async fn take_challenge(&self, user: UserId, digest: String) -> Result<bool, RepoError>;
}
