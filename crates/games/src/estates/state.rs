//! The state of a game of The Estates: money (hidden on the shared screen), the cube market,
//! the three development rows with their buildings and permits, and the auction in progress.

use super::data::table;
use serde::{Deserialize, Serialize};

/// A floor cube: its colour (index into the rule table's colours) and printed number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, specta::Type)]
#[serde(rename = "EstatesCube")]
pub struct Cube {
    pub colour: u8,
    pub value: u8,
}

/// A building: stacked floor cubes from the ground up, and its rooftop once it is complete.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "EstatesBuilding")]
pub struct Building {
    pub cubes: Vec<Cube>,
    pub rooftop: Option<u8>,
}

/// A building permit placed in a row: its printed value and whether it lengthens the row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "EstatesPermit")]
pub struct Permit {
    pub value: u8,
    pub lengthen: bool,
}

impl Permit {
    pub fn signed(self) -> i32 {
        if self.lengthen {
            i32::from(self.value)
        } else {
            -i32::from(self.value)
        }
    }
}

/// One development row, its lots counted from the street toward the river.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "EstatesRow")]
pub struct Row {
    pub buildings: Vec<Building>,
    pub permits: Vec<Permit>,
}

/// Where a one-off piece (a permit, the mayor, the cancel cube) is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "EstatesWhereabouts")]
pub enum Whereabouts {
    Available,
    Placed,
    /// Not placed at once after its auction: out of the game (product.md).
    Discarded,
}

/// A piece as it is auctioned.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(tag = "kind")]
#[serde(rename = "EstatesPiece")]
pub enum Piece {
    Cube { cube: Cube },
    Rooftop { value: u8 },
    Permit { value: u8 },
    Mayor,
    Cancel,
}

/// One player's answer in an auction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "EstatesBid")]
pub struct Bid {
    pub seat: u8,
    /// None: passed.
    pub amount: Option<u32>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(tag = "kind")]
#[serde(rename = "EstatesPhase")]
pub enum Phase {
    /// The cube market and first auctioneer are not set yet.
    Setup,
    /// The auctioneer may stash a check, then chooses a piece.
    Choose {
        stashed: bool,
    },
    /// Each other player, from the auctioneer's left, bids once or passes.
    Bidding {
        piece: Piece,
        bids: Vec<Bid>,
    },
    /// The auctioneer sells to the high bidder or buys the piece from them.
    Decide {
        piece: Piece,
        seat: u8,
        amount: u32,
    },
    /// The piece's new holder places it (or discards a permit, the mayor or the cancel cube).
    Place {
        piece: Piece,
        holder: u8,
        /// Everyone passed: the auctioneer took it free and may discard any piece (002 line
        /// 94). Absent from states saved before, which read as not free.
        #[serde(default)]
        free: bool,
    },
    Over,
}

/// Money and certificates of one seat. Cash is hidden on the shared screen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "EstatesPurse")]
pub struct Purse {
    pub cash: u32,
    pub cash_box: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
pub struct EstatesState {
    pub seats: u8,
    pub all_money_scores: bool,
    pub sand_lots: Vec<[u8; 2]>,
    /// The lowest and highest number a rooftop may show (a New-game setting); states saved
    /// before it was one read the data file's range, which they played with.
    #[serde(default = "super::settings::default_rooftop_values")]
    pub rooftop_values: [u8; 2],
    pub purses: Vec<Purse>,
    /// The drawn cubes in rows; only either end of a row may be auctioned.
    pub market: Vec<Vec<Cube>>,
    pub rooftops_left: u8,
    pub board: Vec<Row>,
    pub permits: Vec<(u8, Whereabouts)>,
    pub mayor: Option<u8>,
    pub mayor_at: Whereabouts,
    pub cancel_at: Whereabouts,
    /// Certificate holder per colour.
    pub certificates: Vec<Option<u8>>,
    pub auctioneer: u8,
    pub phase: Phase,
    pub turn: u32,
}

impl EstatesState {
    /// The number of buildings a row needs: 4, plus each permit's signed value (product.md).
    pub fn requirement(&self, row: usize) -> i32 {
        let base = i32::from(table().base_requirement);
        base + self
            .board
            .get(row)
            .map_or(0, |r| r.permits.iter().map(|p| p.signed()).sum())
    }

    pub fn is_sand(&self, row: usize, lot: usize) -> bool {
        self.sand_lots
            .iter()
            .any(|s| usize::from(s[0]) == row && usize::from(s[1]) == lot)
    }

    /// Complete: every required lot built and every building roofed.
    pub fn row_complete(&self, row: usize) -> bool {
        let r = &self.board[row];
        let need = self.requirement(row);
        need > 0
            && r.buildings.len() as i32 == need
            && r.buildings.iter().all(|b| b.rooftop.is_some())
    }

    pub fn total_money(&self) -> u32 {
        self.purses.iter().map(|p| p.cash + p.cash_box).sum()
    }

    pub fn cubes_left(&self) -> usize {
        self.market.iter().map(Vec::len).sum()
    }

    pub fn has_unroofed_building(&self) -> bool {
        self.board
            .iter()
            .any(|r| r.buildings.iter().any(|b| b.rooftop.is_none()))
    }

    /// Seats in auction order: from the auctioneer's left, clockwise, the auctioneer excluded.
    pub fn bidders(&self) -> Vec<u8> {
        (1..self.seats)
            .map(|i| (self.auctioneer + i) % self.seats)
            .collect()
    }

    pub fn permit_state(&self, value: u8) -> Option<Whereabouts> {
        self.permits
            .iter()
            .find(|(v, _)| *v == value)
            .map(|(_, w)| *w)
    }
}
