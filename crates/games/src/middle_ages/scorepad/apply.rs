//! Entries onto the pad: each line stored, then every player's penalty, total and place again.

use super::super::scoring::{penalty, rank_key, ranks};
use super::actions::PadEvent;
use super::scoring::counts;
use super::state::PadState;

/// Penalties, totals and places follow every entry.
fn rescore(s: &mut PadState) {
    let keys: Vec<_> = s
        .players
        .iter()
        .map(|p| {
            let c = p.tiles.as_deref().map(counts).unwrap_or([0; 8]);
            rank_key(p.coins.unwrap_or(0), &c)
        })
        .collect();
    let places = ranks(&keys);
    for (i, p) in s.players.iter_mut().enumerate() {
        p.penalty = p.tiles.as_deref().map_or(0, |t| penalty(&counts(t)));
        p.total = p.coins.unwrap_or(0) - p.penalty;
        p.rank = places[i];
    }
}

/// Apply one event to the pad.
pub fn apply(s: &mut PadState, e: &PadEvent) {
    match e {
        PadEvent::Entered { seat, coins, tiles } => {
            if let Some(p) = s.players.get_mut(usize::from(*seat)) {
                p.coins = Some(*coins);
                p.tiles = Some(tiles.clone());
            }
            rescore(s);
        }
        PadEvent::Finished => s.finished = true,
    }
}
