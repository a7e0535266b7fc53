//! The UK tax year over HTTP: categories marked for Self Assessment, GET /reports/tax-year and
//! its PDF (5 April and 6 April in different tax years, a private account's rows kept private,
//! bad years refused), and the profile's report year.

use crate::common;
use crate::household::invite_and_join;
use crate::private_accounts::pdf_text;

use common::{expect, expect_error, spawn_app, TestApp};
use reqwest::StatusCode;
use serde_json::{json, Value};

/// A new category of `kind` marked `treatment`, by PUT as the edit form sends it.
async fn marked_category(app: &TestApp, token: &str, name: &str, kind: &str, treatment: &str) -> String {
    let made = app.post_auth("/api/categories", token, json!({"name": name, "type": kind})).await;
    let id = expect(made, StatusCode::CREATED).await["data"]["_id"].as_str().unwrap().to_owned();
    let body = json!({"name": name, "type": kind, "taxTreatment": treatment});
    let edited = expect(app.put_auth(&format!("/api/categories/{id}"), token, body).await, StatusCode::OK).await;
    assert_eq!(edited["data"]["taxTreatment"], treatment);
    id
}

async fn add(app: &TestApp, token: &str, account: &Value, category: &str, kind: &str, amount: &str, date: &str) {
    let body = json!({"accountId": account, "categoryId": category, "type": kind, "amount": amount,
                      "description": format!("{kind} {amount}"), "date": date});
    expect(app.post_auth("/api/transactions", token, body).await, StatusCode::CREATED).await;
}

async fn tax_year(app: &TestApp, token: &str, year: i32) -> Value {
    expect(app.get_auth(&format!("/api/reports/tax-year?year={year}"), token).await, StatusCode::OK).await["data"]
        .clone()
}

/// Freelance income on 5 and 6 April 2025 and 2026, an allowable office cost on 6 April 2025,
/// groceries (not marked) in June and a transfer in May.
async fn fixture(app: &TestApp) -> String {
    let token = app.signed_up("Jane Doe", "jane@example.com", "Secret123").await;
    let current = app.account_id(&token, "Current", "current", 1000).await;
    let savings = app.account_id(&token, "Savings", "savings", 0).await;
    let freelance = marked_category(app, &token, "Freelance", "income", "income").await;
    let office = marked_category(app, &token, "Office costs", "expense", "allowable").await;
    let groceries = app.categories(&token).await.id("Groceries");
    for (category, kind, amount, date) in [
        (freelance.as_str(), "income", "100.00", "2025-04-05"),
        (&freelance, "income", "200.00", "2025-04-06"),
        (&freelance, "income", "300.00", "2026-04-05"),
        (&freelance, "income", "400.00", "2026-04-06"),
        (&office, "expense", "50.00", "2025-04-06"),
        (groceries.as_str().unwrap(), "expense", "10.00", "2025-06-01"),
    ] {
        add(app, &token, &current, category, kind, amount, date).await;
    }
    let transfer = json!({"fromAccountId": current, "toAccountId": savings, "amount": "25.00",
                          "description": "Save", "date": "2025-05-01"});
    expect(app.post_auth("/api/transfers", &token, transfer).await, StatusCode::CREATED).await;
    token
}

#[tokio::test]
async fn the_5th_and_6th_of_april_fall_in_different_tax_years() {
    let app = spawn_app().await;
    let token = fixture(&app).await;

    let r = tax_year(&app, &token, 2025).await;
    assert_eq!(r["period"], json!({"startDate": "2025-04-06", "endDate": "2026-04-05", "label": "2025/26"}));
    let s = &r["summary"];
    assert_eq!(
        (&s["totalIncome"], &s["totalExpenses"], &s["netAmount"], &s["totalTransactions"]),
        (&json!(500.0), &json!(60.0), &json!(440.0), &json!(4)),
        "6 April 2025 to 5 April 2026, the transfer left out"
    );
    assert_eq!(s["openingBalance"], json!(1100.0), "5 April 2025 was before the year began");
    assert_eq!(s["closingBalance"], json!(1540.0));
    let months = r["monthlyBreakdown"].as_array().unwrap();
    assert_eq!(months.len(), 12);
    assert_eq!(
        (&months[0]["monthName"], &months[0]["startDate"], &months[0]["endDate"]),
        (&json!("April"), &json!("2025-04-06"), &json!("2025-05-05"))
    );
    assert_eq!((&months[0]["income"], &months[0]["expenses"]), (&json!(200.0), &json!(50.0)));
    assert_eq!(months[1]["expenses"], json!(10.0), "1 June is in the May tax month");
    assert_eq!((&months[11]["monthName"], &months[11]["income"]), (&json!("March"), &json!(300.0)));
    assert_eq!(
        r["selfAssessment"],
        json!({
            "income": [{"category": "Freelance", "total": 500.0}],
            "allowableExpenses": [{"category": "Office costs", "total": 50.0}],
            "totalIncome": 500.0, "totalAllowableExpenses": 50.0, "net": 450.0
        })
    );

    let before = tax_year(&app, &token, 2024).await;
    assert_eq!(before["period"]["label"], "2024/25");
    assert_eq!(before["selfAssessment"]["income"], json!([{"category": "Freelance", "total": 100.0}]));
    assert_eq!(before["monthlyBreakdown"][11]["income"], json!(100.0), "5 April is the last tax month's");
    let after = tax_year(&app, &token, 2026).await;
    assert_eq!(after["selfAssessment"]["totalIncome"], json!(400.0));
    assert_eq!(after["selfAssessment"]["allowableExpenses"], json!([]));
}

#[tokio::test]
async fn a_tax_treatment_fits_its_category_and_can_be_cleared() {
    let app = spawn_app().await;
    let token = app.signed_up("Jane Doe", "jane@example.com", "Secret123").await;
    let cats = app.categories(&token).await;
    let groceries = format!("/api/categories/{}", cats.id("Groceries").as_str().unwrap());
    let salary = format!("/api/categories/{}", cats.id("Salary").as_str().unwrap());
    let edit =
        |name: &str, kind: &str, treatment: Value| json!({"name": name, "type": kind, "taxTreatment": treatment});

    let wrong = app.put_auth(&groceries, &token, edit("Groceries", "expense", json!("income"))).await;
    expect_error(wrong, StatusCode::BAD_REQUEST, "Only an income category can be marked as income for tax").await;
    let wrong = app.put_auth(&salary, &token, edit("Salary", "income", json!("allowable"))).await;
    expect_error(wrong, StatusCode::BAD_REQUEST, "Only an expense category can be marked as an allowable expense")
        .await;
    let wrong = app.put_auth(&groceries, &token, edit("Groceries", "expense", json!("deductible"))).await;
    expect_error(wrong, StatusCode::BAD_REQUEST, "Tax treatment must be income, allowable or none").await;
    let wrong = app.put_auth(&groceries, &token, edit("Groceries", "expense", json!(7))).await;
    assert_eq!(wrong.status(), StatusCode::BAD_REQUEST);

    let marked = app.put_auth(&groceries, &token, edit("Groceries", "expense", json!("allowable"))).await;
    assert_eq!(expect(marked, StatusCode::OK).await["data"]["taxTreatment"], "allowable");
    let renamed = app.put_auth(&groceries, &token, json!({"name": "Food", "type": "expense"})).await;
    assert_eq!(expect(renamed, StatusCode::OK).await["data"]["taxTreatment"], "allowable", "absent: kept");
    let listed = expect(app.get_auth("/api/categories", &token).await, StatusCode::OK).await;
    let food = listed["data"].as_array().unwrap().iter().find(|c| c["name"] == "Food").unwrap().clone();
    assert_eq!(food["taxTreatment"], "allowable");
    assert_eq!(
        listed["data"].as_array().unwrap().iter().find(|c| c["name"] == "Salary").unwrap()["taxTreatment"],
        Value::Null
    );

    let cleared = app.put_auth(&groceries, &token, edit("Food", "expense", Value::Null)).await;
    assert_eq!(expect(cleared, StatusCode::OK).await["data"]["taxTreatment"], Value::Null);
    app.put_auth(&groceries, &token, edit("Food", "expense", json!("allowable"))).await;
    let now_income = app.put_auth(&groceries, &token, json!({"name": "Food", "type": "income"})).await;
    assert_eq!(
        expect(now_income, StatusCode::OK).await["data"]["taxTreatment"],
        Value::Null,
        "a treatment that no longer fits the type is dropped"
    );
}

#[tokio::test]
async fn a_private_accounts_rows_stay_out_of_the_others_tax_year() {
    let app = spawn_app().await;
    let jane = app.signed_up("Jane Doe", "jane@example.com", "Secret123").await;
    let john = app.signed_up("John Doe", "john@example.com", "Secret123").await;
    invite_and_join(&app, &jane, &john, "john@example.com", "member").await;
    let freelance = marked_category(&app, &jane, "Freelance", "income", "income").await;
    let joint = app.account_id(&jane, "Joint", "current", 0).await;
    let body = json!({"name": "Secret Stash", "type": "savings", "initialBalance": 0, "visibility": "private"});
    let stash =
        expect(app.post_auth("/api/accounts", &john, body).await, StatusCode::CREATED).await["data"]["_id"].clone();
    add(&app, &jane, &joint, &freelance, "income", "100.00", "2025-07-01").await;
    add(&app, &john, &stash, &freelance, "income", "4321.09", "2025-07-02").await;

    let janes = tax_year(&app, &jane, 2025).await;
    assert_eq!(janes["selfAssessment"]["totalIncome"], json!(100.0));
    assert_eq!(janes["summary"]["totalTransactions"], json!(1));
    let pdf = app.get_auth("/api/reports/tax-year/pdf?year=2025", &jane).await;
    let text = pdf_text(&expect_pdf(pdf).await);
    assert!(!text.contains("4,321.09") && !text.contains("Secret Stash"), "{text}");
    let johns = tax_year(&app, &john, 2025).await;
    assert_eq!(johns["selfAssessment"]["totalIncome"], json!(4421.09));

    // Another household sees none of it.
    let olly = app.signed_up("Olly Other", "olly@example.com", "Secret123").await;
    assert_eq!(tax_year(&app, &olly, 2025).await["selfAssessment"]["totalIncome"], json!(0.0));
}

async fn expect_pdf(res: reqwest::Response) -> Vec<u8> {
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.headers()["content-type"], "application/pdf");
    res.bytes().await.unwrap().to_vec()
}

#[tokio::test]
async fn the_tax_years_pdf_has_its_self_assessment_table() {
    let app = spawn_app().await;
    let token = fixture(&app).await;
    let res = app.get_auth("/api/reports/tax-year/pdf?year=2025", &token).await;
    let disposition = res.headers()["content-disposition"].to_str().unwrap().to_owned();
    assert_eq!(disposition, "attachment; filename=\"financial-report-all-accounts-tax-year-2025-26.pdf\"");
    let bytes = expect_pdf(res).await;
    assert!(bytes.starts_with(b"%PDF"));
    let text = pdf_text(&bytes);
    for label in [
        "Tax year 2025/26",
        "Self Assessment",
        "Income for tax",
        "Freelance",
        "£500.00",
        "Allowable expenses",
        "Office costs",
        "£50.00",
        "Net (income less allowable expenses)",
        "£450.00",
        "Month by Month",
    ] {
        assert!(text.contains(label), "{label} missing from:\n{text}");
    }
}

#[tokio::test]
async fn a_bad_year_is_refused_with_its_reason() {
    let app = spawn_app().await;
    let token = app.signed_up("Jane Doe", "jane@example.com", "Secret123").await;
    for path in ["/api/reports/tax-year", "/api/reports/tax-year/pdf"] {
        for (query, message) in [
            ("", "Year is required"),
            ("?year=", "Year is required"),
            ("?year=twenty", "Year must be a whole number"),
            ("?year=2025.5", "Year must be a whole number"),
            ("?year=1899", "Year must be between 1900 and 2200"),
            ("?year=2201", "Year must be between 1900 and 2200"),
            ("?year=99999999999999999999", "Year must be a whole number"),
        ] {
            expect_error(app.get_auth(&format!("{path}{query}"), &token).await, StatusCode::BAD_REQUEST, message).await;
        }
    }
    let edge = expect(app.get_auth("/api/reports/tax-year?year=1900", &token).await, StatusCode::OK).await;
    assert_eq!(edge["data"]["period"]["label"], "1900/01");
    let edge = expect(app.get_auth("/api/reports/tax-year?year=2200", &token).await, StatusCode::OK).await;
    assert_eq!(edge["data"]["period"]["endDate"], "2201-04-05");
}

#[tokio::test]
async fn the_profile_keeps_which_year_the_reports_open_on() {
    let app = spawn_app().await;
    let token = app.signed_up("Jane Doe", "jane@example.com", "Secret123").await;
    let me = || async { expect(app.get_auth("/api/auth/me", &token).await, StatusCode::OK).await["user"].clone() };
    assert_eq!(me().await["reportYear"], "calendar");
    let profile = |year: Value| json!({"name": "Jane Doe", "email": "jane@example.com", "reportYear": year});

    let res = app.put_auth("/api/auth/profile", &token, profile(json!("fiscal"))).await;
    expect_error(res, StatusCode::BAD_REQUEST, "Report year must be calendar or tax").await;
    let bad_name = json!({"name": "", "email": "jane@example.com", "reportYear": "tax"});
    assert_eq!(app.put_auth("/api/auth/profile", &token, bad_name).await.status(), StatusCode::BAD_REQUEST);
    assert_eq!(me().await["reportYear"], "calendar", "a failed request changes nothing");

    let res = app.put_auth("/api/auth/profile", &token, profile(json!("tax"))).await;
    assert_eq!(expect(res, StatusCode::OK).await["user"]["reportYear"], "tax");
    assert_eq!(me().await["reportYear"], "tax");
    let res = app.put_auth("/api/auth/profile", &token, json!({"name": "Jane D", "email": "jane@example.com"})).await;
    assert_eq!(expect(res, StatusCode::OK).await["user"]["reportYear"], "tax", "absent: kept");
}
