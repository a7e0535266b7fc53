//! Categories: list with use counts, create, edit, and delete while no transaction uses them.

use actix_web::{delete, get, post, put, web};
use chrono::{DateTime, Utc};
use domain::categories::{CategoryId, CategoryInput};
use domain::tax_year::TaxTreatment;
use ports::ledger::Category;
use serde::{Deserialize, Deserializer, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::http::error::{ApiError, ErrorResponse};
use crate::http::extract::CurrentUser;
use crate::http::wire::{json_answer, path_id, Created, Envelope, MessageResponse};
use crate::http::words;
use crate::AppState;

pub fn config(cfg: &mut ServiceConfig) {
    cfg.service(list).service(create).service(count).service(get_one).service(update).service(remove);
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CategoryDto {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub description: String,
    /// Hex colour, e.g. #4CAF50.
    pub color: String,
    /// One of the icon names, e.g. shopping-cart.
    pub icon: String,
    /// What it is for: income (offered for income, never budgeted) or expense (spending).
    #[serde(rename = "type")]
    #[schema(value_type = words::EntryKind)]
    pub kind: String,
    /// How it counts for Self Assessment: income (income for tax, on an income category),
    /// allowable (an allowable expense, on an expense category) or null.
    #[schema(value_type = Option<TaxTreatmentDto>)]
    pub tax_treatment: Option<&'static str>,
    pub is_default: bool,
    /// How many transactions use it (in lists).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub transaction_count: Option<i64>,
    pub created_at: DateTime<Utc>,
}

impl CategoryDto {
    fn new(c: &Category, uses: Option<i64>) -> Self {
        Self {
            id: c.id.to_string(),
            name: c.name.clone(),
            description: c.description.clone(),
            color: c.color.clone(),
            icon: c.icon.clone(),
            kind: c.kind.as_str().into(),
            tax_treatment: c.tax_treatment.map(TaxTreatment::as_str),
            is_default: c.is_default,
            transaction_count: uses,
            created_at: c.created_at,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TransactionsCountResponse {
    pub success: bool,
    pub transaction_count: i64,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct CategoryBody {
    pub name: Option<String>,
    pub description: Option<String>,
    pub color: Option<String>,
    pub icon: Option<String>,
    /// income or expense; absent: income when the name mentions salary or income.
    #[serde(rename = "type")]
    #[schema(value_type = Option<words::EntryKind>)]
    pub kind: Option<String>,
    /// income (only on an income category), allowable (only on an expense category) or null
    /// for none; absent leaves it as it is.
    #[serde(default, rename = "taxTreatment", deserialize_with = "present")]
    #[schema(value_type = Option<TaxTreatmentDto>)]
    pub tax_treatment: Option<Option<String>>,
}

/// A category's Self Assessment treatment.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum TaxTreatmentDto {
    Income,
    Allowable,
}

/// A field that is present (`Some`, its value perhaps null) rather than absent (`None`).
fn present<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Option<String>>, D::Error> {
    Option::<String>::deserialize(d).map(Some)
}

impl CategoryBody {
    fn into_input(self) -> CategoryInput {
        CategoryInput {
            name: self.name.unwrap_or_default(),
            description: self.description,
            color: self.color,
            icon: self.icon,
            kind: self.kind,
            tax_treatment: self.tax_treatment,
        }
    }
}

fn category_id(raw: &str) -> Result<CategoryId, ApiError> {
    Ok(CategoryId(path_id(raw, "Category")?))
}

/// Default categories first, then custom ones, each with its transaction count.
#[utoipa::path(operation_id = "categoryList", tag = "categories", security(("bearer" = [])),
    responses((status = 200, body = Envelope<Vec<CategoryDto>>), (status = 401, body = ErrorResponse)))]
#[get("/categories")]
pub async fn list(state: web::Data<AppState>, user: CurrentUser) -> Result<Envelope<Vec<CategoryDto>>, ApiError> {
    let categories = state.ledger.categories(user.scope).await?;
    let data = categories.iter().map(|(c, n)| CategoryDto::new(c, Some(*n))).collect();
    Ok(Envelope::ok(data))
}

#[utoipa::path(operation_id = "categoryCreate", tag = "categories", security(("bearer" = [])), request_body = CategoryBody,
    responses((status = 201, body = Envelope<CategoryDto>), (status = 400, body = ErrorResponse), (status = 409, body = ErrorResponse)))]
#[post("/categories")]
pub async fn create(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<CategoryBody>,
) -> Result<Created<Envelope<CategoryDto>>, ApiError> {
    let category = state.ledger.create_category(user.scope, body.into_inner().into_input()).await?;
    Ok(Created(Envelope::with_message(CategoryDto::new(&category, Some(0)), "Category created successfully")))
}

#[utoipa::path(operation_id = "categoryGetOne", tag = "categories", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<CategoryDto>), (status = 404, body = ErrorResponse)))]
#[get("/categories/{id}")]
pub async fn get_one(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<String>,
) -> Result<Envelope<CategoryDto>, ApiError> {
    let category = state.ledger.category(user.scope, category_id(&id)?).await?;
    Ok(Envelope::ok(CategoryDto::new(&category, None)))
}

#[utoipa::path(operation_id = "categoryCount", tag = "categories", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 200, body = TransactionsCountResponse), (status = 404, body = ErrorResponse)))]
#[get("/categories/{id}/transactions-count")]
pub async fn count(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<String>,
) -> Result<TransactionsCountResponse, ApiError> {
    let transaction_count = state.ledger.category_transactions_count(user.scope, category_id(&id)?).await?;
    Ok(TransactionsCountResponse { success: true, transaction_count })
}

#[utoipa::path(operation_id = "categoryUpdate", tag = "categories", security(("bearer" = [])), request_body = CategoryBody,
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<CategoryDto>), (status = 400, body = ErrorResponse), (status = 404, body = ErrorResponse), (status = 409, body = ErrorResponse)))]
#[put("/categories/{id}")]
pub async fn update(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<String>,
    body: web::Json<CategoryBody>,
) -> Result<Envelope<CategoryDto>, ApiError> {
    let category = state.ledger.update_category(user.scope, category_id(&id)?, body.into_inner().into_input()).await?;
    Ok(Envelope::with_message(CategoryDto::new(&category, None), "Category updated successfully"))
}

/// Refused (409) while transactions use the category.
#[utoipa::path(operation_id = "categoryRemove", tag = "categories", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 200, body = MessageResponse), (status = 404, body = ErrorResponse), (status = 409, body = ErrorResponse)))]
#[delete("/categories/{id}")]
pub async fn remove(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<String>,
) -> Result<MessageResponse, ApiError> {
    state.ledger.delete_category(user.scope, category_id(&id)?).await?;
    Ok(MessageResponse::ok("Category deleted successfully"))
}

json_answer!(TransactionsCountResponse);
