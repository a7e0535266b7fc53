//! Categorisation rules: the household's ordered list, and applying it to rows already stored. The
//! matching is `domain::imports`'; imports and bank syncs apply the rules as rows arrive.

use std::sync::Arc;

use async_trait::async_trait;
use domain::ids::RuleId;
use domain::imports::{RuleDraft, RuleInput};
use domain::{Scope, ValidationError};

use crate::tags::TagRepository;
use crate::RepoError;

/// A stored rule with its place in the order (0 first).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredRule {
    pub id: RuleId,
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
/// household's: `RepoError::NotFound` otherwise.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait RuleRepository: Send + Sync {
    async fn list(&self, scope: Scope) -> Result<Vec<StoredRule>, RepoError>;
    async fn get(&self, scope: Scope, id: RuleId) -> Result<StoredRule, RepoError>;
    /// Adds a rule at the end of the order.
    async fn create(&self, scope: Scope, rule: RuleDraft) -> Result<StoredRule, RepoError>;
    async fn update(&self, scope: Scope, id: RuleId, rule: RuleDraft) -> Result<StoredRule, RepoError>;
    async fn delete(&self, scope: Scope, id: RuleId) -> Result<(), RepoError>;
    /// Puts the rules in the order of `ids`, which must be exactly the household's rules.
    async fn reorder(&self, scope: Scope, ids: Vec<RuleId>) -> Result<Vec<StoredRule>, RepoError>;
    /// Whether the user has this category, and (when asked) this account.
    async fn references_exist(
        &self,
        scope: Scope,
        category: domain::categories::CategoryId,
        account: Option<domain::accounts::AccountId>,
    ) -> Result<(bool, bool), RepoError>;
    /// Applies the rules (all in order, or only `only`) to every stored row that is not a
    /// transfer, through the ledger's write path, in one database transaction; with `dry_run`
    /// counts and writes nothing.
    async fn apply(&self, scope: Scope, only: Option<RuleId>, dry_run: bool) -> Result<ApplyOutcome, RepoError>;
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
    tags: Arc<dyn TagRepository>,
}

impl RuleService {
    pub fn new(repo: Arc<dyn RuleRepository>, tags: Arc<dyn TagRepository>) -> Self {
        Self { repo, tags }
    }

    async fn parse(&self, scope: Scope, input: &RuleInput) -> Result<RuleDraft, RuleError> {
        let rule = RuleDraft::parse(input)?;
        let (category, account) = self
            .repo
            .references_exist(scope, rule.category_id, rule.account_id)
            .await
            .map_err(RuleError::from_repo("Rule"))?;
        if !category {
            return Err(RuleError::NotFound("Category"));
        }
        if !account {
            return Err(RuleError::NotFound("Account"));
        }
        if !rule.tag_ids.is_empty() {
            self.tags.all_exist(scope, &rule.tag_ids).await.map_err(RuleError::from_repo("Tag"))?;
        }
        Ok(rule)
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn list(&self, scope: Scope) -> Result<Vec<StoredRule>, RuleError> {
        self.repo.list(scope).await.map_err(RuleError::from_repo("Rule"))
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn get(&self, scope: Scope, id: RuleId) -> Result<StoredRule, RuleError> {
        self.repo.get(scope, id).await.map_err(RuleError::from_repo("Rule"))
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn create(&self, scope: Scope, input: RuleInput) -> Result<StoredRule, RuleError> {
        let rule = self.parse(scope, &input).await?;
        self.repo.create(scope, rule).await.map_err(RuleError::from_repo("Category"))
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn update(&self, scope: Scope, id: RuleId, input: RuleInput) -> Result<StoredRule, RuleError> {
        self.get(scope, id).await?;
        let rule = self.parse(scope, &input).await?;
        self.repo.update(scope, id, rule).await.map_err(RuleError::from_repo("Rule"))
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn delete(&self, scope: Scope, id: RuleId) -> Result<(), RuleError> {
        self.repo.delete(scope, id).await.map_err(RuleError::from_repo("Rule"))
    }

    /// New order: every rule of the user exactly once.
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn reorder(&self, scope: Scope, ids: Vec<RuleId>) -> Result<Vec<StoredRule>, RuleError> {
        let current = self.list(scope).await?;
        let mut given = ids.clone();
        given.sort_unstable();
        let mut have: Vec<RuleId> = current.iter().map(|r| r.id).collect();
        have.sort_unstable();
        if given != have {
            return Err(ValidationError::new("ids", "The order must list every rule exactly once").into());
        }
        self.repo.reorder(scope, ids).await.map_err(RuleError::from_repo("Rule"))
    }

    /// Applies the rules (or one) to the stored rows; `dry_run` only counts.
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn apply(&self, scope: Scope, only: Option<RuleId>, dry_run: bool) -> Result<ApplyOutcome, RuleError> {
        if let Some(id) = only {
            self.get(scope, id).await?;
        }
        self.repo.apply(scope, only, dry_run).await.map_err(RuleError::from_repo("Rule"))
    }
}

#[cfg(test)]
mod tests {
    use domain::accounts::AccountId;
    use domain::categories::CategoryId;
    use domain::imports::RuleMatch;
    use uuid::Uuid;

    use super::*;
    use domain::UserId;

    const ME: Scope = Scope::solo(UserId(Uuid::from_u128(1)));
    const GROCERIES: Uuid = Uuid::from_u128(10);
    const CURRENT: Uuid = Uuid::from_u128(11);

    fn input() -> RuleInput {
        RuleInput {
            match_type: "contains".into(),
            pattern: "  TESCO   STORES ".into(),
            min_amount: None,
            max_amount: None,
            account_id: Some(CURRENT.to_string()),
            category_id: GROCERIES.to_string(),
            rename: Some("Tesco".into()),
            mark_transfer: false,
            tag_ids: vec![],
        }
    }

    fn stored(id: u128, position: i32) -> StoredRule {
        StoredRule {
            id: RuleId(Uuid::from_u128(id)),
            position,
            rule: RuleDraft::parse(&input()).unwrap(),
            category_name: "Groceries".into(),
            account_name: Some("Current".into()),
        }
    }

    fn service(repo: MockRuleRepository) -> RuleService {
        let mut tags = crate::tags::MockTagRepository::new();
        tags.expect_all_exist().returning(|_, ids| {
            if ids.iter().all(|t| t.0.as_u128() == 30) {
                Ok(())
            } else {
                Err(RepoError::NotFound)
            }
        });
        RuleService::new(Arc::new(repo), Arc::new(tags))
    }

    #[tokio::test]
    async fn a_rule_the_domain_refuses_never_reaches_the_repository() {
        let mut repo = MockRuleRepository::new();
        repo.expect_references_exist().never();
        repo.expect_create().never();
        let no_text = RuleInput { pattern: "   ".into(), ..input() };
        let err = service(repo).create(ME, no_text).await.unwrap_err();
        assert_eq!(err.to_string(), "Text to match is required");
    }

    #[tokio::test]
    async fn the_parsed_rule_is_stored_with_its_references_checked_first() {
        let mut repo = MockRuleRepository::new();
        let mut order = mockall::Sequence::new();
        repo.expect_references_exist()
            .withf(|_, category, account| *category == CategoryId(GROCERIES) && *account == Some(AccountId(CURRENT)))
            .times(1)
            .in_sequence(&mut order)
            .returning(|_, _, _| Ok((true, true)));
        repo.expect_create()
            .withf(|_, rule| rule.match_type == RuleMatch::Contains && rule.pattern == "TESCO STORES")
            .times(1)
            .in_sequence(&mut order)
            .returning(|_, _| Ok(stored(20, 0)));
        let rule = service(repo).create(ME, input()).await.unwrap();
        assert_eq!(rule.id, RuleId(Uuid::from_u128(20)));
    }

    #[tokio::test]
    async fn a_rule_adding_another_households_tag_is_not_found_and_nothing_is_stored() {
        let mut repo = MockRuleRepository::new();
        repo.expect_references_exist().returning(|_, _, _| Ok((true, true)));
        repo.expect_create().times(1).returning(|_, _| Ok(stored(20, 0)));
        let service = service(repo);
        let foreign = RuleInput { tag_ids: vec![Uuid::from_u128(31).to_string()], ..input() };
        assert_eq!(service.create(ME, foreign).await.unwrap_err().to_string(), "Tag not found");
        let mine = RuleInput { tag_ids: vec![Uuid::from_u128(30).to_string()], ..input() };
        service.create(ME, mine).await.unwrap();
    }

    #[tokio::test]
    async fn another_users_category_or_account_is_named_and_nothing_is_stored() {
        for (exists, named) in [((false, true), "Category"), ((true, false), "Account")] {
            let mut repo = MockRuleRepository::new();
            repo.expect_references_exist().returning(move |_, _, _| Ok(exists));
            repo.expect_create().never();
            match service(repo).create(ME, input()).await {
                Err(RuleError::NotFound(what)) => assert_eq!(what, named),
                other => panic!("{other:?}"),
            }
        }
    }

    #[tokio::test]
    async fn editing_or_applying_another_users_rule_is_not_found_before_anything_else() {
        let mut repo = MockRuleRepository::new();
        repo.expect_get().returning(|_, _| Err(RepoError::NotFound));
        repo.expect_references_exist().never();
        repo.expect_update().never();
        repo.expect_apply().never();
        let service = service(repo);
        let err = service.update(ME, RuleId(Uuid::from_u128(99)), input()).await.unwrap_err();
        assert!(matches!(err, RuleError::NotFound("Rule")), "{err:?}");
        let err = service.apply(ME, Some(RuleId(Uuid::from_u128(99))), false).await.unwrap_err();
        assert!(matches!(err, RuleError::NotFound("Rule")), "{err:?}");
    }

    #[tokio::test]
    async fn a_new_order_lists_every_rule_exactly_once() {
        let mut repo = MockRuleRepository::new();
        repo.expect_list().returning(|_| Ok(vec![stored(1, 0), stored(2, 1), stored(3, 2)]));
        repo.expect_reorder()
            .withf(|_, ids| {
                ids == &[RuleId(Uuid::from_u128(3)), RuleId(Uuid::from_u128(1)), RuleId(Uuid::from_u128(2))]
            })
            .times(1)
            .returning(|_, _| Ok(vec![stored(3, 0), stored(1, 1), stored(2, 2)]));
        let service = service(repo);
        let ids = |ns: &[u128]| ns.iter().map(|&n| RuleId(Uuid::from_u128(n))).collect::<Vec<_>>();
        for wrong in [ids(&[1, 2]), ids(&[1, 2, 3, 3]), ids(&[1, 2, 4]), vec![]] {
            let err = service.reorder(ME, wrong.clone()).await.unwrap_err();
            assert_eq!(err.to_string(), "The order must list every rule exactly once", "{wrong:?}");
        }
        let reordered = service.reorder(ME, ids(&[3, 1, 2])).await.unwrap();
        assert_eq!(reordered.iter().map(|r| r.position).collect::<Vec<_>>(), [0, 1, 2]);
    }

    #[tokio::test]
    async fn a_dry_run_is_passed_on_and_applying_all_rules_needs_no_lookup() {
        let mut repo = MockRuleRepository::new();
        repo.expect_get().never();
        repo.expect_apply()
            .withf(|_, only, dry_run| only.is_none() && *dry_run)
            .times(1)
            .returning(|_, _, _| Ok(ApplyOutcome { matched: 4, changed: 3 }));
        let outcome = service(repo).apply(ME, None, true).await.unwrap();
        assert_eq!(outcome, ApplyOutcome { matched: 4, changed: 3 });
    }
}
