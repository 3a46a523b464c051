//! The Estates' actions and their outcome events: the JSON shapes stored in the log, so their
//! serde attributes must not change (stored games must still load). The table's options are in
//! `settings`.

use super::state::{Cube, Piece};
use serde::{Deserialize, Serialize};

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
