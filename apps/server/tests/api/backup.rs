//! Backup and restore over HTTP: a seeded household (plus an import and a rule) backed up and
//! restored into a new user answers every read of the API exactly as the original does (ids
//! aside); a restore into a user with data is refused and changes nothing; damaged or foreign
//! files are refused; the original is untouched.

use crate::common;

use adapter_images::test_support::{phone_photo, red_corner, Corner};
use common::{expect, expect_error, picture, spawn_app, upload, TestApp};
use reqwest::StatusCode;
use serde_json::{json, Value};

/// Every id is new after a restore: compare answers with ids replaced by a placeholder.
fn without_ids(v: &Value) -> Value {
    match v {
        Value::String(s) if uuid::Uuid::parse_str(s).is_ok() => Value::String("<id>".into()),
        Value::Array(items) => Value::Array(items.iter().map(without_ids).collect()),
        Value::Object(fields) => Value::Object(fields.iter().map(|(k, v)| (k.clone(), without_ids(v))).collect()),
        other => other.clone(),
    }
}

/// The answers with every row made by `from` said to be made by `to`: a restore's rows are made
/// by the member who restores it (the backup's maker may not be a user of this server).
fn made_by(answers: &[(String, Value)], from: &str, to: &str) -> Vec<(String, Value)> {
    fn rename(v: &Value, from: &str, to: &str) -> Value {
        match v {
            Value::Array(items) => Value::Array(items.iter().map(|i| rename(i, from, to)).collect()),
            Value::Object(fields) => Value::Object(
                fields
                    .iter()
                    .map(|(k, v)| match (k.as_str(), v) {
                        ("createdBy", Value::Object(who)) if who["name"] == from => {
                            let mut who = who.clone();
                            who.insert("name".into(), to.into());
                            (k.clone(), Value::Object(who))
                        }
                        _ => (k.clone(), rename(v, from, to)),
                    })
                    .collect(),
            ),
            other => other.clone(),
        }
    }
    answers.iter().map(|(path, v)| (path.clone(), rename(v, from, to))).collect()
}

/// Every read a user has of their data.
async fn everything(app: &TestApp, token: &str) -> Vec<(String, Value)> {
    let month = chrono::Utc::now().format("%m").to_string();
    let year = chrono::Utc::now().format("%Y").to_string();
    let mut paths: Vec<String> = [
        "/api/accounts",
        "/api/accounts/real-time-balances",
        "/api/categories",
        "/api/transfers?limit=100",
        "/api/budgets",
        "/api/budget-analytics",
        "/api/goals",
        "/api/goals/dashboard/summary",
        "/api/inventory-items",
        "/api/shopping-list",
        "/api/recurring-transactions",
        "/api/recurring-transactions/summary/current-month",
        "/api/recurring-analytics",
        "/api/transactions/dashboard/summary",
        "/api/transactions/dashboard/chart-data",
        "/api/rules",
        "/api/imports",
    ]
    .into_iter()
    .map(String::from)
    .collect();
    paths.push(format!("/api/reports/monthly?year={year}&month={month}"));
    paths.push(format!("/api/reports/yearly?year={year}"));
    let first =
        expect(app.get_auth("/api/transactions?limit=100&includeTransfers=true", token).await, StatusCode::OK).await;
    let pages = first["pagination"]["totalPages"].as_i64().unwrap_or(1);
    for page in 1..=pages {
        paths.push(format!("/api/transactions?limit=100&includeTransfers=true&page={page}"));
    }
    let mut answers = Vec::new();
    for path in paths {
        let res = app.get_auth(&path, token).await;
        let status = res.status();
        let body: Value = res.json().await.unwrap();
        assert_eq!(status, StatusCode::OK, "{path}: {body}");
        answers.push((path, without_ids(&body)));
    }
    let csv = app.get_auth("/api/transactions/export.csv", token).await.text().await.unwrap();
    answers.push(("export.csv".into(), Value::String(csv)));
    answers
}

async fn seeded(app: &TestApp, email: &str) -> String {
    let today = domain::dates::london_today(chrono::Utc::now());
    let seeder = server::state::seeder(app.db.db.clone()).unwrap();
    seeder.seed(email, "Demo1234", demo_data::realistic(today, 4, 7), false).await.unwrap();
    let body = expect(app.login(email, "Demo1234").await, StatusCode::OK).await;
    body["token"].as_str().unwrap().to_owned()
}

pub(crate) async fn download(app: &TestApp, token: &str) -> Vec<u8> {
    let res = app.get_auth("/api/backup", token).await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.headers()["content-type"], "application/json");
    assert!(res.headers()["content-disposition"].to_str().unwrap().contains("myspending-backup-"));
    res.bytes().await.unwrap().to_vec()
}

/// A photo uploaded and put on a new inventory item; answers the item.
async fn item_with_photo(app: &TestApp, token: &str, name: &str, width: u32) -> Value {
    let png = picture(image::ImageFormat::Png, width, width / 2);
    let photo = expect(upload(app, token, "photo.png", "image/png", png).await, StatusCode::CREATED).await;
    let body = json!({"name": name, "category": "Dairy", "currentStock": 1, "defaultNeeded": 2,
                      "image": photo["data"]["path"]});
    expect(app.post_auth("/api/inventory-items", token, body).await, StatusCode::CREATED).await["data"].clone()
}

async fn items(app: &TestApp, token: &str) -> Vec<Value> {
    let list = expect(app.get_auth("/api/inventory-items", token).await, StatusCode::OK).await;
    let mut items = list["data"].as_array().unwrap().clone();
    items.sort_by_key(|i| i["name"].as_str().unwrap().to_owned());
    items
}

async fn served(app: &TestApp, path: &str) -> (StatusCode, Vec<u8>) {
    let res = app.client.get(app.url(path)).send().await.unwrap();
    (res.status(), res.bytes().await.unwrap().to_vec())
}

pub(crate) async fn restore(app: &TestApp, token: &str, bytes: Vec<u8>) -> reqwest::Response {
    let form =
        reqwest::multipart::Form::new().part("file", reqwest::multipart::Part::bytes(bytes).file_name("backup.json"));
    app.client.post(app.url("/api/restore")).bearer_auth(token).multipart(form).send().await.unwrap()
}

#[tokio::test]
async fn a_restored_household_answers_every_read_exactly_as_the_original() {
    let app = spawn_app().await;
    let jane = seeded(&app, "jane@example.com").await;
    // An import and a rule, so those are in the backup too.
    let accounts = expect(app.get_auth("/api/accounts", &jane).await, StatusCode::OK).await;
    let current = accounts["data"]["accounts"][0]["_id"].as_str().unwrap().to_owned();
    let csv = "Date,Description,Amount\n01/11/2026,Corner shop,-4.20\n";
    let form = reqwest::multipart::Form::new()
        .part("file", reqwest::multipart::Part::bytes(csv.as_bytes().to_vec()).file_name("shop.csv"))
        .text("accountId", current.clone());
    let res = app.client.post(app.url("/api/imports")).bearer_auth(&jane).multipart(form).send().await.unwrap();
    let preview = expect(res, StatusCode::OK).await;
    let path = format!("/api/imports/{}/commit", preview["data"]["importId"].as_str().unwrap());
    let mapping = json!({"date": "Date", "description": "Description", "amount": "Amount"});
    expect(app.post_auth(&path, &jane, json!({"accountId": current, "mapping": mapping})).await, StatusCode::OK).await;
    let categories = expect(app.get_auth("/api/categories", &jane).await, StatusCode::OK).await;
    let groceries =
        categories["data"].as_array().unwrap().iter().find(|c| c["name"] == "Groceries").unwrap()["_id"].clone();
    expect(
        app.post_auth("/api/rules", &jane, json!({"pattern": "corner", "categoryId": groceries})).await,
        StatusCode::CREATED,
    )
    .await;

    let before = everything(&app, &jane).await;
    let backup = download(&app, &jane).await;
    let doc: Value = serde_json::from_slice(&backup).unwrap();
    assert_eq!((doc["app"].as_str(), doc["version"].as_i64()), (Some("MySpending"), Some(2)));
    assert!(doc["exportedAt"].is_string());
    assert!(doc["tables"]["transactions"].as_array().unwrap().len() > 50);

    // Restored beside the original (same server, new ids).
    let john = app.signed_up("John Roe", "john@example.com", "Secret123").await;
    let restored = expect(restore(&app, &john, backup.clone()).await, StatusCode::OK).await;
    assert_eq!(restored["message"], "Backup restored");
    assert_eq!(
        restored["data"]["transactions"].as_i64(),
        Some(doc["tables"]["transactions"].as_array().unwrap().len() as i64)
    );
    let after = everything(&app, &john).await;
    assert_eq!(before.len(), after.len());
    for ((path, a), (_, b)) in made_by(&before, "Demo User", "John Roe").iter().zip(&after) {
        assert_eq!(a, b, "{path} differs after the restore");
    }
    assert_eq!(everything(&app, &jane).await, before, "the original is untouched");

    // A user with data is refused, and nothing changes.
    let again = restore(&app, &john, backup.clone()).await;
    expect_error(
        again,
        StatusCode::CONFLICT,
        "Restore needs an empty account: this one already has accounts, transactions, goals or inventory",
    )
    .await;
    assert_eq!(everything(&app, &john).await, after);

    // The restored user goes on: a new transaction lands after the restored ones of its day.
    let body = json!({"amount": 1, "type": "expense", "description": "After restore", "categoryId": groceries_of(&app, &john).await,
                      "accountId": first_account(&app, &john).await, "date": chrono::Utc::now().format("%Y-%m-%d").to_string()});
    expect(app.post_auth("/api/transactions", &john, body).await, StatusCode::CREATED).await;
    let list = expect(app.get_auth("/api/transactions?limit=1", &john).await, StatusCode::OK).await;
    assert_eq!(list["transactions"][0]["description"], "After restore");
}

async fn groceries_of(app: &TestApp, token: &str) -> Value {
    let categories = expect(app.get_auth("/api/categories", token).await, StatusCode::OK).await;
    categories["data"].as_array().unwrap().iter().find(|c| c["name"] == "Groceries").unwrap()["_id"].clone()
}

async fn first_account(app: &TestApp, token: &str) -> Value {
    let accounts = expect(app.get_auth("/api/accounts", token).await, StatusCode::OK).await;
    accounts["data"]["accounts"][0]["_id"].clone()
}

#[tokio::test]
async fn damaged_or_foreign_files_are_refused_and_change_nothing() {
    let app = spawn_app().await;
    let jane = seeded(&app, "jane@example.com").await;
    let backup = download(&app, &jane).await;
    let john = app.signed_up("John Roe", "john@example.com", "Secret123").await;
    let categories_before = expect(app.get_auth("/api/categories", &john).await, StatusCode::OK).await;

    let mut wrong_row: Value = serde_json::from_slice(&backup).unwrap();
    wrong_row["tables"]["transactions"][0]["amount"] = json!("lots");
    let mut newer: Value = serde_json::from_slice(&backup).unwrap();
    newer["version"] = json!(99);
    let mut unknown_table: Value = serde_json::from_slice(&backup).unwrap();
    unknown_table["tables"]["users"] = json!([{"id": "x"}]);
    for (bytes, status, message) in [
        (b"not json".to_vec(), StatusCode::BAD_REQUEST, "This is not a MySpending backup"),
        (b"{\"app\":\"Other\"}".to_vec(), StatusCode::BAD_REQUEST, "This is not a MySpending backup"),
        (serde_json::to_vec(&wrong_row).unwrap(), StatusCode::BAD_REQUEST, "This is not a MySpending backup"),
        (serde_json::to_vec(&unknown_table).unwrap(), StatusCode::BAD_REQUEST, "This is not a MySpending backup"),
        (
            serde_json::to_vec(&newer).unwrap(),
            StatusCode::BAD_REQUEST,
            "This backup was made by a newer version of MySpending; update this server first",
        ),
    ] {
        expect_error(restore(&app, &john, bytes).await, status, message).await;
    }
    let empty = app
        .client
        .post(app.url("/api/restore"))
        .bearer_auth(&john)
        .multipart(reqwest::multipart::Form::new().text("other", "x"))
        .send()
        .await
        .unwrap();
    expect_error(empty, StatusCode::BAD_REQUEST, "Please choose a backup file to restore").await;
    assert_eq!(expect(app.get_auth("/api/categories", &john).await, StatusCode::OK).await, categories_before);
    let accounts = expect(app.get_auth("/api/accounts", &john).await, StatusCode::OK).await;
    assert_eq!(accounts["data"]["accounts"], json!([]));
}

#[tokio::test]
async fn a_backup_from_before_category_kinds_gets_the_kind_each_name_says() {
    let app = spawn_app().await;
    let jane = seeded(&app, "jane@example.com").await;
    let lodger = json!({"name": "Lodger", "color": "#4CAF50", "icon": "home", "type": "income"});
    expect(app.post_auth("/api/categories", &jane, lodger).await, StatusCode::CREATED).await;
    let mut old: Value = serde_json::from_slice(&download(&app, &jane).await).unwrap();
    let rows = old["tables"]["categories"].as_array_mut().unwrap();
    assert!(rows.iter().all(|r| r.get("kind").is_some()), "a backup holds each category's kind");
    for row in rows.iter_mut() {
        row.as_object_mut().unwrap().remove("kind");
    }
    let john = app.signed_up("John Roe", "john@example.com", "Secret123").await;
    expect(restore(&app, &john, serde_json::to_vec(&old).unwrap()).await, StatusCode::OK).await;
    let categories = expect(app.get_auth("/api/categories", &john).await, StatusCode::OK).await;
    let kind =
        |name: &str| categories["data"].as_array().unwrap().iter().find(|c| c["name"] == name).unwrap()["type"].clone();
    assert_eq!(
        (kind("Salary"), kind("Other Income"), kind("Groceries")),
        (json!("income"), json!("income"), json!("expense"))
    );
    assert_eq!(kind("Lodger"), json!("expense"), "without a kind, only the name speaks");
}

#[tokio::test]
async fn the_command_line_backs_up_one_user_and_restores_into_another() {
    let app = spawn_app().await;
    let jane = seeded(&app, "jane@example.com").await;
    let before = everything(&app, &jane).await;
    let john = app.signed_up("John Roe", "john@example.com", "Secret123").await;
    let file = app.data_dir.join("cli-backup.json");
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_myspending"))
            .args(args)
            .env("DATABASE_URL", &app.db.url)
            .env("JWT_SECRET", "test-secret-test-secret-test-secret")
            .env("DATA_DIR", &app.data_dir)
            .env("RUST_LOG", "warn")
            .output()
            .unwrap()
    };
    let backup = run(&["backup", "--email", "jane@example.com", "--out", file.to_str().unwrap()]);
    assert!(backup.status.success(), "{}", String::from_utf8_lossy(&backup.stderr));
    let restore = run(&["restore", "--email", "john@example.com", "--file", file.to_str().unwrap()]);
    assert!(restore.status.success(), "{}", String::from_utf8_lossy(&restore.stderr));
    assert!(String::from_utf8_lossy(&restore.stdout).starts_with("Restored into john@example.com:"));
    let after = everything(&app, &john).await;
    for ((path, a), (_, b)) in made_by(&before, "Demo User", "John Roe").iter().zip(&after) {
        assert_eq!(a, b, "{path} differs after the command-line restore");
    }
    let again = run(&["restore", "--email", "john@example.com", "--file", file.to_str().unwrap()]);
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("Restore needs an empty account"));
    let nobody = run(&["backup", "--email", "nobody@example.com"]);
    assert!(!nobody.status.success());

    // With --images: a zip with the photos, restored with them.
    item_with_photo(&app, &jane, "Cheddar", 300).await;
    let zipped = app.data_dir.join("cli-backup.zip");
    let backup = run(&["backup", "--email", "jane@example.com", "--images", "--out", zipped.to_str().unwrap()]);
    assert!(backup.status.success(), "{}", String::from_utf8_lossy(&backup.stderr));
    assert!(std::fs::read(&zipped).unwrap().starts_with(b"PK\x03\x04"));
    let mary = app.signed_up("Mary Major", "mary@example.com", "Secret123").await;
    let restore = run(&["restore", "--email", "mary@example.com", "--file", zipped.to_str().unwrap()]);
    assert!(restore.status.success(), "{}", String::from_utf8_lossy(&restore.stderr));
    assert!(
        String::from_utf8_lossy(&restore.stdout).contains(", 1 photos"),
        "{}",
        String::from_utf8_lossy(&restore.stdout)
    );
    let cheddar = items(&app, &mary).await.into_iter().find(|i| i["name"] == "Cheddar").unwrap();
    assert_eq!(served(&app, cheddar["image"].as_str().unwrap()).await.0, StatusCode::OK);
}

#[tokio::test]
async fn photos_travel_in_the_zip_and_the_restored_user_never_shares_one() {
    let app = spawn_app().await;
    let jane = app.signed_up("Jane Doe", "jane@example.com", "Secret123").await;
    let cheese = item_with_photo(&app, &jane, "Cheddar", 800).await;
    let milk = item_with_photo(&app, &jane, "Milk", 600).await;
    // A third item names a photo that is no longer stored (replaced on another item).
    let replaced = item_with_photo(&app, &jane, "Yoghurt", 400).await;
    let gone = replaced["image"].as_str().unwrap().to_owned();
    let mut edit = replaced.clone();
    edit["image"] = milk["image"].clone();
    expect(
        app.put_auth(&format!("/api/inventory-items/{}", replaced["_id"].as_str().unwrap()), &jane, edit).await,
        StatusCode::OK,
    )
    .await;
    let body = json!({"name": "Old eggs", "category": "Dairy", "currentStock": 1, "defaultNeeded": 1, "image": gone});
    expect(app.post_auth("/api/inventory-items", &jane, body).await, StatusCode::CREATED).await;
    assert_eq!(served(&app, &gone).await.0, StatusCode::NOT_FOUND);

    let res = app.client.get(app.url("/api/backup?images=true")).bearer_auth(&jane).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.headers()["content-type"], "application/zip");
    assert!(res.headers()["content-disposition"].to_str().unwrap().ends_with(".zip\""));
    let zipped = res.bytes().await.unwrap().to_vec();
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(zipped.clone())).unwrap();
    let mut names: Vec<String> = archive.file_names().map(|n| n.unwrap().into_owned()).collect();
    names.sort();
    let photo_name =
        |item: &Value| format!("photos/{}", item["image"].as_str().unwrap().trim_start_matches("/uploads/"));
    let mut expected = vec!["backup.json".to_owned(), photo_name(&cheese), photo_name(&milk)];
    expected.sort();
    assert_eq!(names, expected, "the document and each stored photo once");
    let mut inside = Vec::new();
    std::io::Read::read_to_end(&mut archive.by_name(&photo_name(&cheese)).unwrap(), &mut inside).unwrap();
    assert_eq!(inside, served(&app, cheese["image"].as_str().unwrap()).await.1, "the photo as stored");

    // Restored into another user: new photo names, the same pictures, the lost one left out.
    let john = app.signed_up("John Roe", "john@example.com", "Secret123").await;
    let restored = expect(restore(&app, &john, zipped).await, StatusCode::OK).await;
    assert_eq!((restored["data"]["photos"].as_i64(), restored["data"]["photosMissing"].as_i64()), (Some(2), Some(1)));
    let johns = items(&app, &john).await;
    let names: Vec<&str> = johns.iter().map(|i| i["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Cheddar", "Milk", "Old eggs", "Yoghurt"]);
    let johns_cheese = johns[0]["image"].as_str().unwrap().to_owned();
    assert_ne!(johns_cheese, cheese["image"].as_str().unwrap());
    assert_eq!(johns[2]["image"], "", "a photo that is nowhere is left out, not shown broken");
    assert_eq!(johns[1]["image"], johns[3]["image"], "two items sharing a photo still share one");
    let (status, bytes) = served(&app, &johns_cheese).await;
    assert_eq!(status, StatusCode::OK);
    let picture = image::load_from_memory(&bytes).unwrap();
    assert_eq!((picture.width(), picture.height()), (800, 400));
    assert_eq!(served(&app, &johns_cheese.replace(".jpg", "-thumb.jpg")).await.0, StatusCode::OK);

    // Deleting the original's item takes its photo, not the restored user's.
    expect(
        app.delete_auth(&format!("/api/inventory-items/{}", cheese["_id"].as_str().unwrap()), &jane).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(served(&app, cheese["image"].as_str().unwrap()).await.0, StatusCode::NOT_FOUND);
    assert_eq!(served(&app, &johns_cheese).await.0, StatusCode::OK);

    // The plain JSON backup restored on the same server copies the photos still here.
    let mary = app.signed_up("Mary Major", "mary@example.com", "Secret123").await;
    let restored = expect(restore(&app, &mary, download(&app, &jane).await).await, StatusCode::OK).await;
    assert_eq!((restored["data"]["photos"].as_i64(), restored["data"]["photosMissing"].as_i64()), (Some(1), Some(1)));
    let marys = items(&app, &mary).await;
    let marys_milk = marys.iter().find(|i| i["name"] == "Milk").unwrap()["image"].as_str().unwrap().to_owned();
    assert_ne!(marys_milk, milk["image"].as_str().unwrap());
    assert_eq!(served(&app, &marys_milk).await, served(&app, milk["image"].as_str().unwrap()).await);
}

#[tokio::test]
async fn a_sideways_phone_photo_in_a_backup_is_restored_upright() {
    let app = spawn_app().await;
    let jane = app.signed_up("Jane Doe", "jane@example.com", "Secret123").await;
    let item = item_with_photo(&app, &jane, "Cheddar", 200).await;
    // A hand-made (or older) backup whose photo is as the phone stored it: landscape pixels
    // with EXIF Orientation 6.
    let res = app.client.get(app.url("/api/backup?images=true")).bearer_auth(&jane).send().await.unwrap();
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(res.bytes().await.unwrap().to_vec())).unwrap();
    let mut document = Vec::new();
    std::io::Read::read_to_end(&mut archive.by_name("backup.json").unwrap(), &mut document).unwrap();
    let name = format!("photos/{}", item["image"].as_str().unwrap().trim_start_matches("/uploads/"));
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    for (entry, bytes) in [("backup.json", document), (name.as_str(), phone_photo(800, 600, 6))] {
        zip.start_file(entry, zip::write::SimpleFileOptions::default()).unwrap();
        std::io::Write::write_all(&mut zip, &bytes).unwrap();
    }
    let zipped = zip.finish().unwrap().into_inner();

    let john = app.signed_up("John Roe", "john@example.com", "Secret123").await;
    let restored = expect(restore(&app, &john, zipped).await, StatusCode::OK).await;
    assert_eq!(restored["data"]["photos"].as_i64(), Some(1));
    let path = items(&app, &john).await[0]["image"].as_str().unwrap().to_owned();
    for (what, path, size) in
        [("photo", path.clone(), (600, 800)), ("thumbnail", path.replace(".jpg", "-thumb.jpg"), (300, 400))]
    {
        let (status, bytes) = served(&app, &path).await;
        assert_eq!(status, StatusCode::OK, "{what}");
        let picture = image::load_from_memory(&bytes).unwrap();
        assert_eq!((picture.width(), picture.height()), size, "the restored {what} is portrait");
        assert_eq!(red_corner(&picture), Some(Corner::TopRight), "the restored {what} is upright");
    }
}

#[tokio::test]
async fn a_zip_is_checked_while_it_is_read_and_a_refused_one_leaves_nothing() {
    use std::io::Write;
    let zip_of = |entries: &[(&str, &[u8])]| {
        let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
        for (name, bytes) in entries {
            zip.start_file(*name, zip::write::SimpleFileOptions::default()).unwrap();
            zip.write_all(bytes).unwrap();
        }
        zip.finish().unwrap().into_inner()
    };
    // 65 MB of spaces deflate to about 64 KB: refused as it inflates. (Made before any request:
    // deflating blocks this test's runtime past the server's keep-alive.)
    let bomb = zip_of(&[("backup.json", &vec![b' '; 65 * 1024 * 1024])]);
    assert!(bomb.len() < 1024 * 1024);
    let app = spawn_app().await;
    let jane = app.signed_up("Jane Doe", "jane@example.com", "Secret123").await;
    item_with_photo(&app, &jane, "Cheddar", 200).await;
    let document = download(&app, &jane).await;
    let john = app.signed_up("John Roe", "john@example.com", "Secret123").await;
    expect_error(
        restore(&app, &john, bomb).await,
        StatusCode::PAYLOAD_TOO_LARGE,
        "A backup's data must be 64 MB or smaller",
    )
    .await;
    // A damaged document with a good photo: refused, and the photo stored for it is removed.
    let files = || std::fs::read_dir(app.settings.uploads_dir()).unwrap().count();
    let before = files();
    let mut damaged: Value = serde_json::from_slice(&document).unwrap();
    damaged["tables"]["inventory_items"][0]["current_stock"] = json!("lots");
    let path = damaged["tables"]["inventory_items"][0]["image"].as_str().unwrap().to_owned();
    let (_, photo) = served(&app, &path).await;
    let name = format!("photos/{}", path.trim_start_matches("/uploads/"));
    let refused = zip_of(&[("backup.json", &serde_json::to_vec(&damaged).unwrap()), (&name, &photo)]);
    expect_error(restore(&app, &john, refused).await, StatusCode::BAD_REQUEST, "This is not a MySpending backup").await;
    assert_eq!(files(), before, "no photo of a refused restore is left behind");
    let no_document = zip_of(&[("notes.txt", b"hello")]);
    expect_error(restore(&app, &john, no_document).await, StatusCode::BAD_REQUEST, "This is not a MySpending backup")
        .await;
    // A photo that is not a picture is left out (counted), never stored as it came.
    let doc: Value = serde_json::from_slice(&document).unwrap();
    let path = doc["tables"]["inventory_items"][0]["image"].as_str().unwrap().to_owned();
    let fake = format!("photos/{}", path.trim_start_matches("/uploads/"));
    // The original is deleted first, so the photo cannot be copied from this server either.
    let original = items(&app, &jane).await;
    expect(
        app.delete_auth(&format!("/api/inventory-items/{}", original[0]["_id"].as_str().unwrap()), &jane).await,
        StatusCode::OK,
    )
    .await;
    let hostile = zip_of(&[("backup.json", &document), (&fake, b"<script>alert(1)</script>")]);
    let restored = expect(restore(&app, &john, hostile).await, StatusCode::OK).await;
    assert_eq!((restored["data"]["photos"].as_i64(), restored["data"]["photosMissing"].as_i64()), (Some(0), Some(1)));
    assert_eq!(items(&app, &john).await[0]["image"], "");
}
