use actix_web::{get, web, HttpResponse};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::http::error::{ApiError, ErrorCode, ErrorResponse};
use crate::http::wire::json_answer;
use crate::AppState;

pub fn config(cfg: &mut ServiceConfig) {
    cfg.service(health).service(ready).service(public_config).service(openapi_json);
}

/// This API's OpenAPI document (the one `myspending openapi` prints).
#[utoipa::path(
    operation_id = "openapiDocument", tag = "health",
    responses((status = 200, description = "The OpenAPI 3.1 document", content_type = "application/json"))
)]
#[get("/openapi.json")]
pub async fn openapi_json() -> HttpResponse {
    HttpResponse::Ok().content_type("application/json").body(crate::http::openapi::document_json())
}

#[derive(Serialize, ToSchema)]
pub struct HealthResponse {
    pub success: bool,
    /// `ok` when the database answers.
    pub status: String,
}

/// Liveness and database reachability.
#[utoipa::path(operation_id = "healthHealth", 
    tag = "health",
    responses(
        (status = 200, description = "The server and its database are up", body = HealthResponse),
        (status = 503, description = "The database cannot be reached", body = ErrorResponse),
    )
)]
#[get("/health")]
pub async fn health(state: web::Data<AppState>) -> Result<HealthResponse, ApiError> {
    state.health.ping().await.map_err(|error| {
        tracing::warn!(error = ?error, "health check: database unreachable");
        ApiError::new(ErrorCode::Unavailable, "Database unavailable".into())
    })?;
    Ok(HealthResponse { success: true, status: "ok".into() })
}

/// One thing the server needs to serve requests, in words a person reads on the status page.
#[derive(Serialize, ToSchema)]
pub struct ReadinessCheck {
    /// What was checked (`Web server`, `Database`).
    pub name: String,
    pub ok: bool,
    /// What was found, e.g. 'Answering queries (3 ms)'.
    pub message: String,
}

#[derive(Serialize, ToSchema)]
pub struct ReadinessResponse {
    pub success: bool,
    /// `ready` when every check passed (otherwise the answer is a 503).
    pub status: String,
    /// The server's version.
    pub version: String,
    pub checks: Vec<ReadinessCheck>,
}

/// Readiness: whether this server can serve requests now, check by check (the /status page shows
/// them). A 503 while the database cannot be reached.
#[utoipa::path(operation_id = "healthReady", tag = "health",
    responses(
        (status = 200, description = "Every check passed", body = ReadinessResponse),
        (status = 503, description = "The database cannot be reached", body = ErrorResponse),
    )
)]
#[get("/ready")]
pub async fn ready(state: web::Data<AppState>) -> Result<ReadinessResponse, ApiError> {
    let started = std::time::Instant::now();
    state.health.ping().await.map_err(|error| {
        tracing::warn!(error = ?error, "readiness check: database unreachable");
        ApiError::new(ErrorCode::Unavailable, "Not ready: the database cannot be reached".into())
    })?;
    let took = started.elapsed().as_millis();
    let check = |name: &str, message: String| ReadinessCheck { name: name.into(), ok: true, message };
    Ok(ReadinessResponse {
        success: true,
        status: "ready".into(),
        version: env!("CARGO_PKG_VERSION").into(),
        checks: vec![
            check("Web server", "Answering requests".into()),
            check("Database", format!("Answering queries ({took} ms)")),
            // Migrations run before the server starts listening: answering means they are applied.
            check("Database schema", "Up to date".into()),
        ],
    })
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicConfigResponse {
    pub success: bool,
    /// Whom users write to when their account is disabled; null when not configured.
    pub admin_email: Option<String>,
}

/// Public settings the web app needs before anyone signs in.
#[utoipa::path(
    operation_id = "publicConfig", tag = "health",
    responses((status = 200, body = PublicConfigResponse))
)]
#[get("/config")]
pub async fn public_config(state: web::Data<AppState>) -> PublicConfigResponse {
    PublicConfigResponse { success: true, admin_email: state.public.admin_email.clone() }
}

json_answer!(HealthResponse, ReadinessResponse, PublicConfigResponse);
