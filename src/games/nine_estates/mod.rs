//! Count of the Nine Estates (rulebook `shared/seeds/001_22257f552b837f4e.txt`), a solo game of
//! two Eras: build Structures and Estates from a cycling deck of nine double-sided cards.
//!
//! Readings the rulebook leaves open (see also product.md):
//! - A turn is played while a card is in the centre or on the deck; the round ends once both are
//!   empty, so the last card slid to the centre still gets its turn.
//! - When several active cards pay for one build, they go onto the discard pile centre first,
//!   then left (the left card ends on top).
//! - Structure cards are numbered 1–9 and Estate cards 1–9 (1–3 Peasant, 4–6 Clergy, 7–9
//!   Nobility) so the deal can be recorded; the catalogue gives them their names.

pub mod cards;
pub mod payment;
pub mod scoring;
pub mod state;
pub mod view;

pub use view::{view, ActiveCard, DescribeRequest, GridEstate, NineView};

use crate::engine::{Allowed, Descriptor, Game, GameRng, RuleError, ScoreRow, Scoresheet, Seat};
use cards::{face_key, Catalogue, EstateDef, EstateType, Face, FaceDef};
use payment::{find_payments, source_name, Pay, Source};
use rand::seq::SliceRandom;
use rand::Rng;
use serde::{Deserialize, Serialize};
use state::{
    BuiltEstate, BuiltStructure, CardPos, DiscardCard, EraScore, EstateSlot, EstateStatus,
    NineState, Phase, Slot,
};

#[derive(Debug)]
pub struct NineEstates;

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

/// The three end-of-round choices (lines 81–85).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(tag = "kind")]
pub enum RoundChoice {
    /// Shuffle the deck without rotating or flipping; `order` records a physical shuffle.
    Shuffle { order: Option<Vec<u8>> },
    /// Rotate the whole deck 180° to use the other resources.
    RotateAll,
    /// Next round, one card in the deck may be rotated.
    RotateOneNextRound,
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
    /// Setup step 3: choose which resource of the first card is on top.
    TurnFirstCard,
    /// Use the end-of-round choice: rotate the deck's top card 180°.
    RotateTopCard,
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
    FirstCardTurned,
    TopCardRotated,
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
    RoundEnded,
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

fn err(rule: &str, message: impl Into<String>) -> RuleError {
    RuleError::new(rule, message)
}

fn structure_label(state: &NineState, card: u8, face: Face) -> String {
    match state.face_def(card, face) {
        Some(d) => d.structure.clone(),
        None => format!("card {card} ({face:?} side, not described)"),
    }
}

fn estate_label(state: &NineState, card: u8) -> String {
    match state.catalogue.estate(card) {
        Some(d) => d.name.clone(),
        None => format!(
            "{:?} Estate card {card}",
            EstateType::of_card(card).unwrap_or(EstateType::Peasant)
        ),
    }
}

fn check_permutation(what: &str, cards: &[u8], expected: &[u8]) -> Result<(), RuleError> {
    let mut a = cards.to_vec();
    let mut b = expected.to_vec();
    a.sort_unstable();
    b.sort_unstable();
    if a != b {
        return Err(err(
            "nine.deal",
            format!("{what} must hold exactly the cards {b:?}, each once (got {cards:?})"),
        ));
    }
    Ok(())
}

fn deal_events(
    state: &NineState,
    deal: &Deal,
    rng: &mut GameRng,
) -> Result<Vec<NineEvent>, RuleError> {
    let t = scoring::rules();
    let first_era = state.era == 1;
    let all: Vec<u8> = (1..=t.structure_cards()).collect();
    let (grid, deck) = match deal {
        Deal::Shuffle => {
            let grid = if first_era {
                let mut rows = Vec::new();
                for kind in [
                    EstateType::Nobility,
                    EstateType::Clergy,
                    EstateType::Peasant,
                ] {
                    let mut row: Vec<u8> = (1..=t.estate_cards())
                        .filter(|c| EstateType::of_card(*c) == Some(kind))
                        .collect();
                    row.shuffle(rng);
                    rows.push(row);
                }
                Some(rows)
            } else {
                None
            };
            // Setup step 2: rotate about half of the cards, then shuffle.
            let mut deck: Vec<CardPos> = all
                .iter()
                .map(|&card| CardPos {
                    card,
                    upright: rng.random_bool(0.5),
                })
                .collect();
            deck.shuffle(rng);
            (grid, deck)
        }
        Deal::Recorded { grid, deck } => {
            let cards: Vec<u8> = deck.iter().map(|c| c.card).collect();
            check_permutation("The deck", &cards, &all)?;
            match (first_era, grid) {
                (true, None) => {
                    return Err(err("nine.deal", "Era 1 needs the Estate grid as dealt"))
                }
                (false, Some(_)) => {
                    return Err(err(
                        "nine.deal",
                        "Estates stay where they are in Era 2: deal only the Structure deck",
                    ))
                }
                (true, Some(rows)) => {
                    if rows.len() != 3 {
                        return Err(err(
                            "nine.deal",
                            "the Estate grid has 3 rows: Nobility, Clergy, Peasant",
                        ));
                    }
                    for (row, kind) in rows.iter().zip([
                        EstateType::Nobility,
                        EstateType::Clergy,
                        EstateType::Peasant,
                    ]) {
                        let expected: Vec<u8> = (1..=t.estate_cards())
                            .filter(|c| EstateType::of_card(*c) == Some(kind))
                            .collect();
                        check_permutation(&format!("The {kind:?} row"), row, &expected)?;
                    }
                }
                (false, None) => {}
            }
            (grid.clone(), deck.clone())
        }
    };
    Ok(vec![NineEvent::Dealt { grid, deck }])
}

/// After a turn's events: slide a card to the centre, and end the round when the deck and the
/// centre are empty.
fn finish_turn(state: &NineState, mut events: Vec<NineEvent>) -> Vec<NineEvent> {
    events.push(NineEvent::TurnEnded);
    let mut after = state.clone();
    for e in &events {
        NineEstates::apply(&mut after, e);
    }
    if after.centre.is_none() && after.deck.is_empty() && !after.discard.is_empty() {
        events.push(NineEvent::RoundEnded);
    }
    events
}

fn handle_build(
    state: &NineState,
    target: Target,
    payment: &[Pay],
) -> Result<Vec<NineEvent>, RuleError> {
    let (cost, requires, built) = match target {
        Target::Structure { slot } => {
            let (pos, _) = state.card_at(slot).ok_or_else(|| {
                err(
                    "nine.no-such-card",
                    format!("there is no {} to build", slot.name()),
                )
            })?;
            let def = state.face_def(pos.card, slot.face()).ok_or_else(|| {
                err(
                    "nine.card-unknown",
                    format!(
                        "Card {}'s {:?} side is not described yet: describe it first",
                        pos.card,
                        slot.face()
                    ),
                )
            })?;
            (
                def.cost.clone(),
                def.requires.clone(),
                NineEvent::StructureBuilt {
                    slot,
                    card: pos.card,
                    face: slot.face(),
                    name: def.structure.clone(),
                },
            )
        }
        Target::Estate { row, col } => {
            let slot = state
                .grid
                .get(row as usize)
                .and_then(|r| r.get(col as usize))
                .ok_or_else(|| {
                    err(
                        "nine.no-such-card",
                        format!("there is no Estate at row {row}, column {col}"),
                    )
                })?;
            let name = estate_label(state, slot.card);
            match slot.status {
                EstateStatus::Built => {
                    return Err(err("nine.estate-built", format!("{name} is already built")))
                }
                EstateStatus::Removed => {
                    return Err(err(
                        "nine.estate-removed",
                        format!(
                            "{name} was discarded when an Estate in its row or column was built"
                        ),
                    ))
                }
                EstateStatus::Available => {}
            }
            let kind = EstateType::of_card(slot.card).unwrap_or(EstateType::Peasant);
            if !scoring::order_allows(state, kind) {
                let before = kind
                    .predecessor()
                    .map(|p| format!("{p:?}"))
                    .unwrap_or_default();
                return Err(err(
                    "nine.estate-order",
                    format!("Estates are built Peasant, then Clergy, then Nobility: build a {before} Estate before {name}"),
                ));
            }
            let def = state.catalogue.estate(slot.card).ok_or_else(|| {
                err(
                    "nine.card-unknown",
                    format!("{name} is not described yet: describe it first"),
                )
            })?;
            (
                def.cost.clone(),
                def.requires.clone(),
                NineEvent::EstateBuilt {
                    row,
                    col,
                    card: slot.card,
                },
            )
        }
    };
    if let Some(missing) = requires.iter().find(|r| !state.has_structure(r)) {
        return Err(err(
            "nine.prerequisite",
            format!("{missing} must already be in your build area"),
        ));
    }
    payment::validate(state, &cost, payment)?;
    let own_slot = match target {
        Target::Structure { slot } => slot.into(),
        Target::Estate { .. } => None,
    };
    let sources: Vec<Source> = payment
        .iter()
        .map(|p| p.from)
        .filter(|s| s.slot().is_none() || s.slot() != own_slot)
        .collect();
    let mut events = vec![built];
    if !sources.is_empty() {
        events.push(NineEvent::Paid { sources });
    }
    Ok(finish_turn(state, events))
}

fn validate_description(card: &Described) -> Result<(), RuleError> {
    let t = scoring::rules();
    match card {
        Described::Structure { card, def, .. } => {
            if *card == 0 || *card > t.structure_cards() {
                return Err(err(
                    "nine.card-description",
                    format!("Structure cards are numbered 1 to {}", t.structure_cards()),
                ));
            }
            def.validate()
        }
        Described::Estate { card, def } => {
            if *card == 0 || *card > t.estate_cards() {
                return Err(err(
                    "nine.card-description",
                    format!("Estate cards are numbered 1 to {}", t.estate_cards()),
                ));
            }
            def.validate()
        }
    }
}

impl Game for NineEstates {
    type Options = NineOptions;
    type State = NineState;
    type Action = NineAction;
    type Event = NineEvent;
    type View = NineView;

    const DESCRIPTOR: Descriptor = Descriptor {
        id: "nine-estates",
        name: "Count of the Nine Estates",
        min_players: 1,
        max_players: 1,
        solo: true,
        rulebook: "001_22257f552b837f4e.txt",
    };

    fn initial(options: &NineOptions, seats: &[Seat]) -> Result<NineState, RuleError> {
        if seats.len() != 1 {
            return Err(err(
                "nine.players",
                format!(
                    "Count of the Nine Estates is played solo (got {} players)",
                    seats.len()
                ),
            ));
        }
        Ok(NineState {
            catalogue: options.catalogue.clone(),
            phase: Phase::Deal,
            era: 1,
            round: 0,
            turn: 0,
            grid: Vec::new(),
            deck: Vec::new(),
            centre: None,
            discard: Vec::new(),
            structures: Vec::new(),
            estates: Vec::new(),
            era_scores: Vec::new(),
            may_orient_first: false,
            may_rotate_one: false,
        })
    }

    fn handle(
        state: &NineState,
        action: &NineAction,
        rng: &mut GameRng,
    ) -> Result<Vec<NineEvent>, RuleError> {
        if state.phase == Phase::Over {
            return Err(err(
                "nine.game-over",
                "the game is over: both Eras have been scored",
            ));
        }
        let playing = || {
            if state.phase == Phase::Playing {
                Ok(())
            } else if state.phase == Phase::Deal {
                Err(err("nine.phase", "deal the cards first"))
            } else {
                Err(err(
                    "nine.phase",
                    "the round has ended: make the end-of-round choice first",
                ))
            }
        };
        match action {
            NineAction::Deal { deal } => {
                if state.phase != Phase::Deal {
                    return Err(err(
                        "nine.phase",
                        "the cards are already dealt for this Era",
                    ));
                }
                deal_events(state, deal, rng)
            }
            NineAction::Describe { card } => {
                validate_description(card)?;
                Ok(vec![NineEvent::Described { card: card.clone() }])
            }
            NineAction::TurnFirstCard => {
                playing()?;
                if !state.may_orient_first || state.centre.is_none() {
                    return Err(err(
                        "nine.orient-first",
                        "only the first card of an Era may be turned to its other resource, before the first turn",
                    ));
                }
                Ok(vec![NineEvent::FirstCardTurned])
            }
            NineAction::RotateTopCard => {
                playing()?;
                if !state.may_rotate_one {
                    return Err(err(
                        "nine.rotate-one",
                        "rotating one card needs the end-of-round choice \"rotate one card next round\", once",
                    ));
                }
                if state.deck.is_empty() {
                    return Err(err("nine.no-such-card", "the deck is empty"));
                }
                Ok(vec![NineEvent::TopCardRotated])
            }
            NineAction::Build { target, payment } => {
                playing()?;
                handle_build(state, *target, payment)
            }
            NineAction::Pass => {
                playing()?;
                if state.centre.is_none() {
                    return Err(err(
                        "nine.pass-needs-centre",
                        "there is no centre card to flip onto the discard pile",
                    ));
                }
                Ok(finish_turn(state, vec![NineEvent::Passed]))
            }
            NineAction::ChooseRoundEnd { choice } => {
                if state.phase != Phase::RoundEnd {
                    return Err(err(
                        "nine.phase",
                        "the end-of-round choice comes only when the deck has run out",
                    ));
                }
                let first = match choice {
                    RoundChoice::Shuffle { order: None } => {
                        let mut deck = state.deck.clone();
                        deck.shuffle(rng);
                        NineEvent::DeckReordered { deck }
                    }
                    RoundChoice::Shuffle { order: Some(order) } => {
                        let have: Vec<u8> = state.deck.iter().map(|c| c.card).collect();
                        check_permutation("The shuffled deck", order, &have)?;
                        let deck = order
                            .iter()
                            .filter_map(|n| state.deck.iter().find(|c| c.card == *n).copied())
                            .collect();
                        NineEvent::DeckReordered { deck }
                    }
                    RoundChoice::RotateAll => NineEvent::DeckRotated,
                    RoundChoice::RotateOneNextRound => NineEvent::RotateOneGranted,
                };
                Ok(vec![first, NineEvent::RoundStarted])
            }
            NineAction::EndEra => {
                if state.phase == Phase::Deal {
                    return Err(err("nine.phase", "deal the cards before ending the Era"));
                }
                Ok(vec![NineEvent::EraEnded {
                    score: scoring::era_score(state),
                }])
            }
        }
    }

    fn apply(state: &mut NineState, event: &NineEvent) {
        match event {
            NineEvent::Dealt { grid, deck } => {
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
                state.deck = deck.clone();
                state.centre = if state.deck.is_empty() {
                    None
                } else {
                    Some(state.deck.remove(0))
                };
                state.discard.clear();
                state.phase = Phase::Playing;
                state.round = 1;
                state.turn = 1;
                state.may_orient_first = true;
                state.may_rotate_one = false;
            }
            NineEvent::Described { card } => match card {
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
            },
            NineEvent::FirstCardTurned => {
                if let Some(c) = state.centre.as_mut() {
                    c.upright = !c.upright;
                }
            }
            NineEvent::TopCardRotated => {
                if let Some(c) = state.deck.first_mut() {
                    c.upright = !c.upright;
                }
                state.may_rotate_one = false;
            }
            NineEvent::StructureBuilt {
                slot,
                card,
                face,
                name,
            } => {
                match slot {
                    Slot::Left => {
                        if !state.deck.is_empty() {
                            state.deck.remove(0);
                        }
                    }
                    Slot::Centre => state.centre = None,
                    Slot::Discard => {
                        state.discard.pop();
                    }
                }
                state.structures.push(BuiltStructure {
                    card: *card,
                    face: *face,
                    name: name.clone(),
                    round: state.round,
                    tilted: false,
                });
            }
            NineEvent::EstateBuilt { row, col, card } => {
                let (r, c) = (*row as usize, *col as usize);
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
                    card: *card,
                    row: *row,
                    col: *col,
                    era: state.era,
                    used: false,
                });
            }
            NineEvent::Paid { sources } => {
                // Tilt the discard top before other cards cover it; then centre, then left.
                let mut ordered = sources.clone();
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
                        Source::Centre => {
                            if let Some(c) = state.centre.take() {
                                state.discard.push(DiscardCard {
                                    card: c.card,
                                    upright: c.upright,
                                    tilted: false,
                                });
                            }
                        }
                        Source::Left => {
                            if !state.deck.is_empty() {
                                let c = state.deck.remove(0);
                                state.discard.push(DiscardCard {
                                    card: c.card,
                                    upright: c.upright,
                                    tilted: false,
                                });
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
            NineEvent::Passed => {
                if let Some(c) = state.centre.take() {
                    state.discard.push(DiscardCard {
                        card: c.card,
                        upright: c.upright,
                        tilted: false,
                    });
                }
            }
            NineEvent::TurnEnded => {
                if state.centre.is_none() && !state.deck.is_empty() {
                    state.centre = Some(state.deck.remove(0));
                }
                state.turn += 1;
                state.may_orient_first = false;
            }
            NineEvent::RoundEnded => {
                // Line 79: reset tilted Structures (not Estates); the discard pile, untilted,
                // is flipped over to form the next deck.
                for s in &mut state.structures {
                    s.tilted = false;
                }
                state.deck = state
                    .discard
                    .iter()
                    .rev()
                    .map(|d| CardPos {
                        card: d.card,
                        upright: d.upright,
                    })
                    .collect();
                state.discard.clear();
                state.centre = None;
                state.may_rotate_one = false;
                state.phase = Phase::RoundEnd;
            }
            NineEvent::DeckReordered { deck } => state.deck = deck.clone(),
            NineEvent::DeckRotated => {
                for c in &mut state.deck {
                    c.upright = !c.upright;
                }
            }
            NineEvent::RotateOneGranted => state.may_rotate_one = true,
            NineEvent::RoundStarted => {
                state.round += 1;
                state.centre = if state.deck.is_empty() {
                    None
                } else {
                    Some(state.deck.remove(0))
                };
                state.phase = Phase::Playing;
            }
            NineEvent::EraEnded { score } => {
                state.era_scores.push(*score);
                if state.era >= scoring::rules().eras() {
                    state.phase = Phase::Over;
                    return;
                }
                // Line 89: built Estates move aside, reset, usable once more; Structures return
                // to form the new deck (all nine, product.md).
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
        }
    }

    fn allowed(state: &NineState) -> Vec<Allowed<NineAction>> {
        let mut out = Vec::new();
        let mut push = |label: String, group: &str, action: NineAction| {
            out.push(Allowed {
                label,
                group: group.to_string(),
                action,
            })
        };
        match state.phase {
            Phase::Over => {}
            Phase::Deal => push(
                "Shuffle and deal".into(),
                "setup",
                NineAction::Deal {
                    deal: Deal::Shuffle,
                },
            ),
            Phase::RoundEnd => {
                push(
                    "Shuffle the deck".into(),
                    "round",
                    NineAction::ChooseRoundEnd {
                        choice: RoundChoice::Shuffle { order: None },
                    },
                );
                push(
                    "Rotate the whole deck".into(),
                    "round",
                    NineAction::ChooseRoundEnd {
                        choice: RoundChoice::RotateAll,
                    },
                );
                push(
                    "Rotate one card next round".into(),
                    "round",
                    NineAction::ChooseRoundEnd {
                        choice: RoundChoice::RotateOneNextRound,
                    },
                );
                push(format!("End Era {}", state.era), "era", NineAction::EndEra);
            }
            Phase::Playing => {
                for (target, name, cost) in build_candidates(state) {
                    for payment in find_payments(state, &cost, 3) {
                        let from: Vec<String> = payment
                            .iter()
                            .map(|p| {
                                format!("{} ({})", source_name(state, p.from), p.resource.name())
                            })
                            .collect();
                        let label = if from.is_empty() {
                            format!("Build {name} (free)")
                        } else {
                            format!("Build {name} with {}", from.join(", "))
                        };
                        push(label, "build", NineAction::Build { target, payment });
                    }
                }
                if state.centre.is_some() {
                    push(
                        "Pass: flip the centre card onto the discard pile".into(),
                        "pass",
                        NineAction::Pass,
                    );
                }
                if state.may_orient_first && state.centre.is_some() {
                    push(
                        "Turn the first card to its other resource".into(),
                        "setup",
                        NineAction::TurnFirstCard,
                    );
                }
                if state.may_rotate_one && !state.deck.is_empty() {
                    push(
                        "Rotate the deck's top card".into(),
                        "round",
                        NineAction::RotateTopCard,
                    );
                }
                push(format!("End Era {}", state.era), "era", NineAction::EndEra);
            }
        }
        out
    }

    fn score(state: &NineState) -> Scoresheet {
        let mut breakdown = Vec::new();
        let mut categories = Vec::new();
        let mut scores: Vec<EraScore> = state.era_scores.clone();
        if !matches!(state.phase, Phase::Over | Phase::Deal) {
            scores.push(scoring::era_score(state));
        }
        for e in &scores {
            for (label, v) in [
                ("Structures", e.structures),
                ("Duplicates", e.duplicates),
                ("Shields", e.shields),
                ("Rounds", e.rounds),
                ("Total", e.total),
            ] {
                categories.push(format!("Era {} {label}", e.era));
                breakdown.push(v);
            }
        }
        let total: i32 = scores.iter().map(|e| e.total).sum();
        let over = state.phase == Phase::Over;
        Scoresheet {
            categories,
            rows: vec![ScoreRow {
                seat: 0,
                name: String::new(),
                breakdown,
                total,
                rank: 1,
                winner: false,
                title: if over {
                    Some(scoring::rules().title(total))
                } else {
                    None
                },
            }],
            final_: over,
        }
    }

    fn is_over(state: &NineState) -> bool {
        state.phase == Phase::Over
    }

    fn summarize(state: &NineState, action: &NineAction, events: &[NineEvent]) -> String {
        let prefix = format!("Era {}, round {}: ", state.era, state.round.max(1));
        let body = match action {
            NineAction::Deal {
                deal: Deal::Shuffle,
            } => "shuffled and dealt the cards".to_string(),
            NineAction::Deal { .. } => "recorded the deal".to_string(),
            NineAction::Describe {
                card: Described::Structure { card, face, def },
            } => {
                format!("described card {card}'s {face:?} side: {}", def.structure)
            }
            NineAction::Describe {
                card: Described::Estate { card, def },
            } => {
                format!("described Estate card {card}: {}", def.name)
            }
            NineAction::TurnFirstCard => "turned the first card to its other resource".to_string(),
            NineAction::RotateTopCard => "rotated the deck's top card".to_string(),
            NineAction::Build { target, payment } => {
                let name = match target {
                    Target::Structure { slot } => state
                        .card_at(*slot)
                        .map(|(p, _)| structure_label(state, p.card, slot.face()))
                        .unwrap_or_default(),
                    Target::Estate { row, col } => state
                        .grid
                        .get(*row as usize)
                        .and_then(|r| r.get(*col as usize))
                        .map(|s| estate_label(state, s.card))
                        .unwrap_or_default(),
                };
                let paid: Vec<String> = payment
                    .iter()
                    .map(|p| p.resource.name().to_string())
                    .collect();
                if paid.is_empty() {
                    format!("built {name}")
                } else {
                    format!("built {name} for {}", paid.join(", "))
                }
            }
            NineAction::Pass => "passed".to_string(),
            NineAction::ChooseRoundEnd { choice } => match choice {
                RoundChoice::Shuffle { .. } => "shuffled the deck for the next round".to_string(),
                RoundChoice::RotateAll => "rotated the whole deck for the next round".to_string(),
                RoundChoice::RotateOneNextRound => {
                    "chose to rotate one card next round".to_string()
                }
            },
            NineAction::EndEra => match events.first() {
                Some(NineEvent::EraEnded { score }) => {
                    format!("ended Era {} scoring {}", score.era, score.total)
                }
                _ => "ended the Era".to_string(),
            },
        };
        let round_end = if events.contains(&NineEvent::RoundEnded) {
            "; the deck ran out"
        } else {
            ""
        };
        format!("{prefix}{body}{round_end}")
    }

    fn view(state: &NineState) -> NineView {
        view(state)
    }

    fn learned(event: &NineEvent) -> Vec<(String, serde_json::Value)> {
        match event {
            NineEvent::Described {
                card: Described::Structure { card, face, def },
            } => {
                vec![(
                    format!("structure:{}", face_key(*card, *face)),
                    serde_json::to_value(def).unwrap_or_default(),
                )]
            }
            NineEvent::Described {
                card: Described::Estate { card, def },
            } => {
                vec![(
                    format!("estate:{card}"),
                    serde_json::to_value(def).unwrap_or_default(),
                )]
            }
            _ => Vec::new(),
        }
    }

    fn check_catalogue_entry(key: &str, value: &serde_json::Value) -> Result<(), RuleError> {
        let bad = |what: &str, e: serde_json::Error| {
            err("nine.card-description", format!("not {what}: {e}"))
        };
        let card_number = |k: &str| {
            k.split('-')
                .next()
                .and_then(|n| n.parse::<u8>().ok())
                .unwrap_or(0)
        };
        let card = if let Some(k) = key.strip_prefix("structure:") {
            let face = match k.split('-').nth(1) {
                Some("Square") => Face::Square,
                Some("Round") => Face::Round,
                _ => {
                    return Err(err(
                        "nine.card-description",
                        format!("'{key}' names no card side (e.g. structure:4-Square)"),
                    ))
                }
            };
            let def: FaceDef =
                serde_json::from_value(value.clone()).map_err(|e| bad("a Structure side", e))?;
            Described::Structure {
                card: card_number(k),
                face,
                def,
            }
        } else if let Some(k) = key.strip_prefix("estate:") {
            let def: EstateDef =
                serde_json::from_value(value.clone()).map_err(|e| bad("an Estate", e))?;
            Described::Estate {
                card: card_number(k),
                def,
            }
        } else {
            return Err(err(
                "nine.card-description",
                format!("'{key}' is not a card entry (structure:N-Side or estate:N)"),
            ));
        };
        validate_description(&card)
    }

    fn with_catalogue(options: &mut NineOptions, entries: &[(String, serde_json::Value)]) {
        for (key, value) in entries {
            if let Some(k) = key.strip_prefix("structure:") {
                if let Ok(def) = serde_json::from_value::<FaceDef>(value.clone()) {
                    options
                        .catalogue
                        .structures
                        .entry(k.to_string())
                        .or_insert(def);
                }
            } else if let Some(k) = key.strip_prefix("estate:") {
                if let Ok(def) = serde_json::from_value::<EstateDef>(value.clone()) {
                    options
                        .catalogue
                        .estates
                        .entry(k.to_string())
                        .or_insert(def);
                }
            }
        }
    }
}

/// Things that could be built now (described, available, order and prerequisites met).
fn build_candidates(state: &NineState) -> Vec<(Target, String, Vec<cards::Resource>)> {
    let mut out = Vec::new();
    for slot in [Slot::Left, Slot::Centre, Slot::Discard] {
        if let Some((pos, _)) = state.card_at(slot) {
            if let Some(def) = state.face_def(pos.card, slot.face()) {
                if def.requires.iter().all(|r| state.has_structure(r)) {
                    out.push((
                        Target::Structure { slot },
                        def.structure.clone(),
                        def.cost.clone(),
                    ));
                }
            }
        }
    }
    for (r, row) in state.grid.iter().enumerate() {
        for (c, slot) in row.iter().enumerate() {
            let kind = EstateType::of_card(slot.card).unwrap_or(EstateType::Peasant);
            if slot.status != EstateStatus::Available || !scoring::order_allows(state, kind) {
                continue;
            }
            if let Some(def) = state.catalogue.estate(slot.card) {
                if def.requires.iter().all(|x| state.has_structure(x)) {
                    out.push((
                        Target::Estate {
                            row: r as u8,
                            col: c as u8,
                        },
                        def.name.clone(),
                        def.cost.clone(),
                    ));
                }
            }
        }
    }
    out
}
