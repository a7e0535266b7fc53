//! The inventory, the shopping list and shopping trips over HTTP.

use crate::common;

use common::{expect, expect_error, picture, spawn_app, upload, TestApp};
use reqwest::StatusCode;
use serde_json::{json, Value};

async fn create(app: &TestApp, token: &str, body: Value) -> Value {
    expect(app.post_auth("/api/inventory-items", token, body).await, StatusCode::CREATED).await["data"].clone()
}

fn id(v: &Value) -> String {
    v["_id"].as_str().unwrap().to_owned()
}

async fn patch(app: &TestApp, path: &str, token: &str) -> reqwest::Response {
    app.client.patch(app.url(path)).bearer_auth(token).send().await.unwrap()
}

fn milk() -> Value {
    json!({"name": "Semi-skimmed milk", "category": "Dairy", "brand": "Cravendale", "currentStock": 2,
           "defaultNeeded": 3, "lastPrice": "1.15", "preferredStore": "Tesco", "unit": "litre",
           "expiryDate": "2030-01-01", "type": "Fresh", "size": "2 l", "locationInHouse": "Fridge"})
}

#[tokio::test]
async fn items_are_created_checked_searched_and_edited() {
    let app = spawn_app().await;
    let token = app.signed_up("Jane Doe", "jane@example.com", "Secret123").await;
    let item = create(&app, &token, milk()).await;
    assert_eq!((item["currentStock"].as_i64(), item["defaultNeeded"].as_i64()), (Some(2), Some(3)));
    assert_eq!(item["lastPrice"], json!(1.15));
    assert_eq!((item["stockStatus"].as_str(), item["expiryStatus"].as_str()), (Some("amber"), Some("fresh")));
    assert_eq!((item["quantityToBuy"].as_i64(), item["type"].as_str()), (Some(1), Some("Fresh")));
    assert_eq!((item["totalValue"].as_f64(), item["currentStockValue"].as_f64()), (Some(3.45), Some(2.3)));
    let bare =
        create(&app, &token, json!({"name": "Bin bags", "currentStock": 0, "defaultNeeded": 0, "lastPrice": 0})).await;
    assert_eq!((bare["unit"].as_str(), bare["category"].as_str()), (Some("item"), Some("Other")));
    assert_eq!(bare["expiryStatus"], Value::Null);

    for (change, message) in [
        (json!({"name": " "}), "Name is required"),
        (json!({"currentStock": -1}), "Stock cannot be negative"),
        (json!({"currentStock": 1.5}), "Stock must be a whole number"),
        (json!({"defaultNeeded": "-2"}), "Default needed cannot be negative"),
        (json!({"lastPrice": "-0.01"}), "Price cannot be negative"),
        (json!({"expiryDate": "next week"}), "Date must be a valid date (YYYY-MM-DD)"),
    ] {
        let mut body = milk();
        for (k, v) in change.as_object().unwrap() {
            body[k] = v.clone();
        }
        expect_error(
            app.post_auth("/api/inventory-items", &token, body.clone()).await,
            StatusCode::BAD_REQUEST,
            message,
        )
        .await;
        // A refused edit changes nothing.
        expect_error(
            app.put_auth(&format!("/api/inventory-items/{}", id(&item)), &token, body).await,
            StatusCode::BAD_REQUEST,
            message,
        )
        .await;
    }
    let list = expect(app.get_auth("/api/inventory-items", &token).await, StatusCode::OK).await;
    assert_eq!(list["data"].as_array().unwrap().len(), 2);
    assert_eq!(list["data"][1]["brand"], "Cravendale", "by name: Bin bags, Semi-skimmed milk");
    for (q, n) in [("MILK", 1), ("craven", 1), ("tesco", 1), ("nothing", 0)] {
        let found =
            expect(app.get_auth(&format!("/api/inventory-items?search={q}"), &token).await, StatusCode::OK).await;
        assert_eq!(found["data"].as_array().unwrap().len(), n, "{q}");
    }
    let mut edit = milk();
    edit["currentStock"] = json!(5);
    let edited =
        expect(app.put_auth(&format!("/api/inventory-items/{}", id(&item)), &token, edit).await, StatusCode::OK).await;
    assert_eq!(edited["message"], "Inventory item updated successfully");
    assert_eq!(
        (edited["data"]["currentStock"].as_i64(), edited["data"]["stockStatus"].as_str()),
        (Some(5), Some("green"))
    );
}

async fn shopping_list(app: &TestApp, token: &str) -> Vec<Value> {
    expect(app.get_auth("/api/shopping-list", token).await, StatusCode::OK).await["data"].as_array().unwrap().clone()
}

/// (item name, quantity to buy, added by hand, auto-added) of each entry, by category and name.
async fn listed(app: &TestApp, token: &str) -> Vec<(String, i64, bool, bool)> {
    shopping_list(app, token)
        .await
        .iter()
        .map(|e| {
            (
                e["inventoryItem"]["name"].as_str().unwrap().to_owned(),
                e["quantityToBuy"].as_i64().unwrap(),
                e["addedManually"].as_bool().unwrap(),
                e["isAutoAdded"].as_bool().unwrap(),
            )
        })
        .collect()
}

fn entry(name: &str, quantity: i64, by_hand: bool, auto: bool) -> (String, i64, bool, bool) {
    (name.to_owned(), quantity, by_hand, auto)
}

#[tokio::test]
async fn an_item_created_or_edited_below_its_need_is_on_the_list_at_once() {
    let app = spawn_app().await;
    let token = app.signed_up("Jane Doe", "jane@example.com", "Secret123").await;
    // Issue 29: milk with none in stock and two needed.
    let milk = create(
        &app,
        &token,
        json!({"name": "Milk", "category": "Dairy", "currentStock": 0, "defaultNeeded": 2, "lastPrice": "1.15"}),
    )
    .await;
    assert_eq!(listed(&app, &token).await, [entry("Milk", 2, false, true)]);
    // The dashboard's 'N items to restock' counts the entries of this list.
    assert_eq!(shopping_list(&app, &token).await.len(), 1, "1 item to restock");

    // Enough in stock: not listed; an edit below the need lists it, raised by a later one.
    let bags = create(&app, &token, json!({"name": "Bin bags", "currentStock": 5, "defaultNeeded": 2})).await;
    assert_eq!(listed(&app, &token).await.len(), 1);
    let edit = |stock: i64, needed: i64| json!({"name": "Bin bags", "currentStock": stock, "defaultNeeded": needed});
    let bags_path = format!("/api/inventory-items/{}", id(&bags));
    expect(app.put_auth(&bags_path, &token, edit(1, 2)).await, StatusCode::OK).await;
    assert_eq!(listed(&app, &token).await, [entry("Milk", 2, false, true), entry("Bin bags", 1, false, true)]);
    expect(app.put_auth(&bags_path, &token, edit(1, 4)).await, StatusCode::OK).await;
    assert_eq!(listed(&app, &token).await[1], entry("Bin bags", 3, false, true), "one entry, raised");

    // Adding a listed item by hand (the inventory's 'Add to Shopping List' asks for what is
    // missing) does not count it twice; a second add does raise it.
    let add = |quantity: i64| json!({"inventoryItemId": id(&milk), "quantityToBuy": quantity, "addedManually": true});
    expect(app.post_auth("/api/shopping-list", &token, add(2)).await, StatusCode::CREATED).await;
    assert_eq!(listed(&app, &token).await[0], entry("Milk", 2, true, true));
    expect(app.post_auth("/api/shopping-list", &token, add(1)).await, StatusCode::CREATED).await;
    assert_eq!(listed(&app, &token).await[0], entry("Milk", 3, true, true));

    // Restocked by an edit: the app's entry goes, the one the user added stays.
    expect(app.put_auth(&bags_path, &token, edit(4, 4)).await, StatusCode::OK).await;
    let milk_path = format!("/api/inventory-items/{}", id(&milk));
    let full = json!({"name": "Milk", "category": "Dairy", "currentStock": 2, "defaultNeeded": 2});
    expect(app.put_auth(&milk_path, &token, full).await, StatusCode::OK).await;
    assert_eq!(listed(&app, &token).await, [entry("Milk", 3, true, true)]);

    // A new item made from the list's 'Add New Item' (none in stock, the quantity as its need,
    // then added) is listed once with that quantity.
    let eggs = create(
        &app,
        &token,
        json!({"name": "Eggs", "category": "Other", "unit": "pieces", "type": "Other", "currentStock": 0,
               "defaultNeeded": 6}),
    )
    .await;
    let body = json!({"inventoryItemId": id(&eggs), "quantityToBuy": 6, "addedManually": true});
    expect(app.post_auth("/api/shopping-list", &token, body).await, StatusCode::CREATED).await;
    assert_eq!(listed(&app, &token).await, [entry("Milk", 3, true, true), entry("Eggs", 6, true, true)]);
}

#[tokio::test]
async fn a_restored_household_has_what_needs_restocking_on_its_list() {
    let app = spawn_app().await;
    let jane = app.signed_up("Jane Doe", "jane@example.com", "Secret123").await;
    create(&app, &jane, json!({"name": "Milk", "currentStock": 0, "defaultNeeded": 2})).await;
    create(&app, &jane, json!({"name": "Rice", "currentStock": 3, "defaultNeeded": 1})).await;
    let res = app.get_auth("/api/backup", &jane).await;
    let mut backup: Value = serde_json::from_slice(&res.bytes().await.unwrap()).unwrap();
    // As a backup made before items were listed on creation holds them: none on the list.
    backup["tables"]["shopping_list_entries"] = json!([]);

    let john = app.signed_up("John Doe", "john@example.com", "Secret123").await;
    let file = reqwest::multipart::Part::bytes(serde_json::to_vec(&backup).unwrap()).file_name("backup.json");
    let form = reqwest::multipart::Form::new().part("file", file);
    let res = app.client.post(app.url("/api/restore")).bearer_auth(&john).multipart(form).send().await.unwrap();
    expect(res, StatusCode::OK).await;
    assert_eq!(listed(&app, &john).await, [entry("Milk", 2, false, true)]);
}

#[tokio::test]
async fn decrements_stop_at_zero_and_put_the_item_on_the_list() {
    let app = spawn_app().await;
    let token = app.signed_up("Jane Doe", "jane@example.com", "Secret123").await;
    let item = id(&create(&app, &token, milk()).await);
    let path = format!("/api/inventory-items/{item}/decrement");
    assert_eq!(listed(&app, &token).await, [entry("Semi-skimmed milk", 1, false, true)], "need 3, have 2");
    let first = expect(patch(&app, &path, &token).await, StatusCode::OK).await;
    assert_eq!(first["data"]["currentStock"], 1);
    let list = expect(app.get_auth("/api/shopping-list", &token).await, StatusCode::OK).await;
    assert_eq!(list["data"][0]["quantityToBuy"], 2, "need 3, have 1");
    assert_eq!(
        (list["data"][0]["isAutoAdded"].as_bool(), list["data"][0]["inventoryItem"]["name"].as_str()),
        (Some(true), Some("Semi-skimmed milk"))
    );
    expect(patch(&app, &path, &token).await, StatusCode::OK).await;
    expect_error(patch(&app, &path, &token).await, StatusCode::CONFLICT, "Stock is already zero").await;
    let grouped = expect(app.get_auth("/api/inventory-items/shopping-list", &token).await, StatusCode::OK).await;
    assert_eq!(grouped["data"]["items"].as_array().unwrap().len(), 1);
    assert_eq!(grouped["data"]["groupedItems"]["Dairy"][0]["quantityToBuy"], 3);

    // The list's own routes: adding again raises (the app's entry to the larger quantity, then
    // by the quantity), a quantity below 1 is refused, delete keeps the item.
    let entry = id(&grouped["data"]["items"][0]);
    let add = || {
        app.post_auth(
            "/api/shopping-list",
            &token,
            json!({"inventoryItemId": item, "quantityToBuy": 2, "addedManually": true}),
        )
    };
    let again = expect(add().await, StatusCode::CREATED).await;
    assert_eq!((id(&again["data"]), again["data"]["quantityToBuy"].as_i64()), (entry.clone(), Some(3)));
    let again = expect(add().await, StatusCode::CREATED).await;
    assert_eq!((id(&again["data"]), again["data"]["quantityToBuy"].as_i64()), (entry.clone(), Some(5)));
    for q in [json!(0), json!(-1), json!(1.5), json!("many")] {
        expect_error(
            app.put_auth(&format!("/api/shopping-list/{entry}"), &token, json!({"quantityToBuy": q})).await,
            StatusCode::BAD_REQUEST,
            "Quantity to buy must be a whole number of at least 1",
        )
        .await;
    }
    let set = expect(
        app.put_auth(&format!("/api/shopping-list/{entry}"), &token, json!({"quantityToBuy": "4"})).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(set["data"]["quantityToBuy"], 4);
    expect(app.delete_auth(&format!("/api/shopping-list/{entry}"), &token).await, StatusCode::OK).await;
    assert_eq!(expect(app.get_auth("/api/shopping-list", &token).await, StatusCode::OK).await["data"], json!([]));
    expect(app.get_auth(&format!("/api/inventory-items/{item}"), &token).await, StatusCode::OK).await;
}

#[tokio::test]
async fn a_trip_is_one_expense_and_a_double_tap_with_its_key_makes_one() {
    let app = spawn_app().await;
    let token = app.signed_up("Jane Doe", "jane@example.com", "Secret123").await;
    let account = app.account_id(&token, "Current", "current", 100).await;
    let milk_id = id(&create(&app, &token, milk()).await);
    let bread = id(&create(
        &app,
        &token,
        json!({"name": "Bread", "category": "Bakery", "currentStock": 0, "defaultNeeded": 1}),
    )
    .await);
    for item in [&milk_id, &bread] {
        expect(
            app.post_auth("/api/shopping-list", &token, json!({"inventoryItemId": item, "quantityToBuy": 1})).await,
            StatusCode::CREATED,
        )
        .await;
    }
    let trip = json!({"items": [{"inventoryItemId": milk_id, "quantity": 3, "price": "0.10", "store": "Aldi"}],
                      "accountId": account});

    expect_error(
        app.post_auth(
            "/api/inventory-items/shopping-trip/complete",
            &token,
            json!({"items": [], "accountId": account}),
        )
        .await,
        StatusCode::BAD_REQUEST,
        "Please select at least one item to complete the shopping trip",
    )
    .await;
    let mut negative = trip.clone();
    negative["items"][0]["price"] = json!("-1");
    expect_error(
        app.post_auth("/api/inventory-items/shopping-trip/complete", &token, negative).await,
        StatusCode::BAD_REQUEST,
        "Price cannot be negative",
    )
    .await;
    let mut no_account = trip.clone();
    no_account["accountId"] = Value::Null;
    expect_error(
        app.post_auth("/api/inventory-items/shopping-trip/complete", &token, no_account).await,
        StatusCode::BAD_REQUEST,
        "Account is required",
    )
    .await;

    let send = || {
        app.client
            .post(app.url("/api/inventory-items/shopping-trip/complete"))
            .bearer_auth(&token)
            .header("Idempotency-Key", "trip-1")
            .json(&trip)
            .send()
    };
    let done = expect(send().await.unwrap(), StatusCode::CREATED).await;
    expect(send().await.unwrap(), StatusCode::CREATED).await;
    let t = &done["data"]["transaction"];
    assert_eq!(
        (t["amount"].as_f64(), t["description"].as_str()),
        (Some(-0.3), Some("Shopping: Aldi")),
        "3 × £0.10 exactly"
    );
    assert_eq!(t["categoryId"]["name"], "Groceries");
    assert_eq!(t["notes"], "3 × Semi-skimmed milk @ £0.10");
    assert_eq!(done["data"]["items"][0]["currentStock"], 5);
    assert_eq!(done["data"]["items"][0]["lastPrice"], json!(0.1));
    assert_eq!(done["data"]["items"][0]["preferredStore"], "Aldi");
    let list = expect(app.get_auth("/api/transactions?search=Shopping", &token).await, StatusCode::OK).await;
    assert_eq!(list["transactions"].as_array().unwrap().len(), 1, "one expense for the double tap");
    let entries = expect(app.get_auth("/api/shopping-list", &token).await, StatusCode::OK).await;
    assert_eq!(entries["data"].as_array().unwrap().len(), 1, "bread stays on the list");
    let accounts = expect(app.get_auth("/api/accounts", &token).await, StatusCode::OK).await;
    assert_eq!(accounts["data"]["accounts"][0]["currentBalance"], json!(99.7));
}

#[tokio::test]
async fn another_users_items_and_entries_are_not_found() {
    let app = spawn_app().await;
    let jane = app.signed_up("Jane Doe", "jane@example.com", "Secret123").await;
    let john = app.signed_up("John Doe", "john@example.com", "Secret123").await;
    let item = id(&create(&app, &jane, milk()).await);
    let entry = id(&expect(
        app.post_auth("/api/shopping-list", &jane, json!({"inventoryItemId": item, "quantityToBuy": 1})).await,
        StatusCode::CREATED,
    )
    .await["data"]);
    let nf = StatusCode::NOT_FOUND;
    expect_error(app.get_auth(&format!("/api/inventory-items/{item}"), &john).await, nf, "Inventory item not found")
        .await;
    expect_error(
        app.put_auth(&format!("/api/inventory-items/{item}"), &john, milk()).await,
        nf,
        "Inventory item not found",
    )
    .await;
    expect_error(
        patch(&app, &format!("/api/inventory-items/{item}/decrement"), &john).await,
        nf,
        "Inventory item not found",
    )
    .await;
    expect_error(app.delete_auth(&format!("/api/inventory-items/{item}"), &john).await, nf, "Inventory item not found")
        .await;
    expect_error(
        app.post_auth("/api/shopping-list", &john, json!({"inventoryItemId": item, "quantityToBuy": 1})).await,
        nf,
        "Inventory item not found",
    )
    .await;
    expect_error(
        app.put_auth(&format!("/api/shopping-list/{entry}"), &john, json!({"quantityToBuy": 2})).await,
        nf,
        "Shopping list item not found",
    )
    .await;
    expect_error(
        app.delete_auth(&format!("/api/shopping-list/{entry}"), &john).await,
        nf,
        "Shopping list item not found",
    )
    .await;
    let trip = json!({"items": [{"inventoryItemId": item, "quantity": 1, "price": 1}], "accountId": item});
    expect_error(
        app.post_auth("/api/inventory-items/shopping-trip/complete", &john, trip).await,
        nf,
        "Inventory item not found",
    )
    .await;

    // Deleting the item takes its entry along.
    expect(app.delete_auth(&format!("/api/inventory-items/{item}"), &jane).await, StatusCode::OK).await;
    assert_eq!(expect(app.get_auth("/api/shopping-list", &jane).await, StatusCode::OK).await["data"], json!([]));
}

#[tokio::test]
async fn photos_are_checked_by_content_stripped_served_and_removed_with_their_item() {
    let app = spawn_app().await;
    let token = app.signed_up("Jane Doe", "jane@example.com", "Secret123").await;
    let mut paths = Vec::new();
    for format in [image::ImageFormat::Png, image::ImageFormat::Jpeg, image::ImageFormat::WebP] {
        // The declared type and name do not matter; the content does.
        let res = upload(&app, &token, "photo.bin", "application/octet-stream", picture(format, 2400, 1200)).await;
        let body = expect(res, StatusCode::CREATED).await;
        let path = body["data"]["path"].as_str().unwrap().to_owned();
        assert!(regex_like_photo_path(&path), "{path}");
        paths.push(path);
    }
    let client = &app.client;
    let served = client.get(app.url(&paths[0])).send().await.unwrap();
    assert_eq!(served.status(), StatusCode::OK);
    assert_eq!(served.headers()["content-type"], "image/jpeg");
    assert_eq!(served.headers()["x-content-type-options"], "nosniff");
    assert!(served.headers()["cache-control"].to_str().unwrap().contains("max-age=31536000"));
    let stored = image::load_from_memory(&served.bytes().await.unwrap()).unwrap();
    assert_eq!((stored.width(), stored.height()), (1600, 800));

    // EXIF with a GPS position is gone after the upload.
    let jpeg = picture(image::ImageFormat::Jpeg, 64, 64);
    let payload = b"Exif\0\0MM\0*\0\0\0\x08GPSLatitude 53.8008 N";
    let mut with_exif = jpeg[..2].to_vec();
    with_exif.extend_from_slice(&[0xFF, 0xE1]);
    with_exif.extend_from_slice(&u16::try_from(payload.len() + 2).unwrap().to_be_bytes());
    with_exif.extend_from_slice(payload);
    with_exif.extend_from_slice(&jpeg[2..]);
    let body = expect(upload(&app, &token, "IMG_0001.jpg", "image/jpeg", with_exif).await, StatusCode::CREATED).await;
    let bytes =
        client.get(app.url(body["data"]["path"].as_str().unwrap())).send().await.unwrap().bytes().await.unwrap();
    assert!(!bytes.windows(3).any(|w| w == b"GPS") && !bytes.windows(4).any(|w| w == b"Exif"));

    // Not an image, a bomb, too big, nothing, no session.
    let not_image = "Only image files (PNG, JPEG or WebP) can be uploaded";
    expect_error(
        upload(&app, &token, "notes.png", "image/png", b"just text".to_vec()).await,
        StatusCode::BAD_REQUEST,
        not_image,
    )
    .await;
    let mut bomb = picture(image::ImageFormat::Png, 1, 1);
    bomb[16..20].copy_from_slice(&50_000u32.to_be_bytes());
    bomb[20..24].copy_from_slice(&50_000u32.to_be_bytes());
    let status = upload(&app, &token, "bomb.png", "image/png", bomb).await.status();
    assert_eq!(status, StatusCode::BAD_REQUEST, "a 50,000 × 50,000 px claim is refused without decoding");
    let huge = upload(&app, &token, "huge.jpg", "image/jpeg", vec![0u8; 11 * 1024 * 1024]).await;
    expect_error(huge, StatusCode::PAYLOAD_TOO_LARGE, "Image must be 10 MB or smaller").await;
    let empty = app
        .client
        .post(app.url("/api/inventory-items/upload-image"))
        .bearer_auth(&token)
        .multipart(reqwest::multipart::Form::new().text("other", "x"))
        .send()
        .await
        .unwrap();
    expect_error(empty, StatusCode::BAD_REQUEST, "Please choose an image to upload").await;
    let anonymous = app
        .client
        .post(app.url("/api/inventory-items/upload-image"))
        .multipart(reqwest::multipart::Form::new().part("image", reqwest::multipart::Part::bytes(vec![1, 2, 3])))
        .send()
        .await
        .unwrap();
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);

    // Traversal and made-up names never reach a file.
    for path in
        ["/uploads/..%2f..%2fetc%2fpasswd", "/uploads/%2e%2e%2fCargo.toml", "/uploads/0123.jpg", "/uploads/x%00.jpg"]
    {
        let res = client.get(app.url(path)).send().await.unwrap();
        let status = res.status();
        let text = res.text().await.unwrap();
        assert!(
            status.is_client_error() || text.contains("<!doctype html") || text.contains("<!DOCTYPE html"),
            "{path}: {status}"
        );
        assert!(!text.contains("root:") && !text.contains("[workspace]"), "{path}");
    }

    // The item's photo goes with it; a replaced photo is removed.
    let mut body = milk();
    body["image"] = json!(paths[1]);
    let item = id(&create(&app, &token, body.clone()).await);
    body["image"] = json!(paths[2]);
    expect(app.put_auth(&format!("/api/inventory-items/{item}"), &token, body).await, StatusCode::OK).await;
    assert_eq!(client.get(app.url(&paths[1])).send().await.unwrap().status(), StatusCode::NOT_FOUND, "replaced");
    assert_eq!(client.get(app.url(&paths[2])).send().await.unwrap().status(), StatusCode::OK);
    expect(app.delete_auth(&format!("/api/inventory-items/{item}"), &token).await, StatusCode::OK).await;
    let gone = client.get(app.url(&paths[2])).send().await.unwrap();
    assert_eq!(gone.status(), StatusCode::NOT_FOUND, "deleted");
    // Typed, so a browser opening the address shows the text instead of downloading it.
    assert_eq!(gone.headers()["content-type"], "text/plain; charset=utf-8");
    let thumb = paths[2].replace(".jpg", "-thumb.jpg");
    assert_eq!(client.get(app.url(&thumb)).send().await.unwrap().status(), StatusCode::NOT_FOUND);
}

fn regex_like_photo_path(path: &str) -> bool {
    path.strip_prefix("/uploads/")
        .and_then(|p| p.strip_suffix(".jpg"))
        .is_some_and(|hex| hex.len() == 32 && hex.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)))
}
