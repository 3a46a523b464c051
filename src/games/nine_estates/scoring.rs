//! Scoring an Era (rulebook 001 lines 93–98) and the rank title (lines 100–107), with the numbers
//! read from `data/nine_estates.json`.

use super::cards::EstateType;
use super::state::{EraScore, NineState};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::sync::OnceLock;

#[derive(Debug, Deserialize)]
struct Cited<T> {
    value: T,
}

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
    titles: Titles,
}

const RULE_TABLE_JSON: &str = include_str!("../../../data/nine_estates.json");

/// Parse the shipped table. It is compiled in, so a broken file is a build defect that the
/// `rule_table_parses` test catches; at run time we fall back to the rulebook's own numbers.
pub fn rules() -> &'static RuleTable {
    static TABLE: OnceLock<RuleTable> = OnceLock::new();
    TABLE.get_or_init(|| serde_json::from_str(RULE_TABLE_JSON).unwrap_or_else(|_| fallback()))
}

fn fallback() -> RuleTable {
    let band = |min: Option<i32>, title: &str| Band {
        min,
        title: title.to_string(),
    };
    RuleTable {
        structure_cards: Cited { value: 9 },
        estate_cards: Cited { value: 9 },
        eras: Cited { value: 2 },
        points_per_structure: Cited { value: 1 },
        points_per_duplicate: Cited { value: 1 },
        points_per_round: Cited { value: -2 },
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
    if include_current
        && state.phase != super::state::Phase::Deal
        && state.phase != super::state::Phase::Over
    {
        done + era_score(state).total
    } else {
        done
    }
}

/// Whether an Estate of this type is open to be built given the order rule (line 60).
pub fn order_allows(state: &NineState, kind: EstateType) -> bool {
    kind.predecessor().is_none_or(|p| state.has_built_type(p))
}
