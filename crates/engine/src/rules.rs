//! A game's list of rule ids: every id it refuses with, each with the rule in one plain sentence
//! and where the rulebook (or the project's reading of it) says so. Refusals name only the id;
//! clients look the rule up here to show why, so messages stay in players' words.

use super::game::RuleError;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One rule as players read it: the sentence, and where the rulebook says it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(deny_unknown_fields)]
pub struct RuleText {
    /// The rule in one plain sentence ("On your turn you add 1 or 2.").
    pub says: String,
    /// Where it is written: "<rulebook> line N: …", or the reading it comes from.
    pub cite: String,
}

/// Every rule id a game refuses with, listed once (the `rules` section of its data file).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(transparent)]
pub struct RuleBook(BTreeMap<String, RuleText>);

impl RuleBook {
    /// The book of a game that lists no rules.
    pub fn empty() -> &'static RuleBook {
        static EMPTY: RuleBook = RuleBook(BTreeMap::new());
        &EMPTY
    }

    pub fn get(&self, id: &str) -> Option<&RuleText> {
        self.0.get(id)
    }

    /// The listed ids, in order.
    pub fn ids(&self) -> impl Iterator<Item = &str> {
        self.0.keys().map(String::as_str)
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// What comes before the first dot of the listed ids ("race" for `race.step`).
    pub fn prefixes(&self) -> Vec<&str> {
        let mut out: Vec<&str> = self
            .ids()
            .filter_map(|id| id.split_once('.').map(|(p, _)| p))
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Why a refusal does not fit this book, if it does not: its rule is not listed, or its
    /// message is not in players' words (see `unplain`).
    pub fn misfit(&self, e: &RuleError) -> Option<String> {
        if self.get(&e.rule).is_none() {
            return Some(format!(
                "its rule {} is not in the game's rule book (the rules section of its data file)",
                e.rule
            ));
        }
        self.unplain(&e.message)
    }

    /// Why a refusal's message is not fit for players, if it is not: it shows a rule id of this
    /// book's kind, a rulebook line number, or a plural written as "(s)".
    pub fn unplain(&self, message: &str) -> Option<String> {
        unplain(message, &self.prefixes())
    }
}

/// Why `message` is not in players' words, if it is not: it shows a rule id (a word starting
/// with one of `prefixes` and a dot, e.g. `race.step`), a rulebook line ("line 80",
/// "lines 104-120") or a plural written as "(s)".
pub fn unplain(message: &str, prefixes: &[&str]) -> Option<String> {
    if message.contains("(s)") {
        return Some(format!("\"{message}\" writes a plural as \"(s)\""));
    }
    let words: Vec<&str> = message.split_whitespace().collect();
    for pair in words.windows(2) {
        let [word, next] = pair else { continue };
        let word = word.trim_start_matches(|c: char| !c.is_alphanumeric());
        let starts_with_digit = next.chars().next().is_some_and(|c| c.is_ascii_digit());
        if (word.eq_ignore_ascii_case("line") || word.eq_ignore_ascii_case("lines"))
            && starts_with_digit
        {
            return Some(format!("\"{message}\" cites a rulebook line"));
        }
    }
    for word in &words {
        let word = word.trim_start_matches(|c: char| !c.is_alphanumeric());
        for prefix in prefixes {
            let Some(rest) = word.strip_prefix(prefix).and_then(|r| r.strip_prefix('.')) else {
                continue;
            };
            if rest.starts_with(|c: char| c.is_ascii_lowercase()) {
                return Some(format!("\"{message}\" shows the rule id {word}"));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn book() -> RuleBook {
        serde_json::from_str(
            r#"{"race.step": {"says": "Add 1 or 2.", "cite": "the template's rules"},
                "race.over": {"says": "The race ends at ten.", "cite": "the template's rules"}}"#,
        )
        .expect("a rule book")
    }

    #[test]
    fn a_book_lists_each_rule_once_with_its_sentence_and_citation() {
        let b = book();
        assert_eq!(b.ids().collect::<Vec<_>>(), ["race.over", "race.step"]);
        assert_eq!(
            b.get("race.step").map(|r| r.says.as_str()),
            Some("Add 1 or 2.")
        );
        assert_eq!(b.get("race.nothing"), None);
        assert_eq!(b.prefixes(), ["race"]);
        assert!(RuleBook::empty().is_empty());
        let unknown = r#"{"race.step": {"says": "Add 1 or 2.", "cite": "", "id": 3}}"#;
        assert!(serde_json::from_str::<RuleBook>(unknown).is_err());
    }

    #[test]
    fn a_refusal_fits_when_its_rule_is_listed_and_its_message_plain() {
        let b = book();
        assert_eq!(
            b.misfit(&RuleError::new("race.step", "add 1 or 2, not 3")),
            None
        );
        assert!(b
            .misfit(&RuleError::new("race.jump", "no jumping"))
            .is_some());
        assert!(b
            .misfit(&RuleError::new("race.step", "add 1 or 2 (line 4)"))
            .is_some());
    }

    #[test]
    fn plain_messages_show_no_rule_id_line_number_or_bracketed_plural() {
        let b = book();
        assert_eq!(b.unplain("Ana may add 1 or 2, not 3"), None);
        assert_eq!(b.unplain("the race is over (e.g. Bo reached 10)"), None);
        assert!(b.unplain("refused [race.step]").is_some());
        assert!(b.unplain("see race.over").is_some());
        assert!(b.unplain("add 1 or 2 (000 line 197)").is_some());
        assert!(b.unplain("add 1 or 2 (000 lines 104-120)").is_some());
        assert!(b.unplain("Line 12 says so").is_some());
        assert!(b.unplain("2 card(s) in hand").is_some());
        assert_eq!(b.unplain("the line of 3 cubes"), None);
    }
}
