//! The use case, [`InventoryService`].

use std::sync::Arc;

use chrono::NaiveDate;
use domain::accounts::AccountId;
use domain::categories::CategoryId;
use domain::dates::london_today;
use domain::ids::{InventoryItemId, ShoppingEntryId};
use domain::inventory::{parse_trip, restock, ItemDraft, ItemInput, Restock, TripLineInput};
use domain::{Scope, ValidationError};

use crate::blobs::{BlobKey, BlobStore};
use crate::images::{ImageError, ImageProcessor};
use crate::{Clock, WorkError};

use super::*;

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

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn list(&self, scope: Scope, search: Option<&str>) -> Result<Vec<InventoryItem>, InventoryError> {
        let search = search.map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned);
        self.items.list(scope, search).await.map_err(InventoryError::from_repo("Inventory item"))
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn get(&self, scope: Scope, id: InventoryItemId) -> Result<InventoryItem, InventoryError> {
        self.items.get(scope, id).await.map_err(InventoryError::from_repo("Inventory item"))
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn create(&self, scope: Scope, input: &ItemInput) -> Result<InventoryItem, InventoryError> {
        let draft = ItemDraft::parse(input)?;
        self.items
            .create(scope, InventoryItemId::generate(), &draft, draft_restock(&draft))
            .await
            .map_err(InventoryError::from_repo("Inventory item"))
    }

    /// Edits the item; a photo it no longer shows is removed.
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn update(
        &self,
        scope: Scope,
        id: InventoryItemId,
        input: &ItemInput,
    ) -> Result<InventoryItem, InventoryError> {
        let draft = ItemDraft::parse(input)?;
        let before = self.items.get(scope, id).await.map_err(InventoryError::from_repo("Inventory item"))?;
        let item = self
            .items
            .update(scope, id, &draft, draft_restock(&draft))
            .await
            .map_err(InventoryError::from_repo("Inventory item"))?;
        if before.image != item.image {
            self.forget_photo(&before.image).await;
        }
        Ok(item)
    }

    /// Deletes the item, its shopping-list entry and its photo.
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn delete(&self, scope: Scope, id: InventoryItemId) -> Result<InventoryItem, InventoryError> {
        let item = self.items.delete(scope, id).await.map_err(InventoryError::from_repo("Inventory item"))?;
        self.forget_photo(&item.image).await;
        Ok(item)
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn decrement(&self, scope: Scope, id: InventoryItemId) -> Result<InventoryItem, InventoryError> {
        self.items
            .decrement(scope, id)
            .await
            .map_err(InventoryError::from_repo("Inventory item"))?
            .ok_or(InventoryError::OutOfStock)
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn entries(&self, scope: Scope) -> Result<Vec<ShoppingEntry>, InventoryError> {
        self.items.entries(scope).await.map_err(InventoryError::from_repo("Shopping list item"))
    }

    /// Adds an item to the list; a quantity of at least 1.
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn add_entry(
        &self,
        scope: Scope,
        item: InventoryItemId,
        quantity: i64,
        added_manually: bool,
    ) -> Result<ShoppingEntry, InventoryError> {
        check_quantity(quantity)?;
        self.items
            .add_entry(scope, item, quantity, added_manually)
            .await
            .map_err(InventoryError::from_repo("Inventory item"))
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn set_entry_quantity(
        &self,
        scope: Scope,
        id: ShoppingEntryId,
        quantity: i64,
    ) -> Result<ShoppingEntry, InventoryError> {
        check_quantity(quantity)?;
        self.items
            .set_entry_quantity(scope, id, quantity)
            .await
            .map_err(InventoryError::from_repo("Shopping list item"))
    }

    /// Ticks the entry for the trip as the member's, now, or unticks it; the same again changes
    /// nothing.
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn set_ticked(
        &self,
        scope: Scope,
        id: ShoppingEntryId,
        ticked: bool,
    ) -> Result<ShoppingEntry, InventoryError> {
        let tick = ticked.then(|| self.clock.now());
        self.items.set_ticked(scope, id, tick).await.map_err(InventoryError::from_repo("Shopping list item"))
    }

    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn delete_entry(&self, scope: Scope, id: ShoppingEntryId) -> Result<(), InventoryError> {
        self.items.delete_entry(scope, id).await.map_err(InventoryError::from_repo("Shopping list item"))
    }

    /// Parses the trip and writes it: one expense of the exact total, dated today.
    #[tracing::instrument(level = "debug", skip_all, fields(household_id = %scope))]
    pub async fn complete_trip(
        &self,
        scope: Scope,
        lines: &[TripLineInput],
        account: Option<AccountId>,
        category: Option<CategoryId>,
    ) -> Result<TripRecord, InventoryError> {
        let (lines, total) = parse_trip(lines)?;
        let account = account.ok_or_else(|| ValidationError::new("accountId", "Account is required"))?;
        let items = self.items.list(scope, None).await.map_err(InventoryError::from_repo("Inventory item"))?;
        let names: Vec<(InventoryItemId, String)> = items.into_iter().map(|i| (i.id, i.name)).collect();
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
        self.items.complete_trip(scope, &lines, &expense).await.map_err(InventoryError::from_repo("Account"))
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
