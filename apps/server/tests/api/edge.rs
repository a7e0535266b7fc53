//! Text at the edge: PostgreSQL cannot store U+0000, so a NUL in any text a request carries
//! (query parameters, JSON fields however deep, multipart fields, a backup) is a 400 naming
//! where it was, never a server error; a bank's file loses its NULs instead.

use crate::common;

use common::{expect, expect_error, spawn_app, TestApp};
use reqwest::StatusCode;
use serde_json::{json, Value};

async fn signed_in(app: &TestApp, email: &str) -> String {
    app.signed_up("Jane Doe", email, "Secret123").await
}

async fn account(app: &TestApp, token: &str) -> String {
    let body = json!({"name": "Current", "type": "current", "initialBalance": 100});
    let a = expect(app.post_auth("/api/accounts", token, body).await, StatusCode::CREATED).await;
    a["data"]["_id"].as_str().unwrap().to_owned()
}

async fn category(app: &TestApp, token: &str, name: &str) -> String {
    let body = expect(app.get_auth("/api/categories", token).await, StatusCode::OK).await;
    let found = body["data"].as_array().unwrap().iter().find(|c| c["name"] == name).cloned();
    found.expect("the category")["_id"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn a_nul_in_a_search_is_a_400_naming_the_parameter() {
    let app = spawn_app().await;
    let token = signed_in(&app, "jane@example.com").await;
    for path in [
        "/api/inventory-items?search=tea%00",
        "/api/transactions?search=%00&page=1",
        "/api/transactions/export.csv?search=a%00b",
    ] {
        let res = app.get_auth(path, &token).await;
        expect_error(res, StatusCode::BAD_REQUEST, "The query parameter 'search' cannot contain a NUL character").await;
    }
    // Searching for the text '%00' is not a NUL.
    expect(app.get_auth("/api/inventory-items?search=%2500", &token).await, StatusCode::OK).await;
}

#[tokio::test]
async fn a_nul_in_a_transactions_description_is_a_400_and_nothing_is_created() {
    let app = spawn_app().await;
    let token = signed_in(&app, "jane@example.com").await;
    let acc = account(&app, &token).await;
    let food = category(&app, &token, "Groceries").await;
    let body = json!({"amount": 5, "description": "Tea\u{0}", "type": "expense", "categoryId": food, "accountId": acc,
                      "date": "2026-01-01"});
    let res = app.post_auth("/api/transactions", &token, body).await;
    expect_error(res, StatusCode::BAD_REQUEST, "The field 'description' cannot contain a NUL character").await;
    let list = expect(app.get_auth("/api/transactions", &token).await, StatusCode::OK).await;
    assert_eq!(list["transactions"], json!([]), "{list}");
}

#[tokio::test]
async fn a_nul_in_a_nested_field_or_a_key_names_its_path() {
    let app = spawn_app().await;
    let token = signed_in(&app, "jane@example.com").await;
    let path = format!("/api/imports/{}/preview", uuid::Uuid::new_v4());
    let body = json!({"mapping": {"date": "Date", "description": "Desc\u{0}ription", "amount": "Amount"}});
    let res = app.post_auth(&path, &token, body).await;
    expect_error(res, StatusCode::BAD_REQUEST, "The field 'mapping.description' cannot contain a NUL character").await;
    let res = app.post_auth("/api/accounts", &token, json!({"name": "Current", "ty\u{0}pe": "current"})).await;
    expect_error(res, StatusCode::BAD_REQUEST, "The field 'ty\\0pe' cannot contain a NUL character").await;
}

#[tokio::test]
async fn a_nul_in_a_form_field_is_a_400_naming_the_field() {
    let app = spawn_app().await;
    let token = signed_in(&app, "jane@example.com").await;
    let csv = b"Date,Description,Amount\n01/11/2026,Corner shop,-4.20\n".to_vec();
    let form = reqwest::multipart::Form::new()
        .part("file", reqwest::multipart::Part::bytes(csv).file_name("shop.csv"))
        .text("accountId", "\u{0}");
    let res = app.client.post(app.url("/api/imports")).bearer_auth(&token).multipart(form).send().await.unwrap();
    expect_error(res, StatusCode::BAD_REQUEST, "The form field 'accountId' cannot contain a NUL character").await;
}

#[tokio::test]
async fn a_statement_with_a_nul_in_a_cell_is_read_without_it() {
    let app = spawn_app().await;
    let token = signed_in(&app, "jane@example.com").await;
    let mut csv = b"Date,Description,Amount\n01/11/2026,Corner\x00 shop,-4.20\n".to_vec();
    csv.extend(b"02/11/2026,Bus,-2.00\n".repeat(3));
    let form = reqwest::multipart::Form::new().part("file", reqwest::multipart::Part::bytes(csv).file_name("shop.csv"));
    let res = app.client.post(app.url("/api/imports")).bearer_auth(&token).multipart(form).send().await.unwrap();
    let preview = expect(res, StatusCode::OK).await["data"].clone();
    assert_eq!(preview["rows"][0]["description"], "Corner shop", "{preview}");
    let acc = account(&app, &token).await;
    let commit = format!("/api/imports/{}/commit", preview["importId"].as_str().unwrap());
    expect(app.post_auth(&commit, &token, json!({"accountId": acc})).await, StatusCode::OK).await;
    let list = expect(app.get_auth("/api/transactions?search=Corner", &token).await, StatusCode::OK).await;
    assert_eq!(list["transactions"][0]["description"], "Corner shop", "{list}");
}

#[tokio::test]
async fn a_backup_with_a_nul_is_refused_and_restores_nothing() {
    let app = spawn_app().await;
    let jane = signed_in(&app, "jane@example.com").await;
    account(&app, &jane).await;
    let res = app.client.get(app.url("/api/backup")).bearer_auth(&jane).send().await.unwrap();
    let mut backup: Value = res.json().await.unwrap();
    let accounts = backup["tables"]["accounts"].as_array_mut().expect("the accounts table");
    accounts[0]["name"] = json!("Curr\u{0}ent");
    let john = app.signed_up("John Doe", "john@example.com", "Secret123").await;
    let part = reqwest::multipart::Part::bytes(serde_json::to_vec(&backup).unwrap()).file_name("backup.json");
    let form = reqwest::multipart::Form::new().part("file", part);
    let res = app.client.post(app.url("/api/restore")).bearer_auth(&john).multipart(form).send().await.unwrap();
    expect_error(res, StatusCode::BAD_REQUEST, "A backup cannot contain a NUL character").await;
    let accounts = expect(app.get_auth("/api/accounts", &john).await, StatusCode::OK).await;
    assert_eq!(accounts["data"]["accounts"], json!([]));
}
