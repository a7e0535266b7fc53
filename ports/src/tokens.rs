//! Personal access tokens: a member's own bearer credentials for scripts and the /docs page.
//! Each acts as its member (their current role and household visibility), narrowed by its scope.
//! Only a digest of the secret is stored; the secret is shown once, when the token is made.

use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use domain::ids::TokenId;
use domain::tokens::{looks_like_token, parse_expiry, TokenName, TokenScope, TOKEN_PREFIX};
use domain::{User, UserId, ValidationError};

use crate::auth::AuthError;
use crate::security::LinkTokens;
use crate::{Clock, RepoError};

/// A token as its member sees it (never the secret).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PersonalToken {
    pub id: TokenId,
    pub name: String,
    pub scope: TokenScope,
    pub created_at: DateTime<Utc>,
    pub expires_at: Option<DateTime<Utc>>,
    pub last_used_at: Option<DateTime<Utc>>,
}

/// A token to store: its digest, never its secret.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewToken {
    pub id: TokenId,
    pub name: TokenName,
    pub scope: TokenScope,
    pub digest: String,
    pub created_at: DateTime<Utc>,
    pub expires_at: Option<DateTime<Utc>>,
}

/// The member a live token signs in, and what the token may do.
#[derive(Debug, Clone)]
pub struct TokenUser {
    pub user: User,
    pub token: TokenId,
    pub scope: TokenScope,
}

/// The create form as it arrives, before parsing.
#[derive(Debug, Clone, Default)]
pub struct TokenRequest {
    pub name: Option<String>,
    pub scope: Option<String>,
    /// An instant (RFC 3339) or a day (`YYYY-MM-DD`, to the end of that London day).
    pub expires_at: Option<String>,
}

/// A new token and its secret: the only time the secret exists outside the caller's hands.
#[derive(Debug, Clone)]
pub struct CreatedToken {
    pub token: PersonalToken,
    pub secret: String,
}

/// Stored tokens. Every key leads with the member's id; a member's tokens go with them.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait TokenRepository: Send + Sync {
    /// Stores a new token for `user`. A digest already stored (never, with 256 random bits) is
    /// `Duplicate`.
    async fn create(&self, user: UserId, token: NewToken) -> Result<PersonalToken, RepoError>;
    /// The member's tokens, expired ones included, newest first.
    async fn list(&self, user: UserId) -> Result<Vec<PersonalToken>, RepoError>;
    /// Deletes (revokes) one of the member's tokens: it signs nothing in from then on.
    /// `NotFound` when the member has no such token (another member's id included).
    async fn delete(&self, user: UserId, id: TokenId) -> Result<(), RepoError>;
    /// The member and token whose secret has this digest, if the token exists and has not
    /// expired at `now`, noting it used at `now` (a write at most once a minute per token): one
    /// lookup by the digest's unique index. `NotFound` when unknown, revoked or expired.
    async fn user_of(&self, digest: String, now: DateTime<Utc>) -> Result<TokenUser, RepoError>;
}

/// Why a token use case refused or failed.
#[derive(Debug, thiserror::Error)]
pub enum TokenError {
    #[error("{0}")]
    Invalid(#[from] ValidationError),
    #[error("Token not found")]
    NotFound,
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

impl From<RepoError> for TokenError {
    fn from(e: RepoError) -> Self {
        match e {
            RepoError::NotFound => TokenError::NotFound,
            other => TokenError::Unexpected(anyhow::Error::new(other)),
        }
    }
}

/// The token use cases.
#[derive(Clone)]
pub struct TokenService {
    repo: Arc<dyn TokenRepository>,
    secrets: Arc<dyn LinkTokens>,
    clock: Arc<dyn Clock>,
}

impl TokenService {
    pub fn new(repo: Arc<dyn TokenRepository>, secrets: Arc<dyn LinkTokens>, clock: Arc<dyn Clock>) -> Self {
        Self { repo, secrets, clock }
    }

    /// The member's tokens, newest first.
    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    pub async fn list(&self, user: UserId) -> Result<Vec<PersonalToken>, TokenError> {
        Ok(self.repo.list(user).await?)
    }

    /// Makes a token: `msp_` and 64 random hex characters, of which only the digest is kept.
    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    pub async fn create(&self, user: UserId, request: TokenRequest) -> Result<CreatedToken, TokenError> {
        let now = self.clock.now();
        let name = TokenName::parse(request.name.as_deref())?;
        let scope = TokenScope::parse(request.scope.as_deref())?;
        let expires_at = parse_expiry(request.expires_at.as_deref(), now)?;
        let secret = format!("{TOKEN_PREFIX}{}", self.secrets.generate().plain);
        let new = NewToken {
            id: TokenId::generate(),
            name,
            scope,
            digest: self.secrets.digest(&secret),
            created_at: now,
            expires_at,
        };
        let token = self.repo.create(user, new).await?;
        Ok(CreatedToken { token, secret })
    }

    /// Revokes one of the member's tokens; `NotFound` for another member's or an unknown id.
    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user, token_id = %id))]
    pub async fn revoke(&self, user: UserId, id: TokenId) -> Result<(), TokenError> {
        Ok(self.repo.delete(user, id).await?)
    }

    /// The member a bearer token signs in. Refusals are the sessions' own, so a client cannot
    /// tell a token from a session by them: malformed, unknown, revoked or expired is
    /// `SessionInvalid` (401), a disabled member `Disabled` (403).
    #[tracing::instrument(level = "debug", skip_all)]
    pub async fn authenticate(&self, token: &str) -> Result<TokenUser, AuthError> {
        if !looks_like_token(token) {
            return Err(AuthError::SessionInvalid);
        }
        let found = match self.repo.user_of(self.secrets.digest(token), self.clock.now()).await {
            Ok(found) => found,
            Err(RepoError::NotFound) => return Err(AuthError::SessionInvalid),
            Err(e) => return Err(e.into()),
        };
        if !found.user.is_active {
            return Err(AuthError::Disabled);
        }
        if !found.user.is_verified {
            return Err(AuthError::SessionInvalid);
        }
        Ok(found)
    }
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;
    use domain::{Email, PersonName, Role};
    use mockall::predicate::eq;

    use super::*;
    use crate::clock::MockClock;
    use crate::security::{MockLinkTokens, OneTimeSecret};

    const HEX: &str = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 6, 14, 12, 0, 0).unwrap()
    }

    fn service(repo: MockTokenRepository) -> TokenService {
        let mut secrets = MockLinkTokens::new();
        secrets.expect_generate().returning(|| OneTimeSecret { plain: HEX.into(), digest: "of-plain".into() });
        secrets.expect_digest().returning(|s| format!("digest:{s}"));
        let mut clock = MockClock::new();
        clock.expect_now().returning(now);
        TokenService::new(Arc::new(repo), Arc::new(secrets), Arc::new(clock))
    }

    fn user(active: bool) -> User {
        User {
            id: UserId(uuid::Uuid::now_v7()),
            name: PersonName::parse("Jane").unwrap(),
            email: Email::parse("jane@example.com").unwrap(),
            role: Role::User,
            is_active: active,
            is_verified: true,
            can_connect_bank: false,
            can_finalize_month: false,
            token_version: 0,
            two_factor_enabled: false,
            created_at: now(),
        }
    }

    fn stored(new: &NewToken) -> PersonalToken {
        PersonalToken {
            id: new.id,
            name: new.name.as_str().into(),
            scope: new.scope,
            created_at: new.created_at,
            expires_at: new.expires_at,
            last_used_at: None,
        }
    }

    fn request(name: &str, scope: &str, expires_at: Option<&str>) -> TokenRequest {
        TokenRequest { name: Some(name.into()), scope: Some(scope.into()), expires_at: expires_at.map(Into::into) }
    }

    #[tokio::test]
    async fn a_new_token_is_shown_once_and_only_its_digest_is_stored() {
        let mut repo = MockTokenRepository::new();
        let secret = format!("msp_{HEX}");
        let digest = format!("digest:{secret}");
        repo.expect_create()
            .withf(move |_, new| new.digest == digest && new.name.as_str() == "Sheet" && new.scope == TokenScope::Read)
            .times(1)
            .returning(|_, new| Ok(stored(&new)));
        let created =
            service(repo).create(user(true).id, request(" Sheet ", "read", Some("2026-07-01"))).await.unwrap();
        assert_eq!(created.secret, secret);
        assert_eq!(created.token.expires_at, Some(Utc.with_ymd_and_hms(2026, 7, 1, 23, 0, 0).unwrap()));
    }

    #[tokio::test]
    async fn a_bad_form_is_refused_before_anything_is_stored() {
        let cases = [
            (request("", "read", None), "Token name is required"),
            (request(&"x".repeat(51), "read", None), "Token name must be at most 50 characters"),
            (request("Sheet", "admin", None), "Scope must be 'read' or 'write'"),
            (request("Sheet", "write", Some("2026-06-13")), "Expiry must be in the future"),
        ];
        for (form, message) in cases {
            let error = service(MockTokenRepository::new()).create(user(true).id, form).await.unwrap_err();
            assert!(matches!(&error, TokenError::Invalid(e) if e.message == message), "{error}");
        }
    }

    #[tokio::test]
    async fn revoking_another_members_token_is_not_found() {
        let mut repo = MockTokenRepository::new();
        repo.expect_delete().times(1).returning(|_, _| Err(RepoError::NotFound));
        let error = service(repo).revoke(user(true).id, TokenId::generate()).await.unwrap_err();
        assert!(matches!(error, TokenError::NotFound));
    }

    #[tokio::test]
    async fn a_malformed_token_is_refused_without_a_lookup() {
        for raw in ["msp_short", "eyJhbGciOi.x.y", &format!("msp_{}", HEX.to_uppercase())] {
            let error = service(MockTokenRepository::new()).authenticate(raw).await.unwrap_err();
            assert!(matches!(error, AuthError::SessionInvalid), "{raw}");
        }
    }

    #[tokio::test]
    async fn an_unknown_revoked_or_expired_token_answers_as_an_ended_session() {
        let mut repo = MockTokenRepository::new();
        repo.expect_user_of()
            .with(eq(format!("digest:msp_{HEX}")), eq(now()))
            .times(1)
            .returning(|_, _| Err(RepoError::NotFound));
        let error = service(repo).authenticate(&format!("msp_{HEX}")).await.unwrap_err();
        assert!(matches!(error, AuthError::SessionInvalid));
    }

    #[tokio::test]
    async fn a_disabled_members_token_answers_as_a_disabled_session() {
        let mut repo = MockTokenRepository::new();
        repo.expect_user_of().returning(|_, _| {
            Ok(TokenUser { user: user(false), token: TokenId::generate(), scope: TokenScope::Write })
        });
        let error = service(repo).authenticate(&format!("msp_{HEX}")).await.unwrap_err();
        assert!(matches!(error, AuthError::Disabled));
    }

    #[tokio::test]
    async fn a_live_token_signs_its_member_in_with_its_scope() {
        let member = user(true);
        let returned = member.clone();
        let mut repo = MockTokenRepository::new();
        repo.expect_user_of().returning(move |_, _| {
            Ok(TokenUser { user: returned.clone(), token: TokenId::generate(), scope: TokenScope::Read })
        });
        let found = service(repo).authenticate(&format!("msp_{HEX}")).await.unwrap();
        assert_eq!(found.scope, TokenScope::Read);
        assert_eq!(found.user.id, member.id);
    }
}
