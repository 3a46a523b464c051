//! Realm Lord, the table assistant for quests, heroes and Hope Stones (rulebook
//! `shared/seeds/004_9d76aa907438df82.txt`; the project's readings in
//! `shared/design/games/realm-lord.md` and product.md § "Realm Lord (004)"). The cards outrank
//! the rules sheet and no card list is public: the app keeps what the sheet fixes (phases,
//! limits, actions, quests and the die, Hope Stones, the win) and asks the table once for what a
//! card prints (kept in the catalogue) or did (entered as changes). Hands are counts: nothing
//! secret is stored. The scorepad-only mode is the sibling game `scorepad`.
//!
//! Readings of the rulebook's gaps (realm-lord.md §7):
//! - B1 The Hope Stone target is confirmed by the table every game (1-99, no default; New game
//!   suggests the last one used). The game ends the moment a player reaches it, after any
//!   accepted action; if several reach it at once the most Hope Stones win, an exact tie shares.
//! - B2 The Lord counts toward "more than five heroes" (line 42: a hero "in every way"); the
//!   table may leave it outside the limit (a New game option, off). It is never the card
//!   discarded at the limit (line 134: "one of your Hero cards").
//! - B3 Any of the player's Hero cards may be discarded, the new one included; its Treasure
//!   goes with it.
//! - B4 New Heroes and Treasures enter ready. B5 Using a Treasure exhausts only the Treasure.
//! - B6 A failed quest places the hero at its Lord's Homeland, still exhausted, Treasure kept;
//!   not a move. B7 Card bonuses to a quest are an entered modifier; naturals still decide.
//! - B8 Travel goes to any other Realm (no adjacency). B9 The hand limit applies in the Draw
//!   phase only, down to exactly eight. B10 The deck is not tracked.
//! - B11 Abilities are entered as changes with their source; the app enforces the sheet only.
//! - B12 "Loses their next turn" skips the whole turn: no ready, no draw, no actions.
//! - B13 Hope Stones stop at 0. B14 2 to 6 players. B15 "Blackdoil" is the Realm Blackboil.
//! - B16 A Lord is dealt once (two seats cannot reveal the same Lord); Hero names may repeat.
//! - B17 Any player's ready hero at a Realm may attempt its Quest, whoever played it.
//! - B18 Effects are accepted in any phase of play and name their seats.
//! - Undo is no way to peek at the app's die: see `quest` for the counter of every roll made.

pub mod actions;
mod allowed;
mod apply;
pub mod catalogue;
mod changes;
pub mod data;
mod decide;
pub mod model;
mod play;
mod quest;
pub mod scorepad;
mod scoring;
mod setup;
mod summary;
pub mod view;

pub use actions::{Change, LimitDiscard, LordAction, LordEvent, LordOptions};

use crate::engine::{Allowed, Descriptor, Game, GameRng, RuleBook, RuleError, Scoresheet, Seat};
use model::{LordState, Phase};

#[derive(Debug)]
pub struct RealmLord;

impl Game for RealmLord {
    type Options = LordOptions;
    type State = LordState;
    type Action = LordAction;
    type Event = LordEvent;
    type View = view::LordView;

    const DESCRIPTOR: Descriptor = Descriptor {
        id: "realm-lord",
        name: "Realm Lord",
        min_players: 2,
        max_players: 6,
        solo: false,
        rulebook: "004_9d76aa907438df82.txt",
    };

    fn rules() -> &'static RuleBook {
        data::rule_book()
    }

    fn initial(o: &LordOptions, seats: &[Seat]) -> Result<LordState, RuleError> {
        setup::initial(o, seats)
    }
    fn handle(
        s: &LordState,
        a: &LordAction,
        rng: &mut GameRng,
    ) -> Result<Vec<LordEvent>, RuleError> {
        decide::handle(s, a, rng)
    }
    fn handle_over_undone(
        s: &LordState,
        a: &LordAction,
        rng: &mut GameRng,
        undone: &[&LordEvent],
    ) -> Result<Vec<LordEvent>, RuleError> {
        decide::handle_over_undone(s, a, rng, undone)
    }
    fn apply(s: &mut LordState, e: &LordEvent) {
        apply::apply(s, e)
    }
    fn allowed(s: &LordState) -> Vec<Allowed<LordAction>> {
        allowed::allowed(s)
    }
    fn confirm(s: &LordState, a: &LordAction) -> Option<String> {
        allowed::confirm(s, a)
    }
    fn decider(s: &LordState, a: &LordAction) -> Option<u8> {
        decide::decider(s, a)
    }
    fn score(s: &LordState) -> Scoresheet {
        scoring::score(s)
    }
    fn is_over(s: &LordState) -> bool {
        s.phase == Phase::Over
    }
    fn summarize(s: &LordState, a: &LordAction, e: &[LordEvent]) -> String {
        summary::summarize(s, a, e)
    }
    fn view(s: &LordState) -> view::LordView {
        view::view(s)
    }
    fn learned(e: &LordEvent) -> Vec<(String, serde_json::Value)> {
        match e {
            LordEvent::CardDescribed { card } => vec![card.entry()],
            LordEvent::RealmsNamed { names, .. } => {
                vec![("realms".into(), crate::engine::to_json(names))]
            }
            LordEvent::TargetConfirmed { hope_stones } => {
                vec![("target".into(), serde_json::Value::from(*hope_stones))]
            }
            _ => Vec::new(),
        }
    }
    fn check_catalogue_entry(key: &str, value: &serde_json::Value) -> Result<(), RuleError> {
        catalogue::check_catalogue_entry(key, value)
    }
    fn catalogue_in(o: &LordOptions) -> Vec<(String, serde_json::Value)> {
        catalogue::entries(&o.catalogue)
    }
    fn with_catalogue(o: &mut LordOptions, entries: &[(String, serde_json::Value)]) {
        catalogue::merge(&mut o.catalogue, entries);
        if o.target.is_none() {
            o.target = o.catalogue.target;
        }
    }
}
