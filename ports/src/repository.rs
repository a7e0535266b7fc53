/// A value that must be unique (per user where the data is a user's).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UniqueField {
    /// A user's e-mail address, across all users.
    Email,
    /// A category's name within one user's categories (ignoring case).
    CategoryName,
    /// A user's two-factor enrolment, once confirmed (one per user).
    TwoFactor,
    /// A tag's name within one household's tags (ignoring case).
    TagName,
}

/// What every repository method can fail with.
#[derive(Debug, thiserror::Error)]
pub enum RepoError {
    /// The row asked for does not exist (or belongs to someone else).
    #[error("not found")]
    NotFound,
    /// A uniqueness rule refused the write: another row already holds this value.
    #[error("duplicate {0:?}")]
    Duplicate(UniqueField),
    /// The row cannot be deleted while `count` other rows refer to it.
    #[error("in use by {count} rows")]
    InUse { count: i64 },
    /// The row is one leg of a transfer: it changes only with the transfer as a whole.
    #[error("part of a transfer")]
    TransferLeg,
    /// A write the domain's rules refuse once the rows are read under their locks (e.g. pairing
    /// two rows into a transfer), with the reason a user reads.
    #[error("invalid: {0}")]
    Invalid(domain::ValidationError),
    /// An administrator's change that the rules refuse, found with the rows locked.
    #[error("refused: {0}")]
    Refused(domain::admin::AdminRefusal),
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
