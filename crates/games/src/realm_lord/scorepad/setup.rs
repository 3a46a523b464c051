//! Setting up Realm Lord's scorepad: every player at 0 Hope Stones, the target not yet
//! confirmed (a target given at New game is only suggested).

use super::actions::PadOptions;
use super::state::PadState;
use crate::realm_lord::catalogue::check_target;
use crate::realm_lord::data::data;
use engine::{err, RuleError, Seat};

/// The pad before its first entry, or why these seats or this target cannot play.
pub fn initial(o: &PadOptions, seats: &[Seat]) -> Result<PadState, RuleError> {
    let p = data().players.value;
    if seats.len() < usize::from(p.min) || seats.len() > usize::from(p.max) {
        return Err(err(
            "realm-lord.players",
            format!("Realm Lord takes {} to {} players", p.min, p.max),
        ));
    }
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
