//! The round cycle: a round starts (its turn order from the Lords, its unselected tiles
//! discarded), ends, has its event entered on rounds 4, 8, 12 and 16 (003 line 21), and has its
//! emptied row refilled through round 12 (line 19, reading A4); the game ends after round 16's
//! event (line 43).

use super::actions::{Discarded, MiddleEvent, Pos, RunOut, TileType};
use super::data::data;
use super::outcome::Outcome;
use super::state::{phase_after_round, MiddleState, Phase};
use engine::{err, who as player, GameRng, RuleError};
use rand::seq::SliceRandom;

/// Round `round` begins: turn order by the Lords in its row, leftmost first (003 line 13), and
/// the tiles no Lord stands on are discarded (line 11).
pub(super) fn start_round(out: &mut Outcome, round: u8) {
    let row = round.saturating_sub(1) % out.state.row_count();
    let s = &out.state;
    let mut standing: Vec<(u8, u8)> = (0..s.seats)
        .filter_map(|seat| {
            s.fiefs[usize::from(seat)]
                .lord
                .filter(|at| at.row == row)
                .map(|at| (at.slot, seat))
        })
        .collect();
    standing.sort();
    let order = standing.into_iter().map(|(_, seat)| seat).collect();
    let tiles: Vec<Discarded> = (0..s.width())
        .filter_map(|slot| {
            let at = Pos { row, slot };
            match (s.tile_at(at), s.lord_at(at)) {
                (Some(kind), None) => Some(Discarded { slot, kind }),
                _ => None,
            }
        })
        .collect();
    out.push(MiddleEvent::RoundStarted { round, row, order });
    if !tiles.is_empty() {
        out.push(MiddleEvent::TilesDiscarded { row, tiles });
    }
}

/// After the round's last turn, or its event: the next round, the end, or nothing (an event or
/// a refill is due and its own action follows).
pub(super) fn continue_after_round(out: &mut Outcome, event_done: bool) {
    let round = out.state.round;
    match phase_after_round(round, event_done) {
        Phase::Turns => start_round(out, round + 1),
        Phase::Over => out.push(MiddleEvent::GameEnded),
        _ => {}
    }
}

pub fn resolve_event(
    s: &MiddleState,
    name: &str,
    coins: &[i32],
) -> Result<Vec<MiddleEvent>, RuleError> {
    let d = data();
    let name = name.trim();
    if name.is_empty() || name.chars().count() > d.max_event_name {
        return Err(err(
            "middle.event-name",
            format!("name the event card (1 to {} characters)", d.max_event_name),
        ));
    }
    if coins.len() != usize::from(s.seats) {
        // A change past the last seat is for someone who is not at the table.
        let extra = if coins.len() > usize::from(s.seats) {
            ": a change past the last player is for nobody at the table".to_string()
        } else {
            String::new()
        };
        return Err(err(
            "middle.event-seats",
            format!(
                "give one coin change for each of the {} players, not {}{extra}",
                s.seats,
                coins.len()
            ),
        ));
    }
    for (seat, &change) in coins.iter().enumerate() {
        if !(-d.max_event_coins..=d.max_event_coins).contains(&change) {
            return Err(err(
                "middle.event-coins",
                format!(
                    "an event changes a player's coins by at most {}",
                    d.max_event_coins
                ),
            ));
        }
        let have = s.fiefs[seat].coins;
        if have + change < 0 {
            return Err(err(
                "middle.event-coins",
                format!(
                    "{} has only {have} coins and cannot lose {}",
                    player(seat as u8),
                    -change
                ),
            ));
        }
    }
    let mut out = Outcome::new(s);
    out.push(MiddleEvent::EventResolved {
        round: s.round,
        name: name.to_string(),
        coins: coins.to_vec(),
    });
    continue_after_round(&mut out, true);
    Ok(out.events)
}

pub fn refill(
    s: &MiddleState,
    tiles: Option<&[TileType]>,
    rng: &mut GameRng,
) -> Result<Vec<MiddleEvent>, RuleError> {
    let width = usize::from(s.width());
    let row = s.current_row();
    let mut out = Outcome::new(s);
    let (tiles, drawn) = match tiles {
        Some(tiles) => {
            if tiles.len() != width {
                return Err(err(
                    "middle.refill-shape",
                    format!("a row holds {width} plots (one more than the players), left to right"),
                ));
            }
            match s.run_out {
                RunOut::Reshuffle => reshuffled_row(&mut out, tiles)?,
                RunOut::OrangeDeck => orange_row(&mut out, tiles)?,
            }
            (tiles.to_vec(), false)
        }
        None => {
            if out.state.bag().len() < width {
                match s.run_out {
                    RunOut::Reshuffle => reshuffle(&mut out),
                    RunOut::OrangeDeck => return Err(orange_needed(s)),
                }
            }
            let mut bag = out.state.bag();
            if bag.len() < width {
                return Err(err(
                    "middle.tile-count",
                    format!("only {} tiles are left to draw", bag.len()),
                ));
            }
            bag.shuffle(rng);
            let mut drawn = bag[..width].to_vec();
            drawn.sort();
            (drawn, true)
        }
    };
    out.push(MiddleEvent::RowRefilled { row, tiles, drawn });
    start_round(&mut out, s.round + 1);
    Ok(out.events)
}

/// Whether the app can draw the next row: not once the bag is short at a table that adds the
/// Orange Deck (the app does not know its tiles).
pub fn can_draw(s: &MiddleState) -> bool {
    s.run_out == RunOut::Reshuffle || s.bag().len() >= usize::from(s.width())
}

/// The refusal of a drawn row once the bag is short at an Orange Deck table.
fn orange_needed(s: &MiddleState) -> RuleError {
    let left = s.bag().len();
    let width = usize::from(s.width());
    let message = if left == 0 {
        format!(
            "the draw tiles have run out: lay {width} tiles from the Orange Deck and enter the row"
        )
    } else {
        format!(
            "only {left} {} left to draw: lay {} with {} from the Orange Deck and enter the row",
            tiles_word(left as u32),
            if left == 1 { "it" } else { "them" },
            width - left
        )
    };
    err("middle.orange-deck", message)
}

fn tiles_word(n: u32) -> &'static str {
    if n == 1 {
        "tile is"
    } else {
        "tiles are"
    }
}

/// A row laid at a reshuffling table: a tile comes from the bag or, once the bag is short of
/// it, from the reshuffled discards: any of the 84 not in play (line 19; reading A4).
fn reshuffled_row(out: &mut Outcome, tiles: &[TileType]) -> Result<(), RuleError> {
    let s = &out.state;
    let (bag, discard) = (s.bag_counts(), s.discard_counts());
    let mut available = bag;
    for i in 0..8 {
        available[i] += discard[i];
    }
    check_tile_counts(tiles, available, s.in_play())?;
    let short = TileType::ALL
        .iter()
        .any(|&t| tiles.iter().filter(|&&x| x == t).count() as u32 > bag[t.index()]);
    if short {
        reshuffle(out);
    }
    Ok(())
}

/// A row laid at a table that adds the Orange Deck (line 19): from the bag while it holds a
/// whole row; once it runs out, every tile left in it and new ones from the Orange Deck (of
/// any type: the app does not know that deck). The discards stay out.
fn orange_row(out: &mut Outcome, tiles: &[TileType]) -> Result<(), RuleError> {
    let bag = out.state.bag_counts();
    let left: u32 = bag.iter().sum();
    let wanted = |t: TileType| tiles.iter().filter(|&&x| x == t).count() as u32;
    if left as usize >= tiles.len() {
        for t in TileType::ALL {
            let have = bag[t.index()];
            if wanted(t) > have {
                return Err(err(
                    "middle.tile-count",
                    format!(
                        "only {have} {} {} {} left to draw, and this table adds the Orange Deck only when the bag runs out",
                        t.name(),
                        if have == 1 { "tile" } else { "tiles" },
                        if have == 1 { "is" } else { "are" },
                    ),
                ));
            }
        }
        return Ok(());
    }
    let mut added = Vec::new();
    for t in TileType::ALL {
        let (laid, have) = (wanted(t), bag[t.index()]);
        if laid < have {
            return Err(err(
                "middle.orange-deck",
                format!(
                    "the bag's last {left} {} go into this row first, {have} {} among them",
                    if left == 1 { "tile" } else { "tiles" },
                    t.name()
                ),
            ));
        }
        added.extend(std::iter::repeat_n(t, (laid - have) as usize));
    }
    out.push(MiddleEvent::OrangeTilesAdded { tiles: added });
    Ok(())
}

/// The discards go back into the bag (line 19: "reshuffle the discards").
fn reshuffle(out: &mut Outcome) {
    if !out.state.discard.is_empty() {
        let tiles = out.state.discard.clone();
        out.push(MiddleEvent::DiscardsReshuffled { tiles });
    }
}

/// Refuses a layout naming more tiles of a type than `available` holds (of the 84 printed,
/// those not elsewhere already). `tiles` are the ones being laid.
pub(super) fn check_tile_counts(
    tiles: &[TileType],
    available: [u32; 8],
    elsewhere: [u32; 8],
) -> Result<(), RuleError> {
    for t in TileType::ALL {
        let wanted = tiles.iter().filter(|&&x| x == t).count() as u32;
        if wanted > available[t.index()] {
            let printed = data().tiles_of(t);
            let used = elsewhere[t.index()];
            let why = if used == 0 {
                String::new()
            } else {
                format!(" and {used} are already in play")
            };
            return Err(err(
                "middle.tile-count",
                format!(
                    "there are only {printed} {} tiles{why}: {wanted} cannot be laid",
                    t.name()
                ),
            ));
        }
    }
    Ok(())
}
