//! Reading one cell's date or amount, and guessing a column's date format from all its values.

use chrono::NaiveDate;
use domain::money::MAX_AMOUNT;
use domain::{Money, MoneyParseError};
use ports::statements::DateFormat;

/// Why a cell is not an amount. Each becomes a row problem quoting the cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum AmountError {
    Invalid,
    TooManyDecimals,
    TooLarge,
}

impl AmountError {
    pub(crate) fn message(self, raw: &str) -> String {
        match self {
            AmountError::Invalid => format!("Invalid amount '{raw}'"),
            AmountError::TooManyDecimals => format!("Amount has more than 2 decimal places '{raw}'"),
            AmountError::TooLarge => format!("Amount is more than £999,999.99 '{raw}'"),
        }
    }
}

/// Reads an amount as UK banks write it: `1234.56`, `£1,234.56`, `-£5.00`, `£-5.00`, `+12.34`,
/// `(12.34)` (negative), `12.34 CR` / `12.34CR` (positive), `12.34 DR` (negative), `12.34-`
/// (negative). An empty cell is `Ok(None)`. Decimal commas (`12,34`) are refused: no UK bank
/// writes them, and reading `1,234` as £1.23 or £1,234 by guess risks a hundredfold error.
pub(crate) fn parse_amount(raw: &str) -> Result<Option<Money>, AmountError> {
    let compact: String = raw.chars().filter(|c| !c.is_whitespace()).collect();
    if compact.is_empty() {
        return Ok(None);
    }
    let mut text = compact.as_str();
    let mut force_sign = None;
    let upper_tail = text.get(text.len().saturating_sub(2)..).map(str::to_ascii_uppercase);
    match upper_tail.as_deref() {
        Some("CR") => {
            force_sign = Some(1);
            text = &text[..text.len() - 2];
        }
        Some("DR") => {
            force_sign = Some(-1);
            text = &text[..text.len() - 2];
        }
        _ => {}
    }
    let mut negate = false;
    if let Some(inner) = text.strip_prefix('(').and_then(|t| t.strip_suffix(')')) {
        negate = true;
        text = inner;
    }
    if let Some(inner) = text.strip_suffix('-') {
        if !inner.starts_with('-') {
            negate = !negate;
            text = inner;
        }
    }
    let money = Money::parse(text).map_err(|e| match e {
        MoneyParseError::NotANumber => AmountError::Invalid,
        MoneyParseError::TooManyDecimals => AmountError::TooManyDecimals,
        MoneyParseError::TooLarge => AmountError::TooLarge,
    })?;
    if money.abs() > MAX_AMOUNT {
        return Err(AmountError::TooLarge);
    }
    let money = match force_sign {
        Some(1) => money.abs(),
        Some(_) => -money.abs(),
        None => money,
    };
    Ok(Some(if negate { -money } else { money }))
}

/// Where a statement says which currency its amounts are in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Written {
    /// For the whole statement: OFX's CURDEF, a CSV amount column named like 'Amount (EUR)'.
    Statement,
    /// On the row: OFX's `CURRENCY` aggregate, a CSV currency column.
    Row,
}

/// The problem of amounts in `code` when it is not pounds sterling: `None` for GBP, '£' or
/// nothing written; else the message naming the code (as written, upper case, at most 12
/// characters so a hostile cell cannot make a long message).
pub(crate) fn not_pounds(code: &str, written: Written) -> Option<String> {
    let code = code.trim();
    if code.is_empty() || code.eq_ignore_ascii_case("GBP") || code == "£" {
        return None;
    }
    let code: String = code.chars().take(12).collect::<String>().to_uppercase();
    let what = match written {
        Written::Statement => "statement",
        Written::Row => "row",
    };
    Some(format!("This {what} is in {code}; MySpending records pounds sterling only"))
}

/// The currency a column's name gives its amounts: `EUR` for 'Amount (EUR)', 'Paid in (£)' is
/// pounds; `None` when the name says nothing.
pub(crate) fn currency_in_name(name: &str) -> Option<&str> {
    let inner = name.trim().strip_suffix(')')?.rsplit_once('(')?.1.trim();
    (inner.len() == 3 && inner.bytes().all(|b| b.is_ascii_alphabetic())).then_some(inner)
}

/// The shape of one date cell, before the column's format is known.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shape {
    /// 2026-01-31
    YearFirst,
    /// 31/01/2026 or 01/31/2026: the first two numbers.
    Numeric(u32, u32),
    /// 31 Jan 2026
    MonthName,
}

fn shape(raw: &str) -> Option<Shape> {
    if let Some([a, b, _]) = numeric_parts(raw) {
        return Some(if a.len() == 4 { Shape::YearFirst } else { Shape::Numeric(a.parse().ok()?, b.parse().ok()?) });
    }
    named_parts(raw).map(|_| Shape::MonthName)
}

/// Picks the format that reads a column: looks at every value, prefers the UK day-first order,
/// and takes month-first only when some first number is over 12 and no second one is.
pub(crate) fn detect_format<'a>(values: impl IntoIterator<Item = &'a str>) -> Option<DateFormat> {
    let (mut year_first, mut numeric, mut named) = (0usize, 0usize, 0usize);
    let (mut first_over_12, mut second_over_12) = (false, false);
    for value in values {
        match shape(value) {
            Some(Shape::YearFirst) => year_first += 1,
            Some(Shape::Numeric(a, b)) => {
                numeric += 1;
                first_over_12 |= a > 12;
                second_over_12 |= b > 12;
            }
            Some(Shape::MonthName) => named += 1,
            None => {}
        }
    }
    let most = year_first.max(numeric).max(named);
    if most == 0 {
        None
    } else if numeric == most {
        Some(if second_over_12 && !first_over_12 { DateFormat::MonthDayYear } else { DateFormat::DayMonthYear })
    } else if year_first == most {
        Some(DateFormat::YearMonthDay)
    } else {
        Some(DateFormat::DayMonthNameYear)
    }
}

/// Reads a date written in `format`; anything after the date (a time, a zone) is ignored.
pub(crate) fn parse_date(raw: &str, format: DateFormat) -> Option<NaiveDate> {
    let (day, month, year) = match format {
        DateFormat::DayMonthNameYear => named_parts(raw)?,
        numeric => {
            let [a, b, c] = numeric_parts(raw)?;
            let n = |s: &str| s.parse::<u32>().ok();
            match numeric {
                DateFormat::YearMonthDay if a.len() == 4 => (n(c)?, n(b)?, full_year(a)?),
                DateFormat::DayMonthYear if a.len() <= 2 => (n(a)?, n(b)?, full_year(c)?),
                DateFormat::MonthDayYear if a.len() <= 2 => (n(b)?, n(a)?, full_year(c)?),
                _ => return None,
            }
        }
    };
    NaiveDate::from_ymd_opt(year, month, day)
}

/// The three numbers of `31/01/2026`, `31-01-26`, `31.01.2026`, `2026-01-31T10:00Z`, `1/2'05`.
fn numeric_parts(raw: &str) -> Option<[&str; 3]> {
    let raw = raw.trim();
    let end = raw.find(|c: char| !(c.is_ascii_digit() || matches!(c, '/' | '-' | '.' | '\''))).unwrap_or(raw.len());
    let date = &raw[..end];
    let mut split = date.split(['/', '-', '.', '\'']);
    let parts = [split.next()?, split.next()?, split.next()?];
    if split.next().is_some() {
        return None;
    }
    let [a, b, c] = parts;
    let short = |s: &str| (1..=2).contains(&s.len());
    let ok = if a.len() == 4 { short(b) && short(c) } else { short(a) && short(b) && matches!(c.len(), 2 | 4) };
    ok.then_some(parts)
}

/// Day, month and year of `31 Jan 2026`, `31-Jan-26`, `31 January 2026 10:15`, `1 Sept 2026`.
fn named_parts(raw: &str) -> Option<(u32, u32, i32)> {
    let mut tokens = raw.trim().split([' ', '-', '/']).filter(|t| !t.is_empty());
    let day = tokens.next()?;
    let month = tokens.next()?;
    let year = tokens.next()?.trim_end_matches(',');
    if !(1..=2).contains(&day.len()) || !day.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if !matches!(year.len(), 2 | 4) {
        return None;
    }
    Some((day.parse().ok()?, month_number(month)?, full_year(year)?))
}

fn month_number(name: &str) -> Option<u32> {
    const MONTHS: [&str; 12] = [
        "january",
        "february",
        "march",
        "april",
        "may",
        "june",
        "july",
        "august",
        "september",
        "october",
        "november",
        "december",
    ];
    let lower = name.trim_end_matches('.').to_ascii_lowercase();
    if lower.len() < 3 {
        return None;
    }
    let found = MONTHS.iter().position(|m| m.starts_with(&lower)).or_else(|| (lower == "sept").then_some(8))?;
    Some(found as u32 + 1)
}

/// A year of two digits is in this century (bank exports hold no dates before 2000).
fn full_year(raw: &str) -> Option<i32> {
    if !raw.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let year: i32 = raw.parse().ok()?;
    match raw.len() {
        2 => Some(2000 + year),
        4 if (1900..=2200).contains(&year) => Some(year),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(y: i32, m: u32, d: u32) -> Option<NaiveDate> {
        NaiveDate::from_ymd_opt(y, m, d)
    }

    #[test]
    fn every_written_date_form_is_read() {
        use DateFormat::*;
        let cases = [
            ("31/01/2026", DayMonthYear, date(2026, 1, 31)),
            ("31-01-2026", DayMonthYear, date(2026, 1, 31)),
            ("31.01.2026", DayMonthYear, date(2026, 1, 31)),
            ("1/2/26", DayMonthYear, date(2026, 2, 1)),
            ("31/01/2026 10:15", DayMonthYear, date(2026, 1, 31)),
            ("01/31/2026", MonthDayYear, date(2026, 1, 31)),
            ("2026-01-31", YearMonthDay, date(2026, 1, 31)),
            ("2026-01-31T10:15:00Z", YearMonthDay, date(2026, 1, 31)),
            ("2026-01-31 10:15:00", YearMonthDay, date(2026, 1, 31)),
            ("31-Jan-2026", DayMonthNameYear, date(2026, 1, 31)),
            ("31 Jan 2026", DayMonthNameYear, date(2026, 1, 31)),
            ("31 Jan 26", DayMonthNameYear, date(2026, 1, 31)),
            ("07-Nov-25", DayMonthNameYear, date(2025, 11, 7)),
            ("12 August 2026", DayMonthNameYear, date(2026, 8, 12)),
            ("3 Sept 2026", DayMonthNameYear, date(2026, 9, 3)),
            ("1/2'05", DayMonthYear, date(2005, 2, 1)),
        ];
        for (raw, format, expected) in cases {
            assert_eq!(parse_date(raw, format), expected, "{raw}");
        }
    }

    #[test]
    fn impossible_and_misformatted_dates_are_refused() {
        use DateFormat::*;
        for (raw, format) in [
            ("31/02/2026", DayMonthYear),
            ("13/13/2026", DayMonthYear),
            ("2026-01-31", DayMonthYear),
            ("31/01/2026", YearMonthDay),
            ("31 Foo 2026", DayMonthNameYear),
            ("Total", DayMonthYear),
            ("", DayMonthYear),
            ("31/01/202", DayMonthYear),
            ("31/01/0001", DayMonthYear),
            ("1/2/3/4", DayMonthYear),
        ] {
            assert_eq!(parse_date(raw, format), None, "{raw}");
        }
    }

    #[test]
    fn day_first_is_preferred_and_month_first_needs_proof() {
        use DateFormat::*;
        assert_eq!(detect_format(["01/02/2026", "03/04/2026"]), Some(DayMonthYear));
        assert_eq!(detect_format(["01/02/2026", "31/01/2026"]), Some(DayMonthYear));
        assert_eq!(detect_format(["01/02/2026", "01/31/2026"]), Some(MonthDayYear));
        assert_eq!(detect_format(["13/01/2026", "01/31/2026"]), Some(DayMonthYear));
        assert_eq!(detect_format(["2026-01-31", "2026-02-01", "Total"]), Some(YearMonthDay));
        assert_eq!(detect_format(["14 Jul 2026", "15 Jul 2026"]), Some(DayMonthNameYear));
        assert_eq!(detect_format(["Total", ""]), None);
    }

    #[test]
    fn every_written_amount_form_is_read() {
        let cases = [
            ("12.34", 1234),
            ("-12.34", -1234),
            ("+12.34", 1234),
            ("£1,234.56", 123_456),
            ("-£5.00", -500),
            ("£-5.00", -500),
            ("(12.34)", -1234),
            ("12.34 CR", 1234),
            ("12.34CR", 1234),
            ("12.34 DR", -1234),
            ("12.34dr", -1234),
            ("-12.34 CR", 1234),
            ("12.34-", -1234),
            ("5", 500),
            ("5.5", 550),
            (".5", 50),
            ("12.340", 1234),
            (" £ 7.50 ", 750),
            ("999999.99", 99_999_999),
        ];
        for (raw, pence) in cases {
            assert_eq!(parse_amount(raw), Ok(Some(Money::from_pence(pence))), "{raw}");
        }
    }

    #[test]
    fn only_pounds_pass_and_other_codes_are_named() {
        for code in ["GBP", "gbp", " GBP ", "£", ""] {
            assert_eq!(not_pounds(code, Written::Row), None, "{code}");
        }
        assert_eq!(
            not_pounds("USD", Written::Statement).as_deref(),
            Some("This statement is in USD; MySpending records pounds sterling only")
        );
        assert_eq!(
            not_pounds(" eur", Written::Row).as_deref(),
            Some("This row is in EUR; MySpending records pounds sterling only")
        );
        assert_eq!(not_pounds(&"x".repeat(4000), Written::Row).map(|m| m.len()), Some(68));
        assert_eq!(currency_in_name("Amount (EUR)"), Some("EUR"));
        assert_eq!(currency_in_name("Amount (GBP)"), Some("GBP"));
        assert_eq!(currency_in_name("Paid in (£)"), None);
        assert_eq!(currency_in_name("Amount"), None);
    }

    #[test]
    fn bad_amounts_say_why() {
        assert_eq!(parse_amount(""), Ok(None));
        assert_eq!(parse_amount("   "), Ok(None));
        for raw in ["abc", "1.234,56", "12,34", "1,00", "12.34.56", "£", "-", "1e5", "CR"] {
            assert_eq!(parse_amount(raw), Err(AmountError::Invalid), "{raw}");
        }
        assert_eq!(parse_amount("12.345"), Err(AmountError::TooManyDecimals));
        assert_eq!(parse_amount("1000000.00"), Err(AmountError::TooLarge));
        assert_eq!(parse_amount("99999999999999999999"), Err(AmountError::TooLarge));
    }
}
