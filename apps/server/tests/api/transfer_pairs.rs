//! A payment between two of the user's own accounts over HTTP: the demo bank's card payment
//! arrives as one transfer; two rows typed or imported separately are suggested, paired with one
//! call (refused with the reason when they cannot be one), separated again, and a re-import of
//! a paired row's statement adds nothing; one user never reaches another's rows.

use crate::common;

use common::{expect, expect_error, spawn_app, TestApp};
use reqwest::StatusCode;
use serde_json::{json, Value};

async fn account(app: &TestApp, token: &str, name: &str, kind: &str) -> String {
    let body = json!({"name": name, "type": kind, "initialBalance": 500, "creditLimit": 1000});
    expect(app.post_auth("/api/accounts", token, body).await, StatusCode::CREATED).await["data"]["_id"]
        .as_str()
        .unwrap()
        .to_owned()
}

async fn category(app: &TestApp, token: &str, name: &str) -> String {
    let list = expect(app.get_auth("/api/categories", token).await, StatusCode::OK).await;
    let found = list["data"].as_array().unwrap().iter().find(|c| c["name"] == name).cloned();
    found.expect("the category")["_id"].as_str().unwrap().to_owned()
}

async fn add(app: &TestApp, token: &str, account: &str, category: &str, amount: f64, kind: &str, date: &str) -> String {
    let body = json!({"amount": amount, "type": kind, "description": format!("{kind} {amount}"),
                      "categoryId": category, "accountId": account, "date": date});
    expect(app.post_auth("/api/transactions", token, body).await, StatusCode::CREATED).await["data"]["_id"]
        .as_str()
        .unwrap()
        .to_owned()
}

async fn summary(app: &TestApp, token: &str) -> Value {
    expect(app.get_auth("/api/transactions?includeTransfers=true", token).await, StatusCode::OK).await["summary"]
        .clone()
}

async fn suggestions(app: &TestApp, token: &str) -> Vec<Value> {
    let answer = expect(app.get_auth("/api/transactions/transfer-suggestions", token).await, StatusCode::OK).await;
    answer["data"].as_array().unwrap().clone()
}

async fn one(app: &TestApp, token: &str, id: &str) -> Value {
    expect(app.get_auth(&format!("/api/transactions/{id}"), token).await, StatusCode::OK).await["data"].clone()
}

const MONZO_HEADER: &str =
    "Transaction ID,Date,Time,Type,Name,Emoji,Category,Amount,Currency,Local amount,Local currency,\
                            Notes and #tags,Address,Receipt,Description,Category split,Money Out,Money In";

/// Previews a Monzo statement of `rows` (after the header) into `account`: the preview's data.
async fn preview(app: &TestApp, token: &str, account: &str, rows: &str) -> Value {
    let file = format!("{MONZO_HEADER}\n{rows}");
    let form = reqwest::multipart::Form::new()
        .part("file", reqwest::multipart::Part::bytes(file.into_bytes()).file_name("monzo.csv"))
        .text("accountId", account.to_owned());
    let res = app.client.post(app.url("/api/imports")).bearer_auth(token).multipart(form).send().await.unwrap();
    expect(res, StatusCode::OK).await["data"].clone()
}

/// Commits a preview into `account`: how many rows it added.
async fn commit(app: &TestApp, token: &str, preview: &Value, account: &str) -> Value {
    let path = format!("/api/imports/{}/commit", preview["importId"].as_str().unwrap());
    expect(app.post_auth(&path, token, json!({"accountId": account})).await, StatusCode::OK).await["data"]["added"]
        .clone()
}

#[tokio::test]
async fn two_rows_are_suggested_paired_with_one_call_counted_as_a_transfer_and_separated_again() {
    let app = spawn_app().await;
    let jane = app.signed_up("Jane Doe", "jane@example.com", "Secret123").await;
    let current = account(&app, &jane, "Current", "current").await;
    let card = account(&app, &jane, "Card", "credit_card").await;
    let shopping = category(&app, &jane, "Shopping").await;
    let other = category(&app, &jane, "Other Income").await;
    let payment = add(&app, &jane, &current, &shopping, 350.0, "expense", "2026-11-20").await;
    let received = add(&app, &jane, &card, &other, 350.0, "income", "2026-11-21").await;
    add(&app, &jane, &card, &shopping, 12.5, "expense", "2026-11-21").await;
    let before = summary(&app, &jane).await;
    assert_eq!((before["totalIncome"].as_f64(), before["totalExpenses"].as_f64()), (Some(350.0), Some(-362.5)));

    let offered = suggestions(&app, &jane).await;
    assert_eq!(offered.len(), 1);
    assert_eq!(offered[0]["out"]["_id"], payment.as_str());
    assert_eq!(offered[0]["in"]["_id"], received.as_str());
    assert_eq!(offered[0]["out"]["amount"], json!(-350.0));
    assert_eq!(offered[0]["in"]["accountId"]["name"], "Card");
    assert_eq!(offered[0]["out"]["date"], "2026-11-20");
    assert_eq!(one(&app, &jane, &payment).await["looksLikeTransfer"], true);

    let paired = expect(
        app.post_auth(&format!("/api/transactions/{received}/pair"), &jane, json!({"withId": payment})).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(paired["message"], "Marked as a transfer");
    assert_eq!(paired["data"]["fromTransaction"]["_id"], payment.as_str());
    assert_eq!(paired["data"]["amount"], json!(350.0));
    for id in [&payment, &received] {
        let row = one(&app, &jane, id).await;
        assert_eq!((row["isTransfer"].as_bool(), row["paired"].as_str()), (Some(true), Some("manual")), "{row}");
        assert!(row["categoryId"].is_null() && row["looksLikeTransfer"] == false);
    }
    assert_eq!(one(&app, &jane, &received).await["date"], "2026-11-21", "the rows keep their dates");
    let after = summary(&app, &jane).await;
    assert_eq!((after["totalIncome"].as_f64(), after["totalExpenses"].as_f64()), (Some(0.0), Some(-12.5)));
    assert!(suggestions(&app, &jane).await.is_empty());
    let transfers = expect(app.get_auth("/api/transfers", &jane).await, StatusCode::OK).await;
    assert_eq!(transfers["data"]["transfers"].as_array().unwrap().len(), 1);
    let accounts = expect(app.get_auth("/api/accounts", &jane).await, StatusCode::OK).await;
    let card_now = accounts["data"]["accounts"].as_array().unwrap().iter().find(|a| a["_id"] == card).unwrap().clone();
    assert_eq!(
        (card_now["currentBalance"].as_f64(), card_now["totalIncome"].as_f64()),
        (Some(-162.5), Some(0.0)),
        "a card opened £500 in debt, paid £350, spent £12.50"
    );
    // Editing is refused as for any transfer.
    let edit = json!({"amount": 1, "type": "expense", "description": "x", "categoryId": shopping,
                      "accountId": current, "date": "2026-11-20"});
    expect_error(
        app.put_auth(&format!("/api/transactions/{payment}"), &jane, edit).await,
        StatusCode::BAD_REQUEST,
        "Transfers cannot be edited",
    )
    .await;

    let separated =
        expect(app.delete_auth(&format!("/api/transactions/{payment}/pair"), &jane).await, StatusCode::OK).await;
    assert_eq!(separated["message"], "No longer a transfer");
    assert_eq!(separated["data"].as_array().unwrap().len(), 2);
    let row = one(&app, &jane, &payment).await;
    assert_eq!((row["isTransfer"].as_bool(), row["categoryId"]["name"].as_str()), (Some(false), Some("Shopping")));
    assert_eq!(summary(&app, &jane).await, before);
    assert!(suggestions(&app, &jane).await.is_empty(), "a separated pair is not offered again");
    expect_error(
        app.delete_auth(&format!("/api/transactions/{payment}/pair"), &jane).await,
        StatusCode::BAD_REQUEST,
        "This transaction is not part of a transfer",
    )
    .await;
}

#[tokio::test]
async fn a_pair_that_cannot_be_one_transfer_is_refused_with_the_reason_and_changes_nothing() {
    let app = spawn_app().await;
    let jane = app.signed_up("Jane Doe", "jane@example.com", "Secret123").await;
    let current = account(&app, &jane, "Current", "current").await;
    let savings = account(&app, &jane, "Savings", "savings").await;
    let shopping = category(&app, &jane, "Shopping").await;
    let out = add(&app, &jane, &current, &shopping, 50.0, "expense", "2026-11-01").await;
    let same_account = add(&app, &jane, &current, &shopping, 50.0, "income", "2026-11-01").await;
    let same_way = add(&app, &jane, &savings, &shopping, 50.0, "expense", "2026-11-01").await;
    let other_amount = add(&app, &jane, &savings, &shopping, 49.99, "income", "2026-11-01").await;
    let typed = expect(
        app.post_auth(
            "/api/transfers",
            &jane,
            json!({"amount": 50, "description": "To savings", "fromAccountId": current, "toAccountId": savings,
                   "date": "2026-11-01"}),
        )
        .await,
        StatusCode::CREATED,
    )
    .await;
    let typed_in = typed["data"]["toTransaction"]["_id"].as_str().unwrap().to_owned();
    let before = summary(&app, &jane).await;
    let pair_path = format!("/api/transactions/{out}/pair");
    let pair = |with: Value| app.post_auth(&pair_path, &jane, with);
    for (with, message) in [
        (
            json!({"withId": same_account}),
            "Both transactions are in the same account; a transfer moves money between two accounts",
        ),
        (
            json!({"withId": out}),
            "Both transactions are in the same account; a transfer moves money between two accounts",
        ),
        (json!({"withId": same_way}), "A transfer needs one payment out and one payment in"),
        (json!({"withId": other_amount}), "The two amounts must be the same to make a transfer"),
        (json!({"withId": typed_in}), "This transaction is already part of a transfer"),
        (json!({}), "Choose the transaction to pair with"),
    ] {
        expect_error(pair(with).await, StatusCode::BAD_REQUEST, message).await;
    }
    expect_error(
        app.delete_auth(&format!("/api/transactions/{typed_in}/pair"), &jane).await,
        StatusCode::BAD_REQUEST,
        "This transfer was entered as a transfer; delete it instead",
    )
    .await;

    // Another user's rows are not found, either way round.
    let mallory = app.signed_up("Mallory", "mallory@example.com", "Secret123").await;
    let theirs_account = account(&app, &mallory, "Theirs", "current").await;
    let theirs =
        add(&app, &mallory, &theirs_account, &category(&app, &mallory, "Salary").await, 50.0, "income", "2026-11-01")
            .await;
    expect_error(pair(json!({"withId": theirs})).await, StatusCode::NOT_FOUND, "Transaction not found").await;
    expect_error(
        app.post_auth(&format!("/api/transactions/{theirs}/pair"), &jane, json!({"withId": out})).await,
        StatusCode::NOT_FOUND,
        "Transaction not found",
    )
    .await;
    expect_error(
        app.delete_auth(&format!("/api/transactions/{typed_in}/pair"), &mallory).await,
        StatusCode::NOT_FOUND,
        "Transaction not found",
    )
    .await;
    assert!(suggestions(&app, &mallory).await.is_empty());
    assert_eq!(summary(&app, &jane).await, before, "nothing changed");
}

#[tokio::test]
async fn the_demo_banks_card_payment_arrives_as_one_transfer_and_is_not_income_or_spending() {
    let app = spawn_app().await;
    let bea = app.signed_up("Bea Banks", "bea@example.com", "Secret123").await;
    app.sql("UPDATE users SET can_connect_bank = true WHERE email = 'bea@example.com'");
    expect(app.post_auth("/api/plaid/link/token/create", &bea, json!({})).await, StatusCode::OK).await;
    let body = json!({"public_token": "public-demo-1",
                      "metadata": {"institution": {"name": "Demo Bank UK", "institution_id": "ins_demo"}, "accounts": []}});
    expect(app.post_auth("/api/plaid/item/public_token/exchange", &bea, body).await, StatusCode::OK).await;
    let list = expect(
        app.get_auth("/api/transactions?includeTransfers=true&limit=100&search=payment", &bea).await,
        StatusCode::OK,
    )
    .await;
    let rows = list["transactions"].as_array().unwrap();
    let card_payments: Vec<&Value> = rows
        .iter()
        .filter(|r| r["description"] == "DEMO BANK CARD PAYMENT" || r["description"] == "PAYMENT RECEIVED - THANK YOU")
        .collect();
    assert!(card_payments.len() >= 4, "three months of card payments, both sides: {}", card_payments.len());
    for row in &card_payments {
        assert_eq!((row["isTransfer"].as_bool(), row["paired"].as_str()), (Some(true), Some("auto")), "{row}");
        assert!(row["relatedTransferTransaction"]["_id"].is_string());
    }
    assert!(suggestions(&app, &bea).await.is_empty(), "nothing left to confirm");
    // Income is the salary alone: no £350 'Other Income' from the card.
    let all =
        expect(app.get_auth("/api/transactions?includeTransfers=true&limit=100", &bea).await, StatusCode::OK).await;
    let incomes = expect(app.get_auth("/api/transactions?type=income&limit=100", &bea).await, StatusCode::OK).await;
    assert!(incomes["transactions"]
        .as_array()
        .unwrap()
        .iter()
        .all(|r| r["description"] != "PAYMENT RECEIVED - THANK YOU"));
    let salaries: f64 = incomes["transactions"].as_array().unwrap().iter().map(|r| r["amount"].as_f64().unwrap()).sum();
    assert_eq!(all["summary"]["totalIncome"].as_f64(), Some(salaries));
}

/// A Lloyds-style statement of the current account: its card payment is paired with the card's
/// receipt; importing the same statement again adds nothing, and undoing the import leaves the
/// card's row as an ordinary row.
#[tokio::test]
async fn a_paired_imported_row_keeps_its_import_identity_so_a_reimport_adds_nothing() {
    let app = spawn_app().await;
    let jane = app.signed_up("Jane Doe", "jane@example.com", "Secret123").await;
    let current = account(&app, &jane, "Current", "current").await;
    let card = account(&app, &jane, "Card", "credit_card").await;
    let received =
        add(&app, &jane, &card, &category(&app, &jane, "Other Income").await, 350.0, "income", "2026-01-12").await;
    let statement = "tx_0000CardPay0001,10/01/2026,08:00:00,Faster payment,Card Payment,,Bills,-350.00,GBP,-350.00,GBP,,,,CARD PAYMENT,,-350.00,
tx_0000Coffee00002,11/01/2026,12:00:00,Card payment,Bean Counter Coffee,,Eating out,-3.20,GBP,-3.20,GBP,,,,BEAN COUNTER COFFEE,,-3.20,
";
    let first = preview(&app, &jane, &current, statement).await;
    assert_eq!(commit(&app, &jane, &first, &current).await, 2);
    let first_id = first["importId"].as_str().unwrap().to_owned();
    let offered = suggestions(&app, &jane).await;
    assert_eq!(offered.len(), 1, "the card payment and its receipt: {offered:?}");
    let payment = offered[0]["out"]["_id"].as_str().unwrap().to_owned();
    expect(
        app.post_auth(&format!("/api/transactions/{payment}/pair"), &jane, json!({"withId": received})).await,
        StatusCode::OK,
    )
    .await;

    let again = preview(&app, &jane, &current, statement).await;
    assert_eq!((again["newCount"].as_i64(), again["duplicateCount"].as_i64()), (Some(0), Some(2)));
    assert_eq!(commit(&app, &jane, &again, &current).await, 0);

    // Undoing the first import takes its rows away; the card's receipt stays, as income again.
    expect(app.delete_auth(&format!("/api/imports/{first_id}"), &jane).await, StatusCode::OK).await;
    let left = one(&app, &jane, &received).await;
    assert_eq!(
        (left["isTransfer"].as_bool(), left["categoryId"]["name"].as_str()),
        (Some(false), Some("Other Income"))
    );
    expect_error(
        app.get_auth(&format!("/api/transactions/{payment}"), &jane).await,
        StatusCode::NOT_FOUND,
        "Transaction not found",
    )
    .await;
}

/// A rule that says its matches are transfers pairs an imported card payment with the card's
/// receipt without asking; the same statement without the rule only offers it.
#[tokio::test]
async fn a_rule_marking_transfers_pairs_an_imported_card_payment_without_asking() {
    let app = spawn_app().await;
    let jane = app.signed_up("Jane Doe", "jane@example.com", "Secret123").await;
    let current = account(&app, &jane, "Current", "current").await;
    let card = account(&app, &jane, "Card", "credit_card").await;
    let shopping = category(&app, &jane, "Shopping").await;
    let received =
        add(&app, &jane, &card, &category(&app, &jane, "Other Income").await, 120.0, "income", "2026-02-03").await;
    let rule = json!({"pattern": "card payment", "categoryId": shopping, "markTransfer": true});
    let made = expect(app.post_auth("/api/rules", &jane, rule).await, StatusCode::CREATED).await;
    assert_eq!(made["data"]["markTransfer"], true);
    let statement = "tx_0000CardPay0009,01/02/2026,08:00:00,Faster payment,Card Payment,,Bills,-120.00,GBP,-120.00,GBP,,,,CARD PAYMENT,,-120.00,\n";
    let file = preview(&app, &jane, &current, statement).await;
    assert_eq!(commit(&app, &jane, &file, &current).await, 1);
    let row = one(&app, &jane, &received).await;
    assert_eq!((row["isTransfer"].as_bool(), row["paired"].as_str()), (Some(true), Some("auto")), "{row}");
    assert!(suggestions(&app, &jane).await.is_empty());
    assert_eq!(summary(&app, &jane).await["totalIncome"].as_f64(), Some(0.0));
}

#[tokio::test]
async fn a_paired_transfer_can_be_edited_as_a_transfer_and_separated_afterwards() {
    let app = spawn_app().await;
    let jane = app.signed_up("Jane Doe", "jane@example.com", "Secret123").await;
    let current = account(&app, &jane, "Current", "current").await;
    let card = account(&app, &jane, "Card", "credit_card").await;
    let shopping = category(&app, &jane, "Shopping").await;
    let other = category(&app, &jane, "Other Income").await;
    let payment = add(&app, &jane, &current, &shopping, 350.0, "expense", "2026-11-20").await;
    let received = add(&app, &jane, &card, &other, 350.0, "income", "2026-11-21").await;
    expect(
        app.post_auth(&format!("/api/transactions/{received}/pair"), &jane, json!({"withId": payment})).await,
        StatusCode::OK,
    )
    .await;
    let body = json!({"amount": 300, "description": "Card payment", "fromAccountId": current, "toAccountId": card,
                      "date": "2026-11-22", "notes": ""});
    let edited = expect(app.put_auth(&format!("/api/transfers/{payment}"), &jane, body).await, StatusCode::OK).await;
    assert_eq!(edited["data"]["amount"], json!(300.0));
    let row = one(&app, &jane, &payment).await;
    assert_eq!((row["amount"].as_f64(), row["paired"].as_str()), (Some(-300.0), Some("manual")), "{row}");
    expect(app.delete_auth(&format!("/api/transactions/{payment}/pair"), &jane).await, StatusCode::OK).await;
    let back = one(&app, &jane, &payment).await;
    assert_eq!(back["categoryId"]["name"], "Shopping", "it returns to its own category: {back}");
    assert_eq!(one(&app, &jane, &received).await["categoryId"]["name"], "Other Income");
}
