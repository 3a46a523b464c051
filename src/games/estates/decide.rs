//! Deciding in The Estates: `handle` checks an action against the phase and returns its events,
//! `allowed` lists the legal actions, and the end of each turn (next auctioneer or game end).

use super::actions::{EstatesAction, EstatesEvent, Placement, Setup};
use super::apply::apply;
use super::auction::{self, choices, chosen_piece};
use super::placement::{check_placement, placement_label, placements};
use super::setup::set_up;
use super::state::{Bid, EstatesState, Phase, Piece};
use super::view::piece_name;
use crate::engine::{Allowed, GameRng, RuleError};

/// A refusal of The Estates: a rule id (`estates.…`) and the reason shown to the table.
pub(super) fn err(rule: &str, message: impl Into<String>) -> RuleError {
    RuleError::new(rule, message)
}

/// Check an action against the phase; the events it causes, or the rule it breaks.
pub(super) fn handle(
    s: &EstatesState,
    action: &EstatesAction,
    rng: &mut GameRng,
) -> Result<Vec<EstatesEvent>, RuleError> {
    match (action, &s.phase) {
        (_, Phase::Over) => Err(err("estates.game-over", "the game is over")),
        (EstatesAction::Setup { setup }, Phase::Setup) => set_up(s, setup, rng),
        (EstatesAction::Stash, Phase::Choose { stashed }) => auction::stash(s, *stashed),
        (EstatesAction::Choose { choice }, Phase::Choose { .. }) => auction::choose(s, choice),
        (EstatesAction::Bid { amount }, Phase::Bidding { piece, bids }) => {
            auction::bid(s, piece, bids, *amount)
        }
        (EstatesAction::Pass, Phase::Bidding { piece, bids }) => Ok(auction::pass(s, piece, bids)),
        (EstatesAction::Sell, Phase::Decide { seat, amount, .. }) => {
            Ok(auction::sell(s, *seat, *amount))
        }
        (EstatesAction::Buy, Phase::Decide { seat, amount, .. }) => auction::buy(s, *seat, *amount),
        (EstatesAction::Place { at }, Phase::Place { piece, holder }) => {
            place(s, piece, *holder, at)
        }
        (EstatesAction::Discard, Phase::Place { piece, .. }) => discard(s, piece),
        (a, _) => Err(not_now(a)),
    }
}

/// An action out of its phase, named by its variant in lower case ("not now: bid").
fn not_now(action: &EstatesAction) -> RuleError {
    let what = format!("{action:?}")
        .split_whitespace()
        .next()
        .unwrap_or("that")
        .to_lowercase();
    err("estates.phase", format!("not now: {what}"))
}

/// Place the held piece; the first cube of a colour placed wins its company certificate.
fn place(
    s: &EstatesState,
    piece: &Piece,
    holder: u8,
    at: &Placement,
) -> Result<Vec<EstatesEvent>, RuleError> {
    check_placement(s, piece, at)?;
    let mut events = vec![EstatesEvent::Placed {
        seat: holder,
        piece: *piece,
        at: *at,
    }];
    if let Piece::Cube { cube } = piece {
        if s.certificates.get(usize::from(cube.colour)) == Some(&None) {
            events.push(EstatesEvent::CertificateWon {
                seat: holder,
                colour: cube.colour,
            });
        }
    }
    Ok(end_of_turn(s, events))
}

/// A permit, the mayor or the cancel cube may leave the game instead; cubes and rooftops may not.
fn discard(s: &EstatesState, piece: &Piece) -> Result<Vec<EstatesEvent>, RuleError> {
    match piece {
        Piece::Permit { .. } | Piece::Mayor | Piece::Cancel => Ok(end_of_turn(
            s,
            vec![EstatesEvent::Discarded { piece: *piece }],
        )),
        _ => Err(err(
            "estates.must-place",
            format!("{} must be placed", piece_name(piece)),
        )),
    }
}

/// Close the turn after the piece is placed or discarded: the game ends if the placement ended
/// it (judged on the state after these events), else the auction passes to the left.
fn end_of_turn(s: &EstatesState, mut events: Vec<EstatesEvent>) -> Vec<EstatesEvent> {
    let mut after = s.clone();
    for e in &events {
        apply(&mut after, e);
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

/// Has the game reached one of its two ends (or can nothing more be auctioned)?
pub fn game_should_end(s: &EstatesState) -> bool {
    let complete = (0..s.board.len()).filter(|&r| s.row_complete(r)).count();
    let nothing_to_finish =
        s.rooftops_left == 0 || (s.cubes_left() == 0 && !s.has_unroofed_building());
    complete >= 2 || nothing_to_finish || choices(s).is_empty()
}

/// The legal actions now, labelled for the table's buttons and grouped by step.
pub(super) fn allowed(s: &EstatesState) -> Vec<Allowed<EstatesAction>> {
    match &s.phase {
        Phase::Over => Vec::new(),
        Phase::Setup => vec![offer(
            "Draw the cubes and the first auctioneer".into(),
            "setup",
            EstatesAction::Setup { setup: Setup::Draw },
        )],
        Phase::Choose { stashed } => allowed_choices(s, *stashed),
        Phase::Bidding { bids, .. } => allowed_bids(s, bids),
        Phase::Decide { amount, .. } => allowed_decisions(s, *amount),
        Phase::Place { piece, .. } => allowed_placements(s, piece),
    }
}

fn offer(label: String, group: &str, action: EstatesAction) -> Allowed<EstatesAction> {
    Allowed {
        label,
        group: group.into(),
        action,
    }
}

/// The auctioneer's stash (if any check is in hand and none stashed yet), then each piece.
fn allowed_choices(s: &EstatesState, stashed: bool) -> Vec<Allowed<EstatesAction>> {
    let mut out = Vec::new();
    if !stashed && s.purses[usize::from(s.auctioneer)].cash > 0 {
        out.push(offer(
            "Stash a check in the cash box".into(),
            "stash",
            EstatesAction::Stash,
        ));
    }
    for c in choices(s) {
        if let Ok(piece) = chosen_piece(s, &c) {
            out.push(offer(
                format!("Auction {}", piece_name(&piece)),
                "choose",
                EstatesAction::Choose { choice: c },
            ));
        }
    }
    out
}

fn allowed_bids(s: &EstatesState, bids: &[Bid]) -> Vec<Allowed<EstatesAction>> {
    // Only the smallest bid is offered: a button per affordable amount would put the
    // bidder's cash on the shared screen. Other amounts are typed in and checked.
    let seat = s.bidders()[bids.len()];
    let mut out = vec![offer("Pass".into(), "bid", EstatesAction::Pass)];
    let high = bids.iter().filter_map(|b| b.amount).max().unwrap_or(0);
    if s.purses[usize::from(seat)].cash > high {
        out.push(offer(
            format!("Bid {}", high + 1),
            "bid",
            EstatesAction::Bid { amount: high + 1 },
        ));
    }
    out
}

/// Selling is always possible; buying only when the auctioneer's checks cover the high bid.
fn allowed_decisions(s: &EstatesState, amount: u32) -> Vec<Allowed<EstatesAction>> {
    let mut out = vec![offer(
        "Sell to the high bidder".into(),
        "decide",
        EstatesAction::Sell,
    )];
    if s.purses[usize::from(s.auctioneer)].cash >= amount {
        out.push(offer(
            format!("Buy it: pay {amount} to the high bidder"),
            "decide",
            EstatesAction::Buy,
        ));
    }
    out
}

fn allowed_placements(s: &EstatesState, piece: &Piece) -> Vec<Allowed<EstatesAction>> {
    let mut out: Vec<_> = placements(s, piece)
        .into_iter()
        .map(|at| {
            offer(
                placement_label(piece, &at),
                "place",
                EstatesAction::Place { at },
            )
        })
        .collect();
    if matches!(piece, Piece::Permit { .. } | Piece::Mayor | Piece::Cancel) {
        out.push(offer(
            format!("Discard {}", piece_name(piece)),
            "place",
            EstatesAction::Discard,
        ));
    }
    out
}
