//! Middle Ages' scorepad (`middle-ages-scorepad`): for a table that tracked nothing, each
//! player's coins and tiles per Estate are entered at the end; the pad gives the penalties
//! (−10 per empty Estate, 003 line 45), the totals and the places by the live game's tie-break
//! key (most Palaces, then each Estate from right to left, lines 49–51).
//!
//! A second registered game rather than a mode of `middle-ages`: it has no board, rounds or
//! setup, History tells the two apart by their id, and the live game's state stays free of a
//! mode switch (the same split as Raise the Realm's scorepad and tracker).
//!
//! Readings: coins are entered as counted before the penalty; a player holds at most 16 tiles
//! (one per round); no Estate type is entered more often, over all players, than it has tiles.

mod actions;
mod apply;
mod decide;
mod scoring;
mod setup;
mod state;
mod view;

pub use actions::{PadAction, PadEvent, PadOptions};
pub use state::{PadPlayer, PadState};

use engine::{Allowed, Descriptor, Game, GameRng, RuleBook, RuleError, Scoresheet, Seat};

#[derive(Debug)]
pub struct MiddleAgesScorepad;

impl Game for MiddleAgesScorepad {
    type Options = PadOptions;
    type State = PadState;
    type Action = PadAction;
    type Event = PadEvent;
    type View = PadState;

    const DESCRIPTOR: Descriptor = Descriptor {
        id: "middle-ages-scorepad",
        name: "Middle Ages (scorepad)",
        min_players: 2,
        max_players: 5,
        solo: false,
        rulebook: "003_050d57f82b4679ed.txt",
    };

    fn rules() -> &'static RuleBook {
        super::data::rule_book()
    }

    fn initial(_options: &PadOptions, seats: &[Seat]) -> Result<PadState, RuleError> {
        setup::initial(seats)
    }
    fn handle(
        s: &PadState,
        action: &PadAction,
        _rng: &mut GameRng,
    ) -> Result<Vec<PadEvent>, RuleError> {
        decide::handle(s, action)
    }
    fn apply(s: &mut PadState, e: &PadEvent) {
        apply::apply(s, e)
    }
    fn allowed(s: &PadState) -> Vec<Allowed<PadAction>> {
        decide::allowed(s)
    }
    /// Closing the scorepad is asked first: its scores become the game's result.
    fn confirm(_s: &PadState, action: &PadAction) -> Option<String> {
        (*action == PadAction::Finish)
            .then(|| "Close the scorepad? These scores become the game's result.".to_string())
    }
    fn score(s: &PadState) -> Scoresheet {
        scoring::score(s)
    }
    fn is_over(s: &PadState) -> bool {
        s.finished
    }
    fn summarize(_s: &PadState, action: &PadAction, _events: &[PadEvent]) -> String {
        view::summarize(action)
    }
    fn view(s: &PadState) -> PadState {
        view::view(s)
    }
}
