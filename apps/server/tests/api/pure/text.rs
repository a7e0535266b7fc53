//! Where a NUL hides in a query string or a JSON body, named for the 400 (src/http/text.rs).

use server::http::text::{may_hold_nul, nul_in_json, nul_in_query, nul_message};

#[test]
fn a_nul_in_a_query_parameter_names_the_parameter() {
    assert_eq!(nul_in_query("search=tea%00&page=1").as_deref(), Some("The query parameter 'search'"));
    assert_eq!(nul_in_query("page=1&search=%00").as_deref(), Some("The query parameter 'search'"));
    assert_eq!(nul_in_query("se%00arch=tea").as_deref(), Some("The query parameter 'se\\0arch'"));
    assert_eq!(nul_in_query("search=tea+%2500&page=1"), None);
    assert_eq!(nul_in_query("search=tea"), None);
    assert_eq!(nul_in_query(""), None);
}

#[test]
fn a_nul_in_json_names_the_field_however_deep() {
    let at = |body: &str| nul_in_json(body.as_bytes());
    assert_eq!(at(r#"{"description":"Tea\u0000"}"#).as_deref(), Some("The field 'description'"));
    assert_eq!(
        at(r#"{"amount":1,"mapping":{"date":"Date","notes":"x\u0000y"}}"#).as_deref(),
        Some("The field 'mapping.notes'")
    );
    assert_eq!(at(r#"{"items":[{"name":"a"},{"name":"\u0000"}]}"#).as_deref(), Some("The field 'items[1].name'"));
    assert_eq!(at(r#"{"a\u0000b":1}"#).as_deref(), Some("The field 'a\\0b'"));
    assert_eq!(at(r#""\u0000""#).as_deref(), Some("The request body"));
    assert_eq!(nul_message("The field 'description'"), "The field 'description' cannot contain a NUL character");
}

#[test]
fn an_escaped_backslash_before_u0000_is_not_a_nul() {
    assert!(!may_hold_nul(br#"{"d":"C:\\u0000"}"#));
    assert!(may_hold_nul(br#"{"d":"C:\\\u0000"}"#));
    assert_eq!(nul_in_json(br#"{"d":"C:\\u0000"}"#), None);
    assert_eq!(nul_in_json(br#"{"description":"Tea"}"#), None);
    assert_eq!(nul_in_json(br#"{"description":"\u0000"#), None, "malformed JSON is the extractor's to refuse");
}
