//! The error every parser in this crate returns.

use std::fmt;

/// A rule from the spec was broken. `message` is the exact text the user sees.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidationError {
    /// The wire name of the offending field (`email`, `password`, …).
    pub field: &'static str,
    /// The spec's message for the broken rule.
    pub message: String,
}

impl ValidationError {
    pub fn new(field: &'static str, message: impl Into<String>) -> Self {
        Self { field, message: message.into() }
    }
}

impl fmt::Display for ValidationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ValidationError {}

/// A whole number sent as text (a query value, or a JSON number or string kept as text):
/// `None` when absent or blank, otherwise the number, or `message` when it is not one.
pub fn whole_number(raw: Option<&str>, field: &'static str, message: &str) -> Result<Option<i64>, ValidationError> {
    match raw.map(str::trim).filter(|s| !s.is_empty()) {
        None => Ok(None),
        Some(s) => s.parse::<i64>().map(Some).map_err(|_| ValidationError::new(field, message)),
    }
}

/// How many months an analytics screen looks back over, as its query sends it: 6 when absent or
/// blank, otherwise one of `ranges`; anything else (not a whole number, or no range) is refused
/// with `message`, which names the ranges.
pub fn months_range(raw: Option<&str>, ranges: &[u32], message: &str) -> Result<u32, ValidationError> {
    let months = whole_number(raw, "months", message)?.unwrap_or(6);
    u32::try_from(months).ok().filter(|m| ranges.contains(m)).ok_or_else(|| ValidationError::new("months", message))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_whole_number_is_read_from_text_and_blank_is_absent() {
        assert_eq!(whole_number(None, "n", "bad"), Ok(None));
        assert_eq!(whole_number(Some("  "), "n", "bad"), Ok(None));
        assert_eq!(whole_number(Some(" 12 "), "n", "bad"), Ok(Some(12)));
        assert_eq!(whole_number(Some("-3"), "n", "bad"), Ok(Some(-3)));
        for wrong in ["1.5", "twelve", "1e3", "99999999999999999999"] {
            assert_eq!(whole_number(Some(wrong), "n", "bad").unwrap_err().message, "bad", "{wrong}");
        }
    }

    #[test]
    fn a_range_of_months_is_six_unless_one_of_the_screens_ranges_is_asked_for() {
        let months = |raw: Option<&str>| months_range(raw, &[3, 6, 12], "Months must be 3, 6 or 12");
        assert_eq!(months(None), Ok(6));
        assert_eq!(months(Some(" ")), Ok(6));
        assert_eq!(months(Some("12")), Ok(12));
        for wrong in ["24", "0", "-6", "six", "3.0", "99999999999999999999"] {
            assert_eq!(months(Some(wrong)).unwrap_err().message, "Months must be 3, 6 or 12", "{wrong}");
        }
    }
}
