//! Idempotency-Key: a write sent twice happens once, whatever the timing.

use crate::common;

use common::{expect, expect_error, spawn_app, TestApp};
use reqwest::{Response, StatusCode};
use serde_json::{json, Value};

async fn post_keyed(app: &TestApp, path: &str, token: &str, key: &str, body: &Value) -> Response {
    app.client.post(app.url(path)).bearer_auth(token).header("Idempotency-Key", key).json(body).send().await.unwrap()
}

async fn goal(app: &TestApp, token: &str) -> String {
    let tomorrow = (domain::dates::london_today(chrono::Utc::now()) + chrono::Duration::days(90)).to_string();
    let body = json!({"name": "Holiday", "targetAmount": "1000", "targetDate": tomorrow});
    expect(app.post_auth("/api/goals", token, body).await, StatusCode::CREATED).await["data"]["_id"]
        .as_str()
        .unwrap()
        .to_owned()
}

fn today() -> String {
    domain::dates::london_today(chrono::Utc::now()).to_string()
}

async fn saved(app: &TestApp, token: &str, goal: &str) -> Value {
    expect(app.get_auth(&format!("/api/goals/{goal}"), token).await, StatusCode::OK).await["data"]["currentAmount"]
        .clone()
}

#[tokio::test]
async fn a_write_sent_twice_with_one_key_happens_once_and_answers_the_same() {
    let app = spawn_app().await;
    let token = app.signed_up("Jane Doe", "jane@example.com", "Secret123").await;
    let g = goal(&app, &token).await;
    let path = format!("/api/goals/{g}/contributions");
    let body = json!({"amount": "25.00", "date": today()});

    let first = post_keyed(&app, &path, &token, "tap-1", &body).await;
    assert_eq!(first.status(), StatusCode::CREATED);
    assert!(first.headers().get("idempotent-replayed").is_none());
    let first = first.text().await.unwrap();
    let again = post_keyed(&app, &path, &token, "tap-1", &body).await;
    assert_eq!(again.status(), StatusCode::CREATED);
    assert_eq!(again.headers()["idempotent-replayed"], "true");
    assert_eq!(again.text().await.unwrap(), first, "the first answer, word for word");
    assert_eq!(saved(&app, &token, &g).await, json!(25.0));

    // Another key is another write; the same key with another body is refused and changes nothing.
    assert_eq!(post_keyed(&app, &path, &token, "tap-2", &body).await.status(), StatusCode::CREATED);
    let other = json!({"amount": "99.00", "date": today()});
    expect_error(
        post_keyed(&app, &path, &token, "tap-1", &other).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "This Idempotency-Key was already used for a different request",
    )
    .await;
    assert_eq!(saved(&app, &token, &g).await, json!(50.0));

    // A refusal is an answer too: replayed, not re-judged.
    let bad = json!({"amount": "0", "date": today()});
    for _ in 0..2 {
        expect_error(
            post_keyed(&app, &path, &token, "tap-3", &bad).await,
            StatusCode::BAD_REQUEST,
            "Contribution amount must be greater than 0",
        )
        .await;
    }

    // Keys are each user's own.
    let john = app.signed_up("John Doe", "john@example.com", "Secret123").await;
    let his = goal(&app, &john).await;
    let his_path = format!("/api/goals/{his}/contributions");
    assert_eq!(post_keyed(&app, &his_path, &john, "tap-1", &body).await.status(), StatusCode::CREATED);
    assert_eq!(saved(&app, &john, &his).await, json!(25.0));

    expect_error(
        post_keyed(&app, &path, &token, "two words", &body).await,
        StatusCode::BAD_REQUEST,
        "Idempotency-Key must be 1 to 255 visible characters",
    )
    .await;
}

#[tokio::test]
async fn ten_copies_sent_at_once_make_one_transaction() {
    let app = spawn_app().await;
    let token = app.signed_up("Jane Doe", "jane@example.com", "Secret123").await;
    let account = app.account_id(&token, "Current", "current", 100).await;
    let categories = expect(app.get_auth("/api/categories", &token).await, StatusCode::OK).await;
    let groceries =
        categories["data"].as_array().unwrap().iter().find(|c| c["name"] == "Groceries").unwrap()["_id"].clone();
    let body = json!({"amount": "12.34", "type": "expense", "description": "Tesco", "categoryId": groceries,
                      "accountId": account, "date": today(), "notes": ""});
    let mut calls = tokio::task::JoinSet::new();
    for _ in 0..10 {
        let request = app
            .client
            .post(app.url("/api/transactions"))
            .bearer_auth(&token)
            .header("Idempotency-Key", "offline-queue-7")
            .json(&body);
        calls.spawn(async move { request.send().await.unwrap().status() });
    }
    let mut statuses = Vec::new();
    while let Some(status) = calls.join_next().await {
        statuses.push(status.unwrap());
    }
    assert!(statuses.iter().all(|s| *s == StatusCode::CREATED || *s == StatusCode::CONFLICT), "{statuses:?}");
    assert!(statuses.contains(&StatusCode::CREATED));
    let list = expect(app.get_auth("/api/transactions?search=Tesco", &token).await, StatusCode::OK).await;
    assert_eq!(list["transactions"].as_array().unwrap().len(), 1, "{statuses:?}");
    // Once the first has answered, a retry replays it.
    assert_eq!(
        post_keyed(&app, "/api/transactions", &token, "offline-queue-7", &body).await.status(),
        StatusCode::CREATED
    );
    let list = expect(app.get_auth("/api/transactions?search=Tesco", &token).await, StatusCode::OK).await;
    assert_eq!(list["transactions"].as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn a_queued_change_replayed_days_later_gets_its_first_answer_until_the_key_is_past_its_keep_window() {
    use ports::idempotency::KEY_KEPT_FOR_DAYS;
    let app = spawn_app().await;
    let token = app.signed_up("Jane Doe", "jane@example.com", "Secret123").await;
    let g = goal(&app, &token).await;
    let path = format!("/api/goals/{g}/contributions");
    let body = json!({"amount": "25.00", "date": today()});
    let first = post_keyed(&app, &path, &token, "queued-1", &body).await;
    assert_eq!(first.status(), StatusCode::CREATED);
    let first = first.text().await.unwrap();

    // The answer was lost and the phone stayed offline: the queue sends the change again a day
    // and an hour later, then on the last day the server keeps the key (the key's age is moved
    // back in the database, where the store reads "now").
    for age in ["25 hours".to_owned(), format!("{} days", KEY_KEPT_FOR_DAYS - 1)] {
        app.sql(&format!("UPDATE idempotency_keys SET created_at = now() - interval '{age}'"));
        let again = post_keyed(&app, &path, &token, "queued-1", &body).await;
        assert_eq!(again.status(), StatusCode::CREATED, "{age}");
        assert_eq!(again.headers()["idempotent-replayed"], "true", "{age}");
        assert_eq!(again.text().await.unwrap(), first, "the first answer, word for word, after {age}");
        assert_eq!(saved(&app, &token, &g).await, json!(25.0), "nothing done twice after {age}");
    }

    // Past the window the key is forgotten: deleted on the user's next keyed write, and another
    // user's old key waits for their own.
    let john = app.signed_up("John Doe", "john@example.com", "Secret123").await;
    let his = goal(&app, &john).await;
    let his_path = format!("/api/goals/{his}/contributions");
    assert_eq!(post_keyed(&app, &his_path, &john, "queued-1", &body).await.status(), StatusCode::CREATED);
    app.sql(&format!("UPDATE idempotency_keys SET created_at = now() - interval '{KEY_KEPT_FOR_DAYS} days 1 minute'"));
    assert_eq!(post_keyed(&app, &path, &token, "queued-2", &body).await.status(), StatusCode::CREATED);
    let keys = |key: &str| {
        app.count(&format!(
            "SELECT count(*) AS n FROM idempotency_keys k JOIN users u ON u.id = k.user_id
             WHERE u.email = 'jane@example.com' AND k.key = '{key}'"
        ))
    };
    assert_eq!((keys("queued-1"), keys("queued-2")), (0, 1));
    assert_eq!(app.count("SELECT count(*) AS n FROM idempotency_keys WHERE key = 'queued-1'"), 1, "John's stays");
    // Sent now, the old change would be a new write: the web app never sends one that old.
    assert_eq!(saved(&app, &token, &g).await, json!(50.0));
}
