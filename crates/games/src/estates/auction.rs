//! The auction of The Estates: the auctioneer's stash and choice of a piece, one bid or pass from
//! each other player, and the auctioneer's sell-or-buy decision (rulebook 002, product.md).

use super::actions::{Choice, End, EstatesAction, EstatesEvent};
use super::data::table;
use super::names::piece_name;
use super::placement::placements;
use super::state::{Bid, EstatesState, Phase, Piece, Whereabouts};
use engine::{err, who, RuleError};

/// Checks in hand of a seat (0 for a seat that does not exist).
fn cash(s: &EstatesState, seat: u8) -> u32 {
    s.purses.get(usize::from(seat)).map_or(0, |p| p.cash)
}

/// Whether the money of the player acting covers `action`: the one check of the rules that
/// reads a secret. The screen shows every choice whatever anyone holds (`decide::shown`); this
/// check alone makes the legal list (`allowed`) shorter, and refuses the try with its reason.
pub(super) fn covered(s: &EstatesState, action: &EstatesAction) -> Result<(), RuleError> {
    match (action, &s.phase) {
        (EstatesAction::Stash, _) if cash(s, s.auctioneer) == 0 => {
            Err(err("estates.no-cash", "there is no check in hand to stash"))
        }
        (EstatesAction::Bid { amount }, Phase::Bidding { bids, .. }) => {
            match s.bidders().get(bids.len()) {
                Some(&seat) if *amount > cash(s, seat) => Err(err(
                    "estates.bid-covered",
                    format!(
                        "{}'s bid must be covered by the checks in hand (the cash box does not count)",
                        who(seat)
                    ),
                )),
                _ => Ok(()),
            }
        }
        (EstatesAction::Buy, Phase::Decide { amount, .. }) if cash(s, s.auctioneer) < *amount => {
            Err(err(
                "estates.buy-covered",
                format!(
                    "to keep the piece {}, the auctioneer, must pay {amount} from checks in hand",
                    who(s.auctioneer)
                ),
            ))
        }
        _ => Ok(()),
    }
}

/// Hide one check in the cash box: once a turn, and only from checks in hand.
pub(super) fn stash(s: &EstatesState, stashed: bool) -> Result<Vec<EstatesEvent>, RuleError> {
    if stashed {
        return Err(err(
            "estates.one-stash",
            "only one check may be stashed per turn",
        ));
    }
    covered(s, &EstatesAction::Stash)?;
    Ok(vec![EstatesEvent::Stashed { seat: s.auctioneer }])
}

/// Put a piece up for auction; a cube records the market row and end it leaves.
pub(super) fn choose(s: &EstatesState, choice: &Choice) -> Result<Vec<EstatesEvent>, RuleError> {
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

/// The piece a choice names, or why it may not be auctioned now.
pub(super) fn chosen_piece(s: &EstatesState, choice: &Choice) -> Result<Piece, RuleError> {
    let piece = match choice {
        Choice::Cube { row, end } => market_cube(s, *row, *end)?,
        Choice::Rooftop { value } => rooftop(s, *value)?,
        Choice::Permit { value } => permit(s, *value)?,
        Choice::Mayor => one_off(
            s.mayor_at,
            Piece::Mayor,
            "the mayor is already placed or out of the game",
        )?,
        Choice::Cancel => one_off(
            s.cancel_at,
            Piece::Cancel,
            "the cancel cube is already used or out of the game",
        )?,
    };
    // A piece nobody could place would only leave the game: the rules never auction it.
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

/// Only either end of a market row may be auctioned.
fn market_cube(s: &EstatesState, row: u8, end: End) -> Result<Piece, RuleError> {
    let r = s
        .market
        .get(usize::from(row))
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
    Ok(Piece::Cube { cube: *cube })
}

/// A rooftop needs one left, a building without one, and a number the tiles can show (the
/// table's range, a New-game setting).
fn rooftop(s: &EstatesState, value: u8) -> Result<Piece, RuleError> {
    let [low, high] = s.rooftop_values;
    if s.rooftops_left == 0 {
        return Err(err("estates.no-rooftops", "no rooftops are left"));
    }
    if !s.has_unroofed_building() {
        return Err(err(
            "estates.rooftop-needs-building",
            "a rooftop may be auctioned only while some building lacks one",
        ));
    }
    if value < low || value > high {
        return Err(err(
            "estates.rooftop-value",
            format!("a rooftop shows {low} to {high}"),
        ));
    }
    Ok(Piece::Rooftop { value })
}

fn permit(s: &EstatesState, value: u8) -> Result<Piece, RuleError> {
    match s.permit_state(value) {
        Some(Whereabouts::Available) => Ok(Piece::Permit { value }),
        Some(_) => Err(err(
            "estates.piece-gone",
            format!("building permit {value} is already placed or out of the game"),
        )),
        None => Err(err(
            "estates.no-such-piece",
            format!("there is no building permit {value}"),
        )),
    }
}

/// The mayor or the cancel cube: auctioned once, while still available.
fn one_off(at: Whereabouts, piece: Piece, gone: &str) -> Result<Piece, RuleError> {
    if at != Whereabouts::Available {
        return Err(err("estates.piece-gone", gone));
    }
    Ok(piece)
}

/// Every choice the auctioneer may make now.
pub(super) fn choices(s: &EstatesState) -> Vec<Choice> {
    let t = table();
    let mut out = Vec::new();
    for (row, r) in s.market.iter().enumerate() {
        out.push(Choice::Cube {
            row: row as u8,
            end: End::Left,
        });
        // A one-cube row has a single end: offering both would list the same cube twice.
        if r.len() > 1 {
            out.push(Choice::Cube {
                row: row as u8,
                end: End::Right,
            });
        }
    }
    let [low, high] = s.rooftop_values;
    out.extend((low..=high).map(|value| Choice::Rooftop { value }));
    out.extend(t.permits.iter().map(|&value| Choice::Permit { value }));
    out.push(Choice::Mayor);
    out.push(Choice::Cancel);
    out.into_iter()
        .filter(|c| chosen_piece(s, c).is_ok())
        .collect()
}

/// The next bidder's bid: above the one before it and covered by the checks in hand.
pub(super) fn bid(
    s: &EstatesState,
    piece: &Piece,
    bids: &[Bid],
    amount: u32,
) -> Result<Vec<EstatesEvent>, RuleError> {
    let seat = s.bidders()[bids.len()];
    let high = bids.iter().filter_map(|b| b.amount).max().unwrap_or(0);
    if amount == 0 || amount <= high {
        return Err(err(
            "estates.bid-higher",
            if high == 0 {
                "a bid is at least 1 check".to_string()
            } else {
                format!("a bid must beat the last one (now {high})")
            },
        ));
    }
    covered(s, &EstatesAction::Bid { amount })?;
    Ok(close_bidding(
        s,
        piece,
        bids,
        Bid {
            seat,
            amount: Some(amount),
        },
    ))
}

/// The next bidder passes; passing is always allowed.
pub(super) fn pass(s: &EstatesState, piece: &Piece, bids: &[Bid]) -> Vec<EstatesEvent> {
    let seat = s.bidders()[bids.len()];
    close_bidding(s, piece, bids, Bid { seat, amount: None })
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

/// The auctioneer sells: the high bidder pays and takes the piece.
pub(super) fn sell(s: &EstatesState, seat: u8, amount: u32) -> Vec<EstatesEvent> {
    vec![
        EstatesEvent::Paid {
            from: seat,
            to: s.auctioneer,
            amount,
        },
        EstatesEvent::Holds { seat },
    ]
}

/// The auctioneer buys: pays the high bid to the high bidder from checks in hand, and keeps it.
pub(super) fn buy(s: &EstatesState, seat: u8, amount: u32) -> Result<Vec<EstatesEvent>, RuleError> {
    covered(s, &EstatesAction::Buy)?;
    Ok(vec![
        EstatesEvent::Paid {
            from: s.auctioneer,
            to: seat,
            amount,
        },
        EstatesEvent::Holds { seat: s.auctioneer },
    ])
}
