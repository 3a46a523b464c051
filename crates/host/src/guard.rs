//! Who may talk to the host at all, before any route runs: a request whose `Host` is not this
//! host's address (a name rebound to it by a stranger's page: DNS rebinding) is refused, and so
//! is a state-changing request or WebSocket upgrade whose `Origin` is another site's. Bodies are
//! bounded to [`MAX_BODY`] (413 past it), slow requests to [`REQUEST_TIME`], and every answer
//! carries a strict Content-Security-Policy and no CORS header at all (browsers then refuse
//! other sites' scripts the answers).

use super::Shared;
use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::Router;
use serde_json::json;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::timeout::TimeoutLayer;

/// The largest request body accepted (an action is a few hundred bytes).
pub const MAX_BODY: usize = 64 * 1024;

/// How long one request may take, body included (a slow client is cut off).
const REQUEST_TIME: Duration = Duration::from_secs(10);

/// The pages' policy: their own scripts, styles and images, connections to this host only.
const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
     connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/// A refusal in the API's error shape (`kind`, `field`, `message`).
pub(crate) fn refusal(status: StatusCode, field: &str, message: &str) -> Response {
    let body = json!({"kind": "BadRequest", "field": field, "message": message});
    (status, axum::Json(body)).into_response()
}

/// Whether `host` (a `Host` header's value) names this host: an IP address or `localhost`,
/// with the port served. A name is refused: a page of another site that rebinds its name to
/// this address sends that name.
fn host_is_ours(host: &str, port: u16) -> bool {
    let Some((name, p)) = host.rsplit_once(':') else {
        return false;
    };
    if p.parse::<u16>().ok() != Some(port) {
        return false;
    }
    let name = name.trim_start_matches('[').trim_end_matches(']');
    name.eq_ignore_ascii_case("localhost") || name.parse::<IpAddr>().is_ok()
}

/// Whether the request changes something or opens the live feed: its `Origin`, when a
/// browser sends one, must be this host's own.
fn needs_origin(method: &Method, headers: &HeaderMap) -> bool {
    *method != Method::GET && *method != Method::HEAD || headers.contains_key(header::UPGRADE)
}

async fn check(State(shared): State<Arc<Shared>>, request: Request, next: Next) -> Response {
    let headers = request.headers();
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("");
    if !host_is_ours(host, shared.port) {
        return refusal(
            StatusCode::FORBIDDEN,
            "Host",
            "this host answers only at its own address",
        );
    }
    if needs_origin(request.method(), headers) {
        if let Some(origin) = headers.get(header::ORIGIN) {
            if origin.to_str().ok() != Some(&format!("http://{host}")) {
                return refusal(
                    StatusCode::FORBIDDEN,
                    "Origin",
                    "only this host's own pages may act or follow the game",
                );
            }
        }
    }
    next.run(request).await
}

/// `routes` behind the guard, the body limit, the time limit and the security headers.
pub(super) fn guarded(routes: Router<Arc<Shared>>, shared: Arc<Shared>) -> Router<Arc<Shared>> {
    routes
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            REQUEST_TIME,
        ))
        .layer(middleware::from_fn_with_state(shared, check))
        .layer(SetResponseHeaderLayer::overriding(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CSP),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::REFERRER_POLICY,
            HeaderValue::from_static("no-referrer"),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::X_FRAME_OPTIONS,
            HeaderValue::from_static("DENY"),
        ))
        // A page of another site that opens ours keeps no handle on it.
        .layer(SetResponseHeaderLayer::overriding(
            header::HeaderName::from_static("cross-origin-opener-policy"),
            HeaderValue::from_static("same-origin"),
        ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_an_address_with_the_port_served_is_this_host() {
        for ours in [
            "127.0.0.1:8080",
            "[::1]:8080",
            "localhost:8080",
            "192.168.1.20:8080",
        ] {
            assert!(host_is_ours(ours, 8080), "{ours}");
        }
        for theirs in [
            "evil.example:8080",
            "127.0.0.1:8081",
            "127.0.0.1",
            "",
            "127.0.0.1.nip.io:8080",
            "localhost.evil:8080",
        ] {
            assert!(!host_is_ours(theirs, 8080), "{theirs}");
        }
    }
}
