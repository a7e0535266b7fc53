//! Budgets, month finalisation and analytics over HTTP.

use crate::common;

use chrono::{Datelike, Months, NaiveDate};
use common::{expect, expect_error, spawn_app, Categories, TestApp};
use reqwest::StatusCode;
use serde_json::{json, Value};

fn this_month() -> NaiveDate {
    let today = domain::dates::london_today(chrono::Utc::now());
    NaiveDate::from_ymd_opt(today.year(), today.month(), 1).unwrap()
}

struct Setup {
    token: String,
    account: Value,
    categories: Categories,
}

async fn setup(app: &TestApp, email: &str) -> Setup {
    let token = app.signed_up("Jane Doe", email, "Secret123").await;
    let account = app.account_id(&token, "Current", "current", 0).await;
    let categories = app.categories(&token).await;
    Setup { token, account, categories }
}

async fn spend(app: &TestApp, s: &Setup, category: &str, amount: f64, kind: &str, date: NaiveDate) {
    let body = json!({"amount": amount, "description": "x", "type": kind, "categoryId": s.categories.id(category), "accountId": s.account, "date": date.to_string()});
    expect(app.post_auth("/api/transactions", &s.token, body).await, StatusCode::CREATED).await;
}

fn budget<'a>(list: &'a Value, category: &str) -> &'a Value {
    list["data"]["budgets"].as_array().unwrap().iter().find(|b| b["categoryId"]["name"] == category).unwrap()
}

#[tokio::test]
async fn budgets_track_this_months_spending_with_refunds_and_statuses() {
    let app = spawn_app().await;
    let s = setup(&app, "jane@example.com").await;
    let today = domain::dates::london_today(chrono::Utc::now());
    for (category, limit) in [("Groceries", 100.0), ("Eating Out", 50.0), ("Transport", 10.0)] {
        let res = app
            .post_auth("/api/budgets", &s.token, json!({"categoryId": s.categories.id(category), "limit": limit}))
            .await;
        expect(res, StatusCode::OK).await;
    }
    spend(&app, &s, "Groceries", 85.0, "expense", today).await;
    spend(&app, &s, "Groceries", 10.0, "income", today).await; // a refund
    spend(&app, &s, "Eating Out", 50.01, "expense", today).await;
    spend(&app, &s, "Transport", 5.0, "expense", this_month() - Months::new(1)).await; // last month

    let list = expect(app.get_auth("/api/budgets", &s.token).await, StatusCode::OK).await;
    let g = budget(&list, "Groceries");
    assert_eq!(
        (g["currentSpending"].as_f64(), g["percentageUsed"].as_f64(), g["remaining"].as_f64()),
        (Some(75.0), Some(75.0), Some(25.0))
    );
    assert_eq!(g["status"], "good");
    assert_eq!(g["categoryId"]["isDefault"], true);
    let e = budget(&list, "Eating Out");
    assert_eq!((e["status"].as_str(), e["remaining"].as_f64()), (Some("over_budget"), Some(-0.01)));
    assert_eq!(budget(&list, "Transport")["currentSpending"], json!(0.0));
    assert_eq!(list["data"]["monthInfo"]["month"], this_month().month());

    // Updating keeps one budget per category.
    let res = app
        .post_auth("/api/budgets", &s.token, json!({"categoryId": s.categories.id("Groceries"), "limit": "93.75"}))
        .await;
    assert_eq!(expect(res, StatusCode::OK).await["data"]["status"], "warning");
    let list = expect(app.get_auth("/api/budgets", &s.token).await, StatusCode::OK).await;
    assert_eq!(list["data"]["budgets"].as_array().unwrap().len(), 3);

    // Removing a budget touches no transaction.
    let id = budget(&list, "Transport")["_id"].as_str().unwrap().to_owned();
    expect(app.delete_auth(&format!("/api/budgets/{id}"), &s.token).await, StatusCode::OK).await;
    expect(app.delete_auth(&format!("/api/budgets/{id}"), &s.token).await, StatusCode::NOT_FOUND).await;
    let tx = expect(app.get_auth("/api/transactions", &s.token).await, StatusCode::OK).await;
    assert_eq!(tx["pagination"]["total"], 4);
}

#[tokio::test]
async fn the_budget_form_rules_and_eligibility_are_enforced() {
    let app = spawn_app().await;
    let s = setup(&app, "jane@example.com").await;
    let groceries = s.categories.id("Groceries");
    for (body, status, message) in [
        (json!({"categoryId": groceries}), 400, "Budget limit is required"),
        (json!({"categoryId": groceries, "limit": "lots"}), 400, "Budget limit must be a number"),
        (json!({"categoryId": groceries, "limit": 0}), 400, "Budget limit must be positive"),
        (json!({"categoryId": groceries, "limit": 0.001}), 400, "Budget limit must be at least £0.01"),
        (json!({"categoryId": groceries, "limit": "0.004"}), 400, "Budget limit must be at least £0.01"),
        (
            json!({"categoryId": groceries, "limit": "12.345"}),
            400,
            "Budget limit cannot have more than 2 decimal places",
        ),
        (json!({"categoryId": groceries, "limit": 1000000}), 400, "Budget limit cannot exceed £999,999.99"),
        (json!({"limit": 10}), 400, "Category is required"),
        (json!({"categoryId": s.categories.id("Salary"), "limit": 10}), 400, "Income categories cannot have a budget"),
        (json!({"categoryId": "nope", "limit": 10}), 404, "Category not found"),
    ] {
        let res = app.post_auth("/api/budgets", &s.token, body).await;
        expect_error(res, StatusCode::from_u16(status).unwrap(), message).await;
    }
    let other = setup(&app, "mallory@example.com").await;
    let res = app.post_auth("/api/budgets", &other.token, json!({"categoryId": groceries, "limit": 10})).await;
    expect(res, StatusCode::NOT_FOUND).await;
    let list = expect(app.get_auth("/api/budgets", &s.token).await, StatusCode::OK).await;
    assert!(list["data"]["budgets"].as_array().unwrap().is_empty(), "nothing was stored");
}

#[tokio::test]
async fn only_a_superadmin_finalises_and_a_snapshot_does_not_move() {
    let app = spawn_app().await;
    let s = setup(&app, "jane@example.com").await;
    let last = this_month() - Months::new(1);
    let body = json!({"year": last.year(), "month": last.month()});
    app.post_auth("/api/budgets", &s.token, json!({"categoryId": s.categories.id("Groceries"), "limit": 100})).await;
    app.sql(&format!("UPDATE budget_limits SET from_month = '{last}'")); // the limit was set last month
    spend(&app, &s, "Groceries", 40.0, "expense", last).await;

    let res = app.post_auth("/api/budget-snapshots/finalize", &s.token, body.clone()).await;
    expect_error(res, StatusCode::FORBIDDEN, "Access denied. Superadmin privileges required.").await;
    let me = expect(app.get_auth("/api/auth/me", &s.token).await, StatusCode::OK).await;
    let my_id = me["user"]["_id"].as_str().unwrap().to_owned();
    let res = app.post_auth(&format!("/api/budget-snapshots/finalize/{my_id}"), &s.token, body.clone()).await;
    expect(res, StatusCode::FORBIDDEN).await;

    app.sql("UPDATE users SET role = 'superadmin' WHERE email = 'jane@example.com'");
    let res = app.post_auth("/api/budget-snapshots/finalize", &s.token, body.clone()).await;
    assert_eq!(expect(res, StatusCode::OK).await["message"], "Month finalised successfully");

    // Later edits of that month leave the snapshot as it was.
    spend(&app, &s, "Groceries", 500.0, "expense", last).await;
    let a = expect(app.get_auth("/api/budget-analytics?months=3", &s.token).await, StatusCode::OK).await;
    let months = a["data"]["data"]["monthlyData"].as_array().unwrap();
    assert_eq!(months.len(), 3);
    let snap = months.iter().find(|m| m["month"] == last.month()).unwrap();
    assert_eq!(snap["source"], "snapshot");
    assert_eq!(snap["totalSpent"], json!(40.0));
    assert_eq!(months.last().unwrap()["source"], "computed");

    // Finalising again replaces it.
    expect(app.post_auth("/api/budget-snapshots/finalize", &s.token, body.clone()).await, StatusCode::OK).await;
    let a = expect(app.get_auth("/api/budget-analytics?months=3", &s.token).await, StatusCode::OK).await;
    let snap = a["data"]["data"]["monthlyData"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["month"] == last.month())
        .cloned()
        .unwrap();
    assert_eq!(snap["totalSpent"], json!(540.0));
    assert_eq!(snap["categoryBreakdown"][0]["status"], "over_budget");

    // A future month, a bad month and an unknown user.
    let next = this_month() + Months::new(1);
    let res = app
        .post_auth("/api/budget-snapshots/finalize", &s.token, json!({"year": next.year(), "month": next.month()}))
        .await;
    expect_error(res, StatusCode::BAD_REQUEST, "Cannot finalise a future month").await;
    let res = app.post_auth("/api/budget-snapshots/finalize", &s.token, json!({"year": 2026, "month": 13})).await;
    expect_error(res, StatusCode::BAD_REQUEST, "Month must be between 1 and 12").await;
    let res = app.post_auth("/api/budget-snapshots/finalize", &s.token, json!({"year": "", "month": 1})).await;
    expect(res, StatusCode::BAD_REQUEST).await;
    let res = app
        .post_auth(&format!("/api/budget-snapshots/finalize/{}", uuid::Uuid::now_v7()), &s.token, body.clone())
        .await;
    expect_error(res, StatusCode::NOT_FOUND, "User not found").await;
}

#[tokio::test]
async fn a_superadmin_finalises_another_users_month() {
    let app = spawn_app().await;
    let admin = setup(&app, "admin@example.com").await;
    app.sql("UPDATE users SET role = 'superadmin' WHERE email = 'admin@example.com'");
    let jane = setup(&app, "jane@example.com").await;
    app.post_auth("/api/budgets", &jane.token, json!({"categoryId": jane.categories.id("Groceries"), "limit": 100}))
        .await;
    let me = expect(app.get_auth("/api/auth/me", &jane.token).await, StatusCode::OK).await;
    let jane_id = me["user"]["_id"].as_str().unwrap();
    let now = this_month();
    let res = app
        .post_auth(
            &format!("/api/budget-snapshots/finalize/{jane_id}"),
            &admin.token,
            json!({"year": now.year(), "month": now.month()}),
        )
        .await;
    assert_eq!(expect(res, StatusCode::OK).await["data"]["budgets"], 1);
    let a = expect(app.get_auth("/api/budget-analytics?months=3", &jane.token).await, StatusCode::OK).await;
    assert_eq!(a["data"]["data"]["monthlyData"][2]["source"], "snapshot");
    let a = expect(app.get_auth("/api/budget-analytics?months=3", &admin.token).await, StatusCode::OK).await;
    assert_eq!(a["data"]["data"]["monthlyData"][2]["source"], "computed", "the admin's own month is untouched");
}

#[tokio::test]
async fn analytics_accepts_three_six_or_twelve_months() {
    let app = spawn_app().await;
    let s = setup(&app, "jane@example.com").await;
    for months in ["3", "6", "12"] {
        let a = expect(app.get_auth(&format!("/api/budget-analytics?months={months}"), &s.token).await, StatusCode::OK)
            .await;
        assert_eq!(a["data"]["data"]["monthlyData"].as_array().unwrap().len(), months.parse::<usize>().unwrap());
    }
    let a = expect(app.get_auth("/api/budget-analytics", &s.token).await, StatusCode::OK).await;
    assert_eq!(a["data"]["data"]["monthlyData"].as_array().unwrap().len(), 6);
    assert_eq!(a["data"]["data"]["insights"]["spendingTrend"]["direction"], "stable");
    for bad in ["4", "x", "-3", "24"] {
        let res = app.get_auth(&format!("/api/budget-analytics?months={bad}"), &s.token).await;
        expect_error(res, StatusCode::BAD_REQUEST, "Months must be 3, 6 or 12").await;
    }
}

#[tokio::test]
async fn a_limit_applies_from_the_month_it_was_set_and_an_edit_starts_a_new_period() {
    let app = spawn_app().await;
    let s = setup(&app, "jane@example.com").await;
    let now = this_month();
    let last = now - Months::new(1);
    spend(&app, &s, "Groceries", 150.0, "expense", last).await;
    spend(&app, &s, "Groceries", 90.0, "expense", now).await;
    let res = app
        .post_auth("/api/budgets", &s.token, json!({"categoryId": s.categories.id("Groceries"), "limit": 100}))
        .await;
    let id = expect(res, StatusCode::OK).await["data"]["_id"].as_str().unwrap().to_owned();

    let line = |a: &Value, month: NaiveDate| {
        let m =
            a["data"]["data"]["monthlyData"].as_array().unwrap().iter().find(|m| m["month"] == month.month()).cloned();
        m.unwrap()["categoryBreakdown"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["categoryName"] == "Groceries")
            .cloned()
            .unwrap()
    };
    let a = expect(app.get_auth("/api/budget-analytics?months=3", &s.token).await, StatusCode::OK).await;
    assert_eq!(line(&a, last)["status"], "no_budget", "last month had no budget: it is not judged by today's");
    assert_eq!(line(&a, last)["budgeted"], Value::Null);
    assert_eq!(line(&a, now)["budgeted"], json!(100.0));
    assert_eq!(line(&a, now)["status"], "warning");

    // Raising it this month replaces this month's limit; a second history row is not needed.
    let res = app
        .post_auth("/api/budgets", &s.token, json!({"categoryId": s.categories.id("Groceries"), "limit": 200}))
        .await;
    expect(res, StatusCode::OK).await;
    let a = expect(app.get_auth("/api/budget-analytics?months=3", &s.token).await, StatusCode::OK).await;
    assert_eq!(line(&a, now)["budgeted"], json!(200.0));
    assert_eq!(line(&a, last)["status"], "no_budget");

    // Had it been set last month, last month keeps that limit after today's edit.
    app.sql(&format!(
        "INSERT INTO budget_limits (household_id, category_id, from_month, limit_pence)
         SELECT household_id, category_id, '{last}', 12000 FROM budgets"
    ));
    let a = expect(app.get_auth("/api/budget-analytics?months=3", &s.token).await, StatusCode::OK).await;
    assert_eq!(line(&a, last)["budgeted"], json!(120.0));
    assert_eq!(line(&a, last)["status"], "over_budget");
    assert_eq!(line(&a, now)["budgeted"], json!(200.0));

    // Removing it ends it from this month; the past keeps its limit.
    expect(app.delete_auth(&format!("/api/budgets/{id}"), &s.token).await, StatusCode::OK).await;
    let a = expect(app.get_auth("/api/budget-analytics?months=3", &s.token).await, StatusCode::OK).await;
    assert_eq!(line(&a, now)["status"], "no_budget");
    assert_eq!(line(&a, last)["budgeted"], json!(120.0));
}
