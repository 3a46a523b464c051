//! What every worker action starts from: a worker placed (or a level-4 extra action), a ledger
//! line, and the game being under way.

use crate::realm::tracker::actions::TrackerEvent;
use crate::realm::tracker::model::{Change, Phase, TrackerState};
use crate::realm::tracker::rules::{on_turn, who};
use engine::{err, RuleError};

/// The start of a worker action: a worker placed, or one of level 4's extra actions.
pub(super) fn begin(s: &TrackerState) -> Result<(usize, Vec<TrackerEvent>), RuleError> {
    let seat = on_turn(s)?;
    if s.turn.produce.is_some() {
        return Err(err("realm.producing", "finish the Produce action first"));
    }
    if s.turn.actions_left == 0 {
        return Err(err(
            "realm.one-worker",
            "one worker acts per turn: end the turn",
        ));
    }
    let uses_worker = !s.turn.worker_placed;
    if uses_worker && s.players[seat].workers_left() == 0 {
        return Err(err(
            "realm.no-worker",
            format!("{} has no worker left this Era", who(seat)),
        ));
    }
    Ok((
        seat,
        vec![TrackerEvent::WorkerAction {
            seat: seat as u8,
            uses_worker,
        }],
    ))
}

pub(super) fn ledger(seat: usize, change: Change) -> TrackerEvent {
    TrackerEvent::Ledger {
        seat: seat as u8,
        change,
    }
}

/// Effects entered outside a turn still need a game under way.
pub(super) fn in_play(s: &TrackerState) -> Result<(), RuleError> {
    match s.phase {
        Phase::Setup => Err(err("realm.phase", "the game has not started: finish setup")),
        Phase::Over => Err(err("realm.phase", "the game is over")),
        _ => Ok(()),
    }
}
