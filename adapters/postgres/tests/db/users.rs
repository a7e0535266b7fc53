use adapter_postgres::test_support::TestDb;
use adapter_postgres::{PgLinkTokenRepository, PgUserRepository};
use chrono::{Duration, Utc};
use domain::{Email, PersonName, Role, UserId};
use ports::users::{LinkState, LinkTokenRepository, NewUser, TokenPurpose, UserRepository};
use ports::{HealthProbe, RepoError, UniqueField};
use uuid::Uuid;

fn new_user(email: &str) -> NewUser {
    NewUser {
        name: PersonName::parse("Jane Doe").unwrap(),
        email: Email::parse(email).unwrap(),
        password_hash: "$argon2id$fake".into(),
        role: Role::User,
        is_verified: false,
        default_categories: vec![],
    }
}

#[tokio::test]
async fn a_created_user_can_be_found_by_id_and_by_email() {
    let t = TestDb::new();
    let repo = PgUserRepository::new(t.db.clone());
    let created = repo.create(new_user("jane@example.com")).await.unwrap();
    assert!(!created.is_verified && created.is_active && created.token_version == 0);

    let by_id = repo.find_by_id(created.id).await.unwrap();
    assert_eq!(by_id, created);
    let creds = repo.find_credentials_by_email(&Email::parse("JANE@example.com").unwrap()).await.unwrap();
    assert_eq!(creds.user.id, created.id);
    assert_eq!(creds.password_hash, "$argon2id$fake");
}

#[tokio::test]
async fn a_second_user_with_the_same_email_is_a_conflict() {
    let t = TestDb::new();
    let repo = PgUserRepository::new(t.db.clone());
    repo.create(new_user("jane@example.com")).await.unwrap();
    let err = repo.create(new_user("Jane@Example.com")).await.unwrap_err();
    assert!(matches!(err, RepoError::Duplicate(UniqueField::Email)), "{err:?}");
}

#[tokio::test]
async fn an_unknown_user_is_not_found() {
    let t = TestDb::new();
    let repo = PgUserRepository::new(t.db.clone());
    let missing = UserId(Uuid::now_v7());
    assert!(matches!(repo.find_by_id(missing).await, Err(RepoError::NotFound)));
    assert!(matches!(repo.set_password(missing, "x".into()).await, Err(RepoError::NotFound)));
    let nobody = Email::parse("nobody@example.com").unwrap();
    assert!(matches!(repo.find_credentials_by_email(&nobody).await, Err(RepoError::NotFound)));
}

#[tokio::test]
async fn setting_a_password_bumps_the_token_version() {
    let t = TestDb::new();
    let repo = PgUserRepository::new(t.db.clone());
    let user = repo.create(new_user("jane@example.com")).await.unwrap();
    let updated = repo.set_password(user.id, "new-hash".into()).await.unwrap();
    assert_eq!(updated.token_version, 1);
    assert_eq!(repo.password_hash(user.id).await.unwrap(), "new-hash");
}

#[tokio::test]
async fn a_profile_update_to_a_taken_email_is_a_conflict_and_changes_nothing() {
    let t = TestDb::new();
    let repo = PgUserRepository::new(t.db.clone());
    repo.create(new_user("taken@example.com")).await.unwrap();
    let me = repo.create(new_user("me@example.com")).await.unwrap();
    let err = repo
        .update_profile(me.id, PersonName::parse("New Name").unwrap(), Email::parse("taken@example.com").unwrap())
        .await
        .unwrap_err();
    assert!(matches!(err, RepoError::Duplicate(UniqueField::Email)));
    assert_eq!(repo.find_by_id(me.id).await.unwrap(), me);
}

#[tokio::test]
async fn replacing_an_unverified_user_does_not_touch_a_verified_one() {
    let t = TestDb::new();
    let repo = PgUserRepository::new(t.db.clone());
    let user = repo.create(new_user("jane@example.com")).await.unwrap();
    let renamed = repo.replace_unverified(user.id, PersonName::parse("Janet").unwrap(), "h2".into()).await.unwrap();
    assert_eq!(renamed.name.as_str(), "Janet");
    repo.mark_verified(user.id).await.unwrap();
    let err = repo.replace_unverified(user.id, PersonName::parse("Mallory").unwrap(), "h3".into()).await.unwrap_err();
    assert!(matches!(err, RepoError::NotFound));
}

#[tokio::test]
async fn promoting_makes_a_verified_active_superadmin() {
    let t = TestDb::new();
    let repo = PgUserRepository::new(t.db.clone());
    let user = repo.create(new_user("boss@example.com")).await.unwrap();
    let promoted = repo.promote_to_superadmin(user.id, "h".into()).await.unwrap();
    assert_eq!(promoted.role, Role::Superadmin);
    assert!(promoted.is_verified && promoted.is_active);
}

#[tokio::test]
async fn a_link_token_is_consumed_once_and_a_newer_one_supersedes_it() {
    let t = TestDb::new();
    let users = PgUserRepository::new(t.db.clone());
    let tokens = PgLinkTokenRepository::new(t.db.clone());
    let user = users.create(new_user("jane@example.com")).await.unwrap();
    let now = Utc::now();
    let later = now + Duration::minutes(15);

    tokens.replace(user.id, TokenPurpose::ResetPassword, "first".into(), later).await.unwrap();
    tokens.replace(user.id, TokenPurpose::ResetPassword, "second".into(), later).await.unwrap();
    tokens.replace(user.id, TokenPurpose::VerifyEmail, "verify".into(), later).await.unwrap();

    let superseded = tokens.consume(TokenPurpose::ResetPassword, "first".into(), now).await;
    assert!(matches!(superseded, Err(RepoError::NotFound)));
    let wrong_purpose = tokens.consume(TokenPurpose::ResetPassword, "verify".into(), now).await;
    assert!(matches!(wrong_purpose, Err(RepoError::NotFound)));
    assert_eq!(tokens.consume(TokenPurpose::ResetPassword, "second".into(), now).await.unwrap(), user.id);
    let again = tokens.consume(TokenPurpose::ResetPassword, "second".into(), now).await;
    assert!(matches!(again, Err(RepoError::NotFound)));
    assert_eq!(tokens.consume(TokenPurpose::VerifyEmail, "verify".into(), now).await.unwrap(), user.id);
}

#[tokio::test]
async fn a_link_tells_live_from_used_until_a_newer_one_replaces_it() {
    let t = TestDb::new();
    let users = PgUserRepository::new(t.db.clone());
    let tokens = PgLinkTokenRepository::new(t.db.clone());
    let user = users.create(new_user("jane@example.com")).await.unwrap();
    let now = Utc::now();
    let later = now + Duration::minutes(15);
    tokens.replace(user.id, TokenPurpose::VerifyEmail, "verify".into(), later).await.unwrap();

    let state = |digest: &'static str, at| tokens.state(TokenPurpose::VerifyEmail, digest.into(), at);
    assert_eq!(state("verify", now).await.unwrap(), LinkState::Live(user.id), "looking does not use it");
    assert_eq!(state("verify", now).await.unwrap(), LinkState::Live(user.id));
    tokens.consume(TokenPurpose::VerifyEmail, "verify".into(), now).await.unwrap();
    assert_eq!(state("verify", now).await.unwrap(), LinkState::Used(user.id));
    assert!(matches!(state("verify", later).await, Err(RepoError::NotFound)), "expired");
    assert!(matches!(state("unknown", now).await, Err(RepoError::NotFound)));
    let other_purpose = tokens.state(TokenPurpose::ResetPassword, "verify".into(), now).await;
    assert!(matches!(other_purpose, Err(RepoError::NotFound)));

    tokens.replace(user.id, TokenPurpose::VerifyEmail, "newer".into(), later).await.unwrap();
    assert!(matches!(state("verify", now).await, Err(RepoError::NotFound)), "a newer link replaces a used one");
    assert_eq!(state("newer", now).await.unwrap(), LinkState::Live(user.id));
}

#[tokio::test]
async fn an_expired_link_token_is_refused() {
    let t = TestDb::new();
    let users = PgUserRepository::new(t.db.clone());
    let tokens = PgLinkTokenRepository::new(t.db.clone());
    let user = users.create(new_user("jane@example.com")).await.unwrap();
    let now = Utc::now();
    tokens.replace(user.id, TokenPurpose::VerifyEmail, "old".into(), now - Duration::seconds(1)).await.unwrap();
    let result = tokens.consume(TokenPurpose::VerifyEmail, "old".into(), now).await;
    assert!(matches!(result, Err(RepoError::NotFound)));
}

#[tokio::test]
async fn health_ping_answers_on_a_live_database() {
    let t = TestDb::new();
    t.db.ping().await.unwrap();
}
