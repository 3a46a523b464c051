//! The service API: plain functions over the engine and the store, called by the `steward` CLI
//! and by the Tauri commands alike. Every action is committed to SQLite before it is returned.

use crate::engine::session::SNAPSHOT_EVERY;
use crate::engine::{ActError, AllowedAction};
use crate::engine::{AnyTable, GameKind, Scoresheet, Seat, StoredEntry};
use crate::games::{find_game, registry};
use crate::store::{Append, GameRow, Person, Store, StoreError};
use rand::Rng;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::HashMap;
use std::path::Path;

/// Every failure a client can see, typed so that it crosses IPC as data.
#[derive(Debug, Clone, PartialEq, thiserror::Error, Serialize, specta::Type)]
#[serde(tag = "kind")]
pub enum ApiError {
    /// The rules forbid the action; `rule` names the rule.
    #[error("refused: {message} [{rule}]")]
    Rule { rule: String, message: String },
    /// A request field is malformed or out of range.
    #[error("{field}: {message}")]
    BadRequest { field: String, message: String },
    #[error("not found: {what}")]
    NotFound { what: String },
    /// The database refused to open or failed.
    #[error("{error}")]
    Store { error: StoreError },
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

impl From<ActError> for ApiError {
    fn from(e: ActError) -> Self {
        match e {
            ActError::Rule(r) => ApiError::Rule {
                rule: r.rule,
                message: r.message,
            },
            ActError::Malformed(message) => ApiError::BadRequest {
                field: "action".into(),
                message,
            },
        }
    }
}

/// A game the app can host.
#[derive(Debug, Clone, Serialize, specta::Type)]
pub struct GameInfo {
    pub id: String,
    pub name: String,
    pub min_players: u8,
    pub max_players: u8,
    pub solo: bool,
    #[specta(type = crate::games::GameOptions)]
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
    #[specta(type = Option<crate::games::GameState>)]
    pub state: Value,
    /// Display-ready facts for the table screen: the game's view type, tagged with `game`.
    #[specta(type = crate::games::GameView)]
    pub view: Value,
    pub allowed: Vec<AllowedAction>,
    /// One line per accepted action, oldest first.
    pub log: Vec<String>,
    /// What undo would take back, and what redo would put back.
    pub undo: Option<String>,
    pub redo: Option<String>,
    pub score: Scoresheet,
    pub over: bool,
    /// What the last request did ("Undid: …").
    pub message: Option<String>,
}

/// A finished or running game as the Game record screen shows it.
#[derive(Debug, Clone, Serialize, specta::Type)]
pub struct GameRecord {
    pub summary: GameRow,
    pub seats: Vec<Seat>,
    pub seed: String,
    #[specta(type = Option<crate::games::GameOptions>)]
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
    #[specta(type = Option<crate::games::GameState>)]
    pub state: Value,
    #[specta(type = crate::games::GameView)]
    pub view: Value,
    pub score: Scoresheet,
}

#[derive(Debug, Clone, Serialize, Deserialize, specta::Type)]
pub struct CatalogueEntry {
    pub key: String,
    #[specta(type = specta_typescript::Unknown)]
    pub value: Value,
}

pub struct Steward {
    store: Store,
    tables: HashMap<i64, Box<dyn AnyTable>>,
}

fn kind_of(game: &str) -> Result<&'static dyn GameKind, ApiError> {
    find_game(game).ok_or_else(|| ApiError::NotFound {
        what: format!("game '{game}' (known: {})", known_games()),
    })
}

fn known_games() -> String {
    registry()
        .iter()
        .map(|k| k.descriptor().id)
        .collect::<Vec<_>>()
        .join(", ")
}

fn finished(table: &dyn AnyTable) -> Option<Scoresheet> {
    table.is_over().then(|| named(table.score(), table.seats()))
}

/// Put the seats' names on a scoresheet (games number seats; people have names).
fn named(mut sheet: Scoresheet, seats: &[Seat]) -> Scoresheet {
    for row in &mut sheet.rows {
        if let Some(seat) = seats.get(row.seat as usize) {
            row.name = seat.name.clone();
        }
    }
    sheet
}

impl Steward {
    pub fn open(path: &Path) -> Result<Steward, ApiError> {
        Ok(Steward {
            store: Store::open(path)?,
            tables: HashMap::new(),
        })
    }

    pub fn games_available(&self) -> Vec<GameInfo> {
        registry()
            .iter()
            .map(|k| {
                let d = k.descriptor();
                GameInfo {
                    id: d.id.into(),
                    name: d.name.into(),
                    min_players: d.min_players,
                    max_players: d.max_players,
                    solo: d.solo,
                    default_options: k.default_options(),
                }
            })
            .collect()
    }

    pub fn people(&self) -> Result<Vec<Person>, ApiError> {
        Ok(self.store.people()?)
    }

    pub fn add_person(&mut self, name: &str, colour: &str) -> Result<Person, ApiError> {
        Ok(self.store.add_person(name, colour)?)
    }

    /// Start a game for these people in seat order. `seed` fixes the shuffles (random if none).
    pub fn start_game(
        &mut self,
        game: &str,
        person_ids: &[i64],
        options: Option<Value>,
        seed: Option<u64>,
    ) -> Result<TableView, ApiError> {
        let kind = kind_of(game)?;
        let d = kind.descriptor();
        if person_ids.len() < d.min_players as usize || person_ids.len() > d.max_players as usize {
            return Err(ApiError::BadRequest {
                field: "players".into(),
                message: format!(
                    "{} takes {}–{} players, not {}",
                    d.name,
                    d.min_players,
                    d.max_players,
                    person_ids.len()
                ),
            });
        }
        let mut seen = person_ids.to_vec();
        seen.sort_unstable();
        seen.dedup();
        if seen.len() != person_ids.len() {
            return Err(ApiError::BadRequest {
                field: "players".into(),
                message: "a person can take only one seat".into(),
            });
        }
        let seats: Vec<Seat> = person_ids
            .iter()
            .map(|&id| {
                self.store.person(id).map(|p| Seat {
                    person_id: p.id,
                    name: p.name,
                    colour: p.colour,
                })
            })
            .collect::<Result<_, _>>()?;
        let catalogue = self.store.catalogue(d.id)?;
        let options = kind.prepare_options(options, &catalogue)?;
        // Keep seeds within SQLite's signed 64-bit integers.
        let seed = seed.unwrap_or_else(|| rand::rng().random::<u64>() >> 1);
        let table = kind.new_table(&options, seats, seed)?;
        let options_text = options.to_string();
        let id = self.store.create_game(crate::store::NewGame {
            game: d.id,
            options: &options_text,
            seed,
            person_ids,
        })?;
        self.tables.insert(id, table);
        self.view(id, None)
    }

    fn table(&mut self, id: i64) -> Result<&mut Box<dyn AnyTable>, ApiError> {
        // Another client (a second window, the CLI) may have written since this table was
        // cached: a cheap count of the log decides whether to reload it.
        if let Some(cached) = self.tables.get(&id) {
            if self.store.log_shape(id)? != (cached.len(), cached.redo_len()) {
                self.tables.remove(&id);
            }
        }
        if !self.tables.contains_key(&id) {
            let loaded = self.store.load_game(id)?;
            let kind = kind_of(&loaded.game)?;
            let options: Value =
                serde_json::from_str(&loaded.options).map_err(|e| ApiError::Store {
                    error: StoreError::Corrupt {
                        path: self.store.path().display().to_string(),
                        detail: format!("options of game #{id}: {e}"),
                    },
                })?;
            let table = kind.resume(
                &options,
                loaded.seats,
                loaded.seed,
                loaded.snapshot,
                &loaded.entries,
                &loaded.redo,
            )?;
            self.tables.insert(id, table);
        }
        self.tables.get_mut(&id).ok_or_else(|| ApiError::NotFound {
            what: format!("game #{id}"),
        })
    }

    /// The table screen's data for game `id`.
    pub fn view(&mut self, id: i64, message: Option<String>) -> Result<TableView, ApiError> {
        let table = self.table(id)?;
        let d = table.descriptor();
        Ok(TableView {
            game_id: id,
            game: d.id.into(),
            game_name: d.name.into(),
            seats: table.seats().to_vec(),
            state: if table.has_secrets() && !table.is_over() {
                Value::Null
            } else {
                table.state()
            },
            view: table.view(),
            allowed: table.allowed(),
            log: table.summaries(),
            undo: table.next_undo(),
            redo: table.next_redo(),
            score: named(table.score(), table.seats()),
            over: table.is_over(),
            message,
        })
    }

    /// Apply an action: decide, commit to the store, and only then show it.
    pub fn act(&mut self, id: i64, action: &Value) -> Result<TableView, ApiError> {
        let table = self.table(id)?;
        let entry: StoredEntry = table.decide(action)?;
        let had_redo = table.next_redo().is_some();
        let learned = table.learned(&entry);
        table.commit(&entry)?;
        let seq = table.len();
        let snapshot = seq
            .is_multiple_of(SNAPSHOT_EVERY)
            .then(|| table.state_text());
        let sheet = finished(table.as_ref());
        let game = table.descriptor().id;
        let result = self.store.append(Append {
            game_id: id,
            seq,
            entry: &entry,
            had_redo,
            snapshot: snapshot.as_deref(),
            finished: sheet.as_ref(),
            learned: Some((game, &learned)),
        });
        if let Err(e) = result {
            // Not committed: forget the in-memory change; the next request reloads from disk.
            self.tables.remove(&id);
            return Err(e.into());
        }
        self.view(id, Some(entry.summary))
    }

    pub fn undo(&mut self, id: i64) -> Result<TableView, ApiError> {
        let table = self.table(id)?;
        let seq = table.len();
        let Some(summary) = table.undo() else {
            return Err(ApiError::BadRequest {
                field: "undo".into(),
                message: "there is nothing to undo".into(),
            });
        };
        let sheet = finished(table.as_ref());
        if let Err(e) = self.store.set_undone(id, seq, true, sheet.as_ref()) {
            self.tables.remove(&id);
            return Err(e.into());
        }
        self.view(id, Some(format!("Undid: {summary}")))
    }

    pub fn redo(&mut self, id: i64) -> Result<TableView, ApiError> {
        let table = self.table(id)?;
        let Some(summary) = table.redo() else {
            return Err(ApiError::BadRequest {
                field: "redo".into(),
                message: "there is nothing to redo".into(),
            });
        };
        let seq = table.len();
        let sheet = finished(table.as_ref());
        if let Err(e) = self.store.set_undone(id, seq, false, sheet.as_ref()) {
            self.tables.remove(&id);
            return Err(e.into());
        }
        self.view(id, Some(format!("Redid: {summary}")))
    }

    /// What one seat alone may see (their money in The Estates), for a deliberate peek.
    pub fn peek(&mut self, id: i64, seat: u8) -> Result<Value, ApiError> {
        let table = self.table(id)?;
        if usize::from(seat) >= table.seats().len() {
            return Err(ApiError::BadRequest {
                field: "seat".into(),
                message: format!("the game has {} seats", table.seats().len()),
            });
        }
        Ok(table.private_view(seat).unwrap_or(Value::Null))
    }

    /// Games, newest first; `status` is "active" or "finished" (all when none).
    pub fn history(&self, status: Option<&str>) -> Result<Vec<GameRow>, ApiError> {
        if let Some(s) = status {
            if s != "active" && s != "finished" {
                return Err(ApiError::BadRequest {
                    field: "status".into(),
                    message: format!("'{s}' is not active or finished"),
                });
            }
        }
        Ok(self.store.games(status)?)
    }

    pub fn record(&mut self, id: i64) -> Result<GameRecord, ApiError> {
        let summary = self
            .store
            .games(None)?
            .into_iter()
            .find(|g| g.id == id)
            .ok_or_else(|| ApiError::NotFound {
                what: format!("game #{id}"),
            })?;
        let loaded = self.store.load_game(id)?;
        let options = serde_json::from_str(&loaded.options).unwrap_or(Value::Null);
        let table = self.table(id)?;
        Ok(GameRecord {
            summary,
            seats: table.seats().to_vec(),
            seed: loaded.seed.to_string(),
            options,
            score: named(table.score(), table.seats()),
            log: table.summaries(),
        })
    }

    /// Step through the log: the table after `step` actions.
    pub fn replay(&mut self, id: i64, step: u32) -> Result<ReplayStep, ApiError> {
        let table = self.table(id)?;
        let steps = table.len() as u32;
        if step > steps {
            return Err(ApiError::BadRequest {
                field: "step".into(),
                message: format!("the log has {steps} steps"),
            });
        }
        let summary = if step == 0 {
            None
        } else {
            table.summaries().get(step as usize - 1).cloned()
        };
        let hidden = table.has_secrets() && !table.is_over();
        Ok(ReplayStep {
            step,
            steps,
            summary,
            state: if hidden {
                Value::Null
            } else {
                table.state_after(step as usize)
            },
            view: table.view_after(step as usize),
            score: named(table.score_after(step as usize), table.seats()),
        })
    }

    pub fn catalogue(&self, game: &str) -> Result<Vec<CatalogueEntry>, ApiError> {
        kind_of(game)?;
        Ok(self
            .store
            .catalogue(game)?
            .into_iter()
            .map(|(key, value)| CatalogueEntry { key, value })
            .collect())
    }

    /// Correct a remembered card; used by games started afterwards.
    pub fn set_catalogue_entry(
        &mut self,
        game: &str,
        key: &str,
        value: Value,
    ) -> Result<(), ApiError> {
        let kind = kind_of(game)?;
        // The same checks as describing the card in play.
        kind.check_catalogue_entry(key, &value)?;
        Ok(self.store.remember(game, &[(key.to_string(), value)])?)
    }

    pub fn delete_game(&mut self, id: i64) -> Result<(), ApiError> {
        self.tables.remove(&id);
        Ok(self.store.delete_game(id)?)
    }
}
