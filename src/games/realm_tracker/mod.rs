//! Estate: Raise the Realm, the live table assistant (rulebook `shared/seeds/000_f36707b509d5142f.txt`,
//! readings in product.md): Leaders and their mats, workers, the three tableau tracks, the Realm
//! board, Era Events and objectives, the reset, and the eight-category score with the rulebook's
//! tie-breakers and the solo titles. The scorepad-only mode is the sibling module `realm`.
//!
//! Decided readings (named in the closing note of issue #3):
//! - A "Production card" is a card on the Production track: those are what Produce activates.
//! - The physical deck, Market and hands stay on the table: the app counts cards in hand and
//!   the Market cards taken this turn, and asks a card's name when it is played.
//! - A turn is one worker action plus any free actions, closed with End turn (the Market refills
//!   then, 000 line 170). Advanced Gather level 4 adds two worker actions without workers.
//! - Solo: a met objective earns the 1st-place reward; Solo Mode cards are resolved on reveal and
//!   never played into the Estate.
//! - Tied 1st places each count as an Era-objective first for the tie-breaker.
//! - Solo objective VP are the Eras 1-4 / Era 5 first-place values of the reward table, which New
//!   game lets a table change (the rulebook's solo section names no reward).
//! - The Trade Queen's second Merchant use is a Leader-ability bonus: it is not counted against
//!   the Production value (as the Agrarian Lord's extra card is not).
//! - Permanent workers waiting for the next Era count against a temporary worker's room.
//! - Leader mats' printed values, cards' unprinted facts and Advanced Gather tile names are asked
//!   of the table; Family Secret cards stay on the table and only their VP are entered at the end.
//! - The "remove another cube" of the Pious One's and Sorcerer's setup (000 lines 110, 118) is the
//!   When Played effect of their starting card, entered as it happened (a card played free, or a
//!   cube removed).

pub mod actions;
mod apply;
pub mod data;
mod era;
pub mod model;
mod rules;
mod setup;
pub mod view;
mod worker;

use crate::engine::{Allowed, Descriptor, Game, GameRng, RuleError, Scoresheet, Seat};
pub use actions::{TrackerAction, TrackerEvent};
use data::{data, Auto};
use model::{Board, CardFacts, MatFacts, Phase, PlayerState, Res, Resources, Track, TrackerState};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

#[derive(Debug)]
pub struct RealmTracker;

/// Cards and mats the table has described before, copied into each new game.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "TrackerCatalogue", default)]
pub struct TrackerCatalogue {
    pub cards: BTreeMap<String, CardFacts>,
    pub mats: BTreeMap<String, MatFacts>,
}

/// Table choices and house rules, recorded with the game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "TrackerOptions", default)]
pub struct TrackerOptions {
    /// The objective reward table (product.md: adjustable; defaults from data).
    pub rewards: data::ObjectiveRewards,
    pub catalogue: TrackerCatalogue,
}

impl Default for TrackerOptions {
    fn default() -> Self {
        TrackerOptions {
            rewards: data().rewards.clone(),
            catalogue: TrackerCatalogue::default(),
        }
    }
}

const CARD_KEY: &str = "card:";
const MAT_KEY: &str = "mat:";

fn probe(
    s: &TrackerState,
    a: TrackerAction,
    label: String,
    group: &str,
) -> Option<Allowed<TrackerAction>> {
    let mut rng = rand::SeedableRng::seed_from_u64(0);
    RealmTracker::handle(s, &a, &mut rng).ok().map(|_| Allowed {
        label,
        group: group.into(),
        action: a,
    })
}

impl Game for RealmTracker {
    type Options = TrackerOptions;
    type State = TrackerState;
    type Action = TrackerAction;
    type Event = TrackerEvent;
    type View = view::TrackerView;

    const DESCRIPTOR: Descriptor = Descriptor {
        id: "raise-the-realm-live",
        name: "Estate: Raise the Realm",
        min_players: 1,
        max_players: 5,
        solo: true,
        rulebook: "000_f36707b509d5142f.txt",
    };

    fn initial(o: &TrackerOptions, seats: &[Seat]) -> Result<TrackerState, RuleError> {
        let d = data();
        if d.cards.is_empty() || d.leaders.is_empty() {
            return Err(rules::err(
                "realm.data",
                "the shipped rule data did not load",
            ));
        }
        if seats.is_empty() || seats.len() > 5 {
            return Err(rules::err(
                "realm.players",
                "Raise the Realm takes 1 to 5 players",
            ));
        }
        for (k, m) in &o.catalogue.mats {
            setup::check_mat(k, m)?;
        }
        if o.rewards
            .vp_by_place
            .iter()
            .chain(&o.rewards.final_vp_by_place)
            .any(|v| !(0..=30).contains(v))
            || !(1..=5).contains(&o.rewards.vp_by_place.len())
            || !(1..=5).contains(&o.rewards.final_vp_by_place.len())
            || !(0..=3).contains(&o.rewards.second_cards)
            || !(0..=3).contains(&o.rewards.others_cards)
            || !(0..=1).contains(&o.rewards.second_resources)
        {
            return Err(rules::err(
                "realm.rewards",
                "objective rewards: 1 to 5 places of 0 to 30 VP; 0 to 3 cards; 0 or 1 resource",
            ));
        }
        // Printed facts first; a remembered description never overrides the rulebook.
        let mut cards: BTreeMap<String, CardFacts> = d
            .cards
            .iter()
            .filter_map(|c| c.printed_facts().map(|f| (c.name.clone(), f)))
            .collect();
        for (k, f) in &o.catalogue.cards {
            if setup::check_card(k, f).is_ok() {
                cards.entry(k.clone()).or_insert_with(|| f.clone());
            }
        }
        let player = PlayerState {
            leader: None,
            supply: Resources::default(),
            gold: 0,
            hand: 0,
            workers: 0,
            waiting_workers: 0,
            temporary: 0,
            used: 0,
            cubes_removed: vec![0; 3],
            tableau: Vec::new(),
            crest_used: false,
            objective_vp: 0,
            objective_firsts: 0,
            game_end_vp: None,
            family_secret: None,
        };
        Ok(TrackerState {
            solo: seats.len() == 1,
            phase: Phase::Setup,
            era: 0,
            first_player: 0,
            current: 0,
            players: vec![player; seats.len()],
            board: Board {
                accumulating: Resources::default(),
                taken: BTreeMap::new(),
                tiles: BTreeMap::new(),
            },
            turn: apply::fresh_turn(),
            cards,
            mats: o.catalogue.mats.clone(),
            events: Vec::new(),
            objectives: Vec::new(),
            rewards: o.rewards.clone(),
        })
    }

    fn handle(
        s: &TrackerState,
        a: &TrackerAction,
        rng: &mut GameRng,
    ) -> Result<Vec<TrackerEvent>, RuleError> {
        use TrackerAction as A;
        if s.phase == Phase::Over {
            return Err(rules::err(
                "realm.finished",
                "the game is over: undo to correct it",
            ));
        }
        match a {
            A::ChooseLeader { seat, leader } => setup::choose(s, *seat, leader),
            A::DealLeaders => setup::deal(s, rng),
            A::DescribeMat { leader, mat } => setup::describe_mat(s, leader, mat),
            A::DescribeCard { card, facts } => setup::describe_card(s, card, facts),
            A::NameTile { space, name } => setup::name_tile(s, space, name),
            A::StartGame { first_player } => setup::start(s, *first_player, rng),
            A::RevealEvent {
                name,
                positive,
                chosen_effect,
            } => era::reveal(s, name, *positive, chosen_effect.as_deref()),
            A::Produce { ability } => worker::produce(s, *ability),
            A::Activate {
                slot,
                change,
                wood,
                ability,
            } => worker::activate(s, *slot, change.as_ref(), *wood, *ability),
            A::FinishProduce => worker::finish_produce(s),
            A::Draw {
                deck,
                market,
                ability,
            } => worker::draw(s, *deck, *market, *ability),
            A::Gather {
                space,
                change,
                ability,
            } => worker::gather(s, space, change.as_ref(), *ability),
            A::Expand {
                card,
                describe,
                from_stored,
                free_citizen,
            } => worker::expand(
                s,
                card,
                describe.as_ref(),
                from_stored,
                free_citizen.as_deref(),
            ),
            A::Convert { give, get } => worker::convert(s, give, *get),
            A::UseAbility { change } => worker::use_ability(s, change),
            A::Effect { seat, card, change } => worker::effect(s, *seat, card, change),
            A::PlayFree {
                seat,
                card,
                by: _,
                describe,
            } => worker::play_free(s, *seat, card, describe.as_ref()),
            A::SoloReveal {
                card,
                resources,
                slot,
                change,
                wood,
                from_market,
            } => worker::solo_reveal(
                s,
                card,
                resources,
                *slot,
                change.as_ref(),
                *wood,
                *from_market,
            ),
            A::RemoveCard { seat, slot, by } => worker::remove_card(s, *seat, *slot, by),
            A::EndTurn => era::end_turn(s),
            A::ScoreObjective {
                measures,
                resources,
                fewest,
            } => era::score_objective(s, measures, resources, *fewest),
            A::SoloObjective { met } => era::solo_objective(s, *met),
            A::NextEra => era::next_era(s),
            A::FinalEntry {
                seat,
                game_end_vp,
                family_secret,
            } => era::final_entry(s, *seat, *game_end_vp, *family_secret),
            A::Finish => era::finish(s),
        }
    }

    fn apply(s: &mut TrackerState, e: &TrackerEvent) {
        apply::apply(s, e)
    }

    fn allowed(s: &TrackerState) -> Vec<Allowed<TrackerAction>> {
        use TrackerAction as A;
        let d = data();
        let mut out: Vec<Option<Allowed<TrackerAction>>> = Vec::new();
        match s.phase {
            Phase::Setup => {
                out.push(probe(
                    s,
                    A::DealLeaders,
                    "Deal Leaders at random".into(),
                    "setup",
                ));
                out.push(probe(
                    s,
                    A::StartGame { first_player: None },
                    "Start: lay out the Estates (random first player)".into(),
                    "setup",
                ));
            }
            Phase::EraStart => {
                let name = format!("Era {} Event", s.era);
                if s.solo {
                    out.push(probe(
                        s,
                        A::RevealEvent {
                            name,
                            positive: None,
                            chosen_effect: Some("the first effect".into()),
                        },
                        format!("Reveal Era {}'s Event (unnamed, first effect)", s.era),
                        "era",
                    ));
                } else {
                    for (sign, word) in [(false, "negative"), (true, "positive")] {
                        out.push(probe(
                            s,
                            A::RevealEvent {
                                name: name.clone(),
                                positive: Some(sign),
                                chosen_effect: None,
                            },
                            format!("Reveal Era {}'s Event (unnamed, {word})", s.era),
                            "era",
                        ));
                    }
                }
            }
            Phase::Playing => {
                let seat = usize::from(s.current);
                let p = &s.players[seat];
                if let Some(pr) = &s.turn.produce {
                    for (i, c) in p.tableau.iter().enumerate() {
                        let Some(auto) = d.card(&c.card).and_then(|x| x.auto) else {
                            continue;
                        };
                        if pr.used.contains(&(i as u8)) {
                            continue;
                        }
                        let wood =
                            (auto == Auto::CharcoalBurner).then(|| p.supply.wood.clamp(0, 3) as u8);
                        out.push(probe(
                            s,
                            A::Activate {
                                slot: i as u8,
                                change: None,
                                wood,
                                ability: false,
                            },
                            format!("Activate the {} (card {})", c.card, i + 1),
                            "produce",
                        ));
                    }
                    out.push(probe(
                        s,
                        A::FinishProduce,
                        "Done producing".into(),
                        "produce",
                    ));
                }
                out.push(probe(
                    s,
                    A::Produce { ability: false },
                    "Produce".into(),
                    "worker",
                ));
                out.push(probe(
                    s,
                    A::Produce { ability: true },
                    "Produce +1 card (Leader ability)".into(),
                    "worker",
                ));
                if let Ok(v) = rules::track_value(s, seat, Track::Noble) {
                    out.push(probe(
                        s,
                        A::Draw {
                            deck: v,
                            market: 0,
                            ability: false,
                        },
                        format!("Draw {v} from the deck"),
                        "worker",
                    ));
                }
                for r in Res::ALL {
                    let n = s.board.accumulating.get(r);
                    out.push(probe(
                        s,
                        A::Gather {
                            space: r.name().to_lowercase(),
                            change: None,
                            ability: None,
                        },
                        format!("Gather {n} {}", r.name()),
                        "gather",
                    ));
                }
                for sp in &d.board.open {
                    out.push(probe(
                        s,
                        A::Gather {
                            space: sp.id.clone(),
                            change: None,
                            ability: None,
                        },
                        format!("Gather: {}", sp.name),
                        "gather",
                    ));
                }
                for sp in &d.board.advanced {
                    out.push(probe(
                        s,
                        A::Gather {
                            space: sp.id.clone(),
                            change: None,
                            ability: None,
                        },
                        format!("Gather: Advanced level {}", sp.level),
                        "gather",
                    ));
                }
                // Cards whose facts are known and that the player can afford from supply.
                if p.hand > 0 {
                    for (name, f) in &s.cards {
                        out.push(probe(
                            s,
                            A::Expand {
                                card: name.clone(),
                                describe: None,
                                from_stored: Vec::new(),
                                free_citizen: None,
                            },
                            format!("Expand: {name} ({})", f.cost.describe()),
                            "expand",
                        ));
                    }
                }
                out.push(probe(s, A::EndTurn, "End turn".into(), "turn"));
            }
            Phase::EraEnd => {
                if s.solo {
                    out.push(probe(
                        s,
                        A::SoloObjective { met: true },
                        "Objective met".into(),
                        "era",
                    ));
                    out.push(probe(
                        s,
                        A::SoloObjective { met: false },
                        "Objective not met".into(),
                        "era",
                    ));
                } else {
                    out.push(probe(
                        s,
                        A::ScoreObjective {
                            measures: vec![0; s.players.len()],
                            resources: Vec::new(),
                            fewest: false,
                        },
                        "Score the objective: everyone tied".into(),
                        "era",
                    ));
                }
                let label = if s.era >= d.eras {
                    "Go to the final scoring".to_string()
                } else {
                    format!("Begin Era {}", s.era + 1)
                };
                out.push(probe(s, A::NextEra, label, "era"));
            }
            Phase::FinalScoring => {
                for (i, p) in s.players.iter().enumerate() {
                    if p.game_end_vp.is_none() {
                        out.push(probe(
                            s,
                            A::FinalEntry {
                                seat: i as u8,
                                game_end_vp: 0,
                                family_secret: 0,
                            },
                            format!("player {}: no Game End or Family Secret VP", i + 1),
                            "final",
                        ));
                    }
                }
                out.push(probe(
                    s,
                    A::Finish,
                    "Close the game: final score".into(),
                    "final",
                ));
            }
            Phase::Over => {}
        }
        out.into_iter().flatten().collect()
    }

    fn score(s: &TrackerState) -> Scoresheet {
        view::scoresheet(s)
    }

    fn is_over(s: &TrackerState) -> bool {
        s.phase == Phase::Over
    }

    fn summarize(s: &TrackerState, a: &TrackerAction, ev: &[TrackerEvent]) -> String {
        view::summarize(s, a, ev)
    }

    fn view(s: &TrackerState) -> view::TrackerView {
        view::view(s)
    }

    fn learned(e: &TrackerEvent) -> Vec<(String, serde_json::Value)> {
        match e {
            TrackerEvent::CardDescribed { card, facts } => vec![(
                format!("{CARD_KEY}{card}"),
                serde_json::to_value(facts).unwrap_or_default(),
            )],
            TrackerEvent::MatDescribed { leader, mat } => vec![(
                format!("{MAT_KEY}{leader}"),
                serde_json::to_value(mat).unwrap_or_default(),
            )],
            _ => Vec::new(),
        }
    }

    fn check_catalogue_entry(key: &str, value: &serde_json::Value) -> Result<(), RuleError> {
        let bad =
            |e: serde_json::Error| rules::err("realm.catalogue", format!("not a description: {e}"));
        if let Some(card) = key.strip_prefix(CARD_KEY) {
            let f: CardFacts = serde_json::from_value(value.clone()).map_err(bad)?;
            setup::check_card(card, &f)
        } else if let Some(leader) = key.strip_prefix(MAT_KEY) {
            let m: MatFacts = serde_json::from_value(value.clone()).map_err(bad)?;
            setup::check_mat(leader, &m)
        } else {
            Err(rules::err(
                "realm.catalogue",
                format!("'{key}' names neither a card nor a Leader mat"),
            ))
        }
    }

    fn with_catalogue(o: &mut TrackerOptions, entries: &[(String, serde_json::Value)]) {
        for (key, value) in entries {
            if let Some(card) = key.strip_prefix(CARD_KEY) {
                if let Ok(f) = serde_json::from_value::<CardFacts>(value.clone()) {
                    o.catalogue.cards.entry(card.to_string()).or_insert(f);
                }
            } else if let Some(leader) = key.strip_prefix(MAT_KEY) {
                if let Ok(m) = serde_json::from_value::<MatFacts>(value.clone()) {
                    o.catalogue.mats.entry(leader.to_string()).or_insert(m);
                }
            }
        }
    }
}
