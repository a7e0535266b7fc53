//! Two-factor sign-in and signed-in devices over HTTP, against a real database, with the codes
//! an authenticator app would show computed by pyotp (target/tools/pyotp, installed by
//! scripts/test-tools.sh): the server is checked against another implementation, not itself.

use std::process::Command;

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::common::{expect, expect_error, spawn_app, TestApp};

const PW: &str = "Secret123";
const INVALID_CODE: &str = "Invalid authentication code";

/// The code pyotp computes for `secret` at `unix_time` (now when `None`).
fn totp(secret: &str, unix_time: Option<i64>) -> String {
    let program = concat!(env!("CARGO_MANIFEST_DIR"), "/../../target/tools/pyotp/bin/totp");
    let mut command = Command::new(program);
    command.arg(secret);
    if let Some(t) = unix_time {
        command.arg(t.to_string());
    }
    let out = command.output().unwrap_or_else(|e| panic!("{program} (run scripts/test-tools.sh): {e}"));
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap().trim().to_owned()
}

fn now() -> i64 {
    chrono::Utc::now().timestamp()
}

/// A code of the step after the current one: accepted (one step of drift) and never equal to
/// a code used at the current step.
fn next_code(secret: &str) -> String {
    totp(secret, Some(now() + 30))
}

/// Signs Jane up and turns two-factor sign-in on; her session, the secret and recovery codes.
async fn enrolled(app: &TestApp) -> (String, String, Vec<String>) {
    let session = app.signed_up("Jane Doe", "jane@example.com", PW).await;
    let setup = expect(app.post_auth("/api/auth/2fa/setup", &session, json!({})).await, StatusCode::OK).await;
    let secret = setup["data"]["secret"].as_str().unwrap().to_owned();
    let enabled = app.post_auth("/api/auth/2fa/enable", &session, json!({"code": totp(&secret, None)})).await;
    let codes = expect(enabled, StatusCode::OK).await["data"]["recoveryCodes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap().to_owned())
        .collect();
    (session, secret, codes)
}

/// Logs in with the password; the challenge token it answers.
async fn challenge(app: &TestApp) -> String {
    let body = expect(app.login("jane@example.com", PW).await, StatusCode::OK).await;
    assert_eq!(body["twoFactorRequired"], true, "{body}");
    assert!(body.get("token").is_none(), "no session before the code: {body}");
    body["challengeToken"].as_str().unwrap().to_owned()
}

async fn second_factor(app: &TestApp, body: Value) -> reqwest::Response {
    app.post("/api/auth/login/2fa", body).await
}

#[tokio::test]
async fn enrolment_then_sign_in_with_a_code_that_is_accepted_once() {
    let app = spawn_app().await;
    let session = app.signed_up("Jane Doe", "jane@example.com", PW).await;

    let setup = expect(app.post_auth("/api/auth/2fa/setup", &session, json!({})).await, StatusCode::OK).await;
    let secret = setup["data"]["secret"].as_str().unwrap().to_owned();
    let url = setup["data"]["otpauthUrl"].as_str().unwrap();
    assert_eq!(secret.len(), 32, "160 bits in base32");
    assert!(url.starts_with("otpauth://totp/MySpending%3Ajane%40example.com?secret="), "{url}");
    assert!(url.contains("&issuer=MySpending&algorithm=SHA1&digits=6&period=30"), "{url}");
    // Stored sealed, never as the secret itself.
    assert_eq!(
        app.count(&format!(
            "SELECT count(*) AS n FROM user_two_factor WHERE position('{secret}' in encode(secret, 'escape')) > 0"
        )),
        0
    );

    // A setup asked again before confirming replaces the secret: the old one's code is wrong.
    let again = expect(app.post_auth("/api/auth/2fa/setup", &session, json!({})).await, StatusCode::OK).await;
    let secret2 = again["data"]["secret"].as_str().unwrap().to_owned();
    assert_ne!(secret, secret2);
    let stale = app.post_auth("/api/auth/2fa/enable", &session, json!({"code": totp(&secret, None)})).await;
    expect_error(stale, StatusCode::BAD_REQUEST, INVALID_CODE).await;
    let secret = secret2;

    let enabled = app.post_auth("/api/auth/2fa/enable", &session, json!({"code": totp(&secret, None)})).await;
    let codes = expect(enabled, StatusCode::OK).await["data"]["recoveryCodes"].as_array().unwrap().clone();
    assert_eq!(codes.len(), 10);
    assert_eq!(app.count("SELECT count(*) AS n FROM user_recovery_codes WHERE used_at IS NULL"), 10);
    let me = expect(app.get_auth("/api/auth/me", &session).await, StatusCode::OK).await;
    assert_eq!(me["user"]["twoFactorEnabled"], true);
    expect_error(
        app.post_auth("/api/auth/2fa/setup", &session, json!({})).await,
        StatusCode::CONFLICT,
        "Two-factor authentication is already enabled",
    )
    .await;

    // The challenge opens nothing but /auth/login/2fa.
    let token = challenge(&app).await;
    expect(app.get_auth("/api/auth/me", &token).await, StatusCode::UNAUTHORIZED).await;
    let code = next_code(&secret);
    let signed_in =
        expect(second_factor(&app, json!({"challengeToken": token, "code": code})).await, StatusCode::OK).await;
    let new_session = signed_in["token"].as_str().unwrap();
    expect(app.get_auth("/api/auth/me", new_session).await, StatusCode::OK).await;

    // The challenge is used up, and the same code on a new challenge is a replay.
    let used = second_factor(&app, json!({"challengeToken": token, "code": code})).await;
    expect_error(used, StatusCode::UNAUTHORIZED, "This sign-in has expired. Please sign in again.").await;
    let token = challenge(&app).await;
    let replay = second_factor(&app, json!({"challengeToken": token, "code": code})).await;
    expect_error(replay, StatusCode::BAD_REQUEST, INVALID_CODE).await;
}

#[tokio::test]
async fn recovery_codes_work_once_each_and_ten_wrong_codes_lock_the_challenge() {
    let app = spawn_app().await;
    let (_, _, codes) = enrolled(&app).await;

    let token = challenge(&app).await;
    let typed = codes[0].to_uppercase().replace('-', " ");
    expect(second_factor(&app, json!({"challengeToken": token, "recoveryCode": typed})).await, StatusCode::OK).await;
    let token = challenge(&app).await;
    let again = second_factor(&app, json!({"challengeToken": token, "recoveryCode": codes[0]})).await;
    expect_error(again, StatusCode::BAD_REQUEST, "Invalid recovery code").await;
    let signed_in =
        expect(second_factor(&app, json!({"challengeToken": token, "recoveryCode": codes[1]})).await, StatusCode::OK)
            .await;
    let status =
        expect(app.get_auth("/api/auth/2fa", signed_in["token"].as_str().unwrap()).await, StatusCode::OK).await;
    assert_eq!(status["data"], json!({"enabled": true, "recoveryCodesLeft": 8}));

    let token = challenge(&app).await;
    for _ in 1..=9 {
        let wrong = second_factor(&app, json!({"challengeToken": token, "code": "000000"})).await;
        expect_error(wrong, StatusCode::BAD_REQUEST, INVALID_CODE).await;
    }
    let tenth = second_factor(&app, json!({"challengeToken": token, "code": "not a code"})).await;
    expect_error(tenth, StatusCode::UNAUTHORIZED, "Too many incorrect codes. Please sign in again.").await;
    // Locked: even a right recovery code no longer opens it.
    let locked = second_factor(&app, json!({"challengeToken": token, "recoveryCode": codes[2]})).await;
    expect_error(locked, StatusCode::UNAUTHORIZED, "This sign-in has expired. Please sign in again.").await;
}

#[tokio::test]
async fn turning_it_off_needs_the_password_and_a_code_and_a_reset_link_does_not_bypass_it() {
    let app = spawn_app().await;
    let (session, secret, codes) = enrolled(&app).await;

    // A password reset by e-mail changes the password, not the second factor.
    expect(app.post("/api/auth/forgot-password", json!({"email": "jane@example.com"})).await, StatusCode::OK).await;
    let link = app.link_token("jane@example.com", "reset-password").unwrap();
    let reset = app.post(&format!("/api/auth/reset-password/{link}"), json!({"password": "Another456"})).await;
    expect(reset, StatusCode::OK).await;
    expect(app.get_auth("/api/auth/me", &session).await, StatusCode::UNAUTHORIZED).await;
    let body = expect(app.login("jane@example.com", "Another456").await, StatusCode::OK).await;
    assert_eq!(body["twoFactorRequired"], true);
    let token = body["challengeToken"].as_str().unwrap();
    let session =
        expect(second_factor(&app, json!({"challengeToken": token, "code": next_code(&secret)})).await, StatusCode::OK)
            .await["token"]
            .as_str()
            .unwrap()
            .to_owned();

    let disable = |password: &str, code: &str| {
        let body = json!({"password": password, "code": code});
        let session = session.clone();
        let app = &app;
        async move { app.post_auth("/api/auth/2fa/disable", &session, body).await }
    };
    expect_error(
        disable("Wrong1234", &next_code(&secret)).await,
        StatusCode::BAD_REQUEST,
        "Current password is incorrect",
    )
    .await;
    expect_error(disable("Another456", "123").await, StatusCode::BAD_REQUEST, INVALID_CODE).await;
    assert_eq!(app.count("SELECT count(*) AS n FROM users WHERE two_factor_enabled"), 1, "nothing changed");
    // A recovery code also turns it off (the phone is lost).
    let off = disable("Another456", &codes[3]).await;
    assert_eq!(expect(off, StatusCode::OK).await["message"], "Two-factor authentication disabled");
    assert_eq!(app.count("SELECT count(*) AS n FROM user_two_factor"), 0);
    assert_eq!(app.count("SELECT count(*) AS n FROM user_recovery_codes"), 0);
    let plain = expect(app.login("jane@example.com", "Another456").await, StatusCode::OK).await;
    assert!(plain["token"].is_string(), "{plain}");
    expect_error(
        disable("Another456", "123456").await,
        StatusCode::BAD_REQUEST,
        "Two-factor authentication is not enabled",
    )
    .await;
}

#[tokio::test]
async fn a_superadmin_resets_another_users_two_factor_and_the_audit_log_says_so() {
    let app = spawn_app().await;
    enrolled(&app).await;
    let admin = app.signed_up("Ada Admin", "ada@example.com", PW).await;
    app.sql("UPDATE users SET role = 'superadmin' WHERE email = 'ada@example.com'");
    let id: String = {
        let users = expect(app.get_auth("/api/users", &admin).await, StatusCode::OK).await;
        let jane = users["data"].as_array().unwrap().iter().find(|u| u["email"] == "jane@example.com").unwrap().clone();
        assert_eq!(jane["twoFactorEnabled"], true);
        jane["_id"].as_str().unwrap().to_owned()
    };

    let reset = app.post_auth(&format!("/api/users/{id}/reset-2fa"), &admin, json!({})).await;
    let body = expect(reset, StatusCode::OK).await;
    assert_eq!(body["message"], "Two-factor authentication reset");
    assert_eq!(body["data"]["twoFactorEnabled"], false);
    let plain = expect(app.login("jane@example.com", PW).await, StatusCode::OK).await;
    assert!(plain["token"].is_string());
    let audit = expect(app.get_auth(&format!("/api/users/{id}/audit"), &admin).await, StatusCode::OK).await;
    assert!(audit["data"].as_array().unwrap().iter().any(|e| e["action"] == "reset_two_factor"), "{audit}");

    let again = app.post_auth(&format!("/api/users/{id}/reset-2fa"), &admin, json!({})).await;
    expect_error(again, StatusCode::BAD_REQUEST, "Two-factor authentication is not enabled").await;
    let jane_token = plain["token"].as_str().unwrap();
    let by_jane = app.post_auth(&format!("/api/users/{id}/reset-2fa"), jane_token, json!({})).await;
    expect_error(by_jane, StatusCode::FORBIDDEN, "Access denied. Superadmin privileges required.").await;
}

#[tokio::test]
async fn signed_in_devices_are_listed_and_signed_out_one_by_one_or_all_but_this_one() {
    let app = spawn_app().await;
    let phone = app.signed_up("Jane Doe", "jane@example.com", PW).await;
    let laptop = {
        let res = app
            .client
            .post(app.url("/api/auth/login"))
            .header("User-Agent", "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0")
            .json(&json!({"email": "jane@example.com", "password": PW}))
            .send()
            .await
            .unwrap();
        expect(res, StatusCode::OK).await["token"].as_str().unwrap().to_owned()
    };
    let tablet =
        expect(app.login("jane@example.com", PW).await, StatusCode::OK).await["token"].as_str().unwrap().to_owned();

    let list = expect(app.get_auth("/api/auth/sessions", &laptop).await, StatusCode::OK).await;
    let sessions = list["data"].as_array().unwrap();
    assert_eq!(sessions.len(), 3);
    let current: Vec<&Value> = sessions.iter().filter(|s| s["current"] == true).collect();
    assert_eq!(current.len(), 1);
    assert_eq!(current[0]["userAgent"], "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0");
    assert_eq!(current[0]["ipAddress"], "127.0.0.1");
    for key in ["_id", "createdAt", "lastSeenAt"] {
        assert!(current[0][key].is_string(), "{key}");
    }

    // Signing the phone out: its token gets 401 at once, though it has not expired.
    let phone_id = {
        let mine = expect(app.get_auth("/api/auth/sessions", &phone).await, StatusCode::OK).await;
        mine["data"].as_array().unwrap().iter().find(|s| s["current"] == true).unwrap()["_id"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    let ended = app.delete_auth(&format!("/api/auth/sessions/{phone_id}"), &laptop).await;
    expect(ended, StatusCode::OK).await;
    expect(app.get_auth("/api/auth/me", &phone).await, StatusCode::UNAUTHORIZED).await;
    expect_error(
        app.delete_auth(&format!("/api/auth/sessions/{phone_id}"), &laptop).await,
        StatusCode::NOT_FOUND,
        "Session not found",
    )
    .await;
    expect_error(
        app.delete_auth("/api/auth/sessions/not-a-uuid", &laptop).await,
        StatusCode::NOT_FOUND,
        "Session not found",
    )
    .await;

    // Another user's session is not found, and stays.
    let other = app.signed_up("Olly Other", "olly@example.com", PW).await;
    let olly_id = {
        let theirs = expect(app.get_auth("/api/auth/sessions", &other).await, StatusCode::OK).await;
        theirs["data"][0]["_id"].as_str().unwrap().to_owned()
    };
    expect(app.delete_auth(&format!("/api/auth/sessions/{olly_id}"), &laptop).await, StatusCode::NOT_FOUND).await;
    expect(app.get_auth("/api/auth/me", &other).await, StatusCode::OK).await;

    let others =
        expect(app.post_auth("/api/auth/sessions/revoke-others", &laptop, json!({})).await, StatusCode::OK).await;
    assert_eq!(others["data"]["ended"], 1);
    expect(app.get_auth("/api/auth/me", &tablet).await, StatusCode::UNAUTHORIZED).await;
    expect(app.get_auth("/api/auth/me", &laptop).await, StatusCode::OK).await;

    // Logging out ends this session on the server.
    expect(app.post_auth("/api/auth/logout", &laptop, json!({})).await, StatusCode::OK).await;
    expect(app.get_auth("/api/auth/me", &laptop).await, StatusCode::UNAUTHORIZED).await;
    assert_eq!(
        app.count(
            "SELECT count(*) AS n FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = 'jane@example.com'"
        ),
        0
    );
}

#[tokio::test]
async fn a_password_change_ends_every_other_session_and_keeps_this_device_signed_in() {
    let app = spawn_app().await;
    let here = app.signed_up("Jane Doe", "jane@example.com", PW).await;
    let elsewhere =
        expect(app.login("jane@example.com", PW).await, StatusCode::OK).await["token"].as_str().unwrap().to_owned();
    let body =
        json!({"name": "Jane Doe", "email": "jane@example.com", "currentPassword": PW, "newPassword": "Changed789"});
    let changed = expect(app.put_auth("/api/auth/profile", &here, body).await, StatusCode::OK).await;
    let fresh = changed["token"].as_str().unwrap();
    expect(app.get_auth("/api/auth/me", &here).await, StatusCode::UNAUTHORIZED).await;
    expect(app.get_auth("/api/auth/me", &elsewhere).await, StatusCode::UNAUTHORIZED).await;
    let list = expect(app.get_auth("/api/auth/sessions", fresh).await, StatusCode::OK).await;
    assert_eq!(list["data"].as_array().unwrap().len(), 1);
}
