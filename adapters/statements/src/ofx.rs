//! OFX 1.x (SGML, leaf tags left open), OFX 2.x (XML) and QFX (OFX with Intuit's extra tags).
//! One flat pass over the tags with a few flags, so no nesting a file crafts can exhaust a stack.

use chrono::NaiveDate;
use ports::statements::{ParsedStatement, RowProblem, StatementError, StatementFormat, StatementRow, MAX_ROWS};

use crate::text::{collapse, name_and_memo};
use crate::values::{not_pounds, parse_amount, Written};

/// True for OFX and QFX: an SGML `OFXHEADER:` header, an XML `<?OFX ...?>` processing
/// instruction, or an `<OFX>` tag near the start.
pub(crate) fn detect(text: &str) -> bool {
    let start = text.trim_start();
    let head: String = start.chars().take(4096).collect::<String>().to_ascii_uppercase();
    start.get(..10).is_some_and(|h| h.eq_ignore_ascii_case("OFXHEADER:"))
        || head.contains("<?OFX")
        || head.contains("<OFX>")
}

/// One tag, with the text that follows it up to the next tag.
struct Tag<'a> {
    name: &'a str,
    closing: bool,
    line: u32,
    value: &'a str,
}

/// Every tag of `text` in order. Comments, `<?...?>` and `<!...>` are passed over.
fn tags(text: &str) -> impl Iterator<Item = Tag<'_>> {
    let mut at = 0usize;
    let mut line = 1u32;
    std::iter::from_fn(move || loop {
        let open = at + text.get(at..)?.find('<')?;
        line = line.saturating_add(count_lines(&text[at..open]));
        if text[open..].starts_with("<!--") {
            let end = text[open..].find("-->").map_or(text.len(), |e| open + e + 3);
            line = line.saturating_add(count_lines(&text[open..end]));
            at = end;
            continue;
        }
        let close = open + text[open..].find('>')?;
        let inner = &text[open + 1..close];
        line = line.saturating_add(count_lines(inner));
        at = close + 1;
        if inner.starts_with(['?', '!']) {
            continue;
        }
        let value_end = text[at..].find('<').map_or(text.len(), |e| at + e);
        let (closing, name) = match inner.strip_prefix('/') {
            Some(name) => (true, name),
            None => (false, inner),
        };
        let name = name.split_whitespace().next().unwrap_or("").trim_end_matches('/');
        return Some(Tag { name, closing, line, value: text[at..value_end].trim() });
    })
}

fn count_lines(text: &str) -> u32 {
    u32::try_from(text.bytes().filter(|&b| b == b'\n').count()).unwrap_or(u32::MAX)
}

/// The fields of one `STMTTRN` as read so far.
#[derive(Default)]
struct Transaction {
    line: u32,
    posted: Option<String>,
    amount: Option<String>,
    fitid: Option<String>,
    name: Option<String>,
    memo: Option<String>,
    kind: Option<String>,
    /// The statement's CURDEF, which the amounts are in unless the row says otherwise.
    statement_currency: Option<String>,
    /// Inside the row's `CURRENCY` (amounts in that currency) or `ORIGCURRENCY` (amounts already
    /// converted to CURDEF from it) aggregate.
    aggregate: Option<CurrencyAggregate>,
    /// The `CURSYM` of a `CURRENCY` aggregate.
    currency: Option<String>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum CurrencyAggregate {
    Currency,
    Original,
}

impl Transaction {
    /// A row whose amounts are not pounds: in its own `CURRENCY`, else in the statement's CURDEF.
    /// An `ORIGCURRENCY` row was converted to CURDEF, so CURDEF decides.
    fn currency_problem(&self) -> Option<String> {
        match &self.currency {
            Some(code) => not_pounds(code, Written::Row),
            None => self.statement_currency.as_deref().and_then(|code| not_pounds(code, Written::Statement)),
        }
    }

    fn into_row(self) -> Result<StatementRow, String> {
        if let Some(problem) = self.currency_problem() {
            return Err(problem);
        }
        let posted = self.posted.unwrap_or_default();
        if posted.is_empty() {
            return Err("Missing date".into());
        }
        let date = parse_ofx_date(&posted).ok_or_else(|| format!("Invalid date '{posted}'"))?;
        let raw = self.amount.unwrap_or_default();
        let amount = parse_amount(&decimal_point(&raw)).map_err(|e| e.message(&raw))?.ok_or("Missing amount")?;
        if amount.pence() == 0 {
            return Err("Amount is zero".into());
        }
        let (description, notes) = name_and_memo(
            self.name.as_deref().unwrap_or(""),
            self.memo.as_deref().unwrap_or(""),
            self.kind.as_deref().unwrap_or(""),
        );
        Ok(StatementRow {
            line: self.line,
            date,
            description,
            amount,
            external_id: self.fitid.map(|f| collapse(&f)).filter(|f| !f.is_empty()),
            category: None,
            notes,
            tags: vec![],
        })
    }
}

/// `-12,34` as `-12.34`: OFX allows a decimal comma, which is never a thousands separator there.
fn decimal_point(raw: &str) -> String {
    if raw.contains('.') {
        raw.to_string()
    } else {
        raw.replacen(',', ".", 1)
    }
}

/// `yyyyMMdd[HHmmss[.xxx]][[+-h:TZ]]`: the calendar day as written; time and zone are ignored.
fn parse_ofx_date(raw: &str) -> Option<NaiveDate> {
    let digits = raw.get(..8)?;
    if !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    NaiveDate::from_ymd_opt(digits[..4].parse().ok()?, digits[4..6].parse().ok()?, digits[6..].parse().ok()?)
}

/// Replaces `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&nbsp;` and numeric references;
/// anything else is left as written.
fn decode_entities(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut rest = raw;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        let decoded = rest.get(1..).and_then(|r| r.find(';').filter(|&e| e <= 10)).and_then(|end| {
            let entity = &rest[1..=end];
            let ch = match entity {
                "amp" => Some('&'),
                "lt" => Some('<'),
                "gt" => Some('>'),
                "quot" => Some('"'),
                "apos" => Some('\''),
                "nbsp" => Some(' '),
                _ => {
                    let code = match entity.strip_prefix('#') {
                        Some(hex) if hex.starts_with(['x', 'X']) => u32::from_str_radix(&hex[1..], 16).ok(),
                        Some(dec) => dec.parse().ok(),
                        None => None,
                    };
                    code.and_then(char::from_u32)
                }
            };
            ch.map(|c| (c, end + 2))
        });
        match decoded {
            // `&#0;` is read and dropped: PostgreSQL cannot store a NUL.
            Some(('\0', len)) => rest = &rest[len..],
            Some((c, len)) => {
                out.push(c);
                rest = &rest[len..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

pub(crate) fn parse(text: &str) -> Result<ParsedStatement, StatementError> {
    let (mut in_statement, mut in_list) = (false, false);
    let mut statement_currency: Option<String> = None;
    let mut current: Option<Transaction> = None;
    let mut rows = Vec::new();
    let mut problems = Vec::new();
    let mut finish = |txn: Option<Transaction>, rows: &mut Vec<StatementRow>| -> Result<(), StatementError> {
        let Some(txn) = txn else { return Ok(()) };
        if rows.len() + problems.len() >= MAX_ROWS {
            return Err(StatementError::TooManyRows);
        }
        let line = txn.line;
        match txn.into_row() {
            Ok(row) => rows.push(row),
            Err(message) => problems.push(RowProblem { line, message }),
        }
        Ok(())
    };
    for tag in tags(text) {
        let name = tag.name.to_ascii_uppercase();
        match (name.as_str(), tag.closing) {
            ("STMTRS" | "CCSTMTRS", closing) => {
                in_statement = !closing;
                in_list = false;
                statement_currency = None;
                finish(current.take(), &mut rows)?;
            }
            ("CURDEF", false) if in_statement && current.is_none() => {
                statement_currency = Some(decode_entities(tag.value)).filter(|c| !c.is_empty());
            }
            ("BANKTRANLIST", closing) => {
                in_list = in_statement && !closing;
                finish(current.take(), &mut rows)?;
            }
            ("STMTTRN", false) if in_list => {
                finish(current.take(), &mut rows)?;
                current = Some(Transaction {
                    line: tag.line,
                    statement_currency: statement_currency.clone(),
                    ..Transaction::default()
                });
            }
            ("STMTTRN", true) => finish(current.take(), &mut rows)?,
            ("CURRENCY" | "ORIGCURRENCY", closing) => {
                if let Some(txn) = current.as_mut() {
                    txn.aggregate = match (closing, name.as_str()) {
                        (true, _) => None,
                        (false, "CURRENCY") => Some(CurrencyAggregate::Currency),
                        (false, _) => Some(CurrencyAggregate::Original),
                    };
                }
            }
            ("CURSYM", false) => {
                if let Some(txn) = current.as_mut().filter(|t| t.aggregate == Some(CurrencyAggregate::Currency)) {
                    txn.currency = Some(decode_entities(tag.value)).filter(|c| !c.is_empty());
                }
            }
            (field, false) => {
                let Some(txn) = current.as_mut() else { continue };
                let slot = match field {
                    "DTPOSTED" => &mut txn.posted,
                    "TRNAMT" => &mut txn.amount,
                    "FITID" => &mut txn.fitid,
                    "NAME" => &mut txn.name,
                    "MEMO" => &mut txn.memo,
                    "TRNTYPE" => &mut txn.kind,
                    _ => continue,
                };
                if slot.is_none() && !tag.value.is_empty() {
                    *slot = Some(decode_entities(tag.value));
                }
            }
            _ => {}
        }
    }
    finish(current.take(), &mut rows)?;
    Ok(ParsedStatement {
        format: StatementFormat::Ofx,
        preset: "ofx".into(),
        columns: Vec::new(),
        mapping: None,
        needs_mapping: false,
        rows,
        problems,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entities_are_decoded_and_unknown_ones_kept() {
        assert_eq!(
            decode_entities("M&amp;S &lt;London&gt; &#163;5 &#xA3;6 &copy; & a;"),
            "M&S <London> £5 £6 &copy; & a;"
        );
        assert_eq!(decode_entities("&#xZZ; &#99999999;"), "&#xZZ; &#99999999;");
    }

    #[test]
    fn ofx_dates_keep_the_written_day() {
        let day = NaiveDate::from_ymd_opt(2026, 1, 31);
        for raw in ["20260131", "20260131235959", "20260131120000.000[-5:EST]", "20260131000000[+1:CET]"] {
            assert_eq!(parse_ofx_date(raw), day, "{raw}");
        }
        for raw in ["2026013", "2026-01-31", "20260231", "abcdefgh", "２０２６0131"] {
            assert_eq!(parse_ofx_date(raw), None, "{raw}");
        }
    }

    #[test]
    fn detection_needs_an_ofx_header_or_tag() {
        assert!(detect("OFXHEADER:100\nDATA:OFXSGML\n"));
        assert!(detect("<?xml version=\"1.0\"?>\n<?OFX OFXHEADER=\"200\"?>\n<OFX>"));
        assert!(detect("\n\n<OFX>\n<SIGNONMSGSRSV1>"));
        assert!(!detect("<html><body>statement</body></html>"));
        assert!(!detect("Date,Amount\n"));
    }

    #[test]
    fn a_comment_or_an_unclosed_tag_at_the_end_does_not_stop_the_reader() {
        let text = "<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKTRANLIST><!-- a > b --><STMTTRN><DTPOSTED>20260105<TRNAMT>-1.00<NAME>A\n<STMTTRN><DTPOSTED>20260106<TRNAMT>2.00<NAME>B<";
        let parsed = parse(text).unwrap();
        let rows: Vec<_> = parsed.rows.iter().map(|r| (r.line, r.description.as_str(), r.amount.pence())).collect();
        assert_eq!(rows, [(1, "A", -100), (2, "B", 200)]);
    }
}
