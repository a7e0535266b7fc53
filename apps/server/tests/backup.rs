//! Backup and restore over HTTP: a seeded household (plus an import and a rule) backed up and
//! restored into a new user answers every read of the API exactly as the original does (ids
//! aside); a restore into a user with data is refused and changes nothing; damaged or foreign
//! files are refused; the original is untouched.

mod common;

use common::{expect, expect_error, spawn_app, TestApp};
use reqwest::StatusCode;
use serde_json::{json, Value};

/// Every id is new after a restore: compare answers with ids replaced by a placeholder.
fn without_ids(v: &Value) -> Value {
    match v {
        Value::String(s) if uuid::Uuid::parse_str(s).is_ok() => Value::String("<id>".into()),
        Value::Array(items) => Value::Array(items.iter().map(without_ids).collect()),
        Value::Object(fields) => Value::Object(fields.iter().map(|(k, v)| (k.clone(), without_ids(v))).collect()),
        other => other.clone(),
    }
}

/// Every read a user has of their data.
async fn everything(app: &TestApp, token: &str) -> Vec<(String, Value)> {
    let month = chrono::Utc::now().format("%m").to_string();
    let year = chrono::Utc::now().format("%Y").to_string();
    let mut paths: Vec<String> = [
        "/api/accounts",
        "/api/accounts/real-time-balances",
        "/api/categories",
        "/api/transfers?limit=100",
        "/api/budgets",
        "/api/budget-analytics",
        "/api/goals",
        "/api/goals/dashboard/summary",
        "/api/inventory-items",
        "/api/shopping-list",
        "/api/recurring-transactions",
        "/api/recurring-transactions/summary/current-month",
        "/api/recurring-analytics",
        "/api/transactions/dashboard/summary",
        "/api/transactions/dashboard/chart-data",
        "/api/rules",
        "/api/imports",
    ]
    .into_iter()
    .map(String::from)
    .collect();
    paths.push(format!("/api/reports/monthly?year={year}&month={month}"));
    paths.push(format!("/api/reports/yearly?year={year}"));
    let first =
        expect(app.get_auth("/api/transactions?limit=100&includeTransfers=true", token).await, StatusCode::OK).await;
    let pages = first["pagination"]["totalPages"].as_i64().unwrap_or(1);
    for page in 1..=pages {
        paths.push(format!("/api/transactions?limit=100&includeTransfers=true&page={page}"));
    }
    let mut answers = Vec::new();
    for path in paths {
        let res = app.get_auth(&path, token).await;
        let status = res.status();
        let body: Value = res.json().await.unwrap();
        assert_eq!(status, StatusCode::OK, "{path}: {body}");
        answers.push((path, without_ids(&body)));
    }
    let csv = app.get_auth("/api/transactions/export.csv", token).await.text().await.unwrap();
    answers.push(("export.csv".into(), Value::String(csv)));
    answers
}

async fn seeded(app: &TestApp, email: &str) -> String {
    let today = domain::dates::london_today(chrono::Utc::now());
    let seeder = server::state::seeder(app.db.db.clone()).unwrap();
    seeder.seed(email, "Demo1234", demo_data::realistic(today, 4, 7), false).await.unwrap();
    let body = expect(app.login(email, "Demo1234").await, StatusCode::OK).await;
    body["token"].as_str().unwrap().to_owned()
}

async fn download(app: &TestApp, token: &str) -> Vec<u8> {
    let res = app.get_auth("/api/backup", token).await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.headers()["content-type"], "application/json");
    assert!(res.headers()["content-disposition"].to_str().unwrap().contains("myspending-backup-"));
    res.bytes().await.unwrap().to_vec()
}

async fn restore(app: &TestApp, token: &str, bytes: Vec<u8>) -> reqwest::Response {
    let form =
        reqwest::multipart::Form::new().part("file", reqwest::multipart::Part::bytes(bytes).file_name("backup.json"));
    app.client.post(app.url("/api/restore")).bearer_auth(token).multipart(form).send().await.unwrap()
}

#[tokio::test]
async fn a_restored_household_answers_every_read_exactly_as_the_original() {
    let app = spawn_app().await;
    let jane = seeded(&app, "jane@example.com").await;
    // An import and a rule, so those are in the backup too.
    let accounts = expect(app.get_auth("/api/accounts", &jane).await, StatusCode::OK).await;
    let current = accounts["data"]["accounts"][0]["_id"].as_str().unwrap().to_owned();
    let csv = "Date,Description,Amount\n01/11/2026,Corner shop,-4.20\n";
    let form = reqwest::multipart::Form::new()
        .part("file", reqwest::multipart::Part::bytes(csv.as_bytes().to_vec()).file_name("shop.csv"))
        .text("accountId", current.clone());
    let res = app.client.post(app.url("/api/imports")).bearer_auth(&jane).multipart(form).send().await.unwrap();
    let preview = expect(res, StatusCode::OK).await;
    let path = format!("/api/imports/{}/commit", preview["data"]["importId"].as_str().unwrap());
    let mapping = json!({"date": "Date", "description": "Description", "amount": "Amount"});
    expect(app.post_auth(&path, &jane, json!({"accountId": current, "mapping": mapping})).await, StatusCode::OK).await;
    let categories = expect(app.get_auth("/api/categories", &jane).await, StatusCode::OK).await;
    let groceries =
        categories["data"].as_array().unwrap().iter().find(|c| c["name"] == "Groceries").unwrap()["_id"].clone();
    expect(
        app.post_auth("/api/rules", &jane, json!({"pattern": "corner", "categoryId": groceries})).await,
        StatusCode::CREATED,
    )
    .await;

    let before = everything(&app, &jane).await;
    let backup = download(&app, &jane).await;
    let doc: Value = serde_json::from_slice(&backup).unwrap();
    assert_eq!((doc["app"].as_str(), doc["version"].as_i64()), (Some("MySpending"), Some(1)));
    assert!(doc["exportedAt"].is_string());
    assert!(doc["tables"]["transactions"].as_array().unwrap().len() > 50);

    // Restored beside the original (same server, new ids).
    let john = app.signed_up("John Roe", "john@example.com", "secret1").await;
    let restored = expect(restore(&app, &john, backup.clone()).await, StatusCode::OK).await;
    assert_eq!(restored["message"], "Backup restored");
    assert_eq!(
        restored["data"]["transactions"].as_i64(),
        Some(doc["tables"]["transactions"].as_array().unwrap().len() as i64)
    );
    let after = everything(&app, &john).await;
    assert_eq!(before.len(), after.len());
    for ((path, a), (_, b)) in before.iter().zip(&after) {
        assert_eq!(a, b, "{path} differs after the restore");
    }
    assert_eq!(everything(&app, &jane).await, before, "the original is untouched");

    // A user with data is refused, and nothing changes.
    let again = restore(&app, &john, backup.clone()).await;
    expect_error(
        again,
        StatusCode::CONFLICT,
        "Restore needs an empty account: this one already has accounts, transactions, goals or inventory",
    )
    .await;
    assert_eq!(everything(&app, &john).await, after);

    // The restored user goes on: a new transaction lands after the restored ones of its day.
    let body = json!({"amount": 1, "type": "expense", "description": "After restore", "categoryId": groceries_of(&app, &john).await,
                      "accountId": first_account(&app, &john).await, "date": chrono::Utc::now().format("%Y-%m-%d").to_string()});
    expect(app.post_auth("/api/transactions", &john, body).await, StatusCode::CREATED).await;
    let list = expect(app.get_auth("/api/transactions?limit=1", &john).await, StatusCode::OK).await;
    assert_eq!(list["transactions"][0]["description"], "After restore");
}

async fn groceries_of(app: &TestApp, token: &str) -> Value {
    let categories = expect(app.get_auth("/api/categories", token).await, StatusCode::OK).await;
    categories["data"].as_array().unwrap().iter().find(|c| c["name"] == "Groceries").unwrap()["_id"].clone()
}

async fn first_account(app: &TestApp, token: &str) -> Value {
    let accounts = expect(app.get_auth("/api/accounts", token).await, StatusCode::OK).await;
    accounts["data"]["accounts"][0]["_id"].clone()
}

#[tokio::test]
async fn damaged_or_foreign_files_are_refused_and_change_nothing() {
    let app = spawn_app().await;
    let jane = seeded(&app, "jane@example.com").await;
    let backup = download(&app, &jane).await;
    let john = app.signed_up("John Roe", "john@example.com", "secret1").await;
    let categories_before = expect(app.get_auth("/api/categories", &john).await, StatusCode::OK).await;

    let mut wrong_row: Value = serde_json::from_slice(&backup).unwrap();
    wrong_row["tables"]["transactions"][0]["amount"] = json!("lots");
    let mut newer: Value = serde_json::from_slice(&backup).unwrap();
    newer["version"] = json!(99);
    let mut unknown_table: Value = serde_json::from_slice(&backup).unwrap();
    unknown_table["tables"]["users"] = json!([{"id": "x"}]);
    for (bytes, status, message) in [
        (b"not json".to_vec(), StatusCode::BAD_REQUEST, "This is not a MySpending backup"),
        (b"{\"app\":\"Other\"}".to_vec(), StatusCode::BAD_REQUEST, "This is not a MySpending backup"),
        (serde_json::to_vec(&wrong_row).unwrap(), StatusCode::BAD_REQUEST, "This is not a MySpending backup"),
        (serde_json::to_vec(&unknown_table).unwrap(), StatusCode::BAD_REQUEST, "This is not a MySpending backup"),
        (
            serde_json::to_vec(&newer).unwrap(),
            StatusCode::BAD_REQUEST,
            "This backup was made by a newer version of MySpending; update this server first",
        ),
    ] {
        expect_error(restore(&app, &john, bytes).await, status, message).await;
    }
    let empty = app
        .client
        .post(app.url("/api/restore"))
        .bearer_auth(&john)
        .multipart(reqwest::multipart::Form::new().text("other", "x"))
        .send()
        .await
        .unwrap();
    expect_error(empty, StatusCode::BAD_REQUEST, "Please choose a backup file to restore").await;
    assert_eq!(expect(app.get_auth("/api/categories", &john).await, StatusCode::OK).await, categories_before);
    let accounts = expect(app.get_auth("/api/accounts", &john).await, StatusCode::OK).await;
    assert_eq!(accounts["data"]["accounts"], json!([]));
}

#[tokio::test]
async fn the_command_line_backs_up_one_user_and_restores_into_another() {
    let app = spawn_app().await;
    let jane = seeded(&app, "jane@example.com").await;
    let before = everything(&app, &jane).await;
    let john = app.signed_up("John Roe", "john@example.com", "secret1").await;
    let file = app.data_dir.join("cli-backup.json");
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_myspending"))
            .args(args)
            .env("DATABASE_URL", &app.db.url)
            .env("JWT_SECRET", "test-secret-test-secret-test-secret")
            .env("DATA_DIR", &app.data_dir)
            .env("RUST_LOG", "warn")
            .output()
            .unwrap()
    };
    let backup = run(&["backup", "--email", "jane@example.com", "--out", file.to_str().unwrap()]);
    assert!(backup.status.success(), "{}", String::from_utf8_lossy(&backup.stderr));
    let restore = run(&["restore", "--email", "john@example.com", "--file", file.to_str().unwrap()]);
    assert!(restore.status.success(), "{}", String::from_utf8_lossy(&restore.stderr));
    assert!(String::from_utf8_lossy(&restore.stdout).starts_with("Restored into john@example.com:"));
    let after = everything(&app, &john).await;
    for ((path, a), (_, b)) in before.iter().zip(&after) {
        assert_eq!(a, b, "{path} differs after the command-line restore");
    }
    let again = run(&["restore", "--email", "john@example.com", "--file", file.to_str().unwrap()]);
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("Restore needs an empty account"));
    let nobody = run(&["backup", "--email", "nobody@example.com"]);
    assert!(!nobody.status.success());
}
