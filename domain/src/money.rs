//! Money as integer pence. Parsing reads decimal text exactly; nothing here uses floating point.

use std::fmt;
use std::iter::Sum;
use std::ops::{Add, AddAssign, Neg, Sub};

use crate::ValidationError;

/// An amount of pounds sterling, held as a whole number of pence.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Money(i64);

/// Why a decimal text is not an amount.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoneyParseError {
    /// Not a plain decimal number (letters, two points, an exponent, empty…).
    NotANumber,
    /// More than two digits after the decimal point.
    TooManyDecimals,
    /// Does not fit in pence as an `i64` (far beyond any bound the product sets).
    TooLarge,
}

impl Money {
    pub const ZERO: Money = Money(0);

    pub const fn from_pence(pence: i64) -> Self {
        Money(pence)
    }

    pub const fn pence(self) -> i64 {
        self.0
    }

    pub const fn abs(self) -> Self {
        Money(self.0.abs())
    }

    pub const fn is_negative(self) -> bool {
        self.0 < 0
    }

    pub const fn is_positive(self) -> bool {
        self.0 > 0
    }

    /// Parses decimal text exactly, as people type it: `12`, `12.3`, `-0.05`, `+7.50`, and with
    /// a pound sign and thousands separators, `£1,234.56`, `-£12.50`. A comma only separates
    /// groups of three digits in the pounds (`1,00` is not a number: it may be someone's
    /// decimal comma, and misreading it as £100 would be worse than asking again).
    pub fn parse(raw: &str) -> Result<Self, MoneyParseError> {
        let (negative, digits) = unsigned(raw.trim());
        let (negative, digits) = match digits.strip_prefix('£') {
            Some(rest) if !negative && !raw.trim().starts_with('+') => unsigned(rest),
            Some(rest) => (negative, rest),
            None => (negative, digits),
        };
        let (whole, fraction) = match digits.split_once('.') {
            Some((w, f)) => (w, f),
            None => (digits, ""),
        };
        let whole = ungroup(whole).ok_or(MoneyParseError::NotANumber)?;
        let whole = whole.as_str();
        let all_digits = |p: &str| p.bytes().all(|b| b.is_ascii_digit());
        if (whole.is_empty() && fraction.is_empty()) || !all_digits(whole) || !all_digits(fraction) {
            return Err(MoneyParseError::NotANumber);
        }
        let fraction = fraction.trim_end_matches('0');
        if fraction.len() > 2 {
            return Err(MoneyParseError::TooManyDecimals);
        }
        let whole = whole.trim_start_matches('0');
        if whole.len() > 16 {
            return Err(MoneyParseError::TooLarge);
        }
        let pounds: i64 = if whole.is_empty() { 0 } else { whole.parse().map_err(|_| MoneyParseError::TooLarge)? };
        let pence_part: i64 = match fraction.len() {
            0 => 0,
            1 => fraction.parse::<i64>().expect("one digit") * 10,
            _ => fraction.parse::<i64>().expect("two digits"),
        };
        let pence = pounds.checked_mul(100).and_then(|p| p.checked_add(pence_part)).ok_or(MoneyParseError::TooLarge)?;
        Ok(Money(if negative { -pence } else { pence }))
    }

    /// The plain decimal form with two places, as sent on the wire: `1234.50`, `-0.05`.
    pub fn to_decimal_string(self) -> String {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        format!("{sign}{}.{:02}", abs / 100, abs % 100)
    }

    /// The en-GB display form: `£1,234.56`, `-£5.00`.
    pub fn format_gbp(self) -> String {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        let pounds = (abs / 100).to_string();
        let mut grouped = String::with_capacity(pounds.len() + pounds.len() / 3);
        for (i, c) in pounds.chars().enumerate() {
            if i > 0 && (pounds.len() - i).is_multiple_of(3) {
                grouped.push(',');
            }
            grouped.push(c);
        }
        format!("{sign}£{grouped}.{:02}", abs % 100)
    }

    pub fn checked_add(self, other: Money) -> Option<Money> {
        self.0.checked_add(other.0).map(Money)
    }
}

impl fmt::Display for Money {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.format_gbp())
    }
}

impl Add for Money {
    type Output = Money;
    fn add(self, rhs: Money) -> Money {
        Money(self.0 + rhs.0)
    }
}

impl AddAssign for Money {
    fn add_assign(&mut self, rhs: Money) {
        self.0 += rhs.0;
    }
}

impl Sub for Money {
    type Output = Money;
    fn sub(self, rhs: Money) -> Money {
        Money(self.0 - rhs.0)
    }
}

impl Neg for Money {
    type Output = Money;
    fn neg(self) -> Money {
        Money(-self.0)
    }
}

impl Sum for Money {
    fn sum<I: Iterator<Item = Money>>(iter: I) -> Money {
        iter.fold(Money::ZERO, Add::add)
    }
}

/// A leading `-` or `+`, and the rest.
fn unsigned(s: &str) -> (bool, &str) {
    match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    }
}

/// The digits of whole pounds without thousands separators: `1,234,567` → `1234567`; `None`
/// when commas are not between groups of three digits (`1,00`, `,5`, `12,34`).
fn ungroup(whole: &str) -> Option<String> {
    if !whole.contains(',') {
        return Some(whole.to_owned());
    }
    let mut groups = whole.split(',');
    let first = groups.next()?;
    let digits = |g: &str| g.bytes().all(|b| b.is_ascii_digit());
    if first.is_empty() || first.len() > 3 || !digits(first) {
        return None;
    }
    let mut out = first.to_owned();
    for group in groups {
        if group.len() != 3 || !digits(group) {
            return None;
        }
        out.push_str(group);
    }
    Some(out)
}

/// The largest amount any form accepts: £999,999.99.
pub const MAX_AMOUNT: Money = Money::from_pence(99_999_999);

/// Parses an amount field's decimal text, with the field's own not-a-number message.
pub fn parse_amount(raw: &str, field: &'static str, not_a_number: &str) -> Result<Money, ValidationError> {
    Money::parse(raw).map_err(|e| match e {
        MoneyParseError::NotANumber => ValidationError::new(field, not_a_number),
        MoneyParseError::TooManyDecimals => {
            ValidationError::new(field, "Amount cannot have more than 2 decimal places")
        }
        MoneyParseError::TooLarge => ValidationError::new(field, "Amount cannot exceed £999,999.99"),
    })
}

/// '0.001', '.0099', '£0.004': more than zero but less than a penny.
pub fn below_a_penny(raw: &str) -> bool {
    let s = raw.trim_start_matches('+').trim_start_matches('£');
    let Some((whole, fraction)) = s.split_once('.') else { return false };
    whole.chars().all(|c| c == '0')
        && fraction.starts_with("00")
        && fraction.chars().all(|c| c.is_ascii_digit())
        && fraction.chars().any(|c| c != '0')
}

/// `part / whole` in tenths of a percent, rounded half away from zero; 0 when `whole` is 0.
pub fn permille(part: i64, whole: i64) -> i64 {
    if whole == 0 {
        return 0;
    }
    let scaled = i128::from(part) * 1000;
    let whole = i128::from(whole);
    let rounded = (2 * scaled + whole.signum() * scaled.signum() * whole.abs()) / (2 * whole);
    i64::try_from(rounded).unwrap_or(i64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn decimal_text_parses_exactly() {
        let cases = [
            ("0", 0),
            ("12", 1200),
            ("12.3", 1230),
            ("12.30", 1230),
            ("12.34", 1234),
            ("0.1", 10),
            ("0.01", 1),
            (".5", 50),
            ("5.", 500),
            ("-0.05", -5),
            ("+7.50", 750),
            ("999999.99", 99_999_999),
            ("1.230000", 123),
            ("  3.20 ", 320),
        ];
        for (input, pence) in cases {
            assert_eq!(Money::parse(input), Ok(Money::from_pence(pence)), "input {input:?}");
        }
    }

    #[test]
    fn a_pound_sign_and_thousands_separators_are_read() {
        for (input, pence) in [("£1,234.56", 123_456), ("-£12.50", -1_250), ("1,000", 100_000), ("£0.5", 50)] {
            assert_eq!(Money::parse(input), Ok(Money::from_pence(pence)), "input {input:?}");
        }
    }

    #[test]
    fn non_numbers_and_extra_decimals_are_refused() {
        for bad in ["", "-", ".", "abc", "1.2.3", "1,00", "1e5", "NaN", "inf", "--1", "1 000", "5£", "£", "$5"] {
            assert_eq!(Money::parse(bad), Err(MoneyParseError::NotANumber), "input {bad:?}");
        }
        assert_eq!(Money::parse("1.005"), Err(MoneyParseError::TooManyDecimals));
        assert_eq!(Money::parse("99999999999999999999"), Err(MoneyParseError::TooLarge));
    }

    #[test]
    fn tenths_add_up_exactly() {
        let sum = Money::parse("0.10").unwrap() + Money::parse("0.20").unwrap();
        assert_eq!(sum, Money::parse("0.30").unwrap());
        assert_eq!(sum.to_decimal_string(), "0.30");
    }

    #[test]
    fn gbp_formatting_groups_thousands() {
        let cases = [
            (0, "£0.00"),
            (5, "£0.05"),
            (123_456, "£1,234.56"),
            (-500, "-£5.00"),
            (100_000_000, "£1,000,000.00"),
            (99_999_999, "£999,999.99"),
        ];
        for (pence, text) in cases {
            assert_eq!(Money::from_pence(pence).format_gbp(), text);
        }
    }

    proptest! {
        #[test]
        fn the_wire_form_round_trips(pence in -10_000_000_000_000i64..10_000_000_000_000i64) {
            let money = Money::from_pence(pence);
            prop_assert_eq!(Money::parse(&money.to_decimal_string()), Ok(money));
        }

        #[test]
        fn sums_are_exact_and_order_free(amounts in proptest::collection::vec(-99_999_999i64..99_999_999, 0..200)) {
            let forward: Money = amounts.iter().map(|p| Money::from_pence(*p)).sum();
            let backward: Money = amounts.iter().rev().map(|p| Money::from_pence(*p)).sum();
            prop_assert_eq!(forward, backward);
            prop_assert_eq!(forward.pence(), amounts.iter().sum::<i64>());
        }

        #[test]
        fn shortest_float_text_of_a_two_place_amount_parses_to_it(pence in -99_999_999i64..99_999_999) {
            // What a JSON client sends: the shortest decimal text of the nearest double.
            let as_float_text = format!("{}", pence as f64 / 100.0);
            prop_assert_eq!(Money::parse(&as_float_text), Ok(Money::from_pence(pence)));
        }
    }

    #[test]
    fn permille_rounds_half_away_from_zero() {
        assert_eq!(permille(1, 3), 333);
        assert_eq!(permille(2, 3), 667);
        assert_eq!(permille(1, 8), 125);
        assert_eq!(permille(-1, 8), -125);
        assert_eq!(permille(5, 0), 0);
    }
}
