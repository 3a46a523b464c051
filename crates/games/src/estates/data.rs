//! The numbers of The Estates, read from `data/the_estates.json` (each cites its rulebook line)
//! through the shared loader in `games::cited`.

use crate::cited::{load, parses, Cited};
use serde::Deserialize;
use std::sync::OnceLock;

/// The player range is one entry with a single citation, not two cited values.
#[derive(Debug, Deserialize)]
struct Players {
    min: u8,
    max: u8,
}

/// The file as written: each number beside its citation.
#[derive(Debug, Deserialize)]
struct Raw {
    players: Players,
    starting_money: Cited<u32>,
    colours: Cited<Vec<String>>,
    cube_values: Cited<Vec<u8>>,
    market_rows: Cited<u8>,
    market_row_length: Cited<u8>,
    rooftops: Cited<u8>,
    rooftop_values: Cited<[u8; 2]>,
    permits: Cited<Vec<u8>>,
    base_requirement: Cited<u8>,
    board_rows: Cited<u8>,
    max_height: Cited<u8>,
    sand_lots: Cited<Vec<[u8; 2]>>,
    sand_lot_count: Cited<u8>,
}

/// The rule table, typed. It is read from the file's `Raw` shape so the rules see plain numbers.
#[derive(Debug, Clone, Deserialize)]
#[serde(from = "Raw")]
pub struct Table {
    pub min_players: u8,
    pub max_players: u8,
    pub starting_money: u32,
    pub colours: Vec<String>,
    pub cube_values: Vec<u8>,
    pub market_rows: u8,
    pub market_row_length: u8,
    pub rooftops: u8,
    pub rooftop_min: u8,
    pub rooftop_max: u8,
    pub permits: Vec<u8>,
    pub base_requirement: u8,
    pub board_rows: u8,
    pub max_height: u8,
    pub sand_lots: Vec<[u8; 2]>,
    pub sand_lot_count: u8,
}

impl From<Raw> for Table {
    fn from(r: Raw) -> Self {
        let [rooftop_min, rooftop_max] = r.rooftop_values.value;
        Table {
            min_players: r.players.min,
            max_players: r.players.max,
            starting_money: r.starting_money.value,
            colours: r.colours.value,
            cube_values: r.cube_values.value,
            market_rows: r.market_rows.value,
            market_row_length: r.market_row_length.value,
            rooftops: r.rooftops.value,
            rooftop_min,
            rooftop_max,
            permits: r.permits.value,
            base_requirement: r.base_requirement.value,
            board_rows: r.board_rows.value,
            max_height: r.max_height.value,
            sand_lots: r.sand_lots.value,
            sand_lot_count: r.sand_lot_count.value,
        }
    }
}

const JSON: &str = include_str!("../../../../data/the_estates.json");
/// Every rule id this game refuses with, with its plain sentence and citation (the `rules`
/// section of the same file).
pub fn rule_book() -> &'static engine::RuleBook {
    static BOOK: OnceLock<engine::RuleBook> = OnceLock::new();
    crate::cited::rule_book(&BOOK, JSON)
}

/// The shipped table. It is compiled in; the `the_rule_table_parses` test guards it, and the
/// rulebook's own numbers stand in should it ever fail to parse.
pub fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    load(&TABLE, JSON, rulebook_numbers)
}

/// The rulebook's numbers as written in the code: the fallback for a file that does not parse.
fn rulebook_numbers() -> Table {
    Table {
        min_players: 2,
        max_players: 5,
        starting_money: 12,
        colours: ["Red", "Blue", "Green", "Yellow", "Purple", "Orange"]
            .map(String::from)
            .to_vec(),
        cube_values: vec![1, 2, 3, 4, 5, 6],
        market_rows: 3,
        market_row_length: 8,
        rooftops: 12,
        rooftop_min: 1,
        rooftop_max: 6,
        permits: vec![1, 2, 3],
        base_requirement: 4,
        board_rows: 3,
        max_height: 6,
        sand_lots: vec![[0, 1], [0, 4], [1, 2], [2, 0], [2, 5]],
        sand_lot_count: 5,
    }
}

/// Did the shipped file parse (for the test that guards it)?
pub fn shipped_table_parses() -> bool {
    parses::<Table>(JSON).is_ok()
}
