//! The Nine Estates table as the screen shows it: display-ready facts derived from the state
//! (names, what each active card offers, which cards still need describing, the live score), so
//! that the UI only displays; and the one-line log summary of each accepted action.

use super::actions::{Deal, Described, NineAction, NineEvent, RoundChoice, Target};
use super::cards::{cost_text, yield_text, EstateType, Face, FaceDef, Resource};
use super::offers::build_why_not;
use super::payment::{source_offer, Pay, Source};
use super::scoring;
use super::state::{
    estate_label, structure_label, BuiltEstate, BuiltStructure, EraScore, EstateStatus, NineState,
    Phase, Slot,
};
use engine::settled::Settled;
use serde::{Deserialize, Serialize};

/// An active card as the table screen shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
pub struct ActiveCard {
    pub slot: Slot,
    pub card: u8,
    pub face: Face,
    pub upright: bool,
    pub tilted: bool,
    /// The Structure's name, when described.
    pub name: Option<String>,
    /// The resource on its top edge now ("Wood", "Food/Gold"), when described.
    pub offers: Option<String>,
    pub cost: Option<String>,
    /// Why it may not be built now (the core's refusal); `None`: the actions offer its builds.
    pub why_not: Option<String>,
}

/// A card on the table that the app cannot referee until it is described.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
pub struct DescribeRequest {
    /// "Structure" or "Estate".
    pub kind: String,
    pub card: u8,
    pub face: Option<Face>,
    /// Where it lies, in words ("the centre card", "Clergy row, column 2").
    pub place: String,
    /// For a Structure side: its edge resources as the card lies now, suggested from the card's
    /// other side when that side is described (the edges are the card's, 001 lines 34 and 79).
    pub edges: Option<Edges>,
    /// What the table already told of this side, when only its top edge as the card lies now
    /// is missing (the card was turned since it was described).
    pub described: Option<FaceDef>,
}

/// A card's edge resources as it lies now: at its top edge (what it offers) and its bottom edge.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
pub struct Edges {
    pub top: Vec<Resource>,
    pub bottom: Vec<Resource>,
}

/// An Estate in the grid as the table screen shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
pub struct GridEstate {
    pub row: u8,
    pub col: u8,
    pub card: u8,
    pub kind: EstateType,
    pub status: EstateStatus,
    pub name: String,
    pub cost: Option<String>,
    pub shields: Option<u8>,
    /// Why it may not be built now (the core's refusal); `None`: the actions offer its builds.
    pub why_not: Option<String>,
}

/// Derived, display-ready facts for the Nine Estates table (computed by the core so that the UI
/// only displays).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
pub struct NineView {
    pub phase: Phase,
    pub era: u8,
    pub round: u32,
    pub turn: u32,
    pub deck_left: u32,
    pub discard_count: u32,
    pub active: Vec<ActiveCard>,
    // Settled (`engine::settled`): a pass or a round's end leaves the grid as it was.
    pub grid: Settled<Vec<GridEstate>>,
    /// The build area, by round (one column per round).
    pub structures: Vec<BuiltStructure>,
    /// For each built Structure, why it cannot pay toward a build now (the refusal a payment
    /// with it gets; `None`: it can), so that a tap on it answers.
    pub structure_why_not: Vec<Option<String>>,
    pub estates: Vec<String>,
    /// The built Estates as the state holds them (card, place, Era built, used this Era), in
    /// the order of `estates`.
    pub built_estates: Vec<BuiltEstate>,
    /// For each built Estate, why it cannot pay toward a build now (`None`: it can).
    pub estate_why_not: Vec<Option<String>>,
    // Each request settled: a pass changes the active cards' requests, seldom the Estates'.
    pub undescribed: Vec<Settled<DescribeRequest>>,
    /// The Structures the table has described (this game's and remembered ones), by name, for
    /// the "requires" choice of a description.
    pub structure_names: Vec<String>,
    pub era_scores: Vec<EraScore>,
    /// This Era's score so far (while an Era is being played).
    pub current_era: Option<EraScore>,
    pub total: i32,
    pub title: Option<String>,
}

/// The display view of a state.
pub fn view(state: &NineState) -> NineView {
    let (active, mut undescribed) = active_cards(state);
    let (grid, undescribed_estates) = grid_estates(state);
    undescribed.extend(undescribed_estates);
    let playing = !matches!(state.phase, Phase::Deal | Phase::Over);
    NineView {
        phase: state.phase,
        era: state.era,
        round: state.round,
        turn: state.turn,
        deck_left: state.deck.len() as u32,
        discard_count: state.discard.len() as u32,
        active,
        grid: Settled(grid),
        structures: state.structures.clone(),
        structure_why_not: (0..state.structures.len())
            .map(|i| pay_why_not(state, Source::Structure { index: i as u8 }))
            .collect(),
        estate_why_not: (0..state.estates.len())
            .map(|i| pay_why_not(state, Source::Estate { index: i as u8 }))
            .collect(),
        estates: state
            .estates
            .iter()
            .map(|e| estate_label(state, e.card))
            .collect(),
        built_estates: state.estates.clone(),
        undescribed: undescribed.into_iter().map(Settled).collect(),
        structure_names: structure_names(state),
        era_scores: state.era_scores.clone(),
        current_era: playing.then(|| scoring::era_score(state)),
        total: scoring::total(state, true),
        title: (state.phase == Phase::Over)
            .then(|| scoring::rules().title(scoring::total(state, false))),
    }
}

/// The left, centre and discard cards, and those of them not described yet.
/// The refusal a payment from `source` gets now (tilted until it is reset), if any.
fn pay_why_not(state: &NineState, source: Source) -> Option<String> {
    source_offer(state, source).err().map(|e| e.message)
}

fn active_cards(state: &NineState) -> (Vec<ActiveCard>, Vec<DescribeRequest>) {
    let mut active = Vec::new();
    let mut undescribed = Vec::new();
    for slot in [Slot::Left, Slot::Centre, Slot::Discard] {
        if let Some((pos, tilted)) = state.card_at(slot) {
            let def = state.face_def(pos.card, slot.face());
            // A side is asked for until its top edge, as the card lies now, is known too.
            let offers = def.and_then(|d| d.known_top(pos.upright));
            if offers.is_none() {
                undescribed.push(DescribeRequest {
                    kind: "Structure".into(),
                    card: pos.card,
                    face: Some(slot.face()),
                    place: ["the ", slot.name()].concat(),
                    edges: suggested_edges(state, pos.card, slot.face(), pos.upright),
                    described: def.cloned(),
                });
            }
            active.push(ActiveCard {
                slot,
                card: pos.card,
                face: slot.face(),
                upright: pos.upright,
                tilted,
                name: def.map(|d| d.structure.clone()),
                offers: offers.map(yield_text),
                cost: def.map(|d| cost_text(&d.cost)),
                why_not: build_why_not(state, Target::Structure { slot }).map(|e| e.message),
            });
        }
    }
    (active, undescribed)
}

/// The edges of a Structure side not described yet, as the card lies now, from the card's other
/// side when the table has described it.
fn suggested_edges(state: &NineState, card: u8, face: Face, upright: bool) -> Option<Edges> {
    if !scoring::rules().edges_from_other_side() {
        return None;
    }
    let other = match face {
        Face::Square => Face::Round,
        Face::Round => Face::Square,
    };
    let def = state.face_def(card, other)?;
    Some(Edges {
        top: def.top(upright).clone(),
        bottom: def.top(!upright).clone(),
    })
}

/// Every Structure name the catalogue knows, sorted, each once.
fn structure_names(state: &NineState) -> Vec<String> {
    let names: std::collections::BTreeSet<&str> = state
        .catalogue
        .structures
        .values()
        .map(|d| d.structure.as_str())
        .collect();
    names.into_iter().map(str::to_string).collect()
}

/// The Estate grid, and the Estates still in play that are not described yet (a removed one
/// can no longer be built, so it is not asked for).
fn grid_estates(state: &NineState) -> (Vec<GridEstate>, Vec<DescribeRequest>) {
    let mut grid = Vec::new();
    let mut undescribed = Vec::new();
    for (r, row) in state.grid.iter().enumerate() {
        for (c, slot) in row.iter().enumerate() {
            let kind = EstateType::of_card(slot.card).unwrap_or(EstateType::Peasant);
            let def = state.catalogue.estate(slot.card);
            if def.is_none() && slot.status != EstateStatus::Removed {
                undescribed.push(DescribeRequest {
                    kind: "Estate".into(),
                    card: slot.card,
                    face: None,
                    place: [
                        kind.name(),
                        " row, column ",
                        itoa::Buffer::new().format(c + 1),
                    ]
                    .concat(),
                    edges: None,
                    described: None,
                });
            }
            grid.push(GridEstate {
                row: r as u8,
                col: c as u8,
                card: slot.card,
                kind,
                status: slot.status,
                name: estate_label(state, slot.card),
                cost: def.map(|d| cost_text(&d.cost)),
                shields: def.map(|d| d.shields),
                why_not: build_why_not(
                    state,
                    Target::Estate {
                        row: r as u8,
                        col: c as u8,
                    },
                )
                .map(|e| e.message),
            });
        }
    }
    (grid, undescribed)
}

/// The log line of an accepted action, read against the state before it.
pub(super) fn summarize(state: &NineState, action: &NineAction, events: &[NineEvent]) -> String {
    let prefix = format!("Era {}, round {}: ", state.era, state.round.max(1));
    let body = match action {
        NineAction::Deal {
            deal: Deal::Shuffle,
        } => "shuffled and dealt the cards".to_string(),
        NineAction::Deal { .. } => "recorded the deal".to_string(),
        NineAction::Describe { card } => describe_summary(card),
        NineAction::TurnFirstCard => {
            "turned the deck to the first card's other resource".to_string()
        }
        NineAction::RotateTopCard => "rotated the deck's top card".to_string(),
        NineAction::RotateCard { card } => format!(
            "rotated {} in the deck",
            match state.face_def(*card, Face::Square) {
                Some(d) => format!("{} (card {card})", d.structure),
                None => format!("card {card}"),
            }
        ),
        NineAction::Build { target, payment } => build_summary(state, *target, payment),
        NineAction::Pass => "passed".to_string(),
        NineAction::ChooseRoundEnd { choice } => round_end_summary(choice).to_string(),
        NineAction::EndEra => match events.first() {
            Some(NineEvent::EraEnded { score }) => {
                format!("ended Era {} scoring {}", score.era, score.total)
            }
            _ => "ended the Era".to_string(),
        },
    };
    let round_end = if events
        .iter()
        .any(|e| matches!(e, NineEvent::RoundEnded { .. }))
    {
        "; the deck ran out"
    } else {
        ""
    };
    format!("{prefix}{body}{round_end}")
}

fn describe_summary(card: &Described) -> String {
    match card {
        Described::Structure { card, face, def } => {
            format!("described card {card}'s {face:?} side: {}", def.structure)
        }
        Described::Estate { card, def } => format!("described Estate card {card}: {}", def.name),
    }
}

fn build_summary(state: &NineState, target: Target, payment: &[Pay]) -> String {
    let name = match target {
        Target::Structure { slot } => state
            .card_at(slot)
            .map(|(p, _)| structure_label(state, p.card, slot.face()))
            .unwrap_or_default(),
        Target::Estate { row, col } => state
            .grid
            .get(row as usize)
            .and_then(|r| r.get(col as usize))
            .map(|s| estate_label(state, s.card))
            .unwrap_or_default(),
    };
    let paid: Vec<&str> = payment.iter().map(|p| p.resource.name()).collect();
    if paid.is_empty() {
        format!("built {name}")
    } else {
        format!("built {name} for {}", paid.join(", "))
    }
}

fn round_end_summary(choice: &RoundChoice) -> &'static str {
    match choice {
        RoundChoice::Shuffle { .. } => "shuffled the deck for the next round",
        RoundChoice::RotateAll => "rotated the whole deck for the next round",
        RoundChoice::RotateOneNextRound => "chose to rotate one card next round",
        RoundChoice::Keep => "kept the deck as it is for the next round",
    }
}
