//! Storage ports of the ledger: accounts, categories, transactions and transfers.
//!
//! Every method is scoped to a household: a row of another household is `NotFound`, exactly like a
//! row that does not exist.

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use domain::accounts::{Account, AccountDraft, AccountId, AccountTotals, AccountType};
use domain::categories::{CategoryDraft, CategoryId};
use domain::transactions::{TransactionDraft, TransactionId, TransactionStatus, TransactionType, TransferDraft};
use domain::{Money, Scope};

use crate::RepoError;

/// An account with the sums its balance figures are computed from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccountWithTotals {
    pub account: Account,
    pub totals: AccountTotals,
}

#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait AccountRepository: Send + Sync {
    /// The accounts the member sees (the household's and their own private ones), oldest
    /// first, with their totals.
    async fn list(&self, scope: Scope) -> Result<Vec<AccountWithTotals>, RepoError>;
    /// One account the member sees, or `NotFound`.
    async fn get(&self, scope: Scope, id: AccountId) -> Result<AccountWithTotals, RepoError>;
    /// A new account owned by the member; the household's unless the draft says otherwise.
    async fn create(&self, scope: Scope, draft: AccountDraft) -> Result<Account, RepoError>;
    /// Replaces the fields (the visibility only when the draft has one); `NotFound` for an id
    /// the member does not see.
    async fn update(&self, scope: Scope, id: AccountId, draft: AccountDraft) -> Result<Account, RepoError>;
    /// Deletes an account without transactions. `InUse { count }` when it has any;
    /// `NotFound` for an unknown or foreign id.
    async fn delete(&self, scope: Scope, id: AccountId) -> Result<(), RepoError>;
}

/// A category as lists show it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Category {
    pub id: CategoryId,
    pub name: String,
    pub description: String,
    pub color: String,
    pub icon: String,
    /// Income (offered for income, never budgeted) or spending.
    pub kind: TransactionType,
    /// How it counts for Self Assessment (only ever one that fits its kind).
    pub tax_treatment: Option<domain::tax_year::TaxTreatment>,
    pub is_default: bool,
    pub created_at: DateTime<Utc>,
}

#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait CategoryRepository: Send + Sync {
    /// The household's categories by name, each with how many transactions use it.
    async fn list(&self, scope: Scope) -> Result<Vec<(Category, i64)>, RepoError>;
    async fn get(&self, scope: Scope, id: CategoryId) -> Result<Category, RepoError>;
    /// `Duplicate(CategoryName)` when the user has a category of that name, ignoring case.
    async fn create(&self, scope: Scope, draft: CategoryDraft, is_default: bool) -> Result<Category, RepoError>;
    /// Creates every draft as a default category, skipping names the user already has.
    async fn create_defaults(&self, scope: Scope, drafts: Vec<CategoryDraft>) -> Result<(), RepoError>;
    /// `Duplicate(CategoryName)` on a clash with another of the household's categories; `NotFound`.
    /// A draft without a tax treatment keeps the stored one while it still fits the kind.
    async fn update(&self, scope: Scope, id: CategoryId, draft: CategoryDraft) -> Result<Category, RepoError>;
    /// How many of the household's transactions use the category; `NotFound` for a foreign id.
    async fn transactions_count(&self, scope: Scope, id: CategoryId) -> Result<i64, RepoError>;
    /// Deletes a category no transaction uses: `InUse { count }` when some do.
    async fn delete(&self, scope: Scope, id: CategoryId) -> Result<(), RepoError>;
}

/// The category shown beside a transaction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CategoryRef {
    pub id: CategoryId,
    pub name: String,
    pub color: String,
}

/// A tag shown on a transaction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TagRef {
    pub id: domain::tags::TagId,
    pub name: String,
    pub color: String,
}

/// The account shown beside a transaction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccountRef {
    pub id: AccountId,
    pub name: String,
    pub account_type: AccountType,
}

/// A transaction as lists and the detail screen show it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TransactionRecord {
    pub id: TransactionId,
    pub account: AccountRef,
    pub category: Option<CategoryRef>,
    /// Signed: expenses negative, income positive.
    pub amount: Money,
    pub transaction_type: TransactionType,
    pub description: String,
    pub notes: String,
    pub date: NaiveDate,
    pub status: TransactionStatus,
    pub is_transfer: bool,
    /// The other leg of a transfer.
    pub transfer_peer: Option<TransferPeer>,
    /// The account's balance after this transaction, in (date, entry) order.
    pub balance_after: Money,
    pub created_at: DateTime<Utc>,
    /// The recurring template that made it, if one did.
    pub recurring: Option<RecurringRef>,
    /// Where it came from.
    pub source: TransactionSource,
    /// The member who made it (or set up what made it); `None` once they were deleted.
    pub created_by: Option<MemberRef>,
    /// For a leg of a transfer made by pairing two rows: how it was paired.
    pub pairing: Option<domain::transfers::Pairing>,
    /// An ordinary row with a counterpart in another account (`domain::transfers::is_candidate`).
    pub looks_like_transfer: bool,
    /// Its tags, by name.
    pub tags: Vec<TagRef>,
    /// How many receipts it carries.
    pub receipt_count: i64,
    /// Its parts when split across categories (then `category` is `None`), in the order given.
    pub splits: Vec<SplitRecord>,
}

/// One part of a split transaction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SplitRecord {
    pub id: uuid::Uuid,
    pub category: CategoryRef,
    /// Signed like its transaction's amount.
    pub amount: Money,
    pub note: String,
}

/// A member of the household, as a row names who made it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MemberRef {
    pub id: domain::UserId,
    pub name: String,
}

/// Where a transaction came from: typed in, a statement import, the bank connection, or a
/// recurring template.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TransactionSource {
    #[default]
    Manual,
    Import,
    Bank,
    Recurring,
}

impl TransactionSource {
    pub const ALL: [TransactionSource; 4] =
        [TransactionSource::Manual, TransactionSource::Import, TransactionSource::Bank, TransactionSource::Recurring];

    pub fn as_str(self) -> &'static str {
        match self {
            TransactionSource::Manual => "manual",
            TransactionSource::Import => "import",
            TransactionSource::Bank => "bank",
            TransactionSource::Recurring => "recurring",
        }
    }
}

/// The recurring template that made a transaction; its description is gone once it is deleted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecurringRef {
    pub id: uuid::Uuid,
    pub description: Option<String>,
}

/// A transfer leg's other leg, as the member who reads sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TransferPeer {
    Seen(PeerLeg),
    /// On another member's private account: neither its id nor its account's is told.
    Private,
}

impl TransferPeer {
    pub fn seen(&self) -> Option<&PeerLeg> {
        match self {
            TransferPeer::Seen(leg) => Some(leg),
            TransferPeer::Private => None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PeerLeg {
    pub id: TransactionId,
    pub account: AccountRef,
}

/// Where an export batch ended: the last row's day and entry order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExportCursor {
    pub date: NaiveDate,
    pub seq: i64,
}

/// Filters and paging of the transaction list. Dates are inclusive.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TransactionQuery {
    pub page: i64,
    pub limit: i64,
    pub category: Option<CategoryId>,
    pub transaction_type: Option<TransactionType>,
    pub start: Option<NaiveDate>,
    pub end: Option<NaiveDate>,
    pub account: Option<AccountId>,
    pub include_transfers: bool,
    /// Case-insensitive, on description and category name (and the word "transfer").
    pub search: Option<String>,
    /// Only the rows this member made.
    pub created_by: Option<domain::UserId>,
    /// Only the rows carrying these tags (none: no filter), any or all of them.
    pub tags: Vec<domain::tags::TagId>,
    pub tag_mode: domain::tags::TagMode,
}

/// Sums over the whole filtered set (not just the page); transfers are neither income nor expense.
/// The set's rows are its transactions (counted income and expense entries), its transfer legs
/// and its declined entries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct LedgerSummary {
    pub total_income: Money,
    pub total_expenses: Money,
    pub total_transfers: Money,
    pub transaction_count: i64,
    pub transfer_legs: i64,
    pub declined_count: i64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TransactionPage {
    pub items: Vec<TransactionRecord>,
    /// Rows in the filtered set.
    pub total: i64,
    pub summary: LedgerSummary,
}

/// Both legs of a transfer: money leaves `from` and arrives in `to`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TransferRecord {
    pub from: TransactionRecord,
    pub to: TransactionRecord,
}

/// A transfer in the member's list: both legs, or only the one that is not on another member's
/// private account (never neither).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListedTransfer {
    pub from: Option<TransactionRecord>,
    pub to: Option<TransactionRecord>,
}

#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait TransactionRepository: Send + Sync {
    /// One page of the filtered list, newest first (ties: latest entered first), with the total
    /// row count and the summary of the whole filtered set.
    async fn list(&self, scope: Scope, query: TransactionQuery) -> Result<TransactionPage, RepoError>;
    async fn get(&self, scope: Scope, id: TransactionId) -> Result<TransactionRecord, RepoError>;
    /// Stores a transaction and keeps running balances and totals right, atomically.
    /// `NotFound` when the account or category is not the household's.
    async fn create(&self, scope: Scope, draft: TransactionDraft) -> Result<TransactionRecord, RepoError>;
    /// Replaces a (non-transfer) transaction's fields. `TransferLeg` for a transfer leg;
    /// `NotFound` for a foreign transaction, account or category.
    async fn update(
        &self,
        scope: Scope,
        id: TransactionId,
        draft: TransactionDraft,
    ) -> Result<TransactionRecord, RepoError>;
    /// Deletes a transaction; for a transfer leg (typed or paired), both legs. `NotFound` for a
    /// foreign id.
    async fn delete(&self, scope: Scope, id: TransactionId) -> Result<(), RepoError>;
    /// Stores both legs of a transfer in one database transaction. `NotFound` when either
    /// account is not the household's.
    async fn create_transfer(&self, scope: Scope, draft: TransferDraft) -> Result<TransferRecord, RepoError>;
    /// Rewrites both legs of the transfer one of whose legs is `id` in one database
    /// transaction. `NotFound` for a row that is not one of the household's transfer legs, or an
    /// account that is not theirs.
    async fn update_transfer(
        &self,
        scope: Scope,
        id: TransactionId,
        draft: TransferDraft,
    ) -> Result<TransferRecord, RepoError>;
    /// Up to `limit` rows of the filtered set, newest first (ties: latest entered first), after
    /// the position `after`; with the position of the last row, for the next batch. The export
    /// reads the whole set this way, in constant memory.
    async fn export_batch(
        &self,
        scope: Scope,
        query: TransactionQuery,
        after: Option<ExportCursor>,
        limit: i64,
    ) -> Result<(Vec<domain::exports::ExportRow>, Option<ExportCursor>), RepoError>;
    /// Up to `limit` pairs of the household's rows that look like one transfer
    /// (`domain::transfers::is_candidate`), as (outgoing, incoming), newest first. A row may be in
    /// more than one pair.
    async fn transfer_suggestions(&self, scope: Scope, limit: i64) -> Result<Vec<TransferRecord>, RepoError>;
    /// Makes two of the household's rows the legs of one transfer, keeping their dates, amounts,
    /// categories (hidden while paired), bank ids and import identity. `NotFound` unless both are
    /// the household's; `Invalid` with the reason when `domain::transfers::check_pair` refuses them.
    async fn pair(&self, scope: Scope, id: TransactionId, with: TransactionId) -> Result<TransferRecord, RepoError>;
    /// Makes a paired transfer's rows ordinary rows again, never to be suggested again; answers
    /// them. `NotFound` for a foreign id; `Invalid` for a row that is not a paired transfer's leg.
    async fn unpair(&self, scope: Scope, id: TransactionId) -> Result<Vec<TransactionRecord>, RepoError>;
    /// Transfers newest first, as (outgoing leg, incoming leg), and how many there are.
    async fn list_transfers(
        &self,
        scope: Scope,
        page: i64,
        limit: i64,
    ) -> Result<(Vec<ListedTransfer>, i64), RepoError>;
}
