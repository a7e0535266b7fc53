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
