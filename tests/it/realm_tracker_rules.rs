//! Raise the Realm's live tracker: one test per rule it enforces, and the rulebook's worked
//! examples and FAQ answers that it touches (000 = shared/seeds/000_f36707b509d5142f.txt).

use crate::common;

use common::realm::*;
use estate_steward::engine::Game;
use estate_steward::games::realm::data::{data, shipped_data_error};
use estate_steward::games::realm::tracker::model::{
    CardKind, Change, Phase, Res, SoloEventFacts, StoreChange, StoredPayment, Track,
};
use estate_steward::games::realm::tracker::{RealmTracker, TrackerAction as A};

#[test]
fn the_shipped_data_parses_and_counts_156_cards_in_55_names() {
    assert_eq!(shipped_data_error(), None);
    let d = data();
    assert_eq!(d.cards.len(), 55);
    assert_eq!(d.cards.iter().map(|c| u32::from(c.count)).sum::<u32>(), 156);
    assert_eq!(d.leaders.len(), 8);
    assert_eq!(d.card("Farm").map(|c| c.count), Some(10));
}

// ---- setup ----

#[test]
fn solo_games_refuse_the_spy_master_trade_queen_and_warden() {
    let mut s = session(1);
    for l in ["Spy Master", "Trade Queen", "Warden"] {
        assert_eq!(
            refused(
                &mut s,
                A::ChooseLeader {
                    seat: 0,
                    leader: l.into()
                }
            ),
            "realm.solo-leader"
        );
    }
    act(
        &mut s,
        A::ChooseLeader {
            seat: 0,
            leader: "Sorcerer".into(),
        },
    );
}

#[test]
fn a_leader_leads_one_estate_and_dealing_skips_taken_and_excluded_leaders() {
    let mut s = session(3);
    act(
        &mut s,
        A::ChooseLeader {
            seat: 0,
            leader: "Warlord".into(),
        },
    );
    assert_eq!(
        refused(
            &mut s,
            A::ChooseLeader {
                seat: 1,
                leader: "Warlord".into()
            }
        ),
        "realm.leader-taken"
    );
    act(&mut s, A::DealLeaders);
    let leaders: Vec<String> = s
        .state()
        .players
        .iter()
        .filter_map(|p| p.leader.clone())
        .collect();
    assert_eq!(leaders.len(), 3);
    assert_eq!(leaders[0], "Warlord");
    assert!(leaders[1] != leaders[2] && !leaders[1..].contains(&"Warlord".to_string()));
    // Solo dealing never deals an excluded Leader.
    for seed in 0..20 {
        let mut solo =
            estate_steward::engine::Session::<RealmTracker>::new(options(), seats(1), seed)
                .unwrap_or_else(|e| panic!("{e}"));
        act(&mut solo, A::DealLeaders);
        let l = solo.state().players[0].leader.clone().unwrap_or_default();
        assert!(
            !["Spy Master", "Trade Queen", "Warden"].contains(&l.as_str()),
            "{l}"
        );
    }
}

#[test]
fn a_mat_with_a_higher_player_count_than_the_table_is_refused() {
    let mut o = options();
    o.catalogue.mats.insert("Warlord".into(), mat(1, 1, 0, 4));
    let mut s = estate_steward::engine::Session::<RealmTracker>::new(o, seats(3), 1)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        refused(
            &mut s,
            A::ChooseLeader {
                seat: 0,
                leader: "Warlord".into()
            }
        ),
        "realm.mat-players"
    );
}

#[test]
fn a_leader_mat_is_described_before_the_game_starts_and_must_be_well_formed() {
    let mut s =
        estate_steward::engine::Session::<RealmTracker>::new(Default::default(), seats(1), 1)
            .unwrap_or_else(|e| panic!("{e}"));
    act(
        &mut s,
        A::ChooseLeader {
            seat: 0,
            leader: "Sorcerer".into(),
        },
    );
    assert_eq!(
        refused(&mut s, A::StartGame { first_player: None }),
        "realm.mat-unknown"
    );
    let mut short = mat(1, 1, 0, 1);
    short.noble.pop();
    assert_eq!(
        refused(
            &mut s,
            A::DescribeMat {
                leader: "Sorcerer".into(),
                mat: short
            }
        ),
        "realm.mat"
    );
    let mut falling = mat(1, 1, 0, 1);
    falling.gather = vec![3, 2, 2, 2, 2, 2, 2, 2];
    assert_eq!(
        refused(
            &mut s,
            A::DescribeMat {
                leader: "Sorcerer".into(),
                mat: falling
            }
        ),
        "realm.mat"
    );
    act(
        &mut s,
        A::DescribeMat {
            leader: "Sorcerer".into(),
            mat: mat(1, 1, 0, 1),
        },
    );
    act(&mut s, A::StartGame { first_player: None });
    // The description is kept for future games.
    let learned: Vec<_> = s
        .entries()
        .iter()
        .flat_map(|e| e.events.iter().flat_map(RealmTracker::learned))
        .collect();
    assert!(
        learned.iter().any(|(k, _)| k == "mat:Sorcerer"),
        "{learned:?}"
    );
}

#[test]
fn setup_lays_out_starting_builds_resources_hands_workers_and_the_board() {
    let s = started(&["Agrarian Lord", "Pious One", "Warden"]);
    let st = s.state();
    let d = data();
    // Agrarian Lord: Farm and Quarry, the first 2 Production cubes removed (000 line 112).
    let a = &st.players[0];
    assert_eq!(
        a.tableau
            .iter()
            .map(|c| c.card.as_str())
            .collect::<Vec<_>>(),
        ["Farm", "Quarry"]
    );
    assert_eq!(a.cubes_removed, vec![2, 0, 0]);
    // Pious One: Place of Worship, one Noble cube (000 line 110).
    assert_eq!(st.players[1].cubes_removed, vec![0, 1, 0]);
    // Warden: Dungeon, one Production cube, 2 cards tucked under it (000 line 116).
    assert_eq!(st.players[2].cubes_removed, vec![1, 0, 0]);
    assert_eq!(st.players[2].tableau[0].tucked, 2);
    for p in &st.players {
        assert_eq!(p.supply, res(1, 1, 1, 1), "000 line 88");
        assert_eq!(p.hand, 4, "the draft keeps 4 (000 line 98)");
        assert_eq!(p.workers, d.workers.start);
    }
    assert_eq!(st.board.accumulating, res(1, 1, 1, 1));
    assert_eq!(st.era, 1);
    assert_eq!(st.phase, Phase::Playing);
}

#[test]
fn a_card_description_must_agree_with_what_the_rulebook_prints() {
    let mut s = started(&["Sorcerer"]);
    // The Farm costs 1 Stone and 1 Wood (000 line 164).
    let wrong = facts(Track::Production, CardKind::Citizen, res(0, 2, 0, 0), 2);
    assert_eq!(
        refused(
            &mut s,
            A::DescribeCard {
                card: "Farm".into(),
                facts: wrong
            }
        ),
        "realm.card-printed"
    );
    // A starting card sits on the track its Leader's setup names (000 line 118).
    let mage = facts(Track::Gather, CardKind::Citizen, res(0, 0, 0, 1), 1);
    assert_eq!(
        refused(
            &mut s,
            A::DescribeCard {
                card: "Mage".into(),
                facts: mage
            }
        ),
        "realm.card-printed"
    );
    assert_eq!(
        refused(
            &mut s,
            A::DescribeCard {
                card: "Dragon".into(),
                facts: facts(Track::Gather, CardKind::Citizen, res(0, 0, 0, 1), 1)
            }
        ),
        "realm.card"
    );
}

// ---- Era Events ----

#[test]
fn era_one_reveals_a_negative_event_and_eras_two_to_five_two_of_each() {
    let mut s = session(2);
    act(
        &mut s,
        A::ChooseLeader {
            seat: 0,
            leader: "Warlord".into(),
        },
    );
    act(
        &mut s,
        A::ChooseLeader {
            seat: 1,
            leader: "Sorcerer".into(),
        },
    );
    act(
        &mut s,
        A::StartGame {
            first_player: Some(0),
        },
    );
    let ev = |positive| A::RevealEvent {
        name: "Era of Plague".into(),
        positive: Some(positive),
        chosen_effect: None,
        describe: None,
    };
    assert_eq!(refused(&mut s, ev(true)), "realm.event-era1");
    act(&mut s, ev(false));
    for sign in [true, true] {
        finish_era(&mut s);
        act(
            &mut s,
            A::ScoreObjective {
                measures: vec![0, 0],
                resources: vec![],
                fewest: false,
            },
        );
        act(&mut s, A::NextEra);
        act(&mut s, ev(sign));
    }
    finish_era(&mut s);
    act(
        &mut s,
        A::ScoreObjective {
            measures: vec![0, 0],
            resources: vec![],
            fewest: false,
        },
    );
    act(&mut s, A::NextEra);
    assert_eq!(refused(&mut s, ev(true)), "realm.event-mix");
}

#[test]
fn a_solo_era_event_needs_the_chosen_effect() {
    let mut s = session(1);
    act(
        &mut s,
        A::ChooseLeader {
            seat: 0,
            leader: "Sorcerer".into(),
        },
    );
    act(&mut s, A::StartGame { first_player: None });
    assert_eq!(
        refused(
            &mut s,
            A::RevealEvent {
                name: "Solo 1".into(),
                positive: None,
                chosen_effect: None,
                describe: None
            }
        ),
        "realm.solo-event"
    );
    assert_eq!(refused(&mut s, gather("grain")), "realm.phase");
}

// ---- turns and workers ----

#[test]
fn one_worker_acts_per_turn_and_a_turn_needs_its_worker_action() {
    let mut s = started(&["Warlord", "Sorcerer"]);
    assert_eq!(refused(&mut s, A::EndTurn), "realm.turn-action");
    act(&mut s, gather("grain"));
    assert_eq!(refused(&mut s, gather("iron")), "realm.one-worker");
    act(&mut s, A::EndTurn);
    assert_eq!(s.state().current, 1, "turns go clockwise");
}

#[test]
fn the_era_ends_when_every_worker_has_acted_and_turns_skip_players_without_workers() {
    let mut s = started(&["Warlord", "Sorcerer"]);
    // Player 2 gains a temporary worker: 5 workers against 4.
    give(
        &mut s,
        1,
        Change {
            temporary: 1,
            ..Default::default()
        },
    );
    let mut order = Vec::new();
    while s.state().phase == Phase::Playing {
        order.push(s.state().current);
        turn(&mut s, gather("open-1"));
    }
    assert_eq!(order, [0, 1, 0, 1, 0, 1, 0, 1, 1]);
    assert_eq!(s.state().phase, Phase::EraEnd);
}

#[test]
fn workers_never_exceed_six_and_a_new_permanent_worker_waits_for_the_next_era() {
    let mut s = started(&["Warlord"]);
    // FAQ line 312: 5 permanent + 1 temporary may still gain a permanent worker.
    give(
        &mut s,
        0,
        Change {
            workers: 1,
            ..Default::default()
        },
    );
    give(
        &mut s,
        0,
        Change {
            temporary: 1,
            ..Default::default()
        },
    );
    assert_eq!(
        s.state().players[0].workers_left(),
        5,
        "the new permanent worker waits"
    );
    give(
        &mut s,
        0,
        Change {
            workers: 1,
            ..Default::default()
        },
    );
    assert_eq!(
        refused(
            &mut s,
            A::Effect {
                seat: 0,
                card: "x".into(),
                change: Change {
                    workers: 1,
                    ..Default::default()
                }
            }
        ),
        "realm.workers-max"
    );
    finish_era(&mut s);
    act(&mut s, A::SoloObjective { met: true });
    act(&mut s, A::NextEra);
    let p = &s.state().players[0];
    assert_eq!((p.workers, p.temporary, p.waiting_workers), (6, 0, 0));
    // With 6 permanent workers no temporary one joins (FAQ line 310).
    assert_eq!(
        refused(
            &mut s,
            A::Effect {
                seat: 0,
                card: "x".into(),
                change: Change {
                    temporary: 1,
                    ..Default::default()
                }
            }
        ),
        "realm.workers-max"
    );
}

/// Whose decision each action is: a Leader chosen for a seat is that seat's; the deal, a mat's
/// numbers, the start and the Era's steps are the table's; every action of a turn (a worker
/// action, a free action, an effect entered during it, End turn) is the current player's.
#[test]
fn the_decider_is_the_named_seat_for_a_leader_the_current_player_for_a_turn_else_the_table() {
    let decider = |s: &S, a: &A| <RealmTracker as Game>::decider(s.state(), a);
    let mut s = session(3);
    for (seat, leader) in [(2u8, "Warlord"), (0, "Sorcerer"), (1, "Druid Lord")] {
        let choose = A::ChooseLeader {
            seat,
            leader: leader.into(),
        };
        assert_eq!(decider(&s, &choose), Some(seat), "{leader}");
        act(&mut s, choose);
    }
    let mat = A::DescribeMat {
        leader: "Warlord".into(),
        mat: mat(1, 1, 0, 1),
    };
    assert_eq!(
        decider(&s, &mat),
        None,
        "a mat's printed numbers are the table's"
    );
    assert_eq!(decider(&s, &A::DealLeaders), None);
    assert_eq!(decider(&s, &A::EndTurn), None, "no turn runs during setup");
    let start = A::StartGame {
        first_player: Some(1),
    };
    assert_eq!(decider(&s, &start), None);
    act(&mut s, start);
    let event = A::RevealEvent {
        name: "Event 1".into(),
        positive: Some(false),
        chosen_effect: None,
        describe: None,
    };
    assert_eq!(decider(&s, &event), None);
    act(&mut s, event);
    let each = A::EffectEach {
        source: "Event 1".into(),
        seats: vec![0, 1, 2],
        change: gain(Res::Grain, 1),
    };
    let effect = A::Effect {
        seat: 0,
        card: "Assassin".into(),
        change: gain(Res::Grain, -1),
    };
    let turn_actions = [
        gather("grain"),
        A::Produce { ability: false },
        draw(1, 0),
        expand("Farm"),
        A::Convert {
            give: res(1, 1, 1, 0),
            get: Res::Grain,
        },
        effect.clone(),
        A::EndTurn,
    ];
    let mut seen = Vec::new();
    while s.state().phase == Phase::Playing {
        let current = s.state().current;
        seen.push(current);
        for a in &turn_actions {
            assert_eq!(decider(&s, a), Some(current), "{a:?}");
        }
        assert_eq!(
            decider(&s, &each),
            None,
            "an effect on everyone is the table's"
        );
        turn(&mut s, gather("open-1"));
    }
    assert_eq!(&seen[..3], [1, 2, 0], "P2 first, then clockwise");
    assert_eq!(s.state().phase, Phase::EraEnd);
    let objective = A::ScoreObjective {
        measures: vec![0; 3],
        resources: Vec::new(),
        fewest: false,
    };
    let final_entry = A::FinalEntry {
        seat: 2,
        game_end_vp: 0,
        family_secret: 0,
    };
    for a in [objective, A::NextEra, final_entry, effect, gather("grain")] {
        assert_eq!(decider(&s, &a), None, "{a:?} at the Era's end");
    }
}

// ---- Produce ----

// The rulebook's worked example, step by step as the rulebook tells it.
#[allow(clippy::too_many_lines)]
#[test]
fn produce_example_three_of_four_cards_and_the_day_laborer_once_per_era() {
    // 000 line 155: Production at 3, four Production cards, three activated.
    let mut s = started(&["Agrarian Lord"]);
    give(
        &mut s,
        0,
        Change {
            hand: 2,
            supply: res(0, 0, 0, 3),
            ..Default::default()
        },
    );
    act(
        &mut s,
        A::PlayFree {
            seat: 0,
            card: "Day Laborer".into(),
            by: "test".into(),
            describe: None,
        },
    );
    act(
        &mut s,
        A::PlayFree {
            seat: 0,
            card: "Forest".into(),
            by: "test".into(),
            describe: None,
        },
    );
    // Production: 4 cubes removed on a mat starting at 1 → 5; cap the example at 3 with a mat.
    let st = s.state();
    assert_eq!(st.players[0].cubes_removed[0], 4);
    let mut s = {
        let mut o = options();
        o.catalogue.mats.insert(
            "Agrarian Lord".into(),
            estate_steward::games::realm::tracker::model::MatFacts {
                production: vec![1, 2, 3, 3, 3, 4, 4, 5],
                noble: vec![1; 8],
                gather: vec![0; 8],
                players: 1,
            },
        );
        let mut s = estate_steward::engine::Session::<RealmTracker>::new(o, seats(1), 1)
            .unwrap_or_else(|e| panic!("{e}"));
        act(
            &mut s,
            A::ChooseLeader {
                seat: 0,
                leader: "Agrarian Lord".into(),
            },
        );
        act(
            &mut s,
            A::StartGame {
                first_player: Some(0),
            },
        );
        reveal(&mut s);
        give(
            &mut s,
            0,
            Change {
                hand: 2,
                ..Default::default()
            },
        );
        act(
            &mut s,
            A::PlayFree {
                seat: 0,
                card: "Day Laborer".into(),
                by: "test".into(),
                describe: None,
            },
        );
        act(
            &mut s,
            A::PlayFree {
                seat: 0,
                card: "Forest".into(),
                by: "test".into(),
                describe: None,
            },
        );
        s
    };
    act(&mut s, A::Produce { ability: false });
    assert_eq!(s.state().turn.produce.as_ref().map(|p| p.limit), Some(3));
    act(
        &mut s,
        A::Activate {
            slot: 0,
            change: None,
            wood: None,
            ability: false,
        },
    ); // Farm: +1 Grain
    act(
        &mut s,
        A::Activate {
            slot: 1,
            change: None,
            wood: None,
            ability: false,
        },
    ); // Quarry: +1 Stone
    act(
        &mut s,
        A::Activate {
            slot: 2,
            change: None,
            wood: None,
            ability: false,
        },
    ); // Day Laborer: a temporary worker
    assert_eq!(
        refused(
            &mut s,
            A::Activate {
                slot: 3,
                change: Some(gain(Res::Wood, 1)),
                wood: None,
                ability: false
            }
        ),
        "realm.produce-limit"
    );
    let p = &s.state().players[0];
    assert_eq!((p.supply.grain, p.supply.stone, p.temporary), (2, 2, 1));
    act(&mut s, A::EndTurn);
    act(&mut s, A::Produce { ability: false });
    assert_eq!(
        refused(
            &mut s,
            A::Activate {
                slot: 2,
                change: None,
                wood: None,
                ability: false
            }
        ),
        "realm.once-per-era"
    );
    act(
        &mut s,
        A::Activate {
            slot: 0,
            change: None,
            wood: None,
            ability: false,
        },
    );
    assert_eq!(
        refused(
            &mut s,
            A::Activate {
                slot: 0,
                change: None,
                wood: None,
                ability: false
            }
        ),
        "realm.produce-once"
    );
}

#[test]
fn the_produce_count_is_fixed_when_the_action_starts() {
    // FAQ line 316: a card played during Produce that raises Production does not raise the count.
    let mut s = started(&["Agrarian Lord"]); // Production value 3 (mat 1,2,3,…; 2 cubes off)
    give(
        &mut s,
        0,
        Change {
            hand: 3,
            ..Default::default()
        },
    );
    act(
        &mut s,
        A::PlayFree {
            seat: 0,
            card: "Forest".into(),
            by: "test".into(),
            describe: None,
        },
    );
    act(
        &mut s,
        A::PlayFree {
            seat: 0,
            card: "Forge".into(),
            by: "test".into(),
            describe: None,
        },
    );
    act(&mut s, A::Produce { ability: false });
    let limit = s.state().turn.produce.as_ref().map_or(0, |p| p.limit);
    assert_eq!(limit, 5);
    for slot in 0..4 {
        let change = (slot >= 2).then(|| gain(Res::Wood, 1));
        act(
            &mut s,
            A::Activate {
                slot,
                change,
                wood: None,
                ability: false,
            },
        );
    }
    // A Production card played mid-action: the track rises, the count does not.
    act(
        &mut s,
        A::PlayFree {
            seat: 0,
            card: "Assassin".into(),
            by: "an effect".into(),
            describe: None,
        },
    );
    act(
        &mut s,
        A::Activate {
            slot: 4,
            change: Some(gain(Res::Iron, 1)),
            wood: None,
            ability: false,
        },
    );
    assert_eq!(
        refused(
            &mut s,
            A::Activate {
                slot: 4,
                change: Some(gain(Res::Iron, 1)),
                wood: None,
                ability: false
            }
        ),
        "realm.produce-once"
    );
    act(
        &mut s,
        A::PlayFree {
            seat: 0,
            card: "Assassin".into(),
            by: "an effect".into(),
            describe: None,
        },
    );
    assert_eq!(
        refused(
            &mut s,
            A::Activate {
                slot: 5,
                change: Some(gain(Res::Iron, 1)),
                wood: None,
                ability: false
            }
        ),
        "realm.produce-limit"
    );
}

#[test]
fn only_production_cards_produce_and_other_cards_say_what_they_did() {
    let mut s = started(&["Pious One"]);
    act(&mut s, A::Produce { ability: false });
    assert_eq!(
        refused(
            &mut s,
            A::Activate {
                slot: 0,
                change: Some(gain(Res::Iron, 1)),
                wood: None,
                ability: false
            }
        ),
        "realm.not-production"
    );
    assert_eq!(refused(&mut s, gather("grain")), "realm.producing");
    act(&mut s, A::FinishProduce);
    assert_eq!(
        refused(
            &mut s,
            A::Activate {
                slot: 0,
                change: None,
                wood: None,
                ability: false
            }
        ),
        "realm.not-producing"
    );
}

#[test]
fn the_charcoal_burner_turns_up_to_three_wood_into_gold() {
    let mut s = started(&["Agrarian Lord"]);
    give(
        &mut s,
        0,
        Change {
            hand: 1,
            supply: res(0, 0, 4, 0),
            ..Default::default()
        },
    );
    act(
        &mut s,
        A::PlayFree {
            seat: 0,
            card: "Charcoal Burner".into(),
            by: "test".into(),
            describe: None,
        },
    );
    act(&mut s, A::Produce { ability: false });
    assert_eq!(
        refused(
            &mut s,
            A::Activate {
                slot: 2,
                change: None,
                wood: Some(4),
                ability: false
            }
        ),
        "realm.charcoal"
    );
    act(
        &mut s,
        A::Activate {
            slot: 2,
            change: None,
            wood: Some(3),
            ability: false,
        },
    );
    let p = &s.state().players[0];
    assert_eq!((p.supply.wood, p.gold), (2, 3));
}

#[test]
fn the_agrarian_lord_produces_on_one_more_card_once_per_era() {
    let mut s = started(&["Agrarian Lord"]);
    act(&mut s, A::Produce { ability: true });
    assert_eq!(s.state().turn.produce.as_ref().map(|p| p.limit), Some(4));
    act(&mut s, A::EndTurn);
    assert_eq!(
        refused(&mut s, A::Produce { ability: true }),
        "realm.ability-once"
    );
    let mut w = started(&["Warlord"]);
    assert_eq!(
        refused(&mut w, A::Produce { ability: true }),
        "realm.ability"
    );
}

// ---- Draw ----

#[test]
fn draw_example_the_noble_value_limits_the_cards_and_the_market_waits_for_the_turn_end() {
    // 000 line 174: Noble at 2 → 2 cards. Pious One: mat noble 1,2,… with 1 cube off → 2.
    let mut s = started(&["Pious One", "Warlord"]);
    assert_eq!(refused(&mut s, draw(2, 1)), "realm.draw-limit");
    act(&mut s, draw(0, 2));
    assert_eq!(s.state().players[0].hand, 6);
    act(&mut s, A::EndTurn);
    // Player 2 (Noble 1) draws from the refilled Market.
    act(&mut s, draw(0, 1));
    act(&mut s, A::EndTurn);
    // The Pious One draws one more with the ability (FAQ line 326).
    act(
        &mut s,
        A::Draw {
            deck: 3,
            market: 0,
            ability: true,
        },
    );
    assert_eq!(s.state().players[0].hand, 9);
}

#[test]
fn the_market_holds_four_cards_until_the_turn_ends() {
    let mut o = options();
    o.catalogue.mats.insert("Warlord".into(), mat(1, 6, 0, 1));
    let mut s = estate_steward::engine::Session::<RealmTracker>::new(o, seats(1), 1)
        .unwrap_or_else(|e| panic!("{e}"));
    act(
        &mut s,
        A::ChooseLeader {
            seat: 0,
            leader: "Warlord".into(),
        },
    );
    act(
        &mut s,
        A::StartGame {
            first_player: Some(0),
        },
    );
    reveal(&mut s);
    assert_eq!(refused(&mut s, draw(0, 5)), "realm.market");
    act(&mut s, draw(2, 4));
}

// ---- Gather ----

#[test]
fn exclusive_spaces_are_taken_for_the_era_open_spaces_are_not() {
    let mut s = started(&["Warlord", "Sorcerer"]);
    turn(&mut s, gather("grain"));
    assert_eq!(refused(&mut s, gather("grain")), "realm.space-taken");
    turn(&mut s, gather("open-1"));
    turn(&mut s, gather("open-1"));
    assert_eq!(refused(&mut s, gather("nowhere")), "realm.space");
}

#[test]
fn accumulating_spaces_give_all_that_lies_there_and_grow_each_era() {
    let mut s = started(&["Warlord"]);
    finish_era(&mut s);
    act(&mut s, A::SoloObjective { met: false });
    act(&mut s, A::NextEra);
    reveal(&mut s);
    assert_eq!(s.state().board.accumulating, res(2, 2, 2, 2));
    turn(&mut s, gather("stone"));
    assert_eq!(s.state().players[0].supply.stone, 3);
    assert_eq!(s.state().board.accumulating.stone, 0);
    assert_eq!(
        refused(&mut s, gather_with("wood", gain(Res::Wood, 5))),
        "realm.space"
    );
}

#[test]
fn advanced_levels_need_the_gather_value_and_the_level_four_two_actions_tile_gives_two_more() {
    let mut s = started(&["Druid Lord"]); // Gather 0→1 after the Innkeeper
    assert_eq!(s.state().players[0].cubes_removed[2], 1);
    assert_eq!(refused(&mut s, gather("level-2")), "realm.gather-level");
    turn(&mut s, gather("level-1"));
    // Four more Gather cards: value 5.
    give(
        &mut s,
        0,
        Change {
            hand: 4,
            ..Default::default()
        },
    );
    for _ in 0..2 {
        act(
            &mut s,
            A::PlayFree {
                seat: 0,
                card: "Monk".into(),
                by: "test".into(),
                describe: None,
            },
        );
        act(
            &mut s,
            A::PlayFree {
                seat: 0,
                card: "Tower".into(),
                by: "test".into(),
                describe: None,
            },
        );
    }
    // The tile on level 4 is the two-actions one (FAQ line 342).
    act(
        &mut s,
        A::NameTile {
            space: "level-4".into(),
            name: "Take 2 worker actions this turn".into(),
        },
    );
    act(&mut s, gather("level-4"));
    let used = s.state().players[0].used;
    act(&mut s, gather("level-3"));
    assert_eq!(
        refused(&mut s, gather("level-3")),
        "realm.space-taken",
        "the extra actions may not repeat a space (FAQ line 342)"
    );
    act(&mut s, gather("level-2"));
    assert_eq!(
        s.state().players[0].used,
        used,
        "the extra actions need no worker"
    );
    assert_eq!(refused(&mut s, gather("open-1")), "realm.one-worker");
}

#[test]
fn the_sorcerer_gathers_one_extra_resource() {
    let mut s = started(&["Sorcerer"]);
    act(
        &mut s,
        A::Gather {
            space: "iron".into(),
            change: None,
            ability: Some(Res::Grain),
        },
    );
    let p = &s.state().players[0];
    assert_eq!((p.supply.iron, p.supply.grain, p.crest_used), (2, 2, true));
}

// ---- Expand ----

#[test]
fn expanding_pays_the_cost_and_removes_the_leftmost_cube() {
    let mut s = started(&["Sorcerer"]);
    act(&mut s, expand("Farm"));
    let p = &s.state().players[0];
    assert_eq!(p.supply, res(1, 0, 0, 1));
    assert_eq!(p.hand, 3);
    assert_eq!(p.cubes_removed, vec![1, 1, 0]);
    act(&mut s, A::EndTurn);
    assert_eq!(refused(&mut s, expand("Quarry")), "realm.not-enough");
}

#[test]
fn a_card_with_unknown_facts_is_described_when_first_played() {
    let mut s = started(&["Sorcerer"]);
    assert_eq!(refused(&mut s, expand("Scout")), "realm.card-unknown");
    act(
        &mut s,
        A::Expand {
            card: "Scout".into(),
            describe: Some(facts(Track::Noble, CardKind::Citizen, res(0, 0, 1, 0), 1)),
            from_stored: vec![],
            free_citizen: None,
        },
    );
    assert!(s.state().cards.contains_key("Scout"));
}

#[test]
fn stored_resources_pay_part_of_a_cost() {
    let mut s = started(&["Sorcerer"]);
    give(
        &mut s,
        0,
        Change {
            store: vec![StoreChange {
                slot: 0,
                resources: res(0, 1, 0, 0),
                gold: 0,
            }],
            supply: res(0, -1, 0, 0),
            ..Default::default()
        },
    );
    act(
        &mut s,
        A::Expand {
            card: "Farm".into(),
            describe: None,
            from_stored: vec![StoredPayment {
                slot: 0,
                resources: res(0, 1, 0, 0),
            }],
            free_citizen: None,
        },
    );
    let p = &s.state().players[0];
    assert_eq!(p.tableau[0].stored, res(0, 0, 0, 0));
    assert_eq!(p.supply, res(1, 0, 0, 1));
}

#[test]
fn seven_cards_per_track_and_an_empty_track_keeps_its_cubes_count() {
    let mut s = started(&["Agrarian Lord"]); // 2 Production cards
    give(
        &mut s,
        0,
        Change {
            hand: 8,
            supply: res(0, 10, 10, 0),
            ..Default::default()
        },
    );
    for _ in 0..5 {
        act(
            &mut s,
            A::PlayFree {
                seat: 0,
                card: "Farm".into(),
                by: "test".into(),
                describe: None,
            },
        );
    }
    assert_eq!(s.state().players[0].cubes_removed[0], 7);
    // FAQ line 412: with 7 Production cards no eighth may be played.
    assert_eq!(refused(&mut s, expand("Farm")), "realm.track-full");
    assert_eq!(
        s.state().players[0].cubes_removed[0],
        7,
        "cubes never exceed 7"
    );
}

#[test]
fn an_estate_holds_at_most_21_cards_and_the_deck_limits_copies() {
    let mut s = started(&["Agrarian Lord", "Warlord"]);
    give(
        &mut s,
        0,
        Change {
            hand: 30,
            ..Default::default()
        },
    );
    for _ in 0..5 {
        act(
            &mut s,
            A::PlayFree {
                seat: 0,
                card: "Farm".into(),
                by: "t".into(),
                describe: None,
            },
        );
    }
    for c in [
        "Knight", "Knight", "Knight", "Knight", "Mage", "Mage", "Mage",
    ] {
        act(
            &mut s,
            A::PlayFree {
                seat: 0,
                card: c.into(),
                by: "t".into(),
                describe: None,
            },
        );
    }
    for c in ["Monk", "Monk", "Monk", "Monk", "Monk", "Tower", "Tower"] {
        act(
            &mut s,
            A::PlayFree {
                seat: 0,
                card: c.into(),
                by: "t".into(),
                describe: None,
            },
        );
    }
    assert_eq!(s.state().players[0].tableau.len(), 21);
    // The Monk has 5 copies (000 line 377) and all are in play.
    assert_eq!(
        refused(
            &mut s,
            A::PlayFree {
                seat: 1,
                card: "Monk".into(),
                by: "t".into(),
                describe: None
            }
        ),
        "realm.card-count"
    );
    // Player 1 is full; 21 in all (FAQ line 288).
    assert_eq!(
        refused(
            &mut s,
            A::PlayFree {
                seat: 0,
                card: "Innkeeper".into(),
                by: "t".into(),
                describe: None
            }
        ),
        "realm.track-full"
    );
}

#[test]
fn the_castle_plays_a_citizen_from_hand_for_free() {
    let mut s = started(&["Sorcerer"]);
    give(
        &mut s,
        0,
        Change {
            supply: res(0, 2, 0, 0),
            ..Default::default()
        },
    );
    let with = |c: &str| A::Expand {
        card: "Castle".into(),
        describe: None,
        from_stored: vec![],
        free_citizen: Some(c.into()),
    };
    assert_eq!(refused(&mut s, with("Tower")), "realm.free-citizen");
    act(&mut s, with("Knight"));
    let p = &s.state().players[0];
    assert_eq!(
        p.tableau
            .iter()
            .map(|c| c.card.as_str())
            .collect::<Vec<_>>(),
        ["Mage", "Castle", "Knight"]
    );
    assert_eq!(p.hand, 2);
    assert_eq!(p.supply, res(0, 0, 0, 1));
}

#[test]
fn guild_president_thresholds_follow_the_faq() {
    // FAQ lines 294-300: 1/3/5/7/9 Production Citizens in all Estates → 1/2/4/5/6 Gold.
    // The Warlord's starting Assassin is the first; the Agrarian Lord's Farm and Quarry are
    // Constructions and do not count.
    let more = [
        (1, "Thief"),
        (1, "Thief"),
        (1, "Thief"),
        (1, "Assassin"),
        (1, "Assassin"),
        (2, "Assassin"),
        (2, "Day Laborer"),
        (2, "Day Laborer"),
    ];
    for (citizens, gold) in [
        (1, 1),
        (2, 1),
        (3, 2),
        (4, 2),
        (5, 4),
        (6, 4),
        (7, 5),
        (8, 5),
        (9, 6),
    ] {
        let mut s = started(&["Sorcerer", "Warlord", "Agrarian Lord"]);
        give(
            &mut s,
            1,
            Change {
                hand: 12,
                ..Default::default()
            },
        );
        give(
            &mut s,
            2,
            Change {
                hand: 12,
                ..Default::default()
            },
        );
        for (seat, card) in &more[..citizens - 1] {
            act(
                &mut s,
                A::PlayFree {
                    seat: *seat,
                    card: (*card).into(),
                    by: "t".into(),
                    describe: None,
                },
            );
        }
        give(
            &mut s,
            0,
            Change {
                supply: res(0, 0, 0, 2),
                ..Default::default()
            },
        );
        act(&mut s, expand("Guild President"));
        assert_eq!(
            s.state().players[0].tableau[1].stored_gold,
            gold,
            "{citizens} citizens"
        );
    }
    // No Production Citizen anywhere: nothing.
    let mut t = started(&["Sorcerer", "Pious One"]);
    give(
        &mut t,
        0,
        Change {
            supply: res(0, 0, 0, 2),
            ..Default::default()
        },
    );
    act(&mut t, expand("Guild President"));
    assert_eq!(t.state().players[0].tableau[1].stored_gold, 0);
}

#[test]
fn solo_cards_are_resolved_on_reveal_not_played() {
    let mut s = started(&["Sorcerer"]);
    give(
        &mut s,
        0,
        Change {
            supply: res(0, 0, 0, 2),
            ..Default::default()
        },
    );
    assert_eq!(
        refused(&mut s, expand("Guild President")),
        "realm.solo-card"
    );
    // Thief: discard 1 resource.
    act(
        &mut s,
        A::SoloReveal {
            card: "Thief".into(),
            resources: vec![Res::Iron],
            slot: None,
            change: None,
            wood: None,
            from_market: false,
        },
    );
    assert_eq!(s.state().players[0].supply.iron, 0);
    assert_eq!(s.state().players[0].hand, 3);
    // Harbor: up to 3 resources for 1 Gold each.
    assert_eq!(
        refused(
            &mut s,
            A::SoloReveal {
                card: "Harbor".into(),
                resources: vec![Res::Grain; 4],
                slot: None,
                change: None,
                wood: None,
                from_market: false
            }
        ),
        "realm.solo-harbor"
    );
    act(
        &mut s,
        A::SoloReveal {
            card: "Harbor".into(),
            resources: vec![Res::Grain, Res::Grain],
            slot: None,
            change: None,
            wood: None,
            from_market: false,
        },
    );
    assert_eq!(s.state().players[0].gold, 2);
    // Treasurer: pay 1 Gold.
    act(
        &mut s,
        A::SoloReveal {
            card: "Treasurer".into(),
            resources: vec![],
            slot: None,
            change: None,
            wood: None,
            from_market: false,
        },
    );
    assert_eq!(s.state().players[0].gold, 1);
    // Barn Cat: 1 resource per Farm (none here).
    assert_eq!(
        refused(
            &mut s,
            A::SoloReveal {
                card: "Barn Cat".into(),
                resources: vec![Res::Wood],
                slot: None,
                change: None,
                wood: None,
                from_market: false
            }
        ),
        "realm.solo-barn-cat"
    );
    assert_eq!(
        refused(
            &mut s,
            A::SoloReveal {
                card: "Farm".into(),
                resources: vec![],
                slot: None,
                change: None,
                wood: None,
                from_market: false
            }
        ),
        "realm.solo-card"
    );
}

#[test]
fn interactive_cards_are_left_out_of_solo_games() {
    let mut s = started(&["Sorcerer"]);
    let mut f = facts(Track::Noble, CardKind::Citizen, res(0, 0, 0, 1), 1);
    f.interactive = true;
    assert_eq!(
        refused(
            &mut s,
            A::Expand {
                card: "Spy".into(),
                describe: Some(f.clone()),
                from_stored: vec![],
                free_citizen: None
            }
        ),
        "realm.card"
    );
    assert_eq!(
        refused(
            &mut s,
            A::Expand {
                card: "Judge".into(),
                describe: Some(f),
                from_stored: vec![],
                free_citizen: None
            }
        ),
        "realm.solo-interactive"
    );
}

// ---- free actions ----

#[test]
fn three_resources_convert_into_one_and_two_need_an_auction_house() {
    let mut s = started(&["Sorcerer"]);
    give(
        &mut s,
        0,
        Change {
            supply: res(2, 0, 0, 0),
            hand: 1,
            ..Default::default()
        },
    );
    assert_eq!(
        refused(
            &mut s,
            A::Convert {
                give: res(2, 0, 0, 0),
                get: Res::Stone
            }
        ),
        "realm.convert"
    );
    act(
        &mut s,
        A::Convert {
            give: res(2, 1, 0, 0),
            get: Res::Grain,
        },
    );
    assert_eq!(s.state().players[0].supply, res(1, 0, 1, 2));
    act(
        &mut s,
        A::PlayFree {
            seat: 0,
            card: "Auction House".into(),
            by: "t".into(),
            describe: None,
        },
    );
    act(
        &mut s,
        A::Convert {
            give: res(1, 0, 1, 0),
            get: Res::Stone,
        },
    );
    assert_eq!(s.state().players[0].supply, res(0, 1, 0, 2));
}

// ---- Era end ----

#[test]
fn objective_places_split_vp_and_share_friendly_rewards() {
    // Eras 1-4: 1st 6 VP; 2nd a card and a resource; 3rd+ a card (000 line 137).
    let mut s = started(&["Warlord", "Sorcerer", "Pious One", "Agrarian Lord"]);
    finish_era(&mut s);
    assert_eq!(
        refused(
            &mut s,
            A::ScoreObjective {
                measures: vec![5, 4, 3, 3],
                resources: vec![],
                fewest: false
            }
        ),
        "realm.objective-resource"
    );
    assert_eq!(refused(&mut s, A::NextEra), "realm.objective-first");
    let hands: Vec<i32> = s.state().players.iter().map(|p| p.hand).collect();
    act(
        &mut s,
        A::ScoreObjective {
            measures: vec![5, 5, 3, 3],
            resources: vec![],
            fewest: false,
        },
    );
    let st = s.state();
    let vp: Vec<i32> = st.players.iter().map(|p| p.objective_vp).collect();
    assert_eq!(vp, [3, 3, 0, 0], "a 2-way tie for 1st splits 6 into 3 each");
    let firsts: Vec<u8> = st.players.iter().map(|p| p.objective_firsts).collect();
    assert_eq!(firsts, [1, 1, 0, 0]);
    // Places 3 and 3 share 3rd: a card each, no resource (places are 1, 1, 3, 3).
    let got: Vec<i32> = st
        .players
        .iter()
        .zip(&hands)
        .map(|(p, h)| p.hand - h)
        .collect();
    assert_eq!(got, [0, 0, 1, 1]);
    assert_eq!(st.players[2].supply.iron, 1);
}

#[test]
fn tied_second_places_each_take_the_card_and_resource() {
    let mut s = started(&["Warlord", "Sorcerer", "Pious One"]);
    finish_era(&mut s);
    act(
        &mut s,
        A::ScoreObjective {
            measures: vec![9, 4, 4],
            resources: vec![None, Some(Res::Iron), Some(Res::Stone)],
            fewest: false,
        },
    );
    let st = s.state();
    assert_eq!(
        st.players
            .iter()
            .map(|p| p.objective_vp)
            .collect::<Vec<_>>(),
        [6, 0, 0]
    );
    assert_eq!(
        (st.players[1].supply.iron, st.players[2].supply.stone),
        (2, 2)
    );
    assert_eq!((st.players[1].hand, st.players[2].hand), (5, 5));
}

#[test]
fn four_way_ties_score_one_and_five_way_ties_score_nothing() {
    use estate_steward::games::realm::tracker::model::ObjectiveResult;
    let vp = |s: &S| -> Vec<i32> {
        s.state()
            .objectives
            .last()
            .map_or(vec![], |o: &ObjectiveResult| o.vp.clone())
    };
    let mut s = started(&["Warlord", "Sorcerer", "Pious One", "Agrarian Lord"]);
    finish_era(&mut s);
    act(
        &mut s,
        A::ScoreObjective {
            measures: vec![2, 2, 2, 2],
            resources: vec![],
            fewest: false,
        },
    );
    assert_eq!(vp(&s), [1, 1, 1, 1]);
    let mut s = started(&[
        "Warlord",
        "Sorcerer",
        "Pious One",
        "Agrarian Lord",
        "Druid Lord",
    ]);
    finish_era(&mut s);
    act(
        &mut s,
        A::ScoreObjective {
            measures: vec![2; 5],
            resources: vec![],
            fewest: false,
        },
    );
    assert_eq!(vp(&s), [0; 5]);
}

/// Plays Eras 1-4 to their ends with everyone tied, then Era 5 to its end.
fn to_final_era(s: &mut S) {
    for _ in 0..4 {
        finish_era(s);
        let n = s.state().players.len();
        act(
            s,
            A::ScoreObjective {
                measures: vec![0; n],
                resources: vec![],
                fewest: false,
            },
        );
        act(s, A::NextEra);
        reveal(s);
    }
    finish_era(s);
}

#[test]
fn final_era_example_two_tie_for_first_with_four_each_and_the_third_takes_one() {
    // 000 line 139, with product.md's Era 5 table 6 / 3 / 1; 4th and 5th earn nothing (line 221).
    let mut s = started(&["Warlord", "Sorcerer", "Pious One", "Agrarian Lord"]);
    to_final_era(&mut s);
    let before: Vec<i32> = s.state().players.iter().map(|p| p.objective_vp).collect();
    let hands: Vec<i32> = s.state().players.iter().map(|p| p.hand).collect();
    act(
        &mut s,
        A::ScoreObjective {
            measures: vec![7, 7, 5, 1],
            resources: vec![],
            fewest: false,
        },
    );
    let st = s.state();
    let gained: Vec<i32> = st
        .players
        .iter()
        .zip(&before)
        .map(|(p, b)| p.objective_vp - b)
        .collect();
    assert_eq!(gained, [4, 4, 1, 0]);
    assert_eq!(
        st.players.iter().map(|p| p.hand).collect::<Vec<_>>(),
        hands,
        "Era 5 rewards only VP"
    );
    act(&mut s, A::NextEra);
    assert_eq!(s.state().phase, Phase::FinalScoring);
}

#[test]
fn the_era_reset_follows_the_rulebook_steps() {
    let mut s = started(&["Sorcerer", "Warlord"]);
    act(
        &mut s,
        A::Gather {
            space: "grain".into(),
            change: None,
            ability: Some(Res::Iron),
        },
    );
    act(&mut s, A::EndTurn);
    give(
        &mut s,
        1,
        Change {
            temporary: 1,
            workers: 1,
            ..Default::default()
        },
    );
    finish_era(&mut s);
    act(
        &mut s,
        A::ScoreObjective {
            measures: vec![1, 0],
            resources: vec![None, Some(Res::Iron)],
            fewest: false,
        },
    );
    act(&mut s, A::NextEra);
    let st = s.state();
    assert_eq!(
        st.board.accumulating,
        res(2, 2, 2, 1),
        "+1 on each accumulating space"
    );
    assert!(st.board.taken.is_empty());
    assert_eq!((st.players[1].workers, st.players[1].temporary), (5, 0));
    assert!(!st.players[0].crest_used);
    assert_eq!(st.first_player, 1, "the first player token moves clockwise");
    assert_eq!(st.phase, Phase::EraStart);
    assert_eq!(st.era, 2);
}

// ---- game end ----

#[test]
fn the_final_score_fills_the_eight_categories_from_the_ledger() {
    let mut s = started(&["Agrarian Lord"]);
    // Gold 3, 2 stored resources and 1 stored Gold, 1 tucked card, Production track emptied.
    give(
        &mut s,
        0,
        Change {
            gold: 3,
            hand: 5,
            supply: res(0, 2, 0, 0),
            ..Default::default()
        },
    );
    give(
        &mut s,
        0,
        Change {
            supply: res(0, -2, 0, 0),
            store: vec![StoreChange {
                slot: 0,
                resources: res(0, 2, 0, 0),
                gold: 1,
            }],
            tuck: vec![estate_steward::games::realm::tracker::model::TuckChange {
                slot: 1,
                count: 1,
            }],
            ..Default::default()
        },
    );
    for _ in 0..5 {
        act(
            &mut s,
            A::PlayFree {
                seat: 0,
                card: "Farm".into(),
                by: "t".into(),
                describe: None,
            },
        );
    }
    let sheet_mid = RealmTracker::score(s.state());
    assert!(!sheet_mid.final_);
    assert_eq!(refused(&mut s, A::Finish), "realm.phase");
    for era in 1..=5 {
        // Each Solo Era Event card's objective awards 6 here, as the table tells it.
        act(
            &mut s,
            A::DescribeEvent {
                name: format!("Event {era}"),
                facts: SoloEventFacts { objective_vp: 6 },
            },
        );
        finish_era(&mut s);
        act(&mut s, A::SoloObjective { met: era <= 3 });
        act(&mut s, A::NextEra);
        if era < 5 {
            reveal(&mut s);
        }
    }
    assert_eq!(refused(&mut s, A::Finish), "realm.incomplete");
    assert_eq!(
        refused(
            &mut s,
            A::FinalEntry {
                seat: 0,
                game_end_vp: 4,
                family_secret: 2
            }
        ),
        "realm.solo-no-family-secret"
    );
    act(
        &mut s,
        A::FinalEntry {
            seat: 0,
            game_end_vp: 4,
            family_secret: 0,
        },
    );
    act(&mut s, A::Finish);
    let sheet = RealmTracker::score(s.state());
    let row = &sheet.rows[0];
    // Card VP 6 Farms + Quarry = 14; Game End 4; Gold 3; tucked 1; stored 2 + 1 Gold = 3;
    // objectives 3 × 6 (as their cards were told) = 18; Family Secret 0; the empty Production
    // track 7.
    assert_eq!(row.breakdown, [14, 4, 3, 1, 3, 18, 0, 7]);
    assert_eq!(row.total, 50);
    assert_eq!(row.title.as_deref(), Some("Baron/Baroness"));
    assert!(sheet.final_);
}

#[test]
fn a_solo_game_with_fewer_than_three_objectives_met_is_lost() {
    let mut s = started(&["Sorcerer"]);
    for era in 1..=5 {
        finish_era(&mut s);
        act(&mut s, A::SoloObjective { met: era <= 2 });
        act(&mut s, A::NextEra);
        if era < 5 {
            reveal(&mut s);
        }
    }
    for _ in 0..3 {
        give(
            &mut s,
            0,
            Change {
                gold: 60,
                ..Default::default()
            },
        );
    }
    act(
        &mut s,
        A::FinalEntry {
            seat: 0,
            game_end_vp: 0,
            family_secret: 0,
        },
    );
    act(&mut s, A::Finish);
    let row = &RealmTracker::score(s.state()).rows[0];
    assert!(row.total > 110);
    assert_eq!(
        row.title.as_deref(),
        Some("The Estate fell: fewer than 3 Era objectives were met")
    );
}

#[test]
fn a_tie_for_first_goes_to_most_objective_firsts_then_most_estate_cards() {
    let mut s = started(&["Warlord", "Sorcerer", "Pious One"]);
    // Era 1: player 2 alone first (6 VP); Eras 2-4 everyone tied (2 VP each); Era 5 tied (3 each).
    finish_era(&mut s);
    act(
        &mut s,
        A::ScoreObjective {
            measures: vec![0, 1, 0],
            resources: vec![Some(Res::Iron), None, Some(Res::Iron)],
            fewest: false,
        },
    );
    act(&mut s, A::NextEra);
    reveal(&mut s);
    for _ in 2..=4 {
        finish_era(&mut s);
        act(
            &mut s,
            A::ScoreObjective {
                measures: vec![0, 0, 0],
                resources: vec![],
                fewest: false,
            },
        );
        act(&mut s, A::NextEra);
        reveal(&mut s);
    }
    finish_era(&mut s);
    act(
        &mut s,
        A::ScoreObjective {
            measures: vec![0, 0, 0],
            resources: vec![],
            fewest: false,
        },
    );
    act(&mut s, A::NextEra);
    // Level the totals: Warlord's cards are worth 3 (Assassin 1 + Forge 2), the Sorcerer's
    // Mage 2 + 6 more objective VP, the Pious One's Place of Worship 3.
    let totals = |s: &S| -> Vec<i32> {
        RealmTracker::score(s.state())
            .rows
            .iter()
            .map(|r| r.total)
            .collect()
    };
    let t = totals(&s);
    let top = t.iter().copied().max().unwrap_or(0);
    for seat in 0..3u8 {
        let extra = top - t[usize::from(seat)];
        act(
            &mut s,
            A::FinalEntry {
                seat,
                game_end_vp: extra,
                family_secret: 0,
            },
        );
    }
    act(&mut s, A::Finish);
    let sheet = RealmTracker::score(s.state());
    assert!(sheet.rows.iter().all(|r| r.total == top), "{sheet:?}");
    // Player 2 has the most Era-objective firsts (5 against 4).
    let winners: Vec<u8> = sheet
        .rows
        .iter()
        .filter(|r| r.winner)
        .map(|r| r.seat)
        .collect();
    assert_eq!(winners, [1]);
    // Between players 1 and 3 (4 firsts each), more Estate cards ranks higher: 2 against 1.
    assert!(sheet.rows[0].rank < sheet.rows[2].rank, "{sheet:?}");
}

#[test]
fn an_effect_may_remove_a_cube_but_never_from_an_empty_track() {
    // The Mage's When Played effect removes another cube (000 line 118).
    let mut s = started(&["Sorcerer"]);
    let cube = |t: Track| Change {
        cubes: vec![t],
        ..Default::default()
    };
    give(&mut s, 0, cube(Track::Noble));
    assert_eq!(s.state().players[0].cubes_removed, vec![0, 2, 0]);
    for _ in 0..5 {
        give(&mut s, 0, cube(Track::Noble));
    }
    assert_eq!(
        refused(
            &mut s,
            A::Effect {
                seat: 0,
                card: "Mage".into(),
                change: cube(Track::Noble)
            }
        ),
        "realm.track-empty"
    );
}

#[test]
fn the_day_laborer_adds_no_temporary_worker_to_an_estate_of_six() {
    // FAQ line 310: with 6 permanent workers the Day Laborer still produces, but no worker joins.
    let mut s = started(&["Agrarian Lord"]);
    give(
        &mut s,
        0,
        Change {
            hand: 1,
            supply: res(0, 0, 0, 3),
            ..Default::default()
        },
    );
    act(
        &mut s,
        A::PlayFree {
            seat: 0,
            card: "Day Laborer".into(),
            by: "t".into(),
            describe: None,
        },
    );
    give(
        &mut s,
        0,
        Change {
            workers: 2,
            ..Default::default()
        },
    );
    finish_era(&mut s);
    act(&mut s, A::SoloObjective { met: true });
    act(&mut s, A::NextEra);
    reveal(&mut s);
    assert_eq!(s.state().players[0].workers, 6);
    act(&mut s, A::Produce { ability: false });
    act(
        &mut s,
        A::Activate {
            slot: 2,
            change: None,
            wood: None,
            ability: false,
        },
    );
    let p = &s.state().players[0];
    assert_eq!((p.temporary, p.workers_left()), (0, 5));
}

#[test]
fn the_view_counts_quantities_an_objective_may_rank_by() {
    let mut s = started(&["Agrarian Lord", "Warlord"]);
    give(
        &mut s,
        1,
        Change {
            gold: 4,
            ..Default::default()
        },
    );
    let v = estate_steward::engine::to_json(&RealmTracker::view(s.state()));
    let m = |name: &str| -> serde_json::Value {
        v["measures"]
            .as_array()
            .and_then(|a| a.iter().find(|x| x["name"] == name))
            .map(|x| x["values"].clone())
            .unwrap_or_default()
    };
    assert_eq!(m("Gold"), serde_json::json!([0, 4]));
    // Farm and Quarry are Constructions; the Warlord's Assassin a Citizen, its Forge not.
    assert_eq!(m("Citizens"), serde_json::json!([0, 1]));
    assert_eq!(m("Production cards"), serde_json::json!([2, 2]));
    assert_eq!(
        v["players"][0]["track_values"],
        serde_json::json!([3, 1, 0])
    );
}

#[test]
fn a_mat_described_for_more_players_than_the_table_is_refused_while_its_leader_is_chosen() {
    let mut s =
        estate_steward::engine::Session::<RealmTracker>::new(Default::default(), seats(2), 1)
            .unwrap_or_else(|e| panic!("{e}"));
    act(
        &mut s,
        A::ChooseLeader {
            seat: 0,
            leader: "Warlord".into(),
        },
    );
    assert_eq!(
        refused(
            &mut s,
            A::DescribeMat {
                leader: "Warlord".into(),
                mat: mat(1, 1, 0, 3)
            }
        ),
        "realm.mat-players"
    );
    act(
        &mut s,
        A::DescribeMat {
            leader: "Warlord".into(),
            mat: mat(1, 1, 0, 2),
        },
    );
}

#[test]
fn printed_victory_points_count_before_a_card_is_described() {
    // The Farm and Quarry print 2 VP each (000 lines 163-164); their type is not printed.
    let mut o = options();
    o.catalogue.cards.clear();
    let mut s = estate_steward::engine::Session::<RealmTracker>::new(o, seats(1), 1)
        .unwrap_or_else(|e| panic!("{e}"));
    act(
        &mut s,
        A::ChooseLeader {
            seat: 0,
            leader: "Agrarian Lord".into(),
        },
    );
    act(
        &mut s,
        A::StartGame {
            first_player: Some(0),
        },
    );
    assert_eq!(RealmTracker::score(s.state()).rows[0].breakdown[0], 4);
}

// One refusal per field, each with its own extreme value: a list, not logic to split.
#[allow(clippy::too_many_lines)]
#[test]
fn extreme_numbers_are_refused_without_panicking() {
    let mut s = started(&["Sorcerer"]);
    let huge = Change {
        gold: i32::MAX,
        ..Default::default()
    };
    assert_eq!(
        refused(
            &mut s,
            A::Effect {
                seat: 0,
                card: "x".into(),
                change: huge
            }
        ),
        "realm.amount"
    );
    let neg = Change {
        hand: i32::MIN,
        ..Default::default()
    };
    assert_eq!(
        refused(
            &mut s,
            A::Effect {
                seat: 0,
                card: "x".into(),
                change: neg
            }
        ),
        "realm.amount"
    );
    let workers = Change {
        workers: 255,
        temporary: 255,
        ..Default::default()
    };
    assert_eq!(
        refused(
            &mut s,
            A::Effect {
                seat: 0,
                card: "x".into(),
                change: workers
            }
        ),
        "realm.amount"
    );
    assert_eq!(
        refused(
            &mut s,
            A::Convert {
                give: res(i32::MAX, i32::MAX, 0, 0),
                get: Res::Iron
            }
        ),
        "realm.convert"
    );
    let mut f = facts(
        Track::Noble,
        CardKind::Citizen,
        res(i32::MAX, i32::MAX, 0, 0),
        1,
    );
    assert_eq!(
        refused(
            &mut s,
            A::DescribeCard {
                card: "Scout".into(),
                facts: f.clone()
            }
        ),
        "realm.card-cost"
    );
    f.cost = res(0, 0, 0, 1);
    f.vp = i32::MIN;
    assert_eq!(
        refused(
            &mut s,
            A::DescribeCard {
                card: "Scout".into(),
                facts: f
            }
        ),
        "realm.card-vp"
    );
    assert_eq!(
        refused(
            &mut s,
            A::Gather {
                space: "open-1".into(),
                change: Some(gain(Res::Grain, i32::MAX)),
                ability: Some(Res::Grain)
            }
        ),
        "realm.amount"
    );
    assert_eq!(
        refused(
            &mut s,
            A::Activate {
                slot: 255,
                change: None,
                wood: None,
                ability: false
            }
        ),
        "realm.not-producing"
    );
    act(&mut s, A::Produce { ability: false });
    assert_eq!(
        refused(
            &mut s,
            A::Activate {
                slot: 255,
                change: None,
                wood: None,
                ability: false
            }
        ),
        "realm.slot"
    );
    assert_eq!(
        refused(
            &mut s,
            A::Effect {
                seat: 200,
                card: "x".into(),
                change: gain(Res::Iron, 1)
            }
        ),
        "realm.seat"
    );
}

#[test]
fn a_table_may_change_the_era_five_rewards_and_the_rest_keep_their_defaults() {
    let o: estate_steward::games::realm::tracker::TrackerOptions =
        serde_json::from_value(serde_json::json!({"rewards": {"final_vp_by_place": [8, 4, 2]}}))
            .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(o.rewards.vp_by_place, vec![6]);
    let mut o2 = options();
    o2.rewards = o.rewards.clone();
    let mut s = estate_steward::engine::Session::<RealmTracker>::new(o2, seats(3), 1)
        .unwrap_or_else(|e| panic!("{e}"));
    for (i, l) in ["Warlord", "Sorcerer", "Pious One"].iter().enumerate() {
        act(
            &mut s,
            A::ChooseLeader {
                seat: i as u8,
                leader: (*l).into(),
            },
        );
    }
    act(
        &mut s,
        A::StartGame {
            first_player: Some(0),
        },
    );
    reveal(&mut s);
    for _ in 0..4 {
        finish_era(&mut s);
        act(
            &mut s,
            A::ScoreObjective {
                measures: vec![0, 0, 0],
                resources: vec![],
                fewest: false,
            },
        );
        act(&mut s, A::NextEra);
        reveal(&mut s);
    }
    finish_era(&mut s);
    act(
        &mut s,
        A::ScoreObjective {
            measures: vec![3, 2, 1],
            resources: vec![],
            fewest: false,
        },
    );
    let last = s
        .state()
        .objectives
        .last()
        .map(|o| o.vp.clone())
        .unwrap_or_default();
    assert_eq!(last, [8, 4, 2]);
    let mut bad = options();
    bad.rewards.final_vp_by_place = vec![];
    assert!(estate_steward::engine::Session::<RealmTracker>::new(bad, seats(3), 1).is_err());
}

#[test]
fn advanced_gather_tiles_are_named_per_level() {
    let mut s = started(&["Druid Lord"]);
    act(
        &mut s,
        A::NameTile {
            space: "level-1".into(),
            name: "Quarrymen".into(),
        },
    );
    assert_eq!(
        refused(
            &mut s,
            A::NameTile {
                space: "open-1".into(),
                name: "x".into()
            }
        ),
        "realm.space"
    );
    assert_eq!(
        refused(
            &mut s,
            A::NameTile {
                space: "level-2".into(),
                name: " ".into()
            }
        ),
        "realm.tile"
    );
    let v = estate_steward::engine::to_json(&RealmTracker::view(s.state()));
    let tile = v["spaces"]
        .as_array()
        .and_then(|a| a.iter().find(|x| x["id"] == "level-1"))
        .map(|x| x["tile"].clone());
    assert_eq!(tile, Some(serde_json::json!("Quarrymen")));
    act(&mut s, gather("level-1"));
    let line = s
        .entries()
        .last()
        .map(|e| e.summary.clone())
        .unwrap_or_default();
    assert!(
        line.contains("Advanced Gather level 1 (Quarrymen)"),
        "{line}"
    );
}

// ---- found in review ----

#[test]
fn entries_for_one_card_add_up_before_they_are_checked() {
    let mut s = started(&["Agrarian Lord"]);
    give(
        &mut s,
        0,
        Change {
            supply: res(-1, 0, 0, 0),
            store: vec![StoreChange {
                slot: 0,
                resources: res(1, 0, 0, 0),
                gold: 0,
            }],
            ..Default::default()
        },
    );
    let twice = StoredPayment {
        slot: 0,
        resources: res(1, 0, 0, 0),
    };
    let mut f = facts(
        Track::Production,
        CardKind::Construction,
        res(2, 0, 0, 0),
        1,
    );
    f.once_per_era = false;
    assert_eq!(
        refused(
            &mut s,
            A::Expand {
                card: "Smelter".into(),
                describe: Some(f),
                from_stored: vec![twice.clone(), twice],
                free_citizen: None
            }
        ),
        "realm.not-enough"
    );
    let take = StoreChange {
        slot: 0,
        resources: res(-1, 0, 0, 0),
        gold: 0,
    };
    assert_eq!(
        refused(
            &mut s,
            A::Effect {
                seat: 0,
                card: "x".into(),
                change: Change {
                    store: vec![take.clone(), take],
                    ..Default::default()
                }
            }
        ),
        "realm.not-enough"
    );
}

#[test]
fn spaces_used_by_level_four_extra_actions_open_again_for_later_turns() {
    // FAQ line 342: they "would be available in a future turn to take that Era".
    let mut s = started(&["Druid Lord", "Warlord"]);
    give(
        &mut s,
        0,
        Change {
            hand: 4,
            ..Default::default()
        },
    );
    for _ in 0..2 {
        act(
            &mut s,
            A::PlayFree {
                seat: 0,
                card: "Monk".into(),
                by: "t".into(),
                describe: None,
            },
        );
        act(
            &mut s,
            A::PlayFree {
                seat: 0,
                card: "Tower".into(),
                by: "t".into(),
                describe: None,
            },
        );
    }
    act(
        &mut s,
        A::NameTile {
            space: "level-4".into(),
            name: "Take 2 worker actions this turn".into(),
        },
    );
    act(&mut s, gather("level-4"));
    act(&mut s, gather("level-2"));
    act(&mut s, gather("iron"));
    act(&mut s, A::EndTurn);
    turn(&mut s, gather("open-1"));
    act(&mut s, gather("level-2"));
    assert_eq!(s.state().board.taken.get("level-2"), Some(&0));
    act(&mut s, A::EndTurn);
    assert_eq!(refused(&mut s, gather("level-2")), "realm.space-taken");
}

#[test]
fn the_guild_president_stores_gold_however_it_enters_the_estate() {
    for how in ["castle", "free"] {
        let mut s = started(&["Sorcerer", "Warlord"]); // the Warlord's Assassin: 1 Production Citizen
        give(
            &mut s,
            0,
            Change {
                supply: res(0, 2, 0, 0),
                hand: 1,
                ..Default::default()
            },
        );
        if how == "castle" {
            act(
                &mut s,
                A::Expand {
                    card: "Castle".into(),
                    describe: None,
                    from_stored: vec![],
                    free_citizen: Some("Guild President".into()),
                },
            );
        } else {
            act(
                &mut s,
                A::PlayFree {
                    seat: 0,
                    card: "Guild President".into(),
                    by: "t".into(),
                    describe: None,
                },
            );
        }
        let gp = s.state().players[0]
            .tableau
            .iter()
            .find(|c| c.card == "Guild President")
            .map(|c| c.stored_gold);
        assert_eq!(gp, Some(1), "{how}");
    }
}

#[test]
fn the_merchant_acts_once_per_era_and_the_trade_queen_uses_one_a_second_time() {
    // FAQ line 304 (once per Era); 000 line 114 and FAQ lines 330-332 (the Trade Queen).
    let mut s = started(&["Trade Queen", "Warlord"]);
    let copied = || Some(gain(Res::Wood, 1));
    act(&mut s, A::Produce { ability: false });
    act(
        &mut s,
        A::Activate {
            slot: 0,
            change: copied(),
            wood: None,
            ability: false,
        },
    );
    act(
        &mut s,
        A::Activate {
            slot: 0,
            change: copied(),
            wood: None,
            ability: true,
        },
    );
    assert_eq!(
        refused(
            &mut s,
            A::Activate {
                slot: 0,
                change: copied(),
                wood: None,
                ability: true
            }
        ),
        "realm.ability-once"
    );
    act(&mut s, A::EndTurn);
    turn(&mut s, gather("open-1"));
    act(&mut s, A::Produce { ability: false });
    assert_eq!(
        refused(
            &mut s,
            A::Activate {
                slot: 0,
                change: copied(),
                wood: None,
                ability: false
            }
        ),
        "realm.once-per-era"
    );
    assert_eq!(s.state().players[0].supply.wood, 3);
    let mut w = started(&["Warlord"]);
    act(&mut w, A::Produce { ability: false });
    assert_eq!(
        refused(
            &mut w,
            A::Activate {
                slot: 0,
                change: copied(),
                wood: None,
                ability: true
            }
        ),
        "realm.ability"
    );
}

#[test]
fn a_space_has_one_id() {
    let mut s = started(&["Sorcerer"]);
    assert_eq!(refused(&mut s, gather("IRON")), "realm.space");
    act(&mut s, gather("iron"));
}

#[test]
fn the_solo_merchant_activates_one_production_card_under_its_own_rules() {
    let mut s = started(&["Agrarian Lord"]);
    give(
        &mut s,
        0,
        Change {
            hand: 1,
            ..Default::default()
        },
    );
    act(
        &mut s,
        A::PlayFree {
            seat: 0,
            card: "Day Laborer".into(),
            by: "t".into(),
            describe: None,
        },
    );
    let reveal = |slot: Option<u8>| A::SoloReveal {
        card: "Merchant".into(),
        resources: vec![],
        slot,
        change: None,
        wood: None,
        from_market: false,
    };
    assert_eq!(refused(&mut s, reveal(None)), "realm.solo-merchant");
    act(&mut s, reveal(Some(0))); // the Farm: +1 Grain
    assert_eq!(
        (s.state().players[0].supply.grain, s.state().players[0].hand),
        (2, 3)
    );
    act(&mut s, reveal(Some(2))); // the Day Laborer: a temporary worker, once this Era
    assert_eq!(s.state().players[0].temporary, 1);
    assert_eq!(refused(&mut s, reveal(Some(2))), "realm.once-per-era");
}

#[test]
fn a_solo_card_revealed_in_the_market_leaves_the_hand_alone() {
    let mut s = started(&["Sorcerer"]);
    give(
        &mut s,
        0,
        Change {
            hand: -4,
            gold: 2,
            ..Default::default()
        },
    );
    let treasurer = |from_market| A::SoloReveal {
        card: "Treasurer".into(),
        resources: vec![],
        slot: None,
        change: None,
        wood: None,
        from_market,
    };
    assert_eq!(refused(&mut s, treasurer(false)), "realm.hand");
    act(&mut s, treasurer(true));
    let p = &s.state().players[0];
    assert_eq!((p.hand, p.gold), (0, 1));
}

#[test]
fn the_second_place_reward_is_one_resource_at_most() {
    let mut o = options();
    o.rewards.second_resources = 2;
    assert!(estate_steward::engine::Session::<RealmTracker>::new(o, seats(2), 1).is_err());
}

#[test]
fn a_card_leaves_an_estate_without_its_cube_coming_back() {
    // FAQ line 322: tracks never have cubes added back.
    let mut s = started(&["Agrarian Lord"]);
    act(
        &mut s,
        A::RemoveCard {
            seat: 0,
            slot: 0,
            by: "Assassin".into(),
        },
    );
    let p = &s.state().players[0];
    assert_eq!(
        p.tableau
            .iter()
            .map(|c| c.card.as_str())
            .collect::<Vec<_>>(),
        ["Quarry"]
    );
    assert_eq!(p.cubes_removed, vec![2, 0, 0]);
    act(&mut s, A::Produce { ability: false });
    assert_eq!(
        refused(
            &mut s,
            A::RemoveCard {
                seat: 0,
                slot: 0,
                by: "x".into()
            }
        ),
        "realm.producing"
    );
    act(&mut s, A::FinishProduce);
    assert_eq!(
        refused(
            &mut s,
            A::RemoveCard {
                seat: 0,
                slot: 5,
                by: "x".into()
            }
        ),
        "realm.slot"
    );
}

#[test]
fn the_sorcerers_extra_resource_comes_with_resources_collected() {
    let mut s = started(&["Sorcerer"]);
    assert_eq!(
        refused(
            &mut s,
            A::Gather {
                space: "open-1".into(),
                change: None,
                ability: Some(Res::Iron)
            }
        ),
        "realm.ability"
    );
    act(
        &mut s,
        A::Gather {
            space: "open-1".into(),
            change: Some(gain(Res::Wood, 1)),
            ability: Some(Res::Iron),
        },
    );
    assert_eq!(s.state().players[0].supply.iron, 2);
}

#[test]
fn a_permanent_worker_waiting_for_the_next_era_counts_against_a_temporary_one() {
    let mut s = started(&["Agrarian Lord"]);
    give(
        &mut s,
        0,
        Change {
            hand: 1,
            workers: 2,
            ..Default::default()
        },
    );
    act(
        &mut s,
        A::PlayFree {
            seat: 0,
            card: "Day Laborer".into(),
            by: "t".into(),
            describe: None,
        },
    );
    act(&mut s, A::Produce { ability: false });
    act(
        &mut s,
        A::Activate {
            slot: 2,
            change: None,
            wood: None,
            ability: false,
        },
    );
    assert_eq!(
        s.state().players[0].temporary,
        0,
        "4 working + 2 waiting = 6"
    );
}

#[test]
fn an_objective_may_reward_the_fewest() {
    let mut s = started(&["Warlord", "Sorcerer", "Pious One"]);
    finish_era(&mut s);
    act(
        &mut s,
        A::ScoreObjective {
            measures: vec![5, 1, 3],
            resources: vec![None, None, Some(Res::Wood)],
            fewest: true,
        },
    );
    let o = s
        .state()
        .objectives
        .last()
        .map(|o| (o.places.clone(), o.vp.clone()));
    assert_eq!(o, Some((vec![3, 1, 2], vec![0, 6, 0])));
}

#[test]
fn a_spy_master_holds_the_other_leaders_automated_abilities() {
    let mut s = started(&["Spy Master", "Agrarian Lord", "Warlord"]);
    let v = estate_steward::engine::to_json(&RealmTracker::view(s.state()));
    assert_eq!(
        v["players"][0]["abilities"],
        serde_json::json!(["produce_plus_one"])
    );
    assert_eq!(v["players"][2]["abilities"], serde_json::json!([]));
    act(&mut s, A::Produce { ability: true });
    assert_eq!(s.state().turn.produce.as_ref().map(|p| p.limit), Some(3));
}

// ---- issue 9: the tracker follows the physical table ----

/// The Druid Lord with four more Gather cards in play: Gather value 5, every level open.
fn druid_with_gather_five() -> S {
    let mut s = started(&["Druid Lord", "Warlord"]);
    give(
        &mut s,
        0,
        Change {
            hand: 4,
            ..Default::default()
        },
    );
    for card in ["Monk", "Tower", "Monk", "Tower"] {
        act(
            &mut s,
            A::PlayFree {
                seat: 0,
                card: card.into(),
                by: "t".into(),
                describe: None,
            },
        );
    }
    s
}

fn name_tile(s: &mut S, space: &str, name: &str) {
    act(
        s,
        A::NameTile {
            space: space.into(),
            name: name.into(),
        },
    );
}

#[test]
fn the_advanced_gather_tile_named_on_a_level_is_the_one_applied() {
    // 000 line 87: the tiles are shuffled per level; FAQ line 342 names level 4's "Take 2
    // worker actions this turn". Another tile on level 4 gives no extra actions.
    let mut s = druid_with_gather_five();
    name_tile(&mut s, "level-4", "Royal Hunt");
    act(&mut s, gather_with("level-4", gain(Res::Stone, 2)));
    assert_eq!(s.state().players[0].supply.stone, 3);
    assert_eq!(s.state().turn.actions_left, 0);
    assert_eq!(refused(&mut s, gather("level-3")), "realm.one-worker");
    act(&mut s, A::EndTurn);
    // The two-actions tile, named in any case, is applied: two more actions without workers.
    let mut t = druid_with_gather_five();
    name_tile(&mut t, "level-4", "take 2 worker actions this turn");
    assert_eq!(
        t.state().board.tiles.get("level-4").map(String::as_str),
        Some("Take 2 worker actions this turn"),
        "kept under its printed name"
    );
    act(&mut t, gather("level-4"));
    assert_eq!(t.state().turn.actions_left, 2);
}

#[test]
fn a_level_where_a_known_tile_may_lie_is_named_before_a_worker_gathers_there() {
    let mut s = druid_with_gather_five();
    assert_eq!(refused(&mut s, gather("level-4")), "realm.tile-unnamed");
    // Levels whose tiles the rulebook never names need no name: the table enters what they gave.
    act(&mut s, gather_with("level-2", gain(Res::Iron, 1)));
}

#[test]
fn the_two_actions_tile_lies_on_level_four_only_and_gives_no_resources() {
    let mut s = druid_with_gather_five();
    assert_eq!(
        refused(
            &mut s,
            A::NameTile {
                space: "level-2".into(),
                name: "Take 2 worker actions this turn".into()
            }
        ),
        "realm.tile-level"
    );
    name_tile(&mut s, "level-4", "Take 2 worker actions this turn");
    assert_eq!(
        refused(&mut s, gather_with("level-4", gain(Res::Iron, 1))),
        "realm.space"
    );
}

#[test]
fn the_trade_queens_second_merchant_use_follows_its_first_in_the_same_produce_action() {
    // 000 line 114: "use 1 Merchant a second time during Production".
    let mut s = started(&["Trade Queen", "Warlord"]);
    let merchant = |ability| A::Activate {
        slot: 0,
        change: Some(gain(Res::Wood, 1)),
        wood: None,
        ability,
    };
    act(&mut s, A::Produce { ability: false });
    assert_eq!(
        refused(&mut s, merchant(true)),
        "realm.merchant-twice",
        "not before the Merchant's first use"
    );
    act(&mut s, merchant(false));
    act(&mut s, A::FinishProduce);
    act(&mut s, A::EndTurn);
    turn(&mut s, gather("open-1"));
    // A later Produce action: the first use was in another action.
    act(&mut s, A::Produce { ability: false });
    assert_eq!(refused(&mut s, merchant(true)), "realm.merchant-twice");
    assert!(!s.state().players[0].crest_used);
}

#[test]
fn a_met_solo_objective_scores_nothing_until_its_card_is_told() {
    let mut s = started(&["Sorcerer"]);
    finish_era(&mut s);
    act(&mut s, A::SoloObjective { met: true });
    assert_eq!(s.state().players[0].objective_vp, 0);
    assert_eq!(s.state().objectives[0].vp, vec![0]);
}

#[test]
fn a_solo_event_told_later_scores_its_reward_and_is_remembered() {
    let mut s = started(&["Sorcerer"]);
    finish_era(&mut s);
    act(&mut s, A::SoloObjective { met: true });
    let v = RealmTracker::view(s.state());
    assert_eq!(v.solo_objectives.len(), 1);
    assert_eq!(v.solo_objectives[0].reward, None, "not yet told");
    assert_eq!(v.solo_objectives[0].vp, Some(0));
    // Told: the met objective scores what the card awards.
    let told = A::DescribeEvent {
        name: "Event 1".into(),
        facts: SoloEventFacts { objective_vp: 5 },
    };
    act(&mut s, told);
    assert_eq!(s.state().players[0].objective_vp, 5);
    let v = RealmTracker::view(s.state());
    assert_eq!(
        (v.solo_objectives[0].reward, v.solo_objectives[0].vp),
        (Some(5), Some(5))
    );
    // Told again, it is corrected; an objective not met scores nothing whatever the card.
    act(
        &mut s,
        A::DescribeEvent {
            name: "Event 1".into(),
            facts: SoloEventFacts { objective_vp: 4 },
        },
    );
    assert_eq!(s.state().players[0].objective_vp, 4);
    act(&mut s, A::NextEra);
    act(
        &mut s,
        A::RevealEvent {
            name: "Event 2".into(),
            positive: None,
            chosen_effect: Some("first".into()),
            describe: Some(SoloEventFacts { objective_vp: 7 }),
        },
    );
    finish_era(&mut s);
    act(&mut s, A::SoloObjective { met: false });
    assert_eq!(s.state().players[0].objective_vp, 4);
    // The catalogue learns each card's reward, and a new game knows it.
    let learned: Vec<(String, serde_json::Value)> = s
        .entries()
        .iter()
        .flat_map(|e| e.events.iter().flat_map(RealmTracker::learned))
        .collect();
    let keys: Vec<&str> = learned.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(keys, ["event:Event 1", "event:Event 1", "event:Event 2"]);
    let mut o = options();
    RealmTracker::with_catalogue(&mut o, &learned[1..]);
    assert_eq!(
        o.catalogue.events.get("Event 1").map(|f| f.objective_vp),
        Some(4)
    );
    let next = estate_steward::engine::Session::<RealmTracker>::new(o, seats(1), 3)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        next.state()
            .solo_events
            .get("Event 2")
            .map(|f| f.objective_vp),
        Some(7)
    );
}

#[test]
fn a_solo_event_reward_is_a_solo_card_and_0_to_30_vp() {
    let mut s = started(&["Sorcerer"]);
    let tell = |vp| A::DescribeEvent {
        name: "Event 1".into(),
        facts: SoloEventFacts { objective_vp: vp },
    };
    assert_eq!(refused(&mut s, tell(31)), "realm.event-reward");
    assert_eq!(refused(&mut s, tell(-1)), "realm.event-reward");
    let mut m = started(&["Sorcerer", "Warlord"]);
    assert_eq!(refused(&mut m, tell(6)), "realm.solo-only");
    let ok = RealmTracker::check_catalogue_entry(
        "event:Era of Famine",
        &serde_json::json!({ "objective_vp": 6 }),
    );
    assert_eq!(ok.map_err(|e| e.rule), Ok(()));
    let bad = RealmTracker::check_catalogue_entry(
        "event:Era of Famine",
        &serde_json::json!({ "objective_vp": 40 }),
    );
    assert_eq!(
        bad.map_err(|e| e.rule),
        Err("realm.event-reward".to_string())
    );
}

#[test]
fn an_era_event_recorded_as_resource_changes_changes_every_players_counts() {
    let mut s = started(&["Agrarian Lord", "Warlord", "Sorcerer"]);
    let each = |seats: Vec<u8>, change: Change| A::EffectEach {
        source: "Era of Plenty".into(),
        seats,
        change,
    };
    act(&mut s, each(vec![0, 1, 2], gain(Res::Grain, 1)));
    let grain: Vec<i32> = s.state().players.iter().map(|p| p.supply.grain).collect();
    assert_eq!(grain, [2, 2, 2]);
    let line = s
        .entries()
        .last()
        .map(|e| e.summary.clone())
        .unwrap_or_default();
    assert_eq!(line, "Era of Plenty: P1, P2, P3 each: 1 Grain");
    // Refused whole when one player could not take it, naming that player.
    give(&mut s, 1, gain(Res::Iron, -1));
    let before = s.state().players.clone();
    assert_eq!(
        refused(&mut s, each(vec![0, 1, 2], gain(Res::Iron, -1))),
        "realm.not-enough"
    );
    assert_eq!(s.state().players, before);
    act(&mut s, each(vec![0, 2], gain(Res::Iron, -1)));
    let iron: Vec<i32> = s.state().players.iter().map(|p| p.supply.iron).collect();
    assert_eq!(iron, [0, 0, 0]);
    assert_eq!(
        refused(&mut s, each(vec![], gain(Res::Wood, 1))),
        "realm.effect"
    );
    assert_eq!(
        refused(&mut s, each(vec![0, 0], gain(Res::Wood, 1))),
        "realm.effect"
    );
    assert_eq!(
        refused(&mut s, each(vec![0, 5], gain(Res::Wood, 1))),
        "realm.seat"
    );
    let stored = Change {
        store: vec![StoreChange {
            slot: 0,
            resources: res(0, 0, 1, 0),
            gold: 0,
        }],
        ..Default::default()
    };
    assert_eq!(refused(&mut s, each(vec![0, 1], stored)), "realm.effect");
}

#[test]
fn the_view_says_what_a_produce_action_may_activate_and_what_each_needs() {
    use estate_steward::games::realm::tracker::offers::Needs;
    let mut s = started(&["Trade Queen", "Agrarian Lord"]);
    assert!(RealmTracker::view(s.state()).activations.is_empty());
    act(&mut s, A::Produce { ability: false });
    let v = RealmTracker::view(s.state());
    let merchant = v.activations.iter().find(|a| a.card == "Merchant").cloned();
    assert_eq!(
        merchant.map(|a| (a.slot, a.again, a.needs, a.refused)),
        Some((0, false, Needs::Change, None))
    );
    assert!(
        v.activations.iter().all(|a| a.card != "Lumberyard"),
        "a Gather card"
    );
    act(
        &mut s,
        A::Activate {
            slot: 0,
            change: Some(gain(Res::Wood, 1)),
            wood: None,
            ability: false,
        },
    );
    // The Merchant again, through the Trade Queen's ability, in this same action.
    let again = RealmTracker::view(s.state()).activations[0].clone();
    assert_eq!((again.again, again.refused), (true, None));
    act(&mut s, A::FinishProduce);
    act(&mut s, A::EndTurn);
    // The Agrarian Lord: the Farm and Quarry need nothing; a used card says why not.
    act(&mut s, A::Produce { ability: false });
    act(
        &mut s,
        A::Activate {
            slot: 0,
            change: None,
            wood: None,
            ability: false,
        },
    );
    let v = RealmTracker::view(s.state());
    let farm = &v.activations[0];
    assert_eq!((farm.card.as_str(), farm.needs), ("Farm", Needs::Nothing));
    assert!(farm
        .refused
        .as_deref()
        .is_some_and(|r| r.contains("already produced")));
    assert_eq!(v.activations[1].refused, None);
}

#[test]
fn the_view_gives_the_solo_reveal_choices_from_the_players_real_counts() {
    use estate_steward::games::realm::tracker::offers::SoloChoice;
    // A player with 4 Farms takes 4 resources from the Barn Cat (000 line 262).
    let mut s = started(&["Agrarian Lord"]);
    give(
        &mut s,
        0,
        Change {
            hand: 3,
            ..Default::default()
        },
    );
    for _ in 0..3 {
        act(
            &mut s,
            A::PlayFree {
                seat: 0,
                card: "Farm".into(),
                by: "t".into(),
                describe: None,
            },
        );
    }
    let v = RealmTracker::view(s.state());
    let card = |name: &str| v.solo_cards.iter().find(|c| c.card == name).cloned();
    let cat = card("Barn Cat").unwrap_or_else(|| panic!("no Barn Cat"));
    assert_eq!(
        (
            cat.choice,
            cat.choose_min,
            cat.choose_max,
            cat.each_max.grain
        ),
        (SoloChoice::Gain, 4, 4, 4)
    );
    assert_eq!(
        cat.effect,
        "Receive 1 resource for each Farm in your Estate."
    );
    let harbor = card("Harbor").unwrap_or_else(|| panic!("no Harbor"));
    assert_eq!(
        (harbor.choice, harbor.choose_max, harbor.each_max.iron),
        (SoloChoice::Supply, 3, 1)
    );
    let merchant = card("Merchant").unwrap_or_else(|| panic!("no Merchant"));
    assert_eq!(merchant.choice, SoloChoice::Activate);
    assert_eq!(merchant.activations.len(), 5, "the Farms and the Quarry");
    act(
        &mut s,
        A::SoloReveal {
            card: "Barn Cat".into(),
            resources: vec![Res::Grain; 4],
            slot: None,
            change: None,
            wood: None,
            from_market: true,
        },
    );
    assert_eq!(s.state().players[0].supply.grain, 5);
    // No resource left: the Thief asks for none.
    give(
        &mut s,
        0,
        Change {
            supply: res(-1, -1, -1, -5),
            ..Default::default()
        },
    );
    let thief = RealmTracker::view(s.state())
        .solo_cards
        .into_iter()
        .find(|c| c.card == "Thief")
        .map(|c| (c.choose_min, c.choose_max));
    assert_eq!(thief, Some((0, 0)));
    assert!(
        RealmTracker::view(started(&["Agrarian Lord", "Warlord"]).state())
            .solo_cards
            .is_empty()
    );
}

#[test]
fn the_view_says_the_solo_threshold_the_second_place_resource_and_the_leaders_a_table_may_play() {
    let s = started(&["Sorcerer"]);
    let v = RealmTracker::view(s.state());
    assert_eq!(v.objectives_needed, 3);
    assert!(v.second_takes_resource);
    let queen = v.leaders.iter().find(|l| l.name == "Trade Queen");
    assert!(queen
        .and_then(|l| l.unplayable.clone())
        .is_some_and(|r| r.contains("solo")));
    let sorcerer = v.leaders.iter().find(|l| l.name == "Sorcerer");
    assert_eq!(sorcerer.map(|l| l.unplayable.clone()), Some(None));
    let mut m = started(&["Sorcerer", "Warlord"]);
    to_final_era(&mut m);
    assert!(
        !RealmTracker::view(m.state()).second_takes_resource,
        "Era 5 rewards VP only"
    );
}

#[test]
fn the_view_says_which_levels_need_their_tile_named_and_which_the_gather_value_locks() {
    let mut s = started(&["Druid Lord", "Warlord"]);
    let level = |s: &S, id: &str| {
        RealmTracker::view(s.state())
            .spaces
            .into_iter()
            .find(|x| x.id == id)
            .unwrap_or_else(|| panic!("no {id}"))
    };
    let four = level(&s, "level-4");
    assert!(four.tile_needed && four.locked && four.entered);
    assert_eq!(four.known_tiles, ["Take 2 worker actions this turn"]);
    let one = level(&s, "level-1");
    assert!(!one.tile_needed && !one.locked);
    assert!(level(&s, "open-1").entered && !level(&s, "iron").entered);
    name_tile(&mut s, "level-4", "Take 2 worker actions this turn");
    let four = level(&s, "level-4");
    assert_eq!(
        (four.tile_needed, four.extra_actions, four.entered),
        (false, 2, false)
    );
}

#[test]
fn the_tracker_seats_one_to_five_players() {
    match estate_steward::engine::Session::<RealmTracker>::new(options(), seats(6), 1) {
        Ok(_) => panic!("six players were seated"),
        Err(e) => assert_eq!(common::fits::<RealmTracker>(e).rule, "realm.players"),
    }
}

#[test]
fn the_tracker_sets_up_nothing_without_its_rule_data() {
    use estate_steward::games::realm::data::fallback;
    use estate_steward::games::realm::tracker::check_data;
    let e = check_data(&fallback()).expect_err("no cards and no Leaders");
    assert_eq!(common::fits::<RealmTracker>(e).rule, "realm.data");
    assert!(check_data(data()).is_ok());
}

#[test]
fn a_table_sets_objective_rewards_within_the_rulebooks_shape() {
    let mut o = options();
    o.rewards.vp_by_place = Vec::new();
    match estate_steward::engine::Session::<RealmTracker>::new(o, seats(2), 1) {
        Ok(_) => panic!("an objective with no place rewarded was accepted"),
        Err(e) => assert_eq!(common::fits::<RealmTracker>(e).rule, "realm.rewards"),
    }
    let mut o = options();
    o.rewards.second_resources = 2;
    assert!(estate_steward::engine::Session::<RealmTracker>::new(o, seats(2), 1).is_err());
}

#[test]
fn each_player_leads_with_one_of_the_eight_leaders() {
    let mut s = session(2);
    let choose = |seat, leader: &str| A::ChooseLeader {
        seat,
        leader: leader.into(),
    };
    assert_eq!(refused(&mut s, choose(0, "Jester")), "realm.leader");
    act(&mut s, choose(0, "Warlord"));
    let start = A::StartGame {
        first_player: Some(0),
    };
    assert_eq!(refused(&mut s, start.clone()), "realm.leader");
    act(&mut s, choose(1, "Sorcerer"));
    assert_eq!(refused(&mut s, A::DealLeaders), "realm.leader");
    act(&mut s, start);
}

#[test]
fn an_era_event_is_named_and_signed() {
    let mut s = session(2);
    for (seat, leader) in [(0, "Warlord"), (1, "Sorcerer")] {
        act(
            &mut s,
            A::ChooseLeader {
                seat,
                leader: leader.into(),
            },
        );
    }
    act(
        &mut s,
        A::StartGame {
            first_player: Some(0),
        },
    );
    let reveal = |name: &str, positive, chosen_effect: Option<&str>| A::RevealEvent {
        name: name.into(),
        positive,
        chosen_effect: chosen_effect.map(String::from),
        describe: None,
    };
    assert_eq!(
        refused(&mut s, reveal("", Some(false), None)),
        "realm.event"
    );
    assert_eq!(
        refused(&mut s, reveal("Era of Plague", None, None)),
        "realm.event"
    );
    assert_eq!(
        refused(&mut s, reveal("Era of Plague", Some(false), Some("first"))),
        "realm.event"
    );
    act(&mut s, reveal("Era of Plague", Some(false), None));
}

#[test]
fn a_draw_action_draws_at_least_one_card() {
    let mut s = started(&["Sorcerer"]);
    assert_eq!(refused(&mut s, draw(0, 0)), "realm.draw");
    act(&mut s, draw(1, 0));
}

#[test]
fn a_production_card_the_app_cannot_work_out_is_entered_with_what_it_did() {
    // The Warlord starts with the Assassin and the Forge (000 line 106); the Forge's effect is
    // not one the app computes, so the table says what it did.
    let mut s = started(&["Warlord"]);
    act(&mut s, A::Produce { ability: false });
    let forge = |change| A::Activate {
        slot: 1,
        change,
        wood: None,
        ability: false,
    };
    assert_eq!(refused(&mut s, forge(None)), "realm.effect-needed");
    act(&mut s, forge(Some(gain(Res::Iron, 1))));
}

#[test]
fn a_card_is_described_once_and_corrected_in_settings() {
    let mut s = started(&["Sorcerer"]);
    let farm_again = A::Expand {
        card: "Farm".into(),
        describe: Some(facts(Track::Gather, CardKind::Citizen, res(0, 0, 0, 1), 9)),
        from_stored: vec![],
        free_citizen: None,
    };
    assert_eq!(refused(&mut s, farm_again), "realm.card-described");
}

#[test]
fn a_cost_is_paid_exactly_and_stored_payments_are_positive() {
    let mut s = started(&["Sorcerer"]);
    give(
        &mut s,
        0,
        Change {
            store: vec![StoreChange {
                slot: 0,
                resources: res(0, 2, 0, 0),
                gold: 0,
            }],
            ..Default::default()
        },
    );
    let farm_paying = |stone| A::Expand {
        card: "Farm".into(),
        describe: None,
        from_stored: vec![StoredPayment {
            slot: 0,
            resources: res(0, stone, 0, 0),
        }],
        free_citizen: None,
    };
    // The Farm costs 1 Stone and 1 Wood (000 line 164).
    assert_eq!(refused(&mut s, farm_paying(2)), "realm.payment");
    assert_eq!(refused(&mut s, farm_paying(-1)), "realm.payment");
    act(&mut s, farm_paying(1));
}

#[test]
fn remembered_descriptions_name_a_card_a_mat_or_a_solo_event() {
    let entry = |key: &str, value| RealmTracker::check_catalogue_entry(key, &value);
    for (key, value) in [
        ("Farm", serde_json::json!({})),
        ("card:Scout", serde_json::json!("a card")),
    ] {
        let e = entry(key, value).expect_err("not a description");
        assert_eq!(common::fits::<RealmTracker>(e).rule, "realm.catalogue");
    }
}

#[test]
fn each_eras_objective_is_scored_once_with_a_measure_per_player() {
    let mut s = started(&["Warlord", "Sorcerer"]);
    finish_era(&mut s);
    let score = |measures: Vec<i32>| A::ScoreObjective {
        measures,
        resources: vec![],
        fewest: false,
    };
    assert_eq!(refused(&mut s, score(vec![3])), "realm.objective");
    assert_eq!(refused(&mut s, score(vec![3, 1000])), "realm.objective");
    act(&mut s, score(vec![3, 3]));
    assert_eq!(refused(&mut s, score(vec![3, 3])), "realm.objective-scored");
}

#[test]
fn a_solo_objective_is_met_or_not() {
    let mut s = started(&["Sorcerer"]);
    finish_era(&mut s);
    let score = A::ScoreObjective {
        measures: vec![3],
        resources: vec![],
        fewest: false,
    };
    assert_eq!(refused(&mut s, score), "realm.solo-objective");
    act(&mut s, A::SoloObjective { met: true });
}

#[test]
fn the_solo_thief_and_thieves_guild_take_one_resource_if_there_is_one() {
    // 000 lines 257-258.
    let mut s = started(&["Sorcerer"]);
    let reveal = |card: &str, resources: Vec<Res>, slot| A::SoloReveal {
        card: card.into(),
        resources,
        slot,
        change: None,
        wood: None,
        from_market: false,
    };
    assert!(s.state().players[0].supply.total() > 0);
    assert_eq!(
        refused(&mut s, reveal("Thief", vec![], None)),
        "realm.solo-thief"
    );
    assert_eq!(
        refused(&mut s, reveal("Thief", vec![Res::Iron, Res::Wood], None)),
        "realm.solo-thief"
    );
    // Nothing is stored yet: the Thieves Guild takes nothing.
    assert_eq!(
        refused(&mut s, reveal("Thieves Guild", vec![Res::Iron], Some(0))),
        "realm.solo-thieves-guild"
    );
    act(&mut s, reveal("Thieves Guild", vec![], None));
    give(
        &mut s,
        0,
        Change {
            store: vec![StoreChange {
                slot: 0,
                resources: res(1, 0, 0, 0),
                gold: 0,
            }],
            ..Default::default()
        },
    );
    assert_eq!(
        refused(&mut s, reveal("Thieves Guild", vec![], None)),
        "realm.solo-thieves-guild"
    );
    act(&mut s, reveal("Thieves Guild", vec![Res::Iron], Some(0)));
    assert_eq!(s.state().players[0].tableau[0].stored, res(0, 0, 0, 0));
}

#[test]
fn a_player_with_no_worker_left_takes_no_worker_action() {
    // Turns pass only to players with a worker left (000 line 124), so the check guards a state
    // that play itself never reaches: every worker used while the turn is still to be taken.
    let s = started(&["Sorcerer", "Warlord"]);
    let mut spent = s.state().clone();
    let p = &mut spent.players[0];
    p.used = p.workers + p.temporary;
    let mut rng = <estate_steward::engine::GameRng as rand::SeedableRng>::seed_from_u64(1);
    match RealmTracker::handle(&spent, &gather("open-1"), &mut rng) {
        Ok(events) => panic!("a worker acted with none left: {events:?}"),
        Err(e) => assert_eq!(common::fits::<RealmTracker>(e).rule, "realm.no-worker"),
    }
    assert!(RealmTracker::handle(s.state(), &gather("open-1"), &mut rng).is_ok());
}

#[test]
fn an_era_event_revealed_unnamed_says_so_and_is_named_in_one_step() {
    let mut s = session(2);
    for (seat, leader) in ["Trade Queen", "Sorcerer"].into_iter().enumerate() {
        act(
            &mut s,
            A::ChooseLeader {
                seat: seat as u8,
                leader: leader.into(),
            },
        );
    }
    act(
        &mut s,
        A::StartGame {
            first_player: Some(0),
        },
    );
    assert_eq!(
        refused(
            &mut s,
            A::NameEvent {
                name: "Famine".into()
            }
        ),
        "realm.phase",
        "nothing to name before the reveal"
    );
    // The offer that reveals it unnamed, as a tap sends it.
    let unnamed = RealmTracker::allowed(s.state())
        .into_iter()
        .find(|o| o.label.contains("unnamed, negative"))
        .expect("the unnamed reveal is offered")
        .action;
    act(&mut s, unnamed);
    assert!(RealmTracker::view(s.state()).event_unnamed);
    for bad in ["", "   ", &"x".repeat(61)] {
        assert_eq!(
            refused(
                &mut s,
                A::NameEvent {
                    name: bad.to_string()
                }
            ),
            "realm.event"
        );
    }
    let naming = A::NameEvent {
        name: " Famine ".into(),
    };
    let entry = s.decide(naming).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(entry.summary, "Era 1's Event is named Famine");
    s.commit(entry);
    assert_eq!(s.state().events[0].name, "Famine");
    assert_eq!(
        s.state().events[0].positive,
        Some(false),
        "the sign is kept"
    );
    assert!(!RealmTracker::view(s.state()).event_unnamed);
    assert_eq!(
        refused(
            &mut s,
            A::NameEvent {
                name: "Famine".into()
            }
        ),
        "realm.event",
        "already so named"
    );
    // A solo game names its Event as it is revealed.
    let mut solo = started(&["Sorcerer"]);
    assert_eq!(
        refused(
            &mut solo,
            A::NameEvent {
                name: "Famine".into()
            }
        ),
        "realm.event"
    );
}
