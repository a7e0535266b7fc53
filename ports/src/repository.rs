/// What every repository method can fail with.
#[derive(Debug, thiserror::Error)]
pub enum RepoError {
    /// The row asked for does not exist (or belongs to someone else).
    #[error("not found")]
    NotFound,
    /// A uniqueness rule refused the write; the string names the constraint's subject.
    #[error("conflict: {0}")]
    Conflict(String),
    /// The database could not be reached or gave up (pool timeout, connection refused).
    #[error("storage unavailable")]
    Unavailable(#[source] anyhow::Error),
    /// Anything else: a bug or a broken invariant.
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

impl RepoError {
    /// The caller's own error for `NotFound`, and its unexpected error for anything else.
    pub fn or_not_found<E: From<anyhow::Error>>(self, not_found: impl FnOnce() -> E) -> E {
        match self {
            RepoError::NotFound => not_found(),
            other => E::from(anyhow::Error::new(other)),
        }
    }
}
