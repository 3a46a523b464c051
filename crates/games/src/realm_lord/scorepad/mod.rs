//! Realm Lord's scorepad-only mode (`realm-lord-scorepad`): for a table that plays without the
//! assistant but keeps the Hope Stones. The target is confirmed as in the full game; each entry
//! is one or more players' Hope Stones gained or lost; the game ends the moment a player reaches
//! the target, with the same readings (stones stop at 0; simultaneous arrivals won by the most,
//! an exact tie shared). A second registered game rather than a mode of `realm-lord`, as Raise
//! the Realm's scorepad is: History and its statistics tell the two ways of playing apart, the
//! full game's actions stay free of scorepad entries, and each passes the conformance suite.

pub mod actions;
mod apply;
mod decide;
mod scoring;
mod setup;
pub mod state;
pub mod view;

use actions::{PadAction, PadEvent, PadOptions};
use engine::{err, Allowed, Descriptor, Game, GameRng, RuleBook, RuleError, Scoresheet, Seat};
pub use state::PadState;

#[derive(Debug)]
pub struct RealmLordScorepad;

impl Game for RealmLordScorepad {
    type Options = PadOptions;
    type State = PadState;
    type Action = PadAction;
    type Event = PadEvent;
    type View = view::PadView;

    const DESCRIPTOR: Descriptor = Descriptor {
        id: "realm-lord-scorepad",
        name: "Realm Lord (Hope Stone scorepad)",
        min_players: 2,
        max_players: 6,
        solo: false,
        rulebook: "004_9d76aa907438df82.txt",
    };

    fn rules() -> &'static RuleBook {
        super::data::rule_book()
    }

    fn initial(o: &PadOptions, seats: &[Seat]) -> Result<PadState, RuleError> {
        setup::initial(o, seats)
    }
    fn handle(s: &PadState, a: &PadAction, _rng: &mut GameRng) -> Result<Vec<PadEvent>, RuleError> {
        decide::handle(s, a)
    }
    fn apply(s: &mut PadState, e: &PadEvent) {
        apply::apply(s, e)
    }
    fn allowed(s: &PadState) -> Vec<Allowed<PadAction>> {
        decide::allowed(s)
    }
    fn score(s: &PadState) -> Scoresheet {
        scoring::score(s)
    }
    fn is_over(s: &PadState) -> bool {
        s.over
    }
    fn summarize(s: &PadState, a: &PadAction, e: &[PadEvent]) -> String {
        view::summarize(s, a, e)
    }
    fn view(s: &PadState) -> view::PadView {
        view::view(s)
    }
    fn learned(e: &PadEvent) -> Vec<(String, serde_json::Value)> {
        match e {
            PadEvent::TargetConfirmed { hope_stones } => {
                vec![("target".into(), serde_json::Value::from(*hope_stones))]
            }
            _ => Vec::new(),
        }
    }
    fn check_catalogue_entry(key: &str, value: &serde_json::Value) -> Result<(), RuleError> {
        if key != "target" {
            return Err(err(
                "realm-lord.catalogue",
                format!("the scorepad remembers only the target, not '{key}'"),
            ));
        }
        let t: u32 = serde_json::from_value(value.clone())
            .map_err(|e| err("realm-lord.catalogue", e.to_string()))?;
        crate::realm_lord::catalogue::check_target(t)
    }
    fn with_catalogue(o: &mut PadOptions, entries: &[(String, serde_json::Value)]) {
        if o.target.is_none() {
            o.target = entries
                .iter()
                .find(|(k, _)| k == "target")
                .and_then(|(_, v)| serde_json::from_value(v.clone()).ok())
                .filter(|t| crate::realm_lord::catalogue::check_target(*t).is_ok());
        }
    }
}
