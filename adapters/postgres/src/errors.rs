use diesel::result::{DatabaseErrorKind, Error as DieselError};
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
        _ => None,
    }
}
