//! Tags: list with counts, create, rename or recolour, delete (no transaction is deleted), and
//! merge one tag into another.

use actix_web::{delete, get, post, put, web};
use domain::tags::{TagId, TagInput};
use ports::tags::{Tag, TagTotal, TagWithCount};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::http::error::{ApiError, ErrorResponse};
use crate::http::extract::CurrentUser;
use crate::http::wire::{path_id, Created, Envelope, MessageResponse, Pounds};
use crate::AppState;

pub fn config(cfg: &mut ServiceConfig) {
    cfg.service(list).service(create).service(update).service(remove).service(merge);
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TagDto {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    /// `#rrggbb`.
    pub color: String,
    /// How many of the transactions the member sees carry it.
    pub transaction_count: i64,
}

impl TagDto {
    fn new(t: &Tag, transaction_count: i64) -> Self {
        Self { id: t.id.to_string(), name: t.name.clone(), color: t.color.clone(), transaction_count }
    }
}

impl From<&TagWithCount> for TagDto {
    fn from(t: &TagWithCount) -> Self {
        Self::new(&t.tag, t.transaction_count)
    }
}

/// A tag's totals in a report's month.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TagTotalDto {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub color: String,
    /// Positive.
    pub income: Pounds,
    /// Negative, as stored.
    pub expenses: Pounds,
    /// Counted income and expense rows carrying it.
    pub transaction_count: i64,
}

impl From<&TagTotal> for TagTotalDto {
    fn from(t: &TagTotal) -> Self {
        Self {
            id: t.tag.id.to_string(),
            name: t.tag.name.clone(),
            color: t.tag.color.clone(),
            income: t.income.into(),
            expenses: t.expenses.into(),
            transaction_count: t.transactions,
        }
    }
}

/// A new tag (name required) or an edit (only what is sent changes).
#[derive(Debug, Deserialize, ToSchema)]
pub struct TagBody {
    /// 1 to 30 characters once trimmed; unique in the household ignoring case.
    pub name: Option<String>,
    /// `#rrggbb`; a new tag without one is blue (#2196F3).
    pub color: Option<String>,
}

impl TagBody {
    fn into_input(self) -> TagInput {
        TagInput { name: self.name, color: self.color }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MergeBody {
    /// The tag that takes this one's place.
    pub into_tag_id: Option<String>,
}

fn tag_id(raw: &str) -> Result<TagId, ApiError> {
    path_id(raw, "Tag")
}

/// The household's tags by name, each with how many of the transactions the member sees carry it.
#[utoipa::path(operation_id = "tagList", tag = "tags", security(("bearer" = [])),
    responses((status = 200, body = Envelope<Vec<TagDto>>), (status = 401, body = ErrorResponse)))]
#[get("/tags")]
pub async fn list(state: web::Data<AppState>, user: CurrentUser) -> Result<Envelope<Vec<TagDto>>, ApiError> {
    let tags = state.tags.list(user.scope).await?;
    Ok(Envelope::ok(tags.iter().map(Into::into).collect()))
}

#[utoipa::path(operation_id = "tagCreate", tag = "tags", security(("bearer" = [])), request_body = TagBody,
    responses((status = 201, body = Envelope<TagDto>), (status = 400, body = ErrorResponse), (status = 409, body = ErrorResponse)))]
#[post("/tags")]
pub async fn create(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<TagBody>,
) -> Result<Created<Envelope<TagDto>>, ApiError> {
    let tag = state.tags.create(user.scope, &body.into_inner().into_input()).await?;
    Ok(Created(Envelope::with_message(TagDto::new(&tag, 0), "Tag created successfully")))
}

/// Renames or recolours a tag (only what is sent changes).
#[utoipa::path(operation_id = "tagUpdate", tag = "tags", security(("bearer" = [])), request_body = TagBody,
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<TagDto>), (status = 400, body = ErrorResponse), (status = 404, body = ErrorResponse), (status = 409, body = ErrorResponse)))]
#[put("/tags/{id}")]
pub async fn update(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<String>,
    body: web::Json<TagBody>,
) -> Result<Envelope<TagDto>, ApiError> {
    let id = tag_id(&id)?;
    let tag = state.tags.update(user.scope, id, &body.into_inner().into_input()).await?;
    let count = tag_count(&state, &user, id).await?;
    Ok(Envelope::with_message(TagDto::new(&tag, count), "Tag updated successfully"))
}

/// The tag leaves every transaction; no transaction is deleted.
#[utoipa::path(operation_id = "tagRemove", tag = "tags", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 200, body = MessageResponse), (status = 404, body = ErrorResponse)))]
#[delete("/tags/{id}")]
pub async fn remove(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<String>,
) -> Result<MessageResponse, ApiError> {
    state.tags.delete(user.scope, tag_id(&id)?).await?;
    Ok(MessageResponse::ok("Tag deleted successfully"))
}

/// Every transaction with this tag carries `intoTagId` instead (once), and this tag is deleted.
/// Answers the tag merged into.
#[utoipa::path(operation_id = "tagMerge", tag = "tags", security(("bearer" = [])), request_body = MergeBody,
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<TagDto>), (status = 400, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
#[post("/tags/{id}/merge")]
pub async fn merge(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<String>,
    body: web::Json<MergeBody>,
) -> Result<Envelope<TagDto>, ApiError> {
    let from = tag_id(&id)?;
    let into = body.into_inner().into_tag_id.unwrap_or_default();
    let tag = state.tags.merge(user.scope, from, &into).await?;
    let count = tag_count(&state, &user, tag.id).await?;
    Ok(Envelope::with_message(TagDto::new(&tag, count), "Tags merged successfully"))
}

/// The tag's count as the list gives it.
async fn tag_count(state: &AppState, user: &CurrentUser, id: TagId) -> Result<i64, ApiError> {
    let tags = state.tags.list(user.scope).await?;
    Ok(tags.iter().find(|t| t.tag.id == id).map_or(0, |t| t.transaction_count))
}
