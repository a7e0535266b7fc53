//! Property tests: no input makes the reader panic, and rows written as CSV read back unchanged.

use crate::common;

use chrono::NaiveDate;
use common::{fixture, parse};
use domain::Money;
use ports::statements::StatementRow;
use proptest::prelude::*;

const FIXTURES: [&str; 12] = [
    "monzo.csv",
    "revolut.csv",
    "nationwide.csv",
    "natwest.csv",
    "amex.csv",
    "hsbc.csv",
    "generic-semicolon.csv",
    "statement-v1.ofx",
    "statement-v2.ofx",
    "statement.qfx",
    "bank.qif",
    "ccard.qif",
];

#[derive(Debug, Clone)]
enum Mutation {
    Insert(usize, u8),
    Delete(usize),
    Replace(usize, u8),
    Truncate(usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), any::<u8>()).prop_map(|(at, b)| Mutation::Insert(at, b)),
        any::<usize>().prop_map(Mutation::Delete),
        (any::<usize>(), prop::sample::select(b"\",;\t\n\r<>^!/'-.0123456789\xA3\xFFDTP".to_vec()))
            .prop_map(|(at, b)| Mutation::Replace(at, b)),
        any::<usize>().prop_map(Mutation::Truncate),
    ]
}

fn apply(bytes: &mut Vec<u8>, mutation: &Mutation) {
    if bytes.is_empty() {
        return;
    }
    let len = bytes.len();
    match *mutation {
        Mutation::Insert(at, b) => bytes.insert(at % (len + 1), b),
        Mutation::Delete(at) => {
            bytes.remove(at % len);
        }
        Mutation::Replace(at, b) => bytes[at % len] = b,
        Mutation::Truncate(at) => bytes.truncate(at % len),
    }
}

fn description() -> impl Strategy<Value = String> {
    "[A-Za-z0-9 ,\"&£.()-]{1,40}"
        .prop_map(|d| d.split_whitespace().collect::<Vec<_>>().join(" "))
        .prop_filter("a description with some text", |d| !d.is_empty())
}

fn statement_row() -> impl Strategy<Value = (NaiveDate, String, i64)> {
    let day = (2000i32..2100, 1u32..=12, 1u32..=28).prop_map(|(y, m, d)| NaiveDate::from_ymd_opt(y, m, d).unwrap());
    let pence = (-99_999_999i64..=99_999_999).prop_filter("never zero", |p| *p != 0);
    (day, description(), pence)
}

proptest! {
    #[test]
    fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..4096), name in prop::sample::select(vec!["s.csv", "s.ofx", "s.qif", "s"])) {
        let _ = parse(name, &bytes);
    }

    #[test]
    fn random_text_never_panics(text in "[ -~\n\r\t£]{0,2000}") {
        let _ = parse("s.csv", text.as_bytes());
    }

    #[test]
    fn mutated_statements_never_panic(name in prop::sample::select(FIXTURES.to_vec()), mutations in prop::collection::vec(mutation(), 1..12)) {
        let mut bytes = fixture(name);
        for m in &mutations {
            apply(&mut bytes, m);
        }
        let _ = parse(name, &bytes);
    }

    #[test]
    fn rows_written_as_generic_csv_read_back_unchanged(rows in prop::collection::vec(statement_row(), 1..40)) {
        let mut text = String::from("Date,Description,Amount\n");
        for (date, description, pence) in &rows {
            let quoted = description.replace('"', "\"\"");
            text.push_str(&format!("{},\"{quoted}\",{}\n", date.format("%d/%m/%Y"), Money::from_pence(*pence).to_decimal_string()));
        }
        let parsed = parse("roundtrip.csv", text.as_bytes()).unwrap();
        let expected: Vec<StatementRow> = rows
            .iter()
            .enumerate()
            .map(|(i, (date, description, pence))| StatementRow {
                line: i as u32 + 2,
                date: *date,
                description: description.clone(),
                amount: Money::from_pence(*pence),
                external_id: None,
                category: None,
                notes: String::new(),
                tags: vec![],
            })
            .collect();
        prop_assert!(parsed.problems.is_empty(), "{:?}", parsed.problems);
        prop_assert_eq!(parsed.rows, expected);
    }
}

fn export_row() -> impl Strategy<Value = domain::exports::ExportRow> {
    let text = "[A-Za-z0-9 ,\"&£.()'=+@-]{1,30}"
        .prop_map(|d| d.split_whitespace().collect::<Vec<_>>().join(" "))
        .prop_filter("some text", |d| !d.is_empty() && d != "'");
    let notes = prop::collection::vec("[A-Za-z0-9,\"=-]{1,12}( [a-z]{1,6})?", 0..3).prop_map(|lines| lines.join("\n"));
    let category = prop::sample::select(vec!["Groceries", "Eating Out", "Salary", "Bills & Utilities"]);
    let day = (2000i32..2026, 1u32..=12, 1u32..=28).prop_map(|(y, m, d)| NaiveDate::from_ymd_opt(y, m, d).unwrap());
    let pence = (-99_999_999i64..=99_999_999).prop_filter("never zero", |p| *p != 0);
    (day, text, pence, category, notes, any::<bool>()).prop_map(
        |(date, description, pence, category, notes, is_transfer)| {
            let amount = Money::from_pence(pence);
            domain::exports::ExportRow {
                date,
                description,
                amount,
                transaction_type: if pence < 0 {
                    domain::transactions::TransactionType::Expense
                } else {
                    domain::transactions::TransactionType::Income
                },
                category: category.to_owned(),
                account: "Current, main".into(),
                notes,
                is_transfer,
                tags: vec![],
            }
        },
    )
}

proptest! {
    /// What the export writes imports back through the reader with nothing lost: day,
    /// description (formula guards and quoting undone), signed amount, category and notes.
    #[test]
    fn an_export_reads_back_as_the_rows_it_was_made_from(rows in prop::collection::vec(export_row(), 1..30)) {
        let mut file = format!("{}{}\r\n", domain::exports::UTF8_BOM, domain::exports::EXPORT_HEADER);
        for row in &rows {
            file.push_str(&domain::exports::export_line(row));
        }
        let parsed = parse("export.csv", file.as_bytes()).unwrap();
        prop_assert_eq!(parsed.preset.as_str(), "myspending");
        prop_assert!(!parsed.needs_mapping);
        prop_assert!(parsed.problems.is_empty(), "{:?}", parsed.problems);
        let read: Vec<_> = parsed.rows.iter().map(|r| (r.date, r.description.clone(), r.amount, r.category.clone(), r.notes.clone())).collect();
        let written: Vec<_> = rows.iter().map(|r| (r.date, r.description.clone(), r.amount, Some(r.category.clone()), r.notes.clone())).collect();
        prop_assert_eq!(read, written);
    }
}
