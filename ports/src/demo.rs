//! Demo and load data: a verified user filled with a deterministic plan.

use std::sync::Arc;

use async_trait::async_trait;
use domain::categories::default_categories;
use domain::demo::DemoPlan;
use domain::{Email, NewPassword, PersonName, Role, UserId};

use crate::security::PasswordHasher;
use crate::users::{NewUser, UserRepository};
use crate::RepoError;

/// What a load stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct LoadReport {
    pub accounts: usize,
    /// Rows written (a transfer is two).
    pub transactions: usize,
}

/// Stores a whole plan at once, for seeding: faster than one write per transaction, with the
/// same running balances and totals the ledger keeps.
#[cfg_attr(feature = "mocks", mockall::automock)]
#[async_trait]
pub trait LedgerLoader: Send + Sync {
    /// Creates the plan's accounts (new ones, every call) and all its entries for the user, in
    /// one database transaction. Categories are the user's default ones by name (created when
    /// missing).
    async fn load(&self, user: UserId, plan: DemoPlan) -> Result<LoadReport, RepoError>;
}

pub struct DemoSeeder {
    users: Arc<dyn UserRepository>,
    hasher: Arc<dyn PasswordHasher>,
    loader: Arc<dyn LedgerLoader>,
}

impl DemoSeeder {
    pub fn new(users: Arc<dyn UserRepository>, hasher: Arc<dyn PasswordHasher>, loader: Arc<dyn LedgerLoader>) -> Self {
        Self { users, hasher, loader }
    }

    /// Finds or creates the verified user (an existing user keeps their password), then loads
    /// the plan for them.
    pub async fn seed(&self, email: &str, password: &str, plan: DemoPlan) -> anyhow::Result<(UserId, LoadReport)> {
        let email = Email::parse(email)?;
        let user = match self.users.find_credentials_by_email(&email).await {
            Ok(existing) => self.users.mark_verified(existing.user.id).await?,
            Err(RepoError::NotFound) => {
                let password = NewPassword::parse(password, "password")?;
                let password_hash = self.hasher.hash(password.expose()).await?;
                self.users
                    .create(NewUser {
                        name: PersonName::parse("Demo User")?,
                        email,
                        password_hash,
                        role: Role::User,
                        is_verified: true,
                        default_categories: default_categories(),
                    })
                    .await?
            }
            Err(e) => return Err(e.into()),
        };
        let report = self.loader.load(user.id, plan).await?;
        Ok((user.id, report))
    }
}
