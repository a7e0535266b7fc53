use adapter_postgres::test_support::TestDb;
use adapter_postgres::PgTokenRepository;
use chrono::{DateTime, Duration, TimeZone, Utc};
use domain::ids::TokenId;
use domain::tokens::{TokenName, TokenScope};
use domain::UserId;
use ports::tokens::{NewToken, TokenRepository};
use ports::RepoError;

use crate::support::new_user;

fn at(minutes: i64) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 30, 9, 0, 0).unwrap() + Duration::minutes(minutes)
}

fn token(digest: &str, scope: TokenScope, expires_at: Option<DateTime<Utc>>) -> NewToken {
    NewToken {
        id: TokenId::generate(),
        name: TokenName::parse(Some("Script")).unwrap(),
        scope,
        digest: digest.into(),
        created_at: at(0),
        expires_at,
    }
}

async fn last_used(repo: &PgTokenRepository, user: UserId) -> Option<DateTime<Utc>> {
    repo.list(user).await.unwrap()[0].last_used_at
}

#[tokio::test]
async fn a_token_signs_in_by_its_digest_and_notes_its_use_at_most_once_a_minute() {
    let t = TestDb::new();
    let jane = new_user(&t, "Jane Doe", "jane@example.com").await.member;
    let repo = PgTokenRepository::new(t.db.clone());
    let made = repo.create(jane, token("d-jane", TokenScope::Read, None)).await.unwrap();
    assert_eq!(made.last_used_at, None);

    let found = repo.user_of("d-jane".into(), at(1)).await.unwrap();
    assert_eq!((found.user.id, found.token, found.scope), (jane, made.id, TokenScope::Read));
    assert_eq!(last_used(&repo, jane).await, Some(at(1)));
    // Within the minute nothing is written; after it, the new time is.
    repo.user_of("d-jane".into(), at(1) + Duration::seconds(50)).await.unwrap();
    assert_eq!(last_used(&repo, jane).await, Some(at(1)));
    repo.user_of("d-jane".into(), at(3)).await.unwrap();
    assert_eq!(last_used(&repo, jane).await, Some(at(3)));
}

#[tokio::test]
async fn an_unknown_expired_or_revoked_token_is_not_found() {
    let t = TestDb::new();
    let jane = new_user(&t, "Jane Doe", "jane@example.com").await.member;
    let john = new_user(&t, "John Doe", "john@example.com").await.member;
    let repo = PgTokenRepository::new(t.db.clone());
    repo.create(jane, token("d-expiring", TokenScope::Write, Some(at(10)))).await.unwrap();
    assert!(repo.user_of("d-expiring".into(), at(9)).await.is_ok());
    assert!(matches!(repo.user_of("d-expiring".into(), at(10)).await, Err(RepoError::NotFound)));
    assert!(matches!(repo.user_of("d-unknown".into(), at(0)).await, Err(RepoError::NotFound)));

    let revoked = repo.create(jane, token("d-revoked", TokenScope::Read, None)).await.unwrap();
    // Another member's id is unknown to them, and changes nothing.
    assert!(matches!(repo.delete(john, revoked.id).await, Err(RepoError::NotFound)));
    repo.delete(jane, revoked.id).await.unwrap();
    assert!(matches!(repo.user_of("d-revoked".into(), at(0)).await, Err(RepoError::NotFound)));
    assert!(matches!(repo.delete(jane, revoked.id).await, Err(RepoError::NotFound)));
    assert_eq!(repo.list(jane).await.unwrap().len(), 1);
    assert!(repo.list(john).await.unwrap().is_empty());
}
