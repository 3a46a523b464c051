//! What the table can tell the tracker (actions), what the tracker records as having happened
//! (events: outcomes, so a replay never re-decides anything), and the options a game starts with.

use super::model::{
    CardFacts, Change, MatFacts, ObjectiveResult, Res, Resources, SoloEventFacts, StoredPayment,
    TableauCard,
};
use crate::realm::data::{data, ObjectiveRewards};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Cards, mats and Solo Era Event rewards the table has described before, copied into each new
/// game.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "TrackerCatalogue", default)]
pub struct TrackerCatalogue {
    pub cards: BTreeMap<String, CardFacts>,
    pub mats: BTreeMap<String, MatFacts>,
    pub events: BTreeMap<String, SoloEventFacts>,
}

/// Table choices and house rules, recorded with the game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "TrackerOptions", default)]
pub struct TrackerOptions {
    /// The objective reward table (product.md: adjustable; defaults from data).
    pub rewards: ObjectiveRewards,
    pub catalogue: TrackerCatalogue,
}

impl Default for TrackerOptions {
    fn default() -> Self {
        TrackerOptions {
            rewards: data().rewards.clone(),
            catalogue: TrackerCatalogue::default(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(tag = "type", rename = "TrackerAction")]
pub enum TrackerAction {
    // ---- setup ----
    ChooseLeader {
        seat: u8,
        leader: String,
    },
    /// Deal a Leader at random to every seat still without one (solo exclusions respected).
    DealLeaders,
    /// A Leader mat's printed numbers, asked the first time the Leader is used.
    DescribeMat {
        leader: String,
        mat: MatFacts,
    },
    /// A card's printed facts, asked the first time they matter.
    DescribeCard {
        card: String,
        facts: CardFacts,
    },
    /// What a Solo Era Event card's objective awards, asked once per card (product.md); told
    /// again, it corrects what was told.
    DescribeEvent {
        name: String,
        facts: SoloEventFacts,
    },
    /// The Advanced Gather tile dealt face up on a level (000 line 87), as the table names it.
    NameTile {
        space: String,
        name: String,
    },
    /// Lay out the starting builds, resources, drafted hands and the Realm board; `first_player`
    /// None draws one at random.
    StartGame {
        first_player: Option<u8>,
    },
    // ---- Era start ----
    RevealEvent {
        name: String,
        /// Multiplayer: the event's sign.
        positive: Option<bool>,
        /// Solo: which of the card's two effects the player chose.
        chosen_effect: Option<String>,
        /// Solo: what the card's objective awards, told with the reveal when not yet known.
        #[serde(default)]
        describe: Option<SoloEventFacts>,
    },
    /// The table names the Era Event it revealed unnamed (multiplayer: the name is a label
    /// only; a solo game's Event is named as it is revealed, its objective's VP remembered by
    /// that name).
    NameEvent {
        name: String,
    },
    // ---- worker actions (the current player) ----
    Produce {
        /// Use the Leader's "one more card" ability (Agrarian Lord, or a Spy Master copying it).
        #[serde(default)]
        ability: bool,
    },
    /// Activate one Production card during Produce. Farm, Quarry, Day Laborer and Charcoal
    /// Burner are computed; any other card's `change` says what it did.
    Activate {
        slot: u8,
        #[serde(default)]
        change: Option<Change>,
        /// Charcoal Burner: how much Wood to discard (up to 3).
        #[serde(default)]
        wood: Option<u8>,
        /// The Trade Queen's ability: this Merchant acts a second time.
        #[serde(default)]
        ability: bool,
    },
    FinishProduce,
    Draw {
        deck: u8,
        market: u8,
        #[serde(default)]
        ability: bool,
    },
    Gather {
        space: String,
        /// What an open or advanced space gave (the rulebook does not print them).
        #[serde(default)]
        change: Option<Change>,
        /// Sorcerer's ability: one extra resource.
        #[serde(default)]
        ability: Option<Res>,
    },
    Expand {
        card: String,
        #[serde(default)]
        describe: Option<CardFacts>,
        #[serde(default)]
        from_stored: Vec<StoredPayment>,
        /// Castle: the Citizen played from hand for free.
        #[serde(default)]
        free_citizen: Option<String>,
    },
    // ---- free actions ----
    Convert {
        give: Resources,
        get: Res,
    },
    /// A Leader ability the app does not compute, with what it did.
    UseAbility {
        #[serde(default)]
        change: Change,
    },
    /// Any card effect entered as what it did, logged under the card's name.
    Effect {
        seat: u8,
        card: String,
        change: Change,
    },
    /// An effect that changes several players' counts alike (an Era Event's "each player gains
    /// 1 Grain"), entered once for all the players it touches, logged under its source.
    EffectEach {
        source: String,
        seats: Vec<u8>,
        change: Change,
    },
    /// A card put into an Estate by an effect (Place of Worship, Mage …), without paying.
    PlayFree {
        seat: u8,
        card: String,
        by: String,
        #[serde(default)]
        describe: Option<CardFacts>,
    },
    /// A Solo Mode card revealed from the deck (000 lines 254-262): its immediate effect, then
    /// it is discarded. `resources` are the player's choices (Thief, Harbor, Barn Cat);
    /// `slot` is the card a stored resource leaves (Thieves Guild); `change` is the Merchant's.
    SoloReveal {
        card: String,
        #[serde(default)]
        resources: Vec<Res>,
        #[serde(default)]
        slot: Option<u8>,
        #[serde(default)]
        change: Option<Change>,
        /// Merchant: the Charcoal Burner's Wood, when that is the card activated.
        #[serde(default)]
        wood: Option<u8>,
        /// Revealed in the Market (a refill) rather than drawn into the hand.
        #[serde(default)]
        from_market: bool,
    },
    /// A card leaves an Estate (an effect discards it); its cube does not come back (FAQ line 322).
    RemoveCard {
        seat: u8,
        slot: u8,
        by: String,
    },
    EndTurn,
    // ---- Era end ----
    /// Each seat's measure for the objective, and the resource each 2nd place takes.
    ScoreObjective {
        measures: Vec<i32>,
        #[serde(default)]
        resources: Vec<Option<Res>>,
        /// The objective rewards the fewest (the lowest measure ranks first).
        #[serde(default)]
        fewest: bool,
    },
    SoloObjective {
        met: bool,
    },
    NextEra,
    // ---- game end ----
    FinalEntry {
        seat: u8,
        game_end_vp: i32,
        family_secret: i32,
    },
    Finish,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(tag = "type", rename = "TrackerEvent")]
pub enum TrackerEvent {
    LeaderChosen {
        seat: u8,
        leader: String,
    },
    MatDescribed {
        leader: String,
        mat: MatFacts,
    },
    CardDescribed {
        card: String,
        facts: CardFacts,
    },
    /// A Solo Era Event card's objective reward, told by the table.
    EventDescribed {
        name: String,
        facts: SoloEventFacts,
    },
    TileNamed {
        space: String,
        name: String,
    },
    /// The starting layout, as decided (the first player was drawn or chosen).
    GameStarted {
        first_player: u8,
        start_resources: i32,
        hand: i32,
        accumulating: i32,
        workers: u8,
    },
    EventRevealed {
        name: String,
        positive: Option<bool>,
        chosen_effect: Option<String>,
    },
    /// The Era's Event (counted from 1) named after it was revealed.
    EventNamed {
        era: u8,
        name: String,
    },
    /// One of the four worker actions began: a worker is placed (or a level-4 extra action used).
    WorkerAction {
        seat: u8,
        uses_worker: bool,
    },
    CrestFlipped {
        seat: u8,
    },
    ProduceStarted {
        limit: u8,
    },
    Activated {
        slot: u8,
    },
    ProduceFinished,
    /// A change to one player's ledger (supply, Gold, hand, stores, tucks, workers).
    Ledger {
        seat: u8,
        change: Change,
    },
    MarketTaken {
        count: u8,
    },
    SpaceTaken {
        space: String,
        seat: u8,
    },
    /// A space used by one of Advanced Gather level 4's extra actions: closed for this turn only
    /// (FAQ line 342).
    SpaceUsedThisTurn {
        space: String,
    },
    CardRemoved {
        seat: u8,
        slot: u8,
    },
    AccumulationTaken {
        resource: Res,
    },
    ExtraActions {
        count: u8,
    },
    /// A card enters a tableau; `cube` when a cube leaves its track.
    CardPlayed {
        seat: u8,
        card: TableauCard,
        cube: bool,
    },
    OncePerEraUsed {
        seat: u8,
        slot: u8,
    },
    TurnEnded {
        next: Option<u8>,
    },
    ObjectiveScored {
        result: ObjectiveResult,
    },
    EraReset {
        first_player: u8,
    },
    FinalEntered {
        seat: u8,
        game_end_vp: i32,
        family_secret: i32,
    },
    Finished,
}
