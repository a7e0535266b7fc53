//! A transfer edited as one: PUT /transfers/{id} with either leg's id.

use crate::common;

use common::{expect, expect_error, spawn_app, TestApp};
use reqwest::StatusCode;
use serde_json::{json, Value};

async fn account(app: &TestApp, token: &str, name: &str, initial: i64) -> String {
    let body = json!({"name": name, "type": "current", "initialBalance": initial});
    let res = app.post_auth("/api/accounts", token, body).await;
    expect(res, StatusCode::CREATED).await["data"]["_id"].as_str().unwrap().to_owned()
}

async fn balances(app: &TestApp, token: &str) -> Vec<(String, Value)> {
    let list = expect(app.get_auth("/api/accounts", token).await, StatusCode::OK).await;
    list["data"]["accounts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| (a["name"].as_str().unwrap().to_owned(), a["currentBalance"].clone()))
        .collect()
}

#[tokio::test]
async fn a_transfer_is_edited_whole_by_either_legs_id() {
    let app = spawn_app().await;
    let token = app.signed_up("Jane Doe", "jane@example.com", "Secret123").await;
    let current = account(&app, &token, "Current", 500).await;
    let savings = account(&app, &token, "Savings", 0).await;
    let card = account(&app, &token, "Card", 0).await;
    let body = |amount: f64, from: &str, to: &str, date: &str| json!({"amount": amount, "description": "Rainy day", "fromAccountId": from, "toAccountId": to, "date": date, "notes": "monthly"});
    let created = app.post_auth("/api/transfers", &token, body(100.0, &current, &savings, "2026-01-02")).await;
    let created = expect(created, StatusCode::CREATED).await["data"].clone();
    let (out_leg, in_leg) = (
        created["fromTransaction"]["_id"].as_str().unwrap().to_owned(),
        created["toTransaction"]["_id"].as_str().unwrap().to_owned(),
    );

    let res =
        app.put_auth(&format!("/api/transfers/{in_leg}"), &token, body(250.5, &current, &card, "2026-01-05")).await;
    let edited = expect(res, StatusCode::OK).await;
    assert_eq!(edited["message"], "Transfer updated successfully");
    assert_eq!(edited["data"]["amount"], json!(250.5));
    assert_eq!(edited["data"]["toAccountId"]["name"], "Card");
    assert_eq!(edited["data"]["fromTransaction"]["_id"], json!(out_leg), "the legs keep their ids");
    assert_eq!(
        balances(&app, &token).await,
        vec![("Current".into(), json!(249.5)), ("Savings".into(), json!(0.0)), ("Card".into(), json!(250.5))]
    );
    let leg = expect(app.get_auth(&format!("/api/transactions/{out_leg}"), &token).await, StatusCode::OK).await;
    assert_eq!(
        (leg["data"]["date"].as_str().map(|d| &d[..10]), leg["data"]["notes"].as_str()),
        (Some("2026-01-05"), Some("monthly"))
    );

    // A refused edit changes nothing.
    for (body, status, message) in [
        (body(10.0, &current, &current, "2026-01-05"), 400, "Cannot transfer to the same account"),
        (body(10.0, &current, &savings, "2099-01-01"), 400, "Date cannot be in the future"),
        (
            json!({"description": "x", "fromAccountId": current, "toAccountId": savings, "date": "2026-01-05"}),
            400,
            "Amount is required",
        ),
    ] {
        let res = app.put_auth(&format!("/api/transfers/{out_leg}"), &token, body).await;
        expect_error(res, StatusCode::from_u16(status).unwrap(), message).await;
    }
    let plain = json!({"amount": 5, "description": "Tea", "type": "expense", "accountId": current, "date": "2026-01-03",
        "categoryId": expect(app.get_auth("/api/categories", &token).await, StatusCode::OK).await["data"][0]["_id"]});
    let plain = expect(app.post_auth("/api/transactions", &token, plain).await, StatusCode::CREATED).await["data"]
        ["_id"]
        .clone();
    let not_a_transfer = app
        .put_auth(
            &format!("/api/transfers/{}", plain.as_str().unwrap()),
            &token,
            body(1.0, &current, &savings, "2026-01-05"),
        )
        .await;
    expect_error(not_a_transfer, StatusCode::NOT_FOUND, "Transfer not found").await;

    let mallory = app.signed_up("Mallory", "mallory@example.com", "Secret123").await;
    let theirs = account(&app, &mallory, "Mine", 0).await;
    let foreign =
        app.put_auth(&format!("/api/transfers/{out_leg}"), &mallory, body(1.0, &theirs, &theirs, "2026-01-05")).await;
    expect(foreign, StatusCode::BAD_REQUEST).await; // the same account: refused before any lookup
    let foreign =
        app.put_auth(&format!("/api/transfers/{out_leg}"), &mallory, body(1.0, &theirs, &current, "2026-01-05")).await;
    expect(foreign, StatusCode::NOT_FOUND).await;
    let stolen =
        app.put_auth(&format!("/api/transfers/{out_leg}"), &token, body(1.0, &current, &theirs, "2026-01-05")).await;
    expect(stolen, StatusCode::NOT_FOUND).await;
    assert_eq!(
        balances(&app, &token).await,
        vec![("Current".into(), json!(244.5)), ("Savings".into(), json!(0.0)), ("Card".into(), json!(250.5))],
        "only the tea moved money since the edit"
    );
}
