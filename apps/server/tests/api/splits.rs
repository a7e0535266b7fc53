//! Split transactions over HTTP: made, answered with their parts, edited, taken away; every
//! refusal with the spec's message and nothing written; budgets and the category filter count
//! each part in its own category; another household's category is 'Category not found'.

use crate::common;

use common::{expect, expect_error, spawn_app, TestApp};
use reqwest::StatusCode;
use serde_json::{json, Value};

fn today() -> String {
    domain::dates::london_today(chrono::Utc::now()).to_string()
}

struct Books {
    jane: String,
    account: String,
    groceries: Value,
    bills: Value,
}

async fn books(app: &TestApp) -> Books {
    let jane = app.signed_up("Jane Doe", "jane@example.com", "Secret123").await;
    let account = app.account_id(&jane, "Current", "current", 1000).await.as_str().unwrap().to_owned();
    let categories = app.categories(&jane).await;
    Books { jane, account, groceries: categories.id("Groceries"), bills: categories.id("Bills & Utilities") }
}

impl Books {
    fn shop(&self, amount: &str, splits: Value) -> Value {
        json!({"accountId": self.account, "type": "expense", "amount": amount, "description": "Tesco",
               "date": today(), "splits": splits})
    }

    fn parts(&self, groceries: &str, bills: &str) -> Value {
        json!([{"categoryId": self.groceries, "amount": groceries, "note": "food"},
               {"categoryId": self.bills, "amount": bills}])
    }
}

async fn count_rows(app: &TestApp, token: &str) -> i64 {
    let page = expect(app.get_auth("/api/transactions", token).await, StatusCode::OK).await;
    page["pagination"]["total"].as_i64().unwrap()
}

#[tokio::test]
async fn a_shop_is_split_answered_with_its_parts_and_counted_in_each_budget() {
    let app = spawn_app().await;
    let b = books(&app).await;
    for category in [&b.groceries, &b.bills] {
        let res = app.post_auth("/api/budgets", &b.jane, json!({"categoryId": category, "limit": 100})).await;
        expect(res, StatusCode::OK).await;
    }
    let made = app.post_auth("/api/transactions", &b.jane, b.shop("84.20", b.parts("61.00", "23.20"))).await;
    let made = expect(made, StatusCode::CREATED).await["data"].clone();
    assert_eq!(made["categoryId"], Value::Null);
    assert_eq!(made["amount"], json!(-84.2));
    assert_eq!(made["balanceAfterTransaction"], json!(915.8));
    let parts: Vec<(&str, f64, &str)> = made["splits"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["category"]["name"].as_str().unwrap(), p["amount"].as_f64().unwrap(), p["note"].as_str().unwrap()))
        .collect();
    assert_eq!(parts, [("Groceries", 61.0, "food"), ("Bills & Utilities", 23.2, "")]);

    let budgets = expect(app.get_auth("/api/budgets", &b.jane).await, StatusCode::OK).await;
    let spent = |name: &str| {
        budgets["data"]["budgets"]
            .as_array()
            .unwrap()
            .iter()
            .find(|x| x["categoryId"]["name"] == name)
            .map(|x| x["currentSpending"].clone())
            .unwrap()
    };
    assert_eq!((spent("Groceries"), spent("Bills & Utilities")), (json!(61.0), json!(23.2)));

    let filtered = app.get_auth(&format!("/api/transactions?category={}", b.bills.as_str().unwrap()), &b.jane).await;
    let filtered = expect(filtered, StatusCode::OK).await;
    assert_eq!(filtered["transactions"].as_array().unwrap().len(), 1);
    assert_eq!(filtered["summary"]["totalExpenses"], json!(-23.2));

    let id = made["_id"].as_str().unwrap();
    let fetched = expect(app.get_auth(&format!("/api/transactions/{id}"), &b.jane).await, StatusCode::OK).await;
    assert_eq!(fetched["data"]["splits"].as_array().unwrap().len(), 2);

    // The month's report lists it once under both categories, and breaks its parts down apart.
    let report = expect(app.get_auth("/api/reports/monthly", &b.jane).await, StatusCode::OK).await;
    let listed = report["data"]["transactions"].as_array().unwrap();
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0]["category"], "Groceries + Bills & Utilities");
    let mut lines: Vec<(String, f64)> = report["data"]["breakdown"]["expenses"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| (l["category"]["name"].as_str().unwrap().to_owned(), l["total"].as_f64().unwrap()))
        .collect();
    lines.sort_by(|a, b| a.0.cmp(&b.0));
    assert_eq!(lines, [("Bills & Utilities".to_owned(), 23.2), ("Groceries".to_owned(), 61.0)]);
    assert_eq!(report["data"]["summary"]["totalTransactions"], 1);
}

#[tokio::test]
async fn a_bad_split_is_refused_with_the_specs_words_and_nothing_is_written() {
    let app = spawn_app().await;
    let b = books(&app).await;
    let cases = [
        (b.shop("84.20", b.parts("61.00", "19.00")), "Split amounts must add up to £84.20 (they add up to £80.00)"),
        (
            b.shop("84.20", json!([{"categoryId": b.groceries, "amount": "84.20"}])),
            "A split needs between 2 and 20 parts",
        ),
        (
            b.shop("21", json!((0..21).map(|_| json!({"categoryId": b.groceries, "amount": 1})).collect::<Vec<_>>())),
            "A split needs between 2 and 20 parts",
        ),
        (b.shop("84.20", b.parts("84.20", "0")), "Split amount must be positive"),
        (b.shop("84.20", b.parts("61.005", "23.195")), "Amount cannot have more than 2 decimal places"),
        (b.shop("84.20", json!([{"amount": "1"}, {"categoryId": b.bills, "amount": "83.20"}])), "Category is required"),
        (
            b.shop(
                "84.20",
                json!([{"categoryId": b.groceries, "amount": "1", "note": "n".repeat(201)},
                                    {"categoryId": b.bills, "amount": "83.20"}]),
            ),
            "Split note cannot exceed 200 characters",
        ),
        (b.shop("84.20", json!([])), "Category is required"),
    ];
    for (body, message) in cases {
        expect_error(app.post_auth("/api/transactions", &b.jane, body).await, StatusCode::BAD_REQUEST, message).await;
    }
    let malformed = b.shop("84.20", json!([{"categoryId": b.groceries, "amount": {"pounds": 1}}]));
    expect(app.post_auth("/api/transactions", &b.jane, malformed).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(count_rows(&app, &b.jane).await, 0);

    // Another household's category is not found, as if it did not exist.
    let john = app.signed_up("John Smith", "john@example.com", "Secret123").await;
    let johns = app.categories(&john).await.id("Groceries");
    let foreign = b.shop("2", json!([{"categoryId": b.groceries, "amount": 1}, {"categoryId": johns, "amount": 1}]));
    expect_error(
        app.post_auth("/api/transactions", &b.jane, foreign).await,
        StatusCode::NOT_FOUND,
        "Category not found",
    )
    .await;
    assert_eq!(count_rows(&app, &b.jane).await, 0);
}

#[tokio::test]
async fn an_edit_changes_or_takes_away_the_split_and_a_transfer_cannot_be_split() {
    let app = spawn_app().await;
    let b = books(&app).await;
    let made = app.post_auth("/api/transactions", &b.jane, b.shop("84.20", b.parts("61.00", "23.20"))).await;
    let id = expect(made, StatusCode::CREATED).await["data"]["_id"].as_str().unwrap().to_owned();
    let path = format!("/api/transactions/{id}");

    let edited = expect(app.put_auth(&path, &b.jane, b.shop("90", b.parts("60", "30"))).await, StatusCode::OK).await;
    let amounts: Vec<f64> =
        edited["data"]["splits"].as_array().unwrap().iter().map(|p| p["amount"].as_f64().unwrap()).collect();
    assert_eq!(amounts, [60.0, 30.0]);
    let short = b.shop("95", b.parts("60", "30"));
    expect_error(
        app.put_auth(&path, &b.jane, short).await,
        StatusCode::BAD_REQUEST,
        "Split amounts must add up to £95.00 (they add up to £90.00)",
    )
    .await;
    expect_error(
        app.put_auth(&path, &b.jane, b.shop("90", json!([]))).await,
        StatusCode::BAD_REQUEST,
        "Category is required",
    )
    .await;
    let unchanged = expect(app.get_auth(&path, &b.jane).await, StatusCode::OK).await;
    assert_eq!(unchanged["data"]["amount"], json!(-90.0));
    assert_eq!(unchanged["data"]["splits"].as_array().unwrap().len(), 2);

    let mut whole = b.shop("90", json!([]));
    whole["categoryId"] = b.groceries.clone();
    let whole = expect(app.put_auth(&path, &b.jane, whole).await, StatusCode::OK).await;
    assert_eq!(whole["data"]["splits"], json!([]));
    assert_eq!(whole["data"]["categoryId"]["name"], "Groceries");

    let savings = app.account_id(&b.jane, "Savings", "savings", 0).await;
    let transfer = json!({"amount": 50, "description": "Rainy day", "fromAccountId": b.account,
                          "toAccountId": savings, "date": today()});
    let transfer = expect(app.post_auth("/api/transfers", &b.jane, transfer).await, StatusCode::CREATED).await;
    let leg = transfer["data"]["fromTransaction"]["_id"].as_str().unwrap().to_owned();
    expect_error(
        app.put_auth(&format!("/api/transactions/{leg}"), &b.jane, b.shop("50", b.parts("25", "25"))).await,
        StatusCode::BAD_REQUEST,
        "A transfer cannot be split",
    )
    .await;
}

#[tokio::test]
async fn the_demo_household_splits_its_tesco_shop_between_groceries_and_shopping() {
    let app = spawn_app().await;
    let today = domain::dates::london_today(chrono::Utc::now());
    let seeder = server::state::seeder(app.db.db.clone()).unwrap();
    seeder.seed("demo@example.com", "Demo1234", demo_data::realistic(today, 12, 7), false).await.unwrap();
    let login = expect(app.login("demo@example.com", "Demo1234").await, StatusCode::OK).await;
    let token = login["token"].as_str().unwrap().to_owned();
    let page = expect(app.get_auth("/api/transactions?search=Tesco&limit=100", &token).await, StatusCode::OK).await;
    let rows = page["transactions"].as_array().unwrap();
    let split: Vec<&Value> = rows.iter().filter(|t| !t["splits"].as_array().unwrap().is_empty()).collect();
    assert!(!split.is_empty() && split.len() < rows.len(), "the last six months' shops only: {}", split.len());
    for t in split {
        let names: Vec<&str> =
            t["splits"].as_array().unwrap().iter().map(|p| p["category"]["name"].as_str().unwrap()).collect();
        assert_eq!(names, ["Groceries", "Shopping"]);
        let pence: i64 = t["splits"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| (p["amount"].as_f64().unwrap() * 100.0).round() as i64)
            .sum();
        assert_eq!(pence, -(t["amount"].as_f64().unwrap() * 100.0).round() as i64, "{t}");
        assert_eq!(t["categoryId"], Value::Null);
    }
    // The month totals (Groceries and Shopping each with their parts) are what the rows say.
    let report =
        ports::verify::LedgerCheck::check(&adapter_postgres::PgLedgerCheck::new(app.db.db.clone()), None, false)
            .await
            .unwrap();
    assert!(!report.needs_attention(), "{report}");
}
