//! The scorepad's entries (actions, events, state), their checks, and its scoresheet.

use super::super::actions::TileType;
use super::super::data::data;
use super::super::scoring::{categories, penalty, rank_key, ranks};
use engine::who as player;
use engine::{err, Allowed, RuleError, ScoreRow, Scoresheet, Seat};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "MiddlePadOptions")]
pub struct PadOptions {}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(tag = "type", rename = "MiddlePadAction")]
pub enum PadAction {
    /// A player's coins as counted at the end (before the penalty) and their tiles per Estate,
    /// Field to Palace. Entering a player again corrects them.
    Enter {
        seat: u8,
        coins: i32,
        tiles: Vec<u8>,
    },
    /// Close the scorepad: totals and places become final.
    Finish,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum PadEvent {
    Entered {
        seat: u8,
        coins: i32,
        tiles: Vec<u8>,
    },
    Finished,
}

/// One player's line on the pad, with what follows from it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "MiddlePadPlayer")]
pub struct PadPlayer {
    pub coins: Option<i32>,
    /// Tiles per Estate, Field to Palace, once entered.
    pub tiles: Option<Vec<u8>>,
    /// Coins lost for empty Estates (positive), once entered.
    pub penalty: i32,
    pub total: i32,
    pub rank: u8,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "MiddlePadState")]
pub struct PadState {
    pub players: Vec<PadPlayer>,
    /// The Estates in tie-break order (Palace first).
    pub tie_break_order: Vec<TileType>,
    pub finished: bool,
}

/// Most coins a pad takes: far above any game (a sanity bound, ours).
const MAX_COINS: i32 = 9999;

pub fn initial(seats: &[Seat]) -> Result<PadState, RuleError> {
    let d = data();
    let n = seats.len();
    if n < usize::from(d.min_players) || n > usize::from(d.max_players) {
        return Err(err(
            "middle.players",
            format!(
                "Middle Ages takes {} to {} players, not {n}",
                d.min_players, d.max_players
            ),
        ));
    }
    let blank = PadPlayer {
        coins: None,
        tiles: None,
        penalty: 0,
        total: 0,
        rank: 1,
    };
    Ok(PadState {
        players: vec![blank; n],
        tie_break_order: d.tie_break_order.clone(),
        finished: false,
    })
}

fn counts(tiles: &[u8]) -> [u32; 8] {
    let mut out = [0u32; 8];
    for (i, &t) in tiles.iter().take(8).enumerate() {
        out[i] = u32::from(t);
    }
    out
}

fn enter(s: &PadState, seat: u8, coins: i32, tiles: &[u8]) -> Result<Vec<PadEvent>, RuleError> {
    let d = data();
    if usize::from(seat) >= s.players.len() {
        return Err(err(
            "middle.no-such-seat",
            format!("there are {} players", s.players.len()),
        ));
    }
    if !(0..=MAX_COINS).contains(&coins) {
        return Err(err(
            "middle.pad-coins",
            format!("enter the coins counted at the end, 0 to {MAX_COINS}"),
        ));
    }
    let held: u32 = tiles.iter().map(|&t| u32::from(t)).sum();
    if tiles.len() != 8 || held > u32::from(d.tiles_per_player) {
        return Err(err(
            "middle.pad-tiles",
            format!(
                "enter the tiles in each of the 8 Estates, at most {} in all",
                d.tiles_per_player
            ),
        ));
    }
    for t in TileType::ALL {
        let others: u32 = s
            .players
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != usize::from(seat))
            .filter_map(|(_, p)| p.tiles.as_ref())
            .map(|v| u32::from(v[t.index()]))
            .sum();
        let printed = d.tiles_of(t);
        if others + u32::from(tiles[t.index()]) > printed {
            return Err(err(
                "middle.tile-count",
                format!(
                    "there are only {printed} {} tiles, and the other players hold {others}",
                    t.name()
                ),
            ));
        }
    }
    Ok(vec![PadEvent::Entered {
        seat,
        coins,
        tiles: tiles.to_vec(),
    }])
}

pub fn handle(s: &PadState, action: &PadAction) -> Result<Vec<PadEvent>, RuleError> {
    if s.finished {
        return Err(err(
            "middle.game-over",
            "the scorepad is closed: undo to correct it",
        ));
    }
    match action {
        PadAction::Enter { seat, coins, tiles } => enter(s, *seat, *coins, tiles),
        PadAction::Finish => match s.players.iter().position(|p| p.coins.is_none()) {
            Some(i) => Err(err(
                "middle.pad-incomplete",
                format!("{}'s coins and tiles are not entered yet", player(i as u8)),
            )),
            None => Ok(vec![PadEvent::Finished]),
        },
    }
}

/// Penalties, totals and places follow every entry.
fn rescore(s: &mut PadState) {
    let keys: Vec<_> = s
        .players
        .iter()
        .map(|p| {
            let c = p.tiles.as_deref().map(counts).unwrap_or([0; 8]);
            rank_key(p.coins.unwrap_or(0), &c)
        })
        .collect();
    let places = ranks(&keys);
    for (i, p) in s.players.iter_mut().enumerate() {
        p.penalty = p.tiles.as_deref().map_or(0, |t| penalty(&counts(t)));
        p.total = p.coins.unwrap_or(0) - p.penalty;
        p.rank = places[i];
    }
}

pub fn apply(s: &mut PadState, e: &PadEvent) {
    match e {
        PadEvent::Entered { seat, coins, tiles } => {
            if let Some(p) = s.players.get_mut(usize::from(*seat)) {
                p.coins = Some(*coins);
                p.tiles = Some(tiles.clone());
            }
            rescore(s);
        }
        PadEvent::Finished => s.finished = true,
    }
}

/// What random play and a plain client can send whole: each player not yet entered with one
/// tile in every Estate (0 or 10 coins per seat, so places differ), and closing once complete.
pub fn allowed(s: &PadState) -> Vec<Allowed<PadAction>> {
    if s.finished {
        return Vec::new();
    }
    let mut out: Vec<Allowed<PadAction>> = s
        .players
        .iter()
        .enumerate()
        .filter(|(_, p)| p.coins.is_none())
        .map(|(i, _)| Allowed {
            label: format!(
                "{}: {} coins, 1 tile in each Estate",
                player(i as u8),
                10 * i
            ),
            group: "entry".into(),
            action: PadAction::Enter {
                seat: i as u8,
                coins: 10 * i as i32,
                tiles: vec![1; 8],
            },
        })
        .collect();
    if s.players.iter().all(|p| p.coins.is_some()) {
        out.push(Allowed {
            label: "Close the scorepad".into(),
            group: "finish".into(),
            action: PadAction::Finish,
        });
    }
    out
}

pub fn score(s: &PadState) -> Scoresheet {
    let rows = s
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| ScoreRow {
            seat: i as u8,
            name: String::new(),
            breakdown: vec![p.coins.unwrap_or(0), -p.penalty],
            total: p.total,
            rank: p.rank,
            winner: s.finished && p.rank == 1,
            title: None,
            role: None,
            unscored: false,
        })
        .collect();
    Scoresheet {
        categories: categories(),
        rows,
        final_: s.finished,
    }
}

pub fn summarize(action: &PadAction) -> String {
    match action {
        PadAction::Enter { seat, coins, tiles } => {
            let listed: Vec<String> = TileType::ALL
                .iter()
                .zip(tiles)
                .map(|(t, n)| format!("{n} {}", t.name()))
                .collect();
            format!("{}: {coins} coins; {}", player(*seat), listed.join(", "))
        }
        PadAction::Finish => "closed the scorepad".into(),
    }
}
