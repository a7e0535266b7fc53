//! The household a user is in: its name and its members with their roles. The owner renames
//! it; everyone in it reads it.

use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::households::{HouseholdName, HouseholdRole};
use domain::ids::HouseholdId;
use domain::{Scope, UserId, ValidationError};

use crate::RepoError;

/// One person of a household.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Member {
    pub user: UserId,
    pub name: String,
    pub email: String,
    pub role: HouseholdRole,
    pub joined_at: DateTime<Utc>,
}

/// A household with its members, the owner first, then by when they joined.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Household {
    pub id: HouseholdId,
    pub name: String,
    pub members: Vec<Member>,
}

impl Household {
    /// The role of `user` in it; `None` for someone not in it.
    pub fn role_of(&self, user: UserId) -> Option<HouseholdRole> {
        self.members.iter().find(|m| m.user == user).map(|m| m.role)
    }
}

#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait HouseholdRepository: Send + Sync {
    /// The household the user is in (every user is in exactly one).
    async fn of_user(&self, user: UserId) -> Result<Household, RepoError>;
    /// The household the user is in and their role in it (every user is in exactly one).
    async fn membership(&self, user: UserId) -> Result<(HouseholdId, HouseholdRole), RepoError>;
    async fn rename(&self, id: HouseholdId, name: HouseholdName) -> Result<(), RepoError>;
}

#[derive(Debug, thiserror::Error)]
pub enum HouseholdError {
    #[error("{0}")]
    Invalid(#[from] ValidationError),
    /// A member or a viewer asked for what only the owner may do.
    #[error("Only the household owner can do this")]
    OwnerOnly,
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

impl From<RepoError> for HouseholdError {
    fn from(e: RepoError) -> Self {
        HouseholdError::Unexpected(anyhow::Error::new(e))
    }
}

#[derive(Clone)]
pub struct HouseholdService {
    households: Arc<dyn HouseholdRepository>,
}

impl HouseholdService {
    pub fn new(households: Arc<dyn HouseholdRepository>) -> Self {
        Self { households }
    }

    /// The user's household, for every member and viewer.
    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    pub async fn get(&self, user: UserId) -> Result<Household, HouseholdError> {
        Ok(self.households.of_user(user).await?)
    }

    /// The household whose books the user's requests read and write, and their role in it.
    pub async fn membership(&self, user: UserId) -> Result<(HouseholdId, HouseholdRole), HouseholdError> {
        Ok(self.households.membership(user).await?)
    }

    /// Whose books `user` works on, as themselves; `None` for an unknown user.
    pub async fn scope_of(&self, user: UserId) -> Result<Option<Scope>, HouseholdError> {
        match self.households.membership(user).await {
            Ok((household, _)) => Ok(Some(Scope { household, member: user })),
            Err(RepoError::NotFound) => Ok(None),
            Err(e) => Err(e.into()),
        }
    }

    /// Renames the user's household (the owner only; the role is checked before the name).
    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    pub async fn rename(&self, user: UserId, name: &str) -> Result<Household, HouseholdError> {
        let household = self.households.of_user(user).await?;
        if !household.role_of(user).is_some_and(HouseholdRole::manages) {
            return Err(HouseholdError::OwnerOnly);
        }
        let name = HouseholdName::parse(name)?;
        self.households.rename(household.id, name.clone()).await?;
        Ok(Household { name: name.as_str().to_owned(), ..household })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use uuid::Uuid;

    fn household(role: HouseholdRole) -> Household {
        Household {
            id: HouseholdId(Uuid::from_u128(7)),
            name: "Jane's household".into(),
            members: vec![Member {
                user: UserId(Uuid::from_u128(1)),
                name: "Jane".into(),
                email: "jane@example.com".into(),
                role,
                joined_at: Utc::now(),
            }],
        }
    }

    #[tokio::test]
    #[tracing::instrument(level = "debug", skip_all)]
    async fn the_owner_renames_with_the_name_trimmed() {
        let mut repo = MockHouseholdRepository::new();
        repo.expect_of_user().returning(|_| Ok(household(HouseholdRole::Owner)));
        repo.expect_rename()
            .withf(|id, name| id.0 == Uuid::from_u128(7) && name.as_str() == "The Does")
            .times(1)
            .returning(|_, _| Ok(()));
        let renamed = HouseholdService::new(Arc::new(repo)).rename(UserId(Uuid::from_u128(1)), " The Does ").await;
        assert_eq!(renamed.unwrap().name, "The Does");
    }

    #[tokio::test]
    #[tracing::instrument(level = "debug", skip_all)]
    async fn a_member_or_a_viewer_cannot_rename_even_with_a_bad_name() {
        for role in [HouseholdRole::Member, HouseholdRole::Viewer] {
            let mut repo = MockHouseholdRepository::new();
            repo.expect_of_user().returning(move |_| Ok(household(role)));
            repo.expect_rename().never();
            let err = HouseholdService::new(Arc::new(repo)).rename(UserId(Uuid::from_u128(1)), "").await.unwrap_err();
            assert_eq!(err.to_string(), "Only the household owner can do this");
        }
    }

    #[tokio::test]
    #[tracing::instrument(level = "debug", skip_all)]
    async fn a_bad_name_changes_nothing() {
        let mut repo = MockHouseholdRepository::new();
        repo.expect_of_user().returning(|_| Ok(household(HouseholdRole::Owner)));
        repo.expect_rename().never();
        let err = HouseholdService::new(Arc::new(repo)).rename(UserId(Uuid::from_u128(1)), &"x".repeat(51)).await;
        assert_eq!(err.unwrap_err().to_string(), "Household name cannot exceed 50 characters");
    }
}
