//! Setting up Raise the Realm's scorepad: the empty pad a new game starts from.

use super::state::RealmState;
use crate::realm::data::data;
use engine::{RuleError, Seat};

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
