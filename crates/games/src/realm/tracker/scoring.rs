//! The eight-category score computed from the ledger (000 lines 214-223), ranked with the
//! scorepad's tie-breakers (objective firsts, then Estate cards) and, solo, titled.

use super::model::{Phase, PlayerState, TrackerState};
use crate::realm::data::data;
use crate::realm::scorepad::rank_seats;
use engine::{ScoreRow, Scoresheet};

/// The Victory Points printed on (or described for) the cards in a player's Estate.
pub fn card_vp(s: &TrackerState, p: &PlayerState) -> i32 {
    p.tableau
        .iter()
        .map(|c| super::rules::card_vp(s, &c.card).unwrap_or(0))
        .sum()
}

/// The eight categories in the scorepad's order (000 lines 214-223).
fn breakdown(s: &TrackerState, p: &PlayerState) -> Vec<i32> {
    let d = data();
    let empty = p
        .cubes_removed
        .iter()
        .filter(|&&c| c >= d.limits.cubes_per_track)
        .count() as i32;
    let stored: i32 = p
        .tableau
        .iter()
        .map(|c| c.stored.total() + c.stored_gold)
        .sum();
    vec![
        card_vp(s, p),
        p.game_end_vp.unwrap_or(0),
        p.gold,
        p.tableau.iter().map(|c| c.tucked).sum(),
        stored,
        p.objective_vp,
        p.family_secret.unwrap_or(0),
        empty * d.points_per_empty_track,
    ]
}

pub fn scoresheet(s: &TrackerState) -> Scoresheet {
    let t = data();
    let rows: Vec<Vec<i32>> = s.players.iter().map(|p| breakdown(s, p)).collect();
    let totals: Vec<i32> = rows.iter().map(|r| r.iter().sum()).collect();
    let firsts: Vec<u8> = s.players.iter().map(|p| p.objective_firsts).collect();
    let cards: Vec<u8> = s.players.iter().map(|p| p.tableau.len() as u8).collect();
    let ranks = rank_seats(&totals, &firsts, &cards);
    let over = s.phase == Phase::Over;
    let met = objectives_met(s);
    Scoresheet {
        categories: t.categories.iter().map(|c| c.name.clone()).collect(),
        rows: rows
            .into_iter()
            .enumerate()
            .map(|(i, breakdown)| ScoreRow {
                seat: i as u8,
                name: String::new(),
                breakdown,
                total: totals[i],
                rank: ranks[i],
                winner: over && !s.solo && ranks[i] == 1,
                title: (over && s.solo).then(|| {
                    if met < t.solo_objectives_needed {
                        t.solo_failure_title.clone()
                    } else {
                        t.title(totals[i])
                    }
                }),
                role: s.players[i].leader.clone(),
                unscored: false,
            })
            .collect(),
        final_: over,
    }
}

/// Solo: the objectives met so far.
pub fn objectives_met(s: &TrackerState) -> u8 {
    s.objectives
        .iter()
        .filter(|o| o.places.first() == Some(&1))
        .count() as u8
}
