//! QIF: `!Type:` sections of records, one field a line (code letter first), each record ended
//! by `^`. Bank, credit card, cash and other asset/liability sections are read; investment
//! records are reported; account, category and class lists are passed over.

use ports::statements::{
    DateFormat, ParsedStatement, RowProblem, StatementError, StatementFormat, StatementRow, MAX_ROWS,
};

use crate::text::{collapse, lines, name_and_memo};
use crate::values::{detect_format, parse_amount, parse_date};

/// True when the first non-blank line is a QIF header (`!Type:`, `!Account`, `!Option:`).
pub(crate) fn detect(text: &str) -> bool {
    let first = lines(text).map(|l| l.text.trim()).find(|l| !l.is_empty()).unwrap_or("");
    let lower = first.get(..8).unwrap_or(first).to_ascii_lowercase();
    ["!type:", "!account", "!option:", "!clear:"].iter().any(|h| lower.starts_with(h))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Section {
    Transactions,
    Investments,
    Other,
}

#[derive(Default)]
struct Record {
    line: u32,
    date: Option<String>,
    amount: Option<String>,
    payee: Option<String>,
    memo: Option<String>,
    category: Option<String>,
    number: Option<String>,
}

pub(crate) fn parse(text: &str) -> Result<ParsedStatement, StatementError> {
    let mut section = Section::Transactions;
    let mut current: Option<Record> = None;
    let mut records = Vec::new();
    let mut problems = Vec::new();
    let mut finish = |record: Option<Record>, section: Section, records: &mut Vec<Record>| {
        let Some(record) = record else { return Ok(()) };
        if records.len() + problems.len() >= MAX_ROWS {
            return Err(StatementError::TooManyRows);
        }
        match section {
            Section::Transactions => records.push(record),
            Section::Investments => {
                problems.push(RowProblem { line: record.line, message: "Investment records are not imported".into() })
            }
            Section::Other => {}
        }
        Ok(())
    };
    for line in lines(text) {
        let content = line.text.trim();
        let Some(code) = content.chars().next() else { continue };
        let value = content[code.len_utf8()..].trim();
        match code {
            '!' => {
                finish(current.take(), section, &mut records)?;
                let lower = content.to_ascii_lowercase();
                if let Some(kind) = lower.strip_prefix("!type:") {
                    section = match collapse(kind).as_str() {
                        "bank" | "ccard" | "cash" | "oth a" | "oth l" => Section::Transactions,
                        "invst" => Section::Investments,
                        _ => Section::Other,
                    };
                } else if lower.starts_with("!account") {
                    section = Section::Other;
                }
            }
            '^' => finish(current.take(), section, &mut records)?,
            _ => {
                let record = current.get_or_insert_with(|| Record { line: line.number, ..Record::default() });
                let slot = match code {
                    'D' => &mut record.date,
                    'T' | 'U' => &mut record.amount,
                    'P' => &mut record.payee,
                    'M' => &mut record.memo,
                    'L' => &mut record.category,
                    'N' => &mut record.number,
                    _ => continue,
                };
                if slot.is_none() && !value.is_empty() {
                    *slot = Some(value.to_string());
                }
            }
        }
    }
    finish(current.take(), section, &mut records)?;

    let dates: Vec<String> = records.iter().map(|r| qif_date(r.date.as_deref().unwrap_or(""))).collect();
    let format = detect_format(dates.iter().map(String::as_str)).unwrap_or(DateFormat::DayMonthYear);
    let mut rows = Vec::with_capacity(records.len());
    for (record, date) in records.into_iter().zip(&dates) {
        let line = record.line;
        match into_row(record, date, format) {
            Ok(row) => rows.push(row),
            Err(message) => problems.push(RowProblem { line, message }),
        }
    }
    problems.sort_by_key(|p| p.line);
    Ok(ParsedStatement {
        format: StatementFormat::Qif,
        preset: "qif".into(),
        columns: Vec::new(),
        mapping: None,
        needs_mapping: false,
        rows,
        problems,
    })
}

/// Quicken writes `1/2' 5` for 1 February 2005: spaces go, and a one-digit year after the
/// apostrophe gains its zero.
fn qif_date(raw: &str) -> String {
    let compact: String = raw.chars().filter(|c| !c.is_whitespace()).collect();
    match compact.split_once('\'') {
        Some((day_month, year)) if year.len() == 1 => format!("{day_month}'0{year}"),
        _ => compact,
    }
}

fn into_row(record: Record, date: &str, format: DateFormat) -> Result<StatementRow, String> {
    let raw_date = record.date.unwrap_or_default();
    if raw_date.is_empty() {
        return Err("Missing date".into());
    }
    let date = parse_date(date, format).ok_or_else(|| format!("Invalid date '{raw_date}'"))?;
    let raw = record.amount.unwrap_or_default();
    let amount = parse_amount(&raw).map_err(|e| e.message(&raw))?.ok_or("Missing amount")?;
    if amount.pence() == 0 {
        return Err("Amount is zero".into());
    }
    let (description, memo_note) =
        name_and_memo(record.payee.as_deref().unwrap_or(""), record.memo.as_deref().unwrap_or(""), "");
    let number = collapse(record.number.as_deref().unwrap_or(""));
    let notes = match (memo_note.is_empty(), number.is_empty()) {
        (_, true) => memo_note,
        (true, false) => format!("No. {number}"),
        (false, false) => format!("{memo_note} (No. {number})"),
    };
    Ok(StatementRow {
        line: record.line,
        date,
        description,
        amount,
        external_id: None,
        category: category(record.category),
        notes,
        tags: vec![],
    })
}

/// `L` without its class (`Food:Dining/Holiday` is `Food:Dining`); `[Savings]` names a transfer
/// account, not a category.
fn category(raw: Option<String>) -> Option<String> {
    let raw = raw?;
    let trimmed = raw.trim();
    if trimmed.starts_with('[') {
        return None;
    }
    let without_class = trimmed.split('/').next().unwrap_or("");
    Some(collapse(without_class)).filter(|c| !c.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn categories_drop_classes_and_transfers() {
        assert_eq!(category(Some("Food:Dining/Holiday".into())).as_deref(), Some("Food:Dining"));
        assert_eq!(category(Some("[Savings Account]".into())), None);
        assert_eq!(category(Some("  ".into())), None);
        assert_eq!(category(None), None);
    }

    #[test]
    fn quicken_year_padding_is_read() {
        assert_eq!(qif_date("1/2' 5"), "1/2'05");
        assert_eq!(qif_date(" 31/01'26 "), "31/01'26");
        assert_eq!(
            parse_date(&qif_date("1/2' 5"), DateFormat::DayMonthYear),
            chrono::NaiveDate::from_ymd_opt(2005, 2, 1)
        );
    }

    #[test]
    fn detection_needs_a_header_line() {
        assert!(detect("\n!Type:Bank\nD01/01/2026\n"));
        assert!(detect("!type:CCard\n"));
        assert!(detect("!Account\nNCurrent\n^\n"));
        assert!(!detect("Date,Amount\n!Type:Bank"));
    }
}
