//! Raise the Realm's pieces as the rule data prints them and the tracker counts them:
//! resources, the three tableau tracks, card types and a card's facts. They sit apart from both
//! `data` (which reads them from the rule file) and the tracker's `model` (which builds ledgers
//! from them), so neither of those two has to import the other's types back.

use serde::{Deserialize, Serialize};

#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, specta::Type,
)]
#[serde(rename_all = "snake_case", rename = "TrackerResource")]
pub enum Res {
    Iron,
    Stone,
    Wood,
    Grain,
}

impl Res {
    pub const ALL: [Res; 4] = [Res::Iron, Res::Stone, Res::Wood, Res::Grain];
    pub fn name(self) -> &'static str {
        match self {
            Res::Iron => "Iron",
            Res::Stone => "Stone",
            Res::Wood => "Wood",
            Res::Grain => "Grain",
        }
    }
}

/// An amount of each resource (a holding, a cost, or a change when signed).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "TrackerResources", default)]
pub struct Resources {
    pub iron: i32,
    pub stone: i32,
    pub wood: i32,
    pub grain: i32,
}

impl Resources {
    pub fn one(r: Res, n: i32) -> Self {
        let mut x = Resources::default();
        *x.get_mut(r) = n;
        x
    }
    pub fn get(&self, r: Res) -> i32 {
        match r {
            Res::Iron => self.iron,
            Res::Stone => self.stone,
            Res::Wood => self.wood,
            Res::Grain => self.grain,
        }
    }
    pub fn get_mut(&mut self, r: Res) -> &mut i32 {
        match r {
            Res::Iron => &mut self.iron,
            Res::Stone => &mut self.stone,
            Res::Wood => &mut self.wood,
            Res::Grain => &mut self.grain,
        }
    }
    pub fn total(&self) -> i32 {
        Res::ALL.iter().map(|&r| self.get(r)).sum()
    }
    pub fn add(&mut self, other: &Resources) {
        for r in Res::ALL {
            *self.get_mut(r) += other.get(r);
        }
    }
    pub fn sub(&mut self, other: &Resources) {
        for r in Res::ALL {
            *self.get_mut(r) -= other.get(r);
        }
    }
    pub fn negated(&self) -> Resources {
        let mut n = Resources::default();
        n.sub(self);
        n
    }
    /// Every amount between -limit and limit (user-entered numbers are bounded before any sum).
    pub fn within(&self, limit: i32) -> bool {
        Res::ALL
            .iter()
            .all(|&r| (-limit..=limit).contains(&self.get(r)))
    }
    pub fn any_negative(&self) -> Option<Res> {
        Res::ALL.into_iter().find(|&r| self.get(r) < 0)
    }
    pub fn is_zero(&self) -> bool {
        Res::ALL.iter().all(|&r| self.get(r) == 0)
    }
    /// "2 Iron, 1 Wood" (signs kept for changes).
    pub fn describe(&self) -> String {
        let parts: Vec<String> = Res::ALL
            .iter()
            .filter(|&&r| self.get(r) != 0)
            .map(|&r| format!("{} {}", self.get(r), r.name()))
            .collect();
        if parts.is_empty() {
            "nothing".into()
        } else {
            parts.join(", ")
        }
    }
}

/// The three tableau tracks (000 line 204).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, specta::Type,
)]
#[serde(rename_all = "snake_case", rename = "TrackerTrack")]
pub enum Track {
    Production,
    Noble,
    Gather,
}

impl Track {
    pub const ALL: [Track; 3] = [Track::Production, Track::Noble, Track::Gather];
    pub fn index(self) -> usize {
        match self {
            Track::Production => 0,
            Track::Noble => 1,
            Track::Gather => 2,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Track::Production => "Production",
            Track::Noble => "Noble",
            Track::Gather => "Gather",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(rename_all = "snake_case", rename = "TrackerCardKind")]
pub enum CardKind {
    Citizen,
    Construction,
}

/// What a card's face says, as the table described it (or the rulebook printed it).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "TrackerCardFacts")]
pub struct CardFacts {
    pub track: Track,
    pub kind: CardKind,
    pub cost: Resources,
    pub vp: i32,
    #[serde(default)]
    pub once_per_era: bool,
    /// Marked with the Interactive Deck symbol (left out of solo games, 000 line 249).
    #[serde(default)]
    pub interactive: bool,
}

/// "1 card", "2 cards": a count and its noun, singular only for one.
pub(crate) fn plural(n: impl Into<i64>, one: &str) -> String {
    let n = n.into();
    if n == 1 || n == -1 {
        format!("{n} {one}")
    } else {
        format!("{n} {one}s")
    }
}
