use diesel::result::{DatabaseErrorKind, Error as DieselError};
use ports::RepoError;

/// Maps diesel's errors onto the ports' contract.
pub(crate) fn repo_error(error: DieselError) -> RepoError {
    match error {
        DieselError::NotFound => RepoError::NotFound,
        DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, info) => {
            RepoError::Conflict(info.constraint_name().unwrap_or("unique").to_owned())
        }
        DieselError::DatabaseError(DatabaseErrorKind::ClosedConnection, _) => {
            RepoError::Unavailable(anyhow::Error::new(error))
        }
        other => RepoError::Unexpected(anyhow::Error::new(other)),
    }
}
