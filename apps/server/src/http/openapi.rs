//! The OpenAPI document, generated from the handlers and wire types.

use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::openapi::{Content, Ref, ResponseBuilder};
use utoipa::{Modify, OpenApi};

use utoipa_actix_web::AppExt;

use super::api_scope;
use super::error::{ErrorCode, ErrorResponse};
use super::wire::{AmountInput, DayInput, FlagInput, WholeInput};
use super::words;

/// What the document says beyond its routes, which come from the route table
/// (`super::api_scope`) and bring their schemas with them.
#[derive(OpenApi)]
#[openapi(
    info(title = "MySpending API", description = "Personal finance and household tracking for the UK.", license(name = "MIT")),
    // Query parameters refer to these by name; request bodies bring theirs along.
    components(schemas(ErrorResponse, ErrorCode, AmountInput, WholeInput, DayInput, FlagInput,
        words::EntryKind, words::GoalKindFilter, words::GoalOrder, words::GoalStatusFilter, words::TagMatch)),
    modifiers(&BearerAuth),
)]
pub struct ApiDoc;

struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .bearer_format("JWT or msp_…")
                    .description(Some(
                        "A session's token (POST /api/auth/login), or a personal access token `msp_…` made under \
                         Profile → API tokens (POST /api/tokens): read-only tokens may only read.",
                    ))
                    .build(),
            ),
        );
    }
}

/// The whole document: [`ApiDoc`] and every route registered in the route table, with the
/// answers the edge gives before any handler runs.
pub fn document() -> utoipa::openapi::OpenApi {
    let (_, mut document) =
        actix_web::App::new().into_utoipa_app().openapi(ApiDoc::openapi()).service(api_scope()).split_for_parts();
    add_edge_answers(&mut document);
    refer_to_envelope_data(&mut document);
    document
}

/// utoipa writes a generic's type argument inline (juhaku/utoipa#1586), so every
/// `Envelope_GoalDto` would carry its own copy of `GoalDto`. This puts the reference back: the
/// `data` of `Envelope_X` / `Confirmed_X` refers to the component `X` (an array of them for
/// `…_Vec_X`), which is registered from the inline copy when no route named it. A component `X`
/// that differs from the inline copy is a wire type named twice: the document refuses it.
fn refer_to_envelope_data(document: &mut utoipa::openapi::OpenApi) {
    use utoipa::openapi::schema::{ArrayItems, Schema};
    use utoipa::openapi::RefOr;

    let Some(components) = document.components.as_mut() else { return };
    let envelopes: Vec<String> = components
        .schemas
        .keys()
        .filter(|name| name.starts_with("Envelope_") || name.starts_with("Confirmed_"))
        .cloned()
        .collect();
    for name in envelopes {
        let argument = name.split_once('_').map(|(_, argument)| argument).unwrap_or_default();
        let (listed, dto) = match argument.strip_prefix("Vec_") {
            Some(dto) => (true, dto.to_owned()),
            None => (false, argument.to_owned()),
        };
        let Some(RefOr::T(Schema::Object(envelope))) = components.schemas.get_mut(&name) else { continue };
        let Some(data) = envelope.properties.get_mut("data") else { continue };
        let reference = RefOr::Ref(Ref::from_schema_name(dto.as_str()));
        let inline = if listed {
            let RefOr::T(Schema::Array(array)) = data else { continue };
            let ArrayItems::RefOrSchema(items) = &mut array.items else { continue };
            std::mem::replace(items.as_mut(), reference)
        } else {
            std::mem::replace(data, reference)
        };
        match components.schemas.get(&dto) {
            Some(named) => assert!(*named == inline, "{dto} differs from the copy inside {name}"),
            None => {
                components.schemas.insert(dto, inline);
            }
        }
    }
}

/// Answers that come from the edge, not the handler, listed once here rather than on every
/// route: 400 on every operation (a malformed query string or a NUL in any text,
/// `super::text`), 401 where a session is needed (`CurrentUser`), 413 for every body and 415
/// for JSON ones (`extract::json_config`, `multipart`). A route's own wording of these stays.
fn add_edge_answers(document: &mut utoipa::openapi::OpenApi) {
    for item in document.paths.paths.values_mut() {
        let operations = [&mut item.get, &mut item.put, &mut item.post, &mut item.delete, &mut item.patch];
        for operation in operations.into_iter().flatten() {
            let signed_in = operation.security.as_ref().is_some_and(|s| !s.is_empty());
            let body = operation.request_body.as_ref().map(|b| b.content.contains_key("application/json"));
            let answers = &mut operation.responses.responses;
            let mut add = |status: &str, description: &str| {
                answers.entry(status.to_owned()).or_insert_with(|| {
                    ResponseBuilder::new()
                        .description(description)
                        .content("application/json", Content::new(Some(Ref::from_schema_name("ErrorResponse"))))
                        .build()
                        .into()
                });
            };
            add("400", "A malformed request, or a value that is not allowed (the message says which)");
            if signed_in {
                add("401", "No valid session");
            }
            if let Some(json) = body {
                add("413", "The request body is too large");
                if json {
                    add("415", "The request body is not JSON");
                }
            }
        }
    }
}

/// The document as pretty JSON (what `myspending openapi` prints and the frontend types are
/// made from); built once per process.
pub fn document_json() -> String {
    static JSON: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    JSON.get_or_init(|| document().to_pretty_json().expect("the OpenAPI document serialises")).clone()
}
