//! Where a won piece may go (rulebook 002 "Placing …" sections, read through product.md): the
//! checks that refuse with the rule's reason, every legal placement, and their wording.

use super::actions::Placement;
use super::data::table;
use super::names::{piece_name, row_name};
use super::state::{Building, Cube, EstatesState, Permit, Piece, Row};
use engine::{err, RuleError};

/// Is this placement of this piece allowed now?
pub fn check_placement(s: &EstatesState, piece: &Piece, at: &Placement) -> Result<(), RuleError> {
    match (piece, at) {
        (Piece::Cube { cube }, Placement::Cube { row, lot }) => check_cube(s, cube, *row, *lot),
        (Piece::Rooftop { .. }, Placement::Rooftop { row, lot }) => check_rooftop(s, *row, *lot),
        (Piece::Permit { value }, Placement::Permit { row, lengthen }) => {
            let permit = Permit {
                value: *value,
                lengthen: *lengthen,
            };
            check_permit(s, permit, *row)
        }
        (Piece::Mayor, Placement::Mayor { row }) => row_of(s, *row).map(|_| ()),
        (Piece::Cancel, Placement::Cancel { row, index }) => check_cancel(s, *row, *index),
        (p, _) => Err(err(
            "estates.wrong-placement",
            format!("{} is not placed that way", piece_name(p)),
        )),
    }
}

fn row_of(s: &EstatesState, row: u8) -> Result<&Row, RuleError> {
    s.board
        .get(usize::from(row))
        .ok_or_else(|| err("estates.no-such-row", format!("there is no row {row}")))
}

/// A cube starts the next building from the street, or goes on top of an unfinished one.
fn check_cube(s: &EstatesState, cube: &Cube, row: u8, lot: u8) -> Result<(), RuleError> {
    let r = row_of(s, row)?;
    let (row_i, lot_i) = (usize::from(row), usize::from(lot));
    let built = r.buildings.len();
    if lot_i > built {
        return Err(err(
            "estates.no-gap",
            if built == 0 {
                format!(
                    "the first cube of {} goes next to the street",
                    row_name(row)
                )
            } else {
                format!(
                    "no empty lot may be left between buildings: the next lot of {} is {}",
                    row_name(row),
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
                    row_name(row),
                    s.requirement(row_i)
                ),
            ));
        }
        return Ok(());
    }
    check_stacking(s, cube, &r.buildings[lot_i], row_i, lot_i)
}

/// A cube on a building: not roofed, not a sand lot, not too high, lower than the cube below.
fn check_stacking(
    s: &EstatesState,
    cube: &Cube,
    b: &Building,
    row_i: usize,
    lot_i: usize,
) -> Result<(), RuleError> {
    let t = table();
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
                format!(
                    "a floor cube must have a lower number than the cube below it ({} on {})",
                    cube.value, top.value
                ),
            ));
        }
    }
    Ok(())
}

fn check_rooftop(s: &EstatesState, row: u8, lot: u8) -> Result<(), RuleError> {
    let r = row_of(s, row)?;
    match r.buildings.get(usize::from(lot)) {
        None => Err(err("estates.no-building", "a rooftop goes on a building")),
        Some(b) if b.rooftop.is_some() => Err(err(
            "estates.roofed",
            "that building already has its rooftop",
        )),
        Some(_) => Ok(()),
    }
}

/// A permit may not make a row need fewer buildings than it has (nor fewer than one).
fn check_permit(s: &EstatesState, permit: Permit, row: u8) -> Result<(), RuleError> {
    let r = row_of(s, row)?;
    let after = s.requirement(usize::from(row)) + permit.signed();
    let floor = (r.buildings.len() as i32).max(1);
    if after < floor {
        return Err(err(
            "estates.permit-below-buildings",
            format!(
                "{} would need {after} buildings, fewer than the {} already there",
                row_name(row),
                r.buildings.len()
            ),
        ));
    }
    Ok(())
}

/// The cancel cube removes a placed permit, under the same floor as placing one.
fn check_cancel(s: &EstatesState, row: u8, index: u8) -> Result<(), RuleError> {
    let r = row_of(s, row)?;
    let p = r.permits.get(usize::from(index)).ok_or_else(|| {
        err(
            "estates.no-permit",
            format!("{} has no building permit #{}", row_name(row), index + 1),
        )
    })?;
    let after = s.requirement(usize::from(row)) - p.signed();
    let floor = (r.buildings.len() as i32).max(1);
    if after < floor {
        return Err(err(
            "estates.cancel-below-buildings",
            format!(
                "without that permit {} would need {after} buildings, fewer than the {} already there",
                row_name(row),
                r.buildings.len()
            ),
        ));
    }
    Ok(())
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
