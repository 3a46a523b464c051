//! The table host: a game hosted on the local network, so that every player joins it from a
//! phone's browser by a link (a QR code) and sees the board and only their own secrets. It is a
//! client of the service like the window and the CLI, with a `Steward` of its own on the same
//! database (the store's version checks keep the clients apart), served by axum on tokio:
//! `api` (the view and actions of a link's seat), `live` (the WebSocket feed that pushes each
//! change), `guard` (who may talk to it at all: `Host`, `Origin`, sizes, headers), `pages` (the
//! UI's files). Hosting binds where it is told (`--bind`, a setting) and stops on request,
//! closing every connection; the game and its log are untouched by either.

mod api;
mod guard;
mod live;
mod pages;
mod serve;
pub use pages::{Asset, AssetFn, Pages};
pub mod reach;

use axum::Router;
use service::{ApiError, SeatView, Steward};
use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, MutexGuard};
use store::Invited;
use store::StoreError;
use tokio::sync::watch;

/// How long stopping waits for open requests to finish.
const STOP_WAIT: std::time::Duration = std::time::Duration::from_secs(2);

/// Told the game's id whenever a change reaches the host's feeds (a phone acted, another
/// client wrote): the window refreshes its table with it.
pub type OnChange = Arc<dyn Fn(i64) + Send + Sync>;

/// Where and what to serve.
#[derive(Clone)]
pub struct HostConfig {
    /// The database (the one the window or the CLI uses).
    pub db: PathBuf,
    /// The address to listen on; port 0 picks a free one.
    pub bind: SocketAddr,
    /// The pages phones load (the UI's built files).
    pub pages: Pages,
    /// Told of every change the guests are told of.
    pub on_change: Option<OnChange>,
}

/// Who is connected to the live feed right now, per game: a count per seat (0-based; `None` is
/// the board).
type Connected = HashMap<i64, HashMap<Option<u8>, usize>>;

/// What the host's tasks share.
pub(crate) struct Shared {
    steward: Mutex<Steward>,
    /// Whose turn it is to run on the service (see `with_steward`): awaited, not blocked on.
    turn: tokio::sync::Mutex<()>,
    /// One feed per game a guest follows: its value rises with every change seen.
    feeds: Mutex<HashMap<i64, watch::Sender<u64>>>,
    /// The version each followed game was last told at (`SeatView::version`), so that a change
    /// told once (by the act that made it) is not told again when the file is next looked at.
    told: Mutex<HashMap<i64, String>>,
    /// The last view sent to each seat of each game (`None`: the board), as JSON text with the
    /// version it shows: the phones of one seat, and the push that follows a seat's own action,
    /// share one view instead of making it each.
    views: Mutex<HashMap<(i64, Option<u8>), SeatText>>,
    /// Each followed game's links, in a word (`Steward::invites_digest`), and how many times
    /// they changed: a live connection looks at its link again when this count moved.
    links: Mutex<HashMap<i64, (String, u64)>>,
    connected: Mutex<Connected>,
    /// The port served: a request's `Host` must name it.
    port: u16,
    /// Set when hosting stops: every live connection closes.
    stopping: watch::Sender<bool>,
    on_change: Option<OnChange>,
}

/// A seat's view as sent: the game's version it shows, and its JSON text.
#[derive(Clone)]
pub(crate) struct SeatText {
    pub(crate) version: String,
    pub(crate) json: Arc<str>,
}

/// A lock that a panic elsewhere did not make unusable: the data behind these locks is a cache
/// (tables reload from the file) or counts, never what is written.
fn locked<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Shared {
    /// Run `f` on the host's service, which blocks (SQLite's fsync, and its busy wait of up to
    /// 5 s while another program writes). On a multi-threaded runtime it runs right on the
    /// worker that holds the request, one request at a time ([`Shared::turn`], awaited): at
    /// most one worker is blocked by a request, so the runtime's other workers go on serving
    /// the pushes and the window's own work. Neither a hand-over to the blocking pool nor
    /// `block_in_place` (which moves this worker's tasks to another thread at every call):
    /// each cost a phone's action wake-ups on two cores (docs/benchmarks.md, "The table
    /// host"). A runtime of one worker keeps `block_in_place`; a current-thread runtime uses
    /// tokio's blocking threads.
    pub(crate) async fn with_steward<T: Send + 'static>(
        self: &Arc<Self>,
        f: impl FnOnce(&mut Steward) -> Result<T, ApiError> + Send + 'static,
    ) -> Result<T, ApiError> {
        use tokio::runtime::{Handle, RuntimeFlavor};
        let handle = Handle::current();
        if handle.runtime_flavor() == RuntimeFlavor::MultiThread {
            let _turn = self.turn.lock().await;
            // With one worker only (a one-core machine: Tauri sizes its runtime to the cores),
            // a call in place would stall the window's own async work: hand this worker's tasks
            // over as before.
            if handle.metrics().num_workers() < 2 {
                return tokio::task::block_in_place(|| f(&mut locked(&self.steward)));
            }
            return f(&mut locked(&self.steward));
        }
        let shared = Arc::clone(self);
        tokio::task::spawn_blocking(move || f(&mut locked(&shared.steward)))
            .await
            .unwrap_or_else(|e| {
                Err(ApiError::Store {
                    error: StoreError::Sql {
                        message: format!("the request stopped before it finished: {e}"),
                    },
                })
            })
    }

    /// Tell every guest of game `id` that it changed.
    pub(crate) fn changed(&self, id: i64) {
        if let Some(feed) = locked(&self.feeds).get(&id) {
            feed.send_modify(|n| *n += 1);
        }
        if let Some(tell) = &self.on_change {
            tell(id);
        }
    }

    /// Tell the guests of game `id` that it is now at `version`, unless they were told it.
    pub(crate) fn changed_to(&self, id: i64, version: &str) {
        let mut told = locked(&self.told);
        if told.get(&id).map(String::as_str) != Some(version) {
            told.insert(id, version.to_string());
            drop(told);
            self.changed(id);
        }
    }

    /// The feed of game `id`, made when the first guest follows it.
    pub(crate) fn follow(&self, id: i64) -> watch::Receiver<u64> {
        locked(&self.feeds)
            .entry(id)
            .or_insert_with(|| watch::channel(0).0)
            .subscribe()
    }

    /// Keep `view` as the last one of `who`'s seat.
    pub(crate) fn remember(&self, who: Invited, view: &SeatView) -> Option<Arc<str>> {
        let json: Arc<str> = serde_json::to_string(view).ok()?.into();
        let text = SeatText {
            version: view.version.clone(),
            json: Arc::clone(&json),
        };
        locked(&self.views).insert((who.game_id, who.seat), text);
        Some(json)
    }

    /// The last view of `who`'s seat if it shows the game at `version`.
    pub(crate) fn remembered(&self, who: Invited, version: &str) -> Option<Arc<str>> {
        locked(&self.views)
            .get(&(who.game_id, who.seat))
            .filter(|t| t.version == version)
            .map(|t| Arc::clone(&t.json))
    }

    /// Note that game `id`'s guests see `version` unless a version is noted already (a push
    /// that read it after `Hosting::changed`: the next look at the file then tells no one).
    pub(crate) fn told_if_unknown(&self, id: i64, version: &str) {
        locked(&self.told)
            .entry(id)
            .or_insert_with(|| version.to_string());
    }

    /// The version game `id` was last told at, if any.
    pub(crate) fn told(&self, id: i64) -> Option<String> {
        locked(&self.told).get(&id).cloned()
    }

    /// How many times game `id`'s links changed since it was first followed.
    pub(crate) fn links_changed(&self, id: i64) -> u64 {
        locked(&self.links).get(&id).map_or(0, |(_, n)| *n)
    }

    /// Note game `id`'s links as `digest`; whether they changed since last noted.
    pub(crate) fn note_links(&self, id: i64, digest: String) -> bool {
        let mut links = locked(&self.links);
        match links.get_mut(&id) {
            Some((was, n)) if *was != digest => {
                (*was, *n) = (digest, *n + 1);
                true
            }
            Some(_) => false,
            None => {
                links.insert(id, (digest, 0));
                false
            }
        }
    }

    fn games_followed(&self) -> Vec<i64> {
        locked(&self.feeds).keys().copied().collect()
    }

    /// Count a live connection of `seat` to game `id` in (`up`) or out.
    pub(crate) fn count(&self, id: i64, seat: Option<u8>, up: bool) {
        let mut all = locked(&self.connected);
        let game = all.entry(id).or_default();
        let n = game.entry(seat).or_default();
        *n = if up { *n + 1 } else { n.saturating_sub(1) };
        if *n == 0 {
            game.remove(&seat);
        }
    }
}

/// A running host.
pub struct Hosting {
    addr: SocketAddr,
    shared: Arc<Shared>,
    served: tokio::task::JoinHandle<()>,
}

/// The request guard, pages and API in one router.
fn router(shared: Arc<Shared>, pages: Pages) -> Router {
    let api = api::routes().merge(live::routes());
    guard::guarded(pages::routes(pages).merge(api), Arc::clone(&shared)).with_state(shared)
}

impl Hosting {
    /// Open the database and listen at `config.bind`. Must be called within a tokio runtime.
    pub async fn start(config: HostConfig) -> Result<Hosting, ApiError> {
        let mut steward = Steward::open(&config.db)?;
        // Guests' views page the log as the app's do: a long game is held by its end only.
        steward.set_views(service::APP_VIEWS);
        let listener = tokio::net::TcpListener::bind(config.bind)
            .await
            .map_err(|e| ApiError::bad("bind", format!("cannot listen at {}: {e}", config.bind)))?;
        let addr = listener
            .local_addr()
            .map_err(|e| ApiError::bad("bind", e.to_string()))?;
        let shared = Arc::new(Shared {
            steward: Mutex::new(steward),
            turn: tokio::sync::Mutex::new(()),
            feeds: Mutex::new(HashMap::new()),
            told: Mutex::new(HashMap::new()),
            views: Mutex::new(HashMap::new()),
            links: Mutex::new(HashMap::new()),
            connected: Mutex::new(HashMap::new()),
            port: addr.port(),
            stopping: watch::channel(false).0,
            on_change: config.on_change,
        });
        let app = router(Arc::clone(&shared), config.pages);
        let served = tokio::spawn(serve::until_stopped(
            listener,
            app,
            shared.stopping.subscribe(),
        ));
        tokio::spawn(live::watch_file(Arc::clone(&shared)));
        Ok(Hosting {
            addr,
            shared,
            served,
        })
    }

    /// The address served (with the port picked when 0 was asked for).
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Tell the guests of game `id` that it changed (the window calls this after its own
    /// writes, so phones see them at once rather than at the next look at the file).
    pub fn changed(&self, id: i64) {
        // The version is not known here: the next push reads it (no view is reused for it).
        locked(&self.shared.told).remove(&id);
        self.shared.changed(id);
    }

    /// The seats of game `id` with a phone connected now (0-based; `None`: a board), each with
    /// how many connections.
    pub fn connected(&self, id: i64) -> Vec<(Option<u8>, usize)> {
        let all = locked(&self.shared.connected);
        let mut seats: Vec<_> = all
            .get(&id)
            .map(|g| g.iter().map(|(s, n)| (*s, *n)).collect())
            .unwrap_or_default();
        seats.sort();
        seats
    }

    /// Stop: every connection closes and the listener with it. The game is untouched. A
    /// connection that never finishes its request (a client gone silent mid-request) does not
    /// hold the stop: after [`STOP_WAIT`] the server is ended as it is.
    pub async fn stop(mut self) {
        self.shared.stopping.send_replace(true);
        if tokio::time::timeout(STOP_WAIT, &mut self.served)
            .await
            .is_err()
        {
            self.served.abort();
        }
    }
}
