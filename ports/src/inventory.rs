//! The household inventory, its shopping list, and shopping trips that become one expense. The
//! rules are `domain::inventory`'s; the repository stores, decrements without ever going below
//! zero, and writes a trip (the expense, the restocking, the list) in one database transaction.

use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use domain::accounts::AccountId;
use domain::categories::CategoryId;
use domain::dates::london_today;
use domain::inventory::{parse_trip, quantity_to_buy, ItemDraft, ItemInput, TripLine, TripLineInput};
use domain::{Money, UserId, ValidationError};
use uuid::Uuid;

use crate::{Clock, RepoError};

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
    async fn create(&self, user: UserId, id: Uuid, draft: &ItemDraft) -> Result<InventoryItem, RepoError>;
    async fn update(&self, user: UserId, id: Uuid, draft: &ItemDraft) -> Result<InventoryItem, RepoError>;
    /// Removes the item and its shopping-list entry; answers the item as it was (its image is
    /// the caller's to remove).
    async fn delete(&self, user: UserId, id: Uuid) -> Result<InventoryItem, RepoError>;
    /// One fewer in stock, never below zero (None when there was none); when that leaves less
    /// than is needed, the item's entry on the list is made (auto-added) or raised to what is
    /// missing, in the same database transaction.
    async fn decrement(&self, user: UserId, id: Uuid) -> Result<Option<InventoryItem>, RepoError>;
    /// The list, by item category and name.
    async fn entries(&self, user: UserId) -> Result<Vec<ShoppingEntry>, RepoError>;
    /// Puts the item on the list, or raises its entry by `quantity`.
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

#[derive(Clone)]
pub struct InventoryService {
    items: Arc<dyn InventoryRepository>,
    clock: Arc<dyn Clock>,
}

impl InventoryService {
    pub fn new(items: Arc<dyn InventoryRepository>, clock: Arc<dyn Clock>) -> Self {
        Self { items, clock }
    }

    pub fn today(&self) -> NaiveDate {
        london_today(self.clock.now())
    }

    pub async fn list(&self, user: UserId, search: Option<&str>) -> Result<Vec<InventoryItem>, InventoryError> {
        let search = search.map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned);
        self.items.list(user, search).await.map_err(InventoryError::from_repo("Inventory item"))
    }

    pub async fn get(&self, user: UserId, id: Uuid) -> Result<InventoryItem, InventoryError> {
        self.items.get(user, id).await.map_err(InventoryError::from_repo("Inventory item"))
    }

    #[tracing::instrument(level = "debug", skip_all, fields(user_id = %user))]
    pub async fn create(&self, user: UserId, input: &ItemInput) -> Result<InventoryItem, InventoryError> {
        let draft = ItemDraft::parse(input)?;
        self.items.create(user, Uuid::now_v7(), &draft).await.map_err(InventoryError::from_repo("Inventory item"))
    }

    pub async fn update(&self, user: UserId, id: Uuid, input: &ItemInput) -> Result<InventoryItem, InventoryError> {
        let draft = ItemDraft::parse(input)?;
        self.items.update(user, id, &draft).await.map_err(InventoryError::from_repo("Inventory item"))
    }

    pub async fn delete(&self, user: UserId, id: Uuid) -> Result<InventoryItem, InventoryError> {
        self.items.delete(user, id).await.map_err(InventoryError::from_repo("Inventory item"))
    }

    pub async fn decrement(&self, user: UserId, id: Uuid) -> Result<InventoryItem, InventoryError> {
        self.items
            .decrement(user, id)
            .await
            .map_err(InventoryError::from_repo("Inventory item"))?
            .ok_or(InventoryError::OutOfStock)
    }

    pub async fn entries(&self, user: UserId) -> Result<Vec<ShoppingEntry>, InventoryError> {
        self.items.entries(user).await.map_err(InventoryError::from_repo("Shopping list item"))
    }

    /// Adds an item to the list; a quantity of at least 1.
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

    pub async fn set_entry_quantity(
        &self,
        user: UserId,
        id: Uuid,
        quantity: i64,
    ) -> Result<ShoppingEntry, InventoryError> {
        check_quantity(quantity)?;
        self.items.set_entry_quantity(user, id, quantity).await.map_err(InventoryError::from_repo("Shopping list item"))
    }

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

/// How many an item from the inventory is put on the list with (spec: what is missing, if any).
pub fn restock_quantity(item: &InventoryItem) -> Option<i64> {
    Some(quantity_to_buy(item.default_needed, item.current_stock)).filter(|q| *q > 0)
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
        InventoryService::new(Arc::new(repo), Arc::new(clock))
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
