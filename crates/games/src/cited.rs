//! Rule data from `data/`: every number in a game's JSON file stands beside its citation
//! (`{"value": …, "cite": "001 line 75: …"}`). Games read values through `Cited<T>` and parse
//! their file once through `load`; the file's `rules` section, the list of the game's rule ids
//! with their plain sentences and citations, is read once through `rule_book`.

use engine::RuleBook;
use serde::de::DeserializeOwned;
use serde::Deserialize;
use std::sync::OnceLock;

/// A value from the rulebook with the line that states it.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Cited<T> {
    pub value: T,
    /// Where the rulebook (or product.md's reading) says it; kept for people, unused by rules.
    #[serde(default)]
    pub cite: String,
}

/// Parse a game's compiled-in rule file once and keep it for the life of the process.
///
/// The file is compiled in with `include_str!`, so a parse failure is a build defect that each
/// game's rule-table test catches (see `parses`); should it ever happen at run time, `fallback`
/// (the rulebook's own numbers, written in the game's code) stands in rather than a panic.
pub fn load<T: DeserializeOwned>(
    cell: &'static OnceLock<T>,
    json: &str,
    fallback: impl FnOnce() -> T,
) -> &'static T {
    cell.get_or_init(|| serde_json::from_str(json).unwrap_or_else(|_| fallback()))
}

/// The `rules` section of a game's data file: every rule id the game refuses with.
#[derive(Deserialize)]
struct RulesSection {
    rules: RuleBook,
}

/// Read the rule book in a game's compiled-in data file once. Should the section ever fail to
/// parse (a build defect the rule-book tests catch), the book is empty: refusals still reach the
/// table, only without their "Why?".
pub fn rule_book(cell: &'static OnceLock<RuleBook>, json: &str) -> &'static RuleBook {
    cell.get_or_init(|| {
        serde_json::from_str::<RulesSection>(json)
            .map(|s| s.rules)
            .unwrap_or_default()
    })
}

/// Whether a data file's `rules` section parses, with serde's reason when it does not.
pub fn rules_parse(json: &str) -> Result<(), String> {
    parses::<RulesSection>(json)
}

/// Whether a rule file parses as `T`, with serde's reason when it does not (for the tests that
/// guard each shipped file).
pub fn parses<T: DeserializeOwned>(json: &str) -> Result<(), String> {
    serde_json::from_str::<T>(json)
        .map(|_| ())
        .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Deserialize)]
    struct Sample {
        limit: Cited<u8>,
    }

    #[test]
    fn a_cited_value_reads_with_or_without_its_citation() {
        let s: Sample =
            serde_json::from_str(r#"{"limit":{"value":7,"cite":"000 line 9"}}"#).expect("parses");
        assert_eq!(s.limit.value, 7);
        assert_eq!(s.limit.cite, "000 line 9");
        assert!(parses::<Sample>(r#"{"limit":{"value":3}}"#).is_ok());
        assert!(parses::<Sample>(r#"{"limit":3}"#).is_err());
    }

    #[test]
    fn a_data_file_lists_its_rules_in_a_section() {
        static BOOK: OnceLock<RuleBook> = OnceLock::new();
        let json = r#"{"limit": {"value": 7},
            "rules": {"race.step": {"says": "Add 1 or 2.", "cite": "000 line 9"}}}"#;
        assert!(rules_parse(json).is_ok());
        assert!(rules_parse(r#"{"limit": {"value": 7}}"#).is_err());
        let book = rule_book(&BOOK, json);
        assert_eq!(
            book.get("race.step").map(|r| r.cite.as_str()),
            Some("000 line 9")
        );
        static BROKEN: OnceLock<RuleBook> = OnceLock::new();
        assert!(rule_book(&BROKEN, "{not json").is_empty());
    }

    #[test]
    fn a_broken_file_falls_back_instead_of_panicking() {
        static CELL: OnceLock<Sample> = OnceLock::new();
        let s = load(&CELL, "{not json", || Sample {
            limit: Cited {
                value: 4,
                cite: String::new(),
            },
        });
        assert_eq!(s.limit.value, 4);
    }
}
