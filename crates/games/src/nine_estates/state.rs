//! The state of a Count of the Nine Estates game: the Estate grid, the deck, the active cards,
//! the build area, and the scores of finished Eras.

use super::cards::{Catalogue, EstateType, Face, FaceDef, Resource, Yield};
use serde::{Deserialize, Serialize};

/// A Structure card and which way round it lies (upright: its "upright" edge resource on top).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
pub struct CardPos {
    pub card: u8,
    pub upright: bool,
}

/// A card on the discard pile (rounded side up), tilted once its resource has been used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
pub struct DiscardCard {
    pub card: u8,
    pub upright: bool,
    pub tilted: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
pub enum Phase {
    /// Waiting for the Structure deck (and in Era 1 the Estate grid) to be dealt.
    Deal,
    /// Turns are being played.
    Playing,
    /// The deck ran out: waiting for the end-of-round choice.
    RoundEnd,
    Over,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
pub enum EstateStatus {
    Available,
    Built,
    /// Discarded because an Estate in its row or column was built (line 71).
    Removed,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
pub struct EstateSlot {
    pub card: u8,
    pub status: EstateStatus,
}

/// A Structure in this Era's build area.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
pub struct BuiltStructure {
    pub card: u8,
    pub face: Face,
    pub name: String,
    /// The round it was built in: one column of the build area per round.
    pub round: u32,
    pub tilted: bool,
}

/// A built Estate. Its resource can be used once per Era (never reset at a round's end).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
pub struct BuiltEstate {
    pub card: u8,
    pub row: u8,
    pub col: u8,
    pub era: u8,
    pub used: bool,
}

/// One Era's score, line by line as the rulebook lists it (lines 95–98).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
pub struct EraScore {
    pub era: u8,
    pub structures: i32,
    pub duplicates: i32,
    pub shields: i32,
    pub rounds: i32,
    pub total: i32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
pub struct NineState {
    pub catalogue: Catalogue,
    pub phase: Phase,
    pub era: u8,
    /// Rounds started in this Era (the one being played counts).
    pub round: u32,
    /// Turns taken in this Era.
    pub turn: u32,
    /// Estate cards by grid position; row 0 Nobility, 1 Clergy, 2 Peasant. Empty until dealt.
    pub grid: Vec<Vec<EstateSlot>>,
    /// The deck; index 0 is its top card, the left active card.
    pub deck: Vec<CardPos>,
    /// The centre active card, slid off the deck.
    pub centre: Option<CardPos>,
    /// The discard pile; the last card is its top, the right active card.
    pub discard: Vec<DiscardCard>,
    pub structures: Vec<BuiltStructure>,
    pub estates: Vec<BuiltEstate>,
    pub era_scores: Vec<EraScore>,
    /// Setup step 3: the first card's resource may still be chosen.
    pub may_orient_first: bool,
    /// The end-of-round choice "rotate one card in the deck next round" is unused this round.
    pub may_rotate_one: bool,
}

/// An active card position (lines 44–46).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, specta::Type,
)]
pub enum Slot {
    /// The just-revealed top card of the deck.
    Left,
    /// The card slid off the deck.
    Centre,
    /// The top card of the discard pile.
    Discard,
}

impl Slot {
    pub fn face(self) -> Face {
        match self {
            Slot::Left | Slot::Centre => Face::Square,
            Slot::Discard => Face::Round,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Slot::Left => "left card",
            Slot::Centre => "centre card",
            Slot::Discard => "discard pile's top card",
        }
    }
}

impl NineState {
    /// The card in an active slot, with whether it is tilted (only the discard top can be).
    pub fn card_at(&self, slot: Slot) -> Option<(CardPos, bool)> {
        match slot {
            Slot::Left => self.deck.first().map(|c| (*c, false)),
            Slot::Centre => self.centre.map(|c| (c, false)),
            Slot::Discard => self.discard.last().map(|d| {
                (
                    CardPos {
                        card: d.card,
                        upright: d.upright,
                    },
                    d.tilted,
                )
            }),
        }
    }

    pub fn face_def(&self, card: u8, face: Face) -> Option<&FaceDef> {
        self.catalogue.face(card, face)
    }

    /// The resource an active slot offers now, if its card is described (its top edge too).
    pub fn slot_yield(&self, slot: Slot) -> Option<&Yield> {
        let (pos, _) = self.card_at(slot)?;
        self.face_def(pos.card, slot.face())?.known_top(pos.upright)
    }

    pub fn has_built_type(&self, kind: EstateType) -> bool {
        self.estates
            .iter()
            .any(|e| EstateType::of_card(e.card) == Some(kind))
    }

    pub fn has_structure(&self, name: &str) -> bool {
        self.structures
            .iter()
            .any(|s| s.name.trim().eq_ignore_ascii_case(name.trim()))
    }

    /// Cards still going round in this Era (deck, centre, discard).
    pub fn cards_in_circulation(&self) -> usize {
        self.deck.len() + usize::from(self.centre.is_some()) + self.discard.len()
    }

    pub fn resources_label(y: &[Resource]) -> String {
        super::cards::yield_text(&y.to_vec())
    }
}

/// A Structure side's name, or where it lies when it is not described yet.
pub(super) fn structure_label(state: &NineState, card: u8, face: Face) -> String {
    match state.face_def(card, face) {
        Some(d) => d.structure.clone(),
        None => format!("card {card} ({face:?} side, not described)"),
    }
}

/// An Estate's name, or its type and number when it is not described yet (written for every
/// Estate on every view: without the formatting machinery).
pub(super) fn estate_label(state: &NineState, card: u8) -> String {
    match state.catalogue.estate(card) {
        Some(d) => d.name.clone(),
        None => [
            EstateType::of_card(card)
                .unwrap_or(EstateType::Peasant)
                .name(),
            " Estate card ",
            itoa::Buffer::new().format(card),
        ]
        .concat(),
    }
}
