//! The HTTP layer: routes under /api, JSON errors everywhere, the built React app elsewhere.

pub mod error;
pub mod extract;
pub mod idempotency;
pub mod multipart;
pub mod openapi;
pub mod pacing;
pub mod rate_limit;
pub mod routes;
pub mod text;
pub mod wire;
pub mod words;

mod request_log;
mod spa;

use std::net::TcpListener;
use std::time::Duration;

use actix_web::dev::{Server, ServiceResponse};
use actix_web::http::header;
use actix_web::middleware::{Compress, ErrorHandlerResponse, ErrorHandlers};
use actix_web::{web, App, HttpResponse, HttpServer};
use utoipa_actix_web::AppExt;

use crate::{AppState, Settings};
use error::{ApiError, ErrorResponse};

/// How long a stopping server lets the requests in flight finish (`myspending serve` stops on
/// SIGTERM or SIGINT; docs/reliability.md). Whatever still runs after it is dropped.
pub const SHUTDOWN_GRACE: Duration = Duration::from_secs(30);

/// Starts the server on an already bound listener (port 0 in tests). It does not listen for
/// signals itself: the caller stops it through its handle (`main` does on SIGTERM and SIGINT,
/// gracefully), so the schedulers stop with it.
pub fn serve(listener: TcpListener, state: AppState, settings: &Settings) -> std::io::Result<Server> {
    let frontend_dir = settings.frontend_dir.clone();
    let https = settings.public_url_is_https();
    if !frontend_dir.join("index.html").is_file() {
        tracing::warn!(dir = %frontend_dir.display(), "the frontend is not built; `just run` builds it");
    }
    let limiter = state.limiter.clone();
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(Duration::from_secs(60));
        loop {
            tick.tick().await;
            limiter.shrink();
        }
    });
    let plaid = state.banking.provider() == ports::banking::ProviderKind::Plaid;
    let enable_banking = state.banking.providers().contains(&(ports::banking::ProviderKind::EnableBanking, true));
    let state = web::Data::new(state);
    let server = HttpServer::new(move || {
        App::new()
            .app_data(state.clone())
            .app_data(extract::json_config())
            .app_data(extract::query_config())
            .app_data(extract::path_config())
            .wrap(Compress::default())
            .wrap(security_headers(plaid, enable_banking, https))
            .wrap(actix_web::middleware::from_fn(spa::cache_headers))
            .wrap(actix_web::middleware::from_fn(request_log::log_request))
            .into_utoipa_app()
            .service(
                api_scope()
                    .wrap(actix_web::middleware::from_fn(routes::receipts::sweep_after_deletes))
                    .wrap(actix_web::middleware::from_fn(idempotency::idempotent_writes))
                    .wrap(actix_web::middleware::from_fn(extract::sign_in_first))
                    .wrap(actix_web::middleware::from_fn(text::refuse_nul))
                    .wrap(actix_web::middleware::from_fn(pacing::pace_refusals))
                    .wrap(ErrorHandlers::new().default_handler(json_error_body))
                    .default_service(web::to(|| async {
                        Err::<HttpResponse, _>(ApiError::not_found("Route not found".into()))
                    })),
            )
            .into_app()
            .route("/uploads/{name}", web::get().to(routes::inventory::serve_photo))
            .configure(|cfg| spa::config(cfg, &frontend_dir))
    })
    // An idle connection stays open longer than clients keep theirs (browsers, Node's agent: 4 to
    // 60 s), so a client never sends on a connection the server is closing at that moment (the
    // client sees ECONNRESET). actix's default is 5 s; 75 s is nginx's.
    .keep_alive(Duration::from_secs(75))
    .listen(listener)?
    .disable_signals()
    .shutdown_timeout(SHUTDOWN_GRACE.as_secs())
    .run();
    Ok(server)
}

/// Headers every answer carries: no sniffing, no framing, no referrer (reset links carry a
/// token in the path), no powerful browser features but the camera (item photos), HSTS when the
/// public address is https, and the content security policy below.
fn security_headers(plaid: bool, enable_banking: bool, https: bool) -> actix_web::middleware::DefaultHeaders {
    let headers = actix_web::middleware::DefaultHeaders::new()
        .add(("X-Content-Type-Options", "nosniff"))
        .add(("X-Frame-Options", "DENY"))
        .add(("Referrer-Policy", "no-referrer"))
        .add(("Permissions-Policy", PERMISSIONS_POLICY))
        .add(("Content-Security-Policy", content_security_policy(plaid, enable_banking)));
    // Browsers heed it only over https; sent over http too, for a proxy that ends TLS in front.
    if https {
        headers.add(("Strict-Transport-Security", "max-age=31536000; includeSubDomains"))
    } else {
        headers
    }
}

/// The camera for this origin only (the photo picker may open it); every other powerful feature
/// for no one, embedded frames included (Plaid Link's frame needs none of them). Only features
/// Chromium knows: an unknown one is an error in its console, which fails the browser journeys
/// (Chromium 156 does not know `bluetooth`).
const PERMISSIONS_POLICY: &str = "camera=(self), microphone=(), geolocation=(), payment=(), usb=(), serial=(), \
     hid=(), midi=(), display-capture=(), accelerometer=(), gyroscope=(), magnetometer=()";

/// Only this origin, with no inline script and no eval (index.html has none: the theme runs from
/// /theme-init.js, the service worker is registered from the bundle, zod runs jitless). Styles
/// may be inline because the UI library (Chakra, through Emotion) injects its CSS in <style>
/// elements at run time. Outside hosts only where a bank screen needs them: with Plaid, Link's
/// script and frame from Plaid's CDN and its calls to Plaid (a single-page app has one policy
/// for every screen, so these are left out only when Plaid is not configured); with Enable
/// Banking, the banks' logos from its site. One policy for every answer, API ones included.
fn content_security_policy(plaid: bool, enable_banking: bool) -> String {
    let img = if enable_banking { " https://enablebanking.com" } else { "" };
    let (script, frame, connect) = if plaid {
        (" https://cdn.plaid.com", "https://cdn.plaid.com", " https://*.plaid.com")
    } else {
        ("", "'none'", "")
    };
    format!(
        "default-src 'self'; script-src 'self'{script}; frame-src {frame}; style-src 'self' 'unsafe-inline'; \
         img-src 'self' data: blob:{img}; font-src 'self' data:; connect-src 'self'{connect}; object-src 'none'; \
         form-action 'self'; frame-ancestors 'none'; base-uri 'self'"
    )
}

/// The one route table: every API route is registered here, once, through its module's
/// `config`; the OpenAPI document is collected from the same registration (a handler without
/// `#[utoipa::path]` does not compile here), so no route is undocumented.
pub fn api_scope() -> utoipa_actix_web::scope::Scope<
    impl actix_web::dev::ServiceFactory<
        actix_web::dev::ServiceRequest,
        Config = (),
        Response = ServiceResponse,
        Error = actix_web::Error,
        InitError = (),
    >,
> {
    utoipa_actix_web::scope("/api")
        .configure(routes::health::config)
        .configure(routes::auth::config)
        .configure(routes::accounts::config)
        .configure(routes::budgets::config)
        .configure(routes::categories::config)
        .configure(routes::goals::config)
        .configure(routes::household::config)
        .configure(routes::backup::config)
        .configure(routes::banking::config)
        .configure(routes::enablebanking::config)
        .configure(routes::imports::config)
        .configure(routes::shopping::config)
        .configure(routes::inventory::config)
        .configure(routes::receipts::config)
        .configure(routes::recurring::config)
        .configure(routes::recurring_analytics::config)
        .configure(routes::reports::config)
        .configure(routes::rules::config)
        .configure(routes::tags::config)
        .configure(routes::tokens::config)
        .configure(routes::transfer_pairs::config)
        .configure(routes::transactions::config)
        .configure(routes::transfers::config)
        .configure(routes::users::config)
}

/// Gives every error answer under /api our JSON envelope, including the ones actix makes
/// itself (405, an unmatched method, a body it refused before a handler ran).
fn json_error_body<B>(res: ServiceResponse<B>) -> actix_web::Result<ErrorHandlerResponse<B>>
where
    B: actix_web::body::MessageBody + 'static,
{
    let is_json = res
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if is_json {
        return Ok(ErrorHandlerResponse::Response(res.map_into_left_body()));
    }
    let status = res.status();
    let message = match status.as_u16() {
        404 => "Route not found".to_owned(),
        405 => "Method not allowed".to_owned(),
        413 => "Request body is too large".to_owned(),
        s if s >= 500 => error::INTERNAL.to_owned(),
        _ => status.canonical_reason().unwrap_or("Request failed").to_owned(),
    };
    let (req, _) = res.into_parts();
    let response = HttpResponse::build(status).json(ErrorResponse::new(error::ErrorCode::for_status(status), message));
    Ok(ErrorHandlerResponse::Response(ServiceResponse::new(req, response).map_into_right_body()))
}
