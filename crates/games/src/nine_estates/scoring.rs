//! Scoring an Era (rulebook 001 lines 93–98), the rank title (lines 100–107) and the scoresheet,
//! with the numbers of `data.rs`.

use super::cards::EstateType;
pub use super::data::{rule_book, rules, RuleTable};
use super::state::{EraScore, NineState, Phase};
use engine::{ScoreRow, Scoresheet};
use std::collections::BTreeMap;

/// The current Era's score as it stands (it is final when the Era ends).
pub fn era_score(state: &NineState) -> EraScore {
    let t = rules();
    let mut by_name: BTreeMap<String, i32> = BTreeMap::new();
    let mut shields = 0i32;
    for s in &state.structures {
        *by_name.entry(s.name.trim().to_lowercase()).or_default() += 1;
        shields += state
            .face_def(s.card, s.face)
            .map_or(0, |d| i32::from(d.shields));
    }
    for e in state.estates.iter().filter(|e| e.era == state.era) {
        shields += state
            .catalogue
            .estate(e.card)
            .map_or(0, |d| i32::from(d.shields));
    }
    let structures = state.structures.len() as i32 * t.points_per_structure.value;
    let duplicates = by_name.values().map(|n| n - 1).sum::<i32>() * t.points_per_duplicate.value;
    let rounds = state.round as i32 * t.points_per_round.value;
    EraScore {
        era: state.era,
        structures,
        duplicates,
        shields,
        rounds,
        total: structures + duplicates + shields + rounds,
    }
}

/// The score of finished Eras plus, while the game runs, the current Era so far.
pub fn total(state: &NineState, include_current: bool) -> i32 {
    let done: i32 = state.era_scores.iter().map(|e| e.total).sum();
    if include_current && state.phase != Phase::Deal && state.phase != Phase::Over {
        done + era_score(state).total
    } else {
        done
    }
}

/// Whether an Estate of this type is open to be built given the order rule (line 60).
pub fn order_allows(state: &NineState, kind: EstateType) -> bool {
    kind.predecessor().is_none_or(|p| state.has_built_type(p))
}

/// The scoresheet: one column per category of each scored Era, and of the Era being played.
/// The rank title is given only once the game is over.
pub fn scoresheet(state: &NineState) -> Scoresheet {
    let mut breakdown = Vec::new();
    let mut categories = Vec::new();
    let mut scores: Vec<EraScore> = state.era_scores.clone();
    if !matches!(state.phase, Phase::Over | Phase::Deal) {
        scores.push(era_score(state));
    }
    for e in &scores {
        for (label, v) in [
            ("Structures", e.structures),
            ("Duplicates", e.duplicates),
            ("Shields", e.shields),
            ("Rounds", e.rounds),
            ("Total", e.total),
        ] {
            // Joined, not formatted: the live scoresheet is written on every action.
            categories.push(["Era ", itoa::Buffer::new().format(e.era), " ", label].concat());
            breakdown.push(v);
        }
    }
    let total: i32 = scores.iter().map(|e| e.total).sum();
    let over = state.phase == Phase::Over;
    Scoresheet {
        categories,
        rows: vec![ScoreRow {
            seat: 0,
            name: String::new(),
            breakdown,
            total,
            rank: 1,
            winner: false,
            title: over.then(|| rules().title(total)),
            role: None,
            unscored: false,
        }],
        final_: over,
    }
}
