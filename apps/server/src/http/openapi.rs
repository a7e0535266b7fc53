//! The OpenAPI document, generated from the handlers and wire types.

use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};

use utoipa_actix_web::AppExt;

use super::api_scope;
use super::error::{ErrorCode, ErrorResponse};
use super::wire::{AmountInput, DayInput, FlagInput, WholeInput};

/// What the document says beyond its routes, which come from the route table
/// (`super::api_scope`) and bring their schemas with them.
#[derive(OpenApi)]
#[openapi(
    info(title = "MySpending API", description = "Personal finance and household tracking for the UK.", license(name = "MIT")),
    // Query parameters refer to these by name; request bodies bring theirs along.
    components(schemas(ErrorResponse, ErrorCode, AmountInput, WholeInput, DayInput, FlagInput)),
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

/// The whole document: [`ApiDoc`] and every route registered in the route table.
pub fn document() -> utoipa::openapi::OpenApi {
    let (_, document) =
        actix_web::App::new().into_utoipa_app().openapi(ApiDoc::openapi()).service(api_scope()).split_for_parts();
    document
}

/// The document as pretty JSON (what `myspending openapi` prints and the frontend types are
/// made from); built once per process.
pub fn document_json() -> String {
    static JSON: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    JSON.get_or_init(|| document().to_pretty_json().expect("the OpenAPI document serialises")).clone()
}
