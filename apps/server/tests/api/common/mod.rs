//! `spawn_app()`: the real server on port 0 over a fresh database, with e-mails going to a
//! private outbox folder the test reads its links from.

#![allow(dead_code)]

use std::net::TcpListener;
use std::path::PathBuf;

use adapter_postgres::test_support::TestDb;
use diesel::{Connection, PgConnection, RunQueryDsl};
use reqwest::{Response, StatusCode};
use serde_json::{json, Value};
use server::{AppState, Settings};

pub struct TestApp {
    pub base: String,
    pub client: reqwest::Client,
    pub data_dir: PathBuf,
    pub db: TestDb,
    pub settings: Settings,
}

pub fn test_settings(data_dir: PathBuf) -> Settings {
    Settings {
        database_url: None,
        bind_addr: "127.0.0.1:0".into(),
        public_url: "http://localhost:5173".into(),
        data_dir,
        jwt_secret: Some("test-secret-test-secret-test-secret".into()),
        jwt_ttl_hours: 1,
        smtp_url: None,
        mail_from: "MySpending <no-reply@localhost>".into(),
        frontend_dir: PathBuf::from("/nonexistent-frontend"),
        log: "warn".into(),
        password_hash_concurrency: Some(2),
        pdf_concurrency: 1,
        image_concurrency: 1,
        import_concurrency: 1,
        blob_store: server::config::BlobStoreKind::Disk,
        s3_bucket: None,
        s3_endpoint: None,
        s3_region: "us-east-1".into(),
        s3_url_style: None,
        aws_access_key_id: None,
        aws_secret_access_key: None,
        aws_session_token: None,
        plaid_client_id: None,
        plaid_secret: None,
        plaid_env: "sandbox".into(),
        plaid_base_url: None,
        plaid_redirect_uri: None,
        enable_banking_app_id: None,
        enable_banking_key: None,
        enable_banking_base_url: None,
        bank_token_key: None,
        bank_sync_interval: 0,
        scheduler_interval: 0,
        attempts_per_ip_per_minute: 1000,
        attempts_per_email_per_minute: 1000,
        admin_email: None,
    }
}

pub async fn spawn_app() -> TestApp {
    spawn_app_with(|_| {}).await
}

pub async fn spawn_app_with(tweak: impl FnOnce(&mut Settings)) -> TestApp {
    let db = TestDb::new();
    let data_dir = std::env::temp_dir().join(format!("myspending-http-{}", uuid::Uuid::new_v4().simple()));
    let mut settings = test_settings(data_dir.clone());
    tweak(&mut settings);
    let state = AppState::build(&settings, db.db.clone()).expect("app state");
    let base = start(state, &settings);
    TestApp { base, client: reqwest::Client::new(), data_dir, db, settings }
}

/// Starts a server for a ready state; returns its base URL.
pub fn start(state: AppState, settings: &Settings) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let server = server::serve(listener, state, settings).expect("server starts");
    tokio::spawn(server);
    format!("http://127.0.0.1:{port}")
}

impl Drop for TestApp {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.data_dir);
    }
}

impl TestApp {
    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.base, path)
    }

    pub async fn post(&self, path: &str, body: Value) -> Response {
        self.client.post(self.url(path)).json(&body).send().await.unwrap()
    }

    pub async fn get(&self, path: &str) -> Response {
        self.client.get(self.url(path)).send().await.unwrap()
    }

    pub async fn get_auth(&self, path: &str, token: &str) -> Response {
        self.client.get(self.url(path)).bearer_auth(token).send().await.unwrap()
    }

    pub async fn put_auth(&self, path: &str, token: &str, body: Value) -> Response {
        self.client.put(self.url(path)).bearer_auth(token).json(&body).send().await.unwrap()
    }

    pub async fn post_auth(&self, path: &str, token: &str, body: Value) -> Response {
        self.client.post(self.url(path)).bearer_auth(token).json(&body).send().await.unwrap()
    }

    pub async fn delete_auth(&self, path: &str, token: &str) -> Response {
        self.client.delete(self.url(path)).bearer_auth(token).send().await.unwrap()
    }

    pub async fn register(&self, name: &str, email: &str, password: &str) -> Response {
        self.post("/api/auth/register", json!({"name": name, "email": email, "password": password})).await
    }

    pub async fn login(&self, email: &str, password: &str) -> Response {
        self.post("/api/auth/login", json!({"email": email, "password": password})).await
    }

    /// Registers, follows the e-mailed link, and returns the session token.
    pub async fn signed_up(&self, name: &str, email: &str, password: &str) -> String {
        assert_eq!(self.register(name, email, password).await.status(), StatusCode::CREATED);
        let token = self.link_token(email, "verify-email").expect("verification e-mail");
        let res = self.post("/api/auth/verify-email", json!({ "token": token })).await;
        let body = expect(res, StatusCode::OK).await;
        body["token"].as_str().unwrap().to_owned()
    }

    /// The e-mails written to the outbox, oldest first, decoded enough to read links.
    pub fn outbox(&self) -> Vec<String> {
        let dir = self.settings.outbox_dir();
        let Ok(entries) = std::fs::read_dir(&dir) else {
            return vec![];
        };
        let mut files: Vec<_> = entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "eml"))
            .collect();
        files.sort();
        files
            .iter()
            .map(|p| std::fs::read_to_string(p).unwrap().replace("=\r\n", "").replace("=\n", "").replace("=3D", "="))
            .collect()
    }

    /// The token of the newest `kind` link (`verify-email` or `reset-password`) sent to `email`.
    pub fn link_token(&self, email: &str, kind: &str) -> Option<String> {
        self.outbox().iter().rev().filter(|m| m.contains(email)).find_map(|m| token_after(m, &format!("/{kind}/")))
    }

    pub fn sql(&self, statement: &str) {
        let mut conn = PgConnection::establish(&self.db.url).unwrap();
        diesel::sql_query(statement).execute(&mut conn).unwrap();
    }

    /// One number read straight from the database: `statement` selects it `AS n`.
    pub fn count(&self, statement: &str) -> i64 {
        #[derive(diesel::QueryableByName)]
        struct N {
            #[diesel(sql_type = diesel::sql_types::BigInt)]
            n: i64,
        }
        let mut conn = PgConnection::establish(&self.db.url).unwrap();
        diesel::sql_query(statement).get_result::<N>(&mut conn).unwrap().n
    }

    /// Makes an account (`kind` as the API names it) and answers its `_id`.
    pub async fn account_id(&self, token: &str, name: &str, kind: &str, initial_balance: i64) -> Value {
        let body = json!({"name": name, "type": kind, "initialBalance": initial_balance});
        expect(self.post_auth("/api/accounts", token, body).await, StatusCode::CREATED).await["data"]["_id"].clone()
    }

    /// The user's categories, to look up by name.
    pub async fn categories(&self, token: &str) -> Categories {
        Categories(expect(self.get_auth("/api/categories", token).await, StatusCode::OK).await)
    }
}

/// `GET /api/categories` as answered.
pub struct Categories(pub Value);

impl Categories {
    /// The `_id` of the category called `name`.
    pub fn id(&self, name: &str) -> Value {
        let list = self.0["data"].as_array().unwrap();
        list.iter().find(|c| c["name"] == name).unwrap_or_else(|| panic!("no category {name}"))["_id"].clone()
    }
}

pub fn token_after(text: &str, marker: &str) -> Option<String> {
    let start = text.find(marker)? + marker.len();
    let token: String = text[start..].chars().take_while(|c| c.is_ascii_hexdigit()).collect();
    (!token.is_empty()).then_some(token)
}

/// Asserts the status, that the answer is JSON with our envelope, and returns it.
pub async fn expect(res: Response, status: StatusCode) -> Value {
    let got = res.status();
    let content_type = res.headers().get("content-type").map(|v| v.to_str().unwrap().to_owned());
    let text = res.text().await.unwrap();
    assert_eq!(got, status, "body: {text}");
    assert!(
        content_type.as_deref().is_some_and(|c| c.starts_with("application/json")),
        "not JSON: {content_type:?} {text}"
    );
    let body: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(body["success"], json!(status.is_success()), "{text}");
    if !status.is_success() {
        let code = body["code"].as_str().unwrap_or_else(|| panic!("an error answer without a code: {text}"));
        assert!(codes_for(status).contains(&code), "code {code} for {status}: {text}");
    }
    assert_no_secrets(&text);
    body
}

/// The error codes an answer with this status may carry.
pub fn codes_for(status: StatusCode) -> &'static [&'static str] {
    match status.as_u16() {
        400 => &["validation"],
        401 => &["unauthorised"],
        403 => &["forbidden", "account_disabled", "read_only"],
        404 => &["not_found"],
        405 => &["method_not_allowed"],
        409 => &["conflict", "in_household", "has_own_data"],
        410 => &["gone"],
        413 => &["too_large"],
        415 => &["unsupported_media_type"],
        422 => &["idempotency_mismatch"],
        429 => &["rate_limited"],
        502 => &["bad_gateway"],
        503 => &["busy", "unavailable"],
        _ => &["internal"],
    }
}

/// No answer may carry a password hash or a stored token digest.
pub fn assert_no_secrets(text: &str) {
    for needle in ["argon2", "password_hash", "passwordHash", "digest", "tokenVersion", "token_version"] {
        assert!(!text.contains(needle), "answer leaks {needle}: {text}");
    }
}

pub async fn expect_error(res: Response, status: StatusCode, message: &str) {
    let body = expect(res, status).await;
    assert_eq!(body["message"], json!(message));
}

/// A picture of the size asked for, in the format asked for.
pub fn picture(format: image::ImageFormat, width: u32, height: u32) -> Vec<u8> {
    let pixels = image::RgbImage::from_fn(width, height, |x, y| image::Rgb([(x % 256) as u8, (y % 256) as u8, 90]));
    let mut out = std::io::Cursor::new(Vec::new());
    image::DynamicImage::ImageRgb8(pixels).write_to(&mut out, format).unwrap();
    out.into_inner()
}

/// Uploads a photo for an inventory item as the web app does.
pub async fn upload(app: &TestApp, token: &str, file_name: &str, declared: &str, bytes: Vec<u8>) -> reqwest::Response {
    let part = reqwest::multipart::Part::bytes(bytes).file_name(file_name.to_owned()).mime_str(declared).unwrap();
    app.client
        .post(app.url("/api/inventory-items/upload-image"))
        .bearer_auth(token)
        .multipart(reqwest::multipart::Form::new().part("image", part))
        .send()
        .await
        .unwrap()
}
