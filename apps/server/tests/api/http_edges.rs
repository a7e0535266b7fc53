//! Hostile and malformed input, unknown routes, health and the OpenAPI document.

use crate::common;

use std::net::TcpListener;

use adapter_postgres::{Database, PoolSettings};
use common::{expect, expect_error, spawn_app, test_settings};
use reqwest::StatusCode;
use serde_json::Value;
use server::AppState;

#[tokio::test]
async fn malformed_json_is_a_400_with_our_envelope() {
    let app = spawn_app().await;
    let res = app
        .client
        .post(app.url("/api/auth/login"))
        .header("content-type", "application/json")
        .body("{\"email\": ")
        .send()
        .await
        .unwrap();
    expect_error(res, StatusCode::BAD_REQUEST, "Malformed JSON in request body").await;
}

#[tokio::test]
async fn wrong_types_are_a_400_naming_the_problem() {
    let app = spawn_app().await;
    let res = app.post("/api/auth/login", serde_json::json!({"email": 42, "password": ["x"]})).await;
    let body = expect(res, StatusCode::BAD_REQUEST).await;
    assert!(body["message"].as_str().unwrap().starts_with("Invalid request body"), "{body}");
    let res = app.post("/api/auth/login", serde_json::json!([1, 2])).await;
    expect(res, StatusCode::BAD_REQUEST).await;
}

#[tokio::test]
async fn an_oversized_body_is_refused_as_json() {
    let app = spawn_app().await;
    let huge = serde_json::json!({"email": "a@b.com", "password": "x".repeat(200_000)});
    let res = app.post("/api/auth/login", huge).await;
    expect_error(res, StatusCode::PAYLOAD_TOO_LARGE, "Request body is too large").await;
}

#[tokio::test]
async fn a_body_that_is_not_json_is_refused_as_json() {
    let app = spawn_app().await;
    let res = app.client.post(app.url("/api/auth/login")).body("email=a").send().await.unwrap();
    expect(res, StatusCode::UNSUPPORTED_MEDIA_TYPE).await;
}

#[tokio::test]
async fn unknown_api_routes_and_wrong_methods_answer_json() {
    let app = spawn_app().await;
    let res = app.client.get(app.url("/api/nope")).send().await.unwrap();
    expect_error(res, StatusCode::NOT_FOUND, "Route not found").await;
    let res = app.client.get(app.url("/api/auth/login")).send().await.unwrap();
    let status = res.status();
    assert!(status == StatusCode::METHOD_NOT_ALLOWED || status == StatusCode::NOT_FOUND, "{status}");
    expect(res, status).await;
    let res = app.client.post(app.url("/api/auth/reset-password/")).send().await.unwrap();
    assert!(res.status().is_client_error());
}

#[tokio::test]
async fn a_very_long_password_is_refused_before_hashing() {
    let app = spawn_app().await;
    let res = app.register("Jane Doe", "jane@example.com", &"p".repeat(5000)).await;
    expect_error(res, StatusCode::BAD_REQUEST, "Password cannot exceed 128 characters").await;
}

#[tokio::test]
async fn every_answer_carries_a_request_id() {
    let app = spawn_app().await;
    let res = app.client.get(app.url("/api/health")).send().await.unwrap();
    assert_eq!(res.headers().get("x-request-id").unwrap().len(), 12);
}

#[tokio::test]
async fn health_is_200_with_the_database_and_503_without() {
    let app = spawn_app().await;
    let body = expect(app.client.get(app.url("/api/health")).send().await.unwrap(), StatusCode::OK).await;
    assert_eq!(body["status"], "ok");

    let closed_port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let dead = Database::connect_lazy(
        &format!("postgres://nobody:nothing@127.0.0.1:{closed_port}/none"),
        PoolSettings { max_size: 1, connect_timeout: std::time::Duration::from_millis(500) },
    )
    .unwrap();
    let dir = std::env::temp_dir().join(format!("myspending-dead-{}", uuid::Uuid::new_v4().simple()));
    let settings = test_settings(dir);
    let base = common::start(AppState::build(&settings, dead).unwrap(), &settings);
    let res = reqwest::get(format!("{base}/api/health")).await.unwrap();
    expect_error(res, StatusCode::SERVICE_UNAVAILABLE, "Database unavailable").await;
    // Readiness says the same, and which check failed; with the database, each check in words.
    let res = reqwest::get(format!("{base}/api/ready")).await.unwrap();
    expect_error(res, StatusCode::SERVICE_UNAVAILABLE, "Not ready: the database cannot be reached").await;
    let ready = expect(app.client.get(app.url("/api/ready")).send().await.unwrap(), StatusCode::OK).await;
    assert_eq!(ready["status"], "ready");
    let names: Vec<&str> = ready["checks"].as_array().unwrap().iter().map(|c| c["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Web server", "Database", "Database schema"]);
    assert!(ready["checks"].as_array().unwrap().iter().all(|c| c["ok"] == true && c["message"].is_string()));
    let res = reqwest::Client::new()
        .post(format!("{base}/api/auth/login"))
        .json(&serde_json::json!({"email": "a@b.com", "password": "secret1"}))
        .send()
        .await
        .unwrap();
    let body = expect(res, StatusCode::SERVICE_UNAVAILABLE).await;
    assert_eq!(body["message"], "The service is temporarily unavailable. Please try again in a moment.");
    assert_eq!(body["code"], "unavailable");
}

#[tokio::test]
async fn the_openapi_document_describes_every_auth_route() {
    let app = spawn_app().await;
    let doc: Value = app.client.get(app.url("/api/openapi.json")).send().await.unwrap().json().await.unwrap();
    assert!(doc["openapi"].as_str().unwrap().starts_with("3."));
    for path in [
        "/api/auth/register",
        "/api/auth/login",
        "/api/auth/me",
        "/api/auth/profile",
        "/api/auth/verify-email",
        "/api/auth/forgot-password",
        "/api/auth/reset-password/{token}",
        "/api/auth/can-connect-bank",
        "/api/health",
    ] {
        assert!(doc["paths"].get(path).is_some(), "missing {path}");
    }
    let mut ids: Vec<&str> = doc["paths"]
        .as_object()
        .unwrap()
        .values()
        .flat_map(|item| item.as_object().unwrap().values())
        .filter_map(|op| op["operationId"].as_str())
        .collect();
    let count = ids.len();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), count, "operation ids are unique");
}

#[tokio::test]
async fn paths_outside_the_api_are_left_to_the_web_app() {
    let app = spawn_app().await;
    let res = app.client.get(app.url("/dashboard")).send().await.unwrap();
    // The test server has no built frontend: it says so in plain text rather than a JSON error.
    assert_eq!(res.status(), StatusCode::SERVICE_UNAVAILABLE);
    assert!(res.text().await.unwrap().contains("just run"));
}

#[tokio::test]
async fn the_web_app_is_served_with_client_routing_and_cache_rules() {
    let dist = std::env::temp_dir().join(format!("myspending-dist-{}", uuid::Uuid::new_v4().simple()));
    std::fs::create_dir_all(dist.join("assets")).unwrap();
    std::fs::write(dist.join("index.html"), "<!doctype html><title>MySpending</title>").unwrap();
    std::fs::write(dist.join("assets/app-abc123.js"), "console.log(1)").unwrap();
    std::fs::write(dist.join("assets/app-abc123.js.br"), "BROTLI").unwrap();
    std::fs::write(dist.join("assets/app-abc123.js.gz"), "GZIP").unwrap();
    let app = common::spawn_app_with(|s| s.frontend_dir = dist.clone()).await;

    let res = app.client.get(app.url("/transactions/123")).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.headers()["cache-control"], "no-cache");
    assert_eq!(res.headers()["x-content-type-options"], "nosniff");
    assert!(res.headers()["content-security-policy"].to_str().unwrap().contains("default-src 'self'"));
    assert!(res.text().await.unwrap().contains("<title>MySpending</title>"), "unknown paths get index.html");

    let res = app.client.get(app.url("/assets/app-abc123.js")).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.headers()["cache-control"], "public, max-age=31536000, immutable");
    // The build's compressed copies go to browsers that take them, labelled as what they are.
    for (accept, body, encoding) in [
        ("gzip, deflate, br", "BROTLI", Some("br")),
        ("gzip", "GZIP", Some("gzip")),
        ("identity", "console.log(1)", None),
    ] {
        let res =
            app.client.get(app.url("/assets/app-abc123.js")).header("accept-encoding", accept).send().await.unwrap();
        assert_eq!(res.status(), StatusCode::OK);
        assert!(res.headers()["content-type"].to_str().unwrap().contains("javascript"), "{accept}");
        assert_eq!(res.headers().get("content-encoding").map(|v| v.to_str().unwrap()), encoding, "{accept}");
        assert_eq!(res.headers()["cache-control"], "public, max-age=31536000, immutable");
        assert_eq!(res.text().await.unwrap(), body, "{accept}");
    }
    let res = app.client.get(app.url("/assets/..%2Findex.html")).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::NOT_FOUND, "no way out of the assets folder");
    // A chunk of an older release is gone: a clean 404, never index.html, and never cached.
    let res = app.client.get(app.url("/assets/app-old999.js")).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    assert_eq!(res.headers()["cache-control"], "no-cache");
    assert!(!res.text().await.unwrap().contains("<title>"));

    let res = app.client.get(app.url("/api/no/such/route")).send().await.unwrap();
    expect_error(res, StatusCode::NOT_FOUND, "Route not found").await;
    let res = app.client.get(app.url("/api/health")).send().await.unwrap();
    assert_eq!(res.headers()["cache-control"], "no-store", "API answers are never stored");
    std::fs::remove_dir_all(&dist).ok();
}

#[tokio::test]
async fn the_spa_sends_the_prerendered_landing_login_and_register_pages_and_the_shell_everywhere_else() {
    let dist = std::env::temp_dir().join(format!("myspending-dist-{}", uuid::Uuid::new_v4().simple()));
    std::fs::create_dir_all(dist.join("prerendered")).unwrap();
    std::fs::write(dist.join("index.html"), "<title>Shell</title>").unwrap();
    std::fs::write(dist.join("prerendered/index.html"), "<h1>Take control of your spending</h1>").unwrap();
    std::fs::write(dist.join("prerendered/login.html"), "<h1>Welcome back</h1>").unwrap();
    std::fs::write(dist.join("prerendered/register.html"), "<h1>Create your account</h1>").unwrap();
    std::fs::write(dist.join("prerendered/login.html.br"), "BROTLI").unwrap();
    std::fs::write(dist.join("prerendered/login.html.gz"), "GZIP").unwrap();
    let app = common::spawn_app_with(|s| s.frontend_dir = dist.clone()).await;
    let get =
        |path: &str, accept: &str| app.client.get(app.url(path)).header("accept-encoding", accept.to_owned()).send();

    for (path, page) in [
        ("/", "<h1>Take control of your spending</h1>"),
        ("/?utm_source=mail", "<h1>Take control of your spending</h1>"),
        ("/login", "<h1>Welcome back</h1>"),
        ("/login?next=%2Fbudgets", "<h1>Welcome back</h1>"),
        ("/register", "<h1>Create your account</h1>"),
        ("/dashboard", "<title>Shell</title>"),
        ("/forgot-password", "<title>Shell</title>"),
        ("/login/", "<title>Shell</title>"),
    ] {
        let res = get(path, "identity").await.unwrap();
        assert_eq!(res.status(), StatusCode::OK, "{path}");
        assert_eq!(res.headers()["content-type"], "text/html; charset=utf-8", "{path}");
        assert_eq!(res.headers()["cache-control"], "no-cache", "a new release shows at once: {path}");
        assert_eq!(res.text().await.unwrap(), page, "{path}");
    }
    // The build's compressed copies of a page go to browsers that take them, as for its chunks.
    for (accept, body, encoding) in [("gzip, deflate, br", "BROTLI", "br"), ("gzip", "GZIP", "gzip")] {
        let res = get("/login", accept).await.unwrap();
        assert_eq!(res.status(), StatusCode::OK);
        assert_eq!(res.headers()["content-type"], "text/html; charset=utf-8", "{accept}");
        assert_eq!(res.headers()["content-encoding"], encoding, "{accept}");
        assert_eq!(res.headers()["content-disposition"], "inline; filename=\"login.html\"", "{accept}");
        assert_eq!(res.headers()["vary"], "Accept-Encoding", "{accept}");
        assert_eq!(res.headers()["cache-control"], "no-cache", "{accept}");
        assert_eq!(res.text().await.unwrap(), body, "{accept}");
    }
    let res = app.client.head(app.url("/login")).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::OK, "HEAD, as for every other page");

    // A build without prerendered pages: the shell at every address.
    std::fs::remove_dir_all(dist.join("prerendered")).unwrap();
    for path in ["/", "/login", "/register"] {
        let res = get(path, "identity").await.unwrap();
        assert_eq!(res.status(), StatusCode::OK, "{path}");
        assert_eq!(res.text().await.unwrap(), "<title>Shell</title>", "{path}");
    }
    std::fs::remove_dir_all(&dist).ok();
}

#[tokio::test]
async fn the_public_config_names_the_administrator_when_set() {
    let app = spawn_app().await;
    let body = expect(app.client.get(app.url("/api/config")).send().await.unwrap(), StatusCode::OK).await;
    assert_eq!(body["adminEmail"], Value::Null);
    let app = common::spawn_app_with(|s| s.admin_email = Some(" Boss@Example.com ".into())).await;
    let body = expect(app.client.get(app.url("/api/config")).send().await.unwrap(), StatusCode::OK).await;
    assert_eq!(body["adminEmail"], "boss@example.com");
}
