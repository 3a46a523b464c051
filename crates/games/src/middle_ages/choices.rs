//! The choices an Effect needs (Village: which Cemetery tile; Rampart: where the Scout goes;
//! Church: which Estate takes the Extra Coin; Palace: which Estate and type the Plot token takes),
//! listed and checked on the state after the move and the placement (reading A13, A17, A7, A8).

use super::actions::{plot_name, Choice, Pos, TileType};
use super::data::{data, Effect};
use super::state::MiddleState;
use engine::{err, who as player, RuleError};

/// Which choice this Estate's Effect takes, if any.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Need {
    Restore,
    Scout,
    ExtraCoin,
    Plot,
}

fn need(kind: TileType) -> Option<Need> {
    match data().estate(kind).effect {
        Effect::Restore => Some(Need::Restore),
        Effect::Scout => Some(Need::Scout),
        Effect::ExtraCoin => Some(Need::ExtraCoin),
        Effect::PlotToken => Some(Need::Plot),
        _ => None,
    }
}

/// Why the Scout may not go on `at`, if it may not: a plot with a tile, outside the row its
/// Lord stands in, with no Lord and no other player's Scout (line 31; reading A17).
fn scout_refusal(s: &MiddleState, seat: u8, at: Pos) -> Option<RuleError> {
    if !s.on_board(at) {
        return Some(err(
            "middle.no-such-plot",
            format!("there is no {}", plot_name(at)),
        ));
    }
    let lord_row = s.fief(seat).and_then(|f| f.lord).map(|p| p.row);
    if lord_row == Some(at.row) {
        return Some(err(
            "middle.scout-row",
            "the Scout goes to a row your Lord is not in",
        ));
    }
    if s.tile_at(at).is_none() {
        return Some(err(
            "middle.scout-occupied",
            format!("no tile lies on {}", plot_name(at)),
        ));
    }
    if let Some(other) = s.lord_at(at) {
        return Some(err(
            "middle.scout-occupied",
            format!("{}'s Lord stands on {}", player(other), plot_name(at)),
        ));
    }
    match s.scout_at(at) {
        Some(other) if other != seat => Some(err(
            "middle.scout-occupied",
            format!(
                "{}'s Scout already reserves {}",
                player(other),
                plot_name(at)
            ),
        )),
        _ => None,
    }
}

/// Every choice the Effect allows now (empty: the Effect takes no choice).
pub fn legal(s: &MiddleState, seat: u8, kind: TileType) -> Vec<Choice> {
    let Some(f) = s.fief(seat) else {
        return Vec::new();
    };
    match need(kind) {
        None => Vec::new(),
        Some(Need::Restore) => (0..f.cemetery.len())
            .map(|i| Choice::Restore { index: i as u8 })
            .collect(),
        Some(Need::Scout) => (0..s.row_count())
            .flat_map(|row| (0..s.width()).map(move |slot| Pos { row, slot }))
            .filter(|&at| scout_refusal(s, seat, at).is_none())
            .map(|at| Choice::Scout { at })
            .collect(),
        Some(Need::ExtraCoin) if s.tokens_left.extra_coin > 0 => TileType::ALL
            .into_iter()
            .filter(|&e| !f.has_extra_coin(e))
            .map(|estate| Choice::ExtraCoin { estate })
            .collect(),
        Some(Need::Plot) if s.tokens_left.plot > 0 => TileType::ALL
            .into_iter()
            .filter(|&e| !f.has_plot(e))
            .flat_map(|estate| {
                let rewarded = f.rewards(estate);
                TileType::ALL
                    .into_iter()
                    .filter(move |t| !rewarded.contains(t))
                    .map(move |rewards| Choice::Plot { estate, rewards })
            })
            .collect(),
        Some(_) => Vec::new(),
    }
}

/// What the Effect of `kind` asks for, said plainly (for a refusal).
fn asks(kind: TileType) -> &'static str {
    match need(kind) {
        Some(Need::Restore) => "a Village brings back a tile from your Cemetery: choose which",
        Some(Need::Scout) => "a Rampart places your Scout: choose a plot for it",
        Some(Need::ExtraCoin) => "a Church places an Extra Coin token: choose an Estate",
        Some(Need::Plot) => "a Palace places a Plot token: choose an Estate and a plot type",
        None => "this Estate's Effect takes no choice",
    }
}

pub fn check(
    s: &MiddleState,
    seat: u8,
    kind: TileType,
    choice: Option<Choice>,
) -> Result<(), RuleError> {
    let Some(c) = choice else {
        return if legal(s, seat, kind).is_empty() {
            Ok(())
        } else {
            Err(err("middle.choice-required", asks(kind)))
        };
    };
    let fits = matches!(
        (need(kind), c),
        (Some(Need::Restore), Choice::Restore { .. })
            | (Some(Need::Scout), Choice::Scout { .. })
            | (Some(Need::ExtraCoin), Choice::ExtraCoin { .. })
            | (Some(Need::Plot), Choice::Plot { .. })
    );
    if !fits {
        return Err(err(
            "middle.choice-mismatch",
            format!("the {} you take does not {}", kind.name(), describe_need(c)),
        ));
    }
    let Some(f) = s.fief(seat) else {
        return Err(err("middle.no-such-seat", "no such player"));
    };
    match c {
        Choice::Restore { index } => {
            if usize::from(index) >= f.cemetery.len() {
                let held = match f.cemetery.len() {
                    0 => "your Cemetery is empty".to_string(),
                    1 => "your Cemetery holds 1 tile".to_string(),
                    n => format!("your Cemetery holds {n} tiles"),
                };
                return Err(err("middle.village-choice", held));
            }
        }
        Choice::Scout { at } => {
            if let Some(e) = scout_refusal(s, seat, at) {
                return Err(e);
            }
        }
        Choice::ExtraCoin { estate } => {
            if f.has_extra_coin(estate) {
                return Err(err(
                    "middle.extra-coin-space-full",
                    format!("your {} already holds an Extra Coin token", estate.name()),
                ));
            }
            if s.tokens_left.extra_coin == 0 {
                return Err(err(
                    "middle.token-supply",
                    "no Extra Coin token is left in the supply",
                ));
            }
        }
        Choice::Plot { estate, rewards } => check_plot(s, seat, estate, rewards)?,
    }
    Ok(())
}

fn check_plot(
    s: &MiddleState,
    seat: u8,
    estate: TileType,
    rewards: TileType,
) -> Result<(), RuleError> {
    let Some(f) = s.fief(seat) else {
        return Err(err("middle.no-such-seat", "no such player"));
    };
    if f.has_plot(estate) {
        return Err(err(
            "middle.plot-space-full",
            format!("your {} already holds a Plot token", estate.name()),
        ));
    }
    if f.rewards(estate).contains(&rewards) {
        return Err(err(
            "middle.plot-already-rewarded",
            format!(
                "your {} already rewards {} tiles",
                estate.name(),
                rewards.name()
            ),
        ));
    }
    if s.tokens_left.plot == 0 {
        return Err(err(
            "middle.token-supply",
            "no Plot token is left in the supply",
        ));
    }
    Ok(())
}

/// What a choice would do, for the refusal of one that does not fit.
fn describe_need(c: Choice) -> &'static str {
    match c {
        Choice::Restore { .. } => "bring back a Cemetery tile (a Village does)",
        Choice::Scout { .. } => "place the Scout (a Rampart does)",
        Choice::ExtraCoin { .. } => "place an Extra Coin token (a Church does)",
        Choice::Plot { .. } => "place a Plot token (a Palace does)",
    }
}

/// A choice in a few words, for labels and the log.
pub fn describe(c: Choice) -> String {
    match c {
        Choice::Restore { index } => format!("bring back Cemetery tile {}", u32::from(index) + 1),
        Choice::Scout { at } => format!("Scout on {}", plot_name(at)),
        Choice::ExtraCoin { estate } => format!("Extra Coin on the {}", estate.name()),
        Choice::Plot { estate, rewards } => format!(
            "Plot token on the {} rewarding {}",
            estate.name(),
            rewards.name()
        ),
    }
}
