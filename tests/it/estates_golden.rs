//! A golden 4-player game of The Estates, scored by hand: sell and buy auctions, a stash, the
//! mayor doubling a complete row, an incomplete row scoring negative, and the end when two rows
//! are complete and roofed.

use estate_steward::engine::{Game, Seat, Session};
use estate_steward::games::estates::state::{Cube, Phase};
use estate_steward::games::estates::{
    Choice, End, EstatesAction as A, EstatesOptions, Placement, Setup, TheEstates,
};

fn act(s: &mut Session<TheEstates>, a: A) {
    match s.decide(a.clone()) {
        Ok(e) => s.commit(e),
        Err(e) => panic!("{a:?} refused: {e}"),
    }
}

fn free(s: &mut Session<TheEstates>, choice: Choice, at: Placement) {
    act(s, A::Choose { choice });
    for _ in 0..3 {
        act(s, A::Pass);
    }
    act(s, A::Place { at });
}

#[test]
fn golden_four_player_game() {
    let seats: Vec<Seat> = ["Ana", "Bo", "Cy", "Di"]
        .iter()
        .enumerate()
        .map(|(i, n)| Seat {
            person_id: i as i64 + 1,
            name: (*n).into(),
            colour: "#336699".into(),
        })
        .collect();
    let mut s = Session::<TheEstates>::new(EstatesOptions::default(), seats, 11).unwrap();
    // Cube rows: Red 6..3 + Yellow 6..3; Blue 6..3 + Orange 6..3; Green 6..3 + Purple 6..3.
    let market: Vec<Vec<Cube>> = (0..3u8)
        .map(|r| {
            (3..=6)
                .rev()
                .map(|v| Cube {
                    colour: r,
                    value: v,
                })
                .chain((3..=6).rev().map(|v| Cube {
                    colour: r + 3,
                    value: v,
                }))
                .collect()
        })
        .collect();
    act(
        &mut s,
        A::Setup {
            setup: Setup::Recorded { market, first: 0 },
        },
    );
    let left = |row| Choice::Cube {
        row,
        end: End::Left,
    };
    let cube = |row, lot| Placement::Cube { row, lot };

    // T1 Ana auctions Red 6: Bo 3, Cy passes, Di 4; Ana sells: Di pays Ana 4.
    act(&mut s, A::Choose { choice: left(0) });
    act(&mut s, A::Bid { amount: 3 });
    act(&mut s, A::Pass);
    act(&mut s, A::Bid { amount: 4 });
    act(&mut s, A::Sell);
    act(&mut s, A::Place { at: cube(0, 0) }); // Di: the Red certificate
                                              // T2 Bo stashes a check, takes Red 5 free.
    act(&mut s, A::Stash);
    free(&mut s, left(0), cube(0, 1));
    // T3 Cy auctions Green 6: Di 2, Ana 5, Bo passes; Cy buys: pays Ana 5.
    act(&mut s, A::Choose { choice: left(2) });
    act(&mut s, A::Bid { amount: 2 });
    act(&mut s, A::Bid { amount: 5 });
    act(&mut s, A::Pass);
    act(&mut s, A::Buy);
    act(&mut s, A::Place { at: cube(2, 0) }); // Cy: the Green certificate
                                              // T4 Di takes the mayor free and stands it before the top row.
    free(&mut s, Choice::Mayor, Placement::Mayor { row: 0 });
    free(&mut s, left(0), cube(0, 2)); // T5 Ana: Red 4
    free(&mut s, left(0), cube(0, 3)); // T6 Bo: Red 3
    free(&mut s, left(1), cube(1, 0)); // T7 Cy: Blue 6, the Blue certificate, in the middle row
    free(&mut s, left(2), cube(2, 1)); // T8 Di: Green 5
    free(&mut s, left(2), cube(2, 2)); // T9 Ana: Green 4
    free(&mut s, left(2), cube(2, 3)); // T10 Bo: Green 3
    for (lot, value) in [(0u8, 1u8), (1, 2), (2, 3), (3, 4)] {
        free(
            &mut s,
            Choice::Rooftop { value },
            Placement::Rooftop { row: 0, lot },
        );
    }
    assert_ne!(
        s.state().phase,
        Phase::Over,
        "one complete row does not end the game"
    );
    for (lot, value) in [(0u8, 6u8), (1, 5), (2, 4), (3, 3)] {
        free(
            &mut s,
            Choice::Rooftop { value },
            Placement::Rooftop { row: 2, lot },
        );
    }
    assert_eq!(
        s.state().phase,
        Phase::Over,
        "two complete, roofed rows end the game"
    );

    let money: Vec<(u32, u32)> = s
        .state()
        .purses
        .iter()
        .map(|p| (p.cash, p.cash_box))
        .collect();
    assert_eq!(money, vec![(21, 0), (11, 1), (7, 0), (8, 0)]);
    assert_eq!(
        s.state().total_money(),
        48,
        "no money enters or leaves the game"
    );

    let sheet = TheEstates::score(s.state());
    let totals: Vec<i32> = sheet.rows.iter().map(|r| r.total).collect();
    // Di: top row complete, doubled by the mayor: 2 × ((6+1)+(5+2)+(4+3)+(3+4)) = 56.
    // Cy: bottom row complete (6+6)+(5+5)+(4+4)+(3+3) = 36, minus the lone Blue 6 in the
    //     incomplete middle row = 30. Bo: one check in the cash box. Ana: nothing scores.
    assert_eq!(totals, vec![0, 1, 30, 56]);
    let ranks: Vec<u8> = sheet.rows.iter().map(|r| r.rank).collect();
    assert_eq!(ranks, vec![4, 3, 2, 1]);
    assert!(sheet.rows[3].winner && sheet.rows.iter().filter(|r| r.winner).count() == 1);
    assert_eq!(s.replayed(), *s.state());
}
