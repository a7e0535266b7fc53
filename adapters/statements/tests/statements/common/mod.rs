//! Shared helpers for the statement reader's integration tests.
#![allow(dead_code)]

use adapter_statements::StatementReader;
use chrono::NaiveDate;
use domain::Money;
use ports::statements::{ColumnMapping, ParsedStatement, RowProblem, StatementError, StatementParser, StatementRow};

pub fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(format!("{}/fixtures/{name}", env!("CARGO_MANIFEST_DIR"))).expect("fixture exists")
}

pub fn parse(name: &str, bytes: &[u8]) -> Result<ParsedStatement, StatementError> {
    StatementReader::new().parse(name, bytes, None)
}

pub fn parse_with(name: &str, bytes: &[u8], mapping: &ColumnMapping) -> Result<ParsedStatement, StatementError> {
    StatementReader::new().parse(name, bytes, Some(mapping))
}

pub fn parse_fixture(name: &str) -> ParsedStatement {
    parse(name, &fixture(name)).unwrap_or_else(|e| panic!("{name}: {e:?}"))
}

/// A row as the tests write it: line, ISO date, description, pence, id, category, notes.
pub fn row(
    line: u32,
    date: &str,
    description: &str,
    pence: i64,
    id: Option<&str>,
    category: Option<&str>,
    notes: &str,
) -> StatementRow {
    StatementRow {
        line,
        date: NaiveDate::parse_from_str(date, "%Y-%m-%d").expect("test date"),
        description: description.into(),
        amount: Money::from_pence(pence),
        external_id: id.map(Into::into),
        category: category.map(Into::into),
        notes: notes.into(),
        tags: vec![],
    }
}

pub fn problem(line: u32, message: &str) -> RowProblem {
    RowProblem { line, message: message.into() }
}

/// Asserts the preset, the row count, the first and last rows exactly, and every problem.
pub fn assert_statement(
    parsed: &ParsedStatement,
    preset: &str,
    count: usize,
    first: StatementRow,
    last: StatementRow,
    problems: &[RowProblem],
) {
    assert_eq!(parsed.preset, preset);
    assert_eq!(parsed.rows.len(), count, "rows: {:#?}", parsed.rows);
    assert_eq!(parsed.rows.first(), Some(&first));
    assert_eq!(parsed.rows.last(), Some(&last));
    assert_eq!(parsed.problems, problems);
}
