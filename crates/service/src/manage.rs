//! Keeping people and games tidy: rename a person, change their colour, merge two people who
//! are the same (after an import matched by name), abandon a game in play, delete a game.
//! Each is one transaction; tables held in memory are dropped so they reload.

use super::{ApiError, Steward};
use serde::Serialize;
use store::{GameRow, Person};

/// A saved person and how many games they sat at: what merging them would move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, specta::Type)]
pub struct PersonGames {
    pub person: Person,
    #[specta(type = f64)]
    pub games: i64,
}

impl Steward {
    /// Every saved person, by name, with their number of games.
    pub fn people_games(&self) -> Result<Vec<PersonGames>, ApiError> {
        Ok(self
            .store
            .people_games()?
            .into_iter()
            .map(|(person, games)| PersonGames { person, games })
            .collect())
    }

    pub fn rename_person(&mut self, id: i64, name: &str) -> Result<Person, ApiError> {
        let p = self.store.rename_person(id, name)?;
        self.tables.clear();
        Ok(p)
    }

    pub fn set_person_colour(&mut self, id: i64, colour: &str) -> Result<Person, ApiError> {
        let p = self.store.set_person_colour(id, colour)?;
        self.tables.clear();
        Ok(p)
    }

    /// Merge person `gone` into `keep`: seats and results move, `gone` is deleted. Refused when
    /// both sat at the same game.
    pub fn merge_people(&mut self, keep: i64, gone: i64) -> Result<Person, ApiError> {
        let p = self.store.merge_people(keep, gone)?;
        self.tables.clear();
        Ok(p)
    }

    /// Leave a game in play unfinished for good (it stays in History as abandoned).
    pub fn abandon_game(&mut self, id: i64) -> Result<GameRow, ApiError> {
        self.tables.remove(&id);
        self.store.abandon_game(id)?;
        Ok(self.store.game_row(id)?)
    }
}
