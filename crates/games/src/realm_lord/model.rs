//! The table as the app keeps it: six Realms with their Quests, each seat's Lord and Heroes
//! (where, ready or exhausted, with their Treasure), hand counts, Hope Stones, the turn, and the
//! count of dice rolled (see `quest` for why that count outlives an undo).

use super::pieces::Pending;

use super::catalogue::Catalogue;
pub use super::pieces::{Attribute, Attributes, Piece};
use serde::{Deserialize, Serialize};

/// A Treasure attached to a figure (004 line 135: one per hero).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "LordTreasure")]
pub struct Treasure {
    pub name: String,
    pub exhausted: bool,
}

/// A Lord or Hero card in play: where it visits, whether it is exhausted, its Treasure.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "LordFigure")]
pub struct Figure {
    pub piece: Piece,
    pub name: String,
    pub attributes: Attributes,
    /// The Realm visited, 0-5.
    pub realm: u8,
    pub exhausted: bool,
    pub treasure: Option<Treasure>,
}

/// A Quest attached to a Realm (004 line 136), with its printed numbers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "LordQuest")]
pub struct ActiveQuest {
    pub name: String,
    pub kind: Attribute,
    pub difficulty: u8,
    pub hope: u8,
    pub text: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "LordRealm")]
pub struct Realm {
    pub name: String,
    pub quest: Option<ActiveQuest>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "LordSeat")]
pub struct SeatState {
    /// Revealed at setup, at its Homeland (004 line 99).
    pub lord: Option<Figure>,
    /// The Lord's Homeland (a Realm index); meaningful once the Lord is revealed.
    pub homeland: u8,
    pub heroes: Vec<Figure>,
    /// Cards in hand: a count only, nothing secret is stored.
    pub hand: u8,
    pub hope: u32,
    /// The seat loses its next turn (e.g. Pitfalls Of Blackdoil, 004 line 86).
    pub skip_next: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "LordPhase")]
pub enum Phase {
    Setup,
    /// Ready is done; the two cards are to be drawn (004 line 122).
    Draw,
    /// Over the hand limit after drawing: discard exactly `discard_need` cards.
    Discard,
    Actions,
    Over,
}

/// What one card's tagged bonus added to a quest check (reading B7).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "LordCardBonus")]
pub struct CardBonus {
    pub card: String,
    pub amount: i32,
}

/// A quest as it was resolved, for the log and the die screen.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "LordQuestOutcome")]
pub struct QuestOutcome {
    pub piece: Piece,
    pub seat: u8,
    pub hero: String,
    pub quest: String,
    pub realm: u8,
    pub kind: Attribute,
    pub die: u8,
    /// True when the app rolled the die, false when the table entered a real die.
    pub rolled_by_app: bool,
    pub attribute: u8,
    /// The bonus the table entered for what no tagged card covers.
    pub modifier: i32,
    /// What tagged cards added, card by card (none in games recorded before tags).
    #[serde(default)]
    pub bonuses: Vec<CardBonus>,
    pub score: i32,
    pub difficulty: u8,
    pub success: bool,
    /// "six" or "one" when a natural roll decided regardless of the score.
    pub natural: Option<String>,
    /// Hope Stones gained (0 on a failure).
    pub hope: u8,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "LordState")]
pub struct LordState {
    pub phase: Phase,
    /// The Hope Stone target, once the table confirmed it (required to start).
    pub target: Option<u32>,
    /// What New game suggested (the last target used): still to be confirmed.
    pub suggested_target: Option<u32>,
    /// The Lord counts toward the five-hero limit (reading B2: yes unless the table chose not).
    pub lord_counts: bool,
    pub realms: Vec<Realm>,
    /// False while some Realm still has a placeholder name.
    pub realms_named: bool,
    pub seats: Vec<SeatState>,
    pub current: u8,
    pub turn: u32,
    pub first: Option<u8>,
    pub actions_used: u8,
    pub actions_allowed: u8,
    /// Cards to discard down to the hand limit, in the Discard phase.
    pub discard_need: u8,
    /// Names of the cards that went to the discard pile, oldest first (for the log and view).
    pub discard_pile: Vec<String>,
    pub next_hero_id: u16,
    pub winners: Vec<u8>,
    /// Random draws made in this game, undone ones included (`quest` explains the counter).
    pub rolls: u32,
    pub last_quest: Option<QuestOutcome>,
    /// Tagged abilities that fired and wait for the table, oldest first (reading B19).
    #[serde(default)]
    pub pending: Vec<Pending>,
    /// The cards the table has described (remembered ones and this game's).
    // Shared, so that a copy of the table (each draft an action is decided on) does not copy
    // every card; written only when a card is described or at setup (`apply`, copy-on-write).
    pub catalogue: std::sync::Arc<Catalogue>,
}

impl LordState {
    /// The owner of a piece and the figure, if it is in play.
    pub fn figure(&self, p: Piece) -> Option<(u8, &Figure)> {
        match p {
            Piece::Lord { seat } => self
                .seats
                .get(usize::from(seat))
                .and_then(|s| s.lord.as_ref())
                .map(|f| (seat, f)),
            Piece::Hero { .. } => self
                .seats
                .iter()
                .enumerate()
                .find_map(|(i, s)| s.heroes.iter().find(|h| h.piece == p).map(|h| (i as u8, h))),
        }
    }

    pub fn figure_mut(&mut self, p: Piece) -> Option<&mut Figure> {
        match p {
            Piece::Lord { seat } => self
                .seats
                .get_mut(usize::from(seat))
                .and_then(|s| s.lord.as_mut()),
            Piece::Hero { .. } => self
                .seats
                .iter_mut()
                .find_map(|s| s.heroes.iter_mut().find(|h| h.piece == p)),
        }
    }

    /// Every figure in play with its owner, seat by seat (Lord first).
    pub fn figures(&self) -> impl Iterator<Item = (u8, &Figure)> {
        self.seats.iter().enumerate().flat_map(|(i, s)| {
            s.lord
                .iter()
                .chain(s.heroes.iter())
                .map(move |f| (i as u8, f))
        })
    }

    /// Heroes counted against the limit of 004 line 134.
    pub fn heroes_counted(&self, seat: u8) -> usize {
        self.seats.get(usize::from(seat)).map_or(0, |s| {
            s.heroes.len() + usize::from(self.lord_counts && s.lord.is_some())
        })
    }

    pub fn realm_name(&self, r: u8) -> String {
        self.realms
            .get(usize::from(r))
            .map_or_else(|| format!("Realm {}", r + 1), |x| x.name.clone())
    }

    pub fn piece_name(&self, p: Piece) -> String {
        self.figure(p).map_or_else(
            || match p {
                Piece::Lord { seat } => format!("{}'s Lord", engine::who(seat)),
                Piece::Hero { id } => format!("hero #{id}"),
            },
            |(_, f)| f.name.clone(),
        )
    }
}
