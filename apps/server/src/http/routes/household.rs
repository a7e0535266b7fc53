//! The household the signed-in user is in: read by everyone in it, renamed by its owner.

use actix_web::{get, put, web};
use chrono::{DateTime, Utc};
use ports::households::Household;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::http::error::{ApiError, ErrorResponse};
use crate::http::extract::CurrentUser;
use crate::http::wire::Envelope;
use crate::http::words;
use crate::AppState;

pub fn config(cfg: &mut ServiceConfig) {
    cfg.service(get_household).service(rename_household);
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MemberDto {
    /// The member's user id.
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub email: String,
    #[schema(value_type = words::MemberRole)]
    pub role: String,
    pub joined_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct HouseholdDto {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    /// The owner first, then by when they joined.
    pub members: Vec<MemberDto>,
}

impl From<&Household> for HouseholdDto {
    fn from(h: &Household) -> Self {
        Self {
            id: h.id.to_string(),
            name: h.name.clone(),
            members: h
                .members
                .iter()
                .map(|m| MemberDto {
                    id: m.user.to_string(),
                    name: m.name.clone(),
                    email: m.email.clone(),
                    role: m.role.as_str().into(),
                    joined_at: m.joined_at,
                })
                .collect(),
        }
    }
}

/// The signed-in user's household with its members (a new user's: one member, the owner).
#[utoipa::path(operation_id = "getHousehold", tag = "household", security(("bearer" = [])),
    responses((status = 200, body = Envelope<HouseholdDto>), (status = 401, body = ErrorResponse)))]
#[get("/household")]
pub async fn get_household(state: web::Data<AppState>, user: CurrentUser) -> Result<Envelope<HouseholdDto>, ApiError> {
    let household = state.households.get(user.person.id).await?;
    Ok(Envelope::ok((&household).into()))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct HouseholdBody {
    /// 1 to 50 characters, trimmed.
    pub name: Option<String>,
}

/// Renames the household (its owner only).
#[utoipa::path(operation_id = "renameHousehold", tag = "household", security(("bearer" = [])),
    request_body = HouseholdBody,
    responses((status = 200, body = Envelope<HouseholdDto>), (status = 400, body = ErrorResponse),
              (status = 403, body = ErrorResponse)))]
#[put("/household")]
pub async fn rename_household(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<HouseholdBody>,
) -> Result<Envelope<HouseholdDto>, ApiError> {
    let name = body.into_inner().name.unwrap_or_default();
    let household = state.households.rename(user.person.id, &name).await?;
    Ok(Envelope::ok((&household).into()))
}
