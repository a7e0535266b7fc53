//! The transactions CSV export: `Date,Description,Amount,Type,Category,Account,Notes,Transfer,Tags`,
//! dd/MM/yyyy dates, signed amounts with two decimals and no currency sign, Transfer 'yes' or
//! empty, Tags the tags' names joined with '; '; a split row is one row of its whole amount whose
//! Category names its parts' categories joined with '; '. It imports back through the generic
//! CSV mapping with nothing lost but a split's parts (its row comes back whole, in
//! Uncategorised); its tags come back by name (the household's of that name, or made).

use chrono::NaiveDate;

use crate::transactions::TransactionType;
use crate::Money;

/// The header row, exactly.
pub const EXPORT_HEADER: &str = "Date,Description,Amount,Type,Category,Account,Notes,Transfer,Tags";
/// The byte-order mark that makes Excel read the file as UTF-8.
pub const UTF8_BOM: &str = "\u{feff}";

/// One exported transaction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportRow {
    pub date: NaiveDate,
    pub description: String,
    /// Signed like the ledger.
    pub amount: Money,
    pub transaction_type: TransactionType,
    pub category: String,
    pub account: String,
    pub notes: String,
    pub is_transfer: bool,
    /// Its tags' names, by name.
    pub tags: Vec<String>,
}

/// A text cell: quoted when it holds a comma, quote or line break. A cell a spreadsheet would
/// run as a formula (starting with = + - @ or a tab), or that starts with an apostrophe, gets a
/// leading apostrophe, which spreadsheets hide and our importer drops.
pub fn text_cell(raw: &str) -> String {
    let guarded = match raw.chars().next() {
        Some('=' | '+' | '-' | '@' | '\t' | '\r' | '\'') => format!("'{raw}"),
        _ => raw.to_owned(),
    };
    if guarded.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", guarded.replace('"', "\"\""))
    } else {
        guarded
    }
}

/// The row's line, ending in CRLF (RFC 4180).
pub fn export_line(row: &ExportRow) -> String {
    format!(
        "{},{},{},{},{},{},{},{},{}\r\n",
        row.date.format("%d/%m/%Y"),
        text_cell(&row.description),
        row.amount.to_decimal_string(),
        row.transaction_type.as_str(),
        text_cell(&row.category),
        text_cell(&row.account),
        text_cell(&row.notes),
        if row.is_transfer { "yes" } else { "" },
        text_cell(&row.tags.join("; ")),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row() -> ExportRow {
        ExportRow {
            date: NaiveDate::from_ymd_opt(2026, 3, 4).unwrap(),
            description: "Tesco".into(),
            amount: Money::from_pence(-123_456),
            transaction_type: TransactionType::Expense,
            category: "Groceries".into(),
            account: "Current".into(),
            notes: String::new(),
            is_transfer: false,
            tags: vec![],
        }
    }

    #[test]
    fn a_row_is_uk_dated_signed_and_plain() {
        assert_eq!(export_line(&row()), "04/03/2026,Tesco,-1234.56,expense,Groceries,Current,,,\r\n");
        let income = ExportRow {
            amount: Money::from_pence(250_000),
            transaction_type: TransactionType::Income,
            is_transfer: true,
            ..row()
        };
        assert_eq!(export_line(&income), "04/03/2026,Tesco,2500.00,income,Groceries,Current,,yes,\r\n");
    }

    #[test]
    fn commas_quotes_and_line_breaks_are_quoted() {
        let r = ExportRow { description: "Fish, chips & \"peas\"".into(), notes: "two\nlines".into(), ..row() };
        assert_eq!(
            export_line(&r),
            "04/03/2026,\"Fish, chips & \"\"peas\"\"\",-1234.56,expense,Groceries,Current,\"two\nlines\",,\r\n"
        );
    }

    #[test]
    fn the_last_column_is_the_tags_names_joined_with_a_semicolon() {
        let tagged = ExportRow { tags: vec!["Holiday 2026".into(), "Kids".into()], ..row() };
        assert_eq!(
            export_line(&tagged),
            "04/03/2026,Tesco,-1234.56,expense,Groceries,Current,,,Holiday 2026; Kids\r\n"
        );
        let awkward = ExportRow { tags: vec!["=cmd".into(), "a, b".into()], ..row() };
        assert!(export_line(&awkward).ends_with(",,\"'=cmd; a, b\"\r\n"));
    }

    #[test]
    fn a_cell_a_spreadsheet_would_run_is_defused() {
        assert_eq!(text_cell("=HYPERLINK(\"x\")"), "\"'=HYPERLINK(\"\"x\"\")\"");
        assert_eq!(text_cell("+44 7700"), "'+44 7700");
        assert_eq!(text_cell("@sum"), "'@sum");
        assert_eq!(text_cell("Plain"), "Plain");
    }
}
