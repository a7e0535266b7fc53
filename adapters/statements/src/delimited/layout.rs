//! Where a CSV statement's table starts and how it is laid out: the header below any preamble
//! (a known bank's, one naming a date and a money column, or one a saved mapping fits), or
//! HSBC's headerless rows.

use csv::{ReaderBuilder, StringRecord};
use ports::statements::ColumnMapping;

use super::{position, MAX_COLUMNS};
use crate::presets::{self, HSBC_COLUMNS};
use crate::text::{clean_cell, lines, Line};
use crate::values::{detect_format, parse_amount};

/// How many non-blank lines may stand above the header (account name, balances, a title).
const MAX_PREAMBLE_LINES: usize = 50;
/// Longer lines are not looked at as a header.
const MAX_HEADER_LINE_BYTES: usize = 64 * 1024;
/// How many lines of a headerless file must look like HSBC's rows.
pub(super) const HSBC_SAMPLE_LINES: usize = 20;

/// Where the table starts and how it is laid out.
pub(super) struct Layout {
    /// Line number (1-based) and byte offset of the header, or of the first row when headerless.
    pub(super) line: u32,
    pub(super) offset: usize,
    pub(super) delimiter: u8,
    pub(super) has_header: bool,
    pub(super) columns: Vec<String>,
}

pub(super) fn hsbc_mapping() -> ColumnMapping {
    let [date, description, amount] = HSBC_COLUMNS.map(str::to_string);
    ColumnMapping { date, description, amount: Some(amount), ..ColumnMapping::default() }
}

/// The header: the first line (of the first few) that is a known bank's header, names a date
/// column and a money column, or has every column a given mapping names. Failing that, HSBC's
/// headerless `date,description,amount` rows.
pub(super) fn find_layout(text: &str, given: Option<&ColumnMapping>) -> Option<Layout> {
    let candidates = lines(text).filter(|l| !l.text.trim().is_empty()).take(MAX_PREAMBLE_LINES);
    for line in candidates {
        if line.text.len() > MAX_HEADER_LINE_BYTES {
            continue;
        }
        for delimiter in delimiters_by_count(line.text) {
            let Some(columns) = split_line(line.text, delimiter) else { continue };
            let normalised: Vec<String> = columns.iter().map(|c| presets::normalise(c)).collect();
            let fits_given = given.is_some_and(|m| names_all_columns(m, &columns));
            if fits_given || presets::matching(&normalised).next().is_some() || presets::guess(&columns).is_some() {
                return Some(Layout { line: line.number, offset: line.offset, delimiter, has_header: true, columns });
            }
        }
    }
    headerless_hsbc(text).or_else(|| unnamed_header(text))
}

/// A header whose names say nothing ('When,What,Sum'): the first line, when the rows under it
/// have as many cells and a column of dates and one of amounts.
fn unnamed_header(text: &str) -> Option<Layout> {
    let sample: Vec<Line> = lines(text).filter(|l| !l.text.trim().is_empty()).take(HSBC_SAMPLE_LINES + 1).collect();
    let (first, rest) = sample.split_first()?;
    if first.text.len() > MAX_HEADER_LINE_BYTES || rest.is_empty() {
        return None;
    }
    for delimiter in delimiters_by_count(first.text) {
        let Some(columns) = split_line(first.text, delimiter) else { continue };
        if columns.len() < 2 {
            continue;
        }
        let rows: Vec<Vec<String>> = rest
            .iter()
            .filter(|l| l.text.len() <= MAX_HEADER_LINE_BYTES)
            .filter_map(|l| split_line(l.text, delimiter))
            .filter(|cells| cells.len() == columns.len())
            .collect();
        let cells: Vec<Vec<&str>> = rows.iter().map(|r| r.iter().map(String::as_str).collect()).collect();
        if !cells.is_empty() && guess_from_values(&columns, &cells).is_some() {
            return Some(Layout { line: first.number, offset: first.offset, delimiter, has_header: true, columns });
        }
    }
    None
}

/// A mapping read from the values: the first column of dates, the first other column of
/// amounts, and the first remaining column of text as the description.
pub(super) fn guess_from_values(columns: &[String], rows: &[Vec<&str>]) -> Option<ColumnMapping> {
    if rows.is_empty() {
        return None;
    }
    let every =
        |i: usize, test: &dyn Fn(&str) -> bool| rows.iter().all(|r| r.get(i).is_some_and(|c| test(clean_cell(c))));
    let is_date = |c: &str| detect_format([c]).is_some();
    let is_amount = |c: &str| matches!(parse_amount(c), Ok(Some(_)));
    let date = (0..columns.len()).find(|&i| every(i, &is_date))?;
    let amount = (0..columns.len()).filter(|&i| i != date).find(|&i| every(i, &is_amount))?;
    let others = || (0..columns.len()).filter(|&i| i != date && i != amount);
    let description =
        others().find(|&i| every(i, &|c| !c.trim().is_empty() && !is_amount(c))).or_else(|| others().next())?;
    Some(ColumnMapping {
        date: columns[date].clone(),
        description: columns[description].clone(),
        amount: Some(columns[amount].clone()),
        ..ColumnMapping::default()
    })
}

/// True when every column `mapping` names is in `columns` and it names a date and some money.
fn names_all_columns(mapping: &ColumnMapping, columns: &[String]) -> bool {
    let money = [&mapping.amount, &mapping.paid_in, &mapping.paid_out];
    let others = [&mapping.balance, &mapping.category, &mapping.notes, &mapping.id];
    let mut named = [mapping.date.as_str(), mapping.description.as_str()]
        .into_iter()
        .chain(money.into_iter().chain(others).filter_map(|c| c.as_deref()))
        .filter(|name| !name.trim().is_empty());
    !mapping.date.trim().is_empty()
        && money.iter().any(|c| c.is_some())
        && named.all(|name| position(columns, name).is_some())
}

fn headerless_hsbc(text: &str) -> Option<Layout> {
    let sample: Vec<Line> = lines(text).filter(|l| !l.text.trim().is_empty()).take(HSBC_SAMPLE_LINES).collect();
    let first = *sample.first()?;
    let looks_like_a_row = |line: &Line| {
        line.text.len() <= MAX_HEADER_LINE_BYTES
            && split_line(line.text, b',').is_some_and(|cells| {
                cells.len() == 3
                    && detect_format([cells[0].as_str()]).is_some()
                    && matches!(parse_amount(&cells[2]), Ok(Some(_)))
            })
    };
    sample.iter().all(looks_like_a_row).then(|| Layout {
        line: first.number,
        offset: first.offset,
        delimiter: b',',
        has_header: false,
        columns: HSBC_COLUMNS.map(str::to_string).to_vec(),
    })
}

/// Comma, semicolon and tab, the one used most often outside quotes first.
pub(super) fn delimiters_by_count(line: &str) -> Vec<u8> {
    let mut counts = [(b',', 0usize), (b';', 0), (b'\t', 0)];
    let mut quoted = false;
    for b in line.bytes() {
        match b {
            b'"' => quoted = !quoted,
            _ if quoted => {}
            _ => {
                if let Some(entry) = counts.iter_mut().find(|(d, _)| *d == b) {
                    entry.1 += 1;
                }
            }
        }
    }
    counts.sort_by_key(|&(_, n)| std::cmp::Reverse(n));
    counts.iter().filter(|(_, n)| *n > 0).map(|(d, _)| *d).collect()
}

/// One line's cells, trimmed and unquoted; `None` past `MAX_COLUMNS`.
pub(super) fn split_line(line: &str, delimiter: u8) -> Option<Vec<String>> {
    let mut reader =
        ReaderBuilder::new().has_headers(false).flexible(true).delimiter(delimiter).from_reader(line.as_bytes());
    let mut record = StringRecord::new();
    match reader.read_record(&mut record) {
        Ok(true) if record.len() <= MAX_COLUMNS => {
            let mut cells: Vec<String> = record.iter().map(|c| clean_cell(c).to_string()).collect();
            // A trailing delimiter (Lloyds, NatWest) names no column.
            while cells.len() > 1 && cells.last().is_some_and(String::is_empty) {
                cells.pop();
            }
            Some(cells)
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_most_used_delimiter_outside_quotes_is_tried_first() {
        assert_eq!(delimiters_by_count("Date;Details;Amount"), [b';']);
        assert_eq!(delimiters_by_count("\"a,b,c\";x;y"), [b';']);
        assert_eq!(delimiters_by_count("Date\tDetails\tAmount, GBP"), [b'\t', b',']);
    }
}
