//! Applying recorded entries to the pad. Never fails: every event was checked when decided.

use super::actions::RealmEvent;
use super::state::RealmState;

pub fn apply(s: &mut RealmState, event: &RealmEvent) {
    match event {
        RealmEvent::Entered { seat, index, value } => {
            if let Some(cell) = s
                .scores
                .get_mut(usize::from(*seat))
                .and_then(|r| r.get_mut(usize::from(*index)))
            {
                *cell = Some(*value);
            }
        }
        RealmEvent::TieBroken {
            seat,
            objective_firsts,
            estate_cards,
        } => {
            let i = usize::from(*seat);
            if i < s.objective_firsts.len() {
                s.objective_firsts[i] = Some(*objective_firsts);
                s.estate_cards[i] = Some(*estate_cards);
            }
        }
        RealmEvent::ObjectivesRecorded { count } => s.objectives_met = Some(*count),
        RealmEvent::Finished => s.finished = true,
    }
}
