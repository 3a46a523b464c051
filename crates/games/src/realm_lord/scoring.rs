//! The scoresheet: one category, Hope Stones. Ranks by Hope Stones (equal counts share a rank);
//! the winners are those the game named when a player reached the target (reading B1).

use super::model::{LordState, Phase};
use engine::{ScoreRow, Scoresheet};

/// Rank 1 + the number of seats with more; winners as recorded.
pub fn sheet(hopes: &[u32], winners: &[u8], over: bool) -> Scoresheet {
    let rows = hopes
        .iter()
        .enumerate()
        .map(|(i, &h)| ScoreRow {
            seat: i as u8,
            name: engine::who(i),
            breakdown: vec![i32::try_from(h).unwrap_or(i32::MAX)],
            total: i32::try_from(h).unwrap_or(i32::MAX),
            rank: 1 + hopes.iter().filter(|&&o| o > h).count() as u8,
            winner: over && winners.contains(&(i as u8)),
            title: None,
            role: None,
            unscored: false,
        })
        .collect();
    Scoresheet {
        categories: vec!["Hope Stones".into()],
        rows,
        final_: over,
    }
}

pub fn score(s: &LordState) -> Scoresheet {
    let hopes: Vec<u32> = s.seats.iter().map(|st| st.hope).collect();
    sheet(&hopes, &s.winners, s.phase == Phase::Over)
}
