//! The shared money, date, password and split vectors in `domain/vectors/`, which the web app
//! checks too (`frontend/src/lib/vectors.test.ts`, `password-rule.test.ts`,
//! `features/transactions/schemas/split-vectors.test.ts`): the forms parse and show amounts and
//! days, refuse passwords and check a split's parts exactly as the server does.

use std::path::PathBuf;

use domain::{accounts, budgets, dates, Money, MoneyParseError, NewPassword};
use serde_json::Value;

fn vectors(name: &str) -> Value {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("vectors").join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("read {}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("parse {}: {e}", path.display()))
}

fn list<'a>(doc: &'a Value, key: &str) -> &'a Vec<Value> {
    let items = doc[key].as_array().unwrap_or_else(|| panic!("`{key}` is a list"));
    assert!(!items.is_empty(), "`{key}` has vectors");
    items
}

fn text<'a>(vector: &'a Value, key: &str) -> &'a str {
    vector[key].as_str().unwrap_or_else(|| panic!("`{key}` is text in {vector}"))
}

fn pence(vector: &Value) -> i64 {
    vector["pence"].as_i64().unwrap_or_else(|| panic!("`pence` is a whole number in {vector}"))
}

fn parse_error(kind: &str) -> MoneyParseError {
    match kind {
        "not_a_number" => MoneyParseError::NotANumber,
        "too_many_decimals" => MoneyParseError::TooManyDecimals,
        "too_large" => MoneyParseError::TooLarge,
        other => panic!("unknown error kind {other:?}"),
    }
}

#[test]
fn the_largest_amount_is_the_shared_bound() {
    let max = vectors("money.json")["maxAmountPence"].as_i64().expect("maxAmountPence");
    assert_eq!(accounts::MAX_AMOUNT, Money::from_pence(max));
    assert_eq!(budgets::MAX_LIMIT, Money::from_pence(max));
}

#[test]
fn amounts_parse_as_the_vectors_say() {
    let doc = vectors("money.json");
    for vector in list(&doc, "parse") {
        let input = text(vector, "input");
        let expected = match vector.get("error") {
            Some(kind) => Err(parse_error(kind.as_str().expect("error kind is text"))),
            None => Ok(Money::from_pence(pence(vector))),
        };
        assert_eq!(Money::parse(input), expected, "input {input:?}");
    }
}

#[test]
fn pence_are_written_and_shown_as_the_vectors_say() {
    let doc = vectors("money.json");
    for vector in list(&doc, "format") {
        let money = Money::from_pence(pence(vector));
        let decimal = text(vector, "decimal");
        assert_eq!(money.to_decimal_string(), decimal, "{vector}");
        assert_eq!(money.format_gbp(), text(vector, "display"), "{vector}");
        assert_eq!(Money::parse(decimal), Ok(money), "the decimal text parses back: {vector}");
    }
}

#[test]
fn days_are_read_and_shown_as_the_vectors_say() {
    let doc = vectors("dates.json");
    for vector in list(&doc, "days") {
        let iso = text(vector, "iso");
        let day = dates::parse_day(iso, "date", "Date is required").unwrap_or_else(|e| panic!("{iso}: {e:?}"));
        // The format the PDF report prints days in (adapters/pdf).
        assert_eq!(day.format("%d/%m/%Y").to_string(), text(vector, "display"), "{iso}");
    }
}

#[test]
fn text_that_is_not_a_day_is_refused() {
    let doc = vectors("dates.json");
    for vector in list(&doc, "invalid") {
        let raw = vector.as_str().expect("invalid days are text");
        assert!(dates::parse_day(raw, "date", "Date is required").is_err(), "{raw:?} is not a day");
    }
}

#[test]
fn passwords_being_set_are_refused_as_the_vectors_say() {
    let doc = vectors("passwords.json");
    for vector in list(&doc, "set") {
        let input = text(vector, "input");
        let got = NewPassword::parse(input, "password").map(|_| ()).map_err(|e| e.message);
        let expected = vector.get("message").map(|m| m.as_str().expect("message is text").to_owned());
        assert_eq!(got.err(), expected, "input {input:?}");
    }
}

/// A vector's parts: listed, or one amount repeated.
fn split_parts(vector: &Value) -> Vec<String> {
    match vector["parts"].as_array() {
        Some(parts) => parts.iter().map(|p| p.as_str().expect("a part is text").to_owned()).collect(),
        None => vec![text(vector, "each").to_owned(); vector["count"].as_u64().expect("`count`") as usize],
    }
}

#[test]
fn a_split_is_accepted_or_refused_as_the_shared_vectors_say() {
    use domain::splits::{Allocation, SplitInput};
    use domain::transactions::TransactionType;
    let doc = vectors("splits.json");
    for vector in list(&doc, "splits") {
        let amount = Money::parse(text(vector, "amount")).expect("the transaction's amount parses");
        let parts: Vec<SplitInput> = split_parts(vector)
            .into_iter()
            .enumerate()
            .map(|(i, raw)| SplitInput {
                category_id: uuid::Uuid::from_u128(i as u128 % 3 + 1).to_string(),
                amount: Some(raw),
                note: None,
            })
            .collect();
        let parsed = Allocation::parse("", Some(&parts), -amount, TransactionType::Expense);
        let message = parsed.err().map(|e| e.message);
        assert_eq!(message.as_deref(), vector["message"].as_str(), "{vector}");
    }
}
