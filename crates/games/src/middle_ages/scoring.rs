//! End scoring (003 lines 43–51): −10 coins per Estate with no tile, most coins wins, ties by
//! most Palaces and then each Estate from right to left; the same key ranks every place
//! (reading A16) and a total may be negative (reading A15). The scorepad ranks with the same key.

use super::actions::TileType;
use super::data::data;
use super::state::{MiddleState, Phase};
use engine::{ScoreRow, Scoresheet};

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

/// Whether the empty-Estate penalty is in the totals as they stand: from the last round on
/// (and at the end). Before, coins and the penalty are shown apart and places go by coins, so
/// a first screen where every Estate is still empty does not read as everyone at −80 (the
/// penalty is due only at the end, line 45).
pub fn penalty_in_total(s: &MiddleState) -> bool {
    s.phase == Phase::Over || s.round >= data().rounds
}

/// What ranks a player as things stand: the end key once the penalty is in the totals,
/// before that the coins with the same tie-breakers.
pub fn standing_key(s: &MiddleState, seat: u8) -> RankKey {
    let coins = s.fiefs.get(usize::from(seat)).map_or(0, |f| f.coins);
    let key = rank_key(coins, &counts(s, seat));
    if penalty_in_total(s) {
        key
    } else {
        (coins, key.1)
    }
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

/// The scoresheet as it stands. Before the last round it has the coins only (see
/// [`penalty_in_total`]; the Fiefs show the empty Estates beside them).
pub fn score(s: &MiddleState) -> Scoresheet {
    let over = s.phase == Phase::Over;
    let with_penalty = penalty_in_total(s);
    let keys: Vec<RankKey> = (0..s.seats).map(|seat| standing_key(s, seat)).collect();
    let places = ranks(&keys);
    let rows = (0..s.seats)
        .map(|seat| {
            let i = usize::from(seat);
            let coins = s.fiefs[i].coins;
            let mut breakdown = vec![coins];
            if with_penalty {
                breakdown.push(-penalty(&counts(s, seat)));
            }
            ScoreRow {
                seat,
                name: String::new(),
                breakdown,
                total: keys[i].0,
                rank: places[i],
                winner: over && places[i] == 1,
                title: None,
                role: None,
                unscored: false,
            }
        })
        .collect();
    let mut categories = categories();
    categories.truncate(if with_penalty { 2 } else { 1 });
    Scoresheet {
        categories,
        rows,
        final_: over,
    }
}
