//! Demo and load data: a verified user filled with a deterministic plan.

use std::sync::Arc;

use async_trait::async_trait;
use chrono::NaiveDate;
use domain::accounts::AccountType;
use domain::categories::default_categories;
use domain::goals::{ContributionSource, GoalCategory};
use domain::{Email, Money, NewPassword, PersonName, Role, UserId};

use crate::security::PasswordHasher;
use crate::users::{NewUser, UserRepository};
use crate::RepoError;

// A plan of demo data: the accounts to create and what happened in them. The generators live in
// the demo-data crate; the loader stores a plan.

/// An account of a plan.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DemoAccount {
    pub name: &'static str,
    pub account_type: AccountType,
    pub initial_balance: Money,
    pub credit_limit: Option<Money>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DemoKind {
    /// An income (positive) or expense (negative) in a default category.
    Transaction { category: &'static str, amount: Money, declined: bool },
    /// Money moving to another account of the plan (by index); the amount is positive.
    Transfer { to: usize, amount: Money },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DemoEntry {
    /// Index into the plan's accounts.
    pub account: usize,
    pub date: NaiveDate,
    pub description: String,
    pub kind: DemoKind,
}

/// A monthly budget of a plan, on a default expense category by name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DemoBudget {
    pub category: &'static str,
    pub limit: Money,
    /// The month the limit was set (a first of month); it applies until the category's next
    /// budget in the plan.
    pub from: NaiveDate,
}

/// A recurring template of a plan: monthly, on the day of its first occurrence. The loader links
/// the plan's entries with the same description and account to it as the occurrences it made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DemoTemplate {
    pub description: &'static str,
    /// Index into the plan's accounts (the source of a transfer).
    pub account: usize,
    /// Income (positive) or expense (negative) in a default category, or a transfer.
    pub kind: DemoKind,
    /// The first occurrence (its day of month is the template's).
    pub start: NaiveDate,
}

/// A savings goal of a plan with the contributions made to it so far; the loader completes it
/// on the day its contributions reach the target.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DemoGoal {
    pub name: &'static str,
    pub description: &'static str,
    pub category: GoalCategory,
    pub target: Money,
    pub target_date: NaiveDate,
    /// (day, amount, source, description), oldest first.
    pub contributions: Vec<(NaiveDate, Money, ContributionSource, &'static str)>,
}

/// An inventory item of a plan; the loader puts each one below its need on the shopping list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DemoItem {
    pub name: &'static str,
    pub category: &'static str,
    pub brand: &'static str,
    pub stock: i64,
    pub needed: i64,
    pub price: Money,
    pub store: &'static str,
    pub unit: &'static str,
    pub expiry: Option<NaiveDate>,
    pub item_type: &'static str,
    pub location: &'static str,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DemoPlan {
    pub accounts: Vec<DemoAccount>,
    /// In the order they happened (date, then entry order).
    pub entries: Vec<DemoEntry>,
    /// Set (or replaced) for the user when the plan is loaded.
    pub budgets: Vec<DemoBudget>,
    pub templates: Vec<DemoTemplate>,
    pub goals: Vec<DemoGoal>,
    pub inventory: Vec<DemoItem>,
    /// Whether the user may connect a bank (the demo household links the demo bank).
    pub bank_access: bool,
    /// Categories marked for Self Assessment (made first when missing), so a newcomer sees a
    /// tax year's Self Assessment table filled.
    pub tax_categories: Vec<DemoTaxCategory>,
    /// The household's tags, each on the plan's transactions its descriptions name.
    pub tags: Vec<DemoTag>,
    /// Shops split across categories, as a household splits its big weekly shop.
    pub splits: Vec<DemoSplit>,
}

/// A split of a plan: every expense (not a transfer) described as `description` from `from` on,
/// of at least £1, is split into `parts` (category name, share in permille; the shares add up to
/// 1000 and the last part takes what rounding leaves, so the parts add up to the penny).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DemoSplit {
    pub description: &'static str,
    pub from: NaiveDate,
    pub parts: &'static [(&'static str, i64)],
}

/// A tag of a plan: made for the household, and put on every transaction (not a transfer) whose
/// description is one of `descriptions`, from the day `from` on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DemoTag {
    pub name: &'static str,
    /// `#rrggbb`.
    pub color: &'static str,
    pub descriptions: &'static [&'static str],
    pub from: NaiveDate,
}

/// A category a plan marks for Self Assessment: made with `kind` when the user has none of that
/// name, and given `treatment` when its kind fits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DemoTaxCategory {
    pub name: &'static str,
    pub kind: domain::transactions::TransactionType,
    pub treatment: domain::tax_year::TaxTreatment,
}

/// What a load stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct LoadReport {
    pub accounts: usize,
    /// Rows written (a transfer is two).
    pub transactions: usize,
}

/// Stores a whole plan at once, for seeding: faster than one write per transaction, with the
/// same running balances and totals the ledger keeps.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait LedgerLoader: Send + Sync {
    /// Creates the plan's accounts (new ones, every call) and all its entries for the user, and
    /// sets its budgets (replacing a limit the user already has on that category), in one
    /// database transaction. Categories are the user's default ones by name (created when
    /// missing).
    async fn load(&self, member: UserId, plan: DemoPlan) -> Result<LoadReport, RepoError>;
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
    /// the plan for them. With `only_if_new`, an existing user is left as they are (and the
    /// report is empty).
    #[tracing::instrument(level = "debug", skip_all)]
    pub async fn seed(
        &self,
        email: &str,
        password: &str,
        plan: DemoPlan,
        only_if_new: bool,
    ) -> anyhow::Result<(UserId, LoadReport)> {
        let user = match self.users.find_credentials_by_email(&Email::parse(email)?).await {
            Ok(existing) if only_if_new => return Ok((existing.user.id, LoadReport::default())),
            _ => self.person("Demo User", email, password).await?,
        };
        let report = self.loader.load(user, plan).await?;
        Ok((user, report))
    }

    /// Finds (verifying) or creates a verified user with the default categories; an existing
    /// user keeps their password.
    #[tracing::instrument(level = "debug", skip_all)]
    pub async fn person(&self, name: &str, email: &str, password: &str) -> anyhow::Result<UserId> {
        let email = Email::parse(email)?;
        let user = match self.users.find_credentials_by_email(&email).await {
            Ok(existing) => self.users.mark_verified(existing.user.id).await?,
            Err(RepoError::NotFound) => {
                let password = NewPassword::parse(password, "password")?;
                let password_hash = self.hasher.hash(password.expose()).await?;
                self.users
                    .create(NewUser {
                        name: PersonName::parse(name)?,
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
        Ok(user.id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::security::MockPasswordHasher;
    use crate::users::{MockUserRepository, UserCredentials};
    use chrono::{NaiveDate, Utc};
    use domain::User;
    use uuid::Uuid;

    fn user(verified: bool) -> User {
        User {
            id: UserId(Uuid::from_u128(5)),
            name: PersonName::parse("Demo User").unwrap(),
            email: Email::parse("demo@example.com").unwrap(),
            role: Role::User,
            is_active: true,
            is_verified: verified,
            can_connect_bank: false,
            can_finalize_month: false,
            token_version: 0,
            two_factor_enabled: false,
            created_at: Utc::now(),
        }
    }

    fn plan() -> DemoPlan {
        DemoPlan {
            accounts: vec![DemoAccount {
                name: "Current Account",
                account_type: AccountType::Current,
                initial_balance: Money::from_pence(10_000),
                credit_limit: None,
            }],
            entries: vec![DemoEntry {
                account: 0,
                date: NaiveDate::from_ymd_opt(2026, 11, 22).unwrap(),
                description: "Tesco".into(),
                kind: DemoKind::Transaction {
                    category: "Groceries",
                    amount: Money::from_pence(-2_450),
                    declined: false,
                },
            }],
            budgets: vec![DemoBudget {
                category: "Groceries",
                limit: Money::from_pence(40_000),
                from: NaiveDate::from_ymd_opt(2026, 11, 1).unwrap(),
            }],
            templates: vec![],
            goals: vec![],
            inventory: vec![],
            bank_access: false,
            tax_categories: vec![],
            tags: vec![],
            splits: vec![],
        }
    }

    #[tokio::test]
    async fn a_new_demo_user_is_created_verified_with_default_categories_and_filled() {
        let mut users = MockUserRepository::new();
        users.expect_find_credentials_by_email().returning(|_| Err(RepoError::NotFound));
        users
            .expect_create()
            .withf(|u| u.is_verified && !u.default_categories.is_empty() && u.password_hash == "H")
            .times(1)
            .returning(|_| Ok(user(true)));
        let mut hasher = MockPasswordHasher::new();
        hasher.expect_hash().returning(|_| Ok("H".into()));
        let mut loader = MockLedgerLoader::new();
        loader.expect_load().times(1).returning(|_, p| Ok(LoadReport { accounts: p.accounts.len(), transactions: 1 }));
        let seeder = DemoSeeder::new(Arc::new(users), Arc::new(hasher), Arc::new(loader));
        let (_, report) = seeder.seed("demo@example.com", "Demo1234", plan(), false).await.unwrap();
        assert_eq!(report.accounts, 1);
    }

    #[tokio::test]
    async fn only_if_new_leaves_an_existing_user_alone() {
        let mut users = MockUserRepository::new();
        users
            .expect_find_credentials_by_email()
            .returning(|_| Ok(UserCredentials { user: user(true), password_hash: "x".into() }));
        users.expect_mark_verified().never();
        let mut loader = MockLedgerLoader::new();
        loader.expect_load().never();
        let seeder = DemoSeeder::new(Arc::new(users), Arc::new(MockPasswordHasher::new()), Arc::new(loader));
        let (_, report) = seeder.seed("demo@example.com", "Demo1234", plan(), true).await.unwrap();
        assert_eq!(report, LoadReport::default());
    }
}
