//! The ledger endpoints over HTTP on a real database.

use crate::common;

use common::{expect, expect_error, spawn_app, TestApp};
use reqwest::StatusCode;
use serde_json::{json, Value};

async fn signed_in(app: &TestApp, email: &str) -> String {
    app.signed_up("Jane Doe", email, "Secret123").await
}

async fn account(app: &TestApp, token: &str, body: Value) -> Value {
    let res = app.post_auth("/api/accounts", token, body).await;
    expect(res, StatusCode::CREATED).await["data"].clone()
}

async fn category_id(app: &TestApp, token: &str, name: &str) -> String {
    let body = expect(app.get_auth("/api/categories", token).await, StatusCode::OK).await;
    body["data"].as_array().unwrap().iter().find(|c| c["name"] == name).unwrap()["_id"].as_str().unwrap().to_owned()
}

async fn add(app: &TestApp, token: &str, body: Value) -> Value {
    expect(app.post_auth("/api/transactions", token, body).await, StatusCode::CREATED).await["data"].clone()
}

#[tokio::test]
async fn accounts_follow_the_form_rules_and_show_balances() {
    let app = spawn_app().await;
    let token = signed_in(&app, "jane@example.com").await;
    let current =
        account(&app, &token, json!({"name": " Current ", "type": "current", "initialBalance": 1250.5})).await;
    assert_eq!(current["name"], "Current");
    assert_eq!(current["initialBalance"], json!(1250.5));
    assert_eq!(current["currentBalance"], json!(1250.5));
    let card = account(
        &app,
        &token,
        json!({"name": "Visa", "type": "credit_card", "initialBalance": "200", "creditLimit": 1000}),
    )
    .await;
    assert_eq!(card["initialBalance"], json!(-200.0), "a credit account's positive balance is debt");
    assert_eq!(card["availableCredit"], json!(800.0));
    assert_eq!(card["existingDebt"], json!(200.0));
    assert_eq!(card["creditUsed"], json!(20.0));

    let list = expect(app.get_auth("/api/accounts", &token).await, StatusCode::OK).await;
    assert_eq!(list["data"]["totalAccounts"], 2);
    assert_eq!(list["data"]["netWorth"], json!(1050.5));
    let rt = expect(app.get_auth("/api/accounts/real-time-balances", &token).await, StatusCode::OK).await;
    assert_eq!(rt["data"], list["data"]);

    for (body, message) in [
        (json!({"type": "current", "initialBalance": 0}), "Account name is required"),
        (json!({"name": "X", "type": "current", "initialBalance": 0}), "Account name must be at least 2 characters"),
        (json!({"name": "Main", "type": "bank", "initialBalance": 0}), "Invalid account type"),
        (json!({"name": "Main", "type": "current", "initialBalance": 1000000}), "Balance cannot exceed £999,999.99"),
        (
            json!({"name": "Main", "type": "current", "initialBalance": -1000000}),
            "Balance cannot be less than -£999,999.99",
        ),
        (
            json!({"name": "Main", "type": "current", "initialBalance": 1.005}),
            "Amount cannot have more than 2 decimal places",
        ),
        (json!({"name": "Main", "type": "current", "initialBalance": "lots"}), "Balance must be a number"),
        (
            json!({"name": "Card", "type": "credit", "initialBalance": 0}),
            "Credit limit is required for credit accounts",
        ),
        (
            json!({"name": "Card", "type": "credit", "initialBalance": 0, "creditLimit": 0}),
            "Credit limit must be greater than 0 for credit accounts",
        ),
    ] {
        expect_error(app.post_auth("/api/accounts", &token, body).await, StatusCode::BAD_REQUEST, message).await;
    }
    let id = current["_id"].as_str().unwrap();
    let updated = app
        .put_auth(
            &format!("/api/accounts/{id}"),
            &token,
            json!({"name": "Everyday", "type": "current", "initialBalance": 10}),
        )
        .await;
    assert_eq!(expect(updated, StatusCode::OK).await["data"]["currentBalance"], json!(10.0));
}

#[tokio::test]
async fn transactions_are_signed_by_type_and_balances_run() {
    let app = spawn_app().await;
    let token = signed_in(&app, "jane@example.com").await;
    let acc = account(&app, &token, json!({"name": "Current", "type": "current", "initialBalance": 100})).await;
    let acc_id = acc["_id"].as_str().unwrap();
    let food = category_id(&app, &token, "Groceries").await;
    let pay = category_id(&app, &token, "Salary").await;

    let salary = add(&app, &token, json!({"amount": 2000, "description": "Pay", "type": "income", "categoryId": pay, "accountId": acc_id, "date": "2026-03-01"})).await;
    assert_eq!(salary["amount"], json!(2000.0));
    let shop = add(&app, &token, json!({"amount": 45.67, "description": "Tesco", "type": "expense", "categoryId": food, "accountId": acc_id, "date": "2026-03-05T23:30:00Z"})).await;
    assert_eq!(shop["amount"], json!(-45.67), "the server signs expenses negative");
    assert_eq!(shop["date"], "2026-03-05", "a winter timestamp keeps its London day");
    assert_eq!(shop["categoryId"]["name"], "Groceries");
    assert_eq!(shop["accountId"]["name"], "Current");
    assert_eq!(shop["balanceAfterTransaction"], json!(2054.33));

    // Back-dated before both: the later balances move.
    add(&app, &token, json!({"amount": -0.10, "description": "Sweets", "type": "expense", "categoryId": food, "accountId": acc_id, "date": "2026-02-28"})).await;
    add(&app, &token, json!({"amount": "0.20", "description": "Found", "type": "income", "categoryId": pay, "accountId": acc_id, "date": "2026-02-28"})).await;
    // Amounts as people type them: a pound sign, thousands separators, spaces around.
    let typed = add(&app, &token, json!({"amount": " £1,234.56 ", "description": "Typed", "type": "income", "categoryId": pay, "accountId": acc_id, "date": "2025-12-01"})).await;
    assert_eq!(typed["amount"], json!(1234.56));
    let refused = app
        .post_auth("/api/transactions", &token, json!({"amount": "1,00", "description": "Comma", "type": "income", "categoryId": pay, "accountId": acc_id, "date": "2025-12-01"}))
        .await;
    expect_error(refused, StatusCode::BAD_REQUEST, "Amount must be a number").await;
    expect(
        app.delete_auth(&format!("/api/transactions/{}", typed["_id"].as_str().unwrap()), &token).await,
        StatusCode::OK,
    )
    .await;
    let got = expect(
        app.get_auth(&format!("/api/transactions/{}", shop["_id"].as_str().unwrap()), &token).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(got["data"]["balanceAfterTransaction"], json!(2054.43));

    let list = expect(app.get_auth("/api/transactions?limit=2", &token).await, StatusCode::OK).await;
    assert_eq!(list["pagination"], json!({"current": 1, "pages": 2, "total": 4, "limit": 2}));
    assert_eq!(list["summary"]["totalIncome"], json!(2000.2));
    assert_eq!(list["summary"]["totalExpenses"], json!(-45.77));
    assert_eq!(list["summary"]["netAmount"], json!(1954.43));
    assert_eq!(list["summary"]["transactionCount"], 4);
    assert_eq!(list["transactions"][0]["description"], "Tesco");

    let filtered = expect(
        app.get_auth(&format!("/api/transactions?category={food}&startDate=2026-03-01&endDate=2026-03-31"), &token)
            .await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(filtered["summary"]["transactionCount"], 1);
    let searched = expect(app.get_auth("/api/transactions?search=tEsCo", &token).await, StatusCode::OK).await;
    assert_eq!(searched["pagination"]["total"], 1);

    let accounts = expect(app.get_auth("/api/accounts", &token).await, StatusCode::OK).await;
    let a = &accounts["data"]["accounts"][0];
    assert_eq!(a["currentBalance"], json!(2054.43));
    assert_eq!(a["totalIncome"], json!(2000.2));
    assert_eq!(a["totalExpenses"], json!(-45.77));

    let shop_id = shop["_id"].as_str().unwrap();
    let edited = app
        .put_auth(&format!("/api/transactions/{shop_id}"), &token, json!({"amount": 50, "description": "Tesco big shop", "type": "expense", "categoryId": food, "accountId": acc_id, "date": "2026-03-05"}))
        .await;
    assert_eq!(expect(edited, StatusCode::OK).await["data"]["balanceAfterTransaction"], json!(2050.1));
    expect(app.delete_auth(&format!("/api/transactions/{shop_id}"), &token).await, StatusCode::OK).await;
    expect(app.get_auth(&format!("/api/transactions/{shop_id}"), &token).await, StatusCode::NOT_FOUND).await;
    let accounts = expect(app.get_auth("/api/accounts", &token).await, StatusCode::OK).await;
    assert_eq!(accounts["data"]["accounts"][0]["currentBalance"], json!(2100.1));
}

#[tokio::test]
async fn transaction_input_is_checked_with_the_spec_messages() {
    let app = spawn_app().await;
    let token = signed_in(&app, "jane@example.com").await;
    let acc = account(&app, &token, json!({"name": "Current", "type": "current", "initialBalance": 0})).await;
    let food = category_id(&app, &token, "Groceries").await;
    let base = json!({"amount": 5, "description": "Coffee", "type": "expense", "categoryId": food, "accountId": acc["_id"], "date": "2026-01-01"});
    let with = |k: &str, v: Value| {
        let mut b = base.clone();
        b[k] = v;
        b
    };
    for (body, status, message) in [
        (with("amount", Value::Null), 400, "Amount is required"),
        (with("amount", json!("abc")), 400, "Amount must be a number"),
        (with("amount", json!(0)), 400, "Amount must be positive"),
        (with("amount", json!(1000000)), 400, "Amount cannot exceed £999,999.99"),
        (with("amount", json!(0.001)), 400, "Amount cannot have more than 2 decimal places"),
        (with("description", json!("  ")), 400, "Description is required"),
        (with("description", json!("d".repeat(101))), 400, "Description cannot exceed 100 characters"),
        (with("type", json!("gift")), 400, "Type must be income or expense"),
        (with("categoryId", json!("")), 400, "Category is required"),
        (with("accountId", Value::Null), 400, "Account is required"),
        (with("date", json!("")), 400, "Date is required"),
        (with("date", json!("2999-01-01")), 400, "Date cannot be in the future"),
        (with("notes", json!("n".repeat(201))), 400, "Notes cannot exceed 200 characters"),
        (with("categoryId", json!("not-a-uuid")), 404, "Category not found"),
        (with("accountId", json!(uuid::Uuid::now_v7().to_string())), 404, "Account not found"),
    ] {
        let res = app.post_auth("/api/transactions", &token, body).await;
        expect_error(res, StatusCode::from_u16(status).unwrap(), message).await;
    }
    for query in [
        "limit=101",
        "limit=0",
        "page=-1",
        "type=gift",
        "startDate=01/01/2026",
        "category=zzz",
        "startDate=2026-02-01&endDate=2026-01-01",
        "includeTransfers=maybe",
    ] {
        let res = app.get_auth(&format!("/api/transactions?{query}"), &token).await;
        expect(res, StatusCode::BAD_REQUEST).await;
    }
    let list = expect(app.get_auth("/api/transactions", &token).await, StatusCode::OK).await;
    assert_eq!(list["pagination"]["total"], 0, "nothing was stored by the refused requests");
}

#[tokio::test]
async fn transfers_move_money_and_are_deleted_whole() {
    let app = spawn_app().await;
    let token = signed_in(&app, "jane@example.com").await;
    let a = account(&app, &token, json!({"name": "Current", "type": "current", "initialBalance": 500})).await;
    let b = account(&app, &token, json!({"name": "Savings", "type": "savings", "initialBalance": 0})).await;
    let (a_id, b_id) = (a["_id"].as_str().unwrap(), b["_id"].as_str().unwrap());
    let same = app
        .post_auth(
            "/api/transfers",
            &token,
            json!({"amount": 10, "description": "x", "fromAccountId": a_id, "toAccountId": a_id, "date": "2026-01-02"}),
        )
        .await;
    expect_error(same, StatusCode::BAD_REQUEST, "Cannot transfer to the same account").await;

    let res = app.post_auth("/api/transfers", &token, json!({"amount": -125.5, "description": "Save", "fromAccountId": a_id, "toAccountId": b_id, "date": "2026-01-02"})).await;
    let transfer = expect(res, StatusCode::CREATED).await["data"].clone();
    assert_eq!(transfer["amount"], json!(125.5));
    assert_eq!(transfer["fromAccountId"]["name"], "Current");
    assert_eq!(transfer["toAccountId"]["name"], "Savings");
    let in_leg = transfer["toTransaction"]["_id"].as_str().unwrap();

    let detail = expect(app.get_auth(&format!("/api/transactions/{in_leg}"), &token).await, StatusCode::OK).await;
    assert_eq!(detail["data"]["isTransfer"], true);
    assert_eq!(detail["data"]["relatedTransferTransaction"]["accountId"]["name"], "Current");

    let edit = app.put_auth(&format!("/api/transactions/{in_leg}"), &token, json!({"amount": 1, "description": "x", "type": "income", "categoryId": category_id(&app, &token, "Salary").await, "accountId": b_id, "date": "2026-01-02"})).await;
    expect_error(edit, StatusCode::BAD_REQUEST, "Transfers cannot be edited").await;

    let list = expect(app.get_auth("/api/transfers?page=1&limit=20", &token).await, StatusCode::OK).await;
    assert_eq!(list["data"]["transfers"].as_array().unwrap().len(), 1);
    let without = expect(app.get_auth("/api/transactions", &token).await, StatusCode::OK).await;
    assert_eq!(without["pagination"]["total"], 0, "transfers are left out unless asked for");
    let with = expect(app.get_auth("/api/transactions?includeTransfers=true", &token).await, StatusCode::OK).await;
    assert_eq!(with["pagination"]["total"], 2);
    assert_eq!(with["summary"]["totalIncome"], json!(0.0), "transfers are not income");

    expect(app.delete_auth(&format!("/api/transactions/{in_leg}"), &token).await, StatusCode::OK).await;
    let after = expect(app.get_auth("/api/accounts", &token).await, StatusCode::OK).await;
    assert_eq!(after["data"]["netWorth"], json!(500.0));
    let with = expect(app.get_auth("/api/transactions?includeTransfers=true", &token).await, StatusCode::OK).await;
    assert_eq!(with["pagination"]["total"], 0, "both legs went");
}

#[tokio::test]
async fn categories_have_rules_counts_and_guarded_deletes() {
    let app = spawn_app().await;
    let token = signed_in(&app, "jane@example.com").await;
    let list = expect(app.get_auth("/api/categories", &token).await, StatusCode::OK).await;
    assert!(list["data"].as_array().unwrap().len() >= 10);
    let res = app
        .post_auth(
            "/api/categories",
            &token,
            json!({"name": " Pets ", "description": "Vet and food", "color": "#abc", "icon": "heart"}),
        )
        .await;
    let pets = expect(res, StatusCode::CREATED).await["data"].clone();
    assert_eq!((pets["name"].as_str(), pets["isDefault"].as_bool()), (Some("Pets"), Some(false)));
    expect_error(
        app.post_auth("/api/categories", &token, json!({"name": "pets"})).await,
        StatusCode::CONFLICT,
        "A category with this name already exists",
    )
    .await;
    expect_error(
        app.post_auth("/api/categories", &token, json!({"name": "x".repeat(31)})).await,
        StatusCode::BAD_REQUEST,
        "Category name cannot exceed 30 characters",
    )
    .await;
    expect_error(
        app.post_auth("/api/categories", &token, json!({"name": "Ok", "color": "blue"})).await,
        StatusCode::BAD_REQUEST,
        "Please select a valid color",
    )
    .await;

    let acc = account(&app, &token, json!({"name": "Current", "type": "current", "initialBalance": 0})).await;
    let pets_id = pets["_id"].as_str().unwrap();
    add(&app, &token, json!({"amount": 20, "description": "Food", "type": "expense", "categoryId": pets_id, "accountId": acc["_id"], "date": "2026-01-01"})).await;
    let count =
        expect(app.get_auth(&format!("/api/categories/{pets_id}/transactions-count"), &token).await, StatusCode::OK)
            .await;
    assert_eq!(count["transactionCount"], 1);
    expect_error(
        app.delete_auth(&format!("/api/categories/{pets_id}"), &token).await,
        StatusCode::CONFLICT,
        "Cannot delete category. It is being used by 1 transaction(s).",
    )
    .await;
    let acc_id = acc["_id"].as_str().unwrap();
    expect(app.delete_auth(&format!("/api/accounts/{acc_id}"), &token).await, StatusCode::CONFLICT).await;
    let renamed = app
        .put_auth(
            &format!("/api/categories/{pets_id}"),
            &token,
            json!({"name": "Pet Care", "color": "#123456", "icon": "gift"}),
        )
        .await;
    assert_eq!(expect(renamed, StatusCode::OK).await["data"]["name"], "Pet Care");
}

#[tokio::test]
async fn a_category_is_for_income_or_spending_as_chosen_or_as_its_name_says() {
    let app = spawn_app().await;
    let token = signed_in(&app, "jane@example.com").await;
    let list = expect(app.get_auth("/api/categories", &token).await, StatusCode::OK).await;
    let kind_of =
        |name: &str| list["data"].as_array().unwrap().iter().find(|c| c["name"] == name).unwrap()["type"].clone();
    assert_eq!((kind_of("Salary"), kind_of("Groceries")), (json!("income"), json!("expense")));

    let create = |body: Value| app.post_auth("/api/categories", &token, body);
    let lodger =
        expect(create(json!({"name": "Lodger", "type": "income"})).await, StatusCode::CREATED).await["data"].clone();
    assert_eq!(lodger["type"], "income");
    let rental = expect(create(json!({"name": "Rental income"})).await, StatusCode::CREATED).await;
    assert_eq!(rental["data"]["type"], "income", "no choice sent: the name says income");
    let dog = expect(create(json!({"name": "Dog"})).await, StatusCode::CREATED).await;
    assert_eq!(dog["data"]["type"], "expense");
    expect_error(
        create(json!({"name": "Odd", "type": "refund"})).await,
        StatusCode::BAD_REQUEST,
        "Type must be income or expense",
    )
    .await;

    let id = lodger["_id"].as_str().unwrap();
    let budget = app.post_auth("/api/budgets", &token, json!({"categoryId": id, "limit": 50})).await;
    expect_error(budget, StatusCode::BAD_REQUEST, "Income categories cannot have a budget").await;
    let changed =
        app.put_auth(&format!("/api/categories/{id}"), &token, json!({"name": "Lodger", "type": "expense"})).await;
    assert_eq!(expect(changed, StatusCode::OK).await["data"]["type"], "expense");
    let budget = app.post_auth("/api/budgets", &token, json!({"categoryId": id, "limit": 50})).await;
    expect(budget, StatusCode::OK).await;
}

#[tokio::test]
async fn another_users_ids_are_404_on_every_route() {
    let app = spawn_app().await;
    let jane = signed_in(&app, "jane@example.com").await;
    let mallory = signed_in(&app, "mallory@example.com").await;
    let acc = account(&app, &jane, json!({"name": "Current", "type": "current", "initialBalance": 0})).await;
    let acc2 = account(&app, &jane, json!({"name": "Savings", "type": "savings", "initialBalance": 0})).await;
    let food = category_id(&app, &jane, "Groceries").await;
    let tx = add(&app, &jane, json!({"amount": 20, "description": "Food", "type": "expense", "categoryId": food, "accountId": acc["_id"], "date": "2026-01-01"})).await;
    let tr = app.post_auth("/api/transfers", &jane, json!({"amount": 1, "description": "t", "fromAccountId": acc["_id"], "toAccountId": acc2["_id"], "date": "2026-01-01"})).await;
    let tr = expect(tr, StatusCode::CREATED).await["data"]["_id"].as_str().unwrap().to_owned();
    let (acc, tx) = (acc["_id"].as_str().unwrap(), tx["_id"].as_str().unwrap());
    let mallory_food = category_id(&app, &mallory, "Groceries").await;
    let body = json!({"amount": 1, "description": "x", "type": "expense", "categoryId": mallory_food, "accountId": acc, "date": "2026-01-01"});

    for res in [
        app.get_auth(&format!("/api/transactions/{tx}"), &mallory).await,
        app.put_auth(&format!("/api/transactions/{tx}"), &mallory, body.clone()).await,
        app.delete_auth(&format!("/api/transactions/{tx}"), &mallory).await,
        app.get_auth(&format!("/api/transactions/credit-account/{acc}"), &mallory).await,
        app.put_auth(&format!("/api/accounts/{acc}"), &mallory, json!({"name": "Mine", "type": "current", "initialBalance": 0})).await,
        app.delete_auth(&format!("/api/accounts/{acc}"), &mallory).await,
        app.get_auth(&format!("/api/categories/{food}"), &mallory).await,
        app.get_auth(&format!("/api/categories/{food}/transactions-count"), &mallory).await,
        app.put_auth(&format!("/api/categories/{food}"), &mallory, json!({"name": "Mine"})).await,
        app.delete_auth(&format!("/api/categories/{food}"), &mallory).await,
        app.delete_auth(&format!("/api/transfers/{tr}"), &mallory).await,
        app.post_auth("/api/transactions", &mallory, body.clone()).await,
        app.post_auth("/api/transfers", &mallory, json!({"amount": 1, "description": "t", "fromAccountId": acc, "toAccountId": acc2["_id"], "date": "2026-01-01"})).await,
    ] {
        expect(res, StatusCode::NOT_FOUND).await;
    }
    let theirs = expect(app.get_auth("/api/transactions?includeTransfers=true", &mallory).await, StatusCode::OK).await;
    assert_eq!(theirs["pagination"]["total"], 0);
    let mine = expect(app.get_auth("/api/transactions?includeTransfers=true", &jane).await, StatusCode::OK).await;
    assert_eq!(mine["pagination"]["total"], 3, "nothing of Jane's changed");
}

#[tokio::test]
async fn the_credit_account_listing_carries_the_credit_figures() {
    let app = spawn_app().await;
    let token = signed_in(&app, "jane@example.com").await;
    let card = account(
        &app,
        &token,
        json!({"name": "Visa", "type": "credit_card", "initialBalance": 100, "creditLimit": 1000}),
    )
    .await;
    let food = category_id(&app, &token, "Groceries").await;
    add(&app, &token, json!({"amount": 250, "description": "Shop", "type": "expense", "categoryId": food, "accountId": card["_id"], "date": "2026-01-01"})).await;
    let res =
        app.get_auth(&format!("/api/transactions/credit-account/{}", card["_id"].as_str().unwrap()), &token).await;
    let body = expect(res, StatusCode::OK).await;
    assert_eq!(body["summary"]["currentDebt"], json!(350.0));
    assert_eq!(body["summary"]["existingDebt"], json!(100.0));
    assert_eq!(body["summary"]["availableCredit"], json!(650.0));
    assert_eq!(body["summary"]["creditUsed"], json!(35.0));
    assert_eq!(body["summary"]["creditLimit"], json!(1000.0));
    assert_eq!(body["creditAccount"]["currentBalance"], json!(-350.0));
    assert_eq!(body["transactions"][0]["balanceAfterTransaction"], json!(-350.0));
}
