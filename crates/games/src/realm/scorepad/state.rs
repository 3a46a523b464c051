//! The scorepad's state: each seat's entries, the tie-breakers and, solo, the objectives met.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "RealmState")]
pub struct RealmState {
    pub solo: bool,
    /// Per seat, one entry per category (in the rule table's order); None until entered.
    pub scores: Vec<Vec<Option<i32>>>,
    /// Tie-breakers, needed only when players tie for first: Era objective firsts, Estate cards.
    pub objective_firsts: Vec<Option<u8>>,
    pub estate_cards: Vec<Option<u8>>,
    /// Solo: how many of the 5 Era objectives were met.
    pub objectives_met: Option<u8>,
    pub finished: bool,
}
