//! CSV statements: find the header below any preamble, recognise the bank, read the rows.

use csv::{ReaderBuilder, StringRecord};
use domain::Money;
use ports::statements::{
    ColumnMapping, DateFormat, ParsedStatement, RowProblem, StatementError, StatementFormat, StatementRow, MAX_ROWS,
};

use crate::presets::{self, Preset, Rules};
use crate::text::{clean_cell, collapse, collapse_lines};
mod layout;
use layout::{find_layout, guess_from_values, hsbc_mapping, Layout, HSBC_SAMPLE_LINES};

use crate::values::{currency_in_name, detect_format, not_pounds, parse_amount, parse_date, Written};

/// More columns than this in any record and the file is refused: no bank writes that many, and a
/// hostile file must not make us hold a million empty cells.
pub const MAX_COLUMNS: usize = 200;
/// A longer cell than this and the file is refused (a 10 MB "line" is not a statement).
pub const MAX_CELL_BYTES: usize = 4096;
pub(crate) fn parse(text: &str, given: Option<&ColumnMapping>) -> Result<ParsedStatement, StatementError> {
    let layout = find_layout(text, given).ok_or(StatementError::Unrecognised)?;
    if oversized(&text[layout.offset..], layout.delimiter) {
        return Err(StatementError::Unrecognised);
    }
    let records = read_records(text, &layout)?;
    let normalised: Vec<String> = layout.columns.iter().map(|c| presets::normalise(c)).collect();

    let date_values = |mapping: &ColumnMapping| {
        let index = position(&layout.columns, &mapping.date);
        records.iter().map(move |(_, r)| index.and_then(|i| r.get(i)).map(clean_cell).unwrap_or(""))
    };
    let preset: Option<&Preset> = if layout.has_header {
        let mut candidates = presets::matching(&normalised).peekable();
        let first = candidates.peek().copied();
        candidates
            .find(|p| {
                p.dates.is_none_or(|wanted| detect_format(date_values(&p.mapping(&layout.columns))) == Some(wanted))
            })
            .or(first)
    } else {
        None
    };

    let (preset_name, mut mapping, needs_mapping) = match (given, preset) {
        (Some(given), _) => (preset.map_or("generic", |p| p.name), given.clone(), false),
        (None, Some(p)) => (p.name, p.mapping(&layout.columns), false),
        (None, None) if !layout.has_header => ("hsbc", hsbc_mapping(), false),
        (None, None) => {
            let cells: Vec<Vec<&str>> =
                records.iter().take(HSBC_SAMPLE_LINES).map(|(_, r)| r.iter().collect()).collect();
            let guess = presets::guess(&layout.columns).or_else(|| guess_from_values(&layout.columns, &cells));
            ("generic", guess.ok_or(StatementError::Unrecognised)?, true)
        }
    };
    let rules = preset.map(|p| p.rules).unwrap_or_default();
    let columns = Columns::resolve(&layout.columns, &mapping, &rules)?;
    let format =
        mapping.date_format.or_else(|| detect_format(date_values(&mapping))).unwrap_or(DateFormat::DayMonthYear);
    mapping.date_format = Some(format);

    let mut rows = Vec::with_capacity(records.len());
    let mut problems = Vec::new();
    for (line, record) in &records {
        if rules.footer.is_some_and(|footer| record.get(0).is_some_and(|c| presets::normalise(clean_cell(c)) == footer))
        {
            break;
        }
        match read_row(record, &columns, format) {
            Ok(mut row) => {
                row.line = *line;
                rows.push(row);
            }
            Err(message) => problems.push(RowProblem { line: *line, message }),
        }
    }
    Ok(ParsedStatement {
        format: StatementFormat::Csv,
        preset: preset_name.to_string(),
        columns: layout.columns,
        mapping: Some(mapping),
        needs_mapping,
        rows,
        problems,
    })
}

/// True when some record has more than `MAX_COLUMNS` cells or a cell longer than
/// `MAX_CELL_BYTES`. Reads quotes as the csv crate does, without allocating.
fn oversized(text: &str, delimiter: u8) -> bool {
    let (mut columns, mut cell, mut quoted, mut at_cell_start) = (1usize, 0usize, false, true);
    let mut bytes = text.bytes().peekable();
    while let Some(b) = bytes.next() {
        if quoted {
            if b == b'"' {
                if bytes.peek() == Some(&b'"') {
                    bytes.next();
                } else {
                    quoted = false;
                    continue;
                }
            }
        } else if b == b'"' && at_cell_start {
            quoted = true;
            at_cell_start = false;
            continue;
        } else if b == delimiter {
            columns += 1;
            cell = 0;
            at_cell_start = true;
            if columns > MAX_COLUMNS {
                return true;
            }
            continue;
        } else if b == b'\n' || b == b'\r' {
            columns = 1;
            cell = 0;
            at_cell_start = true;
            continue;
        }
        at_cell_start = false;
        cell += 1;
        if cell > MAX_CELL_BYTES {
            return true;
        }
    }
    false
}

/// The non-blank records below the header, each with its line number.
fn read_records(text: &str, layout: &Layout) -> Result<Vec<(u32, StringRecord)>, StatementError> {
    let mut reader = ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .delimiter(layout.delimiter)
        .from_reader(&text.as_bytes()[layout.offset..]);
    let table = &text.as_bytes()[layout.offset..];
    let (mut line, mut counted_to) = (layout.line, 0usize);
    let mut records = Vec::new();
    let mut record = StringRecord::new();
    let mut first = true;
    while let Ok(true) = reader.read_record(&mut record) {
        // The csv crate's own line count does not see "\r\n" as one break, so count from bytes.
        let mut start = record.position().map_or(counted_to, |p| usize::try_from(p.byte()).unwrap_or(usize::MAX));
        while matches!(table.get(start), Some(b'\n' | b'\r')) {
            start += 1;
        }
        line = line.saturating_add(line_breaks(table, counted_to..start));
        counted_to = counted_to.max(start.min(table.len()));
        if std::mem::take(&mut first) && layout.has_header {
            continue;
        }
        if record.iter().all(|c| c.trim().is_empty()) {
            continue;
        }
        if records.len() == MAX_ROWS {
            return Err(StatementError::TooManyRows);
        }
        records.push((line, record.clone()));
    }
    Ok(records)
}

/// Line breaks in `range` of `bytes` as `text::lines` counts them: `\n`, `\r\n` and a lone
/// `\r` are one each.
fn line_breaks(bytes: &[u8], range: std::ops::Range<usize>) -> u32 {
    let breaks = range
        .filter(|&i| match bytes.get(i) {
            Some(b'\n') => true,
            Some(b'\r') => bytes.get(i + 1) != Some(&b'\n'),
            _ => false,
        })
        .count();
    u32::try_from(breaks).unwrap_or(u32::MAX)
}

/// A column by the mapping's name: the exact header text, else the same name in another case.
fn position(columns: &[String], name: &str) -> Option<usize> {
    let name = name.trim();
    columns.iter().position(|c| c == name).or_else(|| {
        let wanted = presets::normalise(name);
        columns.iter().position(|c| presets::normalise(c) == wanted)
    })
}

/// The mapping turned into column positions, checked against the header.
struct Columns {
    date: usize,
    description: Option<usize>,
    amount: Option<usize>,
    paid_in: Option<usize>,
    paid_out: Option<usize>,
    category: Option<usize>,
    notes: Option<usize>,
    id: Option<usize>,
    negate: bool,
    fallback: Vec<usize>,
    state: Option<usize>,
    fee: Option<usize>,
    /// Tags' names joined with '; ' (our own export).
    tags: Option<usize>,
    /// Each row's currency code.
    currency: Option<usize>,
    /// The problem of every row when a money column's name says it is not pounds ('Amount (EUR)').
    not_pounds: Option<String>,
    notes_may_repeat_description: bool,
}

impl Columns {
    fn resolve(columns: &[String], mapping: &ColumnMapping, rules: &Rules) -> Result<Self, StatementError> {
        let required = |name: &str| {
            position(columns, name)
                .ok_or_else(|| StatementError::BadMapping(format!("Column '{name}' is not in the file")))
        };
        let optional = |name: &Option<String>| match name.as_deref().map(str::trim) {
            None | Some("") => Ok(None),
            Some(name) => required(name).map(Some),
        };
        if mapping.date.trim().is_empty() {
            return Err(StatementError::BadMapping("Choose a date column".into()));
        }
        let resolved = Columns {
            date: required(&mapping.date)?,
            description: optional(&Some(mapping.description.clone()))?,
            amount: optional(&mapping.amount)?,
            paid_in: optional(&mapping.paid_in)?,
            paid_out: optional(&mapping.paid_out)?,
            category: optional(&mapping.category)?,
            notes: optional(&mapping.notes)?,
            id: optional(&mapping.id)?,
            negate: mapping.negate,
            fallback: rules.description_fallback.iter().filter_map(|name| position(columns, name)).collect(),
            state: rules.state.and_then(|name| position(columns, name)),
            fee: rules.fee.and_then(|name| position(columns, name)),
            tags: rules.tags.and_then(|name| position(columns, name)),
            notes_may_repeat_description: rules.notes_may_repeat_description,
            currency: match rules.currency {
                Some(name) => position(columns, name),
                None => presets::CURRENCY_NAMES.iter().find_map(|name| position(columns, name)),
            },
            not_pounds: [&mapping.amount, &mapping.paid_in, &mapping.paid_out]
                .into_iter()
                .flatten()
                .filter_map(|name| currency_in_name(name))
                .find_map(|code| not_pounds(code, Written::Statement)),
        };
        optional(&mapping.balance)?;
        if resolved.amount.is_none() && resolved.paid_in.is_none() && resolved.paid_out.is_none() {
            return Err(StatementError::BadMapping("Choose an amount column, or paid in and paid out columns".into()));
        }
        Ok(resolved)
    }
}

fn read_row(record: &StringRecord, columns: &Columns, format: DateFormat) -> Result<StatementRow, String> {
    let cell = |index: Option<usize>| index.and_then(|i| record.get(i)).map(clean_cell).unwrap_or("");
    if let Some(problem) = columns.not_pounds.clone().or_else(|| not_pounds(cell(columns.currency), Written::Row)) {
        return Err(problem);
    }
    if columns.state.is_some() {
        let state = cell(columns.state);
        if !state.eq_ignore_ascii_case("COMPLETED") {
            return Err(format!("Transaction state is '{state}', not COMPLETED"));
        }
    }
    let raw_date = cell(Some(columns.date));
    if raw_date.is_empty() {
        return Err("Missing date".into());
    }
    let date = parse_date(raw_date, format).ok_or_else(|| format!("Invalid date '{raw_date}'"))?;
    let money = |index: Option<usize>| {
        let raw = cell(index);
        parse_amount(raw).map_err(|e| e.message(raw))
    };
    let mut amount = if columns.amount.is_some() {
        money(columns.amount)?.map(|m| if columns.negate { -m } else { m })
    } else {
        match (money(columns.paid_in)?, money(columns.paid_out)?) {
            (None, None) => None,
            (paid_in, paid_out) => Some(paid_in.unwrap_or_default().abs() - paid_out.unwrap_or_default().abs()),
        }
    }
    .ok_or_else(|| "Missing amount".to_string())?;
    if let Some(fee) = money(columns.fee)? {
        amount = amount - fee.abs();
    }
    if amount == Money::ZERO {
        return Err("Amount is zero".into());
    }
    if amount.abs() > domain::money::MAX_AMOUNT {
        return Err(format!("Amount is more than £999,999.99 '{}'", amount.to_decimal_string()));
    }
    let description = std::iter::once(columns.description)
        .chain(columns.fallback.iter().map(|&i| Some(i)))
        .map(|i| collapse(cell(i)))
        .find(|d| !masked(d))
        .unwrap_or_else(|| "Unknown".to_string());
    let optional_text = |index: Option<usize>| Some(collapse(cell(index))).filter(|t| !t.is_empty());
    let notes = Some(collapse_lines(cell(columns.notes)))
        .filter(|n| columns.notes_may_repeat_description || *n != description)
        .unwrap_or_default();
    Ok(StatementRow {
        line: 0,
        date,
        description,
        amount,
        external_id: optional_text(columns.id),
        category: optional_text(columns.category),
        notes,
        tags: cell(columns.tags).split(';').map(collapse).filter(|t| !t.is_empty()).collect(),
    })
}

/// True for a description that says nothing: empty, or only the asterisks midata puts in place
/// of a payer's name.
fn masked(description: &str) -> bool {
    description.chars().all(|c| c == '*' || c.is_whitespace())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn oversized_records_are_found_without_counting_quoted_delimiters() {
        let wide = ",".repeat(MAX_COLUMNS);
        assert!(oversized(&wide, b','));
        assert!(!oversized(&",".repeat(MAX_COLUMNS - 1), b','));
        assert!(!oversized(&format!("\"{wide}\"\n"), b','));
        assert!(oversized(&"x".repeat(MAX_CELL_BYTES + 1), b','));
        assert!(!oversized(&format!("{0},{0}\n{0}", "x".repeat(MAX_CELL_BYTES)), b','));
        assert!(!oversized("\"a \"\"quoted\"\" word\",b", b','));
    }

    #[test]
    fn a_header_below_a_preamble_is_found() {
        let text = "\"Account Name:\",\"FlexAccount\"\n\"Account Balance:\",\"£1.00\"\n\nDate,Transaction type,Description,Paid out,Paid in,Balance\n";
        let layout = find_layout(text, None).unwrap();
        assert_eq!((layout.line, layout.has_header, layout.columns.len()), (4, true, 6));
    }
}
