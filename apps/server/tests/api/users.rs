//! User management over HTTP: every route for each kind of caller, the self and last-superadmin
//! rules, passwords that end sessions, the disabled account, deletion of everything a user owns,
//! and the audit log.

use crate::common;

use chrono::Datelike;
use common::{expect, expect_error, spawn_app, TestApp};
use diesel::{Connection, PgConnection, QueryableByName, RunQueryDsl};
use reqwest::StatusCode;
use serde_json::{json, Value};

struct People {
    admin: String,
    admin_id: String,
    user: String,
    user_id: String,
}

async fn me(app: &TestApp, token: &str) -> Value {
    expect(app.get_auth("/api/auth/me", token).await, StatusCode::OK).await["user"].clone()
}

/// A superadmin (Ada) and an ordinary user (Jane), both signed in.
async fn people(app: &TestApp) -> People {
    let admin = app.signed_up("Ada Admin", "ada@example.com", "Secret123").await;
    app.sql("UPDATE users SET role = 'superadmin' WHERE email = 'ada@example.com'");
    let user = app.signed_up("Jane Doe", "jane@example.com", "Secret123").await;
    let admin_id = me(app, &admin).await["_id"].as_str().unwrap().to_owned();
    let user_id = me(app, &user).await["_id"].as_str().unwrap().to_owned();
    People { admin, admin_id, user, user_id }
}

async fn call(app: &TestApp, method: &str, path: &str, token: Option<&str>, body: Value) -> reqwest::Response {
    let mut req = app.client.request(method.parse().unwrap(), app.url(path));
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    req.json(&body).send().await.unwrap()
}

/// No answer anywhere carries a password or a hash.
fn assert_no_secrets(body: &Value) {
    let text = body.to_string().to_lowercase();
    assert!(!text.contains("password") && !text.contains("argon2") && !text.contains("hash"), "{text}");
}

#[tokio::test]
async fn every_route_is_for_the_superadmin_only() {
    let app = spawn_app().await;
    let p = people(&app).await;
    let other = format!("/api/users/{}", p.user_id);
    let routes = [
        ("GET", "/api/users".to_owned(), json!({})),
        (
            "POST",
            "/api/users".to_owned(),
            json!({"name": "Jo Bloggs", "email": "jo@example.com", "password": "Secret123", "role": "user"}),
        ),
        ("PUT", other.clone(), json!({"name": "Jane Doe", "email": "jane@example.com", "role": "user"})),
        ("PUT", format!("{other}/toggle-status"), json!({})),
        ("PUT", format!("/api/auth/toggle-bank-access/{}", p.user_id), json!({})),
        ("PUT", format!("/api/auth/toggle-finalize-access/{}", p.user_id), json!({})),
        ("GET", format!("{other}/audit"), json!({})),
        ("DELETE", other.clone(), json!({})),
    ];
    for (method, path, body) in &routes {
        let res = call(&app, method, path, None, body.clone()).await;
        assert_eq!(res.status(), StatusCode::UNAUTHORIZED, "{method} {path} without a token");
        let res = call(&app, method, path, Some(&p.user), body.clone()).await;
        expect_error(res, StatusCode::FORBIDDEN, "Access denied. Superadmin privileges required.").await;
    }
    // A disabled superadmin is refused as disabled on every one of them.
    let sam = app.signed_up("Sam Super", "sam@example.com", "Secret123").await;
    app.sql("UPDATE users SET role = 'superadmin', is_active = false WHERE email = 'sam@example.com'");
    for (method, path, body) in &routes {
        let res = call(&app, method, path, Some(&sam), body.clone()).await;
        let body = expect(res, StatusCode::FORBIDDEN).await;
        assert!(body["message"].as_str().unwrap().contains("disabled"), "{method} {path}: {body}");
    }
    app.sql("DELETE FROM users WHERE email = 'sam@example.com'");
    assert_eq!(app.count("SELECT count(*) AS n FROM users"), 2, "nothing was created");
    assert_eq!(app.count("SELECT count(*) AS n FROM admin_audit"), 0, "nothing was done");
    let jane = me(&app, &p.user).await;
    assert_eq!((jane["isActive"].clone(), jane["canConnectBank"].clone()), (json!(true), json!(false)));

    // The superadmin may do each of them.
    for (method, path, body) in &routes {
        let res = call(&app, method, path, Some(&p.admin), body.clone()).await;
        assert!(res.status().is_success(), "{method} {path}: {}", res.text().await.unwrap());
    }
}

#[tokio::test]
async fn the_list_shows_every_user_without_secrets_and_pages_when_asked() {
    let app = spawn_app().await;
    let p = people(&app).await;
    let list = expect(app.get_auth("/api/users", &p.admin).await, StatusCode::OK).await;
    assert_no_secrets(&list);
    let users = list["data"].as_array().unwrap();
    assert_eq!(users.len(), 2);
    assert_eq!(users[0]["email"], "ada@example.com", "oldest first");
    for key in
        ["_id", "name", "email", "role", "isVerified", "isActive", "canConnectBank", "canFinalizeMonth", "createdAt"]
    {
        assert!(users[1].get(key).is_some(), "{key}");
    }
    assert_eq!(list["pagination"]["total"], 2);
    let page = expect(app.get_auth("/api/users?page=2&limit=1", &p.admin).await, StatusCode::OK).await;
    assert_eq!(page["data"][0]["email"], "jane@example.com");
    assert_eq!(page["pagination"], json!({"current": 2, "pages": 2, "total": 2, "limit": 1}));
    let res = app.get_auth("/api/users?page=0", &p.admin).await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn a_created_user_signs_in_at_once_and_the_forms_rules_apply() {
    let app = spawn_app().await;
    let p = people(&app).await;
    let body = json!({"name": "Jo Bloggs", "email": "Jo@Example.com", "password": "Secret123", "role": "user"});
    let created = expect(app.post_auth("/api/users", &p.admin, body).await, StatusCode::CREATED).await;
    assert_no_secrets(&created);
    assert_eq!(created["data"]["email"], "jo@example.com");
    assert_eq!(
        (created["data"]["isVerified"].clone(), created["data"]["isActive"].clone()),
        (json!(true), json!(true))
    );
    expect(app.login("jo@example.com", "Secret123").await, StatusCode::OK).await;

    for (body, status, message) in [
        (json!({"email": "x@example.com", "password": "Secret123", "role": "user"}), 400, "Name is required"),
        (
            json!({"name": "Xy Z", "email": "not-an-email", "password": "Secret123", "role": "user"}),
            400,
            "Please enter a valid email",
        ),
        (json!({"name": "Xy Z", "email": "x@example.com", "role": "user"}), 400, "Password is required"),
        (
            json!({"name": "Xy Z", "email": "x@example.com", "password": "secret1", "role": "user"}),
            400,
            "Password must be at least 8 characters",
        ),
        (
            json!({"name": "Xy Z", "email": "x@example.com", "password": "Password1", "role": "user"}),
            400,
            "This password is too common. Please choose another.",
        ),
        (
            json!({"name": "Xy Z", "email": "x@example.com", "password": "Secret123", "role": "owner"}),
            400,
            "Role must be user or superadmin",
        ),
        (
            json!({"name": "Xy Z", "email": "JANE@example.com", "password": "Secret123", "role": "user"}),
            409,
            "An account with this email already exists",
        ),
    ] {
        let res = app.post_auth("/api/users", &p.admin, body.clone()).await;
        let got = expect(res, StatusCode::from_u16(status).unwrap()).await;
        assert!(got["message"].as_str().unwrap().starts_with(message), "{body}: {got}");
    }
    assert_eq!(app.count("SELECT count(*) AS n FROM users"), 3, "no refused user was stored");
}

#[tokio::test]
async fn a_new_password_ends_the_users_sessions_and_a_blank_one_changes_nothing() {
    let app = spawn_app().await;
    let p = people(&app).await;
    let path = format!("/api/users/{}", p.user_id);
    let blank = json!({"name": "Jane Smith", "email": "jane@example.com", "role": "user", "password": ""});
    let edited = expect(app.put_auth(&path, &p.admin, blank).await, StatusCode::OK).await;
    assert_eq!(edited["data"]["name"], "Jane Smith");
    expect(app.get_auth("/api/auth/me", &p.user).await, StatusCode::OK).await;
    expect(app.login("jane@example.com", "Secret123").await, StatusCode::OK).await;

    let replaced = json!({"name": "Jane Smith", "email": "jane@example.com", "role": "user", "password": "N3w-secret"});
    expect(app.put_auth(&path, &p.admin, replaced).await, StatusCode::OK).await;
    assert_eq!(app.get_auth("/api/auth/me", &p.user).await.status(), StatusCode::UNAUTHORIZED, "the old session ended");
    assert_eq!(app.login("jane@example.com", "Secret123").await.status(), StatusCode::UNAUTHORIZED);
    expect(app.login("jane@example.com", "N3w-secret").await, StatusCode::OK).await;

    let taken = json!({"name": "Jane Smith", "email": "ADA@example.com", "role": "user"});
    expect_error(
        app.put_auth(&path, &p.admin, taken).await,
        StatusCode::CONFLICT,
        "An account with this email already exists",
    )
    .await;
    let bad = json!({"name": "J", "email": "jane@example.com", "role": "user"});
    expect(app.put_auth(&path, &p.admin, bad).await, StatusCode::BAD_REQUEST).await;
    let common = json!({"name": "Jane Smith", "email": "jane@example.com", "role": "user", "password": "Qwerty123"});
    let message = "This password is too common. Please choose another.";
    expect_error(app.put_auth(&path, &p.admin, common).await, StatusCode::BAD_REQUEST, message).await;
    let login = expect(app.login("jane@example.com", "N3w-secret").await, StatusCode::OK).await;
    assert_eq!(login["user"]["name"], "Jane Smith", "refused edits changed nothing");
}

#[tokio::test]
async fn a_disabled_user_is_refused_everywhere_until_enabled() {
    let app = spawn_app().await;
    let p = people(&app).await;
    let toggle = format!("/api/users/{}/toggle-status", p.user_id);
    let off = expect(app.put_auth(&toggle, &p.admin, json!({})).await, StatusCode::OK).await;
    assert_eq!(off["data"]["isActive"], false);
    for path in ["/api/auth/me", "/api/accounts", "/api/transactions", "/api/budgets"] {
        let body = expect(app.get_auth(path, &p.user).await, StatusCode::FORBIDDEN).await;
        assert!(body["message"].as_str().unwrap().contains("disabled"), "{path}: {body}");
    }
    let login = expect(app.login("jane@example.com", "Secret123").await, StatusCode::FORBIDDEN).await;
    assert!(login["message"].as_str().unwrap().contains("disabled"));
    let on = expect(app.put_auth(&toggle, &p.admin, json!({})).await, StatusCode::OK).await;
    assert_eq!(on["data"]["isActive"], true);
    expect(app.get_auth("/api/auth/me", &p.user).await, StatusCode::OK).await;
    expect(app.login("jane@example.com", "Secret123").await, StatusCode::OK).await;
}

#[tokio::test]
async fn access_toggles_flip_one_flag_each_and_show_at_once() {
    let app = spawn_app().await;
    let p = people(&app).await;
    async fn can(app: &TestApp, token: &str) -> Value {
        expect(app.get_auth("/api/auth/can-connect-bank", token).await, StatusCode::OK).await["canConnectBank"].clone()
    }
    assert_eq!(can(&app, &p.user).await, false);
    let bank = format!("/api/auth/toggle-bank-access/{}", p.user_id);
    let res = expect(app.put_auth(&bank, &p.admin, json!({})).await, StatusCode::OK).await;
    assert_eq!(res["data"]["canConnectBank"], true);
    assert_eq!(can(&app, &p.user).await, true);
    assert_eq!(me(&app, &p.user).await["canConnectBank"], true);
    assert_eq!(me(&app, &p.user).await["canFinalizeMonth"], false, "only the bank flag moved");

    let finalise = format!("/api/auth/toggle-finalize-access/{}", p.user_id);
    let res = expect(app.put_auth(&finalise, &p.admin, json!({})).await, StatusCode::OK).await;
    assert_eq!(
        (res["data"]["canFinalizeMonth"].clone(), res["data"]["canConnectBank"].clone()),
        (json!(true), json!(true))
    );
    expect(app.put_auth(&bank, &p.admin, json!({})).await, StatusCode::OK).await;
    assert_eq!(can(&app, &p.user).await, false);
}

#[tokio::test]
async fn a_superadmin_cannot_act_on_themselves_and_ids_are_checked() {
    let app = spawn_app().await;
    let p = people(&app).await;
    let own = format!("/api/users/{}", p.admin_id);
    let self_refusal = "You cannot change your own role, status or access, or delete your own account";
    for (method, path, body) in [
        ("PUT", format!("{own}/toggle-status"), json!({})),
        ("PUT", format!("/api/auth/toggle-bank-access/{}", p.admin_id), json!({})),
        ("PUT", format!("/api/auth/toggle-finalize-access/{}", p.admin_id), json!({})),
        ("PUT", own.clone(), json!({"name": "Ada Admin", "email": "ada@example.com", "role": "user"})),
        ("DELETE", own.clone(), json!({})),
    ] {
        let res = call(&app, method, &path, Some(&p.admin), body).await;
        expect_error(res, StatusCode::BAD_REQUEST, self_refusal).await;
    }
    let admin = me(&app, &p.admin).await;
    assert_eq!(
        (admin["role"].clone(), admin["isActive"].clone(), admin["canFinalizeMonth"].clone()),
        (json!("superadmin"), json!(true), json!(true)),
        "unchanged, and a superadmin may always finalise"
    );
    // Renaming oneself here is fine.
    let rename = json!({"name": "Ada Lovelace", "email": "ada@example.com", "role": "superadmin"});
    expect(app.put_auth(&own, &p.admin, rename).await, StatusCode::OK).await;

    let unknown = "/api/users/0190a0a0-0000-7000-8000-000000000000";
    expect_error(app.delete_auth(unknown, &p.admin).await, StatusCode::NOT_FOUND, "User not found").await;
    expect_error(
        app.put_auth(&format!("{unknown}/toggle-status"), &p.admin, json!({})).await,
        StatusCode::NOT_FOUND,
        "User not found",
    )
    .await;
    expect_error(app.delete_auth("/api/users/nope", &p.admin).await, StatusCode::BAD_REQUEST, "Invalid user id").await;
}

#[tokio::test]
async fn two_superadmins_disabling_each_other_at_once_leave_one_active() {
    let app = spawn_app().await;
    let p = people(&app).await;
    app.sql("UPDATE users SET role = 'superadmin' WHERE email = 'jane@example.com'");
    let (jane_status, ada_status) =
        (format!("/api/users/{}/toggle-status", p.user_id), format!("/api/users/{}/toggle-status", p.admin_id));
    for _ in 0..5 {
        let a = app.put_auth(&jane_status, &p.admin, json!({}));
        let b = app.put_auth(&ada_status, &p.user, json!({}));
        let (a, b) = tokio::join!(a, b);
        let ok = [a.status(), b.status()].iter().filter(|s| s.is_success()).count();
        assert!(ok <= 1, "both disabled the other: {} {}", a.status(), b.status());
        assert!(app.count("SELECT count(*) AS n FROM users WHERE role = 'superadmin' AND is_active") >= 1);
        app.sql("UPDATE users SET is_active = true");
    }
    // A superadmin's access is not a switch: they always have it.
    for path in ["toggle-bank-access", "toggle-finalize-access"] {
        let res = app.put_auth(&format!("/api/auth/{path}/{}", p.user_id), &p.admin, json!({})).await;
        expect_error(res, StatusCode::BAD_REQUEST, "A superadmin can always link a bank and finalise months").await;
    }
    // Demoting the other superadmin is fine while one stays; a demoted one is an ordinary user.
    let demote = json!({"name": "Jane Doe", "email": "jane@example.com", "role": "user"});
    expect(app.put_auth(&format!("/api/users/{}", p.user_id), &p.admin, demote).await, StatusCode::OK).await;
    expect(app.get_auth("/api/users", &p.user).await, StatusCode::FORBIDDEN).await;
}

#[tokio::test]
async fn deleting_a_user_removes_everything_they_own_and_frees_the_email() {
    let app = spawn_app().await;
    let p = people(&app).await;
    // Jane has a bit of everything.
    let acc = app.account_id(&p.user, "Current", "current", 100).await;
    let sav = expect(
        app.post_auth("/api/accounts", &p.user, json!({"name": "Savings", "type": "savings", "initialBalance": 0}))
            .await,
        StatusCode::CREATED,
    )
    .await["data"]["_id"]
        .clone();
    let cats = expect(app.get_auth("/api/categories", &p.user).await, StatusCode::OK).await;
    let groceries = cats["data"].as_array().unwrap().iter().find(|c| c["name"] == "Groceries").unwrap()["_id"].clone();
    let today = domain::dates::london_today(chrono::Utc::now());
    let tx = json!({"amount": 12.5, "description": "Tesco", "type": "expense", "categoryId": groceries, "accountId": acc, "date": today.to_string()});
    expect(app.post_auth("/api/transactions", &p.user, tx).await, StatusCode::CREATED).await;
    let tr = json!({"amount": 10, "description": "save", "fromAccountId": acc, "toAccountId": sav, "date": today.to_string()});
    expect(app.post_auth("/api/transfers", &p.user, tr).await, StatusCode::CREATED).await;
    expect(
        app.post_auth("/api/budgets", &p.user, json!({"categoryId": groceries, "limit": 100})).await,
        StatusCode::OK,
    )
    .await;
    let fin = json!({"year": today.year(), "month": today.month()});
    expect(
        app.post_auth(&format!("/api/budget-snapshots/finalize/{}", p.user_id), &p.admin, fin).await,
        StatusCode::OK,
    )
    .await;
    expect(app.post("/api/auth/forgot-password", json!({"email": "jane@example.com"})).await, StatusCode::OK).await;

    // Every table keyed by a user (a person's own rows) or by a household (the data): how many
    // of Jane's rows, and that its key cascades. Jane is alone in her household, so it goes
    // with her, and with it everything it owns.
    let household = expect(app.get_auth("/api/household", &p.user).await, StatusCode::OK).await["data"]["_id"]
        .as_str()
        .unwrap()
        .to_owned();
    let keyed = |column: &str| -> Vec<String> {
        #[derive(QueryableByName)]
        struct T {
            #[diesel(sql_type = diesel::sql_types::Text)]
            table_name: String,
        }
        let mut conn = PgConnection::establish(&app.db.url).unwrap();
        diesel::sql_query(format!(
            "SELECT c.table_name::text FROM information_schema.columns c
             JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
             WHERE c.table_schema = 'public' AND c.column_name = '{column}' AND t.table_type = 'BASE TABLE'
             ORDER BY c.table_name"
        ))
        .load::<T>(&mut conn)
        .unwrap()
        .into_iter()
        .map(|t| t.table_name)
        .collect()
    };
    let mut tables = vec![];
    for (column, parent, key) in [("user_id", "users", p.user_id.clone()), ("household_id", "households", household)] {
        let found = keyed(column);
        assert!(found.len() >= 3, "{column}: {found:?}");
        for table in found {
            let cascades = app.count(&format!(
                "SELECT count(*) AS n FROM pg_constraint c
                     JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
                     WHERE c.contype = 'f' AND c.conrelid = '{table}'::regclass AND a.attname = '{column}'
                       AND c.confrelid = '{parent}'::regclass AND c.confdeltype = 'c'"
            ));
            assert_eq!(cascades, 1, "{table}.{column} must reference {parent} ON DELETE CASCADE");
            tables.push((table, column, key.clone()));
        }
    }
    assert!(tables.iter().filter(|(_, c, _)| *c == "household_id").count() >= 20, "{tables:?}");
    let owned = |app: &TestApp| -> Vec<(String, i64)> {
        tables
            .iter()
            .map(|(t, c, key)| {
                (format!("{t}.{c}"), app.count(&format!("SELECT count(*) AS n FROM {t} WHERE {c} = '{key}'")))
            })
            .collect()
    };
    let before = owned(&app);
    for table in [
        "accounts",
        "transactions",
        "categories",
        "budgets",
        "budget_limits",
        "budget_snapshots",
        "ledger_month_totals",
        "link_tokens",
    ] {
        let n = before.iter().find(|(t, _)| t.split('.').next() == Some(table)).map(|(_, n)| *n);
        assert!(n.is_some_and(|n| n > 0), "{table} has Jane's rows: {before:?}");
    }

    let res = app.delete_auth(&format!("/api/users/{}", p.user_id), &p.admin).await;
    assert_eq!(expect(res, StatusCode::OK).await["message"], "User deleted successfully");
    for (table, n) in owned(&app) {
        assert_eq!(n, 0, "{table} still has Jane's rows");
    }
    assert_eq!(app.count("SELECT count(*) AS n FROM budget_snapshot_lines"), 0, "lines go with their snapshot");
    assert_eq!(
        app.count("SELECT count(*) AS n FROM users WHERE email = 'ada@example.com'"),
        1,
        "the admin's data stays"
    );
    assert_eq!(app.get_auth("/api/auth/me", &p.user).await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(app.login("jane@example.com", "Secret123").await.status(), StatusCode::UNAUTHORIZED);
    expect_error(
        app.delete_auth(&format!("/api/users/{}", p.user_id), &p.admin).await,
        StatusCode::NOT_FOUND,
        "User not found",
    )
    .await;
    app.signed_up("Jane Again", "jane@example.com", "Secret123").await;
}

#[tokio::test]
async fn every_admin_action_is_in_the_audit_log_without_secrets() {
    let app = spawn_app().await;
    let p = people(&app).await;
    let user = format!("/api/users/{}", p.user_id);
    expect(app.put_auth(&format!("{user}/toggle-status"), &p.admin, json!({})).await, StatusCode::OK).await;
    expect(app.put_auth(&format!("{user}/toggle-status"), &p.admin, json!({})).await, StatusCode::OK).await;
    expect(
        app.put_auth(&format!("/api/auth/toggle-bank-access/{}", p.user_id), &p.admin, json!({})).await,
        StatusCode::OK,
    )
    .await;
    let edit = json!({"name": "Jane Doe", "email": "jane@example.com", "role": "user", "password": "N3w-secret"});
    expect(app.put_auth(&user, &p.admin, edit).await, StatusCode::OK).await;
    // A refused action leaves no entry.
    expect(
        app.put_auth(&format!("/api/users/{}/toggle-status", p.admin_id), &p.admin, json!({})).await,
        StatusCode::BAD_REQUEST,
    )
    .await;

    let log = expect(app.get_auth(&format!("{user}/audit"), &p.admin).await, StatusCode::OK).await;
    let entries = log["data"].as_array().unwrap();
    let actions: Vec<&str> = entries.iter().map(|e| e["action"].as_str().unwrap()).collect();
    assert_eq!(actions, vec!["edit", "toggle_bank_access", "toggle_status", "toggle_status"], "newest first");
    assert_eq!(entries[0]["detail"], "password replaced");
    assert_eq!(entries[2]["detail"], "enabled");
    assert_eq!(entries[3]["detail"], "disabled");
    for e in entries {
        assert_eq!(e["actorEmail"], "ada@example.com");
        assert_eq!(e["ip"], "127.0.0.1");
    }
    assert!(!log.to_string().contains("N3w-secret"));
    let own = expect(app.get_auth(&format!("/api/users/{}/audit", p.admin_id), &p.admin).await, StatusCode::OK).await;
    assert!(own["data"].as_array().unwrap().is_empty(), "the refused action was not logged");
}
