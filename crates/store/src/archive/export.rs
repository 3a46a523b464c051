//! Reading the whole database into an [`Archive`] (one read transaction, a few bulk queries),
//! and the CSV rows of every finished game.

use super::{
    Archive, ArchivedCard, ArchivedEntry, ArchivedGame, ArchivedPerson, ArchivedResult, CsvRow,
    FORMAT, VERSION,
};
use crate::schema::latest_version;
use crate::{now, Progress, Store, StoreError};
use rusqlite::{Connection, Row};
use serde_json::value::RawValue;
use std::collections::HashMap;

/// Stored JSON text carried as it is; text that is not JSON means a damaged row.
fn raw(text: String, what: &str, path: &str) -> Result<Box<RawValue>, StoreError> {
    RawValue::from_string(text).map_err(|e| StoreError::Corrupt {
        path: path.to_string(),
        detail: format!("{what} is not JSON: {e}"),
    })
}

/// Every row of `sql`, grouped by its first column (a game id), in the query's order.
fn grouped<T>(
    conn: &Connection,
    sql: &str,
    mut row: impl FnMut(&Row) -> rusqlite::Result<T>,
) -> Result<HashMap<i64, Vec<T>>, StoreError> {
    let mut out: HashMap<i64, Vec<T>> = HashMap::new();
    let mut stmt = conn.prepare(sql)?;
    let mut rows = stmt.query([])?;
    while let Some(r) = rows.next()? {
        out.entry(r.get(0)?).or_default().push(row(r)?);
    }
    Ok(out)
}

/// The seats' own colours, or none when every seat plays its person's colour.
fn seat_colours(seats: &[(String, Option<String>)]) -> Vec<Option<String>> {
    if seats.iter().all(|(_, c)| c.is_none()) {
        return Vec::new();
    }
    seats.iter().map(|(_, c)| c.clone()).collect()
}

fn people(conn: &Connection) -> Result<Vec<ArchivedPerson>, StoreError> {
    let mut stmt = conn.prepare("SELECT uuid, name, colour, created_at FROM people ORDER BY id")?;
    let rows = stmt.query_map([], |r| {
        Ok(ArchivedPerson {
            uuid: r.get(0)?,
            name: r.get(1)?,
            colour: r.get(2)?,
            created_at: r.get(3)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

type RawLog = (i64, String, String, String, bool, String);
type RawResult = (
    u8,
    String,
    Option<i32>,
    u8,
    bool,
    Option<String>,
    Option<String>,
    String,
);

fn games(
    conn: &Connection,
    path: &str,
    progress: Progress,
) -> Result<Vec<ArchivedGame>, StoreError> {
    let total: i64 = conn.query_row("SELECT count(*) FROM games", [], |r| r.get(0))?;
    let total = usize::try_from(total).unwrap_or(0);
    let mut seats = grouped(
        conn,
        "SELECT s.game_id, p.uuid, s.colour FROM seats s JOIN people p ON p.id = s.person_id
         ORDER BY s.game_id, s.seat",
        |r| Ok((r.get::<_, String>(1)?, r.get::<_, Option<String>>(2)?)),
    )?;
    let mut logs = grouped(
        conn,
        "SELECT game_id, seq, action, events, summary, undone, at FROM events
         ORDER BY game_id, seq",
        |r| -> rusqlite::Result<RawLog> {
            Ok((
                r.get(1)?,
                r.get(2)?,
                r.get(3)?,
                r.get(4)?,
                r.get(5)?,
                r.get(6)?,
            ))
        },
    )?;
    let mut results = grouped(
        conn,
        "SELECT r.game_id, r.seat, p.uuid, r.score, r.rank, r.winner, r.title, r.role, r.breakdown
         FROM results r JOIN people p ON p.id = r.person_id ORDER BY r.game_id, r.seat",
        |r| -> rusqlite::Result<RawResult> {
            Ok((
                r.get(1)?,
                r.get(2)?,
                r.get(3)?,
                r.get(4)?,
                r.get(5)?,
                r.get(6)?,
                r.get(7)?,
                r.get(8)?,
            ))
        },
    )?;
    let mut stmt = conn.prepare(
        "SELECT id, uuid, game, status, results_only, started_at, finished_at, played_on,
                abandoned_at, options, seed, version
         FROM games ORDER BY id",
    )?;
    let mut rows = stmt.query([])?;
    let mut out = Vec::new();
    while let Some(r) = rows.next()? {
        progress(out.len() + 1, total);
        let id: i64 = r.get(0)?;
        let uuid: String = r.get(1)?;
        let at = |what: &str| format!("game {uuid}: its {what}");
        let log = logs.remove(&id).unwrap_or_default();
        let log = log
            .into_iter()
            .map(|(seq, action, events, summary, undone, when)| {
                Ok(ArchivedEntry {
                    seq,
                    action: raw(action, &at(&format!("action {seq}")), path)?,
                    events: raw(events, &at(&format!("events of {seq}")), path)?,
                    summary,
                    undone,
                    at: when,
                })
            })
            .collect::<Result<_, StoreError>>()?;
        let results = results.remove(&id).unwrap_or_default();
        let results = results
            .into_iter()
            .map(
                |(seat, person, score, rank, winner, title, role, breakdown)| {
                    Ok(ArchivedResult {
                        seat,
                        person,
                        score,
                        rank,
                        winner,
                        title,
                        role,
                        breakdown: raw(breakdown, &at("breakdown"), path)?,
                    })
                },
            )
            .collect::<Result<_, StoreError>>()?;
        out.push(ArchivedGame {
            game: r.get(2)?,
            status: r.get(3)?,
            results_only: r.get(4)?,
            started_at: r.get(5)?,
            finished_at: r.get(6)?,
            played_on: r.get(7)?,
            abandoned_at: r.get(8)?,
            options: raw(r.get(9)?, &at("options"), path)?,
            seed: r.get::<_, i64>(10)?.to_string(),
            version: r.get(11)?,
            seat_colours: seat_colours(&seats.get(&id).cloned().unwrap_or_default()),
            seats: seats
                .remove(&id)
                .unwrap_or_default()
                .into_iter()
                .map(|(uuid, _)| uuid)
                .collect(),
            log,
            results,
            uuid,
        });
    }
    Ok(out)
}

fn catalogue(conn: &Connection, path: &str) -> Result<Vec<ArchivedCard>, StoreError> {
    let mut stmt =
        conn.prepare("SELECT game, key, value, updated_at FROM catalogue ORDER BY game, key")?;
    let rows = stmt.query_map([], |r| {
        Ok((
            r.get::<_, String>(0)?,
            r.get::<_, String>(1)?,
            r.get::<_, String>(2)?,
            r.get::<_, String>(3)?,
        ))
    })?;
    let mut out = Vec::new();
    for row in rows {
        let (game, key, value, updated_at) = row?;
        let value = raw(value, &format!("remembered card {game}/{key}"), path)?;
        out.push(ArchivedCard {
            game,
            key,
            value,
            updated_at,
        });
    }
    Ok(out)
}

impl Store {
    /// Everything, as of one moment (a read transaction).
    pub fn export_archive(&self) -> Result<Archive, StoreError> {
        self.export_archive_with(&mut |_, _| {})
    }

    /// [`Self::export_archive`], telling `progress` (game, of games) as each game is read.
    pub fn export_archive_with(&self, progress: Progress) -> Result<Archive, StoreError> {
        // One consistent read, without the write lock (writers go on meanwhile).
        let tx = rusqlite::Transaction::new_unchecked(
            &self.conn,
            rusqlite::TransactionBehavior::Deferred,
        )?;
        let path = self.path().display().to_string();
        let archive = Archive {
            format: FORMAT.into(),
            version: VERSION,
            exported_at: now(),
            schema: latest_version(),
            people: people(&tx)?,
            games: games(&tx, &path, progress)?,
            catalogue: catalogue(&tx, &path)?,
        };
        drop(tx);
        Ok(archive)
    }

    /// One row per player per finished game, by day played.
    pub fn csv_rows(&self) -> Result<Vec<CsvRow>, StoreError> {
        let mut stmt = self.conn.prepare(
            "SELECT g.played_on, g.game, p.name, r.seat, r.score, r.rank, r.winner, r.title,
                    r.role, g.uuid
             FROM results r JOIN games g ON g.id = r.game_id JOIN people p ON p.id = r.person_id
             WHERE g.status = 'finished' ORDER BY g.played_on, g.id, r.seat",
        )?;
        let rows = stmt.query_map([], |r| {
            Ok(CsvRow {
                date: r.get(0)?,
                game: r.get(1)?,
                player: as_text(r.get(2)?),
                seat: r.get::<_, u8>(3)?.saturating_add(1),
                score: r.get(4)?,
                rank: r.get(5)?,
                winner: r.get(6)?,
                title: r.get::<_, Option<String>>(7)?.map(as_text),
                role: r.get::<_, Option<String>>(8)?.map(as_text),
                play: r.get(9)?,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }
}

/// A text cell as a spreadsheet must read it: text that begins with `=`, `+`, `-`, `@`, a tab
/// or a carriage return would be taken for a formula (`=HYPERLINK(…)` in a person's name), so
/// it gets a leading `'`, the OWASP rule for CSV injection. Only text cells people typed pass
/// here; numbers (a negative score) are written as numbers.
pub(crate) fn as_text(cell: String) -> String {
    if cell.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{cell}")
    } else {
        cell
    }
}

#[cfg(test)]
mod csv_tests {
    use super::as_text;

    #[test]
    fn a_text_cell_that_a_spreadsheet_would_run_is_neutralised() {
        for formula in [
            "=HYPERLINK(\"http://x\",\"y\")",
            "+1",
            "-2+3",
            "@SUM(A1)",
            "\tx",
            "\rx",
        ] {
            assert_eq!(as_text(formula.into()), format!("'{formula}"));
        }
        for plain in ["Ana", "Émile", "5 points", "", "a=b"] {
            assert_eq!(as_text(plain.into()), plain);
        }
    }
}
