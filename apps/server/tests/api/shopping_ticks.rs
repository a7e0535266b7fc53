//! The shopping list's ticks over HTTP: the household's, so what one member ticks the others see
//! ticked with who ticked it, and a trip one of them completes restocks everyone's cupboard.

use crate::common;
use crate::household::{invite_and_join, me};

use common::{expect, expect_error, spawn_app, TestApp};
use reqwest::StatusCode;
use serde_json::{json, Value};

async fn item(app: &TestApp, token: &str, name: &str, stock: i64, needed: i64) -> String {
    let body = json!({"name": name, "category": "Dairy", "currentStock": stock, "defaultNeeded": needed,
                      "lastPrice": "1.15", "preferredStore": "Tesco"});
    let made = expect(app.post_auth("/api/inventory-items", token, body).await, StatusCode::CREATED).await;
    made["data"]["_id"].as_str().unwrap().to_owned()
}

/// The list as `token` sees it, by item name: (entry id, ticked, tickedBy).
async fn ticks(app: &TestApp, token: &str) -> Vec<(String, String, bool, Value)> {
    let list = expect(app.get_auth("/api/shopping-list", token).await, StatusCode::OK).await;
    list["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["inventoryItem"]["name"].as_str().unwrap().to_owned(),
                e["_id"].as_str().unwrap().to_owned(),
                e["ticked"].as_bool().expect("every entry says whether it is ticked"),
                e["tickedBy"].clone(),
            )
        })
        .collect()
}

async fn tick(app: &TestApp, token: &str, entry: &str, body: Value) -> reqwest::Response {
    app.put_auth(&format!("/api/shopping-list/{entry}/tick"), token, body).await
}

#[tokio::test]
async fn what_one_member_ticks_the_others_see_ticked_with_who_ticked_it() {
    let app = spawn_app().await;
    let jane = app.signed_up("Jane Doe", "jane@example.com", "Secret123").await;
    let john = app.signed_up("John Doe", "john@example.com", "Secret123").await;
    let vic = app.signed_up("Vic Viewer", "vic@example.com", "Secret123").await;
    invite_and_join(&app, &jane, &john, "john@example.com", "member").await;
    invite_and_join(&app, &jane, &vic, "vic@example.com", "viewer").await;
    let john_id = me(&app, &john).await;
    item(&app, &jane, "Bread", 0, 1).await;
    item(&app, &jane, "Milk", 0, 2).await;
    let list = ticks(&app, &john).await;
    assert!(list.iter().all(|(_, _, ticked, by)| !ticked && by.is_null()), "{list:?}");
    let (bread, milk) = (list[0].1.clone(), list[1].1.clone());

    let answer = expect(tick(&app, &john, &milk, json!({"ticked": true})).await, StatusCode::OK).await;
    assert_eq!((&answer["data"]["_id"], &answer["data"]["ticked"]), (&json!(milk), &json!(true)));
    assert_eq!(answer["data"]["tickedBy"], json!({"_id": john_id, "name": "John Doe"}));
    assert_eq!(answer["data"]["inventoryItem"]["name"], "Milk", "the entry as every list shows it");

    let seen = ticks(&app, &jane).await;
    assert_eq!(seen[1], ("Milk".into(), milk.clone(), true, json!({"_id": john_id, "name": "John Doe"})));
    assert_eq!((seen[0].2, &seen[0].3), (false, &Value::Null), "bread is not ticked");
    assert!(ticks(&app, &vic).await[1].2, "a viewer sees it too");
    let grouped = expect(app.get_auth("/api/inventory-items/shopping-list", &jane).await, StatusCode::OK).await;
    assert_eq!(grouped["data"]["groupedItems"]["Dairy"][1]["tickedBy"]["name"], "John Doe");

    // Ticking a ticked entry (Jane at the same moment, or a phone's retry) leaves it John's; the
    // same request with its key is answered again as it was.
    let again = expect(tick(&app, &jane, &milk, json!({"ticked": true})).await, StatusCode::OK).await;
    assert_eq!(again["data"]["tickedBy"]["_id"], json!(john_id));
    let keyed = || {
        app.client
            .put(app.url(&format!("/api/shopping-list/{bread}/tick")))
            .bearer_auth(&jane)
            .header("Idempotency-Key", "tick-bread-1")
            .json(&json!({"ticked": true}))
            .send()
    };
    let first = expect(keyed().await.unwrap(), StatusCode::OK).await;
    let replay = keyed().await.unwrap();
    assert_eq!(replay.headers().get("idempotent-replayed").map(|v| v.to_str().unwrap()), Some("true"));
    assert_eq!(expect(replay, StatusCode::OK).await, first);
    assert_eq!(first["data"]["tickedBy"]["name"], "Jane Doe");

    // Unticked, by anyone, for everyone; twice is the same.
    for _ in 0..2 {
        let off = expect(tick(&app, &jane, &milk, json!({"ticked": false})).await, StatusCode::OK).await;
        assert_eq!((&off["data"]["ticked"], &off["data"]["tickedBy"]), (&json!(false), &Value::Null));
    }
    assert!(!ticks(&app, &john).await[1].2);

    // A viewer ticks nothing.
    let refused = expect(tick(&app, &vic, &bread, json!({"ticked": false})).await, StatusCode::FORBIDDEN).await;
    assert_eq!((&refused["code"], &refused["message"]), (&json!("read_only"), &json!("Viewers cannot make changes")));
    assert!(ticks(&app, &jane).await[0].2, "bread is still ticked");
}

#[tokio::test]
async fn a_tick_needs_true_or_false_and_another_households_entry_is_not_found() {
    let app = spawn_app().await;
    let jane = app.signed_up("Jane Doe", "jane@example.com", "Secret123").await;
    let max = app.signed_up("Max Other", "max@example.com", "Secret123").await;
    item(&app, &jane, "Milk", 0, 2).await;
    let milk = ticks(&app, &jane).await[0].1.clone();
    for body in [json!({}), json!({"ticked": null}), json!({"ticked": "yes"}), json!({"ticked": 1}), json!([])] {
        let res = tick(&app, &jane, &milk, body.clone()).await;
        if body.is_array() {
            // Not an object at all: the house's message for a body of the wrong shape.
            expect(res, StatusCode::BAD_REQUEST).await;
        } else {
            expect_error(res, StatusCode::BAD_REQUEST, "Ticked must be true or false").await;
        }
    }
    for (who, entry) in [(&max, milk.as_str()), (&jane, "0190a4b2-0000-7000-8000-000000000000"), (&jane, "not-an-id")] {
        for ticked in [true, false] {
            let res = tick(&app, who, entry, json!({"ticked": ticked})).await;
            expect_error(res, StatusCode::NOT_FOUND, "Shopping list item not found").await;
        }
    }
    assert!(!ticks(&app, &jane).await[0].2, "nothing was ticked");
    assert!(ticks(&app, &max).await.is_empty());
}

#[tokio::test]
async fn a_trip_one_member_completes_restocks_everyones_cupboard_and_clears_its_ticks() {
    let app = spawn_app().await;
    let jane = app.signed_up("Jane Doe", "jane@example.com", "Secret123").await;
    let john = app.signed_up("John Doe", "john@example.com", "Secret123").await;
    invite_and_join(&app, &jane, &john, "john@example.com", "member").await;
    let account = app.account_id(&jane, "Joint", "current", 100).await;
    let milk_item = item(&app, &jane, "Milk", 0, 2).await;
    item(&app, &jane, "Butter", 0, 1).await;
    let list = ticks(&app, &john).await;
    let (butter, milk) = (list[0].1.clone(), list[1].1.clone());
    for entry in [&butter, &milk] {
        expect(tick(&app, &john, entry, json!({"ticked": true})).await, StatusCode::OK).await;
    }

    // Jane, at home, buys the milk John ticked; the butter stays on the list, ticked.
    let trip = json!({"items": [{"inventoryItemId": milk_item, "quantity": 2, "price": "1.15", "store": "Tesco"}],
                      "accountId": account});
    expect(app.post_auth("/api/inventory-items/shopping-trip/complete", &jane, trip).await, StatusCode::CREATED).await;
    let left = ticks(&app, &john).await;
    assert_eq!(left.len(), 1, "{left:?}");
    assert_eq!((left[0].0.as_str(), left[0].2), ("Butter", true));
    let johns = expect(app.get_auth(&format!("/api/inventory-items/{milk_item}"), &john).await, StatusCode::OK).await;
    assert_eq!(johns["data"]["currentStock"], 2, "restocked in everyone's cupboard");

    // Milk put back on the list is a new entry, not ticked.
    let body = json!({"inventoryItemId": milk_item, "quantityToBuy": 1});
    let back = expect(app.post_auth("/api/shopping-list", &john, body).await, StatusCode::CREATED).await;
    assert_eq!((&back["data"]["ticked"], &back["data"]["tickedBy"]), (&json!(false), &Value::Null));
    assert_ne!(back["data"]["_id"], json!(milk));
    expect(tick(&app, &john, &milk, json!({"ticked": true})).await, StatusCode::NOT_FOUND).await;
}
