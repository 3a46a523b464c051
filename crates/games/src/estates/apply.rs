//! Applying The Estates' events to the state. Events record outcomes already checked by
//! `decide`, so applying never refuses and never draws at random (replay is exact).

use super::actions::{End, EstatesEvent, Placement};
use super::state::{Bid, Building, EstatesState, Permit, Phase, Piece, Whereabouts};

pub(super) fn apply(s: &mut EstatesState, event: &EstatesEvent) {
    match event {
        EstatesEvent::SetUp { market, first } => {
            s.market = market.clone();
            s.auctioneer = *first;
            s.phase = Phase::Choose { stashed: false };
            s.turn = 1;
        }
        EstatesEvent::Stashed { seat } => stash(s, *seat),
        EstatesEvent::Chosen {
            piece,
            from_row,
            end,
        } => choose(s, piece, *from_row, *end),
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
        EstatesEvent::Paid { from, to, amount } => pay(s, *from, *to, *amount),
        EstatesEvent::Holds { seat } => hold(s, *seat),
        EstatesEvent::Placed { at, piece, .. } => place(s, piece, at),
        EstatesEvent::CertificateWon { seat, colour } => {
            if let Some(c) = s.certificates.get_mut(usize::from(*colour)) {
                *c = Some(*seat);
            }
        }
        EstatesEvent::Discarded { piece } => discard(s, piece),
        EstatesEvent::NextAuctioneer { seat } => {
            s.auctioneer = *seat;
            s.phase = Phase::Choose { stashed: false };
            s.turn += 1;
        }
        EstatesEvent::GameEnded => s.phase = Phase::Over,
    }
}

fn stash(s: &mut EstatesState, seat: u8) {
    if let Some(p) = s.purses.get_mut(usize::from(seat)) {
        p.cash = p.cash.saturating_sub(1);
        p.cash_box += 1;
    }
    s.phase = Phase::Choose { stashed: true };
}

/// The piece goes up for auction: a cube leaves its end of the market, a rooftop the pile.
fn choose(s: &mut EstatesState, piece: &Piece, from_row: Option<u8>, end: Option<End>) {
    if let (Some(row), Some(end)) = (from_row, end) {
        if let Some(r) = s.market.get_mut(usize::from(row)) {
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

fn pay(s: &mut EstatesState, from: u8, to: u8, amount: u32) {
    if let Some(p) = s.purses.get_mut(usize::from(from)) {
        p.cash = p.cash.saturating_sub(amount);
    }
    if let Some(p) = s.purses.get_mut(usize::from(to)) {
        p.cash += amount;
    }
}

/// The auctioned piece passes to `seat`, who places it next. Straight from the bidding means
/// everyone passed: the auctioneer took it free (a sale or a purchase goes through `Decide`).
fn hold(s: &mut EstatesState, seat: u8) {
    let held = match &s.phase {
        Phase::Bidding { piece, .. } => Some((*piece, true)),
        Phase::Decide { piece, .. } => Some((*piece, false)),
        _ => None,
    };
    if let Some((piece, free)) = held {
        s.phase = Phase::Place {
            piece,
            holder: seat,
            free,
        };
    }
}

fn place(s: &mut EstatesState, piece: &Piece, at: &Placement) {
    match (at, piece) {
        (Placement::Cube { row, lot }, Piece::Cube { cube }) => {
            let r = &mut s.board[usize::from(*row)];
            // A cube on the next empty lot starts a new building.
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
        (Placement::Cancel { row, index }, _) => cancel(s, *row, *index),
        _ => {}
    }
}

/// The cancel cube removes a placed permit for good, and is itself used up.
fn cancel(s: &mut EstatesState, row: u8, index: u8) {
    let r = &mut s.board[usize::from(row)];
    if usize::from(index) < r.permits.len() {
        let removed = r.permits.remove(usize::from(index));
        set_permit(s, removed.value, Whereabouts::Discarded);
    }
    s.cancel_at = Whereabouts::Placed;
}

fn discard(s: &mut EstatesState, piece: &Piece) {
    match piece {
        Piece::Permit { value } => set_permit(s, *value, Whereabouts::Discarded),
        Piece::Mayor => s.mayor_at = Whereabouts::Discarded,
        Piece::Cancel => s.cancel_at = Whereabouts::Discarded,
        _ => {}
    }
}

fn set_permit(s: &mut EstatesState, value: u8, w: Whereabouts) {
    if let Some(p) = s.permits.iter_mut().find(|(v, _)| *v == value) {
        p.1 = w;
    }
}
