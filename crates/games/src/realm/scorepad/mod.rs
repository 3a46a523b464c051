//! Estate: Raise the Realm's scorepad (rulebook `shared/seeds/000_f36707b509d5142f.txt`): a
//! table that tracked nothing enters each player's eight categories at the end and gets the
//! totals, the winner by the rulebook's tie-breakers and, solo, the title. The live table
//! assistant (workers, tracks, Realm board, Eras) is the sibling module `tracker`.
//!
//! Readings:
//! - Players tied for first are separated by Era-objective firsts, then Estate cards, else they
//!   share the victory (000 line 225); the tie-breakers are asked only when such a tie exists.
//! - Solo games are played without Family Secret cards, so that category takes only 0.
//! - Solo, fewer than 3 Era objectives met is the failure title whatever the score (000 lines 233,
//!   266).

mod actions;
mod apply;
mod decide;
mod scoring;
mod setup;
mod state;
pub mod view;

pub use actions::{RealmAction, RealmEvent, RealmOptions};
pub use scoring::rank_seats;
pub use state::RealmState;

use engine::{Allowed, Descriptor, Game, GameRng, RuleBook, RuleError, Scoresheet, Seat};

#[derive(Debug)]
pub struct RaiseTheRealm;

impl Game for RaiseTheRealm {
    type Options = RealmOptions;
    type State = RealmState;
    type Action = RealmAction;
    type Event = RealmEvent;
    type View = view::RealmView;

    const DESCRIPTOR: Descriptor = Descriptor {
        id: "raise-the-realm",
        name: "Estate: Raise the Realm (scorepad)",
        min_players: 1,
        max_players: 5,
        solo: true,
        rulebook: "000_f36707b509d5142f.txt",
    };

    fn rules() -> &'static RuleBook {
        super::data::rule_book()
    }

    fn initial(_options: &RealmOptions, seats: &[Seat]) -> Result<RealmState, RuleError> {
        setup::initial(seats)
    }

    fn handle(
        s: &RealmState,
        action: &RealmAction,
        rng: &mut GameRng,
    ) -> Result<Vec<RealmEvent>, RuleError> {
        decide::handle(s, action, rng)
    }

    fn apply(s: &mut RealmState, event: &RealmEvent) {
        apply::apply(s, event)
    }

    fn allowed(s: &RealmState) -> Vec<Allowed<RealmAction>> {
        decide::allowed(s)
    }

    /// Closing the scorepad is asked first: its scores become the game's result.
    fn confirm(_s: &RealmState, action: &RealmAction) -> Option<String> {
        (*action == RealmAction::Finish)
            .then(|| "Close the scorepad? These scores become the game's result.".to_string())
    }

    fn score(s: &RealmState) -> Scoresheet {
        scoring::score(s)
    }

    fn view(s: &RealmState) -> view::RealmView {
        view::view(s)
    }

    fn is_over(s: &RealmState) -> bool {
        s.finished
    }

    fn summarize(s: &RealmState, action: &RealmAction, events: &[RealmEvent]) -> String {
        view::summarize(s, action, events)
    }
}
