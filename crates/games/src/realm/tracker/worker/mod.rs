//! A turn's actions (000 lines 128-135, 149-210): the four worker actions with their limits,
//! the free conversions and Leader abilities, and card effects entered as what they did. Each
//! room judges its own actions; this one holds what they all start from.

mod effects;
mod expand;
mod gather;
mod produce;

pub use effects::{convert, effect, effect_each, remove_card, solo_ask, solo_reveal, use_ability};
pub use expand::{expand, play_free};
pub use gather::{draw, gather};
pub use produce::{activate, finish_produce, needs, produce};

use super::actions::TrackerEvent;
use super::model::{Change, Phase, TrackerState};
use super::rules::{on_turn, who};
use engine::{err, RuleError};

/// The start of a worker action: a worker placed, or one of level 4's extra actions.
fn begin(s: &TrackerState) -> Result<(usize, Vec<TrackerEvent>), RuleError> {
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

fn ledger(seat: usize, change: Change) -> TrackerEvent {
    TrackerEvent::Ledger {
        seat: seat as u8,
        change,
    }
}

/// Effects entered outside a turn still need a game under way.
fn in_play(s: &TrackerState) -> Result<(), RuleError> {
    match s.phase {
        Phase::Setup => Err(err("realm.phase", "the game has not started: finish setup")),
        Phase::Over => Err(err("realm.phase", "the game is over")),
        _ => Ok(()),
    }
}
