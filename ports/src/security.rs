//! Cryptographic ports: password hashing, session tokens and one-time link tokens.

use async_trait::async_trait;
use domain::UserId;

/// Hashes and checks passwords. Implementations are slow on purpose and must not block the
/// async runtime's threads.
#[cfg_attr(feature = "mocks", mockall::automock)]
#[async_trait]
pub trait PasswordHasher: Send + Sync {
    /// A self-describing hash (algorithm, parameters and salt included) of `password`.
    async fn hash(&self, password: &str) -> anyhow::Result<String>;
    /// Whether `password` matches `hash`. A malformed hash is an error, a mismatch is `Ok(false)`.
    async fn verify(&self, password: &str, hash: &str) -> anyhow::Result<bool>;
    /// Spends the same time as a real `verify`, for unknown e-mails, so timing does not tell
    /// whether an account exists.
    async fn verify_dummy(&self, password: &str);
}

/// What a valid session token says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SessionClaims {
    pub user_id: UserId,
    pub token_version: i32,
}

/// Issues and checks the bearer tokens of signed-in sessions.
#[cfg_attr(feature = "mocks", mockall::automock)]
pub trait SessionTokens: Send + Sync {
    /// A signed token for the user at this token version, valid for the configured lifetime.
    fn issue(&self, claims: SessionClaims) -> anyhow::Result<String>;
    /// The claims of a token that is well-formed, correctly signed and not expired; `None`
    /// otherwise. Whether the version is still current is the caller's check.
    fn verify(&self, token: &str) -> Option<SessionClaims>;
}

/// A fresh one-time token: the plain text goes into a link, only the digest is stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OneTimeSecret {
    pub plain: String,
    pub digest: String,
}

/// Makes unguessable link tokens (at least 128 bits) and digests them for storage.
#[cfg_attr(feature = "mocks", mockall::automock)]
pub trait LinkTokens: Send + Sync {
    /// A new random token and its digest.
    fn generate(&self) -> OneTimeSecret;
    /// The digest of a token received in a link, to look it up.
    fn digest(&self, plain: &str) -> String;
}
