//! How the table says The Estates' pieces and rows, in refusals, offers and log lines.

use super::data::table;
use super::state::Piece;

/// A piece as the table calls it: "Red 5 floor cube", "building permit 2", "the mayor".
pub fn piece_name(p: &Piece) -> String {
    match p {
        Piece::Cube { cube } => format!("{} {} floor cube", colour_name(cube.colour), cube.value),
        Piece::Rooftop { value } => format!("rooftop {value}"),
        Piece::Permit { value } => format!("building permit {value}"),
        Piece::Mayor => "the mayor".into(),
        Piece::Cancel => "the cancel cube".into(),
    }
}

/// A colour's name from the rule table; its number should the table lack it.
fn colour_name(c: u8) -> String {
    table()
        .colours
        .get(usize::from(c))
        .cloned()
        .unwrap_or_else(|| format!("colour {c}"))
}

/// A development row as the table calls it ("the top row").
pub fn row_name(row: u8) -> String {
    ["top", "middle", "bottom"]
        .get(usize::from(row))
        .map_or(format!("row {row}"), |n| format!("the {n} row"))
}
