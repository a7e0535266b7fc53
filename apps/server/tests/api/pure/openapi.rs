//! The OpenAPI document lists the answers the edge itself can give (src/http/openapi.rs).

use server::http::openapi::document_json;

#[test]
fn every_operation_lists_the_answers_the_edge_can_give() {
    let document: serde_json::Value = serde_json::from_str(&document_json()).unwrap();
    let mut checked = 0;
    for (path, item) in document["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            let answers = &operation["responses"];
            let has = |status: &str| answers.get(status).is_some();
            assert!(has("400"), "{method} {path}");
            let signed_in = operation["security"].as_array().is_some_and(|s| !s.is_empty());
            assert!(!signed_in || has("401"), "{method} {path}");
            if operation["requestBody"]["content"].get("application/json").is_some() {
                assert!(has("413") && has("415"), "{method} {path}");
            }
            checked += 1;
        }
    }
    assert!(checked > 100, "{checked} operations");
    let login = &document["paths"]["/api/auth/login"]["post"]["responses"];
    assert_eq!(login["415"]["content"]["application/json"]["schema"]["$ref"], "#/components/schemas/ErrorResponse");
}

fn schemas() -> serde_json::Value {
    let document: serde_json::Value = serde_json::from_str(&document_json()).unwrap();
    document["components"]["schemas"].clone()
}

fn words(schemas: &serde_json::Value, name: &str) -> Vec<String> {
    let values = schemas[name]["enum"].as_array().unwrap_or_else(|| panic!("{name} is an enum"));
    values.iter().map(|v| v.as_str().unwrap().to_owned()).collect()
}

#[test]
fn closed_sets_are_enums_of_the_words_the_domain_reads() {
    use domain::accounts::AccountType;
    use domain::goals::{ContributionSource, GoalCategory};
    use domain::imports::RuleMatch;
    use domain::recurring::Frequency;
    use domain::transactions::{TransactionStatus, TransactionType};
    let schemas = schemas();
    // Every word the document offers is one the use case accepts, and back again.
    type Case = (&'static str, fn(&str) -> bool, usize);
    let cases: [Case; 7] = [
        ("AccountKind", |w| AccountType::parse(w).is_ok(), AccountType::ALL.len()),
        ("EntryKind", |w| TransactionType::parse(w).is_ok(), TransactionType::ALL.len()),
        ("EntryStatus", |w| TransactionStatus::parse(w).is_ok(), TransactionStatus::ALL.len()),
        ("Every", |w| Frequency::parse(w).is_ok(), Frequency::ALL.len()),
        ("GoalKind", |w| GoalCategory::parse(w).is_ok(), GoalCategory::ALL.len()),
        ("ContributedFrom", |w| ContributionSource::parse(w).is_ok(), ContributionSource::ALL.len()),
        ("MatchKind", |w| RuleMatch::parse(w).is_ok(), RuleMatch::ALL.len()),
    ];
    for (name, accepts, count) in cases {
        let listed = words(&schemas, name);
        assert_eq!(listed.len(), count, "{name}: {listed:?}");
        for word in &listed {
            assert!(accepts(word), "{name}: the domain refuses {word:?}");
        }
    }
    // The lists written out in words.rs, held to the parsers of the ports that read them.
    type Literal = (&'static str, fn(&str) -> bool);
    let literal: [Literal; 2] = [
        ("GoalStatusFilter", |w| ports::goals::GoalStatusFilter::parse(w).is_ok()),
        ("GoalOrder", |w| ports::goals::GoalSort::parse(w).is_ok()),
    ];
    for (name, accepts) in literal {
        for word in words(&schemas, name) {
            assert!(accepts(&word), "{name}: the port refuses {word:?}");
        }
    }
    assert_eq!(words(&schemas, "AccountKind")[3], "credit_card");
    assert_eq!(words(&schemas, "RecurringKind"), ["income", "expense", "transfer"]);
}

#[test]
fn a_field_of_a_closed_set_refers_to_it() {
    let schemas = schemas();
    assert_eq!(schemas["AccountDto"]["properties"]["type"]["$ref"], "#/components/schemas/AccountKind");
    assert_eq!(schemas["BudgetDto"]["properties"]["status"]["$ref"], "#/components/schemas/BudgetState");
    let document: serde_json::Value = serde_json::from_str(&document_json()).unwrap();
    let params = document["paths"]["/api/goals"]["get"]["parameters"].as_array().unwrap();
    let sort = params.iter().find(|p| p["name"] == "sort").unwrap();
    assert_eq!(sort["schema"]["$ref"], "#/components/schemas/GoalOrder");
}

#[test]
fn an_envelope_refers_to_its_data_instead_of_copying_it() {
    let schemas = schemas();
    assert_eq!(schemas["Envelope_GoalDto"]["properties"]["data"]["$ref"], "#/components/schemas/GoalDto");
    let list = &schemas["Envelope_Vec_GoalDto"]["properties"]["data"];
    assert_eq!(list["type"], "array");
    assert_eq!(list["items"]["$ref"], "#/components/schemas/GoalDto");
    assert_eq!(schemas["Confirmed_GoalDto"], serde_json::Value::Null, "a goal's notices are optional");
    assert_eq!(schemas["Confirmed_TransferDto"]["required"], serde_json::json!(["success", "data", "message"]));
    assert!(schemas["GoalDto"]["properties"]["_id"].is_object());
}
