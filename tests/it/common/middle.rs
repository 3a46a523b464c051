//! Fixtures for Middle Ages: seats, a table set up from recorded rows, and a driver that decides
//! and applies typed actions on a state (so a test can also shape the state it starts from).
#![allow(dead_code)]

use estate_steward::engine::names::named;
use estate_steward::engine::{Game, GameRng, RuleError, Seat};
use estate_steward::games::middle_ages::{
    Choice, MiddleAction as A, MiddleAges, MiddleEvent, MiddleOptions, MiddleState, Pos, Symbols,
    Tile, TileType,
};
use rand::SeedableRng;

pub fn seats(n: usize) -> Vec<Seat> {
    ["Ana", "Bo", "Cy", "Di", "Ed", "Flo"]
        .iter()
        .take(n)
        .enumerate()
        .map(|(i, name)| Seat {
            person_id: i as i64 + 1,
            name: (*name).into(),
            colour: "#336699".into(),
        })
        .collect()
}

pub fn rng() -> GameRng {
    GameRng::seed_from_u64(7)
}

/// Decided as a table would: a refusal names the people (Ana, Bo …) as the session writes it.
pub fn decide(s: &MiddleState, a: &A) -> Result<Vec<MiddleEvent>, RuleError> {
    MiddleAges::handle(s, a, &mut rng()).map_err(|e| RuleError {
        message: named(&e.message, &seats(usize::from(s.seats))),
        ..e
    })
}

/// Decide and apply; panics with the refusal if the action is refused.
pub fn act(s: &mut MiddleState, a: A) -> Vec<MiddleEvent> {
    match decide(s, &a) {
        Ok(events) => {
            for e in &events {
                MiddleAges::apply(s, e);
            }
            events
        }
        Err(e) => panic!("{a:?} refused: {e}"),
    }
}

/// The rule id of the refusal (decide borrows the state, so nothing can change).
pub fn refused(s: &MiddleState, a: A) -> String {
    match decide(s, &a) {
        Ok(events) => panic!("{a:?} was accepted: {events:?}"),
        Err(e) => {
            if let Some(why) = MiddleAges::rules().misfit(&e) {
                panic!("{a:?} refused with {e}: {why}");
            }
            e.rule
        }
    }
}

/// A table of `rows.len()` players' worth of rows, recorded, with player 1 placing first and
/// each player's Lord on `lords[seat]` of the top row: round 1 has begun.
pub fn started(rows: Vec<Vec<TileType>>, lords: &[u8]) -> MiddleState {
    let n = lords.len();
    let mut s = MiddleAges::initial(&MiddleOptions::default(), &seats(n)).expect("initial");
    act(&mut s, A::LayRows { rows: Some(rows) });
    act(&mut s, A::ChooseFirst { seat: Some(0) });
    for &slot in lords {
        act(
            &mut s,
            A::PlaceLord {
                at: Pos { row: 0, slot },
            },
        );
    }
    s
}

/// Two players; the rows below; Ana (seat 0) on the Field, Bo on the Mill; round 1 begun.
///   row 1: Field   Mill    Village
///   row 2: Rampart Market  Barracks
///   row 3: Church  Palace  Field
///   row 4: Mill    Village Rampart
pub fn two() -> MiddleState {
    use TileType::*;
    started(
        vec![
            vec![Field, Mill, Village],
            vec![Rampart, Market, Barracks],
            vec![Church, Palace, Field],
            vec![Mill, Village, Rampart],
        ],
        &[0, 1],
    )
}

pub fn at(row: u8, slot: u8) -> Pos {
    Pos { row, slot }
}

pub fn take(row: u8, slot: u8) -> A {
    A::Take {
        to: Some(at(row, slot)),
        symbols: Symbols::default(),
        choice: None,
        teach: false,
    }
}

pub fn take_with(row: u8, slot: u8, choice: Choice) -> A {
    A::Take {
        to: Some(at(row, slot)),
        symbols: Symbols::default(),
        choice: Some(choice),
        teach: false,
    }
}

pub fn take_symbols(row: u8, slot: u8, farmers: u8, chests: u8) -> A {
    A::Take {
        to: Some(at(row, slot)),
        symbols: Symbols { farmers, chests },
        choice: None,
        teach: false,
    }
}

/// Put `n` plain tiles of `kind` into a player's Estate (shaping a test's starting state).
pub fn give(s: &mut MiddleState, seat: u8, kind: TileType, n: usize) {
    for _ in 0..n {
        s.fiefs[usize::from(seat)].estates[kind.index()].push(Tile {
            kind,
            farmers: 0,
            chests: 0,
        });
    }
}

/// Put the tile lying on `pos` under the Lord of `seat` ready to be taken: the test names the
/// plot type the player takes this turn.
pub fn lay(s: &mut MiddleState, pos: Pos, kind: TileType) {
    s.rows[usize::from(pos.row)][usize::from(pos.slot)] = Some(kind);
}

pub fn coins(s: &MiddleState) -> Vec<i32> {
    s.fiefs.iter().map(|f| f.coins).collect()
}

pub fn count(s: &MiddleState, seat: u8, kind: TileType) -> u32 {
    s.fiefs[usize::from(seat)].count(kind)
}

/// The coins a take paid `seat` from the bank: its Effect coins and its Income.
pub fn paid(events: &[MiddleEvent], seat: u8) -> (i32, i32) {
    let mut effect = 0;
    let mut income = 0;
    for e in events {
        match e {
            MiddleEvent::EffectCoins { seat: s, amount } if *s == seat => effect += amount,
            MiddleEvent::Income { seat: s, amount } if *s == seat => income += amount,
            _ => {}
        }
    }
    (effect, income)
}
