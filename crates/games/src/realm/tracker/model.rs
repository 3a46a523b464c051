//! The tracker's vocabulary: each player's ledger, Leader-mat facts, Solo Era Event rewards, the
//! Realm board, the turn and Era records, and `Change` (what an entered effect did). Resources,
//! tracks and card facts are the shared `pieces`, re-exported here so the tracker names them in
//! one place.

use crate::realm::data::ObjectiveRewards;
use crate::realm::pieces::plural;
pub use crate::realm::pieces::{CardFacts, CardKind, Res, Resources, Track};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A Leader mat's printed numbers: each track's value with 0..=7 cubes removed, and the player
/// count in its upper right (000 line 92). Not in the rulebook: asked once, then remembered.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "TrackerMat")]
pub struct MatFacts {
    pub production: Vec<u8>,
    pub noble: Vec<u8>,
    pub gather: Vec<u8>,
    pub players: u8,
}

impl MatFacts {
    pub fn values(&self, t: Track) -> &[u8] {
        match t {
            Track::Production => &self.production,
            Track::Noble => &self.noble,
            Track::Gather => &self.gather,
        }
    }
}

/// A card in a player's Estate.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "TrackerTableauCard")]
pub struct TableauCard {
    pub card: String,
    pub track: Track,
    pub stored: Resources,
    pub stored_gold: i32,
    pub tucked: i32,
    /// A once-per-Era card that has produced this Era.
    pub used_this_era: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "TrackerPlayer")]
pub struct PlayerState {
    pub leader: Option<String>,
    pub supply: Resources,
    pub gold: i32,
    pub hand: i32,
    /// Permanent workers that work this Era.
    pub workers: u8,
    /// Permanent workers gained this Era: they work from the next Era.
    pub waiting_workers: u8,
    /// Temporary workers (Day Laborer): gone at Era end.
    pub temporary: u8,
    pub used: u8,
    /// Cubes removed from each track (Production, Noble, Gather).
    pub cubes_removed: Vec<u8>,
    pub tableau: Vec<TableauCard>,
    pub crest_used: bool,
    pub objective_vp: i32,
    pub objective_firsts: u8,
    pub game_end_vp: Option<i32>,
    pub family_secret: Option<i32>,
}

impl PlayerState {
    pub fn workers_left(&self) -> u8 {
        (self.workers + self.temporary).saturating_sub(self.used)
    }
    pub fn cards_on(&self, t: Track) -> usize {
        self.tableau.iter().filter(|c| c.track == t).count()
    }
}

/// The Era Event revealed for an Era (name and sign entered at the table; solo: the chosen effect).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "TrackerEraEvent")]
pub struct EraEvent {
    pub name: String,
    pub positive: Option<bool>,
    pub chosen_effect: Option<String>,
}

/// What a Solo Era Event card prints about its objective: the Victory Points it awards when
/// met. Not in the rulebook (product.md): asked once per card, then remembered.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "TrackerSoloEvent")]
pub struct SoloEventFacts {
    pub objective_vp: i32,
}

/// How an Era's objective ended.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "TrackerObjectiveResult")]
pub struct ObjectiveResult {
    pub era: u8,
    /// Per seat: its measure (solo: 1 met, 0 not met).
    pub measures: Vec<i32>,
    /// Per seat: its place (1-based, ties share), or 0 when it earned nothing.
    pub places: Vec<u8>,
    pub vp: Vec<i32>,
    pub cards: Vec<i32>,
    pub resources: Vec<Option<Res>>,
    /// Solo: the Solo Era Event card whose printed reward a met objective earns; its VP follow
    /// what the table tells of that card, 0 until told. None in multiplayer games, and in solo
    /// games recorded before rewards were asked (their VP stay as recorded).
    #[serde(default)]
    pub event: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "TrackerPhase")]
pub enum Phase {
    /// Leaders, mats and the starting deal.
    Setup,
    /// Waiting for the Era Event to be revealed.
    EraStart,
    Playing,
    /// Every worker has acted: At Era End effects, then the objective.
    EraEnd,
    /// After Era 5's objective: Game End and Family Secret VP.
    FinalScoring,
    Over,
}

/// A Produce action in progress: its limit is fixed when it starts (FAQ line 316).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "TrackerProduce")]
pub struct ProduceState {
    pub limit: u8,
    /// Tableau slots already activated in this action.
    pub used: Vec<u8>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "TrackerTurn")]
pub struct TurnState {
    /// Worker actions still to take this turn (1, or more after Advanced Gather level 4).
    pub actions_left: u8,
    pub worker_placed: bool,
    pub market_taken: u8,
    pub produce: Option<ProduceState>,
    /// Exclusive spaces taken this turn (the level-4 extra actions may not repeat one).
    pub spaces: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "TrackerBoard")]
pub struct Board {
    /// Resources lying on the four accumulating spaces.
    pub accumulating: Resources,
    /// Exclusive spaces taken this Era, with who took them.
    pub taken: BTreeMap<String, u8>,
    /// The Advanced Gather tile dealt to each level, named by the table (000 line 87).
    #[serde(default)]
    pub tiles: BTreeMap<String, String>,
}

/// What a card did that the app does not compute, entered by the table.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "TrackerChange", default)]
pub struct Change {
    /// Added to (or, negative, taken from) the personal supply.
    pub supply: Resources,
    pub gold: i32,
    /// Cards drawn (+) or discarded (-) from the hand.
    pub hand: i32,
    /// Resources and Gold stored on (or taken from) one of the player's cards.
    pub store: Vec<StoreChange>,
    /// Cards tucked under one of the player's cards.
    pub tuck: Vec<TuckChange>,
    /// Permanent workers gained (they work from the next Era).
    pub workers: u8,
    /// Temporary workers gained for this Era.
    pub temporary: u8,
    /// Cubes removed from tracks by an effect (the Mage's or Place of Worship's "remove another
    /// cube", 000 lines 110 and 118).
    pub cubes: Vec<Track>,
}

impl Change {
    pub fn is_empty(&self) -> bool {
        self == &Change::default()
    }
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        if !self.supply.is_zero() {
            parts.push(self.supply.describe());
        }
        if self.gold != 0 {
            parts.push(format!("{} Gold", self.gold));
        }
        if self.hand != 0 {
            parts.push(format!("{} in hand", plural(self.hand, "card")));
        }
        for s in &self.store {
            let mut what = s.resources.describe();
            if s.gold != 0 {
                what = format!("{what}, {} Gold", s.gold);
            }
            parts.push(format!("stored {what} on card {}", u32::from(s.slot) + 1));
        }
        for t in &self.tuck {
            parts.push(format!(
                "tucked {} under card {}",
                t.count,
                u32::from(t.slot) + 1
            ));
        }
        if self.workers > 0 {
            parts.push(format!(
                "{} from next Era",
                plural(self.workers, "permanent worker")
            ));
        }
        if self.temporary > 0 {
            parts.push(plural(self.temporary, "temporary worker"));
        }
        for t in &self.cubes {
            parts.push(format!("a {} cube removed", t.name()));
        }
        if parts.is_empty() {
            "nothing".into()
        } else {
            parts.join("; ")
        }
    }
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "TrackerStoreChange")]
pub struct StoreChange {
    pub slot: u8,
    #[serde(default)]
    pub resources: Resources,
    #[serde(default)]
    pub gold: i32,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "TrackerTuckChange")]
pub struct TuckChange {
    pub slot: u8,
    pub count: i32,
}

/// Paying part of a cost with resources stored on one's own cards (FAQ line 302).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "TrackerStoredPayment")]
pub struct StoredPayment {
    pub slot: u8,
    pub resources: Resources,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "TrackerState")]
pub struct TrackerState {
    pub solo: bool,
    pub phase: Phase,
    pub era: u8,
    pub first_player: u8,
    pub current: u8,
    pub players: Vec<PlayerState>,
    pub board: Board,
    pub turn: TurnState,
    /// Card facts known to this game (the rulebook's, the catalogue's, and those described).
    pub cards: BTreeMap<String, CardFacts>,
    /// Leader mats known to this game.
    pub mats: BTreeMap<String, MatFacts>,
    pub events: Vec<EraEvent>,
    pub objectives: Vec<ObjectiveResult>,
    pub rewards: ObjectiveRewards,
    /// Solo Era Event cards whose objective reward the table has told (the catalogue's, and
    /// those told in this game), by the card's name.
    #[serde(default)]
    pub solo_events: BTreeMap<String, SoloEventFacts>,
}

/// What activating a Production card needs entered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(rename_all = "snake_case", rename = "TrackerNeeds")]
pub enum Needs {
    /// The app computes it (Farm, Quarry, Day Laborer).
    Nothing,
    /// The Wood it burns (Charcoal Burner, 000 line 162).
    Wood,
    /// What it did, entered by the table.
    Change,
}

/// Where the resources a Solo Mode card's reveal asks for come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(rename_all = "snake_case", rename = "TrackerSoloChoice")]
pub enum SoloChoice {
    /// Nothing to choose: the app applies it.
    Nothing,
    /// Resources given up from the personal supply (Thief, Harbor).
    Supply,
    /// A resource stored on one of the player's cards (Thieves Guild).
    Stored,
    /// Resources received (Barn Cat).
    Gain,
    /// A Production card to activate (Merchant).
    Activate,
}
