//! Wire types shared by several routes.

use chrono::{DateTime, Utc};
use domain::User;
use serde::Serialize;
use utoipa::ToSchema;

/// A user as every answer shows it. Never carries a hash or a token.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserDto {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub email: String,
    #[schema(example = "user")]
    pub role: RoleDto,
    pub is_active: bool,
    pub is_verified: bool,
    /// Whether this user may link a bank (always true for a superadmin).
    pub can_connect_bank: bool,
    pub can_finalize_month: bool,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum RoleDto {
    User,
    Superadmin,
}

impl From<&User> for UserDto {
    fn from(u: &User) -> Self {
        Self {
            id: u.id.to_string(),
            name: u.name.to_string(),
            email: u.email.to_string(),
            role: match u.role {
                domain::Role::User => RoleDto::User,
                domain::Role::Superadmin => RoleDto::Superadmin,
            },
            is_active: u.is_active,
            is_verified: u.is_verified,
            can_connect_bank: u.can_connect_bank(),
            can_finalize_month: u.can_finalize_month,
            created_at: u.created_at,
        }
    }
}

/// `{success: true, message}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct MessageResponse {
    pub success: bool,
    pub message: String,
}

impl MessageResponse {
    pub fn ok(message: impl Into<String>) -> Self {
        Self { success: true, message: message.into() }
    }
}
