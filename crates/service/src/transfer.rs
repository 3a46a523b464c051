//! Export and import of whole histories: the app's own JSON (lossless, merged by UUID on import)
//! and CSV (one row per player per game). An import is checked whole — the file's syntax (by
//! line and column), its fields (by name), every game's id and log (each replayed) — before
//! one transaction writes it; a refused file changes nothing.

use super::bgstats;
use super::{kind_of, ApiError, Steward};
use engine::table::StoredLog;
use engine::{Seat, StoredEntry};
use serde::de::IgnoredAny;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::path::Path;
use store::archive::{Archive, ArchivedGame, FORMAT, VERSION};
use store::written;
use store::{ImportReport, NewRecord, NewResult, StoreError};

/// What an export wrote.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, specta::Type)]
pub struct ExportReport {
    pub format: String,
    pub path: String,
    #[specta(type = f64)]
    pub people: i64,
    #[specta(type = f64)]
    pub games: i64,
}

/// Just enough of a file to tell ours (and its version) or BG Stats' from anything else.
#[derive(Deserialize)]
struct Probe {
    format: Option<String>,
    version: Option<u32>,
    games: Option<IgnoredAny>,
    players: Option<IgnoredAny>,
    plays: Option<IgnoredAny>,
}

fn file_error(path: &Path, e: impl std::fmt::Display) -> ApiError {
    ApiError::bad("file", format!("{}: {e}", path.display()))
}

/// Write `bytes` to `path` whole or not at all, beside the database `db` (see
/// [`written`]: never over the database or another SQLite file; over an existing file only
/// when `replace`).
pub(super) fn write_whole(
    path: &Path,
    db: &Path,
    replace: bool,
    bytes: &[u8],
) -> Result<(), ApiError> {
    use std::io::Write;
    written::write_checked(path, db, replace, |f, _| {
        f.write_all(bytes).map_err(|e| StoreError::Invalid {
            field: "out".into(),
            message: format!("{} cannot be written: {e}", path.display()),
        })
    })?;
    Ok(())
}

/// A JSON syntax or shape error as the file's fault, with its line and column.
pub(super) fn json_error(path: &Path, e: &serde_json::Error) -> ApiError {
    file_error(
        path,
        format!("line {}, column {}: {e}", e.line(), e.column()),
    )
}

/// Replay a game's log as it would be loaded, so that a file whose log no longer reads back is
/// refused before it is stored.
fn replays(
    i: usize,
    g: &ArchivedGame,
    names: &HashMap<&str, (&str, &str)>,
) -> Result<(), ApiError> {
    let field = |f: &str| format!("games[{i}].{f}");
    let kind = kind_of(&g.game).map_err(|_| {
        ApiError::bad(
            &field("game"),
            format!("'{}' is not a game this app hosts", g.game),
        )
    })?;
    if g.results_only {
        return Ok(());
    }
    let options = serde_json::from_str(g.options.get())
        .map_err(|e| ApiError::bad(&field("options"), e.to_string()))?;
    let seats = g
        .seats
        .iter()
        .map(|uuid| {
            let (name, colour) = names
                .get(uuid.as_str())
                .copied()
                .unwrap_or(("?", "#000000"));
            Seat {
                person_id: 0,
                name: name.into(),
                colour: colour.into(),
            }
        })
        .collect();
    let entry = |e: &store::archive::ArchivedEntry| StoredEntry {
        action: e.action.get().to_string(),
        events: e.events.get().to_string(),
        summary: e.summary.clone(),
    };
    let log = StoredLog {
        base: 0,
        base_state: None,
        snapshots: Vec::new(),
        entries: g.log.iter().filter(|e| !e.undone).map(entry).collect(),
        redo: g.log.iter().filter(|e| e.undone).rev().map(entry).collect(),
    };
    let seed = g.seed.parse::<i64>().unwrap_or(0) as u64;
    kind.resume_log(&options, seats, seed, log)
        .map(|_| ())
        .map_err(|e| ApiError::bad(&field("log"), format!("does not replay: {e}")))
}

/// What a long export or import is doing with its games, for a count on screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// Reading the games out of the database (an export).
    Reading,
    /// Checking each game of the file (its players, and a logged game's log replayed).
    Checking,
    /// Writing the games into the database.
    Saving,
    /// Counting the new games for the statistics, after they are saved (done, of: steps, not
    /// games; see `Steward::count_stats`).
    Counting,
}

/// Told (stage, game, of games) as an export or import goes through its games.
pub type Told<'a> = &'a mut dyn FnMut(Stage, usize, usize);

impl Steward {
    /// Write every game as `format` ("json": the app's own, lossless; "csv": one row per
    /// player per finished game) to `out`, a new file.
    pub fn export(&self, format: &str, out: &Path) -> Result<ExportReport, ApiError> {
        self.export_with(format, out, false, &mut |_, _, _| {})
    }

    /// [`Self::export`], replacing an existing file when `replace` (the CLI's `--force`; the
    /// window's save dialog has asked), telling `told` ("Reading", game, of games) as it goes.
    /// Never over the database, its companions, another SQLite file or the automatic backups.
    pub fn export_with(
        &self,
        format: &str,
        out: &Path,
        replace: bool,
        told: Told,
    ) -> Result<ExportReport, ApiError> {
        let mut reading = |done: usize, total: usize| told(Stage::Reading, done, total);
        let (bytes, people, games) = match format {
            "json" => {
                let archive = self.store.export_archive_with(&mut reading)?;
                let text = serde_json::to_string_pretty(&archive)
                    .map_err(|e| ApiError::bad("format", e.to_string()))?;
                (text.into_bytes(), archive.people.len(), archive.games.len())
            }
            "csv" => {
                let rows = self.store.csv_rows()?;
                let mut w = csv::Writer::from_writer(Vec::new());
                for row in &rows {
                    w.serialize(row)
                        .map_err(|e| ApiError::bad("format", e.to_string()))?;
                }
                let bytes = w
                    .into_inner()
                    .map_err(|e| ApiError::bad("format", e.to_string()))?;
                let games: std::collections::HashSet<&str> =
                    rows.iter().map(|r| r.play.as_str()).collect();
                let people: std::collections::HashSet<&str> =
                    rows.iter().map(|r| r.player.as_str()).collect();
                (bytes, people.len(), games.len())
            }
            "bgstats" => {
                let archive = self.store.export_archive_with(&mut reading)?;
                let file = bgstats::bgstats_file(&archive);
                let text = serde_json::to_string_pretty(&file)
                    .map_err(|e| ApiError::bad("format", e.to_string()))?;
                let people = file["players"].as_array().map_or(0, Vec::len);
                let games = file["plays"].as_array().map_or(0, Vec::len);
                (text.into_bytes(), people, games)
            }
            other => {
                return Err(ApiError::bad(
                    "format",
                    format!(
                        "'{}' is not json, csv or bgstats",
                        engine::table::excerpt(other, 20)
                    ),
                ))
            }
        };
        write_whole(out, self.store.path(), replace, &bytes)?;
        Ok(ExportReport {
            format: format.into(),
            path: out.display().to_string(),
            people: people as i64,
            games: games as i64,
        })
    }

    /// Import a file: the app's own export, merged by UUID (the same file twice adds nothing).
    /// Refused whole, naming the line or field, when anything in it is wrong.
    pub fn import(&mut self, path: &Path) -> Result<ImportReport, ApiError> {
        self.import_with(path, &mut |_, _, _| {})
    }

    /// [`Self::import`], telling `told` ("Checking" then "Saving", game, of games) as it goes.
    pub fn import_with(&mut self, path: &Path, told: Told) -> Result<ImportReport, ApiError> {
        let bytes = std::fs::read(path).map_err(|e| file_error(path, e))?;
        let text = std::str::from_utf8(&bytes)
            .map_err(|e| file_error(path, format!("not UTF-8 text (byte {})", e.valid_up_to())))?;
        let probe: Probe = serde_json::from_str(text).map_err(|e| json_error(path, &e))?;
        let bg = probe.games.is_some() && probe.players.is_some() && probe.plays.is_some();
        match probe.format.as_deref() {
            Some(FORMAT) => {}
            None if bg => return self.import_bgstats(path, text, told),
            _ => {
                return Err(file_error(
                    path,
                    "neither an Estate Steward export (its \"format\" is not \"estate-steward\") nor a BG Stats file",
                ))
            }
        }
        if let Some(v) = probe.version.filter(|&v| v > VERSION) {
            return Err(ApiError::bad(
                "version",
                format!("the file is of version {v}; this app reads up to {VERSION}: update it"),
            ));
        }
        let archive: Archive = serde_json::from_str(text).map_err(|e| json_error(path, &e))?;
        let names: HashMap<&str, (&str, &str)> = archive
            .people
            .iter()
            .map(|p| (p.uuid.as_str(), (p.name.as_str(), p.colour.as_str())))
            .collect();
        for (i, g) in archive.games.iter().enumerate() {
            told(Stage::Checking, i + 1, archive.games.len());
            replays(i, g, &names)?;
        }
        for (i, c) in archive.catalogue.iter().enumerate() {
            kind_of(&c.game).map_err(|_| {
                ApiError::bad(
                    &format!("catalogue[{i}].game"),
                    "is not a game this app hosts",
                )
            })?;
        }
        // A safety copy only before an import that changes something (one that brings nothing
        // new would only push older safety copies out).
        let backup = if self.store.archive_changes_anything(&archive)? {
            self.store.auto_backup("before-import")?
        } else {
            None
        };
        let mut report = self
            .store
            .import_archive_with(&archive, &mut |d, t| told(Stage::Saving, d, t))?;
        report.backup = backup.map(|p| p.display().to_string());
        self.tables.clear();
        self.count_imported(told);
        Ok(report)
    }
}

impl Steward {
    /// Count the imported games for the statistics before the import answers, so that no first
    /// count waits behind the History screen after it; from a snapshot, so that no other
    /// client's write waits for it either. The games are saved whatever happens here: a count
    /// that fails is made again by the next statistics.
    fn count_imported(&self, told: Told) {
        let _ = self
            .store
            .count_stats(&mut |d, t| told(Stage::Counting, d, t));
    }

    /// A BG Stats file: its plays of hosted games as results-only records (one transaction),
    /// people matched by name; the report lists what was matched, created and skipped.
    fn import_bgstats(
        &mut self,
        path: &Path,
        text: &str,
        told: Told,
    ) -> Result<ImportReport, ApiError> {
        let file: bgstats::BgFile = serde_json::from_str(text).map_err(|e| json_error(path, &e))?;
        let (plays, skipped) = bgstats::plays(&file)?;
        let mut report = ImportReport {
            format: "bgstats".into(),
            skipped,
            ..ImportReport::default()
        };
        let mut seen = std::collections::HashSet::new();
        for (name, ..) in plays.iter().flat_map(|p| &p.rows) {
            if seen.insert(name.to_lowercase()) {
                match self.store.person_named(name)? {
                    Some(p) => report.people_matched.push(p.name),
                    None => report.people_created.push(name.clone()),
                }
            }
        }
        let rows: Vec<Vec<NewResult>> = plays.iter().map(|p| p.rows()).collect();
        let records: Vec<NewRecord> = plays.iter().zip(&rows).map(|(p, r)| p.record(r)).collect();
        // As for our own files: a safety copy only when a play is new here (plays without an
        // identity are always new).
        let known: Vec<&str> = records.iter().filter_map(|r| r.uuid).collect();
        let adds = known.len() < records.len() || self.store.games_missing(&known)? > 0;
        let backup = if adds {
            self.store.auto_backup("before-import")?
        } else {
            None
        };
        report.backup = backup.map(|p| p.display().to_string());
        let saving = &mut |d, t| told(Stage::Saving, d, t);
        for added in self.store.import_records(&records, saving)? {
            match added {
                true => report.games_added += 1,
                false => report.games_already_here += 1,
            }
        }
        self.count_imported(told);
        Ok(report)
    }
}
