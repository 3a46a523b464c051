//! The shared-screen view of The Estates: everything the table may see, and nothing of the
//! players' money (balances and cash boxes are secret, product.md principle 5).

use super::building_points;
use super::rules_table::table;
use super::state::{self, Cube, EstatesState, Permit, Phase, Whereabouts};
use serde::{Deserialize, Serialize};

/// What the shared screen may show: everything but money (balances and cash boxes are secret,
/// product.md principle 5).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
pub struct EstatesView {
    pub phase: Phase,
    pub turn: u32,
    pub auctioneer: u8,
    /// Whose answer the auction waits for.
    pub bidder: Option<u8>,
    pub market: Vec<Vec<Cube>>,
    pub colours: Vec<String>,
    pub rooftops_left: u8,
    pub cubes_left: u32,
    pub board: Vec<RowView>,
    pub mayor: Option<u8>,
    pub mayor_at: Whereabouts,
    pub cancel_at: Whereabouts,
    pub permits: Vec<(u8, Whereabouts)>,
    pub certificates: Vec<Option<u8>>,
    /// Building points per seat as things stand (cash excluded).
    pub projected: Vec<i32>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "EstatesRowView")]
pub struct RowView {
    pub requirement: i32,
    pub complete: bool,
    pub buildings: Vec<state::Building>,
    pub permits: Vec<Permit>,
    /// Sand lots of this row (lot indexes from the street).
    pub sand: Vec<u8>,
}

/// The shared-screen view.
pub fn view(s: &EstatesState) -> EstatesView {
    let bidder = match &s.phase {
        Phase::Bidding { bids, .. } => s.bidders().get(bids.len()).copied(),
        _ => None,
    };
    EstatesView {
        phase: s.phase.clone(),
        turn: s.turn,
        auctioneer: s.auctioneer,
        bidder,
        market: s.market.clone(),
        colours: table().colours.clone(),
        rooftops_left: s.rooftops_left,
        cubes_left: s.cubes_left() as u32,
        board: (0..s.board.len())
            .map(|r| RowView {
                requirement: s.requirement(r),
                complete: s.row_complete(r),
                buildings: s.board[r].buildings.clone(),
                permits: s.board[r].permits.clone(),
                sand: s
                    .sand_lots
                    .iter()
                    .filter(|l| usize::from(l[0]) == r)
                    .map(|l| l[1])
                    .collect(),
            })
            .collect(),
        mayor: s.mayor,
        mayor_at: s.mayor_at,
        cancel_at: s.cancel_at,
        permits: s.permits.clone(),
        certificates: s.certificates.clone(),
        projected: building_points(s),
    }
}
