//! GET /reports/net-worth: month-end assets, liabilities (credit cards and loans) and net worth
//! from the month balances, oldest first; a private account counts only for its owner.

use crate::common;
use crate::household::invite_and_join;

use chrono::{Datelike, Months, NaiveDate};
use common::{expect, expect_error, spawn_app};
use reqwest::StatusCode;
use serde_json::json;

/// The first day of the London month `back` months before this one.
fn month_start(back: u32) -> NaiveDate {
    let today = domain::dates::london_today(chrono::Utc::now());
    NaiveDate::from_ymd_opt(today.year(), today.month(), 1).unwrap() - Months::new(back)
}

#[tokio::test]
async fn net_worth_is_each_month_ends_assets_less_what_the_cards_owe() {
    let app = spawn_app().await;
    let jane = app.signed_up("Jane Doe", "jane@example.com", "Secret123").await;
    let john = app.signed_up("John Doe", "john@example.com", "Secret123").await;
    invite_and_join(&app, &jane, &john, "john@example.com", "member").await;
    let current = app.account_id(&jane, "Current", "current", 1000).await;
    let card = json!({"name": "Card", "type": "credit_card", "initialBalance": -100, "creditLimit": 2000});
    let card =
        expect(app.post_auth("/api/accounts", &jane, card).await, StatusCode::CREATED).await["data"]["_id"].clone();
    let stash = json!({"name": "Stash", "type": "savings", "initialBalance": 5000, "visibility": "private"});
    let stash =
        expect(app.post_auth("/api/accounts", &john, stash).await, StatusCode::CREATED).await["data"]["_id"].clone();
    let cats = app.categories(&jane).await;
    let add = |account: &serde_json::Value, kind: &str, category: &str, amount: &str, date: NaiveDate| {
        json!({"accountId": account, "type": kind, "categoryId": cats.id(category), "amount": amount,
               "description": "x", "date": date.to_string()})
    };
    for (token, body) in [
        (&jane, add(&current, "income", "Salary", "500.00", month_start(2) + chrono::Days::new(3))),
        (&jane, add(&card, "expense", "Groceries", "200.00", month_start(1) + chrono::Days::new(4))),
        (&jane, add(&current, "expense", "Groceries", "50.00", month_start(0))),
        (&jane, add(&current, "expense", "Groceries", "999.00", month_start(5))),
        (&john, add(&stash, "income", "Salary", "4321.09", month_start(1))),
    ] {
        expect(app.post_auth("/api/transactions", token, body).await, StatusCode::CREATED).await;
    }

    let res = expect(app.get_auth("/api/reports/net-worth?months=3", &jane).await, StatusCode::OK).await;
    let points = res["data"].as_array().unwrap();
    let month = |back: u32| month_start(back).format("%Y-%m").to_string();
    let last_day = |back: u32| (month_start(back) + Months::new(1) - chrono::Days::new(1)).to_string();
    assert_eq!(
        *points,
        vec![
            json!({"month": month(2), "date": last_day(2), "assets": 501.0, "liabilities": 100.0, "netWorth": 401.0}),
            json!({"month": month(1), "date": last_day(1), "assets": 501.0, "liabilities": 300.0, "netWorth": 201.0}),
            json!({"month": month(0), "date": last_day(0), "assets": 451.0, "liabilities": 300.0, "netWorth": 151.0}),
        ],
        "oldest first, £999 five months ago already in the opening, John's private account left out"
    );
    let johns = expect(app.get_auth("/api/reports/net-worth?months=1", &john).await, StatusCode::OK).await;
    assert_eq!(johns["data"][0]["assets"], json!(451.0 + 9321.09));

    let default = expect(app.get_auth("/api/reports/net-worth", &jane).await, StatusCode::OK).await;
    assert_eq!(default["data"].as_array().unwrap().len(), 24);
    assert_eq!(default["data"][23]["month"], month(0));
    let most = expect(app.get_auth("/api/reports/net-worth?months=120", &jane).await, StatusCode::OK).await;
    assert_eq!(most["data"].as_array().unwrap().len(), 120);
    for bad in ["0", "121", "-1", "abc", "2.5"] {
        let res = app.get_auth(&format!("/api/reports/net-worth?months={bad}"), &jane).await;
        expect_error(res, StatusCode::BAD_REQUEST, "Months must be a whole number between 1 and 120").await;
    }
}
