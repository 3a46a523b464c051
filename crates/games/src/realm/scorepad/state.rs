//! The scorepad's state: each seat's entries, the tie-breakers and, solo, the objectives met;
//! and the empty pad a new game starts from.

use crate::realm::data::data;
use engine::{RuleError, Seat};
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

/// An empty pad for these seats.
pub fn initial(seats: &[Seat]) -> Result<RealmState, RuleError> {
    let t = data();
    if seats.is_empty() || seats.len() > usize::from(t.max_players) {
        return Err(RuleError::new(
            "realm.players",
            format!("Raise the Realm takes 1 to {} players", t.max_players),
        ));
    }
    let n = seats.len();
    Ok(RealmState {
        solo: n == 1,
        scores: vec![vec![None; t.categories.len()]; n],
        objective_firsts: vec![None; n],
        estate_cards: vec![None; n],
        objectives_met: None,
        finished: false,
    })
}
