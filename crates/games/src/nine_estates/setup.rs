//! Setting up Count of the Nine Estates: the state before the first action, for a table of one
//! (the game is solo).

use super::actions::NineOptions;
use super::state::{NineState, Phase};
use engine::{err, RuleError, Seat};

/// The state before the first action: the cards are dealt by the first action so that the deal
/// is in the log.
pub(super) fn initial(options: &NineOptions, seats: &[Seat]) -> Result<NineState, RuleError> {
    if seats.len() != 1 {
        return Err(err(
            "nine.players",
            format!(
                "Count of the Nine Estates is played solo (got {} players)",
                seats.len()
            ),
        ));
    }
    Ok(NineState {
        catalogue: options.catalogue.clone(),
        phase: Phase::Deal,
        era: 1,
        round: 0,
        turn: 0,
        grid: Vec::new(),
        deck: Vec::new(),
        centre: None,
        discard: Vec::new(),
        structures: Vec::new(),
        estates: Vec::new(),
        era_scores: Vec::new(),
        may_orient_first: false,
        may_rotate_one: false,
    })
}
