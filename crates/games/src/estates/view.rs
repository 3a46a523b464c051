//! What The Estates shows: the shared-screen view (everything the table may see, and nothing of
//! the players' money: balances and cash boxes are secret, product.md principle 5), the private
//! view a seat peeks at, and the log lines (pieces and rows are named by `names`).

use super::actions::{EstatesAction, EstatesEvent, Placement};
use super::data::table;
use super::decide::{handle, shown};
use super::names::piece_name;
use super::placement::{placement_label, placement_phrase};
use super::scoring::building_points;
use super::state::{self, Cube, EstatesState, Permit, Phase, Piece, Purse, Whereabouts};
use engine::why_not;
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
    /// The seats still to answer after the bidder, in auction order (from the auctioneer's
    /// left, clockwise); empty outside an auction.
    pub waiting: Vec<u8>,
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
    /// The choices the screen offers now: the same whatever anyone holds, so that the buttons
    /// never tell who is short of money (product.md; ARCHITECTURE.md invariant 11). The legal
    /// list (`allowed`) may be shorter; an unaffordable try is refused with its reason.
    pub shown: Vec<Shown>,
    /// Each seat's money once the game is over (cash is hidden until then: `None`).
    pub final_purses: Option<Vec<Purse>>,
}

/// One choice on the screen: its words, its step, and the action sent back when it is tapped.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "EstatesShown")]
pub struct Shown {
    pub label: String,
    pub group: String,
    pub action: EstatesAction,
    /// For a permit placed or cancelled: how many buildings its row needs afterwards.
    pub needs: Option<i32>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "EstatesRowView")]
pub struct RowView {
    pub requirement: i32,
    pub complete: bool,
    /// In a table's words: "complete", or what the row still lacks ("needs 2 more buildings
    /// and 1 roof").
    pub status: String,
    pub buildings: Vec<state::Building>,
    pub permits: Vec<Permit>,
    /// Sand lots of this row (lot indexes from the street).
    pub sand: Vec<u8>,
    /// Every lot the board shows (up to the permit line or the last building), each with what
    /// tapping it would do with the piece being placed, or why it may not go there.
    pub lots: Vec<SpotView>,
    /// The row's other spots for the piece being placed (its permit line for a permit, the row
    /// for the mayor, each permit for the cancel cube); none outside placing those.
    pub spots: Vec<SpotView>,
}

/// A spot on the board: the placement a tap there asks for, in words, and the core's refusal of
/// it (`None`: it may go there now).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "EstatesSpotView")]
pub struct SpotView {
    pub at: Placement,
    pub label: String,
    pub why_not: Option<String>,
}

/// The shared-screen view.
pub fn view(s: &EstatesState) -> EstatesView {
    let (bidder, waiting) = match &s.phase {
        Phase::Bidding { bids, .. } => {
            let order = s.bidders();
            let after = order.get(bids.len() + 1..).unwrap_or_default().to_vec();
            (order.get(bids.len()).copied(), after)
        }
        _ => (None, Vec::new()),
    };
    EstatesView {
        phase: s.phase.clone(),
        turn: s.turn,
        auctioneer: s.auctioneer,
        bidder,
        waiting,
        market: s.market.clone(),
        colours: table().colours.clone(),
        rooftops_left: s.rooftops_left,
        cubes_left: s.cubes_left() as u32,
        board: (0..s.board.len())
            .map(|r| RowView {
                requirement: s.requirement(r),
                complete: s.row_complete(r),
                status: row_status(s, r),
                buildings: s.board[r].buildings.clone(),
                permits: s.board[r].permits.clone(),
                sand: s
                    .sand_lots
                    .iter()
                    .filter(|l| usize::from(l[0]) == r)
                    .map(|l| l[1])
                    .collect(),
                lots: lot_spots(s, r),
                spots: row_spots(s, r),
            })
            .collect(),
        mayor: s.mayor,
        mayor_at: s.mayor_at,
        cancel_at: s.cancel_at,
        permits: s.permits.clone(),
        certificates: s.certificates.clone(),
        projected: building_points(s),
        final_purses: (s.phase == Phase::Over).then(|| s.purses.clone()),
        shown: shown(s)
            .into_iter()
            .map(|a| Shown {
                needs: needs_after(s, &a.action),
                label: a.label,
                group: a.group,
                action: a.action,
            })
            .collect(),
    }
}

/// The piece waiting to be placed, if any.
fn placing(s: &EstatesState) -> Option<&Piece> {
    match &s.phase {
        Phase::Place { piece, .. } => Some(piece),
        _ => None,
    }
}

/// A spot asked of `handle` itself: the same refusal a tap on the placement would get.
fn spot(s: &EstatesState, at: Placement) -> SpotView {
    let label = placing(s).map_or_else(
        || "Place a piece here".to_string(),
        |piece| placement_label(piece, &at),
    );
    SpotView {
        why_not: why_not(|rng| handle(s, &EstatesAction::Place { at }, rng)).map(|e| e.message),
        label,
        at,
    }
}

/// Each lot row `r` shows: a rooftop is asked on a lot when a rooftop is being placed, a floor
/// cube otherwise (what a tap on an empty lot would most likely mean).
fn lot_spots(s: &EstatesState, r: usize) -> Vec<SpotView> {
    let shown = usize::try_from(s.requirement(r))
        .unwrap_or(0)
        .max(s.board[r].buildings.len());
    let row = r as u8;
    (0..shown as u8)
        .map(|lot| match placing(s) {
            Some(Piece::Rooftop { .. }) => spot(s, Placement::Rooftop { row, lot }),
            _ => spot(s, Placement::Cube { row, lot }),
        })
        .collect()
}

/// The row's spots for a permit, the mayor or the cancel cube.
fn row_spots(s: &EstatesState, r: usize) -> Vec<SpotView> {
    let row = r as u8;
    let at: Vec<Placement> = match placing(s) {
        Some(Piece::Permit { .. }) => [false, true]
            .map(|lengthen| Placement::Permit { row, lengthen })
            .to_vec(),
        Some(Piece::Mayor) => vec![Placement::Mayor { row }],
        Some(Piece::Cancel) => (0..s.board[r].permits.len() as u8)
            .map(|index| Placement::Cancel { row, index })
            .collect(),
        _ => Vec::new(),
    };
    at.into_iter().map(|at| spot(s, at)).collect()
}

/// "complete", or what row `r` still lacks: buildings to reach its requirement, and roofs.
fn row_status(s: &EstatesState, r: usize) -> String {
    if s.row_complete(r) {
        return "complete".into();
    }
    let count =
        |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    let buildings = &s.board[r].buildings;
    let missing = usize::try_from(s.requirement(r))
        .unwrap_or(0)
        .saturating_sub(buildings.len());
    let unroofed = buildings.iter().filter(|b| b.rooftop.is_none()).count();
    let mut lacks = Vec::new();
    if missing > 0 {
        lacks.push(count(missing, "more building", "more buildings"));
    }
    if unroofed > 0 {
        lacks.push(count(unroofed, "roof", "roofs"));
    }
    match lacks.len() {
        0 => "complete".into(),
        _ => format!("needs {}", lacks.join(" and ")),
    }
}

/// The row's requirement once this permit is put down or cancelled: what its button says.
fn needs_after(s: &EstatesState, action: &EstatesAction) -> Option<i32> {
    let EstatesAction::Place { at } = action else {
        return None;
    };
    match (*at, &s.phase) {
        (
            Placement::Permit { row, lengthen },
            Phase::Place {
                piece: Piece::Permit { value },
                ..
            },
        ) => {
            let permit = Permit {
                value: *value,
                lengthen,
            };
            Some(s.requirement(usize::from(row)) + permit.signed())
        }
        (Placement::Cancel { row, index }, _) => {
            let permits = &s.board.get(usize::from(row))?.permits;
            let cancelled = permits.get(usize::from(index))?;
            Some(s.requirement(usize::from(row)) - cancelled.signed())
        }
        _ => None,
    }
}

/// A seat's own money (cash in hand and cash box), for that seat's peek only.
pub(super) fn private_view(s: &EstatesState, seat: u8) -> Option<serde_json::Value> {
    s.purses
        .get(usize::from(seat))
        .and_then(|p| serde_json::to_value(p).ok())
}

/// The log line of an action, read from the state before it: "Turn 3: seat 2 bids 4".
pub(super) fn summarize(
    s: &EstatesState,
    action: &EstatesAction,
    events: &[EstatesEvent],
) -> String {
    let end = if events.contains(&EstatesEvent::GameEnded) {
        "; the game ends"
    } else {
        ""
    };
    format!(
        "Turn {}: {}{end}",
        s.turn.max(1),
        what_happened(s, action, events)
    )
}

/// A seat in a log line: the table writes the person's name.
use engine::who as seat_name;

fn what_happened(s: &EstatesState, action: &EstatesAction, events: &[EstatesEvent]) -> String {
    match action {
        EstatesAction::Setup { .. } => "drew the cube rows and the first auctioneer".to_string(),
        EstatesAction::Stash => format!("{} stashed a check", seat_name(s.auctioneer)),
        EstatesAction::Choose { .. } => match events.first() {
            Some(EstatesEvent::Chosen { piece, .. }) => {
                format!("{} auctions {}", seat_name(s.auctioneer), piece_name(piece))
            }
            _ => "chose a piece".into(),
        },
        EstatesAction::Bid { amount } => match &s.phase {
            Phase::Bidding { bids, .. } => {
                format!("{} bids {amount}", seat_name(s.bidders()[bids.len()]))
            }
            _ => format!("bid {amount}"),
        },
        EstatesAction::Pass => match &s.phase {
            Phase::Bidding { bids, .. } => {
                format!("{} passes", seat_name(s.bidders()[bids.len()]))
            }
            _ => "passed".into(),
        },
        EstatesAction::Sell => format!("{} sells to the high bidder", seat_name(s.auctioneer)),
        EstatesAction::Buy => format!(
            "{} buys the piece from the high bidder",
            seat_name(s.auctioneer)
        ),
        EstatesAction::Place { at } => match &s.phase {
            Phase::Place { piece, holder, .. } => placed(*holder, piece, at),
            _ => "placed".into(),
        },
        EstatesAction::Discard => match &s.phase {
            Phase::Place { piece, .. } => format!("{} leaves the game", piece_name(piece)),
            _ => "discarded".into(),
        },
    }
}

fn placed(holder: u8, piece: &Piece, at: &Placement) -> String {
    let verb = match at {
        Placement::Cube { .. } => "places",
        Placement::Rooftop { .. } => "roofs",
        Placement::Permit { .. } => "puts",
        Placement::Mayor { .. } => "stands",
        Placement::Cancel { .. } => "cancels",
    };
    format!(
        "{} {verb} {}",
        seat_name(holder),
        placement_phrase(piece, at)
    )
}
