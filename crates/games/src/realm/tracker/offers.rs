//! What the table screen may offer, as the core judges it, so that the UI only shows: the
//! Production cards a Produce action (or the solo Merchant) may activate and what each needs
//! entered, what a Solo Mode card's reveal asks of the player from their real counts, each Solo
//! Era Event's objective reward, and the Leaders this table may play.

pub use super::model::{Needs, SoloChoice};
use super::model::{Phase, Resources, Track, TrackerState};
use super::rules::{abilities, track_value};
use super::worker::{activate, needs, solo_ask, solo_reveal};
use crate::realm::data::{data, AbilityAuto};
use serde::{Deserialize, Serialize};

/// One Production card an activation may name now, or why it may not.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "TrackerActivationView")]
pub struct ActivationView {
    pub slot: u8,
    pub card: String,
    /// A second use through the Leader's ability (a Merchant already used in this action).
    pub again: bool,
    pub needs: Needs,
    /// Why this card cannot be activated now (None: it can).
    pub refused: Option<String>,
}

/// A Solo Mode card (000 lines 254-262) and what revealing it asks now.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "TrackerSoloCardView")]
pub struct SoloCardView {
    pub card: String,
    /// The rulebook's words for its reveal.
    pub effect: String,
    pub choice: SoloChoice,
    /// How many resources in all the player chooses.
    pub choose_min: u8,
    pub choose_max: u8,
    /// At most how many of each resource.
    pub each_max: Resources,
    /// Thieves Guild: the cards holding a stored resource.
    pub stored_slots: Vec<u8>,
    /// Merchant: the Production cards it may activate.
    pub activations: Vec<ActivationView>,
}

/// A revealed Solo Era Event and its objective.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "TrackerSoloObjectiveView")]
pub struct SoloObjectiveView {
    pub era: u8,
    pub event: String,
    /// What the card's objective awards, as told (None: not yet told, so a met objective
    /// scores 0).
    pub reward: Option<i32>,
    /// None until the Era's objective is scored.
    pub met: Option<bool>,
    pub vp: Option<i32>,
}

/// A production card's slot and name in a player's Estate.
fn production_slots(s: &TrackerState, seat: usize) -> Vec<(u8, String)> {
    s.players[seat]
        .tableau
        .iter()
        .enumerate()
        .filter(|(_, c)| c.track == Track::Production)
        .map(|(i, c)| (i as u8, c.card.clone()))
        .collect()
}

/// The entries a probe sends for what a card needs (nothing entered yet).
fn probe_entries(n: Needs) -> (Option<super::model::Change>, Option<u8>) {
    match n {
        Needs::Nothing => (None, None),
        Needs::Wood => (None, Some(0)),
        Needs::Change => (Some(super::model::Change::default()), None),
    }
}

/// During a Produce action: each of the current player's Production cards, with the second
/// Merchant use where the Leader holds it.
pub fn activations(s: &TrackerState) -> Vec<ActivationView> {
    let Some(pr) = s
        .turn
        .produce
        .as_ref()
        .filter(|_| s.phase == Phase::Playing)
    else {
        return Vec::new();
    };
    let seat = usize::from(s.current);
    let twice = abilities(s, seat).contains(&AbilityAuto::MerchantTwice);
    production_slots(s, seat)
        .into_iter()
        .map(|(slot, card)| {
            let again = twice && card == "Merchant" && pr.used.contains(&slot);
            let needs = needs(&card);
            let (change, wood) = probe_entries(needs);
            let refused = activate(s, slot, change.as_ref(), wood, again)
                .err()
                .map(|e| e.message);
            ActivationView {
                slot,
                card,
                again,
                needs,
                refused,
            }
        })
        .collect()
}

/// The Production cards the solo Merchant may activate (000 line 256), under their own rules.
fn merchant_targets(s: &TrackerState) -> Vec<ActivationView> {
    production_slots(s, 0)
        .into_iter()
        .map(|(slot, card)| {
            let needs = needs(&card);
            let (change, wood) = probe_entries(needs);
            // Probed as a Market reveal: whether a card is in hand does not decide the target.
            let refused = solo_reveal(s, "Merchant", &[], Some(slot), change.as_ref(), wood, true)
                .err()
                .map(|e| e.message);
            ActivationView {
                slot,
                card,
                again: false,
                needs,
                refused,
            }
        })
        .collect()
}

/// Solo, while the game is under way: each Solo Mode card and what its reveal asks now.
pub fn solo_cards(s: &TrackerState) -> Vec<SoloCardView> {
    if !s.solo || matches!(s.phase, Phase::Setup | Phase::Over) {
        return Vec::new();
    }
    data()
        .cards
        .iter()
        .filter(|c| c.solo_card)
        .filter_map(|c| {
            let ask = solo_ask(s, &c.name)?;
            Some(SoloCardView {
                card: c.name.clone(),
                effect: c.solo_effect.clone().unwrap_or_default(),
                activations: if ask.choice == SoloChoice::Activate {
                    merchant_targets(s)
                } else {
                    Vec::new()
                },
                choice: ask.choice,
                choose_min: ask.min,
                choose_max: ask.max,
                each_max: ask.each_max,
                stored_slots: ask.stored_slots,
            })
        })
        .collect()
}

/// Solo: each revealed Era's Event, what its objective awards and how it ended.
pub fn solo_objectives(s: &TrackerState) -> Vec<SoloObjectiveView> {
    if !s.solo {
        return Vec::new();
    }
    s.events
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let era = i as u8 + 1;
            let result = s.objectives.iter().find(|o| o.era == era);
            let met = result.map(|r| r.places.first() == Some(&1));
            let vp = result.and_then(|r| r.vp.first().copied());
            // A game recorded before rewards were asked scored its reward table's first place.
            let legacy = result
                .filter(|r| r.event.is_none() && met == Some(true))
                .and(vp);
            SoloObjectiveView {
                era,
                event: e.name.clone(),
                reward: s
                    .solo_events
                    .get(&e.name)
                    .map(|f| f.objective_vp)
                    .or(legacy),
                met,
                vp,
            }
        })
        .collect()
}

/// Whether the current player's Gather value keeps them off an Advanced Gather level.
pub fn level_locked(s: &TrackerState, level: u8) -> bool {
    s.phase == Phase::Playing
        && track_value(s, usize::from(s.current), Track::Gather).is_ok_and(|v| v < level)
}
