//! Savings goals over HTTP: the forms' messages, filters and sorts, contributions that complete
//! and reopen a goal, 50 contributions at once, cascades and isolation.

use crate::common;

use chrono::{Duration, NaiveDate};
use common::{expect, expect_error, spawn_app, TestApp};
use reqwest::StatusCode;
use serde_json::{json, Value};

fn today() -> NaiveDate {
    domain::dates::london_today(chrono::Utc::now())
}

fn in_days(n: i64) -> String {
    (today() + Duration::days(n)).to_string()
}

fn holiday() -> Value {
    json!({"name": "Holiday in Cornwall", "description": "A week by the sea", "targetAmount": "1500.00",
           "targetDate": in_days(100), "category": "vacation"})
}

async fn create(app: &TestApp, token: &str, body: Value) -> Value {
    expect(app.post_auth("/api/goals", token, body).await, StatusCode::CREATED).await["data"].clone()
}

fn id(v: &Value) -> String {
    v["_id"].as_str().unwrap().to_owned()
}

async fn contribute(app: &TestApp, token: &str, goal: &str, amount: &str) -> Value {
    let body =
        json!({"amount": amount, "date": today().to_string(), "description": "", "source": "salary", "notes": ""});
    expect(app.post_auth(&format!("/api/goals/{goal}/contributions"), token, body).await, StatusCode::CREATED).await
}

#[tokio::test]
async fn a_goal_is_created_with_its_presets_and_the_forms_messages_are_the_specs() {
    let app = spawn_app().await;
    let token = app.signed_up("Jane Doe", "jane@example.com", "Secret123").await;
    let g = create(&app, &token, holiday()).await;
    assert_eq!(g["currentAmount"], json!(0.0));
    assert_eq!(g["targetAmount"], json!(1500.0));
    assert_eq!(g["isCompleted"], false);
    assert_eq!((g["icon"].as_str(), g["color"].as_str()), (Some("plane"), Some("#0EA5E9")));
    assert_eq!(g["stats"]["daysRemaining"], 100);
    assert_eq!(g["stats"]["progressPercentage"], json!(0.0));
    // 100 days: per week 1500 × 7 / 100 = 105.00 and per month 1500 × 30.44 / 100 = 456.60.
    assert_eq!(
        g["stats"]["savingsSuggestions"],
        json!([{"period": "week", "label": "per week", "amount": 105.0},
               {"period": "month", "label": "per month", "amount": 456.6}])
    );
    let other = create(&app, &token, json!({"name": "Rainy day", "targetAmount": 10, "targetDate": in_days(1)})).await;
    assert_eq!((other["category"].as_str(), other["icon"].as_str()), (Some("other"), Some("target")));
    assert_eq!(other["stats"]["savingsSuggestions"][0]["amount"], json!(10.0), "one day: all of it per day");

    for (change, message) in [
        (json!({"name": " "}), "Goal name is required"),
        (json!({"name": null}), "Goal name is required"),
        (json!({"name": "x".repeat(101)}), "Goal name cannot exceed 100 characters"),
        (json!({"targetAmount": null}), "Target amount is required"),
        (json!({"targetAmount": 0}), "Target amount must be greater than 0"),
        (json!({"targetAmount": "-5"}), "Target amount must be greater than 0"),
        (json!({"targetAmount": "1000000000"}), "Amount cannot exceed £999,999,999.99"),
        (json!({"targetDate": ""}), "Target date is required"),
        (json!({"targetDate": today().to_string()}), "Target date must be in the future"),
        (json!({"targetDate": "25/12/2027"}), "Date must be a valid date (YYYY-MM-DD)"),
        (json!({"description": "d".repeat(501)}), "Description cannot exceed 500 characters"),
        (
            json!({"category": "wedding"}),
            "Category must be one of vacation, emergency, purchase, education, home, car or other",
        ),
        (json!({"icon": "rocket"}), "Icon must be one of the goal icons"),
        (json!({"color": "red"}), "Colour must be one of the goal colours"),
    ] {
        let mut body = holiday();
        for (k, v) in change.as_object().unwrap() {
            body[k] = v.clone();
        }
        expect_error(app.post_auth("/api/goals", &token, body).await, StatusCode::BAD_REQUEST, message).await;
    }
    let list = expect(app.get_auth("/api/goals", &token).await, StatusCode::OK).await;
    assert_eq!(list["data"].as_array().unwrap().len(), 2, "no refused goal was stored");

    // Any icon and colour of the lists on an edit; a refused edit changes nothing.
    let mut edit = holiday();
    edit["icon"] = json!("trophy");
    edit["color"] = json!("#14B8A6");
    let put = expect(app.put_auth(&format!("/api/goals/{}", id(&g)), &token, edit.clone()).await, StatusCode::OK).await;
    assert_eq!(
        (put["data"]["icon"].as_str(), put["message"].as_str()),
        (Some("trophy"), Some("Goal updated successfully"))
    );
    edit["name"] = json!("");
    expect_error(
        app.put_auth(&format!("/api/goals/{}", id(&g)), &token, edit).await,
        StatusCode::BAD_REQUEST,
        "Goal name is required",
    )
    .await;
    let one = expect(app.get_auth(&format!("/api/goals/{}", id(&g)), &token).await, StatusCode::OK).await;
    assert_eq!(
        (one["data"]["name"].as_str(), one["data"]["icon"].as_str()),
        (Some("Holiday in Cornwall"), Some("trophy"))
    );
}

#[tokio::test]
async fn contributions_complete_a_goal_and_deleting_one_reopens_it() {
    let app = spawn_app().await;
    let token = app.signed_up("Jane Doe", "jane@example.com", "Secret123").await;
    let g =
        id(&create(&app, &token, json!({"name": "New bike", "targetAmount": "500", "targetDate": in_days(30)})).await);
    let path = format!("/api/goals/{g}/contributions");

    let first = contribute(&app, &token, &g, "200.50").await;
    assert_eq!(first["message"], "Contribution added successfully");
    assert_eq!(first["data"]["contribution"]["description"], "Savings contribution");
    assert_eq!(first["data"]["contribution"]["source"], "salary");
    assert_eq!(first["data"]["goal"]["currentAmount"], json!(200.5));
    assert_eq!(first["data"]["goal"]["stats"]["progressPercentage"], json!(40.1));
    assert_eq!(first["data"]["goal"]["stats"]["projectedCompletionDate"], Value::Null, "one is not a pace");

    let done = contribute(&app, &token, &g, "299.50").await;
    assert_eq!(done["message"], "Contribution added successfully. Congratulations! Goal achieved!");
    let goal = &done["data"]["goal"];
    assert_eq!(
        (goal["isCompleted"].as_bool(), goal["stats"]["progressPercentage"].as_f64()),
        (Some(true), Some(100.0))
    );
    assert!(goal["completedAt"].is_string());
    assert_eq!(goal["stats"]["savingsSuggestions"], json!([]));
    let extra = contribute(&app, &token, &g, "10").await;
    assert_eq!(extra["message"], "Contribution added successfully", "already achieved");
    assert_eq!(extra["data"]["goal"]["stats"]["progressPercentage"], json!(100.0), "capped");
    assert_eq!(extra["data"]["goal"]["stats"]["remainingAmount"], json!(0.0), "floor 0");

    for (body, message) in [
        (json!({"date": today().to_string()}), "Contribution amount is required"),
        (json!({"amount": 0, "date": today().to_string()}), "Contribution amount must be greater than 0"),
        (json!({"amount": 5}), "Date is required"),
        (json!({"amount": 5, "date": in_days(1)}), "Contribution date cannot be in the future"),
        (
            json!({"amount": 5, "date": today().to_string(), "description": "d".repeat(201)}),
            "Description cannot exceed 200 characters",
        ),
        (
            json!({"amount": 5, "date": today().to_string(), "notes": "n".repeat(301)}),
            "Notes cannot exceed 300 characters",
        ),
        (
            json!({"amount": 5, "date": today().to_string(), "source": "lottery"}),
            "Source must be one of cash, bank_transfer, salary, bonus, refund or other",
        ),
    ] {
        expect_error(app.post_auth(&path, &token, body).await, StatusCode::BAD_REQUEST, message).await;
    }

    let list = expect(app.get_auth(&path, &token).await, StatusCode::OK).await;
    let contributions = list["data"].as_array().unwrap();
    assert_eq!(contributions.len(), 3, "no refused contribution was stored");
    assert_eq!(contributions[0]["amount"], json!(10.0), "newest first");

    // Taking away the 299.50 leaves 210.50 of 500: active again.
    let big = contributions.iter().find(|c| c["amount"] == json!(299.5)).unwrap();
    let after =
        expect(app.delete_auth(&format!("{path}/{}", big["_id"].as_str().unwrap()), &token).await, StatusCode::OK)
            .await;
    assert_eq!(after["message"], "Contribution deleted successfully");
    assert_eq!(
        (after["data"]["isCompleted"].as_bool(), after["data"]["currentAmount"].as_f64()),
        (Some(false), Some(210.5))
    );
    assert_eq!(after["data"]["completedAt"], Value::Null);
    let active = expect(app.get_auth("/api/goals?status=active", &token).await, StatusCode::OK).await;
    assert_eq!(active["data"].as_array().unwrap().len(), 1);
    // Two contributions today: a projection at that pace.
    assert_eq!(after["data"]["stats"]["projectedCompletionDate"], json!(in_days(2)));
    assert_eq!(after["data"]["stats"]["onTrack"], json!(true));
}

#[tokio::test]
async fn the_list_filters_and_sorts_and_the_summary_adds_up() {
    let app = spawn_app().await;
    let token = app.signed_up("Jane Doe", "jane@example.com", "Secret123").await;
    let goal = |name: &str, amount: &str, days: i64, category: &str| json!({"name": name, "targetAmount": amount, "targetDate": in_days(days), "category": category});
    let car = id(&create(&app, &token, goal("Car", "8000", 300, "car")).await);
    let fund = id(&create(&app, &token, goal("Emergency fund", "3000", 60, "emergency")).await);
    let course = id(&create(&app, &token, goal("Course", "400", 20, "education")).await);
    contribute(&app, &token, &fund, "1500").await;
    contribute(&app, &token, &course, "400").await;
    contribute(&app, &token, &car, "800").await;

    let names = |v: &Value| {
        v["data"].as_array().unwrap().iter().map(|g| g["name"].as_str().unwrap().to_owned()).collect::<Vec<_>>()
    };
    let list = |q: &str| {
        let url = format!("/api/goals{q}");
        let app = &app;
        let token = &token;
        async move { expect(app.get_auth(&url, token).await, StatusCode::OK).await }
    };
    assert_eq!(names(&list("").await), ["Course", "Emergency fund", "Car"]);
    assert_eq!(names(&list("?sort=oldest").await), ["Car", "Emergency fund", "Course"]);
    assert_eq!(names(&list("?sort=progress").await), ["Course", "Emergency fund", "Car"]);
    assert_eq!(names(&list("?sort=targetDate").await), ["Course", "Emergency fund", "Car"]);
    assert_eq!(names(&list("?sort=targetAmount").await), ["Car", "Emergency fund", "Course"]);
    assert_eq!(names(&list("?status=completed").await), ["Course"]);
    assert_eq!(names(&list("?status=active&sort=oldest").await), ["Car", "Emergency fund"]);
    assert_eq!(names(&list("?category=car").await), ["Car"]);
    assert_eq!(names(&list("?category=all&status=all").await).len(), 3);
    for (q, message) in [
        ("?status=done", "Status must be active or completed"),
        ("?sort=name", "Sort must be newest, oldest, progress, targetDate or targetAmount"),
        ("?category=boat", "Category must be one of vacation, emergency, purchase, education, home, car or other"),
    ] {
        expect_error(app.get_auth(&format!("/api/goals{q}"), &token).await, StatusCode::BAD_REQUEST, message).await;
    }

    let s = expect(app.get_auth("/api/goals/dashboard/summary", &token).await, StatusCode::OK).await["data"].clone();
    assert_eq!(
        (s["totalGoals"].as_i64(), s["activeGoals"].as_i64(), s["completedGoals"].as_i64()),
        (Some(3), Some(2), Some(1))
    );
    assert_eq!((s["totalSavedAmount"].as_f64(), s["totalTargetAmount"].as_f64()), (Some(2700.0), Some(11400.0)));
    // 2700 / 11400 = 23.68…%: one decimal.
    assert_eq!(s["overallProgress"], json!(23.6));
    assert_eq!(s["nearestGoal"]["name"], "Emergency fund");
    assert_eq!(s["nearestGoal"]["daysRemaining"], 60);
}

#[tokio::test]
async fn fifty_contributions_at_once_are_all_counted() {
    let app = spawn_app().await;
    let token = app.signed_up("Jane Doe", "jane@example.com", "Secret123").await;
    let g = id(&create(
        &app,
        &token,
        json!({"name": "House deposit", "targetAmount": "30000", "targetDate": in_days(700)}),
    )
    .await);
    let mut calls = tokio::task::JoinSet::new();
    for i in 1..=50 {
        let body = json!({"amount": format!("{i}.01"), "date": today().to_string()});
        let request = app.client.post(app.url(&format!("/api/goals/{g}/contributions"))).bearer_auth(&token);
        calls.spawn(async move { request.json(&body).send().await.unwrap().status() });
    }
    while let Some(status) = calls.join_next().await {
        assert_eq!(status.unwrap(), StatusCode::CREATED);
    }
    let goal = expect(app.get_auth(&format!("/api/goals/{g}"), &token).await, StatusCode::OK).await;
    // 1.01 + 2.01 + … + 50.01 = 1,275 + 0.50.
    assert_eq!(goal["data"]["currentAmount"], json!(1275.5));
    assert_eq!(goal["data"]["contributionCount"], 50);
}

#[tokio::test]
async fn another_users_goals_are_not_found_and_a_deleted_goal_takes_its_contributions() {
    let app = spawn_app().await;
    let jane = app.signed_up("Jane Doe", "jane@example.com", "Secret123").await;
    let john = app.signed_up("John Doe", "john@example.com", "Secret123").await;
    let g = id(&create(&app, &jane, holiday()).await);
    let c = contribute(&app, &jane, &g, "25").await["data"]["contribution"]["_id"].as_str().unwrap().to_owned();

    let not_found = StatusCode::NOT_FOUND;
    expect_error(app.get_auth(&format!("/api/goals/{g}"), &john).await, not_found, "Goal not found").await;
    expect_error(app.put_auth(&format!("/api/goals/{g}"), &john, holiday()).await, not_found, "Goal not found").await;
    expect_error(app.delete_auth(&format!("/api/goals/{g}"), &john).await, not_found, "Goal not found").await;
    let contributions = format!("/api/goals/{g}/contributions");
    expect_error(app.get_auth(&contributions, &john).await, not_found, "Goal not found").await;
    let body = json!({"amount": 5, "date": today().to_string()});
    expect_error(app.post_auth(&contributions, &john, body).await, not_found, "Goal not found").await;
    expect_error(app.delete_auth(&format!("{contributions}/{c}"), &john).await, not_found, "Contribution not found")
        .await;
    expect_error(app.get_auth("/api/goals/not-an-id", &jane).await, not_found, "Goal not found").await;
    let john_summary = expect(app.get_auth("/api/goals/dashboard/summary", &john).await, StatusCode::OK).await;
    assert_eq!(john_summary["data"]["totalGoals"], 0);
    assert_eq!(john_summary["data"]["nearestGoal"], Value::Null);

    let deleted = expect(app.delete_auth(&format!("/api/goals/{g}"), &jane).await, StatusCode::OK).await;
    assert_eq!(deleted["message"], "Goal deleted successfully");
    expect_error(app.get_auth(&contributions, &jane).await, not_found, "Goal not found").await;
    expect_error(app.get_auth(&format!("/api/goals/{g}"), &jane).await, not_found, "Goal not found").await;
    let left = expect(app.get_auth("/api/goals", &jane).await, StatusCode::OK).await;
    assert_eq!(left["data"], json!([]));
}
