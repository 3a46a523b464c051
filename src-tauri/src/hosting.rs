//! "Invite phones" from the window: the table host (`estate_steward::host`) turned on for a
//! game, its links shown as QR codes, and turned off with one tap or when the app closes. The
//! host listens where `ESTATE_STEWARD_HOST_BIND` says (an address, or address:port; tests pin
//! it to 127.0.0.1), else on every network at port 8737 (a free port when that one is taken).
//! Phones load the app's own embedded pages. The window is told when a phone (or another
//! client) changed a game, so its table follows without polling. Names no game.

use estate_steward::host::reach::{self, QrModules};
use estate_steward::host::{Asset, HostConfig, Hosting, Pages};
use estate_steward::service::{ApiError, Invitation};
use serde::Serialize;
use specta::Type;
use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;
use tokio::sync::{watch, Mutex};

/// The environment variable that says where the host listens.
pub const BIND_ENV: &str = "ESTATE_STEWARD_HOST_BIND";

/// The port asked for first.
const PORT: u16 = 8737;

/// One link of a hosted game, as the window shows it.
#[derive(Debug, Clone, Serialize, Type)]
pub struct HostLink {
    /// The seat, counted from 1; absent for the board.
    pub seat: Option<u8>,
    pub name: String,
    /// The whole address a phone opens.
    pub url: String,
    pub qr: Option<QrModules>,
    /// How many phones follow this link's seat now.
    pub connected: u32,
}

/// A hosted game, as the window shows it.
#[derive(Debug, Clone, Serialize, Type)]
pub struct Hosted {
    pub game_id: i32,
    /// The address in the links (`http://192.168.1.20:8737`).
    pub address: String,
    /// The addresses the links could carry instead, the likely one first.
    pub addresses: Vec<String>,
    pub links: Vec<HostLink>,
}

/// A running host and the links it showed.
struct Session {
    hosting: Hosting,
    /// The addresses phones may use, the one shown first.
    addresses: Vec<IpAddr>,
    shown: HashMap<i64, Invitation>,
}

/// Hosting as the app holds it, and the changes it tells the window of: per game, how many
/// changes the host has seen (a mark that only grows), so that the window, giving the mark it
/// last saw, never misses one made while it was not waiting.
pub struct HostState {
    session: Mutex<Option<Session>>,
    changes: watch::Sender<HashMap<i64, u32>>,
}

impl Default for HostState {
    fn default() -> Self {
        HostState {
            session: Mutex::new(None),
            changes: watch::channel(HashMap::new()).0,
        }
    }
}

/// Where the host listens: `ESTATE_STEWARD_HOST_BIND`, else every network at [`PORT`].
fn bind_from(env: Option<String>) -> Result<(SocketAddr, bool), ApiError> {
    let Some(text) = env.filter(|t| !t.trim().is_empty()) else {
        return Ok((
            SocketAddr::new(IpAddr::V4(Ipv4Addr::UNSPECIFIED), PORT),
            true,
        ));
    };
    let text = text.trim();
    if let Ok(addr) = text.parse::<SocketAddr>() {
        return Ok((addr, false));
    }
    text.parse::<IpAddr>()
        .map(|ip| (SocketAddr::new(ip, PORT), true))
        .map_err(|_| {
            ApiError::bad(
                BIND_ENV,
                format!("'{text}' is not an address or address:port"),
            )
        })
}

fn link(address: &str, path: &str, seat: Option<u8>, name: &str, connected: u32) -> HostLink {
    let url = format!("{address}{path}");
    HostLink {
        qr: reach::qr(&url),
        url,
        seat,
        name: name.into(),
        connected,
    }
}

impl Session {
    fn hosted(&self, id: i64, chosen: usize) -> Option<Hosted> {
        let invitation = self.shown.get(&id)?;
        let port = self.hosting.addr().port();
        let addresses: Vec<String> = self
            .addresses
            .iter()
            .map(|ip| reach::in_link(*ip, port))
            .collect();
        let address = addresses.get(chosen).or(addresses.first())?.clone();
        let connected: HashMap<Option<u8>, usize> =
            self.hosting.connected(id).into_iter().collect();
        let count = |seat: Option<u8>| connected.get(&seat).copied().unwrap_or(0) as u32;
        let mut links = vec![link(
            &address,
            &invitation.board.path,
            None,
            "Board",
            count(None),
        )];
        links.extend(invitation.seats.iter().map(|s| {
            link(
                &address,
                &s.path,
                Some(s.seat),
                &s.name,
                count(s.seat.checked_sub(1)),
            )
        }));
        Some(Hosted {
            game_id: i32::try_from(id).unwrap_or(i32::MAX),
            address,
            addresses,
            links,
        })
    }
}

impl HostState {
    /// Turn hosting on (if it is off) and show links for game `id`: new ones the first time in
    /// this session, the same ones after. `address` picks which of this computer's addresses
    /// the links carry.
    pub async fn host(
        &self,
        db: PathBuf,
        pages: Pages,
        id: i64,
        invite: impl std::future::Future<Output = Result<Invitation, ApiError>>,
        address: Option<String>,
    ) -> Result<Hosted, ApiError> {
        let mut session = self.session.lock().await;
        if session.is_none() {
            *session = Some(self.start(db, pages).await?);
        }
        let Some(running) = session.as_mut() else {
            return Err(ApiError::bad("hosting", "hosting could not start"));
        };
        if let std::collections::hash_map::Entry::Vacant(e) = running.shown.entry(id) {
            e.insert(invite.await?);
        }
        let port = running.hosting.addr().port();
        let chosen = address
            .and_then(|a| {
                running
                    .addresses
                    .iter()
                    .position(|ip| reach::in_link(*ip, port) == a)
            })
            .unwrap_or(0);
        running.addresses.swap(0, chosen);
        running
            .hosted(id, 0)
            .ok_or_else(|| ApiError::bad("hosting", "no links were made"))
    }

    async fn start(&self, db: PathBuf, pages: Pages) -> Result<Session, ApiError> {
        let (bind, fallback) = bind_from(std::env::var(BIND_ENV).ok())?;
        let changes = self.changes.clone();
        let on_change: estate_steward::host::OnChange = Arc::new(move |id| {
            changes.send_modify(|marks| {
                let mark = marks.entry(id).or_insert(0);
                *mark = mark.wrapping_add(1);
            });
        });
        let config = |bind| HostConfig {
            db: db.clone(),
            bind,
            pages: pages.clone(),
            on_change: Some(Arc::clone(&on_change)),
        };
        let hosting = match Hosting::start(config(bind)).await {
            // The usual port is taken (another program, a second app): any free one will do,
            // the links carry it.
            Err(_) if fallback => Hosting::start(config(SocketAddr::new(bind.ip(), 0))).await?,
            other => other?,
        };
        Ok(Session {
            addresses: reach::addresses(bind.ip()),
            hosting,
            shown: HashMap::new(),
        })
    }

    /// Game `id` as hosted now (who is connected), or `None` when it is not hosted.
    pub async fn hosted(&self, id: i64) -> Option<Hosted> {
        self.session.lock().await.as_ref()?.hosted(id, 0)
    }

    /// Replace the links of one seat (counted from 1; `None`: the board) with the one made.
    pub async fn renewed(&self, id: i64, seat: Option<u8>, path: String) -> Option<Hosted> {
        let mut session = self.session.lock().await;
        let running = session.as_mut()?;
        let invitation = running.shown.get_mut(&id)?;
        match seat {
            None => invitation.board.path = path,
            Some(seat) => {
                if let Some(s) = invitation.seats.iter_mut().find(|s| s.seat == seat) {
                    s.path = path;
                }
            }
        }
        running.hosted(id, 0)
    }

    /// Tell the phones of game `id` that the window changed it.
    pub async fn changed(&self, id: i64) {
        if let Some(running) = self.session.lock().await.as_ref() {
            running.hosting.changed(id);
        }
    }

    /// Stop hosting: every phone's connection closes. The games are untouched.
    pub async fn stop(&self) {
        // Out of the lock first: the window's commands that tell the host of a change wait on
        // it, and must not wait for the connections to close.
        let running = self.session.lock().await.take();
        if let Some(running) = running {
            running.hosting.stop().await;
        }
    }

    /// Game `id`'s change mark once it differs from `seen` (at once if it already does, or if
    /// `seen` is `None`), or `seen` after `wait` without a change. Subscribed before the mark is
    /// read, so a change between two calls is never missed.
    pub async fn wait_for_change(
        &self,
        id: i64,
        seen: Option<u32>,
        wait: std::time::Duration,
    ) -> u32 {
        let mut changes = self.changes.subscribe();
        let mark = |marks: &HashMap<i64, u32>| marks.get(&id).copied().unwrap_or(0);
        let now = mark(&changes.borrow_and_update());
        let Some(seen) = seen.filter(|&s| s == now) else {
            return now;
        };
        let changed = async {
            loop {
                if changes.changed().await.is_err() {
                    return seen;
                }
                let now = mark(&changes.borrow_and_update());
                if now != seen {
                    return now;
                }
            }
        };
        tokio::time::timeout(wait, changed).await.unwrap_or(seen)
    }
}

/// The app's embedded pages, for the phones.
pub fn embedded_pages<R: tauri::Runtime>(app: &tauri::AppHandle<R>) -> Pages {
    let resolver = app.asset_resolver();
    Pages::Assets(Arc::new(move |path: &str| {
        resolver.get(path.to_string()).map(|a| Asset {
            bytes: a.bytes,
            mime: a.mime_type,
        })
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_host_listens_where_the_setting_says() {
        assert_eq!(
            bind_from(None).unwrap(),
            ("0.0.0.0:8737".parse().unwrap(), true)
        );
        assert_eq!(
            bind_from(Some("127.0.0.1:0".into())).unwrap(),
            ("127.0.0.1:0".parse().unwrap(), false)
        );
        assert_eq!(
            bind_from(Some("127.0.0.1".into())).unwrap(),
            ("127.0.0.1:8737".parse().unwrap(), true)
        );
        assert!(bind_from(Some("my laptop".into())).is_err());
    }

    /// A change of game `id`, as the host tells it.
    fn change(hosts: &HostState, id: i64) {
        hosts
            .changes
            .send_modify(|marks| *marks.entry(id).or_insert(0) += 1);
    }

    #[test]
    fn the_window_never_misses_a_change_made_between_two_asks() {
        tauri::async_runtime::block_on(async {
            let hosts = HostState::default();
            let short = std::time::Duration::from_millis(20);
            // The first ask answers the mark at once.
            let seen = hosts.wait_for_change(3, None, short).await;
            assert_eq!(seen, 0);
            // Nothing changed: the same mark after the wait.
            assert_eq!(hosts.wait_for_change(3, Some(seen), short).await, seen);
            // Two phones act while the window is reloading, not waiting: the next ask answers
            // at once (it used to wait for a third change, up to 20 s).
            change(&hosts, 3);
            change(&hosts, 3);
            let started = std::time::Instant::now();
            let moved = hosts
                .wait_for_change(3, Some(seen), std::time::Duration::from_secs(20))
                .await;
            assert_eq!(moved, 2);
            assert!(started.elapsed() < std::time::Duration::from_secs(1));
            // Another game's change is not this game's.
            change(&hosts, 4);
            assert_eq!(hosts.wait_for_change(3, Some(moved), short).await, moved);
        });
    }
}
