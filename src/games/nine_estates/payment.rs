//! Paying a building cost (rulebook 001 lines 56–66): which cards may pay, what each offers, and
//! whether a payment covers a cost exactly, with Gold standing in for Food, Wood, Stone or Ore.

use super::cards::{yield_text, Resource, Yield};
use super::state::{NineState, Slot};
use crate::engine::RuleError;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// A card that provides one resource towards a cost.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, specta::Type,
)]
#[serde(tag = "kind")]
pub enum Source {
    Left,
    Centre,
    Discard,
    /// A Structure in the build area, by its position there.
    Structure {
        index: u8,
    },
    /// A built Estate, by its position in the list of built Estates.
    Estate {
        index: u8,
    },
}

impl Source {
    pub fn slot(self) -> Option<Slot> {
        match self {
            Source::Left => Some(Slot::Left),
            Source::Centre => Some(Slot::Centre),
            Source::Discard => Some(Slot::Discard),
            _ => None,
        }
    }
}

/// One resource taken from one card.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, specta::Type,
)]
pub struct Pay {
    pub from: Source,
    pub resource: Resource,
}

/// A source's name for messages.
pub fn source_name(state: &NineState, source: Source) -> String {
    match source {
        Source::Left | Source::Centre | Source::Discard => source
            .slot()
            .map(|s| format!("the {}", s.name()))
            .unwrap_or_default(),
        Source::Structure { index } => match state.structures.get(index as usize) {
            Some(s) => format!("your {}", s.name),
            None => format!("Structure #{index}"),
        },
        Source::Estate { index } => match state
            .estates
            .get(index as usize)
            .and_then(|e| state.catalogue.estate(e.card))
        {
            Some(d) => format!("your {}", d.name),
            None => format!("Estate #{index}"),
        },
    }
}

/// What a source offers now, or why it cannot pay.
pub fn source_offer(state: &NineState, source: Source) -> Result<Yield, RuleError> {
    let unknown = |what: String| {
        RuleError::new(
            "nine.card-unknown",
            format!("{what} is not described yet: describe it first"),
        )
    };
    match source {
        Source::Left | Source::Centre | Source::Discard => {
            let slot = source.slot().unwrap_or(Slot::Left);
            let (pos, tilted) = state.card_at(slot).ok_or_else(|| {
                RuleError::new(
                    "nine.no-such-card",
                    format!("there is no {} now", slot.name()),
                )
            })?;
            if tilted {
                return Err(RuleError::new(
                    "nine.tilted",
                    format!("the {} was already used (tilted) and may not be used again until it is reset", slot.name()),
                ));
            }
            let def = state
                .face_def(pos.card, slot.face())
                .ok_or_else(|| unknown(format!("Card {}'s {:?} side", pos.card, slot.face())))?;
            Ok(def.top(pos.upright).clone())
        }
        Source::Structure { index } => {
            let s = state.structures.get(index as usize).ok_or_else(|| {
                RuleError::new(
                    "nine.no-such-card",
                    format!("there is no Structure #{index} in your build area"),
                )
            })?;
            if s.tilted {
                return Err(RuleError::new(
                    "nine.tilted",
                    format!("{} was already used this round (tilted) and is reset only when the round ends", s.name),
                ));
            }
            let def = state
                .face_def(s.card, s.face)
                .ok_or_else(|| unknown(s.name.clone()))?;
            Ok(def.provides.clone())
        }
        Source::Estate { index } => {
            let e = state.estates.get(index as usize).ok_or_else(|| {
                RuleError::new(
                    "nine.no-such-card",
                    format!("there is no built Estate #{index}"),
                )
            })?;
            let def = state
                .catalogue
                .estate(e.card)
                .ok_or_else(|| unknown(format!("Estate card {}", e.card)))?;
            if e.used {
                return Err(RuleError::new(
                    "nine.tilted",
                    format!("{} was already used this Era; Estates are reset only when a new Era begins", def.name),
                ));
            }
            Ok(def.provides.clone())
        }
    }
}

/// Does this multiset of resources pay this cost exactly? Gold may replace Food, Wood, Stone or
/// Ore, never Work Crew (line 56).
pub fn check_cover(cost: &[Resource], paid: &[Resource]) -> Result<(), RuleError> {
    let mut need: Vec<Resource> = cost.to_vec();
    let mut gold = 0usize;
    for r in paid {
        if let Some(i) = need.iter().position(|n| n == r) {
            need.remove(i);
        } else if *r == Resource::Gold {
            gold += 1;
        } else {
            return Err(RuleError::new(
                "nine.payment",
                format!(
                    "{} is not part of the cost ({})",
                    r.name(),
                    yield_text(&cost.to_vec())
                ),
            ));
        }
    }
    let replaceable = need.iter().filter(|n| n.gold_may_replace()).count();
    if gold > need.len() {
        return Err(RuleError::new(
            "nine.payment",
            "more resources were offered than the cost asks for",
        ));
    }
    if gold > replaceable {
        return Err(RuleError::new(
            "nine.gold-not-work-crew",
            "Gold may replace Food, Wood, Stone or Ore, but not Work Crew",
        ));
    }
    if gold < need.len() {
        return Err(RuleError::new(
            "nine.payment",
            format!("the payment is short: still needed {}", yield_text(&need)),
        ));
    }
    Ok(())
}

/// Validate a payment for a cost. `target` is the active slot being built, whose own topmost
/// resource may pay for it (line 66).
pub fn validate(state: &NineState, cost: &[Resource], payment: &[Pay]) -> Result<(), RuleError> {
    let mut seen = BTreeSet::new();
    for p in payment {
        if !seen.insert(p.from) {
            return Err(RuleError::new(
                "nine.one-resource-per-card",
                format!(
                    "{} can provide only one resource per build",
                    source_name(state, p.from)
                ),
            ));
        }
        let offer = source_offer(state, p.from)?;
        if !offer.contains(&p.resource) {
            return Err(RuleError::new(
                "nine.source-resource",
                format!(
                    "{} offers {}, not {}",
                    source_name(state, p.from),
                    yield_text(&offer),
                    p.resource.name()
                ),
            ));
        }
    }
    let paid: Vec<Resource> = payment.iter().map(|p| p.resource).collect();
    check_cover(cost, &paid)
}

/// Every source that could pay now, in the order the app prefers to suggest them: built
/// Structures (reset each round), the discard top, the left and centre cards, then Estates
/// (usable once an Era).
pub fn available_sources(state: &NineState) -> Vec<(Source, Yield)> {
    let mut candidates: Vec<Source> = (0..state.structures.len())
        .map(|i| Source::Structure { index: i as u8 })
        .collect();
    candidates.extend([Source::Discard, Source::Left, Source::Centre]);
    candidates.extend((0..state.estates.len()).map(|i| Source::Estate { index: i as u8 }));
    candidates
        .into_iter()
        .filter_map(|s| source_offer(state, s).ok().map(|y| (s, y)))
        .collect()
}

/// Up to `limit` distinct payments (as sets of sources) that pay `cost` exactly.
pub fn find_payments(state: &NineState, cost: &[Resource], limit: usize) -> Vec<Vec<Pay>> {
    let sources = available_sources(state);
    // Most constrained first: Work Crew can only be paid by Work Crew.
    let mut items = cost.to_vec();
    items.sort_by_key(|r| if r.gold_may_replace() { 1 } else { 0 });
    let mut found: Vec<Vec<Pay>> = Vec::new();
    let mut chosen: Vec<Pay> = Vec::new();
    let mut used = vec![false; sources.len()];
    let mut budget = 20_000usize;
    search(
        &sources,
        &items,
        0,
        &mut used,
        &mut chosen,
        &mut found,
        limit,
        &mut budget,
    );
    found
}

#[allow(clippy::too_many_arguments)]
fn search(
    sources: &[(Source, Yield)],
    items: &[Resource],
    at: usize,
    used: &mut [bool],
    chosen: &mut Vec<Pay>,
    found: &mut Vec<Vec<Pay>>,
    limit: usize,
    budget: &mut usize,
) {
    if found.len() >= limit || *budget == 0 {
        return;
    }
    *budget -= 1;
    if at == items.len() {
        let mut set = chosen.clone();
        set.sort();
        let key: Vec<Source> = set.iter().map(|p| p.from).collect();
        if !found
            .iter()
            .any(|f| f.iter().map(|p| p.from).collect::<Vec<_>>() == key)
        {
            found.push(set);
        }
        return;
    }
    let need = items[at];
    for (i, (source, offer)) in sources.iter().enumerate() {
        if used[i] {
            continue;
        }
        let pay = if offer.contains(&need) {
            Some(need)
        } else if need.gold_may_replace() && offer.contains(&Resource::Gold) {
            Some(Resource::Gold)
        } else {
            None
        };
        if let Some(resource) = pay {
            used[i] = true;
            chosen.push(Pay {
                from: *source,
                resource,
            });
            search(sources, items, at + 1, used, chosen, found, limit, budget);
            chosen.pop();
            used[i] = false;
        }
    }
}
