//! What the table tells the app (actions), what the app records as having happened (events:
//! outcomes, the die included, so a replay never decides again), and a game's options.

use super::catalogue::{CardText, Catalogue, Described, HeroFacts, LordFacts, QuestFacts};
use super::data::data;
use super::model::QuestOutcome;
use super::pieces::{Attributes, Pending, Piece};

pub use super::pieces::Change;
use serde::{Deserialize, Serialize};

/// Table choices, recorded with the game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "LordOptions", default)]
pub struct LordOptions {
    /// The Hope Stone target New game suggests (the last one used); the table still confirms it
    /// at setup (product.md: the rulebook names none).
    pub target: Option<u32>,
    /// The Lord stays outside the five-hero limit (off by default: a Lord is a hero "in every
    /// way", 004 line 42, so it counts toward line 134's five; reading B2).
    pub lord_outside_hero_limit: bool,
    /// How games recorded before the option above stored the choice (true: the Lord counted).
    /// Present only in those games' options; when present it decides, so they replay and go on
    /// exactly as they were played. New games never write it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[specta(skip)]
    pub lord_counts_toward_hero_limit: Option<bool>,
    /// Cards, Realms and target remembered from earlier games.
    pub catalogue: Catalogue,
}

impl LordOptions {
    /// Whether the Lord counts toward the five-hero limit in this game.
    pub fn lord_counts(&self) -> bool {
        self.lord_counts_toward_hero_limit
            .unwrap_or(!self.lord_outside_hero_limit)
    }
}

impl Default for LordOptions {
    fn default() -> Self {
        LordOptions {
            target: None,
            lord_outside_hero_limit: data().lord_outside_hero_limit.value,
            lord_counts_toward_hero_limit: None,
            catalogue: Catalogue::default(),
        }
    }
}

/// Which hero leaves play when a new one brings the count over the limit (004 line 134).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(tag = "kind", rename = "LordLimitDiscard")]
pub enum LimitDiscard {
    /// The hero just played.
    New,
    Hero {
        id: u16,
    },
    /// The Lord: refused (only Hero cards may be discarded, 004 line 134).
    Lord,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(tag = "type", rename = "LordAction")]
pub enum LordAction {
    // ---- setup (004 line 99) ----
    /// The Hope Stone target, confirmed by the table every game.
    ConfirmTarget {
        hope_stones: u32,
    },
    /// The six Realms' names (once; then remembered).
    NameRealms {
        names: Vec<String>,
    },
    /// The Lord a seat was dealt; `facts` the first time the app meets it.
    RevealLord {
        seat: u8,
        name: String,
        #[serde(default)]
        facts: Option<LordFacts>,
    },
    /// Five cards each, then the first player: drawn by the app (`null`) or as the table drew.
    StartGame {
        #[serde(default)]
        first: Option<u8>,
    },
    // ---- the turn (004 lines 117-123) ----
    Draw,
    /// Down to the hand limit, exactly; `names` optional, for the log.
    Discard {
        count: u8,
        #[serde(default)]
        names: Vec<String>,
    },
    PlayHero {
        name: String,
        #[serde(default)]
        facts: Option<HeroFacts>,
        #[serde(default)]
        discard: Option<LimitDiscard>,
    },
    PlayTreasure {
        name: String,
        hero: Piece,
        #[serde(default)]
        facts: Option<CardText>,
    },
    PlayQuest {
        name: String,
        #[serde(default)]
        facts: Option<QuestFacts>,
    },
    PlayEvent {
        name: String,
        #[serde(default)]
        facts: Option<CardText>,
        #[serde(default)]
        effects: Vec<Change>,
    },
    Travel {
        hero: Piece,
        to: u8,
    },
    UseTreasure {
        hero: Piece,
        #[serde(default)]
        effects: Vec<Change>,
    },
    /// Go on the quest of the hero's Realm; `die` from a real die, or `null` for the app's roll.
    Quest {
        hero: Piece,
        #[serde(default)]
        die: Option<u8>,
        #[serde(default)]
        modifier: i32,
    },
    /// An ability that fired outside the actions (Thraken, Dirk, Riddle Of Song …).
    Effect {
        source: String,
        effects: Vec<Change>,
    },
    /// The table answers a tagged ability the app brought up (`index` in `pending`): its offered
    /// changes applied, or closed as done (reading B19).
    ResolveAbility {
        index: u8,
        apply: bool,
    },
    EndTurn,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum LordEvent {
    TargetConfirmed {
        hope_stones: u32,
    },
    RealmsNamed {
        names: Vec<String>,
        /// Each revealed Lord's Homeland under the new names, by seat.
        homelands: Vec<Option<u8>>,
    },
    CardDescribed {
        card: Described,
    },
    LordRevealed {
        seat: u8,
        name: String,
        homeland: u8,
        attributes: Attributes,
    },
    /// `roll`: the number of the draw that chose the first player, when the app drew it.
    GameStarted {
        first: u8,
        hand: u8,
        roll: Option<u32>,
    },
    /// Undone rolls the active log no longer holds, carried into it (see `quest`).
    RollsCarried {
        rolls: u32,
    },
    TurnSkipped {
        seat: u8,
    },
    TurnStarted {
        seat: u8,
        turn: u32,
    },
    /// Every exhausted card of the seat readied: figures, and figures whose Treasure readied.
    Readied {
        pieces: Vec<Piece>,
        treasures: Vec<Piece>,
    },
    Drew {
        seat: u8,
        count: u8,
    },
    DiscardedFromHand {
        seat: u8,
        count: u8,
        names: Vec<String>,
    },
    ActionUsed,
    /// A card left the hand.
    CardPlayed {
        seat: u8,
        name: String,
    },
    HeroEntered {
        seat: u8,
        id: u16,
        name: String,
        attributes: Attributes,
        realm: u8,
    },
    /// To the discard pile at the hero limit, with its Treasure.
    HeroDiscarded {
        id: u16,
    },
    TreasureAttached {
        piece: Piece,
        name: String,
        replaced: Option<String>,
    },
    QuestAttached {
        realm: u8,
        name: String,
        facts: QuestFacts,
    },
    EventPlayed {
        name: String,
    },
    Traveled {
        piece: Piece,
        from: u8,
        to: u8,
    },
    Moved {
        piece: Piece,
        from: u8,
        to: u8,
    },
    Exhausted {
        piece: Piece,
    },
    FigureReadied {
        piece: Piece,
    },
    TreasureExhausted {
        piece: Piece,
    },
    TreasureReadied {
        piece: Piece,
    },
    DieRolled {
        roll: u32,
        value: u8,
    },
    QuestAttempted {
        outcome: QuestOutcome,
    },
    /// The real change (a loss stops at 0).
    HopeChanged {
        seat: u8,
        delta: i32,
    },
    HandChanged {
        seat: u8,
        delta: i32,
    },
    QuestDiscarded {
        realm: u8,
    },
    /// At the Lord's Homeland after a failed quest: not a move (004 line 152).
    PlacedAtHomeland {
        piece: Piece,
        realm: u8,
    },
    Banished {
        piece: Piece,
    },
    SkipNextTurn {
        seat: u8,
    },
    ExtraActions {
        count: u8,
    },
    EffectEntered {
        source: String,
    },
    TurnEnded {
        seat: u8,
    },
    /// A tagged ability's moment came: it waits for the table (reading B19).
    AbilityTriggered {
        ability: Pending,
    },
    /// The table answered the waiting ability at `index` (its changes follow when applied).
    AbilityResolved {
        index: u8,
        applied: bool,
    },
    GameWon {
        winners: Vec<u8>,
    },
}
