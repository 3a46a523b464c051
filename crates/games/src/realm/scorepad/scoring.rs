//! Totals, places and titles: the rulebook's tie-breakers for first place (shared with the live
//! tracker through `rank_seats`) and, solo, the title or the failure.

use super::state::RealmState;
use crate::realm::data::data;
use engine::{ScoreRow, Scoresheet};

fn totals(s: &RealmState) -> Vec<i32> {
    s.scores
        .iter()
        .map(|row| row.iter().map(|v| v.unwrap_or(0)).sum())
        .collect()
}

/// Seats tied for the highest total.
pub fn tied_for_first(s: &RealmState) -> Vec<usize> {
    let t = totals(s);
    let best = t.iter().copied().max().unwrap_or(0);
    (0..t.len()).filter(|&i| t[i] == best).collect()
}

/// The rulebook's order (000 line 225): total; for first place, then most Era objective firsts,
/// then most Estate cards; otherwise the victory is shared.
fn ranks(s: &RealmState) -> Vec<u8> {
    let firsts: Vec<u8> = s.objective_firsts.iter().map(|v| v.unwrap_or(0)).collect();
    let cards: Vec<u8> = s.estate_cards.iter().map(|v| v.unwrap_or(0)).collect();
    rank_seats(&totals(s), &firsts, &cards)
}

/// Ranks by total; players tied for first are separated by Era-objective firsts, then Estate
/// cards, else they share the victory (000 line 225). Shared by the scorepad and the tracker.
pub fn rank_seats(totals: &[i32], firsts: &[u8], cards: &[u8]) -> Vec<u8> {
    let best = totals.iter().copied().max().unwrap_or(0);
    let tied = totals.iter().filter(|&&t| t == best).count();
    let key = |i: usize| -> (i32, u8, u8) {
        if tied > 1 && totals[i] == best {
            (
                totals[i],
                firsts.get(i).copied().unwrap_or(0),
                cards.get(i).copied().unwrap_or(0),
            )
        } else {
            (totals[i], 0, 0)
        }
    };
    (0..totals.len())
        .map(|i| 1 + (0..totals.len()).filter(|&j| key(j) > key(i)).count() as u8)
        .collect()
}

pub fn score(s: &RealmState) -> Scoresheet {
    let t = data();
    let totals = totals(s);
    let ranks = ranks(s);
    let solo_title = |total: i32| match s.objectives_met {
        Some(n) if n < t.solo_objectives_needed => t.solo_failure_title.clone(),
        _ => t.title(total),
    };
    let rows = (0..s.scores.len())
        .map(|i| ScoreRow {
            seat: i as u8,
            name: String::new(),
            breakdown: s.scores[i].iter().map(|v| v.unwrap_or(0)).collect(),
            total: totals[i],
            rank: ranks[i],
            winner: s.finished && !s.solo && ranks[i] == 1,
            title: (s.finished && s.solo).then(|| solo_title(totals[i])),
            role: None,
            unscored: false,
        })
        .collect();
    Scoresheet {
        categories: t.categories.iter().map(|c| c.name.clone()).collect(),
        rows,
        final_: s.finished,
    }
}
