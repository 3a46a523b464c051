//! The pages a phone loads: the built UI (`ui/dist`), the same Svelte screens as the window,
//! which choose the host's HTTP transport when they are not inside the app. `/join/<token>` is
//! the landing page a seat's QR code opens: the UI's `index.html`, holding no game data (the
//! page reads its token from the address and asks the API). Without a UI folder, only the API.

use super::guard::refusal;
use super::Shared;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use std::path::PathBuf;
use std::sync::Arc;
use tower_http::services::{ServeDir, ServeFile};

async fn no_ui() -> Response {
    refusal(
        StatusCode::NOT_FOUND,
        "page",
        "this host serves the API only (it was started without the app's pages)",
    )
}

pub(super) fn routes(ui: Option<PathBuf>) -> Router<Arc<Shared>> {
    match ui {
        Some(dir) => {
            let index = ServeFile::new(dir.join("index.html"));
            Router::new()
                .route_service("/join/{token}", index.clone())
                .route_service("/", index)
                .fallback_service(ServeDir::new(dir))
        }
        None => Router::new()
            .route("/join/{token}", get(no_ui))
            .fallback(|| async { no_ui().await.into_response() }),
    }
}
