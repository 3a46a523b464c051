//! Estate: Raise the Realm, the live table assistant (rulebook `shared/seeds/000_f36707b509d5142f.txt`,
//! readings in product.md): Leaders and their mats, workers, the three tableau tracks, the Realm
//! board, Era Events and objectives, the reset, and the eight-category score with the rulebook's
//! tie-breakers and the solo titles. The scorepad-only mode is the sibling module `scorepad`.
//!
//! Decided readings (named in the closing note of issue #3):
//! - A "Production card" is a card on the Production track: those are what Produce activates.
//! - The physical deck, Market and hands stay on the table: the app counts cards in hand and
//!   the Market cards taken this turn, and asks a card's name when it is played.
//! - A turn is one worker action plus any free actions, closed with End turn (the Market refills
//!   then, 000 line 170).
//! - Advanced Gather tiles (issue 9): the 9 tiles are shuffled per level and one lies face up on
//!   each (000 lines 67, 87), so the tile the table names on a level is the one applied. The
//!   rulebook names one tile, the Advanced Gather 4 action "Take 2 worker actions this turn" (FAQ
//!   line 342), which adds two worker actions without workers and gives no resources; it is
//!   recognised whatever its case and kept under its printed name, and only on level 4. A level
//!   where a tile the app applies may lie (level 4) is named before a worker gathers there, so the
//!   app never guesses; every other tile, which the rulebook does not print, gives what the table
//!   enters, and naming those is optional. Games recorded before keep their recorded extra
//!   actions (events are outcomes).
//! - Solo: Solo Mode cards are resolved on reveal and never played into the Estate.
//! - Tied 1st places each count as an Era-objective first for the tie-breaker.
//! - Solo objective rewards (issue 9, product.md): the rulebook names none, so none is assumed. A
//!   met objective scores what its Solo Era Event card prints, asked once per card (with the
//!   reveal, or later) and remembered in the catalogue under "event:<name>"; until told it scores
//!   0 and the view says "not yet told". Told later (or told again, to correct it), every
//!   objective met under that card scores the told value. Solo games recorded before this reading
//!   keep the VP they recorded (their results name no card).
//! - The Trade Queen's second Merchant use (000 line 114, "a second time during Production")
//!   follows that Merchant's first use within the same Produce action, and is a Leader-ability
//!   bonus: it is not counted against the Production value (as the Agrarian Lord's extra card is
//!   not).
//! - An effect described as resource changes is applied (issue 9): an Era Event's "each player
//!   gains 1 Grain" is entered once for the players it touches and changes each of their counts;
//!   it is refused whole, naming the player, if any of them could not take it.
//! - The view says what the screen may offer (`offers`): the cards a Produce action or the solo
//!   Merchant may activate and what each needs, what a Solo card's reveal asks from the player's
//!   real counts, the solo threshold, the second place's resource, each level's tile and lock,
//!   the Leaders a table may play. The UI only shows these.
//! - Permanent workers waiting for the next Era count against a temporary worker's room.
//! - Leader mats' printed values, cards' unprinted facts and Advanced Gather tile names are asked
//!   of the table; Family Secret cards stay on the table and only their VP are entered at the end.
//! - The "remove another cube" of the Pious One's and Sorcerer's setup (000 lines 110, 118) is the
//!   When Played effect of their starting card, entered as it happened (a card played free, or a
//!   cube removed).

pub mod actions;
mod apply;
mod decide;
mod era;
pub mod model;
pub mod offers;
mod rules;
mod scoring;
mod setup;
pub mod view;
mod worker;

pub use setup::check_data;

pub use actions::{TrackerAction, TrackerCatalogue, TrackerEvent, TrackerOptions};

use engine::{Allowed, Descriptor, Game, GameRng, RuleBook, RuleError, Scoresheet, Seat};
use model::{Phase, TrackerState};

#[derive(Debug)]
pub struct RealmTracker;

impl Game for RealmTracker {
    type Options = TrackerOptions;
    type State = TrackerState;
    type Action = TrackerAction;
    type Event = TrackerEvent;
    type View = view::TrackerView;

    const DESCRIPTOR: Descriptor = Descriptor {
        id: "raise-the-realm-live",
        name: "Estate: Raise the Realm",
        min_players: 1,
        max_players: 5,
        solo: true,
        rulebook: "000_f36707b509d5142f.txt",
    };

    fn rules() -> &'static RuleBook {
        super::data::rule_book()
    }

    fn initial(o: &TrackerOptions, seats: &[Seat]) -> Result<TrackerState, RuleError> {
        setup::initial(o, seats)
    }

    fn handle(
        s: &TrackerState,
        a: &TrackerAction,
        rng: &mut GameRng,
    ) -> Result<Vec<TrackerEvent>, RuleError> {
        decide::handle(s, a, rng)
    }

    fn apply(s: &mut TrackerState, e: &TrackerEvent) {
        apply::apply(s, e)
    }

    fn allowed(s: &TrackerState) -> Vec<Allowed<TrackerAction>> {
        decide::allowed(s)
    }

    fn confirm(s: &TrackerState, action: &TrackerAction) -> Option<String> {
        decide::confirm(s, action)
    }

    fn decider(s: &TrackerState, a: &TrackerAction) -> Option<u8> {
        decide::decider(s, a)
    }

    fn score(s: &TrackerState) -> Scoresheet {
        scoring::scoresheet(s)
    }

    fn is_over(s: &TrackerState) -> bool {
        s.phase == Phase::Over
    }

    fn summarize(s: &TrackerState, a: &TrackerAction, ev: &[TrackerEvent]) -> String {
        view::summarize(s, a, ev)
    }

    fn view(s: &TrackerState) -> view::TrackerView {
        view::view(s)
    }

    fn learned(e: &TrackerEvent) -> Vec<(String, serde_json::Value)> {
        setup::learned(e)
    }

    fn check_catalogue_entry(key: &str, value: &serde_json::Value) -> Result<(), RuleError> {
        setup::check_catalogue_entry(key, value)
    }

    fn with_catalogue(o: &mut TrackerOptions, entries: &[(String, serde_json::Value)]) {
        setup::with_catalogue(o, entries)
    }
    fn catalogue_in(o: &TrackerOptions) -> Vec<(String, serde_json::Value)> {
        setup::catalogue_in(o)
    }
}
