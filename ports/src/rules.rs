//! Categorisation rules: the user's ordered list, and applying it to rows already stored. The
//! matching is `domain::imports`'; imports and bank syncs apply the rules as rows arrive.

use std::sync::Arc;

use async_trait::async_trait;
use domain::imports::{RuleDraft, RuleInput};
use domain::{UserId, ValidationError};
use uuid::Uuid;

use crate::RepoError;

/// A stored rule with its place in the order (0 first).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredRule {
    pub id: Uuid,
    pub position: i32,
    pub rule: RuleDraft,
    pub category_name: String,
    pub account_name: Option<String>,
}

/// What applying rules to stored rows did (or, as a preview, would do).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ApplyOutcome {
    /// Rows a rule covers.
    pub matched: i64,
    /// Of those, rows whose category or description the rule changes.
    pub changed: i64,
}

/// Storage of rules. Writes check that the category (and the account, when given) are the
/// user's: `RepoError::NotFound` otherwise.
#[cfg_attr(feature = "mocks", mockall::automock)]
#[async_trait]
pub trait RuleRepository: Send + Sync {
    async fn list(&self, user: UserId) -> Result<Vec<StoredRule>, RepoError>;
    async fn get(&self, user: UserId, id: Uuid) -> Result<StoredRule, RepoError>;
    /// Adds a rule at the end of the order.
    async fn create(&self, user: UserId, rule: RuleDraft) -> Result<StoredRule, RepoError>;
    async fn update(&self, user: UserId, id: Uuid, rule: RuleDraft) -> Result<StoredRule, RepoError>;
    async fn delete(&self, user: UserId, id: Uuid) -> Result<(), RepoError>;
    /// Puts the rules in the order of `ids`, which must be exactly the user's rules.
    async fn reorder(&self, user: UserId, ids: Vec<Uuid>) -> Result<Vec<StoredRule>, RepoError>;
    /// Whether the user has this category, and (when asked) this account.
    async fn references_exist(
        &self,
        user: UserId,
        category: domain::categories::CategoryId,
        account: Option<domain::accounts::AccountId>,
    ) -> Result<(bool, bool), RepoError>;
    /// Applies the rules (all in order, or only `only`) to every stored row that is not a
    /// transfer, through the ledger's write path, in one database transaction; with `dry_run`
    /// counts and writes nothing.
    async fn apply(&self, user: UserId, only: Option<Uuid>, dry_run: bool) -> Result<ApplyOutcome, RepoError>;
}

#[derive(Debug, thiserror::Error)]
pub enum RuleError {
    #[error("{0}")]
    Invalid(#[from] ValidationError),
    #[error("{0} not found")]
    NotFound(&'static str),
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

impl RuleError {
    fn from_repo(what: &'static str) -> impl Fn(RepoError) -> RuleError {
        move |e| e.or_not_found(|| RuleError::NotFound(what))
    }
}

#[derive(Clone)]
pub struct RuleService {
    repo: Arc<dyn RuleRepository>,
}

impl RuleService {
    pub fn new(repo: Arc<dyn RuleRepository>) -> Self {
        Self { repo }
    }

    async fn parse(&self, user: UserId, input: &RuleInput) -> Result<RuleDraft, RuleError> {
        let rule = RuleDraft::parse(input)?;
        let (category, account) = self
            .repo
            .references_exist(user, rule.category_id, rule.account_id)
            .await
            .map_err(RuleError::from_repo("Rule"))?;
        if !category {
            return Err(RuleError::NotFound("Category"));
        }
        if !account {
            return Err(RuleError::NotFound("Account"));
        }
        Ok(rule)
    }

    pub async fn list(&self, user: UserId) -> Result<Vec<StoredRule>, RuleError> {
        self.repo.list(user).await.map_err(RuleError::from_repo("Rule"))
    }

    pub async fn get(&self, user: UserId, id: Uuid) -> Result<StoredRule, RuleError> {
        self.repo.get(user, id).await.map_err(RuleError::from_repo("Rule"))
    }

    pub async fn create(&self, user: UserId, input: RuleInput) -> Result<StoredRule, RuleError> {
        let rule = self.parse(user, &input).await?;
        self.repo.create(user, rule).await.map_err(RuleError::from_repo("Category"))
    }

    pub async fn update(&self, user: UserId, id: Uuid, input: RuleInput) -> Result<StoredRule, RuleError> {
        self.get(user, id).await?;
        let rule = self.parse(user, &input).await?;
        self.repo.update(user, id, rule).await.map_err(RuleError::from_repo("Rule"))
    }

    pub async fn delete(&self, user: UserId, id: Uuid) -> Result<(), RuleError> {
        self.repo.delete(user, id).await.map_err(RuleError::from_repo("Rule"))
    }

    /// New order: every rule of the user exactly once.
    pub async fn reorder(&self, user: UserId, ids: Vec<Uuid>) -> Result<Vec<StoredRule>, RuleError> {
        let current = self.list(user).await?;
        let mut given = ids.clone();
        given.sort_unstable();
        let mut have: Vec<Uuid> = current.iter().map(|r| r.id).collect();
        have.sort_unstable();
        if given != have {
            return Err(ValidationError::new("ids", "The order must list every rule exactly once").into());
        }
        self.repo.reorder(user, ids).await.map_err(RuleError::from_repo("Rule"))
    }

    /// Applies the rules (or one) to the stored rows; `dry_run` only counts.
    pub async fn apply(&self, user: UserId, only: Option<Uuid>, dry_run: bool) -> Result<ApplyOutcome, RuleError> {
        if let Some(id) = only {
            self.get(user, id).await?;
        }
        self.repo.apply(user, only, dry_run).await.map_err(RuleError::from_repo("Rule"))
    }
}
