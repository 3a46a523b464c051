//! What the scorepad shows (its state as it stands, with the rulebook's solo threshold said by
//! the core) and the one-line summaries for the log.

use super::actions::{RealmAction, RealmEvent};
use super::state::RealmState;
use crate::realm::data::data;
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
    /// Per seat, how many tableau tracks were entered as empty (None until entered): the table
    /// enters the count, the pad's `scores` hold the points.
    pub empty_tracks: Vec<Option<u8>>,
    /// What one empty track scores (000 line 223) and how many tracks a tableau has (line 204).
    pub points_per_empty_track: i32,
    pub tracks: u8,
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
        empty_tracks: s
            .scores
            .iter()
            .map(|row| {
                let points = t
                    .category_index("empty_tracks")
                    .and_then(|i| row.get(i).copied().flatten())?;
                u8::try_from(points / t.points_per_empty_track.max(1)).ok()
            })
            .collect(),
        points_per_empty_track: t.points_per_empty_track,
        tracks: t.tracks,
    }
}

pub fn summarize(_s: &RealmState, action: &RealmAction, events: &[RealmEvent]) -> String {
    let t = data();
    match action {
        RealmAction::Enter {
            seat,
            category,
            value,
        } => {
            let who = engine::who(*seat);
            let name = t
                .category_index(category)
                .map_or(category.clone(), |i| t.categories[i].name.clone());
            match events {
                // The table counted the tracks; the core scored them.
                [RealmEvent::Entered { value: points, .. }] if category == "empty_tracks" => {
                    format!("{who}: {name} {value} ({points} points)")
                }
                _ => format!("{who}: {name} {value}"),
            }
        }
        RealmAction::TieBreak {
            seat,
            objective_firsts,
            estate_cards,
        } => {
            format!(
                "{}: {objective_firsts} objective firsts, {estate_cards} Estate cards",
                engine::who(*seat)
            )
        }
        RealmAction::ObjectivesMet { count } => format!("{count} of 5 Era objectives met"),
        RealmAction::Finish => "closed the scorepad".into(),
    }
}
