//! The words of a Nine Estates game: the new-game options, the actions a player takes and the
//! events they produce. Their serde shapes are what the log and stored games hold, so they must
//! not change.

use super::cards::{face_key, Catalogue, EstateDef, Face, FaceDef};
use super::payment::{Pay, Source};
use super::state::{CardPos, EraScore, Slot};
use engine::{to_json, RuleError};
use serde::{Deserialize, Serialize};

/// Options: the catalogue of card contents known when the game starts (recorded with the game).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, specta::Type)]
pub struct NineOptions {
    #[serde(default)]
    pub catalogue: Catalogue,
}

/// How the cards are dealt: shuffled by the app with the recorded seed, or as the table dealt them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(tag = "kind")]
pub enum Deal {
    Shuffle,
    /// `grid`: Estate card numbers by row (Nobility, Clergy, Peasant), Era 1 only.
    /// `deck`: Structure cards from the top.
    Recorded {
        grid: Option<Vec<Vec<u8>>>,
        deck: Vec<CardPos>,
    },
}

/// What to build.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(tag = "kind")]
pub enum Target {
    Structure { slot: Slot },
    Estate { row: u8, col: u8 },
}

/// The end-of-round choices (001 lines 77–81). "You *may* choose one of the following": keeping
/// the deck as it is is a choice too.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(tag = "kind")]
pub enum RoundChoice {
    /// Shuffle the deck without rotating or flipping; `order` records a physical shuffle.
    Shuffle { order: Option<Vec<u8>> },
    /// Rotate the whole deck 180° to use the other resources.
    RotateAll,
    /// Next round, one card in the deck (any of them) may be rotated.
    RotateOneNextRound,
    /// None of the three: the next round plays the deck as the pile was turned over.
    Keep,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(tag = "kind")]
pub enum Described {
    Structure { card: u8, face: Face, def: FaceDef },
    Estate { card: u8, def: EstateDef },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(tag = "type")]
pub enum NineAction {
    Deal {
        deal: Deal,
    },
    /// Enter (or correct) what a card shows; kept in the catalogue.
    Describe {
        card: Described,
    },
    /// Setup step 3: choose which resource of the first card is on top (the whole deck turns).
    TurnFirstCard,
    /// The end-of-round choice used: rotate the deck's top card 180°. Kept so that stored games
    /// read back; it is `RotateCard` of the top card.
    RotateTopCard,
    /// The end-of-round choice used: rotate this card of the deck 180° (line 81: any card).
    RotateCard {
        card: u8,
    },
    Build {
        target: Target,
        payment: Vec<Pay>,
    },
    Pass,
    ChooseRoundEnd {
        choice: RoundChoice,
    },
    EndEra,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(tag = "type")]
pub enum NineEvent {
    Dealt {
        grid: Option<Vec<Vec<u8>>>,
        deck: Vec<CardPos>,
    },
    Described {
        card: Described,
    },
    /// Setup step 3. `deck`: the deck after it turned with the first card (line 34). Games
    /// recorded before the whole deck turned have none: only their centre card turned, and they
    /// replay as they were played.
    FirstCardTurned {
        #[serde(default)]
        deck: Option<Vec<CardPos>>,
    },
    /// The deck's top card rotated (games recorded before any card could be named).
    TopCardRotated,
    /// A card of the deck rotated 180° (the end-of-round choice "rotate one card").
    CardRotated {
        card: u8,
    },
    StructureBuilt {
        slot: Slot,
        card: u8,
        face: Face,
        name: String,
    },
    EstateBuilt {
        row: u8,
        col: u8,
        card: u8,
    },
    /// The sources used, other than the card being built.
    Paid {
        sources: Vec<Source>,
    },
    Passed,
    TurnEnded,
    /// The deck ran out. `deck`: the next round's deck, the discard pile turned over (line 75:
    /// the card discarded first on top). Games recorded before it was kept have none and replay
    /// as they were played then (the card discarded last on top).
    RoundEnded {
        #[serde(default)]
        deck: Option<Vec<CardPos>>,
    },
    DeckReordered {
        deck: Vec<CardPos>,
    },
    DeckRotated,
    RotateOneGranted,
    RoundStarted,
    EraEnded {
        score: EraScore,
    },
}

/// Descriptions are remembered between games as catalogue entries keyed `structure:N-Side` or
/// `estate:N` (the keys of `Catalogue` with the kind in front), so the app can offer them again.
impl Described {
    pub(super) fn catalogue_entry(&self) -> (String, serde_json::Value) {
        match self {
            Described::Structure { card, face, def } => (
                format!("structure:{}", face_key(*card, *face)),
                serde_json::to_value(def).unwrap_or_default(),
            ),
            Described::Estate { card, def } => (
                format!("estate:{card}"),
                serde_json::to_value(def).unwrap_or_default(),
            ),
        }
    }

    /// Read a remembered entry back. An unreadable card number becomes 0, which the numbering
    /// check of a description then refuses.
    pub(super) fn from_catalogue_entry(
        key: &str,
        value: &serde_json::Value,
    ) -> Result<Described, RuleError> {
        let bad = |what: &str, e: serde_json::Error| {
            RuleError::new("nine.card-description", format!("not {what}: {e}"))
        };
        let card_number = |k: &str| {
            k.split('-')
                .next()
                .and_then(|n| n.parse::<u8>().ok())
                .unwrap_or(0)
        };
        if let Some(k) = key.strip_prefix("structure:") {
            let face = match k.split('-').nth(1) {
                Some("Square") => Face::Square,
                Some("Round") => Face::Round,
                _ => {
                    return Err(RuleError::new(
                        "nine.card-description",
                        format!("'{key}' names no card side (e.g. structure:4-Square)"),
                    ))
                }
            };
            let def: FaceDef =
                serde_json::from_value(value.clone()).map_err(|e| bad("a Structure side", e))?;
            Ok(Described::Structure {
                card: card_number(k),
                face,
                def,
            })
        } else if let Some(k) = key.strip_prefix("estate:") {
            let def: EstateDef =
                serde_json::from_value(value.clone()).map_err(|e| bad("an Estate", e))?;
            Ok(Described::Estate {
                card: card_number(k),
                def,
            })
        } else {
            Err(RuleError::new(
                "nine.card-description",
                format!("'{key}' is not a card entry (structure:N-Side or estate:N)"),
            ))
        }
    }
}

impl NineOptions {
    /// Put remembered entries into a new game's catalogue. Entries already given win, and an
    /// entry that no longer reads is skipped: a new game must not fail over an old description.
    /// The options' card descriptions as catalogue entries (the keys `remember` reads).
    pub(super) fn entries(&self) -> Vec<(String, serde_json::Value)> {
        let structures = self.catalogue.structures.iter();
        let estates = self.catalogue.estates.iter();
        structures
            .map(|(k, def)| (format!("structure:{k}"), to_json(def)))
            .chain(estates.map(|(k, def)| (format!("estate:{k}"), to_json(def))))
            .collect()
    }

    pub(super) fn remember(&mut self, entries: &[(String, serde_json::Value)]) {
        for (key, value) in entries {
            if let Some(k) = key.strip_prefix("structure:") {
                if let Ok(def) = serde_json::from_value::<FaceDef>(value.clone()) {
                    self.catalogue
                        .structures
                        .entry(k.to_string())
                        .or_insert(def);
                }
            } else if let Some(k) = key.strip_prefix("estate:") {
                if let Ok(def) = serde_json::from_value::<EstateDef>(value.clone()) {
                    self.catalogue.estates.entry(k.to_string()).or_insert(def);
                }
            }
        }
    }
}
