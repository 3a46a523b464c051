//! The service API: plain functions over the engine and the store, called by the `steward` CLI
//! and by the Tauri commands alike. Every action is committed to SQLite before it is returned.
//!
//! `types` holds what crosses to the clients, `cache` the tables held in memory (checked against
//! the game's version before every use), `play` the table's requests (`alongside` makes their
//! views while their commits wait for the disk) and `start` a new game.

mod alongside;
mod backup;
mod bgstats;
mod cache;
mod guest;
mod manage;
mod play;
mod results;
mod start;
mod stats;
mod transfer;
mod types;

pub use cache::{LogPage, ViewShape, APP_LOG_PAGE, APP_VIEWS};
pub use guest::{version_tag, BoardLink, Invitation, SeatLink, SeatView, NOT_YOURS};
pub use manage::PersonGames;
pub use results::{PlayerResult, ResultsEntry};
pub use start::{PlayerRef, SeatColours};
pub use stats::{counting_words, Stats};
pub use transfer::{ExportReport, Stage, Told};
pub use types::{ApiError, CatalogueEntry, GameInfo, GameRecord, Offer, ReplayStep, TableView};

use cache::Held;
use engine::GameKind;
use games::{find_game, registry, stats_groups};
use serde_json::Value;
use std::path::Path;
use store::{GameRow, Person, Store};

pub struct Steward {
    store: Store,
    tables: Held,
    shape: ViewShape,
}

fn kind_of(game: &str) -> Result<&'static dyn GameKind, ApiError> {
    find_game(game).ok_or_else(|| ApiError::NotFound {
        what: format!(
            "game '{}' (known: {})",
            engine::table::excerpt(game, 40),
            known_games()
        ),
    })
}

fn known_games() -> String {
    registry()
        .iter()
        .map(|k| k.descriptor().id)
        .collect::<Vec<_>>()
        .join(", ")
}

impl Steward {
    /// Open the database at `path`; views carry the whole log and the state (see
    /// [`Steward::set_views`]).
    pub fn open(path: &Path) -> Result<Steward, ApiError> {
        let mut store = Store::open(path)?;
        store.set_stats_groups(stats_groups());
        Ok(Steward {
            store,
            tables: Held::default(),
            shape: ViewShape::WHOLE,
        })
    }

    /// What the table views carry from now on. A client that pages the log (the app) also
    /// resumes a long game from its end, parsing only that.
    pub fn set_views(&mut self, shape: ViewShape) {
        self.shape = shape;
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
                    stats_game: games::stats_game(d.id).into(),
                    default_options: k.default_options(),
                }
            })
            .collect()
    }

    pub fn people(&self) -> Result<Vec<Person>, ApiError> {
        Ok(self.store.people()?)
    }

    /// The saved person of that name, ignoring case.
    pub fn person_named(&self, name: &str) -> Result<Option<Person>, ApiError> {
        Ok(self.store.person_named(name)?)
    }

    pub fn add_person(&mut self, name: &str, colour: &str) -> Result<Person, ApiError> {
        Ok(self.store.add_person(name, colour)?)
    }

    /// Games, newest first; `status` is "active", "finished" or "abandoned" (all when none).
    pub fn history(&self, status: Option<&str>) -> Result<Vec<GameRow>, ApiError> {
        if let Some(s) = status {
            if !["active", "finished", "abandoned"].contains(&s) {
                return Err(ApiError::bad(
                    "status",
                    format!(
                        "'{}' is not active, finished or abandoned",
                        engine::table::excerpt(s, 40)
                    ),
                ));
            }
        }
        Ok(self.store.games(status)?)
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
        // The same checks as describing the card in play, unknown fields included.
        kind.check_catalogue_entry(key, &value)?;
        Ok(self.store.remember(game, &[(key.to_string(), value)])?)
    }

    pub fn delete_game(&mut self, id: i64) -> Result<(), ApiError> {
        self.tables.remove(&id);
        Ok(self.store.delete_game(id)?)
    }
}
