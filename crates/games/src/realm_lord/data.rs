//! Realm Lord's rule data, read once from `data/realm_lord.json` (each value cites its line of
//! `shared/seeds/004_9d76aa907438df82.txt` or names the reading it comes from), shared by the
//! table assistant and the scorepad.

use crate::cited::{self, Cited};
use engine::{err, RuleError};
use serde::Deserialize;
use std::sync::OnceLock;

#[derive(Debug, Clone, Copy, Deserialize)]
pub struct Players {
    pub min: u8,
    pub max: u8,
}

#[derive(Debug, Clone, Copy, Deserialize)]
pub struct Die {
    pub sides: u8,
    pub always_succeeds: u8,
    pub always_fails: u8,
}

/// Sanity bounds on numbers the table enters (not printed in 004: ours).
#[derive(Debug, Clone, Copy, Deserialize)]
pub struct Bounds {
    pub attribute: [u8; 2],
    pub difficulty: [u8; 2],
    pub quest_hope: [u8; 2],
    pub modifier: [i32; 2],
    pub target: [u32; 2],
    pub hope_change: [i32; 2],
    pub hand_change: [i32; 2],
    pub extra_actions: [u8; 2],
    pub hand: [u8; 2],
}

/// An example card of the rulebook: its name and printed text (numbers are not printed).
#[derive(Debug, Clone, Deserialize)]
pub struct ExampleCard {
    pub name: String,
    pub text: String,
    #[serde(default)]
    pub homeland: Option<String>,
    #[serde(default)]
    pub location: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize)]
pub struct ExampleCards {
    pub lords: Vec<ExampleCard>,
    pub heroes: Vec<ExampleCard>,
    pub quests: Vec<ExampleCard>,
    pub events: Vec<ExampleCard>,
    pub treasures: Vec<ExampleCard>,
}

#[derive(Debug, Deserialize)]
pub struct LordData {
    pub players: Cited<Players>,
    pub realms: Cited<u8>,
    pub known_realm_names: Cited<Vec<String>>,
    pub starting_hand: Cited<u8>,
    pub draw_per_turn: Cited<u8>,
    pub hand_limit: Cited<u8>,
    pub actions_per_turn: Cited<u8>,
    pub hero_limit: Cited<u8>,
    pub lord_outside_hero_limit: Cited<bool>,
    pub die: Cited<Die>,
    pub attributes: Cited<Vec<String>>,
    pub hope_stone_target: Cited<Option<u32>>,
    pub bounds: Cited<Bounds>,
    pub example_cards: Cited<ExampleCards>,
}

const JSON: &str = include_str!("../../../../data/realm_lord.json");
/// Every rule id this game refuses with, with its plain sentence and citation (the `rules`
/// section of the same file).
pub fn rule_book() -> &'static engine::RuleBook {
    static BOOK: OnceLock<engine::RuleBook> = OnceLock::new();
    crate::cited::rule_book(&BOOK, JSON)
}

fn cited<T>(value: T) -> Cited<T> {
    Cited {
        value,
        cite: String::new(),
    }
}

/// The rulebook's own numbers, should the compiled-in file ever fail to parse (a test guards it).
fn fallback() -> LordData {
    LordData {
        players: cited(Players { min: 2, max: 6 }),
        realms: cited(6),
        known_realm_names: cited(vec![
            "Darkthorn".into(),
            "Mysteria".into(),
            "Blackboil".into(),
        ]),
        starting_hand: cited(5),
        draw_per_turn: cited(2),
        hand_limit: cited(8),
        actions_per_turn: cited(3),
        hero_limit: cited(5),
        lord_outside_hero_limit: cited(false),
        die: cited(Die {
            sides: 6,
            always_succeeds: 6,
            always_fails: 1,
        }),
        attributes: cited(vec![
            "Valor".into(),
            "Might".into(),
            "Craft".into(),
            "Magic".into(),
        ]),
        hope_stone_target: cited(None),
        bounds: cited(Bounds {
            attribute: [0, 20],
            difficulty: [1, 30],
            quest_hope: [1, 20],
            modifier: [-20, 20],
            target: [1, 99],
            hope_change: [-20, 20],
            hand_change: [-20, 20],
            extra_actions: [1, 3],
            hand: [0, 99],
        }),
        example_cards: cited(ExampleCards::default()),
    }
}

/// The shipped rule data.
pub fn data() -> &'static LordData {
    static DATA: OnceLock<LordData> = OnceLock::new();
    cited::load(&DATA, JSON, fallback)
}

/// A table of `n` players against the rulebook's range, for the game and its scorepad alike.
pub fn check_players(n: usize) -> Result<(), RuleError> {
    let p = data().players.value;
    if n < usize::from(p.min) || n > usize::from(p.max) {
        return Err(err(
            "realm-lord.players",
            format!("Realm Lord takes {} to {} players", p.min, p.max),
        ));
    }
    Ok(())
}

/// Whether the shipped file parses (for the test that guards it).
pub fn shipped_data_parses() -> Result<(), String> {
    cited::parses::<LordData>(JSON)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_rule_data_parses_with_the_rulebook_numbers() {
        assert_eq!(shipped_data_parses(), Ok(()));
        let d = data();
        assert_eq!(d.realms.value, 6);
        assert_eq!(d.starting_hand.value, 5);
        assert_eq!(d.hand_limit.value, 8);
        assert_eq!(d.hero_limit.value, 5);
        assert!(
            !d.lord_outside_hero_limit.value,
            "004 line 42: the Lord counts by default"
        );
        assert!(d.lord_outside_hero_limit.cite.contains("line 42"));
        assert_eq!(d.die.value.sides, 6);
        assert!(d.hope_stone_target.value.is_none());
        assert!(d.known_realm_names.cite.contains("line 52"));
    }
}
