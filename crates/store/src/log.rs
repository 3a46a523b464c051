//! The `events` table (the action log) with its `snapshots`, and the results a finished game
//! writes: appends, undo and redo, each checked against the game's version in its transaction
//! (the log's part of it kept on the log's last row, so that an append writes only the log).

use super::catalogue::remember_in;
use super::{now, Store, StoreError};
use engine::{Scoresheet, StoredEntry};
use rusqlite::{params, Connection, OptionalExtension, Transaction, TransactionBehavior};

/// A game's version, as a client states the one its decision was made on. Every append, undo
/// and redo raises `log` (kept on the log's last row, `events.token`); what a table shows from
/// outside its log (a person renamed or recoloured, the game abandoned) raises `game`
/// (`games.version`). Both only ever rise, so an equal version is the same game. `identity` is
/// the game's UUID: a game id never comes back within a file, but a restore can put another
/// game under a number a client holds, and a write is checked against the game it was decided
/// on, not only its number and log position.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GameVersion {
    pub game: i64,
    pub log: i64,
    pub identity: uuid::Uuid,
}

/// A stored game's UUID as its identity (nil for a row another program wrote without one).
pub(super) fn identity(text: Option<&str>) -> uuid::Uuid {
    text.and_then(|t| uuid::Uuid::parse_str(t).ok())
        .unwrap_or_default()
}

/// One durable append (see [`Store::append`]).
pub struct Append<'a> {
    pub game_id: i64,
    /// The game's version the entry was decided on ([`Store::version`], or returned by the
    /// last append, undo or redo of this client).
    pub version: GameVersion,
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

/// The ends of a game's log and its version, read in the caller's transaction.
pub(super) struct LogEnds {
    /// The last active entry's position (0 when none): active entries are `1..=n`.
    pub(super) last_active: usize,
    /// The first undone entry's position, if any; undone entries follow the active ones.
    pub(super) first_undone: Option<usize>,
    /// The last row's position (active or undone), 0 when the log is empty.
    pub(super) last_row: usize,
    /// The log's part of the game's version: the `token` of its last row (0 when the log is
    /// empty). Every append, undo and redo writes a higher one there.
    pub(super) token: i64,
}

/// The ends of game `game_id`'s log: two lookups (the last row by the table's key, the first
/// undone row in the `events_undone` index), never a scan of the log.
pub(super) fn log_ends(conn: &Connection, game_id: i64) -> Result<LogEnds, StoreError> {
    let last: Option<(i64, i64)> = conn
        .prepare_cached(
            "SELECT seq, token FROM events WHERE game_id = ?1 ORDER BY seq DESC LIMIT 1",
        )?
        .query_row([game_id], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?;
    let first_undone: Option<i64> = conn
        .prepare_cached("SELECT MIN(seq) FROM events WHERE game_id = ?1 AND undone = 1")?
        .query_row([game_id], |r| r.get(0))?;
    let (last_row, token) = last.unwrap_or((0, 0));
    Ok(LogEnds {
        last_active: first_undone.map_or(last_row, |f| f - 1) as usize,
        first_undone: first_undone.map(|f| f as usize),
        last_row: last_row as usize,
        token,
    })
}

/// The game's version and its log's ends if the game is still at version `expected` and takes
/// actions; otherwise another client wrote since the caller read the game (or it is gone, or
/// abandoned), and the caller writes nothing. Reads only: an append writes no games row.
fn check_version(
    tx: &Transaction,
    game_id: i64,
    expected: GameVersion,
) -> Result<LogEnds, StoreError> {
    let game: Option<(Option<String>, i64, Option<String>)> = tx
        .prepare_cached("SELECT abandoned_at, version, uuid FROM games WHERE id = ?1")?
        .query_row([game_id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .optional()?;
    let (game_version, uuid) = match game {
        None => {
            return Err(StoreError::NotFound {
                what: format!("game #{game_id}"),
            })
        }
        Some((_, _, uuid)) if identity(uuid.as_deref()) != expected.identity => {
            return Err(StoreError::Replaced { game_id })
        }
        Some((Some(_), _, _)) => {
            return Err(StoreError::Invalid {
                field: "game".into(),
                message: format!("game #{game_id} was abandoned: it takes no more actions"),
            })
        }
        Some((None, v, uuid)) => (v, uuid),
    };
    let ends = log_ends(tx, game_id)?;
    let found = GameVersion {
        game: game_version,
        log: ends.token,
        identity: identity(uuid.as_deref()),
    };
    if found != expected {
        return Err(StoreError::Conflict { game_id });
    }
    Ok(ends)
}

/// Write the log's new token on its last row, at `last_row`.
fn raise_token(
    tx: &Transaction,
    game_id: i64,
    last_row: usize,
    token: i64,
) -> Result<(), StoreError> {
    tx.prepare_cached("UPDATE events SET token = ?3 WHERE game_id = ?1 AND seq = ?2")?
        .execute(params![game_id, last_row as i64, token])?;
    Ok(())
}

impl Store {
    /// Append an accepted action durably: check the game's version and the log's end, drop
    /// undone entries (a new action clears redo), insert the entry carrying the log's new
    /// token, write a snapshot when given, and record the results when the game ended — all
    /// in one transaction. Returns the game's new version, only after the commit.
    pub fn append(&mut self, a: Append) -> Result<GameVersion, StoreError> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let ends = check_version(&tx, a.game_id, a.version)?;
        // The version alone decides; the log's ends are checked too, so that a client with a
        // wrong idea of the log is refused even if versions were ever reset.
        if ends.last_active + 1 != a.seq || (!a.had_redo && ends.first_undone.is_some()) {
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
        let token = ends.token + 1;
        tx.prepare_cached(
            "INSERT INTO events (game_id, seq, action, events, summary, at, token)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        )?
        .execute(params![
            a.game_id,
            a.seq as i64,
            e.action,
            e.events,
            e.summary,
            now(),
            token
        ])?;
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
        Ok(GameVersion {
            log: token,
            ..a.version
        })
    }

    /// Mark the entry at `seq` undone (or redone), reopening or re-finishing the game, if the
    /// game is still at `version`. Returns the new version.
    pub fn set_undone(
        &mut self,
        game_id: i64,
        version: GameVersion,
        seq: usize,
        undone: bool,
        finished: Option<&Scoresheet>,
    ) -> Result<GameVersion, StoreError> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let ends = check_version(&tx, game_id, version)?;
        // Undo takes back the last active entry; redo restores the first undone one.
        let at_boundary = if undone {
            ends.last_active == seq && seq > 0
        } else {
            ends.last_active + 1 == seq && ends.first_undone == Some(seq)
        };
        if !at_boundary {
            return Err(StoreError::Conflict { game_id });
        }
        tx.execute(
            "UPDATE events SET undone = ?3 WHERE game_id = ?1 AND seq = ?2",
            params![game_id, seq as i64, undone as i64],
        )?;
        let token = ends.token + 1;
        raise_token(&tx, game_id, ends.last_row, token)?;
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
        Ok(GameVersion {
            log: token,
            ..version
        })
    }

    /// (active entries, undone entries) of a game's log. Active entries are `1..n` and undone
    /// ones follow them, so the log's ends give both counts.
    pub fn log_shape(&self, game_id: i64) -> Result<(usize, usize), StoreError> {
        let ends = log_ends(&self.conn, game_id)?;
        Ok((ends.last_active, ends.last_row - ends.last_active))
    }
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
                (!row.unscored).then_some(row.total),
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
    use crate::{NewGame, SeatPerson};

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

    fn append(
        store: &mut Store,
        id: i64,
        version: GameVersion,
        seq: usize,
    ) -> Result<GameVersion, StoreError> {
        append_clearing(store, id, version, seq, false)
    }

    fn append_clearing(
        store: &mut Store,
        id: i64,
        version: GameVersion,
        seq: usize,
        had_redo: bool,
    ) -> Result<GameVersion, StoreError> {
        store.append(Append {
            game_id: id,
            version,
            seq,
            entry: &entry(),
            had_redo,
            snapshot: None,
            finished: None,
            learned: None,
        })
    }

    #[test]
    fn the_log_shape_counts_active_and_undone_entries() {
        let mut store = Store::in_memory().unwrap();
        let id = game(&mut store);
        let mut version = store.version(id).unwrap();
        for seq in 1..=3 {
            version = append(&mut store, id, version, seq).unwrap();
        }
        version = store.set_undone(id, version, 3, true, None).unwrap();
        assert_eq!(store.log_shape(id).unwrap(), (2, 1));
        // History counts the active entries from the log's ends too.
        assert_eq!(store.game_row(id).unwrap().actions, 2);
        for seq in [2, 1] {
            version = store.set_undone(id, version, seq, true, None).unwrap();
        }
        assert_eq!(store.log_shape(id).unwrap(), (0, 3));
        assert_eq!(store.game_row(id).unwrap().actions, 0);
        for seq in [1, 2] {
            version = store.set_undone(id, version, seq, false, None).unwrap();
        }
        let loaded = store.load_game(id, usize::MAX).unwrap();
        assert_eq!((loaded.log.entries.len(), loaded.log.redo.len()), (2, 1));
    }

    #[test]
    fn every_write_raises_the_version_and_a_stale_version_is_a_conflict() {
        let mut store = Store::in_memory().unwrap();
        let id = game(&mut store);
        let v0 = store.version(id).unwrap();
        assert_eq!((v0.game, v0.log), (0, 0));
        assert!(!v0.identity.is_nil(), "a new game has its UUID");
        let v1 = append(&mut store, id, v0, 1).unwrap();
        let v2 = store.set_undone(id, v1, 1, true, None).unwrap();
        let v3 = append(&mut store, id, v2, 1);
        // Not marked as clearing redo: refused by the log-end check even at the right version.
        assert!(matches!(v3, Err(StoreError::Conflict { .. })), "{v3:?}");
        let v3 = store.set_undone(id, v2, 1, false, None).unwrap();
        assert_eq!((v1.log, v2.log, v3.log), (1, 2, 3));
        assert_eq!(store.version(id).unwrap(), v3);
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
        assert_eq!(store.version(id).unwrap(), v3, "refusals wrote nothing");
        let gone = append(&mut store, 99, v0, 1);
        assert!(matches!(gone, Err(StoreError::NotFound { .. })), "{gone:?}");
    }

    /// Undone entries dropped by a new action take the log's last row with them: the new row's
    /// token still rises past every token the game had, so no earlier version comes back.
    #[test]
    fn the_log_token_rises_past_dropped_rows() {
        let mut store = Store::in_memory().unwrap();
        let id = game(&mut store);
        let mut v = store.version(id).unwrap();
        for seq in 1..=3 {
            v = append(&mut store, id, v, seq).unwrap();
        }
        let v_at_3 = v;
        v = store.set_undone(id, v, 3, true, None).unwrap();
        v = store.set_undone(id, v, 2, true, None).unwrap();
        assert_eq!(store.log_shape(id).unwrap(), (1, 2));
        let after = append_clearing(&mut store, id, v, 2, true).unwrap();
        assert_eq!(store.log_shape(id).unwrap(), (2, 0));
        assert_eq!(after.log, 6, "three appends and two undos before");
        assert!(after.log > v_at_3.log && after.log > v.log);
        assert_eq!(store.version(id).unwrap(), after);
    }

    /// What a table shows from outside its log (here: the game abandoned) raises the game's
    /// part of the version, and a write stated on the older one is refused.
    #[test]
    fn a_change_outside_the_log_raises_the_games_part_of_the_version() {
        let mut store = Store::in_memory().unwrap();
        let id = game(&mut store);
        let v0 = store.version(id).unwrap();
        let v1 = append(&mut store, id, v0, 1).unwrap();
        store.abandon_game(id).unwrap();
        let now = store.version(id).unwrap();
        assert_eq!((now.game, now.log), (v1.game + 1, v1.log));
        let refused = append(&mut store, id, now, 2);
        assert!(
            matches!(refused, Err(StoreError::Invalid { .. })),
            "an abandoned game takes no more actions: {refused:?}"
        );
    }

    /// A write stated for another game under the same number (a restore put it there) is
    /// refused as a replaced game, not a conflict the client would reload and retry on.
    #[test]
    fn a_write_for_another_game_under_the_same_number_is_refused() {
        let mut store = Store::in_memory().unwrap();
        let id = game(&mut store);
        let v0 = store.version(id).unwrap();
        let other = GameVersion {
            identity: uuid::Uuid::new_v4(),
            ..v0
        };
        let refused = append(&mut store, id, other, 1);
        assert!(
            matches!(refused, Err(StoreError::Replaced { .. })),
            "{refused:?}"
        );
        let refused = store.set_undone(id, other, 1, true, None);
        assert!(matches!(refused, Err(StoreError::Replaced { .. })));
        assert_eq!(store.log_shape(id).unwrap(), (0, 0));
        assert!(append(&mut store, id, v0, 1).is_ok());
    }
}
