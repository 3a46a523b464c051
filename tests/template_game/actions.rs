//! What a player can do, what it does, and the table's options.

use serde::{Deserialize, Serialize};

/// `{"type":"Add","amount":2}`: an action names its fields, so a client can build it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(tag = "type", rename = "RaceAction")]
pub enum RaceAction {
    Add { amount: u8 },
}

/// Outcomes, as the log stores them: `apply` replays these and never decides again.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum RaceEvent {
    Added { seat: u8, amount: u8 },
    Won { seat: u8 },
}

/// The table's choices; `target: None` plays the rule data's target.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "RaceOptions")]
pub struct RaceOptions {
    pub target: Option<u8>,
}
