//! The scorepad's scoresheet: coins and the empty-Estate penalty per player, with the places.

use super::super::scoring::categories;
use super::state::PadState;
use engine::{ScoreRow, Scoresheet};

/// A line's tiles per Estate, as the live game's tie-break and penalty take them.
pub(super) fn counts(tiles: &[u8]) -> [u32; 8] {
    let mut out = [0u32; 8];
    for (i, &t) in tiles.iter().take(8).enumerate() {
        out[i] = u32::from(t);
    }
    out
}

/// The pad as a scoresheet (final once closed).
pub fn score(s: &PadState) -> Scoresheet {
    let rows = s
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| ScoreRow {
            seat: i as u8,
            name: String::new(),
            breakdown: vec![p.coins.unwrap_or(0), -p.penalty],
            total: p.total,
            rank: p.rank,
            winner: s.finished && p.rank == 1,
            title: None,
            role: None,
            unscored: false,
        })
        .collect();
    Scoresheet {
        categories: categories(),
        rows,
        final_: s.finished,
    }
}
