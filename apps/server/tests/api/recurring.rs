//! Recurring templates over HTTP, and the scheduler as a process that can be killed.

use crate::common;

use chrono::{Datelike, Duration, NaiveDate};
use common::{expect, expect_error, spawn_app, Categories, TestApp};
use reqwest::StatusCode;
use serde_json::{json, Value};

fn today() -> NaiveDate {
    domain::dates::london_today(chrono::Utc::now())
}

struct Setup {
    token: String,
    current: Value,
    savings: Value,
    categories: Categories,
}

async fn setup(app: &TestApp, email: &str) -> Setup {
    let token = app.signed_up("Jane Doe", email, "Secret123").await;
    let current = app.account_id(&token, "Current", "current", 1000).await;
    let savings = app.account_id(&token, "Savings", "savings", 1000).await;
    let categories = app.categories(&token).await;
    Setup { token, current, savings, categories }
}

fn netflix(s: &Setup, start: NaiveDate) -> Value {
    json!({"amount": 10.99, "description": "Netflix", "type": "expense", "categoryId": s.categories.id("Entertainment"),
           "accountId": s.current, "frequency": "monthly", "startDate": start.to_string(), "notes": ""})
}

#[tokio::test]
async fn templates_are_created_checked_listed_paused_and_deleted() {
    let app = spawn_app().await;
    let s = setup(&app, "jane@example.com").await;
    let created =
        expect(app.post_auth("/api/recurring-transactions", &s.token, netflix(&s, today())).await, StatusCode::CREATED)
            .await;
    assert_eq!(created["message"], "Recurring transaction created successfully");
    let t = &created["data"];
    assert_eq!(t["amount"], json!(-10.99), "an expense is negative");
    assert_eq!(t["nextDue"], today().to_string());
    assert_eq!(t["startDate"], today().to_string());
    assert_eq!(t["isActive"], true);
    assert_eq!(t["categoryId"]["name"], "Entertainment");
    assert_eq!(t["dueStatus"]["text"], "Due today");
    let id = t["_id"].as_str().unwrap().to_owned();

    for (change, message) in [
        (json!({"amount": 0}), "Amount must be at least £0.01"),
        (json!({"amount": 1000000}), "Amount cannot exceed £999,999.99"),
        (json!({"amount": "ten"}), "Amount must be a number"),
        (json!({"description": " N "}), "Description must be at least 2 characters"),
        (json!({"type": "transfer"}), "Type must be income or expense"),
        (json!({"categoryId": ""}), "Category is required"),
        (json!({"accountId": null}), "Account is required"),
        (json!({"frequency": "daily"}), "Frequency must be weekly, monthly or yearly"),
        (json!({"startDate": (today() - Duration::days(1)).to_string()}), "Start date cannot be in the past"),
        (json!({"notes": "n".repeat(501)}), "Notes cannot exceed 500 characters"),
    ] {
        let mut body = netflix(&s, today());
        for (k, v) in change.as_object().unwrap() {
            body[k] = v.clone();
        }
        expect_error(
            app.post_auth("/api/recurring-transactions", &s.token, body).await,
            StatusCode::BAD_REQUEST,
            message,
        )
        .await;
    }
    let transfer = json!({"type": "transfer", "amount": 100, "description": "Save", "fromAccountId": s.current,
                          "toAccountId": s.current, "frequency": "monthly", "startDate": today().to_string()});
    expect_error(
        app.post_auth("/api/recurring-transfers", &s.token, transfer.clone()).await,
        StatusCode::BAD_REQUEST,
        "Cannot transfer to the same account",
    )
    .await;
    let mut transfer = transfer;
    transfer["toAccountId"] = s.savings.clone();
    let tr =
        expect(app.post_auth("/api/recurring-transfers", &s.token, transfer.clone()).await, StatusCode::CREATED).await;
    assert_eq!(tr["message"], "Recurring transfer created successfully");
    assert_eq!((tr["data"]["type"].clone(), tr["data"]["amount"].clone()), (json!("transfer"), json!(100.0)));
    assert_eq!(tr["data"]["toAccountId"]["name"], "Savings");
    // The transfer form edits a transfer, with the transfer's rules and words.
    let tr_id = tr["data"]["_id"].as_str().unwrap().to_owned();
    transfer["nextDue"] = json!(today().to_string());
    transfer["description"] = json!("S");
    let edited_transfer =
        expect(app.put_auth(&format!("/api/recurring-transfers/{tr_id}"), &s.token, transfer).await, StatusCode::OK)
            .await;
    assert_eq!(edited_transfer["message"], "Recurring transfer updated successfully");
    assert_eq!(edited_transfer["data"]["description"], "S", "a transfer's description may be one character");
    assert_eq!(app.count("SELECT count(*) AS n FROM recurring_templates"), 2, "no refused template stored");

    // Edit: the next due day, not the start date, and never in the past.
    let mut edit = netflix(&s, today());
    edit["nextDue"] = json!((today() + Duration::days(3)).to_string());
    edit["amount"] = json!(12.99);
    let edited = expect(
        app.put_auth(&format!("/api/recurring-transactions/{id}"), &s.token, edit.clone()).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(edited["message"], "Recurring transaction updated successfully");
    assert_eq!(
        (edited["data"]["amount"].clone(), edited["data"]["dueStatus"]["text"].clone()),
        (json!(-12.99), json!("Due in 3 days"))
    );
    edit["nextDue"] = json!((today() - Duration::days(1)).to_string());
    expect_error(
        app.put_auth(&format!("/api/recurring-transactions/{id}"), &s.token, edit).await,
        StatusCode::BAD_REQUEST,
        "Next due date cannot be in the past",
    )
    .await;

    // Pause: the active list leaves it out.
    let paused = expect(
        app.client
            .patch(app.url(&format!("/api/recurring-transactions/{id}/toggle-status")))
            .bearer_auth(&s.token)
            .send()
            .await
            .unwrap(),
        StatusCode::OK,
    )
    .await;
    assert_eq!(paused["data"]["isActive"], false);
    let active = expect(app.get_auth("/api/recurring-transactions?active=true", &s.token).await, StatusCode::OK).await;
    assert_eq!(active["data"]["recurringTransactions"].as_array().unwrap().len(), 1);
    let all = expect(app.get_auth("/api/recurring-transactions?active=all", &s.token).await, StatusCode::OK).await;
    assert_eq!(all["data"]["recurringTransactions"].as_array().unwrap().len(), 2);

    // Delete: the first goes; the last one left is deactivated instead.
    let res =
        expect(app.delete_auth(&format!("/api/recurring-transactions/{id}"), &s.token).await, StatusCode::OK).await;
    assert_eq!(res["action"], "deleted");
    let last = tr["data"]["_id"].as_str().unwrap();
    let res =
        expect(app.delete_auth(&format!("/api/recurring-transactions/{last}"), &s.token).await, StatusCode::OK).await;
    assert_eq!(res["action"], "deactivated");
    assert_eq!(
        res["message"],
        "Recurring transaction deactivated successfully (cannot delete the last recurring transaction)"
    );
}

#[tokio::test]
async fn process_now_makes_real_transactions_and_the_month_summary_shows_them() {
    let app = spawn_app().await;
    let s = setup(&app, "jane@example.com").await;
    let start = today() + Duration::days(2);
    let t =
        expect(app.post_auth("/api/recurring-transactions", &s.token, netflix(&s, start)).await, StatusCode::CREATED)
            .await;
    let id = t["data"]["_id"].as_str().unwrap().to_owned();

    let done = expect(
        app.post_auth(&format!("/api/recurring-transactions/{id}/process"), &s.token, json!({})).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(done["data"]["date"], start.to_string(), "dated its due day even before it is due");
    let next = domain::recurring::next_due(start, domain::recurring::Frequency::Monthly, start).unwrap();
    assert_eq!(done["data"]["template"]["nextDue"], next.to_string());
    let tx_id = done["data"]["transactionIds"][0].as_str().unwrap();
    let tx = expect(app.get_auth(&format!("/api/transactions/{tx_id}"), &s.token).await, StatusCode::OK).await;
    assert_eq!((tx["data"]["amount"].clone(), tx["data"]["date"].clone()), (json!(-10.99), json!(start.to_string())));
    assert_eq!(
        tx["data"]["recurringTransaction"],
        json!({"_id": id, "description": "Netflix"}),
        "it says which template made it"
    );
    let accounts = expect(app.get_auth("/api/accounts", &s.token).await, StatusCode::OK).await;
    let current =
        accounts["data"]["accounts"].as_array().unwrap().iter().find(|a| a["name"] == "Current").unwrap().clone();
    assert_eq!(current["currentBalance"].as_f64().unwrap(), 989.01);

    // Processing again makes the next occurrence, not the same one.
    let again = expect(
        app.post_auth(&format!("/api/recurring-transactions/{id}/process"), &s.token, json!({})).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(again["data"]["date"], next.to_string());

    let summary =
        expect(app.get_auth("/api/recurring-transactions/summary/current-month", &s.token).await, StatusCode::OK).await;
    let data = &summary["data"];
    let in_month = |d: NaiveDate| d.month() == today().month() && d.year() == today().year();
    let paid = [start, next].iter().filter(|d| in_month(**d)).count();
    assert_eq!(data["summary"]["paidCount"], paid);
    assert_eq!(data["paidItems"].as_array().unwrap().len(), paid);
    assert_eq!(data["month"]["start"], today().with_day(1).unwrap().to_string());

    let upcoming = expect(app.get_auth("/api/recurring-transactions/upcoming/5", &s.token).await, StatusCode::OK).await;
    assert_eq!(upcoming["data"].as_array().unwrap().len(), 1);
    expect_error(
        app.get_auth("/api/recurring-transactions/upcoming/0", &s.token).await,
        StatusCode::BAD_REQUEST,
        "Count must be a whole number from 1 to 50",
    )
    .await;
    expect_error(
        app.get_auth("/api/recurring-transactions?active=maybe", &s.token).await,
        StatusCode::BAD_REQUEST,
        "active must be true or all",
    )
    .await;
}

#[tokio::test]
async fn another_users_templates_accounts_and_categories_are_not_found() {
    let app = spawn_app().await;
    let jane = setup(&app, "jane@example.com").await;
    let mallory = setup(&app, "mallory@example.com").await;
    let t = expect(
        app.post_auth("/api/recurring-transactions", &jane.token, netflix(&jane, today())).await,
        StatusCode::CREATED,
    )
    .await;
    let id = t["data"]["_id"].as_str().unwrap();
    let path = format!("/api/recurring-transactions/{id}");
    let mut edit = netflix(&mallory, today());
    edit["nextDue"] = json!(today().to_string());
    expect_error(
        app.put_auth(&path, &mallory.token, edit).await,
        StatusCode::NOT_FOUND,
        "Recurring transaction not found",
    )
    .await;
    expect_error(
        app.delete_auth(&path, &mallory.token).await,
        StatusCode::NOT_FOUND,
        "Recurring transaction not found",
    )
    .await;
    expect_error(
        app.post_auth(&format!("{path}/process"), &mallory.token, json!({})).await,
        StatusCode::NOT_FOUND,
        "Recurring transaction not found",
    )
    .await;
    let res =
        app.client.patch(app.url(&format!("{path}/toggle-status"))).bearer_auth(&mallory.token).send().await.unwrap();
    expect_error(res, StatusCode::NOT_FOUND, "Recurring transaction not found").await;
    expect_error(
        app.delete_auth("/api/recurring-transactions/nope", &mallory.token).await,
        StatusCode::NOT_FOUND,
        "Recurring transaction not found",
    )
    .await;
    // Jane's template with Mallory's account, or Mallory's with Jane's category: refused.
    let mut body = netflix(&jane, today());
    body["accountId"] = mallory.current.clone();
    expect(app.post_auth("/api/recurring-transactions", &jane.token, body).await, StatusCode::NOT_FOUND).await;
    let mut body = netflix(&mallory, today());
    body["categoryId"] = jane.categories.id("Entertainment");
    expect(app.post_auth("/api/recurring-transactions", &mallory.token, body).await, StatusCode::NOT_FOUND).await;
    let list = expect(app.get_auth("/api/recurring-transactions", &mallory.token).await, StatusCode::OK).await;
    assert!(list["data"]["recurringTransactions"].as_array().unwrap().is_empty());
    assert_eq!(app.count("SELECT count(*) AS n FROM transactions"), 0);
}

/// Runs `myspending process-due` against the test database.
fn process_due(app: &TestApp) -> std::process::Child {
    std::process::Command::new(env!("CARGO_BIN_EXE_myspending"))
        .arg("process-due")
        .env("DATABASE_URL", &app.db.url)
        .env("DATA_DIR", &app.data_dir)
        .env("RUST_LOG", "warn")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap()
}

#[tokio::test]
async fn a_scheduler_killed_mid_pass_leaves_no_duplicate_and_the_next_pass_finishes() {
    let app = spawn_app().await;
    let s = setup(&app, "jane@example.com").await;
    // 150 weekly templates, each ten weeks behind: 1,650 occurrences to make (the first pass is
    // killed once it has made 200).
    const TEMPLATES: i64 = 150;
    let start = today() - Duration::weeks(10);
    app.sql(&format!(
        "INSERT INTO recurring_templates (id, household_id, kind, amount, description, category_id, account_id, frequency,
                                          start_date, anchor, next_due)
         SELECT gen_random_uuid(), a.household_id, 'expense', 100 + g, 'Template ' || g, c.id, a.id, 'weekly',
                '{start}', '{start}', '{start}'
         FROM generate_series(1, {TEMPLATES}) g, accounts a, categories c
         WHERE a.id = '{}' AND c.id = '{}'",
        s.current.as_str().unwrap(),
        s.categories.id("Bills & Utilities").as_str().unwrap()
    ));
    let expected = TEMPLATES * 11;

    let mut first = process_due(&app);
    // Let it get going, then kill it without warning.
    let started = std::time::Instant::now();
    while app.count("SELECT count(*) AS n FROM recurring_occurrences") < 200 && started.elapsed().as_secs() < 60 {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    first.kill().unwrap(); // SIGKILL
    first.wait().unwrap();
    let made = app.count("SELECT count(*) AS n FROM recurring_occurrences");
    assert!(made > 0 && made < expected, "killed mid-pass: {made} of {expected}");

    // Two passes at once finish the work.
    let (a, b) = (process_due(&app), process_due(&app));
    let (a, b) = (a.wait_with_output().unwrap(), b.wait_with_output().unwrap());
    assert!(a.status.success() && b.status.success());
    assert_eq!(app.count("SELECT count(*) AS n FROM recurring_occurrences"), expected);
    assert_eq!(
        app.count("SELECT count(*) AS n FROM transactions WHERE recurring_id IS NOT NULL"),
        expected,
        "one transaction per occurrence"
    );
    assert_eq!(
        app.count(
            "SELECT count(DISTINCT (recurring_id, date))::bigint AS n FROM transactions WHERE recurring_id IS NOT NULL"
        ),
        expected
    );
    let expected_total: i64 = (1..=TEMPLATES).map(|g| -(100 + g) * 11).sum();
    assert_eq!(app.count("SELECT SUM(amount)::bigint AS n FROM transactions"), expected_total, "balances add up");
    assert_eq!(app.count(&format!("SELECT count(*) AS n FROM recurring_templates WHERE next_due <= '{}'", today())), 0);
}

#[tokio::test]
async fn a_made_transaction_split_by_hand_counts_each_part_in_its_category_in_the_analytics() {
    let app = spawn_app().await;
    let s = setup(&app, "jane@example.com").await;
    let tv =
        expect(app.post_auth("/api/recurring-transactions", &s.token, netflix(&s, today())).await, StatusCode::CREATED)
            .await;
    let tv = tv["data"]["_id"].as_str().unwrap().to_owned();
    expect(
        app.post_auth(&format!("/api/recurring-transactions/{tv}/process"), &s.token, json!({})).await,
        StatusCode::OK,
    )
    .await;
    let list = expect(app.get_auth("/api/transactions", &s.token).await, StatusCode::OK).await;
    let made = list["transactions"][0]["_id"].as_str().unwrap().to_owned();
    // Half of it kept as a subscription, half as entertainment.
    let split = json!({"amount": 10.99, "description": "Netflix", "type": "expense", "accountId": s.current,
                       "date": today().to_string(),
                       "splits": [{"categoryId": s.categories.id("Entertainment"), "amount": "5.49"},
                                  {"categoryId": s.categories.id("Subscriptions"), "amount": "5.50"}]});
    expect(app.put_auth(&format!("/api/transactions/{made}"), &s.token, split).await, StatusCode::OK).await;
    let a = expect(app.get_auth("/api/recurring-analytics?months=3", &s.token).await, StatusCode::OK).await;
    let now = &a["data"]["monthlyData"][2];
    assert_eq!(now["expenses"], json!(10.99));
    let mut lines: Vec<(String, f64, i64)> = now["categoryBreakdown"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["name"].as_str().unwrap().to_owned(), c["amount"].as_f64().unwrap(), c["count"].as_i64().unwrap()))
        .collect();
    lines.sort_by(|a, b| a.0.cmp(&b.0));
    assert_eq!(lines, [("Entertainment".to_owned(), 5.49, 1), ("Subscriptions".to_owned(), 5.5, 1)]);
    let trend = a["data"]["templateTrends"].as_array().unwrap().iter().find(|t| t["templateId"] == tv.as_str());
    assert_eq!(trend.unwrap()["monthlyData"][2]["actualAmount"], json!(10.99), "the template made the whole");
}

#[tokio::test]
async fn analytics_count_what_templates_made_and_a_finalised_month_keeps_its_figures() {
    let app = spawn_app().await;
    let s = setup(&app, "jane@example.com").await;
    let salary = json!({"amount": 2500, "description": "Salary", "type": "income", "categoryId": s.categories.id("Salary"),
                        "accountId": s.current, "frequency": "monthly", "startDate": today().to_string()});
    let pay = expect(app.post_auth("/api/recurring-transactions", &s.token, salary).await, StatusCode::CREATED).await;
    let tv =
        expect(app.post_auth("/api/recurring-transactions", &s.token, netflix(&s, today())).await, StatusCode::CREATED)
            .await;
    let (pay, tv) = (pay["data"]["_id"].as_str().unwrap().to_owned(), tv["data"]["_id"].as_str().unwrap().to_owned());
    for id in [&pay, &tv] {
        expect(
            app.post_auth(&format!("/api/recurring-transactions/{id}/process"), &s.token, json!({})).await,
            StatusCode::OK,
        )
        .await;
    }
    // A transaction typed by hand is not recurring money.
    let by_hand = json!({"amount": 50, "description": "Shop", "type": "expense", "categoryId": s.categories.id("Groceries"),
                         "accountId": s.current, "date": today().to_string()});
    expect(app.post_auth("/api/transactions", &s.token, by_hand).await, StatusCode::CREATED).await;

    let a = expect(app.get_auth("/api/recurring-analytics?months=3", &s.token).await, StatusCode::OK).await;
    let d = &a["data"];
    let months = d["monthlyData"].as_array().unwrap();
    assert_eq!(months.len(), 3);
    let now = &months[2];
    assert_eq!(
        (now["year"].as_i64(), now["monthNumber"].as_u64()),
        (Some(today().year() as i64), Some(today().month() as u64))
    );
    assert_eq!(
        (now["income"].clone(), now["expenses"].clone(), now["netFlow"].clone()),
        (json!(2500.0), json!(10.99), json!(2489.01))
    );
    assert_eq!(now["source"], "computed");
    assert_eq!(now["categoryBreakdown"][0]["name"], "Salary");
    assert_eq!(now["categoryBreakdown"][1]["type"], "Expense");
    assert_eq!(d["insights"]["activeRecurringTransactions"], 2);
    assert_eq!(d["insights"]["topCategory"]["name"], "Salary");
    assert_eq!(d["insights"]["bestMonth"]["netFlow"], json!(2489.01));
    let trend =
        d["templateTrends"].as_array().unwrap().iter().find(|t| t["templateId"] == tv.as_str()).unwrap().clone();
    assert_eq!(trend["currentAmount"], json!(-10.99));
    assert_eq!(trend["monthlyData"][2]["actualAmount"], json!(10.99));
    assert_eq!(trend["monthlyData"][0]["source"], "no-data");

    // Finalising needs the permission; then the month stays as it was when finalised.
    let body = json!({"year": today().year(), "month": today().month()});
    expect_error(
        app.post_auth("/api/recurring-snapshots/finalize", &s.token, body.clone()).await,
        StatusCode::FORBIDDEN,
        "Access denied. You do not have permission to finalise months.",
    )
    .await;
    app.sql("UPDATE users SET can_finalize_month = true WHERE email = 'jane@example.com'");
    let done = expect(app.post_auth("/api/recurring-snapshots/finalize", &s.token, body).await, StatusCode::OK).await;
    assert_eq!(done["message"], "Month finalised successfully");
    let mut edit = netflix(&s, today());
    edit["amount"] = json!(15.99);
    edit["nextDue"] = json!(today().to_string());
    expect(app.put_auth(&format!("/api/recurring-transactions/{tv}"), &s.token, edit).await, StatusCode::OK).await;
    expect(
        app.post_auth(&format!("/api/recurring-transactions/{tv}/process"), &s.token, json!({})).await,
        StatusCode::OK,
    )
    .await;
    let a = expect(app.get_auth("/api/recurring-analytics?months=3", &s.token).await, StatusCode::OK).await;
    let now = &a["data"]["monthlyData"][2];
    assert_eq!(now["source"], "snapshot");
    assert_eq!(now["expenses"], json!(10.99), "the finalised month does not move");
    let trend = a["data"]["templateTrends"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["templateId"] == tv.as_str())
        .unwrap()
        .clone();
    assert_eq!(
        (trend["monthlyData"][2]["templateAmount"].clone(), trend["monthlyData"][2]["source"].clone()),
        (json!(10.99), json!("snapshot"))
    );
    assert_eq!(trend["currentAmount"], json!(-15.99));

    for bad in ["5", "x", "36"] {
        expect_error(
            app.get_auth(&format!("/api/recurring-analytics?months={bad}"), &s.token).await,
            StatusCode::BAD_REQUEST,
            "Months must be 3, 6, 12 or 24",
        )
        .await;
    }
    let future = today() + chrono::Months::new(1);
    let body = json!({"year": future.year(), "month": future.month()});
    expect_error(
        app.post_auth("/api/recurring-snapshots/finalize", &s.token, body).await,
        StatusCode::BAD_REQUEST,
        "Cannot finalise a future month",
    )
    .await;
}
