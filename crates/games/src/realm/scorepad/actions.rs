//! What the table enters on the scorepad (actions), what it records (events), and its options.

use serde::{Deserialize, Serialize};

/// Table choices, recorded with the game.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "RealmOptions")]
pub struct RealmOptions {}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(tag = "type", rename = "RealmAction")]
pub enum RealmAction {
    /// Enter (or correct) one category for one seat; `category` is the rule table's id. `value`
    /// is what the table counts: points, except for `empty_tracks`, where it is how many tableau
    /// tracks have no cube left (0 to 3) and the core scores them (7 each). Entries stored before
    /// counted those points themselves; replay reads the points recorded in their events, so they
    /// read as they were.
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
    /// The points a category scores (for empty tracks, the count entered times 7).
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
