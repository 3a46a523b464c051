//! The template game: the smallest complete game in the plug-in shape, to copy when adding a
//! game (ARCHITECTURE.md, "Adding a game"). It compiles and passes the conformance suite in
//! `tests/conformance.rs`, so the guide cannot drift from the engine.
//!
//! "Race to ten": in seat order each player adds 1 or 2 to their own counter; whoever reaches
//! the target first wins. The target comes from the rule data (`template.json`); a table may
//! change it in the options.
//!
//! Readings of the (imaginary) rulebook, as a real game records them here:
//! - Going past the target is allowed: the counter stops at the sum.

pub mod actions;
mod apply;
pub mod data;
mod decide;
mod scoring;
mod setup;
pub mod view;

use actions::{RaceAction, RaceEvent, RaceOptions};
use estate_steward::engine::{
    Allowed, Descriptor, Game, GameRng, RuleBook, RuleError, Scoresheet, Seat,
};
use serde::{Deserialize, Serialize};

/// The whole state: each seat's counter and whose turn it is.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
pub struct RaceState {
    pub target: u8,
    pub counters: Vec<u8>,
    pub current: u8,
    pub winner: Option<u8>,
}

pub struct RaceToTen;

impl Game for RaceToTen {
    type Options = RaceOptions;
    type State = RaceState;
    type Action = RaceAction;
    type Event = RaceEvent;
    type View = view::RaceView;

    const DESCRIPTOR: Descriptor = Descriptor {
        id: "race-to-ten",
        name: "Race to Ten (template)",
        min_players: 1,
        max_players: 4,
        solo: true,
        rulebook: "none: the template game",
    };

    fn rules() -> &'static RuleBook {
        data::rules()
    }

    fn initial(options: &RaceOptions, seats: &[Seat]) -> Result<RaceState, RuleError> {
        setup::initial(options, seats)
    }
    fn handle(
        s: &RaceState,
        a: &RaceAction,
        _rng: &mut GameRng,
    ) -> Result<Vec<RaceEvent>, RuleError> {
        decide::handle(s, a)
    }
    fn apply(s: &mut RaceState, e: &RaceEvent) {
        apply::apply(s, e)
    }
    fn allowed(s: &RaceState) -> Vec<Allowed<RaceAction>> {
        decide::allowed(s)
    }
    fn score(s: &RaceState) -> Scoresheet {
        scoring::score(s)
    }
    fn is_over(s: &RaceState) -> bool {
        s.winner.is_some()
    }
    fn summarize(s: &RaceState, a: &RaceAction, e: &[RaceEvent]) -> String {
        view::summarize(s, a, e)
    }
    fn view(s: &RaceState) -> view::RaceView {
        view::view(s)
    }
}
