//! Our finished games as a BG Stats file, with the field types BG Stats writes: scores as text,
//! flags as booleans (collection flags as 0/1), `metaData` and `playImages` as strings, dates
//! as "YYYY-MM-DD HH:MM:SS". One BG Stats game per statistics key (a live assistant and its
//! scorepad are one game), named as BG Stats would know it.

use super::{game_uuid, title};
use games::{find_game, stats_game};
use serde_json::{json, Value};
use std::collections::HashMap;
use store::archive::Archive;

/// "2025-03-01T19:04:05.123Z" as BG Stats writes times.
fn when(at: &str) -> String {
    let at = at.replace('T', " ");
    at.get(..19).unwrap_or(&at).to_string()
}

fn game_entry(id: usize, key: &str, modified: &str) -> Value {
    let (min, max) = find_game(key)
        .map(|k| (k.descriptor().min_players, k.descriptor().max_players))
        .unwrap_or((1, 1));
    json!({
        "id": id,
        "uuid": game_uuid(key),
        "name": title(key),
        "modificationDate": modified,
        "cooperative": false,
        "highestWins": true,
        "noPoints": false,
        "usesTeams": false,
        "bggId": 0,
        "bggName": "",
        "bggYear": 0,
        "minPlayerCount": min,
        "maxPlayerCount": max,
        "isBaseGame": 1,
        "isExpansion": 0,
        "metaData": "{}",
        "tags": [],
        "copies": []
    })
}

/// The BG Stats file of an archive's finished games.
pub(crate) fn bgstats_file(archive: &Archive) -> Value {
    let modified = when(&archive.exported_at);
    let people: HashMap<&str, usize> = archive
        .people
        .iter()
        .enumerate()
        .map(|(i, p)| (p.uuid.as_str(), i + 1))
        .collect();
    let players: Vec<Value> = archive
        .people
        .iter()
        .enumerate()
        .map(|(i, p)| {
            json!({"id": i + 1, "uuid": p.uuid, "name": p.name, "isAnonymous": false,
                   "modificationDate": when(&p.created_at), "bggUsername": "", "metaData": "{}",
                   "tags": []})
        })
        .collect();
    let mut keys: Vec<&str> = Vec::new();
    let mut plays = Vec::new();
    for g in archive
        .games
        .iter()
        .filter(|g| g.status == "finished" && !g.results.is_empty())
    {
        let key = stats_game(&g.game);
        let game_ref = match keys.iter().position(|k| *k == key) {
            Some(i) => i + 1,
            None => {
                keys.push(key);
                keys.len()
            }
        };
        let scores: Vec<Value> = g
            .results
            .iter()
            .map(|r| {
                json!({"playerRefId": people.get(r.person.as_str()).copied().unwrap_or(0),
                       // "" is BG Stats' own word for no score (a play logged by its winners).
                       "score": r.score.map(|s| s.to_string()).unwrap_or_default(),
                       "winner": r.winner, "rank": r.rank,
                       "seatOrder": u32::from(r.seat) + 1, "startPlayer": r.seat == 0,
                       "newPlayer": false, "role": r.role.clone().unwrap_or_default(),
                       "team": "", "teamRole": "", "startPosition": "", "metaData": "{}"})
            })
            .collect();
        let day = g
            .played_on
            .clone()
            .unwrap_or_else(|| g.started_at.chars().take(10).collect());
        plays.push(json!({
            "uuid": g.uuid,
            "modificationDate": when(g.finished_at.as_deref().unwrap_or(&g.started_at)),
            "entryDate": when(&g.started_at),
            "playDate": format!("{day} 00:00:00"),
            "gameRefId": game_ref,
            "durationMin": 0,
            "ignored": false,
            // Winners without scores were chosen by hand, as BG Stats marks them.
            "manualWinner": g.results.iter().any(|r| r.score.is_none()),
            "usesTeams": false,
            "rounds": 0,
            "board": "",
            "rating": 0,
            "scoringSetting": 0,
            "bggId": 0,
            "importPlayId": 0,
            "playImages": "[]",
            "comments": "",
            "metaData": "{}",
            "expansionPlays": [],
            "playerScores": scores
        }));
    }
    let games: Vec<Value> = keys
        .iter()
        .enumerate()
        .map(|(i, key)| game_entry(i + 1, key, &modified))
        .collect();
    json!({
        "games": games,
        "players": players,
        "plays": plays,
        "locations": [],
        "tags": [],
        "groups": [],
        "challenges": [],
        "userInfo": {"meRefId": if archive.people.is_empty() { 0 } else { 1 }}
    })
}
