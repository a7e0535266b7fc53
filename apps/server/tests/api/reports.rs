//! Dashboard and report endpoints against hand-computed fixtures, and the PDF download.

use crate::common;

use chrono::{Datelike, Months, NaiveDate};
use common::{expect, expect_error, spawn_app, TestApp};
use reqwest::StatusCode;
use serde_json::{json, Value};

/// The previous calendar month (always wholly in the past), as (year, month, a day in it).
fn last_month() -> (i32, u32, impl Fn(u32) -> String) {
    let today = domain::dates::london_today(chrono::Utc::now());
    let first = NaiveDate::from_ymd_opt(today.year(), today.month(), 1).unwrap() - Months::new(1);
    let (y, m) = (first.year(), first.month());
    (y, m, move |d: u32| NaiveDate::from_ymd_opt(y, m, d).unwrap().to_string())
}

struct Fixture {
    token: String,
    current: String,
    savings: String,
}

/// Last month: salary 2,000.00 and refund 50.00 (income); groceries 120.40 + 79.60 and eating
/// out 50.00 (expenses, current account); a declined 999.99 (ignored); a 300.00 transfer from
/// current to savings; 25.00 eating out on savings. Opening balances: current 1,000, savings 500.
/// One transaction the month before (groceries 10.00) moves the opening of current to 990.
async fn fixture(app: &TestApp) -> Fixture {
    let token = app.signed_up("Jane Doe", "jane@example.com", "Secret123").await;
    let account = |name: &str, initial: f64| {
        let token = token.clone();
        let name = name.to_owned();
        async move {
            let res = app
                .post_auth("/api/accounts", &token, json!({"name": name, "type": "current", "initialBalance": initial}))
                .await;
            expect(res, StatusCode::CREATED).await["data"]["_id"].as_str().unwrap().to_owned()
        }
    };
    let current = account("Current", 1000.0).await;
    let savings = account("Savings", 500.0).await;
    let cats = expect(app.get_auth("/api/categories", &token).await, StatusCode::OK).await;
    let cat = |name: &str| cats["data"].as_array().unwrap().iter().find(|c| c["name"] == name).unwrap()["_id"].clone();
    let (_, _, d) = last_month();
    let before = {
        let today = domain::dates::london_today(chrono::Utc::now());
        (NaiveDate::from_ymd_opt(today.year(), today.month(), 1).unwrap() - Months::new(2)).to_string()
    };
    let add = |amount: f64, kind: &str, category: &str, account: &str, date: String, status: Option<&str>| {
        let mut body = json!({"amount": amount, "description": format!("{category} {amount}"), "type": kind, "categoryId": cat(category), "accountId": account, "date": date});
        if let Some(s) = status {
            body["status"] = json!(s);
        }
        body
    };
    for body in [
        add(10.0, "expense", "Groceries", &current, before, None),
        add(2000.0, "income", "Salary", &current, d(25), None),
        add(50.0, "income", "Other Income", &current, d(3), None),
        add(120.40, "expense", "Groceries", &current, d(4), None),
        add(79.60, "expense", "Groceries", &current, d(11), None),
        add(50.0, "expense", "Eating Out", &current, d(12), None),
        add(999.99, "expense", "Eating Out", &current, d(13), Some("declined")),
        add(25.0, "expense", "Eating Out", &savings, d(14), None),
    ] {
        expect(app.post_auth("/api/transactions", &token, body).await, StatusCode::CREATED).await;
    }
    let transfer =
        json!({"amount": 300, "description": "Save", "fromAccountId": current, "toAccountId": savings, "date": d(26)});
    expect(app.post_auth("/api/transfers", &token, transfer).await, StatusCode::CREATED).await;
    Fixture { token, current, savings }
}

fn report_url(account: Option<&str>) -> String {
    let (y, m, _) = last_month();
    match account {
        Some(a) => format!("/api/reports/monthly?year={y}&month={m}&accountId={a}"),
        None => format!("/api/reports/monthly?year={y}&month={m}"),
    }
}

#[tokio::test]
async fn the_monthly_report_of_all_accounts_matches_the_hand_computed_figures() {
    let app = spawn_app().await;
    let f = fixture(&app).await;
    let body = expect(app.get_auth(&report_url(None), &f.token).await, StatusCode::OK).await;
    let data = &body["data"];
    let s = &data["summary"];
    assert_eq!(s["totalIncome"], json!(2050.0));
    assert_eq!(s["totalExpenses"], json!(275.0));
    assert_eq!(s["netAmount"], json!(1775.0));
    assert_eq!((s["incomeCount"].as_i64(), s["expenseCount"].as_i64()), (Some(2), Some(4)));
    assert_eq!(
        s["totalTransactions"], 6,
        "income and expenses; transfer legs and the declined one are not transactions"
    );
    assert_eq!(s["transferLegCount"], 2, "the transfer's legs are listed and counted apart");
    assert_eq!(s["openingBalance"], json!(1490.0));
    assert_eq!(s["closingBalance"], json!(3265.0));
    let expenses = data["breakdown"]["expenses"].as_array().unwrap();
    assert_eq!(expenses[0]["category"]["name"], "Groceries");
    assert_eq!(expenses[0]["total"], json!(200.0));
    assert_eq!(expenses[0]["count"], 2);
    assert_eq!(expenses[0]["percentage"], json!(72.7));
    assert_eq!(expenses[1]["percentage"], json!(27.3));
    let income = data["breakdown"]["income"].as_array().unwrap();
    let pct: f64 = income.iter().map(|l| l["percentage"].as_f64().unwrap()).sum();
    assert!((pct - 100.0).abs() < 1e-9);
    assert_eq!(data["transactions"].as_array().unwrap().len(), 8);
    assert!(data["transactions"]
        .as_array()
        .unwrap()
        .iter()
        .any(|t| t["isTransfer"] == true && t["category"].is_null()));
    let (_, m, _) = last_month();
    assert_eq!(data["period"]["month"], m);
    assert!(data["period"]["monthName"].as_str().unwrap().len() >= 3);
}

#[tokio::test]
async fn the_monthly_report_of_one_account_counts_its_transfers_in_the_balances() {
    let app = spawn_app().await;
    let f = fixture(&app).await;
    let body = expect(app.get_auth(&report_url(Some(&f.current)), &f.token).await, StatusCode::OK).await;
    let s = &body["data"]["summary"];
    assert_eq!(s["totalIncome"], json!(2050.0));
    assert_eq!(s["totalExpenses"], json!(250.0));
    assert_eq!(s["openingBalance"], json!(990.0));
    assert_eq!(s["closingBalance"], json!(990.0 + 2050.0 - 250.0 - 300.0));
    let body = expect(app.get_auth(&report_url(Some(&f.savings)), &f.token).await, StatusCode::OK).await;
    let s = &body["data"]["summary"];
    assert_eq!((s["openingBalance"].as_f64(), s["closingBalance"].as_f64()), (Some(500.0), Some(775.0)));
}

#[tokio::test]
async fn an_empty_month_is_zeros_not_an_error_and_bad_periods_are_400() {
    let app = spawn_app().await;
    let token = app.signed_up("Jane Doe", "jane@example.com", "Secret123").await;
    let (y, m, _) = last_month();
    let body =
        expect(app.get_auth(&format!("/api/reports/monthly?year={y}&month={m}"), &token).await, StatusCode::OK).await;
    assert_eq!(body["data"]["summary"]["totalTransactions"], 0);
    assert_eq!(body["data"]["transactions"], json!([]));
    let this_year = domain::dates::london_today(chrono::Utc::now()).year();
    for (q, message) in [
        (format!("year={y}&month=13"), "Month must be between 1 and 12".to_owned()),
        (format!("year={y}&month=0"), "Month must be between 1 and 12".to_owned()),
        (format!("year={}&month=1", this_year - 5), format!("Year must be between {} and {this_year}", this_year - 4)),
        (format!("year={}&month=1", this_year + 1), format!("Year must be between {} and {this_year}", this_year - 4)),
        ("year=abc&month=1".to_owned(), "Year must be a whole number".to_owned()),
    ] {
        expect_error(
            app.get_auth(&format!("/api/reports/monthly?{q}"), &token).await,
            StatusCode::BAD_REQUEST,
            &message,
        )
        .await;
    }
    expect(app.get_auth(&format!("/api/reports/yearly?year={}", this_year - 9), &token).await, StatusCode::BAD_REQUEST)
        .await;
    expect(app.get_auth("/api/transactions/dashboard/chart-data?type=savings", &token).await, StatusCode::BAD_REQUEST)
        .await;
}

#[tokio::test]
async fn another_users_account_is_404_in_reports() {
    let app = spawn_app().await;
    let f = fixture(&app).await;
    let mallory = app.signed_up("Mallory", "mallory@example.com", "Secret123").await;
    expect(app.get_auth(&report_url(Some(&f.current)), &mallory).await, StatusCode::NOT_FOUND).await;
    let (y, m, _) = last_month();
    let pdf = format!("/api/reports/monthly/pdf?year={y}&month={m}&accountId={}", f.current);
    expect(app.get_auth(&pdf, &mallory).await, StatusCode::NOT_FOUND).await;
    for path in ["yearly", "yearly/pdf"] {
        let url = format!("/api/reports/{path}?year={y}&accountId={}", f.current);
        expect(app.get_auth(&url, &mallory).await, StatusCode::NOT_FOUND).await;
        let url = format!("/api/reports/{path}?year={y}&accountId=not-an-id");
        expect(app.get_auth(&url, &mallory).await, StatusCode::NOT_FOUND).await;
    }
}

#[tokio::test]
async fn a_whole_year_of_one_account_runs_from_january_to_december() {
    let app = spawn_app().await;
    let f = fixture(&app).await;
    let (y, m, _) = last_month();
    // The fixture's one earlier expense (10.00) is two months back: in this year or the last.
    let earlier_in_year = m > 1;
    let url = format!("/api/reports/yearly?year={y}&accountId={}", f.current);
    let body = expect(app.get_auth(&url, &f.token).await, StatusCode::OK).await;
    let data = &body["data"];
    let month = &data["months"][m as usize - 1];
    assert_eq!(
        (month["income"].as_f64(), month["expenses"].as_f64(), month["net"].as_f64()),
        (Some(2050.0), Some(250.0), Some(1800.0)),
        "the savings account's 25.00 is not this account's"
    );
    let s = &data["summary"];
    assert_eq!(s["totalIncome"], json!(2050.0));
    assert_eq!(s["totalExpenses"], json!(if earlier_in_year { 260.0 } else { 250.0 }));
    assert_eq!(s["openingBalance"], json!(if earlier_in_year { 1000.0 } else { 990.0 }), "the balance on 1 January");
    assert_eq!(s["closingBalance"], json!(2490.0), "1,000 - 10 + 2,050 - 250 - the 300 moved to savings");
    assert_eq!(s["transferLegCount"], 1);
    assert_eq!(data["total"]["income"], json!(2050.0));
    assert_eq!(data["breakdown"]["income"][0]["category"]["name"], "Salary");

    let all = expect(app.get_auth(&format!("/api/reports/yearly?year={y}"), &f.token).await, StatusCode::OK).await;
    assert_eq!(all["data"]["summary"]["closingBalance"], json!(3265.0), "both accounts at the end of the year");
    assert_eq!(all["data"]["summary"]["transferLegCount"], 2);
    expect_error(
        app.get_auth(&format!("/api/reports/yearly?year={}", y - 5), &f.token).await,
        StatusCode::BAD_REQUEST,
        &format!(
            "Year must be between {} and {}",
            domain::dates::london_today(chrono::Utc::now()).year() - 4,
            domain::dates::london_today(chrono::Utc::now()).year()
        ),
    )
    .await;
}

#[tokio::test]
async fn a_whole_years_pdf_downloads_under_the_years_name() {
    let app = spawn_app().await;
    let f = fixture(&app).await;
    let (y, _, _) = last_month();
    let res = app.get_auth(&format!("/api/reports/yearly/pdf?year={y}&accountId={}", f.current), &f.token).await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.headers()["content-type"], "application/pdf");
    assert_eq!(res.headers()["cache-control"], "no-store");
    let disposition = res.headers()["content-disposition"].to_str().unwrap().to_owned();
    assert_eq!(disposition, format!("attachment; filename=\"financial-report-current-current-{y}.pdf\""));
    assert!(res.bytes().await.unwrap().starts_with(b"%PDF"));

    let res = app.get_auth(&format!("/api/reports/yearly/pdf?year={y}"), &f.token).await;
    let disposition = res.headers()["content-disposition"].to_str().unwrap().to_owned();
    assert!(disposition.contains(&format!("financial-report-all-accounts-{y}.pdf")), "{disposition}");
}

#[tokio::test]
async fn the_yearly_report_has_twelve_months() {
    let app = spawn_app().await;
    let f = fixture(&app).await;
    let (y, m, _) = last_month();
    let body = expect(app.get_auth(&format!("/api/reports/yearly?year={y}"), &f.token).await, StatusCode::OK).await;
    let months = body["data"]["months"].as_array().unwrap();
    assert_eq!(months.len(), 12);
    let month = &months[m as usize - 1];
    assert_eq!(
        (month["income"].as_f64(), month["expenses"].as_f64(), month["net"].as_f64()),
        (Some(2050.0), Some(275.0), Some(1775.0))
    );
    assert_eq!(body["data"]["breakdown"]["expenses"][0]["category"]["name"], "Groceries");
}

#[tokio::test]
async fn the_pdf_downloads_with_the_spec_file_name() {
    let app = spawn_app().await;
    let f = fixture(&app).await;
    let (y, m, _) = last_month();
    let month_name = domain::dates::month_name(m).unwrap().to_lowercase();
    let res =
        app.get_auth(&format!("/api/reports/monthly/pdf?year={y}&month={m}&accountId={}", f.current), &f.token).await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.headers()["content-type"], "application/pdf");
    let disposition = res.headers()["content-disposition"].to_str().unwrap().to_owned();
    assert_eq!(disposition, format!("attachment; filename=\"financial-report-current-current-{month_name}-{y}.pdf\""));
    let bytes = res.bytes().await.unwrap();
    assert!(bytes.starts_with(b"%PDF"));

    let res = app.get_auth(&format!("/api/reports/monthly/pdf?year={y}&month={m}"), &f.token).await;
    let disposition = res.headers()["content-disposition"].to_str().unwrap().to_owned();
    assert!(disposition.contains(&format!("financial-report-all-accounts-{month_name}-{y}.pdf")));
}

#[tokio::test]
async fn the_dashboard_summarises_this_month_without_transfers() {
    let app = spawn_app().await;
    let token = app.signed_up("Jane Doe", "jane@example.com", "Secret123").await;
    let res = app
        .post_auth("/api/accounts", &token, json!({"name": "Current", "type": "current", "initialBalance": 0}))
        .await;
    let acc = expect(res, StatusCode::CREATED).await["data"]["_id"].clone();
    let res = app
        .post_auth("/api/accounts", &token, json!({"name": "Savings", "type": "savings", "initialBalance": 0}))
        .await;
    let sav = expect(res, StatusCode::CREATED).await["data"]["_id"].clone();
    let cats: Value = expect(app.get_auth("/api/categories", &token).await, StatusCode::OK).await;
    let cat = |n: &str| cats["data"].as_array().unwrap().iter().find(|c| c["name"] == n).unwrap()["_id"].clone();
    let today = domain::dates::london_today(chrono::Utc::now()).to_string();
    for (amount, kind, category) in [
        (1500.0, "income", "Salary"),
        (40.5, "expense", "Groceries"),
        (9.5, "expense", "Groceries"),
        (20.0, "expense", "Eating Out"),
    ] {
        let body = json!({"amount": amount, "description": "x", "type": kind, "categoryId": cat(category), "accountId": acc, "date": today});
        expect(app.post_auth("/api/transactions", &token, body).await, StatusCode::CREATED).await;
    }
    let declined = json!({"amount": 99, "description": "declined", "type": "expense", "categoryId": cat("Groceries"), "accountId": acc, "date": today, "status": "declined"});
    expect(app.post_auth("/api/transactions", &token, declined).await, StatusCode::CREATED).await;
    let t = json!({"amount": 100, "description": "save", "fromAccountId": acc, "toAccountId": sav, "date": today});
    expect(app.post_auth("/api/transfers", &token, t).await, StatusCode::CREATED).await;

    let body = expect(app.get_auth("/api/transactions/dashboard/summary", &token).await, StatusCode::OK).await;
    assert_eq!(
        body["data"],
        json!({"totalIncome": 1500.0, "totalExpenses": 70.0, "balance": 1430.0, "transactionCount": 4, "incomeCount": 1, "expenseCount": 3})
    );

    // One meaning of the month's transactions on every screen: the report and the list agree
    // with the dashboard, and the list says what else it shows.
    let now = domain::dates::london_today(chrono::Utc::now());
    let report = app.get_auth(&format!("/api/reports/monthly?year={}&month={}", now.year(), now.month()), &token).await;
    let report = expect(report, StatusCode::OK).await;
    assert_eq!(report["data"]["summary"]["totalTransactions"], 4);
    assert_eq!(report["data"]["summary"]["transferLegCount"], 2);
    let first = now.with_day(1).unwrap();
    let list = app
        .get_auth(&format!("/api/transactions?startDate={first}&endDate={now}&limit=50&includeTransfers=true"), &token)
        .await;
    let list = expect(list, StatusCode::OK).await;
    assert_eq!(list["summary"]["transactionCount"], 4);
    assert_eq!(list["summary"]["transferLegCount"], 2);
    assert_eq!(list["summary"]["declinedCount"], 1);
    assert_eq!(list["pagination"]["total"], 7, "every row is listed");
    let chart =
        expect(app.get_auth("/api/transactions/dashboard/chart-data?type=expense", &token).await, StatusCode::OK).await;
    assert_eq!(chart["data"][0]["name"], "Groceries");
    assert_eq!(chart["data"][0]["total"], json!(50.0));
    assert_eq!(chart["data"][1]["total"], json!(20.0));
    let income =
        expect(app.get_auth("/api/transactions/dashboard/chart-data?type=income", &token).await, StatusCode::OK).await;
    assert_eq!(income["data"].as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn a_month_is_compared_with_the_one_before_and_the_same_month_last_year() {
    let app = spawn_app().await;
    let f = fixture(&app).await;
    let r = expect(app.get_auth(&report_url(None), &f.token).await, StatusCode::OK).await;
    let groceries = r["data"]["comparison"]["previousMonth"][0].clone();
    assert_eq!(
        (
            &groceries["name"],
            &groceries["thisMonth"],
            &groceries["then"],
            &groceries["change"],
            &groceries["changePercent"]
        ),
        (&json!("Groceries"), &json!(200.0), &json!(10.0), &json!(190.0), &json!(1900.0))
    );
    assert!(groceries["categoryId"].as_str().is_some_and(|id| id.len() == 36));
    let eating_out = &r["data"]["comparison"]["previousMonth"][1];
    assert_eq!(
        (&eating_out["name"], &eating_out["thisMonth"], &eating_out["changePercent"]),
        (&json!("Eating Out"), &json!(75.0), &Value::Null),
        "the declined £999.99 is not spending; nothing then has no percentage"
    );
    assert_eq!(r["data"]["comparison"]["previousMonth"].as_array().unwrap().len(), 2, "income and transfers left out");
    let names = |v: &Value| v.as_array().unwrap().iter().map(|l| l["name"].clone()).collect::<Vec<_>>();
    assert_eq!(names(&r["data"]["largestChanges"]), vec![json!("Groceries"), json!("Eating Out")]);
    let last_year = &r["data"]["comparison"]["sameMonthLastYear"];
    assert!(last_year.as_array().unwrap().iter().all(|l| l["then"] == json!(0.0) && l["changePercent"].is_null()));

    let one = expect(app.get_auth(&report_url(Some(&f.savings)), &f.token).await, StatusCode::OK).await;
    assert_eq!(names(&one["data"]["comparison"]["previousMonth"]), vec![json!("Eating Out")], "one account's alone");
}
