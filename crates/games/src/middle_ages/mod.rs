//! Middle Ages (rulebook `shared/seeds/003_050d57f82b4679ed.txt`, a player's summary): Lords draft
//! plot tiles from four rows over 16 rounds; each taken plot triggers its Estate's Effect and
//! Income, computed here; events on rounds 4, 8, 12 and 16 are entered as the table resolves
//! them; the end subtracts 10 per empty Estate and breaks ties from Palace leftwards.
//! The scorepad-only mode for a table that tracked nothing is the sibling game `scorepad`.
//!
//! Readings of the rulebook's gaps (A1–A21, each with the rulebook line it rests on): the game's
//! product notes, `docs/games/middle-ages.md`. Code cites them by id.

mod apply;
mod choices;
mod decide;
mod log;
mod outcome;
mod round;
mod setup;
mod turn;

pub mod actions;
pub mod data;
pub mod options;
pub mod scorepad;
pub mod scoring;
pub mod state;
pub mod view;

pub use actions::{
    Choice, MiddleAction, MiddleEvent, Pos, Printing, RunOut, Symbols, Tile, TileType,
};
/// A player in refusals and log lines: the table writes the person's name.
pub use engine::who as player;
pub use options::MiddleOptions;
pub use state::{MiddleState, Phase};
pub use view::MiddleView;

use engine::{Allowed, Descriptor, Game, GameRng, RuleBook, RuleError, Scoresheet, Seat};

#[derive(Debug)]
pub struct MiddleAges;

impl Game for MiddleAges {
    type Options = MiddleOptions;
    type State = MiddleState;
    type Action = MiddleAction;
    type Event = MiddleEvent;
    type View = MiddleView;

    const DESCRIPTOR: Descriptor = Descriptor {
        id: "middle-ages",
        name: "Middle Ages",
        min_players: 2,
        max_players: 5,
        solo: false,
        rulebook: "003_050d57f82b4679ed.txt",
    };

    fn rules() -> &'static RuleBook {
        data::rule_book()
    }

    fn initial(options: &MiddleOptions, seats: &[Seat]) -> Result<MiddleState, RuleError> {
        setup::initial(options, seats)
    }
    fn handle(
        s: &MiddleState,
        action: &MiddleAction,
        rng: &mut GameRng,
    ) -> Result<Vec<MiddleEvent>, RuleError> {
        decide::handle(s, action, rng)
    }
    fn apply(s: &mut MiddleState, e: &MiddleEvent) {
        apply::apply(s, e)
    }
    fn allowed(s: &MiddleState) -> Vec<Allowed<MiddleAction>> {
        decide::allowed(s)
    }
    fn decider(s: &MiddleState, action: &MiddleAction) -> Option<u8> {
        decide::decider(s, action)
    }
    fn score(s: &MiddleState) -> Scoresheet {
        scoring::score(s)
    }
    fn is_over(s: &MiddleState) -> bool {
        s.phase == Phase::Over
    }
    fn summarize(s: &MiddleState, action: &MiddleAction, events: &[MiddleEvent]) -> String {
        log::summarize(s, action, events)
    }
    fn view(s: &MiddleState) -> MiddleView {
        view::view(s)
    }
    fn learned(e: &MiddleEvent) -> Vec<(String, serde_json::Value)> {
        apply::learned(e)
    }
    fn check_catalogue_entry(key: &str, value: &serde_json::Value) -> Result<(), RuleError> {
        decide::check_catalogue_entry(key, value)
    }
    fn with_catalogue(options: &mut MiddleOptions, entries: &[(String, serde_json::Value)]) {
        decide::with_catalogue(options, entries)
    }
    fn catalogue_in(options: &MiddleOptions) -> Vec<(String, serde_json::Value)> {
        let named = |name: &String| serde_json::json!({ "name": name });
        let events = options.known_events.iter();
        let mut out: Vec<_> = events.map(|n| (format!("event:{n}"), named(n))).collect();
        out.extend(options.known_printings.iter().map(|p| {
            let key = format!("tile:{}", p.kind.name());
            (key, engine::to_json(&p.symbols))
        }));
        out
    }
}
