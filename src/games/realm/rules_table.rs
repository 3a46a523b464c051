//! The numbers of Raise the Realm's scorepad, read from `data/raise_the_realm.json` (each cites
//! its rulebook line).

use serde::Deserialize;
use std::sync::OnceLock;

#[derive(Debug, Clone, Deserialize)]
pub struct Category {
    pub id: String,
    pub name: String,
}

#[derive(Debug, Deserialize)]
struct Cited<T> {
    value: T,
}

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
}

pub struct Table {
    pub max_players: u8,
    pub categories: Vec<Category>,
    pub points_per_empty_track: i32,
    pub tracks: u8,
    pub max_estate_cards: u8,
    pub eras: u8,
    pub solo_objectives_needed: u8,
    bands: Vec<Band>,
    pub solo_failure_title: String,
}

const JSON: &str = include_str!("../../../data/raise_the_realm.json");

fn parse() -> Option<Table> {
    let r: Raw = serde_json::from_str(JSON).ok()?;
    Some(Table {
        max_players: r.players.max,
        categories: r.categories.value,
        points_per_empty_track: r.points_per_empty_track.value,
        tracks: r.tracks.value,
        max_estate_cards: r.max_estate_cards.value,
        eras: r.eras.value,
        solo_objectives_needed: r.solo_objectives_needed.value,
        bands: r.solo_titles.bands,
        solo_failure_title: r.solo_failure_title.value,
    })
}

/// Did the shipped file parse (guarded by a test)?
pub fn shipped_table_parses() -> bool {
    parse().is_some()
}

/// The shipped table; should it ever fail to parse, an empty scorepad refuses every entry
/// rather than inventing numbers (the `shipped_table_parses` test keeps that from shipping).
pub fn table() -> &'static Table {
    static T: OnceLock<Table> = OnceLock::new();
    T.get_or_init(|| {
        parse().unwrap_or(Table {
            max_players: 5,
            categories: Vec::new(),
            points_per_empty_track: 7,
            tracks: 3,
            max_estate_cards: 21,
            eras: 5,
            solo_objectives_needed: 3,
            bands: Vec::new(),
            solo_failure_title: String::new(),
        })
    })
}

impl Table {
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
}
