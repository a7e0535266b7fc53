//! The bank provider port: Plaid, the demo bank or Enable Banking, seen alike once linked; a
//! consent provider (Enable Banking) also links through the bank's own redirect.

use std::fmt;

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use domain::{Money, UserId};

/// A provider's long-lived credential for one connection. Never logged, never sent to a client,
/// stored only sealed (`SecretBox`).
#[derive(Clone, PartialEq, Eq)]
pub struct AccessToken(pub String);

impl fmt::Debug for AccessToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("AccessToken(…)")
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProviderKind {
    Plaid,
    Demo,
    EnableBanking,
}

impl ProviderKind {
    pub fn as_str(self) -> &'static str {
        match self {
            ProviderKind::Plaid => "plaid",
            ProviderKind::Demo => "demo",
            ProviderKind::EnableBanking => "enablebanking",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        match raw {
            "plaid" => Some(ProviderKind::Plaid),
            "demo" => Some(ProviderKind::Demo),
            "enablebanking" => Some(ProviderKind::EnableBanking),
            _ => None,
        }
    }
}

/// A new connection, or update mode for an existing one (signing in again after expiry).
#[derive(Debug, Clone, Copy)]
pub enum LinkMode<'a> {
    New,
    Update(&'a AccessToken),
}

/// What exchanging a public token gives.
#[derive(Debug, Clone)]
pub struct Exchanged {
    pub access_token: AccessToken,
    pub provider_item_id: String,
}

/// An account as the bank describes it, in the port's vocabulary (Plaid's types and signs; a
/// provider speaking another translates). Balances are the bank's, in its sign (a credit card's
/// current balance is what is owed, positive).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BankAccount {
    pub provider_account_id: String,
    pub name: String,
    pub mask: Option<String>,
    /// The provider's type ('depository', 'credit', …) and subtype ('checking', …).
    pub kind: String,
    pub subtype: Option<String>,
    pub current: Option<Money>,
    pub available: Option<Money>,
    pub limit: Option<Money>,
}

/// A transaction as the bank describes it: `amount` in pence, positive for money leaving.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BankTransaction {
    pub provider_transaction_id: String,
    pub provider_account_id: String,
    pub amount: i64,
    pub date: NaiveDate,
    pub name: String,
    pub merchant_name: Option<String>,
    pub pending: bool,
    pub category_primary: Option<String>,
    pub category_detailed: Option<String>,
}

/// One page of changes since a cursor.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SyncPage {
    pub added: Vec<BankTransaction>,
    pub modified: Vec<BankTransaction>,
    pub removed: Vec<String>,
    pub next_cursor: String,
    pub has_more: bool,
}

#[derive(Debug, thiserror::Error)]
pub enum BankError {
    /// The provider refused the request as given (e.g. an invalid or expired public token).
    #[error("the bank provider refused the request: {code}")]
    Refused { code: String },
    /// The connection needs the user to sign in to the bank again (ITEM_LOGIN_REQUIRED, or
    /// another error of the connection itself).
    #[error("the bank connection needs attention: {code}")]
    LoginRequired { code: String },
    /// The bank's data changed while paging; start again from the first cursor.
    #[error("the bank's data changed during paging")]
    ChangedDuringPaging,
    /// The provider is down, timed out, or kept answering 429/5xx.
    #[error("the bank provider is unavailable: {0}")]
    Unavailable(anyhow::Error),
}

#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait BankProvider: Send + Sync {
    fn kind(&self) -> ProviderKind;
    /// A token the frontend opens the provider's widget with.
    async fn create_link_token<'a>(&self, user: UserId, mode: LinkMode<'a>) -> Result<String, BankError>;
    async fn exchange_public_token(&self, public_token: &str) -> Result<Exchanged, BankError>;
    async fn accounts(&self, token: &AccessToken) -> Result<Vec<BankAccount>, BankError>;
    /// One page of changes since `cursor` (None: the whole history the provider has).
    async fn sync_page(&self, token: &AccessToken, cursor: Option<String>) -> Result<SyncPage, BankError>;
    /// `accounts` with the user present (their click): a provider that can tell the bank so does.
    async fn accounts_present(&self, token: &AccessToken, _presence: &Presence) -> Result<Vec<BankAccount>, BankError> {
        self.accounts(token).await
    }
    /// `sync_page` with the user present.
    async fn sync_page_present(
        &self,
        token: &AccessToken,
        cursor: Option<String>,
        _presence: &Presence,
    ) -> Result<SyncPage, BankError> {
        self.sync_page(token, cursor).await
    }
    async fn remove_item(&self, token: &AccessToken) -> Result<(), BankError>;
    /// The demo bank only: make the connection need signing in again. Other providers refuse.
    async fn simulate_login_required(&self, token: &AccessToken) -> Result<(), BankError>;
    /// Checks a webhook call's signature (the provider's verification header) against its raw
    /// body and reads it; `Refused` when it is not the provider's.
    async fn verify_webhook(&self, signature: &str, body: &[u8]) -> Result<Webhook, BankError>;
}

/// The user at the keyboard when a sync runs on their click, as their browser told us (PSD2's PSU
/// headers). A bank that is told counts the read as the user's, not against the four unattended
/// reads a day it allows.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Presence {
    pub ip_address: String,
    pub user_agent: Option<String>,
    pub accept: Option<String>,
    pub accept_language: Option<String>,
    pub accept_charset: Option<String>,
    pub accept_encoding: Option<String>,
    pub referer: Option<String>,
}

/// A verified webhook call.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Webhook {
    pub webhook_type: String,
    pub webhook_code: String,
    pub provider_item_id: Option<String>,
}

impl Webhook {
    /// Whether it says new transactions are waiting for that connection.
    pub fn wants_sync(&self) -> bool {
        self.webhook_type == "TRANSACTIONS"
            && matches!(self.webhook_code.as_str(), "SYNC_UPDATES_AVAILABLE" | "DEFAULT_UPDATE")
    }
}

/// A bank a consent provider offers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OfferedBank {
    pub name: String,
    pub country: String,
    pub logo: Option<String>,
    /// The longest consent the bank gives, in seconds (None: the provider did not say).
    pub max_consent_seconds: Option<i64>,
}

/// A consent to start at a bank.
#[derive(Debug, Clone, Copy)]
pub struct ConsentRequest<'a> {
    pub bank: &'a str,
    pub country: &'a str,
    pub valid_until: DateTime<Utc>,
    /// The single-use value the bank's redirect brings back.
    pub state: &'a str,
    pub redirect_url: &'a str,
}

/// An account of the bank that was not linked, and why (shown to the user).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SkippedAccount {
    pub name: String,
    pub reason: String,
}

/// A consent the user gave: the credential the data calls take, until when, and which accounts.
#[derive(Debug, Clone)]
pub struct Consent {
    pub token: AccessToken,
    /// The provider's id of this consent (a session): new with every consent.
    pub session_id: String,
    pub valid_until: DateTime<Utc>,
    /// The accounts' stable keys (the same bank account has the same key in every consent).
    pub account_keys: Vec<String>,
    pub skipped: Vec<SkippedAccount>,
}

/// A provider that links through the bank's consent pages (PSD2): the browser goes to the bank and
/// comes back with a code. Once linked, its connections are synced through [`BankProvider`].
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait ConsentProvider: Send + Sync {
    /// The banks of a country offering consent to a person.
    async fn banks(&self, country: &str) -> Result<Vec<OfferedBank>, BankError>;
    /// Starts a consent; answers the page the browser goes to.
    async fn start<'a>(&self, request: ConsentRequest<'a>) -> Result<String, BankError>;
    /// The consent the callback's code grants.
    async fn authorise(&self, code: &str) -> Result<Consent, BankError>;
}
