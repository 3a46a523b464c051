//! Results-only records: a game played without the app, entered afterwards as its players'
//! scores (or brought in from another app), saved as a finished game with seats and results
//! and no log — and reading back any finished game's results.

use super::games::{SeatPerson, NEXT_GAME_ID};
use super::people;
use super::schema::new_uuid;
use super::{now, Store, StoreError};
use rusqlite::{params, Connection};
use serde::Serialize;

/// One player's line of a results-only record, in seat order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewResult<'a> {
    pub person: SeatPerson<'a>,
    /// None: the record holds no score for this seat (a play logged with its winners only).
    pub score: Option<i32>,
    /// 1-based; tied players share a rank.
    pub rank: u8,
    pub winner: bool,
    pub title: Option<&'a str>,
    /// A Leader, faction or character, when one was entered.
    pub role: Option<&'a str>,
}

/// A finished game known only by its results.
pub struct NewRecord<'a> {
    pub game: &'a str,
    /// The day it was played (YYYY-MM-DD).
    pub played_on: &'a str,
    pub rows: &'a [NewResult<'a>],
    /// Its identity when it came from another app's file (a BG Stats play's), so that a second
    /// import finds it; a new random one when none.
    pub uuid: Option<&'a str>,
}

/// A stored result, as the Game record shows a results-only game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, specta::Type)]
pub struct StoredResult {
    pub seat: u8,
    #[specta(type = f64)]
    pub person_id: i64,
    pub name: String,
    pub colour: String,
    /// None: a record that holds no score for this seat.
    pub score: Option<i32>,
    pub rank: u8,
    pub winner: bool,
    pub title: Option<String>,
    pub role: Option<String>,
    /// (category, points) where the game's scoresheet had categories.
    pub breakdown: Vec<(String, i32)>,
}

/// Insert a results-only record (its people, game, seats and results) inside `conn`'s open
/// transaction; returns the game's id.
pub(super) fn insert_record(conn: &Connection, new: &NewRecord) -> Result<i64, StoreError> {
    let mut people = Vec::with_capacity(new.rows.len());
    for row in new.rows {
        let person = match row.person {
            SeatPerson::Saved(id) => people::by_id(conn, id)?,
            SeatPerson::New { name, colour } => match people::by_name(conn, name)? {
                Some(p) => p,
                None => people::insert(conn, name, colour)?,
            },
        };
        if people.contains(&person.id) {
            return Err(StoreError::Invalid {
                field: "players".into(),
                message: format!("{} can take only one seat", person.name),
            });
        }
        people.push(person.id);
    }
    let at = now();
    conn.execute(
        &format!(
            "INSERT INTO games (id, game, options, seed, status, started_at, finished_at,
                                played_on, results_only, uuid, players)
             VALUES ({NEXT_GAME_ID}, ?1, 'null', 0, 'finished', ?2, ?2, ?3, 1, ?4, ?5)"
        ),
        params![
            new.game,
            at,
            new.played_on,
            new.uuid.map_or_else(new_uuid, String::from),
            new.rows.len() as i64
        ],
    )?;
    let id = conn.last_insert_rowid();
    for (seat, (row, person)) in new.rows.iter().zip(&people).enumerate() {
        conn.prepare_cached("INSERT INTO seats (game_id, seat, person_id) VALUES (?1, ?2, ?3)")?
            .execute(params![id, seat as i64, person])?;
        conn.prepare_cached(
            "INSERT INTO results (game_id, seat, person_id, score, rank, winner, title, breakdown, role)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, '[]', ?8)",
        )?
        .execute(params![
            id,
            seat as i64,
            person,
            row.score,
            row.rank,
            row.winner,
            row.title,
            row.role
        ])?;
    }
    Ok(id)
}

impl Store {
    /// Save a results-only record, with any new people among its players, in one transaction.
    pub fn record_results(&mut self, new: &NewRecord) -> Result<i64, StoreError> {
        let tx = self.conn.transaction()?;
        let id = insert_record(&tx, new)?;
        tx.commit()?;
        Ok(id)
    }

    /// Save records brought in from another app's file in one transaction: all or none. A
    /// record whose UUID is already here is left alone (false in the answer).
    pub fn import_records(
        &mut self,
        records: &[NewRecord],
        progress: super::Progress,
    ) -> Result<Vec<bool>, StoreError> {
        let tx = self
            .conn
            .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        let mut added = Vec::with_capacity(records.len());
        for r in records {
            progress(added.len() + 1, records.len());
            let here: i64 = tx
                .prepare_cached("SELECT count(*) FROM games WHERE uuid = ?1")?
                .query_row([r.uuid], |row| row.get(0))?;
            if here == 0 {
                insert_record(&tx, r)?;
            }
            added.push(here == 0);
        }
        tx.commit()?;
        Ok(added)
    }

    /// A game's results in seat order (none while it runs).
    pub fn results(&self, game_id: i64) -> Result<Vec<StoredResult>, StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT r.seat, r.person_id, p.name, p.colour, r.score, r.rank, r.winner, r.title,
                    r.role, r.breakdown
             FROM results r JOIN people p ON p.id = r.person_id
             WHERE r.game_id = ?1 ORDER BY r.seat",
        )?;
        let rows = stmt.query_map([game_id], |r| {
            let breakdown: String = r.get(9)?;
            Ok(StoredResult {
                seat: r.get(0)?,
                person_id: r.get(1)?,
                name: r.get(2)?,
                colour: r.get(3)?,
                score: r.get(4)?,
                rank: r.get(5)?,
                winner: r.get(6)?,
                title: r.get(7)?,
                role: r.get(8)?,
                // Written by this store from a scoresheet; an unreadable one shows no categories.
                breakdown: serde_json::from_str(&breakdown).unwrap_or_default(),
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }
}
