//! The OpenAPI document, generated from the handlers and wire types.

use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};

use super::error::ErrorResponse;
use super::routes::{auth, health};
use super::wire::{MessageResponse, RoleDto, UserDto};

#[derive(OpenApi)]
#[openapi(
    info(title = "MySpending API", description = "Personal finance and household tracking for the UK.", license(name = "MIT")),
    paths(
        health::health,
        auth::register, auth::login, auth::me, auth::update_profile, auth::verify_email,
        auth::forgot_password, auth::reset_password, auth::can_connect_bank,
    ),
    components(schemas(
        ErrorResponse, MessageResponse, UserDto, RoleDto, health::HealthResponse,
        auth::RegisterBody, auth::LoginBody, auth::VerifyEmailBody, auth::ForgotPasswordBody,
        auth::ResetPasswordBody, auth::UpdateProfileBody, auth::AuthResponse, auth::UserResponse,
        auth::ProfileResponse, auth::CanConnectBankResponse,
    )),
    modifiers(&BearerAuth),
)]
pub struct ApiDoc;

struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).bearer_format("JWT").build()),
        );
    }
}

/// The document as pretty JSON (what `myspending openapi` prints and the frontend types are made from).
pub fn document_json() -> String {
    ApiDoc::openapi().to_pretty_json().expect("the OpenAPI document serialises")
}
