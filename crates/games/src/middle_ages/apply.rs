//! Applying outcomes to the state: never fails, never draws a random number (every event was
//! checked when it was decided, and draws are in the events).

use super::actions::{MiddleEvent, Pos};
use super::state::{phase_after_round, EventRecord, Fief, MiddleState, Phase};

fn fief(s: &mut MiddleState, seat: u8) -> Option<&mut Fief> {
    s.fiefs.get_mut(usize::from(seat))
}

fn plot(s: &mut MiddleState, at: Pos) -> Option<&mut Option<super::actions::TileType>> {
    s.rows
        .get_mut(usize::from(at.row))
        .and_then(|r| r.get_mut(usize::from(at.slot)))
}

fn add_coins(s: &mut MiddleState, seat: u8, amount: i32) {
    if let Some(f) = fief(s, seat) {
        f.coins = f.coins.saturating_add(amount);
    }
}

pub fn apply(s: &mut MiddleState, e: &MiddleEvent) {
    match e {
        MiddleEvent::RowsLaid { rows, .. } => {
            s.rows = rows
                .iter()
                .map(|r| r.iter().copied().map(Some).collect())
                .collect();
            s.phase = Phase::ChooseFirst;
        }
        MiddleEvent::PlacementOrder { order, .. } => {
            s.phase = Phase::Placing {
                order: order.clone(),
                next: 0,
            };
        }
        MiddleEvent::LordPlaced { seat, at } => {
            if let Some(f) = fief(s, *seat) {
                f.lord = Some(*at);
            }
            if let Phase::Placing { next, .. } = &mut s.phase {
                *next += 1;
            }
        }
        MiddleEvent::RoundStarted { round, order, .. } => {
            s.round = *round;
            s.order = order.clone();
            s.turn = 0;
            s.phase = Phase::Turns;
        }
        MiddleEvent::TilesDiscarded { row, tiles } => {
            for t in tiles {
                if let Some(p) = plot(
                    s,
                    Pos {
                        row: *row,
                        slot: t.slot,
                    },
                ) {
                    *p = None;
                }
                s.discard.push(t.kind);
            }
        }
        MiddleEvent::ScoutReturned { seat, .. } => {
            if let Some(f) = fief(s, *seat) {
                f.scout = None;
            }
        }
        MiddleEvent::LordMoved { seat, to, .. } => {
            if let (Some(f), Some(to)) = (fief(s, *seat), to) {
                f.lord = Some(*to);
            }
        }
        MiddleEvent::TurnEnded { .. } => s.turn += 1,
        MiddleEvent::RoundEnded { round } => s.phase = phase_after_round(*round, false),
        MiddleEvent::EventResolved { round, name, coins } => {
            for (seat, &c) in coins.iter().enumerate() {
                add_coins(s, seat as u8, c);
            }
            s.events.push(EventRecord {
                round: *round,
                name: name.clone(),
                coins: coins.clone(),
            });
            s.phase = phase_after_round(*round, true);
        }
        MiddleEvent::DiscardsReshuffled { tiles } => {
            for t in tiles {
                if let Some(i) = s.discard.iter().position(|d| d == t) {
                    s.discard.remove(i);
                }
            }
        }
        MiddleEvent::OrangeTilesAdded { tiles } => s.orange.extend(tiles.iter().copied()),
        MiddleEvent::PrintingTaught { printing } => {
            s.printings.retain(|p| p.kind != printing.kind);
            s.printings.push(*printing);
        }
        MiddleEvent::RowRefilled { row, tiles, .. } => {
            if let Some(r) = s.rows.get_mut(usize::from(*row)) {
                *r = tiles.iter().copied().map(Some).collect();
            }
        }
        MiddleEvent::GameEnded => s.phase = Phase::Over,
        _ => apply_take(s, e),
    }
}

/// The events of a take: tiles, coins, Scouts and tokens moving.
fn apply_take(s: &mut MiddleState, e: &MiddleEvent) {
    match e {
        MiddleEvent::TileTaken { seat, from, tile } => {
            if let Some(p) = plot(s, *from) {
                *p = None;
            }
            if let Some(column) = fief(s, *seat).and_then(|f| f.estates.get_mut(tile.kind.index()))
            {
                column.push(*tile);
            }
        }
        MiddleEvent::CoinsPaid { from, to, amount } => {
            add_coins(s, *from, -amount);
            add_coins(s, *to, *amount);
        }
        MiddleEvent::TileLost { seat, tile } => {
            if let Some(f) = fief(s, *seat) {
                if let Some(column) = f.estates.get_mut(tile.kind.index()) {
                    if !column.is_empty() {
                        column.remove(0);
                    }
                }
                f.cemetery.push(*tile);
            }
        }
        MiddleEvent::TileRestored { seat, index, tile } => {
            if let Some(f) = fief(s, *seat) {
                if usize::from(*index) < f.cemetery.len() {
                    f.cemetery.remove(usize::from(*index));
                }
                if let Some(column) = f.estates.get_mut(tile.kind.index()) {
                    column.push(*tile);
                }
            }
        }
        MiddleEvent::ScoutPlaced { seat, at } => {
            if let Some(f) = fief(s, *seat) {
                f.scout = Some(*at);
            }
        }
        MiddleEvent::ExtraCoinPlaced { seat, estate } => {
            if let Some(slot) = fief(s, *seat).and_then(|f| f.extra_coin.get_mut(estate.index())) {
                *slot = true;
            }
            s.tokens_left.extra_coin = s.tokens_left.extra_coin.saturating_sub(1);
        }
        MiddleEvent::PlotPlaced {
            seat,
            estate,
            rewards,
        } => {
            if let Some(slot) = fief(s, *seat).and_then(|f| f.plot.get_mut(estate.index())) {
                *slot = Some(*rewards);
            }
            s.tokens_left.plot = s.tokens_left.plot.saturating_sub(1);
        }
        MiddleEvent::EffectCoins { seat, amount } | MiddleEvent::Income { seat, amount } => {
            add_coins(s, *seat, *amount)
        }
        _ => {}
    }
}

/// Catalogue entries an event teaches: the names of resolved events, offered in later games.
pub fn learned(e: &MiddleEvent) -> Vec<(String, serde_json::Value)> {
    match e {
        MiddleEvent::EventResolved { name, .. } => {
            vec![(format!("event:{name}"), serde_json::json!({ "name": name }))]
        }
        MiddleEvent::PrintingTaught { printing } => vec![(
            format!("tile:{}", printing.kind.name()),
            engine::to_json(&printing.symbols),
        )],
        _ => Vec::new(),
    }
}
