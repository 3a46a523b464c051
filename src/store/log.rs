//! The `events` table (the action log) with its `snapshots`, and the results a finished game
//! writes: appends, undo and redo, each checked against the game's version in its transaction.

use super::catalogue::remember_in;
use super::{now, Store, StoreError};
use crate::engine::{Scoresheet, StoredEntry};
use rusqlite::{params, Connection, OptionalExtension, Transaction, TransactionBehavior};

/// One durable append (see [`Store::append`]).
pub struct Append<'a> {
    pub game_id: i64,
    /// The game's version the entry was decided on ([`Store::version`], or returned by the
    /// last append, undo or redo of this client).
    pub version: i64,
    /// The entry's position in the active log, from 1.
    pub seq: usize,
    pub entry: &'a StoredEntry,
    /// Undone entries exist and must be dropped first.
    pub had_redo: bool,
    /// The state after this entry, when a snapshot is due.
    pub snapshot: Option<&'a str>,
    /// The final scoresheet, when this entry ended the game.
    pub finished: Option<&'a Scoresheet>,
    /// Catalogue entries (game id, entries) the entry taught.
    pub learned: Option<(&'a str, &'a [(String, serde_json::Value)])>,
}

/// Raise the game's version if it is still `expected`; otherwise another client wrote since the
/// caller read the game, and nothing is written.
fn bump_version(tx: &Transaction, game_id: i64, expected: i64) -> Result<i64, StoreError> {
    let changed = tx
        .prepare_cached(
            "UPDATE games SET version = version + 1
             WHERE id = ?1 AND version = ?2 AND abandoned_at IS NULL",
        )?
        .execute(params![game_id, expected])?;
    if changed == 1 {
        return Ok(expected + 1);
    }
    let abandoned: Option<Option<String>> = tx
        .query_row(
            "SELECT abandoned_at FROM games WHERE id = ?1",
            [game_id],
            |r| r.get(0),
        )
        .optional()?;
    Err(match abandoned {
        None => StoreError::NotFound {
            what: format!("game #{game_id}"),
        },
        Some(Some(_)) => StoreError::Invalid {
            field: "game".into(),
            message: format!("game #{game_id} was abandoned: it takes no more actions"),
        },
        Some(None) => StoreError::Conflict { game_id },
    })
}

impl Store {
    /// Append an accepted action durably: check the game's version and the log's end, drop
    /// undone entries (a new action clears redo), insert the entry, write a snapshot when given,
    /// and record the results when the game ended — all in one transaction. Returns the game's
    /// new version, only after the commit.
    pub fn append(&mut self, a: Append) -> Result<i64, StoreError> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let version = bump_version(&tx, a.game_id, a.version)?;
        // The version alone decides; the log's ends are checked too, so that a client with a
        // wrong idea of the log is refused even if versions were ever reset.
        let (last_active, first_undone) = log_ends(&tx, a.game_id)?;
        if last_active + 1 != a.seq || (!a.had_redo && first_undone.is_some()) {
            return Err(StoreError::Conflict { game_id: a.game_id });
        }
        if let Some((game, entries)) = a.learned {
            remember_in(&tx, game, entries)?;
        }
        if a.had_redo {
            tx.execute(
                "DELETE FROM events WHERE game_id = ?1 AND undone = 1",
                [a.game_id],
            )?;
            tx.execute(
                "DELETE FROM snapshots WHERE game_id = ?1 AND seq >= ?2",
                params![a.game_id, a.seq as i64],
            )?;
        }
        let e = a.entry;
        tx.prepare_cached(
            "INSERT INTO events (game_id, seq, action, events, summary, at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        )?
        .execute(params![a.game_id, a.seq as i64, e.action, e.events, e.summary, now()])?;
        if let Some(state) = a.snapshot {
            tx.execute(
                "INSERT OR REPLACE INTO snapshots (game_id, seq, state) VALUES (?1, ?2, ?3)",
                params![a.game_id, a.seq as i64, state],
            )?;
        }
        if let Some(sheet) = a.finished {
            write_results(&tx, a.game_id, sheet)?;
        }
        tx.commit()?;
        Ok(version)
    }

    /// Mark the entry at `seq` undone (or redone), reopening or re-finishing the game, if the
    /// game is still at `version`. Returns the new version.
    pub fn set_undone(
        &mut self,
        game_id: i64,
        version: i64,
        seq: usize,
        undone: bool,
        finished: Option<&Scoresheet>,
    ) -> Result<i64, StoreError> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let version = bump_version(&tx, game_id, version)?;
        // Undo takes back the last active entry; redo restores the first undone one.
        let (last_active, first_undone) = log_ends(&tx, game_id)?;
        let at_boundary = if undone {
            last_active == seq
        } else {
            last_active + 1 == seq && first_undone == Some(seq)
        };
        if !at_boundary {
            return Err(StoreError::Conflict { game_id });
        }
        tx.execute(
            "UPDATE events SET undone = ?3 WHERE game_id = ?1 AND seq = ?2",
            params![game_id, seq as i64, undone as i64],
        )?;
        match finished {
            Some(sheet) => write_results(&tx, game_id, sheet)?,
            None => {
                tx.execute("DELETE FROM results WHERE game_id = ?1", [game_id])?;
                tx.execute(
                    "UPDATE games SET status = 'active', finished_at = NULL, players = 0
                     WHERE id = ?1",
                    [game_id],
                )?;
            }
        }
        tx.commit()?;
        Ok(version)
    }

    /// (active entries, undone entries) of a game's log. Active entries are `1..=n` and undone
    /// ones follow them, so index lookups of the ends give both counts.
    pub fn log_shape(&self, game_id: i64) -> Result<(usize, usize), StoreError> {
        let (active, _) = log_ends(&self.conn, game_id)?;
        let last: i64 = self.conn.query_row(
            "SELECT COALESCE(MAX(seq), 0) FROM events WHERE game_id = ?1",
            [game_id],
            |r| r.get(0),
        )?;
        Ok((active, (last as usize).saturating_sub(active)))
    }
}

/// The last active entry's position (0 when none) and the first undone entry's, if any.
/// Both are lookups in the `events_by_state` index, never a scan of the log.
pub(super) fn log_ends(
    conn: &Connection,
    game_id: i64,
) -> Result<(usize, Option<usize>), StoreError> {
    let (last, first): (i64, Option<i64>) = conn
        .prepare_cached(
            "SELECT (SELECT COALESCE(MAX(seq), 0) FROM events WHERE game_id = ?1 AND undone = 0),
                    (SELECT MIN(seq) FROM events WHERE game_id = ?1 AND undone = 1)",
        )?
        .query_row([game_id], |r| Ok((r.get(0)?, r.get(1)?)))?;
    Ok((last as usize, first.map(|f| f as usize)))
}

fn write_results(tx: &Transaction, game_id: i64, sheet: &Scoresheet) -> Result<(), StoreError> {
    tx.execute("DELETE FROM results WHERE game_id = ?1", [game_id])?;
    for row in &sheet.rows {
        let person: i64 = tx.query_row(
            "SELECT person_id FROM seats WHERE game_id = ?1 AND seat = ?2",
            params![game_id, row.seat as i64],
            |r| r.get(0),
        )?;
        let breakdown: Vec<(String, i32)> = sheet
            .categories
            .iter()
            .cloned()
            .zip(row.breakdown.iter().copied())
            .collect();
        tx.execute(
            "INSERT INTO results
                (game_id, seat, person_id, score, rank, winner, title, breakdown, role)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
            params![
                game_id,
                row.seat as i64,
                person,
                row.total,
                row.rank as i64,
                row.winner as i64,
                row.title,
                serde_json::to_string(&breakdown).unwrap_or_else(|_| "[]".into()),
                row.role,
            ],
        )?;
    }
    tx.execute(
        "UPDATE games SET status = 'finished', finished_at = ?2, players = ?3 WHERE id = ?1",
        params![game_id, now(), sheet.rows.len() as i64],
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{NewGame, SeatPerson};

    fn game(store: &mut Store) -> i64 {
        let ana = store.add_person("Ana", "#000000").unwrap();
        store
            .create_game(NewGame {
                game: "nine-estates",
                options: "{}",
                seed: 1,
                seats: &[SeatPerson::Saved(ana.id)],
                colours: &[],
            })
            .unwrap()
            .0
    }

    fn entry() -> StoredEntry {
        StoredEntry {
            action: "{}".into(),
            events: "[]".into(),
            summary: "s".into(),
        }
    }

    fn append(store: &mut Store, id: i64, version: i64, seq: usize) -> Result<i64, StoreError> {
        store.append(Append {
            game_id: id,
            version,
            seq,
            entry: &entry(),
            had_redo: false,
            snapshot: None,
            finished: None,
            learned: None,
        })
    }

    #[test]
    fn the_log_shape_counts_active_and_undone_entries() {
        let mut store = Store::in_memory().unwrap();
        let id = game(&mut store);
        let mut version = 0;
        for seq in 1..=3 {
            version = append(&mut store, id, version, seq).unwrap();
        }
        store.set_undone(id, version, 3, true, None).unwrap();
        assert_eq!(store.log_shape(id).unwrap(), (2, 1));
        let loaded = store.load_game(id, usize::MAX).unwrap();
        assert_eq!((loaded.log.entries.len(), loaded.log.redo.len()), (2, 1));
    }

    #[test]
    fn every_write_raises_the_version_and_a_stale_version_is_a_conflict() {
        let mut store = Store::in_memory().unwrap();
        let id = game(&mut store);
        assert_eq!(store.version(id).unwrap(), 0);
        let v1 = append(&mut store, id, 0, 1).unwrap();
        let v2 = store.set_undone(id, v1, 1, true, None).unwrap();
        let v3 = append(&mut store, id, v2, 1);
        // Not marked as clearing redo: refused by the log-end check even at the right version.
        assert!(matches!(v3, Err(StoreError::Conflict { .. })), "{v3:?}");
        let v3 = store.set_undone(id, v2, 1, false, None).unwrap();
        assert_eq!((v1, v2, v3), (1, 2, 3));
        // The same length of log as at version 1, but not the same log: refused.
        let stale = append(&mut store, id, v1, 2);
        assert!(
            matches!(stale, Err(StoreError::Conflict { .. })),
            "{stale:?}"
        );
        let stale = store.set_undone(id, v1, 1, true, None);
        assert!(
            matches!(stale, Err(StoreError::Conflict { .. })),
            "{stale:?}"
        );
        assert_eq!(store.version(id).unwrap(), 3, "refusals wrote nothing");
        let gone = append(&mut store, 99, 0, 1);
        assert!(matches!(gone, Err(StoreError::NotFound { .. })), "{gone:?}");
    }
}
