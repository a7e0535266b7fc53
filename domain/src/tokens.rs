//! Personal access tokens: what one may be called, what it may do, when it stops working, and
//! what its secret looks like. A token acts as its member, with their role and visibility; its
//! scope can only narrow that.

use chrono::{DateTime, Days, NaiveDate, TimeZone, Utc};
use chrono_tz::Europe::London;

use crate::ValidationError;

/// What every secret starts with, so it is recognised on sight (in a header, a log, a leak scan).
pub const TOKEN_PREFIX: &str = "msp_";

/// How many random hex characters follow the prefix (256 bits).
pub const SECRET_HEX_LEN: usize = 64;

/// Longest token name, in characters.
pub const NAME_MAX: usize = 50;

/// Whether `raw` has the shape of a personal token (`msp_` and 64 lowercase hex characters):
/// anything else is refused without a lookup.
pub fn looks_like_token(raw: &str) -> bool {
    raw.strip_prefix(TOKEN_PREFIX).is_some_and(|hex| {
        hex.len() == SECRET_HEX_LEN && hex.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
    })
}

/// What a token may do: read only, or read and write (as far as its member's role allows).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenScope {
    Read,
    Write,
}

impl TokenScope {
    /// `read` or `write`; anything else (or nothing) is refused.
    pub fn parse(raw: Option<&str>) -> Result<Self, ValidationError> {
        match raw.map(str::trim) {
            Some("read") => Ok(TokenScope::Read),
            Some("write") => Ok(TokenScope::Write),
            _ => Err(ValidationError::new("scope", "Scope must be 'read' or 'write'")),
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            TokenScope::Read => "read",
            TokenScope::Write => "write",
        }
    }

    /// Whether requests that change something (POST, PUT, PATCH, DELETE) are allowed.
    pub fn writes(self) -> bool {
        self == TokenScope::Write
    }
}

/// A token's name: trimmed, 1 to 50 characters, no control characters (as every name).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenName(String);

impl TokenName {
    pub fn parse(raw: Option<&str>) -> Result<Self, ValidationError> {
        let name = raw.unwrap_or_default().trim();
        if name.is_empty() {
            return Err(ValidationError::new("name", "Token name is required"));
        }
        if name.chars().count() > NAME_MAX {
            return Err(ValidationError::new("name", "Token name must be at most 50 characters"));
        }
        if name.chars().any(char::is_control) {
            return Err(ValidationError::new("name", "Token name cannot contain control characters"));
        }
        Ok(Self(name.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_inner(self) -> String {
        self.0
    }
}

/// When a token stops working: an instant (RFC 3339), or a day (`YYYY-MM-DD`, valid to the end
/// of that day in London). It must be after `now`; none means it never expires.
pub fn parse_expiry(raw: Option<&str>, now: DateTime<Utc>) -> Result<Option<DateTime<Utc>>, ValidationError> {
    let Some(raw) = raw.map(str::trim).filter(|s| !s.is_empty()) else {
        return Ok(None);
    };
    let at = if let Ok(day) = NaiveDate::parse_from_str(raw, "%Y-%m-%d") {
        end_of_london_day(day)
    } else if let Ok(instant) = DateTime::parse_from_rfc3339(raw) {
        Some(instant.with_timezone(&Utc))
    } else {
        None
    };
    let at = at.ok_or_else(|| ValidationError::new("expiresAt", "Expiry must be a valid date"))?;
    if at <= now {
        return Err(ValidationError::new("expiresAt", "Expiry must be in the future"));
    }
    Ok(Some(at))
}

/// The first instant of the London day after `day`.
fn end_of_london_day(day: NaiveDate) -> Option<DateTime<Utc>> {
    let next = day.checked_add_days(Days::new(1))?.and_hms_opt(0, 0, 0)?;
    London.from_local_datetime(&next).earliest().map(|t| t.with_timezone(&Utc))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
    }

    #[test]
    fn a_token_has_the_prefix_and_sixty_four_lowercase_hex_characters() {
        let hex = "0123456789abcdef".repeat(4);
        assert!(looks_like_token(&format!("msp_{hex}")));
        for bad in [
            hex.clone(),
            format!("msp_{}", &hex[1..]),
            format!("msp_{hex}0"),
            format!("msp_{}", hex.to_uppercase()),
            "msp_".into(),
        ] {
            assert!(!looks_like_token(&bad), "{bad}");
        }
    }

    #[test]
    fn names_are_trimmed_and_between_one_and_fifty_characters() {
        assert_eq!(TokenName::parse(Some("  Spreadsheet ")).unwrap().as_str(), "Spreadsheet");
        assert_eq!(TokenName::parse(Some(&"é".repeat(50))).unwrap().as_str().chars().count(), 50);
        let cases = [(None, "Token name is required"), (Some("   "), "Token name is required")];
        for (raw, message) in cases {
            assert_eq!(TokenName::parse(raw).unwrap_err().message, message);
        }
        assert_eq!(
            TokenName::parse(Some(&"a".repeat(51))).unwrap_err().message,
            "Token name must be at most 50 characters"
        );
        assert_eq!(
            TokenName::parse(Some("Sheet\nimport")).unwrap_err().message,
            "Token name cannot contain control characters"
        );
    }

    #[test]
    fn the_scope_is_read_or_write() {
        assert_eq!(TokenScope::parse(Some("read")).unwrap(), TokenScope::Read);
        assert!(TokenScope::parse(Some("write")).unwrap().writes());
        for bad in [None, Some(""), Some("admin"), Some("READ")] {
            assert_eq!(TokenScope::parse(bad).unwrap_err().message, "Scope must be 'read' or 'write'");
        }
    }

    #[test]
    fn an_expiry_day_lasts_to_the_end_of_that_london_day_and_must_be_in_the_future() {
        let now = at("2026-06-14T12:00:00Z");
        assert_eq!(parse_expiry(None, now).unwrap(), None);
        assert_eq!(parse_expiry(Some(""), now).unwrap(), None);
        // British Summer Time: the 15th ends at 23:00 UTC.
        assert_eq!(parse_expiry(Some("2026-06-15"), now).unwrap(), Some(at("2026-06-15T23:00:00Z")));
        // Today still counts: it ends tonight.
        assert_eq!(parse_expiry(Some("2026-06-14"), now).unwrap(), Some(at("2026-06-14T23:00:00Z")));
        assert_eq!(parse_expiry(Some("2026-12-01T09:30:00Z"), now).unwrap(), Some(at("2026-12-01T09:30:00Z")));
        assert_eq!(parse_expiry(Some("2026-06-13"), now).unwrap_err().message, "Expiry must be in the future");
        assert_eq!(
            parse_expiry(Some("2026-06-14T12:00:00Z"), now).unwrap_err().message,
            "Expiry must be in the future"
        );
        assert_eq!(parse_expiry(Some("next week"), now).unwrap_err().message, "Expiry must be a valid date");
    }
}
