//! Deciding: checking an action against the rules (each refusal names its rule) and listing the
//! legal actions.

use super::actions::{RaceAction, RaceEvent};
use super::data::data;
use super::RaceState;
use estate_steward::engine::{err, Allowed, RuleError};

pub fn handle(s: &RaceState, a: &RaceAction) -> Result<Vec<RaceEvent>, RuleError> {
    let RaceAction::Add { amount } = *a;
    if s.winner.is_some() {
        return Err(err("race.over", "the race is over"));
    }
    if amount == 0 || amount > data().max_step.value {
        return Err(err(
            "race.step",
            format!("add 1 to {}, not {amount}", data().max_step.value),
        ));
    }
    let seat = s.current;
    let mut events = vec![RaceEvent::Added { seat, amount }];
    let reached = s.counters[usize::from(seat)].saturating_add(amount);
    if reached >= s.target {
        events.push(RaceEvent::Won { seat });
    }
    Ok(events)
}

pub fn allowed(s: &RaceState) -> Vec<Allowed<RaceAction>> {
    if s.winner.is_some() {
        return Vec::new();
    }
    (1..=data().max_step.value)
        .map(|amount| Allowed {
            label: format!("Add {amount}"),
            group: "add".into(),
            action: RaceAction::Add { amount },
        })
        .collect()
}
