//! Scoring The Estates: building points by company certificate (plus for a complete row, minus
//! for an incomplete one, doubled in the mayor's row), money at the end, and ties by money.

use super::state::{EstatesState, Phase};
use engine::{ScoreRow, Scoresheet};

/// Points per seat from buildings (cash boxes excluded): what the table sees during play.
pub fn building_points(s: &EstatesState) -> Vec<i32> {
    let mut points = vec![0i32; usize::from(s.seats)];
    for (row_i, row) in s.board.iter().enumerate() {
        let sign = if s.row_complete(row_i) { 1 } else { -1 };
        let mult = if s.mayor == Some(row_i as u8) { 2 } else { 1 };
        for b in &row.buildings {
            // A building scores for whoever holds the certificate of its top cube's colour.
            let Some(top) = b.cubes.last() else { continue };
            let Some(Some(holder)) = s.certificates.get(usize::from(top.colour)) else {
                continue;
            };
            let value: i32 = b.cubes.iter().map(|c| i32::from(c.value)).sum::<i32>()
                + b.rooftop.map_or(0, i32::from);
            if let Some(p) = points.get_mut(usize::from(*holder)) {
                *p += sign * mult * value;
            }
        }
    }
    points
}

/// The scoresheet: buildings, cash box and checks in hand per seat, ranked.
pub(super) fn score(s: &EstatesState) -> Scoresheet {
    let buildings = building_points(s);
    let mut rows: Vec<ScoreRow> = (0..s.seats)
        .map(|seat| score_row(s, seat, buildings[usize::from(seat)]))
        .collect();
    rank(s, &mut rows);
    let over = s.phase == Phase::Over;
    for row in &mut rows {
        row.winner = over && row.rank == 1;
    }
    Scoresheet {
        categories: vec![
            "Buildings".into(),
            "Cash box".into(),
            "Checks in hand".into(),
        ],
        rows,
        final_: over,
    }
}

fn score_row(s: &EstatesState, seat: u8, buildings: i32) -> ScoreRow {
    let p = &s.purses[usize::from(seat)];
    // Money is secret until the end (product.md principle 5): while the game runs the
    // sheet shows buildings only, and ranks by them alone.
    let over = s.phase == Phase::Over;
    let boxed = if over { p.cash_box as i32 } else { 0 };
    let hand = if over && s.all_money_scores {
        p.cash as i32
    } else {
        0
    };
    ScoreRow {
        seat,
        name: String::new(),
        breakdown: vec![buildings, boxed, hand],
        total: buildings + boxed + hand,
        rank: 0,
        winner: false,
        title: None,
        role: None,
        unscored: false,
    }
}

/// Rank by total, then by money in hand plus cash box (002 line 194); tied seats share a rank.
fn rank(s: &EstatesState, rows: &mut [ScoreRow]) {
    let key = |r: &ScoreRow| {
        let p = &s.purses[usize::from(r.seat)];
        // The tie-break by money waits for the end too, or ranks would hint at balances.
        let money = if s.phase == Phase::Over {
            (p.cash + p.cash_box) as i32
        } else {
            0
        };
        (r.total, money)
    };
    let keys: Vec<(i32, i32)> = rows.iter().map(key).collect();
    for (i, row) in rows.iter_mut().enumerate() {
        row.rank = 1 + keys.iter().filter(|k| **k > keys[i]).count() as u8;
    }
}
