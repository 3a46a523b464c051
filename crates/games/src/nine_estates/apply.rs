//! Applying events to the state. Events were checked when they were decided, so applying never
//! fails and never draws a random number: replaying the log rebuilds the same state.

use super::actions::{Described, NineEvent};
use super::cards::{face_key, Face};
use super::payment::Source;
use super::scoring;
use super::state::{
    BuiltEstate, BuiltStructure, CardPos, DiscardCard, EraScore, EstateSlot, EstateStatus,
    NineState, Phase, Slot,
};

/// Apply one event.
pub(super) fn apply(state: &mut NineState, event: &NineEvent) {
    match event {
        NineEvent::Dealt { grid, deck } => dealt(state, grid.as_deref(), deck),
        NineEvent::Described { card } => described(state, card),
        NineEvent::FirstCardTurned { deck } => first_card_turned(state, deck.as_deref()),
        NineEvent::TopCardRotated => {
            if let Some(c) = state.deck.first_mut() {
                c.upright = !c.upright;
            }
            state.may_rotate_one = false;
        }
        NineEvent::CardRotated { card } => {
            if let Some(c) = state.deck.iter_mut().find(|c| c.card == *card) {
                c.upright = !c.upright;
            }
            state.may_rotate_one = false;
        }
        NineEvent::StructureBuilt {
            slot,
            card,
            face,
            name,
        } => structure_built(state, *slot, *card, *face, name),
        NineEvent::EstateBuilt { row, col, card } => estate_built(state, *row, *col, *card),
        NineEvent::Paid { sources } => paid(state, sources),
        NineEvent::Passed => centre_to_discard(state),
        NineEvent::TurnEnded => turn_ended(state),
        NineEvent::RoundEnded { deck } => round_ended(state, deck.as_deref()),
        NineEvent::DeckReordered { deck } => state.deck = deck.clone(),
        NineEvent::DeckRotated => {
            for c in &mut state.deck {
                c.upright = !c.upright;
            }
        }
        NineEvent::RotateOneGranted => state.may_rotate_one = true,
        NineEvent::RoundStarted => {
            state.round += 1;
            state.centre = draw(state);
            state.phase = Phase::Playing;
        }
        NineEvent::EraEnded { score } => era_ended(state, *score),
    }
}

/// What an event teaches the app's catalogue, to be offered again in later games.
pub(super) fn learned(event: &NineEvent) -> Vec<(String, serde_json::Value)> {
    match event {
        NineEvent::Described { card } => vec![card.catalogue_entry()],
        _ => Vec::new(),
    }
}

/// The deck's top card, taken off the deck (none when the deck is empty).
fn draw(state: &mut NineState) -> Option<CardPos> {
    if state.deck.is_empty() {
        None
    } else {
        Some(state.deck.remove(0))
    }
}

/// A card goes onto the discard pile untilted, whichever way round it lay.
fn discard(state: &mut NineState, c: CardPos) {
    state.discard.push(DiscardCard {
        card: c.card,
        upright: c.upright,
        tilted: false,
    });
}

fn centre_to_discard(state: &mut NineState) {
    if let Some(c) = state.centre.take() {
        discard(state, c);
    }
}

fn dealt(state: &mut NineState, grid: Option<&[Vec<u8>]>, deck: &[CardPos]) {
    // Era 2 deals no grid: the Estates stay where they are.
    if let Some(rows) = grid {
        state.grid = rows
            .iter()
            .map(|r| {
                r.iter()
                    .map(|&card| EstateSlot {
                        card,
                        status: EstateStatus::Available,
                    })
                    .collect()
            })
            .collect();
    }
    state.deck = deck.to_vec();
    state.centre = draw(state);
    state.discard.clear();
    state.phase = Phase::Playing;
    state.round = 1;
    state.turn = 1;
    state.may_orient_first = true;
    state.may_rotate_one = false;
}

fn described(state: &mut NineState, card: &Described) {
    match card {
        Described::Structure { card, face, def } => {
            state
                .catalogue
                .structures
                .insert(face_key(*card, *face), def.clone());
            // A Structure already built from this side takes its (corrected) name.
            for s in state
                .structures
                .iter_mut()
                .filter(|s| s.card == *card && s.face == *face)
            {
                s.name = def.structure.clone();
            }
        }
        Described::Estate { card, def } => {
            state
                .catalogue
                .estates
                .insert(card.to_string(), def.clone());
        }
    }
}

/// The built card leaves its slot for the build area (the left card is the deck's top card).
fn structure_built(state: &mut NineState, slot: Slot, card: u8, face: Face, name: &str) {
    match slot {
        Slot::Left => {
            draw(state);
        }
        Slot::Centre => state.centre = None,
        Slot::Discard => {
            state.discard.pop();
        }
    }
    state.structures.push(BuiltStructure {
        card,
        face,
        name: name.to_string(),
        round: state.round,
        tilted: false,
    });
}

/// Building an Estate discards the Estates still available in its row and column (line 71).
fn estate_built(state: &mut NineState, row: u8, col: u8, card: u8) {
    let (r, c) = (row as usize, col as usize);
    for (i, line) in state.grid.iter_mut().enumerate() {
        for (j, slot) in line.iter_mut().enumerate() {
            if i == r && j == c {
                slot.status = EstateStatus::Built;
            } else if (i == r || j == c) && slot.status == EstateStatus::Available {
                slot.status = EstateStatus::Removed;
            }
        }
    }
    state.estates.push(BuiltEstate {
        card,
        row,
        col,
        era: state.era,
        used: false,
    });
}

fn paid(state: &mut NineState, sources: &[Source]) {
    // Tilt the discard top before other cards cover it; then centre, then left.
    let mut ordered = sources.to_vec();
    ordered.sort_by_key(|s| match s {
        Source::Discard => 0,
        Source::Centre => 1,
        Source::Left => 2,
        _ => 3,
    });
    for s in ordered {
        match s {
            Source::Discard => {
                if let Some(d) = state.discard.last_mut() {
                    d.tilted = true;
                }
            }
            Source::Centre => centre_to_discard(state),
            Source::Left => {
                if let Some(c) = draw(state) {
                    discard(state, c);
                }
            }
            Source::Structure { index } => {
                if let Some(st) = state.structures.get_mut(index as usize) {
                    st.tilted = true;
                }
            }
            Source::Estate { index } => {
                if let Some(e) = state.estates.get_mut(index as usize) {
                    e.used = true;
                }
            }
        }
    }
}

fn turn_ended(state: &mut NineState) {
    if state.centre.is_none() {
        state.centre = draw(state);
    }
    state.turn += 1;
    state.may_orient_first = false;
}

/// Setup step 3: the centre card turns, and with it the deck as recorded. An event without a
/// deck comes from a game played when only the centre card turned; it replays as it was played.
fn first_card_turned(state: &mut NineState, deck: Option<&[CardPos]>) {
    if let Some(c) = state.centre.as_mut() {
        c.upright = !c.upright;
    }
    if let Some(deck) = deck {
        state.deck = deck.to_vec();
    }
}

fn round_ended(state: &mut NineState, deck: Option<&[CardPos]>) {
    // Line 75: reset tilted Structures (not Estates); the discard pile, untilted, is flipped
    // over to form the next deck, as the event recorded it. An event without a deck comes from
    // a game played when the app put the last-discarded card on top; it replays as it was played.
    for s in &mut state.structures {
        s.tilted = false;
    }
    state.deck = match deck {
        Some(deck) => deck.to_vec(),
        None => state
            .discard
            .iter()
            .rev()
            .map(|d| CardPos {
                card: d.card,
                upright: d.upright,
            })
            .collect(),
    };
    state.discard.clear();
    state.centre = None;
    state.may_rotate_one = false;
    state.phase = Phase::RoundEnd;
}

fn era_ended(state: &mut NineState, score: EraScore) {
    state.era_scores.push(score);
    if state.era >= scoring::rules().eras() {
        state.phase = Phase::Over;
        return;
    }
    // Line 89: built Estates move aside, reset, usable once more; Structures return to form the
    // new deck (all nine, product.md).
    state.era += 1;
    state.phase = Phase::Deal;
    state.round = 0;
    state.turn = 0;
    state.deck.clear();
    state.centre = None;
    state.discard.clear();
    state.structures.clear();
    state.may_orient_first = false;
    state.may_rotate_one = false;
    for e in &mut state.estates {
        e.used = false;
    }
}
