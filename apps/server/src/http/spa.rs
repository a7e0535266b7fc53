//! Serves the built React app; every path that is not a file gets index.html (client routing).
//! Requests under /api that no route took (actix hands a nested scope's misses to the app's
//! default service) get the API's JSON 404 instead, and a missing file under /assets a plain
//! 404: an old tab asking for a chunk of a previous release must fail cleanly (and reload),
//! not be handed index.html as JavaScript.

use std::path::{Path, PathBuf};

use actix_files::{Files, NamedFile};
use actix_web::body::MessageBody;
use actix_web::dev::{fn_service, ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderValue, CACHE_CONTROL};
use actix_web::middleware::Next;
use actix_web::{web, HttpRequest, HttpResponse, ResponseError};

use super::error::ApiError;

fn api_miss(req: &HttpRequest) -> Option<HttpResponse> {
    (req.path() == "/api" || req.path().starts_with("/api/"))
        .then(|| ApiError::not_found("Route not found".into()).error_response())
}

pub fn config(cfg: &mut web::ServiceConfig, frontend_dir: &Path) {
    let index = frontend_dir.join("index.html");
    if !index.is_file() {
        cfg.default_service(web::to(|req: HttpRequest| async move {
            if let Some(miss) = api_miss(&req) {
                return miss;
            }
            HttpResponse::ServiceUnavailable()
                .content_type("text/plain; charset=utf-8")
                .body("MySpending's web app has not been built. Run `just run`, which builds it.")
        }));
        return;
    }
    let index: PathBuf = index;
    cfg.service(Files::new("/", frontend_dir).index_file("index.html").prefer_utf8(true).default_handler(fn_service(
        move |req: ServiceRequest| {
            let index = index.clone();
            async move {
                let (req, _) = req.into_parts();
                if let Some(miss) = api_miss(&req) {
                    return Ok(ServiceResponse::new(req, miss));
                }
                if req.path().starts_with("/assets/") {
                    let missing = HttpResponse::NotFound().content_type("text/plain; charset=utf-8").body("Not found");
                    return Ok(ServiceResponse::new(req, missing));
                }
                let file = NamedFile::open_async(&index).await?;
                let res = file.into_response(&req);
                Ok(ServiceResponse::new(req, res))
            }
        },
    )));
}

/// Vite's hashed files under /assets never change: cache them for a year. Everything else
/// outside /api (index.html above all) is revalidated, so a new release shows at once. API
/// answers are personal: never stored.
pub async fn cache_headers(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let path = req.path().to_owned();
    let mut res = next.call(req).await?;
    if res.headers().contains_key(CACHE_CONTROL) {
        return Ok(res);
    }
    let value = if path.starts_with("/api") {
        "no-store"
    } else if path.starts_with("/assets/") && res.status().is_success() {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    };
    res.headers_mut().insert(CACHE_CONTROL, HeaderValue::from_static(value));
    Ok(res)
}
