//! Setup: the empty table for its players, the four rows (drawn with the seed or recorded from
//! the table, checked against the 84 tiles), who places a Lord first, and the Lords on the top
//! row (003 line 7); the last Lord placed starts round 1.

use super::actions::{plot_name, MiddleEvent, Pos, TileType};
use super::data::{check_players, data};
use super::options::MiddleOptions;
use super::outcome::Outcome;
use super::round::{check_tile_counts, start_round};
use super::state::{Fief, MiddleState, Phase, Tokens};
use engine::{at_table, err, who as player, GameRng, Laid, LaidOut, RuleError, Seat};
use rand::seq::SliceRandom;
use rand::Rng;

pub fn initial(options: &MiddleOptions, seats: &[Seat]) -> Result<MiddleState, RuleError> {
    let d = data();
    let n = seats.len();
    check_players(n)?;
    let coins = options.starting_coins.unwrap_or(d.starting_coins);
    if coins > d.max_starting_coins {
        return Err(err(
            "middle.options",
            format!(
                "players start with 0 to {} coins, not {coins}",
                d.max_starting_coins
            ),
        ));
    }
    let seats = n as u8;
    let width = usize::from(seats + d.extra_tiles_per_row);
    Ok(MiddleState {
        seats,
        starting_coins: coins,
        phase: Phase::LayRows,
        round: 0,
        rows: vec![vec![None; width]; usize::from(d.rows)],
        order: Vec::new(),
        turn: 0,
        fiefs: vec![Fief::new(coins as i32); n],
        discard: Vec::new(),
        tokens_left: Tokens {
            extra_coin: d.token_supply.extra_coin,
            plot: d.token_supply.plot,
        },
        events: Vec::new(),
        known_events: options.known_events.clone(),
        run_out: options.when_tiles_run_out,
        orange: Vec::new(),
        printings: options.known_printings.clone(),
    })
}

pub fn lay_rows(
    s: &MiddleState,
    rows: Option<&[Vec<TileType>]>,
    rng: &mut GameRng,
) -> Result<Vec<MiddleEvent>, RuleError> {
    let (count, width) = (usize::from(s.row_count()), usize::from(s.width()));
    let check = |rows: &Vec<Vec<TileType>>| {
        if rows.len() != count || rows.iter().any(|r| r.len() != width) {
            return Err(err(
                "middle.setup-rows",
                format!(
                    "lay {count} rows of {width} plots (one more than the players), left to right"
                ),
            ));
        }
        let all: Vec<TileType> = rows.iter().flatten().copied().collect();
        check_tile_counts(&all, s.bag_counts(), [0; 8])
    };
    let draw = |rng: &mut GameRng| {
        let mut bag = s.bag();
        bag.shuffle(rng);
        bag.chunks(width)
            .take(count)
            .map(|r| {
                let mut r = r.to_vec();
                // The tiles' numbered backs order a row; board order stands in (reading A5).
                r.sort();
                r
            })
            .collect()
    };
    let LaidOut { value: rows, drawn } =
        Laid::from(rows.map(<[_]>::to_vec)).settle(rng, draw, check)?;
    Ok(vec![MiddleEvent::RowsLaid { rows, drawn }])
}

pub fn choose_first(
    s: &MiddleState,
    seat: Option<u8>,
    rng: &mut GameRng,
) -> Result<Vec<MiddleEvent>, RuleError> {
    let LaidOut {
        value: first,
        drawn,
    } = Laid::from(seat).settle(
        rng,
        |rng| rng.random_range(0..s.seats),
        |&seat| at_table(seat, usize::from(s.seats), "middle.no-such-seat"),
    )?;
    // Then clockwise: seat order (reading A2).
    let order = (0..s.seats).map(|i| (first + i) % s.seats).collect();
    Ok(vec![MiddleEvent::PlacementOrder { order, drawn }])
}

/// Whether the next placer's Lord may go on this plot (003 line 7: an empty plot of the top row).
pub fn check_placement(s: &MiddleState, at: Pos) -> Result<(), RuleError> {
    if at.row != 0 {
        return Err(err("middle.top-row", "Lords start on the top row (row 1)"));
    }
    if at.slot >= s.width() || s.tile_at(at).is_none() {
        return Err(err(
            "middle.no-such-plot",
            format!("row 1 has plots 1 to {}", s.width()),
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
    Ok(())
}

pub fn place_lord(s: &MiddleState, at: Pos) -> Result<Vec<MiddleEvent>, RuleError> {
    check_placement(s, at)?;
    let Some(seat) = s.actor() else {
        return Err(err("middle.phase", "every Lord is placed"));
    };
    let mut out = Outcome::new(s);
    out.push(MiddleEvent::LordPlaced { seat, at });
    if out.state.actor().is_none() {
        start_round(&mut out, 1);
    }
    Ok(out.events)
}
