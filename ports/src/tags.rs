//! Tags: the household's labels, many per transaction. The rules are `domain::tags`'s; the
//! repository stores tags and their links to transactions, and merges two tags in one database
//! transaction.

use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::tags::{TagDraft, TagId, TagInput, TagPatch};
use domain::{Scope, ValidationError};

use crate::{RepoError, UniqueField};

/// A stored tag.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tag {
    pub id: TagId,
    pub name: String,
    /// `#rrggbb`.
    pub color: String,
    pub created_at: DateTime<Utc>,
}

/// A tag with how many transactions the member who asks sees carrying it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TagWithCount {
    pub tag: Tag,
    pub transaction_count: i64,
}

/// What the counted (not declined) income and expense rows carrying a tag add up to over a span.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TagTotal {
    pub tag: crate::ledger::TagRef,
    /// Positive.
    pub income: domain::Money,
    /// Negative, as stored.
    pub expenses: domain::Money,
    pub transactions: i64,
}

#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait TagRepository: Send + Sync {
    /// The household's tags by name (ignoring case), each with how many transactions carry it
    /// among those the member sees (rows on another member's private account are not counted).
    async fn list(&self, scope: Scope) -> Result<Vec<TagWithCount>, RepoError>;
    /// One of the household's tags; `NotFound` for an unknown or another household's id.
    async fn get(&self, scope: Scope, id: TagId) -> Result<Tag, RepoError>;
    /// `Duplicate(TagName)` when the household has a tag of that name, ignoring case.
    async fn create(&self, scope: Scope, id: TagId, draft: &TagDraft) -> Result<Tag, RepoError>;
    /// Changes what the patch holds; `Duplicate(TagName)` on a clash with another of the
    /// household's tags; `NotFound` for a foreign id.
    async fn update(&self, scope: Scope, id: TagId, patch: &TagPatch) -> Result<Tag, RepoError>;
    /// Deletes the tag: it leaves every transaction, and no transaction is deleted. `NotFound`
    /// for a foreign id.
    async fn delete(&self, scope: Scope, id: TagId) -> Result<(), RepoError>;
    /// In one database transaction: every transaction carrying `from` carries `into` instead
    /// (once, whether or not it had both), so does every rule adding it, and `from` is deleted. Answers `into`. `NotFound`
    /// unless both are the household's.
    async fn merge(&self, scope: Scope, from: TagId, into: TagId) -> Result<Tag, RepoError>;
    /// `NotFound` unless every id is one of the household's tags.
    async fn all_exist(&self, scope: Scope, ids: &[TagId]) -> Result<(), RepoError>;
    /// Each tag's totals over the days `from` to `to` (inclusive), of the rows the member sees
    /// (only `account`'s when given), transfers and declined rows left out; most spent first.
    /// Tags on no such row are left out.
    async fn totals(
        &self,
        scope: Scope,
        from: chrono::NaiveDate,
        to: chrono::NaiveDate,
        account: Option<domain::accounts::AccountId>,
    ) -> Result<Vec<TagTotal>, RepoError>;
}

#[derive(Debug, thiserror::Error)]
pub enum TagError {
    #[error("{0}")]
    Invalid(#[from] ValidationError),
    #[error("Tag not found")]
    NotFound,
    #[error("A tag with this name already exists")]
    NameTaken,
    #[error("A tag cannot be merged into itself")]
    MergeIntoItself,
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

impl From<RepoError> for TagError {
    fn from(e: RepoError) -> Self {
        match e {
            RepoError::Duplicate(UniqueField::TagName) => TagError::NameTaken,
            other => other.or_not_found(|| TagError::NotFound),
        }
    }
}

/// The tags' use cases.
#[derive(Clone)]
pub struct TagService {
    tags: Arc<dyn TagRepository>,
}

impl TagService {
    pub fn new(tags: Arc<dyn TagRepository>) -> Self {
        Self { tags }
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn list(&self, scope: Scope) -> Result<Vec<TagWithCount>, TagError> {
        Ok(self.tags.list(scope).await?)
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn create(&self, scope: Scope, input: &TagInput) -> Result<Tag, TagError> {
        let draft = TagDraft::parse(input)?;
        Ok(self.tags.create(scope, TagId::generate(), &draft).await?)
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope, tag_id = %id))]
    pub async fn update(&self, scope: Scope, id: TagId, input: &TagInput) -> Result<Tag, TagError> {
        let patch = TagPatch::parse(input)?;
        Ok(self.tags.update(scope, id, &patch).await?)
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope, tag_id = %id))]
    pub async fn delete(&self, scope: Scope, id: TagId) -> Result<(), TagError> {
        Ok(self.tags.delete(scope, id).await?)
    }

    /// Each tag's income and spending over a span (a report's month), most spent first.
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn totals(
        &self,
        scope: Scope,
        from: chrono::NaiveDate,
        to: chrono::NaiveDate,
        account: Option<domain::accounts::AccountId>,
    ) -> Result<Vec<TagTotal>, TagError> {
        Ok(self.tags.totals(scope, from, to, account).await?)
    }

    /// Merges `from` into the tag whose id the client sent (blank: 'Choose the tag to merge
    /// into'; a malformed id names no tag: 'Tag not found').
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope, tag_id = %from))]
    pub async fn merge(&self, scope: Scope, from: TagId, into: &str) -> Result<Tag, TagError> {
        let into = match into.trim() {
            "" => return Err(ValidationError::new("intoTagId", "Choose the tag to merge into").into()),
            raw => TagId(uuid::Uuid::parse_str(raw).map_err(|_| TagError::NotFound)?),
        };
        if into == from {
            // Still 404 for a tag that is not the household's.
            self.tags.get(scope, from).await?;
            return Err(TagError::MergeIntoItself);
        }
        Ok(self.tags.merge(scope, from, into).await?)
    }
}

#[cfg(test)]
mod tests {
    use domain::UserId;
    use uuid::Uuid;

    use super::*;

    fn scope() -> Scope {
        Scope::solo(UserId(Uuid::from_u128(1)))
    }

    fn tag(n: u128) -> Tag {
        Tag { id: TagId(Uuid::from_u128(n)), name: format!("Tag {n}"), color: "#123456".into(), created_at: Utc::now() }
    }

    #[tokio::test]
    async fn a_new_tag_is_checked_before_it_is_stored_and_a_taken_name_is_a_conflict() {
        let mut repo = MockTagRepository::new();
        repo.expect_create().times(1).returning(|_, _, _| Err(RepoError::Duplicate(UniqueField::TagName)));
        let service = TagService::new(Arc::new(repo));
        let bad = TagInput { name: Some("x".repeat(31)), color: None };
        assert_eq!(
            service.create(scope(), &bad).await.unwrap_err().to_string(),
            "Tag name must be at most 30 characters"
        );
        let taken = TagInput { name: Some("kids".into()), color: None };
        assert!(matches!(service.create(scope(), &taken).await, Err(TagError::NameTaken)));
    }

    #[tokio::test]
    async fn merging_into_itself_is_refused_and_a_foreign_or_malformed_target_is_not_found() {
        let mut repo = MockTagRepository::new();
        repo.expect_get().returning(|_, id| if id.0.as_u128() == 1 { Ok(tag(1)) } else { Err(RepoError::NotFound) });
        repo.expect_merge().times(1).returning(|_, _, _| Err(RepoError::NotFound));
        let service = TagService::new(Arc::new(repo));
        let one = TagId(Uuid::from_u128(1));
        assert!(matches!(service.merge(scope(), one, &one.to_string()).await, Err(TagError::MergeIntoItself)));
        let foreign = TagId(Uuid::from_u128(7));
        assert!(matches!(service.merge(scope(), foreign, &foreign.to_string()).await, Err(TagError::NotFound)));
        assert!(matches!(service.merge(scope(), one, "nope").await, Err(TagError::NotFound)));
        assert!(matches!(service.merge(scope(), one, &foreign.to_string()).await, Err(TagError::NotFound)));
        assert_eq!(service.merge(scope(), one, " ").await.unwrap_err().to_string(), "Choose the tag to merge into");
    }
}
