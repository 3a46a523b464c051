//! Merging an [`Archive`] into the database by UUID, in one transaction: people already here
//! (by UUID, else by name) are kept as they are, games already here are left alone, remembered
//! cards are taken when newer. Every field is checked, in the games left alone too, and the
//! first fault refuses the whole file, naming the field (`games[3].seats[1]`); nothing is
//! written then.

use super::{Archive, ArchivedGame, ArchivedPerson};
use crate::games::NEXT_GAME_ID;
use crate::people::{by_name, check_colour, checked_name};
use crate::{Progress, Store, StoreError};
use rusqlite::{params, OptionalExtension, Transaction, TransactionBehavior};
use serde::Serialize;
use std::collections::{HashMap, HashSet};

/// What an import did.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, specta::Type)]
pub struct ImportReport {
    /// "estate-steward" or "bgstats".
    pub format: String,
    /// People saved from the file.
    pub people_created: Vec<String>,
    /// People of the file found here (by UUID, or by name).
    pub people_matched: Vec<String>,
    #[specta(type = f64)]
    pub games_added: i64,
    /// Games of the file already here (imported before), left as they are.
    #[specta(type = f64)]
    pub games_already_here: i64,
    /// What was not imported, and why.
    pub skipped: Vec<String>,
    #[specta(type = f64)]
    pub cards_added: i64,
    #[specta(type = f64)]
    pub cards_updated: i64,
    /// The automatic backup taken just before the import.
    pub backup: Option<String>,
}

pub(crate) fn bad(field: String, message: impl Into<String>) -> StoreError {
    StoreError::Invalid {
        field,
        message: message.into(),
    }
}

pub(crate) fn checked_uuid(field: &str, text: &str) -> Result<(), StoreError> {
    uuid::Uuid::parse_str(text)
        .map(|_| ())
        .map_err(|_| bad(field.to_string(), "is not a UUID"))
}

/// A moment as the app writes it (RFC 3339: `2026-03-01T19:30:00.000Z`), or the field named.
fn checked_time(field: String, text: &str) -> Result<(), StoreError> {
    chrono::DateTime::parse_from_rfc3339(text)
        .map(|_| ())
        .map_err(|_| {
            bad(
                field,
                format!(
                    "'{}' is not a date and time like 2026-03-01T19:30:00Z",
                    engine::table::excerpt(text, 30)
                ),
            )
        })
}

/// A day as the app writes it (`2026-03-01`), a real one, or the field named.
fn checked_day(field: String, text: &str) -> Result<(), StoreError> {
    let real = text.len() == 10 && chrono::NaiveDate::parse_from_str(text, "%Y-%m-%d").is_ok();
    if real {
        return Ok(());
    }
    Err(bad(
        field,
        format!(
            "'{}' is not a day of the calendar like 2026-03-01",
            engine::table::excerpt(text, 30)
        ),
    ))
}

/// Every date and time of game `g` (at `field`), and its ranks: each a real one.
fn check_times_and_ranks(
    g: &ArchivedGame,
    field: &dyn Fn(&str) -> String,
) -> Result<(), StoreError> {
    checked_time(field("started_at"), &g.started_at)?;
    for (name, value) in [
        ("finished_at", &g.finished_at),
        ("abandoned_at", &g.abandoned_at),
    ] {
        if let Some(v) = value {
            checked_time(field(name), v)?;
        }
    }
    if let Some(day) = &g.played_on {
        checked_day(field("played_on"), day)?;
    }
    for (j, e) in g.log.iter().enumerate() {
        checked_time(field(&format!("log[{j}].at")), &e.at)?;
    }
    let players = g.results.len();
    for (j, r) in g.results.iter().enumerate() {
        if r.rank == 0 || usize::from(r.rank) > players {
            return Err(bad(
                field(&format!("results[{j}].rank")),
                format!(
                    "is {}: a rank counts from 1 to the {players} players",
                    r.rank
                ),
            ));
        }
    }
    Ok(())
}

/// The people: each file UUID mapped to a person here.
fn people(
    tx: &Transaction,
    people: &[ArchivedPerson],
    report: &mut ImportReport,
) -> Result<HashMap<String, i64>, StoreError> {
    let mut ids = HashMap::new();
    for (i, p) in people.iter().enumerate() {
        let field = |f: &str| format!("people[{i}].{f}");
        checked_uuid(&field("uuid"), &p.uuid)?;
        let name = checked_name(&p.name).map_err(|e| bad(field("name"), e.to_string()))?;
        check_colour(&p.colour).map_err(|e| bad(field("colour"), e.to_string()))?;
        checked_time(field("created_at"), &p.created_at)?;
        let here: Option<i64> = tx
            .prepare_cached("SELECT id FROM people WHERE uuid = ?1")?
            .query_row([&p.uuid], |r| r.get(0))
            .optional()?;
        let id = match here {
            Some(id) => id,
            None => match by_name(tx, name)? {
                Some(found) => found.id,
                None => {
                    tx.prepare_cached(
                        "INSERT INTO people (name, colour, created_at, uuid) VALUES (?1, ?2, ?3, ?4)",
                    )?
                    .execute(params![name, p.colour, p.created_at, p.uuid])?;
                    report.people_created.push(name.to_string());
                    ids.insert(p.uuid.clone(), tx.last_insert_rowid());
                    continue;
                }
            },
        };
        if ids.insert(p.uuid.clone(), id).is_some() {
            return Err(bad(field("uuid"), "appears twice in the file"));
        }
        report.people_matched.push(name.to_string());
    }
    Ok(ids)
}

/// Every check of one game, whether or not it is already here.
fn check_game(
    i: usize,
    g: &ArchivedGame,
    people: &HashMap<String, i64>,
) -> Result<Vec<i64>, StoreError> {
    let field = |f: &str| format!("games[{i}].{f}");
    checked_uuid(&field("uuid"), &g.uuid)?;
    if !["active", "finished"].contains(&g.status.as_str()) {
        return Err(bad(field("status"), "is not active or finished"));
    }
    g.seed
        .parse::<i64>()
        .map_err(|_| bad(field("seed"), "is not a whole number"))?;
    check_times_and_ranks(g, &field)?;
    if g.seats.is_empty() {
        return Err(bad(field("seats"), "no one sat at this game"));
    }
    let mut seats = Vec::with_capacity(g.seats.len());
    for (j, uuid) in g.seats.iter().enumerate() {
        let id = *people.get(uuid).ok_or_else(|| {
            bad(
                field(&format!("seats[{j}]")),
                "is not one of the file's people",
            )
        })?;
        if seats.contains(&id) {
            return Err(bad(
                field(&format!("seats[{j}]")),
                "sits twice at this game",
            ));
        }
        seats.push(id);
    }
    if !g.seat_colours.is_empty() && g.seat_colours.len() != g.seats.len() {
        return Err(bad(
            field("seat_colours"),
            format!(
                "has {} colours for {} seats",
                g.seat_colours.len(),
                g.seats.len()
            ),
        ));
    }
    for (j, c) in g.seat_colours.iter().enumerate() {
        if let Some(c) = c {
            check_colour(c).map_err(|_| {
                bad(
                    field(&format!("seat_colours[{j}]")),
                    "is not a colour like #1f77b4",
                )
            })?;
        }
    }
    let active = g.log.iter().take_while(|e| !e.undone).count();
    for (j, e) in g.log.iter().enumerate() {
        if e.seq != j as i64 + 1 {
            return Err(bad(
                field(&format!("log[{j}].seq")),
                format!("is {}, not {}", e.seq, j + 1),
            ));
        }
        if j >= active && !e.undone {
            return Err(bad(
                field(&format!("log[{j}].undone")),
                "an active entry after an undone one",
            ));
        }
    }
    if g.results_only && !g.log.is_empty() {
        return Err(bad(field("log"), "a results-only record has no log"));
    }
    if (g.status == "finished") == g.results.is_empty() {
        return Err(bad(
            field("results"),
            "a finished game has results, a running one none",
        ));
    }
    for (j, r) in g.results.iter().enumerate() {
        if g.seats.get(r.seat as usize) != Some(&r.person) {
            return Err(bad(
                field(&format!("results[{j}]")),
                "is not the person in that seat",
            ));
        }
    }
    Ok(seats)
}

fn insert_game(tx: &Transaction, g: &ArchivedGame, seats: &[i64]) -> Result<(), StoreError> {
    tx.prepare_cached(&format!(
        "INSERT INTO games (id, game, options, seed, status, started_at, finished_at, version,
                            results_only, played_on, uuid, abandoned_at, players)
         VALUES ({NEXT_GAME_ID}, ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)"
    ))?
    .execute(params![
        g.game,
        g.options.get(),
        g.seed.parse::<i64>().unwrap_or(0),
        g.status,
        g.started_at,
        g.finished_at,
        g.version,
        g.results_only,
        g.played_on,
        g.uuid,
        g.abandoned_at,
        g.results.len() as i64
    ])?;
    let id = tx.last_insert_rowid();
    for (seat, person) in seats.iter().enumerate() {
        let colour = g.seat_colours.get(seat).cloned().flatten();
        tx.prepare_cached(
            "INSERT INTO seats (game_id, seat, person_id, colour) VALUES (?1, ?2, ?3, ?4)",
        )?
        .execute(params![id, seat as i64, person, colour])?;
    }
    for e in &g.log {
        tx.prepare_cached(
            "INSERT INTO events (game_id, seq, action, events, summary, undone, at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        )?
        .execute(params![
            id,
            e.seq,
            e.action.get(),
            e.events.get(),
            e.summary,
            e.undone,
            e.at
        ])?;
    }
    for r in &g.results {
        tx.prepare_cached(
            "INSERT INTO results (game_id, seat, person_id, score, rank, winner, title, breakdown, role)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
        )?
        .execute(params![
            id,
            r.seat,
            seats[r.seat as usize],
            r.score,
            r.rank,
            r.winner,
            r.title,
            r.breakdown.get(),
            r.role
        ])?;
    }
    Ok(())
}

fn games(
    tx: &Transaction,
    archive: &Archive,
    people: &HashMap<String, i64>,
    report: &mut ImportReport,
    progress: Progress,
) -> Result<(), StoreError> {
    let mut seen = HashSet::new();
    for (i, g) in archive.games.iter().enumerate() {
        progress(i + 1, archive.games.len());
        let seats = check_game(i, g, people)?;
        if !seen.insert(g.uuid.as_str()) {
            return Err(bad(format!("games[{i}].uuid"), "appears twice in the file"));
        }
        let here: bool = tx
            .prepare_cached("SELECT count(*) FROM games WHERE uuid = ?1")?
            .query_row([&g.uuid], |r| r.get::<_, i64>(0))?
            > 0;
        if here {
            report.games_already_here += 1;
        } else {
            insert_game(tx, g, &seats)?;
            report.games_added += 1;
        }
    }
    Ok(())
}

fn catalogue(
    tx: &Transaction,
    archive: &Archive,
    report: &mut ImportReport,
) -> Result<(), StoreError> {
    for c in &archive.catalogue {
        let here: Option<String> = tx
            .prepare_cached("SELECT updated_at FROM catalogue WHERE game = ?1 AND key = ?2")?
            .query_row([&c.game, &c.key], |r| r.get(0))
            .optional()?;
        match here {
            None => report.cards_added += 1,
            Some(at) if at < c.updated_at => report.cards_updated += 1,
            Some(_) => continue,
        }
        tx.prepare_cached(
            "INSERT INTO catalogue (game, key, value, updated_at) VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT (game, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
        )?
        .execute(params![c.game, c.key, c.value.get(), c.updated_at])?;
    }
    Ok(())
}

impl Store {
    /// Whether importing `archive` would change anything here: a game or person it has that
    /// this file lacks, or a remembered card newer than this file's. An import that changes
    /// nothing needs no safety copy first.
    pub fn archive_changes_anything(&self, archive: &Archive) -> Result<bool, StoreError> {
        let count = |sql: &str, a: &str, b: Option<&str>| -> Result<i64, StoreError> {
            let mut stmt = self.conn.prepare_cached(sql)?;
            Ok(match b {
                Some(b) => stmt.query_row([a, b], |r| r.get(0))?,
                None => stmt.query_row([a], |r| r.get(0))?,
            })
        };
        for g in &archive.games {
            if count("SELECT count(*) FROM games WHERE uuid = ?1", &g.uuid, None)? == 0 {
                return Ok(true);
            }
        }
        for p in &archive.people {
            let sql = "SELECT count(*) FROM people WHERE uuid = ?1 OR name = ?2";
            if count(sql, &p.uuid, Some(&p.name))? == 0 {
                return Ok(true);
            }
        }
        for c in &archive.catalogue {
            let sql =
                "SELECT count(*) FROM catalogue WHERE game = ?1 AND key = ?2 AND updated_at >= ?3";
            let mut stmt = self.conn.prepare_cached(sql)?;
            let n: i64 = stmt.query_row([&c.game, &c.key, &c.updated_at], |r| r.get(0))?;
            if n == 0 {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// How many of `uuids` name no game here.
    pub fn games_missing(&self, uuids: &[&str]) -> Result<usize, StoreError> {
        let mut stmt = self
            .conn
            .prepare_cached("SELECT count(*) FROM games WHERE uuid = ?1")?;
        let mut missing = 0;
        for u in uuids {
            let n: i64 = stmt.query_row([u], |r| r.get(0))?;
            missing += usize::from(n == 0);
        }
        Ok(missing)
    }

    /// Merge `archive` (already checked by the service for its games' ids and logs) in one
    /// transaction: all of it, or on the first fault nothing.
    pub fn import_archive(&mut self, archive: &Archive) -> Result<ImportReport, StoreError> {
        self.import_archive_with(archive, &mut |_, _| {})
    }

    /// [`Self::import_archive`], telling `progress` (game, of games) as each game is saved.
    pub fn import_archive_with(
        &mut self,
        archive: &Archive,
        progress: Progress,
    ) -> Result<ImportReport, StoreError> {
        let mut report = ImportReport {
            format: super::FORMAT.into(),
            ..ImportReport::default()
        };
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let ids = people(&tx, &archive.people, &mut report)?;
        games(&tx, archive, &ids, &mut report, progress)?;
        catalogue(&tx, archive, &mut report)?;
        tx.commit()?;
        Ok(report)
    }
}
