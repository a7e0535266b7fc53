//! Two-factor sign-in and signed-in devices, against mocked stores.

use chrono::Duration;
use domain::ids::SessionId;
use domain::two_factor::{step_at, TotpSecret};
use domain::UserId;
use mockall::predicate::eq;
use uuid::Uuid;

use super::store::{Challenge, ClientMeta, SessionInfo, TwoFactorRecord};
use super::tests::{credentials, login, meta, now, session, user, Mocks, SESSION};
use super::*;
use crate::security::SessionClaims;
use crate::RepoError;

const USER: UserId = UserId(Uuid::from_u128(7));

/// The secret the mocked randomness makes (bytes 0..20), and its sealed form as stored.
fn secret() -> TotpSecret {
    TotpSecret::from_bytes((0..20).collect())
}

fn sealed() -> Vec<u8> {
    format!("sealed:{}", secret().to_base32()).into_bytes()
}

fn enrolled(last_step: Option<i64>) -> TwoFactorRecord {
    TwoFactorRecord { sealed_secret: sealed(), enabled: true, last_step }
}

fn code_now() -> String {
    secret().code_at(step_at(now()))
}

fn with_two_factor() -> domain::User {
    let mut u = user(true, true);
    u.two_factor_enabled = true;
    u
}

fn challenge_token() -> String {
    format!("{USER}.plain-token")
}

/// Mocks where a live challenge is waiting (made from `meta()`).
fn challenged() -> Mocks {
    let mut m = Mocks::new();
    m.two_factor
        .expect_challenge()
        .with(eq(USER), eq("digest-of-plain-token".to_string()), eq(now()))
        .returning(|_, _, _| Ok(Challenge { meta: meta() }));
    m.users.expect_find_by_id().returning(|_| Ok(with_two_factor()));
    m
}

#[tokio::test]
async fn a_right_password_with_two_factor_on_gives_a_challenge_and_no_session() {
    let mut m = Mocks::new();
    m.users.expect_find_credentials_by_email().returning(|_| Ok(credentials(with_two_factor())));
    m.session_store = super::store::MockSessionRepository::new();
    m.session_store.expect_create().never();
    m.two_factor
        .expect_create_challenge()
        // The mocked generator's digest of "plain-token".
        .with(eq(USER), eq("digest-of-plain".to_string()), eq(now() + Duration::minutes(5)), eq(meta()))
        .times(1)
        .returning(|_, _, _, _| Ok(()));
    match m.service().login(login("jane@example.com", "secret1"), meta()).await.unwrap() {
        LoginOutcome::TwoFactorRequired { challenge_token: token } => assert_eq!(token, challenge_token()),
        LoginOutcome::SignedIn(_) => panic!("a session without the second factor"),
    }
}

#[tokio::test]
async fn a_right_code_turns_the_challenge_into_a_session_made_where_the_password_was_typed() {
    let mut m = challenged();
    m.two_factor.expect_record().returning(|_| Ok(enrolled(None)));
    m.two_factor.expect_use_step().with(eq(USER), eq(step_at(now()))).times(1).returning(|_, _| Ok(true));
    m.two_factor.expect_take_challenge().times(1).returning(|_, _| Ok(true));
    m.session_store = super::store::MockSessionRepository::new();
    m.session_store
        .expect_create()
        .withf(|user, _, meta_, at, _| *user == USER && *meta_ == meta() && *at == now())
        .times(1)
        .returning(|_, _, _, _, _| Ok(()));
    let factor = SecondFactor { code: Some(code_now()), recovery_code: None };
    let signed_in = m.service().login_two_factor(&challenge_token(), factor).await.unwrap();
    assert!(signed_in.user.two_factor_enabled);
}

#[tokio::test]
async fn a_code_used_already_is_refused_as_a_replay_and_counts_as_a_failure() {
    let mut m = challenged();
    // The store says the step was taken (by this code, a moment ago, on another request).
    m.two_factor.expect_record().returning(|_| Ok(enrolled(None)));
    m.two_factor.expect_use_step().returning(|_, _| Ok(false));
    m.two_factor.expect_challenge_failed().times(1).returning(|_, _, _| Ok(1));
    m.two_factor.expect_take_challenge().never();
    let factor = SecondFactor { code: Some(code_now()), recovery_code: None };
    let err = m.service().login_two_factor(&challenge_token(), factor).await.unwrap_err();
    assert_eq!(err.to_string(), "Invalid authentication code");

    // And a code at or before the last accepted step is refused without asking the store.
    let mut m = challenged();
    m.two_factor.expect_record().returning(|_| Ok(enrolled(Some(step_at(now()) + 1))));
    m.two_factor.expect_use_step().never();
    m.two_factor.expect_challenge_failed().times(1).returning(|_, _, _| Ok(2));
    let factor = SecondFactor { code: Some(code_now()), recovery_code: None };
    assert!(matches!(
        m.service().login_two_factor(&challenge_token(), factor).await.unwrap_err(),
        AuthError::Invalid(_)
    ));
}

#[tokio::test]
async fn wrong_and_malformed_codes_count_and_the_tenth_locks_the_challenge() {
    for (code, failures, locked) in [("000000", 3, false), ("12ab", 4, false), ("000000", 10, true)] {
        let mut m = challenged();
        m.two_factor.expect_record().returning(|_| Ok(enrolled(None)));
        m.two_factor
            .expect_challenge_failed()
            .with(eq(USER), eq("digest-of-plain-token".to_string()), eq(CHALLENGE_ATTEMPTS))
            .times(1)
            .returning(move |_, _, _| Ok(failures));
        m.two_factor.expect_take_challenge().never();
        let factor = SecondFactor { code: Some(code.into()), recovery_code: None };
        let err = m.service().login_two_factor(&challenge_token(), factor).await.unwrap_err();
        if locked {
            assert!(matches!(err, AuthError::ChallengeLocked), "{err:?}");
            assert_eq!(err.to_string(), "Too many incorrect codes. Please sign in again.");
        } else {
            assert_eq!(err.to_string(), "Invalid authentication code", "{code}");
        }
    }
}

#[tokio::test]
async fn a_recovery_code_signs_in_once_however_it_is_typed() {
    let mut m = challenged();
    m.two_factor
        .expect_use_recovery_code()
        .with(eq(USER), eq("digest-of-abcdefghij".to_string()), eq(now()))
        .times(1)
        .returning(|_, _, _| Ok(true));
    m.two_factor.expect_take_challenge().returning(|_, _| Ok(true));
    let factor = SecondFactor { code: Some(" ".into()), recovery_code: Some("ABCDE-fghij".into()) };
    m.service().login_two_factor(&challenge_token(), factor).await.unwrap();

    let mut m = challenged();
    m.two_factor.expect_use_recovery_code().returning(|_, _, _| Ok(false));
    m.two_factor.expect_challenge_failed().times(1).returning(|_, _, _| Ok(1));
    let factor = SecondFactor { code: None, recovery_code: Some("abcde-fghij".into()) };
    let err = m.service().login_two_factor(&challenge_token(), factor).await.unwrap_err();
    assert_eq!(err.to_string(), "Invalid recovery code");
}

#[tokio::test]
async fn an_unknown_expired_or_malformed_challenge_is_expired() {
    let mut m = Mocks::new();
    m.two_factor.expect_challenge().returning(|_, _, _| Err(RepoError::NotFound));
    m.two_factor.expect_challenge_failed().never();
    let service = m.service();
    let factor = || SecondFactor { code: Some("123456".into()), recovery_code: None };
    for token in [challenge_token(), "".into(), "not-a-uuid.x".into(), format!("{USER}."), "a session jwt".into()] {
        let err = service.login_two_factor(&token, factor()).await.unwrap_err();
        assert!(matches!(err, AuthError::ChallengeExpired), "{token:?}: {err:?}");
    }
    assert_eq!(AuthError::ChallengeExpired.to_string(), "This sign-in has expired. Please sign in again.");
}

#[tokio::test]
async fn a_challenge_taken_by_a_parallel_request_gives_no_second_session() {
    let mut m = challenged();
    m.two_factor.expect_record().returning(|_| Ok(enrolled(None)));
    m.two_factor.expect_use_step().returning(|_, _| Ok(true));
    m.two_factor.expect_take_challenge().returning(|_, _| Ok(false));
    m.session_store = super::store::MockSessionRepository::new();
    m.session_store.expect_create().never();
    let factor = SecondFactor { code: Some(code_now()), recovery_code: None };
    assert!(matches!(
        m.service().login_two_factor(&challenge_token(), factor).await.unwrap_err(),
        AuthError::ChallengeExpired
    ));
}

#[tokio::test]
async fn setup_seals_a_new_secret_and_answers_it_for_the_app() {
    let mut m = Mocks::new();
    m.two_factor.expect_begin().with(eq(USER), eq(sealed())).times(1).returning(|_, _| Ok(()));
    let enrolment = m.service().two_factor_setup(&user(true, true)).await.unwrap();
    assert_eq!(enrolment.secret, secret().to_base32());
    assert_eq!(enrolment.otpauth_url, secret().otpauth_url("jane@example.com"));

    let mut m = Mocks::new();
    m.two_factor.expect_begin().never();
    let err = m.service().two_factor_setup(&with_two_factor()).await.unwrap_err();
    assert!(matches!(err, AuthError::TwoFactorAlreadyOn));
    assert_eq!(err.to_string(), "Two-factor authentication is already enabled");
}

#[tokio::test]
async fn enabling_needs_a_right_code_and_answers_ten_recovery_codes_stored_as_digests() {
    let mut m = Mocks::new();
    m.two_factor.expect_record().returning(|_| Ok(TwoFactorRecord { enabled: false, ..enrolled(None) }));
    m.two_factor.expect_enable().never();
    let err = m.service().two_factor_enable(&user(true, true), "000000").await.unwrap_err();
    assert_eq!(err.to_string(), "Invalid authentication code");

    let mut m = Mocks::new();
    m.two_factor.expect_record().returning(|_| Ok(TwoFactorRecord { enabled: false, ..enrolled(None) }));
    m.two_factor
        .expect_enable()
        .withf(|user, step, digests| {
            *user == USER && *step == step_at(now()) && digests.len() == 10 && digests[0].starts_with("digest-of-")
        })
        .times(1)
        .returning(|_, _, _| Ok(()));
    let codes = m.service().two_factor_enable(&user(true, true), &code_now()).await.unwrap();
    assert_eq!(codes.len(), 10);
    assert!(codes.iter().all(|c| c.len() == 11 && c.as_bytes()[5] == b'-'), "{codes:?}");

    let mut m = Mocks::new();
    m.two_factor.expect_record().returning(|_| Err(RepoError::NotFound));
    let err = m.service().two_factor_enable(&user(true, true), &code_now()).await.unwrap_err();
    assert!(matches!(err, AuthError::TwoFactorNotStarted));
}

#[tokio::test]
async fn disabling_needs_the_password_and_a_code() {
    let mut m = Mocks::new();
    m.users.expect_password_hash().returning(|_| Ok("HASH(secret1)".into()));
    m.two_factor.expect_disable().never();
    let service = m.service();
    let factor = || SecondFactor { code: Some(code_now()), recovery_code: None };
    let wrong = service.two_factor_disable(&with_two_factor(), "not-it", factor()).await.unwrap_err();
    assert!(matches!(wrong, AuthError::WrongCurrentPassword));
    let off = service.two_factor_disable(&user(true, true), "secret1", factor()).await.unwrap_err();
    assert!(matches!(off, AuthError::TwoFactorOff));

    let mut m = Mocks::new();
    m.users.expect_password_hash().returning(|_| Ok("HASH(secret1)".into()));
    m.two_factor.expect_record().returning(|_| Ok(enrolled(None)));
    m.two_factor.expect_use_step().returning(|_, _| Ok(true));
    m.two_factor.expect_disable().with(eq(USER)).times(1).returning(|_| Ok(()));
    m.service().two_factor_disable(&with_two_factor(), "secret1", factor()).await.unwrap();
}

#[tokio::test]
async fn a_token_whose_session_was_ended_is_refused() {
    let mut m = Mocks::new();
    m.sessions
        .expect_verify()
        .returning(|_| Some(SessionClaims { user_id: USER, token_version: 3, session_id: SESSION }));
    m.session_store
        .expect_user_of()
        .with(eq(USER), eq(SESSION), eq(now()))
        .returning(|_, _, _| Err(RepoError::NotFound));
    assert!(matches!(m.service().authenticate("tok").await.unwrap_err(), AuthError::SessionInvalid));
}

#[tokio::test]
async fn a_login_records_the_device_and_its_token_names_the_session() {
    let mut m = Mocks::new();
    m.users.expect_find_credentials_by_email().returning(|_| Ok(credentials(user(true, true))));
    m.session_store = super::store::MockSessionRepository::new();
    let made = std::sync::Arc::new(std::sync::Mutex::new(None));
    let seen = made.clone();
    m.session_store
        .expect_create()
        .withf(|user, _, meta_, at, stale| *user == USER && *meta_ == meta() && *stale == *at - Duration::days(7))
        .times(1)
        .returning(move |_, id, _, _, _| {
            *seen.lock().unwrap() = Some(id);
            Ok(())
        });
    let made_for_token = made.clone();
    m.sessions = crate::security::MockSessionTokens::new();
    m.sessions.expect_issue().returning(move |c: SessionClaims| {
        assert_eq!(Some(c.session_id), *made_for_token.lock().unwrap(), "the token names the recorded session");
        Ok("jwt".into())
    });
    session(m.service().login(login("jane@example.com", "secret1"), meta()).await.unwrap());
    assert!(made.lock().unwrap().is_some());
}

#[tokio::test]
async fn the_devices_list_marks_this_one_and_ending_an_unknown_one_is_not_found() {
    let mut m = Mocks::new();
    let other = SessionId(Uuid::from_u128(99));
    m.session_store.expect_list().returning(move |_| {
        Ok([SESSION, other]
            .into_iter()
            .map(|id| SessionInfo { id, created_at: now(), last_seen_at: now(), meta: ClientMeta::default() })
            .collect())
    });
    m.session_store.expect_delete().returning(|_, _| Err(RepoError::NotFound));
    let service = m.service();
    let list = service.sessions(&user(true, true), SESSION).await.unwrap();
    assert_eq!(list.iter().map(|s| s.current).collect::<Vec<_>>(), [true, false]);
    let err = service.end_session(&user(true, true), other).await.unwrap_err();
    assert_eq!(err.to_string(), "Session not found");
}

#[test]
fn one_field_takes_either_kind_and_a_challenge_names_its_account() {
    let app = SecondFactor::either("123 456".into());
    assert_eq!((app.code.as_deref(), app.recovery_code.as_deref()), (Some("123 456"), None));
    let recovery = SecondFactor::either("abcde-fghij".into());
    assert_eq!((recovery.code.as_deref(), recovery.recovery_code.as_deref()), (None, Some("abcde-fghij")));
    assert_eq!(challenge_account(&challenge_token()), Some(USER));
    for malformed in ["", "x.y", &format!("{USER}.")] {
        assert_eq!(challenge_account(malformed), None, "{malformed:?}");
    }
}
