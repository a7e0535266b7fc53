//! Open Banking (PSD2) data as Enable Banking gives it, in ledger terms: the ISO 20022 codes of
//! account types, balance types, transaction statuses and credit/debit indicators, and how a
//! row is recognised again on the next sync. Pure rules; the adapter reads the provider's JSON
//! and calls these (issue 34).

use chrono::{DateTime, Duration, NaiveDate, Utc};

use crate::accounts::AccountType;
use crate::banking::{pence_from_decimal, ACCOUNT_NAME_MAX, DESCRIPTION_MAX};

/// The longest consent we ask for, whatever the bank allows.
pub const MAX_CONSENT: Duration = Duration::days(180);

/// Our account type for an account's ISO 20022 cash account type.
pub fn account_type(cash_account_type: Option<&str>) -> AccountType {
    match cash_account_type.map(str::trim) {
        Some("CACC") => AccountType::Current,
        Some("SVGS") => AccountType::Savings,
        Some("CARD") => AccountType::CreditCard,
        _ => AccountType::Other,
    }
}

/// The account's name in MySpending: its nickname (`details`), else the bank's product name,
/// else the bank and the type ("Monzo Current Account"). Never the provider's `name`, which is
/// the account holder's. Cut to the longest name an account may have.
pub fn account_name(details: Option<&str>, product: Option<&str>, bank: &str, kind: AccountType) -> String {
    let usable = |s: Option<&str>| s.map(str::trim).filter(|s| s.chars().count() >= 2).map(str::to_owned);
    let name = usable(details)
        .or_else(|| usable(product))
        .unwrap_or_else(|| format!("{} {}", bank.trim(), kind.display_name()).trim().to_owned());
    name.chars().take(ACCOUNT_NAME_MAX).collect::<String>().trim_end().to_owned()
}

/// The last four digits of the account's number or masked card number, for telling accounts
/// apart on screen (never an identity).
pub fn mask<'a>(identifications: impl IntoIterator<Item = &'a str>) -> Option<String> {
    identifications.into_iter().find_map(|id| {
        let digits: Vec<char> = id.chars().filter(char::is_ascii_digit).collect();
        (digits.len() >= 4).then(|| digits[digits.len() - 4..].iter().collect())
    })
}

/// A balance as listed: its ISO 20022 type (`ITBD`, `CLBD`, …), amount and currency.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListedBalance<'a> {
    pub balance_type: &'a str,
    pub amount: &'a str,
    pub currency: &'a str,
}

/// The account's booked balance in pence: interim booked (`ITBD`, today's booked rows in),
/// else closing booked (`CLBD`, the end of the last reporting day), else expected (`XPCD`, with
/// pending rows). Never an available balance (`ITAV`, `CLAV`: an overdraft or a card's unused
/// credit). The amount is signed as given (a card's debt is negative); only pounds count.
pub fn booked_balance(balances: &[ListedBalance<'_>]) -> Option<i64> {
    ["ITBD", "CLBD", "XPCD"].iter().find_map(|wanted| {
        balances
            .iter()
            .filter(|b| b.balance_type == *wanted && b.currency.eq_ignore_ascii_case("GBP"))
            .find_map(|b| pence_from_decimal(b.amount))
    })
}

/// Whether a row has moved money yet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RowStatus {
    Booked,
    Pending,
}

impl RowStatus {
    /// `BOOK` booked; `PDNG` and `HOLD` pending; cancelled, rejected and scheduled rows moved no
    /// money and are not imported (None).
    pub fn parse(status: Option<&str>) -> Option<Self> {
        match status.map(str::trim) {
            Some("BOOK") => Some(RowStatus::Booked),
            Some("PDNG" | "HOLD") => Some(RowStatus::Pending),
            _ => None,
        }
    }
}

/// A row's amount as bank providers give it to the ledger: positive pence for money leaving
/// (`DBIT`), negative for money arriving (`CRDT`). The provider's amount is the magnitude;
/// a sign on it is ignored. None for another currency (never read as pounds: the caller lists
/// the row as skipped), another indicator or an unreadable amount.
pub fn provider_pence(amount: &str, currency: &str, credit_debit_indicator: &str) -> Option<i64> {
    if !currency.trim().eq_ignore_ascii_case("GBP") {
        return None;
    }
    let magnitude = pence_from_decimal(amount)?.abs();
    match credit_debit_indicator.trim() {
        "DBIT" => Some(magnitude),
        "CRDT" => Some(-magnitude),
        _ => None,
    }
}

/// The row's day: when it was booked, else its value date, else when it was made (a pending
/// row often has no booking date).
pub fn row_date(booking: Option<NaiveDate>, value: Option<NaiveDate>, made: Option<NaiveDate>) -> Option<NaiveDate> {
    booking.or(value).or(made)
}

/// The row's description: the remittance text, with the counterparty's name in front where the
/// text does not already say it; "Bank transaction" when there is neither. Cut to the ledger's
/// limit.
pub fn description(remittance: &[String], counterparty: Option<&str>) -> String {
    let text = remittance.iter().map(|s| s.trim()).filter(|s| !s.is_empty()).collect::<Vec<_>>().join(" ");
    let party = counterparty.map(str::trim).filter(|s| !s.is_empty());
    let said = match party {
        Some(p) if text.is_empty() => p.to_owned(),
        Some(p) if !text.to_lowercase().contains(&p.to_lowercase()) => format!("{p} {text}"),
        _ if text.is_empty() => "Bank transaction".to_owned(),
        _ => text,
    };
    said.chars().take(DESCRIPTION_MAX).collect::<String>().trim_end().to_owned()
}

/// A row as the next sync recognises it again, within one connection: by the bank's entry
/// reference on that account (unique and unchanging there, repeated on other accounts), else by
/// a fingerprint of the day, the signed amount and the text with how many such rows came before
/// it that day (two £2.50 coffees on one day stay two). The provider's `transaction_id` is not
/// used: it may change when the list is fetched again.
pub fn row_identity(account: &str, entry_reference: Option<&str>, fingerprint: &Fingerprint) -> String {
    match entry_reference.map(str::trim).filter(|r| !r.is_empty()) {
        Some(reference) => format!("{account}:ref:{reference}"),
        None => format!(
            "{account}:fp:{}:{}:{}:{}",
            fingerprint.date,
            fingerprint.pence,
            fingerprint.text.to_lowercase(),
            fingerprint.occurrence
        ),
    }
}

/// What a row without an entry reference is recognised by.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fingerprint {
    pub date: NaiveDate,
    pub pence: i64,
    pub text: String,
    /// 0 for the first such row of the day, 1 for the second, …
    pub occurrence: usize,
}

/// Fingerprints for an account's rows in the order the provider lists them.
pub fn fingerprints(rows: impl IntoIterator<Item = (NaiveDate, i64, String)>) -> Vec<Fingerprint> {
    let mut seen: std::collections::HashMap<(NaiveDate, i64, String), usize> = std::collections::HashMap::new();
    rows.into_iter()
        .map(|(date, pence, text)| {
            let key = (date, pence, text.to_lowercase());
            let occurrence = *seen.entry(key).and_modify(|n| *n += 1).or_insert(0);
            Fingerprint { date, pence, text, occurrence }
        })
        .collect()
}

/// When the consent we ask for ends: as long as the bank allows (its maximum, in seconds), but
/// no more than [`MAX_CONSENT`].
pub fn consent_valid_until(now: DateTime<Utc>, bank_maximum_seconds: Option<i64>) -> DateTime<Utc> {
    let allowed = bank_maximum_seconds.filter(|s| *s > 0).map_or(MAX_CONSENT, Duration::seconds);
    now + allowed.min(MAX_CONSENT)
}

/// Whole days of a bank's longest consent (the provider says it in seconds).
pub fn max_consent_days(seconds: i64) -> i64 {
    seconds.max(0) / 86_400
}

/// The least time between two unattended syncs of a consent: banks allow four a day without the
/// user present (PSD2's RTS, art. 36(5)); a Sync now click is the user present and not counted.
pub const UNATTENDED_SYNC_EVERY: Duration = Duration::hours(6);

/// Whether a country code is two capital letters (ISO 3166-1 alpha-2 as the provider takes it).
pub fn is_country_code(raw: &str) -> bool {
    raw.len() == 2 && raw.bytes().all(|b| b.is_ascii_uppercase())
}

/// How long before a consent ends the user is told to renew it.
pub const RENEWAL_NOTICE: Duration = Duration::days(7);

/// Whether a consent ending at `valid_until` should be renewed now.
pub fn renewal_due(valid_until: DateTime<Utc>, now: DateTime<Utc>) -> bool {
    valid_until - now <= RENEWAL_NOTICE
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, d).unwrap()
    }

    #[test]
    fn an_account_is_named_from_its_nickname_or_product_never_its_holder() {
        assert_eq!(account_type(Some("CACC")), AccountType::Current);
        assert_eq!(account_type(Some("SVGS")), AccountType::Savings);
        assert_eq!(account_type(Some("CARD")), AccountType::CreditCard);
        for other in [Some("LOAN"), Some("CASH"), Some("OTHR"), None] {
            assert_eq!(account_type(other), AccountType::Other);
        }
        assert_eq!(account_name(Some(" Bills pot "), Some("Classic"), "Monzo", AccountType::Current), "Bills pot");
        assert_eq!(account_name(None, Some("Club Lloyds"), "Lloyds", AccountType::Current), "Club Lloyds");
        assert_eq!(account_name(Some(" "), None, "Nationwide", AccountType::Savings), "Nationwide Savings Account");
        assert_eq!(account_name(None, None, "Amex", AccountType::CreditCard), "Amex Credit Card");
        assert_eq!(account_name(Some(&"x".repeat(80)), None, "Bank", AccountType::Other).chars().count(), 50);
    }

    #[test]
    fn a_mask_is_the_last_four_digits_of_the_first_number_that_has_them() {
        assert_eq!(mask(["40-47-84 70872490"]).as_deref(), Some("2490"));
        assert_eq!(mask(["ab", "************1234"]).as_deref(), Some("1234"));
        assert_eq!(mask(["GB33BUKB20201555555555"]).as_deref(), Some("5555"));
        assert_eq!(mask(["12"]), None);
    }

    #[test]
    fn the_booked_balance_is_interim_then_closing_then_expected_never_available() {
        let b = |t, a| ListedBalance { balance_type: t, amount: a, currency: "GBP" };
        assert_eq!(booked_balance(&[b("CLAV", "900.00"), b("CLBD", "120.50"), b("ITBD", "100.25")]), Some(10_025));
        assert_eq!(booked_balance(&[b("ITAV", "2000"), b("CLBD", "-240.10")]), Some(-24_010));
        assert_eq!(booked_balance(&[b("XPCD", "15")]), Some(1_500));
        assert_eq!(booked_balance(&[b("ITAV", "2000"), b("CLAV", "3")]), None);
        let euros = ListedBalance { balance_type: "ITBD", amount: "5", currency: "EUR" };
        assert_eq!(booked_balance(&[euros]), None);
    }

    #[test]
    fn only_booked_and_pending_rows_are_imported_with_money_out_positive() {
        assert_eq!(RowStatus::parse(Some("BOOK")), Some(RowStatus::Booked));
        assert_eq!(RowStatus::parse(Some("PDNG")), Some(RowStatus::Pending));
        assert_eq!(RowStatus::parse(Some("HOLD")), Some(RowStatus::Pending));
        for moved_nothing in [Some("CNCL"), Some("RJCT"), Some("SCHD"), None] {
            assert_eq!(RowStatus::parse(moved_nothing), None);
        }
        assert_eq!(provider_pence("12.30", "GBP", "DBIT"), Some(1_230));
        assert_eq!(provider_pence("-12.30", "GBP", "DBIT"), Some(1_230), "the indicator says the direction");
        assert_eq!(provider_pence("2500", "gbp", "CRDT"), Some(-250_000));
        assert_eq!(provider_pence("1", "GBP", "OTHR"), None);
        assert_eq!(provider_pence("ten", "GBP", "DBIT"), None);
        assert_eq!(provider_pence("12.30", "EUR", "DBIT"), None, "euros are never silent pounds");
        assert_eq!(row_date(None, Some(day(3)), Some(day(2))), Some(day(3)));
        assert_eq!(row_date(Some(day(4)), Some(day(3)), None), Some(day(4)));
        assert_eq!(row_date(None, None, Some(day(2))), Some(day(2)));
    }

    #[test]
    fn the_description_says_who_and_what_once() {
        let r = |s: &[&str]| s.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        assert_eq!(description(&r(&["TESCO STORES 2341", " LONDON "]), Some("Tesco")), "TESCO STORES 2341 LONDON");
        assert_eq!(description(&r(&["Rent November"]), Some("J Smith")), "J Smith Rent November");
        assert_eq!(description(&[], Some("ACME LTD")), "ACME LTD");
        assert_eq!(description(&r(&["", " "]), None), "Bank transaction");
        assert_eq!(description(&r(&[&"y".repeat(150)]), None).chars().count(), 100);
    }

    #[test]
    fn a_row_is_known_by_its_reference_on_its_account_or_by_its_fingerprint_and_count() {
        let fps = fingerprints([
            (day(2), 250, "Coffee".to_owned()),
            (day(2), 250, "COFFEE".to_owned()),
            (day(2), 250, "Tea".to_owned()),
            (day(3), 250, "Coffee".to_owned()),
        ]);
        assert_eq!(fps.iter().map(|f| f.occurrence).collect::<Vec<_>>(), [0, 1, 0, 0]);
        let ids: Vec<String> = fps.iter().map(|f| row_identity("acc-1", None, f)).collect();
        assert_eq!(ids.iter().collect::<std::collections::HashSet<_>>().len(), 4, "{ids:?}");
        // The same reference on two accounts is two rows; on one account, one row whatever else changed.
        assert_ne!(row_identity("acc-1", Some("R1"), &fps[0]), row_identity("acc-2", Some("R1"), &fps[0]));
        assert_eq!(row_identity("acc-1", Some("R1"), &fps[0]), row_identity("acc-1", Some(" R1 "), &fps[3]));
        // Fetched again in the same order, the fingerprints are the same.
        let again = fingerprints([(day(2), 250, "Coffee".to_owned()), (day(2), 250, "coffee".to_owned())]);
        assert_eq!(row_identity("acc-1", None, &again[1]), ids[1]);
    }

    #[test]
    fn consent_is_as_long_as_the_bank_allows_up_to_180_days_and_renewal_is_asked_a_week_ahead() {
        let now = DateTime::parse_from_rfc3339("2026-11-28T10:00:00Z").unwrap().with_timezone(&Utc);
        assert_eq!(consent_valid_until(now, Some(7_776_000)), now + Duration::days(90));
        assert_eq!(consent_valid_until(now, Some(3_600)), now + Duration::hours(1));
        assert_eq!(consent_valid_until(now, Some(400 * 86_400)), now + Duration::days(180));
        assert_eq!(consent_valid_until(now, None), now + Duration::days(180));
        assert_eq!(max_consent_days(7_776_000), 90);
        assert_eq!(max_consent_days(86_399), 0);
        assert!(!renewal_due(now + Duration::days(8), now));
        assert!(renewal_due(now + Duration::days(7), now));
        assert!(renewal_due(now - Duration::days(1), now));
    }
}
