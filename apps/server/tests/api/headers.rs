//! The headers of an API answer and of the web app's index.html (issue 35), pinned whole: with
//! and without an https public address, with and without Plaid (and with Enable Banking). A
//! header added or changed anywhere fails here until this file says so.

use std::collections::BTreeMap;

use crate::common::{spawn_app_with, TestApp};
use server::Settings;

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../adapters/bank/tests/fixtures");

const PERMISSIONS: &str = "camera=(self), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=(), \
                           midi=(), display-capture=(), accelerometer=(), gyroscope=(), magnetometer=()";
const HSTS: &str = "max-age=31536000; includeSubDomains";

/// The policy with only this origin (the demo bank): no outside host at all.
const CSP_ALONE: &str = "default-src 'self'; script-src 'self'; frame-src 'none'; style-src 'self' 'unsafe-inline'; \
                         img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; object-src 'none'; \
                         form-action 'self'; frame-ancestors 'none'; base-uri 'self'";
/// With Plaid: Link's script and frame from its CDN, its calls to Plaid.
const CSP_PLAID: &str =
    "default-src 'self'; script-src 'self' https://cdn.plaid.com; frame-src https://cdn.plaid.com; \
                         style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; \
                         connect-src 'self' https://*.plaid.com; object-src 'none'; form-action 'self'; \
                         frame-ancestors 'none'; base-uri 'self'";
/// With Enable Banking: the banks' logos from its site.
const CSP_ENABLE_BANKING: &str = "default-src 'self'; script-src 'self'; frame-src 'none'; \
                                  style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https://enablebanking.com; \
                                  font-src 'self' data:; connect-src 'self'; object-src 'none'; form-action 'self'; \
                                  frame-ancestors 'none'; base-uri 'self'";

#[derive(Clone, Copy, Debug)]
enum Bank {
    Demo,
    Plaid,
    EnableBanking,
}

async fn app(https: bool, bank: Bank, dist: std::path::PathBuf) -> TestApp {
    spawn_app_with(move |s: &mut Settings| {
        s.frontend_dir = dist;
        if https {
            s.public_url = "https://money.example.com".into();
        }
        match bank {
            Bank::Demo => {}
            Bank::Plaid => {
                s.plaid_client_id = Some("client-1".into());
                s.plaid_secret = Some("secret-1".into());
                s.plaid_base_url = Some("http://127.0.0.1:9".into());
            }
            Bank::EnableBanking => {
                s.enable_banking_app_id = Some("app-1".into());
                s.enable_banking_key = Some(format!("{FIXTURES}/enablebanking-test-key.pem").into());
                s.enable_banking_base_url = Some("http://127.0.0.1:9".into());
            }
        }
    })
    .await
}

/// Every header of the answer, those that change from one answer to the next or with the body
/// (its time, its request id, its length, the file's validators) replaced by their shape.
async fn headers(app: &TestApp, path: &str) -> BTreeMap<String, String> {
    let res = app.client.get(app.url(path)).header("accept-encoding", "identity").send().await.unwrap();
    assert_eq!(res.status(), reqwest::StatusCode::OK, "{path}");
    res.headers()
        .iter()
        .map(|(name, value)| {
            let value = value.to_str().unwrap();
            let value = match name.as_str() {
                "date" => "<date>".to_owned(),
                "last-modified" => "<date>".to_owned(),
                "etag" => "<etag>".to_owned(),
                "content-length" => "<length>".to_owned(),
                "x-request-id" => {
                    assert_eq!(value.len(), 12, "{value}");
                    "<id>".to_owned()
                }
                _ => value.to_owned(),
            };
            (name.as_str().to_owned(), value)
        })
        .collect()
}

fn expected(csp: &str, https: bool, own: &[(&str, &str)]) -> BTreeMap<String, String> {
    let mut all: BTreeMap<String, String> = [
        ("x-content-type-options", "nosniff"),
        ("x-frame-options", "DENY"),
        ("referrer-policy", "no-referrer"),
        ("permissions-policy", PERMISSIONS),
        ("content-security-policy", csp),
        ("date", "<date>"),
        ("x-request-id", "<id>"),
    ]
    .iter()
    .chain(own)
    .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
    .collect();
    if https {
        all.insert("strict-transport-security".into(), HSTS.into());
    }
    all
}

#[tokio::test]
async fn security_headers_are_pinned_for_an_api_answer_and_the_web_app_with_and_without_https_and_plaid() {
    let dist = std::env::temp_dir().join(format!("myspending-headers-{}", uuid::Uuid::new_v4().simple()));
    std::fs::create_dir_all(&dist).unwrap();
    let index = "<!doctype html><title>MySpending</title><script type=\"module\" src=\"/assets/app.js\"></script>";
    std::fs::write(dist.join("index.html"), index).unwrap();
    let api_own = [("content-type", "application/json"), ("content-length", "<length>"), ("cache-control", "no-store")];
    let index_own = [
        ("content-type", "text/html; charset=utf-8"),
        ("content-length", "<length>"),
        ("content-disposition", "inline; filename=\"index.html\""),
        ("cache-control", "no-cache"),
        ("accept-ranges", "bytes"),
        ("etag", "<etag>"),
        ("last-modified", "<date>"),
    ];
    for (https, bank, csp) in [
        (false, Bank::Demo, CSP_ALONE),
        (true, Bank::Demo, CSP_ALONE),
        (false, Bank::Plaid, CSP_PLAID),
        (true, Bank::Plaid, CSP_PLAID),
        (true, Bank::EnableBanking, CSP_ENABLE_BANKING),
    ] {
        let app = app(https, bank, dist.clone()).await;
        let case = format!("https: {https}, bank: {bank:?}");
        assert_eq!(headers(&app, "/api/health").await, expected(csp, https, &api_own), "the API, {case}");
        // The bank screen, opened directly (a reload, or the bank's way back), is index.html.
        assert_eq!(headers(&app, "/accounts").await, expected(csp, https, &index_own), "/accounts, {case}");
        assert_eq!(headers(&app, "/").await, expected(csp, https, &index_own), "/, {case}");
    }
    let _ = std::fs::remove_dir_all(dist);
}

#[test]
fn only_an_https_public_address_asks_for_strict_transport_security() {
    let mut settings = crate::common::test_settings(std::env::temp_dir());
    for (url, https) in [
        ("https://money.example.com", true),
        ("HTTPS://money.example.com/", true),
        (" https://money.example.com", true),
        ("http://localhost:8080", false),
        ("money.example.com", false),
        ("", false),
    ] {
        settings.public_url = url.into();
        assert_eq!(settings.public_url_is_https(), https, "{url:?}");
    }
}
