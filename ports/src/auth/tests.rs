use std::sync::{Arc, Mutex};

use chrono::{DateTime, TimeZone, Utc};
use domain::{Email, PersonName, Role, User, UserId};
use mockall::predicate::eq;
use uuid::Uuid;

use super::store::{ClientMeta, MockSessionRepository, MockTwoFactorRepository};
use super::*;
use crate::clock::MockClock;
use crate::mailer::MockMailer;
use crate::security::{
    MockLinkTokens, MockPasswordHasher, MockSecretBox, MockSessionTokens, OneTimeSecret, SessionClaims,
};
use crate::users::{LinkState, MockLinkTokenRepository, MockUserRepository, TokenPurpose, UserCredentials};
use crate::{OutgoingEmail, RepoError, UniqueField, WorkError};

/// The session every test's token names.
pub(super) const SESSION: domain::ids::SessionId = domain::ids::SessionId(Uuid::from_u128(0x5e55));

pub(super) fn meta() -> ClientMeta {
    ClientMeta::new(Some("203.0.113.9".into()), Some("Firefox on a phone"))
}

/// The session a login made, which must not be a challenge.
pub(super) fn session(outcome: LoginOutcome) -> SignedIn {
    match outcome {
        LoginOutcome::SignedIn(signed_in) => signed_in,
        LoginOutcome::TwoFactorRequired { .. } => panic!("expected a session, got a challenge"),
    }
}

pub(super) fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 6, 15, 12, 0, 0).unwrap()
}

pub(super) fn user(verified: bool, active: bool) -> User {
    User {
        id: UserId(Uuid::from_u128(7)),
        name: PersonName::parse("Jane Doe").unwrap(),
        email: Email::parse("jane@example.com").unwrap(),
        role: Role::User,
        is_active: active,
        is_verified: verified,
        can_connect_bank: false,
        can_finalize_month: false,
        token_version: 3,
        two_factor_enabled: false,
        created_at: now(),
    }
}

pub(super) fn credentials(user: User) -> UserCredentials {
    UserCredentials { user, password_hash: "HASH(secret1)".into() }
}

/// Mocks with the harmless defaults most tests want; each test adds its own expectations.
pub(super) struct Mocks {
    pub(super) users: MockUserRepository,
    pub(super) link_tokens: MockLinkTokenRepository,
    pub(super) hasher: MockPasswordHasher,
    pub(super) sessions: MockSessionTokens,
    pub(super) session_store: MockSessionRepository,
    pub(super) two_factor: MockTwoFactorRepository,
    pub(super) sealer: MockSecretBox,
    pub(super) secrets: MockLinkTokens,
    pub(super) mailer: MockMailer,
}

impl Mocks {
    pub(super) fn new() -> Self {
        let mut hasher = MockPasswordHasher::new();
        hasher.expect_hash().returning(|p| Ok(format!("HASH({p})")));
        hasher.expect_verify().returning(|p, h| Ok(h == format!("HASH({p})")));
        hasher.expect_is_saturated().return_const(false);
        let mut sessions = MockSessionTokens::new();
        sessions.expect_issue().returning(|c: SessionClaims| Ok(format!("jwt:{}:{}", c.user_id, c.token_version)));
        let mut secrets = MockLinkTokens::new();
        secrets
            .expect_generate()
            .returning(|| OneTimeSecret { plain: "plain-token".into(), digest: "digest-of-plain".into() });
        secrets.expect_digest().returning(|p| format!("digest-of-{p}"));
        secrets.expect_random_bytes().returning(|n| (0..n).map(|i| i as u8).collect());
        let mut session_store = MockSessionRepository::new();
        session_store.expect_create().returning(|_, _, _, _, _| Ok(()));
        let mut sealer = MockSecretBox::new();
        sealer.expect_seal().returning(|plain| Ok(format!("sealed:{plain}").into_bytes()));
        sealer.expect_open().returning(|sealed| {
            let text = String::from_utf8(sealed.to_vec())?;
            text.strip_prefix("sealed:").map(str::to_owned).ok_or_else(|| anyhow::anyhow!("not sealed"))
        });
        Self {
            users: MockUserRepository::new(),
            link_tokens: MockLinkTokenRepository::new(),
            hasher,
            sessions,
            session_store,
            two_factor: MockTwoFactorRepository::new(),
            sealer,
            secrets,
            mailer: MockMailer::new(),
        }
    }

    pub(super) fn service(self) -> AuthService {
        let mut clock = MockClock::new();
        clock.expect_now().returning(now);
        AuthService::new(
            AuthDeps {
                users: Arc::new(self.users),
                link_tokens: Arc::new(self.link_tokens),
                hasher: Arc::new(self.hasher),
                sessions: Arc::new(self.sessions),
                session_store: Arc::new(self.session_store),
                two_factor: Arc::new(self.two_factor),
                sealer: Arc::new(self.sealer),
                secrets: Arc::new(self.secrets),
                mailer: Arc::new(self.mailer),
                clock: Arc::new(clock),
            },
            AuthSettings::new("https://money.example/"),
        )
    }
}

fn register_request() -> RegisterRequest {
    RegisterRequest { name: " Jane Doe ".into(), email: " Jane@Example.com".into(), password: "Secret123".into() }
}

#[tokio::test]
async fn register_creates_an_unverified_user_and_mails_one_verification_link() {
    let mut m = Mocks::new();
    m.users.expect_find_credentials_by_email().returning(|_| Err(RepoError::NotFound));
    m.users
        .expect_create()
        .withf(|u| {
            u.email.as_str() == "jane@example.com"
                && u.password_hash == "HASH(Secret123)"
                && !u.is_verified
                && u.role == Role::User
        })
        .times(1)
        .returning(|_| Ok(user(false, true)));
    m.link_tokens
        .expect_replace()
        .withf(|_, purpose, digest, expires| {
            *purpose == TokenPurpose::VerifyEmail
                && digest == "digest-of-plain"
                && *expires == now() + chrono::Duration::hours(24)
        })
        .times(1)
        .returning(|_, _, _, _| Ok(()));
    let sent: Arc<Mutex<Vec<OutgoingEmail>>> = Arc::default();
    let sink = sent.clone();
    m.mailer.expect_send().times(1).returning(move |e| {
        sink.lock().unwrap().push(e);
        Ok(())
    });

    let outcome = m.service().register(register_request()).await.unwrap();

    assert!(outcome.email_sent);
    let sent = sent.lock().unwrap();
    assert_eq!(sent[0].to_address, "jane@example.com");
    assert!(sent[0].text_body.contains("https://money.example/verify-email/plain-token"));
    assert!(sent[0].html_body.contains("https://money.example/verify-email/plain-token"));
    assert!(sent[0].subject.contains("MySpending"));
    // In the app's colours: its primary teal for the name and the button, never another blue.
    assert!(sent[0].html_body.contains("background:#0f716a;color:#ffffff"), "{}", sent[0].html_body);
    assert!(!sent[0].html_body.contains("#2b6cb0"));
}

#[tokio::test]
async fn register_refuses_an_address_that_is_already_verified() {
    let mut m = Mocks::new();
    m.users.expect_find_credentials_by_email().returning(|_| Ok(credentials(user(true, true))));
    m.users.expect_create().never();
    m.mailer.expect_send().never();
    let err = m.service().register(register_request()).await.unwrap_err();
    assert!(matches!(err, AuthError::EmailTaken));
}

#[tokio::test]
async fn registering_again_before_verifying_replaces_the_pending_account_and_resends() {
    let mut m = Mocks::new();
    m.users.expect_find_credentials_by_email().returning(|_| Ok(credentials(user(false, true))));
    m.users.expect_create().never();
    m.users
        .expect_replace_unverified()
        .withf(|_, name, hash| name.as_str() == "Jane Doe" && hash == "HASH(Secret123)")
        .times(1)
        .returning(|_, _, _| Ok(user(false, true)));
    m.link_tokens.expect_replace().times(1).returning(|_, _, _, _| Ok(()));
    m.mailer.expect_send().times(1).returning(|_| Ok(()));
    m.service().register(register_request()).await.unwrap();
}

#[tokio::test]
async fn a_mail_failure_keeps_the_registration_and_is_reported() {
    let mut m = Mocks::new();
    m.users.expect_find_credentials_by_email().returning(|_| Err(RepoError::NotFound));
    m.users.expect_create().times(1).returning(|_| Ok(user(false, true)));
    m.link_tokens.expect_replace().returning(|_, _, _, _| Ok(()));
    m.mailer.expect_send().times(1).returning(|_| Err(anyhow::anyhow!("connection refused")));
    let outcome = m.service().register(register_request()).await.unwrap();
    assert!(!outcome.email_sent);
}

#[tokio::test]
async fn register_validates_before_hashing_or_touching_storage() {
    let mut m = Mocks::new();
    m.hasher = MockPasswordHasher::new();
    m.hasher.expect_hash().never();
    m.users.expect_find_credentials_by_email().never();
    let service = m.service();
    let refused = [
        ("secret1", "Password must be at least 8 characters"),
        ("secret12", "Password must contain at least one uppercase letter, one lowercase letter, and one number"),
        ("Password1", "This password is too common. Please choose another."),
    ];
    for (password, message) in refused {
        let request = RegisterRequest { password: password.into(), ..register_request() };
        let err = service.register(request).await.unwrap_err();
        assert_eq!(err.to_string(), message, "password {password:?}");
    }
    let no_name = RegisterRequest { name: "".into(), ..register_request() };
    assert_eq!(service.register(no_name).await.unwrap_err().to_string(), "Name is required");
}

pub(super) fn login(email: &str, password: &str) -> LoginRequest {
    LoginRequest { email: email.into(), password: password.into() }
}

#[tokio::test]
async fn login_with_an_unknown_email_is_invalid_credentials_and_still_spends_hashing_time() {
    let mut m = Mocks::new();
    m.users.expect_find_credentials_by_email().returning(|_| Err(RepoError::NotFound));
    m.hasher.expect_verify_dummy().times(1).returning(|_| Ok(()));
    let err = m.service().login(login("nobody@example.com", "secret1"), meta()).await.unwrap_err();
    assert!(matches!(err, AuthError::InvalidCredentials));
}

/// A hasher at capacity: every call is refused without computing anything.
fn busy_hasher() -> MockPasswordHasher {
    let mut hasher = MockPasswordHasher::new();
    hasher.expect_hash().returning(|_| Err(WorkError::Busy));
    hasher.expect_verify().returning(|_, _| Err(WorkError::Busy));
    hasher.expect_verify_dummy().returning(|_| Err(WorkError::Busy));
    hasher.expect_is_saturated().return_const(false); // the queue filled after the hint
    hasher
}

#[tokio::test]
async fn login_while_the_hashing_queue_is_full_is_busy_without_reading_the_account() {
    let mut m = Mocks::new();
    m.hasher = MockPasswordHasher::new();
    m.hasher.expect_is_saturated().return_const(true);
    m.hasher.expect_verify().never();
    m.hasher.expect_verify_dummy().never();
    m.users.expect_find_credentials_by_email().never();
    let err = m.service().login(login("jane@example.com", "secret1"), meta()).await.unwrap_err();
    assert!(matches!(err, AuthError::Busy));
}

#[tokio::test]
async fn login_while_hashing_is_at_capacity_is_busy_whether_or_not_the_account_exists() {
    for known in [true, false] {
        let mut m = Mocks::new();
        m.hasher = busy_hasher();
        m.users.expect_find_credentials_by_email().returning(move |_| {
            if known {
                Ok(credentials(user(true, true)))
            } else {
                Err(RepoError::NotFound)
            }
        });
        let err = m.service().login(login("jane@example.com", "secret1"), meta()).await.unwrap_err();
        assert!(matches!(err, AuthError::Busy), "known account: {known}, got {err:?}");
    }
}

#[tokio::test]
async fn register_and_reset_while_hashing_is_at_capacity_are_busy_and_change_nothing() {
    let mut m = Mocks::new();
    m.hasher = busy_hasher();
    m.users.expect_create().never();
    m.users.expect_replace_unverified().never();
    m.users.expect_set_password().never();
    m.link_tokens.expect_consume().never();
    let service = m.service();
    assert!(matches!(service.register(register_request()).await.unwrap_err(), AuthError::Busy));
    assert!(matches!(service.reset_password("plain-token", "NewPass123").await.unwrap_err(), AuthError::Busy));
}

#[tokio::test]
async fn login_with_a_wrong_password_is_invalid_credentials() {
    let mut m = Mocks::new();
    m.users.expect_find_credentials_by_email().returning(|_| Ok(credentials(user(true, true))));
    let err = m.service().login(login("jane@example.com", "wrong-one"), meta()).await.unwrap_err();
    assert!(matches!(err, AuthError::InvalidCredentials));
}

#[tokio::test]
async fn an_unverified_login_is_refused_with_a_message_that_says_so() {
    let mut m = Mocks::new();
    m.users.expect_find_credentials_by_email().returning(|_| Ok(credentials(user(false, true))));
    let err = m.service().login(login("jane@example.com", "secret1"), meta()).await.unwrap_err();
    assert!(matches!(err, AuthError::NotVerified));
    assert!(err.to_string().contains("verify your email"));
}

#[tokio::test]
async fn a_disabled_login_is_refused_with_disabled_in_the_message() {
    let mut m = Mocks::new();
    m.users.expect_find_credentials_by_email().returning(|_| Ok(credentials(user(true, false))));
    let err = m.service().login(login("jane@example.com", "secret1"), meta()).await.unwrap_err();
    assert!(err.to_string().contains("disabled"));
}

#[tokio::test]
async fn a_good_login_issues_a_token_for_the_current_version() {
    let mut m = Mocks::new();
    m.users
        .expect_find_credentials_by_email()
        .with(eq(Email::parse("jane@example.com").unwrap()))
        .returning(|_| Ok(credentials(user(true, true))));
    let signed_in = session(m.service().login(login("  JANE@example.com ", "secret1"), meta()).await.unwrap());
    assert_eq!(signed_in.token, format!("jwt:{}:3", UserId(Uuid::from_u128(7))));
}

#[tokio::test]
async fn a_reset_token_cannot_be_used_twice() {
    let mut m = Mocks::new();
    let mut seq = mockall::Sequence::new();
    m.link_tokens
        .expect_consume()
        .with(eq(TokenPurpose::ResetPassword), eq("digest-of-tok".to_string()), eq(now()))
        .times(1)
        .in_sequence(&mut seq)
        .returning(|_, _, _| Ok(UserId(Uuid::from_u128(7))));
    m.link_tokens.expect_consume().times(1).in_sequence(&mut seq).returning(|_, _, _| Err(RepoError::NotFound));
    m.users.expect_set_password().withf(|_, h| h == "HASH(NewPass123)").times(1).returning(|_, _| Ok(user(true, true)));
    m.users.expect_mark_verified().times(1).returning(|_| Ok(user(true, true)));
    let service = m.service();

    service.reset_password("tok", "NewPass123").await.unwrap();
    let second = service.reset_password("tok", "NewPass123").await.unwrap_err();
    assert!(matches!(second, AuthError::InvalidResetLink));
}

#[tokio::test]
async fn a_weak_reset_password_does_not_spend_the_token() {
    let mut m = Mocks::new();
    m.link_tokens.expect_consume().never();
    let err = m.service().reset_password("tok", "weakpass").await.unwrap_err();
    assert!(err.to_string().contains("uppercase"));
}

#[tokio::test]
async fn forgot_password_for_an_unknown_address_sends_nothing_and_succeeds() {
    let mut m = Mocks::new();
    m.users.expect_find_credentials_by_email().returning(|_| Err(RepoError::NotFound));
    m.mailer.expect_send().never();
    m.link_tokens.expect_replace().never();
    m.service().forgot_password("ghost@example.com").await.unwrap();
}

#[tokio::test]
async fn forgot_password_mails_a_fifteen_minute_reset_link() {
    let mut m = Mocks::new();
    m.users.expect_find_credentials_by_email().returning(|_| Ok(credentials(user(true, true))));
    m.link_tokens
        .expect_replace()
        .withf(|_, p, _, expires| {
            *p == TokenPurpose::ResetPassword && *expires == now() + chrono::Duration::minutes(15)
        })
        .times(1)
        .returning(|_, _, _, _| Ok(()));
    m.mailer
        .expect_send()
        .withf(|e| e.text_body.contains("https://money.example/reset-password/plain-token"))
        .times(1)
        .returning(|_| Ok(()));
    m.service().forgot_password("jane@example.com").await.unwrap();
}

#[tokio::test]
async fn verify_email_with_an_unknown_or_expired_token_fails_with_the_spec_message() {
    let mut m = Mocks::new();
    m.link_tokens.expect_consume().returning(|_, _, _| Err(RepoError::NotFound));
    m.link_tokens.expect_state().returning(|_, _, _| Err(RepoError::NotFound));
    let err = m.service().verify_email("nope", meta()).await.unwrap_err();
    assert_eq!(err.to_string(), "Verification failed. The link may be invalid or expired.");
}

#[tokio::test]
async fn a_verification_link_opened_again_says_the_address_is_verified() {
    let mut m = Mocks::new();
    m.link_tokens.expect_consume().returning(|_, _, _| Err(RepoError::NotFound));
    m.link_tokens
        .expect_state()
        .with(eq(TokenPurpose::VerifyEmail), eq("digest-of-abc".to_string()), eq(now()))
        .returning(|_, _, _| Ok(LinkState::Used(UserId(Uuid::from_u128(7)))));
    m.users.expect_find_by_id().returning(|_| Ok(user(true, true)));
    m.users.expect_mark_verified().never();
    let err = m.service().verify_email("abc", meta()).await.unwrap_err();
    assert!(matches!(err, AuthError::AlreadyVerified));
    assert_eq!(err.to_string(), "This link has already been used and your email address is verified. Please log in.");
}

#[tokio::test]
async fn a_used_link_of_an_unverified_user_is_just_invalid() {
    // Not reachable by a user today (a used verification link verified its user), but a used
    // link must never claim more than the account shows.
    let mut m = Mocks::new();
    m.link_tokens.expect_consume().returning(|_, _, _| Err(RepoError::NotFound));
    m.link_tokens.expect_state().returning(|_, _, _| Ok(LinkState::Used(UserId(Uuid::from_u128(7)))));
    m.users.expect_find_by_id().returning(|_| Ok(user(false, true)));
    let err = m.service().verify_email("abc", meta()).await.unwrap_err();
    assert!(matches!(err, AuthError::InvalidVerificationLink));
}

#[tokio::test]
async fn a_reset_link_is_checked_without_being_used() {
    let mut m = Mocks::new();
    m.link_tokens.expect_consume().never();
    let mut seq = mockall::Sequence::new();
    for answer in [
        Ok(LinkState::Live(UserId(Uuid::from_u128(7)))),
        Ok(LinkState::Used(UserId(Uuid::from_u128(7)))),
        Err(RepoError::NotFound),
    ] {
        m.link_tokens
            .expect_state()
            .with(eq(TokenPurpose::ResetPassword), eq("digest-of-tok".to_string()), eq(now()))
            .times(1)
            .in_sequence(&mut seq)
            .return_once(move |_, _, _| answer);
    }
    let service = m.service();
    service.check_reset_link("tok").await.unwrap();
    assert!(matches!(service.check_reset_link("tok").await, Err(AuthError::InvalidResetLink)), "used");
    let unknown = service.check_reset_link("tok").await.unwrap_err();
    assert_eq!(
        unknown.to_string(),
        "This password reset link has expired or has already been used. Please request a new one."
    );
}

#[tokio::test]
async fn verify_email_signs_the_user_in() {
    let mut m = Mocks::new();
    m.link_tokens
        .expect_consume()
        .with(eq(TokenPurpose::VerifyEmail), eq("digest-of-abc".to_string()), eq(now()))
        .returning(|_, _, _| Ok(UserId(Uuid::from_u128(7))));
    m.users.expect_mark_verified().times(1).returning(|_| Ok(user(true, true)));
    let signed_in = m.service().verify_email("abc", meta()).await.unwrap();
    assert!(signed_in.user.is_verified);
    assert!(signed_in.token.starts_with("jwt:"));
}

fn profile(email: &str, current: Option<&str>, new: Option<&str>) -> ProfileChange {
    ProfileChange {
        name: "Jane Doe".into(),
        email: email.into(),
        current_password: current.map(Into::into),
        new_password: new.map(Into::into),
    }
}

#[tokio::test]
async fn a_profile_email_clash_is_email_taken() {
    let mut m = Mocks::new();
    m.users.expect_update_profile().returning(|_, _, _| Err(RepoError::Duplicate(UniqueField::Email)));
    let err = m
        .service()
        .update_profile(&user(true, true), profile("taken@example.com", None, None), meta())
        .await
        .unwrap_err();
    assert!(matches!(err, AuthError::EmailTaken));
}

#[tokio::test]
async fn changing_the_password_needs_the_current_one() {
    let mut m = Mocks::new();
    m.users.expect_set_password().never();
    m.users.expect_password_hash().returning(|_| Ok("HASH(secret1)".into()));
    let service = m.service();
    let me = user(true, true);

    let missing =
        service.update_profile(&me, profile("jane@example.com", None, Some("NewPass123")), meta()).await.unwrap_err();
    assert_eq!(missing.to_string(), "Current password is required to change password");
    let wrong = service
        .update_profile(&me, profile("jane@example.com", Some("not-it"), Some("NewPass123")), meta())
        .await
        .unwrap_err();
    assert!(matches!(wrong, AuthError::WrongCurrentPassword));
}

#[tokio::test]
async fn a_password_change_returns_a_token_for_the_new_version() {
    let mut m = Mocks::new();
    m.users.expect_password_hash().returning(|_| Ok("HASH(secret1)".into()));
    m.users.expect_update_profile().never();
    m.users.expect_set_password().withf(|_, h| h == "HASH(NewPass123)").times(1).returning(|_, _| {
        let mut u = user(true, true);
        u.token_version = 4;
        Ok(u)
    });
    let (updated, token) = m
        .service()
        .update_profile(&user(true, true), profile("jane@example.com", Some("secret1"), Some("NewPass123")), meta())
        .await
        .unwrap();
    assert_eq!(updated.token_version, 4);
    assert_eq!(token.unwrap(), format!("jwt:{}:4", updated.id));
}

#[tokio::test]
async fn a_token_of_an_older_version_is_refused() {
    let mut m = Mocks::new();
    m.sessions.expect_verify().returning(|_| {
        Some(SessionClaims { user_id: UserId(Uuid::from_u128(7)), token_version: 2, session_id: SESSION })
    });
    m.session_store.expect_user_of().returning(|_, _, _| Ok(user(true, true)));
    let err = m.service().authenticate("old").await.unwrap_err();
    assert!(matches!(err, AuthError::SessionInvalid));
}

#[tokio::test]
async fn a_disabled_user_is_refused_on_every_authenticated_call() {
    let mut m = Mocks::new();
    m.sessions.expect_verify().returning(|_| {
        Some(SessionClaims { user_id: UserId(Uuid::from_u128(7)), token_version: 3, session_id: SESSION })
    });
    m.session_store.expect_user_of().returning(|_, _, _| Ok(user(true, false)));
    let err = m.service().authenticate("tok").await.unwrap_err();
    assert!(matches!(err, AuthError::Disabled));
}
