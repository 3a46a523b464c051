//! The pages a phone loads: the built UI, the same Svelte screens as the window, which choose
//! the host's HTTP transport when they are not inside the app. `/join/<token>` is the landing
//! page a seat's QR code opens: the UI's `index.html`, holding no game data (the page reads its
//! token from the address and asks the API). The files come from a folder (`steward serve`) or
//! from the app's own embedded assets (the window); without either, only the API.

use super::guard::refusal;
use super::Shared;
use axum::extract::Request;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use std::path::PathBuf;
use std::sync::Arc;
use tower_http::services::{ServeDir, ServeFile};

/// One embedded file: its bytes and media type.
pub struct Asset {
    pub bytes: Vec<u8>,
    pub mime: String,
}

/// Finds an embedded file by its path (`index.html`, `assets/…`).
pub type AssetFn = Arc<dyn Fn(&str) -> Option<Asset> + Send + Sync>;

/// Where the phones' pages come from.
#[derive(Clone, Default)]
pub enum Pages {
    /// None: the API alone.
    #[default]
    None,
    /// A folder of built pages (`ui/dist`).
    Folder(PathBuf),
    /// The app's embedded pages.
    Assets(AssetFn),
}

async fn no_ui() -> Response {
    refusal(
        StatusCode::NOT_FOUND,
        "page",
        "this host serves the API only (it was started without the app's pages)",
    )
}

/// The embedded file a request's path names (`index.html` for the landing pages).
fn embedded(find: &AssetFn, request: &Request) -> Response {
    let path = request.uri().path();
    let name = if path == "/" || path.starts_with("/join/") {
        "index.html"
    } else {
        path.trim_start_matches('/')
    };
    match find(name) {
        Some(asset) => {
            let mime = HeaderValue::from_str(&asset.mime)
                .unwrap_or(HeaderValue::from_static("application/octet-stream"));
            ([(header::CONTENT_TYPE, mime)], asset.bytes).into_response()
        }
        None => refusal(StatusCode::NOT_FOUND, "page", "no such page"),
    }
}

pub(super) fn routes(pages: Pages) -> Router<Arc<Shared>> {
    match pages {
        Pages::Folder(dir) => {
            let index = ServeFile::new(dir.join("index.html"));
            Router::new()
                .route_service("/join/{token}", index.clone())
                .route_service("/", index)
                .fallback_service(ServeDir::new(dir))
        }
        Pages::Assets(find) => {
            Router::new().fallback(move |request: Request| async move { embedded(&find, &request) })
        }
        Pages::None => Router::new()
            .route("/join/{token}", get(no_ui))
            .fallback(|| async { no_ui().await.into_response() }),
    }
}
