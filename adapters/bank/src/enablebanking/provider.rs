//! Enable Banking behind the bank port: a consent's session becomes the connection's sealed
//! credential (the session id and each account's `uid`, keyed by its `identification_hash`), and
//! a sync reads each account's balances and the rows of a date window, recognising rows again by
//! `domain::psd2`'s identities. Pending rows are replaced by what the bank lists now: the cursor
//! remembers which were pending, and those no longer listed leave.

use std::collections::{HashMap, HashSet};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use async_trait::async_trait;
use chrono::{Days, NaiveDate, Utc};
use domain::accounts::AccountType;
use domain::psd2::{self, ListedBalance, RowStatus};
use domain::{Money, UserId};
use ports::banking::{
    AccessToken, BankAccount, BankError, BankProvider, BankTransaction, Consent, ConsentProvider, ConsentRequest,
    Exchanged, LinkMode, OfferedBank, Presence, ProviderKind, SkippedAccount, SyncPage, Webhook,
};
use serde::{Deserialize, Serialize};

use super::client::{AccountResource, Aspsp, EnableBankingClient, StartAuth, Transaction};

/// How long the list of a country's banks is kept.
const BANKS_KEPT: Duration = Duration::from_secs(24 * 60 * 60);
/// How far back the first sync of a consent reads (the bank gives what it has within it).
const FIRST_WINDOW_DAYS: u64 = 730;
/// How far back a later sync reads again: rows a bank books late, or corrects, are found.
const OVERLAP_DAYS: u64 = 14;
/// A bound on pages per account and sync: a runaway provider cannot hold a sync forever.
const MAX_PAGES: usize = 500;

/// The connection's sealed credential: the session and its accounts (each account's `uid` is
/// valid only in this session; `key`, its identification hash, in every one).
#[derive(Debug, Serialize, Deserialize)]
struct SessionToken {
    session: String,
    bank: String,
    #[serde(default = "united_kingdom")]
    country: String,
    accounts: Vec<SessionAccount>,
}

fn united_kingdom() -> String {
    "GB".into()
}

#[derive(Debug, Serialize, Deserialize)]
struct SessionAccount {
    key: String,
    uid: String,
    name: String,
    #[serde(rename = "type")]
    account_type: String,
    mask: Option<String>,
    limit: Option<i64>,
}

/// Where the next sync starts, and the pending rows the last one stored (with their days).
#[derive(Debug, Default, Serialize, Deserialize)]
struct Cursor {
    from: Option<NaiveDate>,
    #[serde(default)]
    pending: Vec<(String, NaiveDate)>,
}

/// Enable Banking as a bank provider and a consent provider.
pub struct EnableBankingBank {
    client: EnableBankingClient,
    /// Each country's banks as the provider lists them, and when they were asked for.
    banks: Mutex<HashMap<String, (Instant, Vec<Aspsp>)>>,
}

impl EnableBankingBank {
    pub fn new(client: EnableBankingClient) -> Self {
        Self { client, banks: Mutex::new(HashMap::new()) }
    }

    /// The country's banks offering consent to a person, kept a day.
    async fn listed(&self, country: &str) -> Result<Vec<Aspsp>, BankError> {
        if let Some((at, banks)) = self.banks.lock().expect("banks lock").get(country) {
            if at.elapsed() < BANKS_KEPT {
                return Ok(banks.clone());
            }
        }
        let banks: Vec<Aspsp> = self
            .client
            .aspsps(country)
            .await?
            .into_iter()
            .filter(|a| a.psu_types.is_empty() || a.psu_types.iter().any(|t| t == "personal"))
            .collect();
        self.banks.lock().expect("banks lock").insert(country.to_owned(), (Instant::now(), banks.clone()));
        Ok(banks)
    }

    /// The PSU headers to send on a read the user makes at this session's bank: every header the
    /// bank asks for, or none when one of them is not known (the bank wants all or none).
    async fn psu_headers(&self, session: &SessionToken, presence: &Presence) -> Vec<(String, String)> {
        let required = match self.listed(&session.country).await {
            Ok(banks) => banks.into_iter().find(|b| b.name == session.bank).map(|b| b.required_psu_headers),
            Err(e) => {
                tracing::info!(error = %e, "the bank's PSU headers are not known: the read goes without them");
                None
            }
        };
        let required = required.unwrap_or_default();
        let value = |name: &str| -> Option<String> {
            match name.to_ascii_lowercase().as_str() {
                "psu-ip-address" => Some(presence.ip_address.clone()).filter(|v| !v.is_empty()),
                "psu-user-agent" => presence.user_agent.clone(),
                "psu-accept" => presence.accept.clone(),
                "psu-accept-language" => presence.accept_language.clone(),
                "psu-accept-charset" => presence.accept_charset.clone(),
                "psu-accept-encoding" => presence.accept_encoding.clone(),
                "psu-referer" => presence.referer.clone(),
                _ => None,
            }
        };
        let headers: Option<Vec<(String, String)>> =
            required.iter().map(|name| value(name).map(|v| (name.clone(), v))).collect();
        headers.unwrap_or_else(|| {
            tracing::info!(
                bank = session.bank,
                "a PSU header the bank asks for is not known: the read goes without them"
            );
            vec![]
        })
    }

    async fn read_accounts(
        &self,
        token: &AccessToken,
        presence: Option<&Presence>,
    ) -> Result<Vec<BankAccount>, BankError> {
        let session = Self::session(token)?;
        let psu = match presence {
            Some(presence) => self.psu_headers(&session, presence).await,
            None => vec![],
        };
        let mut accounts = vec![];
        for account in &session.accounts {
            let balances = self.client.balances(&account.uid, &psu).await?;
            let listed: Vec<ListedBalance<'_>> = balances
                .iter()
                .map(|b| ListedBalance {
                    balance_type: &b.balance_type,
                    amount: &b.balance_amount.amount,
                    currency: &b.balance_amount.currency,
                })
                .collect();
            let kind = AccountType::parse(&account.account_type).unwrap_or(AccountType::Other);
            let booked = psd2::booked_balance(&listed).map(Money::from_pence);
            let (port_type, subtype) = port_kind(kind);
            accounts.push(BankAccount {
                provider_account_id: account.key.clone(),
                name: account.name.clone(),
                mask: account.mask.clone(),
                kind: port_type.into(),
                subtype: subtype.map(Into::into),
                // The port's sign: what a card owes is positive (the bank gives it negative).
                current: booked.map(|b| if kind.is_credit() { -b } else { b }),
                available: None,
                limit: account.limit.map(Money::from_pence),
            });
        }
        Ok(accounts)
    }

    /// The whole window in one page: every account's rows from the cursor's day (two years back
    /// on the first sync), the pending rows the last sync stored and the bank no longer lists
    /// removed.
    async fn read_window(
        &self,
        token: &AccessToken,
        cursor: Option<String>,
        presence: Option<&Presence>,
    ) -> Result<SyncPage, BankError> {
        let session = Self::session(token)?;
        let psu = match presence {
            Some(presence) => self.psu_headers(&session, presence).await,
            None => vec![],
        };
        let before: Cursor = cursor.as_deref().and_then(|c| serde_json::from_str(c).ok()).unwrap_or_default();
        let today = Utc::now().date_naive();
        let mut from = before.from.unwrap_or(today - Days::new(FIRST_WINDOW_DAYS));
        // Every pending row stored is in the window, so one that is gone is known to be gone.
        if let Some(oldest) = before.pending.iter().map(|(_, day)| *day).min() {
            from = from.min(oldest);
        }
        let mut added = vec![];
        let mut pending_now = vec![];
        for account in &session.accounts {
            let mut listed = vec![];
            let mut key: Option<String> = None;
            for page in 0.. {
                if page == MAX_PAGES {
                    return Err(BankError::Unavailable(anyhow::anyhow!("Enable Banking kept answering more pages")));
                }
                let answer = self.client.transactions(&account.uid, from, key.as_deref(), &psu).await?;
                listed.extend(answer.transactions);
                match answer.continuation_key.filter(|k| !k.is_empty()) {
                    Some(next) => key = Some(next),
                    None => break,
                }
            }
            let (rows, pending) = rows_of(account, &listed);
            added.extend(rows);
            pending_now.extend(pending);
        }
        let listed: HashSet<&str> = pending_now.iter().map(|(id, _)| id.as_str()).collect();
        let removed =
            before.pending.iter().filter(|(id, _)| !listed.contains(id.as_str())).map(|(id, _)| id.clone()).collect();
        let next = Cursor { from: Some(today - Days::new(OVERLAP_DAYS)), pending: pending_now };
        Ok(SyncPage {
            added,
            modified: vec![],
            removed,
            next_cursor: serde_json::to_string(&next).unwrap_or_default(),
            has_more: false,
        })
    }

    fn session(token: &AccessToken) -> Result<SessionToken, BankError> {
        serde_json::from_str(&token.0).map_err(|_| BankError::Refused { code: "NOT_AN_ENABLE_BANKING_SESSION".into() })
    }
}

fn unsupported() -> BankError {
    BankError::Refused { code: "NOT_SUPPORTED_BY_ENABLE_BANKING".into() }
}

/// The port's vocabulary for our type (Plaid's type and subtype).
fn port_kind(kind: AccountType) -> (&'static str, Option<&'static str>) {
    match kind {
        AccountType::Current => ("depository", Some("checking")),
        AccountType::Savings => ("depository", Some("savings")),
        AccountType::Credit | AccountType::CreditCard => ("credit", Some("credit card")),
        AccountType::Investment => ("investment", None),
        AccountType::Cash | AccountType::Other => ("other", None),
    }
}

/// An account of a new session as it is kept, or why it is left out.
fn session_account(account: &AccountResource, bank: &str) -> Result<SessionAccount, SkippedAccount> {
    let kind = psd2::account_type(account.cash_account_type.as_deref());
    let name = psd2::account_name(account.details.as_deref(), account.product.as_deref(), bank, kind);
    let skipped = |reason: &str| SkippedAccount { name: name.clone(), reason: reason.into() };
    let currency = account.currency.as_deref().unwrap_or("GBP");
    if !currency.eq_ignore_ascii_case("GBP") {
        // The provider's text is shown only when it is a currency code (ISO 4217: three letters).
        let code = currency.trim();
        let named = if code.len() == 3 && code.bytes().all(|b| b.is_ascii_alphabetic()) {
            code.to_ascii_uppercase()
        } else {
            "another currency".into()
        };
        return Err(skipped(&format!("It is in {named}: MySpending keeps pounds sterling (GBP) only")));
    }
    let (Some(uid), Some(key)) = (account.uid.clone(), account.identification_hash.clone()) else {
        return Err(skipped("The bank does not share this account's data through Open Banking"));
    };
    Ok(SessionAccount {
        key,
        uid,
        name,
        account_type: kind.as_str().into(),
        mask: psd2::mask(account.all_account_ids.iter().map(|i| i.identification.as_str())),
        limit: account
            .credit_limit
            .as_ref()
            .filter(|l| l.currency.eq_ignore_ascii_case("GBP"))
            .and_then(|l| domain::banking::pence_from_decimal(&l.amount)),
    })
}

/// An account's rows of one window as the port's transactions, and which of them are pending.
fn rows_of(account: &SessionAccount, listed: &[Transaction]) -> (Vec<BankTransaction>, Vec<(String, NaiveDate)>) {
    struct Row<'t> {
        t: &'t Transaction,
        status: RowStatus,
        pence: i64,
        date: NaiveDate,
        text: String,
    }
    let rows: Vec<Row<'_>> = listed
        .iter()
        .filter_map(|t| {
            let status = RowStatus::parse(t.status.as_deref().or(Some("BOOK")))?;
            let amount = &t.transaction_amount;
            let Some(pence) = psd2::provider_pence(&amount.amount, &amount.currency, &t.credit_debit_indicator) else {
                tracing::warn!(currency = amount.currency, "a bank row not in pounds was left out");
                return None;
            };
            let date = psd2::row_date(t.booking_date, t.value_date, t.transaction_date)?;
            Some(Row { t, status, pence, date, text: psd2::description(&t.remittance_information, t.counterparty()) })
        })
        .collect();
    // Booked and pending rows are told apart: a pending row booked later is a new row, and
    // the pending one leaves.
    let mut out = vec![];
    let mut pending = vec![];
    for status in [RowStatus::Booked, RowStatus::Pending] {
        let these: Vec<&Row<'_>> = rows.iter().filter(|r| r.status == status).collect();
        let prints = psd2::fingerprints(these.iter().map(|r| (r.date, r.pence, r.text.clone())));
        for (row, print) in these.into_iter().zip(prints) {
            let scope = match status {
                RowStatus::Booked => account.key.clone(),
                RowStatus::Pending => format!("{}:pending", account.key),
            };
            let reference = if status == RowStatus::Booked { row.t.entry_reference.as_deref() } else { None };
            let id = psd2::row_identity(&scope, reference, &print);
            if status == RowStatus::Pending {
                pending.push((id.clone(), row.date));
            }
            out.push(BankTransaction {
                provider_transaction_id: id,
                provider_account_id: account.key.clone(),
                amount: row.pence,
                date: row.date,
                name: row.text.clone(),
                merchant_name: None,
                pending: status == RowStatus::Pending,
                category_primary: None,
                category_detailed: None,
            });
        }
    }
    (out, pending)
}

#[async_trait]
impl BankProvider for EnableBankingBank {
    fn kind(&self) -> ProviderKind {
        ProviderKind::EnableBanking
    }

    async fn create_link_token<'a>(&self, _user: UserId, _mode: LinkMode<'a>) -> Result<String, BankError> {
        Err(unsupported())
    }

    async fn exchange_public_token(&self, _public_token: &str) -> Result<Exchanged, BankError> {
        Err(unsupported())
    }

    async fn accounts(&self, token: &AccessToken) -> Result<Vec<BankAccount>, BankError> {
        self.read_accounts(token, None).await
    }

    async fn sync_page(&self, token: &AccessToken, cursor: Option<String>) -> Result<SyncPage, BankError> {
        self.read_window(token, cursor, None).await
    }

    async fn accounts_present(&self, token: &AccessToken, presence: &Presence) -> Result<Vec<BankAccount>, BankError> {
        self.read_accounts(token, Some(presence)).await
    }

    async fn sync_page_present(
        &self,
        token: &AccessToken,
        cursor: Option<String>,
        presence: &Presence,
    ) -> Result<SyncPage, BankError> {
        self.read_window(token, cursor, Some(presence)).await
    }

    async fn remove_item(&self, token: &AccessToken) -> Result<(), BankError> {
        self.client.delete_session(&Self::session(token)?.session).await
    }

    async fn simulate_login_required(&self, _token: &AccessToken) -> Result<(), BankError> {
        Err(unsupported())
    }

    async fn verify_webhook(&self, _signature: &str, _body: &[u8]) -> Result<Webhook, BankError> {
        Err(unsupported())
    }
}

#[async_trait]
impl ConsentProvider for EnableBankingBank {
    /// The country's banks, kept a day.
    async fn banks(&self, country: &str) -> Result<Vec<OfferedBank>, BankError> {
        let mut banks: Vec<OfferedBank> = self
            .listed(country)
            .await?
            .into_iter()
            .map(|a| OfferedBank {
                name: a.name,
                country: a.country,
                logo: a.logo.filter(|l| !l.trim().is_empty()),
                max_consent_seconds: a.maximum_consent_validity,
            })
            .collect();
        banks.sort_by_key(|b| b.name.to_lowercase());
        Ok(banks)
    }

    async fn start<'a>(&self, request: ConsentRequest<'a>) -> Result<String, BankError> {
        let started = self
            .client
            .start_auth(&StartAuth {
                aspsp_name: request.bank,
                country: request.country,
                valid_until: request.valid_until,
                state: request.state,
                redirect_url: request.redirect_url,
            })
            .await?;
        Ok(started.url)
    }

    async fn authorise(&self, code: &str) -> Result<Consent, BankError> {
        let session = self.client.create_session(code).await?;
        let bank = session.aspsp.as_ref().map(|a| a.name.clone()).unwrap_or_else(|| "Bank".into());
        let country = session.aspsp.as_ref().and_then(|a| a.country.clone()).unwrap_or_else(united_kingdom);
        let (mut accounts, mut skipped) = (vec![], vec![]);
        for resource in &session.accounts {
            match session_account(resource, &bank) {
                Ok(account) => accounts.push(account),
                Err(left_out) => skipped.push(left_out),
            }
        }
        let account_keys = accounts.iter().map(|a| a.key.clone()).collect();
        let token = SessionToken { session: session.session_id.clone(), bank, country, accounts };
        let token = serde_json::to_string(&token).map_err(|e| BankError::Unavailable(e.into()))?;
        Ok(Consent {
            token: AccessToken(token),
            session_id: session.session_id,
            valid_until: session.access.valid_until,
            account_keys,
            skipped,
        })
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn account() -> SessionAccount {
        SessionAccount {
            key: "hash-1".into(),
            uid: "uid-1".into(),
            name: "Joint Current".into(),
            account_type: "current".into(),
            mask: Some("5678".into()),
            limit: None,
        }
    }

    fn listed(rows: serde_json::Value) -> Vec<Transaction> {
        serde_json::from_value(rows).unwrap()
    }

    fn booked(reference: Option<&str>, pounds: &str, text: &str) -> serde_json::Value {
        json!({"entry_reference": reference, "transaction_amount": {"amount": pounds, "currency": "GBP"},
               "credit_debit_indicator": "DBIT", "status": "BOOK", "booking_date": "2026-11-20",
               "remittance_information": [text]})
    }

    #[test]
    fn rows_are_known_by_entry_reference_else_by_fingerprint_and_pending_ones_apart() {
        let rows = listed(json!([
            booked(Some("ref-1"), "3.20", "COFFEE"),
            booked(None, "2.50", "BUS"),
            booked(None, "2.50", "BUS"),
            {"transaction_amount": {"amount": "3.20", "currency": "GBP"}, "credit_debit_indicator": "DBIT",
             "status": "PDNG", "value_date": "2026-11-21", "remittance_information": ["COFFEE"]},
            {"transaction_amount": {"amount": "9.00", "currency": "GBP"}, "credit_debit_indicator": "DBIT",
             "status": "RJCT", "booking_date": "2026-11-21"},
            {"transaction_amount": {"amount": "9.00", "currency": "EUR"}, "credit_debit_indicator": "DBIT",
             "status": "BOOK", "booking_date": "2026-11-21"}
        ]));
        let (rows, pending) = rows_of(&account(), &rows);
        let ids: Vec<&str> = rows.iter().map(|r| r.provider_transaction_id.as_str()).collect();
        assert_eq!(
            ids,
            vec![
                "hash-1:ref:ref-1",
                "hash-1:fp:2026-11-20:250:bus:0",
                "hash-1:fp:2026-11-20:250:bus:1",
                "hash-1:pending:fp:2026-11-21:320:coffee:0"
            ],
            "two equal bus fares stay two; a rejected row and one in euros are left out"
        );
        assert_eq!(
            pending,
            vec![("hash-1:pending:fp:2026-11-21:320:coffee:0".to_owned(), "2026-11-21".parse().unwrap())]
        );
        assert!(
            rows.iter().all(|r| r.amount > 0 && r.provider_account_id == "hash-1"),
            "money out is positive in the port"
        );
        assert!(rows[3].pending && !rows[0].pending);
    }

    #[test]
    fn an_account_in_another_currency_or_without_data_is_skipped_with_the_reason() {
        let resource = |value: serde_json::Value| -> AccountResource { serde_json::from_value(value).unwrap() };
        let euro = resource(json!({"uid": "u", "identification_hash": "h", "details": "Euro Saver",
                                    "cash_account_type": "SVGS", "currency": "EUR"}));
        let skipped = session_account(&euro, "Fake Bank UK").unwrap_err();
        assert_eq!(skipped.name, "Euro Saver");
        assert!(skipped.reason.contains("EUR"), "{}", skipped.reason);
        let hidden = resource(json!({"identification_hash": "h", "cash_account_type": "CACC", "currency": "GBP"}));
        assert_eq!(session_account(&hidden, "Fake Bank UK").unwrap_err().name, "Fake Bank UK Current Account");
        let card =
            resource(json!({"uid": "u", "identification_hash": "h", "name": "MR J SMITH", "product": "Rewards Card",
                                    "cash_account_type": "CARD", "currency": "GBP",
                                    "all_account_ids": [{"identification": "************4321", "scheme_name": "CPAN"}],
                                    "credit_limit": {"amount": "3000.00", "currency": "GBP"}}));
        let kept = session_account(&card, "Fake Bank UK").unwrap();
        assert_eq!(
            (kept.name.as_str(), kept.account_type.as_str(), kept.mask.as_deref(), kept.limit),
            ("Rewards Card", "credit_card", Some("4321"), Some(300_000))
        );
    }
}
