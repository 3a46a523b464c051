//! Middle Ages: one test per rule the app enforces (each names its `middle.*` rule id), and the
//! rulebook's statements as tests (003 = shared/seeds/003_050d57f82b4679ed.txt; readings A1–A19
//! from design/games/middle-ages.md).

use crate::common::middle;

use estate_steward::engine::names::named;
use estate_steward::engine::{Game, Session};
use estate_steward::games::middle_ages::data::data;
use estate_steward::games::middle_ages::{
    Choice, MiddleAction as A, MiddleAges, MiddleEvent, MiddleOptions, MiddleState, Phase,
    Printing, RunOut, Symbols, Tile, TileType,
};
use middle::*;
use serde_json::json;
use TileType::*;

fn options(coins: u32) -> MiddleOptions {
    MiddleOptions {
        starting_coins: Some(coins),
        ..MiddleOptions::default()
    }
}

/// Play the first offered action until `stop` holds (or the game ends).
fn play_until(s: &mut MiddleState, stop: impl Fn(&MiddleState) -> bool) {
    for _ in 0..1000 {
        if stop(s) {
            return;
        }
        let Some(first) = MiddleAges::allowed(s).into_iter().next() else {
            return;
        };
        act(s, first.action);
    }
}

fn three() -> MiddleState {
    started(
        vec![
            vec![Field, Mill, Field, Village],
            vec![Rampart, Market, Barracks, Church],
            vec![Church, Palace, Field, Mill],
            vec![Mill, Village, Rampart, Market],
        ],
        &[0, 1, 2],
    )
}

// ---- setup ----

#[test]
fn middle_players_two_to_five_play() {
    for n in [1, 6] {
        let e = MiddleAges::initial(&MiddleOptions::default(), &seats(n)).expect_err("refused");
        assert_eq!(e.rule, "middle.players", "{n} players");
    }
    for n in 2..=5 {
        assert!(MiddleAges::initial(&MiddleOptions::default(), &seats(n)).is_ok());
    }
}

#[test]
fn middle_options_starting_coins_are_zero_unless_the_table_sets_them() {
    let s = MiddleAges::initial(&MiddleOptions::default(), &seats(2)).expect("ok");
    assert_eq!(coins(&s), vec![0, 0], "reading A3");
    let s = MiddleAges::initial(&options(5), &seats(3)).expect("ok");
    assert_eq!(coins(&s), vec![5, 5, 5]);
    let e = MiddleAges::initial(&options(101), &seats(2)).expect_err("refused");
    assert_eq!(e.rule, "middle.options");
}

#[test]
fn middle_phase_an_action_out_of_its_phase_says_what_is_due() {
    let fresh = MiddleAges::initial(&MiddleOptions::default(), &seats(2)).expect("ok");
    assert_eq!(refused(&fresh, take(1, 0)), "middle.phase");
    let s = two();
    for a in [
        A::ResolveEvent {
            name: "Plague".into(),
            coins: vec![0, 0],
        },
        A::Refill { tiles: None },
        A::LayRows { rows: None },
        A::ChooseFirst { seat: None },
        A::PlaceLord { at: at(0, 2) },
    ] {
        let e = decide(&s, &a).expect_err("refused");
        assert_eq!(e.rule, "middle.phase");
        assert_eq!(e.message, "it is Ana's turn to move their Lord");
    }
}

#[test]
fn middle_setup_rows_four_rows_of_players_plus_one() {
    let s = MiddleAges::initial(&MiddleOptions::default(), &seats(2)).expect("ok");
    let three_rows = vec![vec![Field, Mill, Village]; 3];
    assert_eq!(
        refused(
            &s,
            A::LayRows {
                rows: Some(three_rows)
            }
        ),
        "middle.setup-rows"
    );
    let mut rows = vec![vec![Field, Mill, Village]; 4];
    rows[2].push(Field);
    assert_eq!(
        refused(&s, A::LayRows { rows: Some(rows) }),
        "middle.setup-rows"
    );
}

#[test]
fn middle_tile_count_recorded_rows_hold_no_more_of_a_type_than_the_84_tiles() {
    let s = MiddleAges::initial(&MiddleOptions::default(), &seats(5)).expect("ok");
    // 8 Palaces among 24 plots: there are 7 (003 line 39).
    let mut rows = vec![vec![Palace, Palace, Field, Field, Mill, Mill]; 4];
    assert_eq!(
        refused(
            &s,
            A::LayRows {
                rows: Some(rows.clone())
            }
        ),
        "middle.tile-count"
    );
    rows[3][0] = Church;
    assert!(
        decide(&s, &A::LayRows { rows: Some(rows) }).is_ok(),
        "7 Palaces"
    );
}

#[test]
fn drawn_rows_come_from_the_84_tiles_laid_in_board_order_and_follow_the_seed() {
    let mut s = MiddleAges::initial(&MiddleOptions::default(), &seats(5)).expect("ok");
    let first = decide(&s, &A::LayRows { rows: None }).expect("drawn");
    assert_eq!(
        first,
        decide(&s, &A::LayRows { rows: None }).expect("again")
    );
    act(&mut s, A::LayRows { rows: None });
    assert_eq!(s.rows.len(), 4);
    for row in &s.rows {
        let tiles: Vec<TileType> = row.iter().map(|t| t.expect("a tile")).collect();
        assert_eq!(tiles.len(), 6);
        let mut sorted = tiles.clone();
        sorted.sort();
        assert_eq!(tiles, sorted, "reading A5: a drawn row is in board order");
    }
    assert_eq!(s.bag_counts().iter().sum::<u32>(), 84 - 24);
}

#[test]
fn middle_no_such_seat_the_first_placer_is_a_player_then_clockwise() {
    let s = MiddleAges::initial(&MiddleOptions::default(), &seats(3)).expect("ok");
    let mut s2 = s.clone();
    act(&mut s2, A::LayRows { rows: None });
    assert_eq!(
        refused(&s2, A::ChooseFirst { seat: Some(3) }),
        "middle.no-such-seat"
    );
    act(&mut s2, A::ChooseFirst { seat: Some(1) });
    assert_eq!(
        s2.phase,
        Phase::Placing {
            order: vec![1, 2, 0],
            next: 0
        },
        "reading A2: then clockwise"
    );
}

#[test]
fn middle_top_row_lords_start_on_the_top_row() {
    let mut s = MiddleAges::initial(&MiddleOptions::default(), &seats(2)).expect("ok");
    act(&mut s, A::LayRows { rows: None });
    act(&mut s, A::ChooseFirst { seat: Some(0) });
    assert_eq!(refused(&s, A::PlaceLord { at: at(1, 0) }), "middle.top-row");
    assert_eq!(
        refused(&s, A::PlaceLord { at: at(0, 3) }),
        "middle.no-such-plot"
    );
    act(&mut s, A::PlaceLord { at: at(0, 1) });
    let e = decide(&s, &A::PlaceLord { at: at(0, 1) }).expect_err("taken");
    assert_eq!(e.rule, "middle.plot-taken");
    assert_eq!(e.message, "Ana's Lord already stands on row 1, plot 2");
}

// ---- rounds ----

#[test]
fn before_anyone_moves_the_unselected_tiles_of_the_row_are_discarded() {
    // 003 line 11.
    let s = two();
    assert_eq!(s.round, 1);
    assert_eq!(s.phase, Phase::Turns);
    assert_eq!(s.rows[0], vec![Some(Field), Some(Mill), None]);
    assert_eq!(s.discard, vec![Village]);
}

#[test]
fn turn_order_follows_the_lords_leftmost_first() {
    // 003 line 13: Bo's Lord stands left of Ana's, so Bo moves first.
    let s = started(
        vec![
            vec![Field, Mill, Village],
            vec![Rampart, Market, Barracks],
            vec![Church, Palace, Field],
            vec![Mill, Village, Rampart],
        ],
        &[2, 0],
    );
    assert_eq!(s.order, vec![1, 0]);
    assert_eq!(s.actor(), Some(1));
}

#[test]
fn middle_not_next_row_lords_move_to_the_next_row_and_the_last_wraps_to_the_first() {
    let s = two();
    let e = decide(&s, &take(2, 0)).expect_err("refused");
    assert_eq!(e.rule, "middle.not-next-row");
    assert_eq!(e.message, "Lords move to the next row, row 2");
    assert_eq!(refused(&s, take(0, 2)), "middle.not-next-row");
    // 003 line 15: in round 4 the Lords in the lowest row move to the first.
    let mut s = two();
    play_until(&mut s, |s| s.round == 4 && s.phase == Phase::Turns);
    assert_eq!((s.current_row(), s.next_row()), (3, 0));
}

#[test]
fn middle_no_such_plot_a_move_beyond_the_row_is_refused() {
    assert_eq!(refused(&two(), take(1, 3)), "middle.no-such-plot");
}

#[test]
fn middle_plot_taken_a_plot_with_a_lord_is_not_empty() {
    let mut s = two();
    act(&mut s, take(1, 0));
    let e = decide(&s, &take(1, 0)).expect_err("taken");
    assert_eq!(e.rule, "middle.plot-taken");
    assert_eq!(e.message, "Ana's Lord already stands on row 2, plot 1");
}

#[test]
fn middle_move_required_lords_move_every_round_until_the_last() {
    let s = two();
    let stay = A::Take {
        to: None,
        symbols: Symbols::default(),
        choice: None,
        teach: false,
    };
    assert_eq!(refused(&s, stay), "middle.move-required");
}

#[test]
fn middle_no_next_row_in_round_16_the_lords_stay() {
    // Reading A4: the game ends after round 16, so nobody moves.
    let mut s = two();
    play_until(&mut s, |s| s.round == 16);
    assert_eq!(s.phase, Phase::Turns);
    assert_eq!(refused(&s, take(0, 0)), "middle.no-next-row");
    let offered = MiddleAges::allowed(&s);
    assert!(offered
        .iter()
        .all(|a| matches!(a.action, A::Take { to: None, .. })));
    let seat = s.actor().expect("a player");
    let from = s.fiefs[usize::from(seat)].lord.expect("a Lord");
    act(&mut s, offered[0].action.clone());
    assert_eq!(
        s.fiefs[usize::from(seat)].lord,
        Some(from),
        "the Lord stays"
    );
    assert_eq!(s.tile_at(from), None, "its plot is taken");
}

/// #35 item 6 (reading A21): taught once that every Field prints 1 Farmer, a Field taken later
/// carries it without asking (the offers, the turn's preview, the income), and the next game
/// remembers it.
#[test]
fn a_tile_type_taught_once_carries_its_printing_into_later_takes_and_games() {
    let mut s = two();
    let one_farmer = Symbols {
        farmers: 1,
        chests: 0,
    };
    // Ana leaves the Field of row 1 and says every Field prints one Farmer.
    let teach = A::Take {
        to: Some(at(1, 0)),
        symbols: one_farmer,
        choice: None,
        teach: true,
    };
    let before = s.clone();
    let events = act(&mut s, teach.clone());
    let line = MiddleAges::summarize(&before, &teach, &events);
    assert!(
        line.contains("every Field remembered as printing 1 Farmer"),
        "{line}"
    );
    let taught = Printing {
        kind: Field,
        symbols: one_farmer,
    };
    assert!(events.contains(&MiddleEvent::PrintingTaught { printing: taught }));
    assert_eq!(MiddleAges::view(&s).printings, vec![taught]);
    let learned: Vec<_> = events.iter().flat_map(MiddleAges::learned).collect();
    assert_eq!(
        learned,
        vec![("tile:Field".to_string(), json!({"farmers": 1, "chests": 0}))]
    );

    // A later Field is offered, previewed and taken with its Farmer, nobody asked.
    let later =
        |s: &MiddleState| s.turn > 0 && MiddleAges::view(s).turn.is_some_and(|t| t.kind == Field);
    play_until(&mut s, |s| s.round > 1 && later(s));
    let v = MiddleAges::view(&s);
    let turn = v.turn.clone().expect("a Field to take");
    assert_eq!(turn.printed, Some(one_farmer));
    let offers = MiddleAges::allowed(&s);
    assert!(offers.iter().all(
        |o| matches!(o.action, A::Take { symbols, teach: false, .. } if symbols == one_farmer)
    ));
    let mover = turn.seat;
    let farmers_before = v.players[usize::from(mover)].farmers;
    let first = offers.into_iter().next().expect("an offer");
    act(&mut s, first.action);
    assert_eq!(
        MiddleAges::view(&s).players[usize::from(mover)].farmers,
        farmers_before + 1
    );

    // The next game starts knowing it; a bad remembered entry is refused by its field.
    let mut next = MiddleOptions::default();
    MiddleAges::with_catalogue(&mut next, &learned);
    assert_eq!(next.known_printings, vec![taught]);
    let fresh = MiddleAges::initial(&next, &seats(2)).expect("initial");
    assert_eq!(fresh.printing(Field), Some(one_farmer));
    assert_eq!(fresh.printing(Mill), None);
    let rule = |k: &str, v| {
        MiddleAges::check_catalogue_entry(k, &v)
            .err()
            .map(|e| e.rule)
    };
    assert_eq!(rule("tile:Field", json!({"farmers": 1})), None);
    assert_eq!(
        rule("tile:Field", json!({"farmers": 9})),
        Some("middle.symbols-range".into())
    );
    assert_eq!(
        rule("tile:Castle", json!({"farmers": 1})),
        Some("middle.catalogue".into())
    );
}

#[test]
fn middle_symbols_range_farmers_and_chests_are_bounded() {
    let s = two();
    assert_eq!(
        refused(&s, take_symbols(1, 0, 6, 0)),
        "middle.symbols-range"
    );
    assert_eq!(
        refused(&s, take_symbols(1, 0, 0, 6)),
        "middle.symbols-range"
    );
    assert!(decide(&s, &take_symbols(1, 0, 5, 5)).is_ok());
}

#[test]
fn middle_choice_mismatch_a_choice_the_effect_does_not_take() {
    let s = two();
    let coin = Choice::ExtraCoin { estate: Field };
    let e = decide(&s, &take_with(1, 0, coin)).expect_err("Field takes no choice");
    assert_eq!(e.rule, "middle.choice-mismatch");
    let mut church = two();
    lay(&mut church, at(0, 0), Church);
    let scout = Choice::Scout { at: at(2, 0) };
    assert_eq!(
        refused(&church, take_with(1, 0, scout)),
        "middle.choice-mismatch"
    );
}

#[test]
fn the_taken_plot_goes_into_the_estate_of_its_type_with_its_symbols() {
    // 003 line 15.
    let mut s = two();
    act(&mut s, take_symbols(1, 2, 2, 1));
    assert_eq!(
        s.fiefs[0].estates[Field.index()],
        vec![Tile {
            kind: Field,
            farmers: 2,
            chests: 1
        }]
    );
    assert_eq!(s.fiefs[0].lord, Some(at(1, 2)));
    assert_eq!(s.rows[0][0], None);
}

// ---- the eight Estates (003 lines 25–39) ----

#[test]
fn field_pays_a_coin_per_farmer_in_the_estates_then_two_per_field() {
    let mut s = two();
    s.fiefs[0].estates[Mill.index()].push(Tile {
        kind: Mill,
        farmers: 1,
        chests: 0,
    });
    // Reading A12: a Cemetery tile's Farmers do not count.
    s.fiefs[0].cemetery.push(Tile {
        kind: Field,
        farmers: 4,
        chests: 0,
    });
    give(&mut s, 0, Field, 1);
    let events = act(&mut s, take_symbols(1, 0, 3, 0));
    // Farmers: 1 (Mill) + 3 (this Field) = 4; Fields: 2 → income 4.
    assert_eq!(paid(&events, 0), (4, 4));
    assert_eq!(coins(&s), vec![8, 0]);
}

#[test]
fn mill_each_player_with_fewer_mills_pays_two_then_two_per_mill() {
    let mut s = three();
    give(&mut s, 0, Mill, 2);
    give(&mut s, 1, Mill, 1);
    give(&mut s, 2, Mill, 1);
    s.fiefs[0].coins = 5;
    s.fiefs[2].coins = 1;
    act(&mut s, take(1, 0)); // Ana's Field: income 2 → 7 coins.
    let events = act(&mut s, take(1, 1)); // Bo's Mill: now 2 Mills.
                                          // Ana has 2 (not fewer, reading A11) and keeps her coins; Cy has 1 and pays all he has, 1
                                          // (reading A10).
    assert!(events.contains(&MiddleEvent::CoinsPaid {
        from: 2,
        to: 1,
        amount: 1
    }));
    assert!(!events
        .iter()
        .any(|e| matches!(e, MiddleEvent::CoinsPaid { from: 0, .. })));
    assert_eq!(paid(&events, 1), (0, 4));
    assert_eq!(coins(&s), vec![7, 5, 0]);
}

#[test]
fn village_brings_back_a_cemetery_tile_without_activating_it_then_pays_villages_and_ramparts() {
    let mut s = two();
    lay(&mut s, at(0, 0), Village);
    s.fiefs[0].cemetery.push(Tile {
        kind: Church,
        farmers: 0,
        chests: 0,
    });
    s.fiefs[0].extra_coin[Church.index()] = true;
    give(&mut s, 0, Rampart, 1);
    assert_eq!(refused(&s, take(1, 0)), "middle.choice-required");
    let e = decide(&s, &take_with(1, 0, Choice::Restore { index: 1 })).expect_err("no 2nd");
    assert_eq!(e.rule, "middle.village-choice");
    assert_eq!(e.message, "your Cemetery holds 1 tile");
    let events = act(&mut s, take_with(1, 0, Choice::Restore { index: 0 }));
    // The Church comes back and does not trigger (no Church income, no Extra Coin); income
    // 2 × (1 Village + 1 Rampart) = 4.
    assert_eq!(paid(&events, 0), (0, 4));
    assert_eq!(count(&s, 0, Church), 1);
    assert!(s.fiefs[0].cemetery.is_empty());
    assert_eq!(coins(&s), vec![4, 0]);
}

#[test]
fn middle_village_choice_an_empty_cemetery_takes_no_choice() {
    let mut s = two();
    lay(&mut s, at(0, 0), Village);
    let e = decide(&s, &take_with(1, 0, Choice::Restore { index: 0 })).expect_err("empty");
    assert_eq!(e.rule, "middle.village-choice");
    assert_eq!(e.message, "your Cemetery is empty");
    let events = act(&mut s, take(1, 0));
    assert_eq!(paid(&events, 0), (0, 2));
}

#[test]
fn rampart_places_the_scout_outside_its_lords_row_then_pays_fields_and_ramparts() {
    let mut s = two();
    lay(&mut s, at(0, 0), Rampart);
    give(&mut s, 0, Field, 2);
    // Reading A17: the Scout must be placed when it can be.
    assert_eq!(refused(&s, take(1, 0)), "middle.choice-required");
    let scout = |row, slot| take_with(1, 0, Choice::Scout { at: at(row, slot) });
    assert_eq!(refused(&s, scout(1, 1)), "middle.scout-row");
    assert_eq!(refused(&s, scout(4, 0)), "middle.no-such-plot");
    let events = act(&mut s, scout(2, 1));
    assert!(events.contains(&MiddleEvent::ScoutPlaced {
        seat: 0,
        at: at(2, 1)
    }));
    // Income: 2 × (2 Fields + 1 Rampart) = 6.
    assert_eq!(paid(&events, 0), (0, 6));
    assert_eq!(s.fiefs[0].scout, Some(at(2, 1)));
}

#[test]
fn middle_scout_row_the_scout_never_goes_into_its_lords_row() {
    let mut s = two();
    lay(&mut s, at(0, 0), Rampart);
    let e = decide(&s, &take_with(1, 0, Choice::Scout { at: at(1, 2) })).expect_err("row");
    assert_eq!(e.rule, "middle.scout-row");
    assert_eq!(e.message, "the Scout goes to a row your Lord is not in");
}

#[test]
fn middle_scout_occupied_the_scout_needs_a_tile_with_no_lord_and_no_other_scout() {
    let mut s = two();
    lay(&mut s, at(0, 0), Rampart);
    s.fiefs[1].scout = Some(at(3, 0));
    let scout = |row, slot| take_with(1, 0, Choice::Scout { at: at(row, slot) });
    let e = decide(&s, &scout(0, 1)).expect_err("a Lord");
    assert_eq!(
        (e.rule.as_str(), e.message.as_str()),
        ("middle.scout-occupied", "Bo's Lord stands on row 1, plot 2")
    );
    assert_eq!(refused(&s, scout(0, 2)), "middle.scout-occupied"); // discarded: no tile
    let e = decide(&s, &scout(3, 0)).expect_err("a Scout");
    assert_eq!(e.message, "Bo's Scout already reserves row 4, plot 1");
}

#[test]
fn a_rampart_with_no_free_plot_for_the_scout_takes_no_choice() {
    let mut s = two();
    lay(&mut s, at(0, 0), Rampart);
    s.rows[2] = vec![None; 3];
    s.rows[3] = vec![None; 3];
    assert!(decide(&s, &take(1, 0)).is_ok());
    assert_eq!(
        refused(&s, take_with(1, 0, Choice::Scout { at: at(2, 0) })),
        "middle.scout-occupied"
    );
}

#[test]
fn middle_scout_reserved_a_scout_keeps_others_off_until_its_lord_reaches_the_row() {
    // 003 line 31 and its note. Ana's Lord on plot 2 and Bo's on plot 1: Bo moves first.
    let mut s = started(
        vec![
            vec![Mill, Rampart, Village],
            vec![Field, Market, Barracks],
            vec![Church, Palace, Field],
            vec![Mill, Village, Rampart],
        ],
        &[1, 0],
    );
    act(&mut s, take(1, 0)); // Bo takes the Mill, stands on row 2, plot 1.
    act(&mut s, take_with(1, 1, Choice::Scout { at: at(2, 0) })); // Ana's Rampart.
    act(&mut s, A::Refill { tiles: None });
    assert_eq!(s.order, vec![1, 0], "round 2: Bo first");
    let e = decide(&s, &take(2, 0)).expect_err("reserved");
    assert_eq!(e.rule, "middle.scout-reserved");
    assert_eq!(e.message, "Ana's Scout reserves row 3, plot 1");
    act(&mut s, take(2, 1));
    // Ana goes elsewhere: the Scout comes home all the same (reading A17).
    let events = act(&mut s, take(2, 2));
    assert!(events.contains(&MiddleEvent::ScoutReturned {
        seat: 0,
        at: at(2, 0)
    }));
    assert_eq!(s.fiefs[0].scout, None);
}

#[test]
fn a_player_may_take_the_plot_their_own_scout_reserves() {
    let mut s = two();
    lay(&mut s, at(0, 0), Rampart);
    lay(&mut s, at(1, 0), Field);
    act(&mut s, take_with(1, 0, Choice::Scout { at: at(2, 2) }));
    act(&mut s, take(1, 1));
    act(&mut s, A::Refill { tiles: None });
    let events = act(&mut s, take(2, 2));
    assert!(events.contains(&MiddleEvent::ScoutReturned {
        seat: 0,
        at: at(2, 2)
    }));
    assert_eq!(s.fiefs[0].lord, Some(at(2, 2)));
}

#[test]
fn market_pays_a_coin_per_chest_then_two_per_mill_and_market() {
    let mut s = two();
    lay(&mut s, at(0, 0), Market);
    s.fiefs[0].estates[Mill.index()].push(Tile {
        kind: Mill,
        farmers: 0,
        chests: 2,
    });
    let events = act(&mut s, take_symbols(1, 0, 0, 1));
    // Chests: 2 + 1 = 3; income 2 × (1 Mill + 1 Market) = 4.
    assert_eq!(paid(&events, 0), (3, 4));
}

#[test]
fn barracks_each_player_with_fewer_ramparts_loses_the_leftmost_topmost_tile_and_pays_two() {
    let mut s = three();
    lay(&mut s, at(0, 0), Barracks);
    give(&mut s, 0, Barracks, 1);
    give(&mut s, 0, Village, 1);
    // Bo: 1 Rampart, fewer than Ana's 2 Barracks; his leftmost Estate is the Mill (no Field);
    // its topmost (oldest) tile shows a Chest. He has 1 coin.
    s.fiefs[1].estates[Mill.index()].push(Tile {
        kind: Mill,
        farmers: 0,
        chests: 1,
    });
    give(&mut s, 1, Mill, 1);
    give(&mut s, 1, Rampart, 1);
    s.fiefs[1].coins = 1;
    // Cy: 2 Ramparts, not fewer (reading A11).
    give(&mut s, 2, Rampart, 2);
    s.fiefs[2].coins = 9;
    let events = act(&mut s, take(1, 0));
    let lost = Tile {
        kind: Mill,
        farmers: 0,
        chests: 1,
    };
    assert!(events.contains(&MiddleEvent::TileLost {
        seat: 1,
        tile: lost
    }));
    assert!(events.contains(&MiddleEvent::CoinsPaid {
        from: 1,
        to: 0,
        amount: 1
    }));
    assert_eq!(s.fiefs[1].cemetery, vec![lost]);
    assert_eq!(count(&s, 1, Mill), 1);
    assert_eq!(count(&s, 2, Rampart), 2);
    // Income: 2 × (1 Village + 2 Barracks) = 6; plus Bo's 1 coin.
    assert_eq!(paid(&events, 0), (0, 6));
    assert_eq!(coins(&s), vec![7, 0, 9]);
}

#[test]
fn a_barracks_victim_with_no_tile_still_pays() {
    // Reading A10.
    let mut s = two();
    lay(&mut s, at(0, 0), Barracks);
    s.fiefs[1].coins = 3;
    let events = act(&mut s, take(1, 0));
    assert!(!events
        .iter()
        .any(|e| matches!(e, MiddleEvent::TileLost { .. })));
    assert_eq!(coins(&s), vec![2 + 2, 1]);
}

#[test]
fn church_places_an_extra_coin_counted_from_the_next_trigger_then_three_per_church() {
    // Reading A1: +1 from the bank each later take into that Estate, not the one placing it.
    let mut s = two();
    lay(&mut s, at(0, 0), Church);
    lay(&mut s, at(1, 0), Church);
    assert_eq!(refused(&s, take(1, 0)), "middle.choice-required");
    let events = act(
        &mut s,
        take_with(1, 0, Choice::ExtraCoin { estate: Church }),
    );
    assert_eq!(paid(&events, 0), (0, 3));
    assert_eq!(s.tokens_left.extra_coin, data().token_supply.extra_coin - 1);
    act(&mut s, take(1, 1));
    act(&mut s, A::Refill { tiles: None });
    // Ana's second Church: the token adds 1; income 3 × 2 Churches = 6.
    let events = act(&mut s, take_with(2, 0, Choice::ExtraCoin { estate: Mill }));
    assert_eq!(paid(&events, 0), (1, 6));
}

#[test]
fn middle_extra_coin_space_full_one_extra_coin_per_estate() {
    let mut s = two();
    lay(&mut s, at(0, 0), Church);
    s.fiefs[0].extra_coin[Field.index()] = true;
    let e = decide(&s, &take_with(1, 0, Choice::ExtraCoin { estate: Field })).expect_err("");
    assert_eq!(e.rule, "middle.extra-coin-space-full");
    assert_eq!(e.message, "your Field already holds an Extra Coin token");
}

#[test]
fn palace_places_a_plot_token_counted_in_this_very_income_then_three_per_palace() {
    // Reading A6: the new type is paid at the Estate's rate, from the take that placed it.
    let mut s = two();
    lay(&mut s, at(0, 0), Palace);
    give(&mut s, 0, Field, 2);
    assert_eq!(refused(&s, take(1, 0)), "middle.choice-required");
    let plot = Choice::Plot {
        estate: Palace,
        rewards: Field,
    };
    let events = act(&mut s, take_with(1, 0, plot));
    assert_eq!(paid(&events, 0), (0, 3 * (1 + 2)));
    assert_eq!(s.fiefs[0].rewards(Palace), vec![Palace, Field]);
}

#[test]
fn middle_plot_space_full_one_plot_token_per_estate() {
    let mut s = two();
    lay(&mut s, at(0, 0), Palace);
    s.fiefs[0].plot[Palace.index()] = Some(Mill);
    let plot = Choice::Plot {
        estate: Palace,
        rewards: Field,
    };
    assert_eq!(refused(&s, take_with(1, 0, plot)), "middle.plot-space-full");
}

#[test]
fn middle_plot_already_rewarded_a_plot_token_adds_a_new_type() {
    let mut s = two();
    lay(&mut s, at(0, 0), Palace);
    for (estate, rewards) in [(Village, Rampart), (Palace, Palace), (Market, Mill)] {
        let e = decide(&s, &take_with(1, 0, Choice::Plot { estate, rewards })).expect_err("");
        assert_eq!(
            e.rule, "middle.plot-already-rewarded",
            "{estate:?} {rewards:?}"
        );
    }
}

#[test]
fn middle_token_supply_no_token_is_placed_from_an_empty_supply() {
    let mut s = two();
    lay(&mut s, at(0, 0), Church);
    s.tokens_left.extra_coin = 0;
    let coin = take_with(1, 0, Choice::ExtraCoin { estate: Field });
    assert_eq!(refused(&s, coin), "middle.token-supply");
    assert!(
        decide(&s, &take(1, 0)).is_ok(),
        "nothing to place: no choice"
    );
    let mut s = two();
    lay(&mut s, at(0, 0), Palace);
    s.tokens_left.plot = 0;
    let plot = take_with(
        1,
        0,
        Choice::Plot {
            estate: Field,
            rewards: Mill,
        },
    );
    assert_eq!(refused(&s, plot), "middle.token-supply");
}

// ---- events, refills, the end ----

#[test]
fn events_come_on_rounds_4_8_12_and_16_and_refills_after_rounds_1_to_12() {
    // 003 line 21; reading A4.
    let mut s = two();
    let mut events_at = Vec::new();
    let mut refills_at = Vec::new();
    for _ in 0..1000 {
        match s.phase {
            Phase::EventDue => events_at.push(s.round),
            Phase::RefillDue => refills_at.push(s.round),
            Phase::Over => break,
            _ => {}
        }
        let first = MiddleAges::allowed(&s)
            .into_iter()
            .next()
            .expect("an action");
        act(&mut s, first.action);
    }
    assert_eq!(events_at, vec![4, 8, 12, 16]);
    assert_eq!(refills_at, (1..=12).collect::<Vec<u8>>());
    assert_eq!(s.events.len(), 4);
    for f in &s.fiefs {
        assert_eq!(
            f.tiles().count() + f.cemetery.len(),
            usize::from(data().tiles_per_player)
        );
    }
}

fn at_round_4_event() -> MiddleState {
    let mut s = two();
    play_until(&mut s, |s| s.phase == Phase::EventDue);
    assert_eq!(s.round, 4);
    s
}

#[test]
fn middle_event_name_an_event_is_named() {
    let s = at_round_4_event();
    for name in ["  ", &"x".repeat(61)] {
        let a = A::ResolveEvent {
            name: name.to_string(),
            coins: vec![0, 0],
        };
        assert_eq!(refused(&s, a), "middle.event-name");
    }
}

#[test]
fn middle_event_seats_one_change_per_player_and_no_missing_player() {
    let s = at_round_4_event();
    let a = A::ResolveEvent {
        name: "Plague".into(),
        coins: vec![0, 0, 3],
    };
    let e = decide(&s, &a).expect_err("3 for 2");
    assert_eq!(e.rule, "middle.event-seats");
    assert!(
        e.message.contains("for nobody at the table"),
        "{}",
        e.message
    );
}

#[test]
fn middle_event_coins_nobody_drops_below_zero() {
    let s = at_round_4_event();
    let have = s.fiefs[0].coins;
    let a = A::ResolveEvent {
        name: "Plague".into(),
        coins: vec![-(have + 1), 0],
    };
    let e = decide(&s, &a).expect_err("too poor");
    assert_eq!(e.rule, "middle.event-coins");
    assert_eq!(
        e.message,
        format!("Ana has only {have} coins and cannot lose {}", have + 1)
    );
    let big = A::ResolveEvent {
        name: "Windfall".into(),
        coins: vec![101, 0],
    };
    assert_eq!(refused(&s, big), "middle.event-coins");
}

#[test]
fn an_event_changes_coins_and_its_name_is_remembered() {
    let mut s = at_round_4_event();
    let before = coins(&s);
    let events = act(
        &mut s,
        A::ResolveEvent {
            name: " Plague ".into(),
            coins: vec![-1, 2],
        },
    );
    assert_eq!(coins(&s), vec![before[0] - 1, before[1] + 2]);
    assert_eq!(s.events[0].name, "Plague");
    assert_eq!(s.phase, Phase::RefillDue);
    let learned: Vec<String> = events
        .iter()
        .flat_map(MiddleAges::learned)
        .map(|(k, _)| k)
        .collect();
    assert_eq!(learned, vec!["event:Plague".to_string()]);
}

#[test]
fn middle_refill_shape_a_row_holds_players_plus_one_tiles() {
    let mut s = two();
    act(&mut s, take(1, 0));
    act(&mut s, take(1, 1));
    let a = A::Refill {
        tiles: Some(vec![Field, Mill]),
    };
    assert_eq!(refused(&s, a), "middle.refill-shape");
}

#[test]
fn middle_tile_count_a_recorded_refill_is_checked_against_the_84_tiles() {
    let mut s = two();
    act(&mut s, take(1, 0));
    act(&mut s, take(1, 1));
    give(&mut s, 0, Palace, 5); // 5 in an Estate + row 3's Palace = 6 of 7.
    let a = A::Refill {
        tiles: Some(vec![Palace, Palace, Field]),
    };
    let e = decide(&s, &a).expect_err("8 Palaces");
    assert_eq!(e.rule, "middle.tile-count");
    assert_eq!(
        e.message,
        "there are only 7 Palace tiles and 6 are already in play: 2 cannot be laid"
    );
}

#[test]
fn a_recorded_refill_short_in_the_bag_reshuffles_the_discards() {
    // 003 line 19: when the draw tiles run out, the discards are reshuffled.
    let mut s = two();
    act(&mut s, take(1, 0));
    act(&mut s, take(1, 1));
    give(&mut s, 0, Palace, 5);
    s.discard.push(Palace); // 1 in row 3 + 5 held + 1 discarded: the bag holds none.
    assert_eq!(s.bag_counts()[Palace.index()], 0);
    let events = act(
        &mut s,
        A::Refill {
            tiles: Some(vec![Field, Mill, Palace]),
        },
    );
    assert!(matches!(events[0], MiddleEvent::DiscardsReshuffled { .. }));
    assert!(!s.discard.contains(&Palace));
}

#[test]
fn drawn_refills_at_five_players_reshuffle_the_discards_and_keep_the_84_tiles() {
    // Reading A4: 16 rows of 6 need 96 draws from 84 tiles.
    let mut s = MiddleAges::initial(&MiddleOptions::default(), &seats(5)).expect("ok");
    let mut reshuffled = 0;
    for _ in 0..1000 {
        if s.phase == Phase::Over {
            break;
        }
        let first = MiddleAges::allowed(&s)
            .into_iter()
            .next()
            .expect("an action");
        let events = act(&mut s, first.action);
        reshuffled += events
            .iter()
            .filter(|e| matches!(e, MiddleEvent::DiscardsReshuffled { .. }))
            .count();
        let held: u32 = s.in_play().iter().sum::<u32>()
            + s.discard.len() as u32
            + s.bag_counts().iter().sum::<u32>();
        assert_eq!(held, 84);
    }
    assert_eq!(s.phase, Phase::Over);
    assert!(reshuffled > 0);
}

fn orange_table(n: usize) -> MiddleState {
    let options = MiddleOptions {
        when_tiles_run_out: RunOut::OrangeDeck,
        ..MiddleOptions::default()
    };
    MiddleAges::initial(&options, &seats(n)).expect("initial")
}

/// Every tile is somewhere: the 84 and the Orange Deck's added ones, in play, discarded or in
/// the bag.
fn assert_tiles_kept(s: &MiddleState) {
    let held: u32 = s.in_play().iter().sum::<u32>()
        + s.discard.len() as u32
        + s.bag_counts().iter().sum::<u32>();
    assert_eq!(held, 84 + s.orange.len() as u32);
}

#[test]
fn the_table_chooses_what_happens_when_the_draw_tiles_run_out_the_reshuffle_by_default() {
    // 003 line 19 gives both and no player counts: a New game choice, kept with the game.
    assert_eq!(
        MiddleOptions::default().when_tiles_run_out,
        RunOut::Reshuffle
    );
    assert!(data().tiles_run_out.cite.contains("line 19"));
    // A game recorded before the choice existed reshuffled, and still does.
    let old: MiddleOptions =
        serde_json::from_value(json!({"starting_coins": 0, "known_events": []}))
            .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(old.when_tiles_run_out, RunOut::Reshuffle);
    let kept = serde_json::to_value(MiddleOptions {
        when_tiles_run_out: RunOut::OrangeDeck,
        ..MiddleOptions::default()
    })
    .unwrap_or_default();
    assert_eq!(kept["when_tiles_run_out"], json!("OrangeDeck"));
    let s = orange_table(5);
    assert_eq!(s.run_out, RunOut::OrangeDeck);
    assert_eq!(MiddleAges::view(&s).run_out, RunOut::OrangeDeck);
}

#[test]
fn middle_tile_count_an_orange_deck_table_lays_from_the_bag_while_it_holds_a_row() {
    // At an Orange Deck table the discards are never reshuffled: a type the bag lacks cannot be
    // laid while the bag still holds a whole row.
    let mut s = two();
    s.run_out = RunOut::OrangeDeck; // as New game's choice would have set it
    act(&mut s, take(1, 0));
    act(&mut s, take(1, 1));
    give(&mut s, 0, Palace, 5);
    s.discard.push(Palace); // 1 in row 3 + 5 held + 1 discarded: the bag holds none.
    let e = decide(
        &s,
        &A::Refill {
            tiles: Some(vec![Palace, Field, Mill]),
        },
    )
    .expect_err("no Palace left to draw");
    assert_eq!(e.rule, "middle.tile-count");
    assert_eq!(
        e.message,
        "only 0 Palace tiles are left to draw, and this table adds the Orange Deck only when the bag runs out"
    );
    let events = act(
        &mut s,
        A::Refill {
            tiles: Some(vec![Field, Mill, Village]),
        },
    );
    assert!(!events.iter().any(|e| matches!(
        e,
        MiddleEvent::DiscardsReshuffled { .. } | MiddleEvent::OrangeTilesAdded { .. }
    )));
    assert!(s.discard.contains(&Palace), "the discards stay out");
}

#[test]
fn middle_orange_deck_when_the_bag_runs_out_new_tiles_join_and_the_discards_stay_out() {
    // 003 line 19: "add new tiles in from the Orange Deck". Five players run out (reading A4).
    let mut s = orange_table(5);
    let width = usize::from(s.width());
    play_until(&mut s, |s| {
        s.phase == Phase::RefillDue && s.bag().len() <= usize::from(s.width())
    });
    assert_eq!(s.phase, Phase::RefillDue);
    assert_tiles_kept(&s);
    // Two of the bag's last tiles go to the discards, as if the rows had left them there: the
    // bag is now short of a row.
    for _ in 0..2 {
        let t = s.bag()[0];
        s.discard.push(t);
    }
    let bag = s.bag();
    assert_eq!(bag.len(), width - 2);
    let discards = s.discard.clone();

    // The app cannot draw the Orange Deck: nothing to draw is offered, and a draw says why.
    assert!(MiddleAges::allowed(&s).is_empty());
    let e = decide(&s, &A::Refill { tiles: None }).expect_err("drawn");
    assert_eq!(e.rule, "middle.orange-deck");
    assert_eq!(
        e.message,
        "only 4 tiles are left to draw: lay them with 2 from the Orange Deck and enter the row"
    );
    // The bag's last tiles all go into the row.
    let mut row: Vec<TileType> = bag.clone();
    row.extend([Palace, Palace]);
    let mut short = row.clone();
    short[0] = if bag[0] == Field { Mill } else { Field };
    let e = decide(&s, &A::Refill { tiles: Some(short) }).expect_err("a bag tile left out");
    assert_eq!(e.rule, "middle.orange-deck");
    assert!(
        e.message
            .starts_with("the bag's last 4 tiles go into this row first"),
        "{}",
        e.message
    );

    let before = s.clone();
    let laid = A::Refill { tiles: Some(row) };
    let events = act(&mut s, laid.clone());
    let line = MiddleAges::summarize(&before, &laid, &events);
    assert!(line.contains("2 new tiles from the Orange Deck"), "{line}");
    assert!(events.contains(&MiddleEvent::OrangeTilesAdded {
        tiles: vec![Palace, Palace]
    }));
    assert!(!events
        .iter()
        .any(|e| matches!(e, MiddleEvent::DiscardsReshuffled { .. })));
    assert!(s.discard.starts_with(&discards), "the discards stay out");
    assert_eq!(s.orange, vec![Palace, Palace]);
    assert_tiles_kept(&s);

    // On to the end: each refill the bag cannot fill is laid from the Orange Deck.
    let mut orange_rows = 1;
    for _ in 0..1000 {
        if s.phase == Phase::Over {
            break;
        }
        if s.phase == Phase::RefillDue && MiddleAges::allowed(&s).is_empty() {
            let mut row = s.bag();
            row.resize(width, Field);
            act(&mut s, A::Refill { tiles: Some(row) });
            orange_rows += 1;
        } else {
            let first = MiddleAges::allowed(&s)
                .into_iter()
                .next()
                .expect("an action");
            act(&mut s, first.action);
        }
        assert_tiles_kept(&s);
    }
    assert_eq!(s.phase, Phase::Over);
    assert!(orange_rows >= 2, "{orange_rows}");
}

#[test]
fn middle_game_over_the_game_ends_after_round_16s_event() {
    // 003 line 43.
    let mut s = two();
    play_until(&mut s, |s| s.round == 16 && s.phase == Phase::EventDue);
    assert!(!MiddleAges::is_over(&s));
    act(
        &mut s,
        A::ResolveEvent {
            name: "Feast".into(),
            coins: vec![0, 0],
        },
    );
    assert!(MiddleAges::is_over(&s));
    assert_eq!(refused(&s, A::Refill { tiles: None }), "middle.game-over");
    assert!(MiddleAges::allowed(&s).is_empty());
}

// ---- scoring (003 lines 45–51) ----

/// A finished-looking state with each player's tiles per Estate (board order) and coins.
fn scored(players: &[([usize; 8], i32)]) -> MiddleState {
    let mut s = MiddleAges::initial(&MiddleOptions::default(), &seats(players.len())).expect("ok");
    for (seat, (tiles, c)) in players.iter().enumerate() {
        for t in TileType::ALL {
            give(&mut s, seat as u8, t, tiles[t.index()]);
        }
        s.fiefs[seat].coins = *c;
    }
    s.phase = Phase::Over;
    s
}

#[test]
fn ten_coins_are_lost_per_empty_estate_and_cemetery_tiles_do_not_fill_one() {
    let mut s = scored(&[([1, 1, 1, 1, 1, 1, 0, 0], 30), ([2; 8], 15)]);
    s.fiefs[0].cemetery.push(Tile {
        kind: Church,
        farmers: 0,
        chests: 0,
    });
    s.fiefs[0].extra_coin[Palace.index()] = true; // a token is not a tile (reading A19)
    let sheet = MiddleAges::score(&s);
    assert_eq!(sheet.rows[0].breakdown, vec![30, -20]);
    assert_eq!(sheet.rows[0].total, 10);
    assert_eq!(sheet.rows[1].total, 15);
    assert_eq!(
        (sheet.rows[1].rank, sheet.rows[1].winner),
        (1, true),
        "most coins wins"
    );
    assert!(sheet.final_);
}

#[test]
fn a_final_total_may_be_negative() {
    // Reading A15.
    let s = scored(&[([0, 0, 0, 0, 0, 0, 0, 1], 12), ([1; 8], 0)]);
    let sheet = MiddleAges::score(&s);
    assert_eq!(sheet.rows[0].total, 12 - 70);
    assert_eq!(sheet.rows[0].rank, 2);
}

#[test]
fn ties_go_to_most_palaces_then_each_estate_from_right_to_left_at_every_place() {
    // 003 lines 49–51; reading A16. Everyone totals 20.
    let s = scored(&[
        ([3, 1, 1, 1, 1, 1, 1, 1], 20), // 1 Palace, 1 Church, 1 Barracks …
        ([1, 1, 1, 1, 1, 1, 1, 2], 20), // 2 Palaces: first
        ([1, 1, 1, 1, 1, 2, 1, 1], 20), // 1 Palace, 1 Church, 2 Barracks: above Ana
        ([1, 1, 1, 1, 1, 2, 1, 1], 20), // the same key as Cy: they share second place
    ]);
    let ranks: Vec<u8> = MiddleAges::score(&s).rows.iter().map(|r| r.rank).collect();
    assert_eq!(ranks, vec![4, 1, 2, 2]);
    let winners: Vec<bool> = MiddleAges::score(&s)
        .rows
        .iter()
        .map(|r| r.winner)
        .collect();
    assert_eq!(winners, vec![false, true, false, false]);
}

#[test]
fn a_full_tie_is_a_shared_victory() {
    let s = scored(&[([2; 8], 20), ([2; 8], 20)]);
    let sheet = MiddleAges::score(&s);
    assert!(sheet.rows.iter().all(|r| r.rank == 1 && r.winner));
}

#[test]
fn the_score_is_provisional_while_the_game_runs() {
    let s = two();
    let sheet = MiddleAges::score(&s);
    assert!(!sheet.final_);
    assert!(sheet.rows.iter().all(|r| !r.winner));
}

/// #35 item 5: the penalty is due at the end only (003 line 45), so until the last round the
/// totals and places are the coins and the empty Estates are shown apart; from round 16 on the
/// penalty is in both.
#[test]
fn the_provisional_score_keeps_the_empty_estate_penalty_apart_until_the_last_round() {
    let mut s = two();
    // Ana has 5 coins and every Estate empty; Bo 3 coins and two Estates filled.
    s.fiefs[0].coins = 5;
    s.fiefs[1].coins = 3;
    give(&mut s, 1, Field, 1);
    give(&mut s, 1, Mill, 1);
    let sheet = MiddleAges::score(&s);
    assert_eq!(sheet.categories, vec!["Coins".to_string()]);
    assert_eq!(sheet.rows[0].breakdown, vec![5]);
    assert_eq!((sheet.rows[0].total, sheet.rows[0].rank), (5, 1));
    assert_eq!((sheet.rows[1].total, sheet.rows[1].rank), (3, 2));
    let v = MiddleAges::view(&s);
    assert!(!v.penalty_in_total);
    assert_eq!((v.players[0].total, v.players[0].penalty), (5, 80));
    assert_eq!((v.players[1].total, v.players[1].penalty), (3, 60));
    assert_eq!(
        v.players[0].rank, 1,
        "places go by coins before the last round"
    );

    play_until(&mut s, |s| s.round == 15 && s.phase == Phase::Turns);
    assert!(
        !MiddleAges::view(&s).penalty_in_total,
        "round 15 is not the last"
    );
    play_until(&mut s, |s| s.round == 16);
    let v = MiddleAges::view(&s);
    assert!(v.penalty_in_total, "the last round counts the penalty");
    let sheet = MiddleAges::score(&s);
    assert_eq!(
        sheet.categories,
        vec!["Coins".to_string(), "Empty estates".to_string()]
    );
    for (row, p) in sheet.rows.iter().zip(&v.players) {
        assert_eq!(row.breakdown, vec![p.coins, -p.penalty]);
        assert_eq!(row.total, p.coins - p.penalty);
        assert_eq!(p.total, row.total);
        assert_eq!(p.rank, row.rank);
    }
    assert!(!sheet.final_);
}

// ---- whose decision ----

/// Whose decision each action of a whole game is: the placer's Lord and the mover's take are
/// theirs (the seat the events name), the rows, the first placer, the events and the refills are
/// the table's.
#[test]
fn middle_decider_gives_placing_and_taking_to_the_seat_and_setup_to_the_table() {
    let decider = |s: &MiddleState, a: &A| <MiddleAges as Game>::decider(s, a);
    let mut s = MiddleAges::initial(&MiddleOptions::default(), &seats(3)).expect("initial");
    let lay = A::LayRows { rows: None };
    assert_eq!(decider(&s, &lay), None, "laying the rows is the table's");
    act(&mut s, lay);
    let first = A::ChooseFirst { seat: Some(1) };
    assert_eq!(decider(&s, &first), None, "the first placer is the table's");
    act(&mut s, first);
    assert_eq!(decider(&s, &take(1, 0)), None, "a take out of its phase");
    let (mut placers, mut movers, mut table) = (Vec::new(), Vec::new(), 0);
    while let Some(next) = MiddleAges::allowed(&s).into_iter().next() {
        let a = next.action;
        let who = decider(&s, &a);
        let events = act(&mut s, a.clone());
        let seat_of = |pick: fn(&MiddleEvent) -> Option<u8>| events.iter().find_map(pick);
        match a {
            A::PlaceLord { .. } => {
                let placed = seat_of(|e| match e {
                    MiddleEvent::LordPlaced { seat, .. } => Some(*seat),
                    _ => None,
                });
                assert_eq!(who, placed, "{a:?}");
                placers.push(who);
            }
            A::Take { .. } => {
                let taker = seat_of(|e| match e {
                    MiddleEvent::TileTaken { seat, .. } => Some(*seat),
                    _ => None,
                });
                assert_eq!(who, taker, "{a:?}");
                movers.push(who);
            }
            _ => {
                assert_eq!(who, None, "{a:?} is the table's");
                table += 1;
            }
        }
    }
    assert_eq!(s.phase, Phase::Over);
    assert_eq!(placers, vec![Some(1), Some(2), Some(0)], "Bo places first");
    assert_eq!(movers.len(), 16 * 3);
    for seat in 0..3 {
        assert!(movers.contains(&Some(seat)), "seat {seat} never moved");
    }
    assert_eq!(table, 4 + 12, "four events and twelve refills");
}

// ---- the catalogue of event names ----

#[test]
fn middle_catalogue_only_event_names_are_remembered() {
    let ok = serde_json::json!({ "name": "Plague" });
    assert!(MiddleAges::check_catalogue_entry("event:Plague", &ok).is_ok());
    let e = MiddleAges::check_catalogue_entry("card:Plague", &ok).expect_err("key");
    assert_eq!(e.rule, "middle.catalogue");
    let e = MiddleAges::check_catalogue_entry("event:Flood", &ok).expect_err("mismatch");
    assert_eq!(e.rule, "middle.event-name");
    let mut o = MiddleOptions::default();
    MiddleAges::with_catalogue(&mut o, &[("event:Plague".into(), ok)]);
    assert_eq!(o.known_events, vec!["Plague".to_string()]);
}

// ---- the view answers every tap ----

#[test]
fn every_plot_says_whether_the_player_to_act_may_go_there_and_why_not() {
    let mut s = two();
    lay(&mut s, at(0, 0), Rampart);
    s.fiefs[1].scout = Some(at(1, 2));
    let v = MiddleAges::view(&s);
    assert_eq!(v.next_row, Some(1));
    assert_eq!(v.rows[1][0].why_not, None);
    assert_eq!(
        v.rows[1][2]
            .why_not
            .as_deref()
            .map(|w| named(w, &seats(2)))
            .as_deref(),
        Some("Bo's Scout reserves row 2, plot 3")
    );
    assert_eq!(
        v.rows[3][0].why_not.as_deref(),
        Some("Lords move to the next row, row 2")
    );
    let turn = v.turn.expect("Ana's turn");
    assert_eq!((turn.seat, turn.kind), (0, Rampart));
    assert!(turn.choices.contains(&Choice::Scout { at: at(2, 0) }));
    assert!(!turn.choices.contains(&Choice::Scout { at: at(1, 2) }));
    assert_eq!(turn.preview, vec![2, 0]);
}

#[test]
fn the_log_names_the_move_the_effect_and_the_income() {
    let mut s: Session<MiddleAges> =
        Session::new(MiddleOptions::default(), seats(2), 3).expect("session");
    let rows = vec![
        vec![Field, Mill, Village],
        vec![Rampart, Market, Barracks],
        vec![Church, Palace, Field],
        vec![Mill, Village, Rampart],
    ];
    for a in [
        A::LayRows { rows: Some(rows) },
        A::ChooseFirst { seat: Some(0) },
        A::PlaceLord { at: at(0, 0) },
        A::PlaceLord { at: at(0, 1) },
        take_symbols(1, 0, 1, 0),
        take(1, 1),
    ] {
        let entry = s.decide(a).expect("accepted");
        s.commit(entry);
    }
    let log: Vec<&str> = s.entries().iter().map(|e| e.summary.as_str()).collect();
    assert_eq!(
        log[4],
        "Ana moves to row 2, plot 1 and takes the Field (1 Farmer): effect +1, income 2; 3 coins"
    );
    assert_eq!(
        log[5],
        "Bo moves to row 2, plot 2 and takes the Mill: Ana pays 2, income 2; 4 coins; round 1 ends"
    );
    assert_eq!(
        log[3],
        "Bo places their Lord on row 1, plot 2; round 1 begins (discarded: Village)"
    );
}

// ---- the scorepad (middle-ages-scorepad) ----

mod pad {
    use super::middle::seats;
    use estate_steward::engine::{Game, RuleError};
    use estate_steward::games::middle_ages::scorepad::{
        MiddleAgesScorepad as Pad, PadAction, PadOptions, PadState,
    };

    fn run(s: &mut PadState, a: PadAction) -> Result<(), RuleError> {
        let events = Pad::handle(s, &a, &mut super::middle::rng())?;
        for e in &events {
            Pad::apply(s, e);
        }
        Ok(())
    }

    fn enter(seat: u8, coins: i32, tiles: [u8; 8]) -> PadAction {
        PadAction::Enter {
            seat,
            coins,
            tiles: tiles.to_vec(),
        }
    }

    fn rule(s: &mut PadState, a: PadAction) -> String {
        let before = s.clone();
        let e = run(s, a).expect_err("refused");
        assert_eq!(*s, before, "a refusal changes nothing");
        e.rule
    }

    #[test]
    fn the_scorepad_gives_penalties_totals_and_places_by_the_same_tie_breakers() {
        let mut s = Pad::initial(&PadOptions {}, &seats(3)).expect("pad");
        assert_eq!(rule(&mut s, PadAction::Finish), "middle.pad-incomplete");
        run(&mut s, enter(0, 60, [2, 2, 2, 2, 2, 2, 2, 2])).expect("Ana");
        // Bo: 70 coins, no Church and no Palace: −20 → 50, tied with Cy.
        run(&mut s, enter(1, 70, [4, 4, 2, 2, 2, 2, 0, 0])).expect("Bo");
        // Cy: 60 coins, no Palace: −10 → 50; Palaces tie at 0, then Church 1 > 0: above Bo.
        run(&mut s, enter(2, 60, [3, 3, 3, 3, 2, 1, 1, 0])).expect("Cy");
        run(&mut s, PadAction::Finish).expect("close");
        let sheet = Pad::score(&s);
        let rows: Vec<(Vec<i32>, i32, u8, bool)> = sheet
            .rows
            .iter()
            .map(|r| (r.breakdown.clone(), r.total, r.rank, r.winner))
            .collect();
        assert_eq!(
            rows,
            vec![
                (vec![60, 0], 60, 1, true),
                (vec![70, -20], 50, 3, false),
                (vec![60, -10], 50, 2, false),
            ]
        );
        assert!(sheet.final_);
        assert_eq!(rule(&mut s, PadAction::Finish), "middle.game-over");
    }

    #[test]
    fn the_scorepad_refuses_what_no_table_can_hold() {
        let mut s = Pad::initial(&PadOptions {}, &seats(2)).expect("pad");
        assert_eq!(rule(&mut s, enter(2, 10, [2; 8])), "middle.no-such-seat");
        assert_eq!(rule(&mut s, enter(0, -1, [2; 8])), "middle.pad-coins");
        assert_eq!(rule(&mut s, enter(0, 10000, [2; 8])), "middle.pad-coins");
        assert_eq!(rule(&mut s, enter(0, 10, [3; 8])), "middle.pad-tiles"); // 24 > 16
        let short = PadAction::Enter {
            seat: 0,
            coins: 10,
            tiles: vec![2; 7],
        };
        assert_eq!(rule(&mut s, short), "middle.pad-tiles");
        // 7 Palaces exist (003 line 39): 5 + 3 is one too many.
        run(&mut s, enter(0, 10, [1, 1, 1, 1, 1, 1, 1, 5])).expect("Ana");
        assert_eq!(
            rule(&mut s, enter(1, 10, [1, 1, 1, 1, 1, 1, 1, 3])),
            "middle.tile-count"
        );
        assert!(Pad::initial(&PadOptions {}, &seats(6)).is_err());
    }
}

#[test]
fn an_event_with_absurd_figures_is_refused_not_a_crash() {
    let s = at_round_4_event();
    let huge = A::ResolveEvent {
        name: "Plague".into(),
        coins: vec![i32::MIN, 0],
    };
    assert_eq!(refused(&s, huge), "middle.event-coins");
    let crowd = A::ResolveEvent {
        name: "Plague".into(),
        coins: vec![0; 256],
    };
    let e = decide(&s, &crowd).expect_err("256 players");
    assert_eq!(e.rule, "middle.event-seats");
    assert!(
        e.message.contains("for nobody at the table"),
        "{}",
        e.message
    );
}
