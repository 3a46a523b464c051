//! Deciding: checking an action against the rules and saying what happens (`handle`, which
//! changes nothing) and the actions allowed now (`allowed`).

use super::actions::{Deal, Described, NineAction, NineEvent, RoundChoice, Target};
use super::apply::apply;
use super::cards::{EstateType, Resource};
use super::payment::{self, Pay, Source};
use super::scoring;
use super::state::{estate_label, CardPos, EstateStatus, NineState, Phase, Slot};
use engine::{err, GameRng, Laid, RuleError};
use rand::seq::SliceRandom;
use rand::Rng;

/// The Estate grid's rows from the top, as the rulebook lays them out (setup step 1).
const GRID_ROWS: [EstateType; 3] = [
    EstateType::Nobility,
    EstateType::Clergy,
    EstateType::Peasant,
];

/// Check an action and return its events, or the rule that refuses it.
pub(super) fn handle(
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
    match action {
        NineAction::Deal { deal } => handle_deal(state, deal, rng),
        NineAction::Describe { card } => {
            validate_description(card)?;
            Ok(vec![NineEvent::Described { card: card.clone() }])
        }
        NineAction::TurnFirstCard => turn_first_card(state),
        NineAction::RotateTopCard => rotate_card(state, state.deck.first().map(|c| c.card)),
        NineAction::RotateCard { card } => rotate_card(state, Some(*card)),
        NineAction::Build { target, payment } => {
            check_playing(state)?;
            handle_build(state, *target, payment)
        }
        NineAction::Pass => pass(state),
        NineAction::ChooseRoundEnd { choice } => choose_round_end(state, choice, rng),
        NineAction::EndEra => end_era(state),
    }
}

/// Turn actions need a dealt Era whose round has not run out.
fn check_playing(state: &NineState) -> Result<(), RuleError> {
    match state.phase {
        Phase::Playing => Ok(()),
        Phase::Deal => Err(err("nine.phase", "deal the cards first")),
        _ => Err(err(
            "nine.phase",
            "the round has ended: make the end-of-round choice first",
        )),
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

fn handle_deal(
    state: &NineState,
    deal: &Deal,
    rng: &mut GameRng,
) -> Result<Vec<NineEvent>, RuleError> {
    if state.phase != Phase::Deal {
        return Err(err(
            "nine.phase",
            "the cards are already dealt for this Era",
        ));
    }
    let laid = match deal {
        Deal::Shuffle => Laid::Drawn,
        Deal::Recorded { grid, deck } => Laid::Told((grid.clone(), deck.clone())),
    };
    let (grid, deck) = laid
        .settle(
            rng,
            |rng| shuffled_deal(state, rng),
            |(grid, deck)| check_recorded_deal(state, grid.as_ref(), deck),
        )?
        .value;
    Ok(vec![NineEvent::Dealt { grid, deck }])
}

/// The Estate cards of one grid row, in card order.
fn estate_cards_of(kind: EstateType) -> Vec<u8> {
    (1..=scoring::rules().estate_cards())
        .filter(|c| EstateType::of_card(*c) == Some(kind))
        .collect()
}

/// The app's own deal. The grid is shuffled before the deck, so the generator is drawn in the
/// same order on every replay of a recorded seed.
fn shuffled_deal(state: &NineState, rng: &mut GameRng) -> (Option<Vec<Vec<u8>>>, Vec<CardPos>) {
    let grid = (state.era == 1).then(|| {
        GRID_ROWS
            .iter()
            .map(|&kind| {
                let mut row = estate_cards_of(kind);
                row.shuffle(rng);
                row
            })
            .collect()
    });
    // Setup step 2: rotate about half of the cards, then shuffle.
    let mut deck: Vec<CardPos> = (1..=scoring::rules().structure_cards())
        .map(|card| CardPos {
            card,
            upright: rng.random_bool(0.5),
        })
        .collect();
    deck.shuffle(rng);
    (grid, deck)
}

/// A deal as the table made it: every Structure card once, and in Era 1 only, the grid with each
/// row holding exactly its type's Estate cards.
fn check_recorded_deal(
    state: &NineState,
    grid: Option<&Vec<Vec<u8>>>,
    deck: &[CardPos],
) -> Result<(), RuleError> {
    let all: Vec<u8> = (1..=scoring::rules().structure_cards()).collect();
    let cards: Vec<u8> = deck.iter().map(|c| c.card).collect();
    check_permutation("The deck", &cards, &all)?;
    match (state.era == 1, grid) {
        (true, None) => Err(err("nine.deal", "Era 1 needs the Estate grid as dealt")),
        (false, Some(_)) => Err(err(
            "nine.deal",
            "Estates stay where they are in Era 2: deal only the Structure deck",
        )),
        (true, Some(rows)) => {
            if rows.len() != 3 {
                return Err(err(
                    "nine.deal",
                    "the Estate grid has 3 rows: Nobility, Clergy, Peasant",
                ));
            }
            for (row, kind) in rows.iter().zip(GRID_ROWS) {
                check_permutation(&format!("The {kind:?} row"), row, &estate_cards_of(kind))?;
            }
            Ok(())
        }
        (false, None) => Ok(()),
    }
}

fn turn_first_card(state: &NineState) -> Result<Vec<NineEvent>, RuleError> {
    check_playing(state)?;
    if !state.may_orient_first || state.centre.is_none() {
        return Err(err(
            "nine.orient-first",
            "only the first card of an Era may be turned to its other resource, before the first turn",
        ));
    }
    // Line 34: the deck is placed with the chosen resource at the top edge, so every card of it
    // turns with the first one (the centre card, slid off it at once by the app).
    let deck = state
        .deck
        .iter()
        .map(|c| CardPos {
            card: c.card,
            upright: !c.upright,
        })
        .collect();
    Ok(vec![NineEvent::FirstCardTurned { deck: Some(deck) }])
}

/// The end-of-round choice "rotate one card in the deck" used on `card` (line 81: any card
/// still in the deck, the left card included; the centre card has been slid off it).
fn rotate_card(state: &NineState, card: Option<u8>) -> Result<Vec<NineEvent>, RuleError> {
    check_playing(state)?;
    if !state.may_rotate_one {
        return Err(err(
            "nine.rotate-one",
            "rotating one card needs the end-of-round choice \"rotate one card next round\", once",
        ));
    }
    let Some(card) = card else {
        return Err(err("nine.no-such-card", "the deck is empty"));
    };
    if !state.deck.iter().any(|c| c.card == card) {
        return Err(err(
            "nine.no-such-card",
            format!("card {card} is not in the deck: only a card still in the deck may be rotated"),
        ));
    }
    Ok(vec![NineEvent::CardRotated { card }])
}

fn pass(state: &NineState) -> Result<Vec<NineEvent>, RuleError> {
    check_playing(state)?;
    if state.centre.is_none() {
        return Err(err(
            "nine.pass-needs-centre",
            "there is no centre card to flip onto the discard pile",
        ));
    }
    Ok(finish_turn(state, vec![NineEvent::Passed]))
}

fn choose_round_end(
    state: &NineState,
    choice: &RoundChoice,
    rng: &mut GameRng,
) -> Result<Vec<NineEvent>, RuleError> {
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
            // The rulebook's shuffle neither rotates nor flips: each card keeps its way round.
            let deck = order
                .iter()
                .filter_map(|n| state.deck.iter().find(|c| c.card == *n).copied())
                .collect();
            NineEvent::DeckReordered { deck }
        }
        RoundChoice::RotateAll => NineEvent::DeckRotated,
        RoundChoice::RotateOneNextRound => NineEvent::RotateOneGranted,
        RoundChoice::Keep => return Ok(vec![NineEvent::RoundStarted]),
    };
    Ok(vec![first, NineEvent::RoundStarted])
}

fn end_era(state: &NineState) -> Result<Vec<NineEvent>, RuleError> {
    if state.phase == Phase::Deal {
        return Err(err("nine.phase", "deal the cards before ending the Era"));
    }
    Ok(vec![NineEvent::EraEnded {
        score: scoring::era_score(state),
    }])
}

/// After a turn's events: slide a card to the centre, and end the round when the deck and the
/// centre are empty. The turn's events are applied to a copy because whether the round ends
/// depends on where the payment left the cards.
fn finish_turn(state: &NineState, mut events: Vec<NineEvent>) -> Vec<NineEvent> {
    events.push(NineEvent::TurnEnded);
    let mut after = state.clone();
    for e in &events {
        apply(&mut after, e);
    }
    if after.centre.is_none() && after.deck.is_empty() && !after.discard.is_empty() {
        // Line 75: the pile is flipped over, so its bottom card (discarded first) is on top.
        let deck = after
            .discard
            .iter()
            .map(|d| CardPos {
                card: d.card,
                upright: d.upright,
            })
            .collect();
        events.push(NineEvent::RoundEnded { deck: Some(deck) });
    }
    events
}

/// What a build costs, what it requires, and the event that records it.
pub(super) struct Buildable {
    pub(super) name: String,
    pub(super) cost: Vec<Resource>,
    pub(super) requires: Vec<String>,
    built: NineEvent,
}

fn handle_build(
    state: &NineState,
    target: Target,
    payment: &[Pay],
) -> Result<Vec<NineEvent>, RuleError> {
    let Buildable {
        cost,
        requires,
        built,
        ..
    } = match target {
        Target::Structure { slot } => structure_to_build(state, slot)?,
        Target::Estate { row, col } => estate_to_build(state, row, col)?,
    };
    if let Some(missing) = requires.iter().find(|r| !state.has_structure(r)) {
        return Err(err(
            "nine.prerequisite",
            format!("{missing} must already be in your build area"),
        ));
    }
    payment::validate(state, &cost, payment)?;
    // The card being built leaves its slot as the Structure, not as a payment.
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

/// The active card in `slot` as a build, or why it cannot be built.
pub(super) fn structure_to_build(state: &NineState, slot: Slot) -> Result<Buildable, RuleError> {
    // The words are joined, not formatted: the table view asks this of every active card on
    // every action.
    let (pos, tilted) = state.card_at(slot).ok_or_else(|| {
        err(
            "nine.no-such-card",
            ["there is no ", slot.name(), " to build"].concat(),
        )
    })?;
    if tilted {
        // Line 64: a tilted card may not be used again until it is reset, not even to be built.
        return Err(err(
            "nine.tilted",
            [
                "the ",
                slot.name(),
                " already paid for something this round (tilted): it may not be built until it is reset",
            ]
            .concat(),
        ));
    }
    let def = state.face_def(pos.card, slot.face()).ok_or_else(|| {
        err(
            "nine.card-unknown",
            [
                "Card ",
                itoa::Buffer::new().format(pos.card),
                "'s ",
                slot.face().name(),
                " side is not described yet: describe it first",
            ]
            .concat(),
        )
    })?;
    Ok(Buildable {
        name: def.structure.clone(),
        cost: def.cost.clone(),
        requires: def.requires.clone(),
        built: NineEvent::StructureBuilt {
            slot,
            card: pos.card,
            face: slot.face(),
            name: def.structure.clone(),
        },
    })
}

/// The Estate at `row`, `col` as a build, or why it cannot be built.
pub(super) fn estate_to_build(state: &NineState, row: u8, col: u8) -> Result<Buildable, RuleError> {
    estate_build(state, row, col).map_err(|why| why.refusal(state, row, col))
}

/// Why an Estate cannot be built, before any words are put to it: `allowed` asks this of every
/// Estate on every action and only needs to know whether, so the words are made only for a
/// refusal that is shown ([`EstateBlock::refusal`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum EstateBlock {
    NoSuchCard,
    Built {
        card: u8,
    },
    Removed {
        card: u8,
    },
    /// A card of this type must be built first.
    OutOfOrder {
        card: u8,
        kind: EstateType,
    },
    Undescribed {
        card: u8,
    },
}

/// [`estate_to_build`] without the refusal's words.
pub(super) fn estate_build(state: &NineState, row: u8, col: u8) -> Result<Buildable, EstateBlock> {
    let slot = state
        .grid
        .get(row as usize)
        .and_then(|r| r.get(col as usize))
        .ok_or(EstateBlock::NoSuchCard)?;
    let card = slot.card;
    match slot.status {
        EstateStatus::Built => return Err(EstateBlock::Built { card }),
        EstateStatus::Removed => return Err(EstateBlock::Removed { card }),
        EstateStatus::Available => {}
    }
    let kind = EstateType::of_card(card).unwrap_or(EstateType::Peasant);
    if !scoring::order_allows(state, kind) {
        return Err(EstateBlock::OutOfOrder { card, kind });
    }
    let def = state
        .catalogue
        .estate(card)
        .ok_or(EstateBlock::Undescribed { card })?;
    Ok(Buildable {
        name: def.name.clone(),
        cost: def.cost.clone(),
        requires: def.requires.clone(),
        built: NineEvent::EstateBuilt { row, col, card },
    })
}

impl EstateBlock {
    /// The refusal as the table is told it, naming the rule. (The table view shows one for
    /// every Estate on every action: the words are joined, not formatted.)
    pub(super) fn refusal(self, state: &NineState, row: u8, col: u8) -> RuleError {
        let name = |card| estate_label(state, card);
        match self {
            EstateBlock::NoSuchCard => err(
                "nine.no-such-card",
                format!("there is no Estate at row {row}, column {col}"),
            ),
            EstateBlock::Built { card } => err(
                "nine.estate-built",
                [&name(card), " is already built"].concat(),
            ),
            EstateBlock::Removed { card } => err(
                "nine.estate-removed",
                [
                    &name(card),
                    " was discarded when an Estate in its row or column was built",
                ]
                .concat(),
            ),
            EstateBlock::OutOfOrder { card, kind } => err(
                "nine.estate-order",
                [
                    "Estates are built Peasant, then Clergy, then Nobility: build a ",
                    kind.predecessor().map_or("", EstateType::name),
                    " Estate before ",
                    &name(card),
                ]
                .concat(),
            ),
            EstateBlock::Undescribed { card } => err(
                "nine.card-unknown",
                [&name(card), " is not described yet: describe it first"].concat(),
            ),
        }
    }
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

/// A remembered catalogue entry is checked as the same description made in play would be.
pub(super) fn check_catalogue_entry(key: &str, value: &serde_json::Value) -> Result<(), RuleError> {
    validate_description(&Described::from_catalogue_entry(key, value)?)
}
