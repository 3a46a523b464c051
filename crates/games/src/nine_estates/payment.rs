//! Paying a building cost (rulebook 001 lines 56–66): which cards may pay, what each offers, and
//! whether a payment covers a cost exactly, with Gold standing in for Food, Wood, Stone or Ore.

use super::cards::{yield_text, Resource, Yield};
use super::state::{NineState, Slot};
use engine::RuleError;
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
            def.known_top(pos.upright).cloned().ok_or_else(|| {
                unknown(format!(
                    "The resource at the top edge of card {} as it lies now",
                    pos.card
                ))
            })
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

/// A bound on the search for payments, far above what nine cards can ask for; it only keeps a
/// pathological description (eight-resource costs against a full build area) from stalling.
const SEARCH_BUDGET: usize = 200_000;

/// Which sources are the same choice when paying. Each active card is its own (it goes onto the
/// discard pile, or is tilted there); built Structures that provide the same are one choice (any
/// of them is tilted until the round ends, line 75), and so are built Estates that provide the
/// same (tilted until the Era ends).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Choice {
    Slot(Slot),
    Structure(Yield),
    Estate(Yield),
}

/// Sources that are the same choice, in the order their first one is suggested.
struct Class {
    offer: Yield,
    members: Vec<Source>,
}

/// Can a source offering `offer` pay `need`, and with which resource (Gold for Food, Wood,
/// Stone or Ore, line 56)?
fn pays_with(offer: &Yield, need: Resource) -> Option<Resource> {
    if offer.contains(&need) {
        Some(need)
    } else if need.gold_may_replace() && offer.contains(&Resource::Gold) {
        Some(Resource::Gold)
    } else {
        None
    }
}

/// The sources that could pay part of `cost`, grouped into choices; `first` (the card being
/// built) is suggested first, since paying with its own resource costs no other card.
fn classes(state: &NineState, cost: &[Resource], first: Option<Slot>) -> Vec<Class> {
    let mut keyed: Vec<(Choice, Class)> = Vec::new();
    let mut sources = available_sources(state);
    sources.sort_by_key(|(s, _)| s.slot().is_none() || s.slot() != first);
    for (source, mut offer) in sources {
        if !cost.iter().any(|n| pays_with(&offer, *n).is_some()) {
            continue;
        }
        offer.sort();
        offer.dedup();
        let choice = match source {
            Source::Structure { .. } => Choice::Structure(offer.clone()),
            Source::Estate { .. } => Choice::Estate(offer.clone()),
            other => Choice::Slot(other.slot().unwrap_or(Slot::Left)),
        };
        match keyed.iter_mut().find(|(c, _)| *c == choice) {
            Some((_, class)) => class.members.push(source),
            None => keyed.push((
                choice,
                Class {
                    offer,
                    members: vec![source],
                },
            )),
        }
    }
    keyed.into_iter().map(|(_, class)| class).collect()
}

/// Every way to pay `cost` exactly now, each a different choice: payments that differ only in
/// which of two equal Structures (or Estates) is tilted are offered once, with the first of
/// them. `first` is the active card being built, whose own resource is suggested first.
pub fn every_payment(state: &NineState, cost: &[Resource], first: Option<Slot>) -> Vec<Vec<Pay>> {
    let mut search = Search {
        classes: classes(state, cost, first),
        cost: cost.to_vec(),
        picked: Vec::new(),
        found: Vec::new(),
        budget: SEARCH_BUDGET,
    };
    search.choose(0, cost.len());
    search.found
}

/// A search over how many sources to take from each choice.
struct Search {
    classes: Vec<Class>,
    cost: Vec<Resource>,
    picked: Vec<(Source, Yield)>,
    found: Vec<Vec<Pay>>,
    budget: usize,
}

impl Search {
    /// Take 0..=`left` sources from class `at` onwards (more first), `left` still to pick.
    fn choose(&mut self, at: usize, left: usize) {
        if self.budget == 0 {
            return;
        }
        self.budget -= 1;
        if left == 0 {
            if let Some(payment) = self.assign() {
                self.found.push(payment);
            }
            return;
        }
        let room: usize = self.classes[at..].iter().map(|c| c.members.len()).sum();
        if room < left {
            return;
        }
        let most = self.classes[at].members.len().min(left);
        for take in (0..=most).rev() {
            let class = &self.classes[at];
            let offer = class.offer.clone();
            let members = class.members[..take].to_vec();
            self.picked
                .extend(members.into_iter().map(|m| (m, offer.clone())));
            self.choose(at + 1, left - take);
            self.picked.truncate(self.picked.len() - take);
        }
    }

    /// The picked sources matched one to one with the cost's resources, if they can be.
    fn assign(&self) -> Option<Vec<Pay>> {
        let mut taken = vec![false; self.cost.len()];
        let mut pays = Vec::new();
        if self.matches(0, &mut taken, &mut pays) {
            pays.sort();
            Some(pays)
        } else {
            None
        }
    }

    fn matches(&self, i: usize, taken: &mut [bool], pays: &mut Vec<Pay>) -> bool {
        let Some((from, offer)) = self.picked.get(i) else {
            return true;
        };
        for (j, need) in self.cost.iter().enumerate() {
            let Some(resource) = pays_with(offer, *need).filter(|_| !taken[j]) else {
                continue;
            };
            taken[j] = true;
            pays.push(Pay {
                from: *from,
                resource,
            });
            if self.matches(i + 1, taken, pays) {
                return true;
            }
            pays.pop();
            taken[j] = false;
        }
        false
    }
}
