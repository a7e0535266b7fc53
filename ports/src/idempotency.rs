//! Writes a client may send twice (a double tap, a retry after a lost connection, an offline
//! queue) carry an Idempotency-Key; the store remembers each key's first answer for a day.

use async_trait::async_trait;
use domain::UserId;

use crate::RepoError;

/// What to do with a request that carries a key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Claim {
    /// First seen (or a stale claim taken over): handle it, then `complete` or `release`.
    New,
    /// Already answered: send this answer again.
    Replay { status: u16, body: Vec<u8> },
    /// Another request with this key is being handled right now.
    InProgress,
    /// The key was used for a different request.
    Mismatch,
}

#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait IdempotencyStore: Send + Sync {
    /// Claims the user's key for a request with this fingerprint, atomically: of two requests
    /// with the same key at once, one gets `New` and the other `InProgress`. Keys older than a
    /// day are forgotten; a claim left unanswered for ten minutes (a crashed server) may be
    /// taken over.
    async fn claim(&self, user: UserId, key: &str, fingerprint: &str) -> Result<Claim, RepoError>;
    /// Stores the answer to replay.
    async fn complete(&self, user: UserId, key: &str, status: u16, body: Vec<u8>) -> Result<(), RepoError>;
    /// Forgets the claim, so the request may be tried again (the server failed to answer it).
    async fn release(&self, user: UserId, key: &str) -> Result<(), RepoError>;
}
