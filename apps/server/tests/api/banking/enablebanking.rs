//! Enable Banking over HTTP against a fake of the provider the tests start (wiremock, checking
//! every call's application token with the public key): the providers on offer, the banks, the
//! consent's start and its single-use state, the callback with its first sync, paging, pending
//! rows booked, transaction ids that change between fetches, entry references repeated across
//! accounts, reconnecting with new uids, expiry, errors, isolation and renewal notices.

use super::*;
use common::spawn_app_with;
use jsonwebtoken::{Algorithm, DecodingKey, Validation};
use wiremock::matchers::{body_partial_json, method, path, query_param};
use wiremock::{Mock, MockServer, Request, ResponseTemplate};

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../adapters/bank/tests/fixtures");
const PUBLIC: &[u8] = include_bytes!("../../../../../adapters/bank/tests/fixtures/enablebanking-test-key.pub.pem");

/// Whether the call carries the application's token as the provider checks it.
fn signed(request: &Request) -> bool {
    let Some(jwt) = request.headers.get("authorization").and_then(|v| v.to_str().ok()?.strip_prefix("Bearer ")) else {
        return false;
    };
    let mut validation = Validation::new(Algorithm::RS256);
    validation.set_audience(&["api.enablebanking.com"]);
    validation.set_issuer(&["enablebanking.com"]);
    jsonwebtoken::decode::<Value>(jwt, &DecodingKey::from_rsa_pem(PUBLIC).unwrap(), &validation)
        .is_ok_and(|d| d.header.kid.as_deref() == Some("app-1"))
}

fn without_continuation(request: &Request) -> bool {
    !request.url.query_pairs().any(|(k, _)| k == "continuation_key")
}

fn days_ago(n: i64) -> String {
    (chrono::Utc::now().date_naive() - chrono::Days::new(n as u64)).to_string()
}

/// A row: booked with an entry reference, or pending without one; its transaction_id is new on
/// every fetch (the provider's ids are not stable).
fn row(reference: Option<&str>, status: &str, indicator: &str, amount: &str, party: &str, days: i64) -> Value {
    let side = if indicator == "DBIT" { "creditor" } else { "debtor" };
    let mut row = json!({
        "entry_reference": reference, "transaction_id": uuid::Uuid::new_v4().to_string(),
        "transaction_amount": {"amount": amount, "currency": "GBP"}, "credit_debit_indicator": indicator,
        "status": status, "value_date": days_ago(days), "remittance_information": [],
    });
    row[side] = json!({"name": party});
    if status == "BOOK" {
        row["booking_date"] = json!(days_ago(days));
    }
    row
}

fn ok(body: Value) -> ResponseTemplate {
    ResponseTemplate::new(200).set_body_json(body)
}

fn error(status: u16, code: &str) -> ResponseTemplate {
    ResponseTemplate::new(status).set_body_json(json!({"message": "…", "code": status, "error": code, "detail": null}))
}

fn session(id: &str, uids: (&str, &str)) -> Value {
    json!({
        "session_id": id, "aspsp": {"name": "Fake Bank UK", "country": "GB"}, "psu_type": "personal",
        "access": {"valid_until": (chrono::Utc::now() + chrono::Duration::days(90)).to_rfc3339()},
        "accounts": [
            {"uid": uids.0, "identification_hash": "hash-current", "name": "MR J SMITH", "details": "Joint Current",
             "product": "Classic Account", "cash_account_type": "CACC", "currency": "GBP",
             "account_id": {"other": {"identification": "12345612345678", "scheme_name": "BBAN"}},
             "all_account_ids": [{"identification": "12345612345678", "scheme_name": "BBAN"}]},
            {"uid": uids.1, "identification_hash": "hash-card", "name": "MR J SMITH", "details": null,
             "product": "Rewards Credit Card", "cash_account_type": "CARD", "currency": "GBP",
             "all_account_ids": [{"identification": "************4321", "scheme_name": "CPAN"}],
             "credit_limit": {"amount": "3000.00", "currency": "GBP"}},
            {"uid": "u-eur", "identification_hash": "hash-eur", "details": "Euro Saver", "cash_account_type": "SVGS",
             "currency": "EUR", "all_account_ids": []},
            {"identification_hash": "hash-nouid", "details": "Hidden", "cash_account_type": "CACC", "currency": "GBP"}
        ]
    })
}

/// The fake provider: one bank, two sessions (code-1, code-2) with their own uids, two pages of the
/// current account's rows on the first fetch and the pending coffee booked on later ones.
async fn provider() -> MockServer {
    let server = MockServer::start().await;
    let mount = |m: Mock| m.mount(&server);
    mount(Mock::given(method("GET")).and(path("/aspsps")).and(query_param("country", "GB")).and(signed).respond_with(
        ok(json!({"aspsps": [
            {"name": "Fake Bank UK", "country": "GB", "logo": "https://x/fake.png", "psu_types": ["personal"],
             "auth_methods": [], "maximum_consent_validity": 7_776_000, "beta": false, "bic": "FAKEGB22",
             "required_psu_headers": ["Psu-Ip-Address", "Psu-User-Agent"]},
            {"name": "Short Consent Bank", "country": "GB", "logo": null, "psu_types": ["personal"],
             "maximum_consent_validity": 259_200}
        ]})),
    ))
    .await;
    mount(Mock::given(method("POST")).and(path("/auth")).and(signed).respond_with(ok(
        json!({"url": "https://fake.example/consent?authorization_id=au-1", "authorization_id": "au-1", "psu_id_hash": "p"}),
    )))
    .await;
    for (code, id, uids) in [("code-1", "s-1", ("u1-cur", "u1-card")), ("code-2", "s-2", ("u2-cur", "u2-card"))] {
        mount(
            Mock::given(method("POST"))
                .and(path("/sessions"))
                .and(signed)
                .and(body_partial_json(json!({"code": code})))
                .respond_with(ok(session(id, uids))),
        )
        .await;
    }
    for uid in ["u1-cur", "u2-cur"] {
        let balances = json!({"balances": [
            {"name": "Available", "balance_amount": {"amount": "1734.56", "currency": "GBP"}, "balance_type": "ITAV"},
            {"name": "Booked", "balance_amount": {"amount": "1234.56", "currency": "GBP"}, "balance_type": "ITBD"}
        ]});
        mount(
            Mock::given(method("GET"))
                .and(path(format!("/accounts/{uid}/balances")))
                .and(signed)
                .respond_with(ok(balances)),
        )
        .await;
    }
    for uid in ["u1-card", "u2-card"] {
        let balances = json!({"balances": [
            {"name": "Booked", "balance_amount": {"amount": "-250.40", "currency": "GBP"}, "balance_type": "ITBD"}
        ]});
        mount(
            Mock::given(method("GET"))
                .and(path(format!("/accounts/{uid}/balances")))
                .and(signed)
                .respond_with(ok(balances)),
        )
        .await;
        mount(Mock::given(method("GET")).and(path(format!("/accounts/{uid}/transactions"))).and(signed).respond_with(
            |_: &Request| {
                // The same entry reference as a row of the current account: unique only within an account.
                ok(json!({"transactions": [row(Some("ref-1"), "BOOK", "DBIT", "12.99", "NETFLIX", 4)],
                               "continuation_key": null}))
            },
        ))
        .await;
    }
    // The current account's first fetch: two pages (the second with the pending coffee and a
    // cancelled row that moved no money).
    Mock::given(method("GET"))
        .and(path("/accounts/u1-cur/transactions"))
        .and(signed)
        .and(without_continuation)
        .respond_with(|_: &Request| {
            ok(json!({"transactions": [
                row(Some("ref-1"), "BOOK", "CRDT", "2500.00", "ACME LTD", 9),
                row(Some("ref-2"), "BOOK", "DBIT", "950.00", "LANDLORD", 8)
            ], "continuation_key": "k-2"}))
        })
        .up_to_n_times(1)
        .with_priority(1)
        .mount(&server)
        .await;
    Mock::given(method("GET"))
        .and(path("/accounts/u1-cur/transactions"))
        .and(signed)
        .and(query_param("continuation_key", "k-2"))
        .respond_with(|_: &Request| {
            ok(json!({"transactions": [
                row(None, "PDNG", "DBIT", "3.20", "COFFEE SHOP", 1),
                row(Some("ref-9"), "CNCL", "DBIT", "99.00", "CANCELLED", 3)
            ], "continuation_key": null}))
        })
        .mount(&server)
        .await;
    // Every later fetch (either session): the same booked rows with new ids, the coffee booked.
    let later = |_: &Request| {
        ok(json!({"transactions": [
            row(Some("ref-1"), "BOOK", "CRDT", "2500.00", "ACME LTD", 9),
            row(Some("ref-2"), "BOOK", "DBIT", "950.00", "LANDLORD", 8),
            row(Some("ref-7"), "BOOK", "DBIT", "3.20", "COFFEE SHOP", 1)
        ], "continuation_key": null}))
    };
    for uid in ["u1-cur", "u2-cur"] {
        Mock::given(method("GET"))
            .and(path(format!("/accounts/{uid}/transactions")))
            .and(signed)
            .respond_with(later)
            .with_priority(10)
            .mount(&server)
            .await;
    }
    mount(
        Mock::given(method("DELETE")).and(path("/sessions/s-1")).and(signed).respond_with(ok(json!({"message": "OK"}))),
    )
    .await;
    mount(
        Mock::given(method("DELETE")).and(path("/sessions/s-2")).and(signed).respond_with(ok(json!({"message": "OK"}))),
    )
    .await;
    server
}

async fn eb_app(server: &MockServer) -> TestApp {
    let uri = server.uri();
    spawn_app_with(move |s| {
        s.enable_banking_app_id = Some("app-1".into());
        s.enable_banking_key = Some(format!("{FIXTURES}/enablebanking-test-key.pem").into());
        s.enable_banking_base_url = Some(uri);
    })
    .await
}

/// The state the server sent with its latest POST /auth (what the bank's redirect brings back).
async fn sent_state(server: &MockServer) -> String {
    let requests = server.received_requests().await.unwrap();
    let auth = requests.iter().rev().find(|r| r.url.path() == "/auth").expect("a consent was started");
    auth.body_json::<Value>().unwrap()["state"].as_str().unwrap().to_owned()
}

/// The bank's redirect back, not followed: where it sends the browser.
async fn callback(app: &TestApp, query: &str) -> String {
    let client = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let res = client.get(app.url(&format!("/api/enablebanking/callback?{query}"))).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::SEE_OTHER);
    res.headers()["location"].to_str().unwrap().to_owned()
}

async fn start(app: &TestApp, token: &str, body: Value) -> Value {
    expect(app.post_auth("/api/enablebanking/auth", token, body).await, StatusCode::OK).await
}

/// Links Fake Bank UK for the user; answers the connection's id.
async fn link(app: &TestApp, server: &MockServer, token: &str, code: &str) -> String {
    start(app, token, json!({"aspspName": "Fake Bank UK", "country": "GB"})).await;
    let state = sent_state(server).await;
    let location = callback(app, &format!("code={code}&state={state}")).await;
    let id = location.strip_prefix("/accounts?linked=").unwrap_or_else(|| panic!("linked: {location}"));
    assert!(id.ends_with("&skipped=2"), "the EUR account and the one without data are listed: {location}");
    id.trim_end_matches("&skipped=2").to_owned()
}

async fn rows(app: &TestApp, token: &str) -> Vec<(String, f64, String)> {
    let page =
        expect(app.get_auth("/api/transactions?limit=100&includeTransfers=true", token).await, StatusCode::OK).await;
    let mut rows: Vec<_> = page["transactions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["description"].as_str().unwrap().to_owned(),
                t["amount"].as_f64().unwrap(),
                t["status"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    rows.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.total_cmp(&b.1)));
    rows
}

#[tokio::test]
async fn the_providers_and_banks_on_offer_and_bad_input() {
    let server = provider().await;
    let app = eb_app(&server).await;
    let token = banker(&app, "bea@example.com").await;
    let providers = expect(app.get_auth("/api/bank/providers", &token).await, StatusCode::OK).await;
    assert_eq!(
        providers["data"],
        json!([{"id": "demo", "name": "Demo Bank", "enabled": true}, {"id": "plaid", "name": "Plaid", "enabled": false},
               {"id": "enablebanking", "name": "Enable Banking", "enabled": true}])
    );
    let banks = expect(app.get_auth("/api/enablebanking/aspsps?country=GB", &token).await, StatusCode::OK).await;
    assert_eq!(
        banks["data"][0],
        json!({"name": "Fake Bank UK", "country": "GB", "logo": "https://x/fake.png", "maxConsentDays": 90})
    );
    assert_eq!(banks["data"][1]["maxConsentDays"], 3);
    for bad in ["gb", "GBR", "G1", "%27%3B"] {
        expect_error(
            app.get_auth(&format!("/api/enablebanking/aspsps?country={bad}"), &token).await,
            StatusCode::BAD_REQUEST,
            "Country must be a two-letter code such as GB",
        )
        .await;
    }
    // The list is kept: a second look does not ask the provider again.
    expect(app.get_auth("/api/enablebanking/aspsps", &token).await, StatusCode::OK).await;
    let asked = server.received_requests().await.unwrap().iter().filter(|r| r.url.path() == "/aspsps").count();
    assert_eq!(asked, 1);

    expect_error(
        app.post_auth("/api/enablebanking/auth", &token, json!({})).await,
        StatusCode::BAD_REQUEST,
        "Choose a bank",
    )
    .await;
    expect_error(
        app.post_auth("/api/enablebanking/auth", &token, json!({"aspspName": "Nowhere Bank", "country": "GB"})).await,
        StatusCode::BAD_REQUEST,
        "Choose a bank from the list",
    )
    .await;
    expect_error(
        app.post_auth("/api/enablebanking/auth", &token, json!({"itemId": "not-an-id"})).await,
        StatusCode::NOT_FOUND,
        "Bank connection not found",
    )
    .await;
    let plain = app.signed_up("Jane Doe", "jane@example.com", "Secret123").await;
    expect_error(
        app.post_auth("/api/enablebanking/auth", &plain, json!({"aspspName": "Fake Bank UK"})).await,
        StatusCode::FORBIDDEN,
        "You do not have permission to connect bank accounts",
    )
    .await;
    // Nothing was started for any of these.
    assert_eq!(app.count("SELECT count(*) AS n FROM bank_consent_states"), 0);

    // Without Enable Banking configured, its routes say so.
    let bare = spawn_app().await;
    let token = banker(&bare, "bea@example.com").await;
    expect_error(
        bare.get_auth("/api/enablebanking/aspsps?country=GB", &token).await,
        StatusCode::NOT_FOUND,
        "Enable Banking is not set up on this server",
    )
    .await;
}

#[tokio::test]
async fn a_consent_links_the_accounts_syncs_replaces_pending_reconnects_and_disconnects() {
    let server = provider().await;
    let app = eb_app(&server).await;
    let token = banker(&app, "bea@example.com").await;

    // The consent asked for: the bank's longest (90 days), for a person, back to our callback.
    let started = start(&app, &token, json!({"aspspName": "Fake Bank UK", "country": "GB"})).await;
    assert_eq!(started["data"]["url"], "https://fake.example/consent?authorization_id=au-1");
    let requests = server.received_requests().await.unwrap();
    let auth = requests.iter().find(|r| r.url.path() == "/auth").unwrap().body_json::<Value>().unwrap();
    assert_eq!(auth["psu_type"], "personal");
    assert_eq!(auth["redirect_url"], format!("{}/api/enablebanking/callback", app.settings.public_url));
    let until = chrono::DateTime::parse_from_rfc3339(auth["access"]["valid_until"].as_str().unwrap()).unwrap();
    let days = (until.with_timezone(&chrono::Utc) - chrono::Utc::now()).num_hours();
    assert!((89 * 24..=90 * 24).contains(&days), "{days} hours");
    let state = auth["state"].as_str().unwrap().to_owned();
    assert!(state.len() >= 22, "an unguessable state");

    // The bank's redirect back: linked, the EUR account and the one without data listed.
    let location = callback(&app, &format!("code=code-1&state={state}")).await;
    let id = location.strip_prefix("/accounts?linked=").unwrap().trim_end_matches("&skipped=2").to_owned();
    // The state is single-use.
    assert_eq!(callback(&app, &format!("code=code-1&state={state}")).await, "/accounts?bankError=expired");

    let listed = items(&app, &token).await;
    assert_eq!(listed.len(), 1);
    let item = &listed[0];
    assert_eq!((item["itemId"].as_str().unwrap(), item["provider"].as_str().unwrap()), (id.as_str(), "enablebanking"));
    assert_eq!(item["institutionName"], "Fake Bank UK");
    assert!(item["consentExpiresAt"].is_string() && item["nextSyncAt"].is_string(), "{item}");
    assert_eq!(item["renewalDue"], false);
    assert_eq!(
        item["skippedAccounts"],
        json!([
            {"name": "Euro Saver", "reason": "It is in EUR: MySpending keeps pounds sterling (GBP) only"},
            {"name": "Hidden", "reason": "The bank does not share this account's data through Open Banking"}
        ])
    );
    let next = chrono::DateTime::parse_from_rfc3339(item["nextSyncAt"].as_str().unwrap()).unwrap();
    assert!(next > chrono::Utc::now() + chrono::Duration::hours(5), "the link's own sync just ran: {next}");
    let named: Vec<(String, String, f64)> = item["accounts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            (a["name"].as_str().unwrap().into(), a["type"].as_str().unwrap().into(), a["bankBalance"].as_f64().unwrap())
        })
        .collect();
    assert_eq!(
        named,
        vec![
            ("Joint Current ••5678".into(), "current".into(), 1234.56),
            ("Rewards Credit Card ••4321".into(), "credit_card".into(), -250.4)
        ],
        "named from the nickname or product, never the holder; the booked balance, never the available one"
    );
    for account in item["accounts"].as_array().unwrap() {
        assert_eq!(account["currentBalance"], account["bankBalance"], "our balance opens at the bank's");
    }
    assert_eq!(
        rows(&app, &token).await,
        vec![
            ("ACME LTD".into(), 2500.0, "completed".into()),
            ("COFFEE SHOP".into(), -3.2, "pending".into()),
            ("LANDLORD".into(), -950.0, "completed".into()),
            ("NETFLIX".into(), -12.99, "completed".into()),
        ],
        "both pages read; the cancelled row left out; ref-1 on two accounts is two rows"
    );

    // Sync now: the ids changed and the window is read again, yet nothing doubles; the pending
    // coffee is replaced by the booked one.
    let synced =
        expect(app.post_auth(&format!("/api/plaid/item/{id}/sync"), &token, json!({})).await, StatusCode::OK).await;
    assert_eq!(synced["data"], json!({"added": 1, "modified": 0, "removed": 1}), "{synced}");
    let after = rows(&app, &token).await;
    assert_eq!(
        after.iter().filter(|r| r.0 == "COFFEE SHOP").collect::<Vec<_>>(),
        vec![&("COFFEE SHOP".into(), -3.2, "completed".into())]
    );
    assert_eq!(after.len(), 4);
    let again =
        expect(app.post_auth(&format!("/api/plaid/item/{id}/sync"), &token, json!({})).await, StatusCode::OK).await;
    assert_eq!(again["message"], "Already up to date");

    // Reconnecting: a new session with new uids continues the same accounts.
    start(&app, &token, json!({"itemId": id})).await;
    let state = sent_state(&server).await;
    let location = callback(&app, &format!("code=code-2&state={state}")).await;
    assert_eq!(location, format!("/accounts?linked={id}&skipped=2"));
    let listed = items(&app, &token).await;
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0]["accounts"].as_array().unwrap().len(), 2);
    assert_eq!(accounts(&app, &token).await.len(), 2, "no duplicate accounts");
    assert_eq!(rows(&app, &token).await.len(), 4, "no duplicate rows");
    let closed = server.received_requests().await.unwrap();
    assert!(
        closed.iter().any(|r| r.method.as_str() == "DELETE" && r.url.path() == "/sessions/s-1"),
        "the old session is closed"
    );

    // Linking the same accounts again without Reconnect renews this connection too.
    assert_eq!(link(&app, &server, &token, "code-2").await, id);
    assert_eq!(items(&app, &token).await.len(), 1);

    // Disconnecting closes the session; the accounts and their history stay.
    expect(app.delete_auth(&format!("/api/plaid/item/{id}"), &token).await, StatusCode::OK).await;
    assert!(items(&app, &token).await.is_empty());
    assert_eq!(accounts(&app, &token).await.len(), 2);
    assert_eq!(rows(&app, &token).await.len(), 4);
    let deleted = server.received_requests().await.unwrap();
    assert!(deleted.iter().any(|r| r.method.as_str() == "DELETE" && r.url.path() == "/sessions/s-2"));
}

#[tokio::test]
async fn a_refused_consent_a_stale_state_and_a_failing_provider_store_nothing() {
    let server = provider().await;
    let app = eb_app(&server).await;
    let token = banker(&app, "bea@example.com").await;
    start(&app, &token, json!({"aspspName": "Fake Bank UK"})).await;
    let state = sent_state(&server).await;
    assert_eq!(
        callback(&app, &format!("error=access_denied&error_description=User+denied&state={state}")).await,
        "/accounts?bankError=denied"
    );
    assert_eq!(callback(&app, "code=code-1&state=made-up").await, "/accounts?bankError=expired");
    assert_eq!(callback(&app, "code=code-1").await, "/accounts?bankError=expired");
    assert_eq!(callback(&app, &format!("code=code-1&state={}", "x".repeat(5000))).await, "/accounts?bankError=expired");

    // A state older than 15 minutes is worthless.
    start(&app, &token, json!({"aspspName": "Fake Bank UK"})).await;
    let state = sent_state(&server).await;
    app.sql("UPDATE bank_consent_states SET expires_at = now() - interval '1 second'");
    assert_eq!(callback(&app, &format!("code=code-1&state={state}")).await, "/accounts?bankError=expired");

    // A code the provider refuses.
    start(&app, &token, json!({"aspspName": "Fake Bank UK"})).await;
    let state = sent_state(&server).await;
    assert_eq!(callback(&app, &format!("code=unknown&state={state}")).await, "/accounts?bankError=failed");
    assert!(items(&app, &token).await.is_empty());
    assert!(accounts(&app, &token).await.is_empty());
    assert_eq!(app.count("SELECT count(*) AS n FROM bank_consent_states"), 0, "each state was taken once");
}

#[tokio::test]
async fn an_ended_consent_needs_reconnecting_and_the_bank_failing_is_reported() {
    let server = provider().await;
    let app = eb_app(&server).await;
    let token = banker(&app, "bea@example.com").await;
    let id = link(&app, &server, &token, "code-1").await;

    // The bank's own limit: reported, the connection stays active.
    Mock::given(path("/accounts/u1-cur/balances"))
        .respond_with(error(429, "ASPSP_RATE_LIMIT_EXCEEDED"))
        .with_priority(1)
        .up_to_n_times(1)
        .mount(&server)
        .await;
    expect_error(
        app.post_auth(&format!("/api/plaid/item/{id}/sync"), &token, json!({})).await,
        StatusCode::BAD_GATEWAY,
        "Bank connection failed. Please try again.",
    )
    .await;
    assert_eq!(items(&app, &token).await[0]["isActive"], true);

    // The consent expired at the bank (seen as a 401, told by its code): reconnect.
    Mock::given(path("/accounts/u1-cur/balances"))
        .respond_with(error(401, "EXPIRED_SESSION"))
        .with_priority(1)
        .mount(&server)
        .await;
    expect_error(
        app.post_auth(&format!("/api/plaid/item/{id}/sync"), &token, json!({})).await,
        StatusCode::CONFLICT,
        "Fake Bank UK needs you to sign in again. Please reconnect.",
    )
    .await;
    let item = &items(&app, &token).await[0];
    assert_eq!((item["isActive"].clone(), item["errorCode"].clone()), (json!(false), json!("EXPIRED_SESSION")));
    assert!(item["nextSyncAt"].is_null());

    // Past valid_until the bank is not even asked.
    app.sql("UPDATE bank_connections SET is_active = true, error_code = NULL, consent_expires_at = now() - interval '1 minute'");
    let before = server.received_requests().await.unwrap().len();
    expect(app.post_auth(&format!("/api/plaid/item/{id}/sync"), &token, json!({})).await, StatusCode::CONFLICT).await;
    assert_eq!(server.received_requests().await.unwrap().len(), before);
}

#[tokio::test]
async fn another_household_never_sees_or_renews_the_connection() {
    let server = provider().await;
    let app = eb_app(&server).await;
    let token = banker(&app, "bea@example.com").await;
    let id = link(&app, &server, &token, "code-1").await;
    let other = banker(&app, "olly@example.com").await;
    assert!(items(&app, &other).await.is_empty());
    for res in [
        app.post_auth("/api/enablebanking/auth", &other, json!({"itemId": id})).await,
        app.post_auth(&format!("/api/plaid/item/{id}/sync"), &other, json!({})).await,
        app.delete_auth(&format!("/api/plaid/item/{id}"), &other).await,
    ] {
        expect_error(res, StatusCode::NOT_FOUND, "Bank connection not found").await;
    }
    // The same bank accounts linked by the other household make their own connection, not a
    // renewal of the first one's.
    start(&app, &other, json!({"aspspName": "Fake Bank UK"})).await;
    let state = sent_state(&server).await;
    let location = callback(&app, &format!("code=code-2&state={state}")).await;
    assert!(!location.contains(&id), "{location}");
    assert_eq!(items(&app, &token).await.len(), 1);
    assert_eq!(items(&app, &other).await.len(), 1);
}

#[tokio::test]
async fn a_consent_ending_within_seven_days_is_told_once_by_e_mail() {
    let server = provider().await;
    let app = eb_app(&server).await;
    let token = banker(&app, "bea@example.com").await;
    let id = link(&app, &server, &token, "code-1").await;
    let state = server::AppState::build(&app.settings, app.db.db.clone()).unwrap();
    assert_eq!(state.banking.notify_renewals(&ports::StopSignal::never()).await.unwrap(), 0, "90 days away");
    app.sql("UPDATE bank_connections SET consent_expires_at = now() + interval '6 days'");
    assert_eq!(items(&app, &token).await[0]["renewalDue"], true);
    let sent_before = app.outbox().len();
    assert_eq!(state.banking.notify_renewals(&ports::StopSignal::never()).await.unwrap(), 1);
    assert_eq!(state.banking.notify_renewals(&ports::StopSignal::never()).await.unwrap(), 0, "told once");
    let mails = app.outbox();
    assert_eq!(mails.len(), sent_before + 1);
    let mail = mails.last().unwrap();
    assert!(mail.contains("bea@example.com") && mail.contains("Fake Bank UK") && mail.contains("/accounts"), "{mail}");
    // Reconnecting clears it, so the next consent's end is told too.
    start(&app, &token, json!({"itemId": id})).await;
    let state_value = sent_state(&server).await;
    callback(&app, &format!("code=code-2&state={state_value}")).await;
    assert_eq!(app.count("SELECT count(*) AS n FROM bank_connections WHERE renewal_notified_at IS NULL"), 1);
}

#[tokio::test]
async fn sync_now_tells_the_bank_the_user_is_present_with_every_header_it_asks_for_or_none() {
    let server = provider().await;
    let app = eb_app(&server).await;
    let token = banker(&app, "bea@example.com").await;
    let id = link(&app, &server, &token, "code-1").await;
    let psu_of_last_read = || async {
        let requests = server.received_requests().await.unwrap();
        let read = requests.iter().rev().find(|r| r.url.path().ends_with("/transactions")).unwrap();
        let header = |name: &str| read.headers.get(name).map(|v| v.to_str().unwrap().to_owned());
        (header("psu-ip-address"), header("psu-user-agent"))
    };
    let sync = |agent: Option<&'static str>| {
        let mut request =
            app.client.post(app.url(&format!("/api/plaid/item/{id}/sync"))).bearer_auth(&token).json(&json!({}));
        if let Some(agent) = agent {
            request = request.header("User-Agent", agent);
        }
        request.send()
    };
    expect(sync(Some("Firefox/140.0")).await.unwrap(), StatusCode::OK).await;
    assert_eq!(psu_of_last_read().await, (Some("127.0.0.1".into()), Some("Firefox/140.0".into())));
    // Without the user agent the bank asks for, none is sent: all or none.
    expect(sync(None).await.unwrap(), StatusCode::OK).await;
    assert_eq!(psu_of_last_read().await, (None, None));
}

#[tokio::test]
async fn a_missing_or_unreadable_key_stops_start_up_with_a_clear_error() {
    let db = adapter_postgres::test_support::TestDb::new();
    let dir = std::env::temp_dir().join(format!("myspending-eb-{}", uuid::Uuid::new_v4().simple()));
    let mut settings = common::test_settings(dir.clone());
    settings.enable_banking_app_id = Some("app-1".into());
    let error = server::AppState::build(&settings, db.db.clone()).err().expect("no key").to_string();
    assert!(error.contains("ENABLE_BANKING_KEY"), "{error}");
    settings.enable_banking_key = Some(dir.join("missing.pem"));
    let error = format!("{:#}", server::AppState::build(&settings, db.db.clone()).err().expect("no file"));
    assert!(error.contains("missing.pem"), "{error}");
    settings.enable_banking_key = Some(format!("{FIXTURES}/enablebanking-test-key.pub.pem").into());
    let error = format!("{:#}", server::AppState::build(&settings, db.db.clone()).err().expect("a public key"));
    assert!(error.contains("not an RSA private key"), "{error}");
    let _ = std::fs::remove_dir_all(dir);
}
