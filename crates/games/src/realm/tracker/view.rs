//! What the table screen shows: each player's panel with derived values (track values, workers
//! left, the running score), the Realm board's spaces, the card list, the Leaders; plus the
//! one-line summaries for the log.

use super::actions::{TrackerAction, TrackerEvent};
use super::decide::handle;
use super::model::{CardFacts, CardKind, PlayerState, Res, Resources, Track, TrackerState};
use super::offers::{
    activations, level_locked, solo_cards, solo_objectives, ActivationView, SoloCardView,
    SoloObjectiveView,
};
use super::rules::track_value;
use super::scoring::{card_vp, objectives_met, scoresheet};
use crate::realm::data::{data, AbilityAuto, Auto};
use crate::realm::pieces::plural;
use engine::why_not;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "TrackerView")]
pub struct TrackerView {
    pub state: TrackerState,
    pub players: Vec<PlayerView>,
    pub spaces: Vec<SpaceView>,
    pub cards: Vec<CardView>,
    pub leaders: Vec<LeaderView>,
    pub market_left: u8,
    pub eras: u8,
    /// Solo: objectives met so far.
    pub objectives_met: u8,
    /// Quantities the app tracks, per seat, that an Era objective may rank by (the table picks
    /// the one its objective names, or types its own measure).
    pub measures: Vec<MeasureView>,
    /// Solo: the Era objectives to meet, or the game is lost (000 line 266).
    pub objectives_needed: u8,
    /// Solo: each revealed Solo Era Event with its objective's reward (None: not yet told).
    pub solo_objectives: Vec<SoloObjectiveView>,
    /// At this Era's end, a 2nd place takes a resource (Eras 1-4; 000 line 137).
    pub second_takes_resource: bool,
    /// During a Produce action: the current player's Production cards and what each
    /// activation needs, or why it cannot be made now.
    pub activations: Vec<ActivationView>,
    /// Solo: each Solo Mode card and what revealing it asks now (000 lines 254-262).
    pub solo_cards: Vec<SoloCardView>,
    /// Multiplayer: this Era's Event was revealed unnamed and the table may name it now
    /// (`NameEvent`); the header says "not yet named" rather than its stand-in name.
    pub event_unnamed: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "TrackerMeasureView")]
pub struct MeasureView {
    pub name: String,
    /// Per seat; None where a card's type is not described yet.
    pub values: Vec<Option<i32>>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "TrackerPlayerView")]
pub struct PlayerView {
    /// Production, Noble, Gather values (None until the Leader's mat is described).
    pub track_values: Vec<Option<u8>>,
    pub cubes_left: Vec<u8>,
    pub workers_left: u8,
    /// The automated Leader abilities this player holds (own, or copied by a Spy Master).
    pub abilities: Vec<AbilityAuto>,
    pub card_vp: i32,
    pub stored: i32,
    pub tucked: i32,
    pub total: i32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "TrackerSpaceView")]
pub struct SpaceView {
    pub id: String,
    pub name: String,
    /// "accumulating", "open" or "advanced".
    pub kind: String,
    pub level: u8,
    /// Resources lying there (accumulating spaces).
    pub lying: i32,
    pub taken_by: Option<u8>,
    /// The Advanced Gather tile's name, once the table has named it.
    pub tile: Option<String>,
    /// The table enters what a worker gathered here (the app does not know the space's yield).
    pub entered: bool,
    /// The current player's Gather value is below this Advanced Gather level (000 line 132).
    pub locked: bool,
    /// A tile the app applies may lie on this level: it is named before a worker gathers here.
    pub tile_needed: bool,
    /// The tiles the rulebook names that may lie on this level.
    pub known_tiles: Vec<String>,
    /// Worker actions the named tile adds (FAQ line 342).
    pub extra_actions: u8,
    /// Why the player to act may not Gather here now: the refusal of a Gather here with nothing
    /// entered (`None`: they may, and a tap offers it).
    pub why_not: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "TrackerCardView")]
pub struct CardView {
    pub name: String,
    pub count: u8,
    pub in_play: u8,
    pub facts: Option<CardFacts>,
    /// What the rulebook prints, to fill a description form before the table adds the rest.
    pub printed_track: Option<Track>,
    pub printed_kind: Option<CardKind>,
    pub printed_cost: Option<Resources>,
    pub printed_vp: Option<i32>,
    pub once_per_era: bool,
    /// The app computes this card's effect.
    pub automated: bool,
    /// Which computed effect (the Charcoal Burner's asks how much Wood).
    pub auto: Option<Auto>,
    pub solo_card: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "TrackerLeaderView")]
pub struct LeaderView {
    pub name: String,
    pub ability: String,
    pub extra_setup: Option<String>,
    pub start: Vec<String>,
    pub solo_excluded: bool,
    pub mat_known: bool,
    /// Why this table may not play the Leader (solo exclusions, the mat's player count).
    pub unplayable: Option<String>,
}

pub fn view(s: &TrackerState) -> TrackerView {
    let d = data();
    let sheet = scoresheet(s);
    let players = s
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| PlayerView {
            track_values: Track::ALL
                .iter()
                .map(|&t| track_value(s, i, t).ok())
                .collect(),
            cubes_left: p
                .cubes_removed
                .iter()
                .map(|c| d.limits.cubes_per_track.saturating_sub(*c))
                .collect(),
            workers_left: p.workers_left(),
            abilities: super::rules::abilities(s, i),
            card_vp: card_vp(s, p),
            stored: p
                .tableau
                .iter()
                .map(|c| c.stored.total() + c.stored_gold)
                .sum(),
            tucked: p.tableau.iter().map(|c| c.tucked).sum(),
            total: sheet.rows.get(i).map_or(0, |r| r.total),
        })
        .collect();
    TrackerView {
        players,
        spaces: spaces(s),
        cards: d
            .cards
            .iter()
            .map(|c| CardView {
                name: c.name.clone(),
                count: c.count,
                in_play: super::rules::copies_in_play(s, &c.name) as u8,
                facts: s.cards.get(&c.name).cloned(),
                printed_track: c.track,
                printed_kind: c.kind,
                printed_cost: c.cost.clone(),
                printed_vp: c.vp,
                once_per_era: c.once_per_era,
                automated: c.auto.is_some(),
                auto: c.auto,
                solo_card: c.solo_card,
            })
            .collect(),
        leaders: d
            .leaders
            .iter()
            .map(|l| LeaderView {
                name: l.name.clone(),
                ability: l.ability.clone(),
                extra_setup: l.extra_setup.clone(),
                start: l.start.iter().map(|c| c.card.clone()).collect(),
                solo_excluded: l.solo_excluded,
                mat_known: s.mats.contains_key(&l.name),
                unplayable: super::setup::unplayable(s, &l.name),
            })
            .collect(),
        market_left: d.setup.market.saturating_sub(s.turn.market_taken),
        eras: d.eras,
        objectives_met: objectives_met(s),
        measures: measures(s),
        objectives_needed: d.solo_objectives_needed,
        solo_objectives: solo_objectives(s),
        second_takes_resource: s.era < d.eras && s.rewards.second_resources > 0,
        event_unnamed: !s.solo && super::era::is_unnamed(s, s.era),
        activations: activations(s),
        solo_cards: solo_cards(s),
        state: s.clone(),
    }
}

/// The Realm board's spaces: what lies there, who took them, the named tiles and, for the
/// current player, which levels their Gather value keeps them off.
fn spaces(s: &TrackerState) -> Vec<SpaceView> {
    let d = data();
    let mut spaces = Vec::new();
    for r in Res::ALL {
        let id = r.name().to_lowercase();
        spaces.push(SpaceView {
            name: r.name().to_string(),
            kind: "accumulating".into(),
            level: 0,
            lying: s.board.accumulating.get(r),
            taken_by: s.board.taken.get(&id).copied(),
            tile: None,
            entered: false,
            locked: false,
            tile_needed: false,
            known_tiles: Vec::new(),
            extra_actions: 0,
            why_not: None,
            id,
        });
    }
    for o in &d.board.open {
        spaces.push(SpaceView {
            id: o.id.clone(),
            name: o.name.clone(),
            kind: "open".into(),
            level: 0,
            lying: 0,
            taken_by: None,
            tile: None,
            entered: true,
            locked: false,
            tile_needed: false,
            known_tiles: Vec::new(),
            extra_actions: 0,
            why_not: None,
        });
    }
    for a in &d.board.advanced {
        let tile = s.board.tiles.get(&a.id).cloned();
        let known_tiles: Vec<String> = d.tiles_on(a.level).map(|t| t.name.clone()).collect();
        let extra_actions = tile
            .as_deref()
            .and_then(|t| d.tile(t))
            .map_or(0, |t| t.extra_actions);
        spaces.push(SpaceView {
            id: a.id.clone(),
            name: format!("Advanced Gather level {}", a.level),
            kind: "advanced".into(),
            level: a.level,
            lying: 0,
            taken_by: s.board.taken.get(&a.id).copied(),
            entered: extra_actions == 0,
            locked: level_locked(s, a.level),
            tile_needed: tile.is_none() && !known_tiles.is_empty(),
            known_tiles,
            extra_actions,
            why_not: None,
            tile,
        });
    }
    for space in &mut spaces {
        let gather = TrackerAction::Gather {
            space: space.id.clone(),
            change: None,
            ability: None,
        };
        space.why_not = why_not(|rng| handle(s, &gather, rng)).map(|e| e.message);
    }
    spaces
}

fn measures(s: &TrackerState) -> Vec<MeasureView> {
    use CardKind;
    let per = |f: &dyn Fn(&PlayerState) -> Option<i32>| s.players.iter().map(f).collect();
    let kind = |p: &PlayerState, k: CardKind| -> Option<i32> {
        p.tableau
            .iter()
            .map(|c| s.cards.get(&c.card).map(|f| i32::from(f.kind == k)))
            .sum()
    };
    let on = |p: &PlayerState, t: Track| Some(p.cards_on(t) as i32);
    vec![
        MeasureView {
            name: "Gold".into(),
            values: per(&|p| Some(p.gold)),
        },
        MeasureView {
            name: "Estate cards".into(),
            values: per(&|p| Some(p.tableau.len() as i32)),
        },
        MeasureView {
            name: "Citizens".into(),
            values: per(&|p| kind(p, CardKind::Citizen)),
        },
        MeasureView {
            name: "Constructions".into(),
            values: per(&|p| kind(p, CardKind::Construction)),
        },
        MeasureView {
            name: "Production cards".into(),
            values: per(&|p| on(p, Track::Production)),
        },
        MeasureView {
            name: "Noble cards".into(),
            values: per(&|p| on(p, Track::Noble)),
        },
        MeasureView {
            name: "Gather cards".into(),
            values: per(&|p| on(p, Track::Gather)),
        },
        MeasureView {
            name: "Resources in supply".into(),
            values: per(&|p| Some(p.supply.total())),
        },
        MeasureView {
            name: "Stored resources".into(),
            values: per(&|p| Some(p.tableau.iter().map(|c| c.stored.total()).sum())),
        },
        MeasureView {
            name: "Tucked cards".into(),
            values: per(&|p| Some(p.tableau.iter().map(|c| c.tucked).sum())),
        },
        MeasureView {
            name: "Workers".into(),
            values: per(&|p| Some(i32::from(p.workers + p.temporary))),
        },
        MeasureView {
            name: "Cards in hand".into(),
            values: per(&|p| Some(p.hand)),
        },
    ]
}

/// A space's name as the board shows it ("Wood", "Open space 1", "Advanced Gather level 2").
fn space_name(id: &str) -> String {
    let d = data();
    if let Some(o) = d.board.open.iter().find(|o| o.id == id) {
        return o.name.clone();
    }
    if let Some(a) = d.advanced(id) {
        return format!("Advanced Gather level {}", a.level);
    }
    Res::ALL
        .into_iter()
        .find(|r| r.name().eq_ignore_ascii_case(id))
        .map_or(id.to_string(), |r| r.name().to_string())
}

use engine::who as seat_name;

pub fn summarize(s: &TrackerState, a: &TrackerAction, ev: &[TrackerEvent]) -> String {
    use TrackerAction as A;
    let cur = seat_name(s.current);
    let card_at = |slot: u8| {
        s.players
            .get(usize::from(s.current))
            .and_then(|p| p.tableau.get(usize::from(slot)))
            .map_or(format!("card {}", u32::from(slot) + 1), |c| c.card.clone())
    };
    let ledger = || {
        ev.iter()
            .filter_map(|e| match e {
                TrackerEvent::Ledger { change, .. } => Some(change.describe()),
                _ => None,
            })
            .collect::<Vec<_>>()
            .join("; ")
    };
    match a {
        A::ChooseLeader { seat, leader } => format!("{} leads as the {leader}", seat_name(*seat)),
        A::DealLeaders => dealt_line(ev),
        A::DescribeMat { leader, .. } => format!("described the {leader} mat"),
        A::DescribeCard { card, .. } => format!("described the {card}"),
        A::DescribeEvent { name, facts } => {
            format!("the {name}'s objective awards {} VP", facts.objective_vp)
        }
        A::NameTile { space, name } => format!("{} holds the tile {name}", space_name(space)),
        A::NameEvent { name } => format!("Era {}'s Event is named {}", s.era, name.trim()),
        A::StartGame { .. } => started_line(ev),
        A::RevealEvent {
            name,
            positive,
            chosen_effect,
            describe,
        } => {
            let line = revealed_line(s, name, *positive, chosen_effect.as_deref());
            match describe {
                Some(f) => format!("{line}; its objective awards {} VP", f.objective_vp),
                None => line,
            }
        }
        A::Produce { ability } => produce_line(&cur, ev, *ability),
        A::Activate { slot, ability, .. } => format!(
            "{cur}: {} gives {}{}",
            card_at(*slot),
            ledger(),
            if *ability {
                " (again, Leader ability)"
            } else {
                ""
            }
        ),
        A::FinishProduce => format!("{cur} finishes producing"),
        A::Draw { deck, market, .. } => {
            format!("{cur} draws {deck} from the deck, {market} from the Market")
        }
        A::Gather { space, .. } => {
            let tile = s
                .board
                .tiles
                .get(space)
                .map_or(String::new(), |t| format!(" ({t})"));
            format!("{cur} gathers at {}{tile}: {}", space_name(space), ledger())
        }
        A::Expand {
            card, free_citizen, ..
        } => match free_citizen {
            Some(c) => format!("{cur} expands with the {card} and plays the {c} free"),
            None => format!("{cur} expands with the {card}"),
        },
        A::Convert { give, get } => {
            format!("{cur} converts {} into 1 {}", give.describe(), get.name())
        }
        A::UseAbility { change } => format!("{cur} uses the Leader ability: {}", change.describe()),
        A::Effect { seat, card, change } => {
            format!("{}: {card}: {}", seat_name(*seat), change.describe())
        }
        A::EffectEach {
            source,
            seats,
            change,
        } => format!(
            "{}: {} each: {}",
            source.trim(),
            seats
                .iter()
                .map(|&x| seat_name(x))
                .collect::<Vec<_>>()
                .join(", "),
            change.describe()
        ),
        A::PlayFree { seat, card, by, .. } => {
            format!("{} plays the {card} free ({by})", seat_name(*seat))
        }
        A::SoloReveal {
            card, from_market, ..
        } => format!(
            "revealed the {card} (solo{}): {}",
            if *from_market { ", in the Market" } else { "" },
            ledger()
        ),
        A::RemoveCard { seat, slot, by } => removed_line(s, *seat, *slot, by),
        A::EndTurn => format!("{cur} ends the turn"),
        A::ScoreObjective { .. } | A::SoloObjective { .. } => objective_line(ev),
        A::NextEra => {
            if s.era >= data().eras {
                "Era 5 is over: final scoring".into()
            } else {
                format!("Era {} ends; Era {} begins", s.era, s.era + 1)
            }
        }
        A::FinalEntry {
            seat,
            game_end_vp,
            family_secret,
        } => format!(
            "{}: Game End VP {game_end_vp}, Family Secret {family_secret}",
            seat_name(*seat)
        ),
        A::Finish => "game closed: final score".into(),
    }
}

fn dealt_line(ev: &[TrackerEvent]) -> String {
    ev.iter()
        .filter_map(|e| match e {
            TrackerEvent::LeaderChosen { seat, leader } => {
                Some(format!("{} is dealt the {leader}", seat_name(*seat)))
            }
            _ => None,
        })
        .collect::<Vec<_>>()
        .join("; ")
}

fn started_line(ev: &[TrackerEvent]) -> String {
    ev.iter()
        .find_map(|e| match e {
            TrackerEvent::GameStarted { first_player, .. } => Some(format!(
                "Estates laid out; {} goes first",
                seat_name(*first_player)
            )),
            _ => None,
        })
        .unwrap_or_default()
}

fn revealed_line(
    s: &TrackerState,
    name: &str,
    positive: Option<bool>,
    chosen_effect: Option<&str>,
) -> String {
    let what = match (positive, chosen_effect) {
        (Some(true), _) => " (positive)".to_string(),
        (Some(false), _) => " (negative)".to_string(),
        (None, Some(c)) => format!(": chose {c}"),
        _ => String::new(),
    };
    format!("Era {}: {name} revealed{what}", s.era)
}

fn produce_line(cur: &str, ev: &[TrackerEvent], ability: bool) -> String {
    let limit = ev.iter().find_map(|e| match e {
        TrackerEvent::ProduceStarted { limit } => Some(*limit),
        _ => None,
    });
    format!(
        "{cur} produces on up to {}{}",
        plural(limit.unwrap_or(0), "card"),
        if ability { " (Leader ability)" } else { "" }
    )
}

fn removed_line(s: &TrackerState, seat: u8, slot: u8, by: &str) -> String {
    let card = s
        .players
        .get(usize::from(seat))
        .and_then(|p| p.tableau.get(usize::from(slot)))
        .map_or("a card".to_string(), |c| format!("the {}", c.card));
    format!("{} loses {card} ({by})", seat_name(seat))
}

fn objective_line(ev: &[TrackerEvent]) -> String {
    ev.iter()
        .find_map(|e| match e {
            TrackerEvent::ObjectiveScored { result } => Some(format!(
                "Era {} objective: {}",
                result.era,
                result
                    .places
                    .iter()
                    .enumerate()
                    .map(|(i, p)| format!(
                        "{} {} ({} VP)",
                        seat_name(i),
                        if *p == 0 {
                            "not met".to_string()
                        } else {
                            format!("#{p}")
                        },
                        result.vp[i]
                    ))
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
            _ => None,
        })
        .unwrap_or_default()
}
