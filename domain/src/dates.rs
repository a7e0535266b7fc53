//! Calendar days in Europe/London, the product's one time zone.

use chrono::{DateTime, NaiveDate, Utc};
use chrono_tz::Europe::London;

use crate::ValidationError;

/// Today's date in London at the instant `now`.
pub fn london_today(now: DateTime<Utc>) -> NaiveDate {
    now.with_timezone(&London).date_naive()
}

/// Reads a day as the API accepts it: `YYYY-MM-DD`, or an ISO 8601 timestamp, which is turned
/// into its London calendar day (a user in British Summer Time who picks 15/06 sends
/// `2026-06-14T23:00:00Z` and means 15/06).
pub fn parse_day(raw: &str, field: &'static str, required_message: &str) -> Result<NaiveDate, ValidationError> {
    let s = raw.trim();
    if s.is_empty() {
        return Err(ValidationError::new(field, required_message));
    }
    if let Ok(day) = NaiveDate::parse_from_str(s, "%Y-%m-%d") {
        return Ok(day);
    }
    if let Ok(instant) = DateTime::parse_from_rfc3339(s) {
        return Ok(instant.with_timezone(&London).date_naive());
    }
    Err(ValidationError::new(field, "Date must be a valid date (YYYY-MM-DD)"))
}

/// The first day of London's current month at the instant `now`.
pub fn london_month_start(now: DateTime<Utc>) -> NaiveDate {
    month_start(london_today(now))
}

/// The first day of the month that contains `day`.
pub fn month_start(day: NaiveDate) -> NaiveDate {
    day.with_day0(0).expect("every month has a first day")
}

use chrono::Datelike;

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    #[test]
    fn a_bst_midnight_timestamp_is_the_next_london_day() {
        assert_eq!(parse_day("2026-06-14T23:00:00Z", "date", "Date is required").unwrap(), d(2026, 6, 15));
        assert_eq!(parse_day("2026-06-14T23:00:00.000Z", "date", "x").unwrap(), d(2026, 6, 15));
    }

    #[test]
    fn a_winter_timestamp_keeps_its_day() {
        assert_eq!(parse_day("2026-01-14T23:00:00Z", "date", "x").unwrap(), d(2026, 1, 14));
        assert_eq!(parse_day("2026-01-15T00:30:00+01:00", "date", "x").unwrap(), d(2026, 1, 14));
    }

    #[test]
    fn plain_days_are_taken_as_they_are() {
        assert_eq!(parse_day("2026-03-29", "date", "x").unwrap(), d(2026, 3, 29));
    }

    #[test]
    fn bad_days_are_refused() {
        assert_eq!(parse_day("", "date", "Date is required").unwrap_err().message, "Date is required");
        for bad in ["2026-02-30", "tomorrow", "15/06/2026", "2026-13-01"] {
            assert!(parse_day(bad, "date", "x").is_err(), "{bad}");
        }
    }

    #[test]
    fn london_today_follows_summer_time() {
        let late_utc = Utc.with_ymd_and_hms(2026, 6, 14, 23, 30, 0).unwrap();
        assert_eq!(london_today(late_utc), d(2026, 6, 15));
        let winter = Utc.with_ymd_and_hms(2026, 12, 14, 23, 30, 0).unwrap();
        assert_eq!(london_today(winter), d(2026, 12, 14));
    }

    #[test]
    fn month_start_is_the_first() {
        assert_eq!(month_start(d(2026, 2, 28)), d(2026, 2, 1));
    }
}
