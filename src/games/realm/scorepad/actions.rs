//! What the table enters on the scorepad (actions), what it records (events), and its options.

use serde::{Deserialize, Serialize};

/// Table choices, recorded with the game.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "RealmOptions")]
pub struct RealmOptions {}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(tag = "type", rename = "RealmAction")]
pub enum RealmAction {
    /// Enter (or correct) one category for one seat; `category` is the rule table's id.
    Enter {
        seat: u8,
        category: String,
        value: i32,
    },
    TieBreak {
        seat: u8,
        objective_firsts: u8,
        estate_cards: u8,
    },
    ObjectivesMet {
        count: u8,
    },
    /// Close the scorepad: totals, winner and title become final.
    Finish,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(tag = "type", rename = "RealmEvent")]
pub enum RealmEvent {
    Entered {
        seat: u8,
        index: u8,
        value: i32,
    },
    TieBroken {
        seat: u8,
        objective_firsts: u8,
        estate_cards: u8,
    },
    ObjectivesRecorded {
        count: u8,
    },
    Finished,
}
