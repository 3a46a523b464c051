//! The table's requests: act, undo and redo (each committed before it is shown), peek, and the
//! Game record's replay and log.

use super::alongside::alongside;
use super::cache::{fresh, held, table_view, Use};
use super::{ApiError, GameRecord, ReplayStep, Steward, TableView};
use engine::names::legacy;
use engine::session::SNAPSHOT_EVERY;
use engine::{ActError, AnyTable, ScoreRow, Scoresheet, Seat};
use serde_json::Value;
use store::GameRow;
use store::{Append, StoreError};

/// Which table an action is decided on.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Table {
    /// The one this client holds, its version not read again.
    Held,
    /// The game as the file holds it now.
    Fresh,
}

fn finished(table: &dyn AnyTable) -> Option<Scoresheet> {
    table.is_over().then(|| table.score())
}

impl Steward {
    /// Apply an action: decide, commit to the store, and only then show it (the view returned
    /// is made while the commit waits for the disk, and dropped if the commit fails).
    ///
    /// The action is decided on the table this client holds, without first reading the game's
    /// version: the append checks that version inside its transaction anyway. When the check
    /// finds that another client wrote since (or the held table refused the action), the game
    /// is read again and the action decided once more on the table as the file holds it, so
    /// that nothing is stored, or refused, on a stale table.
    pub fn act(&mut self, id: i64, action: &Value) -> Result<TableView, ApiError> {
        let shape = self.shape;
        let shown = |t: &dyn AnyTable, summary: String| table_view(id, t, shape, Some(summary));
        if let Some(view) = self.act_on(id, action, Table::Held, None, &shown)? {
            return Ok(view);
        }
        // A fresh table is never taken for stale: a conflict there is an error.
        self.act_on(id, action, Table::Fresh, None, &shown)?
            .ok_or_else(|| StoreError::Conflict { game_id: id }.into())
    }

    /// [`Steward::act`] for one seat (a phone's): the action must be that seat's decision on
    /// the very table it is decided on (a phone that states the version it saw is refused
    /// before, by `guest_act`, when the game has moved on).
    /// `shown` makes the view the seat is answered with, while the commit waits for the disk.
    pub(super) fn act_for_seat<V: Send>(
        &mut self,
        id: i64,
        action: &Value,
        seat: u8,
        shown: &(dyn Fn(&dyn AnyTable, String) -> V + Sync),
    ) -> Result<(V, store::GameVersion), ApiError> {
        // As `act`: on the held table first, then once on the file's; the seat's decision is
        // checked on whichever table decides.
        let view = match self.act_on(id, action, Table::Held, Some(seat), shown)? {
            Some(view) => view,
            None => self
                .act_on(id, action, Table::Fresh, Some(seat), shown)?
                .ok_or(StoreError::Conflict { game_id: id })?,
        };
        let version = self
            .tables
            .tables
            .get(&id)
            .map(|c| c.version)
            .ok_or(StoreError::Conflict { game_id: id })?;
        Ok((view, version))
    }

    /// One attempt at [`Steward::act`]: `None` when the held table was stale (or refused the
    /// action), so that the caller decides again on a fresh one. With `seat`, the action must
    /// be that seat's decision on the very table it is decided on. `shown` makes the view
    /// returned (from the table after the action and the action's log line).
    fn act_on<V: Send>(
        &mut self,
        id: i64,
        action: &Value,
        table: Table,
        seat: Option<u8>,
        shown: &(dyn Fn(&dyn AnyTable, String) -> V + Sync),
    ) -> Result<Option<V>, ApiError> {
        let shape = self.shape;
        let (page, need) = (shape.log, |n| shape.log.skipped(n));
        let cached = match table {
            Table::Held => held(&self.store, &mut self.tables, page, id, need)?,
            Table::Fresh => fresh(&self.store, &mut self.tables, page, id, need, Use::Write)?,
        };
        if let Some(seat) = seat {
            match super::guest::may_decide(cached.table.as_ref(), action, seat) {
                Ok(()) => {}
                // The held table may be stale: the file's decides whose decision it is.
                Err(_) if table == Table::Held => return Ok(None),
                Err(e) => return Err(e),
            }
        }
        let had_redo = cached.table.next_redo().is_some();
        let played = match cached.table.play(action) {
            Ok(played) => played,
            Err(ActError::Rule(_)) if table == Table::Held => return Ok(None),
            Err(e) => return Err(e.into()),
        };
        let table_now = cached.table.as_ref();
        let seq = table_now.len();
        let snapshot = seq
            .is_multiple_of(SNAPSHOT_EVERY)
            .then(|| table_now.state_text());
        let sheet = finished(table_now);
        let game = table_now.descriptor().id;
        // The view is made while the commit waits for the disk, and shown only once the commit
        // succeeded (see `alongside`).
        let version = cached.version;
        let store = &mut self.store;
        let (result, view) = alongside(
            || {
                store.append(Append {
                    game_id: id,
                    version,
                    seq,
                    entry: &played.entry,
                    had_redo,
                    snapshot: snapshot.as_deref(),
                    finished: sheet.as_ref(),
                    learned: Some((game, &played.learned)),
                })
            },
            || shown(table_now, played.entry.summary.clone()),
        );
        match result {
            Ok(version) => cached.version = version,
            Err(e) => {
                // Not committed: forget the in-memory change; the next request reloads.
                self.tables.remove(&id);
                return match e {
                    StoreError::Conflict { .. } if table == Table::Held => Ok(None),
                    e => Err(e.into()),
                };
            }
        }
        Ok(Some(view))
    }

    pub fn undo(&mut self, id: i64) -> Result<TableView, ApiError> {
        self.step_back_or_forth(id, true)
    }

    pub fn redo(&mut self, id: i64) -> Result<TableView, ApiError> {
        self.step_back_or_forth(id, false)
    }

    fn step_back_or_forth(&mut self, id: i64, back: bool) -> Result<TableView, ApiError> {
        let (shape, page) = (self.shape, self.shape.log);
        // Undo needs the entry it takes back, and the page after it.
        let need = |n: usize| page.skipped(n.saturating_sub(1)).min(n.saturating_sub(1));
        let cached = fresh(&self.store, &mut self.tables, page, id, need, Use::Write)?;
        let seq = cached.table.len();
        let (summary, seq) = if back {
            (cached.table.undo(), seq)
        } else {
            (cached.table.redo(), seq + 1)
        };
        let Some(summary) = summary else {
            let what = if back { "undo" } else { "redo" };
            return Err(ApiError::bad(what, format!("there is nothing to {what}")));
        };
        let sheet = finished(cached.table.as_ref());
        // Made while the commit waits and shown after it, as an action's (see `act_on`).
        let message = if back { "Undid" } else { "Redid" };
        let (version, table_now) = (cached.version, cached.table.as_ref());
        let store = &mut self.store;
        let (result, view) = alongside(
            || store.set_undone(id, version, seq, back, sheet.as_ref()),
            || table_view(id, table_now, shape, Some(format!("{message}: {summary}"))),
        );
        match result {
            Ok(version) => cached.version = version,
            Err(e) => {
                self.tables.remove(&id);
                return Err(e.into());
            }
        }
        Ok(view)
    }

    /// What one seat alone may see (their money in The Estates), for a deliberate peek.
    pub fn peek(&mut self, id: i64, seat: u8) -> Result<Value, ApiError> {
        let table = &self.cached(id, |n| n)?.table;
        if usize::from(seat) >= table.seats().len() {
            return Err(ApiError::bad(
                "seat",
                format!("the game has {} seats", table.seats().len()),
            ));
        }
        Ok(table.private_view(seat).unwrap_or(Value::Null))
    }

    pub fn record(&mut self, id: i64) -> Result<GameRecord, ApiError> {
        let summary = self.store.game_row(id)?;
        if summary.results_only {
            return self.results_record(summary);
        }
        let (options, seed) = self.store.setup_of(id)?;
        let options = serde_json::from_str(&options).unwrap_or(Value::Null);
        let stored = self.store.summaries(id)?;
        let table = &self.cached(id, |n| n)?.table;
        // Lines stored before games wrote names say "seat 2": they read with names too.
        let log = stored
            .iter()
            .map(|line| legacy(line, table.seats()))
            .collect();
        Ok(GameRecord {
            summary,
            seats: table.seats().to_vec(),
            seed: seed.to_string(),
            options,
            score: table.score(),
            log,
        })
    }

    /// The record of a game entered as its results: its seats and scores, no log.
    fn results_record(&self, summary: GameRow) -> Result<GameRecord, ApiError> {
        let results = self.store.results(summary.id)?;
        let seats = results
            .iter()
            .map(|r| Seat {
                person_id: r.person_id,
                name: r.name.clone(),
                colour: r.colour.clone(),
            })
            .collect();
        let rows = results
            .into_iter()
            .map(|r| ScoreRow {
                seat: r.seat,
                name: r.name,
                breakdown: Vec::new(),
                total: r.score.unwrap_or(0),
                unscored: r.score.is_none(),
                rank: r.rank,
                winner: r.winner,
                title: r.title,
                role: r.role,
            })
            .collect();
        Ok(GameRecord {
            summary,
            seats,
            seed: String::new(),
            options: Value::Null,
            score: Scoresheet {
                categories: Vec::new(),
                rows,
                final_: true,
            },
            log: Vec::new(),
        })
    }

    /// Step through the log: the table after `step` actions.
    pub fn replay(&mut self, id: i64, step: u32) -> Result<ReplayStep, ApiError> {
        let at = step as usize;
        let table = &self.cached(id, |n| at.min(n).saturating_sub(1))?.table;
        let steps = table.len() as u32;
        if step > steps {
            return Err(ApiError::bad("step", format!("the log has {steps} steps")));
        }
        let summary = if step == 0 {
            None
        } else {
            table.summaries_from(at - 1).into_iter().next()
        };
        let hidden = table.has_secrets() && !table.is_over();
        Ok(ReplayStep {
            step,
            steps,
            summary,
            state: if hidden {
                Value::Null
            } else {
                table.state_after(at)
            },
            view: table.view_after(at),
            score: table.score_after(at),
        })
    }
}
