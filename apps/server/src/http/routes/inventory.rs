//! The household inventory: its items and their photos (the shopping list and trips are in
//! `shopping.rs`).

use actix_web::{delete, get, patch, post, put, web, HttpResponse};
use chrono::{DateTime, NaiveDate, Utc};
use domain::inventory::{expiry_state, line_total, stock_colour, ItemInput};
use ports::inventory::InventoryItem;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::http::error::{ApiError, ErrorResponse};
use crate::http::extract::CurrentUser;
use crate::http::multipart::{read_upload, refuse_declared_beyond};
use crate::http::wire::{
    day_text, path_id, whole_text, AmountInput, Created, DayInput, Envelope, MessageResponse, Pounds, WholeInput,
};
use crate::http::words;
use crate::AppState;

pub fn config(cfg: &mut ServiceConfig) {
    // The fixed paths before `/inventory-items/{id}`, which would take them as ids.
    cfg.service(upload_image)
        .service(list)
        .service(create)
        .service(one)
        .service(update)
        .service(remove)
        .service(decrement);
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InventoryItemDto {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub category: String,
    pub brand: String,
    pub current_stock: i64,
    pub default_needed: i64,
    /// Per unit.
    pub last_price: Pounds,
    pub preferred_store: String,
    pub unit: String,
    #[schema(value_type = Option<String>, example = "2026-12-01")]
    pub expiry_date: Option<NaiveDate>,
    #[serde(rename = "type")]
    pub item_type: String,
    pub size: String,
    pub location_in_house: String,
    /// Server-relative path of the photo ('' for none).
    pub image: String,
    pub created_at: DateTime<Utc>,
    /// green, amber or red: the stock against what is needed.
    #[schema(value_type = words::StockState)]
    pub stock_status: String,
    /// expired, expiring_soon or fresh; null without an expiry date.
    #[schema(value_type = Option<words::ExpiryStatus>)]
    pub expiry_status: Option<String>,
    /// What is missing to reach the need (0 when there is enough).
    pub quantity_to_buy: i64,
    /// Price × default needed.
    pub total_value: Pounds,
    /// Price × current stock.
    pub current_stock_value: Pounds,
}

pub(crate) fn item_dto(i: &InventoryItem, today: NaiveDate) -> InventoryItemDto {
    let value = |n: i64| line_total(i.last_price, n).unwrap_or(domain::Money::ZERO).into();
    InventoryItemDto {
        id: i.id.to_string(),
        name: i.name.clone(),
        category: i.category.clone(),
        brand: i.brand.clone(),
        current_stock: i.current_stock,
        default_needed: i.default_needed,
        last_price: i.last_price.into(),
        preferred_store: i.preferred_store.clone(),
        unit: i.unit.clone(),
        expiry_date: i.expiry_date,
        item_type: i.item_type.clone(),
        size: i.size.clone(),
        location_in_house: i.location_in_house.clone(),
        image: i.image.clone(),
        created_at: i.created_at,
        stock_status: stock_colour(i.default_needed, i.current_stock).as_str().into(),
        expiry_status: i.expiry_date.map(|d| expiry_state(d, today).as_str().into()),
        quantity_to_buy: domain::inventory::quantity_to_buy(i.default_needed, i.current_stock),
        total_value: value(i.default_needed),
        current_stock_value: value(i.current_stock),
    }
}

fn item_response(state: &AppState, item: &InventoryItem, message: Option<&str>) -> Envelope<InventoryItemDto> {
    Envelope { success: true, data: item_dto(item, state.inventory.today()), message: message.map(str::to_owned) }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct InventoryQuery {
    /// Part of the name, brand or preferred store (any case).
    pub search: Option<String>,
}

/// The user's inventory by name, or the items matching a search.
#[utoipa::path(operation_id = "inventoryList", tag = "inventory", security(("bearer" = [])), params(InventoryQuery),
    responses((status = 200, body = Envelope<Vec<InventoryItemDto>>), (status = 401, body = ErrorResponse)))]
#[get("/inventory-items")]
pub async fn list(
    state: web::Data<AppState>,
    user: CurrentUser,
    query: web::Query<InventoryQuery>,
) -> Result<Envelope<Vec<InventoryItemDto>>, ApiError> {
    let items = state.inventory.list(user.scope, query.search.as_deref()).await?;
    let today = state.inventory.today();
    Ok(Envelope::ok(items.iter().map(|i| item_dto(i, today)).collect()))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InventoryItemBody {
    pub name: Option<String>,
    /// Blank is 'Other'.
    pub category: Option<String>,
    pub brand: Option<String>,
    /// A whole number, at least 0 (blank is 0).
    pub current_stock: Option<WholeInput>,
    /// A whole number, at least 0 (blank is 1).
    pub default_needed: Option<WholeInput>,
    /// Per unit, at least £0.00.
    pub last_price: Option<AmountInput>,
    pub preferred_store: Option<String>,
    /// Blank is 'item'.
    pub unit: Option<String>,
    pub expiry_date: Option<DayInput>,
    #[serde(rename = "type")]
    pub item_type: Option<String>,
    pub size: Option<String>,
    pub location_in_house: Option<String>,
    /// The path an upload gave.
    pub image: Option<String>,
}

impl InventoryItemBody {
    fn into_input(self) -> ItemInput {
        let text = |v: Option<String>| v.unwrap_or_default();
        ItemInput {
            name: text(self.name),
            category: text(self.category),
            brand: text(self.brand),
            current_stock: whole_text(self.current_stock),
            default_needed: whole_text(self.default_needed),
            last_price: self.last_price.map(AmountInput::into_text),
            preferred_store: text(self.preferred_store),
            unit: text(self.unit),
            expiry_date: day_text(self.expiry_date).unwrap_or_default(),
            item_type: text(self.item_type),
            size: text(self.size),
            location_in_house: text(self.location_in_house),
            image: text(self.image),
        }
    }
}

/// Adds an item to the inventory.
#[utoipa::path(operation_id = "inventoryCreate", tag = "inventory", security(("bearer" = [])), request_body = InventoryItemBody,
    responses((status = 201, body = Envelope<InventoryItemDto>), (status = 400, body = ErrorResponse)))]
#[post("/inventory-items")]
pub async fn create(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<InventoryItemBody>,
) -> Result<Created<Envelope<InventoryItemDto>>, ApiError> {
    let item = state.inventory.create(user.scope, &body.into_inner().into_input()).await?;
    Ok(Created(item_response(&state, &item, Some("Inventory item created successfully"))))
}

/// One item.
#[utoipa::path(operation_id = "inventoryGet", tag = "inventory", security(("bearer" = [])), params(("id" = String, Path)),
    responses((status = 200, body = Envelope<InventoryItemDto>), (status = 404, body = ErrorResponse)))]
#[get("/inventory-items/{id}")]
pub async fn one(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<String>,
) -> Result<Envelope<InventoryItemDto>, ApiError> {
    let item = state.inventory.get(user.scope, path_id(&id, "Inventory item")?).await?;
    Ok(item_response(&state, &item, None))
}

/// Edits an item; a refused edit changes nothing.
#[utoipa::path(operation_id = "inventoryUpdate", tag = "inventory", security(("bearer" = [])), request_body = InventoryItemBody,
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<InventoryItemDto>), (status = 400, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
#[put("/inventory-items/{id}")]
pub async fn update(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<String>,
    body: web::Json<InventoryItemBody>,
) -> Result<Envelope<InventoryItemDto>, ApiError> {
    let id = path_id(&id, "Inventory item")?;
    let item = state.inventory.update(user.scope, id, &body.into_inner().into_input()).await?;
    Ok(item_response(&state, &item, Some("Inventory item updated successfully")))
}

/// Deletes an item and its shopping-list entry.
#[utoipa::path(operation_id = "inventoryDelete", tag = "inventory", security(("bearer" = [])), params(("id" = String, Path)),
    responses((status = 200, body = MessageResponse), (status = 404, body = ErrorResponse)))]
#[delete("/inventory-items/{id}")]
pub async fn remove(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<String>,
) -> Result<MessageResponse, ApiError> {
    state.inventory.delete(user.scope, path_id(&id, "Inventory item")?).await?;
    Ok(MessageResponse::ok("Inventory item deleted successfully"))
}

/// One fewer in stock (refused at zero); below the need, the item goes on the shopping list.
#[utoipa::path(operation_id = "inventoryDecrement", tag = "inventory", security(("bearer" = [])), params(("id" = String, Path)),
    responses((status = 200, body = Envelope<InventoryItemDto>), (status = 404, body = ErrorResponse), (status = 409, body = ErrorResponse)))]
#[patch("/inventory-items/{id}/decrement")]
pub async fn decrement(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<String>,
) -> Result<Envelope<InventoryItemDto>, ApiError> {
    let item = state.inventory.decrement(user.scope, path_id(&id, "Inventory item")?).await?;
    Ok(item_response(&state, &item, None))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UploadedDto {
    /// Server-relative: show it from the API host plus this path; store it as the item's image.
    pub path: String,
    /// The 400 px version.
    pub thumbnail: String,
}

/// The multipart form of an upload, for the API document.
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct UploadForm {
    /// A PNG, JPEG or WebP photo of at most 10 MB.
    #[schema(value_type = String, format = Binary)]
    image: Vec<u8>,
}

const IMAGE_TOO_BIG: &str = "Image must be 10 MB or smaller";
const NO_IMAGE: &str = "Please choose an image to upload";

/// Reads the `image` field of a multipart body, refusing it as soon as it passes the limit.
async fn image_field(form: actix_multipart::Multipart) -> Result<Vec<u8>, ApiError> {
    let upload = read_upload(form, "image", ports::images::MAX_UPLOAD_BYTES, IMAGE_TOO_BIG).await?;
    upload.file.map(|f| f.bytes).filter(|b| !b.is_empty()).ok_or_else(|| ApiError::validation(NO_IMAGE.into()))
}

/// Stores a photo for an item: checked by decoding it, re-encoded without its metadata (EXIF,
/// GPS), at most 1600 px, with a thumbnail. The answer's path goes into the item's `image`.
#[utoipa::path(operation_id = "inventoryUploadImage", tag = "inventory", security(("bearer" = [])),
    request_body(content = UploadForm, content_type = "multipart/form-data"),
    responses((status = 201, body = Envelope<UploadedDto>), (status = 400, body = ErrorResponse), (status = 413, body = ErrorResponse),
              (status = 503, body = ErrorResponse)))]
#[post("/inventory-items/upload-image")]
pub async fn upload_image(
    state: web::Data<AppState>,
    _user: CurrentUser,
    req: actix_web::HttpRequest,
    form: actix_multipart::Multipart,
) -> Result<Created<Envelope<UploadedDto>>, ApiError> {
    refuse_declared_beyond(&req, ports::images::MAX_UPLOAD_BYTES, IMAGE_TOO_BIG)?;
    let bytes = image_field(form).await?;
    let photo = state.inventory.upload_photo(bytes).await?;
    Ok(Created(Envelope::ok(UploadedDto { path: photo.path, thumbnail: photo.thumbnail })))
}

/// GET /uploads/{name}: a stored photo, or 404 for any other name (a path cannot escape: names
/// are 32 hex digits and `.jpg`).
pub async fn serve_photo(state: web::Data<AppState>, name: web::Path<String>) -> HttpResponse {
    match state.inventory.photo(&name).await {
        Ok(Some((bytes, content_type))) => HttpResponse::Ok()
            .content_type(content_type)
            .insert_header((actix_web::http::header::CACHE_CONTROL, "public, max-age=31536000, immutable"))
            .body(bytes),
        Ok(None) => HttpResponse::NotFound().content_type("text/plain; charset=utf-8").body("Not found"),
        Err(e) => {
            tracing::error!(error = %e, "a photo could not be read");
            HttpResponse::InternalServerError().finish()
        }
    }
}
