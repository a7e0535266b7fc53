//! The Plaid adapter against a Plaid-compatible fake server the tests start (wiremock), serving
//! the JSON shapes of Plaid's API reference; never the internet.

use std::time::Duration;

use adapter_bank::{PlaidBank, PlaidSettings};
use base64::Engine;
use domain::{Money, UserId};
use ports::banking::{AccessToken, BankError, BankProvider, LinkMode};
use ring::signature::{EcdsaKeyPair, KeyPair, ECDSA_P256_SHA256_FIXED_SIGNING};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use wiremock::matchers::{body_partial_json, method, path};
use wiremock::{Mock, MockServer, Request, ResponseTemplate};

fn bank(server: &MockServer) -> PlaidBank {
    PlaidBank::new(PlaidSettings {
        client_id: "client-1".into(),
        secret: "secret-1".into(),
        base_url: server.uri(),
        webhook_url: Some("https://money.example.com/api/plaid/webhook".into()),
        redirect_uri: None,
    })
    .unwrap()
    .with_timing(Duration::from_millis(10), Duration::from_millis(500))
    .unwrap()
}

fn token() -> AccessToken {
    AccessToken("access-sandbox-1".into())
}

fn plaid_error(status: u16, error_type: &str, code: &str) -> ResponseTemplate {
    ResponseTemplate::new(status).set_body_json(json!({
        "error_type": error_type, "error_code": code, "error_message": "…", "display_message": null, "request_id": "r1"
    }))
}

fn transaction(id: &str, amount: Value, pending: bool) -> Value {
    json!({"transaction_id": id, "account_id": "acc-1", "amount": amount, "iso_currency_code": "GBP", "date": "2026-11-20",
           "name": "TESCO STORES 2231", "merchant_name": "Tesco", "pending": pending, "pending_transaction_id": null,
           "personal_finance_category": {"primary": "FOOD_AND_DRINK", "detailed": "FOOD_AND_DRINK_GROCERIES", "confidence_level": "HIGH"}})
}

#[tokio::test]
async fn link_tokens_carry_our_settings_and_update_mode_carries_the_access_token_instead_of_products() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/link/token/create"))
        .and(body_partial_json(json!({
            "client_id": "client-1", "secret": "secret-1", "client_name": "MySpending", "country_codes": ["GB"],
            "language": "en", "products": ["transactions"], "webhook": "https://money.example.com/api/plaid/webhook",
            "user": {"client_user_id": "00000000-0000-0000-0000-000000000001"}
        })))
        .respond_with(
            ResponseTemplate::new(200)
                .set_body_json(json!({"link_token": "link-sandbox-new", "expiration": "…", "request_id": "r"})),
        )
        .mount(&server)
        .await;
    Mock::given(method("POST"))
        .and(path("/link/token/create"))
        .and(body_partial_json(json!({"access_token": "access-sandbox-1"})))
        .and(|r: &Request| r.body_json::<Value>().map(|b| b.get("products").is_none()).unwrap_or(false))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"link_token": "link-sandbox-update"})))
        .mount(&server)
        .await;
    let plaid = bank(&server);
    let user = UserId(uuid::Uuid::from_u128(1));
    assert_eq!(plaid.create_link_token(user, LinkMode::New).await.unwrap(), "link-sandbox-new");
    assert_eq!(plaid.create_link_token(user, LinkMode::Update(&token())).await.unwrap(), "link-sandbox-update");
}

#[tokio::test]
async fn a_public_token_is_exchanged_and_a_bad_one_is_refused() {
    let server = MockServer::start().await;
    Mock::given(path("/item/public_token/exchange"))
        .and(body_partial_json(json!({"public_token": "public-sandbox-ok"})))
        .respond_with(
            ResponseTemplate::new(200)
                .set_body_json(json!({"access_token": "access-sandbox-9", "item_id": "item-9", "request_id": "r"})),
        )
        .mount(&server)
        .await;
    Mock::given(path("/item/public_token/exchange"))
        .respond_with(plaid_error(400, "INVALID_INPUT", "INVALID_PUBLIC_TOKEN"))
        .mount(&server)
        .await;
    let plaid = bank(&server);
    let exchanged = plaid.exchange_public_token("public-sandbox-ok").await.unwrap();
    assert_eq!(
        (exchanged.access_token.0.as_str(), exchanged.provider_item_id.as_str()),
        ("access-sandbox-9", "item-9")
    );
    assert!(
        matches!(plaid.exchange_public_token("public-sandbox-bad").await, Err(BankError::Refused { code }) if code == "INVALID_PUBLIC_TOKEN")
    );
}

#[tokio::test]
async fn accounts_are_read_with_exact_pence() {
    let server = MockServer::start().await;
    Mock::given(path("/accounts/get"))
        .and(body_partial_json(json!({"access_token": "access-sandbox-1"})))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"accounts": [
            {"account_id": "acc-1", "name": "Plaid Checking", "official_name": "Plaid Gold Standard 0% Interest Checking",
             "mask": "0000", "type": "depository", "subtype": "checking",
             "balances": {"available": 100.1, "current": 110.3, "limit": null, "iso_currency_code": "GBP"}},
            {"account_id": "acc-2", "name": "Plaid Credit Card", "official_name": null, "mask": "3333", "type": "credit",
             "subtype": "credit card", "balances": {"available": null, "current": 410.57, "limit": 2000, "iso_currency_code": "GBP"}}
        ], "item": {}, "request_id": "r"})))
        .mount(&server)
        .await;
    let accounts = bank(&server).accounts(&token()).await.unwrap();
    assert_eq!(accounts[0].current, Some(Money::from_pence(11_030)));
    assert_eq!(accounts[0].available, Some(Money::from_pence(10_010)));
    assert_eq!(accounts[1].current, Some(Money::from_pence(41_057)));
    assert_eq!(accounts[1].limit, Some(Money::from_pence(200_000)));
    assert_eq!((accounts[1].kind.as_str(), accounts[1].subtype.as_deref()), ("credit", Some("credit card")));
}

#[tokio::test]
async fn a_sync_page_brings_added_modified_and_removed_rows_after_a_rate_limit() {
    let server = MockServer::start().await;
    Mock::given(path("/transactions/sync"))
        .respond_with(plaid_error(429, "RATE_LIMIT_EXCEEDED", "RATE_LIMIT_EXCEEDED"))
        .up_to_n_times(1)
        .with_priority(1)
        .mount(&server)
        .await;
    Mock::given(path("/transactions/sync"))
        .and(body_partial_json(json!({"cursor": "c1", "count": 500})))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "added": [transaction("t2", json!(12.5), false), transaction("t3", json!(-2500), true)],
            "modified": [transaction("t1", json!(4.2), false)],
            "removed": [{"transaction_id": "t0", "account_id": "acc-1"}],
            "next_cursor": "c2", "has_more": true, "request_id": "r"
        })))
        .with_priority(2)
        .mount(&server)
        .await;
    let page = bank(&server).sync_page(&token(), Some("c1".into())).await.unwrap();
    assert_eq!((page.next_cursor.as_str(), page.has_more), ("c2", true));
    assert_eq!(page.added[0].amount, 1_250, "money leaving, in pence");
    assert_eq!(page.added[1].amount, -250_000);
    assert!(page.added[1].pending);
    assert_eq!(page.added[0].category_detailed.as_deref(), Some("FOOD_AND_DRINK_GROCERIES"));
    assert_eq!(page.modified[0].amount, 420);
    assert_eq!(page.removed, vec!["t0".to_owned()]);
    assert_eq!(server.received_requests().await.unwrap().len(), 2, "one 429, then the page");
}

#[tokio::test]
async fn item_errors_paging_changes_outages_and_timeouts_are_told_apart() {
    let server = MockServer::start().await;
    Mock::given(path("/transactions/sync"))
        .and(body_partial_json(json!({"access_token": "access-expired"})))
        .respond_with(plaid_error(400, "ITEM_ERROR", "ITEM_LOGIN_REQUIRED"))
        .mount(&server)
        .await;
    Mock::given(path("/transactions/sync"))
        .and(body_partial_json(json!({"access_token": "access-mutating"})))
        .respond_with(plaid_error(400, "TRANSACTIONS_ERROR", "TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION"))
        .mount(&server)
        .await;
    Mock::given(path("/transactions/sync"))
        .and(body_partial_json(json!({"access_token": "access-down"})))
        .respond_with(
            ResponseTemplate::new(500)
                .set_body_json(json!({"error_type": "API_ERROR", "error_code": "INTERNAL_SERVER_ERROR"})),
        )
        .mount(&server)
        .await;
    Mock::given(path("/transactions/sync"))
        .and(body_partial_json(json!({"access_token": "access-slow"})))
        .respond_with(ResponseTemplate::new(200).set_delay(Duration::from_secs(3)).set_body_json(json!({})))
        .mount(&server)
        .await;
    let plaid = bank(&server);
    let sync = |t: &'static str| {
        let plaid = &plaid;
        async move { plaid.sync_page(&AccessToken(t.into()), None).await }
    };
    assert!(
        matches!(sync("access-expired").await, Err(BankError::LoginRequired { code }) if code == "ITEM_LOGIN_REQUIRED")
    );
    assert!(matches!(sync("access-mutating").await, Err(BankError::ChangedDuringPaging)));
    assert!(matches!(sync("access-down").await, Err(BankError::Unavailable(_))));
    let started = std::time::Instant::now();
    assert!(matches!(sync("access-slow").await, Err(BankError::Unavailable(_))));
    assert!(started.elapsed() < Duration::from_secs(3), "three attempts of 0.5 s, not the server's 3 s");
    let downs = server
        .received_requests()
        .await
        .unwrap()
        .iter()
        .filter(|r| String::from_utf8_lossy(&r.body).contains("access-down"))
        .count();
    assert_eq!(downs, 3, "a 5xx is retried a bounded number of times");
}

/// A P-256 key pair: the PKCS#8 document (to sign) and the public point as a JWK's x and y.
fn key_pair() -> (Vec<u8>, String, String) {
    let rng = ring::rand::SystemRandom::new();
    let pkcs8 = EcdsaKeyPair::generate_pkcs8(&ECDSA_P256_SHA256_FIXED_SIGNING, &rng).unwrap();
    let pair = EcdsaKeyPair::from_pkcs8(&ECDSA_P256_SHA256_FIXED_SIGNING, pkcs8.as_ref(), &rng).unwrap();
    let public = pair.public_key().as_ref();
    let b64 = |b: &[u8]| base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(b);
    (pkcs8.as_ref().to_vec(), b64(&public[1..33]), b64(&public[33..65]))
}

fn sign(pkcs8: &[u8], kid: &str, body: &[u8], iat: i64) -> String {
    let mut header = jsonwebtoken::Header::new(jsonwebtoken::Algorithm::ES256);
    header.kid = Some(kid.into());
    let digest: String = Sha256::digest(body).iter().map(|b| format!("{b:02x}")).collect();
    let claims = json!({"iat": iat, "request_body_sha256": digest});
    jsonwebtoken::encode(&header, &claims, &jsonwebtoken::EncodingKey::from_ec_der(pkcs8)).unwrap()
}

#[tokio::test]
async fn a_webhook_is_accepted_only_when_plaids_key_signed_this_body_recently() {
    let server = MockServer::start().await;
    let (pkcs8, x, y) = key_pair();
    Mock::given(path("/webhook_verification_key/get"))
        .and(body_partial_json(json!({"key_id": "kid-1"})))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"key": {
            "alg": "ES256", "crv": "P-256", "kid": "kid-1", "kty": "EC", "use": "sig", "x": x, "y": y,
            "created_at": 1_700_000_000, "expired_at": null
        }, "request_id": "r"})))
        .expect(1)
        .mount(&server)
        .await;
    let plaid = bank(&server);
    let body = br#"{"webhook_type":"TRANSACTIONS","webhook_code":"SYNC_UPDATES_AVAILABLE","item_id":"item-9","initial_update_complete":true,"historical_update_complete":false,"environment":"sandbox"}"#;
    let now = chrono::Utc::now().timestamp();

    let hook = plaid.verify_webhook(&sign(&pkcs8, "kid-1", body, now), body).await.unwrap();
    assert!(hook.wants_sync());
    assert_eq!(hook.provider_item_id.as_deref(), Some("item-9"));

    let forged_body = body.iter().copied().map(|b| if b == b'9' { b'8' } else { b }).collect::<Vec<_>>();
    let refused = |r: Result<_, BankError>| matches!(r, Err(BankError::Refused { .. }));
    assert!(refused(plaid.verify_webhook(&sign(&pkcs8, "kid-1", body, now), &forged_body).await), "another body");
    assert!(refused(plaid.verify_webhook(&sign(&pkcs8, "kid-1", body, now - 301), body).await), "too old");
    let (other, _, _) = key_pair();
    assert!(refused(plaid.verify_webhook(&sign(&other, "kid-1", body, now), body).await), "another key");
    assert!(refused(plaid.verify_webhook("not.a.jwt", body).await));
    // The key was fetched once and cached (the mock expects exactly one call).
}

#[tokio::test]
async fn nuls_in_the_banks_texts_are_dropped() {
    // PostgreSQL cannot store U+0000; a name from the bank is not the user's typing to refuse.
    let server = MockServer::start().await;
    let mut row = transaction("t\u{0}1", json!(3.5), false);
    row["name"] = json!("TESCO\u{0} STORES");
    row["merchant_name"] = json!("\u{0}Tesco");
    Mock::given(path("/transactions/sync"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "added": [row], "modified": [], "removed": [], "next_cursor": "c\u{0}2", "has_more": false
        })))
        .mount(&server)
        .await;
    let page = bank(&server).sync_page(&token(), None).await.unwrap();
    let added = &page.added[0];
    assert_eq!((added.name.as_str(), added.merchant_name.as_deref()), ("TESCO STORES", Some("Tesco")));
    assert_eq!((added.provider_transaction_id.as_str(), page.next_cursor.as_str()), ("t1", "c2"));
}
