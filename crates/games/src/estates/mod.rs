//! The Estates (rulebook `shared/seeds/002_87d7c326a091ee4d.txt`, read through product.md): one-bid
//! auctions where the auctioneer sells or buys, hidden money, building placement with permits,
//! the mayor and the cancel cube, and end scoring by company certificates.
//!
//! Readings the text leaves open (beyond product.md):
//! - A bid is a whole number of $1M checks, at least 1 and above the bid before it.
//! - A row's requirement never drops below 1, nor below the buildings already in it.
//! - The game also ends when no piece at all can be auctioned any more.
//! - A floor cube or rooftop won with a bid (sold or bought) is placed at once (002 line 58); a
//!   piece everyone passed on may leave the game instead, whatever it is (002 line 94).
//! - The screen shows stash, bid and buy whatever the player holds (the view's `shown`); the
//!   legal list `allowed` leaves out what their checks in hand do not cover, and a try is refused
//!   with its reason, as at a real table: nobody's money shows by omission.
//! - Board settings (New game): exactly the rulebook's five sand lots, none twice, each within
//!   the longest a row can be (4 lots and every permit lengthening it: 10); a rooftop range no
//!   wider than the twelve rooftops can show.

mod apply;
mod auction;
mod decide;
mod names;
mod settings;
mod setup;

pub mod actions;
pub mod data;
pub mod placement;
pub mod scoring;
pub mod state;
pub mod view;

pub use actions::{Choice, End, EstatesAction, EstatesEvent, Placement, Setup};
pub use decide::game_should_end;
pub use names::piece_name;
pub use placement::{check_placement, placements};
pub use scoring::building_points;
pub use settings::{default_rooftop_values, default_sand_lots, EstatesOptions};
pub use view::{view, EstatesView, RowView, Shown};

use engine::{Allowed, Descriptor, Game, GameRng, RuleBook, RuleError, Scoresheet, Seat};
use state::{EstatesState, Phase};

#[derive(Debug)]
pub struct TheEstates;

impl Game for TheEstates {
    type Options = EstatesOptions;
    type State = EstatesState;
    type Action = EstatesAction;
    type Event = EstatesEvent;
    type View = EstatesView;

    const DESCRIPTOR: Descriptor = Descriptor {
        id: "the-estates",
        name: "The Estates",
        min_players: 2,
        max_players: 5,
        solo: false,
        rulebook: "002_87d7c326a091ee4d.txt",
    };

    fn rules() -> &'static RuleBook {
        data::rule_book()
    }

    fn initial(options: &EstatesOptions, seats: &[Seat]) -> Result<EstatesState, RuleError> {
        setup::initial(options, seats)
    }

    /// The board settings are checked at the start only: a game stored before they were
    /// validated still loads.
    fn check_new(options: &EstatesOptions, _seats: &[Seat]) -> Result<(), RuleError> {
        settings::check(options)
    }

    fn handle(
        s: &EstatesState,
        action: &EstatesAction,
        rng: &mut GameRng,
    ) -> Result<Vec<EstatesEvent>, RuleError> {
        decide::handle(s, action, rng)
    }

    fn apply(s: &mut EstatesState, event: &EstatesEvent) {
        apply::apply(s, event);
    }

    fn allowed(s: &EstatesState) -> Vec<Allowed<EstatesAction>> {
        decide::allowed(s)
    }

    fn score(s: &EstatesState) -> Scoresheet {
        scoring::score(s)
    }

    fn is_over(s: &EstatesState) -> bool {
        s.phase == Phase::Over
    }

    fn view(s: &EstatesState) -> EstatesView {
        view(s)
    }

    fn private_view(s: &EstatesState, seat: u8) -> Option<serde_json::Value> {
        view::private_view(s, seat)
    }

    fn decider(s: &EstatesState, action: &EstatesAction) -> Option<u8> {
        decide::decider(s, action)
    }

    fn has_secrets() -> bool {
        true
    }

    fn summarize(s: &EstatesState, action: &EstatesAction, events: &[EstatesEvent]) -> String {
        view::summarize(s, action, events)
    }
}
