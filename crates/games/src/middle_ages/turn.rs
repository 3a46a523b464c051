//! A turn (003 lines 13–17): the Lord moves to an empty plot of the next row, the plot it left
//! goes into the Estate of its type, then that Estate's Effect and then its Income, all computed
//! here; the round ends after the last player in turn order.

use super::actions::{plot_name, Choice, MiddleEvent, Pos, Printing, Symbols, Tile, TileType};
use super::choices;
use super::data::{data, Effect, Symbol};
use super::outcome::Outcome;
use super::round::continue_after_round;
use super::state::MiddleState;
use engine::{err, who as player, RuleError};

/// Lords move in rounds 1 to 15; in round 16 nobody moves, the game ends (reading A4).
pub fn moves_this_round(s: &MiddleState) -> bool {
    s.round < data().rounds
}

/// Whether `seat`'s Lord may move to `at` now: the next row, a plot with a tile, no Lord there,
/// and no other player's Scout (003 lines 15 and 31).
pub fn check_destination(s: &MiddleState, seat: u8, at: Pos) -> Result<(), RuleError> {
    let next = s.next_row();
    if at.row != next {
        return Err(err(
            "middle.not-next-row",
            format!("Lords move to the next row, row {}", u32::from(next) + 1),
        ));
    }
    if at.slot >= s.width() {
        return Err(err(
            "middle.no-such-plot",
            format!("row {} has plots 1 to {}", u32::from(next) + 1, s.width()),
        ));
    }
    if s.tile_at(at).is_none() {
        return Err(err(
            "middle.no-such-plot",
            format!("no tile lies on {}", plot_name(at)),
        ));
    }
    if let Some(other) = s.lord_at(at) {
        return Err(err(
            "middle.plot-taken",
            format!(
                "{}'s Lord already stands on {}",
                player(other),
                plot_name(at)
            ),
        ));
    }
    match s.scout_at(at) {
        Some(owner) if owner != seat => Err(err(
            "middle.scout-reserved",
            format!("{}'s Scout reserves {}", player(owner), plot_name(at)),
        )),
        _ => Ok(()),
    }
}

/// The state once the Lord has moved and the plot it left is in its Estate (before the Effect):
/// what the Effect's choices are checked against.
pub struct AfterMove {
    pub state: MiddleState,
    pub events: Vec<MiddleEvent>,
    pub kind: TileType,
}

pub fn after_move(s: &MiddleState, seat: u8, to: Option<Pos>) -> Option<AfterMove> {
    after_move_with(s, seat, to, Symbols::default())
}

fn after_move_with(
    s: &MiddleState,
    seat: u8,
    to: Option<Pos>,
    symbols: Symbols,
) -> Option<AfterMove> {
    let from = s.fief(seat)?.lord?;
    let kind = s.tile_at(from)?;
    let mut out = Outcome::new(s);
    if let Some(to) = to {
        // The Scout comes home when its Lord reaches its row, taken or not (line 31's note).
        if let Some(at) = s.fiefs[usize::from(seat)].scout {
            if at.row == to.row {
                out.push(MiddleEvent::ScoutReturned { seat, at });
            }
        }
        out.push(MiddleEvent::LordMoved {
            seat,
            from,
            to: Some(to),
        });
    }
    out.push(MiddleEvent::TileTaken {
        seat,
        from,
        tile: Tile {
            kind,
            farmers: symbols.farmers,
            chests: symbols.chests,
        },
    });
    Some(AfterMove {
        state: out.state,
        events: out.events,
        kind,
    })
}

pub fn take(
    s: &MiddleState,
    to: Option<Pos>,
    symbols: Symbols,
    choice: Option<Choice>,
    teach: bool,
) -> Result<Vec<MiddleEvent>, RuleError> {
    let Some(seat) = s.actor() else {
        return Err(err("middle.phase", "every player has moved this round"));
    };
    match (moves_this_round(s), to) {
        (false, Some(_)) => {
            return Err(err(
                "middle.no-next-row",
                "in round 16 the Lords stay: take the plot your Lord stands on",
            ))
        }
        (true, None) => {
            return Err(err(
                "middle.move-required",
                format!(
                    "move your Lord to a plot of the next row, row {}",
                    u32::from(s.next_row()) + 1
                ),
            ))
        }
        (true, Some(at)) => check_destination(s, seat, at)?,
        (false, None) => {}
    }
    let max = data().max_symbols_per_tile;
    if symbols.farmers > max || symbols.chests > max {
        return Err(err(
            "middle.symbols-range",
            format!("a tile shows 0 to {max} Farmers and 0 to {max} Chests"),
        ));
    }
    let Some(after) = after_move_with(s, seat, to, symbols) else {
        return Err(err("middle.phase", "this Lord stands on no tile"));
    };
    choices::check(&after.state, seat, after.kind, choice)?;
    // The Extra Coin counts only if the token was there before this take (reading A1).
    let bonus = if s.fiefs[usize::from(seat)].has_extra_coin(after.kind) {
        data().extra_coin_bonus
    } else {
        0
    };
    let mut out = Outcome {
        state: after.state,
        events: after.events,
    };
    // Taught: every tile of this type prints these (reading A21), from this take on.
    if teach && s.printing(after.kind) != Some(symbols) {
        out.push(MiddleEvent::PrintingTaught {
            printing: Printing {
                kind: after.kind,
                symbols,
            },
        });
    }
    effect(&mut out, seat, after.kind, choice, bonus);
    let income = income(&out.state, seat, after.kind);
    out.push(MiddleEvent::Income {
        seat,
        amount: income,
    });
    out.push(MiddleEvent::TurnEnded { seat });
    if usize::from(out.state.turn) >= out.state.order.len() {
        out.push(MiddleEvent::RoundEnded {
            round: out.state.round,
        });
        continue_after_round(&mut out, false);
    }
    Ok(out.events)
}

/// The Estate's Income: its rate for each tile of every type it rewards, counted after the
/// Effect (line 17), a Plot token placed by this very take included (reading A6).
pub fn income(s: &MiddleState, seat: u8, estate: TileType) -> i32 {
    let Some(f) = s.fief(seat) else {
        return 0;
    };
    let counted: u32 = f.rewards(estate).iter().map(|&t| f.count(t)).sum();
    data().estate(estate).income.rate * counted as i32
}

/// The Estate's Effect (003 lines 25–39), then its coins from the bank with the Extra Coin.
fn effect(out: &mut Outcome, seat: u8, kind: TileType, choice: Option<Choice>, bonus: i32) {
    let mut gain = 0;
    match &data().estate(kind).effect {
        Effect::PerSymbol { symbol, coins } => {
            // Symbols on every tile in the Estates, not the Cemetery (reading A12).
            let f = &out.state.fiefs[usize::from(seat)];
            let n: u32 = f
                .tiles()
                .map(|t| match symbol {
                    Symbol::Farmer => u32::from(t.farmers),
                    Symbol::Chest => u32::from(t.chests),
                })
                .sum();
            gain = coins * n as i32;
        }
        Effect::Levy { coins } => {
            let mine = out.state.count(seat, kind);
            for other in (0..out.state.seats).filter(|&o| o != seat) {
                if out.state.count(other, kind) < mine {
                    pay(out, other, seat, *coins);
                }
            }
        }
        Effect::Raid { coins } => raid(out, seat, kind, *coins),
        Effect::Restore | Effect::Scout | Effect::ExtraCoin | Effect::PlotToken => {
            if let Some(e) = choice.and_then(|c| placed(&out.state, seat, c)) {
                out.push(e);
            }
        }
    }
    out.push(MiddleEvent::EffectCoins {
        seat,
        amount: gain + bonus,
    });
}

/// The event of a checked choice (Village, Rampart, Church, Palace).
fn placed(s: &MiddleState, seat: u8, c: Choice) -> Option<MiddleEvent> {
    Some(match c {
        Choice::Restore { index } => MiddleEvent::TileRestored {
            seat,
            index,
            tile: *s.fief(seat)?.cemetery.get(usize::from(index))?,
        },
        Choice::Scout { at } => MiddleEvent::ScoutPlaced { seat, at },
        Choice::ExtraCoin { estate } => MiddleEvent::ExtraCoinPlaced { seat, estate },
        Choice::Plot { estate, rewards } => MiddleEvent::PlotPlaced {
            seat,
            estate,
            rewards,
        },
    })
}

/// A payer gives what they have, up to `coins` (reading A10: coins never go below 0).
fn pay(out: &mut Outcome, from: u8, to: u8, coins: i32) {
    let amount = coins.min(out.state.fiefs[usize::from(from)].coins.max(0));
    out.push(MiddleEvent::CoinsPaid { from, to, amount });
}

/// Barracks: every other player with fewer Ramparts than this player's Barracks loses their
/// leftmost, topmost tile to the Cemetery and pays (line 35; readings A9–A11).
fn raid(out: &mut Outcome, seat: u8, kind: TileType, coins: i32) {
    let strength = out.state.count(seat, kind);
    for other in (0..out.state.seats).filter(|&o| o != seat) {
        if out.state.count(other, TileType::Rampart) >= strength {
            continue;
        }
        let f = &out.state.fiefs[usize::from(other)];
        if let Some(tile) = f.estates.iter().find_map(|column| column.first()).copied() {
            out.push(MiddleEvent::TileLost { seat: other, tile });
        }
        pay(out, other, seat, coins);
    }
}

/// A button's label: "Row 2, plot 3: take the Mill, Scout on row 4, plot 1".
pub fn label(kind: TileType, to: Option<Pos>, choice: Option<Choice>) -> String {
    let head = match to {
        Some(at) => format!("Move to {} and take the {}", plot_name(at), kind.name()),
        None => format!("Take the {}", kind.name()),
    };
    match choice {
        None => head,
        Some(c) => format!("{head}: {}", choices::describe(c)),
    }
}
