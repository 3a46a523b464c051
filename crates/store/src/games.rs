//! The `games`, `seats` and `results` tables: starting a game (with its new people, in one
//! transaction), loading one for play, listing them for History, deleting one.

use super::log::{identity, log_ends, GameVersion};
use super::people;
use super::schema::new_uuid;
use super::{now, today, Store, StoreError};
use engine::colours::seat_colours;
use engine::table::StoredLog;
use engine::{Seat, StoredEntry};
use rusqlite::{params, OptionalExtension, TransactionBehavior};
use serde::Serialize;

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
    /// Entered afterwards as its players' scores: no table, no log.
    pub results_only: bool,
    /// The day it was played (YYYY-MM-DD).
    pub played_on: Option<String>,
}

/// Who sits in a seat of a new game: a saved person, or one saved with the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeatPerson<'a> {
    Saved(i64),
    New { name: &'a str, colour: &'a str },
}

pub struct NewGame<'a> {
    pub game: &'a str,
    pub options: &'a str,
    pub seed: u64,
    /// In seat order.
    pub seats: &'a [SeatPerson<'a>],
    /// Each seat's colour at this table, in seat order (see `engine::colours`); a seat without
    /// one, or with its person's usual colour, shows the person's colour.
    pub colours: &'a [String],
}

/// What a client needs to rebuild a table: the game, and the end of its log from a snapshot on
/// (see [`Store::load_game`]).
pub struct LoadedGame {
    pub id: i64,
    pub game: String,
    pub options: String,
    pub seed: u64,
    pub status: String,
    /// A results-only record: no table to rebuild.
    pub results_only: bool,
    /// The game's version this load saw.
    pub version: GameVersion,
    pub seats: Vec<Seat>,
    /// The end of the log from a snapshot on, and the undone entries.
    pub log: StoredLog,
}

fn stored(r: &rusqlite::Row) -> rusqlite::Result<StoredEntry> {
    Ok(StoredEntry {
        action: r.get(0)?,
        events: r.get(1)?,
        summary: r.get(2)?,
    })
}

/// The number a new game takes: one past every number this file has given a game, the deleted
/// ones included (`id_floor`, migration 13), so that no number ever names two games.
pub(super) const NEXT_GAME_ID: &str = "(SELECT max(coalesce((SELECT max(id) FROM games), 0),
        coalesce((SELECT high FROM id_floor WHERE name = 'games'), 0)) + 1)";

/// The highest number this file has given a game (0 when none).
pub(super) fn highest_game_id(conn: &rusqlite::Connection) -> Result<i64, StoreError> {
    Ok(conn.query_row(&format!("SELECT {NEXT_GAME_ID} - 1"), [], |r| r.get(0))?)
}

impl Store {
    /// Save a new game with its seats, and the new people among them, in one transaction:
    /// either all of it is written or nothing. Returns the game's id and the seats' people.
    pub fn create_game(&mut self, new: NewGame) -> Result<(i64, Vec<Seat>), StoreError> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let mut seats = Vec::with_capacity(new.seats.len());
        for seat in new.seats {
            let person = match *seat {
                SeatPerson::Saved(id) => people::by_id(&tx, id)?,
                SeatPerson::New { name, colour } => people::insert(&tx, name, colour)?,
            };
            let colour = new.colours.get(seats.len()).cloned();
            seats.push(Seat {
                person_id: person.id,
                name: person.name,
                colour: colour.unwrap_or(person.colour),
            });
        }
        tx.execute(
            &format!(
                "INSERT INTO games (id, game, options, seed, status, started_at, played_on, uuid)
                 VALUES ({NEXT_GAME_ID}, ?1, ?2, ?3, 'active', ?4, ?5, ?6)"
            ),
            params![
                new.game,
                new.options,
                new.seed as i64,
                now(),
                today(),
                new_uuid()
            ],
        )?;
        let id = tx.last_insert_rowid();
        for (i, seat) in seats.iter().enumerate() {
            // Only a colour other than the person's own is kept with the seat: the others
            // follow the person when their colour changes.
            let own = people::by_id(&tx, seat.person_id)?.colour;
            let colour = (!seat.colour.eq_ignore_ascii_case(&own)).then_some(&seat.colour);
            tx.execute(
                "INSERT INTO seats (game_id, seat, person_id, colour) VALUES (?1, ?2, ?3, ?4)",
                params![id, i as i64, seat.person_id, colour],
            )?;
        }
        tx.commit()?;
        Ok((id, seats))
    }

    fn seats_of(&self, game_id: i64) -> Result<Vec<Seat>, StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT p.id, p.name, p.colour, s.colour FROM seats s
             JOIN people p ON p.id = s.person_id
             WHERE s.game_id = ?1 ORDER BY s.seat",
        )?;
        let rows = stmt.query_map([game_id], |r| {
            Ok((
                Seat {
                    person_id: r.get(0)?,
                    name: r.get(1)?,
                    colour: r.get(2)?,
                },
                r.get::<_, Option<String>>(3)?,
            ))
        })?;
        let rows: Vec<(Seat, Option<String>)> = rows.collect::<Result<_, _>>()?;
        // A seat's own colour stays; the rest follow their people, and two people who share a
        // colour (games started before seats had colours, or a colour changed since) still
        // differ at the table.
        let usual: Vec<&str> = rows.iter().map(|(s, _)| s.colour.as_str()).collect();
        let wanted: Vec<Option<&str>> = rows.iter().map(|(_, c)| c.as_deref()).collect();
        let colours = seat_colours(&usual, &wanted).unwrap_or_else(|_| {
            // Stored seat colours were checked when written; if a file holds a clash anyway,
            // the people's own colours, made distinct, are shown.
            seat_colours(&usual, &[])
                .unwrap_or_else(|_| usual.iter().map(|c| c.to_string()).collect())
        });
        Ok(rows
            .into_iter()
            .zip(colours)
            .map(|((seat, _), colour)| Seat { colour, ..seat })
            .collect())
    }

    /// The game's version: raised by every append, undo and redo, and by what its table shows
    /// from outside the log (see [`GameVersion`]), so a client holding a table knows with one
    /// lookup whether another client wrote since.
    pub fn version(&self, game_id: i64) -> Result<GameVersion, StoreError> {
        let version: Option<(i64, Option<i64>, Option<String>)> = self
            .conn
            .prepare_cached(
                "SELECT g.version,
                        (SELECT token FROM events WHERE game_id = g.id ORDER BY seq DESC LIMIT 1),
                        g.uuid
                 FROM games g WHERE g.id = ?1",
            )?
            .query_row([game_id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
            .optional()?;
        version
            .map(|(game, log, uuid)| GameVersion {
                game,
                log: log.unwrap_or(0),
                identity: identity(uuid.as_deref()),
            })
            .ok_or(StoreError::NotFound {
                what: format!("game #{game_id}"),
            })
    }

    /// Load game `id` for play with at least its last `keep` active entries: they start at the
    /// latest snapshot at or before that point (the start when none), so a long game loads and
    /// parses only its end. `usize::MAX` loads the whole log.
    pub fn load_game(&self, id: i64, keep: usize) -> Result<LoadedGame, StoreError> {
        // One consistent read, without the write lock.
        let tx = rusqlite::Transaction::new_unchecked(&self.conn, TransactionBehavior::Deferred)?;
        type Head = (String, String, i64, String, i64, bool, Option<String>);
        let (game, options, seed, status, game_version, results_only, uuid): Head = tx
            .query_row(
                "SELECT game, options, seed, status, version, results_only, uuid
                 FROM games WHERE id = ?1",
                [id],
                |r| {
                    Ok((
                        r.get(0)?,
                        r.get(1)?,
                        r.get(2)?,
                        r.get(3)?,
                        r.get(4)?,
                        r.get(5)?,
                        r.get(6)?,
                    ))
                },
            )
            .optional()?
            .ok_or(StoreError::NotFound {
                what: format!("game #{id}"),
            })?;
        let ends = log_ends(&tx, id)?;
        let n = ends.last_active;
        let version = GameVersion {
            game: game_version,
            log: ends.token,
            identity: identity(uuid.as_deref()),
        };
        let base: i64 = tx.query_row(
            "SELECT COALESCE(MAX(seq), 0) FROM snapshots WHERE game_id = ?1 AND seq <= ?2",
            params![id, n.saturating_sub(keep) as i64],
            |r| r.get(0),
        )?;
        let mut snapshots = Vec::new();
        let mut stmt = tx.prepare_cached(
            "SELECT seq, state FROM snapshots WHERE game_id = ?1 AND seq >= ?2 AND seq <= ?3 ORDER BY seq",
        )?;
        let rows = stmt.query_map(params![id, base.max(1), n as i64], |r| {
            Ok((r.get::<_, i64>(0)? as usize, r.get::<_, String>(1)?))
        })?;
        for row in rows {
            snapshots.push(row?);
        }
        drop(stmt);
        let base_state = match snapshots.first() {
            Some((seq, _)) if *seq == base as usize && base > 0 => Some(snapshots.remove(0).1),
            _ => None,
        };
        let entries = tx
            .prepare_cached(
                "SELECT action, events, summary FROM events WHERE game_id = ?1 AND seq > ?2 AND seq <= ?3 ORDER BY seq",
            )?
            .query_map(params![id, base, n as i64], stored)?
            .collect::<Result<Vec<_>, _>>()?;
        let redo = tx
            .prepare_cached(
                "SELECT action, events, summary FROM events WHERE game_id = ?1 AND seq > ?2 ORDER BY seq DESC",
            )?
            .query_map(params![id, n as i64], stored)?
            .collect::<Result<Vec<_>, _>>()?;
        drop(tx);
        Ok(LoadedGame {
            id,
            game,
            options,
            seed: seed as u64,
            status,
            results_only,
            version,
            seats: self.seats_of(id)?,
            log: StoredLog {
                base: base as usize,
                base_state,
                snapshots,
                entries,
                redo,
            },
        })
    }

    /// The options (JSON text) and seed a game was started with.
    pub fn setup_of(&self, id: i64) -> Result<(String, u64), StoreError> {
        self.conn
            .query_row("SELECT options, seed FROM games WHERE id = ?1", [id], |r| {
                Ok((r.get(0)?, r.get::<_, i64>(1)? as u64))
            })
            .optional()?
            .ok_or(StoreError::NotFound {
                what: format!("game #{id}"),
            })
    }

    /// The summaries of the active log, oldest first (the Game record's whole log).
    pub fn summaries(&self, id: i64) -> Result<Vec<String>, StoreError> {
        let n = log_ends(&self.conn, id)?.last_active;
        let mut stmt = self.conn.prepare_cached(
            "SELECT summary FROM events WHERE game_id = ?1 AND seq <= ?2 ORDER BY seq",
        )?;
        let rows = stmt.query_map(params![id, n as i64], |r| r.get(0))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    pub fn games(&self, status: Option<&str>) -> Result<Vec<GameRow>, StoreError> {
        self.game_rows(status, None)
    }

    /// One game's line in History.
    pub fn game_row(&self, id: i64) -> Result<GameRow, StoreError> {
        self.game_rows(None, Some(id))?
            .pop()
            .ok_or(StoreError::NotFound {
                what: format!("game #{id}"),
            })
    }

    fn game_rows(&self, status: Option<&str>, id: Option<i64>) -> Result<Vec<GameRow>, StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT g.id, g.game, g.status, g.started_at, g.finished_at,
                    COALESCE((SELECT MIN(seq) - 1 FROM events e WHERE e.game_id = g.id AND e.undone = 1),
                             (SELECT MAX(seq) FROM events e WHERE e.game_id = g.id), 0),
                    g.results_only, g.played_on
             FROM (SELECT id, game, started_at, finished_at, results_only, played_on,
                          CASE WHEN abandoned_at IS NULL THEN status ELSE 'abandoned' END AS status
                   FROM games) g
             WHERE (?1 IS NULL OR g.status = ?1) AND (?2 IS NULL OR g.id = ?2)
             ORDER BY g.id DESC",
        )?;
        let rows = stmt.query_map(params![status, id], |r| {
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
                results_only: r.get(6)?,
                played_on: r.get(7)?,
            })
        })?;
        let mut out: Vec<GameRow> = rows.collect::<Result<_, _>>()?;
        for g in &mut out {
            g.players = self.seats_of(g.id)?.into_iter().map(|s| s.name).collect();
            self.results_into(g)?;
        }
        Ok(out)
    }

    fn results_into(&self, g: &mut GameRow) -> Result<(), StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT p.name, r.score, r.title, r.winner, r.rank FROM results r JOIN people p ON p.id = r.person_id
             WHERE r.game_id = ?1 ORDER BY r.rank, r.seat",
        )?;
        let results = stmt.query_map([g.id], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, Option<i32>>(1)?,
                r.get::<_, Option<String>>(2)?,
                r.get::<_, i64>(3)?,
            ))
        })?;
        for (i, row) in results.enumerate() {
            let (name, score, title, winner) = row?;
            if i == 0 {
                g.score = score;
                g.title = title;
            }
            if winner != 0 {
                g.winners.push(name);
            }
        }
        Ok(())
    }

    /// Leave a game in play unfinished for good: it takes no more actions, counts nowhere, and
    /// stays in History as abandoned (its log kept). Raises its version, so that a client
    /// holding the table reloads it.
    pub fn abandon_game(&mut self, game_id: i64) -> Result<(), StoreError> {
        let tx = self.conn.transaction()?;
        let (status, abandoned): (String, Option<String>) = tx
            .query_row(
                "SELECT status, abandoned_at FROM games WHERE id = ?1",
                [game_id],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?
            .ok_or(StoreError::NotFound {
                what: format!("game #{game_id}"),
            })?;
        let refused = |why: &str| StoreError::Invalid {
            field: "game".into(),
            message: format!("game #{game_id} {why}"),
        };
        if abandoned.is_some() {
            return Err(refused("was abandoned already"));
        }
        if status != "active" {
            return Err(refused("is finished: only a game in play can be abandoned"));
        }
        tx.execute(
            "UPDATE games SET abandoned_at = ?2, version = version + 1 WHERE id = ?1",
            params![game_id, now()],
        )?;
        tx.commit()?;
        Ok(())
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
}
