//! Every auth endpoint over HTTP against a real database.

use crate::common;

use common::{expect, expect_error, spawn_app, spawn_app_with};
use ports::security::PasswordHasher;
use reqwest::StatusCode;
use serde_json::json;

const PW: &str = "Secret123";
const COMPLEXITY: &str = "Password must contain at least one uppercase letter, one lowercase letter, and one number";
const TOO_COMMON: &str = "This password is too common. Please choose another.";

#[tokio::test]
async fn the_whole_sign_up_lifecycle_works() {
    let app = spawn_app().await;

    let body = expect(app.register("Jane Doe", " Jane@Example.com ", PW).await, StatusCode::CREATED).await;
    assert_eq!(body["message"], "Registration successful. Please check your email to verify your account.");

    let refused = app.login("jane@example.com", PW).await;
    let body = expect(refused, StatusCode::FORBIDDEN).await;
    assert!(body["message"].as_str().unwrap().contains("verify your email"));

    let mail = app.outbox();
    assert_eq!(mail.len(), 1);
    assert!(mail[0].contains("http://localhost:5173/verify-email/"));
    let token = app.link_token("jane@example.com", "verify-email").unwrap();
    assert!(token.len() >= 32, "at least 128 bits");

    let verified = expect(app.post("/api/auth/verify-email", json!({"token": token})).await, StatusCode::OK).await;
    assert_eq!(verified["user"]["email"], "jane@example.com");
    assert_eq!(verified["user"]["isVerified"], true);
    assert_eq!(verified["user"]["role"], "user");
    for key in ["_id", "name", "isActive", "canConnectBank", "canFinalizeMonth", "createdAt"] {
        assert!(verified["user"].get(key).is_some(), "user lacks {key}");
    }
    let session = verified["token"].as_str().unwrap();

    let me = expect(app.get_auth("/api/auth/me", session).await, StatusCode::OK).await;
    assert_eq!(me["user"]["name"], "Jane Doe");

    // Opened again (a second tap on the e-mail's button): no new session, and a message that
    // says the address is verified rather than that the link failed.
    let again = app.post("/api/auth/verify-email", json!({"token": token})).await;
    let message = "This link has already been used and your email address is verified. Please log in.";
    expect_error(again, StatusCode::CONFLICT, message).await;

    let login = expect(app.login("JANE@example.com", PW).await, StatusCode::OK).await;
    assert!(login["token"].as_str().unwrap().len() > 20);
}

#[tokio::test]
async fn registration_enforces_the_spec_rules_and_messages() {
    let app = spawn_app().await;
    let cases = [
        (json!({}), "Name is required"),
        (json!({"name": "J", "email": "a@b.com", "password": PW}), "Name must be at least 2 characters"),
        (json!({"name": "x".repeat(51), "email": "a@b.com", "password": PW}), "Name cannot exceed 50 characters"),
        (json!({"name": "Jane", "password": PW}), "Email is required"),
        (json!({"name": "Jane", "email": "not-an-email", "password": PW}), "Please enter a valid email address"),
        (json!({"name": "Jane", "email": "a@b.com"}), "Password is required"),
        (json!({"name": "Jane", "email": "a@b.com", "password": "Secret1"}), "Password must be at least 8 characters"),
        (json!({"name": "Jane", "email": "a@b.com", "password": "secret123"}), COMPLEXITY),
        (json!({"name": "Jane", "email": "a@b.com", "password": "Password1"}), TOO_COMMON),
    ];
    for (body, message) in cases {
        expect_error(app.post("/api/auth/register", body).await, StatusCode::BAD_REQUEST, message).await;
    }
    assert!(app.outbox().is_empty(), "nothing is sent for refused registrations");
}

#[tokio::test]
async fn a_verified_address_cannot_register_again() {
    let app = spawn_app().await;
    app.signed_up("Jane Doe", "jane@example.com", PW).await;
    let res = app.register("Other", "JANE@example.com", "Another123").await;
    expect_error(res, StatusCode::CONFLICT, "An account with this email already exists").await;
    expect(app.login("jane@example.com", PW).await, StatusCode::OK).await;
}

#[tokio::test]
async fn registering_again_before_verifying_supersedes_the_first_link() {
    let app = spawn_app().await;
    app.register("Jane Doe", "jane@example.com", PW).await;
    let first = app.link_token("jane@example.com", "verify-email").unwrap();
    expect(app.register("Jane D", "jane@example.com", "NewPass123").await, StatusCode::CREATED).await;
    let second = app.link_token("jane@example.com", "verify-email").unwrap();
    assert_ne!(first, second);
    let stale = app.post("/api/auth/verify-email", json!({"token": first})).await;
    expect(stale, StatusCode::BAD_REQUEST).await;
    expect(app.post("/api/auth/verify-email", json!({"token": second})).await, StatusCode::OK).await;
    expect(app.login("jane@example.com", "NewPass123").await, StatusCode::OK).await;
}

#[tokio::test]
async fn an_expired_verification_link_is_refused() {
    let app = spawn_app().await;
    app.register("Jane Doe", "jane@example.com", PW).await;
    let token = app.link_token("jane@example.com", "verify-email").unwrap();
    app.sql("UPDATE link_tokens SET expires_at = now() - interval '1 second'");
    let res = app.post("/api/auth/verify-email", json!({"token": token})).await;
    expect_error(res, StatusCode::BAD_REQUEST, "Verification failed. The link may be invalid or expired.").await;
    expect_error(
        app.post("/api/auth/verify-email", json!({})).await,
        StatusCode::BAD_REQUEST,
        "No verification token found.",
    )
    .await;
}

#[tokio::test]
async fn bad_credentials_are_401_with_one_message() {
    let app = spawn_app().await;
    app.signed_up("Jane Doe", "jane@example.com", PW).await;
    expect_error(
        app.login("jane@example.com", "wrong-pass").await,
        StatusCode::UNAUTHORIZED,
        "Invalid email or password",
    )
    .await;
    expect_error(app.login("ghost@example.com", PW).await, StatusCode::UNAUTHORIZED, "Invalid email or password").await;
    expect_error(app.login("", PW).await, StatusCode::BAD_REQUEST, "Email is required").await;
    expect_error(app.login("jane@example.com", "").await, StatusCode::BAD_REQUEST, "Password is required").await;
    expect_error(
        app.login("jane@example.com", "123").await,
        StatusCode::BAD_REQUEST,
        "Password must be at least 6 characters",
    )
    .await;
}

#[tokio::test]
async fn an_account_whose_password_was_set_under_the_older_six_character_rule_still_signs_in() {
    let app = spawn_app().await;
    app.signed_up("Jane Doe", "jane@example.com", PW).await;
    // Hashed as the server hashes, as a password set before the rule grew was.
    let hasher = adapter_security::Argon2Hasher::owasp(adapter_security::Limits::with_workers(1)).unwrap();
    let old_hash = hasher.hash("secret").await.unwrap();
    app.sql(&format!("UPDATE users SET password_hash = '{old_hash}'"));
    expect(app.login("jane@example.com", "secret").await, StatusCode::OK).await;
    expect(app.login("jane@example.com", PW).await, StatusCode::UNAUTHORIZED).await;
}

#[tokio::test]
async fn a_disabled_user_is_refused_at_login_and_on_every_authenticated_call() {
    let app = spawn_app().await;
    let session = app.signed_up("Jane Doe", "jane@example.com", PW).await;
    app.sql("UPDATE users SET is_active = false");
    let body = expect(app.login("jane@example.com", PW).await, StatusCode::FORBIDDEN).await;
    assert!(body["message"].as_str().unwrap().contains("disabled"));
    assert_eq!(body["code"], "account_disabled");
    let body = expect(app.get_auth("/api/auth/me", &session).await, StatusCode::FORBIDDEN).await;
    assert!(body["message"].as_str().unwrap().contains("disabled"));
    assert_eq!(body["code"], "account_disabled");
    let body = expect(app.get_auth("/api/auth/can-connect-bank", &session).await, StatusCode::FORBIDDEN).await;
    assert!(body["message"].as_str().unwrap().contains("disabled"));
}

#[tokio::test]
async fn missing_malformed_and_foreign_tokens_are_401() {
    let app = spawn_app().await;
    let res = app.client.get(app.url("/api/auth/me")).send().await.unwrap();
    expect_error(res, StatusCode::UNAUTHORIZED, "Not authorised. Please log in again.").await;
    expect(app.get_auth("/api/auth/me", "garbage").await, StatusCode::UNAUTHORIZED).await;
    let res = app.client.get(app.url("/api/auth/me")).header("Authorization", "Basic abc").send().await.unwrap();
    expect(res, StatusCode::UNAUTHORIZED).await;

    let other = spawn_app_with(|s| s.jwt_secret = Some("a-completely-different-secret".into())).await;
    let foreign = other.signed_up("Jane Doe", "jane@example.com", PW).await;
    expect(app.get_auth("/api/auth/me", &foreign).await, StatusCode::UNAUTHORIZED).await;
}

#[tokio::test]
async fn forgot_password_answers_the_same_for_unknown_addresses_and_sends_nothing() {
    let app = spawn_app().await;
    let unknown =
        expect(app.post("/api/auth/forgot-password", json!({"email": "ghost@example.com"})).await, StatusCode::OK)
            .await;
    assert!(app.outbox().is_empty());
    app.signed_up("Jane Doe", "jane@example.com", PW).await;
    let known =
        expect(app.post("/api/auth/forgot-password", json!({"email": "jane@example.com"})).await, StatusCode::OK).await;
    assert_eq!(unknown, known);
    assert!(app.link_token("jane@example.com", "reset-password").is_some());
    let bad = app.post("/api/auth/forgot-password", json!({"email": "nope"})).await;
    expect_error(bad, StatusCode::BAD_REQUEST, "Please enter a valid email address").await;
}

#[tokio::test]
async fn a_password_reset_works_once_voids_old_sessions_and_the_old_password() {
    let app = spawn_app().await;
    let old_session = app.signed_up("Jane Doe", "jane@example.com", PW).await;
    app.post("/api/auth/forgot-password", json!({"email": "jane@example.com"})).await;
    let token = app.link_token("jane@example.com", "reset-password").unwrap();
    let check_path = format!("/api/auth/reset-password/{token}");
    expect(app.get(&check_path).await, StatusCode::OK).await;
    expect(app.get(&check_path).await, StatusCode::OK).await;

    let weak = app.post(&format!("/api/auth/reset-password/{token}"), json!({"password": "weakpassword"})).await;
    expect_error(weak, StatusCode::BAD_REQUEST, COMPLEXITY).await;
    let common = app.post(&format!("/api/auth/reset-password/{token}"), json!({"password": "Qwerty123"})).await;
    expect_error(common, StatusCode::BAD_REQUEST, TOO_COMMON).await;

    let ok = app.post(&format!("/api/auth/reset-password/{token}"), json!({"password": "NewPass123"})).await;
    expect(ok, StatusCode::OK).await;
    let reused = app.post(&format!("/api/auth/reset-password/{token}"), json!({"password": "Another123"})).await;
    let used = "This password reset link has expired or has already been used. Please request a new one.";
    expect_error(reused, StatusCode::BAD_REQUEST, used).await;
    expect_error(app.get(&check_path).await, StatusCode::BAD_REQUEST, used).await;

    expect(app.get_auth("/api/auth/me", &old_session).await, StatusCode::UNAUTHORIZED).await;
    expect(app.login("jane@example.com", PW).await, StatusCode::UNAUTHORIZED).await;
    expect(app.login("jane@example.com", "NewPass123").await, StatusCode::OK).await;
}

#[tokio::test]
async fn a_newer_reset_request_supersedes_the_older_link_and_links_expire() {
    let app = spawn_app().await;
    app.signed_up("Jane Doe", "jane@example.com", PW).await;
    app.post("/api/auth/forgot-password", json!({"email": "jane@example.com"})).await;
    let first = app.link_token("jane@example.com", "reset-password").unwrap();
    app.post("/api/auth/forgot-password", json!({"email": "jane@example.com"})).await;
    let second = app.link_token("jane@example.com", "reset-password").unwrap();
    assert_ne!(first, second);

    let stale = app.post(&format!("/api/auth/reset-password/{first}"), json!({"password": "NewPass123"})).await;
    expect(stale, StatusCode::BAD_REQUEST).await;
    expect(app.get(&format!("/api/auth/reset-password/{first}")).await, StatusCode::BAD_REQUEST).await;
    expect(app.get(&format!("/api/auth/reset-password/{second}")).await, StatusCode::OK).await;

    app.sql("UPDATE link_tokens SET expires_at = now() - interval '1 second'");
    let expired = app.post(&format!("/api/auth/reset-password/{second}"), json!({"password": "NewPass123"})).await;
    expect(expired, StatusCode::BAD_REQUEST).await;
    expect(app.get(&format!("/api/auth/reset-password/{second}")).await, StatusCode::BAD_REQUEST).await;
    expect(app.login("jane@example.com", PW).await, StatusCode::OK).await;
}

#[tokio::test]
async fn a_reset_also_verifies_a_pending_account() {
    let app = spawn_app().await;
    app.register("Jane Doe", "jane@example.com", PW).await;
    app.post("/api/auth/forgot-password", json!({"email": "jane@example.com"})).await;
    let token = app.link_token("jane@example.com", "reset-password").unwrap();
    expect(
        app.post(&format!("/api/auth/reset-password/{token}"), json!({"password": "NewPass123"})).await,
        StatusCode::OK,
    )
    .await;
    expect(app.login("jane@example.com", "NewPass123").await, StatusCode::OK).await;
}

#[tokio::test]
async fn the_profile_can_be_edited_with_the_spec_rules() {
    let app = spawn_app().await;
    app.signed_up("Other Person", "taken@example.com", PW).await;
    let session = app.signed_up("Jane Doe", "jane@example.com", PW).await;

    let renamed = app
        .put_auth("/api/auth/profile", &session, json!({"name": "  Janet Doe ", "email": "JANET@example.com"}))
        .await;
    let body = expect(renamed, StatusCode::OK).await;
    assert_eq!(body["user"]["name"], "Janet Doe");
    assert_eq!(body["user"]["email"], "janet@example.com");
    assert!(body.get("token").is_none());

    let clash =
        app.put_auth("/api/auth/profile", &session, json!({"name": "Janet", "email": "taken@example.com"})).await;
    expect(clash, StatusCode::CONFLICT).await;

    let no_current = app
        .put_auth(
            "/api/auth/profile",
            &session,
            json!({"name": "Janet", "email": "janet@example.com", "newPassword": "NewPass123"}),
        )
        .await;
    expect_error(no_current, StatusCode::BAD_REQUEST, "Current password is required to change password").await;
    let wrong_current = app
        .put_auth(
            "/api/auth/profile",
            &session,
            json!({"name": "Janet", "email": "janet@example.com", "currentPassword": "nope-nope", "newPassword": "NewPass123"}),
        )
        .await;
    expect_error(wrong_current, StatusCode::BAD_REQUEST, "Current password is incorrect").await;
    let weak = app
        .put_auth(
            "/api/auth/profile",
            &session,
            json!({"name": "Janet", "email": "janet@example.com", "currentPassword": PW, "newPassword": "short"}),
        )
        .await;
    expect_error(weak, StatusCode::BAD_REQUEST, "Password must be at least 8 characters").await;
    let common = app
        .put_auth(
            "/api/auth/profile",
            &session,
            json!({"name": "Janet", "email": "janet@example.com", "currentPassword": PW, "newPassword": "PassWord1"}),
        )
        .await;
    expect_error(common, StatusCode::BAD_REQUEST, TOO_COMMON).await;

    let changed = app
        .put_auth(
            "/api/auth/profile",
            &session,
            json!({"name": "Janet", "email": "janet@example.com", "currentPassword": PW, "newPassword": "NewPass123"}),
        )
        .await;
    let body = expect(changed, StatusCode::OK).await;
    let fresh = body["token"].as_str().unwrap().to_owned();
    expect(app.get_auth("/api/auth/me", &session).await, StatusCode::UNAUTHORIZED).await;
    expect(app.get_auth("/api/auth/me", &fresh).await, StatusCode::OK).await;
    expect(app.login("janet@example.com", "NewPass123").await, StatusCode::OK).await;

    let blank = app.put_auth("/api/auth/profile", &fresh, json!({"name": "", "email": "janet@example.com"})).await;
    expect_error(blank, StatusCode::BAD_REQUEST, "Name is required").await;
}

#[tokio::test]
async fn can_connect_bank_is_false_for_users_and_true_for_a_superadmin() {
    let app = spawn_app().await;
    let session = app.signed_up("Jane Doe", "jane@example.com", PW).await;
    let body = expect(app.get_auth("/api/auth/can-connect-bank", &session).await, StatusCode::OK).await;
    assert_eq!(body["canConnectBank"], false);

    app.sql("UPDATE users SET role = 'superadmin'");
    let body = expect(app.get_auth("/api/auth/can-connect-bank", &session).await, StatusCode::OK).await;
    assert_eq!(body["canConnectBank"], true);
    let me = expect(app.get_auth("/api/auth/me", &session).await, StatusCode::OK).await;
    assert_eq!(me["user"]["role"], "superadmin");
}

#[tokio::test]
async fn attempts_are_limited_per_email_and_per_client() {
    let app = spawn_app_with(|s| {
        s.attempts_per_email_per_minute = 3;
        s.attempts_per_ip_per_minute = 6; // refused attempts count too
    })
    .await;
    for _ in 0..3 {
        expect(app.login("jane@example.com", "wrong-pass").await, StatusCode::UNAUTHORIZED).await;
    }
    let limited = app.login("JANE@example.com", "wrong-pass").await;
    assert_eq!(limited.headers()["retry-after"], "60");
    expect_error(limited, StatusCode::TOO_MANY_REQUESTS, "Too many attempts. Please wait a minute and try again.")
        .await;
    expect(app.login("other@example.com", "wrong-pass").await, StatusCode::UNAUTHORIZED).await;
    expect(app.login("third@example.com", "wrong-pass").await, StatusCode::UNAUTHORIZED).await;
    let per_client = app.login("fourth@example.com", "wrong-pass").await;
    expect(per_client, StatusCode::TOO_MANY_REQUESTS).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_sign_ins_beyond_the_hashing_queue_are_503_busy_and_the_rest_are_right() {
    // One hash at a time and four waiting: fifty at once must overflow the queue.
    let app = std::sync::Arc::new(spawn_app_with(|s| s.password_hash_concurrency = Some(1)).await);
    app.signed_up("Jane Doe", "jane@example.com", PW).await;
    let attempts: Vec<_> = (0..50)
        .map(|i| {
            let app = app.clone();
            tokio::spawn(async move {
                let (email, password) = match i % 3 {
                    0 => ("jane@example.com", PW),
                    1 => ("jane@example.com", "wrong-pass"),
                    _ => ("ghost@example.com", PW),
                };
                let res = app.login(email, password).await;
                let retry_after = res.headers().get("retry-after").map(|v| v.to_str().unwrap().to_owned());
                let status = res.status();
                (i % 3, status, retry_after, expect(res, status).await)
            })
        })
        .collect();
    let mut busy = 0;
    for attempt in attempts {
        let (kind, status, retry_after, body) = attempt.await.unwrap();
        match status {
            StatusCode::SERVICE_UNAVAILABLE => {
                busy += 1;
                assert_eq!(body["code"], "busy");
                assert_eq!(body["message"], "The server is busy. Please try again in a moment.");
                assert_eq!(retry_after.as_deref(), Some("1"));
            }
            StatusCode::OK => assert_eq!(kind, 0, "only the right password signs in: {body}"),
            StatusCode::UNAUTHORIZED => assert_ne!(kind, 0, "the right password was refused: {body}"),
            other => panic!("unexpected {other}: {body}"),
        }
    }
    assert!(busy >= 1, "fifty sign-ins at once never filled a queue of four");
    // Nothing was left half-done: the account signs in as before.
    expect(app.login("jane@example.com", PW).await, StatusCode::OK).await;
}
