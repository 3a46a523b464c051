//! The words every part of Realm Lord shares: a figure (`Piece`) and its four attributes, a
//! change the table enters for a card, an ability that fired and waits, and the bound every
//! entered amount keeps. Below the actions, the state and the catalogue, which all speak of them.

use engine::{err, RuleError};
use serde::{Deserialize, Serialize};

/// A quest's type: the attribute added to the die (004 line 152).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "LordAttribute")]
pub enum Attribute {
    Valor,
    Might,
    Craft,
    Magic,
}

impl Attribute {
    pub const ALL: [Attribute; 4] = [
        Attribute::Valor,
        Attribute::Might,
        Attribute::Craft,
        Attribute::Magic,
    ];
    pub fn name(self) -> &'static str {
        match self {
            Attribute::Valor => "Valor",
            Attribute::Might => "Might",
            Attribute::Craft => "Craft",
            Attribute::Magic => "Magic",
        }
    }
}

/// A Lord's or Hero's four printed numbers (004 lines 46-49, 59-62).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "LordAttributes")]
pub struct Attributes {
    pub valor: u8,
    pub might: u8,
    pub craft: u8,
    pub magic: u8,
}

impl Attributes {
    pub fn get(&self, a: Attribute) -> u8 {
        match a {
            Attribute::Valor => self.valor,
            Attribute::Might => self.might,
            Attribute::Craft => self.craft,
            Attribute::Magic => self.magic,
        }
    }
}

/// A Lord or Hero in play, as actions name it: `{"kind":"Lord","seat":0}` or
/// `{"kind":"Hero","id":3}` (hero ids count up game-wide as heroes enter play).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, specta::Type,
)]
#[serde(tag = "kind", rename = "LordPiece")]
pub enum Piece {
    Lord { seat: u8 },
    Hero { id: u16 },
}

/// What a card's ability did, entered by the table (the cards outrank the rules sheet, 004
/// lines 31-32; the app cannot read them).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(tag = "kind", rename = "LordChange")]
pub enum Change {
    /// Hope Stones gained (+) or lost (−); a loss stops at 0 (reading B13).
    Hope { seat: u8, delta: i32 },
    /// Cards drawn (+) or discarded (−).
    Hand { seat: u8, delta: i32 },
    /// A figure moved to a Realm, its Treasure with it (004 line 111).
    Move { piece: Piece, to: u8 },
    /// A Hero to the discard pile with its Treasure; a Lord home, exhausted (004 line 115).
    Banish { piece: Piece },
    /// Exhaust a figure, or its Treasure.
    Exhaust {
        piece: Piece,
        #[serde(default)]
        treasure: bool,
    },
    /// Ready a figure, or its Treasure.
    Ready {
        piece: Piece,
        #[serde(default)]
        treasure: bool,
    },
    /// The seat loses its next turn (reading B12: the whole turn).
    SkipNextTurn { seat: u8 },
    /// More actions this turn.
    ExtraActions { count: u8 },
    /// A Quest leaves its Realm for the discard pile.
    DiscardQuest { realm: u8 },
}

/// A tagged ability that fired and waits for the table: its card, text, for whom, and the
/// changes offered (none when the effect is the table's).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "LordPendingAbility")]
pub struct Pending {
    pub card: String,
    pub text: String,
    pub player: u8,
    pub offer: Vec<Change>,
}

/// An entered amount (a change, a tagged bonus or effect) within `[lo, hi]` and not 0, which
/// would change nothing; refused under `rule`.
pub(super) fn nonzero_within(
    rule: &str,
    v: i32,
    [lo, hi]: [i32; 2],
    what: &str,
) -> Result<(), RuleError> {
    if v == 0 {
        return Err(err(
            rule,
            format!("a change of 0 to {what} changes nothing"),
        ));
    }
    if v < lo || v > hi {
        return Err(err(
            rule,
            format!("{what} change by {lo} to {hi} at once, not {v}"),
        ));
    }
    Ok(())
}
