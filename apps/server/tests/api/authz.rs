//! The authorisation matrix, generated from the OpenAPI document: every operation the server
//! describes, asked by every kind of caller — no token, an expired one, one whose session was
//! ended, a disabled user's, another household's, a viewer, a member, the owner, a superadmin —
//! gets the answer its kind must get. A new route without its check fails here, and so does a
//! new public route or a new kind of path id until it is added to the tables below on purpose.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use std::collections::BTreeMap;

use crate::common::{expect, spawn_app, TestApp};
use crate::household::invite_and_join;

/// Operations anyone may call without signing in.
const PUBLIC: [&str; 13] = [
    "POST /api/auth/forgot-password",
    "POST /api/auth/login",
    "POST /api/auth/login/2fa",
    "POST /api/auth/register",
    "GET /api/auth/reset-password/{token}",
    "POST /api/auth/reset-password/{token}",
    "POST /api/auth/verify-email",
    "GET /api/config",
    "GET /api/enablebanking/callback",
    "GET /api/health",
    "GET /api/ready",
    "GET /api/openapi.json",
    // Plaid's webhook proves itself with Plaid's signature, not a session.
    "POST /api/plaid/webhook",
];

/// A well-formed personal token that no one has.
const UNKNOWN_PERSONAL_TOKEN: &str = "msp_0000000000000000000000000000000000000000000000000000000000000000";
const TOKEN_PASSWORD_ONLY: &str = "Sign in with your password to do this";
const TOKEN_READ_ONLY: &str = "This token is read-only";

/// Writes no personal token may make: the account's own and the users' administration.
fn token_password_only(path: &str) -> bool {
    ["/api/auth/", "/api/tokens", "/api/users"].iter().any(|p| path.starts_with(p))
}

/// A new personal access token of the signed-in `session`.
async fn personal_token(app: &TestApp, session: &str, scope: &str) -> String {
    let made = app.post_auth("/api/tokens", session, json!({"name": "Matrix", "scope": scope})).await;
    expect(made, StatusCode::CREATED).await["data"]["token"].as_str().unwrap().to_owned()
}

/// Operations only a superadmin may call.
fn superadmin_only(path: &str) -> bool {
    path.starts_with("/api/users") || path.starts_with("/api/auth/toggle-")
}

/// Household management: the owner's alone.
const OWNER_ONLY: [&str; 6] = [
    "PUT /api/household",
    "GET /api/household/invitations",
    "POST /api/household/invitations",
    "DELETE /api/household/invitations/{id}",
    "PUT /api/household/members/{userId}",
    "DELETE /api/household/members/{userId}",
];

/// A person's own routes and the household's, which a viewer may use (they check roles
/// themselves); every other write is the household's data.
fn personal(path: &str) -> bool {
    ["/api/auth/", "/api/tokens", "/api/users", "/api/household"].iter().any(|p| path.starts_with(p))
}

/// Calls that end or change the caller's own standing (their session, their membership): not
/// sent by callers whose requests would succeed, or the matrix would sign itself out.
fn changes_the_caller(operation: &str) -> bool {
    [
        "POST /api/auth/logout",
        "POST /api/auth/sessions/revoke-others",
        "DELETE /api/auth/sessions/{id}",
        "POST /api/household/leave",
        "POST /api/auth/2fa/setup",
    ]
    .contains(&operation)
}

struct Operation {
    method: Method,
    template: String,
    secured: bool,
}

impl Operation {
    fn name(&self) -> String {
        format!("{} {}", self.method, self.template)
    }

    fn is_read(&self) -> bool {
        self.method == Method::GET
    }
}

fn operations(doc: &Value) -> Vec<Operation> {
    let mut all = vec![];
    for (template, methods) in doc["paths"].as_object().unwrap() {
        for (method, operation) in methods.as_object().unwrap() {
            all.push(Operation {
                method: method.to_uppercase().parse().unwrap(),
                template: template.clone(),
                secured: operation.get("security").is_some(),
            });
        }
    }
    all
}

/// Household A's rows, one of each kind a path names, by the path's parameter.
struct Ids(BTreeMap<&'static str, String>);

impl Ids {
    /// The path with each `{param}` replaced by A's row of that kind (`fresh` gives an id no
    /// one has instead). A path naming a kind of id not listed here fails the test.
    fn fill(&self, template: &str, fresh: bool) -> String {
        let mut path = template.to_owned();
        while let Some(start) = path.find('{') {
            let end = path[start..].find('}').unwrap() + start;
            let param = &path[start + 1..end];
            let kind = kind_of(template, param);
            let value = if fresh && kind != "count" {
                uuid::Uuid::new_v4().to_string()
            } else {
                self.0.get(kind).unwrap_or_else(|| panic!("no id for {{{param}}} of {template}")).clone()
            };
            path.replace_range(start..=end, &value);
        }
        path
    }
}

/// What a path parameter names. A new route with an id of a new kind fails here until added.
fn kind_of(template: &str, param: &str) -> &'static str {
    let first = template.trim_start_matches("/api/").split('/').next().unwrap();
    match (first, param) {
        ("accounts", "id") => "account",
        ("auth", "token") => "token",
        ("auth", "id") if template.contains("/sessions/") => "session",
        ("auth", "id") | ("users", "id") => "member",
        ("budget-snapshots", "userId") | ("household", "userId") => "member",
        ("budgets", "id") => "budget",
        ("categories", "id") => "category",
        ("goals", "id") => "goal",
        ("goals", "contributionId") => "contribution",
        ("household", "id") => "invitation",
        ("imports", "importId") => "import",
        ("inventory-items", "id") => "item",
        ("plaid", "id") => "bank",
        ("receipts", "id") => "receipt",
        ("recurring-transactions", "count") => "count",
        ("recurring-transactions", "id") => "template",
        ("recurring-transfers", "id") => "recurring_transfer",
        ("rules", "id") => "rule",
        ("tokens", "id") => "personal_token",
        ("shopping-list", "id") => "shopping",
        ("tags", "id") => "tag",
        ("transactions", "id") if template.contains("credit-account") => "account",
        ("transactions", "id") | ("transfers", "id") => "transaction",
        _ => panic!("{template}: what does {{{param}}} name? Add it to kind_of"),
    }
}

/// The first id of `table`'s rows in Jane's household (or a fresh one when it has none).
fn first(app: &TestApp, sql: &str) -> String {
    #[derive(diesel::QueryableByName)]
    struct Row {
        #[diesel(sql_type = diesel::sql_types::Uuid)]
        id: uuid::Uuid,
    }
    use diesel::{Connection, RunQueryDsl};
    let mut conn = diesel::PgConnection::establish(&app.db.url).unwrap();
    let rows: Vec<Row> = diesel::sql_query(sql).load(&mut conn).unwrap();
    rows.first().map_or_else(|| uuid::Uuid::new_v4().to_string(), |r| r.id.to_string())
}

async fn send(app: &TestApp, method: &Method, path: &str, token: Option<&str>) -> (StatusCode, Value) {
    let mut request = app.client.request(method.clone(), app.url(path));
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    if *method != Method::GET && *method != Method::DELETE {
        request = request.json(&json!({}));
    }
    let res = request.send().await.unwrap();
    let status = res.status();
    let text = res.text().await.unwrap_or_else(|e| panic!("{method} {path}: {e}"));
    (status, serde_json::from_str(&text).unwrap_or(Value::String(text)))
}

fn code(body: &Value) -> &str {
    body["code"].as_str().unwrap_or_default()
}

/// A token for Jane's real session that expired a second ago (signed with the server's key).
fn expired_token(app: &TestApp) -> String {
    let session =
        first(app, "SELECT s.id FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = 'jane@example.com'");
    let user = first(app, "SELECT id FROM users WHERE email = 'jane@example.com'");
    let now = chrono::Utc::now().timestamp();
    let claims = json!({"sub": user, "ver": 0, "sid": session, "iat": now - 3600, "exp": now - 1});
    let key = jsonwebtoken::EncodingKey::from_secret(app.settings.jwt_secret.as_deref().unwrap().as_bytes());
    jsonwebtoken::encode(&jsonwebtoken::Header::default(), &claims, &key).unwrap()
}

#[tokio::test]
async fn every_operation_answers_every_kind_of_caller_as_its_rules_say() {
    let app = spawn_app().await;
    let today = domain::dates::london_today(chrono::Utc::now());
    let seeder = server::state::seeder(app.db.db.clone()).unwrap();
    seeder.seed("jane@example.com", "Demo1234", demo_data::realistic(today, 3, 7), false).await.unwrap();
    let jane = expect(app.login("jane@example.com", "Demo1234").await, StatusCode::OK).await["token"]
        .as_str()
        .unwrap()
        .to_owned();
    let john = app.signed_up("John Doe", "john@example.com", "Secret123").await;
    let vic = app.signed_up("Vic Viewer", "vic@example.com", "Secret123").await;
    invite_and_join(&app, &jane, &john, "john@example.com", "member").await;
    invite_and_join(&app, &jane, &vic, "vic@example.com", "viewer").await;
    // A pending invitation, so its id is real.
    let sent =
        app.post_auth("/api/household/invitations", &jane, json!({"email": "pat@example.com", "role": "member"}));
    expect(sent.await, StatusCode::CREATED).await;
    let olly = app.signed_up("Olly Other", "olly@example.com", "Secret123").await;
    let dave = app.signed_up("Dave Disabled", "dave@example.com", "Secret123").await;
    let daves_token = personal_token(&app, &dave, "write").await;
    app.sql("UPDATE users SET is_active = false WHERE email = 'dave@example.com'");
    let sam = app.signed_up("Sam Super", "sam@example.com", "Secret123").await;
    app.sql("UPDATE users SET role = 'superadmin' WHERE email = 'sam@example.com'");
    let ended = expect(app.login("jane@example.com", "Demo1234").await, StatusCode::OK).await["token"]
        .as_str()
        .unwrap()
        .to_owned();
    expect(app.post_auth("/api/auth/logout", &ended, json!({})).await, StatusCode::OK).await;
    let expired = expired_token(&app);
    // Personal access tokens: Jane's read and write tokens, a viewer's write token, and ones that
    // no longer sign in.
    let read_token = personal_token(&app, &jane, "read").await;
    let write_token = personal_token(&app, &jane, "write").await;
    let viewers_token = personal_token(&app, &vic, "write").await;
    let revoked_token = personal_token(&app, &jane, "read").await;
    let revoked = first(&app, "SELECT id FROM personal_access_tokens ORDER BY created_at DESC LIMIT 1");
    expect(app.delete_auth(&format!("/api/tokens/{revoked}"), &jane).await, StatusCode::OK).await;
    let expired_personal = personal_token(&app, &jane, "write").await;
    app.sql(&format!(
        "UPDATE personal_access_tokens SET expires_at = now() - interval '1 second' WHERE digest = '{}'",
        hex::encode(<sha2::Sha256 as sha2::Digest>::digest(expired_personal.as_bytes()))
    ));

    let household = "(SELECT household_id FROM household_members m JOIN users u ON u.id = m.user_id WHERE u.email = 'jane@example.com')";
    let of = |table: &str| format!("SELECT id FROM {table} WHERE household_id = {household} ORDER BY id LIMIT 1");
    let ids = Ids(BTreeMap::from([
        ("account", first(&app, &of("accounts"))),
        ("transaction", first(&app, &of("transactions"))),
        ("category", first(&app, &of("categories"))),
        ("budget", first(&app, &of("budgets"))),
        ("goal", first(&app, &of("goals"))),
        ("contribution", first(&app, &of("goal_contributions"))),
        ("template", first(&app, &of("recurring_templates"))),
        ("recurring_transfer", first(&app, &of("recurring_templates"))),
        ("item", first(&app, &of("inventory_items"))),
        ("shopping", first(&app, &of("shopping_list_entries"))),
        ("rule", first(&app, &of("rules"))),
        ("tag", first(&app, &of("tags"))),
        ("receipt", first(&app, &of("receipts"))),
        ("import", first(&app, &of("imports"))),
        ("bank", first(&app, &of("bank_connections"))),
        ("invitation", first(&app, &of("household_invitations"))),
        ("member", first(&app, "SELECT id FROM users WHERE email = 'john@example.com'")),
        (
            "session",
            first(
                &app,
                "SELECT s.id FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = 'jane@example.com'",
            ),
        ),
        ("token", "0".repeat(64)),
        (
            "personal_token",
            first(
                &app,
                "SELECT t.id FROM personal_access_tokens t JOIN users u ON u.id = t.user_id WHERE u.email = 'jane@example.com'",
            ),
        ),
        ("count", "3".into()),
    ]));

    let doc: Value = app.client.get(app.url("/api/openapi.json")).send().await.unwrap().json().await.unwrap();
    let operations = operations(&doc);
    assert!(operations.len() > 120, "only {} operations described", operations.len());
    let mut failures = vec![];
    let mut checked = 0;
    let mut check = |operation: &Operation, who: &str, status: StatusCode, body: &Value, ok: bool, rule: &str| {
        checked += 1;
        if status.is_server_error() || !ok {
            failures.push(format!("{} as {who}: {status} {body} (expected {rule})", operation.name()));
        }
    };

    for operation in &operations {
        let name = operation.name();
        let path = ids.fill(&operation.template, false);
        if !operation.secured {
            assert!(PUBLIC.contains(&name.as_str()), "{name} answers without signing in: add it to PUBLIC if it must");
            continue;
        }
        let method = &operation.method;

        // Not signed in, or no longer: 401 whatever the operation.
        for (who, token) in [
            ("no token", None),
            ("an expired token", Some(expired.as_str())),
            ("an ended session", Some(ended.as_str())),
            ("a malformed token", Some("not.a.jwt")),
            ("a revoked personal token", Some(revoked_token.as_str())),
            ("an expired personal token", Some(expired_personal.as_str())),
            ("an unknown personal token", Some(UNKNOWN_PERSONAL_TOKEN)),
        ] {
            let (status, body) = send(&app, method, &path, token).await;
            check(operation, who, status, &body, status == StatusCode::UNAUTHORIZED, "401");
        }
        // A disabled user: 403 account_disabled, before anything else.
        for (who, token) in [("a disabled user", &dave), ("a disabled user's token", &daves_token)] {
            let (status, body) = send(&app, method, &path, Some(token)).await;
            let ok = status == StatusCode::FORBIDDEN && code(&body) == "account_disabled";
            check(operation, who, status, &body, ok, "403 account_disabled");
        }

        // Personal tokens: a read token only reads; no token acts on the account itself (its
        // sign-in, e-mail, password, two-factor, sessions, tokens) or on the users; a viewer's
        // write token writes no more than the viewer. (A write token's other writes would
        // really happen, so they are the tokens' own tests'.)
        if operation.is_read() {
            for (who, token) in [("a read token", &read_token), ("a write token", &write_token)] {
                let (status, body) = send(&app, method, &path, Some(token)).await;
                let ok = if name == "GET /api/auth/sessions" {
                    status == StatusCode::FORBIDDEN && body["message"] == TOKEN_PASSWORD_ONLY
                } else {
                    status != StatusCode::UNAUTHORIZED
                        && code(&body) != "account_disabled"
                        && code(&body) != "read_only"
                };
                check(operation, who, status, &body, ok, "signed in");
            }
        } else {
            let password_only = token_password_only(&operation.template);
            let mut callers = vec![("a read token", &read_token)];
            if password_only {
                callers.push(("a write token", &write_token));
            } else if !personal(&operation.template) {
                callers.push(("a viewer's write token", &viewers_token));
            }
            for (who, token) in callers {
                let (status, body) = send(&app, method, &path, Some(token)).await;
                let (want_code, want) = match (password_only, who) {
                    (true, _) => ("forbidden", TOKEN_PASSWORD_ONLY),
                    (false, "a read token") => ("read_only", TOKEN_READ_ONLY),
                    (false, _) => ("read_only", "Viewers cannot make changes"),
                };
                let ok = status == StatusCode::FORBIDDEN && code(&body) == want_code && body["message"] == want;
                check(operation, who, status, &body, ok, &format!("403 {want_code} '{want}'"));
            }
        }

        // Another household with A's ids: the same answer as for ids no one has (so nothing
        // tells that A's rows exist), and never a success.
        if operation.template.contains('{') && !changes_the_caller(&name) {
            let (status, body) = send(&app, method, &path, Some(&olly)).await;
            let (fresh_status, fresh_body) =
                send(&app, method, &ids.fill(&operation.template, true), Some(&olly)).await;
            let same = status == fresh_status && body == fresh_body;
            let ok = same && !status.is_success() || operation.template.ends_with("/upcoming/{count}");
            check(
                operation,
                "another household",
                status,
                &body,
                ok,
                &format!("the answer to an unknown id, {fresh_status} {fresh_body}"),
            );
        }

        // A superadmin's operations: 403 to everyone else.
        if superadmin_only(&operation.template) {
            for (who, token) in [("the owner", &jane), ("a member", &john)] {
                let (status, body) = send(&app, method, &path, Some(token)).await;
                let ok = status == StatusCode::FORBIDDEN && code(&body) == "forbidden";
                check(operation, who, status, &body, ok, "403 forbidden");
            }
            if operation.is_read() {
                let (status, body) = send(&app, method, &path, Some(&sam)).await;
                check(operation, "a superadmin", status, &body, status.is_success(), "2xx");
            }
            continue;
        }

        // The household's management: the owner's alone.
        if OWNER_ONLY.contains(&name.as_str()) {
            for (who, token) in [("a member", &john), ("a viewer", &vic)] {
                let (status, body) = send(&app, method, &path, Some(token)).await;
                check(operation, who, status, &body, status == StatusCode::FORBIDDEN, "403");
            }
        } else if !operation.is_read() && !personal(&operation.template) {
            // Every other write is the household's data: a viewer is refused before it is read.
            let (status, body) = send(&app, method, &path, Some(&vic)).await;
            let ok = status == StatusCode::FORBIDDEN && code(&body) == "read_only";
            check(operation, "a viewer", status, &body, ok, "403 read_only");
        }

        // Members read what the household has: signed in and allowed (some reads need a
        // query or a permission the member lacks, answered 4xx, but never 401).
        if operation.is_read() && !OWNER_ONLY.contains(&name.as_str()) {
            for (who, token) in [("the owner", &jane), ("a member", &john), ("a viewer", &vic)] {
                let (status, body) = send(&app, method, &path, Some(token)).await;
                let ok = status != StatusCode::UNAUTHORIZED
                    && code(&body) != "account_disabled"
                    && code(&body) != "read_only";
                check(operation, who, status, &body, ok, "signed in");
            }
        }
    }
    assert!(failures.is_empty(), "{} of {checked} answers broke the rules:\n{}", failures.len(), failures.join("\n"));
    assert!(checked > 900, "only {checked} answers checked");
}
