//! The durable store: one SQLite file (rusqlite, bundled) holding people, games, seats, the
//! action log, snapshots, results and the card catalogue; one module per table.
//!
//! Invariants: a file that is not ours, is corrupt, or comes from a newer version is refused
//! before anything is written to it (or beside it; a file is checked whole unless it is exactly
//! as this app last closed it, see `checked`); every write that acknowledges an action
//! commits first; every append, undo and redo checks the game's version in its transaction.

pub mod archive;
mod backup;
mod catalogue;
mod checked;
mod games;
mod invites;
pub mod location;
mod log;
mod open;
mod people;
mod results;
pub mod schema;
mod stats;
pub mod written;

pub use archive::ImportReport;
pub use backup::{check_backup, put_back, set_aside, RestoreReport, BACKUP_DIR, KEEP};
pub use games::{GameRow, LoadedGame, NewGame, SeatPerson};
pub use invites::{Invited, TOKEN_BYTES};
pub use location::{default_db_path, APP_DIR_NAME, DB_ENV, DB_FILE_NAME};
pub use log::{Append, GameVersion};
pub use open::Store;
pub use people::{check_colour, checked_name, Person};
pub use results::{NewRecord, NewResult, StoredResult};
pub use stats::{
    CategoryAverage, GameStats, HeadToHead, MarginRecord, PersonStats, RoleRecord, Scope,
    ScoreBucket, ScoreRecord, SeatRecord, StatsFilter, StatsGroups, StatsReport, TitleCount,
    WinRatePoint, WinRateSeries,
};

use chrono::{SecondsFormat, Utc};

/// Told (done, of total) as a long export or import goes through its games, for a count on
/// screen ("1,200 of 10,000 games").
pub type Progress<'a> = &'a mut dyn FnMut(usize, usize);

fn now() -> String {
    Utc::now().to_rfc3339_opts(SecondsFormat::Millis, true)
}

/// Today on this device's calendar (YYYY-MM-DD): the day a game is played, as people say it.
fn today() -> String {
    chrono::Local::now().date_naive().to_string()
}

/// Why the store refused or failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, serde::Serialize, specta::Type)]
#[serde(tag = "kind")]
pub enum StoreError {
    #[error("{path} is not an Estate Steward database ({reason}); it was left untouched")]
    NotOurs { path: String, reason: String },
    #[error("{path} was written by a newer Estate Steward (schema {found}, this version knows up to {supported}); it was left untouched — update the app")]
    Newer {
        path: String,
        #[specta(type = f64)]
        found: i64,
        #[specta(type = f64)]
        supported: i64,
    },
    #[error("{path} is damaged ({detail}); it was left untouched")]
    Corrupt { path: String, detail: String },
    /// The file is fine but cannot be written here (a read-only file or folder).
    #[error("{path} cannot be written here ({detail}): Estate Steward needs to write the file and its folder; it was left untouched")]
    ReadOnly { path: String, detail: String },
    /// The game's log changed under this client (another window or the `steward` CLI wrote to
    /// it); nothing was written and the client reloads the game.
    #[error("game #{game_id} was changed elsewhere (another window or the steward command line); it has been reloaded: look again and retry")]
    Conflict {
        #[specta(type = f64)]
        game_id: i64,
    },
    /// The game under this number is not the one the client had open: it was deleted and a
    /// restore put another game under its number. Nothing was written, and the client must not
    /// take the other game for its own (unlike a [`StoreError::Conflict`], it does not reload).
    #[error("game #{game_id} is no longer the game you had open: it was deleted, or a restore put another game under its number; nothing was written. Open it again from History")]
    Replaced {
        #[specta(type = f64)]
        game_id: i64,
    },
    #[error("no {what}")]
    NotFound { what: String },
    #[error("{field}: {message}")]
    Invalid { field: String, message: String },
    #[error("database error: {message}")]
    Sql { message: String },
}

/// What a write refused for want of space says: plainly, and that nothing shown before is lost
/// (an action is shown only after its commit, and a failed commit writes nothing).
pub const DISK_FULL: &str = "the disk is full, so this was not saved; everything saved before \
     is kept. Free some space on the disk and try again";

/// What an open says when the disk is full and the file cannot be read without room for its
/// shared index, because another program has it open (see `open::open_on_full_disk`).
pub const DISK_FULL_AT_OPEN: &str = "the disk is full, so the database cannot be opened here \
     while another program has it open; everything saved is kept. Free some space on the disk \
     and try again";

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> Self {
        if e.sqlite_error_code() == Some(rusqlite::ErrorCode::DiskFull)
            || open::no_room_for_shared_index(&e)
        {
            return StoreError::Sql {
                message: DISK_FULL.into(),
            };
        }
        StoreError::Sql {
            message: e.to_string(),
        }
    }
}
