//! Bank statement files read into rows: CSV (with UK bank presets, a guessed mapping for the
//! rest), OFX 1.x/2.x and QFX, and QIF. The format is told from the bytes; the file name's
//! extension only decides for a QIF file that lacks its `!Type:` header.
//!
//! Every row that cannot be read becomes a [`RowProblem`](ports::statements::RowProblem) with its
//! line; only a file that is not a statement at all is an error. Nothing here panics on any input
//! (a property test feeds random and mutated bytes), and hostile files (a million columns, a 10 MB
//! line) are refused before anything large is allocated. See docs/statements.md.

mod delimited;
mod ofx;
mod pooled;
mod presets;
mod qif;
mod text;
mod values;

use ports::statements::{ColumnMapping, ParsedStatement, StatementError, StatementParser};

pub use delimited::{MAX_CELL_BYTES, MAX_COLUMNS};
pub use pooled::PooledStatementReader;

/// The statement parser the server uses.
#[derive(Debug, Clone, Copy, Default)]
pub struct StatementReader;

impl StatementReader {
    pub fn new() -> Self {
        StatementReader
    }
}

impl StatementParser for StatementReader {
    fn parse(
        &self,
        file_name: &str,
        bytes: &[u8],
        mapping: Option<&ColumnMapping>,
    ) -> Result<ParsedStatement, StatementError> {
        if bytes.iter().all(u8::is_ascii_whitespace) || text::looks_binary(bytes) {
            return Err(StatementError::Unrecognised);
        }
        let text = text::decode(bytes);
        if ofx::detect(&text) {
            return ofx::parse(&text);
        }
        let qif_by_name = file_name.rsplit_once('.').is_some_and(|(_, ext)| ext.eq_ignore_ascii_case("qif"));
        if qif::detect(&text) || (qif_by_name && text.lines().any(|l| l.trim() == "^")) {
            return qif::parse(&text);
        }
        if text.trim_start().starts_with('<') {
            return Err(StatementError::Unrecognised);
        }
        delimited::parse(&text, mapping)
    }
}
