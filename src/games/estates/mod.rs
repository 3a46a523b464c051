//! The Estates (rulebook `shared/seeds/002_87d7c326a091ee4d.txt`, read through product.md): one-bid
//! auctions where the auctioneer sells or buys, hidden money, building placement with permits,
//! the mayor and the cancel cube, and end scoring by company certificates.
//!
//! Readings the text leaves open (beyond product.md):
//! - A bid is a whole number of $1M checks, at least 1 and above the bid before it.
//! - A row's requirement never drops below 1, nor below the buildings already in it.
//! - The game also ends when no piece at all can be auctioned any more.

pub mod placement;
pub mod rules_table;
pub mod state;
pub mod view;

pub use placement::{check_placement, placements};
use placement::{placement_label, placement_phrase};
pub use view::{view, EstatesView, RowView};

use crate::engine::{Allowed, Descriptor, Game, GameRng, RuleError, ScoreRow, Scoresheet, Seat};
use rand::seq::SliceRandom;
use rand::Rng;
use rules_table::table;
use serde::{Deserialize, Serialize};
use state::{Bid, Building, Cube, EstatesState, Permit, Phase, Piece, Purse, Row, Whereabouts};

#[derive(Debug)]
pub struct TheEstates;

/// Table choices, recorded with the game.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, specta::Type)]
pub struct EstatesOptions {
    /// Score every check, in hand too (the rulebook scores only the cash box).
    #[serde(default)]
    pub all_money_scores: bool,
    /// The five single-cube sand lots as (row, lot from the street); the data file's default
    /// when absent.
    #[serde(default)]
    pub sand_lots: Option<Vec<[u8; 2]>>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(tag = "kind")]
#[serde(rename = "EstatesSetup")]
pub enum Setup {
    /// The app draws 24 of the 36 cubes and the first auctioneer with the recorded seed.
    Draw,
    /// The table's own draw: the cube rows as laid out, and the first auctioneer's seat.
    Recorded { market: Vec<Vec<Cube>>, first: u8 },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "EstatesEnd")]
pub enum End {
    Left,
    Right,
}

/// The piece the auctioneer puts up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(tag = "kind")]
#[serde(rename = "EstatesChoice")]
pub enum Choice {
    Cube {
        row: u8,
        end: End,
    },
    /// A rooftop, with the number it showed when it was turned over.
    Rooftop {
        value: u8,
    },
    Permit {
        value: u8,
    },
    Mayor,
    Cancel,
}

/// Where the holder puts the piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(tag = "kind")]
#[serde(rename = "EstatesPlacement")]
pub enum Placement {
    Cube {
        row: u8,
        lot: u8,
    },
    Rooftop {
        row: u8,
        lot: u8,
    },
    Permit {
        row: u8,
        lengthen: bool,
    },
    Mayor {
        row: u8,
    },
    /// Remove the `index`th permit of a row for good.
    Cancel {
        row: u8,
        index: u8,
    },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(tag = "type")]
pub enum EstatesAction {
    Setup {
        setup: Setup,
    },
    /// Hide one check in the cash box (before choosing a piece).
    Stash,
    Choose {
        choice: Choice,
    },
    Bid {
        amount: u32,
    },
    Pass,
    /// The auctioneer gives the piece to the high bidder, who pays the auctioneer.
    Sell,
    /// The auctioneer keeps the piece and pays the high bid to the high bidder.
    Buy,
    Place {
        at: Placement,
    },
    /// A permit, the mayor or the cancel cube not placed leaves the game.
    Discard,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(tag = "type")]
pub enum EstatesEvent {
    SetUp {
        market: Vec<Vec<Cube>>,
        first: u8,
    },
    Stashed {
        seat: u8,
    },
    Chosen {
        piece: Piece,
        from_row: Option<u8>,
        end: Option<End>,
    },
    BidMade {
        seat: u8,
        amount: Option<u32>,
    },
    /// Bidding closed with a high bid: the auctioneer now sells or buys.
    AwaitDecision {
        piece: Piece,
        seat: u8,
        amount: u32,
    },
    /// `from` pays `to`.
    Paid {
        from: u8,
        to: u8,
        amount: u32,
    },
    Holds {
        seat: u8,
    },
    Placed {
        seat: u8,
        piece: Piece,
        at: Placement,
    },
    CertificateWon {
        seat: u8,
        colour: u8,
    },
    Discarded {
        piece: Piece,
    },
    NextAuctioneer {
        seat: u8,
    },
    GameEnded,
}

fn err(rule: &str, message: impl Into<String>) -> RuleError {
    RuleError::new(rule, message)
}

fn colour_name(c: u8) -> String {
    table()
        .colours
        .get(usize::from(c))
        .cloned()
        .unwrap_or_else(|| format!("colour {c}"))
}

pub fn piece_name(p: &Piece) -> String {
    match p {
        Piece::Cube { cube } => format!("{} {} floor cube", colour_name(cube.colour), cube.value),
        Piece::Rooftop { value } => format!("rooftop {value}"),
        Piece::Permit { value } => format!("building permit {value}"),
        Piece::Mayor => "the mayor".into(),
        Piece::Cancel => "the cancel cube".into(),
    }
}

fn row_name(row: u8) -> String {
    ["top", "middle", "bottom"]
        .get(usize::from(row))
        .map_or(format!("row {row}"), |n| format!("the {n} row"))
}

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

/// The piece a choice names, or why it may not be auctioned now.
fn chosen_piece(s: &EstatesState, choice: &Choice) -> Result<Piece, RuleError> {
    let t = table();
    let piece = match choice {
        Choice::Cube { row, end } => {
            let r = s
                .market
                .get(usize::from(*row))
                .ok_or_else(|| err("estates.no-such-row", format!("there is no cube row {row}")))?;
            let cube = match end {
                End::Left => r.first(),
                End::Right => r.last(),
            }
            .ok_or_else(|| {
                err(
                    "estates.market-empty",
                    format!("cube row {} is empty", row + 1),
                )
            })?;
            Piece::Cube { cube: *cube }
        }
        Choice::Rooftop { value } => {
            if s.rooftops_left == 0 {
                return Err(err("estates.no-rooftops", "no rooftops are left"));
            }
            if !s.has_unroofed_building() {
                return Err(err(
                    "estates.rooftop-needs-building",
                    "a rooftop may be auctioned only while some building lacks one",
                ));
            }
            if *value < t.rooftop_min || *value > t.rooftop_max {
                return Err(err(
                    "estates.rooftop-value",
                    format!("a rooftop shows {} to {}", t.rooftop_min, t.rooftop_max),
                ));
            }
            Piece::Rooftop { value: *value }
        }
        Choice::Permit { value } => match s.permit_state(*value) {
            Some(Whereabouts::Available) => Piece::Permit { value: *value },
            Some(_) => {
                return Err(err(
                    "estates.piece-gone",
                    format!("building permit {value} is already placed or out of the game"),
                ))
            }
            None => {
                return Err(err(
                    "estates.no-such-piece",
                    format!("there is no building permit {value}"),
                ))
            }
        },
        Choice::Mayor => {
            if s.mayor_at != Whereabouts::Available {
                return Err(err(
                    "estates.piece-gone",
                    "the mayor is already placed or out of the game",
                ));
            }
            Piece::Mayor
        }
        Choice::Cancel => {
            if s.cancel_at != Whereabouts::Available {
                return Err(err(
                    "estates.piece-gone",
                    "the cancel cube is already used or out of the game",
                ));
            }
            Piece::Cancel
        }
    };
    if placements(s, &piece).is_empty() {
        return Err(err(
            "estates.unplaceable",
            format!(
                "{} could not be placed anywhere the rules allow, so it may not be auctioned",
                piece_name(&piece)
            ),
        ));
    }
    Ok(piece)
}

fn choices(s: &EstatesState) -> Vec<Choice> {
    let t = table();
    let mut out = Vec::new();
    for (row, r) in s.market.iter().enumerate() {
        out.push(Choice::Cube {
            row: row as u8,
            end: End::Left,
        });
        if r.len() > 1 {
            out.push(Choice::Cube {
                row: row as u8,
                end: End::Right,
            });
        }
    }
    out.extend((t.rooftop_min..=t.rooftop_max).map(|value| Choice::Rooftop { value }));
    out.extend(t.permits.iter().map(|&value| Choice::Permit { value }));
    out.push(Choice::Mayor);
    out.push(Choice::Cancel);
    out.into_iter()
        .filter(|c| chosen_piece(s, c).is_ok())
        .collect()
}

/// Has the game reached one of its two ends (or can nothing more be auctioned)?
pub fn game_should_end(s: &EstatesState) -> bool {
    let complete = (0..s.board.len()).filter(|&r| s.row_complete(r)).count();
    let nothing_to_finish =
        s.rooftops_left == 0 || (s.cubes_left() == 0 && !s.has_unroofed_building());
    complete >= 2 || nothing_to_finish || choices(s).is_empty()
}

fn after_placement(s: &EstatesState, mut events: Vec<EstatesEvent>) -> Vec<EstatesEvent> {
    let mut after = s.clone();
    for e in &events {
        TheEstates::apply(&mut after, e);
    }
    if game_should_end(&after) {
        events.push(EstatesEvent::GameEnded);
    } else {
        events.push(EstatesEvent::NextAuctioneer {
            seat: (s.auctioneer + 1) % s.seats,
        });
    }
    events
}

/// Points per seat from buildings (cash boxes excluded): what the table sees during play.
pub fn building_points(s: &EstatesState) -> Vec<i32> {
    let mut points = vec![0i32; usize::from(s.seats)];
    for (row_i, row) in s.board.iter().enumerate() {
        let sign = if s.row_complete(row_i) { 1 } else { -1 };
        let mult = if s.mayor == Some(row_i as u8) { 2 } else { 1 };
        for b in &row.buildings {
            let Some(top) = b.cubes.last() else { continue };
            let Some(Some(holder)) = s.certificates.get(usize::from(top.colour)) else {
                continue;
            };
            let value: i32 = b.cubes.iter().map(|c| i32::from(c.value)).sum::<i32>()
                + b.rooftop.map_or(0, i32::from);
            if let Some(p) = points.get_mut(usize::from(*holder)) {
                *p += sign * mult * value;
            }
        }
    }
    points
}

impl Game for TheEstates {
    type Options = EstatesOptions;
    type State = EstatesState;
    type Action = EstatesAction;
    type Event = EstatesEvent;
    type View = EstatesView;

    const DESCRIPTOR: Descriptor = Descriptor {
        id: "the-estates",
        name: "The Estates",
        min_players: 2,
        max_players: 5,
        solo: false,
        rulebook: "002_87d7c326a091ee4d.txt",
    };

    fn initial(options: &EstatesOptions, seats: &[Seat]) -> Result<EstatesState, RuleError> {
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
        let sand_lots = options
            .sand_lots
            .clone()
            .unwrap_or_else(|| t.sand_lots.clone());
        Ok(EstatesState {
            seats: n as u8,
            all_money_scores: options.all_money_scores,
            sand_lots,
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

    fn handle(
        s: &EstatesState,
        action: &EstatesAction,
        rng: &mut GameRng,
    ) -> Result<Vec<EstatesEvent>, RuleError> {
        let t = table();
        let wrong = |what: &str| err("estates.phase", format!("not now: {what}"));
        match (action, &s.phase) {
            (_, Phase::Over) => Err(err("estates.game-over", "the game is over")),
            (EstatesAction::Setup { setup }, Phase::Setup) => {
                let (market, first) = match setup {
                    Setup::Draw => {
                        let mut bag = all_cubes();
                        bag.shuffle(rng);
                        let per = usize::from(t.market_row_length);
                        let market = (0..usize::from(t.market_rows))
                            .map(|r| bag[r * per..(r + 1) * per].to_vec())
                            .collect();
                        (market, rng.random_range(0..s.seats))
                    }
                    Setup::Recorded { market, first } => {
                        if *first >= s.seats {
                            return Err(err(
                                "estates.setup",
                                format!("the first auctioneer must be seat 1 to {}", s.seats),
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
                        let mut seen = std::collections::HashSet::new();
                        if let Some(c) = market
                            .iter()
                            .flatten()
                            .find(|c| !all_cubes().contains(c) || !seen.insert(**c))
                        {
                            let what = Piece::Cube { cube: *c };
                            return Err(err(
                                "estates.setup",
                                format!("{} is entered twice or does not exist: each of the 24 cubes is different", piece_name(&what)),
                            ));
                        }
                        (market.clone(), *first)
                    }
                };
                Ok(vec![EstatesEvent::SetUp { market, first }])
            }
            (EstatesAction::Stash, Phase::Choose { stashed }) => {
                if *stashed {
                    return Err(err(
                        "estates.one-stash",
                        "only one check may be stashed per turn",
                    ));
                }
                if s.purses[usize::from(s.auctioneer)].cash == 0 {
                    return Err(err("estates.no-cash", "there is no check in hand to stash"));
                }
                Ok(vec![EstatesEvent::Stashed { seat: s.auctioneer }])
            }
            (EstatesAction::Choose { choice }, Phase::Choose { .. }) => {
                let piece = chosen_piece(s, choice)?;
                let (from_row, end) = match choice {
                    Choice::Cube { row, end } => (Some(*row), Some(*end)),
                    _ => (None, None),
                };
                Ok(vec![EstatesEvent::Chosen {
                    piece,
                    from_row,
                    end,
                }])
            }
            (EstatesAction::Bid { amount }, Phase::Bidding { piece, bids }) => {
                let seat = s.bidders()[bids.len()];
                let high = bids.iter().filter_map(|b| b.amount).max().unwrap_or(0);
                if *amount == 0 || *amount <= high {
                    return Err(err(
                        "estates.bid-higher",
                        format!("a bid must beat the last one (now {high})"),
                    ));
                }
                if *amount > s.purses[usize::from(seat)].cash {
                    return Err(err(
                        "estates.bid-covered",
                        "a bid must be covered by the checks in hand (the cash box does not count)",
                    ));
                }
                Ok(close_bidding(
                    s,
                    piece,
                    bids,
                    Bid {
                        seat,
                        amount: Some(*amount),
                    },
                ))
            }
            (EstatesAction::Pass, Phase::Bidding { piece, bids }) => {
                let seat = s.bidders()[bids.len()];
                Ok(close_bidding(s, piece, bids, Bid { seat, amount: None }))
            }
            (EstatesAction::Sell, Phase::Decide { seat, amount, .. }) => Ok(vec![
                EstatesEvent::Paid {
                    from: *seat,
                    to: s.auctioneer,
                    amount: *amount,
                },
                EstatesEvent::Holds { seat: *seat },
            ]),
            (EstatesAction::Buy, Phase::Decide { seat, amount, .. }) => {
                if s.purses[usize::from(s.auctioneer)].cash < *amount {
                    return Err(err("estates.buy-covered", format!("to keep the piece the auctioneer must pay {amount} from checks in hand")));
                }
                Ok(vec![
                    EstatesEvent::Paid {
                        from: s.auctioneer,
                        to: *seat,
                        amount: *amount,
                    },
                    EstatesEvent::Holds { seat: s.auctioneer },
                ])
            }
            (EstatesAction::Place { at }, Phase::Place { piece, holder }) => {
                check_placement(s, piece, at)?;
                let mut events = vec![EstatesEvent::Placed {
                    seat: *holder,
                    piece: *piece,
                    at: *at,
                }];
                if let Piece::Cube { cube } = piece {
                    if s.certificates.get(usize::from(cube.colour)) == Some(&None) {
                        events.push(EstatesEvent::CertificateWon {
                            seat: *holder,
                            colour: cube.colour,
                        });
                    }
                }
                Ok(after_placement(s, events))
            }
            (EstatesAction::Discard, Phase::Place { piece, .. }) => match piece {
                Piece::Permit { .. } | Piece::Mayor | Piece::Cancel => Ok(after_placement(
                    s,
                    vec![EstatesEvent::Discarded { piece: *piece }],
                )),
                _ => Err(err(
                    "estates.must-place",
                    format!("{} must be placed", piece_name(piece)),
                )),
            },
            (a, _) => Err(wrong(
                &format!("{a:?}")
                    .split_whitespace()
                    .next()
                    .unwrap_or("that")
                    .to_lowercase(),
            )),
        }
    }

    fn apply(s: &mut EstatesState, event: &EstatesEvent) {
        match event {
            EstatesEvent::SetUp { market, first } => {
                s.market = market.clone();
                s.auctioneer = *first;
                s.phase = Phase::Choose { stashed: false };
                s.turn = 1;
            }
            EstatesEvent::Stashed { seat } => {
                if let Some(p) = s.purses.get_mut(usize::from(*seat)) {
                    p.cash = p.cash.saturating_sub(1);
                    p.cash_box += 1;
                }
                s.phase = Phase::Choose { stashed: true };
            }
            EstatesEvent::Chosen {
                piece,
                from_row,
                end,
            } => {
                if let (Some(row), Some(end)) = (from_row, end) {
                    if let Some(r) = s.market.get_mut(usize::from(*row)) {
                        if !r.is_empty() {
                            match end {
                                End::Left => {
                                    r.remove(0);
                                }
                                End::Right => {
                                    r.pop();
                                }
                            }
                        }
                    }
                }
                if let Piece::Rooftop { .. } = piece {
                    s.rooftops_left = s.rooftops_left.saturating_sub(1);
                }
                s.phase = Phase::Bidding {
                    piece: *piece,
                    bids: Vec::new(),
                };
            }
            EstatesEvent::BidMade { seat, amount } => {
                if let Phase::Bidding { bids, .. } = &mut s.phase {
                    bids.push(Bid {
                        seat: *seat,
                        amount: *amount,
                    });
                }
            }
            EstatesEvent::AwaitDecision {
                piece,
                seat,
                amount,
            } => {
                s.phase = Phase::Decide {
                    piece: *piece,
                    seat: *seat,
                    amount: *amount,
                };
            }
            EstatesEvent::Paid { from, to, amount } => {
                if let Some(p) = s.purses.get_mut(usize::from(*from)) {
                    p.cash = p.cash.saturating_sub(*amount);
                }
                if let Some(p) = s.purses.get_mut(usize::from(*to)) {
                    p.cash += amount;
                }
            }
            EstatesEvent::Holds { seat } => {
                let piece = match &s.phase {
                    Phase::Bidding { piece, .. } | Phase::Decide { piece, .. } => Some(*piece),
                    _ => None,
                };
                if let Some(piece) = piece {
                    s.phase = Phase::Place {
                        piece,
                        holder: *seat,
                    };
                }
            }
            EstatesEvent::Placed { at, piece, .. } => match (at, piece) {
                (Placement::Cube { row, lot }, Piece::Cube { cube }) => {
                    let r = &mut s.board[usize::from(*row)];
                    if usize::from(*lot) == r.buildings.len() {
                        r.buildings.push(Building::default());
                    }
                    if let Some(b) = r.buildings.get_mut(usize::from(*lot)) {
                        b.cubes.push(*cube);
                    }
                }
                (Placement::Rooftop { row, lot }, Piece::Rooftop { value }) => {
                    if let Some(b) = s.board[usize::from(*row)]
                        .buildings
                        .get_mut(usize::from(*lot))
                    {
                        b.rooftop = Some(*value);
                    }
                }
                (Placement::Permit { row, lengthen }, Piece::Permit { value }) => {
                    s.board[usize::from(*row)].permits.push(Permit {
                        value: *value,
                        lengthen: *lengthen,
                    });
                    set_permit(s, *value, Whereabouts::Placed);
                }
                (Placement::Mayor { row }, _) => {
                    s.mayor = Some(*row);
                    s.mayor_at = Whereabouts::Placed;
                }
                (Placement::Cancel { row, index }, _) => {
                    let r = &mut s.board[usize::from(*row)];
                    if usize::from(*index) < r.permits.len() {
                        let removed = r.permits.remove(usize::from(*index));
                        set_permit(s, removed.value, Whereabouts::Discarded);
                    }
                    s.cancel_at = Whereabouts::Placed;
                }
                _ => {}
            },
            EstatesEvent::CertificateWon { seat, colour } => {
                if let Some(c) = s.certificates.get_mut(usize::from(*colour)) {
                    *c = Some(*seat);
                }
            }
            EstatesEvent::Discarded { piece } => match piece {
                Piece::Permit { value } => set_permit(s, *value, Whereabouts::Discarded),
                Piece::Mayor => s.mayor_at = Whereabouts::Discarded,
                Piece::Cancel => s.cancel_at = Whereabouts::Discarded,
                _ => {}
            },
            EstatesEvent::NextAuctioneer { seat } => {
                s.auctioneer = *seat;
                s.phase = Phase::Choose { stashed: false };
                s.turn += 1;
            }
            EstatesEvent::GameEnded => s.phase = Phase::Over,
        }
    }

    fn allowed(s: &EstatesState) -> Vec<Allowed<EstatesAction>> {
        let mut out = Vec::new();
        let mut push = |label: String, group: &str, action: EstatesAction| {
            out.push(Allowed {
                label,
                group: group.into(),
                action,
            })
        };
        match &s.phase {
            Phase::Over => {}
            Phase::Setup => push(
                "Draw the cubes and the first auctioneer".into(),
                "setup",
                EstatesAction::Setup { setup: Setup::Draw },
            ),
            Phase::Choose { stashed } => {
                if !stashed && s.purses[usize::from(s.auctioneer)].cash > 0 {
                    push(
                        "Stash a check in the cash box".into(),
                        "stash",
                        EstatesAction::Stash,
                    );
                }
                for c in choices(s) {
                    if let Ok(piece) = chosen_piece(s, &c) {
                        push(
                            format!("Auction {}", piece_name(&piece)),
                            "choose",
                            EstatesAction::Choose { choice: c },
                        );
                    }
                }
            }
            Phase::Bidding { bids, .. } => {
                // Only the smallest bid is offered: a button per affordable amount would put the
                // bidder's cash on the shared screen. Other amounts are typed in and checked.
                let seat = s.bidders()[bids.len()];
                push("Pass".into(), "bid", EstatesAction::Pass);
                let high = bids.iter().filter_map(|b| b.amount).max().unwrap_or(0);
                if s.purses[usize::from(seat)].cash > high {
                    push(
                        format!("Bid {}", high + 1),
                        "bid",
                        EstatesAction::Bid { amount: high + 1 },
                    );
                }
            }
            Phase::Decide { amount, .. } => {
                push(
                    "Sell to the high bidder".into(),
                    "decide",
                    EstatesAction::Sell,
                );
                if s.purses[usize::from(s.auctioneer)].cash >= *amount {
                    push(
                        format!("Buy it: pay {amount} to the high bidder"),
                        "decide",
                        EstatesAction::Buy,
                    );
                }
            }
            Phase::Place { piece, .. } => {
                for at in placements(s, piece) {
                    push(
                        placement_label(piece, &at),
                        "place",
                        EstatesAction::Place { at },
                    );
                }
                if matches!(piece, Piece::Permit { .. } | Piece::Mayor | Piece::Cancel) {
                    push(
                        format!("Discard {}", piece_name(piece)),
                        "place",
                        EstatesAction::Discard,
                    );
                }
            }
        }
        out
    }

    fn score(s: &EstatesState) -> Scoresheet {
        let buildings = building_points(s);
        let mut rows: Vec<ScoreRow> = (0..s.seats)
            .map(|seat| {
                let p = &s.purses[usize::from(seat)];
                let b = buildings[usize::from(seat)];
                // Money is secret until the end (product.md principle 5): while the game runs the
                // sheet shows buildings only, and ranks by them alone.
                let over = s.phase == Phase::Over;
                let boxed = if over { p.cash_box as i32 } else { 0 };
                let hand = if over && s.all_money_scores {
                    p.cash as i32
                } else {
                    0
                };
                ScoreRow {
                    seat,
                    name: String::new(),
                    breakdown: vec![b, boxed, hand],
                    total: b + boxed + hand,
                    rank: 0,
                    winner: false,
                    title: None,
                }
            })
            .collect();
        // Rank by total, then by money in hand plus cash box (002 line 194).
        let key = |r: &ScoreRow| {
            let p = &s.purses[usize::from(r.seat)];
            let money = if s.phase == Phase::Over {
                (p.cash + p.cash_box) as i32
            } else {
                0
            };
            (r.total, money)
        };
        let keys: Vec<(i32, i32)> = rows.iter().map(key).collect();
        for (i, row) in rows.iter_mut().enumerate() {
            row.rank = 1 + keys.iter().filter(|k| **k > keys[i]).count() as u8;
        }
        let over = s.phase == Phase::Over;
        for row in &mut rows {
            row.winner = over && row.rank == 1;
        }
        Scoresheet {
            categories: vec![
                "Buildings".into(),
                "Cash box".into(),
                "Checks in hand".into(),
            ],
            rows,
            final_: over,
        }
    }

    fn is_over(s: &EstatesState) -> bool {
        s.phase == Phase::Over
    }

    fn view(s: &EstatesState) -> EstatesView {
        view(s)
    }

    fn private_view(s: &EstatesState, seat: u8) -> Option<serde_json::Value> {
        s.purses
            .get(usize::from(seat))
            .and_then(|p| serde_json::to_value(p).ok())
    }

    fn has_secrets() -> bool {
        true
    }

    fn summarize(s: &EstatesState, action: &EstatesAction, events: &[EstatesEvent]) -> String {
        let seat = |n: u8| format!("seat {}", n + 1);
        let body = match action {
            EstatesAction::Setup { .. } => {
                "drew the cube rows and the first auctioneer".to_string()
            }
            EstatesAction::Stash => format!("{} stashed a check", seat(s.auctioneer)),
            EstatesAction::Choose { .. } => match events.first() {
                Some(EstatesEvent::Chosen { piece, .. }) => {
                    format!("{} auctions {}", seat(s.auctioneer), piece_name(piece))
                }
                _ => "chose a piece".into(),
            },
            EstatesAction::Bid { amount } => match &s.phase {
                Phase::Bidding { bids, .. } => {
                    format!("{} bids {amount}", seat(s.bidders()[bids.len()]))
                }
                _ => format!("bid {amount}"),
            },
            EstatesAction::Pass => match &s.phase {
                Phase::Bidding { bids, .. } => format!("{} passes", seat(s.bidders()[bids.len()])),
                _ => "passed".into(),
            },
            EstatesAction::Sell => format!("{} sells to the high bidder", seat(s.auctioneer)),
            EstatesAction::Buy => {
                format!("{} buys the piece from the high bidder", seat(s.auctioneer))
            }
            EstatesAction::Place { at } => match &s.phase {
                Phase::Place { piece, holder } => {
                    let verb = match at {
                        Placement::Cube { .. } => "places",
                        Placement::Rooftop { .. } => "roofs",
                        Placement::Permit { .. } => "puts",
                        Placement::Mayor { .. } => "stands",
                        Placement::Cancel { .. } => "cancels",
                    };
                    format!("{} {verb} {}", seat(*holder), placement_phrase(piece, at))
                }
                _ => "placed".into(),
            },
            EstatesAction::Discard => match &s.phase {
                Phase::Place { piece, .. } => format!("{} leaves the game", piece_name(piece)),
                _ => "discarded".into(),
            },
        };
        let end = if events.contains(&EstatesEvent::GameEnded) {
            "; the game ends"
        } else {
            ""
        };
        format!("Turn {}: {body}{end}", s.turn.max(1))
    }
}

fn set_permit(s: &mut EstatesState, value: u8, w: Whereabouts) {
    if let Some(p) = s.permits.iter_mut().find(|(v, _)| *v == value) {
        p.1 = w;
    }
}

/// Record a bid or pass; once every other player has answered, either the auctioneer decides
/// (sell or buy) or, when all passed, takes the piece free.
fn close_bidding(s: &EstatesState, piece: &Piece, bids: &[Bid], bid: Bid) -> Vec<EstatesEvent> {
    let mut events = vec![EstatesEvent::BidMade {
        seat: bid.seat,
        amount: bid.amount,
    }];
    if bids.len() + 1 < s.bidders().len() {
        return events;
    }
    let high = bids
        .iter()
        .chain([&bid])
        .filter_map(|b| b.amount.map(|a| (b.seat, a)))
        .max_by_key(|(_, a)| *a);
    match high {
        None => events.push(EstatesEvent::Holds { seat: s.auctioneer }),
        Some((seat, amount)) => events.push(EstatesEvent::AwaitDecision {
            piece: *piece,
            seat,
            amount,
        }),
    }
    events
}
