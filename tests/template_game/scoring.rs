//! The scoresheet: one category, the counter; the winner is whoever reached the target.

use super::RaceState;
use estate_steward::engine::{ScoreRow, Scoresheet};

pub fn score(s: &RaceState) -> Scoresheet {
    let rows = s
        .counters
        .iter()
        .enumerate()
        .map(|(i, &c)| ScoreRow {
            seat: i as u8,
            // The table puts the seat's name here.
            name: String::new(),
            breakdown: vec![i32::from(c)],
            total: i32::from(c),
            rank: 1 + s.counters.iter().filter(|&&o| o > c).count() as u8,
            winner: s.winner == Some(i as u8),
            title: None,
            role: None,
            unscored: false,
        })
        .collect();
    Scoresheet {
        categories: vec!["Counter".into()],
        rows,
        final_: s.winner.is_some(),
    }
}
