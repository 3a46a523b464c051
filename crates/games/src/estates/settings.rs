//! The table's options (`EstatesOptions`), with the board settings a table may correct in New game
//! (product.md, "Settings a table may correct"): where the five sand lots are and which numbers a
//! rooftop may show. Their defaults are the data file's cited values; a table's own values are
//! checked here before a game starts, each refusal naming the setting and why.

use super::data::table;
use engine::{err, RuleError};
use serde::{Deserialize, Deserializer, Serialize};
use std::collections::HashSet;

/// Sand lots as (row, lot) pairs, and a rooftop range as (lowest, highest): named so that the
/// bindings' `specta(type = …)` reads them as plain paths.
type SandLots = Vec<[u8; 2]>;
type RooftopRange = [u8; 2];

/// Table choices, recorded with the game. The board settings are always concrete once read: a
/// game stored before they were settings (`sand_lots: null`, no `rooftop_values`) reads the data
/// file's defaults, which it played with, and a new game's record keeps the values it uses.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
pub struct EstatesOptions {
    /// Score every check, in hand too (the rulebook scores only the cash box).
    #[serde(default)]
    pub all_money_scores: bool,
    /// The five single-cube sand lots as (row, lot from the street), both counted from 0.
    /// (`null`, read as the default, is for stored games only: clients send the lots.)
    #[specta(type = SandLots)]
    #[serde(
        default = "default_sand_lots",
        deserialize_with = "sand_lots_or_default"
    )]
    pub sand_lots: Vec<[u8; 2]>,
    /// The lowest and highest number a rooftop may show.
    #[specta(type = RooftopRange)]
    #[serde(
        default = "default_rooftop_values",
        deserialize_with = "rooftop_values_or_default"
    )]
    pub rooftop_values: [u8; 2],
}

/// The data file's board settings (its cited defaults), the house rule off.
impl Default for EstatesOptions {
    fn default() -> Self {
        EstatesOptions {
            all_money_scores: false,
            sand_lots: default_sand_lots(),
            rooftop_values: default_rooftop_values(),
        }
    }
}

/// The data file's sand lots (002 line 104, positions our default).
pub fn default_sand_lots() -> Vec<[u8; 2]> {
    table().sand_lots.clone()
}

/// The data file's rooftop numbers, lowest and highest (not printed in the rulebook).
pub fn default_rooftop_values() -> [u8; 2] {
    let t = table();
    [t.rooftop_min, t.rooftop_max]
}

/// Games stored before sand lots were a New-game setting wrote `null` for "the default".
pub(super) fn sand_lots_or_default<'de, D: Deserializer<'de>>(
    d: D,
) -> Result<Vec<[u8; 2]>, D::Error> {
    Ok(Option::deserialize(d)?.unwrap_or_else(default_sand_lots))
}

/// `null` reads as the default too, as for the sand lots.
pub(super) fn rooftop_values_or_default<'de, D: Deserializer<'de>>(
    d: D,
) -> Result<[u8; 2], D::Error> {
    Ok(Option::deserialize(d)?.unwrap_or_else(default_rooftop_values))
}

/// The longest a row can be: its base requirement with every permit lengthening it (002 lines
/// 98 and 138-143); a sand lot further out could never be built on.
fn longest_row() -> u32 {
    let t = table();
    u32::from(t.base_requirement) + t.permits.iter().map(|&p| u32::from(p)).sum::<u32>()
}

/// Check a table's settings: the rulebook's number of sand lots, each on the board and none
/// twice, and a rooftop range the rooftops can show.
pub(super) fn check(options: &EstatesOptions) -> Result<(), RuleError> {
    check_sand_lots(&options.sand_lots)?;
    check_rooftop_values(options.rooftop_values)
}

/// "the top row" for a row of the board, "row 5" (counted from 1) for one off it.
fn row_words(row: u8) -> String {
    match row {
        0 => "the top row".into(),
        1 => "the middle row".into(),
        2 => "the bottom row".into(),
        r => format!("row {}", u32::from(r) + 1),
    }
}

fn check_sand_lots(lots: &[[u8; 2]]) -> Result<(), RuleError> {
    let t = table();
    let sand = |message: String| err("estates.sand-lots", format!("Sand lots: {message}"));
    if lots.len() != usize::from(t.sand_lot_count) {
        return Err(sand(format!(
            "the board has {} of them, not {}",
            t.sand_lot_count,
            lots.len()
        )));
    }
    let longest = longest_row();
    let mut seen = HashSet::new();
    for &[row, lot] in lots {
        if row >= t.board_rows {
            return Err(sand(format!(
                "there is no {}: the board has {} rows",
                row_words(row),
                t.board_rows
            )));
        }
        if u32::from(lot) >= longest {
            return Err(sand(format!(
                "lot {} of {} is off the board: a row is at most {longest} lots long",
                u32::from(lot) + 1,
                row_words(row)
            )));
        }
        if !seen.insert((row, lot)) {
            return Err(sand(format!(
                "lot {} of {} is listed twice",
                u32::from(lot) + 1,
                row_words(row)
            )));
        }
    }
    Ok(())
}

fn check_rooftop_values([low, high]: [u8; 2]) -> Result<(), RuleError> {
    let rooftops = table().rooftops;
    let range = |message: String| {
        err(
            "estates.rooftop-range",
            format!("Rooftop numbers: {message}"),
        )
    };
    if low > high {
        return Err(range(format!(
            "the lowest ({low}) is above the highest ({high})"
        )));
    }
    // Twelve rooftops show at most twelve different numbers: a wider range holds numbers that
    // no rooftop of the box can show.
    let span = u32::from(high) - u32::from(low) + 1;
    if span > u32::from(rooftops) {
        return Err(range(format!(
            "{low} to {high} is {span} numbers, more than the {rooftops} rooftops can show"
        )));
    }
    Ok(())
}
