//! Statement imports, rules and the CSV export over HTTP: the preview writes nothing, a commit
//! adds only what the account lacks (twice adds nothing), an overlapping statement adds only
//! its new days, undo restores the balances, bad files are refused with their messages, one
//! user never reaches another's imports, rules categorise and rename, and an export imports
//! back into an empty account with nothing lost.

use crate::common;

use common::{expect, expect_error, spawn_app, TestApp};
use reqwest::StatusCode;
use serde_json::{json, Value};

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(format!("{}/../../adapters/statements/fixtures/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

async fn upload(app: &TestApp, token: &str, name: &str, bytes: Vec<u8>, account: Option<&str>) -> reqwest::Response {
    let mut form =
        reqwest::multipart::Form::new().part("file", reqwest::multipart::Part::bytes(bytes).file_name(name.to_owned()));
    if let Some(account) = account {
        form = form.text("accountId", account.to_owned());
    }
    app.client.post(app.url("/api/imports")).bearer_auth(token).multipart(form).send().await.unwrap()
}

async fn preview(app: &TestApp, token: &str, name: &str, account: Option<&str>) -> Value {
    expect(upload(app, token, name, fixture(name), account).await, StatusCode::OK).await["data"].clone()
}

async fn commit(app: &TestApp, token: &str, import: &Value, account: &str) -> Value {
    let path = format!("/api/imports/{}/commit", import["importId"].as_str().unwrap());
    expect(app.post_auth(&path, token, json!({"accountId": account})).await, StatusCode::OK).await
}

async fn account(app: &TestApp, token: &str, name: &str, opening: f64) -> String {
    let body = json!({"name": name, "type": "current", "initialBalance": opening});
    let a = expect(app.post_auth("/api/accounts", token, body).await, StatusCode::CREATED).await;
    a["data"]["_id"].as_str().unwrap().to_owned()
}

async fn balance(app: &TestApp, token: &str, account: &str) -> Value {
    let list = expect(app.get_auth("/api/accounts", token).await, StatusCode::OK).await;
    let found = list["data"]["accounts"].as_array().unwrap().iter().find(|a| a["_id"] == account).cloned();
    found.expect("the account")["currentBalance"].clone()
}

async fn rows(app: &TestApp, token: &str, account: &str) -> Vec<Value> {
    let body = expect(
        app.get_auth(&format!("/api/transactions?account={account}&limit=100&includeTransfers=true"), token).await,
        StatusCode::OK,
    )
    .await;
    body["transactions"].as_array().unwrap().clone()
}

async fn jane(app: &TestApp) -> String {
    app.signed_up("Jane Doe", "jane@example.com", "Secret123").await
}

#[tokio::test]
async fn a_preview_writes_nothing_a_commit_adds_once_an_overlap_adds_only_new_days_and_undo_restores() {
    let app = spawn_app().await;
    let token = jane(&app).await;
    let current = account(&app, &token, "Monzo", 100.0).await;

    let a = preview(&app, &token, "monzo-overlap-a.csv", Some(&current)).await;
    assert_eq!((a["format"].as_str(), a["preset"].as_str()), (Some("csv"), Some("monzo")));
    assert_eq!((a["newCount"].as_i64(), a["duplicateCount"].as_i64()), (Some(4), Some(0)));
    assert_eq!(
        a["rows"][0],
        json!({"line": 2, "date": "2026-01-10", "description": "Bean Counter Coffee", "amount": -3.2,
               "type": "expense", "category": "Eating Out", "duplicate": false})
    );
    assert!(rows(&app, &token, &current).await.is_empty(), "the preview wrote nothing");
    assert_eq!(balance(&app, &token, &current).await, json!(100.0));

    let done = commit(&app, &token, &a, &current).await;
    assert_eq!(done["data"]["added"], 4);
    assert_eq!(done["data"]["duplicates"], 0);
    assert_eq!(done["message"], "4 added, 0 already there");
    // 100 − 3.20 − 15.40 − 8.99 − 12.60
    assert_eq!(balance(&app, &token, &current).await, json!(59.81));
    let again = commit(&app, &token, &a, &current).await;
    assert_eq!(again["data"]["added"], 4, "the second commit answers the first outcome");
    assert_eq!(rows(&app, &token, &current).await.len(), 4, "and adds nothing");

    let same = preview(&app, &token, "monzo-overlap-a.csv", Some(&current)).await;
    assert_eq!((same["newCount"].as_i64(), same["duplicateCount"].as_i64()), (Some(0), Some(4)));
    let none = commit(&app, &token, &same, &current).await;
    assert_eq!(none["data"]["added"], 0);

    // B repeats A's last two days and adds two identical coffees on one day and a salary.
    let b = preview(&app, &token, "monzo-overlap-b.csv", Some(&current)).await;
    let duplicates: Vec<bool> = b["rows"].as_array().unwrap().iter().map(|r| r["duplicate"] == true).collect();
    assert_eq!(duplicates, [true, true, false, false, false]);
    let b_done = commit(&app, &token, &b, &current).await;
    assert_eq!((b_done["data"]["added"].as_i64(), b_done["data"]["duplicates"].as_i64()), (Some(3), Some(2)));
    // 59.81 − 2.80 − 2.80 + 1200
    assert_eq!(balance(&app, &token, &current).await, json!(1254.21));
    let imported = rows(&app, &token, &current).await;
    assert_eq!(imported.len(), 7);
    assert!(imported.iter().all(|r| r["source"] == "import"));
    assert_eq!(
        imported.iter().filter(|r| r["description"] == "Bean Counter Coffee" && r["amount"] == json!(-2.8)).count(),
        2
    );

    let list = expect(app.get_auth("/api/imports", &token).await, StatusCode::OK).await["data"].clone();
    let listed: Vec<(i64, &str)> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|i| (i["added"].as_i64().unwrap(), i["fileName"].as_str().unwrap()))
        .collect();
    assert_eq!(listed, [(3, "monzo-overlap-b.csv"), (0, "monzo-overlap-a.csv"), (4, "monzo-overlap-a.csv")]);
    assert!(list.as_array().unwrap().iter().all(|i| i["accountId"] == json!(current)));

    let undo = app.delete_auth(&format!("/api/imports/{}", b["importId"].as_str().unwrap()), &token).await;
    let undo = expect(undo, StatusCode::OK).await;
    assert_eq!((undo["message"].as_str(), undo["data"]["removed"].as_i64()), (Some("Import undone"), Some(3)));
    assert_eq!(balance(&app, &token, &current).await, json!(59.81), "balances are as before the import");
    assert_eq!(rows(&app, &token, &current).await.len(), 4);
    let gone = app.delete_auth(&format!("/api/imports/{}", b["importId"].as_str().unwrap()), &token).await;
    expect_error(gone, StatusCode::NOT_FOUND, "Import not found").await;
    // Undone, B's rows are new again.
    let b_again = preview(&app, &token, "monzo-overlap-b.csv", Some(&current)).await;
    assert_eq!(b_again["newCount"], 3);
}

#[tokio::test]
async fn every_format_reads_and_bad_files_are_refused_with_their_messages() {
    let app = spawn_app().await;
    let token = jane(&app).await;
    for (file, format, preset) in [
        ("statement-v1.ofx", "ofx", "ofx"),
        ("statement-v2.ofx", "ofx", "ofx"),
        ("statement.qfx", "ofx", "ofx"),
        ("bank.qif", "qif", "qif"),
        ("starling.csv", "csv", "starling"),
        ("nationwide.csv", "csv", "nationwide"),
        ("amex.csv", "csv", "amex"),
        ("midata.csv", "csv", "midata"),
    ] {
        let p = preview(&app, &token, file, None).await;
        assert_eq!((p["format"].as_str(), p["preset"].as_str()), (Some(format), Some(preset)), "{file}");
        assert!(p["newCount"].as_i64().unwrap() > 0, "{file}");
    }
    let ofx = preview(&app, &token, "statement-v1.ofx", None).await;
    assert_eq!(ofx["errors"], json!([{"line": 62, "message": "Invalid date '20260231'"}]));

    for (name, bytes) in [
        ("binary.bin", fixture("binary.bin")),
        ("empty.csv", Vec::new()),
        ("not-a-statement.txt", fixture("not-a-statement.txt")),
        ("bomb.csv", format!("{}\n", "a,".repeat(1_000_000)).into_bytes()),
    ] {
        expect_error(
            upload(&app, &token, name, bytes, None).await,
            StatusCode::BAD_REQUEST,
            "Unrecognised file format",
        )
        .await;
    }
    let too_big = vec![b'a'; 10 * 1024 * 1024 + 1];
    expect_error(
        upload(&app, &token, "big.csv", too_big, None).await,
        StatusCode::PAYLOAD_TOO_LARGE,
        "A statement must be 10 MB or smaller",
    )
    .await;
    let no_file = app
        .client
        .post(app.url("/api/imports"))
        .bearer_auth(&token)
        .multipart(reqwest::multipart::Form::new().text("accountId", ""))
        .send()
        .await
        .unwrap();
    expect_error(no_file, StatusCode::BAD_REQUEST, "Please choose a statement file to import").await;
    let not_multipart = app.post_auth("/api/imports", &token, json!({"file": "x"})).await;
    assert_eq!(not_multipart.status(), StatusCode::BAD_REQUEST);
    let unknown_account =
        upload(&app, &token, "monzo.csv", fixture("monzo.csv"), Some("00000000-0000-0000-0000-000000000001")).await;
    expect_error(unknown_account, StatusCode::NOT_FOUND, "Account not found").await;

    let p = preview(&app, &token, "monzo.csv", None).await;
    let path = format!("/api/imports/{}/commit", p["importId"].as_str().unwrap());
    expect_error(app.post_auth(&path, &token, json!({})).await, StatusCode::BAD_REQUEST, "Account is required").await;
    let list = expect(app.get_auth("/api/imports", &token).await, StatusCode::OK).await;
    assert_eq!(list["data"], json!([]), "previews are not past imports");
}

#[tokio::test]
async fn a_statement_in_dollars_lists_every_row_as_an_error_and_commits_nothing() {
    let app = spawn_app().await;
    let token = jane(&app).await;
    let current = account(&app, &token, "Current", 100.0).await;
    let p = preview(&app, &token, "statement-usd.ofx", Some(&current)).await;
    let usd = "This statement is in USD; MySpending records pounds sterling only";
    assert_eq!(p["rows"], json!([]));
    assert_eq!(
        p["errors"],
        json!([{"line": 39, "message": usd}, {"line": 46, "message": usd}, {"line": 54, "message": usd}])
    );
    assert_eq!((p["newCount"].as_i64(), p["duplicateCount"].as_i64()), (Some(0), Some(0)));
    let done = commit(&app, &token, &p, &current).await;
    assert_eq!((done["data"]["added"].as_i64(), done["data"]["duplicates"].as_i64()), (Some(0), Some(0)));
    assert!(rows(&app, &token, &current).await.is_empty(), "no dollar amount became pounds");
    assert_eq!(balance(&app, &token, &current).await, json!(100.0));
}

#[tokio::test]
async fn a_midata_statement_previews_and_commits_its_signed_pound_amounts() {
    let app = spawn_app().await;
    let token = jane(&app).await;
    let current = account(&app, &token, "Nationwide", 0.0).await;
    let p = preview(&app, &token, "midata.csv", Some(&current)).await;
    assert_eq!((p["format"].as_str(), p["preset"].as_str()), (Some("csv"), Some("midata")));
    assert_eq!((p["needsMapping"].as_bool(), p["newCount"].as_i64()), (Some(false), Some(5)));
    assert_eq!(p["errors"], json!([]), "the overdraft line below the rows is no error");
    let read: Vec<(i64, &str, &str, f64, &str)> = p["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["line"].as_i64().unwrap(),
                r["date"].as_str().unwrap(),
                r["description"].as_str().unwrap(),
                r["amount"].as_f64().unwrap(),
                r["type"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        read,
        [
            (4, "2026-07-28", "HARDWARE WAREHOUSE GB", -52.0, "expense"),
            (5, "2026-07-27", "Transfer from J EXAMPLE", 1250.0, "income"),
            (6, "2026-07-24", "CAFÉ CREME LONDON GB", -3.45, "expense"),
            (7, "2026-07-21", "BRIGHTSIDE ENERGY", -64.0, "expense"),
            (8, "2026-07-20", "Credit ** July ****", 0.12, "income"),
        ]
    );

    let done = commit(&app, &token, &p, &current).await;
    assert_eq!(done["data"]["added"], 5);
    // 1,250.00 + 0.12 − 52.00 − 3.45 − 64.00
    assert_eq!(balance(&app, &token, &current).await, json!(1130.67));
    let stored = rows(&app, &token, &current).await;
    let hardware = stored.iter().find(|r| r["description"] == "HARDWARE WAREHOUSE GB").expect("imported");
    assert_eq!((&hardware["amount"], &hardware["notes"]), (&json!(-52.0), &json!("Visa purchase")));
}

#[tokio::test]
async fn a_generic_csv_is_mapped_by_the_user_and_the_mapping_is_remembered_for_the_account() {
    let app = spawn_app().await;
    let token = jane(&app).await;
    let current = account(&app, &token, "Current", 0.0).await;
    let csv = "When,What,Money\n03/02/2026,Window cleaner,-12.00\n04/02/2026,Refund,5.50\n";
    let p =
        expect(upload(&app, &token, "odd.csv", csv.into(), Some(&current)).await, StatusCode::OK).await["data"].clone();
    assert_eq!(p["needsMapping"], true);
    assert_eq!(p["columns"], json!(["When", "What", "Money"]));
    let path = format!("/api/imports/{}/preview", p["importId"].as_str().unwrap());
    let bad = json!({"mapping": {"date": "When", "description": "What", "amount": "Nope"}});
    expect_error(app.post_auth(&path, &token, bad).await, StatusCode::BAD_REQUEST, "Column 'Nope' is not in the file")
        .await;
    let mapping = json!({"date": "When", "description": "What", "amount": "Money", "dateFormat": "dd/MM/yyyy"});
    let mapped =
        expect(app.post_auth(&path, &token, json!({"mapping": mapping, "accountId": current})).await, StatusCode::OK)
            .await;
    assert_eq!(mapped["data"]["newCount"], 2);
    let commit_path = format!("/api/imports/{}/commit", p["importId"].as_str().unwrap());
    let done = app.post_auth(&commit_path, &token, json!({"accountId": current, "mapping": mapping})).await;
    assert_eq!(expect(done, StatusCode::OK).await["data"]["added"], 2);
    assert_eq!(balance(&app, &token, &current).await, json!(-6.5));

    let next = "When,What,Money\n05/02/2026,Milk,-1.20\n";
    let p2 = expect(upload(&app, &token, "odd2.csv", next.into(), Some(&current)).await, StatusCode::OK).await["data"]
        .clone();
    assert_eq!(p2["needsMapping"], false, "the account's mapping was used");
    assert_eq!(p2["rows"][0]["amount"], json!(-1.2));
}

#[tokio::test]
async fn one_user_never_reaches_anothers_imports_or_accounts() {
    let app = spawn_app().await;
    let jane = jane(&app).await;
    let john = app.signed_up("John Roe", "john@example.com", "Secret123").await;
    let janes = account(&app, &jane, "Jane's", 0.0).await;
    let johns = account(&app, &john, "John's", 0.0).await;
    let p = preview(&app, &jane, "monzo-overlap-a.csv", Some(&janes)).await;
    let id = p["importId"].as_str().unwrap();
    let commit = app.post_auth(&format!("/api/imports/{id}/commit"), &john, json!({"accountId": johns})).await;
    expect_error(commit, StatusCode::NOT_FOUND, "Import not found").await;
    let into_janes = app.post_auth(&format!("/api/imports/{id}/commit"), &john, json!({"accountId": janes})).await;
    expect_error(into_janes, StatusCode::NOT_FOUND, "Account not found").await;
    let again = app.post_auth(&format!("/api/imports/{id}/preview"), &john, json!({})).await;
    expect_error(again, StatusCode::NOT_FOUND, "Import not found").await;
    expect_error(
        app.delete_auth(&format!("/api/imports/{id}"), &john).await,
        StatusCode::NOT_FOUND,
        "Import not found",
    )
    .await;
    let into_johns = upload(&app, &jane, "monzo.csv", fixture("monzo.csv"), Some(&johns)).await;
    expect_error(into_johns, StatusCode::NOT_FOUND, "Account not found").await;
    assert!(rows(&app, &john, &johns).await.is_empty());
    let john_list = expect(app.get_auth("/api/imports", &john).await, StatusCode::OK).await;
    assert_eq!(john_list["data"], json!([]));
}

async fn category(app: &TestApp, token: &str, name: &str) -> String {
    let body = expect(app.get_auth("/api/categories", token).await, StatusCode::OK).await;
    body["data"].as_array().unwrap().iter().find(|c| c["name"] == name).unwrap()["_id"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn rules_categorise_and_rename_imports_and_apply_to_stored_rows_on_request() {
    let app = spawn_app().await;
    let token = jane(&app).await;
    let current = account(&app, &token, "Current", 0.0).await;
    let groceries = category(&app, &token, "Groceries").await;
    let transport = category(&app, &token, "Transport").await;

    for (body, message) in [
        (json!({"pattern": " ", "categoryId": groceries}), "Text to match is required"),
        (
            json!({"pattern": "x", "matchType": "regex", "categoryId": groceries}),
            "Match must be contains, startsWith or equals",
        ),
        (json!({"pattern": "x"}), "Category is required"),
        (
            json!({"pattern": "x", "categoryId": groceries, "minAmount": 5, "maxAmount": 2}),
            "Maximum amount must not be less than the minimum",
        ),
    ] {
        expect_error(app.post_auth("/api/rules", &token, body).await, StatusCode::BAD_REQUEST, message).await;
    }
    let missing = json!({"pattern": "x", "categoryId": "00000000-0000-0000-0000-000000000001"});
    expect_error(app.post_auth("/api/rules", &token, missing).await, StatusCode::NOT_FOUND, "Category not found").await;

    // The coffee first lands in Eating Out (the bank's label); then a rule says otherwise.
    let a = preview(&app, &token, "monzo-overlap-a.csv", Some(&current)).await;
    commit(&app, &token, &a, &current).await;
    let rule = json!({"pattern": "green grocer", "categoryId": groceries, "rename": "Greengrocer"});
    let created = expect(app.post_auth("/api/rules", &token, rule).await, StatusCode::CREATED).await;
    assert_eq!(created["message"], "Rule created successfully");
    assert_eq!(created["data"]["categoryName"], "Groceries");
    let rail = json!({"pattern": "RAIL", "matchType": "startsWith", "categoryId": transport, "maxAmount": "10"});
    let rail = expect(app.post_auth("/api/rules", &token, rail).await, StatusCode::CREATED).await["data"].clone();
    assert_eq!(rail["position"], 1);

    let dry = expect(app.post_auth("/api/rules/apply", &token, json!({"dryRun": true})).await, StatusCode::OK).await;
    // Rail Co is £12.60: above the rule's £10, so only the grocer matches.
    assert_eq!(dry["data"], json!({"matched": 1, "changed": 1}));
    assert_eq!(dry["message"], "1 transaction would change");
    assert!(
        rows(&app, &token, &current).await.iter().all(|r| r["description"] != "Greengrocer"),
        "a dry run changes nothing"
    );
    let applied =
        expect(app.post_auth("/api/rules/apply", &token, json!({"dryRun": false})).await, StatusCode::OK).await;
    assert_eq!(applied["message"], "1 transaction updated");
    let stored = rows(&app, &token, &current).await;
    let grocer = stored.iter().find(|r| r["description"] == "Greengrocer").expect("renamed");
    assert_eq!(grocer["categoryId"]["name"], "Groceries");
    // Applying again changes nothing (the renamed row no longer even matches).
    let again = expect(app.post_auth("/api/rules/apply", &token, json!({"dryRun": false})).await, StatusCode::OK).await;
    assert_eq!(again["data"]["changed"], 0);

    // A rule applies to a new import's preview and commit.
    let edit = json!({"pattern": "bean counter", "categoryId": groceries, "matchType": "contains"});
    let path = format!("/api/rules/{}", rail["_id"].as_str().unwrap());
    let edited = expect(app.put_auth(&path, &token, edit).await, StatusCode::OK).await;
    assert_eq!(edited["data"]["position"], 1, "an edit keeps the rule's place");
    let b = preview(&app, &token, "monzo-overlap-b.csv", Some(&current)).await;
    let coffee = b["rows"].as_array().unwrap().iter().find(|r| r["description"] == "Bean Counter Coffee").unwrap();
    assert_eq!(coffee["category"], "Groceries");

    // Order and delete.
    let ids = [rail["_id"].clone(), created["data"]["_id"].clone()];
    let ordered = expect(app.put_auth("/api/rules/order", &token, json!({"ids": ids})).await, StatusCode::OK).await;
    assert_eq!(ordered["data"][0]["_id"], rail["_id"]);
    let partial = app.put_auth("/api/rules/order", &token, json!({"ids": [rail["_id"]]})).await;
    expect_error(partial, StatusCode::BAD_REQUEST, "The order must list every rule exactly once").await;
    let john = app.signed_up("John Roe", "john@example.com", "Secret123").await;
    expect_error(app.delete_auth(&path, &john).await, StatusCode::NOT_FOUND, "Rule not found").await;
    expect(app.delete_auth(&path, &token).await, StatusCode::OK).await;
    let left = expect(app.get_auth("/api/rules", &token).await, StatusCode::OK).await;
    assert_eq!(left["data"].as_array().unwrap().len(), 1);
}

async fn export(app: &TestApp, token: &str, query: &str) -> String {
    let res = app.get_auth(&format!("/api/transactions/export.csv{query}"), token).await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.headers()["content-type"], "text/csv; charset=utf-8");
    assert!(res.headers()["content-disposition"]
        .to_str()
        .unwrap()
        .starts_with("attachment; filename=\"myspending-transactions-"));
    res.text().await.unwrap()
}

#[tokio::test]
async fn the_export_is_excel_friendly_filtered_and_imports_back_with_nothing_lost() {
    let app = spawn_app().await;
    let token = jane(&app).await;
    let current = account(&app, &token, "Current", 0.0).await;
    let savings = account(&app, &token, "Savings", 0.0).await;
    let groceries = category(&app, &token, "Groceries").await;
    let salary = category(&app, &token, "Salary").await;
    let mut tags = vec![];
    for name in ["Holiday 2026", "Kids"] {
        let made = app.post_auth("/api/tags", &token, json!({"name": name, "color": "#123456"})).await;
        tags.push(expect(made, StatusCode::CREATED).await["data"]["_id"].clone());
    }
    for (amount, kind, description, category, date, notes) in [
        (2500.0, "income", "Payroll", &salary, "2026-10-28", ""),
        (42.1, "expense", "Fish, chips & \"peas\"", &groceries, "2026-10-30", "two\nlines"),
        (3.5, "expense", "=cmd|' /C calc'!A0", &groceries, "2026-11-02", ""),
    ] {
        let tagged = if description.starts_with("Fish") { tags.clone() } else { vec![] };
        let body = json!({"amount": amount, "type": kind, "description": description, "categoryId": category,
                          "accountId": current, "date": date, "notes": notes, "tagIds": tagged});
        expect(app.post_auth("/api/transactions", &token, body).await, StatusCode::CREATED).await;
    }
    let transfer = json!({"fromAccountId": current, "toAccountId": savings, "amount": 100, "date": "2026-11-01", "description": "Saving"});
    expect(app.post_auth("/api/transfers", &token, transfer).await, StatusCode::CREATED).await;

    let all = export(&app, &token, "").await;
    assert!(all.starts_with("\u{feff}Date,Description,Amount,Type,Category,Account,Notes,Transfer,Tags\r\n"));
    let lines: Vec<&str> = all.trim_start_matches('\u{feff}').split("\r\n").filter(|l| !l.is_empty()).collect();
    assert_eq!(lines.len(), 1 + 5, "header, three transactions and both transfer legs");
    assert_eq!(lines[1], "02/11/2026,'=cmd|' /C calc'!A0,-3.50,expense,Groceries,Current,,,");
    assert!(lines.iter().any(|l| l.starts_with("01/11/2026,Saving,-100.00,expense,") && l.ends_with(",Current,,yes,")));
    assert!(
        lines.contains(
            &"30/10/2026,\"Fish, chips & \"\"peas\"\"\",-42.10,expense,Groceries,Current,\"two\nlines\",,Holiday 2026; Kids"
        )
    );
    assert_eq!(lines.last().unwrap(), &"28/10/2026,Payroll,2500.00,income,Salary,Current,,,");

    let expenses = export(&app, &token, &format!("?type=expense&account={current}&startDate=2026-10-29")).await;
    assert_eq!(expenses.matches("\r\n").count(), 1 + 2, "header and the two expenses: no transfer legs with a type");
    expect_error(
        app.get_auth("/api/transactions/export.csv?startDate=nope", &token).await,
        StatusCode::BAD_REQUEST,
        "Start date must be a date in the form YYYY-MM-DD",
    )
    .await;

    // Into another user's empty account: the rows come back as they were.
    let john = app.signed_up("John Roe", "john@example.com", "Secret123").await;
    let johns = account(&app, &john, "Imported", 0.0).await;
    // John keeps a 'kids' tag already: the import uses it rather than making a second.
    let his = app.post_auth("/api/tags", &john, json!({"name": "kids", "color": "#654321"})).await;
    let his_kids = expect(his, StatusCode::CREATED).await["data"]["_id"].clone();
    let only_current = export(&app, &token, &format!("?account={current}&type=")).await;
    let p = expect(upload(&app, &john, "export.csv", only_current.into_bytes(), Some(&johns)).await, StatusCode::OK)
        .await["data"]
        .clone();
    assert_eq!((p["preset"].as_str(), p["needsMapping"].as_bool()), (Some("myspending"), Some(false)));
    let done = commit(&app, &john, &p, &johns).await;
    assert_eq!(done["data"]["added"], 4);
    let back = rows(&app, &john, &johns).await;
    let original = rows(&app, &token, &current).await;
    let key = |r: &Value| (r["date"].clone(), r["description"].clone(), r["amount"].clone(), r["notes"].clone());
    let mut a: Vec<_> = original.iter().map(key).collect();
    let mut b: Vec<_> = back.iter().map(key).collect();
    a.sort_by_key(|k| k.1.to_string());
    b.sort_by_key(|k| k.1.to_string());
    assert_eq!(a, b);
    let grocer = back.iter().find(|r| r["description"] == "Fish, chips & \"peas\"").unwrap();
    assert_eq!(grocer["categoryId"]["name"], "Groceries");
    let names: Vec<&str> = grocer["tags"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Holiday 2026", "kids"], "the tags come back by name");
    assert_eq!(grocer["tags"][1]["_id"], his_kids);
    let johns_tags = expect(app.get_auth("/api/tags", &john).await, StatusCode::OK).await;
    assert_eq!(johns_tags["data"].as_array().unwrap().len(), 2);
    let payroll = back.iter().find(|r| r["description"] == "Payroll").unwrap();
    assert_eq!(payroll["tags"], json!([]));
    assert_eq!(balance(&app, &john, &johns).await, balance(&app, &token, &current).await);
}
