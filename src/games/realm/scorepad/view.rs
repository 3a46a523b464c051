//! What the scorepad shows (its state as it stands, with the rulebook's solo threshold said by
//! the core) and the one-line summaries for the log.

use super::actions::{RealmAction, RealmEvent};
use super::state::RealmState;
use crate::games::realm::data::data;
use serde::{Deserialize, Serialize};

/// Nothing on the scorepad is secret, so the table sees the pad itself, and what the rules make
/// of it that the screen says.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "RealmView")]
pub struct RealmView {
    #[serde(flatten)]
    pub pad: RealmState,
    /// The Era objectives of a game (000 line 214: 5 Eras).
    pub eras: u8,
    /// Solo: the objectives to meet, or the game is lost (000 lines 233, 266).
    pub objectives_needed: u8,
    /// Solo: the count entered is below the threshold, so the game is lost whatever the points.
    pub lost: bool,
}

pub fn view(s: &RealmState) -> RealmView {
    let t = data();
    RealmView {
        pad: s.clone(),
        eras: t.eras,
        objectives_needed: t.solo_objectives_needed,
        lost: s.solo
            && s.objectives_met
                .is_some_and(|n| n < t.solo_objectives_needed),
    }
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
