//! Deciding an entry: which values the scorepad takes (with the rule that refuses the rest), and
//! the one action the core can offer whole, closing the pad.

use super::actions::{RealmAction, RealmEvent};
use super::scoring::tied_for_first;
use super::state::RealmState;
use crate::realm::data::data;
use engine::{err, Allowed, GameRng, RuleError};

fn check_seat(s: &RealmState, seat: u8) -> Result<usize, RuleError> {
    let i = usize::from(seat);
    if i >= s.scores.len() {
        return Err(err(
            "realm.seat",
            format!("there are {} players", s.scores.len()),
        ));
    }
    Ok(i)
}

pub fn handle(
    s: &RealmState,
    action: &RealmAction,
    _rng: &mut GameRng,
) -> Result<Vec<RealmEvent>, RuleError> {
    if s.finished {
        return Err(err(
            "realm.finished",
            "the scorepad is closed: undo to correct it",
        ));
    }
    match action {
        RealmAction::Enter {
            seat,
            category,
            value,
        } => enter(s, *seat, category, *value),
        RealmAction::TieBreak {
            seat,
            objective_firsts,
            estate_cards,
        } => tie_break(s, *seat, *objective_firsts, *estate_cards),
        RealmAction::ObjectivesMet { count } => objectives_met(s, *count),
        RealmAction::Finish => finish(s),
    }
}

fn enter(
    s: &RealmState,
    seat: u8,
    category: &str,
    value: i32,
) -> Result<Vec<RealmEvent>, RuleError> {
    let t = data();
    check_seat(s, seat)?;
    let index = t.category_index(category).ok_or_else(|| {
        err(
            "realm.category",
            format!("'{category}' is not one of the scorepad's categories"),
        )
    })?;
    let points = if t.categories[index].id == "empty_tracks" {
        empty_track_points(value)?
    } else {
        value
    };
    if !(0..=999).contains(&points) {
        return Err(err("realm.value", "a category scores 0 to 999"));
    }
    if s.solo && t.categories[index].id == "family_secret" && value != 0 {
        return Err(err(
            "realm.solo-no-family-secret",
            "solo games are played without Family Secret cards",
        ));
    }
    Ok(vec![RealmEvent::Entered {
        seat,
        index: index as u8,
        value: points,
    }])
}

/// The table counts its empty tableau tracks (0 to 3, 000 line 204); the core scores 7 points
/// for each (line 223).
fn empty_track_points(tracks: i32) -> Result<i32, RuleError> {
    let t = data();
    if !(0..=i32::from(t.tracks)).contains(&tracks) {
        return Err(err(
            "realm.empty-tracks",
            format!(
                "enter how many of the {} tableau tracks have no cube left: 0 to {}, not {tracks}",
                t.tracks, t.tracks
            ),
        ));
    }
    Ok(tracks * t.points_per_empty_track)
}

fn tie_break(
    s: &RealmState,
    seat: u8,
    objective_firsts: u8,
    estate_cards: u8,
) -> Result<Vec<RealmEvent>, RuleError> {
    let t = data();
    check_seat(s, seat)?;
    if objective_firsts > t.eras {
        return Err(err(
            "realm.tie-break",
            format!("there are {} Era objectives", t.eras),
        ));
    }
    if estate_cards > t.max_estate_cards {
        return Err(err(
            "realm.tie-break",
            format!("an Estate holds at most {} cards", t.max_estate_cards),
        ));
    }
    Ok(vec![RealmEvent::TieBroken {
        seat,
        objective_firsts,
        estate_cards,
    }])
}

fn objectives_met(s: &RealmState, count: u8) -> Result<Vec<RealmEvent>, RuleError> {
    let t = data();
    if !s.solo {
        return Err(err(
            "realm.solo-only",
            "objectives met are counted in solo games only",
        ));
    }
    if count > t.eras {
        return Err(err(
            "realm.objectives",
            format!("there are {} Era objectives", t.eras),
        ));
    }
    Ok(vec![RealmEvent::ObjectivesRecorded { count }])
}

/// Closing needs every entry, and the tie-breakers only when players tie for first.
fn finish(s: &RealmState) -> Result<Vec<RealmEvent>, RuleError> {
    let t = data();
    for (seat, row) in s.scores.iter().enumerate() {
        if let Some(i) = row.iter().position(Option::is_none) {
            return Err(err(
                "realm.incomplete",
                format!(
                    "{}'s {} is not entered yet",
                    engine::who(seat),
                    t.categories[i].name
                ),
            ));
        }
    }
    if s.solo && s.objectives_met.is_none() {
        return Err(err(
            "realm.incomplete",
            "enter how many Era objectives were met",
        ));
    }
    let first = tied_for_first(s);
    if first.len() > 1 {
        if let Some(&i) = first
            .iter()
            .find(|&&i| s.objective_firsts[i].is_none() || s.estate_cards[i].is_none())
        {
            return Err(err(
                "realm.tie-break-needed",
                format!(
                    "players tie for first: enter {}'s Era objective firsts and Estate cards",
                    engine::who(i)
                ),
            ));
        }
    }
    Ok(vec![RealmEvent::Finished])
}

/// The legal actions the core can offer whole: the next entry of each player (0, or one step of
/// the category's unit), the tie-breakers once players tie for first, a solo game's objectives
/// met, and closing the pad. Any other value is just as legal when typed; these few let a client
/// (and the conformance suite's random play) fill a pad from start to end.
pub fn allowed(s: &RealmState) -> Vec<Allowed<RealmAction>> {
    if s.finished {
        return Vec::new();
    }
    let mut out = next_entries(s);
    out.extend(tie_breaks(s));
    if s.solo && s.objectives_met.is_none() {
        out.extend((0..=data().eras).map(|count| Allowed {
            label: format!("{count} Era objectives met"),
            group: "objectives".into(),
            action: RealmAction::ObjectivesMet { count },
        }));
    }
    if finish(s).is_ok() {
        out.push(Allowed {
            label: "Close the scorepad".into(),
            group: "finish".into(),
            action: RealmAction::Finish,
        });
    }
    out
}

fn next_entries(s: &RealmState) -> Vec<Allowed<RealmAction>> {
    let t = data();
    let mut out = Vec::new();
    for (seat, row) in s.scores.iter().enumerate() {
        let Some(i) = row.iter().position(Option::is_none) else {
            continue;
        };
        let category = &t.categories[i];
        let solo_secret = s.solo && category.id == "family_secret";
        // One point, or one empty track (`Enter` takes the count there).
        for value in [0, 1] {
            if value != 0 && solo_secret {
                continue;
            }
            out.push(Allowed {
                label: format!("{}: {} {value}", engine::who(seat), category.name),
                group: "entry".into(),
                action: RealmAction::Enter {
                    seat: seat as u8,
                    category: category.id.clone(),
                    value,
                },
            });
        }
    }
    out
}

fn tie_breaks(s: &RealmState) -> Vec<Allowed<RealmAction>> {
    let first = tied_for_first(s);
    if first.len() < 2 || s.scores.iter().flatten().any(Option::is_none) {
        return Vec::new();
    }
    first
        .into_iter()
        .filter(|&i| s.objective_firsts[i].is_none() || s.estate_cards[i].is_none())
        .map(|i| Allowed {
            label: format!(
                "{}: no Era objective firsts, no Estate cards",
                engine::who(i)
            ),
            group: "tie-break".into(),
            action: RealmAction::TieBreak {
                seat: i as u8,
                objective_firsts: 0,
                estate_cards: 0,
            },
        })
        .collect()
}
