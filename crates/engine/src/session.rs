//! A table session: one game's state and its log of accepted actions, with unlimited undo/redo.
//!
//! The session never persists anything itself. The service decides an action here, applies it
//! in memory with `commit` (the store needs the state after it, for a snapshot and the final
//! score), then appends it to SQLite, and only after that commit returns a view: nothing is shown
//! before it is durable. If the append fails, the service drops this session and reloads the
//! game from the file, so the in-memory step is never seen.
//!
//! A resumed session may hold only the end of a long log: the entries after `base` (a stored
//! snapshot's position) and the state there. Positions stay those of the whole log (the random
//! stream of an action is named by its position), and undo cannot reach before `base`: the
//! service loads more of the log first (see `service`).

use super::game::{Game, GameRng, RuleError, Seat};
use super::names::{legacy, named};
use rand::SeedableRng;
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// How many entries between in-memory snapshots used to rebuild the state on undo.
pub const SNAPSHOT_EVERY: usize = 100;

/// One accepted action and the outcomes it produced.
#[derive(Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct Entry<G: Game> {
    pub action: G::Action,
    pub events: Vec<G::Event>,
    pub summary: String,
}

impl<G: Game> Clone for Entry<G> {
    fn clone(&self) -> Self {
        Entry {
            action: self.action.clone(),
            events: self.events.clone(),
            summary: self.summary.clone(),
        }
    }
}

/// Stored entries whose log lines read with the seats' names (see `names::legacy`).
fn with_names<G: Game>(mut entries: Vec<Entry<G>>, seats: &[Seat]) -> Vec<Entry<G>> {
    for entry in &mut entries {
        entry.summary = legacy(&entry.summary, seats);
    }
    entries
}

/// A stored state: parsed when first needed (a resumed game holds many it may never use).
#[derive(Debug)]
struct Snap<G: Game> {
    text: Option<String>,
    state: OnceLock<Option<G::State>>,
}

impl<G: Game> Snap<G> {
    fn parsed(state: G::State) -> Self {
        Snap {
            text: None,
            state: OnceLock::from(Some(state)),
        }
    }
    fn text(text: String) -> Self {
        Snap {
            text: Some(text),
            state: OnceLock::new(),
        }
    }
    /// The state, or None when the stored text does not read back (snapshots are caches: the
    /// caller then starts from an earlier one).
    fn get(&self) -> Option<&G::State> {
        self.state
            .get_or_init(|| {
                self.text
                    .as_deref()
                    .and_then(|t| serde_json::from_str(t).ok())
            })
            .as_ref()
    }
}

/// The part of a stored log a session is resumed from.
pub struct Window<G: Game> {
    /// How many entries come before `entries` (not held).
    pub base: usize,
    /// The state after `base` entries: a stored snapshot (required when `base` > 0).
    pub base_state: Option<G::State>,
    /// Stored snapshots after `base` (position, state as JSON text), oldest first; each is read
    /// only if it is needed.
    pub snapshots: Vec<(usize, String)>,
    /// The entries `base + 1 ..`.
    pub entries: Vec<Entry<G>>,
}

#[derive(Debug)]
pub struct Session<G: Game> {
    pub options: G::Options,
    pub seats: Vec<Seat>,
    pub seed: u64,
    /// Entries before `entries` that this session does not hold, and the state after them.
    base: usize,
    base_state: G::State,
    state: G::State,
    /// Entries `base + 1 ..= len`.
    entries: Vec<Entry<G>>,
    /// Undone entries; the last one is the next to redo.
    redo: Vec<Entry<G>>,
    /// (position in the log, state after it), ascending, all after `base`.
    snapshots: Vec<(usize, Snap<G>)>,
}

impl<G: Game> Session<G> {
    /// A new game: the start's own checks (`Game::check_new`), then the initial state.
    pub fn new(options: G::Options, seats: Vec<Seat>, seed: u64) -> Result<Self, RuleError> {
        G::check_new(&options, &seats)?;
        let initial = G::initial(&options, &seats)?;
        Ok(Session {
            options,
            seats,
            seed,
            base: 0,
            state: initial.clone(),
            base_state: initial,
            entries: Vec::new(),
            redo: Vec::new(),
            snapshots: Vec::new(),
        })
    }

    /// Rebuild a session from a stored state after `applied` entries (a snapshot), the entries
    /// that follow it, and the undone entries (next to redo last).
    pub fn resume(
        options: G::Options,
        seats: Vec<Seat>,
        seed: u64,
        snapshot: Option<(usize, G::State)>,
        entries: Vec<Entry<G>>,
        redo: Vec<Entry<G>>,
    ) -> Result<Self, RuleError> {
        let mut session = Self::resume_window(
            options,
            seats,
            seed,
            Window {
                base: 0,
                base_state: None,
                snapshots: Vec::new(),
                entries,
            },
            redo,
        )?;
        if let Some((n, state)) = snapshot.filter(|(n, _)| *n > 0 && *n <= session.len()) {
            session.snapshots.insert(0, (n, Snap::parsed(state)));
            session.state = session.state_after(session.len());
        }
        Ok(session)
    }

    /// Rebuild a session from the end of a stored log: the state at the latest snapshot it can
    /// read, then the entries after it.
    pub fn resume_window(
        options: G::Options,
        seats: Vec<Seat>,
        seed: u64,
        window: Window<G>,
        redo: Vec<Entry<G>>,
    ) -> Result<Self, RuleError> {
        let Window {
            base,
            base_state,
            snapshots,
            entries,
        } = window;
        let base_state = match (base, base_state) {
            (_, Some(state)) => state,
            (0, None) => G::initial(&options, &seats)?,
            (_, None) => {
                return Err(RuleError::new(
                    "store.snapshot",
                    format!("the state after entry {base} is missing"),
                ))
            }
        };
        let len = base + entries.len();
        // Lines stored before games wrote names say "seat 2": they read with names too.
        let (entries, redo) = (with_names(entries, &seats), with_names(redo, &seats));
        let mut session = Session {
            options,
            seats,
            seed,
            base,
            state: base_state.clone(),
            base_state,
            entries,
            redo,
            snapshots: snapshots
                .into_iter()
                .filter(|(n, _)| *n > base && *n <= len)
                .map(|(n, text)| (n, Snap::text(text)))
                .collect(),
        };
        session.state = session.state_after(len);
        session.take_snapshot_if_due();
        Ok(session)
    }

    pub fn state(&self) -> &G::State {
        &self.state
    }
    /// The entries this session holds: the whole log unless it was resumed from its end
    /// (then those after [`Session::base`]).
    pub fn entries(&self) -> &[Entry<G>] {
        &self.entries
    }
    /// How many entries of the log come before [`Session::entries`].
    pub fn base(&self) -> usize {
        self.base
    }
    /// The length of the whole log.
    pub fn len(&self) -> usize {
        self.base + self.entries.len()
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    pub fn redo_stack(&self) -> &[Entry<G>] {
        &self.redo
    }

    /// The generator for the next action: the game's seed on a stream named by the action's
    /// position, so a resumed game decides exactly as an uninterrupted one would.
    fn rng_for_next(&self) -> GameRng {
        let mut rng = GameRng::seed_from_u64(self.seed);
        rng.set_stream(self.len() as u64 + 1);
        rng
    }

    /// Check an action and say what it would do, without changing anything.
    pub fn decide(&self, action: G::Action) -> Result<Entry<G>, RuleError> {
        let mut rng = self.rng_for_next();
        let decided = if self.redo.is_empty() {
            G::handle(&self.state, &action, &mut rng)
        } else {
            let undone: Vec<&G::Event> = self.redo.iter().flat_map(|e| &e.events).collect();
            G::handle_over_undone(&self.state, &action, &mut rng, &undone)
        };
        // The game names seats with `who`; the table reads (and the log keeps) people's names.
        let events = decided.map_err(|e| RuleError {
            message: named(&e.message, &self.seats),
            ..e
        })?;
        let summary = named(&G::summarize(&self.state, &action, &events), &self.seats);
        Ok(Entry {
            action,
            events,
            summary,
        })
    }

    /// Apply a decided entry in memory (the service stores it next, and drops the session if the
    /// store refuses). Clears the redo stack.
    pub fn commit(&mut self, entry: Entry<G>) {
        for event in &entry.events {
            G::apply(&mut self.state, event);
        }
        self.entries.push(entry);
        self.redo.clear();
        self.take_snapshot_if_due();
    }

    fn take_snapshot_if_due(&mut self) {
        let n = self.len();
        if n > self.base
            && n.is_multiple_of(SNAPSHOT_EVERY)
            && self.snapshots.last().map(|s| s.0) != Some(n)
        {
            self.snapshots.push((n, Snap::parsed(self.state.clone())));
        }
    }

    /// The entry that `undo` would take back (none when this session holds no entry to take
    /// back: at the start, or at `base`).
    pub fn next_undo(&self) -> Option<&Entry<G>> {
        self.entries.last()
    }
    pub fn next_redo(&self) -> Option<&Entry<G>> {
        self.redo.last()
    }

    /// Take back the last entry; the state is rebuilt from the nearest snapshot.
    pub fn undo(&mut self) -> Option<String> {
        let entry = self.entries.pop()?;
        let summary = entry.summary.clone();
        self.redo.push(entry);
        let n = self.len();
        self.snapshots.retain(|(k, _)| *k <= n);
        self.state = self.state_after(n);
        Some(summary)
    }

    /// Put back the entry most recently undone.
    pub fn redo(&mut self) -> Option<String> {
        let entry = self.redo.pop()?;
        let summary = entry.summary.clone();
        for event in &entry.events {
            G::apply(&mut self.state, event);
        }
        self.entries.push(entry);
        self.take_snapshot_if_due();
        Some(summary)
    }

    /// The state after the first `n` entries (for replay and undo); `n` is brought within
    /// `base ..= len`.
    pub fn state_after(&self, n: usize) -> G::State {
        let n = n.clamp(self.base, self.len());
        let (start, mut state) = self
            .snapshots
            .iter()
            .rev()
            .filter(|(k, _)| *k <= n)
            .find_map(|(k, s)| s.get().map(|s| (*k, s.clone())))
            .unwrap_or((self.base, self.base_state.clone()));
        for entry in &self.entries[start - self.base..n - self.base] {
            for event in &entry.events {
                G::apply(&mut state, event);
            }
        }
        state
    }

    /// The state rebuilt from the start of what this session holds (the initial state unless
    /// it was resumed from the end of a log) and the log.
    pub fn replayed(&self) -> G::State {
        let mut state = self.base_state.clone();
        for entry in &self.entries {
            for event in &entry.events {
                G::apply(&mut state, event);
            }
        }
        state
    }
}
