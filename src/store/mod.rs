//! The durable store: one SQLite file (rusqlite, bundled) holding people, games, seats, the
//! action log, snapshots, results and the card catalogue.
//!
//! Invariants: a file that is not ours, is corrupt, or comes from a newer version is refused
//! before anything is written to it; every write that acknowledges an action commits first.

mod open;
pub mod schema;
mod tables;

pub use open::{default_db_path, Store, APP_DIR_NAME, DB_ENV, DB_FILE_NAME};
pub use tables::{Append, GameRow, LoadedGame, NewGame, Person};

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
    /// The game's log changed under this client (another window or the `steward` CLI wrote to
    /// it); nothing was written and the client reloads the game.
    #[error("game #{game_id} was changed elsewhere (another window or the steward command line); it has been reloaded: look again and retry")]
    Conflict {
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

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> Self {
        StoreError::Sql {
            message: e.to_string(),
        }
    }
}
