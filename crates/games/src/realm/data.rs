//! Raise the Realm's rule data, read once from `data/raise_the_realm.json` (each value cites its
//! rulebook line) and shared by both modes: the scorepad's categories and solo titles, and the
//! tracker's 55 cards with their counts and printed facts, the 8 Leaders, setup amounts, worker
//! and track limits, conversions, the Realm board's spaces, the Advanced Gather tiles the
//! rulebook names, and the objective rewards.

use super::pieces::{CardFacts, CardKind, Resources, Track};
use crate::cited::{self, Cited};
use serde::Deserialize;
use std::sync::OnceLock;

/// One of the scorepad's eight categories (000 lines 214-223).
#[derive(Debug, Clone, Deserialize)]
pub struct Category {
    pub id: String,
    pub name: String,
}

/// A solo title and the lowest score that earns it (000 lines 268-274).
#[derive(Debug, Deserialize)]
struct Band {
    min: Option<i32>,
    title: String,
}

#[derive(Debug, Deserialize)]
struct Bands {
    bands: Vec<Band>,
}

#[derive(Debug, Deserialize)]
struct Players {
    max: u8,
}

/// Which printed effect the app automates for a card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, serde::Serialize, specta::Type)]
#[serde(rename_all = "snake_case", rename = "TrackerAuto")]
pub enum Auto {
    Farm,
    Quarry,
    DayLaborer,
    CharcoalBurner,
    Castle,
    GuildPresident,
}

/// One of the 55 Estate cards: what the rulebook prints about it (absent fields are asked).
#[derive(Debug, Clone, Deserialize)]
pub struct CardData {
    pub name: String,
    pub count: u8,
    pub track: Option<Track>,
    pub kind: Option<CardKind>,
    pub cost: Option<Resources>,
    pub vp: Option<i32>,
    #[serde(default)]
    pub once_per_era: bool,
    pub auto: Option<Auto>,
    #[serde(default)]
    pub solo_card: bool,
    /// Solo: what the card does when revealed, in the rulebook's words (000 lines 256-262).
    pub solo_effect: Option<String>,
    /// The Auction House's conversion rate.
    pub conversion: Option<u8>,
}

impl CardData {
    /// The card's facts when the rulebook prints all of them.
    pub fn printed_facts(&self) -> Option<CardFacts> {
        Some(CardFacts {
            track: self.track?,
            kind: self.kind?,
            cost: self.cost.clone()?,
            vp: self.vp?,
            once_per_era: self.once_per_era,
            interactive: false,
        })
    }
}

#[derive(Debug, Clone, Deserialize)]
pub struct StartCard {
    pub card: String,
    pub track: Track,
}

#[derive(Debug, Clone, Deserialize)]
pub struct SetupTuck {
    pub card: String,
    pub count: i32,
}

/// Leader abilities whose effect the app can apply itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, serde::Serialize, specta::Type)]
#[serde(rename_all = "snake_case", rename = "TrackerAbility")]
pub enum AbilityAuto {
    DrawPlusOne,
    ProducePlusOne,
    GatherPlusOne,
    MerchantTwice,
}

#[derive(Debug, Clone, Deserialize)]
pub struct LeaderData {
    pub name: String,
    pub start: Vec<StartCard>,
    pub ability: String,
    pub ability_auto: Option<AbilityAuto>,
    pub extra_setup: Option<String>,
    pub setup_tuck: Option<SetupTuck>,
    #[serde(default)]
    pub solo_excluded: bool,
}

#[derive(Debug, Clone, Deserialize)]
pub struct SetupData {
    pub start_resources: i32,
    pub accumulating_start: i32,
    pub market: u8,
    pub draft_keep: i32,
    pub solo_keep: i32,
}

#[derive(Debug, Clone, Deserialize)]
pub struct WorkerData {
    pub start: u8,
    pub max: u8,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Limits {
    pub per_track: u8,
    pub cubes_per_track: u8,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Conversion {
    pub standard: i32,
    pub auction_house: i32,
}

#[derive(Debug, Clone, Deserialize)]
pub struct OpenSpace {
    pub id: String,
    pub name: String,
}

#[derive(Debug, Clone, Deserialize)]
pub struct AdvancedSpace {
    pub id: String,
    pub level: u8,
}

/// An Advanced Gather tile the rulebook names, with the level it lies on and what the app
/// applies when a worker takes it.
#[derive(Debug, Clone, Deserialize)]
pub struct TileData {
    pub name: String,
    pub level: u8,
    #[serde(default)]
    pub extra_actions: u8,
}

#[derive(Debug, Clone, Deserialize)]
pub struct BoardData {
    pub open: Vec<OpenSpace>,
    pub advanced: Vec<AdvancedSpace>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct GuildPresident {
    pub thresholds: Vec<i32>,
    pub gold: Vec<i32>,
}

/// The Era objective rewards; a table may change any of them (house rules), the rest default to
/// the shipped data.
#[derive(Debug, Clone, Deserialize, serde::Serialize, specta::Type, PartialEq)]
#[serde(rename = "TrackerRewards", default)]
pub struct ObjectiveRewards {
    /// Eras 1-4: VP by place (1st only in the rulebook).
    pub vp_by_place: Vec<i32>,
    /// Era 5: VP by place (product.md's default 6 / 3 / 1).
    pub final_vp_by_place: Vec<i32>,
    pub second_cards: i32,
    pub second_resources: i32,
    pub others_cards: i32,
}

impl Default for ObjectiveRewards {
    fn default() -> Self {
        data().rewards.clone()
    }
}

/// The rewards as the data file states them (parsed without defaults: `ObjectiveRewards`'
/// defaults come from this very file).
#[derive(Debug, Deserialize)]
struct RawRewards {
    vp_by_place: Vec<i32>,
    final_vp_by_place: Vec<i32>,
    second_cards: i32,
    second_resources: i32,
    others_cards: i32,
}

/// The file as written: each value beside its citation.
#[derive(Debug, Deserialize)]
struct Raw {
    players: Players,
    categories: Cited<Vec<Category>>,
    points_per_empty_track: Cited<i32>,
    tracks: Cited<u8>,
    max_estate_cards: Cited<u8>,
    eras: Cited<u8>,
    solo_objectives_needed: Cited<u8>,
    solo_titles: Bands,
    solo_failure_title: Cited<String>,
    cards: Cited<Vec<CardData>>,
    leaders: Cited<Vec<LeaderData>>,
    setup: Cited<SetupData>,
    workers: Cited<WorkerData>,
    limits: Cited<Limits>,
    conversion: Cited<Conversion>,
    realm_board: Cited<BoardData>,
    advanced_tiles: Cited<Vec<TileData>>,
    objective_rewards: Cited<RawRewards>,
    guild_president: Cited<GuildPresident>,
}

/// The rule data with the citations set aside, as the rules read it.
#[derive(Debug, Deserialize)]
#[serde(from = "Raw")]
pub struct RealmData {
    pub max_players: u8,
    pub categories: Vec<Category>,
    pub points_per_empty_track: i32,
    pub tracks: u8,
    pub max_estate_cards: u8,
    pub eras: u8,
    pub solo_objectives_needed: u8,
    bands: Vec<Band>,
    pub solo_failure_title: String,
    pub cards: Vec<CardData>,
    pub leaders: Vec<LeaderData>,
    pub setup: SetupData,
    pub workers: WorkerData,
    pub limits: Limits,
    pub conversion: Conversion,
    pub board: BoardData,
    pub tiles: Vec<TileData>,
    pub rewards: ObjectiveRewards,
    pub guild_president: GuildPresident,
}

impl From<Raw> for RealmData {
    fn from(r: Raw) -> Self {
        let w = r.objective_rewards.value;
        RealmData {
            max_players: r.players.max,
            categories: r.categories.value,
            points_per_empty_track: r.points_per_empty_track.value,
            tracks: r.tracks.value,
            max_estate_cards: r.max_estate_cards.value,
            eras: r.eras.value,
            solo_objectives_needed: r.solo_objectives_needed.value,
            bands: r.solo_titles.bands,
            solo_failure_title: r.solo_failure_title.value,
            cards: r.cards.value,
            leaders: r.leaders.value,
            setup: r.setup.value,
            workers: r.workers.value,
            limits: r.limits.value,
            conversion: r.conversion.value,
            board: r.realm_board.value,
            tiles: r.advanced_tiles.value,
            rewards: ObjectiveRewards {
                vp_by_place: w.vp_by_place,
                final_vp_by_place: w.final_vp_by_place,
                second_cards: w.second_cards,
                second_resources: w.second_resources,
                others_cards: w.others_cards,
            },
            guild_president: r.guild_president.value,
        }
    }
}

const JSON: &str = include_str!("../../../../data/raise_the_realm.json");
/// Every rule id this game refuses with, with its plain sentence and citation (the `rules`
/// section of the same file).
pub fn rule_book() -> &'static engine::RuleBook {
    static BOOK: OnceLock<engine::RuleBook> = OnceLock::new();
    crate::cited::rule_book(&BOOK, JSON)
}

/// Why the shipped file does not parse, if it does not (guarded by a test of each mode).
pub fn shipped_data_error() -> Option<String> {
    cited::parses::<RealmData>(JSON).err()
}

/// The shipped data. Should it ever fail to parse, the scorepad knows no category and the
/// tracker no card and no Leader, so both refuse every entry and every setup rather than invent
/// numbers (the tests keep that from shipping).
pub fn data() -> &'static RealmData {
    static D: OnceLock<RealmData> = OnceLock::new();
    cited::load(&D, JSON, fallback)
}

/// The data should the shipped file ever fail to parse: no category, card or Leader, so that both
/// modes refuse rather than invent numbers.
pub fn fallback() -> RealmData {
    RealmData {
        max_players: 5,
        categories: Vec::new(),
        points_per_empty_track: 7,
        tracks: 3,
        max_estate_cards: 21,
        eras: 5,
        solo_objectives_needed: 3,
        bands: Vec::new(),
        solo_failure_title: String::new(),
        cards: Vec::new(),
        leaders: Vec::new(),
        setup: SetupData {
            start_resources: 0,
            accumulating_start: 0,
            market: 0,
            draft_keep: 0,
            solo_keep: 0,
        },
        workers: WorkerData { start: 0, max: 0 },
        limits: Limits {
            per_track: 0,
            cubes_per_track: 0,
        },
        conversion: Conversion {
            standard: 3,
            auction_house: 2,
        },
        board: BoardData {
            open: Vec::new(),
            advanced: Vec::new(),
        },
        tiles: Vec::new(),
        rewards: ObjectiveRewards {
            vp_by_place: Vec::new(),
            final_vp_by_place: Vec::new(),
            second_cards: 0,
            second_resources: 0,
            others_cards: 0,
        },
        guild_president: GuildPresident {
            thresholds: Vec::new(),
            gold: Vec::new(),
        },
    }
}

impl RealmData {
    /// Where a scorepad category sits in the table's order.
    pub fn category_index(&self, id: &str) -> Option<usize> {
        self.categories.iter().position(|c| c.id == id)
    }
    /// The solo title for a score (000 lines 268-274).
    pub fn title(&self, total: i32) -> String {
        self.bands
            .iter()
            .find(|b| b.min.is_none_or(|m| total >= m))
            .map(|b| b.title.clone())
            .unwrap_or_default()
    }
    pub fn card(&self, name: &str) -> Option<&CardData> {
        self.cards.iter().find(|c| c.name == name)
    }
    pub fn leader(&self, name: &str) -> Option<&LeaderData> {
        self.leaders.iter().find(|l| l.name == name)
    }
    pub fn advanced(&self, id: &str) -> Option<&AdvancedSpace> {
        self.board.advanced.iter().find(|s| s.id == id)
    }
    pub fn is_open(&self, id: &str) -> bool {
        self.board.open.iter().any(|s| s.id == id)
    }
    /// The named tile a table's name stands for, whatever its case and spacing.
    pub fn tile(&self, name: &str) -> Option<&TileData> {
        let name = name.trim();
        self.tiles
            .iter()
            .find(|t| t.name.eq_ignore_ascii_case(name))
    }
    /// The tiles the rulebook names that may lie on a level.
    pub fn tiles_on(&self, level: u8) -> impl Iterator<Item = &TileData> {
        self.tiles.iter().filter(move |t| t.level == level)
    }
}
