//! Writes a client may send twice (a double tap, a retry after a lost connection, an offline
//! queue) carry an Idempotency-Key; the store remembers each key's first answer for
//! [`KEY_KEPT_FOR_DAYS`].

use async_trait::async_trait;
use domain::UserId;

use crate::RepoError;

/// How long a key and its answer are kept, in days from the key's first claim. It is longer than
/// the web app keeps a change waiting on a device (`QUEUED_CHANGE_MAX_AGE_DAYS`, 30, in
/// frontend/src/lib/offline/queue.ts; the queue drops an older change unsent and says so), with
/// 5 days to spare for a device clock that is off: every retry of a queued change arrives while
/// its first answer is kept, so it is replayed, never done twice. Raise one, raise the other
/// (docs/reliability.md).
pub const KEY_KEPT_FOR_DAYS: i32 = 35;

/// How long a claim may go unanswered and unapplied before another request with its key takes
/// it over (its server was killed, or lost the database, before its write committed). Taking
/// over early is safe: the first request's write then fails to commit (see [`Scope`]).
pub const STALE_CLAIM_SECONDS: i32 = 30;

/// One claim of a key: the request that holds it, among retries of the same request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClaimToken(pub uuid::Uuid);

/// What to do with a request that carries a key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Claim {
    /// First seen (or a stale claim taken over): handle it within its [`Scope`], then
    /// `complete` or `release`.
    New(ClaimToken),
    /// Already answered: send this answer again.
    Replay { status: u16, body: Vec<u8> },
    /// Its write committed but its answer was lost (the server was killed, or the database went
    /// away, between the two, and the claim went stale): the change is saved; there is no answer
    /// to replay.
    Applied,
    /// Another request with this key is being handled right now.
    InProgress,
    /// The key was used for a different request.
    Mismatch,
}

#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait IdempotencyStore: Send + Sync {
    /// Claims the user's key for a request with this fingerprint, atomically: of two requests
    /// with the same key at once, one gets `New` and the other `InProgress`. A key is kept
    /// [`KEY_KEPT_FOR_DAYS`] from its claim: until then the same request gets `Replay` (or
    /// `InProgress`), after it the key is forgotten (the user's keys past it are deleted on
    /// their next claim) and the request is `New` again. A claim left unanswered for ten
    /// minutes (a crashed server) may be taken over.
    async fn claim(&self, user: UserId, key: &str, fingerprint: &str) -> Result<Claim, RepoError>;
    /// Stores the answer to replay (unless another request took the claim over).
    async fn complete(
        &self,
        user: UserId,
        key: &str,
        claim: ClaimToken,
        status: u16,
        body: Vec<u8>,
    ) -> Result<(), RepoError>;
    /// Forgets the claim, so the request may be tried again (the server failed to answer it) —
    /// unless its write committed: then the key stays, and a retry is told it is `Applied`.
    async fn release(&self, user: UserId, key: &str, claim: ClaimToken) -> Result<(), RepoError>;
}

/// The claimed key a request runs under. Every database transaction that writes while it is
/// current (see `within`) also marks the key applied, in the same transaction, and commits only
/// if its claim is still the key's: so a write is applied once per key whatever crashes between
/// the write and its answer, and a request whose claim was taken over cannot commit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scope {
    pub user: UserId,
    pub key: String,
    pub claim: ClaimToken,
}

tokio::task_local! {
    static CURRENT: Scope;
}

/// Runs `work` (a request's handling) under `scope`.
pub async fn within<F: std::future::Future>(scope: Scope, work: F) -> F::Output {
    CURRENT.scope(scope, work).await
}

/// The scope of the request being handled on this task, if it carries a claimed key.
pub fn current() -> Option<Scope> {
    CURRENT.try_with(Scope::clone).ok()
}
