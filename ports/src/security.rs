//! Cryptographic ports: password hashing, session tokens and one-time link tokens.

use async_trait::async_trait;
use domain::UserId;

use crate::WorkError;

/// Hashes and checks passwords. Implementations are slow and memory-hungry on purpose, so they
/// must not block the async runtime's threads and must bound how many run at once: beyond
/// that bound they answer [`WorkError::Busy`] at once instead of queueing without limit.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait PasswordHasher: Send + Sync {
    /// A self-describing hash (algorithm, parameters and salt included) of `password`.
    async fn hash(&self, password: &str) -> Result<String, WorkError>;
    /// Whether `password` matches `hash`. A malformed hash is `Failed`, a mismatch `Ok(false)`.
    async fn verify(&self, password: &str, hash: &str) -> Result<bool, WorkError>;
    /// Spends the same time (and is bounded the same way) as a real `verify`, for unknown
    /// e-mails, so neither timing nor a `Busy` answer tells whether an account exists.
    async fn verify_dummy(&self, password: &str) -> Result<(), WorkError>;
    /// Whether a hash asked for now would be refused as `Busy`: a cheap hint that lets a caller
    /// refuse before the work that leads up to hashing (reading the account).
    fn is_saturated(&self) -> bool;
}

/// What a valid session token says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SessionClaims {
    pub user_id: UserId,
    pub token_version: i32,
    /// The signed-in device's row: the token works only while it exists.
    pub session_id: domain::ids::SessionId,
}

/// Issues and checks the bearer tokens of signed-in sessions.
#[cfg_attr(test, mockall::automock)]
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
#[cfg_attr(test, mockall::automock)]
pub trait LinkTokens: Send + Sync {
    /// A new random token and its digest.
    fn generate(&self) -> OneTimeSecret;
    /// The digest of a token received in a link, to look it up.
    fn digest(&self, plain: &str) -> String;
    /// `n` bytes from the operating system's secure random source (a two-factor secret, a
    /// recovery code).
    fn random_bytes(&self, n: usize) -> Vec<u8>;
}

/// Seals secrets kept at rest (a bank connection's access token) with authenticated
/// encryption, so the database never holds them in plain text and a changed byte is detected.
#[cfg_attr(test, mockall::automock)]
pub trait SecretBox: Send + Sync {
    fn seal(&self, plain: &str) -> anyhow::Result<Vec<u8>>;
    /// The plain text of a sealed value; an error when it was not sealed with this key or was
    /// changed.
    fn open(&self, sealed: &[u8]) -> anyhow::Result<String>;
}
