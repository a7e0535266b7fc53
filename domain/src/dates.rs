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

const MONTH_NAMES: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// A calendar month: what reports, budgets, the dashboard and the ledger's monthly totals are
/// kept by. "The current month" is always London's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CalendarMonth {
    /// Its first day; every other figure is derived from it.
    first: NaiveDate,
}

impl CalendarMonth {
    /// The month `month` (1–12) of `year`, or `None` for a month that does not exist.
    pub fn new(year: i32, month: u32) -> Option<Self> {
        NaiveDate::from_ymd_opt(year, month, 1).map(|first| Self { first })
    }

    /// The month that contains `day`.
    pub fn of(day: NaiveDate) -> Self {
        Self { first: day.with_day(1).expect("every month has a first day") }
    }

    /// London's month at the instant `now`.
    pub fn current(now: DateTime<Utc>) -> Self {
        Self::of(london_today(now))
    }

    pub fn year(self) -> i32 {
        self.first.year()
    }

    /// 1 for January … 12 for December.
    pub fn month(self) -> u32 {
        self.first.month()
    }

    /// "January" … "December".
    pub fn name(self) -> &'static str {
        MONTH_NAMES[self.first.month0() as usize]
    }

    /// "November 2026".
    pub fn label(self) -> String {
        format!("{} {}", self.name(), self.year())
    }

    pub fn first_day(self) -> NaiveDate {
        self.first
    }

    pub fn last_day(self) -> NaiveDate {
        self.next().first - Days::new(1)
    }

    /// The month after this one; its first day is this month's exclusive end.
    pub fn next(self) -> Self {
        self.plus(1)
    }

    pub fn previous(self) -> Self {
        self.plus(-1)
    }

    /// The month `months` later (earlier when negative).
    pub fn plus(self, months: i32) -> Self {
        let shifted = if months >= 0 {
            self.first.checked_add_months(Months::new(months.unsigned_abs()))
        } else {
            self.first.checked_sub_months(Months::new(months.unsigned_abs()))
        };
        Self { first: shifted.expect("a month within chrono's range") }
    }

    pub fn contains(self, day: NaiveDate) -> bool {
        Self::of(day) == self
    }
}

/// The name of month `month` (1–12).
pub fn month_name(month: u32) -> Option<&'static str> {
    MONTH_NAMES.get(month.checked_sub(1)? as usize).copied()
}

use chrono::{Datelike, Days, Months};

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    #[test]
    fn a_calendar_month_knows_its_days_name_and_neighbours() {
        let feb = CalendarMonth::new(2028, 2).unwrap();
        assert_eq!((feb.year(), feb.month(), feb.name()), (2028, 2, "February"));
        assert_eq!(feb.first_day(), d(2028, 2, 1));
        assert_eq!(feb.last_day(), d(2028, 2, 29), "a leap year");
        assert_eq!(feb.label(), "February 2028");
        assert_eq!(CalendarMonth::new(2026, 12).unwrap().next(), CalendarMonth::new(2027, 1).unwrap());
        assert_eq!(CalendarMonth::new(2026, 1).unwrap().previous(), CalendarMonth::new(2025, 12).unwrap());
        assert_eq!(feb.plus(-14), CalendarMonth::new(2026, 12).unwrap());
        assert_eq!(CalendarMonth::of(d(2026, 3, 31)), CalendarMonth::new(2026, 3).unwrap());
        assert!(feb.contains(d(2028, 2, 29)) && !feb.contains(d(2028, 3, 1)));
        assert_eq!(CalendarMonth::new(2026, 13), None);
        assert_eq!(CalendarMonth::new(2026, 0), None);
        assert!(CalendarMonth::new(2025, 12).unwrap() < CalendarMonth::new(2026, 1).unwrap());
    }

    #[test]
    fn the_current_month_is_londons() {
        // 23:30 UTC on 31 March 2026 is already 1 April in London (summer time).
        let late = Utc.with_ymd_and_hms(2026, 3, 31, 23, 30, 0).unwrap();
        assert_eq!(CalendarMonth::current(late), CalendarMonth::new(2026, 4).unwrap());
        let winter = Utc.with_ymd_and_hms(2026, 12, 31, 23, 30, 0).unwrap();
        assert_eq!(CalendarMonth::current(winter), CalendarMonth::new(2026, 12).unwrap());
        assert_eq!(month_name(1), Some("January"));
        assert_eq!(month_name(13), None);
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
}
