//! The app's own export file: every person, game (seats, the whole action log with its undone
//! entries, results) and remembered card, lossless and versioned, people and games identified by
//! their UUIDs. Stored JSON (options, actions, events, breakdowns, card facts) is carried as
//! the very text the database holds, so an export imported elsewhere and exported again is the
//! same file apart from its export time. Snapshots are caches and are not exported.
//!
//! `export` reads it all in one read transaction; `import` merges a file by UUID in one
//! transaction (the same file imported twice adds nothing), refusing it whole on any fault.

mod export;
mod import;

pub use import::ImportReport;

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

/// The `format` of our files.
pub const FORMAT: &str = "estate-steward";
/// The version this build writes and the newest it reads.
pub const VERSION: u32 = 1;

/// The whole file.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Archive {
    pub format: String,
    pub version: u32,
    pub exported_at: String,
    /// The schema of the database it came from.
    pub schema: i64,
    pub people: Vec<ArchivedPerson>,
    pub games: Vec<ArchivedGame>,
    pub catalogue: Vec<ArchivedCard>,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArchivedPerson {
    pub uuid: String,
    pub name: String,
    pub colour: String,
    pub created_at: String,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArchivedGame {
    pub uuid: String,
    /// The hosted game's id.
    pub game: String,
    pub status: String,
    pub results_only: bool,
    pub started_at: String,
    pub finished_at: Option<String>,
    pub played_on: Option<String>,
    pub abandoned_at: Option<String>,
    /// The options as the game stored them.
    pub options: Box<RawValue>,
    /// The shuffles' seed, as text (it may exceed what a JSON reader keeps exactly).
    pub seed: String,
    /// The game's `games.version`: raised by what its table shows from outside the log (a
    /// person renamed, the game abandoned), and, in files written before schema 12, by every
    /// append, undo and redo too. The log's own part of the version (`events.token`) is not
    /// carried: an imported log starts it again at 0, which only the importing file's clients
    /// compare.
    pub version: i64,
    /// The people's UUIDs in seat order.
    pub seats: Vec<String>,
    /// Each seat's colour at this table when it is not its person's own (in seat order; none
    /// when every seat plays its person's colour, and so absent from older files).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub seat_colours: Vec<Option<String>>,
    /// The whole action log in order: the active entries, then the undone ones.
    pub log: Vec<ArchivedEntry>,
    pub results: Vec<ArchivedResult>,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArchivedEntry {
    pub seq: i64,
    pub action: Box<RawValue>,
    pub events: Box<RawValue>,
    pub summary: String,
    pub undone: bool,
    pub at: String,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArchivedResult {
    pub seat: u8,
    /// The person's UUID.
    pub person: String,
    /// null: the record holds no score for this seat (a play logged with its winners only).
    pub score: Option<i32>,
    pub rank: u8,
    pub winner: bool,
    pub title: Option<String>,
    pub role: Option<String>,
    /// (category, points) pairs as stored.
    pub breakdown: Box<RawValue>,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArchivedCard {
    /// The hosted game's id.
    pub game: String,
    pub key: String,
    pub value: Box<RawValue>,
    pub updated_at: String,
}

/// One row of the CSV export: a player's line of a finished game.
#[derive(Debug, Serialize)]
pub struct CsvRow {
    pub date: Option<String>,
    pub game: String,
    pub player: String,
    /// 1 = first in seat order.
    pub seat: u8,
    /// Empty where the record holds no score for this seat.
    pub score: Option<i32>,
    pub rank: u8,
    pub winner: bool,
    pub title: Option<String>,
    pub role: Option<String>,
    /// The game's UUID: the rows of one game share it.
    pub play: String,
}
