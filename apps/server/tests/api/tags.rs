//! Tags over HTTP: every route and its messages, tags on transactions (create, edit, at most 10,
//! repeats once), the list filtered by tags (any / all) with its count and summary, merge and
//! delete (no transaction goes), counts that keep private accounts private, and isolation:
//! another household's tag is 'Tag not found' wherever it can be named.

use crate::common;
use crate::household::invite_and_join;

use common::{expect, expect_error, spawn_app, TestApp};
use reqwest::StatusCode;
use serde_json::{json, Value};

fn today() -> String {
    domain::dates::london_today(chrono::Utc::now()).to_string()
}

async fn tag(app: &TestApp, token: &str, name: &str, color: &str) -> String {
    let made =
        expect(app.post_auth("/api/tags", token, json!({"name": name, "color": color})).await, StatusCode::CREATED);
    made.await["data"]["_id"].as_str().unwrap().to_owned()
}

/// Jane with a current account, and a way to add an expense with tags.
struct Books {
    jane: String,
    account: String,
    groceries: Value,
}

async fn books(app: &TestApp) -> Books {
    let jane = app.signed_up("Jane Doe", "jane@example.com", "Secret123").await;
    let account = app.account_id(&jane, "Current", "current", 1000).await.as_str().unwrap().to_owned();
    let groceries = app.categories(&jane).await.id("Groceries");
    Books { jane, account, groceries }
}

impl Books {
    fn body(&self, description: &str, amount: &str, tags: &[&str]) -> Value {
        json!({"accountId": self.account, "type": "expense", "categoryId": self.groceries, "amount": amount,
               "description": description, "date": today(), "tagIds": tags})
    }

    async fn spend(&self, app: &TestApp, description: &str, amount: &str, tags: &[&str]) -> Value {
        let res = app.post_auth("/api/transactions", &self.jane, self.body(description, amount, tags)).await;
        expect(res, StatusCode::CREATED).await["data"].clone()
    }
}

fn tag_names(transaction: &Value) -> Vec<String> {
    transaction["tags"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap().to_owned()).collect()
}

async fn list(app: &TestApp, token: &str, query: &str) -> Value {
    expect(app.get_auth(&format!("/api/transactions?{query}"), token).await, StatusCode::OK).await
}

fn descriptions(page: &Value) -> Vec<String> {
    let rows = page["transactions"].as_array().unwrap();
    let mut names: Vec<String> = rows.iter().map(|t| t["description"].as_str().unwrap().to_owned()).collect();
    names.sort();
    names
}

async fn tags_list(app: &TestApp, token: &str) -> Vec<Value> {
    expect(app.get_auth("/api/tags", token).await, StatusCode::OK).await["data"].as_array().unwrap().clone()
}

#[tokio::test]
async fn tags_are_created_listed_by_name_renamed_and_recoloured_with_the_specs_messages() {
    let app = spawn_app().await;
    let jane = app.signed_up("Jane Doe", "jane@example.com", "Secret123").await;
    let made = expect(
        app.post_auth("/api/tags", &jane, json!({"name": "  Work expenses ", "color": "#aa00FF"})).await,
        StatusCode::CREATED,
    )
    .await;
    assert_eq!(made["message"], "Tag created successfully");
    let work = made["data"].clone();
    assert_eq!((work["name"].as_str(), work["color"].as_str()), (Some("Work expenses"), Some("#aa00FF")));
    assert_eq!(work["transactionCount"], 0);
    let kids = tag(&app, &jane, "Kids", "#00aa00").await;

    for (body, message) in [
        (json!({"color": "#000000"}), "Tag name is required"),
        (json!({"name": "   ", "color": "#000000"}), "Tag name is required"),
        (json!({"name": "x".repeat(31), "color": "#000000"}), "Tag name must be at most 30 characters"),
        (json!({"name": "Pets", "color": "red"}), "Invalid colour"),
        (json!({"name": "Pets", "color": "#abc"}), "Invalid colour"),
    ] {
        expect_error(app.post_auth("/api/tags", &jane, body).await, StatusCode::BAD_REQUEST, message).await;
    }
    let clash = json!({"name": "KIDS", "color": "#000000"});
    let taken = "A tag with this name already exists";
    expect_error(app.post_auth("/api/tags", &jane, clash).await, StatusCode::CONFLICT, taken).await;

    let names: Vec<_> = tags_list(&app, &jane).await.iter().map(|t| t["name"].as_str().unwrap().to_owned()).collect();
    assert_eq!(names, ["Kids", "Work expenses"], "sorted by name");
    // 30 characters of two bytes each: 30 characters, not 60.
    tag(&app, &jane, &"é".repeat(30), "#123456").await;

    // An edit changes only what it sends, under the same rules.
    let path = format!("/api/tags/{kids}");
    let renamed = expect(app.put_auth(&path, &jane, json!({"name": "Children"})).await, StatusCode::OK).await;
    assert_eq!(
        (renamed["data"]["name"].as_str(), renamed["data"]["color"].as_str()),
        (Some("Children"), Some("#00aa00"))
    );
    let recoloured = expect(app.put_auth(&path, &jane, json!({"color": "#ff0000"})).await, StatusCode::OK).await;
    assert_eq!(recoloured["data"]["name"], "Children");
    assert_eq!(recoloured["data"]["color"], "#ff0000");
    expect_error(app.put_auth(&path, &jane, json!({"name": "work EXPENSES"})).await, StatusCode::CONFLICT, taken).await;
    expect_error(
        app.put_auth(&path, &jane, json!({"name": ""})).await,
        StatusCode::BAD_REQUEST,
        "Tag name is required",
    )
    .await;
    expect_error(
        app.put_auth(&path, &jane, json!({"color": "#12345g"})).await,
        StatusCode::BAD_REQUEST,
        "Invalid colour",
    )
    .await;
    // Its own name in another case is no clash.
    expect(app.put_auth(&path, &jane, json!({"name": "CHILDREN"})).await, StatusCode::OK).await;
    for missing in ["/api/tags/not-an-id", &format!("/api/tags/{}", uuid::Uuid::new_v4())] {
        expect_error(app.put_auth(missing, &jane, json!({"name": "x"})).await, StatusCode::NOT_FOUND, "Tag not found")
            .await;
        expect_error(app.delete_auth(missing, &jane).await, StatusCode::NOT_FOUND, "Tag not found").await;
    }
}

#[tokio::test]
async fn a_transaction_carries_up_to_ten_tags_each_once_and_an_edit_replaces_or_keeps_them() {
    let app = spawn_app().await;
    let b = books(&app).await;
    let holiday = tag(&app, &b.jane, "Holiday 2026", "#2196F3").await;
    let kids = tag(&app, &b.jane, "Kids", "#4CAF50").await;
    let made = b.spend(&app, "Ice creams", "6.40", &[&kids, &holiday, &kids]).await;
    assert_eq!(tag_names(&made), ["Holiday 2026", "Kids"], "a repeat counts once, by name");
    assert_eq!(made["tags"][1], json!({"_id": kids, "name": "Kids", "color": "#4CAF50"}));
    let id = made["_id"].as_str().unwrap().to_owned();
    let one = expect(app.get_auth(&format!("/api/transactions/{id}"), &b.jane).await, StatusCode::OK).await;
    assert_eq!(tag_names(&one["data"]), ["Holiday 2026", "Kids"]);

    // An edit without tagIds keeps them; with them, replaces them; with none, clears them.
    let path = format!("/api/transactions/{id}");
    let mut edit = b.body("Ice creams on the pier", "6.40", &[]);
    edit.as_object_mut().unwrap().remove("tagIds");
    let kept = expect(app.put_auth(&path, &b.jane, edit).await, StatusCode::OK).await;
    assert_eq!(tag_names(&kept["data"]), ["Holiday 2026", "Kids"]);
    let replaced = expect(app.put_auth(&path, &b.jane, b.body("Ice creams", "6.40", &[&kids])).await, StatusCode::OK);
    assert_eq!(tag_names(&replaced.await["data"]), ["Kids"]);
    let cleared = expect(app.put_auth(&path, &b.jane, b.body("Ice creams", "6.40", &[])).await, StatusCode::OK);
    assert_eq!(tag_names(&cleared.await["data"]), Vec::<String>::new());

    // Eleven tags are refused, and nothing is stored.
    let mut many = vec![];
    for n in 0..11 {
        many.push(tag(&app, &b.jane, &format!("Tag {n}"), "#000000").await);
    }
    let many: Vec<&str> = many.iter().map(String::as_str).collect();
    let before = app.count("SELECT count(*) AS n FROM transactions");
    let res = app.post_auth("/api/transactions", &b.jane, b.body("Too many", "1", &many)).await;
    expect_error(res, StatusCode::BAD_REQUEST, "A transaction can have at most 10 tags").await;
    assert_eq!(app.count("SELECT count(*) AS n FROM transactions"), before);
    let ten = b.spend(&app, "Ten", "1", &many[..10]).await;
    assert_eq!(ten["tags"].as_array().unwrap().len(), 10);
    let res = app.put_auth(&path, &b.jane, b.body("Ice creams", "6.40", &many)).await;
    expect_error(res, StatusCode::BAD_REQUEST, "A transaction can have at most 10 tags").await;
    // An unknown or malformed id is not found, and nothing is stored.
    for unknown in [uuid::Uuid::new_v4().to_string(), "not-an-id".to_owned()] {
        let res = app.post_auth("/api/transactions", &b.jane, b.body("Unknown", "1", &[&kids, &unknown])).await;
        expect_error(res, StatusCode::NOT_FOUND, "Tag not found").await;
    }
    assert_eq!(app.count("SELECT count(*) AS n FROM transactions"), before + 1);
}

#[tokio::test]
async fn another_households_tag_is_not_found_wherever_it_is_named() {
    let app = spawn_app().await;
    let b = books(&app).await;
    let mine = tag(&app, &b.jane, "Kids", "#4CAF50").await;
    let olly = app.signed_up("Olly Other", "olly@example.com", "Secret123").await;
    let theirs = tag(&app, &olly, "Kids", "#4CAF50").await;
    let spent = b.spend(&app, "Shoes", "30", &[&mine]).await;
    let nf = StatusCode::NOT_FOUND;

    let path = format!("/api/tags/{theirs}");
    expect_error(app.put_auth(&path, &b.jane, json!({"name": "Mine now"})).await, nf, "Tag not found").await;
    expect_error(app.delete_auth(&path, &b.jane).await, nf, "Tag not found").await;
    let into_mine = json!({"intoTagId": mine});
    expect_error(app.post_auth(&format!("{path}/merge"), &b.jane, into_mine).await, nf, "Tag not found").await;
    let into_theirs = json!({"intoTagId": theirs});
    let res = app.post_auth(&format!("/api/tags/{mine}/merge"), &b.jane, into_theirs).await;
    expect_error(res, nf, "Tag not found").await;
    let res = app.post_auth("/api/transactions", &b.jane, b.body("Theirs", "1", &[&theirs])).await;
    expect_error(res, nf, "Tag not found").await;
    let spent_path = format!("/api/transactions/{}", spent["_id"].as_str().unwrap());
    let res = app.put_auth(&spent_path, &b.jane, b.body("Shoes", "30", &[&theirs]));
    expect_error(res.await, nf, "Tag not found").await;
    expect_error(app.get_auth(&format!("/api/transactions?tags={theirs}"), &b.jane).await, nf, "Tag not found").await;

    // Nothing changed on either side.
    assert_eq!(tags_list(&app, &olly).await[0]["name"], "Kids");
    let one = expect(
        app.get_auth(&format!("/api/transactions/{}", spent["_id"].as_str().unwrap()), &b.jane).await,
        StatusCode::OK,
    );
    assert_eq!(tag_names(&one.await["data"]), ["Kids"]);
    assert_eq!(tags_list(&app, &olly).await[0]["transactionCount"], 0);
}

#[tokio::test]
async fn the_list_filters_by_any_or_all_of_its_tags_with_the_count_and_summary_to_match() {
    let app = spawn_app().await;
    let b = books(&app).await;
    let holiday = tag(&app, &b.jane, "Holiday 2026", "#2196F3").await;
    let kids = tag(&app, &b.jane, "Kids", "#4CAF50").await;
    let work = tag(&app, &b.jane, "Work expenses", "#FF9800").await;
    b.spend(&app, "Beach toys", "10.00", &[&holiday, &kids]).await;
    b.spend(&app, "Hotel", "200.00", &[&holiday]).await;
    b.spend(&app, "School shoes", "35.50", &[&kids]).await;
    b.spend(&app, "Train to client", "42.10", &[&work]).await;
    b.spend(&app, "Groceries", "60.00", &[]).await;

    let any = list(&app, &b.jane, &format!("tags={holiday},{kids}")).await;
    assert_eq!(descriptions(&any), ["Beach toys", "Hotel", "School shoes"]);
    assert_eq!(any["pagination"]["total"], 3);
    assert_eq!(any["summary"]["transactionCount"], 3);
    assert_eq!(any["summary"]["totalExpenses"], json!(-245.5));
    let also_any = list(&app, &b.jane, &format!("tags={holiday},{kids}&tagMode=any")).await;
    assert_eq!(descriptions(&also_any), descriptions(&any));

    let all = list(&app, &b.jane, &format!("tags={kids},{holiday}&tagMode=all")).await;
    assert_eq!(descriptions(&all), ["Beach toys"]);
    assert_eq!(all["pagination"]["total"], 1);
    assert_eq!(all["summary"]["transactionCount"], 1);
    assert_eq!(all["summary"]["totalExpenses"], json!(-10.0));

    // With a repeated id, 'all' still means each tag once; with other filters, all apply.
    let repeated = list(&app, &b.jane, &format!("tags={kids},{kids}&tagMode=all")).await;
    assert_eq!(descriptions(&repeated), ["Beach toys", "School shoes"]);
    let searched = list(&app, &b.jane, &format!("tags={kids}&search=shoes")).await;
    assert_eq!(descriptions(&searched), ["School shoes"]);
    let dated = list(&app, &b.jane, &format!("tags={work}&startDate={}&endDate={}", today(), today())).await;
    assert_eq!(
        (dated["pagination"]["total"].as_i64(), dated["summary"]["totalExpenses"].as_f64()),
        (Some(1), Some(-42.1))
    );
    // Paging keeps the filtered total.
    let first = list(&app, &b.jane, &format!("tags={holiday},{kids}&limit=2")).await;
    assert_eq!((first["transactions"].as_array().unwrap().len(), first["pagination"]["pages"].as_i64()), (2, Some(2)));

    let bad = StatusCode::BAD_REQUEST;
    expect_error(app.get_auth("/api/transactions?tags=nope", &b.jane).await, bad, "Invalid tag id").await;
    let res = app.get_auth(&format!("/api/transactions?tags={kids}&tagMode=some"), &b.jane).await;
    expect_error(res, bad, "tagMode must be any or all").await;
    let everything = list(&app, &b.jane, "tags=&tagMode=all").await;
    assert_eq!(everything["pagination"]["total"], 5, "blank tags is no filter");

    let counts: Vec<_> =
        tags_list(&app, &b.jane).await.iter().map(|t| t["transactionCount"].as_i64().unwrap()).collect();
    assert_eq!(counts, [2, 2, 1]);
}

#[tokio::test]
async fn merging_moves_every_transaction_to_the_other_tag_once_and_deleting_keeps_every_transaction() {
    let app = spawn_app().await;
    let b = books(&app).await;
    let holiday = tag(&app, &b.jane, "Holiday", "#2196F3").await;
    let trip = tag(&app, &b.jane, "Holiday 2026", "#FF9800").await;
    let kids = tag(&app, &b.jane, "Kids", "#4CAF50").await;
    let both = b.spend(&app, "Ferry", "80.00", &[&holiday, &trip]).await;
    let old = b.spend(&app, "Campsite", "120.00", &[&holiday, &kids]).await;
    b.spend(&app, "Flights", "300.00", &[&trip]).await;

    let res = app.post_auth(&format!("/api/tags/{holiday}/merge"), &b.jane, json!({"intoTagId": holiday})).await;
    expect_error(res, StatusCode::BAD_REQUEST, "A tag cannot be merged into itself").await;
    let res = app.post_auth(&format!("/api/tags/{holiday}/merge"), &b.jane, json!({})).await;
    expect_error(res, StatusCode::BAD_REQUEST, "Choose the tag to merge into").await;

    let merged = expect(
        app.post_auth(&format!("/api/tags/{holiday}/merge"), &b.jane, json!({"intoTagId": trip})).await,
        StatusCode::OK,
    )
    .await;
    assert_eq!(
        (merged["data"]["_id"].as_str(), merged["data"]["transactionCount"].as_i64()),
        (Some(trip.as_str()), Some(3))
    );
    let names: Vec<_> = tags_list(&app, &b.jane).await.iter().map(|t| t["name"].as_str().unwrap().to_owned()).collect();
    assert_eq!(names, ["Holiday 2026", "Kids"]);
    let get = |id: &Value| {
        let path = format!("/api/transactions/{}", id.as_str().unwrap());
        let (app, jane) = (&app, b.jane.clone());
        async move { app.get_auth(&path, &jane).await }
    };
    assert_eq!(tag_names(&expect(get(&both["_id"]).await, StatusCode::OK).await["data"]), ["Holiday 2026"], "once");
    assert_eq!(tag_names(&expect(get(&old["_id"]).await, StatusCode::OK).await["data"]), ["Holiday 2026", "Kids"]);
    expect_error(
        app.delete_auth(&format!("/api/tags/{holiday}"), &b.jane).await,
        StatusCode::NOT_FOUND,
        "Tag not found",
    )
    .await;

    let before = app.count("SELECT count(*) AS n FROM transactions");
    let gone = expect(app.delete_auth(&format!("/api/tags/{trip}"), &b.jane).await, StatusCode::OK).await;
    assert_eq!(gone["message"], "Tag deleted successfully");
    assert_eq!(app.count("SELECT count(*) AS n FROM transactions"), before, "no transaction is deleted");
    assert_eq!(tag_names(&expect(get(&both["_id"]).await, StatusCode::OK).await["data"]), Vec::<String>::new());
    assert_eq!(tag_names(&expect(get(&old["_id"]).await, StatusCode::OK).await["data"]), ["Kids"]);
    assert_eq!(app.count("SELECT count(*) AS n FROM transaction_tags"), 1);
}

#[tokio::test]
async fn a_tags_count_leaves_out_another_members_private_rows_and_a_viewer_cannot_write_tags() {
    let app = spawn_app().await;
    let b = books(&app).await;
    let john = app.signed_up("John Doe", "john@example.com", "Secret123").await;
    invite_and_join(&app, &b.jane, &john, "john@example.com", "member").await;
    let vic = app.signed_up("Vic Viewer", "vic@example.com", "Secret123").await;
    invite_and_join(&app, &b.jane, &vic, "vic@example.com", "viewer").await;
    let kids = tag(&app, &b.jane, "Kids", "#4CAF50").await;
    b.spend(&app, "Shared", "5", &[&kids]).await;
    let body = json!({"name": "Secret Stash", "type": "savings", "initialBalance": 50, "visibility": "private"});
    let stash =
        expect(app.post_auth("/api/accounts", &john, body).await, StatusCode::CREATED).await["data"]["_id"].clone();
    let private = json!({"accountId": stash, "type": "expense", "categoryId": b.groceries, "amount": "9",
                         "description": "Hidden", "date": today(), "tagIds": [kids]});
    expect(app.post_auth("/api/transactions", &john, private).await, StatusCode::CREATED).await;

    assert_eq!(tags_list(&app, &b.jane).await[0]["transactionCount"], 1);
    assert_eq!(tags_list(&app, &john).await[0]["transactionCount"], 2);
    let filtered = list(&app, &b.jane, &format!("tags={kids}")).await;
    assert_eq!(descriptions(&filtered), ["Shared"]);

    let read_only = StatusCode::FORBIDDEN;
    assert_eq!(tags_list(&app, &vic).await.len(), 1, "a viewer reads the tags");
    for res in [
        app.post_auth("/api/tags", &vic, json!({"name": "Mine", "color": "#000000"})).await,
        app.put_auth(&format!("/api/tags/{kids}"), &vic, json!({"name": "Mine"})).await,
        app.delete_auth(&format!("/api/tags/{kids}"), &vic).await,
    ] {
        expect_error(res, read_only, "Viewers cannot make changes").await;
    }
    assert_eq!(tags_list(&app, &b.jane).await[0]["name"], "Kids");
}

#[tokio::test]
async fn the_csv_export_ends_with_the_tags_names_and_follows_the_tag_filter() {
    let app = spawn_app().await;
    let b = books(&app).await;
    let holiday = tag(&app, &b.jane, "Holiday 2026", "#2196F3").await;
    let kids = tag(&app, &b.jane, "Kids", "#4CAF50").await;
    b.spend(&app, "Beach toys", "10.00", &[&kids, &holiday]).await;
    b.spend(&app, "Groceries", "60.00", &[]).await;
    let export = |query: String| {
        let (app, jane) = (&app, b.jane.clone());
        async move {
            let res = app.get_auth(&format!("/api/transactions/export.csv{query}"), &jane).await;
            assert_eq!(res.status(), StatusCode::OK);
            res.text().await.unwrap()
        }
    };
    let all = export(String::new()).await;
    let lines: Vec<&str> = all.trim_start_matches('\u{feff}').split("\r\n").filter(|l| !l.is_empty()).collect();
    assert_eq!(lines[0], "Date,Description,Amount,Type,Category,Account,Notes,Transfer,Tags");
    assert!(
        lines.iter().any(|l| l.ends_with(",Beach toys,-10.00,expense,Groceries,Current,,,Holiday 2026; Kids")),
        "{all}"
    );
    assert!(lines.iter().any(|l| l.ends_with(",Groceries,-60.00,expense,Groceries,Current,,,")), "{all}");
    let tagged = export(format!("?tags={kids}")).await;
    assert_eq!(tagged.matches("\r\n").count(), 1 + 1, "header and the tagged row: {tagged}");
}

#[tokio::test]
async fn a_backup_keeps_the_tags_and_their_links_and_an_older_backup_without_tags_still_restores() {
    let app = spawn_app().await;
    let b = books(&app).await;
    let holiday = tag(&app, &b.jane, "Holiday 2026", "#2196F3").await;
    let kids = tag(&app, &b.jane, "Kids", "#4CAF50").await;
    tag(&app, &b.jane, "Unused", "#000000").await;
    b.spend(&app, "Beach toys", "10.00", &[&kids, &holiday]).await;
    b.spend(&app, "Hotel", "200.00", &[&holiday]).await;
    let backup = crate::backup::download(&app, &b.jane).await;
    let doc: Value = serde_json::from_slice(&backup).unwrap();
    assert_eq!(doc["version"], 2);
    assert_eq!(
        (doc["tables"]["tags"].as_array().unwrap().len(), doc["tables"]["transaction_tags"].as_array().unwrap().len()),
        (3, 3)
    );

    let john = app.signed_up("John Roe", "john@example.com", "Secret123").await;
    expect(crate::backup::restore(&app, &john, backup).await, StatusCode::OK).await;
    let shown = |tags: Vec<Value>| -> Vec<(String, String, i64)> {
        tags.iter()
            .map(|t| {
                (
                    t["name"].as_str().unwrap().into(),
                    t["color"].as_str().unwrap().into(),
                    t["transactionCount"].as_i64().unwrap(),
                )
            })
            .collect()
    };
    assert_eq!(shown(tags_list(&app, &john).await), shown(tags_list(&app, &b.jane).await));
    let restored = tags_list(&app, &john).await;
    assert_ne!(restored[0]["_id"].as_str(), Some(holiday.as_str()), "new ids");
    let page = list(&app, &john, "").await;
    let beach =
        page["transactions"].as_array().unwrap().iter().find(|t| t["description"] == "Beach toys").unwrap().clone();
    assert_eq!(tag_names(&beach), ["Holiday 2026", "Kids"]);
    assert_eq!(beach["tags"][0]["_id"], restored[0]["_id"], "the links point at the restored tags");

    // A backup from before tags (version 1, no tag tables) restores as it always did.
    let mut older = doc.clone();
    older["version"] = json!(1);
    let tables = older["tables"].as_object_mut().unwrap();
    tables.remove("tags");
    tables.remove("transaction_tags");
    let pat = app.signed_up("Pat Poe", "pat@example.com", "Secret123").await;
    let done =
        expect(crate::backup::restore(&app, &pat, serde_json::to_vec(&older).unwrap()).await, StatusCode::OK).await;
    assert_eq!(done["data"]["transactions"], 2);
    assert!(tags_list(&app, &pat).await.is_empty());
    assert!(list(&app, &pat, "").await["transactions"].as_array().unwrap().iter().all(|t| t["tags"] == json!([])));
}

fn statement(name: &str) -> Vec<u8> {
    std::fs::read(format!("{}/../../adapters/statements/fixtures/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

#[tokio::test]
async fn a_rule_adds_its_tags_on_import_on_bank_sync_and_to_stored_rows() {
    let app = spawn_app().await;
    let b = books(&app).await;
    app.sql("UPDATE users SET can_connect_bank = true WHERE email = 'jane@example.com'");
    let food = tag(&app, &b.jane, "Food shop", "#4CAF50").await;
    let home = tag(&app, &b.jane, "Home", "#3F51B5").await;
    let olly = app.signed_up("Olly Other", "olly@example.com", "Secret123").await;
    let theirs = tag(&app, &olly, "Theirs", "#000000").await;

    let rule = json!({"pattern": "green grocer", "categoryId": b.groceries, "tagIds": [food, food]});
    let made = expect(app.post_auth("/api/rules", &b.jane, rule).await, StatusCode::CREATED).await["data"].clone();
    assert_eq!(made["tagIds"], json!([food]));
    let foreign = json!({"pattern": "x", "categoryId": b.groceries, "tagIds": [theirs]});
    expect_error(app.post_auth("/api/rules", &b.jane, foreign).await, StatusCode::NOT_FOUND, "Tag not found").await;

    // On import: the matching rows carry the rule's tag.
    let form = reqwest::multipart::Form::new()
        .part("file", reqwest::multipart::Part::bytes(statement("monzo-overlap-a.csv")).file_name("monzo.csv"))
        .text("accountId", b.account.clone());
    let res = app.client.post(app.url("/api/imports")).bearer_auth(&b.jane).multipart(form).send().await.unwrap();
    let preview = expect(res, StatusCode::OK).await["data"].clone();
    let path = format!("/api/imports/{}/commit", preview["importId"].as_str().unwrap());
    expect(app.post_auth(&path, &b.jane, json!({"accountId": b.account})).await, StatusCode::OK).await;
    let tagged = list(&app, &b.jane, &format!("tags={food}")).await;
    assert!(!tagged["transactions"].as_array().unwrap().is_empty());
    assert!(tagged["transactions"]
        .as_array()
        .unwrap()
        .iter()
        .all(|t| t["description"].as_str().unwrap().contains("Green Grocer")));
    let untagged = list(&app, &b.jane, "limit=100").await["pagination"]["total"].as_i64().unwrap();
    assert!(untagged > tagged["pagination"]["total"].as_i64().unwrap(), "only the matching rows");

    // To stored rows, on request: added beside the tags a row has.
    let typed = b.spend(&app, "Green Grocer market stall", "4.00", &[&home]).await;
    let rule_path = format!("/api/rules/{}", made["_id"].as_str().unwrap());
    let both = json!({"pattern": "green grocer", "categoryId": b.groceries, "tagIds": [food]});
    expect(app.put_auth(&rule_path, &b.jane, both).await, StatusCode::OK).await;
    expect(app.post_auth("/api/rules/apply", &b.jane, json!({"dryRun": false})).await, StatusCode::OK).await;
    let one = expect(
        app.get_auth(&format!("/api/transactions/{}", typed["_id"].as_str().unwrap()), &b.jane).await,
        StatusCode::OK,
    );
    assert_eq!(tag_names(&one.await["data"]), ["Food shop", "Home"]);

    // On bank sync (the built-in demo bank).
    let bills = json!({"pattern": "council tax", "categoryId": b.groceries, "tagIds": [home]});
    expect(app.post_auth("/api/rules", &b.jane, bills).await, StatusCode::CREATED).await;
    expect(app.post_auth("/api/plaid/link/token/create", &b.jane, json!({"itemId": null})).await, StatusCode::OK).await;
    let exchange = json!({"public_token": "public-demo-1",
        "metadata": {"institution": {"name": "Demo Bank UK", "institution_id": "ins_demo"}, "accounts": []}});
    expect(app.post_auth("/api/plaid/item/public_token/exchange", &b.jane, exchange).await, StatusCode::OK).await;
    let synced = list(&app, &b.jane, &format!("tags={home}&limit=100")).await;
    let council: Vec<_> = synced["transactions"].as_array().unwrap().iter().filter(|t| t["source"] == "bank").collect();
    assert!(!council.is_empty(), "{synced}");
    assert!(council.iter().all(|t| t["description"].as_str().unwrap().to_lowercase().contains("council tax")));

    // A deleted tag leaves the rule, which goes on without it.
    expect(app.delete_auth(&format!("/api/tags/{food}"), &b.jane).await, StatusCode::OK).await;
    let rules = expect(app.get_auth("/api/rules", &b.jane).await, StatusCode::OK).await;
    assert_eq!(rules["data"][0]["tagIds"], json!([]));
}

#[tokio::test]
async fn the_demo_household_has_a_few_tags_on_some_of_its_transactions() {
    let app = spawn_app().await;
    let today = domain::dates::london_today(chrono::Utc::now());
    let seeder = server::state::seeder(app.db.db.clone()).unwrap();
    seeder.seed("demo@example.com", "Demo1234", demo_data::realistic(today, 12, 7), false).await.unwrap();
    let token = expect(app.login("demo@example.com", "Demo1234").await, StatusCode::OK).await["token"]
        .as_str()
        .unwrap()
        .to_owned();
    let tags = tags_list(&app, &token).await;
    let names: Vec<_> = tags.iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Holiday 2026", "Kids", "Work expenses"]);
    let total = list(&app, &token, "").await["pagination"]["total"].as_i64().unwrap();
    for t in &tags {
        let n = t["transactionCount"].as_i64().unwrap();
        assert!(n > 0 && n < total / 4, "{t}");
    }
}

#[tokio::test]
async fn the_monthly_report_has_a_column_of_each_tags_totals_for_the_month() {
    let app = spawn_app().await;
    let b = books(&app).await;
    let holiday = tag(&app, &b.jane, "Holiday 2026", "#2196F3").await;
    let kids = tag(&app, &b.jane, "Kids", "#4CAF50").await;
    tag(&app, &b.jane, "Unused", "#000000").await;
    b.spend(&app, "Beach toys", "10.00", &[&kids, &holiday]).await;
    b.spend(&app, "Hotel", "200.00", &[&holiday]).await;
    let mut declined = b.body("Declined card", "99.00", &[&kids]);
    declined["status"] = json!("declined");
    expect(app.post_auth("/api/transactions", &b.jane, declined).await, StatusCode::CREATED).await;
    let today = domain::dates::london_today(chrono::Utc::now());
    let path = format!("/api/reports/monthly?year={}&month={}", today.format("%Y"), today.format("%-m"));
    let report = expect(app.get_auth(&path, &b.jane).await, StatusCode::OK).await;
    assert_eq!(
        report["data"]["tags"],
        json!([
            {"_id": holiday, "name": "Holiday 2026", "color": "#2196F3", "income": 0.0, "expenses": -210.0, "transactionCount": 2},
            {"_id": kids, "name": "Kids", "color": "#4CAF50", "income": 0.0, "expenses": -10.0, "transactionCount": 1},
        ])
    );
}
