//! The household over HTTP: every user is in one, its owner renames it, the others read it,
//! and deleting a member leaves it to the rest.

use crate::common;

use common::{expect, expect_error, spawn_app, TestApp};
use reqwest::StatusCode;
use serde_json::{json, Value};

pub(crate) async fn me(app: &TestApp, token: &str) -> String {
    let me = expect(app.get_auth("/api/auth/me", token).await, StatusCode::OK).await;
    me["user"]["_id"].as_str().unwrap().to_owned()
}

/// The owner invites `email` with `role`; its holder accepts from the mailed link. Answers the
/// household joined.
pub(crate) async fn invite_and_join(app: &TestApp, owner: &str, member: &str, email: &str, role: &str) -> Value {
    let sent = app.post_auth("/api/household/invitations", owner, json!({"email": email, "role": role})).await;
    expect(sent, StatusCode::CREATED).await;
    let token = app.link_token(email, "accept-invitation").expect("an invitation e-mail");
    let joined = app.post_auth("/api/household/invitations/accept", member, json!({"token": token})).await;
    expect(joined, StatusCode::OK).await["data"].clone()
}

async fn invite(app: &TestApp, owner: &str, body: Value) -> reqwest::Response {
    app.post_auth("/api/household/invitations", owner, body).await
}

async fn accept(app: &TestApp, who: &str, body: Value) -> reqwest::Response {
    app.post_auth("/api/household/invitations/accept", who, body).await
}

async fn accept_by_id(app: &TestApp, who: &str, id: &str) -> reqwest::Response {
    app.post_auth(&format!("/api/household/invitations/{id}/accept"), who, json!({})).await
}

async fn set_role(app: &TestApp, owner: &str, member: &str, role: &str) -> reqwest::Response {
    app.put_auth(&format!("/api/household/members/{member}"), owner, json!({"role": role})).await
}

/// Jane's household: Jane owns it, John is a member and Vic a viewer (their session tokens).
struct Trio {
    jane: String,
    john: String,
    vic: String,
}

async fn trio(app: &TestApp) -> Trio {
    let jane = app.signed_up("Jane Doe", "jane@example.com", "Secret123").await;
    let john = app.signed_up("John Doe", "john@example.com", "Secret123").await;
    let vic = app.signed_up("Vic Viewer", "vic@example.com", "Secret123").await;
    invite_and_join(app, &jane, &john, "john@example.com", "member").await;
    invite_and_join(app, &jane, &vic, "vic@example.com", "viewer").await;
    Trio { jane, john, vic }
}

/// The `code` and `message` of an error answer with `status`.
async fn refused(res: reqwest::Response, status: StatusCode) -> (String, String) {
    let body = expect(res, status).await;
    (body["code"].as_str().unwrap_or_default().to_owned(), body["message"].as_str().unwrap_or_default().to_owned())
}

#[tokio::test]
async fn a_new_user_owns_a_household_of_one_named_after_them() {
    let app = spawn_app().await;
    let jane = app.signed_up("Jane Doe", "jane@example.com", "Secret123").await;
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
    let Trio { jane, john, vic } = trio(&app).await;

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
    let ada = app.signed_up("Ada Admin", "ada@example.com", "Secret123").await;
    app.sql("UPDATE users SET role = 'superadmin' WHERE email = 'ada@example.com'");
    let jane = app.signed_up("Jane Doe", "jane@example.com", "Secret123").await;
    let john = app.signed_up("John Doe", "john@example.com", "Secret123").await;
    let solo = app.signed_up("Sol Solo", "sol@example.com", "Secret123").await;
    let (jane_id, solo_id) = (me(&app, &jane).await, me(&app, &solo).await);
    invite_and_join(&app, &jane, &john, "john@example.com", "viewer").await;
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

#[tokio::test]
async fn an_invitation_is_mailed_listed_replaced_and_used_once() {
    let app = spawn_app().await;
    let jane = app.signed_up("Jane Doe", "jane@example.com", "Secret123").await;
    let john = app.signed_up("John Doe", "john@example.com", "Secret123").await;
    let jane_id = me(&app, &jane).await;

    let first =
        app.post_auth("/api/household/invitations", &jane, json!({"email": " John@Example.com ", "role": "viewer"}));
    let first = expect(first.await, StatusCode::CREATED).await["data"].clone();
    assert_eq!(
        (&first["email"], &first["role"], &first["status"]),
        (&json!("john@example.com"), &json!("viewer"), &json!("pending"))
    );
    assert_eq!(first["invitedBy"], json!({"_id": jane_id, "name": "Jane Doe"}));
    let (created, expires) = (first["createdAt"].as_str().unwrap(), first["expiresAt"].as_str().unwrap());
    let days =
        chrono::DateTime::parse_from_rfc3339(expires).unwrap() - chrono::DateTime::parse_from_rfc3339(created).unwrap();
    assert_eq!(days.num_hours(), 7 * 24, "valid seven days");
    assert!(first.get("token").is_none() && first.get("tokenDigest").is_none(), "never the token");
    let old_token = app.link_token("john@example.com", "accept-invitation").unwrap();
    assert!(old_token.len() >= 32);
    let mail = app.outbox().into_iter().rev().find(|m| m.contains("accept-invitation")).unwrap();
    assert!(mail.contains("Jane Doe") && mail.contains("Jane Doe's household"), "names the inviter and the household");

    // A new invitation to the same address replaces the pending one.
    let second =
        app.post_auth("/api/household/invitations", &jane, json!({"email": "john@example.com", "role": "member"}));
    let second = expect(second.await, StatusCode::CREATED).await["data"].clone();
    let token = app.link_token("john@example.com", "accept-invitation").unwrap();
    assert_ne!(token, old_token);
    let listed = expect(app.get_auth("/api/household/invitations", &jane).await, StatusCode::OK).await;
    assert_eq!(listed["data"].as_array().unwrap().len(), 1);
    assert_eq!(listed["data"][0]["_id"], second["_id"]);
    let pending = expect(app.get_auth("/api/household/invitations/pending", &john).await, StatusCode::OK).await;
    assert_eq!(pending["data"][0]["householdName"], "Jane Doe's household");
    assert_eq!(pending["data"][0]["role"], "member");
    assert_eq!(pending["data"][0]["invitedBy"]["name"], "Jane Doe");
    let accept = |t: &str| json!({"token": t});
    let (code, message) =
        refused(app.post_auth("/api/household/invitations/accept", &john, accept(&old_token)).await, StatusCode::GONE)
            .await;
    assert_eq!((code.as_str(), message.as_str()), ("gone", "This invitation has been revoked"));

    let joined =
        expect(app.post_auth("/api/household/invitations/accept", &john, accept(&token)).await, StatusCode::OK).await;
    let members = joined["data"]["members"].as_array().unwrap();
    assert_eq!(
        (members.len(), &members[1]["email"], &members[1]["role"]),
        (2, &json!("john@example.com"), &json!("member"))
    );
    let (_, message) =
        refused(app.post_auth("/api/household/invitations/accept", &john, accept(&token)).await, StatusCode::GONE)
            .await;
    assert_eq!(message, "This invitation has already been used");
    let listed = expect(app.get_auth("/api/household/invitations", &jane).await, StatusCode::OK).await;
    assert_eq!(listed["data"], json!([]), "an accepted invitation is not listed");
    let pending = expect(app.get_auth("/api/household/invitations/pending", &john).await, StatusCode::OK).await;
    assert_eq!(pending["data"], json!([]));
}

#[tokio::test]
async fn a_bad_invitation_or_acceptance_is_refused_with_its_reason_and_changes_nothing() {
    let app = spawn_app().await;
    let jane = app.signed_up("Jane Doe", "jane@example.com", "Secret123").await;
    let john = app.signed_up("John Doe", "john@example.com", "Secret123").await;
    let eve = app.signed_up("Eve Other", "eve@example.com", "Secret123").await;
    for (body, message) in [
        (json!({"email": "not an address", "role": "member"}), "Please enter a valid email address"),
        (json!({"role": "member"}), "Email is required"),
        (json!({"email": "john@example.com", "role": "owner"}), "Role must be member or viewer"),
        (json!({"email": "john@example.com"}), "Role must be member or viewer"),
    ] {
        expect_error(invite(&app, &jane, body).await, StatusCode::BAD_REQUEST, message).await;
    }
    let (code, message) = refused(
        invite(&app, &jane, json!({"email": "JANE@example.com", "role": "member"})).await,
        StatusCode::CONFLICT,
    )
    .await;
    assert_eq!((code.as_str(), message.as_str()), ("conflict", "This person is already in your household"));
    let sent = app.post_auth("/api/household/invitations", &eve, json!({"email": "x@example.com", "role": "member"}));
    let sent = expect(sent.await, StatusCode::CREATED).await;
    assert_eq!(sent.get("code"), None, "anyone owns their household of one and may invite");

    let sent =
        expect(invite(&app, &jane, json!({"email": "john@example.com", "role": "member"})).await, StatusCode::CREATED)
            .await;
    let id = sent["data"]["_id"].as_str().unwrap().to_owned();
    let token = app.link_token("john@example.com", "accept-invitation").unwrap();
    expect_error(accept(&app, &john, json!({})).await, StatusCode::BAD_REQUEST, "Invitation token is required").await;
    expect_error(accept(&app, &john, json!({"token": "ab12"})).await, StatusCode::NOT_FOUND, "Invitation not found")
        .await;
    let (code, message) = refused(accept(&app, &eve, json!({"token": token})).await, StatusCode::FORBIDDEN).await;
    assert_eq!((code.as_str(), message.as_str()), ("forbidden", "This invitation was sent to another email address"));
    expect_error(accept_by_id(&app, &eve, &id).await, StatusCode::NOT_FOUND, "Invitation not found").await;
    expect_error(accept_by_id(&app, &john, "not-an-id").await, StatusCode::NOT_FOUND, "Invitation not found").await;
    // Others cannot revoke it; an unknown or foreign id is not found.
    // Only its household's owner revokes it: to anyone else it does not exist.
    let foreign = app.delete_auth(&format!("/api/household/invitations/{id}"), &john).await;
    expect_error(foreign, StatusCode::NOT_FOUND, "Invitation not found").await;
    let still = expect(app.get_auth("/api/household/invitations", &jane).await, StatusCode::OK).await;
    assert_eq!(still["data"].as_array().unwrap().len(), 1, "nothing changed");
    // An expired invitation.
    app.sql(&format!("UPDATE household_invitations SET expires_at = now() - interval '1 second' WHERE id = '{id}'"));
    let (code, message) = refused(accept(&app, &john, json!({"token": token})).await, StatusCode::GONE).await;
    assert_eq!((code.as_str(), message.as_str()), ("gone", "This invitation has expired"));
    let listed = expect(app.get_auth("/api/household/invitations", &jane).await, StatusCode::OK).await;
    assert_eq!(listed["data"], json!([]), "an expired invitation is not listed");
    // Revoked by the owner.
    expect(invite(&app, &jane, json!({"email": "john@example.com", "role": "member"})).await, StatusCode::CREATED)
        .await;
    let token = app.link_token("john@example.com", "accept-invitation").unwrap();
    let id = expect(app.get_auth("/api/household/invitations", &jane).await, StatusCode::OK).await["data"][0]["_id"]
        .as_str()
        .unwrap()
        .to_owned();
    expect(app.delete_auth(&format!("/api/household/invitations/{id}"), &jane).await, StatusCode::OK).await;
    expect_error(
        app.delete_auth(&format!("/api/household/invitations/{id}"), &jane).await,
        StatusCode::NOT_FOUND,
        "Invitation not found",
    )
    .await;
    let (_, message) = refused(accept(&app, &john, json!({"token": token})).await, StatusCode::GONE).await;
    assert_eq!(message, "This invitation has been revoked");
    assert_eq!(app.count("SELECT count(*) AS n FROM household_members WHERE role <> 'owner'"), 0, "no one joined");
}

#[tokio::test]
async fn a_user_with_data_of_their_own_chooses_and_a_member_of_a_shared_household_leaves_first() {
    let app = spawn_app().await;
    let jane = app.signed_up("Jane Doe", "jane@example.com", "Secret123").await;
    let john = app.signed_up("John Doe", "john@example.com", "Secret123").await;
    let johns_account = app.account_id(&john, "John's current", "current", 100).await;
    expect(
        app.post_auth("/api/household/invitations", &jane, json!({"email": "john@example.com", "role": "member"}))
            .await,
        StatusCode::CREATED,
    )
    .await;
    let token = app.link_token("john@example.com", "accept-invitation").unwrap();
    let (code, message) = refused(accept(&app, &john, json!({"token": token})).await, StatusCode::CONFLICT).await;
    assert_eq!(code, "has_own_data");
    assert_eq!(message, "You already have your own data. Accept with bringMyData to move it into the household.");
    let mine = expect(app.get_auth("/api/accounts", &john).await, StatusCode::OK).await;
    assert_eq!(mine["data"]["totalAccounts"], 1, "nothing changed");

    // Leaving it behind: he joins, and his own household goes with its account.
    expect(accept(&app, &john, json!({"token": token, "bringMyData": false})).await, StatusCode::OK).await;
    let shared = expect(app.get_auth("/api/accounts", &john).await, StatusCode::OK).await;
    assert_eq!(shared["data"]["totalAccounts"], 0, "Jane's books, which have no accounts yet");
    assert_eq!(
        app.count(&format!("SELECT count(*) AS n FROM accounts WHERE id = '{}'", johns_account.as_str().unwrap())),
        0
    );

    // Now in a household with others, he cannot join another.
    let eve = app.signed_up("Eve Other", "eve@example.com", "Secret123").await;
    expect(
        app.post_auth("/api/household/invitations", &eve, json!({"email": "john@example.com", "role": "member"})).await,
        StatusCode::CREATED,
    )
    .await;
    let token = app.link_token("john@example.com", "accept-invitation").unwrap();
    let (code, message) = refused(accept(&app, &john, json!({"token": token})).await, StatusCode::CONFLICT).await;
    assert_eq!(
        (code.as_str(), message.as_str()),
        ("in_household", "Leave your current household before joining another")
    );
}

#[tokio::test]
async fn bringing_ones_data_moves_it_in_private_with_categories_merged_by_name() {
    let app = spawn_app().await;
    let jane = app.signed_up("Jane Doe", "jane@example.com", "Secret123").await;
    let john = app.signed_up("John Doe", "john@example.com", "Secret123").await;
    let today = domain::dates::london_today(chrono::Utc::now()).to_string();
    // Jane budgets groceries and has a Pets category.
    let hers = app.categories(&jane).await;
    let budget = |c: &Value, limit: &str| json!({"categoryId": c, "limit": limit});
    expect(app.post_auth("/api/budgets", &jane, budget(&hers.id("Groceries"), "300")).await, StatusCode::OK).await;
    let category = |name: &str| json!({"name": name, "type": "expense"});
    let pets = expect(app.post_auth("/api/categories", &jane, category("Pets")).await, StatusCode::CREATED).await;
    // John has his own books: an account with two expenses, 'pets' and 'Hobbies', two budgets, a goal.
    let account = app.account_id(&john, "John's current", "current", 100).await;
    let his_pets = expect(app.post_auth("/api/categories", &john, category("pets")).await, StatusCode::CREATED).await;
    let hobbies = expect(app.post_auth("/api/categories", &john, category("Hobbies")).await, StatusCode::CREATED).await;
    let his = app.categories(&john).await;
    // Jane has a Holiday tag; John has 'holiday' and Kids, both on his cat food.
    let tag = |name: &str| json!({"name": name, "color": "#123456"});
    let holiday = expect(app.post_auth("/api/tags", &jane, tag("Holiday")).await, StatusCode::CREATED).await;
    let mut his_tags = vec![];
    for name in ["holiday", "Kids"] {
        his_tags.push(
            expect(app.post_auth("/api/tags", &john, tag(name)).await, StatusCode::CREATED).await["data"]["_id"]
                .clone(),
        );
    }
    for (c, amount, description, tags) in [
        (his.id("Groceries"), "20", "Market", json!([])),
        (his_pets["data"]["_id"].clone(), "5", "Cat food", json!(his_tags)),
    ] {
        let body = json!({"accountId": account, "type": "expense", "categoryId": c, "amount": amount,
                          "description": description, "date": today, "tagIds": tags});
        expect(app.post_auth("/api/transactions", &john, body).await, StatusCode::CREATED).await;
    }
    // And a split pet-shop visit: £4 of 'pets', £6 of Hobbies (which does not move his balance).
    let split = json!({"accountId": account, "type": "expense", "amount": "10", "description": "Pet shop",
                       "date": today, "splits": [{"categoryId": his_pets["data"]["_id"], "amount": "4"},
                                                 {"categoryId": hobbies["data"]["_id"], "amount": "6"}]});
    expect(app.post_auth("/api/transactions", &john, split).await, StatusCode::CREATED).await;
    expect(app.post_auth("/api/budgets", &john, budget(&his.id("Groceries"), "200")).await, StatusCode::OK).await;
    expect(app.post_auth("/api/budgets", &john, budget(&hobbies["data"]["_id"], "50")).await, StatusCode::OK).await;
    let in_a_year = (domain::dates::london_today(chrono::Utc::now()) + chrono::Duration::days(365)).to_string();
    let goal = json!({"name": "New bike", "targetAmount": "400.00", "targetDate": in_a_year, "category": "other"});
    expect(app.post_auth("/api/goals", &john, goal).await, StatusCode::CREATED).await;

    invite(&app, &jane, json!({"email": "john@example.com", "role": "member"})).await;
    let token = app.link_token("john@example.com", "accept-invitation").unwrap();
    let joined = expect(accept(&app, &john, json!({"token": token, "bringMyData": true})).await, StatusCode::OK).await;
    assert_eq!(joined["data"]["members"].as_array().unwrap().len(), 2);

    // His account came private to him, its balance unchanged; Jane does not see it.
    let mine = expect(app.get_auth("/api/accounts", &john).await, StatusCode::OK).await;
    let brought = &mine["data"]["accounts"][0];
    assert_eq!((brought["_id"].clone(), brought["visibility"].as_str()), (account.clone(), Some("private")));
    assert_eq!(
        (brought["ownerId"].as_str(), brought["currentBalance"].clone()),
        (Some(me(&app, &john).await.as_str()), json!(65.0))
    );
    let janes = expect(app.get_auth("/api/accounts", &jane).await, StatusCode::OK).await;
    assert_eq!(janes["data"]["totalAccounts"], 0);
    // One set of categories: his 'pets' merged into her Pets, Hobbies joined.
    let categories = app.categories(&jane).await.0["data"].as_array().unwrap().clone();
    let named = |n: &str| categories.iter().filter(|c| c["name"].as_str().unwrap().eq_ignore_ascii_case(n)).count();
    assert_eq!((named("Pets"), named("Hobbies"), named("Groceries")), (1, 1, 1));
    let rows = expect(app.get_auth("/api/transactions", &john).await, StatusCode::OK).await;
    let cat_food = rows["transactions"].as_array().unwrap().iter().find(|r| r["description"] == "Cat food").unwrap();
    assert_eq!(cat_food["categoryId"]["_id"], pets["data"]["_id"]);
    // The split's parts went by name too: 'pets' is her Pets now, Hobbies joined.
    let shop = rows["transactions"].as_array().unwrap().iter().find(|r| r["description"] == "Pet shop").unwrap();
    assert_eq!(shop["splits"][0]["category"]["_id"], pets["data"]["_id"]);
    assert_eq!(shop["splits"][1]["category"]["name"], "Hobbies");
    // His tags too: 'holiday' merged into her Holiday, Kids joined, both still on the cat food.
    let names: Vec<&str> = cat_food["tags"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Holiday", "Kids"]);
    assert_eq!(cat_food["tags"][0]["_id"], holiday["data"]["_id"]);
    let tags = expect(app.get_auth("/api/tags", &john).await, StatusCode::OK).await;
    assert_eq!(tags["data"].as_array().unwrap().len(), 2);
    // Her groceries budget stands, his is dropped; his hobbies budget joined; so did his goal.
    let budgets = expect(app.get_auth("/api/budgets", &jane).await, StatusCode::OK).await;
    let budgets = budgets["data"]["budgets"].as_array().unwrap();
    let limit = |n: &str| budgets.iter().find(|b| b["categoryId"]["name"] == n).map(|b| b["limit"].clone());
    assert_eq!((budgets.len(), limit("Groceries"), limit("Hobbies")), (2, Some(json!(300.0)), Some(json!(50.0))));
    let goals = expect(app.get_auth("/api/goals", &jane).await, StatusCode::OK).await;
    assert!(goals.to_string().contains("New bike"));
    // His household of one is gone.
    assert_eq!(app.count("SELECT count(*) AS n FROM households"), 1);
}

#[tokio::test]
async fn members_share_one_set_of_books_and_viewers_read_it_without_changing_anything() {
    let app = spawn_app().await;
    let Trio { jane, john, vic } = trio(&app).await;
    let account = app.account_id(&jane, "Joint", "current", 1000).await;
    let groceries = app.categories(&john).await.id("Groceries");
    let today = domain::dates::london_today(chrono::Utc::now()).to_string();
    let expense = json!({"amount": 12.5, "description": "Tesco", "type": "expense", "categoryId": groceries, "accountId": account, "date": today});
    let made = expect(app.post_auth("/api/transactions", &john, expense.clone()).await, StatusCode::CREATED).await;
    let seen = expect(app.get_auth("/api/transactions", &jane).await, StatusCode::OK).await;
    assert_eq!(seen["transactions"][0]["_id"], made["data"]["_id"], "Jane sees John's expense at once");
    assert_eq!(made["data"]["createdBy"], json!({"_id": me(&app, &john).await, "name": "John Doe"}));
    let mut janes = expense.clone();
    janes["amount"] = json!(30);
    expect(app.post_auth("/api/transactions", &jane, janes).await, StatusCode::CREATED).await;
    let johns = format!("/api/transactions?createdBy={}", me(&app, &john).await);
    let by_john = expect(app.get_auth(&johns, &jane).await, StatusCode::OK).await;
    assert_eq!(by_john["pagination"]["total"], 1, "the filter counts only his rows");
    assert_eq!(by_john["summary"]["totalExpenses"], json!(-12.5));
    assert_eq!(by_john["transactions"][0]["createdBy"]["name"], "John Doe");
    let all = expect(app.get_auth("/api/transactions", &jane).await, StatusCode::OK).await;
    assert_eq!(all["pagination"]["total"], 2);
    expect_error(
        app.get_auth("/api/transactions?createdBy=nobody", &jane).await,
        StatusCode::BAD_REQUEST,
        "Invalid createdBy id",
    )
    .await;
    let read = expect(app.get_auth("/api/accounts", &vic).await, StatusCode::OK).await;
    assert_eq!(read["data"]["accounts"][0]["currentBalance"], json!(957.5), "the viewer reads the shared books");

    let id = made["data"]["_id"].as_str().unwrap();
    let before = app.count("SELECT count(*) AS n FROM transactions");
    for res in [
        app.post_auth("/api/transactions", &vic, expense.clone()).await,
        app.put_auth(&format!("/api/transactions/{id}"), &vic, expense.clone()).await,
        app.delete_auth(&format!("/api/transactions/{id}"), &vic).await,
        app.post_auth("/api/accounts", &vic, json!({"name": "Mine", "type": "cash"})).await,
        app.post_auth("/api/categories", &vic, json!({"name": "Hobbies"})).await,
        app.post_auth("/api/shopping-list", &vic, json!({"name": "Milk"})).await,
        app.post_auth("/api/goals", &vic, json!({"name": "Holiday", "targetAmount": 500})).await,
        app.post_auth("/api/restore", &vic, json!({})).await,
    ] {
        let (code, message) = refused(res, StatusCode::FORBIDDEN).await;
        assert_eq!((code.as_str(), message.as_str()), ("read_only", "Viewers cannot make changes"));
    }
    assert_eq!(app.count("SELECT count(*) AS n FROM transactions"), before, "nothing changed");
    // What is the viewer's own stays theirs to change.
    let profile = app.put_auth("/api/auth/profile", &vic, json!({"name": "Vic V", "email": "vic@example.com"})).await;
    expect(profile, StatusCode::OK).await;
    expect(app.get_auth("/api/transactions", &vic).await, StatusCode::OK).await;
}

#[tokio::test]
async fn the_owner_changes_roles_hands_over_and_removes_and_the_others_leave() {
    let app = spawn_app().await;
    let Trio { jane, john, vic } = trio(&app).await;
    let (jane_id, john_id, vic_id) = (me(&app, &jane).await, me(&app, &john).await, me(&app, &vic).await);
    let shared_account = app.account_id(&jane, "Joint", "current", 0).await;

    let (code, message) = refused(set_role(&app, &john, &vic_id, "member").await, StatusCode::FORBIDDEN).await;
    assert_eq!((code.as_str(), message.as_str()), ("forbidden", "Only the household owner can do this"));
    expect_error(
        set_role(&app, &jane, &jane_id, "member").await,
        StatusCode::BAD_REQUEST,
        "You cannot change your own role",
    )
    .await;
    expect_error(
        set_role(&app, &jane, &vic_id, "admin").await,
        StatusCode::BAD_REQUEST,
        "Role must be owner, member or viewer",
    )
    .await;
    let stranger = app.signed_up("Sam Stranger", "sam@example.com", "Secret123").await;
    let sam_id = me(&app, &stranger).await;
    expect_error(set_role(&app, &jane, &sam_id, "member").await, StatusCode::NOT_FOUND, "Member not found").await;
    let promoted = expect(set_role(&app, &jane, &vic_id, "member").await, StatusCode::OK).await;
    let vic_row =
        promoted["data"]["members"].as_array().unwrap().iter().find(|m| m["_id"] == json!(vic_id)).unwrap().clone();
    assert_eq!(vic_row["role"], "member");
    expect(
        app.post_auth("/api/accounts", &vic, json!({"name": "Cash", "type": "cash", "initialBalance": 0})).await,
        StatusCode::CREATED,
    )
    .await;

    // Handing over: John owns it, Jane becomes a member.
    let handed = expect(set_role(&app, &jane, &john_id, "owner").await, StatusCode::OK).await;
    let roles: Vec<(Value, Value)> =
        handed["data"]["members"].as_array().unwrap().iter().map(|m| (m["_id"].clone(), m["role"].clone())).collect();
    assert_eq!(roles[0], (json!(john_id), json!("owner")), "the owner first");
    assert!(roles.contains(&(json!(jane_id), json!("member"))));
    expect(app.put_auth("/api/household", &john, json!({"name": "The Does"})).await, StatusCode::OK).await;

    // The owner removes Vic: a household of his own with the default categories; the shared stays.
    expect_error(
        app.delete_auth(&format!("/api/household/members/{john_id}"), &john).await,
        StatusCode::BAD_REQUEST,
        "You cannot remove yourself",
    )
    .await;
    expect_error(
        app.delete_auth(&format!("/api/household/members/{sam_id}"), &john).await,
        StatusCode::NOT_FOUND,
        "Member not found",
    )
    .await;
    let (code, _) =
        refused(app.delete_auth(&format!("/api/household/members/{vic_id}"), &jane).await, StatusCode::FORBIDDEN).await;
    assert_eq!(code, "forbidden");
    let after = expect(app.delete_auth(&format!("/api/household/members/{vic_id}"), &john).await, StatusCode::OK).await;
    assert_eq!(after["data"]["members"].as_array().unwrap().len(), 2);
    let his = expect(app.get_auth("/api/household", &vic).await, StatusCode::OK).await;
    assert_eq!(
        (his["data"]["name"].as_str(), his["data"]["members"][0]["role"].as_str()),
        (Some("Vic Viewer's household"), Some("owner"))
    );
    let his_accounts = expect(app.get_auth("/api/accounts", &vic).await, StatusCode::OK).await;
    assert_eq!(his_accounts["data"]["totalAccounts"], 0, "his old token sees only his new household");
    assert!(!app.categories(&vic).await.0["data"].as_array().unwrap().is_empty(), "with the default categories");
    let old = format!("/api/accounts/{}", shared_account.as_str().unwrap());
    let old = app.put_auth(&old, &vic, json!({"name": "Mine", "type": "current", "initialBalance": 0})).await;
    expect_error(old, StatusCode::NOT_FOUND, "Account not found").await;
    let shared = expect(app.get_auth("/api/accounts", &john).await, StatusCode::OK).await;
    assert_eq!(shared["data"]["totalAccounts"], 2, "the cash account Vic made stays shared");

    // Jane leaves; the owner cannot.
    let (code, message) =
        refused(app.post_auth("/api/household/leave", &john, json!({})).await, StatusCode::CONFLICT).await;
    assert_eq!((code.as_str(), message.as_str()), ("conflict", "Transfer ownership to another member before leaving"));
    let own = expect(app.post_auth("/api/household/leave", &jane, json!({})).await, StatusCode::OK).await;
    assert_eq!(own["data"]["members"].as_array().unwrap().len(), 1);
    assert_eq!(own["data"]["members"][0]["role"], "owner");
    let left = expect(app.get_auth("/api/household", &john).await, StatusCode::OK).await;
    assert_eq!(left["data"]["members"].as_array().unwrap().len(), 1, "John alone in The Does");
}

/// Every signed-in write the API describes, outside a person's own routes (/auth, /tokens, /users) and the
/// household's (which check roles themselves), is refused to a viewer before it is read: 403
/// `read_only`, and nothing changes.
#[tokio::test]
async fn a_viewer_is_refused_every_write_the_api_describes() {
    let app = spawn_app().await;
    let Trio { jane, vic, .. } = trio(&app).await;
    app.account_id(&jane, "Joint", "current", 100).await;
    let doc: Value = app.client.get(app.url("/api/openapi.json")).send().await.unwrap().json().await.unwrap();
    let personal = ["/api/auth/", "/api/tokens", "/api/users", "/api/household"];
    let mut tried = 0;
    let before = app.count("SELECT (SELECT count(*) FROM accounts) + (SELECT count(*) FROM categories) AS n");
    for (path, operations) in doc["paths"].as_object().unwrap() {
        if personal.iter().any(|p| path.starts_with(p)) {
            continue;
        }
        let path = path.replace(['{', '}'], "");
        let writes = ["post", "put", "patch", "delete"];
        // The provider's webhook is not signed in: it answers its own signature check.
        let signed_in = |m: &&String| operations[m.as_str()].get("security").is_some();
        for method in operations.as_object().unwrap().keys().filter(|m| writes.contains(&m.as_str())).filter(signed_in)
        {
            let url = app.url(&path);
            let request = match method.as_str() {
                "post" => app.client.post(url),
                "put" => app.client.put(url),
                "patch" => app.client.patch(url),
                _ => app.client.delete(url),
            };
            let res = request.bearer_auth(&vic).json(&json!({})).send().await.unwrap();
            let (code, message) = refused(res, StatusCode::FORBIDDEN).await;
            assert_eq!(
                (code.as_str(), message.as_str()),
                ("read_only", "Viewers cannot make changes"),
                "{method} {path}"
            );
            tried += 1;
        }
    }
    assert!(tried > 50, "only {tried} writes described");
    let after = app.count("SELECT (SELECT count(*) FROM accounts) + (SELECT count(*) FROM categories) AS n");
    assert_eq!(after, before, "nothing changed");
}
