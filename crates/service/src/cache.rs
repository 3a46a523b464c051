//! The tables a client holds in memory, one per game it has shown. Before a view, undo or redo
//! the game's version is read (one indexed lookup): if another client (a second window, the CLI)
//! wrote since, the table is reloaded, so nothing is ever decided on a stale table; the store
//! checks the version again inside each write's transaction for the window between the two. An
//! action skips the first read ([`held`]): the append's check alone catches a stale table, and
//! the action is then decided again on a fresh one.

use super::types::offers;
use super::{kind_of, ApiError, Steward, TableView};
use engine::AnyTable;
use serde_json::value::RawValue;
use serde_json::Value;
use std::collections::HashMap;
use store::{GameVersion, Store, StoreError};
use uuid::Uuid;

/// How much of the log a [`TableView`] carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogPage {
    /// Every line (the CLI, scripts and tests).
    Whole,
    /// The latest lines: at least `min` (all when fewer), and fewer than `min + step`; the
    /// lines left out are always a multiple of `step`, so the count shown changes with every
    /// action and undo (the app's screens may key on it).
    Latest { min: usize, step: usize },
}

/// The log as the app receives it: the latest lines only (at least the 30 the table shows), so
/// that a long game costs the same per action as a short one.
pub const APP_LOG_PAGE: LogPage = LogPage::Latest { min: 30, step: 50 };

/// What a client's [`TableView`]s carry: how much of the log, and whether the game's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ViewShape {
    pub log: LogPage,
    /// Whether `state` is filled in. The app's screens read only the game's `view` (the core's
    /// display-ready facts), so the app goes without: one serialization less per action.
    pub state: bool,
}

impl ViewShape {
    /// The whole log and the state: the CLI, scripts and tests.
    pub const WHOLE: ViewShape = ViewShape {
        log: LogPage::Whole,
        state: true,
    };
}

/// The views as the app receives them: the log paged, no state.
pub const APP_VIEWS: ViewShape = ViewShape {
    log: APP_LOG_PAGE,
    state: false,
};

impl LogPage {
    /// How many lines of a log of `n` this page leaves out.
    pub fn skipped(self, n: usize) -> usize {
        match self {
            LogPage::Whole => 0,
            LogPage::Latest { min, step } if n > min => (n - min) / step.max(1) * step.max(1),
            LogPage::Latest { .. } => 0,
        }
    }

    /// How many entries from the end a table must hold to show this page and undo once.
    fn keep(self) -> usize {
        match self {
            LogPage::Whole => usize::MAX,
            LogPage::Latest { min, step } => min + step.max(1),
        }
    }
}

/// A game's table and the version of the game it reflects.
pub(super) struct Cached {
    pub(super) table: Box<dyn AnyTable>,
    pub(super) version: GameVersion,
}

/// What a client holds: its tables, and the identity (UUID) of every game number it has shown.
#[derive(Default)]
pub(super) struct Held {
    pub(super) tables: HashMap<i64, Cached>,
    /// The game each number named when this client last showed it. A number is never given
    /// to a second game within a file, but a restore can put another game under it: a write
    /// for a number whose game changed is refused (`Replaced`), never decided on the other
    /// game; showing the number again (a view) takes the new game as the one shown.
    seen: HashMap<i64, Uuid>,
}

/// Why a table is wanted: to show it, or to write to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Use {
    Show,
    Write,
}

/// The fresh table of game `id` from `held`, holding at least the entries after `need(len)`
/// (a free function, so that the caller may write to the store while holding the table).
pub(super) fn fresh<'a>(
    store: &Store,
    held: &'a mut Held,
    page: LogPage,
    id: i64,
    need: impl Fn(usize) -> usize,
    purpose: Use,
) -> Result<&'a mut Cached, ApiError> {
    let tables = &mut held.tables;
    let version = match store.version(id) {
        Ok(v) => v,
        Err(e) => {
            tables.remove(&id);
            return Err(e.into());
        }
    };
    if held.seen.get(&id).is_some_and(|s| *s != version.identity) {
        tables.remove(&id);
        if purpose == Use::Write {
            return Err(StoreError::Replaced { game_id: id }.into());
        }
    }
    held.seen.insert(id, version.identity);
    let fresh = tables
        .get(&id)
        .is_some_and(|c| c.version == version && c.table.base() <= need(c.table.len()));
    if !fresh {
        tables.remove(&id);
        let mut cached = load(store, id, page.keep())?;
        let len = cached.table.len();
        if cached.table.base() > need(len) {
            cached = load(store, id, len - need(len).min(len))?;
        }
        tables.insert(id, cached);
    }
    the_table(tables, id)
}

/// The table of game `id` in `tables` (put there by the caller).
fn the_table(tables: &mut HashMap<i64, Cached>, id: i64) -> Result<&mut Cached, ApiError> {
    tables.get_mut(&id).ok_or_else(|| ApiError::NotFound {
        what: format!("game #{id}"),
    })
}

/// The table of game `id` this client holds, holding at least the entries after `need(len)`,
/// without reading the game's version: only for a write, which checks the version in its own
/// transaction (and falls back on [`fresh`] when it finds it changed). Loaded when not held.
pub(super) fn held<'a>(
    store: &Store,
    held: &'a mut Held,
    page: LogPage,
    id: i64,
    need: impl Fn(usize) -> usize,
) -> Result<&'a mut Cached, ApiError> {
    let enough = |c: &Cached| c.table.base() <= need(c.table.len());
    if !held.tables.get(&id).is_some_and(enough) {
        return fresh(store, held, page, id, need, Use::Write);
    }
    the_table(&mut held.tables, id)
}

impl Held {
    /// Hold a new game's table (just created: its identity is the one shown).
    pub(super) fn insert(&mut self, id: i64, cached: Cached) {
        self.seen.insert(id, cached.version.identity);
        self.tables.insert(id, cached);
    }

    /// Forget one game's table (it reloads when next used).
    pub(super) fn remove(&mut self, id: &i64) {
        self.tables.remove(id);
    }

    /// Forget every table (they reload when next used); the identities shown are kept.
    pub(super) fn clear(&mut self) {
        self.tables.clear();
    }
}

/// The refusal of a table request on a game entered as its results.
pub(super) fn results_only(id: i64) -> ApiError {
    ApiError::bad(
        "game",
        format!("game #{id} is a results-only record: it has no table or log, only its results"),
    )
}

/// Load game `id` from the file with at least its last `keep` entries. A stored log that no
/// longer reads back is a damaged database, not a bad request.
fn load(store: &Store, id: i64, keep: usize) -> Result<Cached, ApiError> {
    let loaded = store.load_game(id, keep)?;
    let kind = kind_of(&loaded.game)?;
    if loaded.results_only {
        return Err(results_only(id));
    }
    let damaged = |detail: String| ApiError::Store {
        error: StoreError::Corrupt {
            path: store.path().display().to_string(),
            detail: format!("game #{id}: {detail}"),
        },
    };
    let options: Value = serde_json::from_str(&loaded.options)
        .map_err(|e| damaged(format!("its stored options do not read back: {e}")))?;
    let from_snapshot = loaded.log.base > 0;
    let table = match kind.resume_log(&options, loaded.seats, loaded.seed, loaded.log) {
        Ok(table) => table,
        // Snapshots are caches: one that does not read back costs a load of the whole log.
        Err(_) if from_snapshot => return load(store, id, usize::MAX),
        Err(e) => return Err(damaged(format!("its stored log does not read back: {e}"))),
    };
    Ok(Cached {
        table,
        version: loaded.version,
    })
}

impl Steward {
    /// The fresh table of game `id` (see [`fresh`]).
    pub(super) fn cached(
        &mut self,
        id: i64,
        need: impl Fn(usize) -> usize,
    ) -> Result<&mut Cached, ApiError> {
        fresh(
            &self.store,
            &mut self.tables,
            self.shape.log,
            id,
            need,
            Use::Show,
        )
    }

    /// The table screen's data for game `id`.
    pub fn view(&mut self, id: i64, message: Option<String>) -> Result<TableView, ApiError> {
        let shape = self.shape;
        let cached = self.cached(id, |n| shape.log.skipped(n))?;
        Ok(table_view(id, cached.table.as_ref(), shape, message))
    }
}

/// The view of a table as the clients receive it.
pub(super) fn table_view(
    id: i64,
    table: &dyn AnyTable,
    shape: ViewShape,
    message: Option<String>,
) -> TableView {
    let d = table.descriptor();
    let skipped = shape.log.skipped(table.len());
    TableView {
        game_id: id,
        game: d.id.into(),
        game_name: d.name.into(),
        seats: table.seats().to_vec(),
        state: if !shape.state || (table.has_secrets() && !table.is_over()) {
            // Not wanted, or kept from the shared screen.
            RawValue::NULL.to_owned()
        } else {
            table.state_json()
        },
        view: table.view_json(),
        allowed: offers(table.allowed()),
        log: table.summaries_from(skipped),
        log_from: (skipped > 0).then_some(skipped as u32),
        undo: table.next_undo(),
        redo: table.next_redo(),
        score: table.score(),
        over: table.is_over(),
        message,
    }
}
