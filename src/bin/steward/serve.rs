//! `steward serve` (the table host without the window) and `steward invite` (the links phones
//! join a game with).

use crate::print;
use estate_steward::host::{HostConfig, Hosting, Pages};
use estate_steward::service::{ApiError, Steward};
use std::io::Write;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};

/// The port `serve` listens on unless told.
pub(crate) const DEFAULT_PORT: u16 = 8737;

/// The environment variable naming the UI's built pages.
const UI_ENV: &str = "ESTATE_STEWARD_UI";

/// The folder of the phones' pages: `--ui`, else `ESTATE_STEWARD_UI`, else the folder installed
/// beside the program (`../share/estate-steward/ui`, as the .deb lays it out), else the UI this
/// program was built with (`ui/dist` of its source tree), when it exists.
fn ui_folder(asked: Option<PathBuf>) -> Option<PathBuf> {
    if let Some(dir) = asked.or_else(|| std::env::var_os(UI_ENV).map(PathBuf::from)) {
        return Some(dir);
    }
    let installed = std::env::current_exe().ok().and_then(|exe| {
        exe.parent()
            .map(|bin| bin.join("../share/estate-steward/ui"))
    });
    let built = Path::new(env!("CARGO_MANIFEST_DIR")).join("ui/dist");
    installed
        .into_iter()
        .chain([built])
        .find(|dir| dir.join("index.html").is_file())
}

/// Serve until SIGINT or SIGTERM; exit code 0 then.
pub(crate) fn serve(db: PathBuf, bind: SocketAddr, ui: Option<PathBuf>) -> Result<u8, ApiError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| ApiError::bad("serve", format!("cannot start: {e}")))?;
    runtime.block_on(async move {
        let ui = ui_folder(ui);
        let hosting = Hosting::start(HostConfig {
            db,
            bind,
            pages: ui.clone().map_or(Pages::None, Pages::Folder),
            on_change: None,
        })
        .await?;
        {
            let mut out = std::io::stdout().lock();
            let _ = writeln!(out, "serving http://{}", hosting.addr());
            if ui.is_none() {
                let _ = writeln!(
                    out,
                    "(no pages for phones were found: the API alone; see --ui)"
                );
            }
            let _ = out.flush();
        }
        until_told_to_stop().await;
        hosting.stop().await;
        Ok(0)
    })
}

async fn until_told_to_stop() {
    use tokio::signal::unix::{signal, SignalKind};
    match (
        signal(SignalKind::interrupt()),
        signal(SignalKind::terminate()),
    ) {
        (Ok(mut int), Ok(mut term)) => {
            tokio::select! {
                _ = int.recv() => {}
                _ = term.recv() => {}
            }
        }
        _ => {
            let _ = tokio::signal::ctrl_c().await;
        }
    }
}

/// Whose links `invite --revoke` replaces.
#[derive(Debug, Clone, Copy)]
pub(crate) enum LinkHolder {
    Board,
    /// Counted from 1.
    Seat(u8),
}

/// `--revoke`'s value: `board` or a seat number.
pub(crate) fn link_holder(text: &str) -> Result<LinkHolder, String> {
    if text.eq_ignore_ascii_case("board") {
        return Ok(LinkHolder::Board);
    }
    text.parse()
        .map(LinkHolder::Seat)
        .map_err(|_| format!("`{text}` is neither `board` nor a seat number (seats count from 1)"))
}

/// `steward invite ID [--revoke SEAT|board]`.
pub(crate) fn invite(
    steward: &mut Steward,
    json: bool,
    id: i64,
    revoke: Option<LinkHolder>,
) -> Result<(), ApiError> {
    match revoke {
        Some(LinkHolder::Board) => {
            let link = steward.renew_board_link(id)?;
            print(json, &link, || {
                format!("board: {} (its earlier links no longer work)", link.path)
            });
        }
        Some(LinkHolder::Seat(seat)) => {
            let link = steward.renew_invite(id, seat)?;
            print(json, &link, || {
                format!(
                    "seat {} ({}): {} (its earlier links no longer work)",
                    link.seat, link.name, link.path
                )
            });
        }
        None => {
            let links = steward.invite(id)?;
            print(json, &links, || {
                let mut text = format!("board: {}", links.board.path);
                for s in &links.seats {
                    text.push_str(&format!("\nseat {} ({}): {}", s.seat, s.name, s.path));
                }
                text
            });
        }
    }
    Ok(())
}
