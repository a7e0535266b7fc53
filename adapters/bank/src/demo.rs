//! The built-in demo bank, 'Demo Bank UK': the default provider when Plaid is not configured, so
//! linking, syncing, expiry and reconnecting can be tried without keys. It keeps no data: every
//! account's history is worked out from the day the connection was made (in its access token)
//! and the calendar, the same on every call and every server. A current account (salary in,
//! rent and bills out, groceries, travel and coffee) and a credit card (eating out, online
//! shopping, a monthly repayment); the last two days' rows are pending, and the next sync
//! replaces them with their posted versions, as a real bank's feed does.
//!
//! The one thing it remembers is which connections were told to expire ('Simulate expiry'),
//! in memory: a restart forgets it, which is fine for a demo.

use std::collections::HashSet;
use std::sync::{Arc, Mutex};

use async_trait::async_trait;
use chrono::{Days, NaiveDate};
use domain::{Money, UserId};
use ports::banking::{
    AccessToken, BankAccount, BankError, BankProvider, Exchanged, LinkMode, ProviderKind, SyncPage, Webhook,
};
use ports::Clock;
use uuid::Uuid;

mod history;
use history::{day_rows, to_bank, transaction_id, CARD, CARD_OPENING_OWED, CURRENT, CURRENT_OPENING};

/// Days of history the first sync brings.
const HISTORY_DAYS: u64 = 90;
/// Days per page, so a first sync pages like a real provider's.
const PAGE_DAYS: u64 = 30;
/// Rows of the last days are still pending.
const PENDING_DAYS: u64 = 2;

pub struct DemoBank {
    clock: Arc<dyn Clock>,
    expired: Mutex<HashSet<String>>,
}

impl DemoBank {
    pub fn new(clock: Arc<dyn Clock>) -> Self {
        Self { clock, expired: Mutex::new(HashSet::new()) }
    }

    fn today(&self) -> NaiveDate {
        domain::dates::london_today(self.clock.now())
    }

    fn is_expired(&self, item: &str) -> bool {
        self.expired.lock().map(|set| set.contains(item)).unwrap_or(false)
    }
}

/// What an access token carries: 'access-demo-<YYYYMMDD linked>-<item uuid>'.
struct Token {
    linked: NaiveDate,
    item: String,
}

fn parse_token(token: &AccessToken) -> Result<Token, BankError> {
    let refused = || BankError::Refused { code: "INVALID_ACCESS_TOKEN".into() };
    let rest = token.0.strip_prefix("access-demo-").ok_or_else(refused)?;
    let (day, item) = rest.split_once('-').ok_or_else(refused)?;
    let linked = NaiveDate::parse_from_str(day, "%Y%m%d").map_err(|_| refused())?;
    Uuid::parse_str(item).map_err(|_| refused())?;
    Ok(Token { linked, item: item.to_owned() })
}

/// A cursor: 'demo:<last day delivered>:<first of the days delivered still pending, or ->'.
fn parse_cursor(cursor: &str) -> Result<(NaiveDate, Option<NaiveDate>), BankError> {
    let invalid = || BankError::Refused { code: "INVALID_CURSOR".into() };
    let day = |d: &str| NaiveDate::parse_from_str(d, "%Y-%m-%d").map_err(|_| invalid());
    let rest = cursor.strip_prefix("demo:").ok_or_else(invalid)?;
    let (last, pending) = rest.split_once(':').ok_or_else(invalid)?;
    Ok((day(last)?, if pending == "-" { None } else { Some(day(pending)?) }))
}

fn make_cursor(last: NaiveDate, pending: Option<NaiveDate>) -> String {
    let pending = pending.map_or("-".to_owned(), |d| d.format("%Y-%m-%d").to_string());
    format!("demo:{}:{pending}", last.format("%Y-%m-%d"))
}

fn days(from: NaiveDate, to: NaiveDate) -> impl Iterator<Item = NaiveDate> {
    from.iter_days().take_while(move |d| *d <= to)
}

fn first_day(linked: NaiveDate) -> NaiveDate {
    linked - Days::new(HISTORY_DAYS - 1)
}

#[async_trait]
impl BankProvider for DemoBank {
    fn kind(&self) -> ProviderKind {
        ProviderKind::Demo
    }

    async fn create_link_token<'a>(&self, _user: UserId, mode: LinkMode<'a>) -> Result<String, BankError> {
        match mode {
            LinkMode::New => Ok(format!("link-demo-{}", Uuid::new_v4().simple())),
            LinkMode::Update(token) => {
                // Signing in again is the demo's whole update mode: the connection works from now on.
                let token = parse_token(token)?;
                if let Ok(mut set) = self.expired.lock() {
                    set.remove(&token.item);
                }
                Ok(format!("link-demo-update-{}", Uuid::new_v4().simple()))
            }
        }
    }

    async fn exchange_public_token(&self, public_token: &str) -> Result<Exchanged, BankError> {
        if !public_token.starts_with("public-demo-") {
            return Err(BankError::Refused { code: "INVALID_PUBLIC_TOKEN".into() });
        }
        let item = Uuid::new_v4();
        Ok(Exchanged {
            access_token: AccessToken(format!("access-demo-{}-{item}", self.today().format("%Y%m%d"))),
            provider_item_id: format!("demo-item-{item}"),
        })
    }

    async fn accounts(&self, token: &AccessToken) -> Result<Vec<BankAccount>, BankError> {
        let token = parse_token(token)?;
        if self.is_expired(&token.item) {
            return Err(BankError::LoginRequired { code: "ITEM_LOGIN_REQUIRED".into() });
        }
        let (mut current, mut owed) = (CURRENT_OPENING, CARD_OPENING_OWED);
        for day in days(first_day(token.linked), self.today()) {
            for r in day_rows(day) {
                if r.account == CURRENT {
                    current -= r.amount;
                } else {
                    owed += r.amount;
                }
            }
        }
        Ok(vec![
            BankAccount {
                provider_account_id: CURRENT.into(),
                name: "Everyday Current".into(),
                mask: Some("4321".into()),
                kind: "depository".into(),
                subtype: Some("checking".into()),
                current: Some(Money::from_pence(current)),
                available: Some(Money::from_pence(current)),
                limit: None,
            },
            BankAccount {
                provider_account_id: CARD.into(),
                name: "Rewards Credit Card".into(),
                mask: Some("8765".into()),
                kind: "credit".into(),
                subtype: Some("credit card".into()),
                current: Some(Money::from_pence(owed)),
                available: Some(Money::from_pence(300_000 - owed)),
                limit: Some(Money::from_pence(300_000)),
            },
        ])
    }

    async fn sync_page(&self, token: &AccessToken, cursor: Option<String>) -> Result<SyncPage, BankError> {
        let token = parse_token(token)?;
        if self.is_expired(&token.item) {
            return Err(BankError::LoginRequired { code: "ITEM_LOGIN_REQUIRED".into() });
        }
        let today = self.today();
        let pending_from = today - Days::new(PENDING_DAYS - 1);
        let mut page = SyncPage::default();
        let (start, mut still_pending) = match cursor.as_deref().filter(|c| !c.is_empty()) {
            None => (first_day(token.linked), None),
            Some(c) => {
                let (last, pending) = parse_cursor(c)?;
                // Rows delivered pending whose day is now past the pending window are posted.
                if let Some(from) = pending {
                    for day in days(from, last.min(pending_from - Days::new(1))) {
                        for (i, r) in day_rows(day).iter().enumerate() {
                            page.removed.push(transaction_id(&token.item, day, i, false));
                            page.added.push(to_bank(&token.item, day, i, r, false));
                        }
                    }
                }
                (last + Days::new(1), pending.map(|from| from.max(pending_from)).filter(|from| *from <= last))
            }
        };
        let end = (start + Days::new(PAGE_DAYS - 1)).min(today);
        for day in days(start, end) {
            let pending = day >= pending_from;
            if pending && still_pending.is_none() {
                still_pending = Some(day);
            }
            for (i, r) in day_rows(day).iter().enumerate() {
                page.added.push(to_bank(&token.item, day, i, r, pending));
            }
        }
        let last = if start > today { start - Days::new(1) } else { end };
        page.next_cursor = make_cursor(last, still_pending);
        page.has_more = end < today;
        Ok(page)
    }

    async fn remove_item(&self, token: &AccessToken) -> Result<(), BankError> {
        parse_token(token).map(|_| ())
    }

    async fn verify_webhook(&self, _signature: &str, _body: &[u8]) -> Result<Webhook, BankError> {
        Err(BankError::Refused { code: "the demo bank sends no webhooks".into() })
    }

    async fn simulate_login_required(&self, token: &AccessToken) -> Result<(), BankError> {
        let token = parse_token(token)?;
        if let Ok(mut set) = self.expired.lock() {
            set.insert(token.item);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use chrono::{TimeZone, Utc};

    use super::*;

    struct At(std::sync::Mutex<chrono::DateTime<chrono::Utc>>);
    impl Clock for At {
        fn now(&self) -> chrono::DateTime<chrono::Utc> {
            *self.0.lock().unwrap()
        }
    }

    fn bank_at(day: u32) -> (DemoBank, Arc<At>) {
        let clock = Arc::new(At(std::sync::Mutex::new(Utc.with_ymd_and_hms(2026, 11, day, 12, 0, 0).unwrap())));
        (DemoBank::new(clock.clone()), clock)
    }

    async fn everything(bank: &DemoBank, token: &AccessToken, mut cursor: Option<String>) -> (Vec<SyncPage>, String) {
        let mut pages = vec![];
        loop {
            let page = bank.sync_page(token, cursor.clone()).await.unwrap();
            cursor = Some(page.next_cursor.clone());
            let more = page.has_more;
            pages.push(page);
            if !more {
                return (pages, cursor.unwrap());
            }
        }
    }

    #[tokio::test]
    async fn a_new_connection_brings_ninety_days_in_pages_and_balances_that_add_up() {
        let (bank, _) = bank_at(25);
        let exchanged = bank.exchange_public_token("public-demo-abc").await.unwrap();
        let (pages, cursor) = everything(&bank, &exchanged.access_token, None).await;
        assert_eq!(pages.len(), 3, "90 days in pages of 30");
        assert_eq!(cursor, "demo:2026-11-25:2026-11-24");
        let rows: Vec<_> = pages.iter().flat_map(|p| p.added.clone()).collect();
        assert_eq!(rows.first().unwrap().date, NaiveDate::from_ymd_opt(2026, 8, 28).unwrap());
        assert!(rows.iter().any(|r| r.name == "ACME LTD SALARY" && r.amount == -245_000));
        assert!(rows.iter().filter(|r| r.pending).all(|r| r.date >= NaiveDate::from_ymd_opt(2026, 11, 24).unwrap()));
        let ids: HashSet<_> = rows.iter().map(|r| r.provider_transaction_id.clone()).collect();
        assert_eq!(ids.len(), rows.len(), "ids are unique");

        let accounts = bank.accounts(&exchanged.access_token).await.unwrap();
        let moved: i64 = rows.iter().filter(|r| r.provider_account_id == CURRENT).map(|r| r.amount).sum();
        assert_eq!(accounts[0].current, Some(Money::from_pence(CURRENT_OPENING - moved)));
        let spent: i64 = rows.iter().filter(|r| r.provider_account_id == CARD).map(|r| r.amount).sum();
        assert_eq!(accounts[1].current, Some(Money::from_pence(CARD_OPENING_OWED + spent)));
        assert!(accounts[0].current.unwrap().is_positive(), "the household is not overdrawn");
    }

    #[tokio::test]
    async fn a_later_sync_posts_the_pending_rows_and_brings_the_days_since() {
        let (bank, clock) = bank_at(20);
        let token = bank.exchange_public_token("public-demo-x").await.unwrap().access_token;
        let (_, cursor) = everything(&bank, &token, None).await;
        assert!(
            bank.sync_page(&token, Some(cursor.clone())).await.unwrap().added.is_empty(),
            "nothing new the same day"
        );

        *clock.0.lock().unwrap() = Utc.with_ymd_and_hms(2026, 11, 23, 9, 0, 0).unwrap();
        let page = bank.sync_page(&token, Some(cursor)).await.unwrap();
        assert_eq!(page.next_cursor, "demo:2026-11-23:2026-11-22");
        assert!(page.removed.iter().all(|id| id.ends_with("-pending")));
        let posted = page.added.iter().filter(|r| r.date <= NaiveDate::from_ymd_opt(2026, 11, 20).unwrap()).count();
        assert_eq!(posted, page.removed.len(), "each pending row comes back posted");
        assert!(page.added.iter().any(|r| r.date == NaiveDate::from_ymd_opt(2026, 11, 21).unwrap()));
    }

    #[tokio::test]
    async fn an_expired_connection_needs_signing_in_until_update_mode_starts() {
        let (bank, _) = bank_at(25);
        let token = bank.exchange_public_token("public-demo-x").await.unwrap().access_token;
        bank.simulate_login_required(&token).await.unwrap();
        assert!(matches!(bank.sync_page(&token, None).await, Err(BankError::LoginRequired { .. })));
        assert!(matches!(bank.accounts(&token).await, Err(BankError::LoginRequired { .. })));
        let link = bank.create_link_token(UserId(Uuid::nil()), LinkMode::Update(&token)).await.unwrap();
        assert!(link.starts_with("link-demo-"));
        assert!(bank.sync_page(&token, None).await.is_ok());
    }

    #[test]
    fn over_a_year_the_card_is_paid_down_about_as_fast_as_it_is_used_and_the_current_account_grows() {
        let start = NaiveDate::from_ymd_opt(2026, 1, 1).unwrap();
        let (mut card, mut current) = (0i64, 0i64);
        for day in days(start, start + Days::new(364)) {
            for r in day_rows(day) {
                if r.account == CARD {
                    card += r.amount;
                } else {
                    current -= r.amount;
                }
            }
        }
        assert!(card.abs() < 60_000, "the card's debt moves by less than £600 a year: {card}");
        assert!(current > 0, "the current account is not drifting into overdraft: {current}");
    }

    #[tokio::test]
    async fn tokens_that_are_not_the_demo_banks_are_refused() {
        let (bank, _) = bank_at(25);
        assert!(matches!(bank.exchange_public_token("public-sandbox-1").await, Err(BankError::Refused { .. })));
        assert!(matches!(bank.accounts(&AccessToken("access-sandbox-1".into())).await, Err(BankError::Refused { .. })));
    }
}
