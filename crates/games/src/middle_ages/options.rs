//! Middle Ages' table choices, recorded with the game (their defaults are the data file's).

use super::actions::{Printing, RunOut};
use super::data::data;
use serde::{Deserialize, Serialize};

/// The data file's choice (the reshuffle): what games recorded before the choice existed used.
fn default_run_out() -> RunOut {
    data().tiles_run_out.value
}

/// Table choices, recorded with the game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "MiddleOptions")]
pub struct MiddleOptions {
    /// Coins each player starts with; the data file's value (0, reading A3) when absent.
    #[serde(default)]
    pub starting_coins: Option<u32>,
    /// Event names the table has entered in earlier games, offered again (the catalogue).
    #[serde(default)]
    pub known_events: Vec<String>,
    /// When the draw tiles run out: reshuffle the discards or add the Orange Deck.
    #[serde(default = "default_run_out")]
    pub when_tiles_run_out: RunOut,
    /// What the table taught every tile of a type prints, in earlier games (the catalogue).
    #[serde(default)]
    pub known_printings: Vec<Printing>,
}

impl Default for MiddleOptions {
    fn default() -> Self {
        MiddleOptions {
            starting_coins: None,
            known_events: Vec::new(),
            when_tiles_run_out: default_run_out(),
            known_printings: Vec::new(),
        }
    }
}
