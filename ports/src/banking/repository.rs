//! The storage port of bank connections.

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use domain::accounts::{AccountId, AccountType};
use domain::banking;
use domain::ids::BankConnectionId;
use domain::transactions::{TransactionStatus, TransactionType};
use domain::{Money, Scope};

use crate::ledger::TransactionRecord;
use crate::RepoError;

use super::*;

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
    pub id: BankConnectionId,
    pub provider: ProviderKind,
    pub institution_name: String,
    pub is_active: bool,
    pub error_code: Option<String>,
    pub last_synced_at: Option<DateTime<Utc>>,
    /// When the background sync takes it next (None while it needs the user).
    pub next_sync_at: Option<DateTime<Utc>>,
    /// When the bank's consent ends (consent providers only).
    pub consent_expires_at: Option<DateTime<Utc>>,
    /// The bank's country (consent providers; Plaid's institution id otherwise).
    pub institution_id: Option<String>,
    /// The consent ends within seven days (set by the service, which knows the time).
    pub renewal_due: bool,
    /// The bank's accounts the last consent did not link, and why.
    pub skipped_accounts: Vec<SkippedAccount>,
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
    pub consent_expires_at: Option<DateTime<Utc>>,
    /// When the background sync first takes it (the link's own sync has just run).
    pub next_sync_at: DateTime<Utc>,
    pub skipped_accounts: Vec<SkippedAccount>,
}

/// A consent under way, found again by its state when the bank's redirect comes back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConsentState {
    /// The household and the member who started it.
    pub scope: Scope,
    pub bank: String,
    pub country: String,
    /// The connection it renews (Reconnect); None for a new one.
    pub connection: Option<BankConnectionId>,
    pub expires_at: DateTime<Utc>,
}

/// A renewed consent for an existing connection.
#[derive(Debug, Clone)]
pub struct RenewedConsent {
    pub provider_item_id: String,
    pub sealed_token: Vec<u8>,
    pub consent_expires_at: DateTime<Utc>,
    pub next_sync_at: DateTime<Utc>,
    pub skipped_accounts: Vec<SkippedAccount>,
}

/// A consent about to end, claimed for its one notice, with whom to tell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RenewalDue {
    pub id: BankConnectionId,
    pub institution_name: String,
    pub consent_expires_at: DateTime<Utc>,
    pub to_name: String,
    pub to_address: String,
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
    /// A category name (`domain::banking::category_name`); the repository finds the household's
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

#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait BankRepository: Send + Sync {
    /// Stores a new connection with its first sync, all or nothing. Linking the same bank
    /// connection again replaces its token and keeps its accounts.
    async fn create(
        &self,
        scope: Scope,
        new: NewConnection,
        first: SyncBatch,
    ) -> Result<(Connection, SyncCounts), RepoError>;
    async fn list(&self, scope: Scope) -> Result<Vec<Connection>, RepoError>;
    /// `NotFound` unless it is the household's.
    async fn get(&self, scope: Scope, id: BankConnectionId) -> Result<ConnectionSecrets, RepoError>;
    /// Applies a sync if the stored cursor is still `from` (another sync that got there first
    /// wins, and this one stores nothing: `None`); marks the connection active and synced.
    async fn apply_sync(
        &self,
        scope: Scope,
        id: BankConnectionId,
        from: Option<String>,
        batch: SyncBatch,
    ) -> Result<Option<SyncCounts>, RepoError>;
    /// Marks the connection as needing the user to sign in again.
    async fn mark_login_required(&self, scope: Scope, id: BankConnectionId, code: String) -> Result<(), RepoError>;
    /// Deletes the connection and its links; the accounts and their rows stay, as ordinary ones.
    async fn delete(&self, scope: Scope, id: BankConnectionId) -> Result<(), RepoError>;
    /// The connection's imported rows between two days, inclusive, newest first.
    async fn transactions(
        &self,
        scope: Scope,
        id: BankConnectionId,
        from: NaiveDate,
        to: NaiveDate,
    ) -> Result<Vec<TransactionRecord>, RepoError>;
    /// The connection the provider knows by this item id, with its household and the member
    /// who connected it (its rows are marked as theirs).
    async fn find_by_item(
        &self,
        provider: ProviderKind,
        provider_item_id: String,
    ) -> Result<Option<(Scope, BankConnectionId)>, RepoError>;
    /// Claims the next active connection due a background sync at `now`, pushing its next sync to
    /// `now + every` (a consent provider's: at least `now + consent_every`) in the same statement
    /// (a lease: a crashed sync is retried after it).
    async fn claim_due(
        &self,
        now: DateTime<Utc>,
        every: chrono::Duration,
        consent_every: chrono::Duration,
    ) -> Result<Option<(Scope, BankConnectionId)>, RepoError>;
    /// Keeps a consent under way by the digest of its state.
    async fn save_consent_state(&self, digest: String, state: ConsentState) -> Result<(), RepoError>;
    /// Takes (deletes) the consent under way with this digest; None when there is none or it
    /// expired before `now`. Each state is taken at most once.
    async fn take_consent_state(&self, digest: String, now: DateTime<Utc>) -> Result<Option<ConsentState>, RepoError>;
    /// The household's connection of `provider` that already links one of these accounts (by
    /// their stable keys), if any.
    async fn find_by_account_keys(
        &self,
        scope: Scope,
        provider: ProviderKind,
        keys: Vec<String>,
    ) -> Result<Option<BankConnectionId>, RepoError>;
    /// Puts a renewed consent on the connection: active again, its notice cleared.
    async fn renew(&self, scope: Scope, id: BankConnectionId, renewed: RenewedConsent) -> Result<(), RepoError>;
    /// Claims the next active consent ending between `now` and `until` whose member has not been told,
    /// marking it told in the same statement (so each is told once, by one server).
    async fn claim_renewal(&self, now: DateTime<Utc>, until: DateTime<Utc>) -> Result<Option<RenewalDue>, RepoError>;
}
