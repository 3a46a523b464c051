//! Setting up the scorepad: a blank line for each player.

use super::super::data::data;
use super::state::{PadPlayer, PadState};
use engine::{err, RuleError, Seat};

/// The pad before its first entry, or why these seats cannot play.
pub fn initial(seats: &[Seat]) -> Result<PadState, RuleError> {
    let d = data();
    let n = seats.len();
    if n < usize::from(d.min_players) || n > usize::from(d.max_players) {
        return Err(err(
            "middle.players",
            format!(
                "Middle Ages takes {} to {} players, not {n}",
                d.min_players, d.max_players
            ),
        ));
    }
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
