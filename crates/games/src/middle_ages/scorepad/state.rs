//! The scorepad's state: each player's line and what follows from it.

use super::super::actions::TileType;
use serde::{Deserialize, Serialize};

/// One player's line on the pad, with what follows from it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "MiddlePadPlayer")]
pub struct PadPlayer {
    pub coins: Option<i32>,
    /// Tiles per Estate, Field to Palace, once entered.
    pub tiles: Option<Vec<u8>>,
    /// Coins lost for empty Estates (positive), once entered.
    pub penalty: i32,
    pub total: i32,
    pub rank: u8,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "MiddlePadState")]
pub struct PadState {
    pub players: Vec<PadPlayer>,
    /// The Estates in tie-break order (Palace first).
    pub tie_break_order: Vec<TileType>,
    pub finished: bool,
}
