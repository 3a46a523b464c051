//! Scoring an Era (rulebook 001 lines 93–98), the rank title (lines 100–107) and the scoresheet,
//! with the numbers read from `data/nine_estates.json`.

use super::cards::EstateType;
use super::state::{EraScore, NineState, Phase};
use crate::cited::{load, Cited};
use engine::{ScoreRow, Scoresheet};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::sync::OnceLock;

#[derive(Debug, Deserialize)]
struct Band {
    min: Option<i32>,
    title: String,
}

#[derive(Debug, Deserialize)]
struct Titles {
    bands: Vec<Band>,
}

/// The rule table shipped in `data/nine_estates.json`.
#[derive(Debug, Deserialize)]
pub struct RuleTable {
    structure_cards: Cited<u8>,
    estate_cards: Cited<u8>,
    eras: Cited<u8>,
    points_per_structure: Cited<i32>,
    points_per_duplicate: Cited<i32>,
    points_per_round: Cited<i32>,
    /// Whether a Structure card's described side suggests the other side's edge resources.
    edges_from_other_side: Cited<bool>,
    titles: Titles,
}

const RULE_TABLE_JSON: &str = include_str!("../../../../data/nine_estates.json");
/// Every rule id this game refuses with, with its plain sentence and citation (the `rules`
/// section of the same file).
pub fn rule_book() -> &'static engine::RuleBook {
    static BOOK: OnceLock<engine::RuleBook> = OnceLock::new();
    crate::cited::rule_book(&BOOK, RULE_TABLE_JSON)
}

/// The shipped table, parsed once. It is compiled in, so a broken file is a build defect; should
/// it ever fail to parse at run time, the rulebook's own numbers stand in.
pub fn rules() -> &'static RuleTable {
    static TABLE: OnceLock<RuleTable> = OnceLock::new();
    load(&TABLE, RULE_TABLE_JSON, fallback)
}

/// A number as the rulebook states it, for the fallback table.
fn stated<T>(value: T) -> Cited<T> {
    Cited {
        value,
        cite: String::new(),
    }
}

fn fallback() -> RuleTable {
    let band = |min: Option<i32>, title: &str| Band {
        min,
        title: title.to_string(),
    };
    RuleTable {
        structure_cards: stated(9),
        estate_cards: stated(9),
        eras: stated(2),
        points_per_structure: stated(1),
        points_per_duplicate: stated(1),
        points_per_round: stated(-2),
        edges_from_other_side: stated(true),
        titles: Titles {
            bands: vec![
                band(Some(26), "The King is overthrown!"),
                band(Some(22), "The King is worried."),
                band(Some(18), "The King is impressed."),
                band(Some(14), "The King is unmoved."),
                band(None, "The King is displeased."),
            ],
        },
    }
}

impl RuleTable {
    /// 001 lines 34 and 79: the two edge resources are the card's, so describing one side
    /// suggests the other side's edges.
    pub fn edges_from_other_side(&self) -> bool {
        self.edges_from_other_side.value
    }
    pub fn structure_cards(&self) -> u8 {
        self.structure_cards.value
    }
    pub fn estate_cards(&self) -> u8 {
        self.estate_cards.value
    }
    pub fn eras(&self) -> u8 {
        self.eras.value
    }
    /// The rank title for a final score; anything below the lowest band (negatives too) gets
    /// the last title (product.md).
    pub fn title(&self, total: i32) -> String {
        self.titles
            .bands
            .iter()
            .find(|b| b.min.is_none_or(|m| total >= m))
            .map(|b| b.title.clone())
            .unwrap_or_default()
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_rule_table_parses_as_itself_not_as_the_fallback() {
        assert_eq!(crate::cited::parses::<RuleTable>(RULE_TABLE_JSON), Ok(()));
    }
}
