//! The actions allowed now (`allowed`), each concrete enough to be sent back as it is: every
//! build with every way to pay for it, the turn's other choices, and the end-of-round choices.

use super::actions::{Deal, NineAction, RoundChoice, Target};
use super::cards::{yield_text, Face};
use super::decide::{estate_build, estate_to_build, handle, structure_to_build, Buildable};
use super::payment::{every_payment, source_name};
use super::state::{structure_label, NineState, Phase, Slot};
use engine::{why_not, Allowed, RuleError};

/// The actions allowed now.
pub(super) fn allowed(state: &NineState) -> Vec<Allowed<NineAction>> {
    match state.phase {
        Phase::Over => Vec::new(),
        Phase::Deal => vec![offer(
            "Shuffle and deal",
            "setup",
            NineAction::Deal {
                deal: Deal::Shuffle,
            },
        )],
        Phase::RoundEnd => round_end_choices(state),
        Phase::Playing => turn_choices(state),
    }
}

/// Ending an Era is asked first (it is offered beside every turn's moves, and ends the game
/// after the last Era): the Era's score as it stands, and what comes next.
pub fn confirm(state: &NineState, action: &NineAction) -> Option<String> {
    if *action != NineAction::EndEra {
        return None;
    }
    let total = super::scoring::era_score(state).total;
    let points = if total.abs() == 1 { "point" } else { "points" };
    let next = if state.era >= super::scoring::rules().eras() {
        "the game ends".to_string()
    } else {
        format!("Era {} is dealt next", state.era + 1)
    };
    Some(format!(
        "End Era {} now? It scores {total} {points} as it stands, and {next}.",
        state.era
    ))
}

fn offer(label: impl Into<String>, group: &str, action: NineAction) -> Allowed<NineAction> {
    Allowed {
        label: label.into(),
        group: group.to_string(),
        action,
    }
}

/// Lines 77–81, in the rulebook's order (so that a script's `--pick` keeps its meaning), then
/// keeping the deck as it is ("you *may* choose"), then ending the Era (line 85).
fn round_end_choices(state: &NineState) -> Vec<Allowed<NineAction>> {
    let choose = |label: &str, choice: RoundChoice| {
        offer(label, "round", NineAction::ChooseRoundEnd { choice })
    };
    vec![
        choose("Shuffle the deck", RoundChoice::Shuffle { order: None }),
        choose("Rotate the whole deck", RoundChoice::RotateAll),
        choose(
            "Rotate one card next round",
            RoundChoice::RotateOneNextRound,
        ),
        choose("Keep the deck as it is", RoundChoice::Keep),
        offer(format!("End Era {}", state.era), "era", NineAction::EndEra),
    ]
}

fn turn_choices(state: &NineState) -> Vec<Allowed<NineAction>> {
    let mut out = build_choices(state);
    if state.centre.is_some() {
        out.push(offer(
            "Pass: flip the centre card onto the discard pile",
            "pass",
            NineAction::Pass,
        ));
    }
    if state.may_orient_first && state.centre.is_some() {
        // The label stays as stored games offered it; the whole deck turns with this card.
        out.push(offer(
            "Turn the first card to its other resource",
            "setup",
            NineAction::TurnFirstCard,
        ));
    }
    if state.may_rotate_one {
        out.extend(rotate_choices(state));
    }
    out.push(offer(
        format!("End Era {}", state.era),
        "era",
        NineAction::EndEra,
    ));
    out
}

/// "1st", "2nd", "3rd", "4th" … for a card's place in the deck.
fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// One offer per card still in the deck (line 81: any of them), saying where it lies and what
/// its top edge would offer once rotated.
fn rotate_choices(state: &NineState) -> Vec<Allowed<NineAction>> {
    state
        .deck
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let place = if i == 0 {
                "the deck's top card, the left card".to_string()
            } else {
                format!("{} in the deck", ordinal(i + 1))
            };
            let name = structure_label(state, c.card, Face::Square);
            let change = state
                .face_def(c.card, Face::Square)
                .map(|d| {
                    format!(
                        ": {} → {}",
                        yield_text(d.top(c.upright)),
                        yield_text(d.top(!c.upright))
                    )
                })
                .unwrap_or_default();
            let label = if state.face_def(c.card, Face::Square).is_some() {
                format!("Rotate {name} (card {}, {place}){change}", c.card)
            } else {
                format!("Rotate card {} ({place})", c.card)
            };
            offer(label, "round", NineAction::RotateCard { card: c.card })
        })
        .collect()
}

/// Every build with every way of paying for it (`payment::every_payment`: ways that differ only
/// in which of two equal Structures or Estates is tilted are offered once).
fn build_choices(state: &NineState) -> Vec<Allowed<NineAction>> {
    let mut out = Vec::new();
    for (target, build) in build_candidates(state) {
        let own = match target {
            Target::Structure { slot } => Some(slot),
            Target::Estate { .. } => None,
        };
        for payment in every_payment(state, &build.cost, own) {
            let from: Vec<String> = payment
                .iter()
                .map(|p| format!("{} ({})", source_name(state, p.from), p.resource.name()))
                .collect();
            let label = if from.is_empty() {
                format!("Build {} (free)", build.name)
            } else {
                format!("Build {} with {}", build.name, from.join(", "))
            };
            out.push(offer(label, "build", NineAction::Build { target, payment }));
        }
    }
    out
}

/// Things that could be built now, by the same checks a build is refused with (described,
/// available, untilted, in order, prerequisites met), before looking at payments.
fn build_candidates(state: &NineState) -> Vec<(Target, Buildable)> {
    let slots = [Slot::Left, Slot::Centre, Slot::Discard]
        .into_iter()
        .filter_map(|slot| {
            structure_to_build(state, slot)
                .ok()
                .map(|b| (Target::Structure { slot }, b))
        });
    let estates = state.grid.iter().enumerate().flat_map(|(r, row)| {
        (0..row.len()).filter_map(move |c| {
            let (row, col) = (r as u8, c as u8);
            estate_build(state, row, col)
                .ok()
                .map(|b| (Target::Estate { row, col }, b))
        })
    });
    slots
        .chain(estates)
        .filter(|(_, b)| b.requires.iter().all(|r| state.has_structure(r)))
        .collect()
}

/// Why `target` may not be built now, or `None` when it may (for some payment). It asks `handle`
/// about a build of it with nothing paid: any refusal other than the payment's is the reason
/// itself; a payment refusal stands only when no way to pay exists (`every_payment`, the search
/// `allowed` offers from), and is then the shortfall the table would be told.
pub(super) fn build_why_not(state: &NineState, target: Target) -> Option<RuleError> {
    let unpaid = NineAction::Build {
        target,
        payment: Vec::new(),
    };
    let refused = why_not(|rng| handle(state, &unpaid, rng))?;
    if !PAYMENT_RULES.contains(&refused.rule.as_str()) {
        return Some(refused);
    }
    let (build, own) = match target {
        Target::Structure { slot } => (structure_to_build(state, slot).ok()?, Some(slot)),
        Target::Estate { row, col } => (estate_to_build(state, row, col).ok()?, None),
    };
    every_payment(state, &build.cost, own)
        .is_empty()
        .then_some(refused)
}

/// The refusals of a payment, as opposed to those of the thing being built.
const PAYMENT_RULES: [&str; 4] = [
    "nine.payment",
    "nine.gold-not-work-crew",
    "nine.one-resource-per-card",
    "nine.source-resource",
];
