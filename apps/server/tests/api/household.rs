//! The household over HTTP: every user is in one, its owner renames it, the others read it,
//! and deleting a member leaves it to the rest.

use crate::common;

use common::{expect, expect_error, spawn_app, TestApp};
use reqwest::StatusCode;
use serde_json::{json, Value};

async fn me(app: &TestApp, token: &str) -> String {
    let me = expect(app.get_auth("/api/auth/me", token).await, StatusCode::OK).await;
    me["user"]["_id"].as_str().unwrap().to_owned()
}

/// Moves `member` into the household of `owner` with `role` (the invitations that do this are
/// the next step of issue 33); their own household of one goes.
fn join(app: &TestApp, owner: &str, member: &str, role: &str) {
    let own = app
        .count(&format!("SELECT count(*) AS n FROM household_members WHERE user_id = '{member}' AND role = 'owner'"));
    assert_eq!(own, 1, "a new user owns a household of one");
    app.sql(&format!(
        "DELETE FROM households WHERE id = (SELECT household_id FROM household_members WHERE user_id = '{member}')"
    ));
    app.sql(&format!(
        "INSERT INTO household_members (household_id, user_id, role, joined_at)
         SELECT household_id, '{member}', '{role}', now() FROM household_members WHERE user_id = '{owner}'"
    ));
}

#[tokio::test]
async fn a_new_user_owns_a_household_of_one_named_after_them() {
    let app = spawn_app().await;
    let jane = app.signed_up("Jane Doe", "jane@example.com", "secret1").await;
    let id = me(&app, &jane).await;
    let body = expect(app.get_auth("/api/household", &jane).await, StatusCode::OK).await;
    let household = &body["data"];
    assert_eq!(household["name"], "Jane Doe's household");
    let members = household["members"].as_array().unwrap();
    assert_eq!(members.len(), 1);
    assert_eq!(
        (&members[0]["_id"], &members[0]["name"], &members[0]["email"], &members[0]["role"]),
        (&json!(id), &json!("Jane Doe"), &json!("jane@example.com"), &json!("owner"))
    );
    assert!(members[0]["joinedAt"].is_string());
    expect(app.get("/api/household").await, StatusCode::UNAUTHORIZED).await;
}

#[tokio::test]
async fn the_owner_renames_it_and_the_others_may_only_read_it() {
    let app = spawn_app().await;
    let jane = app.signed_up("Jane Doe", "jane@example.com", "secret1").await;
    let john = app.signed_up("John Doe", "john@example.com", "secret1").await;
    let vic = app.signed_up("Vic Viewer", "vic@example.com", "secret1").await;
    let (jane_id, john_id, vic_id) = (me(&app, &jane).await, me(&app, &john).await, me(&app, &vic).await);
    join(&app, &jane_id, &john_id, "member");
    join(&app, &jane_id, &vic_id, "viewer");

    let renamed =
        expect(app.put_auth("/api/household", &jane, json!({"name": "  The Does "})).await, StatusCode::OK).await;
    assert_eq!(renamed["data"]["name"], "The Does");
    for (body, message) in [
        (json!({"name": "   "}), "Household name is required"),
        (json!({}), "Household name is required"),
        (json!({"name": "x".repeat(51)}), "Household name cannot exceed 50 characters"),
    ] {
        expect_error(app.put_auth("/api/household", &jane, body).await, StatusCode::BAD_REQUEST, message).await;
    }
    for token in [&john, &vic] {
        let refused = app.put_auth("/api/household", token, json!({"name": "Ours"})).await;
        let body = expect(refused, StatusCode::FORBIDDEN).await;
        assert_eq!(
            (body["code"].as_str(), body["message"].as_str()),
            (Some("forbidden"), Some("Only the household owner can do this"))
        );
        let read = expect(app.get_auth("/api/household", token).await, StatusCode::OK).await;
        assert_eq!(read["data"]["name"], "The Does", "nothing changed, and everyone reads the same household");
        let roles: Vec<Value> = read["data"]["members"].as_array().unwrap().iter().map(|m| m["role"].clone()).collect();
        assert_eq!(roles, [json!("owner"), json!("member"), json!("viewer")], "the owner first, then by joining");
    }
}

#[tokio::test]
async fn a_deleted_owner_leaves_the_household_to_the_longest_standing_member() {
    let app = spawn_app().await;
    let ada = app.signed_up("Ada Admin", "ada@example.com", "secret1").await;
    app.sql("UPDATE users SET role = 'superadmin' WHERE email = 'ada@example.com'");
    let jane = app.signed_up("Jane Doe", "jane@example.com", "secret1").await;
    let john = app.signed_up("John Doe", "john@example.com", "secret1").await;
    let solo = app.signed_up("Sol Solo", "sol@example.com", "secret1").await;
    let (jane_id, john_id, solo_id) = (me(&app, &jane).await, me(&app, &john).await, me(&app, &solo).await);
    join(&app, &jane_id, &john_id, "viewer");
    let households = || app.count("SELECT count(*) AS n FROM households");

    let before = households();
    expect(app.delete_auth(&format!("/api/users/{jane_id}"), &ada).await, StatusCode::OK).await;
    let left = expect(app.get_auth("/api/household", &john).await, StatusCode::OK).await;
    assert_eq!(left["data"]["name"], "Jane Doe's household");
    assert_eq!(left["data"]["members"][0]["role"], "owner", "John, the one left, owns it now");
    assert_eq!(households(), before);

    expect(app.delete_auth(&format!("/api/users/{solo_id}"), &ada).await, StatusCode::OK).await;
    assert_eq!(households(), before - 1, "a household with no one left goes");
}
