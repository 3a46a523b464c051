//! What the table enters on the Hope Stone scorepad, what it records, and its options.

use serde::{Deserialize, Serialize};

/// Table choices: the target New game suggests (the last one used); still confirmed at the table.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "LordPadOptions", default)]
pub struct PadOptions {
    pub target: Option<u32>,
}

/// One player's Hope Stones gained (+) or lost (−).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "LordPadChange")]
pub struct PadChange {
    pub seat: u8,
    pub delta: i32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(tag = "type", rename = "LordPadAction")]
pub enum PadAction {
    /// The Hope Stone target, confirmed by the table (the rulebook names none).
    ConfirmTarget { hope_stones: u32 },
    /// Hope Stones that changed at once (one player's, or several when a card gives to many).
    Record { changes: Vec<PadChange> },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum PadEvent {
    TargetConfirmed {
        hope_stones: u32,
    },
    /// The real change (a loss stops at 0).
    HopeChanged {
        seat: u8,
        delta: i32,
    },
    GameWon {
        winners: Vec<u8>,
    },
}
