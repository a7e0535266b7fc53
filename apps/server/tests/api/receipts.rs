//! Receipts: photos and PDFs attached to a transaction, judged by their content, stored without
//! metadata, served through short-lived signed addresses or the bearer token to the members who
//! see the transaction, and gone (rows and blobs) with the transaction however it goes.

use crate::common;

use adapter_images::test_support::{phone_photo, red_corner, Corner};
use common::{expect, expect_error, picture, spawn_app, TestApp};
use domain::ids::ReceiptId;
use domain::receipts::{UrlKey, Variant};
use image::ImageFormat;
use reqwest::StatusCode;
use serde_json::{json, Value};

const PDF: &[u8] = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";
const NOT_A_RECEIPT: &str = "Only photos (JPEG, PNG or WebP) and PDF files can be attached";

struct Books {
    token: String,
    account: String,
    transaction: String,
}

async fn books(app: &TestApp, email: &str) -> Books {
    let token = app.signed_up("Jane Doe", email, "Secret123").await;
    let account = app.account_id(&token, "Current", "current", 0).await.as_str().unwrap().to_owned();
    let transaction = spend(app, &token, &account).await;
    Books { token, account, transaction }
}

async fn spend(app: &TestApp, token: &str, account: &str) -> String {
    let category = app.categories(token).await.id("Groceries");
    let body = json!({"amount": 84.20, "description": "Tesco", "type": "expense", "categoryId": category,
                      "accountId": account, "date": "2026-11-20"});
    let made = expect(app.post_auth("/api/transactions", token, body).await, StatusCode::CREATED).await;
    made["data"]["_id"].as_str().unwrap().to_owned()
}

async fn attach_as(
    app: &TestApp,
    token: &str,
    transaction: &str,
    file_name: &str,
    declared: &str,
    bytes: Vec<u8>,
) -> reqwest::Response {
    let part = reqwest::multipart::Part::bytes(bytes).file_name(file_name.to_owned()).mime_str(declared).unwrap();
    app.client
        .post(app.url(&format!("/api/transactions/{transaction}/receipts")))
        .bearer_auth(token)
        .multipart(reqwest::multipart::Form::new().part("file", part))
        .send()
        .await
        .unwrap()
}

async fn attach(app: &TestApp, b: &Books, file_name: &str, declared: &str, bytes: Vec<u8>) -> Value {
    let res = attach_as(app, &b.token, &b.transaction, file_name, declared, bytes).await;
    expect(res, StatusCode::CREATED).await["data"].clone()
}

/// The receipt files in the blob store.
fn stored_files(app: &TestApp) -> usize {
    std::fs::read_dir(app.settings.uploads_dir())
        .map(|dir| {
            dir.filter_map(Result::ok).filter(|e| e.file_name().to_string_lossy().starts_with("receipt-")).count()
        })
        .unwrap_or(0)
}

async fn fetch(app: &TestApp, url: &str) -> reqwest::Response {
    app.client.get(app.url(url)).send().await.unwrap()
}

#[tokio::test]
async fn jpeg_png_webp_and_pdf_are_attached_and_listed_newest_first() {
    let app = spawn_app().await;
    let b = books(&app, "jane@example.com").await;
    // Named and declared as anything: only the bytes count.
    let made = [
        attach(&app, &b, "a.jpg", "image/jpeg", picture(ImageFormat::Jpeg, 300, 500)).await,
        attach(&app, &b, "b.dat", "application/octet-stream", picture(ImageFormat::Png, 300, 500)).await,
        attach(&app, &b, "c.webp", "image/webp", picture(ImageFormat::WebP, 300, 500)).await,
        attach(&app, &b, "d.jpg", "image/jpeg", PDF.to_vec()).await,
    ];
    for photo in &made[..3] {
        assert_eq!(photo["contentType"], "image/jpeg", "photos are stored re-encoded as JPEG");
        assert!(photo["thumbnailUrl"].as_str().unwrap().contains("variant=thumb"));
        let bytes = fetch(&app, photo["url"].as_str().unwrap()).await.bytes().await.unwrap();
        assert_eq!(photo["size"], json!(bytes.len()));
        assert_eq!(image::guess_format(&bytes).unwrap(), ImageFormat::Jpeg);
    }
    let pdf = &made[3];
    assert_eq!((pdf["contentType"].as_str(), pdf["size"].as_u64()), (Some("application/pdf"), Some(PDF.len() as u64)));
    assert!(pdf["thumbnailUrl"].is_null());
    assert!(pdf["createdAt"].is_string() && pdf["_id"].is_string());
    let served = fetch(&app, pdf["url"].as_str().unwrap()).await;
    assert_eq!(served.headers()["content-type"], "application/pdf");
    assert_eq!(served.bytes().await.unwrap().as_ref(), PDF, "a PDF is stored as sent");

    let list =
        expect(app.get_auth(&format!("/api/transactions/{}/receipts", b.transaction), &b.token).await, StatusCode::OK)
            .await;
    let ids: Vec<&Value> = list["data"].as_array().unwrap().iter().map(|r| &r["_id"]).collect();
    let newest_first: Vec<&Value> = made.iter().rev().map(|r| &r["_id"]).collect();
    assert_eq!(ids, newest_first);
    assert_eq!(stored_files(&app), 3 * 2 + 1);

    // The transaction answers count them (the list's page in one query, and the one).
    let other = spend(&app, &b.token, &b.account).await;
    let page = expect(app.get_auth("/api/transactions", &b.token).await, StatusCode::OK).await;
    let counts: Vec<(&str, &Value)> = page["transactions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| (t["_id"].as_str().unwrap(), &t["receiptCount"]))
        .collect();
    assert!(counts.contains(&(b.transaction.as_str(), &json!(4))) && counts.contains(&(other.as_str(), &json!(0))));
    let one =
        expect(app.get_auth(&format!("/api/transactions/{}", b.transaction), &b.token).await, StatusCode::OK).await;
    assert_eq!(one["data"]["receiptCount"], 4);
}

#[tokio::test]
async fn a_renamed_program_or_web_page_is_refused_and_nothing_is_stored() {
    let app = spawn_app().await;
    let b = books(&app, "jane@example.com").await;
    let program = [b"MZ\x90\x00\x03\x00\x00\x00".as_slice(), &[0u8; 200]].concat();
    let page = b"<!doctype html><script>alert(1)</script>".to_vec();
    let txn = &b.transaction;
    for (name, declared, bytes) in [
        ("receipt.jpg", "image/jpeg", program),
        ("receipt.pdf", "application/pdf", page.clone()),
        ("scan.png", "image/png", [b"\x89PNG\r\n\x1a\n".as_slice(), &page].concat()),
    ] {
        expect_error(
            attach_as(&app, &b.token, txn, name, declared, bytes).await,
            StatusCode::BAD_REQUEST,
            NOT_A_RECEIPT,
        )
        .await;
    }
    let empty = attach_as(&app, &b.token, txn, "empty.pdf", "application/pdf", vec![]).await;
    expect_error(empty, StatusCode::BAD_REQUEST, "Please choose a photo or PDF to attach").await;
    // Not a form at all, a form without the field, an unknown variant: 4xx in words, never 500.
    let json = app.post_auth(&format!("/api/transactions/{txn}/receipts"), &b.token, json!({"file": "x"})).await;
    expect_error(json, StatusCode::BAD_REQUEST, "The upload is not a valid multipart form").await;
    let part = reqwest::multipart::Part::bytes(PDF.to_vec()).file_name("r.pdf");
    let other_field = app
        .client
        .post(app.url(&format!("/api/transactions/{txn}/receipts")))
        .bearer_auth(&b.token)
        .multipart(reqwest::multipart::Form::new().part("image", part))
        .send()
        .await
        .unwrap();
    expect_error(other_field, StatusCode::BAD_REQUEST, "Please choose a photo or PDF to attach").await;
    let unknown = app.get_auth(&format!("/api/receipts/{txn}/content?variant=original"), &b.token).await;
    expect_error(unknown, StatusCode::BAD_REQUEST, "Variant must be 'full' or 'thumb'").await;
    assert_eq!(app.count("SELECT count(*) AS n FROM receipts"), 0);
    assert_eq!(stored_files(&app), 0);
}

#[tokio::test]
async fn an_upload_over_ten_megabytes_is_refused_while_it_is_read() {
    let app = spawn_app().await;
    let b = books(&app, "jane@example.com").await;
    // Within the declared length's allowance, so it is the reading that stops it.
    let big = [PDF, &vec![b' '; 10 * 1024 * 1024]].concat();
    let res = attach_as(&app, &b.token, &b.transaction, "big.pdf", "application/pdf", big).await;
    expect_error(res, StatusCode::PAYLOAD_TOO_LARGE, "A receipt must be 10 MB or smaller").await;
    assert_eq!(app.count("SELECT count(*) AS n FROM receipts"), 0);
}

#[tokio::test]
async fn a_portrait_phone_photo_is_stored_upright_with_no_exif_left() {
    let app = spawn_app().await;
    let b = books(&app, "jane@example.com").await;
    let receipt = attach(&app, &b, "IMG_0042.jpg", "image/jpeg", phone_photo(1200, 900, 6)).await;
    for (what, size) in [("url", (900, 1200)), ("thumbnailUrl", (300, 400))] {
        let served = fetch(&app, receipt[what].as_str().unwrap()).await;
        assert_eq!(served.status(), StatusCode::OK, "{what}");
        let bytes = served.bytes().await.unwrap();
        assert!(!bytes.windows(4).any(|w| w == b"Exif"), "the {what} carries no EXIF");
        let image = image::load_from_memory(&bytes).unwrap();
        assert_eq!((image.width(), image.height()), size, "the {what} is portrait");
        assert_eq!(red_corner(&image), Some(Corner::TopRight), "the {what} is upright");
    }
}

#[tokio::test]
async fn a_signed_address_works_without_a_token_until_changed_or_expired() {
    let app = spawn_app().await;
    let b = books(&app, "jane@example.com").await;
    let receipt = attach(&app, &b, "r.png", "image/png", picture(ImageFormat::Png, 40, 40)).await;
    let url = receipt["url"].as_str().unwrap();
    assert!(url.starts_with("/api/receipts/") && url.contains("expires=") && url.contains("signature="));
    assert_eq!(fetch(&app, url).await.status(), StatusCode::OK, "no Authorization header needed");

    let id = receipt["_id"].as_str().unwrap();
    let content = format!("/api/receipts/{id}/content");
    let key = UrlKey::derive(app.settings.jwt_secret.as_deref().unwrap().as_bytes());
    let receipt_id = ReceiptId(id.parse().unwrap());
    let now = chrono::Utc::now().timestamp();
    let signed = |variant: Variant, expires: i64| {
        format!(
            "{content}?variant={}&expires={expires}&signature={}",
            variant.as_str(),
            key.sign(receipt_id, variant, expires)
        )
    };
    assert_eq!(fetch(&app, &signed(Variant::Thumb, now + 60)).await.status(), StatusCode::OK, "the same signing");
    let tampered = url.replace("variant=full", "variant=thumb");
    let mut flipped = url.to_owned();
    let last = flipped.pop().unwrap();
    flipped.push(if last == '0' { '1' } else { '0' });
    for refused in [
        tampered,
        flipped,
        signed(Variant::Full, now - 1),
        // Longer than 15 minutes is refused, even when signed with the key.
        signed(Variant::Full, now + 16 * 60),
        format!("{content}?signature=abc"),
    ] {
        let res = fetch(&app, &refused).await;
        assert_eq!(res.status(), StatusCode::FORBIDDEN, "{refused}");
        let body: Value = res.json().await.unwrap();
        assert_eq!(body["message"], "This link has expired or is not valid", "no bytes, a JSON error");
    }
    // Without a signature: the bearer token of a member who sees it.
    assert_eq!(fetch(&app, &content).await.status(), StatusCode::UNAUTHORIZED);
    let with_token = app.get_auth(&format!("{content}?variant=thumb"), &b.token).await;
    assert_eq!(
        (with_token.status(), with_token.headers()["content-type"].to_str().unwrap()),
        (StatusCode::OK, "image/jpeg")
    );
}

#[tokio::test]
async fn another_households_transaction_or_receipt_is_not_found() {
    let app = spawn_app().await;
    let jane = books(&app, "jane@example.com").await;
    let olly = books(&app, "olly@example.com").await;
    let receipt = attach(&app, &jane, "r.pdf", "application/pdf", PDF.to_vec()).await;
    let id = receipt["_id"].as_str().unwrap();
    let res = attach_as(&app, &olly.token, &jane.transaction, "r.pdf", "application/pdf", PDF.to_vec()).await;
    expect_error(res, StatusCode::NOT_FOUND, "Transaction not found").await;
    let list = app.get_auth(&format!("/api/transactions/{}/receipts", jane.transaction), &olly.token).await;
    expect_error(list, StatusCode::NOT_FOUND, "Transaction not found").await;
    let content = app.get_auth(&format!("/api/receipts/{id}/content"), &olly.token).await;
    expect_error(content, StatusCode::NOT_FOUND, "Receipt not found").await;
    expect_error(
        app.delete_auth(&format!("/api/receipts/{id}"), &olly.token).await,
        StatusCode::NOT_FOUND,
        "Receipt not found",
    )
    .await;
    assert_eq!(app.count("SELECT count(*) AS n FROM receipts"), 1, "nothing changed");
}

#[tokio::test]
async fn a_private_accounts_receipts_stay_private_in_reads_and_backups_and_a_viewer_never_writes() {
    let app = spawn_app().await;
    let jane = books(&app, "jane@example.com").await;
    let john = app.signed_up("John Doe", "john@example.com", "Secret123").await;
    let vic = app.signed_up("Vic Viewer", "vic@example.com", "Secret123").await;
    crate::household::invite_and_join(&app, &jane.token, &john, "john@example.com", "member").await;
    crate::household::invite_and_join(&app, &jane.token, &vic, "vic@example.com", "viewer").await;
    let body = json!({"name": "Secret Stash", "type": "savings", "initialBalance": 0, "visibility": "private"});
    let private = expect(app.post_auth("/api/accounts", &jane.token, body).await, StatusCode::CREATED).await;
    let hidden = spend(&app, &jane.token, private["data"]["_id"].as_str().unwrap()).await;
    let secret = Books { token: jane.token.clone(), account: String::new(), transaction: hidden.clone() };
    let receipt = attach(&app, &secret, "r.pdf", "application/pdf", PDF.to_vec()).await;
    let list = app.get_auth(&format!("/api/transactions/{hidden}/receipts"), &john).await;
    expect_error(list, StatusCode::NOT_FOUND, "Transaction not found").await;
    let content = app.get_auth(&format!("/api/receipts/{}/content", receipt["_id"].as_str().unwrap()), &john).await;
    assert_eq!(content.status(), StatusCode::NOT_FOUND);

    attach(&app, &jane, "shared.pdf", "application/pdf", PDF.to_vec()).await;
    let shared = format!("/api/transactions/{}/receipts", jane.transaction);
    let seen = expect(app.get_auth(&shared, &vic).await, StatusCode::OK).await;
    assert_eq!(seen["data"].as_array().unwrap().len(), 1, "a viewer reads");
    let refused = attach_as(&app, &vic, &jane.transaction, "r.pdf", "application/pdf", PDF.to_vec()).await;
    assert_eq!(refused.status(), StatusCode::FORBIDDEN, "a viewer never writes");
    assert_eq!(app.count("SELECT count(*) AS n FROM receipts"), 2);
    let _ = jane.account;

    // John's backup holds the shared receipt, not the private one: neither its row nor its file.
    let res = app.client.get(app.url("/api/backup?images=true")).bearer_auth(&john).send().await.unwrap();
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(res.bytes().await.unwrap().to_vec())).unwrap();
    let files = archive.file_names().filter(|n| n.as_ref().is_ok_and(|n| n.starts_with("photos/receipt-"))).count();
    let mut document = String::new();
    std::io::Read::read_to_string(&mut archive.by_name("backup.json").unwrap(), &mut document).unwrap();
    let doc: Value = serde_json::from_str(&document).unwrap();
    let rows = doc["tables"]["receipts"].as_array().unwrap();
    assert_eq!((rows.len(), files), (1, 1));
    assert_ne!(rows[0]["id"], receipt["_id"]);
}

#[tokio::test]
async fn a_transaction_carries_at_most_ten_and_a_retried_upload_is_stored_once() {
    let app = spawn_app().await;
    let b = books(&app, "jane@example.com").await;
    let with_key = |key: &str| {
        let part =
            reqwest::multipart::Part::bytes(PDF.to_vec()).file_name("r.pdf").mime_str("application/pdf").unwrap();
        app.client
            .post(app.url(&format!("/api/transactions/{}/receipts", b.transaction)))
            .bearer_auth(&b.token)
            .header("Idempotency-Key", key)
            .multipart(reqwest::multipart::Form::new().part("file", part))
            .send()
    };
    let first = expect(with_key("tap-1").await.unwrap(), StatusCode::CREATED).await;
    let again = expect(with_key("tap-1").await.unwrap(), StatusCode::CREATED).await;
    assert_eq!(first["data"]["_id"], again["data"]["_id"]);
    assert_eq!(app.count("SELECT count(*) AS n FROM receipts"), 1);
    assert_eq!(stored_files(&app), 1, "the retry's copy is not kept");
    for _ in 1..10 {
        attach(&app, &b, "r.pdf", "application/pdf", PDF.to_vec()).await;
    }
    let res = attach_as(&app, &b.token, &b.transaction, "r.pdf", "application/pdf", PDF.to_vec()).await;
    expect_error(res, StatusCode::BAD_REQUEST, "A transaction can have at most 10 receipts").await;
    assert_eq!(stored_files(&app), 10);
}

#[tokio::test]
async fn deleting_a_receipt_or_its_transaction_removes_the_rows_and_the_blobs() {
    let app = spawn_app().await;
    let b = books(&app, "jane@example.com").await;
    let photo = attach(&app, &b, "r.jpg", "image/jpeg", picture(ImageFormat::Jpeg, 60, 60)).await;
    attach(&app, &b, "r.pdf", "application/pdf", PDF.to_vec()).await;
    assert_eq!(stored_files(&app), 3);
    let id = photo["_id"].as_str().unwrap();
    expect(app.delete_auth(&format!("/api/receipts/{id}"), &b.token).await, StatusCode::OK).await;
    assert_eq!((app.count("SELECT count(*) AS n FROM receipts"), stored_files(&app)), (1, 1));
    assert_eq!(
        fetch(&app, photo["url"].as_str().unwrap()).await.status(),
        StatusCode::NOT_FOUND,
        "its address is dead"
    );

    expect(app.delete_auth(&format!("/api/transactions/{}", b.transaction), &b.token).await, StatusCode::OK).await;
    assert_eq!(app.count("SELECT count(*) AS n FROM receipts"), 0);
    assert_eq!(app.count("SELECT count(*) AS n FROM receipt_blob_deletions"), 0);
    assert_eq!(stored_files(&app), 0);
}

#[tokio::test]
async fn a_transfer_or_a_whole_household_deleted_takes_its_receipts_blobs_with_it() {
    let app = spawn_app().await;
    let b = books(&app, "jane@example.com").await;
    let savings = app.account_id(&b.token, "Savings", "savings", 0).await;
    let body = json!({"amount": 10.0, "description": "Rainy day", "fromAccountId": b.account, "toAccountId": savings, "date": "2026-11-21"});
    let transfer = expect(app.post_auth("/api/transfers", &b.token, body).await, StatusCode::CREATED).await;
    let leg = transfer["data"]["fromTransaction"]["_id"].as_str().unwrap().to_owned();
    let on_leg = Books { token: b.token.clone(), account: b.account.clone(), transaction: leg.clone() };
    attach(&app, &on_leg, "r.pdf", "application/pdf", PDF.to_vec()).await;
    attach(&app, &b, "r.pdf", "application/pdf", PDF.to_vec()).await;
    assert_eq!(stored_files(&app), 2);
    expect(app.delete_auth(&format!("/api/transfers/{leg}"), &b.token).await, StatusCode::OK).await;
    assert_eq!((app.count("SELECT count(*) AS n FROM receipts"), stored_files(&app)), (1, 1));
    // Jane's user deleted by an administrator: her household goes, and with it every receipt.
    let sam = app.signed_up("Sam Super", "sam@example.com", "Secret123").await;
    app.sql("UPDATE users SET role = 'superadmin' WHERE email = 'sam@example.com'");
    let users = expect(app.get_auth("/api/users?limit=100", &sam).await, StatusCode::OK).await;
    let jane = users["data"].as_array().unwrap().iter().find(|u| u["email"] == "jane@example.com").unwrap();
    let id = jane["_id"].as_str().unwrap();
    expect(app.delete_auth(&format!("/api/users/{id}"), &sam).await, StatusCode::OK).await;
    assert_eq!((app.count("SELECT count(*) AS n FROM receipts"), stored_files(&app)), (0, 0));
}

#[tokio::test]
async fn receipts_travel_in_the_backup_zip_and_the_restored_household_never_shares_a_blob() {
    let app = spawn_app().await;
    let jane = books(&app, "jane@example.com").await;
    attach(&app, &jane, "r.jpg", "image/jpeg", phone_photo(300, 200, 6)).await;
    attach(&app, &jane, "r.pdf", "application/pdf", PDF.to_vec()).await;
    let res = app.client.get(app.url("/api/backup?images=true")).bearer_auth(&jane.token).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let zipped = res.bytes().await.unwrap().to_vec();
    let archive = zip::ZipArchive::new(std::io::Cursor::new(zipped.clone())).unwrap();
    let carried = archive.file_names().filter(|n| n.as_ref().is_ok_and(|n| n.starts_with("photos/receipt-"))).count();
    assert_eq!(carried, 2, "each receipt once, its thumbnail made again on restore");

    // Restored into John: the shop with its two receipts, stored under new keys.
    let john = app.signed_up("John Roe", "john@example.com", "Secret123").await;
    expect(crate::backup::restore(&app, &john, zipped).await, StatusCode::OK).await;
    let page = expect(app.get_auth("/api/transactions", &john).await, StatusCode::OK).await;
    let shop = &page["transactions"][0];
    assert_eq!((shop["description"].as_str(), shop["receiptCount"].as_i64()), (Some("Tesco"), Some(2)));
    let list = format!("/api/transactions/{}/receipts", shop["_id"].as_str().unwrap());
    let johns = expect(app.get_auth(&list, &john).await, StatusCode::OK).await["data"].clone();
    let kinds: Vec<&str> = johns.as_array().unwrap().iter().map(|r| r["contentType"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["application/pdf", "image/jpeg"]);
    assert_eq!(app.count("SELECT count(DISTINCT blob_key) AS n FROM receipts"), 4, "no blob shared");
    assert_eq!(stored_files(&app), 2 * 3);

    // Jane's transaction deleted: John's receipts are still there, upright and whole.
    expect(app.delete_auth(&format!("/api/transactions/{}", jane.transaction), &jane.token).await, StatusCode::OK)
        .await;
    assert_eq!(stored_files(&app), 3);
    let pdf = fetch(&app, johns[0]["url"].as_str().unwrap()).await.bytes().await.unwrap();
    assert_eq!(pdf.as_ref(), PDF);
    let photo = fetch(&app, johns[1]["thumbnailUrl"].as_str().unwrap()).await.bytes().await.unwrap();
    let image = image::load_from_memory(&photo).unwrap();
    assert_eq!(red_corner(&image), Some(Corner::TopRight), "still upright");
}

#[tokio::test]
async fn the_demo_household_has_e_receipts_of_its_latest_tesco_shops_and_argos_order() {
    let app = spawn_app().await;
    let today = domain::dates::london_today(chrono::Utc::now());
    let seeder = server::state::seeder(app.db.db.clone()).unwrap();
    let (user, _) =
        seeder.seed("demo@example.com", "Demo1234", demo_data::realistic(today, 12, 7), false).await.unwrap();
    let state = server::AppState::build(&app.settings, app.db.db.clone()).unwrap();
    assert_eq!(server::state::demo_receipts(&state, user).await.unwrap(), 4);
    let login = expect(app.login("demo@example.com", "Demo1234").await, StatusCode::OK).await;
    let token = login["token"].as_str().unwrap().to_owned();
    let page = expect(app.get_auth("/api/transactions?search=Tesco&limit=100", &token).await, StatusCode::OK).await;
    let with: Vec<&Value> =
        page["transactions"].as_array().unwrap().iter().filter(|t| t["receiptCount"] == 1).collect();
    assert_eq!(with.len(), 3, "the three latest shops");
    let newest = page["transactions"][0].clone();
    assert_eq!(newest["receiptCount"], 1);
    let id = newest["_id"].as_str().unwrap();
    let list = expect(app.get_auth(&format!("/api/transactions/{id}/receipts"), &token).await, StatusCode::OK).await;
    let receipt = &list["data"][0];
    assert_eq!(
        (receipt["contentType"].as_str(), receipt["thumbnailUrl"].clone()),
        (Some("application/pdf"), Value::Null)
    );
    let served = app.client.get(app.url(receipt["url"].as_str().unwrap())).send().await.unwrap();
    assert_eq!(served.status(), StatusCode::OK);
    let bytes = served.bytes().await.unwrap();
    assert!(bytes.starts_with(b"%PDF-") && bytes.len() < 20_000, "{} bytes", bytes.len());
}
