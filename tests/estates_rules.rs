//! The Estates: one test per rule the app enforces (rulebook 002 read through product.md), the
//! permit worked example, money conservation, and the conformance suite.

use estate_steward::engine::conformance::check_typed as check;
use estate_steward::engine::{Game, Seat, Session};
use estate_steward::games::estates::rules_table::shipped_table_parses;
use estate_steward::games::estates::state::{Cube, Phase, Piece, Whereabouts};
use estate_steward::games::estates::{
    Choice, End, EstatesAction as A, EstatesOptions, Placement, Setup, TheEstates,
};

fn seats(n: usize) -> Vec<Seat> {
    (0..n)
        .map(|i| Seat {
            person_id: i as i64 + 1,
            name: format!("P{}", i + 1),
            colour: "#000000".into(),
        })
        .collect()
}

/// Rows of cubes: row r holds colour r's and r+3's cubes, values 6 down to 3 (row 0: Red 6..3,
/// Yellow 6..3), so the left end of each row is a 6.
fn market() -> Vec<Vec<Cube>> {
    (0..3u8)
        .map(|r| {
            let mut row: Vec<Cube> = (3..=6)
                .rev()
                .map(|v| Cube {
                    colour: r,
                    value: v,
                })
                .collect();
            row.extend((3..=6).rev().map(|v| Cube {
                colour: r + 3,
                value: v,
            }));
            row
        })
        .collect()
}

fn game(n: usize) -> Session<TheEstates> {
    let mut s =
        Session::new(EstatesOptions::default(), seats(n), 1).unwrap_or_else(|e| panic!("{e}"));
    act(
        &mut s,
        A::Setup {
            setup: Setup::Recorded {
                market: market(),
                first: 0,
            },
        },
    );
    s
}

fn act(s: &mut Session<TheEstates>, a: A) {
    match s.decide(a.clone()) {
        Ok(e) => s.commit(e),
        Err(e) => panic!("{a:?} refused: {e}"),
    }
}

fn refused(s: &mut Session<TheEstates>, a: A) -> String {
    let before = s.state().clone();
    match s.decide(a.clone()) {
        Ok(_) => panic!("{a:?} was accepted but the rules forbid it"),
        Err(e) => {
            assert_eq!(s.state(), &before);
            e.rule
        }
    }
}

/// The auctioneer puts `choice` up; everyone else passes; the auctioneer places it at `at`.
fn take_free(s: &mut Session<TheEstates>, choice: Choice, at: Placement) {
    act(s, A::Choose { choice });
    for _ in 1..s.state().seats {
        act(s, A::Pass);
    }
    act(s, A::Place { at });
}

/// The position scored as if the game ended now (money counts only at the end).
fn final_position(s: &Session<TheEstates>) -> estate_steward::games::estates::state::EstatesState {
    let mut end = s.state().clone();
    end.phase = Phase::Over;
    end
}

fn cube(row: u8) -> Choice {
    Choice::Cube {
        row,
        end: End::Left,
    }
}
fn right(row: u8) -> Choice {
    Choice::Cube {
        row,
        end: End::Right,
    }
}

#[test]
fn the_rule_table_parses() {
    assert!(shipped_table_parses());
}

#[test]
fn setup_gives_twelve_each_and_draws_24_cubes() {
    let mut s = Session::<TheEstates>::new(EstatesOptions::default(), seats(4), 9).unwrap();
    act(&mut s, A::Setup { setup: Setup::Draw });
    assert!(s
        .state()
        .purses
        .iter()
        .all(|p| p.cash == 12 && p.cash_box == 0));
    assert_eq!(s.state().cubes_left(), 24);
    assert_eq!(s.state().market.len(), 3);
    assert!(
        Session::<TheEstates>::new(EstatesOptions::default(), seats(1), 9).is_err(),
        "2 to 5 players"
    );
}

#[test]
fn bids_go_clockwise_from_the_auctioneers_left_each_beating_the_last_and_covered_by_cash() {
    let mut s = game(4);
    act(&mut s, A::Choose { choice: cube(0) });
    assert_eq!(s.state().bidders(), vec![1, 2, 3]);
    act(&mut s, A::Bid { amount: 5 });
    assert_eq!(refused(&mut s, A::Bid { amount: 5 }), "estates.bid-higher");
    assert_eq!(
        refused(&mut s, A::Bid { amount: 13 }),
        "estates.bid-covered"
    );
    act(&mut s, A::Bid { amount: 7 });
    act(&mut s, A::Pass);
    assert!(matches!(
        s.state().phase,
        Phase::Decide {
            seat: 2,
            amount: 7,
            ..
        }
    ));
}

#[test]
fn the_cash_box_does_not_cover_a_bid() {
    let mut s = game(2);
    // Seat 1 (index 1) stashes on its turn, then bids all it has in hand plus one.
    take_free(&mut s, cube(0), Placement::Cube { row: 0, lot: 0 });
    act(&mut s, A::Stash);
    assert_eq!(refused(&mut s, A::Stash), "estates.one-stash");
    act(&mut s, A::Choose { choice: cube(1) });
    // Seat 0 bids: it has 12 in hand.
    act(&mut s, A::Bid { amount: 12 });
    assert_eq!(s.state().purses[1].cash, 11);
    assert_eq!(
        refused(&mut s, A::Buy),
        "estates.buy-covered",
        "11 in hand cannot pay 12, the cash box does not count"
    );
}

#[test]
fn selling_moves_the_bid_to_the_auctioneer_and_buying_moves_it_away_money_is_conserved() {
    let mut s = game(3);
    act(&mut s, A::Choose { choice: cube(0) });
    act(&mut s, A::Bid { amount: 4 });
    act(&mut s, A::Pass);
    act(&mut s, A::Sell);
    assert_eq!(
        (s.state().purses[0].cash, s.state().purses[1].cash),
        (16, 8)
    );
    assert!(matches!(s.state().phase, Phase::Place { holder: 1, .. }));
    act(
        &mut s,
        A::Place {
            at: Placement::Cube { row: 0, lot: 0 },
        },
    );
    assert_eq!(
        s.state().certificates[0],
        Some(1),
        "the first cube of a colour earns its certificate"
    );
    // Seat 1 auctions; seat 2 bids 3; seat 0 passes; seat 1 buys.
    act(&mut s, A::Choose { choice: cube(1) });
    act(&mut s, A::Bid { amount: 3 });
    act(&mut s, A::Pass);
    act(&mut s, A::Buy);
    assert_eq!(
        (s.state().purses[1].cash, s.state().purses[2].cash),
        (5, 15)
    );
    assert!(matches!(s.state().phase, Phase::Place { holder: 1, .. }));
    assert_eq!(s.state().total_money(), 36);
}

#[test]
fn when_all_pass_the_auctioneer_takes_the_piece_free() {
    let mut s = game(3);
    act(
        &mut s,
        A::Choose {
            choice: Choice::Mayor,
        },
    );
    act(&mut s, A::Pass);
    act(&mut s, A::Pass);
    assert!(matches!(
        s.state().phase,
        Phase::Place {
            holder: 0,
            piece: Piece::Mayor
        }
    ));
    assert_eq!(s.state().total_money(), 36);
}

#[test]
fn only_cubes_at_either_end_of_a_row_may_be_auctioned() {
    let mut s = game(2);
    act(&mut s, A::Choose { choice: right(0) });
    assert!(matches!(
        s.state().phase,
        Phase::Bidding {
            piece: Piece::Cube {
                cube: Cube {
                    colour: 3,
                    value: 3
                }
            },
            ..
        }
    ));
}

#[test]
fn placement_rules_street_first_no_gaps_lower_on_top_height_sand_and_roofs() {
    let mut s = game(2);
    act(&mut s, A::Choose { choice: cube(1) }); // Blue 6
    act(&mut s, A::Pass);
    assert_eq!(
        refused(
            &mut s,
            A::Place {
                at: Placement::Cube { row: 1, lot: 1 }
            }
        ),
        "estates.no-gap"
    );
    act(
        &mut s,
        A::Place {
            at: Placement::Cube { row: 1, lot: 0 },
        },
    );
    // Seat 1: Blue 5 on Blue 6 is fine (lower on top).
    take_free(&mut s, cube(1), Placement::Cube { row: 1, lot: 0 });
    // Seat 0: Blue 4 may not leave a gap; it starts the second building.
    act(&mut s, A::Choose { choice: cube(1) }); // Blue 4
    act(&mut s, A::Pass);
    assert_eq!(
        refused(
            &mut s,
            A::Place {
                at: Placement::Cube { row: 1, lot: 2 }
            }
        ),
        "estates.no-gap"
    );
    act(
        &mut s,
        A::Place {
            at: Placement::Cube { row: 1, lot: 1 },
        },
    );
    // Seat 1: Orange 3 from the right end goes on the sand lot (1, 2).
    act(&mut s, A::Choose { choice: right(1) }); // Orange 3
    act(&mut s, A::Pass);
    // Lot (1,2) is a sand lot by default: it takes a single cube.
    act(
        &mut s,
        A::Place {
            at: Placement::Cube { row: 1, lot: 2 },
        },
    );
    act(&mut s, A::Choose { choice: right(1) }); // Orange 4
    act(&mut s, A::Pass);
    assert_eq!(
        refused(
            &mut s,
            A::Place {
                at: Placement::Cube { row: 1, lot: 2 }
            }
        ),
        "estates.sand-lot"
    );
    act(
        &mut s,
        A::Place {
            at: Placement::Cube { row: 1, lot: 3 },
        },
    );
    act(&mut s, A::Choose { choice: right(1) }); // Orange 5
    act(&mut s, A::Pass);
    assert_eq!(
        refused(
            &mut s,
            A::Place {
                at: Placement::Cube { row: 1, lot: 0 }
            }
        ),
        "estates.lower-on-top",
        "5 on 5"
    );
    act(
        &mut s,
        A::Place {
            at: Placement::Cube { row: 0, lot: 0 },
        },
    );
    // Seat 0: a rooftop on lot 0; nothing may go on it afterwards.
    take_free(
        &mut s,
        Choice::Rooftop { value: 5 },
        Placement::Rooftop { row: 1, lot: 0 },
    );
    act(&mut s, A::Choose { choice: cube(1) }); // Blue 3
    act(&mut s, A::Pass);
    assert_eq!(
        refused(
            &mut s,
            A::Place {
                at: Placement::Cube { row: 1, lot: 0 }
            }
        ),
        "estates.roofed"
    );
    // The row needs 4 buildings: a fifth lot is past the permit line.
    assert_eq!(
        refused(
            &mut s,
            A::Place {
                at: Placement::Cube { row: 1, lot: 4 }
            }
        ),
        "estates.permit-limit"
    );
}

#[test]
fn a_building_is_at_most_six_cubes_high() {
    let mut s = Session::<TheEstates>::new(
        EstatesOptions {
            sand_lots: Some(vec![]),
            ..Default::default()
        },
        seats(2),
        1,
    )
    .unwrap();
    let mut row0: Vec<Cube> = (1..=6)
        .rev()
        .map(|v| Cube {
            colour: 0,
            value: v,
        })
        .collect();
    row0.extend([
        Cube {
            colour: 1,
            value: 1,
        },
        Cube {
            colour: 1,
            value: 2,
        },
    ]);
    let rest: Vec<Vec<Cube>> = (2..4u8)
        .map(|c| {
            (1..=6)
                .map(|v| Cube {
                    colour: c,
                    value: v,
                })
                .chain((1..=2).map(|v| Cube {
                    colour: 4,
                    value: v + 2 * (c - 2),
                }))
                .collect()
        })
        .collect();
    act(
        &mut s,
        A::Setup {
            setup: Setup::Recorded {
                market: vec![row0, rest[0].clone(), rest[1].clone()],
                first: 0,
            },
        },
    );
    for _ in 0..6 {
        take_free(&mut s, cube(0), Placement::Cube { row: 0, lot: 0 });
    }
    assert_eq!(s.state().board[0].buildings[0].cubes.len(), 6);
    act(&mut s, A::Choose { choice: right(2) });
    act(&mut s, A::Pass);
    // Any cube on a 6-high building is refused by height before number (1 is the top already).
    let at = Placement::Cube { row: 0, lot: 0 };
    let rule = refused(&mut s, A::Place { at });
    assert!(rule == "estates.max-height", "{rule}");
}

#[test]
fn permits_add_their_signed_value_cumulatively_the_worked_example_ends_at_five() {
    let mut s = game(2);
    take_free(
        &mut s,
        Choice::Permit { value: 2 },
        Placement::Permit {
            row: 1,
            lengthen: false,
        },
    );
    assert_eq!(s.state().requirement(1), 2);
    take_free(
        &mut s,
        Choice::Permit { value: 3 },
        Placement::Permit {
            row: 1,
            lengthen: true,
        },
    );
    assert_eq!(
        s.state().requirement(1),
        5,
        "product.md: the rulebook's example ends with a requirement of 5"
    );
}

#[test]
fn a_permit_never_brings_a_row_below_its_buildings() {
    let mut s = game(2);
    take_free(&mut s, cube(0), Placement::Cube { row: 0, lot: 0 });
    take_free(&mut s, cube(1), Placement::Cube { row: 0, lot: 1 });
    take_free(&mut s, cube(2), Placement::Cube { row: 0, lot: 2 });
    act(
        &mut s,
        A::Choose {
            choice: Choice::Permit { value: 2 },
        },
    );
    act(&mut s, A::Pass);
    assert_eq!(
        refused(
            &mut s,
            A::Place {
                at: Placement::Permit {
                    row: 0,
                    lengthen: false
                }
            }
        ),
        "estates.permit-below-buildings"
    );
    act(
        &mut s,
        A::Place {
            at: Placement::Permit {
                row: 1,
                lengthen: false,
            },
        },
    );
}

#[test]
fn the_cancel_cube_removes_a_permit_for_good_and_the_requirement_is_recomputed() {
    let mut s = game(2);
    take_free(
        &mut s,
        Choice::Permit { value: 1 },
        Placement::Permit {
            row: 2,
            lengthen: true,
        },
    );
    take_free(
        &mut s,
        Choice::Permit { value: 3 },
        Placement::Permit {
            row: 2,
            lengthen: true,
        },
    );
    assert_eq!(s.state().requirement(2), 8);
    take_free(
        &mut s,
        Choice::Cancel,
        Placement::Cancel { row: 2, index: 1 },
    );
    assert_eq!(s.state().requirement(2), 5);
    assert_eq!(s.state().permit_state(3), Some(Whereabouts::Discarded));
    assert_eq!(
        refused(
            &mut s,
            A::Choose {
                choice: Choice::Cancel
            }
        ),
        "estates.piece-gone"
    );
    assert_eq!(
        refused(
            &mut s,
            A::Choose {
                choice: Choice::Permit { value: 3 }
            }
        ),
        "estates.piece-gone"
    );
}

#[test]
fn the_cancel_cube_may_not_drop_a_row_below_its_buildings() {
    let mut s = game(2);
    take_free(
        &mut s,
        Choice::Permit { value: 1 },
        Placement::Permit {
            row: 0,
            lengthen: true,
        },
    );
    for lot in 0..5 {
        take_free(&mut s, cube(lot % 3), Placement::Cube { row: 0, lot });
    }
    assert_eq!(
        refused(
            &mut s,
            A::Choose {
                choice: Choice::Cancel
            }
        ),
        "estates.unplaceable"
    );
}

#[test]
fn a_permit_mayor_or_cancel_cube_not_placed_leaves_the_game_but_cubes_must_be_placed() {
    let mut s = game(2);
    act(
        &mut s,
        A::Choose {
            choice: Choice::Mayor,
        },
    );
    act(&mut s, A::Pass);
    act(&mut s, A::Discard);
    assert_eq!(s.state().mayor_at, Whereabouts::Discarded);
    act(&mut s, A::Choose { choice: cube(0) });
    act(&mut s, A::Pass);
    assert_eq!(refused(&mut s, A::Discard), "estates.must-place");
}

#[test]
fn a_rooftop_is_auctioned_only_while_a_building_lacks_one() {
    let mut s = game(2);
    assert_eq!(
        refused(
            &mut s,
            A::Choose {
                choice: Choice::Rooftop { value: 3 }
            }
        ),
        "estates.rooftop-needs-building"
    );
    take_free(&mut s, cube(0), Placement::Cube { row: 0, lot: 0 });
    assert_eq!(
        refused(
            &mut s,
            A::Choose {
                choice: Choice::Rooftop { value: 9 }
            }
        ),
        "estates.rooftop-value"
    );
    take_free(
        &mut s,
        Choice::Rooftop { value: 2 },
        Placement::Rooftop { row: 0, lot: 0 },
    );
    assert_eq!(s.state().rooftops_left, 11);
}

/// Build a whole row of four roofed buildings in `row` from cube row `from`.
fn complete_row(s: &mut Session<TheEstates>, row: u8, from: u8) {
    for lot in 0..4 {
        take_free(s, cube(from), Placement::Cube { row, lot });
    }
    for lot in 0..4 {
        take_free(
            s,
            Choice::Rooftop { value: 1 },
            Placement::Rooftop { row, lot },
        );
    }
}

#[test]
fn scoring_positive_in_a_complete_row_negative_otherwise_doubled_by_the_mayor_plus_cash_box() {
    let mut s = game(2);
    complete_row(&mut s, 0, 0); // Red 6,5,4,3 + rooftops 1: seat 0 placed the first Red cube.
    take_free(&mut s, cube(1), Placement::Cube { row: 1, lot: 0 }); // Blue 6, incomplete row
    take_free(&mut s, Choice::Mayor, Placement::Mayor { row: 1 });
    act(&mut s, A::Stash);
    let sheet = TheEstates::score(&final_position(&s));
    let red_holder = s.state().certificates[0].unwrap() as usize;
    let blue_holder = s.state().certificates[1].unwrap() as usize;
    let mut expect = [0i32; 2];
    expect[red_holder] += 6 + 5 + 4 + 3 + 4;
    expect[blue_holder] += -2 * 6;
    assert_eq!(sheet.rows[0].breakdown[0], expect[0]);
    assert_eq!(sheet.rows[1].breakdown[0], expect[1]);
    let stasher = s.state().auctioneer as usize;
    assert_eq!(
        sheet.rows[stasher].breakdown[1], 1,
        "each check in the cash box scores 1"
    );
    assert_eq!(
        sheet.rows[stasher].breakdown[2], 0,
        "checks in hand score only with the option"
    );
}

#[test]
fn the_game_ends_when_two_rows_are_complete() {
    let mut s = game(2);
    complete_row(&mut s, 0, 0);
    assert_ne!(s.state().phase, Phase::Over);
    complete_row(&mut s, 2, 2);
    assert_eq!(s.state().phase, Phase::Over);
    assert!(TheEstates::score(s.state()).rows.iter().any(|r| r.winner));
}

#[test]
fn the_game_ends_when_no_rooftop_is_left() {
    let mut s = game(2);
    for lot in 0..4 {
        take_free(&mut s, cube(0), Placement::Cube { row: 0, lot });
        take_free(&mut s, cube(1), Placement::Cube { row: 1, lot });
        take_free(&mut s, cube(2), Placement::Cube { row: 2, lot });
    }
    // 12 buildings, 12 rooftops: roof them across rows so that no two rows complete first.
    let order: Vec<(u8, u8)> = (0..4)
        .flat_map(|lot| [(0, lot), (1, lot), (2, lot)])
        .collect();
    for (i, (row, lot)) in order.into_iter().enumerate() {
        if s.state().phase == Phase::Over {
            assert!(i >= 10, "ended early at {i}");
            break;
        }
        take_free(
            &mut s,
            Choice::Rooftop { value: 1 },
            Placement::Rooftop { row, lot },
        );
    }
    assert_eq!(s.state().phase, Phase::Over);
}

#[test]
fn ties_go_to_the_most_money_in_hand_plus_cash_box() {
    let mut s = game(2);
    act(
        &mut s,
        A::Choose {
            choice: Choice::Mayor,
        },
    );
    act(&mut s, A::Bid { amount: 2 });
    act(&mut s, A::Sell); // seat 0: 14, seat 1: 10
    act(
        &mut s,
        A::Place {
            at: Placement::Mayor { row: 0 },
        },
    );
    let sheet = TheEstates::score(&final_position(&s));
    assert_eq!(sheet.rows[0].total, sheet.rows[1].total);
    assert_eq!(sheet.rows[0].rank, 1);
    assert_eq!(sheet.rows[1].rank, 2);
}

#[test]
fn the_estates_passes_the_conformance_suite() {
    let probes = |s: &estate_steward::games::estates::state::EstatesState| {
        // No money ever enters or leaves the game (product.md: no new money).
        assert_eq!(s.total_money(), 12 * u32::from(s.seats));
        vec![
            A::Bid { amount: 99 },
            A::Buy,
            A::Stash,
            A::Discard,
            A::Choose {
                choice: Choice::Cancel,
            },
            A::Place {
                at: Placement::Cube { row: 2, lot: 7 },
            },
        ]
    };
    for n in [2usize, 4, 5] {
        let report = check::<TheEstates>(&EstatesOptions::default(), &seats(n), 6, 2000, probes);
        assert!(
            report.finished > 0,
            "{n} players: some games reached the end: {report:?}"
        );
        assert!(report.refusals_checked > 50);
    }
}

#[test]
fn the_game_ends_when_no_floor_cube_is_left_and_every_building_is_roofed() {
    use estate_steward::games::estates::game_should_end;
    let mut s = game(2);
    take_free(&mut s, cube(0), Placement::Cube { row: 0, lot: 0 });
    take_free(
        &mut s,
        Choice::Rooftop { value: 2 },
        Placement::Rooftop { row: 0, lot: 0 },
    );
    let mut st = s.state().clone();
    assert!(!game_should_end(&st));
    st.market = vec![vec![], vec![], vec![]];
    assert!(
        game_should_end(&st),
        "no cube left and nothing unroofed: no building can be finished"
    );
    st.board[1]
        .buildings
        .push(estate_steward::games::estates::state::Building {
            cubes: vec![Cube {
                colour: 1,
                value: 2,
            }],
            rooftop: None,
        });
    assert!(
        !game_should_end(&st),
        "an unroofed building can still be finished with a rooftop"
    );
    st.rooftops_left = 0;
    assert!(game_should_end(&st), "no rooftop left");
}

#[test]
fn a_recorded_draw_names_the_cube_entered_twice() {
    let s = Session::<TheEstates>::new(EstatesOptions::default(), seats(3), 1).unwrap();
    let mut m = market();
    m[1][0] = m[0][0];
    let e = s
        .decide(A::Setup {
            setup: Setup::Recorded {
                market: m,
                first: 0,
            },
        })
        .unwrap_err();
    assert_eq!(e.rule, "estates.setup");
    assert!(
        e.message.starts_with("Red 6 floor cube is entered twice"),
        "{}",
        e.message
    );
    let short = vec![market()[0].clone()];
    assert_eq!(
        s.decide(A::Setup {
            setup: Setup::Recorded {
                market: short,
                first: 0
            }
        })
        .unwrap_err()
        .rule,
        "estates.setup"
    );
    assert_eq!(
        s.decide(A::Setup {
            setup: Setup::Recorded {
                market: market(),
                first: 3
            }
        })
        .unwrap_err()
        .rule,
        "estates.setup"
    );
}
