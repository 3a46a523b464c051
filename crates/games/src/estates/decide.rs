//! Deciding in The Estates: `handle` checks an action against the phase and returns its events,
//! `allowed` lists the legal actions, and the end of each turn (next auctioneer or game end).

use super::actions::{EstatesAction, EstatesEvent, Placement, Setup};
use super::apply::apply;
use super::auction::{self, choices, chosen_piece};
use super::names::piece_name;
use super::placement::{check_placement, placement_label, placements};
use super::setup::set_up;
use super::state::{Bid, EstatesState, Phase, Piece};
use engine::{err, Allowed, GameRng, RuleError};

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
        (EstatesAction::Place { at }, Phase::Place { piece, holder, .. }) => {
            place(s, piece, *holder, at)
        }
        (EstatesAction::Discard, Phase::Place { piece, free, .. }) => discard(s, piece, *free),
        (EstatesAction::Place { .. }, _) => Err(err(
            "estates.phase",
            "no piece is waiting to be placed: a piece goes on the board once its auction ends",
        )),
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

/// A piece may leave the game instead of being placed: a permit, the mayor or the cancel cube
/// always (002 lines 130, 161, 165), and any piece everyone passed on (002 line 94: the
/// auctioneer "can either place it somewhere or simply discard it"). A floor cube or rooftop won
/// with a bid is placed at once (002 line 58).
fn may_discard(piece: &Piece, free: bool) -> bool {
    free || matches!(piece, Piece::Permit { .. } | Piece::Mayor | Piece::Cancel)
}

fn discard(s: &EstatesState, piece: &Piece, free: bool) -> Result<Vec<EstatesEvent>, RuleError> {
    if !may_discard(piece, free) {
        return Err(err(
            "estates.must-place",
            format!(
                "{} was won at auction and must be placed; only a piece everyone passed on may be discarded",
                piece_name(piece)
            ),
        ));
    }
    Ok(end_of_turn(
        s,
        vec![EstatesEvent::Discarded { piece: *piece }],
    ))
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

/// The legal actions now, labelled for the table's buttons and grouped by step: what the screen
/// shows, less what the acting player's money does not cover. It never lists more than the
/// smallest bid, so it too stays short of enumerating anyone's cash.
pub(super) fn allowed(s: &EstatesState) -> Vec<Allowed<EstatesAction>> {
    shown(s)
        .into_iter()
        .filter(|a| auction::covered(s, &a.action).is_ok())
        .collect()
}

/// The choices the shared screen offers now: the same whatever anyone holds (product.md: the
/// screen never reveals money, not even by omission). A choice the money does not cover is
/// refused when tried, with its reason, as at a real table.
pub(super) fn shown(s: &EstatesState) -> Vec<Allowed<EstatesAction>> {
    match &s.phase {
        Phase::Over => Vec::new(),
        Phase::Setup => vec![offer(
            "Draw the cubes and the first auctioneer".into(),
            "setup",
            EstatesAction::Setup { setup: Setup::Draw },
        )],
        Phase::Choose { stashed } => shown_choices(s, *stashed),
        Phase::Bidding { bids, .. } => shown_bids(bids),
        Phase::Decide { amount, .. } => shown_decisions(*amount),
        Phase::Place { piece, free, .. } => shown_placements(s, piece, *free),
    }
}

fn offer(label: String, group: &str, action: EstatesAction) -> Allowed<EstatesAction> {
    Allowed {
        label,
        group: group.into(),
        action,
    }
}

/// The auctioneer's stash (until one is stashed this turn), then each piece.
fn shown_choices(s: &EstatesState, stashed: bool) -> Vec<Allowed<EstatesAction>> {
    let mut out = Vec::new();
    if !stashed {
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

/// Pass, and only the smallest bid: a button per amount a bidder could cover would put their
/// cash on the shared screen. Other amounts are typed in and checked.
fn shown_bids(bids: &[Bid]) -> Vec<Allowed<EstatesAction>> {
    let high = bids.iter().filter_map(|b| b.amount).max().unwrap_or(0);
    vec![
        offer("Pass".into(), "bid", EstatesAction::Pass),
        offer(
            format!("Bid {}", high + 1),
            "bid",
            EstatesAction::Bid { amount: high + 1 },
        ),
    ]
}

/// Sell, or buy: paying the high bid is checked against the auctioneer's checks when tried.
fn shown_decisions(amount: u32) -> Vec<Allowed<EstatesAction>> {
    vec![
        offer(
            "Sell to the high bidder".into(),
            "decide",
            EstatesAction::Sell,
        ),
        offer(
            format!("Buy it: pay {amount} to the high bidder"),
            "decide",
            EstatesAction::Buy,
        ),
    ]
}

/// Every legal placement, and discarding where the rules allow it: a permit, the mayor or the
/// cancel cube always, any piece everyone passed on.
fn shown_placements(s: &EstatesState, piece: &Piece, free: bool) -> Vec<Allowed<EstatesAction>> {
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
    if may_discard(piece, free) {
        out.push(offer(
            format!("Discard {}", piece_name(piece)),
            "place",
            EstatesAction::Discard,
        ));
    }
    out
}

/// Whose decision any action is in the current phase: the auctioneer stashes, chooses, and
/// sells or buys; the next bidder bids or passes; the piece's holder places or discards it. The
/// setup (the cube draw) and a finished game are the table's.
pub(super) fn decider(s: &EstatesState, _action: &EstatesAction) -> Option<u8> {
    match &s.phase {
        Phase::Setup | Phase::Over => None,
        Phase::Choose { .. } | Phase::Decide { .. } => Some(s.auctioneer),
        Phase::Bidding { bids, .. } => s.bidders().get(bids.len()).copied(),
        Phase::Place { holder, .. } => Some(*holder),
    }
}
