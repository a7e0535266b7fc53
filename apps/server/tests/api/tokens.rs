//! Personal access tokens: made, listed and revoked by a password sign-in; used as a bearer
//! credential on every route their scope allows, acting with their member's role.

use reqwest::StatusCode;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

use crate::common::{expect, expect_error, spawn_app, TestApp};
use crate::household::invite_and_join;

const READ_ONLY: &str = "This token is read-only";
const PASSWORD_ONLY: &str = "Sign in with your password to do this";
const NOT_AUTHORISED: &str = "Not authorised. Please log in again.";

/// A new token's answer (`data`), made with `session`.
async fn made(app: &TestApp, session: &str, name: &str, scope: &str) -> Value {
    let res = app.post_auth("/api/tokens", session, json!({"name": name, "scope": scope})).await;
    expect(res, StatusCode::CREATED).await["data"].clone()
}

/// The secret of a new token made with `session`.
async fn secret(app: &TestApp, session: &str, scope: &str) -> String {
    made(app, session, "Script", scope).await["token"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn a_token_is_shown_once_listed_without_its_secret_and_stored_as_a_digest_only() {
    let app = spawn_app().await;
    let jane = app.signed_up("Jane Doe", "jane@example.com", "Secret123").await;
    let res = app
        .client
        .post(app.url("/api/tokens"))
        .bearer_auth(&jane)
        .header("Idempotency-Key", "make-a-token")
        .json(&json!({"name": "  Spreadsheet ", "scope": "read", "expiresAt": "2099-01-31"}))
        .send()
        .await
        .unwrap();
    let body = expect(res, StatusCode::CREATED).await;
    let data = &body["data"];
    let token = data["token"].as_str().unwrap();
    assert!(token.starts_with("msp_") && token.len() == 68, "{token}");
    assert_eq!(data["name"], "Spreadsheet");
    assert_eq!(data["scope"], "read");
    // To the end of that London day (GMT in January).
    assert_eq!(data["expiresAt"], "2099-02-01T00:00:00Z");
    assert_eq!(data["lastUsedAt"], Value::Null);

    let listed = expect(app.get_auth("/api/tokens", &jane).await, StatusCode::OK).await;
    let listed = listed["data"].as_array().unwrap();
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0]["_id"], data["_id"]);
    assert!(listed[0].get("token").is_none(), "{listed:?}");
    assert!(!listed[0].to_string().contains(&token[4..]));

    // Only the digest is kept: not the secret, in the tokens or in the idempotency answers.
    let digest = hex::encode(Sha256::digest(token.as_bytes()));
    assert_eq!(app.count(&format!("SELECT count(*) AS n FROM personal_access_tokens WHERE digest = '{digest}'")), 1);
    let hex = &token[4..];
    let anywhere =
        format!("SELECT count(*) AS n FROM personal_access_tokens WHERE position('{hex}' IN name || digest) > 0");
    assert_eq!(app.count(&anywhere), 0);
    assert_eq!(app.count("SELECT count(*) AS n FROM idempotency_keys"), 0, "an answer with a secret was kept");

    // The token works, and its use is noted.
    expect(app.get_auth("/api/accounts", token).await, StatusCode::OK).await;
    let listed = expect(app.get_auth("/api/tokens", &jane).await, StatusCode::OK).await;
    assert!(listed["data"][0]["lastUsedAt"].is_string(), "{listed}");
}

#[tokio::test]
async fn a_bad_form_is_refused_with_its_message_and_nothing_is_made() {
    let app = spawn_app().await;
    let jane = app.signed_up("Jane Doe", "jane@example.com", "Secret123").await;
    let cases = [
        (json!({"scope": "read"}), "Token name is required"),
        (json!({"name": "   ", "scope": "read"}), "Token name is required"),
        (json!({"name": "x".repeat(51), "scope": "read"}), "Token name must be at most 50 characters"),
        (json!({"name": "Sheet"}), "Scope must be 'read' or 'write'"),
        (json!({"name": "Sheet", "scope": "admin"}), "Scope must be 'read' or 'write'"),
        (json!({"name": "Sheet", "scope": "read", "expiresAt": "2020-01-01"}), "Expiry must be in the future"),
        (json!({"name": "Sheet", "scope": "read", "expiresAt": "soon"}), "Expiry must be a valid date"),
    ];
    for (body, message) in cases {
        expect_error(app.post_auth("/api/tokens", &jane, body).await, StatusCode::BAD_REQUEST, message).await;
    }
    assert_eq!(app.count("SELECT count(*) AS n FROM personal_access_tokens"), 0);
}

#[tokio::test]
async fn a_read_token_reads_but_every_write_is_refused_before_anything_changes() {
    let app = spawn_app().await;
    let jane = app.signed_up("Jane Doe", "jane@example.com", "Secret123").await;
    let read = secret(&app, &jane, "read").await;
    expect(app.get_auth("/api/transactions", &read).await, StatusCode::OK).await;
    let account = json!({"name": "Current", "type": "current", "initialBalance": 10});
    expect_error(app.post_auth("/api/accounts", &read, account.clone()).await, StatusCode::FORBIDDEN, READ_ONLY).await;
    // Refused before the body is read: a malformed one gets the same answer.
    expect_error(app.post_auth("/api/accounts", &read, json!([])).await, StatusCode::FORBIDDEN, READ_ONLY).await;
    let id = uuid::Uuid::now_v7();
    expect_error(app.delete_auth(&format!("/api/accounts/{id}"), &read).await, StatusCode::FORBIDDEN, READ_ONLY).await;
    assert_eq!(app.count("SELECT count(*) AS n FROM accounts"), 0);

    let write = secret(&app, &jane, "write").await;
    expect(app.post_auth("/api/accounts", &write, account).await, StatusCode::CREATED).await;
    assert_eq!(app.count("SELECT count(*) AS n FROM accounts"), 1);
}

#[tokio::test]
async fn no_token_may_make_tokens_or_change_the_password_email_two_factor_or_an_account() {
    let app = spawn_app().await;
    let jane = app.signed_up("Jane Doe", "jane@example.com", "Secret123").await;
    let write = secret(&app, &jane, "write").await;
    let id = made(&app, &jane, "Other", "read").await["_id"].as_str().unwrap().to_owned();
    let me = app.count("SELECT count(*) AS n FROM users");
    let refused = [
        app.post_auth("/api/tokens", &write, json!({"name": "Mine", "scope": "write"})).await,
        app.delete_auth(&format!("/api/tokens/{id}"), &write).await,
        app.put_auth(
            "/api/auth/profile",
            &write,
            json!({"name": "Jane", "email": "evil@example.com", "currentPassword": "Secret123", "newPassword": "Hijack123"}),
        )
        .await,
        // Judged as the router reads the path: an escaped letter changes nothing.
        app.put_auth("/api/%61uth/profile", &write, json!({"name": "Jane", "email": "evil@example.com"})).await,
        app.post_auth("/api/%74okens", &write, json!({"name": "Mine", "scope": "write"})).await,
        app.post_auth("/api/auth/2fa/setup", &write, json!({})).await,
        app.post_auth("/api/auth/2fa/disable", &write, json!({})).await,
        app.post_auth("/api/auth/logout", &write, json!({})).await,
        app.post_auth("/api/auth/sessions/revoke-others", &write, json!({})).await,
        app.delete_auth(&format!("/api/users/{}", uuid::Uuid::now_v7()), &write).await,
        // The devices list marks "this device": a token is none.
        app.get_auth("/api/auth/sessions", &write).await,
    ];
    for res in refused {
        expect_error(res, StatusCode::FORBIDDEN, PASSWORD_ONLY).await;
    }
    assert_eq!(me, 1);
    assert_eq!(app.count("SELECT count(*) AS n FROM personal_access_tokens"), 2);
    assert_eq!(app.count("SELECT count(*) AS n FROM users WHERE email = 'jane@example.com'"), 1);
    // The password still signs in, and the tokens may be listed.
    expect(app.login("jane@example.com", "Secret123").await, StatusCode::OK).await;
    expect(app.get_auth("/api/tokens", &write).await, StatusCode::OK).await;
    expect(app.get_auth("/api/auth/me", &write).await, StatusCode::OK).await;
}

#[tokio::test]
async fn a_revoked_expired_or_unknown_token_answers_as_an_ended_session() {
    let app = spawn_app().await;
    let jane = app.signed_up("Jane Doe", "jane@example.com", "Secret123").await;
    let revoked = made(&app, &jane, "Revoked", "read").await;
    let token = revoked["token"].as_str().unwrap();
    expect(app.get_auth("/api/accounts", token).await, StatusCode::OK).await;
    let id = revoked["_id"].as_str().unwrap();
    expect(app.delete_auth(&format!("/api/tokens/{id}"), &jane).await, StatusCode::OK).await;
    expect_error(app.get_auth("/api/accounts", token).await, StatusCode::UNAUTHORIZED, NOT_AUTHORISED).await;
    expect_error(app.delete_auth(&format!("/api/tokens/{id}"), &jane).await, StatusCode::NOT_FOUND, "Token not found")
        .await;

    let expired = made(&app, &jane, "Expired", "write").await;
    let expired_id = expired["_id"].as_str().unwrap();
    app.sql(&format!(
        "UPDATE personal_access_tokens SET expires_at = now() - interval '1 second' WHERE id = '{expired_id}'"
    ));
    let token = expired["token"].as_str().unwrap();
    expect_error(app.get_auth("/api/accounts", token).await, StatusCode::UNAUTHORIZED, NOT_AUTHORISED).await;
    expect_error(app.post_auth("/api/accounts", token, json!({})).await, StatusCode::UNAUTHORIZED, NOT_AUTHORISED)
        .await;

    for unknown in [format!("msp_{}", "0".repeat(64)), "msp_short".into(), format!("msp_{}", "A".repeat(64))] {
        expect_error(app.get_auth("/api/accounts", &unknown).await, StatusCode::UNAUTHORIZED, NOT_AUTHORISED).await;
    }
}

#[tokio::test]
async fn guessing_tokens_is_limited_per_client_like_passwords_and_a_session_is_not_counted() {
    let app = crate::common::spawn_app_with(|s| s.attempts_per_ip_per_minute = 4).await;
    let jane = app.signed_up("Jane Doe", "jane@example.com", "Secret123").await;
    let good = secret(&app, &jane, "read").await;
    // An expired session is not a guess: a phone waking with one must not lock its owner out.
    for _ in 0..6 {
        expect(app.get_auth("/api/accounts", "not-a-session").await, StatusCode::UNAUTHORIZED).await;
    }
    for n in 0..4 {
        let guess = format!("msp_{n:064}");
        expect_error(app.get_auth("/api/accounts", &guess).await, StatusCode::UNAUTHORIZED, NOT_AUTHORISED).await;
    }
    let limited = app.get_auth("/api/accounts", &format!("msp_{}", "9".repeat(64))).await;
    assert_eq!(limited.headers()["retry-after"], "60");
    expect_error(limited, StatusCode::TOO_MANY_REQUESTS, "Too many attempts. Please wait a minute and try again.")
        .await;
    // Only failures count: the right token still works, and so does the password.
    expect(app.get_auth("/api/accounts", &good).await, StatusCode::OK).await;
    expect(app.get_auth("/api/accounts", &jane).await, StatusCode::OK).await;
}

#[tokio::test]
async fn another_members_token_is_not_found_and_not_listed() {
    let app = spawn_app().await;
    let jane = app.signed_up("Jane Doe", "jane@example.com", "Secret123").await;
    let john = app.signed_up("John Doe", "john@example.com", "Secret123").await;
    invite_and_join(&app, &jane, &john, "john@example.com", "member").await;
    let johns = made(&app, &john, "John's", "write").await;
    let id = johns["_id"].as_str().unwrap();
    expect_error(app.delete_auth(&format!("/api/tokens/{id}"), &jane).await, StatusCode::NOT_FOUND, "Token not found")
        .await;
    let fresh = uuid::Uuid::now_v7();
    expect_error(
        app.delete_auth(&format!("/api/tokens/{fresh}"), &jane).await,
        StatusCode::NOT_FOUND,
        "Token not found",
    )
    .await;
    expect_error(app.delete_auth("/api/tokens/not-an-id", &jane).await, StatusCode::NOT_FOUND, "Token not found").await;
    let listed = expect(app.get_auth("/api/tokens", &jane).await, StatusCode::OK).await;
    assert_eq!(listed["data"], json!([]));
    // John's token still works: it acts as John, in the household they share.
    let token = johns["token"].as_str().unwrap();
    let me = expect(app.get_auth("/api/auth/me", token).await, StatusCode::OK).await;
    assert_eq!(me["user"]["email"], "john@example.com", "{me}");
}

#[tokio::test]
async fn a_token_acts_with_its_members_role_and_standing() {
    let app = spawn_app().await;
    let jane = app.signed_up("Jane Doe", "jane@example.com", "Secret123").await;
    let vic = app.signed_up("Vic Viewer", "vic@example.com", "Secret123").await;
    invite_and_join(&app, &jane, &vic, "vic@example.com", "viewer").await;
    let write = secret(&app, &vic, "write").await;
    expect(app.get_auth("/api/accounts", &write).await, StatusCode::OK).await;
    let account = json!({"name": "Current", "type": "current", "initialBalance": 10});
    expect_error(
        app.post_auth("/api/accounts", &write, account).await,
        StatusCode::FORBIDDEN,
        "Viewers cannot make changes",
    )
    .await;

    // A disabled member's token is refused as their session is.
    let session_refusal = {
        app.sql("UPDATE users SET is_active = false WHERE email = 'vic@example.com'");
        expect(app.get_auth("/api/accounts", &vic).await, StatusCode::FORBIDDEN).await
    };
    let token_refusal = expect(app.get_auth("/api/accounts", &write).await, StatusCode::FORBIDDEN).await;
    assert_eq!(token_refusal, session_refusal);
    assert_eq!(token_refusal["code"], "account_disabled");
}

#[tokio::test]
async fn a_members_tokens_go_with_their_account() {
    let app = spawn_app().await;
    let jane = app.signed_up("Jane Doe", "jane@example.com", "Secret123").await;
    secret(&app, &jane, "read").await;
    app.sql("DELETE FROM users WHERE email = 'jane@example.com'");
    assert_eq!(app.count("SELECT count(*) AS n FROM personal_access_tokens"), 0);
}
