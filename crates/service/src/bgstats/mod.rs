//! BG Stats JSON (`../shared/design/formats/bgstats.md`): the shape BG Stats exports and
//! imports. Export writes our finished games as its plays; import turns the plays of the games
//! we host into results-only records, people matched by name, and skips the others with the
//! reason in the report.
//!
//! Its traps, read leniently: scores are text (or null, or "" for no-points games), rank 0 and
//! seatOrder 0 mean "not set", `metaData` is JSON inside a string, flags are booleans in one
//! file and 0/1 in another, unknown keys are everywhere. Records point at each other by integer
//! ids that mean something only inside one file; a play's `uuid` is its identity across files.

mod export;
mod import;

pub(super) use export::bgstats_file;
pub(super) use import::plays;

use games::{registry, stats_game};
use serde::{Deserialize, Deserializer};
use serde_json::Value;

/// The name BG Stats knows a hosted game by: its statistics key's game, without a mode in
/// brackets ("Estate: Raise the Realm (scorepad)" is "Estate: Raise the Realm").
pub(super) fn title(key: &str) -> String {
    let name = registry()
        .iter()
        .map(|k| k.descriptor())
        .find(|d| stats_game(d.id) == key)
        .map_or(key, |d| d.name);
    plain(name).to_string()
}

/// A name without a trailing "(…)" (a mode, or BGG's year).
fn plain(name: &str) -> &str {
    let name = name.trim();
    match name.rfind(" (") {
        Some(at) if name.ends_with(')') => name[..at].trim_end(),
        _ => name,
    }
}

/// A stable identity for a hosted game's entry (UUID v5 of its statistics key), so that
/// exporting again updates BG Stats' game instead of adding another.
pub(super) fn game_uuid(key: &str) -> String {
    uuid::Uuid::new_v5(
        &uuid::Uuid::NAMESPACE_URL,
        format!("estate-steward:game:{key}").as_bytes(),
    )
    .to_string()
}

/// A BG Stats flag: `true`/`false`, `1`/`0`, or absent/null (false).
fn flag<'de, D: Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
    match Value::deserialize(d)? {
        Value::Bool(b) => Ok(b),
        Value::Null => Ok(false),
        Value::Number(n) if n.as_i64() == Some(0) => Ok(false),
        Value::Number(n) if n.as_i64() == Some(1) => Ok(true),
        other => Err(serde::de::Error::custom(format!(
            "expected true/false or 1/0, found {other}"
        ))),
    }
}

/// An integer where "not set" may also be written null.
fn int_or_unset<'de, D: Deserializer<'de>>(d: D) -> Result<i64, D::Error> {
    Ok(Option::<i64>::deserialize(d)?.unwrap_or(0))
}

#[derive(Debug, Deserialize)]
pub(super) struct BgFile {
    pub games: Vec<BgGame>,
    pub players: Vec<BgPlayer>,
    pub plays: Vec<BgPlay>,
}

#[derive(Debug, Deserialize)]
pub(super) struct BgGame {
    pub id: i64,
    #[serde(default)]
    pub uuid: Option<String>,
    pub name: String,
}

#[derive(Debug, Deserialize)]
pub(super) struct BgPlayer {
    pub id: i64,
    pub name: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct BgPlay {
    #[serde(default)]
    pub uuid: Option<String>,
    pub play_date: String,
    pub game_ref_id: i64,
    #[serde(default, deserialize_with = "flag")]
    pub ignored: bool,
    #[serde(default)]
    pub player_scores: Vec<BgScore>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct BgScore {
    pub player_ref_id: i64,
    /// Text, a number, null or "".
    #[serde(default)]
    pub score: Value,
    #[serde(default, deserialize_with = "flag")]
    pub winner: bool,
    #[serde(default, deserialize_with = "int_or_unset")]
    pub rank: i64,
    #[serde(default, deserialize_with = "int_or_unset")]
    pub seat_order: i64,
    #[serde(default)]
    pub role: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_lose_their_mode_and_the_tracker_and_scorepad_share_one() {
        assert_eq!(title("raise-the-realm"), "Estate: Raise the Realm");
        assert_eq!(title("realm-lord"), "Realm Lord");
        assert_eq!(plain("Middle Ages (2019)"), "Middle Ages");
        assert_eq!(game_uuid("middle-ages"), game_uuid("middle-ages"));
        assert_ne!(game_uuid("middle-ages"), game_uuid("realm-lord"));
    }
}
