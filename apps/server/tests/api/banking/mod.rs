//! Bank linking over HTTP with the built-in demo bank: who may connect, the all-or-nothing
//! exchange, balances that match the bank's, idempotent resync, expiry and reconnecting,
//! disconnecting with the history kept, isolation, cascades, and no plaintext token anywhere.

use crate::common;

use common::{expect, expect_error, spawn_app, TestApp};
use reqwest::StatusCode;
use serde_json::{json, Value};

/// A signed-in user who may connect a bank.
async fn banker(app: &TestApp, email: &str) -> String {
    let token = app.signed_up("Bea Banks", email, "Secret123").await;
    app.sql(&format!("UPDATE users SET can_connect_bank = true WHERE email = '{email}'"));
    token
}

fn exchange_body(public_token: &str) -> Value {
    json!({"public_token": public_token,
           "metadata": {"institution": {"name": "Demo Bank UK", "institution_id": "ins_demo"}, "accounts": []}})
}

async fn connect(app: &TestApp, token: &str) -> Value {
    let link =
        expect(app.post_auth("/api/plaid/link/token/create", token, json!({"itemId": null})).await, StatusCode::OK)
            .await;
    assert!(link["link_token"].as_str().unwrap().starts_with("link-demo-"), "{link}");
    assert_eq!(link["provider"], "demo");
    expect(
        app.post_auth("/api/plaid/item/public_token/exchange", token, exchange_body("public-demo-1")).await,
        StatusCode::OK,
    )
    .await
}

async fn items(app: &TestApp, token: &str) -> Vec<Value> {
    expect(app.get_auth("/api/plaid/items", token).await, StatusCode::OK).await["data"].as_array().unwrap().clone()
}

async fn accounts(app: &TestApp, token: &str) -> Vec<Value> {
    expect(app.get_auth("/api/accounts", token).await, StatusCode::OK).await["data"]["accounts"]
        .as_array()
        .unwrap()
        .clone()
}

async fn transaction_count(app: &TestApp, token: &str) -> u64 {
    let page =
        expect(app.get_auth("/api/transactions?limit=1&includeTransfers=true", token).await, StatusCode::OK).await;
    page["pagination"]["total"].as_u64().unwrap()
}

#[tokio::test]
async fn only_users_with_bank_access_and_superadmins_may_link() {
    let app = spawn_app().await;
    let health = app.client.get(app.url("/api/health")).send().await.unwrap();
    let csp = health.headers()["content-security-policy"].to_str().unwrap().to_owned();
    assert!(!csp.contains("plaid") && csp.contains("frame-src 'none'"), "the demo bank needs nothing outside: {csp}");
    let plain = app.signed_up("Jane Doe", "jane@example.com", "Secret123").await;
    let refused = "You do not have permission to connect bank accounts";
    expect_error(
        app.post_auth("/api/plaid/link/token/create", &plain, json!({})).await,
        StatusCode::FORBIDDEN,
        refused,
    )
    .await;
    expect_error(
        app.post_auth("/api/plaid/item/public_token/exchange", &plain, exchange_body("public-demo-1")).await,
        StatusCode::FORBIDDEN,
        refused,
    )
    .await;
    assert!(items(&app, &plain).await.is_empty());

    let admin = app.signed_up("Ada Admin", "ada@example.com", "Secret123").await;
    app.sql("UPDATE users SET role = 'superadmin' WHERE email = 'ada@example.com'");
    expect(app.post_auth("/api/plaid/link/token/create", &admin, json!({})).await, StatusCode::OK).await;
}

#[tokio::test]
async fn connecting_imports_two_accounts_whose_balances_are_the_banks_and_a_resync_adds_nothing() {
    let app = spawn_app().await;
    let token = banker(&app, "bea@example.com").await;
    let connected = connect(&app, &token).await;
    assert_eq!(connected["message"], "Bank account connected");
    let connection = &connected["data"];
    assert_eq!(
        (connection["institutionName"].as_str(), connection["isActive"].as_bool()),
        (Some("Demo Bank UK"), Some(true))
    );
    let added = connected["sync"]["added"].as_u64().unwrap();
    assert!(added > 150, "about 90 days of rows: {added}");
    assert_eq!(transaction_count(&app, &token).await, added);

    let linked = connection["accounts"].as_array().unwrap();
    assert_eq!(linked.len(), 2);
    for account in linked {
        assert_eq!(account["currentBalance"], account["bankBalance"], "{account}");
    }
    let card = linked.iter().find(|a| a["type"] == "credit_card").unwrap();
    assert!(card["currentBalance"].as_f64().unwrap() < 0.0, "a card's debt is negative: {card}");
    assert_eq!(card["name"], "Rewards Credit Card ••8765");
    let on_accounts = accounts(&app, &token).await;
    assert_eq!(on_accounts.len(), 2);
    assert!(on_accounts.iter().any(|a| a["name"] == "Everyday Current ••4321" && a["creditLimit"].is_null()));
    assert!(on_accounts.iter().any(|a| a["type"] == "credit_card" && a["creditLimit"] == json!(3000.0)));

    let item = connection["itemId"].as_str().unwrap();
    let again =
        expect(app.post_auth(&format!("/api/plaid/item/{item}/sync"), &token, json!({})).await, StatusCode::OK).await;
    assert_eq!(again["data"], json!({"added": 0, "modified": 0, "removed": 0}));
    assert_eq!(again["message"], "Already up to date");
    let all = expect(app.post_auth("/api/plaid/transactions/sync", &token, json!({})).await, StatusCode::OK).await;
    assert_eq!(all["data"]["added"], 0);
    assert_eq!(all["data"]["failed"], json!([]));
    assert_eq!(transaction_count(&app, &token).await, added);

    let rows =
        expect(app.get_auth(&format!("/api/plaid/item/{item}/transactions"), &token).await, StatusCode::OK).await;
    let rows = rows["data"].as_array().unwrap();
    assert!(!rows.is_empty());
    assert!(rows.iter().any(|r| r["categoryId"]["name"] == "Groceries" && r["description"] == "Tesco"), "categorised");
    assert!(rows.iter().any(|r| r["status"] == "pending"), "the last days are pending");
    let per_account =
        expect(app.get_auth(&format!("/api/plaid/item/{item}/accounts"), &token).await, StatusCode::OK).await;
    assert_eq!(per_account["data"].as_array().unwrap().len(), 2);
    expect_error(
        app.get_auth(&format!("/api/plaid/item/{item}/transactions?startDate=01/11/2026"), &token).await,
        StatusCode::BAD_REQUEST,
        "Start date must be a date in the form YYYY-MM-DD (startDate)",
    )
    .await;
}

#[tokio::test]
async fn a_refused_public_token_stores_nothing() {
    let app = spawn_app().await;
    let token = banker(&app, "bea@example.com").await;
    for body in [exchange_body("public-sandbox-not-ours"), json!({"public_token": " "}), json!({})] {
        expect_error(
            app.post_auth("/api/plaid/item/public_token/exchange", &token, body).await,
            StatusCode::BAD_REQUEST,
            "Failed to connect bank account",
        )
        .await;
    }
    assert!(items(&app, &token).await.is_empty());
    assert!(accounts(&app, &token).await.is_empty());
    assert_eq!(transaction_count(&app, &token).await, 0);
}

#[tokio::test]
async fn an_expired_connection_needs_attention_keeps_its_history_and_comes_back_after_reconnecting() {
    let app = spawn_app().await;
    let token = banker(&app, "bea@example.com").await;
    let item = connect(&app, &token).await["data"]["itemId"].as_str().unwrap().to_owned();
    let before = transaction_count(&app, &token).await;

    let expired = expect(
        app.post_auth(&format!("/api/plaid/item/{item}/simulate-expiry"), &token, json!({})).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(
        (expired["data"]["isActive"].as_bool(), expired["data"]["errorCode"].as_str()),
        (Some(false), Some("ITEM_LOGIN_REQUIRED"))
    );
    expect_error(
        app.post_auth(&format!("/api/plaid/item/{item}/sync"), &token, json!({})).await,
        StatusCode::CONFLICT,
        "Demo Bank UK needs you to sign in again. Please reconnect.",
    )
    .await;
    let all = expect(app.post_auth("/api/plaid/transactions/sync", &token, json!({})).await, StatusCode::OK).await;
    assert_eq!(all["data"]["failed"], json!([]), "an inactive connection is left for the user to reconnect");
    assert_eq!(transaction_count(&app, &token).await, before);
    assert_eq!(accounts(&app, &token).await.len(), 2);

    let update =
        expect(app.post_auth("/api/plaid/link/token/create", &token, json!({"itemId": item})).await, StatusCode::OK)
            .await;
    assert!(update["link_token"].as_str().unwrap().starts_with("link-demo-update-"));
    expect(app.post_auth(&format!("/api/plaid/item/{item}/sync"), &token, json!({})).await, StatusCode::OK).await;
    let after = items(&app, &token).await;
    assert_eq!((after[0]["isActive"].as_bool(), after[0]["errorCode"].is_null()), (Some(true), true));
    assert_eq!(transaction_count(&app, &token).await, before);
}

#[tokio::test]
async fn disconnecting_keeps_the_accounts_and_their_history() {
    let app = spawn_app().await;
    let token = banker(&app, "bea@example.com").await;
    let item = connect(&app, &token).await["data"]["itemId"].as_str().unwrap().to_owned();
    let balances: Vec<Value> = accounts(&app, &token).await.iter().map(|a| a["currentBalance"].clone()).collect();
    let rows = transaction_count(&app, &token).await;

    let gone = expect(app.delete_auth(&format!("/api/plaid/item/{item}"), &token).await, StatusCode::OK).await;
    assert_eq!(gone["message"], "Bank disconnected. Its accounts and their history stay.");
    assert!(items(&app, &token).await.is_empty());
    let after: Vec<Value> = accounts(&app, &token).await.iter().map(|a| a["currentBalance"].clone()).collect();
    assert_eq!(after, balances);
    assert_eq!(transaction_count(&app, &token).await, rows);
    expect_error(
        app.post_auth(&format!("/api/plaid/item/{item}/sync"), &token, json!({})).await,
        StatusCode::NOT_FOUND,
        "Bank connection not found",
    )
    .await;
}

#[tokio::test]
async fn another_users_connection_is_not_found_on_every_route() {
    let app = spawn_app().await;
    let owner = banker(&app, "bea@example.com").await;
    let item = connect(&app, &owner).await["data"]["itemId"].as_str().unwrap().to_owned();
    let other = banker(&app, "eve@example.com").await;
    let missing = "Bank connection not found";
    for path in ["accounts", "transactions"] {
        expect_error(
            app.get_auth(&format!("/api/plaid/item/{item}/{path}"), &other).await,
            StatusCode::NOT_FOUND,
            missing,
        )
        .await;
    }
    for path in ["sync", "simulate-expiry"] {
        expect_error(
            app.post_auth(&format!("/api/plaid/item/{item}/{path}"), &other, json!({})).await,
            StatusCode::NOT_FOUND,
            missing,
        )
        .await;
    }
    expect_error(app.delete_auth(&format!("/api/plaid/item/{item}"), &other).await, StatusCode::NOT_FOUND, missing)
        .await;
    expect_error(
        app.post_auth("/api/plaid/link/token/create", &other, json!({"itemId": item})).await,
        StatusCode::NOT_FOUND,
        missing,
    )
    .await;
    expect_error(app.get_auth("/api/plaid/item/not-a-uuid/accounts", &other).await, StatusCode::NOT_FOUND, missing)
        .await;
    assert!(items(&app, &other).await.is_empty());
    assert_eq!(items(&app, &owner).await.len(), 1);
}

#[tokio::test]
async fn no_plaintext_access_token_is_in_a_dump_of_the_database_and_deleting_the_user_removes_the_connection() {
    let app = spawn_app().await;
    let token = banker(&app, "bea@example.com").await;
    connect(&app, &token).await;
    let pg_dump = std::fs::read_dir("/usr/lib/postgresql")
        .unwrap()
        .filter_map(|e| Some(e.ok()?.path().join("bin/pg_dump")))
        .find(|p| p.exists())
        .expect("pg_dump of the installed PostgreSQL");
    let dump = std::process::Command::new(pg_dump).args(["--data-only", &app.db.url]).output().unwrap();
    assert!(dump.status.success(), "{}", String::from_utf8_lossy(&dump.stderr));
    let text = String::from_utf8_lossy(&dump.stdout);
    assert!(text.contains("demo-item-"), "the dump has the connection");
    assert!(!text.contains("access-demo"), "no plaintext access token in the dump");

    app.sql("DELETE FROM users WHERE email = 'bea@example.com'");
    for table in ["bank_connections", "bank_accounts", "accounts", "transactions"] {
        let mut conn = <diesel::PgConnection as diesel::Connection>::establish(&app.db.url).unwrap();
        #[derive(diesel::QueryableByName)]
        struct Count {
            #[diesel(sql_type = diesel::sql_types::BigInt)]
            n: i64,
        }
        let count: Count =
            diesel::RunQueryDsl::get_result(diesel::sql_query(format!("SELECT count(*) AS n FROM {table}")), &mut conn)
                .unwrap();
        assert_eq!(count.n, 0, "{table} emptied with its user");
    }
}

mod enablebanking;
mod plaid;
