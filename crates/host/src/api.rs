//! The HTTP API a link's holder uses (docs/host.md): `GET /api/view` (the table as the link's
//! seat may see it) and `POST /api/act` (an action, as the CLI takes it), each with
//! `Authorization: Bearer <token>`. Statuses: 200 done, 400 malformed, 401 no or revoked link,
//! 403 not this seat's decision (or a foreign `Host`/`Origin`, see `guard`), 409 stale (the game
//! moved on), 413 too large, 422 refused by the rules (the rule-style body).

use super::guard::refusal;
use super::Shared;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::Value;
use service::{ApiError, SeatView, NOT_YOURS};
use std::sync::Arc;
use store::{Invited, StoreError};

pub(super) fn routes() -> Router<Arc<Shared>> {
    Router::new()
        .route("/api/view", get(view))
        .route("/api/act", post(act))
}

/// The status an error of the service answers with.
fn status_of(e: &ApiError) -> StatusCode {
    match e {
        ApiError::Rule { rule, .. } if rule == NOT_YOURS => StatusCode::FORBIDDEN,
        ApiError::Rule { .. } => StatusCode::UNPROCESSABLE_ENTITY,
        ApiError::BadRequest { .. } => StatusCode::BAD_REQUEST,
        ApiError::NotFound { .. } => StatusCode::NOT_FOUND,
        ApiError::Store {
            error: StoreError::Conflict { .. } | StoreError::Replaced { .. },
        } => StatusCode::CONFLICT,
        ApiError::Store { .. } => StatusCode::INTERNAL_SERVER_ERROR,
    }
}

/// An error of the service as an answer: its status, and the error as the CLI prints it.
pub(crate) fn failure(e: &ApiError) -> Response {
    (status_of(e), Json(e)).into_response()
}

fn unknown_link() -> Response {
    refusal(
        StatusCode::UNAUTHORIZED,
        "Authorization",
        "no link, or a link that was revoked: scan your seat's code again",
    )
}

/// The token of `Authorization: Bearer <token>`.
fn bearer(headers: &HeaderMap) -> Option<String> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    scheme
        .eq_ignore_ascii_case("bearer")
        .then(|| token.trim().to_string())
}

/// Whom the request's link lets in; `Err` is the answer to give instead.
pub(crate) async fn guest(
    shared: &Arc<Shared>,
    token: Option<String>,
) -> Result<Invited, Response> {
    let Some(token) = token else {
        return Err(unknown_link());
    };
    match shared.with_steward(move |s| s.invited(&token)).await {
        Ok(Some(who)) => Ok(who),
        Ok(None) => Err(unknown_link()),
        Err(e) => Err(failure(&e)),
    }
}

/// A seat's view as an answer (its JSON text made once, `json`), its version as the `ETag`.
fn answer(view: &SeatView, json: Option<Arc<str>>) -> Response {
    let mut response = match json {
        Some(text) => {
            let mut r = text.to_string().into_response();
            r.headers_mut().insert(
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/json"),
            );
            r
        }
        None => Json(view).into_response(),
    };
    let headers = response.headers_mut();
    if let Ok(tag) = HeaderValue::from_str(&format!("\"{}\"", view.version)) {
        headers.insert(header::ETAG, tag);
    }
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// Run `f` for the guest whose link is the request's, in one call on the service (the link
/// looked up and the request answered under one lock): the guest and `f`'s answer, or the
/// answer to give instead.
async fn as_guest<T: Send + 'static>(
    shared: &Arc<Shared>,
    headers: &HeaderMap,
    f: impl FnOnce(&mut service::Steward, Invited) -> Result<T, ApiError> + Send + 'static,
) -> Result<(Invited, T), Response> {
    let Some(token) = bearer(headers) else {
        return Err(unknown_link());
    };
    let done = shared
        .with_steward(move |s| match s.invited(&token)? {
            Some(who) => f(s, who).map(|t| Some((who, t))),
            None => Ok(None),
        })
        .await;
    match done {
        Ok(Some(done)) => Ok(done),
        Ok(None) => Err(unknown_link()),
        Err(e) => Err(failure(&e)),
    }
}

async fn view(State(shared): State<Arc<Shared>>, headers: HeaderMap) -> Response {
    match as_guest(&shared, &headers, |s, who| s.guest_view(who)).await {
        Ok((_, view)) => answer(&view, None),
        Err(refused) => refused,
    }
}

async fn act(State(shared): State<Arc<Shared>>, headers: HeaderMap, body: Bytes) -> Response {
    let action: Value = match serde_json::from_slice(&body) {
        Ok(v) => v,
        Err(e) => {
            let message = format!(
                "the action is not JSON: line {}, column {}: {e}",
                e.line(),
                e.column()
            );
            // The link first: a stranger learns nothing, not even that the body was wrong.
            if let Err(refused) = guest(&shared, bearer(&headers)).await {
                return refused;
            }
            return refusal(StatusCode::BAD_REQUEST, "action", &message);
        }
    };
    // `If-Match: "<version>"`, as the view's ETag gave it: the action was tapped on that view.
    let seen = headers
        .get(header::IF_MATCH)
        .and_then(|v| v.to_str().ok())
        .map(|v| v.trim().trim_matches('"').to_string());
    let acted = as_guest(&shared, &headers, move |s, who| {
        s.guest_act(who, &action, seen.as_deref())
    })
    .await;
    match acted {
        Ok((who, view)) => {
            // The push to this seat's other phones sends the same view, written once.
            let json = shared.remember(who, &view);
            shared.changed_to(who.game_id, &view.version);
            answer(&view, json)
        }
        Err(refused) => refused,
    }
}
