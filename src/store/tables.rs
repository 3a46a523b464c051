//! Queries, one group per table: people, games and seats, the event log with its snapshots,
//! results, and the catalogue.

use super::{Store, StoreError};
use crate::engine::{Scoresheet, Seat, StoredEntry};
use chrono::{SecondsFormat, Utc};
use rusqlite::{params, OptionalExtension};
use serde::Serialize;

fn now() -> String {
    Utc::now().to_rfc3339_opts(SecondsFormat::Millis, true)
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, specta::Type)]
pub struct Person {
    /// A SQLite row id: an integer far below 2^53, so a plain TypeScript number.
    #[specta(type = f64)]
    pub id: i64,
    pub name: String,
    pub colour: String,
}

/// A game as listed in History.
#[derive(Debug, Clone, PartialEq, Serialize, specta::Type)]
pub struct GameRow {
    /// A SQLite row id: an integer far below 2^53, so a plain TypeScript number.
    #[specta(type = f64)]
    pub id: i64,
    pub game: String,
    pub status: String,
    pub started_at: String,
    pub finished_at: Option<String>,
    pub players: Vec<String>,
    #[specta(type = f64)]
    pub actions: i64,
    /// The first-ranked player's total and title, once finished.
    pub score: Option<i32>,
    pub title: Option<String>,
    pub winners: Vec<String>,
}

pub struct NewGame<'a> {
    pub game: &'a str,
    pub options: &'a str,
    pub seed: u64,
    pub person_ids: &'a [i64],
}

/// Everything needed to rebuild a table session.
pub struct LoadedGame {
    pub id: i64,
    pub game: String,
    pub options: String,
    pub seed: u64,
    pub status: String,
    pub seats: Vec<Seat>,
    /// (entries covered, state JSON) — the latest snapshot within the active log.
    pub snapshot: Option<(usize, String)>,
    pub entries: Vec<StoredEntry>,
    /// Undone entries, the next to redo last.
    pub redo: Vec<StoredEntry>,
}

/// One durable append (see [`Store::append`]).
pub struct Append<'a> {
    pub game_id: i64,
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

fn check_colour(colour: &str) -> Result<(), StoreError> {
    let ok = colour.len() == 7
        && colour.starts_with('#')
        && colour[1..].chars().all(|c| c.is_ascii_hexdigit());
    if !ok {
        return Err(StoreError::Invalid {
            field: "colour".into(),
            message: format!("'{colour}' is not a colour like #1f77b4"),
        });
    }
    Ok(())
}

impl Store {
    // ---- people -------------------------------------------------------------------------

    pub fn add_person(&mut self, name: &str, colour: &str) -> Result<Person, StoreError> {
        let name = name.trim();
        if name.is_empty() || name.chars().count() > 40 {
            return Err(StoreError::Invalid {
                field: "name".into(),
                message: "a name has 1 to 40 characters".into(),
            });
        }
        check_colour(colour)?;
        let taken: Option<i64> = self
            .conn
            .query_row("SELECT id FROM people WHERE name = ?1", [name], |r| {
                r.get(0)
            })
            .optional()?;
        if taken.is_some() {
            return Err(StoreError::Invalid {
                field: "name".into(),
                message: format!("{name} is already saved"),
            });
        }
        self.conn.execute(
            "INSERT INTO people (name, colour, created_at) VALUES (?1, ?2, ?3)",
            params![name, colour, now()],
        )?;
        Ok(Person {
            id: self.conn.last_insert_rowid(),
            name: name.to_string(),
            colour: colour.to_string(),
        })
    }

    pub fn people(&self) -> Result<Vec<Person>, StoreError> {
        let mut stmt = self
            .conn
            .prepare("SELECT id, name, colour FROM people ORDER BY name COLLATE NOCASE")?;
        let rows = stmt.query_map([], |r| {
            Ok(Person {
                id: r.get(0)?,
                name: r.get(1)?,
                colour: r.get(2)?,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    pub fn person(&self, id: i64) -> Result<Person, StoreError> {
        self.conn
            .query_row(
                "SELECT id, name, colour FROM people WHERE id = ?1",
                [id],
                |r| {
                    Ok(Person {
                        id: r.get(0)?,
                        name: r.get(1)?,
                        colour: r.get(2)?,
                    })
                },
            )
            .optional()?
            .ok_or(StoreError::NotFound {
                what: format!("person #{id}"),
            })
    }

    // ---- games and seats ----------------------------------------------------------------

    pub fn create_game(&mut self, new: NewGame) -> Result<i64, StoreError> {
        let tx = self.conn.transaction()?;
        tx.execute(
            "INSERT INTO games (game, options, seed, status, started_at) VALUES (?1, ?2, ?3, 'active', ?4)",
            params![new.game, new.options, new.seed as i64, now()],
        )?;
        let id = tx.last_insert_rowid();
        for (seat, person) in new.person_ids.iter().enumerate() {
            tx.execute(
                "INSERT INTO seats (game_id, seat, person_id) VALUES (?1, ?2, ?3)",
                params![id, seat as i64, person],
            )?;
        }
        tx.commit()?;
        Ok(id)
    }

    fn seats_of(&self, game_id: i64) -> Result<Vec<Seat>, StoreError> {
        let mut stmt = self.conn.prepare(
            "SELECT p.id, p.name, p.colour FROM seats s JOIN people p ON p.id = s.person_id
             WHERE s.game_id = ?1 ORDER BY s.seat",
        )?;
        let rows = stmt.query_map([game_id], |r| {
            Ok(Seat {
                person_id: r.get(0)?,
                name: r.get(1)?,
                colour: r.get(2)?,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    pub fn load_game(&self, id: i64) -> Result<LoadedGame, StoreError> {
        let (game, options, seed, status): (String, String, i64, String) = self
            .conn
            .query_row(
                "SELECT game, options, seed, status FROM games WHERE id = ?1",
                [id],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
            )
            .optional()?
            .ok_or(StoreError::NotFound {
                what: format!("game #{id}"),
            })?;
        let mut entries = Vec::new();
        let mut redo = Vec::new();
        let mut stmt = self.conn.prepare(
            "SELECT action, events, summary, undone FROM events WHERE game_id = ?1 ORDER BY seq",
        )?;
        let mut rows = stmt.query([id])?;
        while let Some(r) = rows.next()? {
            let entry = StoredEntry {
                action: r.get(0)?,
                events: r.get(1)?,
                summary: r.get(2)?,
            };
            if r.get::<_, i64>(3)? == 0 {
                entries.push(entry);
            } else {
                redo.push(entry);
            }
        }
        redo.reverse();
        let snapshot = self
            .conn
            .query_row(
                "SELECT seq, state FROM snapshots WHERE game_id = ?1 AND seq <= ?2 ORDER BY seq DESC LIMIT 1",
                params![id, entries.len() as i64],
                |r| Ok((r.get::<_, i64>(0)? as usize, r.get::<_, String>(1)?)),
            )
            .optional()?;
        Ok(LoadedGame {
            id,
            game,
            options,
            seed: seed as u64,
            status,
            seats: self.seats_of(id)?,
            snapshot,
            entries,
            redo,
        })
    }

    pub fn games(&self, status: Option<&str>) -> Result<Vec<GameRow>, StoreError> {
        let mut stmt = self.conn.prepare(
            "SELECT g.id, g.game, g.status, g.started_at, g.finished_at,
                    (SELECT count(*) FROM events e WHERE e.game_id = g.id AND e.undone = 0)
             FROM games g WHERE (?1 IS NULL OR g.status = ?1) ORDER BY g.id DESC",
        )?;
        let rows = stmt.query_map([status], |r| {
            Ok(GameRow {
                id: r.get(0)?,
                game: r.get(1)?,
                status: r.get(2)?,
                started_at: r.get(3)?,
                finished_at: r.get(4)?,
                players: Vec::new(),
                actions: r.get(5)?,
                score: None,
                title: None,
                winners: Vec::new(),
            })
        })?;
        let mut out: Vec<GameRow> = rows.collect::<Result<_, _>>()?;
        for g in &mut out {
            g.players = self.seats_of(g.id)?.into_iter().map(|s| s.name).collect();
            let mut stmt = self.conn.prepare(
                "SELECT p.name, r.score, r.title, r.winner, r.rank FROM results r JOIN people p ON p.id = r.person_id
                 WHERE r.game_id = ?1 ORDER BY r.rank, r.seat",
            )?;
            let results = stmt.query_map([g.id], |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, i32>(1)?,
                    r.get::<_, Option<String>>(2)?,
                    r.get::<_, i64>(3)?,
                ))
            })?;
            for (i, row) in results.enumerate() {
                let (name, score, title, winner) = row?;
                if i == 0 {
                    g.score = Some(score);
                    g.title = title;
                }
                if winner != 0 {
                    g.winners.push(name);
                }
            }
        }
        Ok(out)
    }

    // ---- the log ------------------------------------------------------------------------

    /// Append an accepted action durably: drop undone entries (a new action clears redo),
    /// insert the entry, write a snapshot when given, and record the results when the game
    /// ended — all in one transaction. Returns only after the commit.
    pub fn append(&mut self, a: Append) -> Result<(), StoreError> {
        let Append {
            game_id,
            seq,
            entry,
            had_redo,
            snapshot,
            finished,
            learned,
        } = a;
        let tx = self
            .conn
            .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        // The client's idea of the log must match the file's: another client may have written.
        let (last_active, first_undone) = log_ends(&tx, game_id)?;
        if last_active + 1 != seq || (!had_redo && first_undone.is_some()) {
            return Err(StoreError::Conflict { game_id });
        }
        if let Some((game, entries)) = learned {
            remember_in(&tx, game, entries)?;
        }
        if had_redo {
            tx.execute(
                "DELETE FROM events WHERE game_id = ?1 AND undone = 1",
                [game_id],
            )?;
            tx.execute(
                "DELETE FROM snapshots WHERE game_id = ?1 AND seq >= ?2",
                params![game_id, seq as i64],
            )?;
        }
        tx.prepare_cached(
            "INSERT INTO events (game_id, seq, action, events, summary, at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        )?
        .execute(params![game_id, seq as i64, entry.action, entry.events, entry.summary, now()])?;
        if let Some(state) = snapshot {
            tx.execute(
                "INSERT OR REPLACE INTO snapshots (game_id, seq, state) VALUES (?1, ?2, ?3)",
                params![game_id, seq as i64, state],
            )?;
        }
        if let Some(sheet) = finished {
            write_results(&tx, game_id, sheet)?;
        }
        tx.commit()?;
        Ok(())
    }

    /// Mark the entry at `seq` undone (or redone), reopening or re-finishing the game.
    pub fn set_undone(
        &mut self,
        game_id: i64,
        seq: usize,
        undone: bool,
        finished: Option<&Scoresheet>,
    ) -> Result<(), StoreError> {
        let tx = self
            .conn
            .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
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
                    "UPDATE games SET status = 'active', finished_at = NULL WHERE id = ?1",
                    [game_id],
                )?;
            }
        }
        tx.commit()?;
        Ok(())
    }

    /// (active entries, undone entries) of a game's log: a cheap check that a cached table still
    /// matches the file (another client may have written). Active entries are `1..=n` and undone
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

    pub fn delete_game(&mut self, game_id: i64) -> Result<(), StoreError> {
        let n = self
            .conn
            .execute("DELETE FROM games WHERE id = ?1", [game_id])?;
        if n == 0 {
            return Err(StoreError::NotFound {
                what: format!("game #{game_id}"),
            });
        }
        Ok(())
    }

    // ---- catalogue ----------------------------------------------------------------------

    pub fn catalogue(&self, game: &str) -> Result<Vec<(String, serde_json::Value)>, StoreError> {
        let mut stmt = self
            .conn
            .prepare("SELECT key, value FROM catalogue WHERE game = ?1 ORDER BY key")?;
        let rows = stmt.query_map([game], |r| {
            Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?))
        })?;
        let mut out = Vec::new();
        for row in rows {
            let (key, text) = row?;
            // An entry that no longer parses is skipped rather than blocking new games.
            if let Ok(value) = serde_json::from_str(&text) {
                out.push((key, value));
            }
        }
        Ok(out)
    }

    pub fn remember(
        &mut self,
        game: &str,
        entries: &[(String, serde_json::Value)],
    ) -> Result<(), StoreError> {
        if entries.is_empty() {
            return Ok(());
        }
        let tx = self.conn.transaction()?;
        remember_in(&tx, game, entries)?;
        tx.commit()?;
        Ok(())
    }
}

/// The last active entry's position (0 when none) and the first undone entry's, if any.
/// Both are lookups in the `events_by_state` index, never a scan of the log.
fn log_ends(
    conn: &rusqlite::Connection,
    game_id: i64,
) -> Result<(usize, Option<usize>), StoreError> {
    let (last, first): (i64, Option<i64>) = conn.query_row(
        "SELECT (SELECT COALESCE(MAX(seq), 0) FROM events WHERE game_id = ?1 AND undone = 0),
                (SELECT MIN(seq) FROM events WHERE game_id = ?1 AND undone = 1)",
        [game_id],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )?;
    Ok((last as usize, first.map(|f| f as usize)))
}

fn remember_in(
    tx: &rusqlite::Transaction,
    game: &str,
    entries: &[(String, serde_json::Value)],
) -> Result<(), StoreError> {
    for (key, value) in entries {
        tx.execute(
            "INSERT INTO catalogue (game, key, value, updated_at) VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT (game, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
            params![game, key, value.to_string(), now()],
        )?;
    }
    Ok(())
}

fn write_results(
    tx: &rusqlite::Transaction,
    game_id: i64,
    sheet: &Scoresheet,
) -> Result<(), StoreError> {
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
            "INSERT INTO results (game_id, seat, person_id, score, rank, winner, title, breakdown)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            params![
                game_id,
                row.seat as i64,
                person,
                row.total,
                row.rank as i64,
                row.winner as i64,
                row.title,
                serde_json::to_string(&breakdown).unwrap_or_else(|_| "[]".into())
            ],
        )?;
    }
    tx.execute(
        "UPDATE games SET status = 'finished', finished_at = ?2 WHERE id = ?1",
        params![game_id, now()],
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn people_are_listed_by_name_and_names_are_unique_ignoring_case() {
        let mut store = Store::in_memory().unwrap();
        store.add_person("bo", "#000000").unwrap();
        store.add_person("Ana", "#ffffff").unwrap();
        let names: Vec<String> = store
            .people()
            .unwrap()
            .into_iter()
            .map(|p| p.name)
            .collect();
        assert_eq!(names, vec!["Ana", "bo"]);
        assert!(matches!(
            store.add_person("BO", "#000000"),
            Err(StoreError::Invalid { .. })
        ));
        assert!(matches!(store.person(99), Err(StoreError::NotFound { .. })));
    }

    #[test]
    fn the_log_shape_counts_active_and_undone_entries() {
        let mut store = Store::in_memory().unwrap();
        let ana = store.add_person("Ana", "#000000").unwrap();
        let id = store
            .create_game(NewGame {
                game: "nine-estates",
                options: "{}",
                seed: 1,
                person_ids: &[ana.id],
            })
            .unwrap();
        let entry = StoredEntry {
            action: "{}".into(),
            events: "[]".into(),
            summary: "s".into(),
        };
        for seq in 1..=3 {
            let append = Append {
                game_id: id,
                seq,
                entry: &entry,
                had_redo: false,
                snapshot: None,
                finished: None,
                learned: None,
            };
            store.append(append).unwrap();
        }
        store.set_undone(id, 3, true, None).unwrap();
        assert_eq!(store.log_shape(id).unwrap(), (2, 1));
        let loaded = store.load_game(id).unwrap();
        assert_eq!((loaded.entries.len(), loaded.redo.len()), (2, 1));
    }
}
