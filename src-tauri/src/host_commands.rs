//! The window's hosting commands ("Invite phones"): each a single call into `HostState`
//! (`hosting.rs`) and, for links, into the service. Listed with the app's other commands in
//! `specta_builder` and allowed in `capabilities/default.json`; `build.rs` reads this file too.

use crate::commands::AppState;
use crate::hosting::{self, HostState, Hosted};
use estate_steward::service::ApiError;
use tauri::{AppHandle, State};

/// Invite phones: turn hosting on (if it is off) and show game `game_id`'s links (the board's
/// and one per seat, with their QR codes), carrying `address` (one of `Hosted::addresses`;
/// the likely one when absent).
#[tauri::command]
#[specta::specta]
pub async fn host_game(
    app: AppHandle,
    state: State<'_, AppState>,
    hosts: State<'_, HostState>,
    game_id: i32,
    address: Option<String>,
) -> Result<Hosted, ApiError> {
    let id = i64::from(game_id);
    let invite = state.run(move |s| s.invite(id));
    let pages = hosting::embedded_pages(&app);
    hosts
        .host(state.path.clone(), pages, id, invite, address)
        .await
}

/// Game `game_id` as hosted now, with who is connected; `null` when hosting is off or the game
/// is not hosted.
#[tauri::command]
#[specta::specta]
pub async fn hosted(hosts: State<'_, HostState>, game_id: i32) -> Result<Option<Hosted>, ApiError> {
    Ok(hosts.hosted(i64::from(game_id)).await)
}

/// New link for one seat (counted from 1), or the board's when `seat` is null: its earlier
/// links stop working at once.
#[tauri::command]
#[specta::specta]
pub async fn renew_link(
    state: State<'_, AppState>,
    hosts: State<'_, HostState>,
    game_id: i32,
    seat: Option<u8>,
) -> Result<Option<Hosted>, ApiError> {
    let id = i64::from(game_id);
    let path = match seat {
        Some(seat) => state.run(move |s| s.renew_invite(id, seat)).await?.path,
        None => state.run(move |s| s.renew_board_link(id)).await?.path,
    };
    // A phone on the old link hears of it at once: its feed closes at the next push.
    hosts.changed(id).await;
    Ok(hosts.renewed(id, seat, path).await)
}

/// Stop hosting: every phone's connection closes; the games are untouched.
#[tauri::command]
#[specta::specta]
pub async fn stop_hosting(hosts: State<'_, HostState>) -> Result<(), ApiError> {
    hosts.stop().await;
    Ok(())
}

/// Game `game_id`'s change mark once a phone (or another client through the host) changed it
/// since the mark `seen` (at once if it already has, or when `seen` is null), at most 20 s
/// later. The table screen asks again and again with the mark it last saw, and reloads when
/// the mark moves: no change between two asks is missed.
#[tauri::command]
#[specta::specta]
pub async fn table_changed(
    hosts: State<'_, HostState>,
    game_id: i32,
    seen: Option<u32>,
) -> Result<u32, ApiError> {
    let wait = std::time::Duration::from_secs(20);
    Ok(hosts.wait_for_change(i64::from(game_id), seen, wait).await)
}
