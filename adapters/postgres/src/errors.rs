use diesel::result::{DatabaseErrorKind, Error as DieselError};
use diesel::QueryResult;
use ports::{RepoError, UniqueField};

/// Maps diesel's errors onto the ports' contract.
pub(crate) fn repo_error(error: DieselError) -> RepoError {
    match error {
        DieselError::NotFound => RepoError::NotFound,
        DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, ref info) => {
            match info.constraint_name().and_then(unique_field) {
                Some(field) => RepoError::Duplicate(field),
                // A uniqueness rule no caller expects to meet is a bug, not a user's mistake.
                None => RepoError::Unexpected(anyhow::Error::new(error)),
            }
        }
        DieselError::DatabaseError(DatabaseErrorKind::ClosedConnection, _) => {
            RepoError::Unavailable(anyhow::Error::new(error))
        }
        other => RepoError::Unexpected(anyhow::Error::new(other)),
    }
}

/// The value a unique index protects, by the index's name (see the migrations).
fn unique_field(constraint: &str) -> Option<UniqueField> {
    match constraint {
        "users_email_key" => Some(UniqueField::Email),
        "categories_user_name_key" => Some(UniqueField::CategoryName),
        "tags_household_name_key" => Some(UniqueField::TagName),
        _ => None,
    }
}

/// What a write that must touch a row answers: `NotFound` when it touched none (the row is not
/// the user's, or is gone).
pub(crate) fn found(touched: usize) -> Result<(), RepoError> {
    if touched == 0 {
        Err(RepoError::NotFound)
    } else {
        Ok(())
    }
}

/// `?` cannot turn a diesel error into a [`RepoError`] (neither type is this crate's), so a
/// query's result goes through [`repo_error`] with `.or_repo()?`.
pub(crate) trait OrRepo<T> {
    fn or_repo(self) -> Result<T, RepoError>;
}

impl<T> OrRepo<T> for QueryResult<T> {
    fn or_repo(self) -> Result<T, RepoError> {
        self.map_err(repo_error)
    }
}

/// Why a database transaction ended early: the repository's own answer (a missing row, a
/// conflict) or diesel's while beginning, committing or rolling back. diesel's transactions need
/// an error type built from its own, which [`RepoError`] cannot be; either way it rolls back.
pub(crate) enum Abort {
    Repo(RepoError),
    Diesel(DieselError),
}

impl From<DieselError> for Abort {
    fn from(error: DieselError) -> Self {
        Abort::Diesel(error)
    }
}

impl From<Abort> for RepoError {
    fn from(abort: Abort) -> Self {
        match abort {
            Abort::Repo(error) => error,
            Abort::Diesel(error) => repo_error(error),
        }
    }
}
