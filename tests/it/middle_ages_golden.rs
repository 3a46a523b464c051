//! Golden games of Middle Ages through the service and a real SQLite file: a 2-player and a
//! 5-player game over all 16 rounds, every row recorded as the table laid it, with each
//! player's coins after every round worked out by hand in the comments from the rulebook
//! (003 lines 25–39) and the readings A1–A19; and an undo across a round boundary.
//!
//! Income reminders (003): Field 2×Fields; Mill 2×Mills; Village 2×(Villages+Ramparts); Rampart
//! 2×(Fields+Ramparts); Market 2×(Mills+Markets); Barracks 2×(Villages+Barracks); Church
//! 3×Churches; Palace 3×Palaces; a Plot token adds its type at that rate. An Extra Coin token
//! adds 1 to its Estate's effect from the take after it was placed (reading A1).

use estate_steward::engine::Game;
use estate_steward::games::middle_ages::{
    Choice, MiddleAction as A, MiddleAges, MiddleState, Phase, Pos, Symbols, TileType,
};
use estate_steward::service::{ApiError, Steward, TableView};
use std::path::PathBuf;
use TileType::*;

/// A game on a real database file, driven as the app drives it.
struct Table {
    _dir: tempfile::TempDir,
    path: PathBuf,
    steward: Steward,
    id: i64,
}

impl Table {
    fn start(names: &[&str], seed: u64) -> Table {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("golden.sqlite3");
        let mut steward = Steward::open(&path).expect("open");
        let ids: Vec<i64> = names
            .iter()
            .map(|n| steward.add_person(n, "#336699").expect("person").id)
            .collect();
        let id = steward
            .start_game("middle-ages", &ids, None, Some(seed))
            .expect("start")
            .game_id;
        Table {
            _dir: dir,
            path,
            steward,
            id,
        }
    }

    fn act(&mut self, a: A) -> TableView {
        let json = serde_json::to_value(&a).expect("json");
        match self.steward.act(self.id, &json) {
            Ok(v) => v,
            Err(e) => panic!("{a:?} refused: {e}"),
        }
    }

    fn refused(&mut self, a: A) -> String {
        let json = serde_json::to_value(&a).expect("json");
        match self.steward.act(self.id, &json) {
            Err(ApiError::Rule { rule, message, why }) => {
                // What crosses to the app: the plain message, and the rule's why from its book.
                let listed = why.unwrap_or_else(|| panic!("{rule} has no why"));
                assert!(!listed.says.is_empty() && !listed.cite.is_empty());
                assert_eq!(MiddleAges::rules().unplain(&message), None);
                rule
            }
            other => panic!("{a:?} was not refused by a rule: {other:?}"),
        }
    }

    fn state(&mut self) -> MiddleState {
        let v = self.steward.view(self.id, None).expect("view");
        serde_json::from_str(v.state.get()).expect("a Middle Ages state")
    }

    fn coins(&mut self) -> Vec<i32> {
        self.state().fiefs.iter().map(|f| f.coins).collect()
    }

    fn reopen(&mut self) {
        self.steward = Steward::open(&self.path).expect("reopen");
    }
}

fn to(row: u8, slot: u8) -> Option<Pos> {
    Some(Pos { row, slot })
}

fn go(dest: Option<Pos>) -> A {
    A::Take {
        to: dest,
        symbols: Symbols::default(),
        choice: None,
        teach: false,
    }
}

fn go_with(dest: Option<Pos>, choice: Choice) -> A {
    A::Take {
        to: dest,
        symbols: Symbols::default(),
        choice: Some(choice),
        teach: false,
    }
}

fn go_symbols(dest: Option<Pos>, farmers: u8, chests: u8) -> A {
    A::Take {
        to: dest,
        symbols: Symbols { farmers, chests },
        choice: None,
        teach: false,
    }
}

fn scout(row: u8, slot: u8) -> Choice {
    Choice::Scout {
        at: Pos { row, slot },
    }
}

fn event(name: &str, coins: &[i32]) -> A {
    A::ResolveEvent {
        name: name.into(),
        coins: coins.to_vec(),
    }
}

fn refill(tiles: &[TileType]) -> A {
    A::Refill {
        tiles: Some(tiles.to_vec()),
    }
}

// ---------------------------------------------------------------------------------------------
// Two players: Ana (player 1) and Bo (player 2), rows of 3 plots.
// ---------------------------------------------------------------------------------------------

/// Rounds 1–4, played from setup. Returns nothing; asserts the coins after each round.
fn two_rounds_1_to_4(t: &mut Table) {
    t.act(A::LayRows {
        rows: Some(vec![
            vec![Field, Mill, Market],
            vec![Barracks, Palace, Mill],
            vec![Rampart, Field, Church],
            vec![Mill, Market, Village],
        ]),
    });
    t.act(A::ChooseFirst { seat: Some(0) });
    t.act(A::PlaceLord {
        at: Pos { row: 0, slot: 0 },
    });
    t.act(A::PlaceLord {
        at: Pos { row: 0, slot: 1 },
    });
    assert_eq!(t.state().discard, vec![Market], "row 1's spare Market");

    // Round 1 (row 1 → row 2), Ana then Bo.
    // Ana takes the Field (1 Farmer): effect 1 Farmer = 1, income 2×1 Field = 2 → 3.
    // Bo takes the Mill: Ana has 0 Mills < 1 and pays 2 (3 → 1); income 2×1 = 2 → Bo 4.
    t.act(go_symbols(to(1, 2), 1, 0));
    t.act(go(to(1, 0)));
    assert_eq!(t.coins(), vec![1, 4]);
    t.act(refill(&[Palace, Field, Church]));

    // Round 2 (row 2 → row 3): Bo's Lord on plot 1 goes first; row 2's spare Palace discarded.
    // Bo takes the Barracks: 1 Barracks, Ana has 0 Ramparts: she loses her leftmost, topmost
    // tile (the Field with 1 Farmer) to her Cemetery and pays what she has, 1 (→ 0).
    // Income 2×(0 Villages + 1 Barracks) = 2 → Bo 4 + 1 + 2 = 7.
    // Ana takes the Mill: Bo has 1, not fewer. Income 2×1 = 2 → Ana 2.
    t.act(go(to(2, 1)));
    t.act(go(to(2, 0)));
    assert_eq!(t.coins(), vec![2, 7]);
    let s = t.state();
    assert_eq!(s.fiefs[0].cemetery.len(), 1);
    assert_eq!(s.fiefs[0].count(Field), 0);
    t.act(refill(&[Field, Barracks, Market]));

    // Round 3 (row 3 → row 4), Ana (plot 1) then Bo.
    // Ana takes the Rampart: her Scout reserves row 2, plot 1 (a Field). Income 2×(0 Fields +
    // 1 Rampart) = 2 → 4.
    // Bo takes the Field (2 Farmers): effect 2; income 2×1 = 2 → 7 + 4 = 11.
    t.act(go_with(to(3, 2), scout(1, 0)));
    t.act(go_symbols(to(3, 0), 2, 0));
    assert_eq!(t.coins(), vec![4, 11]);
    t.act(refill(&[Mill, Barracks, Rampart]));

    // Round 4 (row 4 → row 1, the wrap), Bo then Ana.
    // Bo takes the Mill: 2 Mills, Ana 1 < 2 pays 2 (4 → 2); income 2×2 = 4 → 11 + 2 + 4 = 17.
    // Ana takes the Village: it brings back the Field from her Cemetery without triggering it;
    // income 2×(1 Village + 1 Rampart) = 4 → 6.
    t.act(go(to(0, 0)));
    t.act(go_with(to(0, 2), Choice::Restore { index: 0 }));
    assert_eq!(t.coins(), vec![6, 17]);
    assert_eq!(t.state().phase, Phase::EventDue);
    // The event "Plague": Ana −1, Bo −2 → 5, 15.
    t.act(event("Plague", &[-1, -2]));
    assert_eq!(t.coins(), vec![5, 15]);
    t.act(refill(&[Palace, Village, Church]));
}

/// Round 5, with the undo across the round boundary.
fn two_round_5_and_undo(t: &mut Table) {
    // Round 5 (row 1 → row 2), Bo then Ana. Ana's Scout stands on row 2, plot 1.
    assert_eq!(t.refused(go(to(1, 0))), "middle.scout-reserved");
    // Bo takes the Palace: Plot token on his Palace rewarding Mills. Income 3×(1 Palace +
    // 2 Mills) = 9 → 15 + 9 = 24.
    t.act(go_with(
        to(1, 2),
        Choice::Plot {
            estate: Palace,
            rewards: Mill,
        },
    ));
    assert_eq!(t.coins(), vec![5, 24]);
    let before = t.state();
    // Ana moves onto her own reserved plot (her Scout comes home) and takes the Church: an Extra
    // Coin on her Field. Income 3×1 = 3 → 8.
    t.act(go_with(to(1, 0), Choice::ExtraCoin { estate: Field }));
    assert_eq!(t.coins(), vec![8, 24]);
    let ended = t.state();
    assert_eq!(ended.tokens_left.extra_coin, 7);
    t.act(refill(&[Market, Mill, Village]));
    let round_6 = t.state();
    assert_eq!((round_6.round, round_6.phase.clone()), (6, Phase::Turns));

    // Undo the refill and Ana's take: round 6 back to round 5 — coins, tiles and tokens too.
    t.steward.undo(t.id).expect("undo refill");
    assert_eq!(t.state(), ended);
    t.steward.undo(t.id).expect("undo take");
    let back = t.state();
    assert_eq!(back, before);
    assert_eq!(back.round, 5);
    assert_eq!(
        back.fiefs.iter().map(|f| f.coins).collect::<Vec<_>>(),
        vec![5, 24]
    );
    assert_eq!(back.tokens_left.extra_coin, 8);
    assert_eq!(back.fiefs[0].count(Church), 0);
    assert!(!back.fiefs[0].extra_coin[Field.index()]);
    assert_eq!(back.fiefs[0].scout, Some(Pos { row: 1, slot: 0 }));
    assert_eq!(back.rows[0], vec![None, None, Some(Church)]);
    // The file says the same, and the undone entries wait to be redone.
    t.reopen();
    assert_eq!(t.state(), before);
    t.steward.redo(t.id).expect("redo take");
    t.steward.redo(t.id).expect("redo refill");
    assert_eq!(t.state(), round_6);
}

fn two_rounds_6_to_12(t: &mut Table) {
    // Round 6 (row 2 → row 3), Ana (plot 1) then Bo.
    // Ana takes a Field (0 Farmers): the Extra Coin now counts: effect 1 Farmer + 1 = 2; income
    // 2×2 Fields = 4 → 8 + 6 = 14.
    // Bo takes the Market (3 Chests): effect 3; income 2×(2 Mills + 1 Market) = 6 → 24 + 9 = 33.
    t.act(go(to(2, 1)));
    t.act(go_symbols(to(2, 2), 0, 3));
    assert_eq!(t.coins(), vec![14, 33]);
    t.act(refill(&[Field, Mill, Church]));

    // Round 7 (row 3 → row 4), Ana then Bo.
    // Ana takes the Barracks: Bo has 0 Ramparts < 1: he loses his Field (2 Farmers) and pays 2
    // (33 → 31, Ana 16); income 2×(1 Village + 1 Barracks) = 4 → 20.
    // Bo takes the Rampart: Scout on row 1, plot 2; income 2×(0 Fields + 1 Rampart) = 2 → 33.
    t.act(go(to(3, 0)));
    t.act(go_with(to(3, 1), scout(0, 1)));
    assert_eq!(t.coins(), vec![20, 33]);
    t.act(refill(&[Mill, Palace, Field]));

    // Round 8 (row 4 → row 1), Ana then Bo. Bo's Scout keeps Ana off row 1, plot 2.
    assert_eq!(t.refused(go(to(0, 1))), "middle.scout-reserved");
    // Ana takes the Palace: Plot token on it rewarding Fields; income 3×(1 Palace + 2 Fields)
    // = 9 → 29.
    // Bo takes the Village: back comes his Field; income 2×(1 Village + 1 Rampart) = 4 → 37.
    t.act(go_with(
        to(0, 0),
        Choice::Plot {
            estate: Palace,
            rewards: Field,
        },
    ));
    t.act(go_with(to(0, 1), Choice::Restore { index: 0 }));
    assert_eq!(t.coins(), vec![29, 37]);
    // The event "Tax": Ana −3, Bo +2 → 26, 39.
    t.act(event("Tax", &[-3, 2]));
    assert_eq!(t.coins(), vec![26, 39]);
    t.act(refill(&[Barracks, Village, Rampart]));

    // Round 9 (row 1 → row 2), Ana then Bo.
    // Ana takes the Market (2 Chests): effect 2; income 2×(1 Mill + 1 Market) = 4 → 32.
    // Bo takes a Mill: 3 Mills, Ana 1 pays 2 (→ 30); income 2×3 = 6 → 39 + 2 + 6 = 47.
    t.act(go_symbols(to(1, 1), 0, 2));
    t.act(go(to(1, 2)));
    assert_eq!(t.coins(), vec![30, 47]);
    t.act(refill(&[Rampart, Market, Field]));

    // Round 10 (row 2 → row 3), Ana then Bo.
    // Ana takes a Mill: 2 Mills, Bo has 3: nobody pays; income 2×2 = 4 → 34.
    // Bo takes the Church: Extra Coin on his Mill; income 3×1 = 3 → 50.
    t.act(go(to(2, 2)));
    t.act(go_with(to(2, 0), Choice::ExtraCoin { estate: Mill }));
    assert_eq!(t.coins(), vec![34, 50]);
    t.act(refill(&[Church, Palace, Village]));

    // Round 11 (row 3 → row 4), Bo (plot 1) then Ana.
    // Bo takes a Mill: 4 Mills, Ana 2 pays 2 (→ 32); his Extra Coin adds 1; income 2×4 = 8
    // → 50 + 2 + 1 + 8 = 61.
    // Ana takes a Field (0): effect 1 Farmer + 1 Extra Coin = 2; income 2×3 = 6 → 40.
    t.act(go(to(3, 0)));
    t.act(go(to(3, 1)));
    assert_eq!(t.coins(), vec![40, 61]);
    t.act(refill(&[Field, Barracks, Palace]));

    // Round 12 (row 4 → row 1), Bo then Ana.
    // Bo takes the Barracks: 2 Barracks, Ana has 1 Rampart < 2: she loses her topmost Field
    // (the one with the Farmer, brought back in round 4) and pays 2 (→ 38); income 2×(1 Village
    // + 2 Barracks) = 6 → 61 + 2 + 6 = 69.
    // Ana takes the Village: the Field comes back; income 2×(2 Villages + 1 Rampart) = 6 → 44.
    t.act(go(to(0, 2)));
    t.act(go_with(to(0, 0), Choice::Restore { index: 0 }));
    assert_eq!(t.coins(), vec![44, 69]);
    // The event "Harvest": Ana +4, Bo +1 → 48, 70.
    t.act(event("Harvest", &[4, 1]));
    assert_eq!(t.coins(), vec![48, 70]);
    t.act(refill(&[Barracks, Church, Mill]));
}

fn two_rounds_13_to_16(t: &mut Table) {
    // Round 13 (row 1 → row 2), Ana then Bo; no refill follows any more (reading A4).
    // Ana takes the Rampart: Scout on row 3, plot 3; income 2×(3 Fields + 2 Ramparts) = 10 → 58.
    // Bo takes a Field (0): effect 2 Farmers (the Field brought back); income 2×2 = 4 → 76.
    t.act(go_with(to(1, 0), scout(2, 2)));
    t.act(go(to(1, 1)));
    assert_eq!(t.coins(), vec![58, 76]);
    assert_eq!(t.state().round, 14, "round 14 begins at once");

    // Round 14 (row 2 → row 3), Ana then Bo.
    // Ana takes the Church (onto her own reserved plot): Extra Coin on her Market; income 3×2 =
    // 6 → 64.
    // Bo takes his second Palace: its Plot space is full, so the token goes on his Field,
    // rewarding Ramparts; income 3×(2 Palaces + 4 Mills by the first token) = 18 → 94.
    t.act(go_with(to(2, 2), Choice::ExtraCoin { estate: Market }));
    t.act(go_with(
        to(2, 0),
        Choice::Plot {
            estate: Field,
            rewards: Rampart,
        },
    ));
    assert_eq!(t.coins(), vec![64, 94]);

    // Round 15 (row 3 → row 4), Bo then Ana.
    // Bo takes a Field (1 Farmer): effect 2 + 0 + 1 = 3; income 2×(3 Fields + 1 Rampart) = 8
    // → 94 + 11 = 105.
    // Ana takes her second Palace: Plot token on her Church rewarding Villages; income
    // 3×(2 Palaces + 3 Fields) = 15 → 79.
    t.act(go_symbols(to(3, 1), 1, 0));
    t.act(go_with(
        to(3, 0),
        Choice::Plot {
            estate: Church,
            rewards: Village,
        },
    ));
    assert_eq!(t.coins(), vec![79, 105]);

    // Round 16: nobody moves. Ana then Bo.
    assert_eq!(t.refused(go(to(0, 0))), "middle.no-next-row");
    // Ana takes the Barracks: 2 Barracks, Bo has 1 Rampart: he loses his topmost Field and pays
    // 2 (→ 103, Ana 81); income 2×(2 Villages + 2 Barracks) = 8 → 89.
    // Bo takes the Church: Extra Coin on his Field; income 3×2 = 6 → 109.
    t.act(go(None));
    t.act(go_with(None, Choice::ExtraCoin { estate: Field }));
    assert_eq!(t.coins(), vec![89, 109]);
    // The event "Feast": Ana 0, Bo −5 → 89, 104. Both have a tile in every Estate: no penalty.
    let v = t.act(event("Feast", &[0, -5]));
    assert!(v.over);
    assert_eq!(t.coins(), vec![89, 104]);
    let rows: Vec<(String, i32, Vec<i32>, u8, bool)> = v
        .score
        .rows
        .iter()
        .map(|r| {
            (
                r.name.clone(),
                r.total,
                r.breakdown.clone(),
                r.rank,
                r.winner,
            )
        })
        .collect();
    assert_eq!(
        rows,
        vec![
            ("Ana".into(), 89, vec![89, 0], 2, false),
            ("Bo".into(), 104, vec![104, 0], 1, true),
        ]
    );
}

#[test]
fn golden_two_player_game_over_all_16_rounds() {
    let mut t = Table::start(&["Ana", "Bo"], 21);
    two_rounds_1_to_4(&mut t);
    two_round_5_and_undo(&mut t);
    two_rounds_6_to_12(&mut t);
    two_rounds_13_to_16(&mut t);
    let s = t.state();
    assert_eq!(s.fiefs[0].tiles().count(), 16);
    assert_eq!(s.fiefs[1].tiles().count() + s.fiefs[1].cemetery.len(), 16);
    let names: Vec<&str> = s.events.iter().map(|e| e.name.as_str()).collect();
    assert_eq!(names, vec!["Plague", "Tax", "Harvest", "Feast"]);
    let history = t.steward.history(Some("finished")).expect("history");
    assert_eq!(history.len(), 1);
    assert_eq!(history[0].winners, vec!["Bo".to_string()]);
    assert_eq!(history[0].score, Some(104));
}

// ---------------------------------------------------------------------------------------------
// Five players: Ana, Bo, Cy, Di, Ed (players 1–5), rows of 6 plots. Every Lord keeps its own
// plot number (Ana plot 1 … Ed plot 5), so the turn order is always Ana, Bo, Cy, Di, Ed, and the
// sixth plot is each row's spare, discarded when its round begins.
// ---------------------------------------------------------------------------------------------

/// What each player takes in each round (F Field, M Mill, V Village, R Rampart, K Market,
/// B Barracks, C Church, P Palace). 80 takes: every tile but one Village, Market, Barracks and
/// Palace, which are the spares, laid in turn (V, K, B, P) so that four rows never need two.
const TAKES: [&str; 5] = [
    "RFFFCFMFVBFKRPFB", // Ana
    "MRMMKMFMKMBMKMPB", // Bo
    "RVRVFRVMRVFVRVFB", // Cy
    "KRCKMCKFVCKMFVPB", // Di
    "CRPCVRPCBKCMVPFB", // Ed
];
const SPARES: [TileType; 4] = [Village, Market, Barracks, Palace];

fn tile(code: u8) -> TileType {
    match code {
        b'F' => Field,
        b'M' => Mill,
        b'V' => Village,
        b'R' => Rampart,
        b'K' => Market,
        b'B' => Barracks,
        b'C' => Church,
        _ => Palace,
    }
}

/// The row whose tiles are taken in `round`: each player's take on their own plot, then the spare.
fn row_for(round: u8) -> Vec<TileType> {
    let r = usize::from(round) - 1;
    let mut row: Vec<TileType> = TAKES.iter().map(|t| tile(t.as_bytes()[r])).collect();
    row.push(SPARES[r % 4]);
    row
}

/// The symbols printed on a taken tile (Farmers, Chests); none unless listed.
fn symbols(seat: u8, round: u8) -> Symbols {
    let (farmers, chests) = match (seat, round) {
        (0, 2) => (1, 0),
        (0, 4) => (2, 0),
        (0, 8) => (1, 0),
        (1, 5) => (0, 1),
        (3, 1) => (0, 1),
        (3, 4) => (0, 2),
        (3, 11) => (0, 1),
        _ => (0, 0),
    };
    Symbols { farmers, chests }
}

/// The choice each Effect needs: a Rampart's Scout on the player's own plot of the row after
/// next (it comes home next round and blocks nobody); the Church and Palace choices below.
fn choice(seat: u8, round: u8, kind: TileType) -> Option<Choice> {
    let extra = |estate| Some(Choice::ExtraCoin { estate });
    let plot = |estate, rewards| Some(Choice::Plot { estate, rewards });
    match (kind, seat, round) {
        (Rampart, _, r) if r <= 14 => Some(scout((r + 1) % 4, seat)),
        (Church, 0, 5) => extra(Field),
        (Church, 3, 3) => extra(Market),
        (Church, 3, 6) => extra(Church),
        (Church, 3, 10) => extra(Mill),
        (Church, 4, 1) => extra(Church),
        (Church, 4, 4) => extra(Palace),
        (Church, 4, 8) => extra(Rampart),
        (Church, 4, 11) => extra(Village),
        (Palace, 4, 3) => plot(Palace, Church),
        (Palace, 4, 7) => plot(Church, Palace),
        (Palace, 4, 14) => plot(Village, Field),
        (Palace, 0, 14) => plot(Palace, Field),
        (Palace, 1, 15) => plot(Palace, Mill),
        (Palace, 3, 15) => plot(Market, Church),
        _ => None,
    }
}

/// Coins after each round's last turn, worked out by hand below, and after the event on rounds
/// 4, 8, 12 and 16. Players in order Ana, Bo, Cy, Di, Ed.
///
/// R1  Ana Rampart: 2×(0+1)=2 → 2. Bo Mill (1): Ana pays 2 (→0), Cy, Di, Ed have 0 and pay 0;
///     income 2 → 4. Cy Rampart: 2 → 2. Di Market (1 Chest): 1 + 2×(0+1) → 3. Ed Church (Extra
///     Coin on Church): 3×1 → 3.                                          [0, 4, 2, 3, 3]
/// R2  Ana Field (1 Farmer): 1 + 2 → 3. Bo Rampart: 2 → 6. Cy Village: 2×(1+1) → 6. Di Rampart:
///     2 → 5. Ed Rampart: 2 → 5.                                          [3, 6, 6, 5, 5]
/// R3  Ana Field (0): 1 Farmer + 2×2 → 8. Bo Mill (2): Ana, Cy, Di, Ed (0 Mills) pay 2 each
///     (8→6, 6→4, 5→3, 5→3); income 4 → 6+8+4 = 18. Cy Rampart: 2×(0+2) → 8. Di Church (Extra
///     Coin on Market): 3 → 6. Ed Palace (Plot on Palace rewarding Church): 3×(1+1) → 9.
///                                                                        [6, 18, 8, 6, 9]
/// R4  Ana Field (2 Farmers): 3 + 2×3 → 15. Bo Mill (3): all four pay 2 (13, 6, 4, 7); income
///     6 → 32. Cy Village: 2×(2+2) → 14. Di Market (2 Chests): 3 Chests + 1 Extra + 2×(0+2) →
///     12. Ed Church (Extra Coin on Palace): 1 Extra + 3×2 → 14.          [13, 32, 14, 12, 14]
///     Event "Bandits" −2, −3, 0, +1, 0.                                   [11, 29, 14, 13, 14]
/// R5  Ana Church (Extra Coin on Field): 3 → 14. Bo Market (1 Chest): 1 + 2×(3+1) → 38. Cy
///     Field (0): 2 → 16. Di Mill (1): Ana, Cy, Ed (0 Mills) pay 2 (12, 14, 12); income 2 → 21.
///     Ed Village: 2×(1+1) → 16.                                          [12, 38, 14, 21, 16]
/// R6  Ana Field (0): 3 Farmers + 1 Extra + 2×4 → 24. Bo Mill (4): all pay 2 (22, 12, 19, 14);
///     income 8 → 54. Cy Rampart: 2×(1+3) → 20. Di Church (Extra Coin on Church, not counted
///     yet): 3×2 → 25. Ed Rampart: 2×(0+2) → 18.                          [22, 54, 20, 25, 18]
/// R7  Ana Mill (1): Cy, Ed (0) pay 2 (18, 16); income 2 → 28. Bo Field (0): 2 → 56. Cy
///     Village: 2×(3+3) → 30. Di Market (0): 3 Chests + 1 + 2×(1+3) → 37. Ed Palace (Plot on
///     Church rewarding Palace): 1 Extra + 3×(2 Palaces + 2 Churches) → 29.
///                                                                        [28, 56, 30, 37, 29]
/// R8  Ana Field (1 Farmer): 4 + 1 + 2×5 → 43. Bo Mill (5): all pay 2 (41, 28, 35, 27);
///     income 10 → 74. Cy Mill (1): Ed (0) pays 2 (25); income 2 → 32. Di Field (0): 2 → 37. Ed
///     Church (Extra Coin on Rampart): 1 + 3×(3 Churches + 2 Palaces) → 41.
///                                                                        [41, 74, 32, 37, 41]
///     Event "Fair" +1, 0, +2, 0, −1.                                      [42, 74, 34, 37, 40]
/// R9  Ana Village: 2×(1+1) → 46. Bo Market (0): 1 + 2×(5+2) → 89. Cy Rampart: 2×(1+4) → 44.
///     Di Village: 2×(1+1) → 41. Ed Barracks (1): nobody has fewer than 1 Rampart; 2×(1+1) → 44.
///                                                                        [46, 89, 44, 41, 44]
/// R10 Ana Barracks (1): no victim; 2×(1+1) → 50. Bo Mill (6): all pay 2 (48, 42, 39, 42);
///     income 12 → 109. Cy Village: 2×(4+4) → 58. Di Church (Extra Coin on Mill): 1 + 3×3 → 49.
///     Ed Market (0): 2×(0+1) → 44.                                        [48, 109, 58, 49, 44]
/// R11 Ana Field (0): 4 + 1 + 2×6 → 65. Bo Barracks (1): 2×(0+1) → 111. Cy Field (0): 2×2 → 62.
///     Di Market (1 Chest): 4 + 1 + 2×(1+4) → 64. Ed Church (Extra Coin on Village, the eighth
///     token): 1 + 3×(4+2) → 63.                                          [65, 111, 62, 64, 63]
/// R12 Ana Market (0): 2×(1+1) → 69. Bo Mill (7): all pay 2 (67, 60, 62, 61); income 14 →
///     133. Cy Village: 2×(5+4) → 78. Di Mill (2): Ana, Cy (1) and Ed (0) pay 2 (65, 76, 59);
///     1 Extra + 2×2 → 62+6+1+4 = 73. Ed Mill (1): nobody has fewer; 2 → 61.
///                                                                        [65, 133, 76, 73, 61]
///     Event "Storm" 0, −5, 0, 0, +3.                                      [65, 128, 76, 73, 64]
/// R13 Ana Rampart: 2×(6+2) → 81. Bo Market (0): 1 + 2×(7+3) → 149. Cy Rampart: 2×(2+5) → 90.
///     Di Field (0): 2×2 → 77. Ed Village: 1 Extra + 2×(2+2) → 73.        [81, 149, 90, 77, 73]
/// R14 Ana Palace (Plot on Palace rewarding Field): 3×(1+6) → 102. Bo Mill (8): all pay 2 (100,
///     88, 75, 71); income 16 → 173. Cy Village: 2×(6+5) → 110. Di Village: 2×(2+1) → 81. Ed
///     Palace (Plot on Village rewarding Field): 1 + 3×(3 Palaces + 4 Churches) → 93.
///                                                                        [100, 173, 110, 81, 93]
/// R15 Ana Field (0): 4 + 1 + 2×7 → 119. Bo Palace (Plot on Palace rewarding Mill): 3×(1+8) →
///     200. Cy Field (0): 2×3 → 116. Di Palace (Plot on Market rewarding Church): 3×1 → 84. Ed
///     Field (0): 2×1 → 95.                                               [119, 200, 116, 84, 95]
/// R16 Nobody moves. Ana Barracks (2): Bo and Di have 1 Rampart: Bo loses his only Field, Di
///     her first Field, each pays 2 (198, 82); 4 + 2×(1+2) → 129. Bo Barracks (2): Di (1
///     Rampart) loses her other Field and pays 2 (80); 2 + 2×(0+2) → 204. Cy Barracks (1): no
///     victim; 2×(6+1) → 130. Di Barracks (1): no victim; 2×(2+1) → 86. Ed Barracks (2): Bo
///     loses his first Mill, Di her first Mill, each pays 2 (202, 84); 4 + 2×(2+2) → 107.
///                                                                        [129, 202, 130, 84, 107]
///     Event "Plague" −1, −2, −3, −4, −5.                                  [128, 200, 127, 80, 102]
const BEFORE_EVENT: [(u8, [i32; 5]); 4] = [
    (4, [13, 32, 14, 12, 14]),
    (8, [41, 74, 32, 37, 41]),
    (12, [65, 133, 76, 73, 61]),
    (16, [129, 202, 130, 84, 107]),
];
const AFTER_ROUND: [[i32; 5]; 16] = [
    [0, 4, 2, 3, 3],
    [3, 6, 6, 5, 5],
    [6, 18, 8, 6, 9],
    [11, 29, 14, 13, 14],
    [12, 38, 14, 21, 16],
    [22, 54, 20, 25, 18],
    [28, 56, 30, 37, 29],
    [42, 74, 34, 37, 40],
    [46, 89, 44, 41, 44],
    [48, 109, 58, 49, 44],
    [65, 111, 62, 64, 63],
    [65, 128, 76, 73, 64],
    [81, 149, 90, 77, 73],
    [100, 173, 110, 81, 93],
    [119, 200, 116, 84, 95],
    [128, 200, 127, 80, 102],
];
const EVENTS: [(&str, [i32; 5]); 4] = [
    ("Bandits", [-2, -3, 0, 1, 0]),
    ("Fair", [1, 0, 2, 0, -1]),
    ("Storm", [0, -5, 0, 0, 3]),
    ("Plague", [-1, -2, -3, -4, -5]),
];

#[test]
fn golden_five_player_game_over_all_16_rounds() {
    let mut t = Table::start(&["Ana", "Bo", "Cy", "Di", "Ed"], 55);
    t.act(A::LayRows {
        rows: Some((1..=4).map(row_for).collect()),
    });
    t.act(A::ChooseFirst { seat: Some(0) });
    for slot in 0..5 {
        t.act(A::PlaceLord {
            at: Pos { row: 0, slot },
        });
    }
    let mut reshuffles = 0;
    for round in 1..=16u8 {
        let s = t.state();
        assert_eq!((s.round, s.order.clone()), (round, vec![0, 1, 2, 3, 4]));
        for seat in 0..5u8 {
            let kind = tile(TAKES[usize::from(seat)].as_bytes()[usize::from(round) - 1]);
            t.act(A::Take {
                to: (round < 16).then_some(Pos {
                    row: round % 4,
                    slot: seat,
                }),
                symbols: symbols(seat, round),
                choice: choice(seat, round, kind),
                teach: false,
            });
        }
        if let Some(i) = BEFORE_EVENT.iter().position(|(r, _)| *r == round) {
            assert_eq!(
                t.coins(),
                BEFORE_EVENT[i].1.to_vec(),
                "round {round}, before its event"
            );
            let (name, coins) = EVENTS[i];
            t.act(event(name, &coins));
        }
        assert_eq!(
            t.coins(),
            AFTER_ROUND[usize::from(round) - 1].to_vec(),
            "after round {round}"
        );
        if round <= 12 {
            let v = t.act(refill(&row_for(round + 4)));
            let last = v.log.last().cloned().unwrap_or_default();
            if last.contains("reshuffled") {
                reshuffles += 1;
            }
        }
    }
    assert!(
        reshuffles > 0,
        "96 plots from 84 tiles: the discards come back"
    );
    let v = t.steward.view(t.id, None).expect("view");
    assert!(v.over);
    // Empty Estates at the end: Bo has no Field (lost), Village or Church: −30. Cy has no
    // Market, Church or Palace: −30. Di lost both Fields: −10. Ana and Ed have every Estate.
    let rows: Vec<(i32, Vec<i32>, u8)> = v
        .score
        .rows
        .iter()
        .map(|r| (r.total, r.breakdown.clone(), r.rank))
        .collect();
    assert_eq!(
        rows,
        vec![
            (128, vec![128, 0], 2),
            (170, vec![200, -30], 1),
            (97, vec![127, -30], 4),
            (70, vec![80, -10], 5),
            (102, vec![102, 0], 3),
        ]
    );
    let s = t.state();
    assert_eq!(s.fiefs[1].cemetery.len(), 2);
    assert_eq!(s.fiefs[3].cemetery.len(), 3);
    assert_eq!(
        s.bag_counts().iter().sum::<u32>() + s.discard.len() as u32,
        4
    );
}
