//! What crosses to the clients: the typed error and the views of games, records and replays.

use engine::table::BadInput;
use engine::{ActError, AllowedAction, RuleText, Scoresheet, Seat};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use serde_json::Value;
use store::{GameRow, StoreError};

/// Every failure a client can see, typed so that it crosses IPC as data.
#[derive(Debug, Clone, PartialEq, thiserror::Error, Serialize, specta::Type)]
#[serde(tag = "kind")]
pub enum ApiError {
    /// The rules forbid the action. `message` says what happened, in players' words; `rule`
    /// names the rule, and `why` is that rule's plain sentence and rulebook citation from the
    /// game's rule book (clients show them under "Why?"; none for a rule no game lists).
    #[error("refused: {message} [{rule}]")]
    Rule {
        rule: String,
        message: String,
        why: Option<RuleText>,
    },
    /// A request field is malformed or out of range.
    #[error("{field}: {message}")]
    BadRequest { field: String, message: String },
    #[error("not found: {what}")]
    NotFound { what: String },
    /// The database refused to open or failed.
    #[error("{error}")]
    Store { error: StoreError },
}

impl ApiError {
    /// The database file was refused at open as not ours, of a newer schema or damaged (not a
    /// folder or permission problem): a backup may take its place.
    pub fn is_refused_file(&self) -> bool {
        matches!(
            self,
            ApiError::Store {
                error: StoreError::NotOurs { .. }
                    | StoreError::Newer { .. }
                    | StoreError::Corrupt { .. }
            }
        )
    }

    pub fn bad(field: &str, message: impl Into<String>) -> Self {
        ApiError::BadRequest {
            field: field.into(),
            message: message.into(),
        }
    }
}

impl From<StoreError> for ApiError {
    fn from(error: StoreError) -> Self {
        match error {
            StoreError::NotFound { what } => ApiError::NotFound { what },
            StoreError::Invalid { field, message } => ApiError::BadRequest { field, message },
            error => ApiError::Store { error },
        }
    }
}

impl From<BadInput> for ApiError {
    fn from(e: BadInput) -> Self {
        ApiError::BadRequest {
            field: e.field,
            message: e.message,
        }
    }
}

impl From<ActError> for ApiError {
    fn from(e: ActError) -> Self {
        match e {
            ActError::Rule(r) => ApiError::Rule {
                why: games::explain(&r.rule).cloned(),
                rule: r.rule,
                message: r.message,
            },
            ActError::Malformed(bad) => bad.into(),
        }
    }
}

/// A legal action as JSON, for buttons. Its `action` is one of the games' own action types
/// (`games::GameAction` in the bindings), sent back as it is.
// The engine's `AllowedAction` with its action typed for the clients: the engine knows no game,
// so the type is given here. Built only from the engine's (`From`, which names every field, so a
// field added there fails to compile here until it is carried).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "AllowedAction")]
pub struct Offer {
    pub label: String,
    pub group: String,
    #[specta(type = games::GameAction)]
    pub action: Value,
    /// The question to ask before sending this action (see `Game::confirm`); absent for the
    /// ordinary moves of a turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub confirm: Option<String>,
}

impl From<AllowedAction> for Offer {
    fn from(offer: AllowedAction) -> Self {
        let AllowedAction {
            label,
            group,
            action,
            confirm,
        } = offer;
        Offer {
            label,
            group,
            action,
            confirm,
        }
    }
}

/// The engine's offers as the clients receive them.
pub fn offers(allowed: Vec<AllowedAction>) -> Vec<Offer> {
    allowed.into_iter().map(Offer::from).collect()
}

/// A game the app can host.
#[derive(Debug, Clone, Serialize, specta::Type)]
pub struct GameInfo {
    pub id: String,
    pub name: String,
    pub min_players: u8,
    pub max_players: u8,
    pub solo: bool,
    /// The game it counts as in statistics (a live assistant and its scorepad are one game).
    pub stats_game: String,
    #[specta(type = games::GameOptions)]
    pub default_options: Value,
}

/// Everything the table screen shows.
#[derive(Debug, Clone, Serialize, specta::Type)]
pub struct TableView {
    /// A SQLite row id: an integer far below 2^53, so a plain TypeScript number.
    #[specta(type = f64)]
    pub game_id: i64,
    pub game: String,
    pub game_name: String,
    pub seats: Vec<Seat>,
    /// The game's own state (its shape is the game's `State` type); null while a game with
    /// secrets (hidden money) is running, so that nothing private reaches the shared screen.
    // Held as JSON text, serialized once on its way to the clients (`state_value` reads it).
    #[specta(type = Option<games::GameState>)]
    pub state: Box<RawValue>,
    /// Display-ready facts for the table screen: the game's view type, tagged with `game`.
    // Held as JSON text, serialized once (`view_value` reads it).
    #[specta(type = games::GameView)]
    pub view: Box<RawValue>,
    pub allowed: Vec<Offer>,
    /// One line per accepted action, oldest first: the whole log, or (when `log_from` is
    /// given, as the app receives it) its latest lines.
    pub log: Vec<String>,
    /// How many earlier lines `log` leaves out; absent when it holds the whole log. It only
    /// moves in steps, so the number of lines in `log` changes with every action.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub log_from: Option<u32>,
    /// What undo would take back, and what redo would put back.
    pub undo: Option<String>,
    pub redo: Option<String>,
    pub score: Scoresheet,
    pub over: bool,
    /// What the last request did ("Undid: …").
    pub message: Option<String>,
}

impl TableView {
    /// The length of the whole log.
    pub fn log_len(&self) -> usize {
        self.log_from.unwrap_or(0) as usize + self.log.len()
    }

    /// The state as a value (null while secrets are hidden), for scripts and tests.
    pub fn state_value(&self) -> Value {
        serde_json::from_str(self.state.get()).unwrap_or(Value::Null)
    }

    /// The view as a value, for scripts and tests.
    pub fn view_value(&self) -> Value {
        serde_json::from_str(self.view.get()).unwrap_or(Value::Null)
    }
}

/// A finished or running game as the Game record screen shows it.
#[derive(Debug, Clone, Serialize, specta::Type)]
pub struct GameRecord {
    pub summary: GameRow,
    pub seats: Vec<Seat>,
    pub seed: String,
    #[specta(type = Option<games::GameOptions>)]
    pub options: Value,
    pub score: Scoresheet,
    pub log: Vec<String>,
}

/// The table as it stood after `step` actions of the log.
#[derive(Debug, Clone, Serialize, specta::Type)]
pub struct ReplayStep {
    pub step: u32,
    pub steps: u32,
    /// The action that led here (none at step 0).
    pub summary: Option<String>,
    #[specta(type = Option<games::GameState>)]
    pub state: Value,
    #[specta(type = games::GameView)]
    pub view: Value,
    pub score: Scoresheet,
}

#[derive(Debug, Clone, Serialize, Deserialize, specta::Type)]
pub struct CatalogueEntry {
    pub key: String,
    #[specta(type = specta_typescript::Unknown)]
    pub value: Value,
}
