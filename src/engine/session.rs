//! A table session: one game's state and its log of accepted actions, with unlimited undo/redo.
//!
//! The session never persists anything itself. The service decides an action here, applies it
//! in memory with `commit` (the store needs the state after it, for a snapshot and the final
//! score), then appends it to SQLite, and only after that commit returns a view: nothing is shown
//! before it is durable. If the append fails, the service drops this session and reloads the
//! game from the file, so the in-memory step is never seen.

use super::game::{Game, GameRng, RuleError, Seat};
use rand::SeedableRng;
use serde::{Deserialize, Serialize};

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

#[derive(Debug)]
pub struct Session<G: Game> {
    pub options: G::Options,
    pub seats: Vec<Seat>,
    pub seed: u64,
    initial: G::State,
    state: G::State,
    entries: Vec<Entry<G>>,
    /// Undone entries; the last one is the next to redo.
    redo: Vec<Entry<G>>,
    /// (number of entries applied, state after them), ascending.
    snapshots: Vec<(usize, G::State)>,
}

impl<G: Game> Session<G> {
    pub fn new(options: G::Options, seats: Vec<Seat>, seed: u64) -> Result<Self, RuleError> {
        let initial = G::initial(&options, &seats)?;
        Ok(Session {
            options,
            seats,
            seed,
            state: initial.clone(),
            initial,
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
        let mut session = Session::new(options, seats, seed)?;
        let start = match &snapshot {
            Some((n, state)) if *n <= entries.len() => {
                session.state = state.clone();
                session.snapshots.push((*n, state.clone()));
                *n
            }
            _ => 0,
        };
        for entry in &entries[start..] {
            for event in &entry.events {
                G::apply(&mut session.state, event);
            }
        }
        session.entries = entries;
        session.redo = redo;
        session.take_snapshot_if_due();
        Ok(session)
    }

    pub fn state(&self) -> &G::State {
        &self.state
    }
    pub fn entries(&self) -> &[Entry<G>] {
        &self.entries
    }
    pub fn redo_stack(&self) -> &[Entry<G>] {
        &self.redo
    }

    /// The generator for the next action: the game's seed on a stream named by the action's
    /// position, so a resumed game decides exactly as an uninterrupted one would.
    fn rng_for_next(&self) -> GameRng {
        let mut rng = GameRng::seed_from_u64(self.seed);
        rng.set_stream(self.entries.len() as u64 + 1);
        rng
    }

    /// Check an action and say what it would do, without changing anything.
    pub fn decide(&self, action: G::Action) -> Result<Entry<G>, RuleError> {
        let mut rng = self.rng_for_next();
        let events = if self.redo.is_empty() {
            G::handle(&self.state, &action, &mut rng)?
        } else {
            let undone: Vec<&G::Event> = self.redo.iter().flat_map(|e| &e.events).collect();
            G::handle_over_undone(&self.state, &action, &mut rng, &undone)?
        };
        let summary = G::summarize(&self.state, &action, &events);
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
        let n = self.entries.len();
        if n > 0
            && n.is_multiple_of(SNAPSHOT_EVERY)
            && self.snapshots.last().map(|s| s.0) != Some(n)
        {
            self.snapshots.push((n, self.state.clone()));
        }
    }

    /// The entry that `undo` would take back.
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
        self.snapshots.retain(|(n, _)| *n <= self.entries.len());
        self.state = self.state_after(self.entries.len());
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

    /// The state after the first `n` entries (for replay and undo).
    pub fn state_after(&self, n: usize) -> G::State {
        let n = n.min(self.entries.len());
        let (start, mut state) = self
            .snapshots
            .iter()
            .rev()
            .find(|(k, _)| *k <= n)
            .map(|(k, s)| (*k, s.clone()))
            .unwrap_or((0, self.initial.clone()));
        for entry in &self.entries[start..n] {
            for event in &entry.events {
                G::apply(&mut state, event);
            }
        }
        state
    }

    /// The state rebuilt from nothing but the initial state and the log.
    pub fn replayed(&self) -> G::State {
        let mut state = self.initial.clone();
        for entry in &self.entries {
            for event in &entry.events {
                G::apply(&mut state, event);
            }
        }
        state
    }
}
