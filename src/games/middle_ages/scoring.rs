//! End scoring (003 lines 43–51): −10 coins per Estate with no tile, most coins wins, ties by
//! most Palaces and then each Estate from right to left; the same key ranks every place
//! (reading A16) and a total may be negative (reading A15). The scorepad ranks with the same key.

use super::actions::TileType;
use super::data::data;
use super::state::{MiddleState, Phase};
use crate::engine::{ScoreRow, Scoresheet};

/// What ranks a player: the total, then the tile counts in tie-break order.
pub type RankKey = (i32, Vec<u32>);

/// The key for a player with these coins and these tiles per Estate (board order).
pub fn rank_key(coins: i32, counts: &[u32; 8]) -> RankKey {
    let total = coins - penalty(counts);
    let ties = data()
        .tie_break_order
        .iter()
        .map(|t| counts[t.index()])
        .collect();
    (total, ties)
}

/// The coins lost for Estates with no tile (line 45).
pub fn penalty(counts: &[u32; 8]) -> i32 {
    let empty = counts.iter().filter(|&&c| c == 0).count() as i32;
    empty * data().empty_estate_penalty
}

/// 1-based places: one more than the players with a strictly better key; identical keys share.
pub fn ranks(keys: &[RankKey]) -> Vec<u8> {
    keys.iter()
        .map(|k| 1 + keys.iter().filter(|o| *o > k).count() as u8)
        .collect()
}

/// A player's tiles per Estate, in board order.
pub fn counts(s: &MiddleState, seat: u8) -> [u32; 8] {
    let mut out = [0u32; 8];
    for t in TileType::ALL {
        out[t.index()] = s.count(seat, t);
    }
    out
}

/// The categories of both modes' scoresheets.
pub fn categories() -> Vec<String> {
    vec!["Coins".into(), "Empty estates".into()]
}

pub fn score(s: &MiddleState) -> Scoresheet {
    let over = s.phase == Phase::Over;
    let keys: Vec<RankKey> = (0..s.seats)
        .map(|seat| rank_key(s.fiefs[usize::from(seat)].coins, &counts(s, seat)))
        .collect();
    let places = ranks(&keys);
    let rows = (0..s.seats)
        .map(|seat| {
            let i = usize::from(seat);
            let coins = s.fiefs[i].coins;
            ScoreRow {
                seat,
                name: String::new(),
                breakdown: vec![coins, -penalty(&counts(s, seat))],
                total: keys[i].0,
                rank: places[i],
                winner: over && places[i] == 1,
                title: None,
                role: None,
                unscored: false,
            }
        })
        .collect();
    Scoresheet {
        categories: categories(),
        rows,
        final_: over,
    }
}
