//! Setting up the scorepad: a blank line for each player.

use super::super::data::{check_players, data};
use super::state::{PadPlayer, PadState};
use engine::{RuleError, Seat};

/// The pad before its first entry, or why these seats cannot play.
pub fn initial(seats: &[Seat]) -> Result<PadState, RuleError> {
    let d = data();
    let n = seats.len();
    check_players(n)?;
    let blank = PadPlayer {
        coins: None,
        tiles: None,
        penalty: 0,
        total: 0,
        rank: 1,
    };
    Ok(PadState {
        players: vec![blank; n],
        tie_break_order: d.tie_break_order.clone(),
        finished: false,
    })
}
