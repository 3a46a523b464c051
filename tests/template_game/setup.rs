//! Setting up: the state before the first action (every counter at 0, the target from the
//! options or the data file).

use super::actions::RaceOptions;
use super::data::data;
use super::RaceState;
use estate_steward::engine::{err, RuleError, Seat};

/// The race before its first step, or why these options cannot start one.
pub fn initial(options: &RaceOptions, seats: &[Seat]) -> Result<RaceState, RuleError> {
    let target = options.target.unwrap_or(data().target.value);
    if target == 0 {
        return Err(err("race.target", "the target must be at least 1"));
    }
    Ok(RaceState {
        target,
        counters: vec![0; seats.len()],
        current: 0,
        winner: None,
    })
}
