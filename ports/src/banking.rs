//! Bank linking: connecting a bank through a provider (Plaid, or the built-in demo bank),
//! importing its accounts and transactions, keeping them in sync, reconnecting and
//! disconnecting. The provider is a port; the translation rules are `domain::banking`'s; the
//! repository stores a whole sync in one database transaction with its cursor.

use std::fmt;
use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use domain::accounts::{AccountId, AccountType};
use domain::banking;
use domain::transactions::{TransactionStatus, TransactionType};
use domain::{Money, User, UserId};
use uuid::Uuid;

use crate::ledger::TransactionRecord;
use crate::security::SecretBox;
use crate::{Clock, RepoError};

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
}

impl ProviderKind {
    pub fn as_str(self) -> &'static str {
        match self {
            ProviderKind::Plaid => "plaid",
            ProviderKind::Demo => "demo",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        match raw {
            "plaid" => Some(ProviderKind::Plaid),
            "demo" => Some(ProviderKind::Demo),
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

/// An account as the bank describes it. Balances are the bank's, in its sign (a credit card's
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

#[cfg_attr(feature = "mocks", mockall::automock)]
#[async_trait]
pub trait BankProvider: Send + Sync {
    fn kind(&self) -> ProviderKind;
    /// A token the frontend opens the provider's widget with.
    async fn create_link_token<'a>(&self, user: UserId, mode: LinkMode<'a>) -> Result<String, BankError>;
    async fn exchange_public_token(&self, public_token: &str) -> Result<Exchanged, BankError>;
    async fn accounts(&self, token: &AccessToken) -> Result<Vec<BankAccount>, BankError>;
    /// One page of changes since `cursor` (None: the whole history the provider has).
    async fn sync_page(&self, token: &AccessToken, cursor: Option<String>) -> Result<SyncPage, BankError>;
    async fn remove_item(&self, token: &AccessToken) -> Result<(), BankError>;
    /// The demo bank only: make the connection need signing in again. Other providers refuse.
    async fn simulate_login_required(&self, token: &AccessToken) -> Result<(), BankError>;
    /// Checks a webhook call's signature (the provider's verification header) against its raw
    /// body and reads it; `Refused` when it is not the provider's.
    async fn verify_webhook(&self, signature: &str, body: &[u8]) -> Result<Webhook, BankError>;
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

/// A linked account as stored: ours, with the bank's last figures beside it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinkedAccount {
    pub account_id: AccountId,
    pub provider_account_id: String,
    pub name: String,
    pub account_type: AccountType,
    pub mask: Option<String>,
    /// Our current balance (the ledger's).
    pub current_balance: Money,
    /// The bank's current balance in our sign (money owed negative), at the last sync.
    pub bank_balance: Option<Money>,
    pub bank_available: Option<Money>,
}

/// A stored connection.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Connection {
    pub id: Uuid,
    pub provider: ProviderKind,
    pub institution_name: String,
    pub is_active: bool,
    pub error_code: Option<String>,
    pub last_synced_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub accounts: Vec<LinkedAccount>,
}

/// A stored connection with what only the server may see.
#[derive(Debug, Clone)]
pub struct ConnectionSecrets {
    pub connection: Connection,
    pub sealed_token: Vec<u8>,
    pub cursor: Option<String>,
}

/// A connection about to be stored.
#[derive(Debug, Clone)]
pub struct NewConnection {
    pub provider: ProviderKind,
    pub provider_item_id: String,
    pub institution_id: Option<String>,
    pub institution_name: String,
    pub sealed_token: Vec<u8>,
}

/// An account of the bank, as it is to be stored or refreshed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccountPlan {
    pub provider_account_id: String,
    pub name: String,
    pub account_type: AccountType,
    pub mask: Option<String>,
    /// For credit cards: the bank's limit, or one above what is owed.
    pub credit_limit: Option<Money>,
    /// The bank's balance in our sign; an account created by this sync opens so that its
    /// current balance equals it once its rows are in.
    pub bank_balance: Option<Money>,
    pub bank_available: Option<Money>,
}

/// A bank transaction in ledger terms.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BankRow {
    pub provider_transaction_id: String,
    pub provider_account_id: String,
    /// Signed like the ledger: expenses negative.
    pub amount: Money,
    pub transaction_type: TransactionType,
    pub date: NaiveDate,
    pub description: String,
    /// A category name (`domain::banking::category_name`); the repository finds the user's
    /// category of that name, or `Uncategorised` (made on demand).
    pub category: &'static str,
    pub status: TransactionStatus,
    /// The bank labels it as money moved between the holder's accounts (a transfer, a card
    /// payment): with an unambiguous counterpart it becomes a transfer without asking.
    pub transfer_hint: bool,
}

impl BankRow {
    /// None for a row that moves no money.
    pub fn from_bank(t: &BankTransaction) -> Option<Self> {
        let (transaction_type, amount) = banking::entry_amount(t.amount)?;
        Some(BankRow {
            provider_transaction_id: t.provider_transaction_id.clone(),
            provider_account_id: t.provider_account_id.clone(),
            amount,
            transaction_type,
            date: t.date,
            description: banking::description(t.merchant_name.as_deref(), &t.name),
            category: banking::category_name(
                transaction_type,
                t.category_primary.as_deref(),
                t.category_detailed.as_deref(),
            ),
            status: if t.pending { TransactionStatus::Pending } else { TransactionStatus::Completed },
            transfer_hint: domain::transfers::is_transfer_label(
                t.category_primary.as_deref(),
                t.category_detailed.as_deref(),
            ),
        })
    }
}

/// Everything one sync stores, in one database transaction.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SyncBatch {
    pub accounts: Vec<AccountPlan>,
    pub added: Vec<BankRow>,
    pub modified: Vec<BankRow>,
    pub removed: Vec<String>,
    pub cursor: String,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SyncCounts {
    pub added: u32,
    pub modified: u32,
    pub removed: u32,
}

impl std::ops::AddAssign for SyncCounts {
    fn add_assign(&mut self, other: Self) {
        self.added += other.added;
        self.modified += other.modified;
        self.removed += other.removed;
    }
}

#[cfg_attr(feature = "mocks", mockall::automock)]
#[async_trait]
pub trait BankRepository: Send + Sync {
    /// Stores a new connection with its first sync, all or nothing. Linking the same bank
    /// connection again replaces its token and keeps its accounts.
    async fn create(
        &self,
        user: UserId,
        new: NewConnection,
        first: SyncBatch,
    ) -> Result<(Connection, SyncCounts), RepoError>;
    async fn list(&self, user: UserId) -> Result<Vec<Connection>, RepoError>;
    /// `NotFound` unless it is the user's.
    async fn get(&self, user: UserId, id: Uuid) -> Result<ConnectionSecrets, RepoError>;
    /// Applies a sync if the stored cursor is still `from` (another sync that got there first
    /// wins, and this one stores nothing: `None`); marks the connection active and synced.
    async fn apply_sync(
        &self,
        user: UserId,
        id: Uuid,
        from: Option<String>,
        batch: SyncBatch,
    ) -> Result<Option<SyncCounts>, RepoError>;
    /// Marks the connection as needing the user to sign in again.
    async fn mark_login_required(&self, user: UserId, id: Uuid, code: String) -> Result<(), RepoError>;
    /// Deletes the connection and its links; the accounts and their rows stay, as ordinary ones.
    async fn delete(&self, user: UserId, id: Uuid) -> Result<(), RepoError>;
    /// The connection's imported rows between two days, inclusive, newest first.
    async fn transactions(
        &self,
        user: UserId,
        id: Uuid,
        from: NaiveDate,
        to: NaiveDate,
    ) -> Result<Vec<TransactionRecord>, RepoError>;
    /// The connection (and its owner) the provider knows by this item id.
    async fn find_by_item(
        &self,
        provider: ProviderKind,
        provider_item_id: String,
    ) -> Result<Option<(UserId, Uuid)>, RepoError>;
    /// Claims the next active connection due a background sync at `now`, pushing its next sync to
    /// `now + every` in the same statement (a lease: a crashed sync is retried after it).
    async fn claim_due(&self, now: DateTime<Utc>, every: chrono::Duration)
        -> Result<Option<(UserId, Uuid)>, RepoError>;
}

#[derive(Debug, thiserror::Error)]
pub enum BankingError {
    #[error("You do not have permission to connect bank accounts")]
    Forbidden,
    #[error("Bank connection not found")]
    NotFound,
    #[error("Failed to initialise bank connection")]
    LinkFailed,
    #[error("Failed to connect bank account")]
    ExchangeRefused,
    #[error("Bank connection failed. Please try again.")]
    ProviderUnavailable,
    #[error("{0} needs you to sign in again. Please reconnect.")]
    LoginRequired(String),
    #[error("Only the demo bank can simulate an expired connection")]
    NotDemo,
    #[error("Webhook signature is not valid")]
    BadWebhook,
    #[error("{0}")]
    Invalid(String),
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

fn repo(e: RepoError) -> BankingError {
    e.or_not_found(|| BankingError::NotFound)
}

/// How many times a sync restarts when the bank's data changes while it pages.
const PAGING_RESTARTS: usize = 3;
/// A bound on pages per sync (Plaid pages hold up to 500): a runaway provider cannot hold a
/// sync forever.
const MAX_PAGES: usize = 1_000;

/// What the exchange is given besides the public token (from the provider's widget).
#[derive(Debug, Clone, Default)]
pub struct Institution {
    pub id: Option<String>,
    pub name: Option<String>,
}

#[derive(Clone)]
pub struct BankService {
    provider: Arc<dyn BankProvider>,
    repo: Arc<dyn BankRepository>,
    secrets: Arc<dyn SecretBox>,
    clock: Arc<dyn Clock>,
}

impl BankService {
    pub fn new(
        provider: Arc<dyn BankProvider>,
        repo: Arc<dyn BankRepository>,
        secrets: Arc<dyn SecretBox>,
        clock: Arc<dyn Clock>,
    ) -> Self {
        Self { provider, repo, secrets, clock }
    }

    pub fn provider(&self) -> ProviderKind {
        self.provider.kind()
    }

    fn allowed(user: &User) -> Result<(), BankingError> {
        if user.can_connect_bank() {
            Ok(())
        } else {
            Err(BankingError::Forbidden)
        }
    }

    fn open(&self, sealed: &[u8]) -> Result<AccessToken, BankingError> {
        Ok(AccessToken(self.secrets.open(sealed)?))
    }

    /// A link token for a new connection, or (with an id) for signing in again to that one.
    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user.id))]
    pub async fn create_link_token(&self, user: &User, item: Option<Uuid>) -> Result<String, BankingError> {
        Self::allowed(user)?;
        let token = match item {
            Some(id) => Some(self.open(&self.repo.get(user.id, id).await.map_err(repo)?.sealed_token)?),
            None => None,
        };
        let mode = token.as_ref().map_or(LinkMode::New, LinkMode::Update);
        self.provider.create_link_token(user.id, mode).await.map_err(|e| {
            tracing::warn!(error = %e, "creating a link token failed");
            BankingError::LinkFailed
        })
    }

    /// Exchanges the widget's public token, reads the accounts and the whole history, and stores
    /// the connection with all of it at once: nothing is kept when any step fails.
    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user.id))]
    pub async fn connect(
        &self,
        user: &User,
        public_token: &str,
        institution: Institution,
    ) -> Result<(Connection, SyncCounts), BankingError> {
        Self::allowed(user)?;
        let public_token = public_token.trim();
        if public_token.is_empty() || public_token.len() > 500 {
            return Err(BankingError::Invalid("public_token is required".into()));
        }
        let exchanged = self.provider.exchange_public_token(public_token).await.map_err(|e| match e {
            BankError::Refused { .. } | BankError::LoginRequired { .. } => BankingError::ExchangeRefused,
            _ => BankingError::ProviderUnavailable,
        })?;
        let result = self.first_sync(user.id, &exchanged, institution).await;
        if result.is_err() {
            // Nothing was stored; let the provider forget the connection too.
            if let Err(e) = self.provider.remove_item(&exchanged.access_token).await {
                tracing::warn!(error = %e, "removing an unstored bank connection failed");
            }
        }
        result
    }

    async fn first_sync(
        &self,
        user: UserId,
        exchanged: &Exchanged,
        institution: Institution,
    ) -> Result<(Connection, SyncCounts), BankingError> {
        let institution_name = institution
            .name
            .map(|n| n.trim().chars().take(100).collect::<String>())
            .filter(|n| !n.is_empty())
            .unwrap_or_else(|| "Bank".into());
        let batch = self.fetch(&exchanged.access_token, None, &institution_name).await.map_err(|e| match e {
            BankError::Refused { .. } | BankError::LoginRequired { .. } => BankingError::ExchangeRefused,
            _ => BankingError::ProviderUnavailable,
        })?;
        let new = NewConnection {
            provider: self.provider.kind(),
            provider_item_id: exchanged.provider_item_id.clone(),
            institution_id: institution.id,
            institution_name,
            sealed_token: self.secrets.seal(&exchanged.access_token.0)?,
        };
        self.repo.create(user, new, batch).await.map_err(repo)
    }

    /// The accounts and every page of changes since `cursor`, as one batch; paging starts again
    /// from `cursor` when the bank's data changes underneath it.
    async fn fetch(
        &self,
        token: &AccessToken,
        cursor: Option<String>,
        institution: &str,
    ) -> Result<SyncBatch, BankError> {
        let accounts = self.provider.accounts(token).await?;
        let mut restarts = 0;
        'again: loop {
            let mut batch = SyncBatch { accounts: plans(&accounts, institution), ..SyncBatch::default() };
            let mut at = cursor.clone();
            for _ in 0..MAX_PAGES {
                let page = match self.provider.sync_page(token, at.clone()).await {
                    Err(BankError::ChangedDuringPaging) if restarts < PAGING_RESTARTS => {
                        restarts += 1;
                        continue 'again;
                    }
                    other => other?,
                };
                batch.added.extend(page.added.iter().filter_map(BankRow::from_bank));
                batch.modified.extend(page.modified.iter().filter_map(BankRow::from_bank));
                batch.removed.extend(page.removed);
                batch.cursor = page.next_cursor.clone();
                at = Some(page.next_cursor);
                if !page.has_more {
                    return Ok(batch);
                }
            }
            return Err(BankError::Unavailable(anyhow::anyhow!("the provider kept answering has_more")));
        }
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    pub async fn list(&self, user: UserId) -> Result<Vec<Connection>, BankingError> {
        self.repo.list(user).await.map_err(repo)
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    pub async fn get(&self, user: UserId, id: Uuid) -> Result<Connection, BankingError> {
        Ok(self.repo.get(user, id).await.map_err(repo)?.connection)
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    pub async fn transactions(
        &self,
        user: UserId,
        id: Uuid,
        from: Option<NaiveDate>,
        to: Option<NaiveDate>,
    ) -> Result<Vec<TransactionRecord>, BankingError> {
        let today = domain::dates::london_today(self.clock.now());
        let to = to.unwrap_or(today);
        let from = from.unwrap_or_else(|| to - chrono::Days::new(30));
        if from > to {
            return Err(BankingError::Invalid("startDate must not be after endDate".into()));
        }
        self.repo.transactions(user, id, from, to).await.map_err(repo)
    }

    /// Brings one connection up to date. An expired connection is marked and reported; the
    /// accounts and their history stay.
    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    pub async fn sync(&self, user: UserId, id: Uuid) -> Result<SyncCounts, BankingError> {
        let stored = self.repo.get(user, id).await.map_err(repo)?;
        let token = self.open(&stored.sealed_token)?;
        let name = stored.connection.institution_name.clone();
        match self.fetch(&token, stored.cursor.clone(), &name).await {
            Ok(batch) => {
                Ok(self.repo.apply_sync(user, id, stored.cursor, batch).await.map_err(repo)?.unwrap_or_default())
            }
            Err(BankError::LoginRequired { code }) => {
                self.repo.mark_login_required(user, id, code).await.map_err(repo)?;
                Err(BankingError::LoginRequired(name))
            }
            Err(e) => {
                tracing::warn!(error = %e, connection = %id, "bank sync failed");
                Err(BankingError::ProviderUnavailable)
            }
        }
    }

    /// Syncs every connection of the user that is active; the counts add up, and a connection
    /// that fails is named without stopping the others.
    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    pub async fn sync_all(&self, user: UserId) -> Result<(SyncCounts, Vec<(Uuid, BankingError)>), BankingError> {
        let mut total = SyncCounts::default();
        let mut failed = vec![];
        for connection in self.repo.list(user).await.map_err(repo)? {
            if !connection.is_active {
                continue;
            }
            match self.sync(user, connection.id).await {
                Ok(counts) => total += counts,
                Err(e) => failed.push((connection.id, e)),
            }
        }
        Ok((total, failed))
    }

    /// Tells the provider to forget the connection and deletes it; its accounts and their
    /// history stay as ordinary accounts. A provider that cannot be reached does not stop it.
    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    pub async fn disconnect(&self, user: UserId, id: Uuid) -> Result<(), BankingError> {
        let stored = self.repo.get(user, id).await.map_err(repo)?;
        let token = self.open(&stored.sealed_token)?;
        if let Err(e) = self.provider.remove_item(&token).await {
            tracing::warn!(error = %e, connection = %id, "the provider did not confirm removing the connection");
        }
        self.repo.delete(user, id).await.map_err(repo)
    }

    /// The demo bank: makes the connection expire, as a real bank's would, and runs the sync that
    /// finds out.
    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    pub async fn simulate_expiry(&self, user: UserId, id: Uuid) -> Result<Connection, BankingError> {
        if self.provider.kind() != ProviderKind::Demo {
            return Err(BankingError::NotDemo);
        }
        let stored = self.repo.get(user, id).await.map_err(repo)?;
        let token = self.open(&stored.sealed_token)?;
        self.provider.simulate_login_required(&token).await.map_err(|_| BankingError::ProviderUnavailable)?;
        match self.sync(user, id).await {
            Ok(_) | Err(BankingError::LoginRequired(_)) => self.get(user, id).await,
            Err(e) => Err(e),
        }
    }

    /// A verified webhook: syncs the connection it names when it says new transactions are
    /// waiting; anything else (or a connection we do not have) is acknowledged and ignored.
    /// Answers whether a sync ran.
    #[tracing::instrument(level = "debug", skip_all)]
    pub async fn webhook(&self, signature: &str, body: &[u8]) -> Result<bool, BankingError> {
        let hook = self.provider.verify_webhook(signature, body).await.map_err(|e| {
            tracing::warn!(error = %e, "a webhook call was refused");
            BankingError::BadWebhook
        })?;
        let Some(item) = hook.provider_item_id.clone().filter(|_| hook.wants_sync()) else {
            return Ok(false);
        };
        let Some((user, id)) = self.repo.find_by_item(self.provider.kind(), item).await.map_err(repo)? else {
            return Ok(false);
        };
        match self.sync(user, id).await {
            Ok(_) | Err(BankingError::LoginRequired(_)) => Ok(true),
            Err(e) => Err(e),
        }
    }

    /// One background pass: syncs each active connection that is due, claimed so that several
    /// servers never sync one twice in an interval. Answers how many were synced.
    #[tracing::instrument(level = "debug", skip_all)]
    pub async fn sync_due(&self, every: chrono::Duration) -> Result<usize, BankingError> {
        let mut synced = 0;
        while let Some((user, id)) = self.repo.claim_due(self.clock.now(), every).await.map_err(repo)? {
            match self.sync(user, id).await {
                Ok(_) => synced += 1,
                Err(e) => tracing::warn!(error = %e, connection = %id, "background bank sync failed"),
            }
        }
        Ok(synced)
    }
}

/// The accounts to store or refresh, in our terms.
fn plans(accounts: &[BankAccount], institution: &str) -> Vec<AccountPlan> {
    accounts
        .iter()
        .map(|a| {
            let account_type = banking::account_type(&a.kind, a.subtype.as_deref());
            let bank_balance = a.current.map(|c| banking::ledger_balance(account_type, c));
            let owed = a.current.unwrap_or(Money::ZERO);
            AccountPlan {
                provider_account_id: a.provider_account_id.clone(),
                name: banking::account_name(&a.name, a.mask.as_deref(), institution),
                account_type,
                mask: a.mask.clone(),
                credit_limit: account_type.is_credit().then(|| banking::credit_limit(a.limit, owed)),
                bank_balance,
                bank_available: a.available,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests;
