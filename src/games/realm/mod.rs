//! Estate: Raise the Realm (rulebook `shared/seeds/000_f36707b509d5142f.txt`) — so far its
//! scorepad: a table that tracked nothing enters each player's eight categories at the end and
//! gets the totals, the winner by the rulebook's tie-breakers and, solo, the title.
//! The full table assistant (workers, tracks, Realm board, Eras) is not built yet.

pub mod rules_table;

use crate::engine::{Allowed, Descriptor, Game, GameRng, RuleError, ScoreRow, Scoresheet, Seat};
use rules_table::table;
use serde::{Deserialize, Serialize};

#[derive(Debug)]
pub struct RaiseTheRealm;

/// Table choices, recorded with the game.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "RealmOptions")]
pub struct RealmOptions {}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "RealmState")]
pub struct RealmState {
    pub solo: bool,
    /// Per seat, one entry per category (in the rule table's order); None until entered.
    pub scores: Vec<Vec<Option<i32>>>,
    /// Tie-breakers, needed only when players tie for first: Era objective firsts, Estate cards.
    pub objective_firsts: Vec<Option<u8>>,
    pub estate_cards: Vec<Option<u8>>,
    /// Solo: how many of the 5 Era objectives were met.
    pub objectives_met: Option<u8>,
    pub finished: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(tag = "type", rename = "RealmAction")]
pub enum RealmAction {
    /// Enter (or correct) one category for one seat; `category` is the rule table's id.
    Enter {
        seat: u8,
        category: String,
        value: i32,
    },
    TieBreak {
        seat: u8,
        objective_firsts: u8,
        estate_cards: u8,
    },
    ObjectivesMet {
        count: u8,
    },
    /// Close the scorepad: totals, winner and title become final.
    Finish,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(tag = "type", rename = "RealmEvent")]
pub enum RealmEvent {
    Entered {
        seat: u8,
        index: u8,
        value: i32,
    },
    TieBroken {
        seat: u8,
        objective_firsts: u8,
        estate_cards: u8,
    },
    ObjectivesRecorded {
        count: u8,
    },
    Finished,
}

fn err(rule: &str, message: impl Into<String>) -> RuleError {
    RuleError::new(rule, message)
}

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

fn totals(s: &RealmState) -> Vec<i32> {
    s.scores
        .iter()
        .map(|row| row.iter().map(|v| v.unwrap_or(0)).sum())
        .collect()
}

/// Seats tied for the highest total.
fn tied_for_first(s: &RealmState) -> Vec<usize> {
    let t = totals(s);
    let best = t.iter().copied().max().unwrap_or(0);
    (0..t.len()).filter(|&i| t[i] == best).collect()
}

/// The rulebook's order (000 line 225): total; for first place, then most Era objective firsts,
/// then most Estate cards; otherwise the victory is shared.
fn ranks(s: &RealmState) -> Vec<u8> {
    let firsts: Vec<u8> = s.objective_firsts.iter().map(|v| v.unwrap_or(0)).collect();
    let cards: Vec<u8> = s.estate_cards.iter().map(|v| v.unwrap_or(0)).collect();
    rank_seats(&totals(s), &firsts, &cards)
}

/// Ranks by total; players tied for first are separated by Era-objective firsts, then Estate
/// cards, else they share the victory (000 line 225). Shared by the scorepad and the tracker.
pub fn rank_seats(totals: &[i32], firsts: &[u8], cards: &[u8]) -> Vec<u8> {
    let best = totals.iter().copied().max().unwrap_or(0);
    let tied = totals.iter().filter(|&&t| t == best).count();
    let key = |i: usize| -> (i32, u8, u8) {
        if tied > 1 && totals[i] == best {
            (
                totals[i],
                firsts.get(i).copied().unwrap_or(0),
                cards.get(i).copied().unwrap_or(0),
            )
        } else {
            (totals[i], 0, 0)
        }
    };
    (0..totals.len())
        .map(|i| 1 + (0..totals.len()).filter(|&j| key(j) > key(i)).count() as u8)
        .collect()
}

impl Game for RaiseTheRealm {
    type Options = RealmOptions;
    type State = RealmState;
    type Action = RealmAction;
    type Event = RealmEvent;
    type View = RealmState;

    const DESCRIPTOR: Descriptor = Descriptor {
        id: "raise-the-realm",
        name: "Estate: Raise the Realm (scorepad)",
        min_players: 1,
        max_players: 5,
        solo: true,
        rulebook: "000_f36707b509d5142f.txt",
    };

    fn initial(_options: &RealmOptions, seats: &[Seat]) -> Result<RealmState, RuleError> {
        let t = table();
        if seats.is_empty() || seats.len() > usize::from(t.max_players) {
            return Err(err(
                "realm.players",
                format!("Raise the Realm takes 1 to {} players", t.max_players),
            ));
        }
        let n = seats.len();
        Ok(RealmState {
            solo: n == 1,
            scores: vec![vec![None; t.categories.len()]; n],
            objective_firsts: vec![None; n],
            estate_cards: vec![None; n],
            objectives_met: None,
            finished: false,
        })
    }

    fn handle(
        s: &RealmState,
        action: &RealmAction,
        _rng: &mut GameRng,
    ) -> Result<Vec<RealmEvent>, RuleError> {
        let t = table();
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
            } => {
                check_seat(s, *seat)?;
                let index = t.category_index(category).ok_or_else(|| {
                    err(
                        "realm.category",
                        format!("'{category}' is not one of the scorepad's categories"),
                    )
                })?;
                if *value < 0 || *value > 999 {
                    return Err(err("realm.value", "a category scores 0 to 999"));
                }
                if s.solo && t.categories[index].id == "family_secret" && *value != 0 {
                    return Err(err(
                        "realm.solo-no-family-secret",
                        "solo games are played without Family Secret cards (000 Solo Mode setup)",
                    ));
                }
                if t.categories[index].id == "empty_tracks" {
                    let per = t.points_per_empty_track;
                    if *value % per != 0 || *value > per * i32::from(t.tracks) {
                        return Err(err(
                            "realm.empty-tracks",
                            format!(
                                "each empty tableau track scores {per}: 0 to {} in steps of {per}",
                                per * i32::from(t.tracks)
                            ),
                        ));
                    }
                }
                Ok(vec![RealmEvent::Entered {
                    seat: *seat,
                    index: index as u8,
                    value: *value,
                }])
            }
            RealmAction::TieBreak {
                seat,
                objective_firsts,
                estate_cards,
            } => {
                check_seat(s, *seat)?;
                if *objective_firsts > t.eras {
                    return Err(err(
                        "realm.tie-break",
                        format!("there are {} Era objectives", t.eras),
                    ));
                }
                if *estate_cards > t.max_estate_cards {
                    return Err(err(
                        "realm.tie-break",
                        format!("an Estate holds at most {} cards", t.max_estate_cards),
                    ));
                }
                Ok(vec![RealmEvent::TieBroken {
                    seat: *seat,
                    objective_firsts: *objective_firsts,
                    estate_cards: *estate_cards,
                }])
            }
            RealmAction::ObjectivesMet { count } => {
                if !s.solo {
                    return Err(err(
                        "realm.solo-only",
                        "objectives met are counted in solo games only",
                    ));
                }
                if *count > t.eras {
                    return Err(err(
                        "realm.objectives",
                        format!("there are {} Era objectives", t.eras),
                    ));
                }
                Ok(vec![RealmEvent::ObjectivesRecorded { count: *count }])
            }
            RealmAction::Finish => {
                for (seat, row) in s.scores.iter().enumerate() {
                    if let Some(i) = row.iter().position(Option::is_none) {
                        return Err(err(
                            "realm.incomplete",
                            format!(
                                "player {}'s {} is not entered yet",
                                seat + 1,
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
                            format!("players tie for first: enter player {}'s Era objective firsts and Estate cards", i + 1),
                        ));
                    }
                }
                Ok(vec![RealmEvent::Finished])
            }
        }
    }

    fn apply(s: &mut RealmState, event: &RealmEvent) {
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

    fn allowed(s: &RealmState) -> Vec<Allowed<RealmAction>> {
        // Scores are typed in; the only button the core can offer whole is closing the pad.
        let probe = Self::handle(
            s,
            &RealmAction::Finish,
            &mut rand::SeedableRng::seed_from_u64(0),
        );
        if probe.is_ok() {
            vec![Allowed {
                label: "Close the scorepad".into(),
                group: "finish".into(),
                action: RealmAction::Finish,
            }]
        } else {
            Vec::new()
        }
    }

    fn score(s: &RealmState) -> Scoresheet {
        let t = table();
        let totals = totals(s);
        let ranks = ranks(s);
        let solo_title = |total: i32| match s.objectives_met {
            Some(n) if n < t.solo_objectives_needed => t.solo_failure_title.clone(),
            _ => t.title(total),
        };
        let rows = (0..s.scores.len())
            .map(|i| ScoreRow {
                seat: i as u8,
                name: String::new(),
                breakdown: s.scores[i].iter().map(|v| v.unwrap_or(0)).collect(),
                total: totals[i],
                rank: ranks[i],
                winner: s.finished && !s.solo && ranks[i] == 1,
                title: (s.finished && s.solo).then(|| solo_title(totals[i])),
            })
            .collect();
        Scoresheet {
            categories: t.categories.iter().map(|c| c.name.clone()).collect(),
            rows,
            final_: s.finished,
        }
    }

    fn view(s: &RealmState) -> RealmState {
        s.clone()
    }

    fn is_over(s: &RealmState) -> bool {
        s.finished
    }

    fn summarize(_s: &RealmState, action: &RealmAction, _events: &[RealmEvent]) -> String {
        let t = table();
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
}
