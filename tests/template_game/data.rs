//! The rule data, each number beside its citation, read once through the shared loader.

use estate_steward::engine::RuleBook;
use estate_steward::games::cited::{load, rule_book, Cited};
use serde::Deserialize;
use std::sync::OnceLock;

#[derive(Debug, Deserialize)]
pub struct RaceData {
    pub target: Cited<u8>,
    pub max_step: Cited<u8>,
}

const JSON: &str = include_str!("template.json");

pub fn data() -> &'static RaceData {
    static DATA: OnceLock<RaceData> = OnceLock::new();
    load(&DATA, JSON, || RaceData {
        target: Cited {
            value: 10,
            cite: String::new(),
        },
        max_step: Cited {
            value: 2,
            cite: String::new(),
        },
    })
}

/// Every rule id the game refuses with, with its plain sentence and citation: the `rules` section
/// of the same file. The conformance suite refuses a refusal whose id is not listed.
pub fn rules() -> &'static RuleBook {
    static BOOK: OnceLock<RuleBook> = OnceLock::new();
    rule_book(&BOOK, JSON)
}
