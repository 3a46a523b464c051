//! Middle Ages (rulebook `shared/seeds/003_050d57f82b4679ed.txt`, a player's summary): Lords draft
//! plot tiles from four rows over 16 rounds; each taken plot triggers its Estate's Effect and
//! Income, computed here; events on rounds 4, 8, 12 and 16 are entered as the table resolves
//! them; the end subtracts 10 per empty Estate and breaks ties from Palace leftwards.
//! The scorepad-only mode for a table that tracked nothing is the sibling game `scorepad`.
//!
//! Readings of the rulebook's gaps (design/games/middle-ages.md A1–A19, product.md § Middle Ages):
//! - A1 An Extra Coin token adds 1 coin from the bank each time its Estate's Effect triggers (a
//!   take into it), from the take after the Church that placed it; a Village restore or an event
//!   does not trigger it.
//! - A2 The first Lord placer is drawn with the seed or recorded; placement goes clockwise.
//! - A3 Players start with 0 coins (a table option).
//! - A4 Refills follow rounds 1–12 only; in round 16 the Lords stay and take the plot under them.
//!   A drawn refill reshuffles the discards when the bag holds too few; a recorded one may use
//!   any tile not in play. The Orange Deck is not modelled.
//! - A5 Four rows of players+1 plots; a drawn row is laid in board order (for the numbered backs),
//!   a recorded row as given.
//! - A6 A Plot token's type is paid at its Estate's rate, from the take that placed it.
//! - A7 A Plot token may name any type its Estate does not already reward.
//! - A8 Each Estate has one Extra Coin space and one Plot space.
//! - A9 Barracks' "leftmost and topmost" tile: the oldest tile of the leftmost non-empty Estate.
//! - A10 A victim of a Mill or Barracks pays what they have, up to 2; a victim with no tile still
//!   pays; coins never go below 0 in play.
//! - A11 Mill and Barracks compare counts after the new tile is placed; "fewer" is strict.
//! - A12 Farmers and Chests count on every tile in the Estates, not in the Cemetery.
//! - A13 A Village must bring back a Cemetery tile when there is one; the player picks which.
//! - A14 Events are resolved after the round's last turn, before the refill: a name and a coin
//!   change per player.
//! - A15 A final total may be negative. A16 The tie-break key ranks every place; identical keys
//!   share it. A17 The Scout must be placed when it can be, never in its Lord's row nor on a
//!   Lord or another Scout, and comes back when its Lord enters that row. A18 A mover always has
//!   a free plot (arithmetic, no rule). A19 Only tiles in an Estate save it from the penalty.

mod apply;
mod choices;
mod decide;
mod log;
mod round;
mod setup;
mod turn;

pub mod actions;
pub mod data;
pub mod scorepad;
pub mod scoring;
pub mod state;
pub mod view;

pub use actions::{Choice, MiddleAction, MiddleEvent, MiddleOptions, Pos, Symbols, Tile, TileType};
pub use decide::player;
pub use state::{MiddleState, Phase};
pub use view::MiddleView;

use crate::engine::{Allowed, Descriptor, Game, GameRng, RuleBook, RuleError, Scoresheet, Seat};

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
        events.map(|n| (format!("event:{n}"), named(n))).collect()
    }
}
