//! The same routes with Plaid configured, against a Plaid-compatible fake server.

use super::*;
use common::spawn_app_with;
use wiremock::matchers::{body_partial_json, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

fn tx(id: &str, amount: f64, pending: bool, day: &str) -> Value {
    json!({"transaction_id": id, "account_id": "acc-1", "amount": amount, "date": day, "name": format!("SHOP {id}"),
           "merchant_name": null, "pending": pending,
           "personal_finance_category": {"primary": "GENERAL_MERCHANDISE", "detailed": "GENERAL_MERCHANDISE_OTHER_GENERAL_MERCHANDISE"}})
}

async fn answer(server: &MockServer, route: &str, matching: Value, body: Value) {
    Mock::given(path(route))
        .and(body_partial_json(matching))
        .respond_with(ResponseTemplate::new(200).set_body_json(body))
        .mount(server)
        .await;
}

/// /accounts/get with the one checking account 'acc-1' at the given balances.
async fn answer_checking(server: &MockServer, current: f64, available: Option<f64>) {
    let account = json!({"account_id": "acc-1", "name": "Plaid Checking", "official_name": null, "mask": "0000",
        "type": "depository", "subtype": "checking",
        "balances": {"current": current, "available": available, "limit": null}});
    answer(server, "/accounts/get", json!({}), json!({ "accounts": [account] })).await;
}

/// A /transactions/sync call without a cursor: the first page of a first sync.
fn first_page(r: &wiremock::Request) -> bool {
    r.body_json::<Value>().map(|b| b.get("cursor").is_none()).unwrap_or(false)
}

async fn plaid_app(server: &MockServer) -> TestApp {
    let uri = server.uri();
    let app = spawn_app_with(move |s| {
        s.plaid_client_id = Some("client-1".into());
        s.plaid_secret = Some("secret-1".into());
        s.plaid_base_url = Some(uri);
    })
    .await;
    app
}

#[tokio::test]
async fn three_pages_then_a_pending_row_posts_a_row_changes_and_the_login_expires() {
    let server = MockServer::start().await;
    answer(&server, "/link/token/create", json!({"country_codes": ["GB"]}), json!({"link_token": "link-sandbox-1"}))
        .await;
    answer(
        &server,
        "/item/public_token/exchange",
        json!({"public_token": "public-sandbox-1"}),
        json!({"access_token": "access-sandbox-1", "item_id": "item-1"}),
    )
    .await;
    answer_checking(&server, 1000.0, Some(950.0)).await;
    let page = |added: Vec<Value>, next: &str, more: bool| json!({"added": added, "modified": [], "removed": [], "next_cursor": next, "has_more": more});
    Mock::given(path("/transactions/sync"))
        .and(first_page)
        .respond_with(ResponseTemplate::new(200).set_body_json(page(
            vec![tx("t1", 10.0, false, "2026-11-01"), tx("t2", -2000.0, false, "2026-11-01")],
            "c1",
            true,
        )))
        .mount(&server)
        .await;
    answer(
        &server,
        "/transactions/sync",
        json!({"cursor": "c1"}),
        page(vec![tx("t3", 20.5, false, "2026-11-10")], "c2", true),
    )
    .await;
    answer(
        &server,
        "/transactions/sync",
        json!({"cursor": "c2"}),
        page(vec![tx("t4", 4.25, true, "2026-11-20")], "c3", false),
    )
    .await;
    answer(
        &server,
        "/transactions/sync",
        json!({"cursor": "c3"}),
        json!({
        "added": [tx("t4-posted", 4.5, false, "2026-11-20")], "modified": [tx("t3", 25.5, false, "2026-11-10")],
        "removed": [{"transaction_id": "t4"}], "next_cursor": "c4", "has_more": false}),
    )
    .await;
    Mock::given(path("/transactions/sync"))
        .and(body_partial_json(json!({"cursor": "c4"})))
        .respond_with(
            ResponseTemplate::new(400)
                .set_body_json(json!({"error_type": "ITEM_ERROR", "error_code": "ITEM_LOGIN_REQUIRED"})),
        )
        .mount(&server)
        .await;

    let app = plaid_app(&server).await;
    let health = app.client.get(app.url("/api/health")).send().await.unwrap();
    let csp = health.headers()["content-security-policy"].to_str().unwrap().to_owned();
    assert!(
        csp.contains("script-src 'self' https://cdn.plaid.com") && csp.contains("frame-src https://cdn.plaid.com"),
        "{csp}"
    );
    let token = banker(&app, "bea@example.com").await;
    let link = expect(app.post_auth("/api/plaid/link/token/create", &token, json!({})).await, StatusCode::OK).await;
    assert_eq!((link["link_token"].as_str(), link["provider"].as_str()), (Some("link-sandbox-1"), Some("plaid")));
    let connected = expect(
        app.post_auth(
            "/api/plaid/item/public_token/exchange",
            &token,
            json!({"public_token": "public-sandbox-1",
            "metadata": {"institution": {"name": "Monzo", "institution_id": "ins_117"}, "accounts": []}}),
        )
        .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(connected["sync"], json!({"added": 4, "modified": 0, "removed": 0}));
    let account = &connected["data"]["accounts"][0];
    assert_eq!((account["currentBalance"].as_f64(), account["bankBalance"].as_f64()), (Some(1000.0), Some(1000.0)));
    assert!(!connected.to_string().contains("access-sandbox"), "no token in an answer");
    let item = connected["data"]["itemId"].as_str().unwrap().to_owned();

    let second =
        expect(app.post_auth(&format!("/api/plaid/item/{item}/sync"), &token, json!({})).await, StatusCode::OK).await;
    assert_eq!(second["data"], json!({"added": 1, "modified": 1, "removed": 1}));
    assert_eq!(transaction_count(&app, &token).await, 4, "the pending row became one posted row");
    let balance = accounts(&app, &token).await[0]["currentBalance"].as_f64().unwrap();
    assert_eq!(balance, 1000.0 - 5.0 - 0.25, "£5 more on t3 and 25p more when t4 posted");

    expect_error(
        app.post_auth(&format!("/api/plaid/item/{item}/sync"), &token, json!({})).await,
        StatusCode::CONFLICT,
        "Monzo needs you to sign in again. Please reconnect.",
    )
    .await;
    assert_eq!(items(&app, &token).await[0]["isActive"], false);
    expect_error(
        app.post_auth(&format!("/api/plaid/item/{item}/simulate-expiry"), &token, json!({})).await,
        StatusCode::BAD_REQUEST,
        "Only the demo bank can simulate an expired connection",
    )
    .await;
}

#[tokio::test]
async fn plaid_down_during_the_first_sync_is_502_and_stores_nothing_and_a_forged_webhook_is_401() {
    let server = MockServer::start().await;
    answer(
        &server,
        "/item/public_token/exchange",
        json!({}),
        json!({"access_token": "access-sandbox-1", "item_id": "item-1"}),
    )
    .await;
    Mock::given(path("/accounts/get")).respond_with(ResponseTemplate::new(503)).mount(&server).await;
    answer(&server, "/item/remove", json!({"access_token": "access-sandbox-1"}), json!({"request_id": "r"})).await;
    let app = plaid_app(&server).await;
    let token = banker(&app, "bea@example.com").await;
    expect_error(
        app.post_auth("/api/plaid/item/public_token/exchange", &token, json!({"public_token": "public-sandbox-1"}))
            .await,
        StatusCode::BAD_GATEWAY,
        "Bank connection failed. Please try again.",
    )
    .await;
    assert!(items(&app, &token).await.is_empty());
    assert!(accounts(&app, &token).await.is_empty());
    let removed = server.received_requests().await.unwrap().iter().filter(|r| r.url.path() == "/item/remove").count();
    assert_eq!(removed, 1, "Plaid is told to forget the connection we did not keep");

    let forged = app
        .client
        .post(app.url("/api/plaid/webhook"))
        .header("Plaid-Verification", "eyJhbGciOiJFUzI1NiIsImtpZCI6ImsifQ.e30.AAAA")
        .json(&json!({"webhook_type": "TRANSACTIONS", "webhook_code": "SYNC_UPDATES_AVAILABLE", "item_id": "item-1"}))
        .send()
        .await
        .unwrap();
    expect_error(forged, StatusCode::UNAUTHORIZED, "Webhook signature is not valid").await;
    let unsigned = app.client.post(app.url("/api/plaid/webhook")).json(&json!({})).send().await.unwrap();
    expect_error(unsigned, StatusCode::UNAUTHORIZED, "Webhook signature is not valid").await;
}

/// A P-256 key: the PKCS#8 document to sign with, and the public point as a JWK's x and y.
fn key_pair() -> (Vec<u8>, String, String) {
    use base64::Engine;
    use ring::signature::{EcdsaKeyPair, KeyPair, ECDSA_P256_SHA256_FIXED_SIGNING};
    let rng = ring::rand::SystemRandom::new();
    let pkcs8 = EcdsaKeyPair::generate_pkcs8(&ECDSA_P256_SHA256_FIXED_SIGNING, &rng).unwrap();
    let pair = EcdsaKeyPair::from_pkcs8(&ECDSA_P256_SHA256_FIXED_SIGNING, pkcs8.as_ref(), &rng).unwrap();
    let public = pair.public_key().as_ref();
    let b64 = |b: &[u8]| base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(b);
    (pkcs8.as_ref().to_vec(), b64(&public[1..33]), b64(&public[33..65]))
}

#[tokio::test]
async fn a_webhook_signed_by_plaid_syncs_its_connection_and_the_same_webhook_resigned_by_another_key_does_not() {
    use sha2::Digest;
    let server = MockServer::start().await;
    answer(
        &server,
        "/item/public_token/exchange",
        json!({}),
        json!({"access_token": "access-sandbox-1", "item_id": "item-7"}),
    )
    .await;
    answer_checking(&server, 100.0, None).await;
    Mock::given(path("/transactions/sync"))
        .and(first_page)
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"added": [tx("t1", 10.0, false, "2026-11-01")],
            "modified": [], "removed": [], "next_cursor": "c1", "has_more": false})))
        .mount(&server)
        .await;
    answer(
        &server,
        "/transactions/sync",
        json!({"cursor": "c1"}),
        json!({"added": [tx("t2", 2.5, false, "2026-11-02")],
        "modified": [], "removed": [], "next_cursor": "c2", "has_more": false}),
    )
    .await;
    let (pkcs8, x, y) = key_pair();
    answer(
        &server,
        "/webhook_verification_key/get",
        json!({"key_id": "kid-1"}),
        json!({"key": {
        "alg": "ES256", "crv": "P-256", "kid": "kid-1", "kty": "EC", "use": "sig", "x": x, "y": y,
        "created_at": 1_700_000_000, "expired_at": null}}),
    )
    .await;

    let app = plaid_app(&server).await;
    let token = banker(&app, "bea@example.com").await;
    expect(
        app.post_auth("/api/plaid/item/public_token/exchange", &token, json!({"public_token": "public-sandbox-1"}))
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(transaction_count(&app, &token).await, 1);

    let body = br#"{"webhook_type":"TRANSACTIONS","webhook_code":"SYNC_UPDATES_AVAILABLE","item_id":"item-7","environment":"sandbox"}"#;
    let sign = |key: &[u8]| {
        let mut header = jsonwebtoken::Header::new(jsonwebtoken::Algorithm::ES256);
        header.kid = Some("kid-1".into());
        let digest: String = sha2::Sha256::digest(body).iter().map(|b| format!("{b:02x}")).collect();
        let claims = json!({"iat": chrono::Utc::now().timestamp(), "request_body_sha256": digest});
        jsonwebtoken::encode(&header, &claims, &jsonwebtoken::EncodingKey::from_ec_der(key)).unwrap()
    };
    let send = |signature: String| {
        app.client
            .post(app.url("/api/plaid/webhook"))
            .header("Plaid-Verification", signature)
            .header("content-type", "application/json")
            .body(body.to_vec())
            .send()
    };
    let (other, _, _) = key_pair();
    expect_error(send(sign(&other)).await.unwrap(), StatusCode::UNAUTHORIZED, "Webhook signature is not valid").await;
    assert_eq!(transaction_count(&app, &token).await, 1, "a forged webhook changes nothing");
    let synced = expect(send(sign(&pkcs8)).await.unwrap(), StatusCode::OK).await;
    assert_eq!(synced["synced"], true);
    assert_eq!(transaction_count(&app, &token).await, 2, "the webhook's sync brought the new row");
}
