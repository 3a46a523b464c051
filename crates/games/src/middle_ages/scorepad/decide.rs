//! Checking a scorepad entry (a line within the counts the game prints) and the entries a plain
//! client may send whole.

use super::super::actions::TileType;
use super::super::data::data;
use super::actions::{PadAction, PadEvent};
use super::state::PadState;
use engine::who as player;
use engine::{err, Allowed, RuleError};

/// Most coins a pad takes: far above any game (a sanity bound, ours).
const MAX_COINS: i32 = 9999;

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

/// Check an entry and return its events, or the rule that refuses it.
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
