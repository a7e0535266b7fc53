//! The household inventory, its shopping list, and shopping trips that become one expense. The
//! rules are `domain::inventory`'s; the repository stores, decrements without ever going below
//! zero, and writes a trip (the expense, the restocking, the list) in one database transaction.
//! Every write that sets an item's stock or need (create, edit, decrement, a backup's restore)
//! applies the one restocking rule, `domain::inventory::restock`, to the shopping list in the
//! same database transaction.

mod service;
#[cfg(test)]
mod tests;

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use domain::accounts::AccountId;
use domain::categories::CategoryId;
use domain::ids::{InventoryItemId, ShoppingEntryId};
use domain::inventory::{ItemDraft, Restock, TripLine};
use domain::transactions::TransactionId;
use domain::{Money, Scope, ValidationError};

use crate::blobs::BlobKey;
use crate::ledger::MemberRef;
use crate::RepoError;

pub use service::InventoryService;

/// A stored inventory item.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InventoryItem {
    pub id: InventoryItemId,
    pub name: String,
    pub category: String,
    pub brand: String,
    pub current_stock: i64,
    pub default_needed: i64,
    pub last_price: Money,
    pub preferred_store: String,
    pub unit: String,
    pub expiry_date: Option<NaiveDate>,
    pub item_type: String,
    pub size: String,
    pub location_in_house: String,
    pub image: String,
    pub created_at: DateTime<Utc>,
}

/// An entry of the shopping list with its item.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShoppingEntry {
    pub id: ShoppingEntryId,
    pub item: InventoryItem,
    pub quantity_to_buy: i64,
    pub added_manually: bool,
    pub is_auto_added: bool,
    /// Ticked for the trip, by whichever member of the household; `None` while not.
    pub tick: Option<Tick>,
}

/// A tick on a shopping-list entry: the household's, so every member sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tick {
    /// The member who ticked it; `None` once their user was deleted (it stays ticked).
    pub by: Option<MemberRef>,
    pub at: DateTime<Utc>,
}

/// What a completed trip wrote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TripRecord {
    /// The one expense.
    pub transaction_id: TransactionId,
    pub total: Money,
    /// The bought items as they now are.
    pub items: Vec<InventoryItem>,
}

/// The expense a trip writes, decided by the use case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TripExpense {
    pub account: AccountId,
    /// None: the household's Groceries category (made again if they deleted it).
    pub category: Option<CategoryId>,
    pub date: NaiveDate,
    pub total: Money,
    pub description: String,
    pub notes: String,
}

#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait InventoryRepository: Send + Sync {
    /// The household's items by name; with `search`, those whose name, brand or preferred store
    /// contains it (any case).
    async fn list(&self, scope: Scope, search: Option<String>) -> Result<Vec<InventoryItem>, RepoError>;
    async fn get(&self, scope: Scope, id: InventoryItemId) -> Result<InventoryItem, RepoError>;
    /// Stores the item and, in the same database transaction, does to the shopping list what
    /// `restock` says (the caller's verdict on the draft): `Needed(n)` makes its auto-added
    /// entry of n.
    async fn create(
        &self,
        scope: Scope,
        id: InventoryItemId,
        draft: &ItemDraft,
        restock: Restock,
    ) -> Result<InventoryItem, RepoError>;
    /// Replaces the item's fields (`NotFound` for another household's) and, in the same database
    /// transaction, does to the list what `restock` says: `Needed(n)` makes its auto-added
    /// entry or raises the one there to n (never lowers it); `Enough` removes an entry the app
    /// added and the user did not, and leaves one the user added.
    async fn update(
        &self,
        scope: Scope,
        id: InventoryItemId,
        draft: &ItemDraft,
        restock: Restock,
    ) -> Result<InventoryItem, RepoError>;
    /// Removes the item and its shopping-list entry; answers the item as it was (its image is
    /// the caller's to remove).
    async fn delete(&self, scope: Scope, id: InventoryItemId) -> Result<InventoryItem, RepoError>;
    /// One fewer in stock, never below zero (None when there was none); then, in the same
    /// database transaction, `restock` of the stock left, as `update` applies it: when that is
    /// less than is needed, the item's entry on the list is made (auto-added) or raised to what
    /// is missing.
    async fn decrement(&self, scope: Scope, id: InventoryItemId) -> Result<Option<InventoryItem>, RepoError>;
    /// The list, by item category and name.
    async fn entries(&self, scope: Scope) -> Result<Vec<ShoppingEntry>, RepoError>;
    /// Puts the item on the list, or raises its entry by `quantity`. An entry only the app put
    /// there (auto-added, not added by hand) already holds what is missing: it takes the larger
    /// of the two instead, so adding a low item, or a new one made from the list, is not
    /// counted twice.
    async fn add_entry(
        &self,
        scope: Scope,
        item: InventoryItemId,
        quantity: i64,
        added_manually: bool,
    ) -> Result<ShoppingEntry, RepoError>;
    async fn set_entry_quantity(
        &self,
        scope: Scope,
        id: ShoppingEntryId,
        quantity: i64,
    ) -> Result<ShoppingEntry, RepoError>;
    /// Ticks the entry for the trip as `scope.member`'s at `tick`, or with `None` unticks it.
    /// Either a second time changes nothing: a tick already there keeps who made it and when (the
    /// first of two members ticking at once is the one named), so a retry is harmless. Answers
    /// the entry; `NotFound` for another household's or an unknown id. The tick goes with its
    /// entry (a trip that buys it, its removal).
    async fn set_ticked(
        &self,
        scope: Scope,
        id: ShoppingEntryId,
        tick: Option<DateTime<Utc>>,
    ) -> Result<ShoppingEntry, RepoError>;
    /// Removes the entry (never the item).
    async fn delete_entry(&self, scope: Scope, id: ShoppingEntryId) -> Result<(), RepoError>;
    /// In one database transaction: the expense through the ledger's write path, each bought
    /// item's stock raised and last price (and store) set, and their entries removed (their ticks
    /// with them; entries the trip did not buy keep theirs). `NotFound` when an item or the
    /// account is not the household's; nothing is written then.
    async fn complete_trip(
        &self,
        scope: Scope,
        lines: &[TripLine],
        expense: &TripExpense,
    ) -> Result<TripRecord, RepoError>;
}

#[derive(Debug, thiserror::Error)]
pub enum InventoryError {
    #[error("{0}")]
    Invalid(#[from] ValidationError),
    #[error("{0} not found")]
    NotFound(&'static str),
    /// Decrementing an item with none in stock.
    #[error("Stock is already zero")]
    OutOfStock,
    /// As many photos as the server handles at once are being processed.
    #[error("The server is busy. Please try again in a moment.")]
    Busy,
    #[error(transparent)]
    Unexpected(#[from] anyhow::Error),
}

impl InventoryError {
    fn from_repo(what: &'static str) -> impl Fn(RepoError) -> InventoryError {
        move |e| e.or_not_found(|| InventoryError::NotFound(what))
    }
}

/// The description of a trip's expense: 'Shopping: Tesco', or 'Shopping: Shopping trip' when no
/// store was given; one store when all lines name the same one.
pub fn trip_description(lines: &[TripLine]) -> String {
    let mut stores: Vec<&str> = lines.iter().map(|l| l.store.trim()).filter(|s| !s.is_empty()).collect();
    stores.sort_unstable();
    stores.dedup();
    match stores.as_slice() {
        [] => "Shopping: Shopping trip".to_owned(),
        [one] => format!("Shopping: {one}"),
        many => format!("Shopping: {}", many.join(", ")),
    }
}

/// The notes of a trip's expense: one line per item, '2 × Milk @ £1.15'.
pub fn trip_notes(lines: &[TripLine], names: &[(InventoryItemId, String)]) -> String {
    lines
        .iter()
        .map(|l| {
            let name = names.iter().find(|(id, _)| *id == l.item_id).map_or("Item", |(_, n)| n.as_str());
            format!("{} × {} @ {}", l.quantity, name, l.price.format_gbp())
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Where uploaded photos are served from.
pub const UPLOADS_PREFIX: &str = "/uploads/";
pub const NOT_AN_IMAGE: &str = "Only image files (PNG, JPEG or WebP) can be uploaded";
pub const TOO_MANY_PIXELS: &str = "This image is too large: at most 50 megapixels and 12,000 px a side";

/// A photo's blob keys: 128 random bits in hex, and its thumbnail's.
pub(crate) fn photo_keys() -> (BlobKey, BlobKey) {
    let name = format!("{:032x}", rand::random::<u128>());
    let key = |suffix: &str| BlobKey::parse(&format!("{name}{suffix}.jpg")).expect("hex is a valid key");
    (key(""), key("-thumb"))
}

fn is_photo_name(stem: &str) -> bool {
    stem.len() == 32 && stem.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// The blob keys of a photo path this server gave (`/uploads/<hex>.jpg`), to remove it.
pub fn photo_keys_of(path: &str) -> Option<(BlobKey, BlobKey)> {
    let name = path.strip_prefix(UPLOADS_PREFIX)?.strip_suffix(".jpg")?;
    if !is_photo_name(name) {
        return None;
    }
    Some((BlobKey::parse(&format!("{name}.jpg"))?, BlobKey::parse(&format!("{name}-thumb.jpg"))?))
}

/// An uploaded photo's server-relative paths.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UploadedPhoto {
    pub path: String,
    pub thumbnail: String,
}
