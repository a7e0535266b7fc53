//! User management for the superadmin: the list, add, edit, delete, disable and enable, bank
//! and month-finalising access, and the audit log of those changes.

use actix_web::{delete, get, post, put, web, HttpRequest};
use chrono::{DateTime, Utc};
use domain::UserId;
use ports::admin::{Admin, NewUserForm, UserEditForm};
use ports::ledger::Paging;
use ports::users::AdminChange;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::http::error::{ApiError, ErrorResponse};
use crate::http::extract::CurrentUser;
use crate::http::routes::transactions::Pagination;
use crate::http::wire::{json_answer, Confirmed, Created, Envelope, MessageResponse, UserDto};
use crate::http::words;
use crate::AppState;

/// The /users routes; the two access toggles live under /auth (see `auth::config`).
pub fn config(cfg: &mut ServiceConfig) {
    cfg.service(list)
        .service(create)
        .service(update)
        .service(remove)
        .service(toggle_status)
        .service(reset_two_factor)
        .service(audit);
}

/// The acting superadmin and their address (the TCP peer; proxy headers are not trusted).
fn admin(user: CurrentUser, req: &HttpRequest) -> Admin {
    Admin { user: user.person, ip: req.peer_addr().map(|a| a.ip().to_string()) }
}

/// A user id from the path: 400 when it cannot be one of ours.
fn user_id(raw: &str) -> Result<UserId, ApiError> {
    UserId::parse(raw.trim()).ok_or_else(|| ApiError::validation("Invalid user id".into()))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// Page number; without page and limit every user is listed.
    pub page: Option<String>,
    /// 1 to 100.
    pub limit: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UserListResponse {
    pub success: bool,
    pub data: Vec<UserDto>,
    pub pagination: Pagination,
}

/// Every user (no paging unless ?page or ?limit is given). Superadmin only.
#[utoipa::path(operation_id = "usersList", tag = "users", security(("bearer" = [])), params(ListQuery),
    responses((status = 200, body = UserListResponse), (status = 400, body = ErrorResponse),
        (status = 401, body = ErrorResponse), (status = 403, body = ErrorResponse)))]
#[get("/users")]
pub async fn list(
    state: web::Data<AppState>,
    user: CurrentUser,
    req: HttpRequest,
    query: web::Query<ListQuery>,
) -> Result<UserListResponse, ApiError> {
    let q = query.into_inner();
    let paging = if q.page.is_some() || q.limit.is_some() {
        Some(Paging::parse(q.page.as_deref(), q.limit.as_deref())?)
    } else {
        None
    };
    let (users, total) = state.admin.list(&admin(user, &req), paging.map(|p| (p.page, p.limit))).await?;
    let pagination = match paging {
        Some(p) => Pagination::new(p.page, p.limit, total),
        // Everything on one page: the spec's defaults with the real total.
        None => Pagination { current: 1, pages: 1, total, limit: total.max(20) },
    };
    Ok(UserListResponse { success: true, data: users.iter().map(Into::into).collect(), pagination })
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct NewUserBody {
    pub name: Option<String>,
    pub email: Option<String>,
    pub password: Option<String>,
    /// user or superadmin.
    #[schema(value_type = Option<crate::http::wire::RoleDto>)]
    pub role: Option<String>,
}

/// Creates a verified, active user who can sign in at once.
#[utoipa::path(operation_id = "usersCreate", tag = "users", security(("bearer" = [])), request_body = NewUserBody,
    responses((status = 201, body = Confirmed<UserDto>), (status = 400, body = ErrorResponse),
        (status = 403, body = ErrorResponse), (status = 409, body = ErrorResponse)))]
#[post("/users")]
pub async fn create(
    state: web::Data<AppState>,
    user: CurrentUser,
    req: HttpRequest,
    body: web::Json<NewUserBody>,
) -> Result<Created<Confirmed<UserDto>>, ApiError> {
    let b = body.into_inner();
    let form = NewUserForm {
        name: b.name.unwrap_or_default(),
        email: b.email.unwrap_or_default(),
        password: b.password.unwrap_or_default(),
        role: b.role.unwrap_or_else(|| "user".into()),
    };
    let created = state.admin.create(&admin(user, &req), form).await?;
    Ok(Created(Confirmed::new((&created).into(), "User created successfully")))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct EditUserBody {
    pub name: Option<String>,
    pub email: Option<String>,
    /// user or superadmin.
    #[schema(value_type = Option<crate::http::wire::RoleDto>)]
    pub role: Option<String>,
    /// Omitted or blank: unchanged. A new one ends the user's other sessions.
    pub password: Option<String>,
}

/// Edits a user's name, e-mail, role and (optionally) password.
#[utoipa::path(operation_id = "usersUpdate", tag = "users", security(("bearer" = [])),
    params(("id" = String, Path)), request_body = EditUserBody,
    responses((status = 200, body = Confirmed<UserDto>), (status = 400, body = ErrorResponse),
        (status = 403, body = ErrorResponse), (status = 404, body = ErrorResponse), (status = 409, body = ErrorResponse)))]
#[put("/users/{id}")]
pub async fn update(
    state: web::Data<AppState>,
    user: CurrentUser,
    req: HttpRequest,
    id: web::Path<String>,
    body: web::Json<EditUserBody>,
) -> Result<Confirmed<UserDto>, ApiError> {
    let target = user_id(&id)?;
    let b = body.into_inner();
    let form = UserEditForm {
        name: b.name.unwrap_or_default(),
        email: b.email.unwrap_or_default(),
        role: b.role.unwrap_or_default(),
        password: b.password,
    };
    let updated = state.admin.edit(&admin(user, &req), target, form).await?;
    Ok(Confirmed::new((&updated).into(), "User updated successfully"))
}

/// Deletes a user and everything they own.
#[utoipa::path(operation_id = "usersDelete", tag = "users", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 200, body = MessageResponse), (status = 400, body = ErrorResponse),
        (status = 403, body = ErrorResponse), (status = 404, body = ErrorResponse), (status = 409, body = ErrorResponse)))]
#[delete("/users/{id}")]
pub async fn remove(
    state: web::Data<AppState>,
    user: CurrentUser,
    req: HttpRequest,
    id: web::Path<String>,
) -> Result<MessageResponse, ApiError> {
    let target = user_id(&id)?;
    state.admin.delete(&admin(user, &req), target).await?;
    Ok(MessageResponse::ok("User deleted successfully"))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatusDto {
    #[serde(rename = "_id")]
    pub id: String,
    pub is_active: bool,
}

/// Disables an active user or enables a disabled one.
#[utoipa::path(operation_id = "usersToggleStatus", tag = "users", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 200, body = Confirmed<StatusDto>), (status = 400, body = ErrorResponse),
        (status = 403, body = ErrorResponse), (status = 404, body = ErrorResponse), (status = 409, body = ErrorResponse)))]
#[put("/users/{id}/toggle-status")]
pub async fn toggle_status(
    state: web::Data<AppState>,
    user: CurrentUser,
    req: HttpRequest,
    id: web::Path<String>,
) -> Result<Confirmed<StatusDto>, ApiError> {
    let target = user_id(&id)?;
    let u = state.admin.toggle(&admin(user, &req), target, AdminChange::ToggleActive).await?;
    Ok(Confirmed::new(
        StatusDto { id: u.id.to_string(), is_active: u.is_active },
        if u.is_active { "User enabled successfully" } else { "User disabled successfully" },
    ))
}

/// Turns off another user's two-factor sign-in (they lost their phone and recovery codes);
/// recorded in the audit log. Superadmin only.
#[utoipa::path(operation_id = "usersResetTwoFactor", tag = "users", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 200, body = Confirmed<UserDto>), (status = 400, body = ErrorResponse),
        (status = 401, body = ErrorResponse), (status = 403, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
#[post("/users/{id}/reset-2fa")]
pub async fn reset_two_factor(
    state: web::Data<AppState>,
    user: CurrentUser,
    req: HttpRequest,
    id: web::Path<String>,
) -> Result<Confirmed<UserDto>, ApiError> {
    let target = user_id(&id)?;
    let u = state.admin.reset_two_factor(&admin(user, &req), target).await?;
    Ok(Confirmed::new((&u).into(), "Two-factor authentication reset"))
}

/// Grants or revokes a user's permission to link a bank.
#[utoipa::path(operation_id = "authToggleBankAccess", tag = "users", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 200, body = Confirmed<UserDto>), (status = 400, body = ErrorResponse),
        (status = 403, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
#[put("/toggle-bank-access/{id}")]
pub async fn toggle_bank_access(
    state: web::Data<AppState>,
    user: CurrentUser,
    req: HttpRequest,
    id: web::Path<String>,
) -> Result<Confirmed<UserDto>, ApiError> {
    let target = user_id(&id)?;
    let u = state.admin.toggle(&admin(user, &req), target, AdminChange::ToggleBankAccess).await?;
    let message = if u.can_connect_bank { "Bank access granted" } else { "Bank access revoked" };
    Ok(Confirmed::new((&u).into(), message))
}

/// Grants or revokes a user's permission to finalise months.
#[utoipa::path(operation_id = "authToggleFinalizeAccess", tag = "users", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 200, body = Confirmed<UserDto>), (status = 400, body = ErrorResponse),
        (status = 403, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
#[put("/toggle-finalize-access/{id}")]
pub async fn toggle_finalize_access(
    state: web::Data<AppState>,
    user: CurrentUser,
    req: HttpRequest,
    id: web::Path<String>,
) -> Result<Confirmed<UserDto>, ApiError> {
    let target = user_id(&id)?;
    let u = state.admin.toggle(&admin(user, &req), target, AdminChange::ToggleFinalizeAccess).await?;
    let message = if u.can_finalize_month { "Finalise access granted" } else { "Finalise access revoked" };
    Ok(Confirmed::new((&u).into(), message))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditEntryDto {
    pub at: DateTime<Utc>,
    /// The superadmin who acted.
    pub actor_id: String,
    /// Their e-mail; null once they are deleted.
    pub actor_email: Option<String>,
    /// edit, delete, create, toggle_status, toggle_bank_access or toggle_finalize_access.
    #[schema(value_type = words::AuditAction)]
    pub action: String,
    pub detail: String,
    pub ip: Option<String>,
}

/// What superadmins did to this user, newest first (at most 200 entries).
#[utoipa::path(operation_id = "usersAudit", tag = "users", security(("bearer" = [])),
    params(("id" = String, Path)),
    responses((status = 200, body = Envelope<Vec<AuditEntryDto>>), (status = 400, body = ErrorResponse),
        (status = 403, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
#[get("/users/{id}/audit")]
pub async fn audit(
    state: web::Data<AppState>,
    user: CurrentUser,
    req: HttpRequest,
    id: web::Path<String>,
) -> Result<Envelope<Vec<AuditEntryDto>>, ApiError> {
    let target = user_id(&id)?;
    let entries = state.admin.audit(&admin(user, &req), target).await?;
    Ok(Envelope::ok(
        entries
            .into_iter()
            .map(|e| AuditEntryDto {
                at: e.at,
                actor_id: e.actor.to_string(),
                actor_email: e.actor_email,
                action: e.action,
                detail: e.detail,
                ip: e.ip,
            })
            .collect(),
    ))
}

json_answer!(UserListResponse);
