//! The numbers of Count of the Nine Estates, read from `data/nine_estates.json` with their
//! citations: the card counts, the Eras, the scoring table and the rank titles (rulebook 001
//! lines 93–107).

use crate::cited::{load, Cited};
use serde::Deserialize;
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
    pub(super) points_per_structure: Cited<i32>,
    pub(super) points_per_duplicate: Cited<i32>,
    pub(super) points_per_round: Cited<i32>,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_rule_table_parses_as_itself_not_as_the_fallback() {
        assert_eq!(crate::cited::parses::<RuleTable>(RULE_TABLE_JSON), Ok(()));
    }
}
