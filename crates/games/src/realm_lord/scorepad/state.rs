//! The scorepad's table: the target, each seat's Hope Stones, and who won.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "LordPadState")]
pub struct PadState {
    pub target: Option<u32>,
    pub suggested_target: Option<u32>,
    pub hope: Vec<u32>,
    /// Hope Stones have been recorded: the target is fixed (undo to change it).
    pub started: bool,
    pub winners: Vec<u8>,
    pub over: bool,
}
