//! The scorepad's options, actions (a player's line entered, the pad closed) and events.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "MiddlePadOptions")]
pub struct PadOptions {}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(tag = "type", rename = "MiddlePadAction")]
pub enum PadAction {
    /// A player's coins as counted at the end (before the penalty) and their tiles per Estate,
    /// Field to Palace. Entering a player again corrects them.
    Enter {
        seat: u8,
        coins: i32,
        tiles: Vec<u8>,
    },
    /// Close the scorepad: totals and places become final.
    Finish,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum PadEvent {
    Entered {
        seat: u8,
        coins: i32,
        tiles: Vec<u8>,
    },
    Finished,
}
