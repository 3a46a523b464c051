//! The Estates (rulebook `shared/seeds/002_87d7c326a091ee4d.txt`, read through product.md): one-bid
//! auctions where the auctioneer sells or buys, hidden money, building placement with permits,
//! the mayor and the cancel cube, and end scoring by company certificates.
//!
//! Readings the text leaves open (beyond product.md):
//! - A bid is a whole number of $1M checks, at least 1 and above the bid before it.
//! - A row's requirement never drops below 1, nor below the buildings already in it.
//! - The game also ends when no piece at all can be auctioned any more.

mod apply;
mod auction;
mod decide;
mod setup;

pub mod actions;
pub mod placement;
pub mod rules_table;
pub mod scoring;
pub mod state;
pub mod view;

pub use actions::{Choice, End, EstatesAction, EstatesEvent, EstatesOptions, Placement, Setup};
pub use decide::game_should_end;
pub use placement::{check_placement, placements};
pub use scoring::building_points;
pub use view::{piece_name, view, EstatesView, RowView};

use crate::engine::{Allowed, Descriptor, Game, GameRng, RuleError, Scoresheet, Seat};
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

    fn initial(options: &EstatesOptions, seats: &[Seat]) -> Result<EstatesState, RuleError> {
        setup::initial(options, seats)
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

    fn has_secrets() -> bool {
        true
    }

    fn summarize(s: &EstatesState, action: &EstatesAction, events: &[EstatesEvent]) -> String {
        view::summarize(s, action, events)
    }
}
