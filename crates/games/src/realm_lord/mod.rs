//! Realm Lord, the table assistant for quests, heroes and Hope Stones (rulebook
//! `shared/seeds/004_9d76aa907438df82.txt`; the proposed shape in the design notes'
//! `games/realm-lord.md` and product.md § "Realm Lord (004)"). The cards outrank
//! the rules sheet and no card list is public: the app keeps what the sheet fixes (phases,
//! limits, actions, quests and the die, Hope Stones, the win) and asks the table once for what a
//! card prints (kept in the catalogue) or did (entered as changes). Hands are counts: nothing
//! secret is stored. The scorepad-only mode is the sibling game `scorepad`.
//!
//! Readings of the rulebook's gaps (B1–B19, each with the rulebook line it rests on): the game's
//! product notes, `docs/games/realm-lord.md`. Code cites them by id. Undo is no way to peek at
//! the app's die: see `quest` for the counter of every roll made.

pub mod abilities;
pub mod actions;
mod allowed;
mod apply;
pub mod catalogue;
mod changes;
pub mod data;
mod decide;
mod draft;
pub mod model;
pub mod pieces;
mod play;
mod quest;
pub mod scorepad;
mod scoring;
mod setup;
mod summary;
pub mod tags;
pub mod view;

pub use actions::{Change, LimitDiscard, LordAction, LordEvent, LordOptions};

use engine::{Allowed, Descriptor, Game, GameRng, RuleBook, RuleError, Scoresheet, Seat};
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
                vec![("realms".into(), engine::to_json(names))]
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
