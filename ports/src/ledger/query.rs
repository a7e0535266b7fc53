//! The transaction list's filters and paging, parsed once from what a client sent.

use chrono::NaiveDate;
use domain::accounts::AccountId;
use domain::categories::CategoryId;
use domain::tags::{parse_tag_filter, TagMode};
use domain::transactions::TransactionType;
use domain::ValidationError;
use uuid::Uuid;

use super::repos::TransactionQuery;

/// Rows per page when none is asked for, and the most a page may hold.
pub const DEFAULT_LIMIT: i64 = 20;
pub const MAX_LIMIT: i64 = 100;
/// The highest page number accepted (far beyond any real history).
const MAX_PAGE: i64 = 1_000_000_000;

/// The list's query as a client sends it: every value as text, absent when not given.
#[derive(Debug, Clone, Default)]
pub struct TransactionQueryInput {
    pub page: Option<String>,
    pub limit: Option<String>,
    pub category: Option<String>,
    pub transaction_type: Option<String>,
    pub start_date: Option<String>,
    pub end_date: Option<String>,
    pub account: Option<String>,
    pub include_transfers: Option<String>,
    pub search: Option<String>,
    /// A member's user id: only the rows they made.
    pub created_by: Option<String>,
    /// Comma-separated tag ids: only the rows carrying them.
    pub tags: Option<String>,
    /// any (default) or all of `tags`.
    pub tag_mode: Option<String>,
}

/// A page and a page size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Paging {
    pub page: i64,
    pub limit: i64,
}

impl Paging {
    /// Page 1 and 20 rows unless asked otherwise; a page is a positive whole number and a
    /// limit one from 1 to 100.
    pub fn parse(page: Option<&str>, limit: Option<&str>) -> Result<Self, ValidationError> {
        Ok(Self {
            page: positive(page, 1, "page", "Page", MAX_PAGE)?,
            limit: positive(limit, DEFAULT_LIMIT, "limit", "Limit", MAX_LIMIT)?,
        })
    }
}

impl TransactionQuery {
    /// Every filter checked, with the message a user reads when one is wrong. Empty values
    /// and "all" mean no filter.
    pub fn parse(input: &TransactionQueryInput) -> Result<Self, ValidationError> {
        let Paging { page, limit } = Paging::parse(input.page.as_deref(), input.limit.as_deref())?;
        let transaction_type = match given(input.transaction_type.as_deref()).filter(|t| *t != "all") {
            None => None,
            Some(t) => Some(TransactionType::parse(t)?),
        };
        let start = day(input.start_date.as_deref(), "startDate", "Start date")?;
        let end = day(input.end_date.as_deref(), "endDate", "End date")?;
        if let (Some(s), Some(e)) = (start, end) {
            if s > e {
                return Err(ValidationError::new("startDate", "Start date must be on or before the end date"));
            }
        }
        let include_transfers = match given(input.include_transfers.as_deref()) {
            None | Some("false") => false,
            Some("true") => true,
            Some(_) => return Err(ValidationError::new("includeTransfers", "includeTransfers must be true or false")),
        };
        let search = given(input.search.as_deref()).map(str::to_owned);
        if search.as_ref().is_some_and(|s| s.chars().count() > 100) {
            return Err(ValidationError::new("search", "Search cannot exceed 100 characters"));
        }
        Ok(TransactionQuery {
            page,
            limit,
            category: id(input.category.as_deref(), "category")?.map(CategoryId),
            transaction_type,
            start,
            end,
            account: id(input.account.as_deref(), "account")?.map(AccountId),
            include_transfers,
            search,
            created_by: id(input.created_by.as_deref(), "createdBy")?.map(domain::UserId),
            tags: parse_tag_filter(input.tags.as_deref().unwrap_or_default())?,
            tag_mode: TagMode::parse(input.tag_mode.as_deref().unwrap_or_default())?,
        })
    }
}

/// The trimmed value, or `None` when absent or blank.
fn given(raw: Option<&str>) -> Option<&str> {
    raw.map(str::trim).filter(|s| !s.is_empty())
}

fn positive(
    raw: Option<&str>,
    default: i64,
    field: &'static str,
    name: &str,
    max: i64,
) -> Result<i64, ValidationError> {
    match given(raw) {
        None => Ok(default),
        Some(s) => match s.parse::<i64>() {
            Ok(n) if (1..=max).contains(&n) => Ok(n),
            _ if max == MAX_PAGE => Err(ValidationError::new(field, format!("{name} must be a positive whole number"))),
            _ => Err(ValidationError::new(field, format!("{name} must be a whole number from 1 to {max}"))),
        },
    }
}

fn id(raw: Option<&str>, name: &'static str) -> Result<Option<Uuid>, ValidationError> {
    match given(raw).filter(|s| *s != "all") {
        None => Ok(None),
        Some(s) => Uuid::parse_str(s).map(Some).map_err(|_| ValidationError::new(name, format!("Invalid {name} id"))),
    }
}

fn day(raw: Option<&str>, field: &'static str, name: &str) -> Result<Option<NaiveDate>, ValidationError> {
    match given(raw) {
        None => Ok(None),
        Some(s) => NaiveDate::parse_from_str(s, "%Y-%m-%d")
            .map(Some)
            .map_err(|_| ValidationError::new(field, format!("{name} must be a date in the form YYYY-MM-DD"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(f: impl FnOnce(&mut TransactionQueryInput)) -> Result<TransactionQuery, String> {
        let mut input = TransactionQueryInput::default();
        f(&mut input);
        TransactionQuery::parse(&input).map_err(|e| e.message)
    }

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    #[test]
    fn nothing_given_is_the_first_page_of_everything_but_transfers() {
        let q = parse(|_| {}).unwrap();
        assert_eq!((q.page, q.limit, q.include_transfers), (1, 20, false));
        assert_eq!(
            (q.category, q.transaction_type, q.start, q.end, q.account, q.search),
            (None, None, None, None, None, None)
        );
    }

    #[test]
    fn blank_and_all_mean_no_filter() {
        let q = parse(|i| {
            i.category = Some("all".into());
            i.account = Some(" ".into());
            i.transaction_type = Some("all".into());
            i.search = Some("   ".into());
            i.page = Some("".into());
        })
        .unwrap();
        assert_eq!((q.category, q.account, q.transaction_type, q.search, q.page), (None, None, None, None, 1));
    }

    #[test]
    fn every_filter_is_read() {
        let category = Uuid::now_v7();
        let q = parse(|i| {
            i.page = Some("3".into());
            i.limit = Some("100".into());
            i.category = Some(category.to_string());
            i.transaction_type = Some("expense".into());
            i.start_date = Some("2026-01-01".into());
            i.end_date = Some("2026-01-31".into());
            i.include_transfers = Some("true".into());
            i.search = Some(" Tesco ".into());
        })
        .unwrap();
        assert_eq!((q.page, q.limit), (3, 100));
        assert_eq!(q.category, Some(CategoryId(category)));
        assert_eq!(q.transaction_type, Some(TransactionType::Expense));
        assert_eq!((q.start, q.end), (Some(d(2026, 1, 1)), Some(d(2026, 1, 31))));
        assert!(q.include_transfers);
        assert_eq!(q.search.as_deref(), Some("Tesco"));
    }

    #[test]
    fn wrong_values_say_what_is_wrong() {
        type Change = Box<dyn FnOnce(&mut TransactionQueryInput)>;
        let cases: Vec<(Change, &str)> = vec![
            (Box::new(|i| i.page = Some("0".into())), "Page must be a positive whole number"),
            (Box::new(|i| i.page = Some("two".into())), "Page must be a positive whole number"),
            (Box::new(|i| i.limit = Some("101".into())), "Limit must be a whole number from 1 to 100"),
            (Box::new(|i| i.limit = Some("1.5".into())), "Limit must be a whole number from 1 to 100"),
            (
                Box::new(|i| i.start_date = Some("01/02/2026".into())),
                "Start date must be a date in the form YYYY-MM-DD",
            ),
            (Box::new(|i| i.end_date = Some("2026-02-30".into())), "End date must be a date in the form YYYY-MM-DD"),
            (
                Box::new(|i| {
                    i.start_date = Some("2026-03-01".into());
                    i.end_date = Some("2026-02-01".into());
                }),
                "Start date must be on or before the end date",
            ),
            (Box::new(|i| i.include_transfers = Some("yes".into())), "includeTransfers must be true or false"),
            (Box::new(|i| i.category = Some("groceries".into())), "Invalid category id"),
            (Box::new(|i| i.account = Some("1".into())), "Invalid account id"),
            (Box::new(|i| i.search = Some("x".repeat(101))), "Search cannot exceed 100 characters"),
        ];
        for (change, message) in cases {
            assert_eq!(parse(change).unwrap_err(), message);
        }
    }

    #[test]
    fn paging_alone_has_the_same_rules() {
        assert_eq!(Paging::parse(None, None).unwrap(), Paging { page: 1, limit: 20 });
        assert_eq!(Paging::parse(Some("2"), Some("5")).unwrap(), Paging { page: 2, limit: 5 });
        assert!(Paging::parse(Some("-1"), None).is_err());
    }
}
