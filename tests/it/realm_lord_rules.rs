//! Realm Lord's rules, one test per rule id (each fails when its rule is broken: the refused
//! action would be accepted), the turn, quests at the edges of their arithmetic, banishment,
//! entered abilities, the win, the catalogue, and the die that undo cannot reveal.
//! Rulebook: shared/seeds/004_9d76aa907438df82.txt (line numbers from `cat -n`).

use crate::common;

use common::realm_lord::*;
use estate_steward::engine::{Game, Session};
use estate_steward::games::realm_lord::catalogue::{CardText, Catalogue};
use estate_steward::games::realm_lord::model::{Attribute, Phase};
use estate_steward::games::realm_lord::{
    Change, LimitDiscard, LordAction as A, LordEvent as E, LordOptions, RealmLord,
};
use serde_json::json;

// ---- setup -----------------------------------------------------------------------------------

#[test]
fn players_two_to_six() {
    for n in [1, 7] {
        let e = Session::<RealmLord>::new(options(), seats(n), 1).err();
        assert_eq!(e.map(|e| e.rule), Some("realm-lord.players".into()), "{n}");
    }
    for n in 2..=6 {
        assert!(Session::<RealmLord>::new(options(), seats(n), 1).is_ok());
    }
}

#[test]
fn target_range_refuses_zero_and_above_99() {
    let mut s = new_session(2, options(), 1);
    assert_eq!(
        refused(&mut s, A::ConfirmTarget { hope_stones: 0 }),
        "realm-lord.target-range"
    );
    assert_eq!(
        refused(&mut s, A::ConfirmTarget { hope_stones: 100 }),
        "realm-lord.target-range"
    );
    act(&mut s, A::ConfirmTarget { hope_stones: 1 });
    act(&mut s, A::ConfirmTarget { hope_stones: 99 });
    assert_eq!(st(&s).target, Some(99));
    // A suggested target in the options is checked too.
    let bad = LordOptions {
        target: Some(0),
        ..options()
    };
    let e = Session::<RealmLord>::new(bad, seats(2), 1).err();
    assert_eq!(e.map(|e| e.rule), Some("realm-lord.target-range".into()));
}

#[test]
fn target_unconfirmed_blocks_the_start_even_when_suggested() {
    let opts = LordOptions {
        target: Some(12),
        ..options()
    };
    let mut s = new_session(2, opts, 1);
    assert_eq!(st(&s).suggested_target, Some(12));
    for (i, name) in LORDS.iter().take(2).enumerate() {
        act(
            &mut s,
            A::RevealLord {
                seat: i as u8,
                name: (*name).into(),
                facts: None,
            },
        );
    }
    assert_eq!(
        refused(&mut s, A::StartGame { first: Some(0) }),
        "realm-lord.target-unconfirmed"
    );
    assert!(allowed_actions(&s).contains(&A::ConfirmTarget { hope_stones: 12 }));
    act(&mut s, A::ConfirmTarget { hope_stones: 12 });
    act(&mut s, A::StartGame { first: Some(1) });
    assert_eq!(st(&s).current, 1);
    assert_eq!(st(&s).phase, Phase::Draw);
}

#[test]
fn realm_names_six_distinct_and_homelands_follow_their_names() {
    let mut s = new_session(2, LordOptions::default(), 1);
    // The first game: the three printed names and placeholders.
    assert!(!st(&s).realms_named);
    assert_eq!(st(&s).realms[0].name, "Darkthorn");
    assert_eq!(st(&s).realms[3].name, "Realm 4");
    let names = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    for bad in [
        names(&["A", "B", "C", "D", "E"]),
        names(&["A", "B", "C", "D", "E", "a"]),
        names(&["A", "B", "C", "D", "E", " "]),
    ] {
        assert_eq!(
            refused(&mut s, A::NameRealms { names: bad }),
            "realm-lord.realm-names"
        );
    }
    act(
        &mut s,
        A::RevealLord {
            seat: 0,
            name: "Thraken The Deceiver".into(),
            facts: Some(lord("Darkthorn", 2, 3, 1, 2)),
        },
    );
    // Renaming keeps Thraken's Homeland by name, wherever Darkthorn now lies.
    let moved = names(&[
        "Mysteria",
        "Frostvale",
        "Darkthorn",
        "Blackboil",
        "Emberfall",
        "Stormreach",
    ]);
    act(&mut s, A::NameRealms { names: moved });
    assert!(st(&s).realms_named);
    assert_eq!(st(&s).seats[0].homeland, 2);
    assert_eq!(st(&s).seats[0].lord.as_ref().map(|l| l.realm), Some(2));
    // A name list without Darkthorn would lose the Homeland.
    let lost = names(&[
        "Mysteria",
        "Frostvale",
        "Ashen",
        "Blackboil",
        "Emberfall",
        "Stormreach",
    ]);
    assert_eq!(
        refused(&mut s, A::NameRealms { names: lost }),
        "realm-lord.homeland-unknown"
    );
}

#[test]
fn no_such_seat_for_a_lord_or_the_first_player() {
    let mut s = new_session(2, options(), 1);
    assert_eq!(
        refused(
            &mut s,
            A::RevealLord {
                seat: 2,
                name: "Lyra".into(),
                facts: None
            }
        ),
        "realm-lord.no-such-seat"
    );
    act(&mut s, A::ConfirmTarget { hope_stones: 10 });
    for (i, name) in LORDS.iter().take(2).enumerate() {
        act(
            &mut s,
            A::RevealLord {
                seat: i as u8,
                name: (*name).into(),
                facts: None,
            },
        );
    }
    assert_eq!(
        refused(&mut s, A::StartGame { first: Some(2) }),
        "realm-lord.no-such-seat"
    );
}

#[test]
fn card_unknown_asks_for_the_numbers_once_then_remembers() {
    let mut s = new_session(2, LordOptions::default(), 1);
    let reveal = |facts| A::RevealLord {
        seat: 0,
        name: "Thraken The Deceiver".into(),
        facts,
    };
    assert_eq!(refused(&mut s, reveal(None)), "realm-lord.card-unknown");
    let events = act(&mut s, reveal(Some(lord("Darkthorn", 2, 3, 1, 2))));
    let learned: Vec<_> = events.iter().flat_map(RealmLord::learned).collect();
    assert_eq!(learned.len(), 1);
    assert_eq!(learned[0].0, "lord:Thraken The Deceiver");
    assert_eq!(learned[0].1["homeland"], "Darkthorn");
    // Asked once: revealed again (a correction of the seat) without facts, it is known.
    act(&mut s, reveal(None));
    assert_eq!(
        st(&s).seats[0].lord.as_ref().map(|l| l.attributes.might),
        Some(3)
    );
    // The same in play: an unknown Hero or Quest is refused without its numbers.
    let mut s = in_actions(2, 10);
    let hero = A::PlayHero {
        name: "Stranger".into(),
        facts: None,
        discard: None,
    };
    assert_eq!(refused(&mut s, hero), "realm-lord.card-unknown");
    let q = A::PlayQuest {
        name: "Unknown Road".into(),
        facts: None,
    };
    assert_eq!(refused(&mut s, q), "realm-lord.card-unknown");
}

#[test]
fn card_name_must_be_given() {
    let mut s = in_actions(2, 10);
    for name in ["", "   ", &"x".repeat(61)] {
        let a = A::PlayHero {
            name: name.into(),
            facts: Some(hero(1, 1, 1, 1)),
            discard: None,
        };
        assert_eq!(refused(&mut s, a), "realm-lord.card-name");
    }
}

#[test]
fn facts_range_refuses_an_attribute_out_of_range_and_bad_quests() {
    let mut s = new_session(2, LordOptions::default(), 1);
    let a = A::RevealLord {
        seat: 0,
        name: "Thraken The Deceiver".into(),
        facts: Some(lord("Darkthorn", 21, 3, 1, 2)),
    };
    assert_eq!(refused(&mut s, a), "realm-lord.facts-range");
    let mut s = in_actions(2, 10);
    let a = A::PlayHero {
        name: "Giant".into(),
        facts: Some(hero(0, 25, 0, 0)),
        discard: None,
    };
    assert_eq!(refused(&mut s, a), "realm-lord.facts-range");
    for f in [
        quest(Attribute::Might, 0, 2, "Darkthorn"),
        quest(Attribute::Might, 31, 2, "Darkthorn"),
        quest(Attribute::Might, 5, 0, "Darkthorn"),
        quest(Attribute::Might, 5, 21, "Darkthorn"),
    ] {
        let a = A::PlayQuest {
            name: "Odd Quest".into(),
            facts: Some(f),
        };
        assert_eq!(refused(&mut s, a), "realm-lord.facts-range");
    }
}

#[test]
fn homeland_unknown_when_it_is_not_a_realm() {
    let mut s = new_session(2, options(), 1);
    let a = A::RevealLord {
        seat: 0,
        name: "Wanderer".into(),
        facts: Some(lord("Atlantis", 1, 1, 1, 1)),
    };
    assert_eq!(refused(&mut s, a), "realm-lord.homeland-unknown");
}

#[test]
fn lord_taken_by_another_seat() {
    let mut s = new_session(3, options(), 1);
    let reveal = |seat| A::RevealLord {
        seat,
        name: "Lyra".into(),
        facts: None,
    };
    act(&mut s, reveal(0));
    assert_eq!(refused(&mut s, reveal(1)), "realm-lord.lord-taken");
    // A seat may correct its own Lord.
    act(&mut s, reveal(0));
}

#[test]
fn lord_missing_blocks_the_start_and_setup_deals_five_each() {
    let mut s = new_session(2, options(), 1);
    act(&mut s, A::ConfirmTarget { hope_stones: 10 });
    act(
        &mut s,
        A::RevealLord {
            seat: 0,
            name: "Gorm".into(),
            facts: None,
        },
    );
    assert_eq!(
        refused(&mut s, A::StartGame { first: None }),
        "realm-lord.lord-missing"
    );
    act(
        &mut s,
        A::RevealLord {
            seat: 1,
            name: "Lyra".into(),
            facts: None,
        },
    );
    // Each Lord at its Homeland (004 line 99).
    assert_eq!(
        st(&s).seats[0].lord.as_ref().map(|l| l.realm),
        Some(BLACKBOIL)
    );
    act(&mut s, A::StartGame { first: None });
    assert!(st(&s).seats.iter().all(|x| x.hand == 5));
    assert_eq!(st(&s).first, Some(st(&s).current));
    assert_eq!(
        st(&s).rolls,
        1,
        "the app's draw of the first player is a roll"
    );
}

#[test]
fn the_first_player_drawn_by_the_app_varies_with_the_seed() {
    let firsts: std::collections::BTreeSet<u8> = (0..40)
        .map(|seed| {
            let mut s = new_session(3, options(), seed);
            act(&mut s, A::ConfirmTarget { hope_stones: 10 });
            for (i, name) in LORDS.iter().take(3).enumerate() {
                act(
                    &mut s,
                    A::RevealLord {
                        seat: i as u8,
                        name: (*name).into(),
                        facts: None,
                    },
                );
            }
            act(&mut s, A::StartGame { first: None });
            st(&s).current
        })
        .collect();
    assert_eq!(firsts.len(), 3);
}

// ---- the turn --------------------------------------------------------------------------------

#[test]
fn phase_orders_the_turn_and_setup() {
    let mut s = started(2, 10, 0);
    assert_eq!(refused(&mut s, A::EndTurn), "realm-lord.phase");
    assert_eq!(
        refused(
            &mut s,
            A::Travel {
                hero: lord_of(0),
                to: MYSTERIA
            }
        ),
        "realm-lord.phase"
    );
    assert_eq!(
        refused(&mut s, A::ConfirmTarget { hope_stones: 5 }),
        "realm-lord.phase"
    );
    act(&mut s, A::Draw);
    assert_eq!(refused(&mut s, A::Draw), "realm-lord.phase");
    assert_eq!(
        refused(
            &mut s,
            A::Discard {
                count: 0,
                names: vec![]
            }
        ),
        "realm-lord.phase"
    );
    let mut fresh = new_session(2, options(), 1);
    let effect = A::Effect {
        source: "Thraken The Deceiver".into(),
        effects: vec![Change::Hope { seat: 0, delta: 1 }],
    };
    assert_eq!(refused(&mut fresh, effect), "realm-lord.phase");
}

#[test]
fn draw_two_then_discard_down_to_eight_exactly() {
    let mut s = started(2, 10, 0);
    act(&mut s, A::Draw);
    assert_eq!(st(&s).seats[0].hand, 7);
    assert_eq!(st(&s).phase, Phase::Actions);
    // Seven in hand plus two entered draws: 9 during actions is allowed (reading B9).
    act(
        &mut s,
        A::Effect {
            source: "Tome Of Knowledge".into(),
            effects: vec![Change::Hand { seat: 0, delta: 2 }],
        },
    );
    assert_eq!(st(&s).seats[0].hand, 9);
    act(&mut s, A::EndTurn);
    pass_to(&mut s, 1);
    act(&mut s, A::EndTurn);
    // Player 1 again: 9 + 2 = 11, discard exactly 3.
    act(&mut s, A::Draw);
    assert_eq!(st(&s).phase, Phase::Discard);
    assert_eq!(st(&s).discard_need, 3);
    for count in [2, 4] {
        assert_eq!(
            refused(
                &mut s,
                A::Discard {
                    count,
                    names: vec![]
                }
            ),
            "realm-lord.discard-to-eight"
        );
    }
    assert_eq!(
        refused(&mut s, A::EndTurn),
        "realm-lord.phase",
        "no action before the discard"
    );
    let too_many = A::Discard {
        count: 3,
        names: vec!["a".into(), "b".into(), "c".into(), "d".into()],
    };
    assert_eq!(refused(&mut s, too_many), "realm-lord.discard-to-eight");
    act(
        &mut s,
        A::Discard {
            count: 3,
            names: vec!["Sword".into()],
        },
    );
    assert_eq!(st(&s).seats[0].hand, 8);
    assert_eq!(st(&s).phase, Phase::Actions);
    assert_eq!(st(&s).discard_pile, vec!["Sword".to_string()]);
}

#[test]
fn three_actions_a_turn_and_extra_actions_entered() {
    let mut s = in_actions(2, 10);
    let trip = |to| A::Travel {
        hero: lord_of(0),
        to,
    };
    play_hero(&mut s, "Dirk");
    play_hero(&mut s, "Wren");
    play_hero(&mut s, "Orla");
    assert_eq!(
        refused(
            &mut s,
            A::Travel {
                hero: hero_id(1),
                to: MYSTERIA
            }
        ),
        "realm-lord.three-actions"
    );
    act(
        &mut s,
        A::Effect {
            source: "Haste".into(),
            effects: vec![Change::ExtraActions { count: 1 }],
        },
    );
    act(&mut s, trip(MYSTERIA));
    assert_eq!(refused(&mut s, trip(FROSTVALE)), "realm-lord.three-actions");
    // Ending early is fine; the next turn has three again.
    act(&mut s, A::EndTurn);
    act(&mut s, A::Draw);
    assert_eq!(st(&s).actions_allowed, 3);
    assert_eq!(st(&s).actions_used, 0);
}

#[test]
fn ending_a_turn_with_actions_left_is_asked_first_with_how_many() {
    let mut s = in_actions(2, 10);
    let ask = |s: &Session<RealmLord>| RealmLord::confirm(s.state(), &A::EndTurn);
    assert_eq!(
        ask(&s).as_deref(),
        Some("End the turn with 3 actions of 3 unused?")
    );
    play_hero(&mut s, "Dirk");
    play_hero(&mut s, "Wren");
    assert_eq!(
        ask(&s).as_deref(),
        Some("End the turn with 1 action of 3 unused?")
    );
    // The offer carries the question, so the app asks before it sends.
    let offer = RealmLord::allowed(s.state())
        .into_iter()
        .find(|o| o.action == A::EndTurn)
        .expect("End turn is offered");
    assert_eq!(offer.label, "End turn");
    play_hero(&mut s, "Orla");
    assert_eq!(ask(&s), None, "no action is left: nothing to ask");
    // Only the turn's end is asked about.
    assert_eq!(RealmLord::confirm(s.state(), &A::Draw), None);
}

#[test]
fn ready_readies_every_exhausted_card_of_the_player_only() {
    let mut s = in_actions(2, 10);
    play_hero(&mut s, "Dirk");
    act(
        &mut s,
        A::PlayTreasure {
            name: "Sword".into(),
            hero: hero_id(1),
            facts: None,
        },
    );
    act(
        &mut s,
        A::UseTreasure {
            hero: hero_id(1),
            effects: vec![],
        },
    );
    act(&mut s, A::EndTurn);
    // Player 2 travels and ends; player 1's cards ready at the start of their turn.
    act(&mut s, A::Draw);
    act(
        &mut s,
        A::Travel {
            hero: lord_of(1),
            to: DARKTHORN,
        },
    );
    act(&mut s, A::EndTurn);
    let dirk = st(&s).figure(hero_id(1)).map(|(_, f)| f.clone());
    let dirk = dirk.unwrap_or_else(|| panic!("Dirk in play"));
    assert!(!dirk.treasure.as_ref().is_some_and(|t| t.exhausted));
    assert!(
        st(&s).figure(lord_of(1)).is_some_and(|(_, f)| f.exhausted),
        "player 2's Lord stays exhausted until their turn"
    );
    act(&mut s, A::Draw);
    act(&mut s, A::EndTurn);
    assert!(
        st(&s).figure(lord_of(1)).is_some_and(|(_, f)| !f.exhausted),
        "player 2's Lord readies at the start of their turn"
    );
}

#[test]
fn skipped_turns_are_lost_whole() {
    let mut s = in_actions(3, 20);
    act(
        &mut s,
        A::Travel {
            hero: lord_of(0),
            to: MYSTERIA,
        },
    );
    act(
        &mut s,
        A::PlayEvent {
            name: "Pitfalls Of Blackdoil".into(),
            facts: None,
            effects: vec![Change::SkipNextTurn { seat: 1 }],
        },
    );
    assert!(st(&s).seats[1].skip_next);
    let hand_before = st(&s).seats[1].hand;
    let events = act(&mut s, A::EndTurn);
    assert!(events.contains(&E::TurnSkipped { seat: 1 }));
    assert_eq!(st(&s).current, 2);
    assert!(!st(&s).seats[1].skip_next);
    assert_eq!(st(&s).seats[1].hand, hand_before, "no draw on a lost turn");
    let twice = A::Effect {
        source: "x".into(),
        effects: vec![
            Change::SkipNextTurn { seat: 0 },
            Change::SkipNextTurn { seat: 0 },
        ],
    };
    assert_eq!(refused(&mut s, twice), "realm-lord.change-invalid");
}

/// Whose decision each action is: setup (the target, the Realms, the Lords dealt, the start) is
/// the table's; every action of a turn, the discard to eight and an ability entered during it
/// included, is the current player's.
#[test]
fn decider_gives_setup_to_the_table_and_the_turn_to_its_player() {
    let decider = |s: &S, a: &A| <RealmLord as Game>::decider(st(s), a);
    let mut s = new_session(3, options(), 7);
    let target = A::ConfirmTarget { hope_stones: 20 };
    let realms = A::NameRealms {
        names: REALMS.iter().map(|r| r.to_string()).collect(),
    };
    assert_eq!(decider(&s, &target), None);
    assert_eq!(decider(&s, &realms), None);
    act(&mut s, target.clone());
    for (i, name) in LORDS.iter().take(3).enumerate() {
        let reveal = A::RevealLord {
            seat: i as u8,
            name: (*name).into(),
            facts: None,
        };
        assert_eq!(decider(&s, &reveal), None, "a Lord dealt is the table's");
        act(&mut s, reveal);
    }
    let start = A::StartGame { first: Some(1) };
    assert_eq!(decider(&s, &start), None);
    assert_eq!(decider(&s, &A::Draw), None, "no turn runs during setup");
    act(&mut s, start);
    // P2 (seat 1) begins.
    assert_eq!(decider(&s, &A::Draw), Some(1));
    assert_eq!(decider(&s, &target), None, "setup stays the table's");
    act(&mut s, A::Draw);
    let turn = [
        A::PlayHero {
            name: "Dirk".into(),
            facts: None,
            discard: None,
        },
        A::PlayQuest {
            name: "Lost Relic".into(),
            facts: None,
        },
        A::Travel {
            hero: lord_of(1),
            to: DARKTHORN,
        },
        A::UseTreasure {
            hero: lord_of(1),
            effects: vec![],
        },
        A::Quest {
            hero: lord_of(1),
            die: Some(3),
            modifier: 0,
        },
        A::Effect {
            source: "Windfall".into(),
            effects: vec![Change::Hope { seat: 0, delta: 1 }],
        },
        A::EndTurn,
    ];
    for a in &turn {
        assert_eq!(decider(&s, a), Some(1), "{a:?}");
    }
    play_hero(&mut s, "Dirk");
    act(&mut s, A::EndTurn);
    assert_eq!(decider(&s, &A::Draw), Some(2), "then clockwise");
    act(&mut s, A::Draw);
    act(&mut s, A::EndTurn);
    assert_eq!(decider(&s, &A::Draw), Some(0));
    act(&mut s, A::Draw);
    assert_eq!(decider(&s, &turn[6]), Some(0));
    act(&mut s, A::EndTurn);
    act(&mut s, A::Draw);
    act(&mut s, A::EndTurn);
    // P3 draws to nine: the discard down to eight is theirs, as is an ability entered now.
    act(&mut s, A::Draw);
    assert_eq!(st(&s).phase, Phase::Discard);
    let discard = A::Discard {
        count: 1,
        names: vec![],
    };
    assert_eq!(decider(&s, &discard), Some(2));
    assert_eq!(decider(&s, &turn[5]), Some(2));
    act(&mut s, discard);
    assert_eq!(decider(&s, &turn[6]), Some(2));
}

// ---- actions ---------------------------------------------------------------------------------

#[test]
fn empty_hand_cannot_play_a_card() {
    let mut s = in_actions(2, 10);
    act(
        &mut s,
        A::Effect {
            source: "Theft".into(),
            effects: vec![Change::Hand { seat: 0, delta: -7 }],
        },
    );
    assert_eq!(st(&s).seats[0].hand, 0);
    for a in [
        A::PlayHero {
            name: "Dirk".into(),
            facts: None,
            discard: None,
        },
        A::PlayQuest {
            name: "Troll Bridge".into(),
            facts: None,
        },
        A::PlayEvent {
            name: "Windfall".into(),
            facts: None,
            effects: vec![],
        },
        A::PlayTreasure {
            name: "Sword".into(),
            hero: lord_of(0),
            facts: None,
        },
    ] {
        assert_eq!(refused(&mut s, a), "realm-lord.empty-hand");
    }
}

#[test]
fn a_hero_enters_ready_at_the_homeland_and_hands_are_counts() {
    let mut s = in_actions(2, 10);
    act(
        &mut s,
        A::Travel {
            hero: lord_of(0),
            to: MYSTERIA,
        },
    );
    play_hero(&mut s, "Dirk");
    let (owner, dirk) = st(&s)
        .figure(hero_id(1))
        .unwrap_or_else(|| panic!("in play"));
    assert_eq!(owner, 0);
    assert_eq!(
        dirk.realm, DARKTHORN,
        "at the Homeland, not where the Lord is"
    );
    assert!(!dirk.exhausted);
    assert_eq!(st(&s).seats[0].hand, 6);
}

#[test]
fn hero_limit_asks_which_hero_to_discard() {
    // By default the Lord is one of the five (004 line 42: a hero "in every way"): the Lord
    // and four Hero cards fill the limit, and the next Hero card brings a discard.
    let mut s = in_actions(2, 30);
    for (i, name) in ["Dirk", "Wren", "Orla", "Bram"].iter().enumerate() {
        if i == 3 {
            act(&mut s, A::EndTurn);
            pass_to(&mut s, 0);
        }
        play_hero(&mut s, name);
    }
    assert_eq!(st(&s).seats[0].heroes.len(), 4);
    assert_eq!(st(&s).heroes_counted(0), 5, "the Lord and four Hero cards");
    let sixth = |discard| A::PlayHero {
        name: "Wren".into(),
        facts: None,
        discard,
    };
    assert_eq!(refused(&mut s, sixth(None)), "realm-lord.hero-limit");
    assert_eq!(
        refused(&mut s, sixth(Some(LimitDiscard::Hero { id: 99 }))),
        "realm-lord.hero-limit"
    );
    assert_eq!(
        refused(&mut s, sixth(Some(LimitDiscard::Lord))),
        "realm-lord.lord-not-discardable"
    );
    // Give Orla (#3) a Treasure: it goes with her to the discard pile.
    act(
        &mut s,
        A::PlayTreasure {
            name: "Sword".into(),
            hero: hero_id(3),
            facts: None,
        },
    );
    act(
        &mut s,
        A::Effect {
            source: "Haste".into(),
            effects: vec![Change::ExtraActions { count: 1 }],
        },
    );
    act(&mut s, sixth(Some(LimitDiscard::Hero { id: 3 })));
    assert_eq!(st(&s).seats[0].heroes.len(), 4);
    assert!(st(&s).figure(hero_id(3)).is_none());
    assert!(st(&s)
        .discard_pile
        .ends_with(&["Orla".to_string(), "Sword".to_string()]));
    // Room again after a discard? No: still five, so the new one may go at once.
    act(&mut s, A::EndTurn);
    pass_to(&mut s, 0);
    act(&mut s, sixth(Some(LimitDiscard::New)));
    assert_eq!(st(&s).seats[0].heroes.len(), 4);
    assert_eq!(st(&s).discard_pile.last(), Some(&"Wren".to_string()));
    // With room, naming a discard is refused.
    let mut roomy = in_actions(2, 10);
    let a = A::PlayHero {
        name: "Dirk".into(),
        facts: None,
        discard: Some(LimitDiscard::New),
    };
    assert_eq!(refused(&mut roomy, a), "realm-lord.hero-limit");
}

/// Reveal two Lords and reach seat 0's actions with the given options.
fn in_actions_with(opts: LordOptions) -> S {
    let mut s = started_with(2, opts, 1, 10, 0);
    act(&mut s, A::Draw);
    s
}

/// Seat 0 brings `names` into play over as many turns as it takes.
fn play_heroes(s: &mut S, names: &[&str]) {
    for (i, name) in names.iter().enumerate() {
        if i > 0 && i % 3 == 0 {
            act(s, A::EndTurn);
            pass_to(s, 0);
        }
        play_hero(s, name);
    }
}

#[test]
fn the_lord_stays_outside_the_limit_when_the_table_chooses() {
    let opts = LordOptions {
        lord_outside_hero_limit: true,
        ..options()
    };
    let mut s = in_actions_with(opts);
    play_heroes(&mut s, &["Dirk", "Wren", "Orla", "Bram", "Dirk"]);
    assert_eq!(
        st(&s).seats[0].heroes.len(),
        5,
        "five Hero cards besides the Lord"
    );
    let a = A::PlayHero {
        name: "Wren".into(),
        facts: None,
        discard: None,
    };
    assert_eq!(refused(&mut s, a), "realm-lord.hero-limit");
}

#[test]
fn a_game_recorded_before_the_lord_counted_goes_on_as_it_was_played() {
    // Options as games recorded before the default turned stored them: the Lord left out.
    let mut old: serde_json::Value = serde_json::to_value(options()).unwrap_or_default();
    old["lord_counts_toward_hero_limit"] = json!(false);
    if let Some(o) = old.as_object_mut() {
        o.remove("lord_outside_hero_limit");
    }
    let opts: LordOptions = serde_json::from_value(old).unwrap_or_else(|e| panic!("{e}"));
    assert!(!opts.lord_counts());
    let mut s = in_actions_with(opts.clone());
    play_heroes(&mut s, &["Dirk", "Wren", "Orla", "Bram", "Dirk"]);
    assert_eq!(st(&s).seats[0].heroes.len(), 5);
    // Played again, the old game keeps its reading; a new game's options never write the old key.
    assert!(serde_json::to_value(&opts)
        .unwrap_or_default()
        .get("lord_counts_toward_hero_limit")
        .is_some());
    assert!(serde_json::to_value(options())
        .unwrap_or_default()
        .get("lord_counts_toward_hero_limit")
        .is_none());
    // One that counted it still does.
    let counted: LordOptions =
        serde_json::from_value(json!({"lord_counts_toward_hero_limit": true}))
            .unwrap_or_else(|e| panic!("{e}"));
    assert!(counted.lord_counts());
}

#[test]
fn no_such_piece_and_not_yours() {
    let mut s = in_actions(2, 10);
    assert_eq!(
        refused(
            &mut s,
            A::Travel {
                hero: hero_id(9),
                to: MYSTERIA
            }
        ),
        "realm-lord.no-such-piece"
    );
    assert_eq!(
        refused(
            &mut s,
            A::Travel {
                hero: lord_of(5),
                to: MYSTERIA
            }
        ),
        "realm-lord.no-such-piece"
    );
    assert_eq!(
        refused(
            &mut s,
            A::Travel {
                hero: lord_of(1),
                to: DARKTHORN
            }
        ),
        "realm-lord.not-yours"
    );
    let t = A::PlayTreasure {
        name: "Sword".into(),
        hero: lord_of(1),
        facts: None,
    };
    assert_eq!(refused(&mut s, t), "realm-lord.not-yours");
}

#[test]
fn exhausted_heroes_cannot_travel_quest_or_take_treasures() {
    let mut s = in_actions(2, 10);
    play_quest(&mut s, "Riddle Of Song");
    act(
        &mut s,
        A::Travel {
            hero: lord_of(0),
            to: MYSTERIA,
        },
    );
    assert!(st(&s).figure(lord_of(0)).is_some_and(|(_, f)| f.exhausted));
    assert_eq!(
        refused(
            &mut s,
            A::Travel {
                hero: lord_of(0),
                to: DARKTHORN
            }
        ),
        "realm-lord.exhausted"
    );
    assert_eq!(
        refused(
            &mut s,
            A::Quest {
                hero: lord_of(0),
                die: Some(4),
                modifier: 0
            }
        ),
        "realm-lord.exhausted"
    );
    let t = A::PlayTreasure {
        name: "Sword".into(),
        hero: lord_of(0),
        facts: None,
    };
    assert_eq!(refused(&mut s, t), "realm-lord.exhausted");
}

#[test]
fn travel_goes_to_another_realm_with_its_treasure_then_exhausts() {
    let mut s = in_actions(2, 10);
    assert_eq!(
        refused(
            &mut s,
            A::Travel {
                hero: lord_of(0),
                to: 6
            }
        ),
        "realm-lord.no-such-realm"
    );
    assert_eq!(
        refused(
            &mut s,
            A::Travel {
                hero: lord_of(0),
                to: DARKTHORN
            }
        ),
        "realm-lord.travel-same-realm"
    );
    act(
        &mut s,
        A::PlayTreasure {
            name: "Sword".into(),
            hero: lord_of(0),
            facts: None,
        },
    );
    act(
        &mut s,
        A::Travel {
            hero: lord_of(0),
            to: EMBERFALL,
        },
    );
    let (_, f) = st(&s)
        .figure(lord_of(0))
        .unwrap_or_else(|| panic!("in play"));
    assert_eq!(f.realm, EMBERFALL);
    assert!(f.exhausted);
    assert_eq!(f.treasure.as_ref().map(|t| t.name.as_str()), Some("Sword"));
}

#[test]
fn a_treasure_replaces_the_one_attached_and_using_it_exhausts_only_the_treasure() {
    let mut s = in_actions(2, 10);
    let give = |name: &str| A::PlayTreasure {
        name: name.into(),
        hero: lord_of(0),
        facts: None,
    };
    act(&mut s, give("Sword"));
    act(&mut s, give("Tome Of Knowledge"));
    assert_eq!(st(&s).discard_pile, vec!["Sword".to_string()]);
    act(
        &mut s,
        A::UseTreasure {
            hero: lord_of(0),
            effects: vec![Change::Hand { seat: 0, delta: 1 }],
        },
    );
    let (_, f) = st(&s)
        .figure(lord_of(0))
        .unwrap_or_else(|| panic!("in play"));
    assert!(!f.exhausted, "the hero stays ready (004 line 144)");
    assert!(f.treasure.as_ref().is_some_and(|t| t.exhausted));
    assert_eq!(st(&s).seats[0].hand, 6, "7 − 2 played + 1 drawn");
    act(&mut s, A::EndTurn);
    pass_to(&mut s, 0);
    act(
        &mut s,
        A::UseTreasure {
            hero: lord_of(0),
            effects: vec![],
        },
    );
    assert_eq!(
        refused(
            &mut s,
            A::UseTreasure {
                hero: lord_of(0),
                effects: vec![]
            }
        ),
        "realm-lord.treasure-exhausted"
    );
    assert_eq!(
        refused(
            &mut s,
            A::UseTreasure {
                hero: lord_of(1),
                effects: vec![]
            }
        ),
        "realm-lord.not-yours"
    );
    play_hero(&mut s, "Dirk");
    assert_eq!(
        refused(
            &mut s,
            A::UseTreasure {
                hero: hero_id(1),
                effects: vec![]
            }
        ),
        "realm-lord.no-treasure"
    );
}

#[test]
fn one_quest_per_realm_at_its_location() {
    let mut s = in_actions(2, 10);
    play_quest(&mut s, "Troll Bridge");
    assert!(st(&s).realms[usize::from(DARKTHORN)].quest.is_some());
    let second = A::PlayQuest {
        name: "Dark Bargain".into(),
        facts: Some(quest(Attribute::Magic, 4, 1, "darkthorn")),
    };
    assert_eq!(refused(&mut s, second), "realm-lord.realm-has-quest");
    let nowhere = A::PlayQuest {
        name: "Sunken City".into(),
        facts: Some(quest(Attribute::Magic, 4, 1, "Atlantis")),
    };
    assert_eq!(refused(&mut s, nowhere), "realm-lord.quest-location");
}

// ---- quests ----------------------------------------------------------------------------------

/// Player 1 (Thraken: Might 3, at Darkthorn) with Troll Bridge (Might 7, 3 Hope Stones) there.
fn at_troll_bridge() -> S {
    let mut s = in_actions(2, 20);
    play_quest(&mut s, "Troll Bridge");
    s
}

fn outcome(events: &[E]) -> estate_steward::games::realm_lord::model::QuestOutcome {
    events
        .iter()
        .find_map(|e| match e {
            E::QuestAttempted { outcome } => Some(outcome.clone()),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no quest in {events:?}"))
}

#[test]
fn exactly_the_difficulty_completes_the_quest() {
    let mut s = at_troll_bridge();
    // 4 + Might 3 = 7 ≥ 7.
    let o = outcome(&quest_with(&mut s, lord_of(0), 4, 0));
    assert_eq!((o.score, o.success, o.natural), (7, true, None));
    assert_eq!(hope(&s), vec![3, 0]);
    assert!(st(&s).realms[0].quest.is_none());
    assert_eq!(st(&s).discard_pile, vec!["Troll Bridge".to_string()]);
    let (_, f) = st(&s)
        .figure(lord_of(0))
        .unwrap_or_else(|| panic!("in play"));
    assert!(f.exhausted, "exhausted, staying where it is");
    assert_eq!(f.realm, DARKTHORN);
}

#[test]
fn one_below_the_difficulty_fails_and_the_hero_returns_home() {
    let mut s = in_actions(2, 20);
    play_quest(&mut s, "Riddle Of Song");
    play_hero(&mut s, "Orla");
    act(
        &mut s,
        A::Effect {
            source: "Portal".into(),
            effects: vec![Change::Move {
                piece: hero_id(1),
                to: MYSTERIA,
            }],
        },
    );
    // Orla: Magic 4. 1 is a natural one; 2 + 4 − 1 = 5 < 6.
    let o = outcome(&quest_with(&mut s, hero_id(1), 2, -1));
    assert_eq!((o.score, o.success), (5, false));
    assert!(
        st(&s).realms[usize::from(MYSTERIA)].quest.is_some(),
        "the Quest stays"
    );
    let (_, f) = st(&s)
        .figure(hero_id(1))
        .unwrap_or_else(|| panic!("in play"));
    assert_eq!(f.realm, DARKTHORN, "placed at its Lord's Homeland");
    assert!(f.exhausted);
    assert_eq!(hope(&s), vec![0, 0]);
}

#[test]
fn a_natural_one_fails_whatever_the_score() {
    let mut s = at_troll_bridge();
    let o = outcome(&quest_with(&mut s, lord_of(0), 1, 20));
    assert_eq!(o.score, 24);
    assert!(!o.success);
    assert_eq!(o.natural.as_deref(), Some("one"));
    assert_eq!(hope(&s), vec![0, 0]);
}

#[test]
fn a_natural_six_succeeds_whatever_the_score() {
    let mut s = at_troll_bridge();
    let o = outcome(&quest_with(&mut s, lord_of(0), 6, -20));
    assert_eq!(o.score, -11);
    assert!(o.success);
    assert_eq!(o.natural.as_deref(), Some("six"));
    assert_eq!(hope(&s), vec![3, 0]);
}

#[test]
fn die_and_modifier_ranges() {
    let mut s = at_troll_bridge();
    for die in [0, 7] {
        let a = A::Quest {
            hero: lord_of(0),
            die: Some(die),
            modifier: 0,
        };
        assert_eq!(refused(&mut s, a), "realm-lord.die-range");
    }
    for modifier in [-21, 21] {
        let a = A::Quest {
            hero: lord_of(0),
            die: Some(3),
            modifier,
        };
        assert_eq!(refused(&mut s, a), "realm-lord.modifier-range");
    }
}

/// #35 item 3 (reading B7): a card tagged with a check bonus adds it by itself, named card by
/// card; an entered modifier still covers the rest.
#[test]
fn a_tagged_check_bonus_is_added_to_the_quest_card_by_card() {
    use estate_steward::games::realm_lord::catalogue::{BonusWhose, CheckBonus};
    let bonus = |quest, amount, whose| {
        Some(CheckBonus {
            quest,
            amount,
            whose,
        })
    };
    let mut opts = options();
    let c = &mut opts.catalogue;
    let tag = |c: &mut Catalogue, lord: &str, b| {
        if let Some(f) = c.lords.get_mut(lord) {
            f.bonus = b;
        }
    };
    tag(
        c,
        "Thraken The Deceiver",
        bonus(None, 1, BonusWhose::YourHeroes),
    );
    tag(c, "Lyra", bonus(None, 3, BonusWhose::YourHeroes)); // Bo's: never Ana's
    if let Some(f) = c.heroes.get_mut("Dirk") {
        f.bonus = bonus(Some(Attribute::Might), 2, BonusWhose::Own);
    }
    if let Some(f) = c.heroes.get_mut("Orla") {
        f.bonus = bonus(Some(Attribute::Magic), 5, BonusWhose::YourHeroes); // not a Might quest
    }
    c.treasures.insert(
        "Sword".into(),
        CardText {
            text: "+1 Might".into(),
            bonus: bonus(Some(Attribute::Might), 1, BonusWhose::Own),
            ability: None,
        },
    );
    let mut s = in_actions_with(opts);
    act(
        &mut s,
        A::Effect {
            source: "Haste".into(),
            effects: vec![Change::ExtraActions { count: 2 }],
        },
    );
    play_quest(&mut s, "Troll Bridge");
    play_hero(&mut s, "Dirk");
    play_hero(&mut s, "Orla");
    act(
        &mut s,
        A::PlayTreasure {
            name: "Sword".into(),
            hero: hero_id(1),
            facts: None,
        },
    );
    // What the quest would add shows before the die: Thraken's own check gets only his own.
    let v = RealmLord::view(st(&s));
    let at_darkthorn = &v.realms[usize::from(DARKTHORN)].figures;
    let shown = |p| {
        at_darkthorn
            .iter()
            .find(|f| f.piece == p)
            .map(|f| {
                f.check_bonuses
                    .iter()
                    .map(|b| (b.card.clone(), b.amount))
                    .collect::<Vec<_>>()
            })
            .unwrap_or_default()
    };
    assert_eq!(
        shown(lord_of(0)),
        vec![("Thraken The Deceiver".to_string(), 1)]
    );
    let dirk = vec![
        ("Thraken The Deceiver".to_string(), 1),
        ("Dirk".to_string(), 2),
        ("Sword".to_string(), 1),
    ];
    assert_eq!(shown(hero_id(1)), dirk);

    // 2 + Might 3 = 5 fails Troll Bridge (7); the tagged cards add 4.
    let before = st(&s).clone();
    let a = A::Quest {
        hero: hero_id(1),
        die: Some(2),
        modifier: 0,
    };
    let events = act(&mut s, a.clone());
    let o = outcome(&events);
    let added: Vec<_> = o
        .bonuses
        .iter()
        .map(|b| (b.card.clone(), b.amount))
        .collect();
    assert_eq!(added, dirk);
    assert_eq!((o.score, o.success), (9, true));
    assert_eq!(hope(&s), vec![3, 0]);
    let line = RealmLord::summarize(&before, &a, &events);
    assert!(
        line.contains("die 2 + Might 3 + Thraken The Deceiver 1 + Dirk 2 + Sword 1 = 9 against 7"),
        "{line}"
    );
}

#[test]
fn facts_range_a_check_bonus_changes_something_within_the_modifier_bounds() {
    use estate_steward::games::realm_lord::catalogue::{check_catalogue_entry, BonusWhose};
    let mut s = in_actions(2, 20);
    for amount in [0, 21, -21] {
        let mut f = hero(1, 1, 1, 1);
        f.bonus = Some(estate_steward::games::realm_lord::catalogue::CheckBonus {
            quest: None,
            amount,
            whose: BonusWhose::Own,
        });
        let a = A::PlayHero {
            name: "Newt".into(),
            facts: Some(f),
            discard: None,
        };
        assert_eq!(refused(&mut s, a), "realm-lord.facts-range", "{amount}");
    }
    let tagged = |whose| json!({"text": "", "bonus": {"quest": null, "amount": 1, "whose": whose}});
    let rule = |key: &str, v| check_catalogue_entry(key, &v).err().map(|e| e.rule);
    assert_eq!(rule("treasure:Sword", tagged("Own")), None);
    assert_eq!(
        rule("treasure:Sword", tagged("YourHeroes")),
        Some("realm-lord.facts-range".into()),
        "a Treasure's bonus is its bearer's"
    );
    assert_eq!(
        rule("event:Windfall", tagged("Own")),
        Some("realm-lord.facts-range".into()),
        "an Event acts once"
    );
}

#[test]
fn no_quest_here_and_anyone_may_attempt_a_quest() {
    let mut s = in_actions(2, 20);
    assert_eq!(
        refused(
            &mut s,
            A::Quest {
                hero: lord_of(0),
                die: Some(3),
                modifier: 0
            }
        ),
        "realm-lord.no-quest-here"
    );
    // Player 1 plays Riddle Of Song at Mysteria, Lyra's Homeland: player 2's Lord attempts it.
    play_quest(&mut s, "Riddle Of Song");
    act(&mut s, A::EndTurn);
    act(&mut s, A::Draw);
    // Lyra: Magic 4; 2 + 4 = 6 ≥ 6.
    let o = outcome(&quest_with(&mut s, lord_of(1), 2, 0));
    assert!(o.success);
    assert_eq!(hope(&s), vec![0, 2]);
}

#[test]
fn the_app_rolls_the_die_with_the_seeded_generator() {
    let mut s = at_troll_bridge();
    let events = act(
        &mut s,
        A::Quest {
            hero: lord_of(0),
            die: None,
            modifier: 0,
        },
    );
    let rolled = events.iter().find_map(|e| match e {
        E::DieRolled { roll, value } => Some((*roll, *value)),
        _ => None,
    });
    let (roll, value) = rolled.unwrap_or_else(|| panic!("no roll"));
    assert_eq!(roll, 1);
    assert!((1..=6).contains(&value));
    let o = outcome(&events);
    assert!(o.rolled_by_app);
    assert_eq!(o.die, value);
}

/// A fresh table where player 1 is about to go on Troll Bridge, at `seed`.
fn troll_bridge_at(seed: u64) -> S {
    let mut s = started_with(2, options(), seed, 20, 0);
    act(&mut s, A::Draw);
    play_quest(&mut s, "Troll Bridge");
    s
}

fn rolled(events: &[E]) -> (u32, u8) {
    events
        .iter()
        .find_map(|e| match e {
            E::DieRolled { roll, value } => Some((*roll, *value)),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no roll in {events:?}"))
}

#[test]
fn undo_does_not_reveal_the_next_roll() {
    let go = A::Quest {
        hero: lord_of(0),
        die: None,
        modifier: 0,
    };
    let mut changed = 0;
    for seed in 0..40 {
        let mut s = troll_bridge_at(seed);
        let first = rolled(&act(&mut s, go.clone()));
        s.undo();
        // Redo reproduces history.
        s.redo();
        assert_eq!(st(&s).last_quest.as_ref().map(|o| o.die), Some(first.1));
        s.undo();
        // A new attempt draws roll 2, not roll 1 again.
        let events = act(&mut s, go.clone());
        assert_eq!(events.first(), Some(&E::RollsCarried { rolls: 1 }));
        let second = rolled(&events);
        assert_eq!(second.0, 2);
        changed += usize::from(second.1 != first.1);
        // Undo, another action, undo it, and try again: the count survived the discarded rows.
        s.undo();
        act(&mut s, A::EndTurn);
        s.undo();
        let third = rolled(&act(&mut s, go.clone()));
        assert_eq!(third.0, 3, "seed {seed}");
        // Replay from the log alone gives the same table.
        assert_eq!(&s.replayed(), st(&s));
    }
    // Drawn afresh, a retry shows another value about 5 times in 6.
    assert!(changed >= 20, "only {changed} of 40 retries differed");
}

// ---- banishment and entered abilities --------------------------------------------------------

#[test]
fn banishing_a_hero_discards_it_with_its_treasure_and_a_lord_goes_home_exhausted() {
    let mut s = in_actions(2, 10);
    play_hero(&mut s, "Dirk");
    act(
        &mut s,
        A::PlayTreasure {
            name: "Sword".into(),
            hero: hero_id(1),
            facts: None,
        },
    );
    act(
        &mut s,
        A::PlayTreasure {
            name: "Tome Of Knowledge".into(),
            hero: lord_of(0),
            facts: None,
        },
    );
    act(&mut s, A::EndTurn);
    act(&mut s, A::Draw);
    act(
        &mut s,
        A::Effect {
            source: "Dirk".into(),
            effects: vec![
                Change::Move {
                    piece: lord_of(0),
                    to: MYSTERIA,
                },
                Change::Banish { piece: hero_id(1) },
                Change::Banish { piece: lord_of(0) },
            ],
        },
    );
    assert!(st(&s).figure(hero_id(1)).is_none());
    let (_, lord) = st(&s)
        .figure(lord_of(0))
        .unwrap_or_else(|| panic!("the Lord stays"));
    assert_eq!(lord.realm, DARKTHORN);
    assert!(lord.exhausted);
    assert!(lord.treasure.is_none());
    assert_eq!(
        st(&s).discard_pile,
        vec![
            "Dirk".to_string(),
            "Sword".into(),
            "Tome Of Knowledge".into()
        ]
    );
    let again = A::Effect {
        source: "Dirk".into(),
        effects: vec![Change::Banish { piece: hero_id(1) }],
    };
    assert_eq!(refused(&mut s, again), "realm-lord.change-invalid");
}

#[test]
fn change_invalid_refuses_what_cannot_happen_and_nothing_changes() {
    let mut s = in_actions(2, 10);
    let effect = |c: Change| A::Effect {
        source: "Card".into(),
        effects: vec![Change::Hope { seat: 1, delta: 1 }, c],
    };
    for c in [
        Change::Hope { seat: 0, delta: 0 },
        Change::Hope { seat: 0, delta: 21 },
        Change::Hope { seat: 2, delta: 1 },
        Change::Hand { seat: 1, delta: -6 },
        Change::Move {
            piece: lord_of(0),
            to: DARKTHORN,
        },
        Change::Move {
            piece: lord_of(0),
            to: 6,
        },
        Change::Exhaust {
            piece: lord_of(0),
            treasure: true,
        },
        Change::Ready {
            piece: lord_of(0),
            treasure: false,
        },
        Change::ExtraActions { count: 4 },
        Change::DiscardQuest { realm: MYSTERIA },
    ] {
        assert_eq!(
            refused(&mut s, effect(c.clone())),
            "realm-lord.change-invalid",
            "{c:?}"
        );
    }
    assert_eq!(
        refused(
            &mut s,
            A::Effect {
                source: "Card".into(),
                effects: vec![]
            }
        ),
        "realm-lord.change-invalid"
    );
}

#[test]
fn thraken_fires_on_another_players_turn_and_stones_stop_at_zero() {
    let mut s = in_actions(2, 10);
    act(&mut s, A::EndTurn);
    act(&mut s, A::Draw);
    let events = act(
        &mut s,
        A::Effect {
            source: "Thraken The Deceiver".into(),
            effects: vec![Change::Hope { seat: 1, delta: -1 }],
        },
    );
    assert!(events.contains(&E::HopeChanged { seat: 1, delta: 0 }));
    assert_eq!(hope(&s), vec![0, 0]);
    assert_eq!(st(&s).actions_used, 0, "an ability is not an action");
}

// ---- the win ---------------------------------------------------------------------------------

#[test]
fn game_over_the_moment_the_target_is_reached() {
    let mut s = in_actions(2, 3);
    play_quest(&mut s, "Troll Bridge");
    let events = quest_with(&mut s, lord_of(0), 5, 0);
    assert_eq!(events.last(), Some(&E::GameWon { winners: vec![0] }));
    assert!(RealmLord::is_over(st(&s)));
    assert_eq!(refused(&mut s, A::EndTurn), "realm-lord.game-over");
    let sheet = RealmLord::score(st(&s));
    assert!(sheet.final_);
    assert!(sheet.rows[0].winner && !sheet.rows[1].winner);
    assert_eq!((sheet.rows[0].total, sheet.rows[1].rank), (3, 2));
    assert!(allowed_actions(&s).is_empty());
}

#[test]
fn simultaneous_arrivals_go_to_the_most_and_an_exact_tie_shares() {
    let mut s = in_actions(3, 5);
    let both = |a: i32, b: i32| A::Effect {
        source: "Festival".into(),
        effects: vec![
            Change::Hope { seat: 1, delta: a },
            Change::Hope { seat: 2, delta: b },
        ],
    };
    let mut higher = in_actions(3, 5);
    let events = act(&mut higher, both(5, 6));
    assert_eq!(events.last(), Some(&E::GameWon { winners: vec![2] }));
    let events = act(&mut s, both(6, 6));
    assert_eq!(
        events.last(),
        Some(&E::GameWon {
            winners: vec![1, 2]
        })
    );
    let sheet = RealmLord::score(st(&s));
    assert!(sheet.rows[1].winner && sheet.rows[2].winner);
    assert_eq!(sheet.rows[0].rank, 3);
}

// ---- the catalogue ---------------------------------------------------------------------------

#[test]
fn the_catalogue_checks_remembered_entries_as_play_would() {
    let ok =
        |k: &str, v: serde_json::Value| RealmLord::check_catalogue_entry(k, &v).map_err(|e| e.rule);
    assert_eq!(
        ok(
            "lord:Lyra",
            json!({"homeland":"Mysteria","valor":1,"might":1,"craft":2,"magic":4})
        ),
        Ok(())
    );
    assert_eq!(
        ok(
            "hero:Dirk",
            json!({"valor":1,"might":30,"craft":0,"magic":0})
        ),
        Err("realm-lord.facts-range".into())
    );
    assert_eq!(
        ok(
            "quest:Troll Bridge",
            json!({"kind":"Might","difficulty":7,"hope":3,"location":"Darkthorn"})
        ),
        Ok(())
    );
    assert_eq!(
        ok("treasure:Sword", json!({"text":"Use: +2 Might"})),
        Ok(())
    );
    assert_eq!(
        ok("target", json!(0)),
        Err("realm-lord.target-range".into())
    );
    assert_eq!(
        ok("realms", json!(["a", "b"])),
        Err("realm-lord.realm-names".into())
    );
    assert_eq!(
        ok("spell:Fire", json!({})),
        Err("realm-lord.catalogue".into())
    );
    assert_eq!(
        ok("hero:Dirk", json!("three")),
        Err("realm-lord.catalogue".into())
    );
}

#[test]
fn new_games_take_the_remembered_cards_realms_and_last_target() {
    let entries = vec![
        ("realms".to_string(), json!(REALMS)),
        ("target".to_string(), json!(15)),
        (
            "hero:Dirk".to_string(),
            json!({"valor":1,"might":3,"craft":0,"magic":0}),
        ),
        (
            "hero:Broken".to_string(),
            json!({"valor":99,"might":3,"craft":0,"magic":0}),
        ),
        (
            "event:Windfall".to_string(),
            json!({"text":"Each player draws a card."}),
        ),
    ];
    let mut o = LordOptions::default();
    RealmLord::with_catalogue(&mut o, &entries);
    assert_eq!(o.target, Some(15));
    assert!(o.catalogue.heroes.contains_key("Dirk"));
    assert!(
        !o.catalogue.heroes.contains_key("Broken"),
        "a bad entry is left out"
    );
    let s = new_session(2, o, 1);
    assert!(st(&s).realms_named);
    assert_eq!(st(&s).realms[3].name, "Frostvale");
    assert_eq!(st(&s).suggested_target, Some(15));
    // The rulebook's example Treasure and Event are known by name.
    assert!(st(&s).catalogue.treasures.contains_key("Tome Of Knowledge"));
    let c: &Catalogue = &st(&s).catalogue;
    assert_eq!(
        c.events.get("Windfall"),
        Some(&CardText {
            text: "Each player draws a card.".into(),
            bonus: None,
            ability: None,
        })
    );
}

#[test]
fn a_card_described_in_play_is_learned_once() {
    let mut s = in_actions(2, 10);
    let events = act(
        &mut s,
        A::PlayQuest {
            name: "Sunken Bell".into(),
            facts: Some(quest(Attribute::Craft, 5, 2, "Emberfall")),
        },
    );
    let learned: Vec<_> = events.iter().flat_map(RealmLord::learned).collect();
    assert_eq!(learned.len(), 1);
    assert_eq!(learned[0].0, "quest:Sunken Bell");
    // Played again by name alone later, nothing new is learned.
    act(
        &mut s,
        A::Effect {
            source: "Flood".into(),
            effects: vec![Change::DiscardQuest { realm: EMBERFALL }],
        },
    );
    let events = play_quest(&mut s, "Sunken Bell");
    assert!(events.iter().all(|e| RealmLord::learned(e).is_empty()));
}

// ---- the Hope Stone scorepad -----------------------------------------------------------------

mod scorepad {
    use super::seats;
    use estate_steward::engine::{Game, Session};
    use estate_steward::games::realm_lord::scorepad::actions::{
        PadAction as P, PadChange, PadOptions,
    };
    use estate_steward::games::realm_lord::scorepad::RealmLordScorepad;

    type Pad = Session<RealmLordScorepad>;

    fn pad(n: usize) -> Pad {
        Session::new(PadOptions::default(), seats(n), 1).unwrap_or_else(|e| panic!("{e}"))
    }

    fn rule(s: &mut Pad, a: P) -> String {
        let before = s.state().clone();
        match s.decide(a.clone()) {
            Ok(_) => panic!("{a:?} was accepted"),
            Err(e) => {
                assert_eq!(s.state(), &before);
                e.rule
            }
        }
    }

    fn ok(s: &mut Pad, a: P) {
        match s.decide(a.clone()) {
            Ok(e) => s.commit(e),
            Err(e) => panic!("{a:?} refused: {e}"),
        }
    }

    fn rec(changes: &[(u8, i32)]) -> P {
        P::Record {
            changes: changes
                .iter()
                .map(|&(seat, delta)| PadChange { seat, delta })
                .collect(),
        }
    }

    #[test]
    fn the_pad_confirms_a_target_first_and_only_before_recording() {
        let e = Session::<RealmLordScorepad>::new(PadOptions::default(), seats(1), 1).err();
        assert_eq!(e.map(|e| e.rule), Some("realm-lord.players".into()));
        let mut s = pad(2);
        assert_eq!(
            rule(&mut s, rec(&[(0, 1)])),
            "realm-lord.target-unconfirmed"
        );
        assert_eq!(
            rule(&mut s, P::ConfirmTarget { hope_stones: 0 }),
            "realm-lord.target-range"
        );
        ok(&mut s, P::ConfirmTarget { hope_stones: 5 });
        ok(&mut s, P::ConfirmTarget { hope_stones: 4 });
        ok(&mut s, rec(&[(0, 1)]));
        assert_eq!(
            rule(&mut s, P::ConfirmTarget { hope_stones: 6 }),
            "realm-lord.phase"
        );
    }

    #[test]
    fn the_pad_refuses_entries_that_cannot_be() {
        let mut s = pad(2);
        ok(&mut s, P::ConfirmTarget { hope_stones: 5 });
        for bad in [
            rec(&[]),
            rec(&[(2, 1)]),
            rec(&[(0, 0)]),
            rec(&[(0, 21)]),
            rec(&[(0, 1), (0, 1)]),
        ] {
            assert_eq!(rule(&mut s, bad), "realm-lord.change-invalid");
        }
        // A loss stops at 0.
        ok(&mut s, rec(&[(1, 1)]));
        ok(&mut s, rec(&[(1, -3)]));
        assert_eq!(s.state().hope, vec![0, 0]);
        // A loss from none is refused with the reason: it was logged "gains 0 Hope Stones".
        match s.decide(rec(&[(1, -1)])) {
            Err(e) => {
                assert_eq!(e.rule, "realm-lord.change-invalid");
                assert!(
                    e.message.contains("has no Hope Stones to lose"),
                    "{}",
                    e.message
                );
            }
            Ok(events) => panic!("a loss from 0 was taken: {events:?}"),
        }
        assert_eq!(
            rule(&mut s, rec(&[(0, 2), (1, -1)])),
            "realm-lord.change-invalid"
        );
    }

    #[test]
    fn the_pad_ends_at_the_target_with_the_readings_for_arrivals() {
        let mut s = pad(3);
        ok(&mut s, P::ConfirmTarget { hope_stones: 5 });
        ok(&mut s, rec(&[(0, 4), (1, 4)]));
        ok(&mut s, rec(&[(0, 2), (1, 2)]));
        assert!(RealmLordScorepad::is_over(s.state()));
        assert_eq!(s.state().winners, vec![0, 1], "an exact tie shares the win");
        assert_eq!(rule(&mut s, rec(&[(2, 1)])), "realm-lord.game-over");
        let sheet = RealmLordScorepad::score(s.state());
        assert!(sheet.final_ && sheet.rows[0].winner && sheet.rows[1].winner);
        assert_eq!(sheet.rows[2].rank, 3);
    }
}
