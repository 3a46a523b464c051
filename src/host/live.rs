//! The live feed: a WebSocket at `/api/live` that pushes the table, as the link's seat may see
//! it, at once and after every change. WebSocket rather than Server-Sent Events: one connection
//! that both sides can close (the host closes every one when hosting stops, the page knows at
//! once), and browsers let a page open it to the host it came from without a CORS exchange.
//! The browser API cannot set an `Authorization` header, so the link's token is the first
//! message; a connection that does not send a valid one within [`HELLO_TIME`] is closed.
//!
//! Changes made through the host itself are pushed at once; the window calls
//! `Hosting::changed` after its own; and [`watch_file`] looks at the versions of the games
//! followed every [`LOOK_EVERY`], for writes by any other client (the CLI).

use super::api::guest;
use super::Shared;
use crate::service::{version_tag, SeatView};
use crate::store::Invited;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::response::Response;
use axum::routing::get;
use axum::Router;
use std::sync::Arc;
use std::time::Duration;

/// How long a new connection has to send its token.
const HELLO_TIME: Duration = Duration::from_secs(10);

/// How often the file is looked at for other clients' writes.
const LOOK_EVERY: Duration = Duration::from_millis(200);

/// The close code for a connection without a valid link (the HTTP 401's counterpart).
const UNKNOWN_LINK: u16 = 4401;

pub(super) fn routes() -> Router<Arc<Shared>> {
    Router::new().route("/api/live", get(upgrade))
}

async fn upgrade(State(shared): State<Arc<Shared>>, ws: WebSocketUpgrade) -> Response {
    ws.max_message_size(super::guard::MAX_BODY)
        .on_upgrade(move |socket| follow(shared, socket))
}

async fn close(mut socket: WebSocket, code: u16, reason: &str) {
    let frame = CloseFrame {
        code,
        reason: reason.into(),
    };
    let _ = socket.send(Message::Close(Some(frame))).await;
}

/// The token a new connection sends first.
async fn hello(socket: &mut WebSocket) -> Option<String> {
    match tokio::time::timeout(HELLO_TIME, socket.recv()).await {
        Ok(Some(Ok(Message::Text(token)))) => Some(token.trim().to_string()),
        _ => None,
    }
}

/// Until hosting stops (the guard of the watched value is dropped here, not held across an
/// await by the caller: it is not `Send`).
pub(super) async fn stopped(stopping: &mut tokio::sync::watch::Receiver<bool>) {
    let _ = stopping.wait_for(|s| *s).await;
}

/// The view pushed to `who`, as JSON text.
async fn pushed(shared: &Arc<Shared>, who: Invited) -> Option<String> {
    let view: SeatView = shared.with_steward(move |s| s.guest_view(who)).await.ok()?;
    serde_json::to_string(&view).ok()
}

async fn follow(shared: Arc<Shared>, mut socket: WebSocket) {
    let Some(token) = hello(&mut socket).await else {
        return close(socket, UNKNOWN_LINK, "send your link's token first").await;
    };
    let Ok(who) = guest(&shared, Some(token.clone())).await else {
        return close(socket, UNKNOWN_LINK, "no link, or a link that was revoked").await;
    };
    let mut feed = shared.follow(who.game_id);
    let mut stopping = shared.stopping.subscribe();
    shared.count(who.game_id, who.seat, true);
    loop {
        // The link may have been revoked since the last push: then nothing more is sent.
        if !guest(&shared, Some(token.clone()))
            .await
            .is_ok_and(|now| now == who)
        {
            close(socket, UNKNOWN_LINK, "this link was revoked").await;
            break;
        }
        let Some(text) = pushed(&shared, who).await else {
            close(socket, 1011, "the game can no longer be shown").await;
            break;
        };
        if socket.send(Message::Text(text.into())).await.is_err() {
            break;
        }
        tokio::select! {
            changed = feed.changed() => if changed.is_err() { break },
            () = stopped(&mut stopping) => {
                close(socket, 1001, "hosting stopped").await;
                break;
            }
            received = socket.recv() => match received {
                // Anything the page sends is answered with the view again (a "look again").
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break,
                Some(Ok(_)) => {}
            },
        }
    }
    shared.count(who.game_id, who.seat, false);
}

/// Look at the versions of the games guests follow, and tell their feeds when one moved (a
/// write by another client: the window's own `Steward`, the CLI). Stops with the host.
pub(super) async fn watch_file(shared: Arc<Shared>) {
    let mut stopping = shared.stopping.subscribe();
    loop {
        tokio::select! {
            _ = tokio::time::sleep(LOOK_EVERY) => {}
            () = stopped(&mut stopping) => return,
        }
        let games = shared.games_followed();
        let versions = shared
            .with_steward(move |s| {
                Ok(games
                    .iter()
                    .filter_map(|id| s.game_version(*id).ok().map(|v| (*id, v)))
                    .collect::<Vec<_>>())
            })
            .await
            .unwrap_or_default();
        for (id, v) in versions {
            shared.changed_to(id, &version_tag(v));
        }
    }
}
