//! Private accounts over HTTP: a member's private account, its rows and everything made from them
//! are in no answer another member gets; every direct access to them is 404; a transfer between a
//! private account and a shared one shows the others only its shared leg.

use crate::common;
use crate::household::{invite_and_join, me};

use common::{expect, expect_error, spawn_app, TestApp};
use reqwest::StatusCode;
use serde_json::{json, Value};

/// Jane owns the household and its Joint account; John is a member with a private account and
/// rows on it (one a transfer into Joint). Everything that must never reach Jane is in `secrets`.
struct Setup {
    jane: String,
    john: String,
    joint: String,
    stash: String,
    secrets: Vec<String>,
    /// The transfer's leg on Joint.
    shared_leg: String,
}

async fn setup(app: &TestApp) -> Setup {
    let jane = app.signed_up("Jane Doe", "jane@example.com", "Secret123").await;
    let john = app.signed_up("John Doe", "john@example.com", "Secret123").await;
    invite_and_join(app, &jane, &john, "john@example.com", "member").await;
    let joint = app.account_id(&jane, "Joint", "current", 100).await.as_str().unwrap().to_owned();
    let body = json!({"name": "Secret Stash", "type": "savings", "initialBalance": 5000, "visibility": "private"});
    let made = expect(app.post_auth("/api/accounts", &john, body).await, StatusCode::CREATED).await;
    assert_eq!(
        (made["data"]["visibility"].as_str(), made["data"]["ownerId"].as_str()),
        (Some("private"), Some(me(app, &john).await.as_str()))
    );
    let stash = made["data"]["_id"].as_str().unwrap().to_owned();

    let today = domain::dates::london_today(chrono::Utc::now()).to_string();
    let categories = app.categories(&jane).await;
    let entry = |account: &str, kind: &str, category: &str, amount: &str, description: &str| {
        json!({"accountId": account, "type": kind, "categoryId": categories.id(category), "amount": amount,
               "description": description, "date": today})
    };
    let shared = entry(&joint, "expense", "Groceries", "12.34", "Weekly shop");
    expect(app.post_auth("/api/transactions", &john, shared).await, StatusCode::CREATED).await;
    let mut secrets = vec![stash.clone(), "Secret Stash".into(), "Secret bonus".into(), "Hidden purchase".into()];
    for body in [
        entry(&stash, "income", "Salary", "4321.09", "Secret bonus"),
        entry(&stash, "expense", "Groceries", "77.71", "Hidden purchase"),
    ] {
        let made = expect(app.post_auth("/api/transactions", &john, body).await, StatusCode::CREATED).await;
        secrets.push(made["data"]["_id"].as_str().unwrap().to_owned());
    }
    let transfer = json!({"fromAccountId": stash, "toAccountId": joint, "amount": "55.55",
                          "description": "Top up joint", "date": today});
    let made = expect(app.post_auth("/api/transfers", &john, transfer).await, StatusCode::CREATED).await;
    secrets.push(made["data"]["fromTransaction"]["_id"].as_str().unwrap().to_owned());
    let shared_leg = made["data"]["toTransaction"]["_id"].as_str().unwrap().to_owned();
    Setup { jane, john, joint, stash, secrets, shared_leg }
}

/// The text of a PDF, as `pdftotext` reads it.
pub(crate) fn pdf_text(pdf: &[u8]) -> String {
    use std::io::Write;
    let mut child = std::process::Command::new("pdftotext")
        .args(["-", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("pdftotext (poppler-utils)");
    child.stdin.take().unwrap().write_all(pdf).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "pdftotext failed");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Every read the API describes that needs no id, and those with the query they need.
async fn every_read(app: &TestApp) -> Vec<String> {
    let doc: Value = app.client.get(app.url("/api/openapi.json")).send().await.unwrap().json().await.unwrap();
    let mut paths: Vec<String> = doc["paths"]
        .as_object()
        .unwrap()
        .iter()
        .filter(|(path, operations)| !path.contains('{') && operations.get("get").is_some())
        .map(|(path, _)| path.clone())
        // The bank's redirect back is not a read: it sends the browser on to the web app.
        .filter(|path| {
            !path.starts_with("/api/users") && path != "/api/openapi.json" && path != "/api/enablebanking/callback"
        })
        // The tax year needs its year: added below.
        .filter(|path| !path.starts_with("/api/reports/tax-year"))
        .collect();
    let today = domain::dates::london_today(chrono::Utc::now());
    let (year, month) = (today.format("%Y"), today.format("%m"));
    paths.extend([
        "/api/transactions?includeTransfers=true&limit=100".into(),
        "/api/transactions?search=e&includeTransfers=true".into(),
        "/api/transfers?limit=100".into(),
        format!("/api/reports/monthly?year={year}&month={month}"),
        format!("/api/reports/monthly/pdf?year={year}&month={month}"),
        format!("/api/reports/yearly?year={year}"),
    ]);
    let tax_year = domain::tax_year::TaxYear::containing(today).start_year();
    paths.extend([
        format!("/api/reports/tax-year?year={tax_year}"),
        format!("/api/reports/tax-year/pdf?year={tax_year}"),
    ]);
    paths
}

#[tokio::test]
async fn no_answer_another_member_gets_holds_a_private_account_or_its_rows() {
    let app = spawn_app().await;
    let s = setup(&app).await;
    let mut read = 0;
    for path in every_read(&app).await {
        let res = app.get_auth(&path, &s.jane).await;
        let status = res.status();
        let body = res.bytes().await.unwrap();
        assert!(!status.is_server_error(), "{path}: {status}");
        // The PDF is read as its text.
        let text = if path.contains("/pdf") { pdf_text(&body) } else { String::from_utf8_lossy(&body).into_owned() };
        for secret in &s.secrets {
            assert!(!text.contains(secret.as_str()), "{path} shows {secret}");
        }
        for figure in ["4321.09", "4,321.09", "77.71", "9187.83", "9,187.83"] {
            assert!(!text.contains(figure), "{path} shows {figure}");
        }
        read += usize::from(status.is_success());
    }
    assert!(read > 25, "only {read} reads answered");

    // The totals are the shared account's alone: £100 - £12.34 + £55.55 in.
    let accounts = expect(app.get_auth("/api/accounts", &s.jane).await, StatusCode::OK).await;
    assert_eq!(accounts["data"]["totalAccounts"], 1);
    assert_eq!(accounts["data"]["netWorth"], json!(143.21));
    // John sees his own as well: £5,000 + £4,321.09 - £77.71 - £55.55 more.
    let his = expect(app.get_auth("/api/accounts", &s.john).await, StatusCode::OK).await;
    assert_eq!(his["data"]["totalAccounts"], 2);
    assert_eq!(his["data"]["netWorth"], json!(9331.04));
}

#[tokio::test]
async fn the_shared_leg_of_a_transfer_names_its_private_side_only_as_a_private_account() {
    let app = spawn_app().await;
    let s = setup(&app).await;
    let private = json!({"_id": null, "accountId": {"_id": null, "name": "Private account"}});
    let leg = expect(app.get_auth(&format!("/api/transactions/{}", s.shared_leg), &s.jane).await, StatusCode::OK).await;
    assert_eq!(leg["data"]["relatedTransferTransaction"], private);
    assert_eq!(leg["data"]["amount"], json!(55.55));

    let transfers = expect(app.get_auth("/api/transfers", &s.jane).await, StatusCode::OK).await;
    assert_eq!(transfers["data"]["pagination"]["total"], 1);
    let t = &transfers["data"]["transfers"][0];
    assert_eq!(t["fromAccountId"], json!({"_id": null, "name": "Private account"}));
    assert_eq!((t["fromTransaction"].clone(), t["toAccountId"]["_id"].as_str()), (Value::Null, Some(s.joint.as_str())));
    assert_eq!((t["_id"].as_str(), t["amount"].clone()), (Some(s.shared_leg.as_str()), json!(55.55)));

    // John, who owns the private side, sees the whole transfer.
    let transfers = expect(app.get_auth("/api/transfers", &s.john).await, StatusCode::OK).await;
    let t = &transfers["data"]["transfers"][0];
    assert_eq!(
        (t["fromAccountId"]["_id"].as_str(), t["fromAccountId"]["name"].as_str()),
        (Some(s.stash.as_str()), Some("Secret Stash"))
    );
    let leg = expect(app.get_auth(&format!("/api/transactions/{}", s.shared_leg), &s.john).await, StatusCode::OK).await;
    assert_eq!(leg["data"]["relatedTransferTransaction"]["accountId"]["name"], "Secret Stash");
}

#[tokio::test]
async fn every_direct_access_to_another_members_private_account_is_not_found_and_changes_nothing() {
    let app = spawn_app().await;
    let s = setup(&app).await;
    let before = app.count("SELECT (SELECT count(*) FROM accounts) + (SELECT count(*) FROM transactions) AS n");
    let today = domain::dates::london_today(chrono::Utc::now()).to_string();
    let groceries = app.categories(&s.jane).await.id("Groceries");
    let stash = &s.stash;
    let account = json!({"name": "Mine now", "type": "savings", "initialBalance": 0});
    expect_error(
        app.put_auth(&format!("/api/accounts/{stash}"), &s.jane, account).await,
        StatusCode::NOT_FOUND,
        "Account not found",
    )
    .await;
    expect_error(
        app.delete_auth(&format!("/api/accounts/{stash}"), &s.jane).await,
        StatusCode::NOT_FOUND,
        "Account not found",
    )
    .await;
    for path in [
        format!("/api/transactions?account={stash}"),
        format!("/api/transactions/credit-account/{stash}"),
        format!("/api/reports/monthly?year=2026&month=1&accountId={stash}"),
        format!("/api/reports/monthly/pdf?year=2026&month=1&accountId={stash}"),
    ] {
        expect_error(app.get_auth(&path, &s.jane).await, StatusCode::NOT_FOUND, "Account not found").await;
    }
    let entry = json!({"accountId": stash, "type": "expense", "categoryId": groceries, "amount": "1",
                       "description": "Sneaky", "date": today});
    expect_error(app.post_auth("/api/transactions", &s.jane, entry).await, StatusCode::NOT_FOUND, "Account not found")
        .await;
    let transfer =
        json!({"fromAccountId": s.joint, "toAccountId": stash, "amount": "1", "description": "Sneaky", "date": today});
    expect_error(
        app.post_auth("/api/transfers", &s.jane, transfer).await,
        StatusCode::NOT_FOUND,
        "To account not found",
    )
    .await;
    let row = &s.secrets[4];
    let edit = json!({"accountId": s.joint, "type": "expense", "categoryId": groceries, "amount": "1",
                      "description": "Sneaky", "date": today});
    expect_error(
        app.get_auth(&format!("/api/transactions/{row}"), &s.jane).await,
        StatusCode::NOT_FOUND,
        "Transaction not found",
    )
    .await;
    expect_error(
        app.put_auth(&format!("/api/transactions/{row}"), &s.jane, edit).await,
        StatusCode::NOT_FOUND,
        "Transaction not found",
    )
    .await;
    expect_error(
        app.delete_auth(&format!("/api/transactions/{row}"), &s.jane).await,
        StatusCode::NOT_FOUND,
        "Transaction not found",
    )
    .await;
    let after = app.count("SELECT (SELECT count(*) FROM accounts) + (SELECT count(*) FROM transactions) AS n");
    assert_eq!(after, before, "nothing changed");
}

#[tokio::test]
async fn only_an_accounts_owner_changes_who_sees_it() {
    let app = spawn_app().await;
    let s = setup(&app).await;
    let joint = format!("/api/accounts/{}", s.joint);
    let edit =
        |visibility: &str| json!({"name": "Joint", "type": "current", "initialBalance": 100, "visibility": visibility});
    let res = app.put_auth(&joint, &s.john, edit("private")).await;
    let body = expect(res, StatusCode::FORBIDDEN).await;
    assert_eq!(
        (body["code"].as_str(), body["message"].as_str()),
        (Some("forbidden"), Some("Only the account's owner can change its visibility"))
    );
    expect_error(
        app.put_auth(&joint, &s.jane, edit("secret")).await,
        StatusCode::BAD_REQUEST,
        "Visibility must be household or private",
    )
    .await;
    let body = json!({"name": "Odd", "type": "current", "initialBalance": 0, "visibility": "everyone"});
    expect_error(
        app.post_auth("/api/accounts", &s.john, body).await,
        StatusCode::BAD_REQUEST,
        "Visibility must be household or private",
    )
    .await;

    // John may edit the shared account without touching who sees it; Jane, its owner, makes it
    // hers alone, and then John no longer finds it.
    let renamed = json!({"name": "Joint bills", "type": "current", "initialBalance": 100});
    let edited = expect(app.put_auth(&joint, &s.john, renamed).await, StatusCode::OK).await;
    assert_eq!(edited["data"]["visibility"], "household");
    let made = expect(app.put_auth(&joint, &s.jane, edit("private")).await, StatusCode::OK).await;
    assert_eq!(made["data"]["visibility"], "private");
    expect_error(app.put_auth(&joint, &s.john, edit("household")).await, StatusCode::NOT_FOUND, "Account not found")
        .await;
    let his = expect(app.get_auth("/api/accounts", &s.john).await, StatusCode::OK).await;
    assert_eq!(his["data"]["totalAccounts"], 1);
}

#[tokio::test]
async fn a_member_who_leaves_takes_their_private_accounts_and_leaves_the_shared_books_whole() {
    let app = spawn_app().await;
    let s = setup(&app).await;
    // The household's Gifts tag is on his hidden purchase and on the shared weekly shop.
    app.sql(
        "INSERT INTO tags (id, household_id, name, color)
         SELECT gen_random_uuid(), household_id, 'Gifts', '#123456' FROM transactions WHERE description = 'Hidden purchase'",
    );
    app.sql(
        "INSERT INTO transaction_tags (household_id, transaction_id, tag_id)
         SELECT t.household_id, t.id, g.id FROM transactions t JOIN tags g ON g.household_id = t.household_id
         WHERE t.description IN ('Hidden purchase', 'Weekly shop')",
    );
    // His hidden purchase is split: £1.00 of groceries, the rest shopping.
    let before = expect(app.get_auth("/api/transactions", &s.john).await, StatusCode::OK).await;
    let hidden = before["transactions"].as_array().unwrap().iter().find(|r| r["description"] == "Hidden purchase");
    let hidden = hidden.unwrap().clone();
    let pence = (-hidden["amount"].as_f64().unwrap() * 100.0).round() as i64;
    let shared = app.categories(&s.jane).await;
    let split = json!({"accountId": s.stash, "type": "expense", "amount": format!("{}.{:02}", pence / 100, pence % 100),
                       "description": "Hidden purchase", "date": hidden["date"],
                       "splits": [{"categoryId": shared.id("Groceries"), "amount": "1.00"},
                                  {"categoryId": shared.id("Shopping"),
                                   "amount": format!("{}.{:02}", (pence - 100) / 100, (pence - 100) % 100)}]});
    let path = format!("/api/transactions/{}", hidden["_id"].as_str().unwrap());
    expect(app.put_auth(&path, &s.john, split).await, StatusCode::OK).await;
    let mine = expect(app.post_auth("/api/household/leave", &s.john, json!({})).await, StatusCode::OK).await;
    assert_eq!(mine["data"]["members"].as_array().unwrap().len(), 1);

    // John's new household has his private account, its balance and rows as they were.
    let his = expect(app.get_auth("/api/accounts", &s.john).await, StatusCode::OK).await;
    assert_eq!(his["data"]["totalAccounts"], 1);
    assert_eq!(his["data"]["accounts"][0]["_id"].as_str(), Some(s.stash.as_str()));
    assert_eq!(his["data"]["netWorth"], json!(9187.83));
    let rows = expect(app.get_auth("/api/transactions?includeTransfers=true", &s.john).await, StatusCode::OK).await;
    let rows = rows["transactions"].as_array().unwrap();
    let described: Vec<&str> = rows.iter().map(|r| r["description"].as_str().unwrap()).collect();
    assert_eq!(described.len(), 3, "{described:?}");
    assert!(["Secret bonus", "Hidden purchase", "Top up joint"].iter().all(|d| described.contains(d)));
    // Their categories are his new household's, by name.
    let categories = app.categories(&s.john).await;
    let hidden = rows.iter().find(|r| r["description"] == "Hidden purchase").unwrap();
    let parts: Vec<Value> = hidden["splits"].as_array().unwrap().iter().map(|p| p["category"]["_id"].clone()).collect();
    assert_eq!(parts, [categories.id("Groceries"), categories.id("Shopping")]);
    assert_ne!(parts[0], shared.id("Groceries"));
    // So are their tags: a Gifts of his own on the purchase; Jane's stays on the weekly shop.
    let his_tags = expect(app.get_auth("/api/tags", &s.john).await, StatusCode::OK).await;
    assert_eq!(hidden["tags"][0]["_id"], his_tags["data"][0]["_id"]);
    assert_eq!(
        (his_tags["data"][0]["name"].as_str(), his_tags["data"][0]["transactionCount"].as_i64()),
        (Some("Gifts"), Some(1))
    );
    let her_tags = expect(app.get_auth("/api/tags", &s.jane).await, StatusCode::OK).await;
    assert_eq!(her_tags["data"][0]["transactionCount"], 1);
    assert_ne!(her_tags["data"][0]["_id"], his_tags["data"][0]["_id"]);
    assert_eq!(
        app.count(
            "SELECT count(*) AS n FROM transaction_tags l JOIN transactions t ON t.id = l.transaction_id
             WHERE l.household_id <> t.household_id"
        ),
        0,
        "no link crosses households"
    );
    let cut = rows.iter().find(|r| r["description"] == "Top up joint").unwrap();
    assert_eq!((cut["isTransfer"].clone(), cut["relatedTransferTransaction"].clone()), (json!(true), Value::Null));

    // Jane keeps everything shared, John's shared expense still marked as his.
    let hers = expect(app.get_auth("/api/accounts", &s.jane).await, StatusCode::OK).await;
    assert_eq!((hers["data"]["totalAccounts"].clone(), hers["data"]["netWorth"].clone()), (json!(1), json!(143.21)));
    let rows = expect(app.get_auth("/api/transactions?includeTransfers=true", &s.jane).await, StatusCode::OK).await;
    let shop = rows["transactions"].as_array().unwrap().iter().find(|r| r["description"] == "Weekly shop").unwrap();
    assert_eq!(shop["createdBy"]["name"], "John Doe");
    let leg = expect(app.get_auth(&format!("/api/transactions/{}", s.shared_leg), &s.jane).await, StatusCode::OK).await;
    assert_eq!(leg["data"]["relatedTransferTransaction"], Value::Null);
    // Neither sees the other's any more.
    let joint = format!("/api/transactions?account={}", s.joint);
    expect_error(app.get_auth(&joint, &s.john).await, StatusCode::NOT_FOUND, "Account not found").await;
}

#[tokio::test]
async fn a_deleted_members_private_accounts_go_with_them_and_their_shared_accounts_pass_to_the_owner() {
    let app = spawn_app().await;
    let s = setup(&app).await;
    let body = json!({"name": "Holiday fund", "type": "savings", "initialBalance": 10});
    let holiday = expect(app.post_auth("/api/accounts", &s.john, body).await, StatusCode::CREATED).await;
    app.sql("DELETE FROM users WHERE email = 'john@example.com'");

    assert_eq!(app.count(&format!("SELECT count(*) AS n FROM accounts WHERE id = '{}'", s.stash)), 0);
    let hers = expect(app.get_auth("/api/accounts", &s.jane).await, StatusCode::OK).await;
    assert_eq!(hers["data"]["totalAccounts"], 2);
    let jane = me(&app, &s.jane).await;
    let fund =
        hers["data"]["accounts"].as_array().unwrap().iter().find(|a| a["_id"] == holiday["data"]["_id"]).unwrap();
    assert_eq!(fund["ownerId"].as_str(), Some(jane.as_str()));
    // The transfer's shared leg stays, its balance with it.
    assert_eq!(hers["data"]["accounts"][0]["currentBalance"], json!(143.21));
}

#[tokio::test]
async fn a_member_leaves_with_a_private_account_whose_categories_were_emptied_that_month() {
    let app = spawn_app().await;
    let s = setup(&app).await;
    // Two of John's own categories, each used once on his private account and then emptied: their
    // month totals are left at zero, and neither category moves with him.
    let today = domain::dates::london_today(chrono::Utc::now()).to_string();
    for name in ["Hobby", "Gifts"] {
        let body = json!({"name": name, "type": "expense", "color": "#123456", "icon": "tag"});
        let made = expect(app.post_auth("/api/categories", &s.john, body).await, StatusCode::CREATED).await;
        let row = json!({"accountId": s.stash, "type": "expense", "categoryId": made["data"]["_id"], "amount": "5.00",
                         "description": name, "date": today});
        let row = expect(app.post_auth("/api/transactions", &s.john, row).await, StatusCode::CREATED).await;
        let id = row["data"]["_id"].as_str().unwrap();
        expect(app.delete_auth(&format!("/api/transactions/{id}"), &s.john).await, StatusCode::OK).await;
    }
    // His hidden purchase is split: £1.00 of groceries, the rest shopping.
    let before = expect(app.get_auth("/api/transactions", &s.john).await, StatusCode::OK).await;
    let hidden = before["transactions"].as_array().unwrap().iter().find(|r| r["description"] == "Hidden purchase");
    let hidden = hidden.unwrap().clone();
    let pence = (-hidden["amount"].as_f64().unwrap() * 100.0).round() as i64;
    let shared = app.categories(&s.jane).await;
    let split = json!({"accountId": s.stash, "type": "expense", "amount": format!("{}.{:02}", pence / 100, pence % 100),
                       "description": "Hidden purchase", "date": hidden["date"],
                       "splits": [{"categoryId": shared.id("Groceries"), "amount": "1.00"},
                                  {"categoryId": shared.id("Shopping"),
                                   "amount": format!("{}.{:02}", (pence - 100) / 100, (pence - 100) % 100)}]});
    let path = format!("/api/transactions/{}", hidden["_id"].as_str().unwrap());
    expect(app.put_auth(&path, &s.john, split).await, StatusCode::OK).await;
    let mine = expect(app.post_auth("/api/household/leave", &s.john, json!({})).await, StatusCode::OK).await;
    assert_eq!(mine["data"]["members"].as_array().unwrap().len(), 1);
    let his = expect(app.get_auth("/api/accounts", &s.john).await, StatusCode::OK).await;
    assert_eq!(his["data"]["netWorth"], json!(9187.83), "the emptied months change nothing");
}
