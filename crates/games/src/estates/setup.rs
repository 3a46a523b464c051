//! The start of a game of The Estates: the empty table for its seats, and the setup action that
//! lays out the cube market and names the first auctioneer (drawn here, or as the table drew).

use super::actions::{EstatesEvent, Setup};
use super::data::table;
use super::names::piece_name;
use super::settings::EstatesOptions;
use super::state::{Cube, EstatesState, Phase, Piece, Purse, Row, Whereabouts};
use engine::{err, GameRng, Laid, RuleError, Seat};
use rand::seq::SliceRandom;
use rand::Rng;
use std::collections::HashSet;

/// The table before setup: starting money, empty rows, every one-off piece available, and the
/// board settings the table chose (checked when a game starts: `settings::check`).
pub(super) fn initial(options: &EstatesOptions, seats: &[Seat]) -> Result<EstatesState, RuleError> {
    let t = table();
    let n = seats.len();
    if n < usize::from(t.min_players) || n > usize::from(t.max_players) {
        return Err(err(
            "estates.players",
            format!(
                "The Estates takes {} to {} players",
                t.min_players, t.max_players
            ),
        ));
    }
    Ok(EstatesState {
        seats: n as u8,
        all_money_scores: options.all_money_scores,
        sand_lots: options.sand_lots.clone(),
        rooftop_values: options.rooftop_values,
        purses: vec![
            Purse {
                cash: t.starting_money,
                cash_box: 0
            };
            n
        ],
        market: Vec::new(),
        rooftops_left: t.rooftops,
        board: vec![Row::default(); usize::from(t.board_rows)],
        permits: t
            .permits
            .iter()
            .map(|&v| (v, Whereabouts::Available))
            .collect(),
        mayor: None,
        mayor_at: Whereabouts::Available,
        cancel_at: Whereabouts::Available,
        certificates: vec![None; t.colours.len()],
        auctioneer: 0,
        phase: Phase::Setup,
        turn: 0,
    })
}

/// The setup action: the market and first auctioneer it lays out, as one recorded event.
pub(super) fn set_up(
    s: &EstatesState,
    setup: &Setup,
    rng: &mut GameRng,
) -> Result<Vec<EstatesEvent>, RuleError> {
    let laid = match setup {
        Setup::Draw => Laid::Drawn,
        Setup::Recorded { market, first } => Laid::Told((market.clone(), *first)),
    };
    let (market, first) = laid
        .settle(
            rng,
            |rng| draw(s, rng),
            |(market, first)| check_recorded(s, market, *first),
        )?
        .value;
    Ok(vec![EstatesEvent::SetUp { market, first }])
}

/// Every cube in the box, one per colour and number.
fn all_cubes() -> Vec<Cube> {
    let t = table();
    (0..t.colours.len() as u8)
        .flat_map(|colour| {
            t.cube_values
                .iter()
                .map(move |&value| Cube { colour, value })
        })
        .collect()
}

/// The app's own draw. The shuffle comes before the auctioneer's pick: replaying a recorded seed
/// depends on that order.
fn draw(s: &EstatesState, rng: &mut GameRng) -> (Vec<Vec<Cube>>, u8) {
    let t = table();
    let mut bag = all_cubes();
    bag.shuffle(rng);
    let per = usize::from(t.market_row_length);
    let market = (0..usize::from(t.market_rows))
        .map(|r| bag[r * per..(r + 1) * per].to_vec())
        .collect();
    (market, rng.random_range(0..s.seats))
}

/// A draw entered from the table: a real seat, the right shape, and no cube twice or invented.
fn check_recorded(s: &EstatesState, market: &[Vec<Cube>], first: u8) -> Result<(), RuleError> {
    let t = table();
    if first >= s.seats {
        return Err(err(
            "estates.setup",
            format!(
                "the first auctioneer must sit at the table: it has {} seats",
                s.seats
            ),
        ));
    }
    let shape_ok = market.len() == usize::from(t.market_rows)
        && market
            .iter()
            .all(|r| r.len() == usize::from(t.market_row_length));
    if !shape_ok {
        return Err(err(
            "estates.setup",
            format!(
                "the cube rows must be {} rows of {} distinct cubes",
                t.market_rows, t.market_row_length
            ),
        ));
    }
    let every = all_cubes();
    let mut seen = HashSet::new();
    if let Some(c) = market
        .iter()
        .flatten()
        .find(|c| !every.contains(c) || !seen.insert(**c))
    {
        let what = Piece::Cube { cube: *c };
        return Err(err(
            "estates.setup",
            format!(
                "{} is entered twice or does not exist: each of the 24 cubes is different",
                piece_name(&what)
            ),
        ));
    }
    Ok(())
}
