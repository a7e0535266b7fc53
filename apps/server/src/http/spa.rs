//! Serves the built React app; every path that is not a file gets index.html (client routing).
//! Requests under /api that no route took (actix hands a nested scope's misses to the app's
//! default service) get the API's JSON 404 instead, and a missing file under /assets a plain
//! 404: an old tab asking for a chunk of a previous release must fail cleanly (and reload),
//! not be handed index.html as JavaScript. The signed-out pages the build prerendered (`/`,
//! `/login` and `/register`, see frontend/prerender/plugin.ts) get their own file, content and CSS
//! already in the HTML, so that a phone shows them before any JavaScript has run.

use std::path::{Path, PathBuf};

use actix_files::{Files, NamedFile};
use actix_web::body::MessageBody;
use actix_web::dev::{fn_service, ServiceRequest, ServiceResponse};
use actix_web::http::header::{
    ContentDisposition, ContentEncoding, DispositionParam, DispositionType, HeaderValue, CACHE_CONTROL, VARY,
};
use actix_web::middleware::Next;
use actix_web::{guard, web, HttpRequest, HttpResponse, ResponseError};

use super::error::ApiError;

/// The addresses the build prerendered, each with its file under `prerendered/` (exact paths; any
/// query). Every other address gets index.html, the empty shell.
const PRERENDERED: [(&str, &str); 3] = [("/", "index.html"), ("/login", "login.html"), ("/register", "register.html")];

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
    for (path, file) in PRERENDERED {
        let page = frontend_dir.join("prerendered").join(file);
        let index = index.clone();
        let get_or_head = guard::Any(guard::Get()).or(guard::Head());
        cfg.service(web::resource(path).route(web::route().guard(get_or_head).to(move |req: HttpRequest| {
            let (page, index) = (page.clone(), index.clone());
            async move { prerendered(&req, &page, &index).await }
        })));
    }
    let assets = frontend_dir.join("assets");
    cfg.service(web::resource("/assets/{file:.+}").route(web::get().to(move |req: HttpRequest| {
        let assets = assets.clone();
        async move { asset(&req, &assets).await }
    })));
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

/// A prerendered page, revalidated like index.html (see `cache_headers`); index.html itself when
/// the build made none (an older build, or a test's folder).
async fn prerendered(req: &HttpRequest, page: &Path, index: &Path) -> Result<HttpResponse, actix_web::Error> {
    if page.is_file() {
        return Ok(negotiated(req, page).await);
    }
    Ok(NamedFile::open_async(index).await?.into_response(req))
}

/// A built file under /assets (see `negotiated`); a missing file is a plain 404.
async fn asset(req: &HttpRequest, assets: &Path) -> HttpResponse {
    let name = req.match_info().query("file");
    // Hashed file names only: no directories, nothing hidden, no way out of the folder.
    let safe = !name.is_empty() && !name.starts_with('.') && !name.contains(['/', '\\']) && !name.contains("..");
    let original = assets.join(name);
    if !safe || !original.is_file() {
        return HttpResponse::NotFound().content_type("text/plain; charset=utf-8").body("Not found");
    }
    negotiated(req, &original).await
}

/// A built file, as its brotli or gzip copy when the browser takes one and the build made one
/// (the build writes `x.js.br` and `x.js.gz` beside `x.js`), else as it is.
async fn negotiated(req: &HttpRequest, original: &Path) -> HttpResponse {
    let accepts = |encoding: &str| {
        req.headers()
            .get(actix_web::http::header::ACCEPT_ENCODING)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.split(',').any(|e| e.split(';').next().is_some_and(|e| e.trim() == encoding)))
    };
    let mime = actix_files::file_extension_to_mime(original.extension().and_then(|e| e.to_str()).unwrap_or(""));
    let name = original.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    for (encoding, suffix, content_encoding) in
        [("br", "br", ContentEncoding::Brotli), ("gzip", "gz", ContentEncoding::Gzip)]
    {
        let mut compressed = original.as_os_str().to_owned();
        compressed.push(format!(".{suffix}"));
        let compressed = PathBuf::from(compressed);
        if accepts(encoding) && compressed.is_file() {
            if let Ok(file) = NamedFile::open_async(&compressed).await {
                // Labelled as the original file (its type and name), in its encoding.
                let disposition = ContentDisposition {
                    disposition: DispositionType::Inline,
                    parameters: vec![DispositionParam::Filename(name.clone())],
                };
                let mut res = file
                    .set_content_type(mime.clone())
                    .set_content_encoding(content_encoding)
                    .set_content_disposition(disposition)
                    .into_response(req);
                res.headers_mut().insert(VARY, HeaderValue::from_static("Accept-Encoding"));
                return res;
            }
        }
    }
    match NamedFile::open_async(original).await {
        Ok(file) => file.prefer_utf8(true).into_response(req),
        Err(_) => HttpResponse::NotFound().content_type("text/plain; charset=utf-8").body("Not found"),
    }
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
