//! Reading bank statement files (CSV with bank presets, OFX/QFX, QIF) into rows. Parsing is pure
//! work on bytes the server already holds; the port exists so use cases are tested without the
//! real parsers and the parsers without a database.

use chrono::NaiveDate;
use domain::Money;

/// The most rows one statement may have.
pub const MAX_ROWS: usize = 100_000;
/// The most bytes one statement may have (checked while the upload is read).
pub const MAX_BYTES: usize = 10 * 1024 * 1024;

/// A statement's file format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StatementFormat {
    Csv,
    Ofx,
    Qif,
}

impl StatementFormat {
    pub const ALL: [StatementFormat; 3] = [StatementFormat::Csv, StatementFormat::Ofx, StatementFormat::Qif];

    pub fn as_str(self) -> &'static str {
        match self {
            StatementFormat::Csv => "csv",
            StatementFormat::Ofx => "ofx",
            StatementFormat::Qif => "qif",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        match raw {
            "csv" => Some(StatementFormat::Csv),
            "ofx" => Some(StatementFormat::Ofx),
            "qif" => Some(StatementFormat::Qif),
            _ => None,
        }
    }
}

/// How dates are written in a CSV column.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DateFormat {
    /// 31/01/2026, 31-01-2026, 31.01.2026 (also with a two-digit year, and a time after it).
    DayMonthYear,
    /// 01/31/2026 (American; some cards' exports).
    MonthDayYear,
    /// 2026-01-31 (also with a time after it: 2026-01-31T10:15:00Z, 2026-01-31 10:15:00).
    YearMonthDay,
    /// 31-Jan-2026, 31 Jan 2026, 31 Jan 26.
    DayMonthNameYear,
}

impl DateFormat {
    pub const ALL: [DateFormat; 4] =
        [DateFormat::DayMonthYear, DateFormat::MonthDayYear, DateFormat::YearMonthDay, DateFormat::DayMonthNameYear];

    pub fn as_str(self) -> &'static str {
        match self {
            DateFormat::DayMonthYear => "dd/MM/yyyy",
            DateFormat::MonthDayYear => "MM/dd/yyyy",
            DateFormat::YearMonthDay => "yyyy-MM-dd",
            DateFormat::DayMonthNameYear => "dd-MMM-yyyy",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        DateFormat::ALL.into_iter().find(|f| f.as_str() == raw)
    }
}

/// Which CSV columns (by their header text, exactly as in the file's header row) hold what.
/// Either `amount` (signed: money out negative, unless `negate`) or `paid_in`/`paid_out`
/// (unsigned; a row has one of them) must be given.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ColumnMapping {
    pub date: String,
    pub description: String,
    pub amount: Option<String>,
    pub paid_in: Option<String>,
    pub paid_out: Option<String>,
    pub balance: Option<String>,
    pub category: Option<String>,
    pub notes: Option<String>,
    /// The bank's own id of a row (Monzo's 'Transaction ID', Starling's 'Reference' is not one).
    pub id: Option<String>,
    /// True when money out is positive in `amount` (American Express UK, some cards).
    pub negate: bool,
    pub date_format: Option<DateFormat>,
}

/// One row of a statement as it would be stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatementRow {
    /// The file's line (1-based) the row starts on; for OFX/QIF the line of the row's first tag.
    pub line: u32,
    pub date: NaiveDate,
    pub description: String,
    /// Signed like the ledger: money in positive, money out negative. Never zero.
    pub amount: Money,
    /// The bank's id of the row: OFX FITID, a CSV id column.
    pub external_id: Option<String>,
    /// The bank's category for the row, when the file has one (Monzo, Revolut, QIF `L`).
    pub category: Option<String>,
    pub notes: String,
    /// Tags' names, when the file has them (our own export's Tags column).
    pub tags: Vec<String>,
}

/// A row the parser could not read, reported with its line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RowProblem {
    pub line: u32,
    pub message: String,
}

/// A whole statement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsedStatement {
    pub format: StatementFormat,
    /// 'monzo', 'starling', … or 'generic' (CSV) / 'ofx' / 'qif'.
    pub preset: String,
    /// CSV only: the header row's columns, for the mapping dialog.
    pub columns: Vec<String>,
    /// CSV only: the mapping used (the preset's, the one given, or the best guess).
    pub mapping: Option<ColumnMapping>,
    /// CSV only: true when no preset matched and the mapping is a guess the user should confirm.
    pub needs_mapping: bool,
    pub rows: Vec<StatementRow>,
    pub problems: Vec<RowProblem>,
}

/// Why a file could not be read as a statement at all.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StatementError {
    /// Not CSV, OFX, QFX or QIF; empty; binary; a header with no usable columns.
    #[error("Unrecognised file format")]
    Unrecognised,
    #[error("A statement can have at most 100,000 rows")]
    TooManyRows,
    /// A mapping names a column the file does not have, or has neither amount nor paid in/out.
    #[error("{0}")]
    BadMapping(String),
}

/// Reads statement files (use cases reach it through `imports::StatementReader`, which is mocked).
pub trait StatementParser: Send + Sync {
    /// Reads `bytes` (the whole file, at most `MAX_BYTES`). `mapping` overrides a CSV's preset
    /// or guess; it is ignored for OFX and QIF.
    fn parse(
        &self,
        file_name: &str,
        bytes: &[u8],
        mapping: Option<&ColumnMapping>,
    ) -> Result<ParsedStatement, StatementError>;
}
