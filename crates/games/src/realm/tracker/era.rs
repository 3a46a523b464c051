//! Turn order and the Era's frame (000 lines 124-147): revealing the Event, passing the turn
//! clockwise to whoever still has a worker, scoring the objective with its ties, the reset, and
//! the game end's entries.

use super::actions::TrackerEvent;
use super::model::{ObjectiveResult, Phase, Res, SoloEventFacts, TrackerState};
use super::rules::{card_vp, on_turn, player, who};
use crate::realm::data::data;
use engine::{err, RuleError};

/// Whether a Solo Era Event reward is one to keep: a card's name and 0 to 30 VP.
pub fn check_event(name: &str, f: &SoloEventFacts) -> Result<(), RuleError> {
    if name.trim() != name || name.is_empty() || name.chars().count() > 60 {
        return Err(err(
            "realm.event",
            "name the Solo Era Event (1 to 60 letters)",
        ));
    }
    if !(0..=30).contains(&f.objective_vp) {
        return Err(err(
            "realm.event-reward",
            "a Solo Era Event's objective awards 0 to 30 Victory Points",
        ));
    }
    Ok(())
}

/// What a Solo Era Event card's objective awards, told by the table (product.md: asked once
/// per card). Told again, it corrects the card: an objective already met scores the new value.
pub fn describe_event(
    s: &TrackerState,
    name: &str,
    f: &SoloEventFacts,
) -> Result<Vec<TrackerEvent>, RuleError> {
    if !s.solo {
        return Err(err(
            "realm.solo-only",
            "Solo Era Event cards are played in solo games",
        ));
    }
    if s.phase == Phase::Over {
        return Err(err("realm.phase", "the game is over"));
    }
    let name = name.trim();
    check_event(name, f)?;
    Ok(vec![TrackerEvent::EventDescribed {
        name: name.to_string(),
        facts: f.clone(),
    }])
}

/// The name an Era Event revealed unnamed carries until the table names it.
pub fn unnamed(era: u8) -> String {
    format!("Era {era} Event")
}

/// Whether the Era's Event (counted from 1) still carries the name it was revealed with unnamed.
pub fn is_unnamed(s: &TrackerState, era: u8) -> bool {
    s.events
        .get(usize::from(era).wrapping_sub(1))
        .is_some_and(|e| e.name == unnamed(era))
}

/// Name the current Era's Event, revealed unnamed (multiplayer).
pub fn name_event(s: &TrackerState, name: &str) -> Result<Vec<TrackerEvent>, RuleError> {
    if s.solo {
        return Err(err(
            "realm.event",
            "a Solo Era Event is named as it is revealed (its objective's Victory Points are remembered by its name)",
        ));
    }
    if usize::from(s.era) != s.events.len() || s.era == 0 {
        return Err(err(
            "realm.phase",
            "no Era Event is revealed yet this Era: reveal it first",
        ));
    }
    let name = name.trim();
    if name.is_empty() || name.chars().count() > 60 {
        return Err(err("realm.event", "name the Era Event (1 to 60 letters)"));
    }
    if s.events.last().is_some_and(|e| e.name == name) {
        return Err(err(
            "realm.event",
            format!("the Era Event is already named {name}"),
        ));
    }
    Ok(vec![TrackerEvent::EventNamed {
        era: s.era,
        name: name.to_string(),
    }])
}

pub fn reveal(
    s: &TrackerState,
    name: &str,
    positive: Option<bool>,
    chosen_effect: Option<&str>,
    describe: Option<&SoloEventFacts>,
) -> Result<Vec<TrackerEvent>, RuleError> {
    if s.phase != Phase::EraStart {
        return Err(err(
            "realm.phase",
            "an Era Event is revealed at the start of an Era",
        ));
    }
    let name = name.trim();
    if name.is_empty() || name.len() > 60 {
        return Err(err("realm.event", "name the Era Event (1 to 60 letters)"));
    }
    let chosen = chosen_effect.map(str::trim).filter(|c| !c.is_empty());
    if s.solo {
        if positive.is_some() {
            return Err(err(
                "realm.event",
                "Solo Era Events have two effects to choose from, not a sign",
            ));
        }
        if chosen.is_none() {
            return Err(err(
                "realm.solo-event",
                "choose one of the Solo Era Event's two effects",
            ));
        }
    } else {
        let Some(sign) = positive else {
            return Err(err(
                "realm.event",
                "say whether the Era Event is positive or negative",
            ));
        };
        // Era 1's Event is a negative one (000 line 86).
        if s.era == 1 && sign {
            return Err(err(
                "realm.event-era1",
                "Era 1's Event is drawn from the negative Events",
            ));
        }
        // Eras 2-5 hold 2 positive and 2 negative Events.
        let so_far = s
            .events
            .iter()
            .skip(1)
            .filter(|e| e.positive == Some(sign))
            .count();
        if s.era > 1 && so_far >= 2 {
            return Err(err(
                "realm.event-mix",
                format!(
                    "Eras 2 to 5 hold 2 positive and 2 negative Events: both {} are out",
                    if sign { "positive" } else { "negative" }
                ),
            ));
        }
        if chosen.is_some() {
            return Err(err(
                "realm.event",
                "only Solo Era Events offer a choice of effect",
            ));
        }
    }
    let mut ev = Vec::new();
    if let Some(f) = describe {
        ev.extend(describe_event(s, name, f)?);
    }
    ev.push(TrackerEvent::EventRevealed {
        name: name.to_string(),
        positive,
        chosen_effect: chosen.map(str::to_string),
    });
    Ok(ev)
}

pub fn end_turn(s: &TrackerState) -> Result<Vec<TrackerEvent>, RuleError> {
    let seat = on_turn(s)?;
    if !s.turn.worker_placed {
        return Err(err(
            "realm.turn-action",
            format!("{} places a worker before the turn ends", who(seat)),
        ));
    }
    let mut ev = Vec::new();
    if s.turn.produce.is_some() {
        ev.push(TrackerEvent::ProduceFinished);
    }
    let n = s.players.len();
    let next = (1..=n)
        .map(|k| (seat + k) % n)
        .find(|&i| s.players[i].workers_left() > 0)
        .map(|i| i as u8);
    ev.push(TrackerEvent::TurnEnded { next });
    Ok(ev)
}

/// Places by measure, highest first; tied seats share the best place (1, 1, 3 …).
pub fn places(measures: &[i32]) -> Vec<u8> {
    measures
        .iter()
        .map(|m| 1 + measures.iter().filter(|o| *o > m).count() as u8)
        .collect()
}

/// VP for each seat: tied seats split the VP of the places they occupy, rounded down; a 5-way
/// tie scores nothing (000 line 137, product.md).
pub fn split_vp(places: &[u8], table: &[i32]) -> Vec<i32> {
    places
        .iter()
        .map(|&p| {
            let tied = places.iter().filter(|&&q| q == p).count();
            if tied >= 5 {
                return 0;
            }
            let start = usize::from(p) - 1;
            let sum: i32 = (start..start + tied)
                .map(|k| table.get(k).copied().unwrap_or(0))
                .sum();
            sum / tied as i32
        })
        .collect()
}

fn at_era_end(s: &TrackerState) -> Result<(), RuleError> {
    if s.phase != Phase::EraEnd {
        return Err(err(
            "realm.phase",
            "the objective is scored when every worker has acted",
        ));
    }
    if s.objectives.iter().any(|o| o.era == s.era) {
        return Err(err(
            "realm.objective-scored",
            format!("Era {}'s objective is already scored", s.era),
        ));
    }
    Ok(())
}

pub fn score_objective(
    s: &TrackerState,
    measures: &[i32],
    resources: &[Option<Res>],
    fewest: bool,
) -> Result<Vec<TrackerEvent>, RuleError> {
    at_era_end(s)?;
    if s.solo {
        return Err(err(
            "realm.solo-objective",
            "solo, say whether the objective was met",
        ));
    }
    let n = s.players.len();
    if measures.len() != n {
        return Err(err(
            "realm.objective",
            format!("enter a measure for each of the {n} players"),
        ));
    }
    if measures.iter().any(|m| !(0..=999).contains(m)) {
        return Err(err("realm.objective", "a measure is 0 to 999"));
    }
    let final_era = s.era >= data().eras;
    // An objective that rewards the fewest ranks the lowest measure first.
    let ranked: Vec<i32> = if fewest {
        measures.iter().map(|m| -m).collect()
    } else {
        measures.to_vec()
    };
    let places = places(&ranked);
    let r = &s.rewards;
    let table = if final_era {
        &r.final_vp_by_place
    } else {
        &r.vp_by_place
    };
    let vp = split_vp(&places, table);
    // Non-VP rewards are friendly: each tied seat gets its group's place reward (product.md).
    let mut cards = vec![0; n];
    let mut res = vec![None; n];
    if !final_era {
        for i in 0..n {
            match places[i] {
                1 => {}
                2 => {
                    cards[i] = r.second_cards;
                    if r.second_resources > 0 {
                        let Some(Some(x)) = resources.get(i) else {
                            return Err(err(
                                "realm.objective-resource",
                                format!("{} placed 2nd: choose their resource", who(i)),
                            ));
                        };
                        res[i] = Some(*x);
                    }
                }
                _ => cards[i] = r.others_cards,
            }
        }
    }
    Ok(vec![TrackerEvent::ObjectiveScored {
        result: ObjectiveResult {
            era: s.era,
            measures: measures.to_vec(),
            places,
            vp,
            cards,
            resources: res,
            event: None,
        },
    }])
}

/// Solo: a met objective earns what its Solo Era Event card prints (the rulebook names no
/// reward: product.md), 0 until the table tells it; the count of met objectives decides
/// survival (000 line 266).
pub fn solo_objective(s: &TrackerState, met: bool) -> Result<Vec<TrackerEvent>, RuleError> {
    at_era_end(s)?;
    if !s.solo {
        return Err(err("realm.solo-only", "enter each player's measure"));
    }
    let event = s.events.last().map(|e| e.name.clone());
    let told = event
        .as_ref()
        .and_then(|n| s.solo_events.get(n))
        .map_or(0, |f| f.objective_vp);
    Ok(vec![TrackerEvent::ObjectiveScored {
        result: ObjectiveResult {
            era: s.era,
            measures: vec![i32::from(met)],
            places: vec![u8::from(met)],
            vp: vec![if met { told } else { 0 }],
            cards: vec![0],
            resources: vec![None],
            event,
        },
    }])
}

pub fn next_era(s: &TrackerState) -> Result<Vec<TrackerEvent>, RuleError> {
    if s.phase != Phase::EraEnd {
        return Err(err("realm.phase", "the Era is not over"));
    }
    if !s.objectives.iter().any(|o| o.era == s.era) {
        return Err(err(
            "realm.objective-first",
            format!("score Era {}'s objective first", s.era),
        ));
    }
    let n = s.players.len() as u8;
    Ok(vec![TrackerEvent::EraReset {
        first_player: (s.first_player + 1) % n,
    }])
}

pub fn final_entry(
    s: &TrackerState,
    seat: u8,
    game_end_vp: i32,
    family_secret: i32,
) -> Result<Vec<TrackerEvent>, RuleError> {
    if s.phase != Phase::FinalScoring {
        return Err(err("realm.phase", "Game End VP are entered after Era 5"));
    }
    player(s, seat)?;
    if !(0..=200).contains(&game_end_vp) || !(0..=50).contains(&family_secret) {
        return Err(err(
            "realm.value",
            "Game End VP are 0 to 200; a Family Secret 0 to 50",
        ));
    }
    if s.solo && family_secret != 0 {
        return Err(err(
            "realm.solo-no-family-secret",
            "solo games are played without Family Secret cards",
        ));
    }
    Ok(vec![TrackerEvent::FinalEntered {
        seat,
        game_end_vp,
        family_secret,
    }])
}

pub fn finish(s: &TrackerState) -> Result<Vec<TrackerEvent>, RuleError> {
    if s.phase != Phase::FinalScoring {
        return Err(err("realm.phase", "the game ends after Era 5's objective"));
    }
    for (i, p) in s.players.iter().enumerate() {
        if p.game_end_vp.is_none() {
            return Err(err(
                "realm.incomplete",
                format!("enter {}'s Game End and Family Secret VP", who(i)),
            ));
        }
        if let Some(c) = p.tableau.iter().find(|c| card_vp(s, &c.card).is_none()) {
            return Err(err(
                "realm.card-unknown",
                format!(
                    "describe the {} ({}'s Estate): its Victory Points count",
                    c.card,
                    who(i)
                ),
            ));
        }
    }
    Ok(vec![TrackerEvent::Finished])
}
