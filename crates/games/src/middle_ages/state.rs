//! The state of a game of Middle Ages: the four rows of plots with the Lords and Scouts on them,
//! each player's Fief (Estates, Cemetery, tokens, coins), the discards, the events resolved; and
//! the counts the rules read from it (the bag is derived, never stored).

use super::actions::{Pos, Printing, RunOut, Symbols, Tile, TileType};
use super::data::data;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(tag = "kind", rename = "MiddlePhase")]
pub enum Phase {
    /// The four rows are not laid yet.
    LayRows,
    /// Who places a Lord first is not chosen yet.
    ChooseFirst,
    /// Lords go onto the top row: `order[next]` places next.
    Placing {
        order: Vec<u8>,
        next: u8,
    },
    /// Players take their turns: `order[turn]` moves next.
    Turns,
    /// The round's last turn is over and its event must be entered.
    EventDue,
    /// The emptied row waits to be refilled.
    RefillDue,
    Over,
}

/// One player's Fief board and pieces.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "MiddleFief")]
pub struct Fief {
    pub coins: i32,
    /// One column per Estate in board order (Field … Palace), oldest tile first.
    pub estates: Vec<Vec<Tile>>,
    /// Tiles lost to Barracks, oldest first.
    pub cemetery: Vec<Tile>,
    /// Per Estate: whether it holds an Extra Coin token.
    pub extra_coin: Vec<bool>,
    /// Per Estate: the plot type its Plot token rewards.
    pub plot: Vec<Option<TileType>>,
    pub lord: Option<Pos>,
    /// Where the Scout stands; `None` while it is in hand.
    pub scout: Option<Pos>,
}

impl Fief {
    pub fn new(coins: i32) -> Self {
        Fief {
            coins,
            estates: vec![Vec::new(); 8],
            cemetery: Vec::new(),
            extra_coin: vec![false; 8],
            plot: vec![None; 8],
            lord: None,
            scout: None,
        }
    }

    /// Tiles in the Estate of this type (not the Cemetery).
    pub fn count(&self, t: TileType) -> u32 {
        self.estates.get(t.index()).map_or(0, |c| c.len() as u32)
    }

    /// The types this Estate's Income counts: its printed ones and its Plot token's.
    pub fn rewards(&self, estate: TileType) -> Vec<TileType> {
        let mut out = data().estate(estate).income.counts.clone();
        if let Some(Some(extra)) = self.plot.get(estate.index()) {
            if !out.contains(extra) {
                out.push(*extra);
            }
        }
        out
    }

    pub fn has_extra_coin(&self, estate: TileType) -> bool {
        self.extra_coin
            .get(estate.index())
            .copied()
            .unwrap_or(false)
    }

    pub fn has_plot(&self, estate: TileType) -> bool {
        matches!(self.plot.get(estate.index()), Some(Some(_)))
    }

    /// Every tile in the Estates (not the Cemetery).
    pub fn tiles(&self) -> impl Iterator<Item = &Tile> {
        self.estates.iter().flatten()
    }

    /// Estates holding no tile (003 line 45; tokens and the Cemetery do not count, reading A19).
    pub fn empty_estates(&self) -> u32 {
        TileType::ALL
            .iter()
            .filter(|&&t| self.count(t) == 0)
            .count() as u32
    }
}

/// An event as the table resolved it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "MiddleEventRecord")]
pub struct EventRecord {
    pub round: u8,
    pub name: String,
    pub coins: Vec<i32>,
}

/// Tokens still in the supply.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "MiddleTokens")]
pub struct Tokens {
    pub extra_coin: u8,
    pub plot: u8,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "MiddleState")]
pub struct MiddleState {
    pub seats: u8,
    pub starting_coins: u32,
    pub phase: Phase,
    /// 1 to 16 once play starts; 0 during setup.
    pub round: u8,
    /// Four rows of players+1 plots, row 0 at the top, slot 0 leftmost; `None` once taken or
    /// discarded.
    pub rows: Vec<Vec<Option<TileType>>>,
    /// This round's turn order (seats) and how many turns are done.
    pub order: Vec<u8>,
    pub turn: u8,
    pub fiefs: Vec<Fief>,
    /// Discarded tiles, in the order they were discarded, until reshuffled into the bag.
    pub discard: Vec<TileType>,
    pub tokens_left: Tokens,
    pub events: Vec<EventRecord>,
    /// Event names remembered from earlier games, offered again.
    pub known_events: Vec<String>,
    /// What this table does when the draw tiles run out (a game recorded before the choice
    /// reshuffled).
    #[serde(default)]
    pub run_out: RunOut,
    /// Tiles added from the Orange Deck so far, oldest first: they count with the 84.
    #[serde(default)]
    pub orange: Vec<TileType>,
    /// What every tile of a type prints, as the table taught it (reading A21).
    #[serde(default)]
    pub printings: Vec<Printing>,
}

impl MiddleState {
    /// Plots per row: one more than the players (reading A5).
    pub fn width(&self) -> u8 {
        self.seats + data().extra_tiles_per_row
    }

    pub fn row_count(&self) -> u8 {
        data().rows
    }

    /// The row the Lords stand in this round (round 1: the top row).
    pub fn current_row(&self) -> u8 {
        self.round.saturating_sub(1) % self.row_count()
    }

    /// The row the Lords move to; the last row wraps to the first (003 line 15).
    pub fn next_row(&self) -> u8 {
        self.round % self.row_count()
    }

    /// Whoever acts now: the next Lord placer, or the player whose turn it is.
    pub fn actor(&self) -> Option<u8> {
        match &self.phase {
            Phase::Placing { order, next } => order.get(usize::from(*next)).copied(),
            Phase::Turns => self.order.get(usize::from(self.turn)).copied(),
            _ => None,
        }
    }

    /// What every tile of this type prints, when the table taught it.
    pub fn printing(&self, kind: TileType) -> Option<Symbols> {
        self.printings
            .iter()
            .find(|p| p.kind == kind)
            .map(|p| p.symbols)
    }

    pub fn fief(&self, seat: u8) -> Option<&Fief> {
        self.fiefs.get(usize::from(seat))
    }

    pub fn count(&self, seat: u8, t: TileType) -> u32 {
        self.fief(seat).map_or(0, |f| f.count(t))
    }

    pub fn tile_at(&self, at: Pos) -> Option<TileType> {
        self.rows
            .get(usize::from(at.row))
            .and_then(|r| r.get(usize::from(at.slot)))
            .copied()
            .flatten()
    }

    /// Whether this plot exists on the board (whatever lies there).
    pub fn on_board(&self, at: Pos) -> bool {
        at.row < self.row_count() && at.slot < self.width()
    }

    pub fn lord_at(&self, at: Pos) -> Option<u8> {
        (0..self.seats).find(|&s| self.fiefs[usize::from(s)].lord == Some(at))
    }

    pub fn scout_at(&self, at: Pos) -> Option<u8> {
        (0..self.seats).find(|&s| self.fiefs[usize::from(s)].scout == Some(at))
    }

    /// How many tiles of each type lie in the rows, the Estates and the Cemeteries.
    pub fn in_play(&self) -> [u32; 8] {
        let mut n = [0u32; 8];
        for t in self.rows.iter().flatten().flatten() {
            n[t.index()] += 1;
        }
        for f in &self.fiefs {
            for t in f.tiles().chain(f.cemetery.iter()) {
                n[t.kind.index()] += 1;
            }
        }
        n
    }

    pub fn discard_counts(&self) -> [u32; 8] {
        let mut n = [0u32; 8];
        for t in &self.discard {
            n[t.index()] += 1;
        }
        n
    }

    /// The tiles still to draw, by type: every tile (the 84 and any from the Orange Deck) not in
    /// play and not discarded (§3.5).
    pub fn bag_counts(&self) -> [u32; 8] {
        let (in_play, discard) = (self.in_play(), self.discard_counts());
        let mut n = [0u32; 8];
        for t in TileType::ALL {
            let i = t.index();
            let orange = self.orange.iter().filter(|&&o| o == t).count() as u32;
            n[i] = (data().tiles_of(t) + orange)
                .saturating_sub(in_play[i])
                .saturating_sub(discard[i]);
        }
        n
    }

    /// The bag as a list of tiles in board order (what a draw picks from).
    pub fn bag(&self) -> Vec<TileType> {
        let n = self.bag_counts();
        TileType::ALL
            .iter()
            .flat_map(|&t| std::iter::repeat_n(t, n[t.index()] as usize))
            .collect()
    }
}

/// Where play goes once round `round` is over (`event_done`: its event, if any, is entered).
/// `Turns` means the next round starts at once (rounds 13 to 15, reading A4).
pub(super) fn phase_after_round(round: u8, event_done: bool) -> Phase {
    let d = data();
    if !event_done && d.is_event_round(round) {
        Phase::EventDue
    } else if round >= d.rounds {
        Phase::Over
    } else if round <= d.refill_through_round {
        Phase::RefillDue
    } else {
        Phase::Turns
    }
}
