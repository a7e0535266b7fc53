//! The Enable Banking client against a fake of the provider the tests start (wiremock), serving
//! the JSON shapes of its API reference; never the internet. The fake checks every request's
//! application token with the public key.

use std::time::Duration;

use adapter_bank::enablebanking::{AppToken, EnableBankingClient, StartAuth};
use chrono::{NaiveDate, TimeZone, Utc};
use jsonwebtoken::{Algorithm, DecodingKey, Validation};
use ports::banking::BankError;
use serde_json::json;
use wiremock::matchers::{body_partial_json, method, path, query_param};
use wiremock::{Mock, MockServer, Request, ResponseTemplate};

const KEY: &[u8] = include_bytes!("fixtures/enablebanking-test-key.pem");
const PUBLIC: &[u8] = include_bytes!("fixtures/enablebanking-test-key.pub.pem");

fn client(server: &MockServer) -> EnableBankingClient {
    let token = AppToken::from_pem("app-1", KEY).unwrap();
    EnableBankingClient::with_timing(&server.uri(), token, Duration::from_millis(10), Duration::from_millis(800))
        .unwrap()
}

/// Whether the request carries an application token the provider would take.
fn signed(request: &Request) -> bool {
    let Some(auth) = request.headers.get("authorization").and_then(|v| v.to_str().ok()) else { return false };
    let Some(jwt) = auth.strip_prefix("Bearer ") else { return false };
    let mut validation = Validation::new(Algorithm::RS256);
    validation.set_audience(&["api.enablebanking.com"]);
    validation.set_issuer(&["enablebanking.com"]);
    let Ok(data) =
        jsonwebtoken::decode::<serde_json::Value>(jwt, &DecodingKey::from_rsa_pem(PUBLIC).unwrap(), &validation)
    else {
        return false;
    };
    data.header.kid.as_deref() == Some("app-1")
}

fn error(status: u16, code: &str) -> ResponseTemplate {
    ResponseTemplate::new(status).set_body_json(json!({"message": "…", "code": status, "error": code, "detail": null}))
}

#[tokio::test]
async fn the_banks_on_offer_are_asked_for_a_person_with_a_signed_token() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path("/aspsps"))
        .and(query_param("country", "GB"))
        .and(query_param("psu_type", "personal"))
        .and(signed)
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"aspsps": [
            {"name": "Monzo", "country": "GB", "logo": "https://x/monzo.png", "psu_types": ["personal"],
             "auth_methods": [], "maximum_consent_validity": 7_776_000, "beta": false, "bic": "MONZGB2L"}
        ]})))
        .expect(1)
        .mount(&server)
        .await;
    let banks = client(&server).aspsps("GB").await.unwrap();
    assert_eq!((banks[0].name.as_str(), banks[0].maximum_consent_validity), ("Monzo", Some(7_776_000)));
}

#[tokio::test]
async fn a_consent_is_started_for_a_person_and_its_code_opens_a_session() {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/auth"))
        .and(signed)
        .and(body_partial_json(json!({
            "access": {"valid_until": "2027-02-26T10:00:00+00:00"},
            "aspsp": {"name": "Monzo", "country": "GB"},
            "state": "st-1", "redirect_url": "https://money.example.com/api/enablebanking/callback",
            "psu_type": "personal"
        })))
        .respond_with(ResponseTemplate::new(200).set_body_json(
            json!({"url": "https://tilisy.example/auth?x=1", "authorization_id": "au-1", "psu_id_hash": "h"}),
        ))
        .mount(&server)
        .await;
    Mock::given(method("POST"))
        .and(path("/sessions"))
        .and(signed)
        .and(body_partial_json(json!({"code": "code-1"})))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "session_id": "se-1", "aspsp": {"name": "Monzo", "country": "GB"}, "psu_type": "personal",
            "access": {"valid_until": "2027-02-26T10:00:00.000000+00:00"},
            "accounts": [
                {"uid": "u-1", "identification_hash": "ih-1", "account_id": {"iban": null, "other": {"identification": "04000412345678", "scheme_name": "BBAN"}},
                 "all_account_ids": [{"identification": "04000412345678", "scheme_name": "BBAN"}],
                 "name": "JANE DOE", "details": null, "product": "Personal Account", "cash_account_type": "CACC",
                 "currency": "GBP", "credit_limit": null},
                {"uid": null, "identification_hash": "ih-2", "name": "JANE DOE", "cash_account_type": "SVGS", "currency": "GBP"}
            ]
        })))
        .mount(&server)
        .await;
    let eb = client(&server);
    let valid_until = Utc.with_ymd_and_hms(2027, 2, 26, 10, 0, 0).unwrap();
    let started = eb
        .start_auth(&StartAuth {
            aspsp_name: "Monzo",
            country: "GB",
            valid_until,
            state: "st-1",
            redirect_url: "https://money.example.com/api/enablebanking/callback",
        })
        .await
        .unwrap();
    assert_eq!(started.url, "https://tilisy.example/auth?x=1");
    let session = eb.create_session("code-1").await.unwrap();
    assert_eq!((session.session_id.as_str(), session.access.valid_until), ("se-1", valid_until));
    assert_eq!(session.accounts[0].product.as_deref(), Some("Personal Account"));
    assert_eq!(session.accounts[1].uid, None, "an account whose data cannot be fetched has no uid");
}

#[tokio::test]
async fn transactions_are_read_page_by_page_to_the_end_and_balances_as_given() {
    let server = MockServer::start().await;
    let row = |reference: &str, amount: &str, indicator: &str| {
        json!({"entry_reference": reference, "transaction_id": "changes-every-time", "transaction_amount": {"amount": amount, "currency": "GBP"},
               "credit_debit_indicator": indicator, "status": "BOOK", "booking_date": "2026-11-20", "value_date": "2026-11-20",
               "remittance_information": ["TESCO STORES"], "creditor": {"name": "Tesco"}, "debtor": null})
    };
    Mock::given(method("GET"))
        .and(path("/accounts/u-1/transactions"))
        .and(query_param("date_from", "2026-08-01"))
        .and(query_param("continuation_key", "k-2"))
        .and(signed)
        .respond_with(
            ResponseTemplate::new(200)
                .set_body_json(json!({"transactions": [row("r-3", "3.00", "CRDT")], "continuation_key": null})),
        )
        .mount(&server)
        .await;
    Mock::given(method("GET"))
        .and(path("/accounts/u-1/transactions"))
        .and(query_param("date_from", "2026-08-01"))
        .and(signed)
        .respond_with(ResponseTemplate::new(200).set_body_json(
            json!({"transactions": [row("r-1", "12.30", "DBIT"), row("r-2", "1.00", "DBIT")], "continuation_key": "k-2"}),
        ))
        .mount(&server)
        .await;
    Mock::given(method("GET"))
        .and(path("/accounts/u-1/balances"))
        .and(signed)
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"balances": [
            {"name": "x", "balance_amount": {"amount": "-240.10", "currency": "GBP"}, "balance_type": "CLBD", "reference_date": "2026-11-27"}
        ]})))
        .mount(&server)
        .await;
    let eb = client(&server);
    let from = NaiveDate::from_ymd_opt(2026, 8, 1).unwrap();
    let first = eb.transactions("u-1", from, None, &[]).await.unwrap();
    assert_eq!(first.transactions.len(), 2);
    assert_eq!(first.transactions[0].counterparty(), Some("Tesco"));
    let last = eb.transactions("u-1", from, first.continuation_key.as_deref(), &[]).await.unwrap();
    assert_eq!((last.transactions[0].entry_reference.as_deref(), last.continuation_key), (Some("r-3"), None));
    let balances = eb.balances("u-1", &[]).await.unwrap();
    assert_eq!((balances[0].balance_type.as_str(), balances[0].balance_amount.amount.as_str()), ("CLBD", "-240.10"));
}

#[tokio::test]
async fn an_ended_consent_needs_the_user_and_a_refused_token_is_our_configuration() {
    let server = MockServer::start().await;
    for (uid, status, code) in
        [("u-exp", 401, "EXPIRED_SESSION"), ("u-rev", 400, "REVOKED_SESSION"), ("u-jwt", 401, "UNAUTHORIZED_ACCESS")]
    {
        Mock::given(method("GET"))
            .and(path(format!("/accounts/{uid}/balances")))
            .respond_with(error(status, code))
            .mount(&server)
            .await;
    }
    let eb = client(&server);
    for uid in ["u-exp", "u-rev"] {
        assert!(matches!(eb.balances(uid, &[]).await, Err(BankError::LoginRequired { .. })), "{uid}");
    }
    let Err(BankError::Unavailable(why)) = eb.balances("u-jwt", &[]).await else {
        panic!("a refused token is not the consent")
    };
    assert!(why.to_string().contains("ENABLE_BANKING_KEY"), "{why}");
}

#[tokio::test]
async fn the_bank_failing_is_retried_but_its_rate_limit_is_not() {
    let server = MockServer::start().await;
    Mock::given(method("GET"))
        .and(path("/accounts/u-1/balances"))
        .respond_with(error(503, "ASPSP_ERROR"))
        .up_to_n_times(1)
        .mount(&server)
        .await;
    Mock::given(method("GET"))
        .and(path("/accounts/u-1/balances"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"balances": []})))
        .mount(&server)
        .await;
    Mock::given(method("GET"))
        .and(path("/accounts/u-2/balances"))
        .respond_with(error(429, "ASPSP_RATE_LIMIT_EXCEEDED"))
        .expect(1)
        .mount(&server)
        .await;
    Mock::given(method("DELETE"))
        .and(path("/sessions/se-1"))
        .and(signed)
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"message": "OK"})))
        .expect(1)
        .mount(&server)
        .await;
    let eb = client(&server);
    assert_eq!(eb.balances("u-1", &[]).await.unwrap(), vec![]);
    assert!(matches!(eb.balances("u-2", &[]).await, Err(BankError::Unavailable(_))));
    eb.delete_session("se-1").await.unwrap();
}
