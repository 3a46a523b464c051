//! What the scorepad shows (its state as it stands) and the one-line summaries for the log.

use super::actions::{RealmAction, RealmEvent};
use super::state::RealmState;
use crate::games::realm::data::data;

/// Nothing on the scorepad is secret, so the table sees the pad itself.
pub fn view(s: &RealmState) -> RealmState {
    s.clone()
}

pub fn summarize(_s: &RealmState, action: &RealmAction, _events: &[RealmEvent]) -> String {
    let t = data();
    match action {
        RealmAction::Enter {
            seat,
            category,
            value,
        } => {
            let name = t
                .category_index(category)
                .map_or(category.clone(), |i| t.categories[i].name.clone());
            format!("player {}: {name} {value}", seat + 1)
        }
        RealmAction::TieBreak {
            seat,
            objective_firsts,
            estate_cards,
        } => {
            format!(
                "player {}: {objective_firsts} objective firsts, {estate_cards} Estate cards",
                seat + 1
            )
        }
        RealmAction::ObjectivesMet { count } => format!("{count} of 5 Era objectives met"),
        RealmAction::Finish => "closed the scorepad".into(),
    }
}
