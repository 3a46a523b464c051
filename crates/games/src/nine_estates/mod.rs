//! Count of the Nine Estates (rulebook `shared/seeds/001_22257f552b837f4e.txt`), a solo game of
//! two Eras: build Structures and Estates from a cycling deck of nine double-sided cards.
//!
//! Readings the rulebook leaves open (see also product.md):
//! - A turn is played while a card is in the centre or on the deck; the round ends once both are
//!   empty, so the last card slid to the centre still gets its turn.
//! - When several active cards pay for one build, they go onto the discard pile centre first,
//!   then left (the left card ends on top).
//! - Structure cards are numbered 1–9 and Estate cards 1–9 (1–3 Peasant, 4–6 Clergy, 7–9
//!   Nobility) so the deal can be recorded; the catalogue gives them their names.
//! - The deck follows the physical cards (product.md): setup step 3 turns the whole deck with
//!   its first card; the discard pile turned over at a round's end puts the card discarded
//!   first on top (line 75); "rotate one card" names any card still in the deck (line 81), the
//!   centre card having been slid off it; keeping the deck as it is is a round-end choice too.
//! - Tilted means used until reset (line 64): the discard top, once tilted to pay, can neither
//!   pay again nor be built this round.
//! - Every way to pay a build is offered; ways that differ only in which of two built
//!   Structures (or two built Estates) providing the same is tilted are one choice, offered once.
//! - Stored games replay as they were played: events without the deck they produced (recorded
//!   before the deck followed the cards) apply the app's rule of that time.
//!
//! The rooms: `actions` (options, actions, events), `setup` (the state before the first
//! action), `decide` (checks), `offers` (the legal actions, every way to pay included), `apply`
//! (events onto the state), `data` (the rule table), `scoring` (Era scores, scoresheet), `view`
//! (the table screen and the log lines), with `cards`, `state` and `payment` beneath them.

pub mod actions;
mod apply;
pub mod cards;
mod data;
mod decide;
mod offers;
pub mod payment;
pub mod scoring;
mod setup;
pub mod state;
pub mod view;

pub use actions::{Deal, Described, NineAction, NineEvent, NineOptions, RoundChoice, Target};
pub use view::{view, ActiveCard, DescribeRequest, Edges, GridEstate, NineView};

use engine::{Allowed, Descriptor, Game, GameRng, RuleBook, RuleError, Scoresheet, Seat};
use state::{NineState, Phase};

#[derive(Debug)]
pub struct NineEstates;

impl Game for NineEstates {
    type Options = NineOptions;
    type State = NineState;
    type Action = NineAction;
    type Event = NineEvent;
    type View = NineView;

    const DESCRIPTOR: Descriptor = Descriptor {
        id: "nine-estates",
        name: "Count of the Nine Estates",
        min_players: 1,
        max_players: 1,
        solo: true,
        rulebook: "001_22257f552b837f4e.txt",
    };

    fn rules() -> &'static RuleBook {
        data::rule_book()
    }

    fn initial(options: &NineOptions, seats: &[Seat]) -> Result<NineState, RuleError> {
        setup::initial(options, seats)
    }

    fn handle(
        state: &NineState,
        action: &NineAction,
        rng: &mut GameRng,
    ) -> Result<Vec<NineEvent>, RuleError> {
        decide::handle(state, action, rng)
    }

    fn apply(state: &mut NineState, event: &NineEvent) {
        apply::apply(state, event);
    }

    fn allowed(state: &NineState) -> Vec<Allowed<NineAction>> {
        offers::allowed(state)
    }

    fn confirm(state: &NineState, action: &NineAction) -> Option<String> {
        offers::confirm(state, action)
    }

    fn score(state: &NineState) -> Scoresheet {
        scoring::scoresheet(state)
    }

    fn is_over(state: &NineState) -> bool {
        state.phase == Phase::Over
    }

    fn summarize(state: &NineState, action: &NineAction, events: &[NineEvent]) -> String {
        view::summarize(state, action, events)
    }

    fn view(state: &NineState) -> NineView {
        view::view(state)
    }

    fn learned(event: &NineEvent) -> Vec<(String, serde_json::Value)> {
        apply::learned(event)
    }

    fn check_catalogue_entry(key: &str, value: &serde_json::Value) -> Result<(), RuleError> {
        decide::check_catalogue_entry(key, value)
    }

    fn with_catalogue(options: &mut NineOptions, entries: &[(String, serde_json::Value)]) {
        options.remember(entries);
    }
    fn catalogue_in(options: &NineOptions) -> Vec<(String, serde_json::Value)> {
        options.entries()
    }
}
