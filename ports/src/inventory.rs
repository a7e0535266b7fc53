//! The household inventory, its shopping list, and shopping trips that become one expense. The
//! rules are `domain::inventory`'s; the repository stores, decrements without ever going below
//! zero, and writes a trip (the expense, the restocking, the list) in one database transaction.
//! Every write that sets an item's stock or need (create, edit, decrement, a backup's restore)
//! applies the one restocking rule, `domain::inventory::restock`, to the shopping list in the
//! same database transaction.

use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use domain::accounts::AccountId;
use domain::categories::CategoryId;
use domain::dates::london_today;
use domain::inventory::{parse_trip, restock, ItemDraft, ItemInput, Restock, TripLine, TripLineInput};
use domain::{Money, UserId, ValidationError};
use uuid::Uuid;

use crate::blobs::{BlobKey, BlobStore};
use crate::images::{ImageError, ImageProcessor};
use crate::{Clock, RepoError, WorkError};

/// A stored inventory item.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InventoryItem {
    pub id: Uuid,
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
    pub id: Uuid,
    pub item: InventoryItem,
    pub quantity_to_buy: i64,
    pub added_manually: bool,
    pub is_auto_added: bool,
}

/// What a completed trip wrote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TripRecord {
    /// The one expense.
    pub transaction_id: Uuid,
    pub total: Money,
    /// The bought items as they now are.
    pub items: Vec<InventoryItem>,
}

/// The expense a trip writes, decided by the use case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TripExpense {
    pub account: AccountId,
    /// None: the user's Groceries category (made again if they deleted it).
    pub category: Option<CategoryId>,
    pub date: NaiveDate,
    pub total: Money,
    pub description: String,
    pub notes: String,
}

#[cfg_attr(feature = "mocks", mockall::automock)]
#[async_trait]
pub trait InventoryRepository: Send + Sync {
    /// The user's items by name; with `search`, those whose name, brand or preferred store
    /// contains it (any case).
    async fn list(&self, user: UserId, search: Option<String>) -> Result<Vec<InventoryItem>, RepoError>;
    async fn get(&self, user: UserId, id: Uuid) -> Result<InventoryItem, RepoError>;
    /// Stores the item and, in the same database transaction, does to the shopping list what
    /// `restock` says (the caller's verdict on the draft): `Needed(n)` makes its auto-added
    /// entry of n.
    async fn create(
        &self,
        user: UserId,
        id: Uuid,
        draft: &ItemDraft,
        restock: Restock,
    ) -> Result<InventoryItem, RepoError>;
    /// Replaces the item's fields (`NotFound` for another user's) and, in the same database
    /// transaction, does to the list what `restock` says: `Needed(n)` makes its auto-added
    /// entry or raises the one there to n (never lowers it); `Enough` removes an entry the app
    /// added and the user did not, and leaves one the user added.
    async fn update(
        &self,
        user: UserId,
        id: Uuid,
        draft: &ItemDraft,
        restock: Restock,
    ) -> Result<InventoryItem, RepoError>;
    /// Removes the item and its shopping-list entry; answers the item as it was (its image is
    /// the caller's to remove).
    async fn delete(&self, user: UserId, id: Uuid) -> Result<InventoryItem, RepoError>;
    /// One fewer in stock, never below zero (None when there was none); then, in the same
    /// database transaction, `restock` of the stock left, as `update` applies it: when that is
    /// less than is needed, the item's entry on the list is made (auto-added) or raised to what
    /// is missing.
    async fn decrement(&self, user: UserId, id: Uuid) -> Result<Option<InventoryItem>, RepoError>;
    /// The list, by item category and name.
    async fn entries(&self, user: UserId) -> Result<Vec<ShoppingEntry>, RepoError>;
    /// Puts the item on the list, or raises its entry by `quantity`. An entry only the app put
    /// there (auto-added, not added by hand) already holds what is missing: it takes the larger
    /// of the two instead, so adding a low item, or a new one made from the list, is not
    /// counted twice.
    async fn add_entry(
        &self,
        user: UserId,
        item: Uuid,
        quantity: i64,
        added_manually: bool,
    ) -> Result<ShoppingEntry, RepoError>;
    async fn set_entry_quantity(&self, user: UserId, id: Uuid, quantity: i64) -> Result<ShoppingEntry, RepoError>;
    /// Removes the entry (never the item).
    async fn delete_entry(&self, user: UserId, id: Uuid) -> Result<(), RepoError>;
    /// In one database transaction: the expense through the ledger's write path, each bought
    /// item's stock raised and last price (and store) set, and their entries removed. `NotFound`
    /// when an item or the account is not the user's; nothing is written then.
    async fn complete_trip(
        &self,
        user: UserId,
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
pub fn trip_notes(lines: &[TripLine], names: &[(Uuid, String)]) -> String {
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

#[derive(Clone)]
pub struct InventoryService {
    items: Arc<dyn InventoryRepository>,
    blobs: Arc<dyn BlobStore>,
    images: Arc<dyn ImageProcessor>,
    clock: Arc<dyn Clock>,
}

impl InventoryService {
    pub fn new(
        items: Arc<dyn InventoryRepository>,
        blobs: Arc<dyn BlobStore>,
        images: Arc<dyn ImageProcessor>,
        clock: Arc<dyn Clock>,
    ) -> Self {
        Self { items, blobs, images, clock }
    }

    /// Checks and re-encodes a photo and stores it with its thumbnail.
    #[tracing::instrument(level = "debug", skip_all, fields(bytes = bytes.len()))]
    pub async fn upload_photo(&self, bytes: Vec<u8>) -> Result<UploadedPhoto, InventoryError> {
        let image = self.images.normalise(bytes).await.map_err(|e| match e {
            ImageError::NotAnImage => InventoryError::Invalid(ValidationError::new("image", NOT_AN_IMAGE)),
            ImageError::TooManyPixels => InventoryError::Invalid(ValidationError::new("image", TOO_MANY_PIXELS)),
            ImageError::Work(WorkError::Busy) => InventoryError::Busy,
            ImageError::Work(WorkError::Failed(e)) => InventoryError::Unexpected(e),
        })?;
        let (full, thumb) = photo_keys();
        self.blobs.put(&thumb, image.thumb).await.map_err(|e| InventoryError::Unexpected(e.into()))?;
        self.blobs.put(&full, image.full).await.map_err(|e| InventoryError::Unexpected(e.into()))?;
        Ok(UploadedPhoto {
            path: format!("{UPLOADS_PREFIX}{}", full.as_str()),
            thumbnail: format!("{UPLOADS_PREFIX}{}", thumb.as_str()),
        })
    }

    /// A stored photo's bytes by its file name (`<hex>.jpg` or `<hex>-thumb.jpg`).
    #[tracing::instrument(level = "debug", skip_all)]
    pub async fn photo(&self, name: &str) -> Result<Option<(Vec<u8>, &'static str)>, InventoryError> {
        let stem = name.strip_suffix(".jpg").map(|s| s.strip_suffix("-thumb").unwrap_or(s));
        let Some(key) = stem.filter(|s| is_photo_name(s)).and_then(|_| BlobKey::parse(name)) else {
            return Ok(None);
        };
        let bytes = self.blobs.get(&key).await.map_err(|e| InventoryError::Unexpected(e.into()))?;
        Ok(bytes.map(|b| (b, key.content_type())))
    }

    /// Removes a photo this server stored; anything else (no photo, another address) is left.
    async fn forget_photo(&self, path: &str) {
        if let Some((full, thumb)) = photo_keys_of(path) {
            for key in [full, thumb] {
                if let Err(e) = self.blobs.delete(&key).await {
                    tracing::warn!(error = %e, "a photo could not be removed");
                }
            }
        }
    }

    pub fn today(&self) -> NaiveDate {
        london_today(self.clock.now())
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    pub async fn list(&self, user: UserId, search: Option<&str>) -> Result<Vec<InventoryItem>, InventoryError> {
        let search = search.map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned);
        self.items.list(user, search).await.map_err(InventoryError::from_repo("Inventory item"))
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    pub async fn get(&self, user: UserId, id: Uuid) -> Result<InventoryItem, InventoryError> {
        self.items.get(user, id).await.map_err(InventoryError::from_repo("Inventory item"))
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    pub async fn create(&self, user: UserId, input: &ItemInput) -> Result<InventoryItem, InventoryError> {
        let draft = ItemDraft::parse(input)?;
        self.items
            .create(user, Uuid::now_v7(), &draft, draft_restock(&draft))
            .await
            .map_err(InventoryError::from_repo("Inventory item"))
    }

    /// Edits the item; a photo it no longer shows is removed.
    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    pub async fn update(&self, user: UserId, id: Uuid, input: &ItemInput) -> Result<InventoryItem, InventoryError> {
        let draft = ItemDraft::parse(input)?;
        let before = self.items.get(user, id).await.map_err(InventoryError::from_repo("Inventory item"))?;
        let item = self
            .items
            .update(user, id, &draft, draft_restock(&draft))
            .await
            .map_err(InventoryError::from_repo("Inventory item"))?;
        if before.image != item.image {
            self.forget_photo(&before.image).await;
        }
        Ok(item)
    }

    /// Deletes the item, its shopping-list entry and its photo.
    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    pub async fn delete(&self, user: UserId, id: Uuid) -> Result<InventoryItem, InventoryError> {
        let item = self.items.delete(user, id).await.map_err(InventoryError::from_repo("Inventory item"))?;
        self.forget_photo(&item.image).await;
        Ok(item)
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    pub async fn decrement(&self, user: UserId, id: Uuid) -> Result<InventoryItem, InventoryError> {
        self.items
            .decrement(user, id)
            .await
            .map_err(InventoryError::from_repo("Inventory item"))?
            .ok_or(InventoryError::OutOfStock)
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    pub async fn entries(&self, user: UserId) -> Result<Vec<ShoppingEntry>, InventoryError> {
        self.items.entries(user).await.map_err(InventoryError::from_repo("Shopping list item"))
    }

    /// Adds an item to the list; a quantity of at least 1.
    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    pub async fn add_entry(
        &self,
        user: UserId,
        item: Uuid,
        quantity: i64,
        added_manually: bool,
    ) -> Result<ShoppingEntry, InventoryError> {
        check_quantity(quantity)?;
        self.items
            .add_entry(user, item, quantity, added_manually)
            .await
            .map_err(InventoryError::from_repo("Inventory item"))
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    pub async fn set_entry_quantity(
        &self,
        user: UserId,
        id: Uuid,
        quantity: i64,
    ) -> Result<ShoppingEntry, InventoryError> {
        check_quantity(quantity)?;
        self.items.set_entry_quantity(user, id, quantity).await.map_err(InventoryError::from_repo("Shopping list item"))
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    pub async fn delete_entry(&self, user: UserId, id: Uuid) -> Result<(), InventoryError> {
        self.items.delete_entry(user, id).await.map_err(InventoryError::from_repo("Shopping list item"))
    }

    /// Parses the trip and writes it: one expense of the exact total, dated today.
    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    pub async fn complete_trip(
        &self,
        user: UserId,
        lines: &[TripLineInput],
        account: Option<AccountId>,
        category: Option<CategoryId>,
    ) -> Result<TripRecord, InventoryError> {
        let (lines, total) = parse_trip(lines)?;
        let account = account.ok_or_else(|| ValidationError::new("accountId", "Account is required"))?;
        let items = self.items.list(user, None).await.map_err(InventoryError::from_repo("Inventory item"))?;
        let names: Vec<(Uuid, String)> = items.into_iter().map(|i| (i.id, i.name)).collect();
        if let Some(missing) = lines.iter().find(|l| !names.iter().any(|(id, _)| *id == l.item_id)) {
            tracing::debug!(item = %missing.item_id, "a trip names an item that is not the user's");
            return Err(InventoryError::NotFound("Inventory item"));
        }
        let expense = TripExpense {
            account,
            category,
            date: self.today(),
            total,
            description: trip_description(&lines),
            notes: trip_notes(&lines, &names),
        };
        self.items.complete_trip(user, &lines, &expense).await.map_err(InventoryError::from_repo("Account"))
    }
}

fn check_quantity(quantity: i64) -> Result<(), ValidationError> {
    if !(1..=domain::inventory::MAX_COUNT).contains(&quantity) {
        return Err(ValidationError::new("quantityToBuy", "Quantity to buy must be a whole number of at least 1"));
    }
    Ok(())
}

/// The restocking rule on an item as the form sets it.
fn draft_restock(draft: &ItemDraft) -> Restock {
    restock(draft.default_needed, draft.current_stock)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::MockClock;
    use chrono::TimeZone;

    fn line(n: u128, quantity: i64, pence: i64, store: &str) -> TripLine {
        TripLine { item_id: Uuid::from_u128(n), quantity, price: Money::from_pence(pence), store: store.into() }
    }

    #[test]
    fn a_trip_is_described_by_its_stores_and_lists_its_items() {
        assert_eq!(trip_description(&[line(1, 1, 100, ""), line(2, 1, 100, " ")]), "Shopping: Shopping trip");
        assert_eq!(trip_description(&[line(1, 1, 100, "Tesco"), line(2, 1, 100, "Tesco")]), "Shopping: Tesco");
        assert_eq!(trip_description(&[line(1, 1, 100, "Tesco"), line(2, 1, 100, "Aldi")]), "Shopping: Aldi, Tesco");
        let names = vec![(Uuid::from_u128(1), "Milk".to_owned())];
        assert_eq!(
            trip_notes(&[line(1, 2, 115, ""), line(9, 1, 50, "")], &names),
            "2 × Milk @ £1.15\n1 × Item @ £0.50"
        );
    }

    fn service(repo: MockInventoryRepository) -> InventoryService {
        let mut clock = MockClock::new();
        clock.expect_now().returning(|| Utc.with_ymd_and_hms(2026, 11, 25, 12, 0, 0).unwrap());
        InventoryService::new(
            Arc::new(repo),
            Arc::new(crate::blobs::MockBlobStore::new()),
            Arc::new(crate::images::MockImageProcessor::new()),
            Arc::new(clock),
        )
    }

    #[test]
    fn only_the_servers_own_photo_paths_name_blobs() {
        let hex = "0123456789abcdef0123456789abcdef";
        let (full, thumb) = photo_keys_of(&format!("/uploads/{hex}.jpg")).unwrap();
        assert_eq!((full.as_str(), thumb.as_str()), (&*format!("{hex}.jpg"), &*format!("{hex}-thumb.jpg")));
        for other in
            ["", "https://example.com/a.jpg", "/uploads/../x.jpg", "/uploads/abc.jpg", &format!("/uploads/{hex}.png")]
        {
            assert!(photo_keys_of(other).is_none(), "{other}");
        }
        let (a, _) = photo_keys();
        let (b, _) = photo_keys();
        assert_ne!(a, b);
        assert!(photo_keys_of(&format!("/uploads/{}", a.as_str())).is_some());
    }

    fn stocked(stock: &str, needed: &str) -> ItemInput {
        ItemInput {
            name: "Semi-skimmed milk".into(),
            current_stock: Some(stock.into()),
            default_needed: Some(needed.into()),
            ..ItemInput::default()
        }
    }

    fn stored(draft: &ItemDraft) -> InventoryItem {
        InventoryItem {
            id: Uuid::from_u128(1),
            name: draft.name.clone(),
            category: draft.category.clone(),
            brand: draft.brand.clone(),
            current_stock: draft.current_stock,
            default_needed: draft.default_needed,
            last_price: draft.last_price,
            preferred_store: draft.preferred_store.clone(),
            unit: draft.unit.clone(),
            expiry_date: draft.expiry_date,
            item_type: draft.item_type.clone(),
            size: draft.size.clone(),
            location_in_house: draft.location_in_house.clone(),
            image: draft.image.clone(),
            created_at: Utc.with_ymd_and_hms(2026, 11, 25, 12, 0, 0).unwrap(),
        }
    }

    #[tokio::test]
    async fn a_new_item_below_its_need_is_stored_with_its_entry_on_the_list() {
        let user = UserId(Uuid::from_u128(7));
        for (stock, needed, expected) in [
            ("0", "2", Restock::Needed(2)), // issue 29's milk
            ("1", "3", Restock::Needed(2)),
            ("", "", Restock::Needed(1)), // the form's defaults: none in stock, one needed
            ("2", "2", Restock::Enough),
            ("0", "0", Restock::Enough),
        ] {
            let mut repo = MockInventoryRepository::new();
            repo.expect_create()
                .withf(move |_, _, _, restock| *restock == expected)
                .times(1)
                .returning(|_, _, draft, _| Ok(stored(draft)));
            service(repo).create(user, &stocked(stock, needed)).await.unwrap();
        }
    }

    #[tokio::test]
    async fn an_edit_applies_the_same_rule_to_the_item_as_edited() {
        let user = UserId(Uuid::from_u128(7));
        for (stock, needed, expected) in [
            ("1", "3", Restock::Needed(2)), // stock lowered below the need: listed
            ("0", "2", Restock::Needed(2)),
            ("3", "3", Restock::Enough), // stock raised to the need: the app's entry may go
            ("5", "1", Restock::Enough),
        ] {
            let mut repo = MockInventoryRepository::new();
            repo.expect_get().returning(|_, _| Ok(stored(&ItemDraft::parse(&stocked("4", "3")).unwrap())));
            repo.expect_update()
                .withf(move |_, _, _, restock| *restock == expected)
                .times(1)
                .returning(|_, _, draft, _| Ok(stored(draft)));
            service(repo).update(user, Uuid::from_u128(1), &stocked(stock, needed)).await.unwrap();
        }
    }

    #[tokio::test]
    async fn a_refused_form_writes_nothing_and_lists_nothing() {
        let mut repo = MockInventoryRepository::new();
        repo.expect_create().never();
        repo.expect_update().never();
        let s = service(repo);
        let user = UserId(Uuid::from_u128(7));
        let err = s.create(user, &stocked("-1", "2")).await.unwrap_err();
        assert_eq!(err.to_string(), "Stock cannot be negative");
        let err = s.update(user, Uuid::from_u128(1), &stocked("0", "-2")).await.unwrap_err();
        assert_eq!(err.to_string(), "Default needed cannot be negative");
    }

    #[tokio::test]
    async fn a_trip_with_a_foreign_item_or_no_account_writes_nothing() {
        let mut repo = MockInventoryRepository::new();
        repo.expect_list().returning(|_, _| Ok(vec![]));
        repo.expect_complete_trip().never();
        let s = service(repo);
        let user = UserId(Uuid::from_u128(7));
        let input = TripLineInput {
            item_id: Uuid::from_u128(1).to_string(),
            quantity: Some("1".into()),
            price: Some("1".into()),
            store: String::new(),
        };
        let account = Some(AccountId(Uuid::from_u128(3)));
        assert!(matches!(
            s.complete_trip(user, std::slice::from_ref(&input), account, None).await,
            Err(InventoryError::NotFound(_))
        ));
        let err = s.complete_trip(user, &[input], None, None).await.unwrap_err();
        assert_eq!(err.to_string(), "Account is required");
        let err = s.complete_trip(user, &[], account, None).await.unwrap_err();
        assert_eq!(err.to_string(), "Please select at least one item to complete the shopping trip");
    }
}
