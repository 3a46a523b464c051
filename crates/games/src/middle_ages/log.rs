//! The log line of each accepted action, written from its events ("player 1 moves to row 2,
//! plot 3 and takes the Mill: player 2 pays 2, income 4; 12 coins").

use super::actions::{plot_name, MiddleAction, MiddleEvent, TileType};
use super::apply::apply;
use super::choices::describe;
use super::state::MiddleState;
use engine::who as player;

fn names(tiles: &[TileType]) -> String {
    tiles
        .iter()
        .map(|t| t.name())
        .collect::<Vec<_>>()
        .join(", ")
}

fn signed(n: i32) -> String {
    if n >= 0 {
        format!("+{n}")
    } else {
        format!("−{}", -n)
    }
}

/// "1 Farmer", "2 Chests", "1 Farmer, 2 Chests", "no symbols".
fn symbols_words(farmers: u8, chests: u8) -> String {
    match (farmers, chests) {
        (0, 0) => "no symbols".to_string(),
        (f, 0) => plural(f, "Farmer"),
        (0, c) => plural(c, "Chest"),
        (f, c) => format!("{}, {}", plural(f, "Farmer"), plural(c, "Chest")),
    }
}

fn plural(n: u8, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

fn coins(n: i32) -> String {
    if n == 1 {
        "1 coin".into()
    } else {
        format!("{n} coins")
    }
}

/// What happened beyond the action itself: round boundaries, reshuffles, the end.
fn tail(events: &[MiddleEvent]) -> String {
    let mut out = String::new();
    for e in events {
        match e {
            MiddleEvent::RoundEnded { round } => out += &format!("; round {round} ends"),
            MiddleEvent::RoundStarted { round, .. } => out += &format!("; round {round} begins"),
            MiddleEvent::TilesDiscarded { tiles, .. } => {
                let kinds: Vec<TileType> = tiles.iter().map(|t| t.kind).collect();
                out += &format!(" (discarded: {})", names(&kinds));
            }
            MiddleEvent::GameEnded => out += "; the game is over",
            _ => {}
        }
    }
    out
}

fn take_line(before: &MiddleState, events: &[MiddleEvent]) -> String {
    let mut after = before.clone();
    for e in events {
        apply(&mut after, e);
    }
    let mut head = String::new();
    let mut parts: Vec<String> = Vec::new();
    let mut who = 0;
    for e in events {
        match e {
            MiddleEvent::LordMoved {
                seat, to: Some(to), ..
            } => head = format!("{} moves to {}", player(*seat), plot_name(*to)),
            MiddleEvent::TileTaken { seat, tile, .. } => {
                who = *seat;
                let taken = format!("takes the {}", tile.kind.name());
                let marks = match (tile.farmers, tile.chests) {
                    (0, 0) => String::new(),
                    (f, c) => format!(" ({})", symbols_words(f, c)),
                };
                head = if head.is_empty() {
                    format!("{} {taken}{marks}", player(*seat))
                } else {
                    format!("{head} and {taken}{marks}")
                };
            }
            MiddleEvent::ScoutReturned { .. } => parts.push("Scout comes back".into()),
            MiddleEvent::PrintingTaught { printing } => parts.push(format!(
                "every {} remembered as printing {}",
                printing.kind.name(),
                symbols_words(printing.symbols.farmers, printing.symbols.chests)
            )),
            MiddleEvent::CoinsPaid { from, amount, .. } => {
                parts.push(format!("{} pays {amount}", player(*from)))
            }
            MiddleEvent::TileLost { seat, tile } => parts.push(format!(
                "{} loses a {} to the Cemetery",
                player(*seat),
                tile.kind.name()
            )),
            MiddleEvent::TileRestored { tile, .. } => {
                parts.push(format!("brings back a {}", tile.kind.name()))
            }
            MiddleEvent::ScoutPlaced { at, .. } => {
                parts.push(describe(super::actions::Choice::Scout { at: *at }))
            }
            MiddleEvent::ExtraCoinPlaced { estate, .. } => {
                parts.push(describe(super::actions::Choice::ExtraCoin {
                    estate: *estate,
                }))
            }
            MiddleEvent::PlotPlaced {
                estate, rewards, ..
            } => parts.push(describe(super::actions::Choice::Plot {
                estate: *estate,
                rewards: *rewards,
            })),
            MiddleEvent::EffectCoins { amount, .. } if *amount != 0 => {
                parts.push(format!("effect {}", signed(*amount)))
            }
            MiddleEvent::Income { amount, .. } => parts.push(format!("income {amount}")),
            _ => {}
        }
    }
    let now = after.fief(who).map_or(0, |f| f.coins);
    format!(
        "{head}: {}; {}{}",
        parts.join(", "),
        coins(now),
        tail(events)
    )
}

pub fn summarize(before: &MiddleState, action: &MiddleAction, events: &[MiddleEvent]) -> String {
    match action {
        MiddleAction::LayRows { rows } => {
            let how = if rows.is_none() {
                "Drew the four rows"
            } else {
                "Laid the four rows as on the table"
            };
            let listed: Vec<String> = events
                .iter()
                .filter_map(|e| match e {
                    MiddleEvent::RowsLaid { rows, .. } => Some(
                        rows.iter()
                            .map(|r| names(r))
                            .collect::<Vec<_>>()
                            .join(" / "),
                    ),
                    _ => None,
                })
                .collect();
            format!("{how}: {}", listed.join(""))
        }
        MiddleAction::ChooseFirst { seat } => {
            let first = events.iter().find_map(|e| match e {
                MiddleEvent::PlacementOrder { order, .. } => order.first().copied(),
                _ => None,
            });
            let how = if seat.is_none() { " (drawn)" } else { "" };
            format!(
                "{} places a Lord first{how}",
                first.map_or("nobody".into(), player)
            )
        }
        MiddleAction::PlaceLord { at } => format!(
            "{} places their Lord on {}{}",
            before.actor().map_or("a player".into(), player),
            plot_name(*at),
            tail(events)
        ),
        MiddleAction::Take { .. } => take_line(before, events),
        MiddleAction::ResolveEvent { name, coins } => {
            let changes: Vec<String> = coins
                .iter()
                .enumerate()
                .map(|(i, &c)| format!("{} {}", player(i as u8), signed(c)))
                .collect();
            format!(
                "Event of round {}: {} — {}{}",
                before.round,
                name.trim(),
                changes.join(", "),
                tail(events)
            )
        }
        MiddleAction::Refill { tiles } => {
            let mut line = String::new();
            for e in events {
                match e {
                    MiddleEvent::DiscardsReshuffled { tiles } => {
                        line += &format!("{} discarded tiles reshuffled; ", tiles.len())
                    }
                    MiddleEvent::OrangeTilesAdded { tiles } => {
                        let n = tiles.len();
                        let word = if n == 1 { "tile" } else { "tiles" };
                        line += &format!("{n} new {word} from the Orange Deck; ")
                    }
                    MiddleEvent::RowRefilled {
                        row, tiles: laid, ..
                    } => {
                        let how = if tiles.is_none() { "drawn" } else { "laid" };
                        line += &format!(
                            "Row {} refilled ({how}): {}",
                            u32::from(*row) + 1,
                            names(laid)
                        );
                    }
                    _ => {}
                }
            }
            line + &tail(events)
        }
    }
}
