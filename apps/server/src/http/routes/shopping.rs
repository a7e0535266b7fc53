//! The shopping list and shopping trips. Configured before the inventory's routes, so
//! `/inventory-items/shopping-list` and `/inventory-items/shopping-trip/complete` are not taken
//! for an item's id.

use std::collections::BTreeMap;

use actix_web::{delete, get, post, put, web};
use chrono::NaiveDate;
use domain::accounts::AccountId;
use domain::categories::CategoryId;
use domain::inventory::TripLineInput;
use ports::inventory::ShoppingEntry;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::http::error::{ApiError, ErrorResponse};
use crate::http::extract::CurrentUser;
use crate::http::routes::inventory::{item_dto, InventoryItemDto};
use crate::http::routes::transactions::{CreatedByDto, TransactionDto};
use crate::http::wire::{
    path_id, required_whole, whole_text, AmountInput, Confirmed, Created, Envelope, MessageResponse, WholeInput,
};
use crate::AppState;

pub fn config(cfg: &mut ServiceConfig) {
    cfg.service(grouped_list)
        .service(complete_trip)
        .service(entries)
        .service(add_entry)
        .service(set_entry)
        .service(tick_entry)
        .service(remove_entry);
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShoppingEntryDto {
    #[serde(rename = "_id")]
    pub id: String,
    pub inventory_item: InventoryItemDto,
    pub quantity_to_buy: i64,
    pub added_manually: bool,
    pub is_auto_added: bool,
    /// Ticked for the trip, by any member of the household (PUT /shopping-list/{id}/tick).
    pub ticked: bool,
    /// The member who ticked it; null while it is not ticked, or once their user is deleted.
    pub ticked_by: Option<CreatedByDto>,
}

fn entry_dto(e: &ShoppingEntry, today: NaiveDate) -> ShoppingEntryDto {
    ShoppingEntryDto {
        id: e.id.to_string(),
        inventory_item: item_dto(&e.item, today),
        quantity_to_buy: e.quantity_to_buy,
        added_manually: e.added_manually,
        is_auto_added: e.is_auto_added,
        ticked: e.tick.is_some(),
        ticked_by: e
            .tick
            .as_ref()
            .and_then(|t| t.by.as_ref())
            .map(|m| CreatedByDto { id: m.id.to_string(), name: m.name.clone() }),
    }
}

/// The shopping list, by item category and name.
#[utoipa::path(operation_id = "shoppingList", tag = "shopping-list", security(("bearer" = [])),
    responses((status = 200, body = Envelope<Vec<ShoppingEntryDto>>), (status = 401, body = ErrorResponse)))]
#[get("/shopping-list")]
pub async fn entries(
    state: web::Data<AppState>,
    user: CurrentUser,
) -> Result<Envelope<Vec<ShoppingEntryDto>>, ApiError> {
    let found = state.inventory.entries(user.scope).await?;
    let today = state.inventory.today();
    Ok(Envelope::ok(found.iter().map(|e| entry_dto(e, today)).collect()))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GroupedShoppingListDto {
    pub items: Vec<ShoppingEntryDto>,
    /// The same entries by their item's category.
    pub grouped_items: BTreeMap<String, Vec<ShoppingEntryDto>>,
}

/// The shopping list, also grouped by category.
#[utoipa::path(operation_id = "inventoryShoppingList", tag = "inventory", security(("bearer" = [])),
    responses((status = 200, body = Envelope<GroupedShoppingListDto>), (status = 401, body = ErrorResponse)))]
#[get("/inventory-items/shopping-list")]
pub async fn grouped_list(
    state: web::Data<AppState>,
    user: CurrentUser,
) -> Result<Envelope<GroupedShoppingListDto>, ApiError> {
    let found = state.inventory.entries(user.scope).await?;
    let today = state.inventory.today();
    let mut grouped: BTreeMap<String, Vec<ShoppingEntryDto>> = BTreeMap::new();
    for e in &found {
        grouped.entry(e.item.category.clone()).or_default().push(entry_dto(e, today));
    }
    Ok(Envelope::ok(GroupedShoppingListDto {
        items: found.iter().map(|e| entry_dto(e, today)).collect(),
        grouped_items: grouped,
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddEntryBody {
    pub inventory_item_id: Option<String>,
    /// A whole number, at least 1.
    pub quantity_to_buy: Option<WholeInput>,
    pub added_manually: Option<bool>,
}

fn quantity(v: Option<WholeInput>) -> Result<i64, ApiError> {
    required_whole(v, "quantityToBuy", "Quantity to buy must be a whole number of at least 1")
}

/// Puts an item on the list, or raises its entry's quantity.
#[utoipa::path(operation_id = "shoppingListAdd", tag = "shopping-list", security(("bearer" = [])), request_body = AddEntryBody,
    responses((status = 201, body = Envelope<ShoppingEntryDto>), (status = 400, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
#[post("/shopping-list")]
pub async fn add_entry(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<AddEntryBody>,
) -> Result<Created<Envelope<ShoppingEntryDto>>, ApiError> {
    let b = body.into_inner();
    let item = b.inventory_item_id.as_deref().filter(|s| !s.trim().is_empty());
    let item =
        path_id(item.ok_or_else(|| ApiError::validation("Inventory item is required".into()))?, "Inventory item")?;
    let entry = state
        .inventory
        .add_entry(user.scope, item, quantity(b.quantity_to_buy)?, b.added_manually.unwrap_or(true))
        .await?;
    Ok(Created(Envelope::with_message(entry_dto(&entry, state.inventory.today()), "Item added to shopping list")))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SetEntryBody {
    /// A whole number, at least 1.
    pub quantity_to_buy: Option<WholeInput>,
}

/// Changes how many to buy.
#[utoipa::path(operation_id = "shoppingListUpdate", tag = "shopping-list", security(("bearer" = [])), request_body = SetEntryBody,
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<ShoppingEntryDto>), (status = 400, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
#[put("/shopping-list/{id}")]
pub async fn set_entry(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<String>,
    body: web::Json<SetEntryBody>,
) -> Result<Envelope<ShoppingEntryDto>, ApiError> {
    let id = path_id(&id, "Shopping list item")?;
    let entry =
        state.inventory.set_entry_quantity(user.scope, id, quantity(body.into_inner().quantity_to_buy)?).await?;
    Ok(Envelope::ok(entry_dto(&entry, state.inventory.today())))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct TickBody {
    /// True ticks the entry for the trip (as the signed-in member's), false unticks it.
    #[schema(value_type = bool)]
    pub ticked: Option<serde_json::Value>,
}

const TICKED_REQUIRED: &str = "Ticked must be true or false";

/// Ticks an entry for the trip, or unticks it: the household's, so every member sees it. The same
/// again changes nothing (a tick already there keeps who made it), so a phone may retry it.
#[utoipa::path(operation_id = "shoppingListTick", tag = "shopping-list", security(("bearer" = [])), request_body = TickBody,
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<ShoppingEntryDto>), (status = 400, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
#[put("/shopping-list/{id}/tick")]
pub async fn tick_entry(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<String>,
    body: web::Json<TickBody>,
) -> Result<Envelope<ShoppingEntryDto>, ApiError> {
    let id = path_id(&id, "Shopping list item")?;
    let ticked = match body.into_inner().ticked {
        Some(serde_json::Value::Bool(b)) => b,
        _ => return Err(ApiError::validation(TICKED_REQUIRED.into())),
    };
    let entry = state.inventory.set_ticked(user.scope, id, ticked).await?;
    Ok(Envelope::ok(entry_dto(&entry, state.inventory.today())))
}

/// Takes an entry off the list (the item stays in the inventory).
#[utoipa::path(operation_id = "shoppingListRemove", tag = "shopping-list", security(("bearer" = [])), params(("id" = String, Path)),
    responses((status = 200, body = MessageResponse), (status = 404, body = ErrorResponse)))]
#[delete("/shopping-list/{id}")]
pub async fn remove_entry(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<String>,
) -> Result<MessageResponse, ApiError> {
    state.inventory.delete_entry(user.scope, path_id(&id, "Shopping list item")?).await?;
    Ok(MessageResponse::ok("Item removed from shopping list"))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TripLineBody {
    pub inventory_item_id: Option<String>,
    /// A whole number, at least 1.
    pub quantity: Option<WholeInput>,
    /// Per unit, at least £0.00.
    pub price: Option<AmountInput>,
    pub store: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TripBody {
    pub items: Option<Vec<TripLineBody>>,
    pub account_id: Option<String>,
    /// None: Groceries.
    pub category_id: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TripDto {
    /// The one expense the trip made.
    pub transaction: TransactionDto,
    /// The bought items, restocked.
    pub items: Vec<InventoryItemDto>,
}

fn optional_id(raw: Option<&str>, what: &'static str) -> Result<Option<uuid::Uuid>, ApiError> {
    match raw.map(str::trim).filter(|s| !s.is_empty()) {
        None => Ok(None),
        Some(s) => path_id(s, what).map(Some),
    }
}

/// Buys the ticked items: one expense of the exact total on the account, dated today; the items
/// restocked at the prices paid and taken off the list. All or nothing.
#[utoipa::path(operation_id = "inventoryCompleteTrip", tag = "inventory", security(("bearer" = [])), request_body = TripBody,
    responses((status = 201, body = Confirmed<TripDto>), (status = 400, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
#[post("/inventory-items/shopping-trip/complete")]
pub async fn complete_trip(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<TripBody>,
) -> Result<Created<Confirmed<TripDto>>, ApiError> {
    let b = body.into_inner();
    let lines: Vec<TripLineInput> = b
        .items
        .unwrap_or_default()
        .into_iter()
        .map(|l| TripLineInput {
            item_id: l.inventory_item_id.unwrap_or_default(),
            quantity: whole_text(l.quantity),
            price: l.price.map(AmountInput::into_text),
            store: l.store.unwrap_or_default(),
        })
        .collect();
    let account = optional_id(b.account_id.as_deref(), "Account")?.map(AccountId);
    let category = optional_id(b.category_id.as_deref(), "Category")?.map(CategoryId);
    let trip = state.inventory.complete_trip(user.scope, &lines, account, category).await?;
    let transaction = state.ledger.transaction(user.scope, trip.transaction_id).await?;
    let today = state.inventory.today();
    Ok(Created(Confirmed::new(
        TripDto { transaction: (&transaction).into(), items: trip.items.iter().map(|i| item_dto(i, today)).collect() },
        "Shopping trip completed successfully",
    )))
}
