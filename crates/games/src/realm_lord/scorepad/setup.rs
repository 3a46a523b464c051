//! Setting up Realm Lord's scorepad: every player at 0 Hope Stones, the target not yet
//! confirmed (a target given at New game is only suggested).

use super::actions::PadOptions;
use super::state::PadState;
use crate::realm_lord::catalogue::check_target;
use crate::realm_lord::data::check_players;
use engine::{RuleError, Seat};

/// The pad before its first entry, or why these seats or this target cannot play.
pub fn initial(o: &PadOptions, seats: &[Seat]) -> Result<PadState, RuleError> {
    check_players(seats.len())?;
    if let Some(t) = o.target {
        check_target(t)?;
    }
    Ok(PadState {
        target: None,
        suggested_target: o.target,
        hope: vec![0; seats.len()],
        started: false,
        winners: Vec::new(),
        over: false,
    })
}
