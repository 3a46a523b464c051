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
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::response::Response;
use axum::routing::get;
use axum::Router;
use service::{version_tag, ApiError};
use std::sync::Arc;
use std::time::Duration;
use store::Invited;

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
    // The only message a page sends is its token: frames and messages are bounded before any
    // token is checked (a frame is buffered whole before its message's size is).
    ws.max_message_size(super::guard::MAX_BODY)
        .max_frame_size(super::guard::MAX_BODY)
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

/// What a push sends `who`, whose link is `token`.
enum Push {
    View(Arc<str>),
    /// The link no longer lets anyone in.
    Revoked,
}

/// The view pushed to `who`, whose link is `token`. When the game is at the version last told
/// and the seat's view of it was made (by the act, or for another phone of the seat), that view
/// is sent as it is, without a call on the service; unless `recheck` (the game's links changed,
/// or this is the first push), when the link is looked up again (it may have been revoked).
/// `None`: the game can no longer be shown.
async fn pushed(shared: &Arc<Shared>, token: &str, who: Invited, recheck: bool) -> Option<Push> {
    if !recheck {
        let told = shared.told(who.game_id);
        if let Some(json) = told.and_then(|v| shared.remembered(who, &v)) {
            return Some(Push::View(json));
        }
    }
    let (token, kept) = (token.to_string(), Arc::clone(shared));
    let pushed = shared
        .with_steward(move |s| {
            if s.invited(&token)? != Some(who) {
                return Ok(Push::Revoked);
            }
            // The links as they are at this look: a revocation after it is seen by the next
            // look at the file (a revocation before it was just seen here, and every other
            // connection of the game is told to look too).
            if kept.note_links(who.game_id, s.invites_digest(who.game_id)?) {
                kept.changed(who.game_id);
            }
            let version = version_tag(s.game_version(who.game_id)?);
            kept.told_if_unknown(who.game_id, &version);
            if let Some(json) = kept.remembered(who, &version) {
                return Ok(Push::View(json));
            }
            let view = s.guest_view(who)?;
            kept.remember(who, &view)
                .map(Push::View)
                .ok_or_else(|| ApiError::bad("view", "the view could not be written"))
        })
        .await;
    pushed.ok()
}

async fn follow(shared: Arc<Shared>, mut socket: WebSocket) {
    let mut stopping = shared.stopping.subscribe();
    let said = tokio::select! {
        token = hello(&mut socket) => token,
        () = stopped(&mut stopping) => None,
    };
    let Some(token) = said else {
        return close(socket, UNKNOWN_LINK, "send your link's token first").await;
    };
    let Ok(who) = guest(&shared, Some(token.clone())).await else {
        return close(socket, UNKNOWN_LINK, "no link, or a link that was revoked").await;
    };
    let mut feed = shared.follow(who.game_id);
    shared.count(who.game_id, who.seat, true);
    let mut links_seen = None;
    loop {
        // The link may have been revoked since the last push: then nothing more is sent.
        let links_now = shared.links_changed(who.game_id);
        let recheck = links_seen != Some(links_now);
        links_seen = Some(links_now);
        let text = match pushed(&shared, &token, who, recheck).await {
            Some(Push::View(text)) => text,
            Some(Push::Revoked) => {
                close(socket, UNKNOWN_LINK, "this link was revoked").await;
                break;
            }
            None => {
                close(socket, 1011, "the game can no longer be shown").await;
                break;
            }
        };
        if socket
            .send(Message::Text(text.as_ref().into()))
            .await
            .is_err()
        {
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
        let seen = shared
            .with_steward(move |s| {
                Ok(games
                    .iter()
                    .filter_map(|id| {
                        let version = s.game_version(*id).ok()?;
                        Some((*id, version, s.invites_digest(*id).ok()?))
                    })
                    .collect::<Vec<_>>())
            })
            .await
            .unwrap_or_default();
        for (id, version, links) in seen {
            // A link added or revoked (by the window, the CLI): every connection of the game
            // looks at its own again, and a revoked one closes.
            if shared.note_links(id, links) {
                shared.changed(id);
            }
            shared.changed_to(id, &version_tag(version));
        }
    }
}
