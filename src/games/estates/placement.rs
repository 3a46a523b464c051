//! Where a won piece may go (rulebook 002 "Placing …" sections, read through product.md): the
//! checks that refuse with the rule's reason, every legal placement, and their wording.

use super::rules_table::table;
use super::state::{EstatesState, Permit, Piece, Row};
use super::{err, piece_name, row_name, Placement};
use crate::engine::RuleError;

/// Is this placement of this piece allowed now?
pub fn check_placement(s: &EstatesState, piece: &Piece, at: &Placement) -> Result<(), RuleError> {
    let t = table();
    let row_of = |row: u8| -> Result<&Row, RuleError> {
        s.board
            .get(usize::from(row))
            .ok_or_else(|| err("estates.no-such-row", format!("there is no row {row}")))
    };
    match (piece, at) {
        (Piece::Cube { cube }, Placement::Cube { row, lot }) => {
            let r = row_of(*row)?;
            let (row_i, lot_i) = (usize::from(*row), usize::from(*lot));
            let built = r.buildings.len();
            if lot_i > built {
                return Err(err(
                    "estates.no-gap",
                    if built == 0 {
                        format!(
                            "the first cube of {} goes next to the street",
                            row_name(*row)
                        )
                    } else {
                        format!(
                            "no empty lot may be left between buildings: the next lot of {} is {}",
                            row_name(*row),
                            built + 1
                        )
                    },
                ));
            }
            if lot_i == built {
                if (lot_i as i32) >= s.requirement(row_i) {
                    return Err(err(
                        "estates.permit-limit",
                        format!(
                            "{} needs {} buildings: no cube may go on or past its building permit",
                            row_name(*row),
                            s.requirement(row_i)
                        ),
                    ));
                }
                return Ok(());
            }
            let b = &r.buildings[lot_i];
            if b.rooftop.is_some() {
                return Err(err(
                    "estates.roofed",
                    "nothing may be placed on a rooftop: that building is complete",
                ));
            }
            if s.is_sand(row_i, lot_i) {
                return Err(err(
                    "estates.sand-lot",
                    "a sand lot holds a single floor cube",
                ));
            }
            if b.cubes.len() >= usize::from(t.max_height) {
                return Err(err(
                    "estates.max-height",
                    format!("a building is at most {} floor cubes high", t.max_height),
                ));
            }
            if let Some(top) = b.cubes.last() {
                if cube.value >= top.value {
                    return Err(err(
                        "estates.lower-on-top",
                        format!("a floor cube must have a lower number than the cube below it ({} on {})", cube.value, top.value),
                    ));
                }
            }
            Ok(())
        }
        (Piece::Rooftop { .. }, Placement::Rooftop { row, lot }) => {
            let r = row_of(*row)?;
            match r.buildings.get(usize::from(*lot)) {
                None => Err(err("estates.no-building", "a rooftop goes on a building")),
                Some(b) if b.rooftop.is_some() => Err(err(
                    "estates.roofed",
                    "that building already has its rooftop",
                )),
                Some(_) => Ok(()),
            }
        }
        (Piece::Permit { value }, Placement::Permit { row, lengthen }) => {
            let r = row_of(*row)?;
            let delta = Permit {
                value: *value,
                lengthen: *lengthen,
            }
            .signed();
            let after = s.requirement(usize::from(*row)) + delta;
            let floor = (r.buildings.len() as i32).max(1);
            if after < floor {
                return Err(err(
                    "estates.permit-below-buildings",
                    format!(
                        "{} would need {after} buildings, fewer than the {} already there",
                        row_name(*row),
                        r.buildings.len()
                    ),
                ));
            }
            Ok(())
        }
        (Piece::Mayor, Placement::Mayor { row }) => row_of(*row).map(|_| ()),
        (Piece::Cancel, Placement::Cancel { row, index }) => {
            let r = row_of(*row)?;
            let p = r.permits.get(usize::from(*index)).ok_or_else(|| {
                err(
                    "estates.no-permit",
                    format!("{} has no building permit #{}", row_name(*row), index + 1),
                )
            })?;
            let after = s.requirement(usize::from(*row)) - p.signed();
            let floor = (r.buildings.len() as i32).max(1);
            if after < floor {
                return Err(err(
                    "estates.cancel-below-buildings",
                    format!("without that permit {} would need {after} buildings, fewer than the {} already there", row_name(*row), r.buildings.len()),
                ));
            }
            Ok(())
        }
        (p, _) => Err(err(
            "estates.wrong-placement",
            format!("{} is not placed that way", piece_name(p)),
        )),
    }
}

/// Every legal placement of a piece now.
pub fn placements(s: &EstatesState, piece: &Piece) -> Vec<Placement> {
    let rows = 0..s.board.len() as u8;
    let candidates: Vec<Placement> = match piece {
        Piece::Cube { .. } => rows
            .flat_map(|row| {
                (0..=s.board[usize::from(row)].buildings.len() as u8)
                    .map(move |lot| Placement::Cube { row, lot })
            })
            .collect(),
        Piece::Rooftop { .. } => rows
            .flat_map(|row| {
                (0..s.board[usize::from(row)].buildings.len() as u8)
                    .map(move |lot| Placement::Rooftop { row, lot })
            })
            .collect(),
        Piece::Permit { .. } => rows
            .flat_map(|row| [false, true].map(|lengthen| Placement::Permit { row, lengthen }))
            .collect(),
        Piece::Mayor => rows.map(|row| Placement::Mayor { row }).collect(),
        Piece::Cancel => rows
            .flat_map(|row| {
                (0..s.board[usize::from(row)].permits.len() as u8)
                    .map(move |index| Placement::Cancel { row, index })
            })
            .collect(),
    };
    candidates
        .into_iter()
        .filter(|at| check_placement(s, piece, at).is_ok())
        .collect()
}

pub(super) fn placement_label(piece: &Piece, at: &Placement) -> String {
    match at {
        Placement::Cube { .. } => format!("Place {}", placement_phrase(piece, at)),
        Placement::Rooftop { .. } => format!("Roof {}", placement_phrase(piece, at)),
        Placement::Permit { .. } => format!("Put {}", placement_phrase(piece, at)),
        Placement::Mayor { .. } => format!("Stand {}", placement_phrase(piece, at)),
        Placement::Cancel { .. } => format!("Cancel {}", placement_phrase(piece, at)),
    }
}

/// What goes where, without the verb: shared by button labels and log lines.
pub(super) fn placement_phrase(piece: &Piece, at: &Placement) -> String {
    match at {
        Placement::Cube { row, lot } => format!(
            "{} in {}, lot {}",
            piece_name(piece),
            row_name(*row),
            lot + 1
        ),
        Placement::Rooftop { row, lot } => {
            format!("the building in {}, lot {}", row_name(*row), lot + 1)
        }
        Placement::Permit { row, lengthen } => format!(
            "{} in {} to make it {}",
            piece_name(piece),
            row_name(*row),
            if *lengthen { "longer" } else { "shorter" }
        ),
        Placement::Mayor { row } => format!("the mayor before {}", row_name(*row)),
        Placement::Cancel { row, index } => format!("permit #{} of {}", index + 1, row_name(*row)),
    }
}
