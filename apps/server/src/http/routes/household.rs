//! The household the signed-in user is in: read by everyone in it, managed by its owner
//! (its name, members and invitations), left by the others; and accepting an invitation.

use actix_web::{delete, get, post, put, web};
use chrono::{DateTime, Utc};
use domain::ids::InvitationId;
use domain::UserId;
use ports::households::{Household, Invitation, InvitationRef};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::http::error::{ApiError, ErrorResponse};
use crate::http::extract::CurrentUser;
use crate::http::wire::{path_id, Confirmed, Created, Envelope, MessageResponse};
use crate::http::words;
use crate::AppState;

pub fn config(cfg: &mut ServiceConfig) {
    // The fixed paths before the ones with an id.
    cfg.service(get_household)
        .service(rename_household)
        .service(pending_invitations)
        .service(accept_by_token)
        .service(invite)
        .service(list_invitations)
        .service(revoke_invitation)
        .service(accept_by_id)
        .service(change_role)
        .service(remove_member)
        .service(leave);
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

#[derive(Debug, Serialize, ToSchema)]
pub struct InviterDto {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
}

/// An invitation as its household's owner sees it (never its token).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvitationDto {
    #[serde(rename = "_id")]
    pub id: String,
    pub email: String,
    #[schema(value_type = words::InvitedRole)]
    pub role: String,
    #[schema(value_type = words::InvitationState)]
    pub status: String,
    pub created_at: DateTime<Utc>,
    /// createdAt plus 7 days.
    pub expires_at: DateTime<Utc>,
    pub invited_by: InviterDto,
}

fn inviter(i: &Invitation) -> InviterDto {
    InviterDto { id: i.invited_by.id.to_string(), name: i.invited_by.name.clone() }
}

impl From<&Invitation> for InvitationDto {
    fn from(i: &Invitation) -> Self {
        Self {
            id: i.id.to_string(),
            email: i.email.clone(),
            role: i.role.as_str().into(),
            status: i.status.as_str().into(),
            created_at: i.created_at,
            expires_at: i.expires_at,
            invited_by: inviter(i),
        }
    }
}

/// An invitation as the invited person sees it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PendingInvitationDto {
    #[serde(rename = "_id")]
    pub id: String,
    pub household_name: String,
    #[schema(value_type = words::InvitedRole)]
    pub role: String,
    pub invited_by: InviterDto,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
}

impl From<&Invitation> for PendingInvitationDto {
    fn from(i: &Invitation) -> Self {
        Self {
            id: i.id.to_string(),
            household_name: i.household_name.clone(),
            role: i.role.as_str().into(),
            invited_by: inviter(i),
            created_at: i.created_at,
            expires_at: i.expires_at,
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct InviteBody {
    pub email: Option<String>,
    /// member or viewer.
    pub role: Option<String>,
}

/// Invites an address into the household with a role (its owner only) and mails it a link to
/// PUBLIC_URL/accept-invitation/{token}, valid 7 days and single use. A pending invitation to
/// the same address is revoked by the new one.
#[utoipa::path(operation_id = "householdInvite", tag = "household", security(("bearer" = [])),
    request_body = InviteBody,
    responses((status = 201, body = Confirmed<InvitationDto>), (status = 400, body = ErrorResponse),
              (status = 403, body = ErrorResponse), (status = 409, body = ErrorResponse)))]
#[post("/household/invitations")]
pub async fn invite(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<InviteBody>,
) -> Result<Created<Confirmed<InvitationDto>>, ApiError> {
    let body = body.into_inner();
    let (email, role) = (body.email.unwrap_or_default(), body.role.unwrap_or_default());
    let invitation = state.households.invite(&user.person, &email, &role).await?;
    Ok(Created(Confirmed::new((&invitation).into(), "Invitation sent")))
}

/// The household's pending invitations, newest first (its owner only).
#[utoipa::path(operation_id = "householdInvitations", tag = "household", security(("bearer" = [])),
    responses((status = 200, body = Envelope<Vec<InvitationDto>>), (status = 403, body = ErrorResponse)))]
#[get("/household/invitations")]
pub async fn list_invitations(
    state: web::Data<AppState>,
    user: CurrentUser,
) -> Result<Envelope<Vec<InvitationDto>>, ApiError> {
    let invitations = state.households.invitations(user.person.id).await?;
    Ok(Envelope::ok(invitations.iter().map(Into::into).collect()))
}

/// Revokes a pending invitation (its household's owner only).
#[utoipa::path(operation_id = "householdRevokeInvitation", tag = "household", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 200, body = MessageResponse), (status = 403, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
#[delete("/household/invitations/{id}")]
pub async fn revoke_invitation(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<String>,
) -> Result<MessageResponse, ApiError> {
    let id: InvitationId = path_id(&id, "Invitation")?;
    state.households.revoke(user.person.id, id).await?;
    Ok(MessageResponse::ok("Invitation revoked"))
}

/// The signed-in user's own pending, unexpired invitations.
#[utoipa::path(operation_id = "householdPendingInvitations", tag = "household", security(("bearer" = [])),
    responses((status = 200, body = Envelope<Vec<PendingInvitationDto>>), (status = 401, body = ErrorResponse)))]
#[get("/household/invitations/pending")]
pub async fn pending_invitations(
    state: web::Data<AppState>,
    user: CurrentUser,
) -> Result<Envelope<Vec<PendingInvitationDto>>, ApiError> {
    let invitations = state.households.pending(&user.person).await?;
    Ok(Envelope::ok(invitations.iter().map(Into::into).collect()))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AcceptInvitationBody {
    /// The token from the invitation's link.
    pub token: Option<String>,
    /// For a user with data of their own: true brings it into the household (their accounts
    /// private to them, their categories merged by name), false leaves it behind to be deleted.
    /// Without it such a user is answered 409 has_own_data.
    pub bring_my_data: Option<bool>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AcceptInvitationByIdBody {
    pub bring_my_data: Option<bool>,
}

/// Accepts the invitation of a link: the signed-in user, at the invited address, joins its
/// household with its role; answers the household joined.
#[utoipa::path(operation_id = "householdAcceptInvitation", tag = "household", security(("bearer" = [])),
    request_body = AcceptInvitationBody,
    responses((status = 200, body = Envelope<HouseholdDto>), (status = 400, body = ErrorResponse),
              (status = 403, body = ErrorResponse), (status = 404, body = ErrorResponse),
              (status = 409, body = ErrorResponse), (status = 410, body = ErrorResponse)))]
#[post("/household/invitations/accept")]
pub async fn accept_by_token(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<AcceptInvitationBody>,
) -> Result<Envelope<HouseholdDto>, ApiError> {
    let body = body.into_inner();
    let token = body.token.unwrap_or_default();
    let household = state.households.accept(&user.person, InvitationRef::Token(&token), body.bring_my_data).await?;
    Ok(Envelope::ok((&household).into()))
}

/// Accepts one of the signed-in user's pending invitations by its id.
#[utoipa::path(operation_id = "householdAcceptInvitationById", tag = "household", security(("bearer" = [])),
    request_body = AcceptInvitationByIdBody, params(("id" = String, Path)),
    responses((status = 200, body = Envelope<HouseholdDto>), (status = 400, body = ErrorResponse),
              (status = 404, body = ErrorResponse), (status = 409, body = ErrorResponse), (status = 410, body = ErrorResponse)))]
#[post("/household/invitations/{id}/accept")]
pub async fn accept_by_id(
    state: web::Data<AppState>,
    user: CurrentUser,
    id: web::Path<String>,
    body: Option<web::Json<AcceptInvitationByIdBody>>,
) -> Result<Envelope<HouseholdDto>, ApiError> {
    let id: InvitationId = path_id(&id, "Invitation")?;
    let bring = body.and_then(|b| b.into_inner().bring_my_data);
    let household = state.households.accept(&user.person, InvitationRef::Id(id), bring).await?;
    Ok(Envelope::ok((&household).into()))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct MemberRoleBody {
    /// owner (hands the household over), member or viewer.
    pub role: Option<String>,
}

/// Gives a member another role (the owner only); 'owner' hands the household over and the old
/// owner becomes a member.
#[utoipa::path(operation_id = "householdChangeRole", tag = "household", security(("bearer" = [])),
    request_body = MemberRoleBody, params(("userId" = String, Path)),
    responses((status = 200, body = Envelope<HouseholdDto>), (status = 400, body = ErrorResponse),
              (status = 403, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
#[put("/household/members/{userId}")]
pub async fn change_role(
    state: web::Data<AppState>,
    user: CurrentUser,
    member: web::Path<String>,
    body: web::Json<MemberRoleBody>,
) -> Result<Envelope<HouseholdDto>, ApiError> {
    let member: UserId = path_id(&member, "Member")?;
    let role = body.into_inner().role.unwrap_or_default();
    let household = state.households.change_role(user.person.id, member, &role).await?;
    Ok(Envelope::ok((&household).into()))
}

/// Removes a member (the owner only) into a household of their own; everything shared stays.
#[utoipa::path(operation_id = "householdRemoveMember", tag = "household", security(("bearer" = [])),
    params(("userId" = String, Path)),
    responses((status = 200, body = Envelope<HouseholdDto>), (status = 400, body = ErrorResponse),
              (status = 403, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
#[delete("/household/members/{userId}")]
pub async fn remove_member(
    state: web::Data<AppState>,
    user: CurrentUser,
    member: web::Path<String>,
) -> Result<Envelope<HouseholdDto>, ApiError> {
    let member: UserId = path_id(&member, "Member")?;
    let household = state.households.remove(user.person.id, member).await?;
    Ok(Envelope::ok((&household).into()))
}

/// Leaves the household (a member or a viewer) for a new one of their own, answered.
#[utoipa::path(operation_id = "householdLeave", tag = "household", security(("bearer" = [])),
    responses((status = 200, body = Envelope<HouseholdDto>), (status = 409, body = ErrorResponse)))]
#[post("/household/leave")]
pub async fn leave(state: web::Data<AppState>, user: CurrentUser) -> Result<Envelope<HouseholdDto>, ApiError> {
    let household = state.households.leave(user.person.id).await?;
    Ok(Envelope::ok((&household).into()))
}
