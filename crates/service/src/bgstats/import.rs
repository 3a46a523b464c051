//! A BG Stats file's plays of the games we host as results-only records: games matched by name
//! (or by the UUID our own export gave them), people by name, each play's `uuid` kept so that
//! a second import finds it. A play that records only who won (no scores, or some) is kept as
//! it is: its seats without a score hold none. Plays of other games, ignored plays and plays we
//! cannot hold (too many players, a name twice) are skipped with the reason. A file whose records do not hold
//! together (a play of a game or player the file does not list, a date that is not one) is
//! refused whole, naming the field.

use super::{game_uuid, plain, BgFile, BgPlay, BgScore};
use crate::results::ranks;
use crate::ApiError;
use chrono::NaiveDate;
use engine::colours::PALETTE;
use engine::table::excerpt;
use games::{registry, stats_game, stats_members};
use serde_json::Value;
use std::collections::{BTreeMap, HashMap};
use store::{checked_name, NewRecord, NewResult, SeatPerson};

/// A seat of a play: (name, score if the play has one, rank, winner, role).
pub(crate) type Row = (String, Option<i32>, u8, bool, Option<String>);

/// One play ready to be stored.
pub(crate) struct Play {
    pub game: &'static str,
    pub day: String,
    pub uuid: String,
    /// (name, score if the play has one, rank, winner, role) in seat order.
    pub rows: Vec<Row>,
}

impl Play {
    pub fn rows(&self) -> Vec<NewResult<'_>> {
        self.rows
            .iter()
            .enumerate()
            .map(|(i, (name, score, rank, winner, role))| NewResult {
                // A person new to the app takes the palette's colour for their seat.
                person: SeatPerson::New {
                    name,
                    colour: PALETTE[i % PALETTE.len()],
                },
                score: *score,
                rank: *rank,
                winner: *winner,
                title: None,
                role: role.as_deref(),
            })
            .collect()
    }

    pub fn record<'a>(&'a self, rows: &'a [NewResult<'a>]) -> NewRecord<'a> {
        NewRecord {
            game: self.game,
            played_on: &self.day,
            rows,
            uuid: Some(&self.uuid),
        }
    }
}

/// The statistics key of a BG Stats game we host, by our export's UUID or by name.
fn hosted(name: &str, uuid: Option<&str>) -> Option<&'static str> {
    let wanted = plain(name).to_lowercase();
    registry().iter().map(|k| k.descriptor()).find_map(|d| {
        let key = stats_game(d.id);
        let key: &'static str = stats_members(key).into_iter().find(|m| *m == key)?;
        let same_uuid = uuid.is_some_and(|u| u.eq_ignore_ascii_case(&game_uuid(key)));
        (same_uuid || plain(d.name).to_lowercase() == wanted).then_some(key)
    })
}

/// A score as BG Stats writes it: text, a number, null or "" (none).
fn score(v: &Value) -> Result<Option<i32>, String> {
    match v {
        Value::Null => Ok(None),
        Value::String(s) if s.trim().is_empty() => Ok(None),
        Value::String(s) => s
            .trim()
            .parse::<i32>()
            .map(Some)
            .map_err(|_| format!("score '{}' is not a whole number", excerpt(s, 20))),
        Value::Number(n) => n
            .as_i64()
            .and_then(|n| i32::try_from(n).ok())
            .map(Some)
            .ok_or_else(|| format!("score {n} is not a whole number")),
        other => Err(format!("score {other} is not a number")),
    }
}

/// A play's identity: its UUID, or one derived from whatever text it had (stable across
/// imports of the same file).
fn play_uuid(i: usize, play: &BgPlay, game: &str) -> String {
    match play.uuid.as_deref().map(str::trim) {
        Some(u) if uuid::Uuid::parse_str(u).is_ok() => u.to_lowercase(),
        other => {
            let seed = format!(
                "bgstats:{}:{game}:{}:{i}",
                other.unwrap_or(""),
                play.play_date
            );
            uuid::Uuid::new_v5(&uuid::Uuid::NAMESPACE_URL, seed.as_bytes()).to_string()
        }
    }
}

/// The play as our record, or why it cannot be one.
fn convert(
    key: &'static str,
    scores: &[(&BgScore, &str)],
    day: String,
    uuid: String,
) -> Result<Play, String> {
    let d = games::find_game(key)
        .map(|k| k.descriptor())
        .ok_or("not hosted")?;
    let n = scores.len();
    if n < d.min_players as usize || n > d.max_players as usize {
        return Err(format!(
            "{n} players; {} takes {}–{}",
            d.name, d.min_players, d.max_players
        ));
    }
    let mut ordered: Vec<(&BgScore, &str)> = scores.to_vec();
    let seats_set = ordered.iter().all(|(s, _)| s.seat_order > 0);
    if seats_set {
        ordered.sort_by_key(|(s, _)| s.seat_order);
    }
    let mut rows = Vec::with_capacity(n);
    for (s, name) in &ordered {
        let name = checked_name(name).map_err(|e| e.to_string())?.to_string();
        if rows
            .iter()
            .any(|(m, ..): &Row| m.to_lowercase() == name.to_lowercase())
        {
            return Err(format!("{name} plays twice"));
        }
        let points = score(&s.score)?;
        let role = s
            .role
            .as_deref()
            .map(str::trim)
            .filter(|r| !r.is_empty() && r.chars().count() <= 40);
        rows.push((name, points, 0, n > 1 && s.winner, role.map(String::from)));
    }
    let won: Vec<bool> = rows.iter().map(|r| r.3).collect();
    // Ranks from the scores when every seat has one; else the winners first and everyone else
    // after them, sharing a rank (a play logged with its winners only says no more).
    let computed = match rows.iter().map(|r| r.1).collect::<Option<Vec<i32>>>() {
        Some(totals) => ranks(&totals, &won),
        None => {
            let any = won.contains(&true);
            won.iter().map(|&w| if w || !any { 1 } else { 2 }).collect()
        }
    };
    let given = ordered.iter().all(|(s, _)| s.rank > 0);
    for (i, row) in rows.iter_mut().enumerate() {
        row.2 = match given {
            true => ordered[i].0.rank.clamp(1, 255) as u8,
            false => computed[i],
        };
    }
    Ok(Play {
        game: key,
        day,
        uuid,
        rows,
    })
}

/// Every play of the file: the ones to store, and the skipped ones with their reasons. A
/// reference or date that does not hold is the file's fault (`Err`, naming the field).
pub(crate) fn plays(file: &BgFile) -> Result<(Vec<Play>, Vec<String>), ApiError> {
    let games: HashMap<i64, (&str, Option<&'static str>)> = file
        .games
        .iter()
        .map(|g| (g.id, (g.name.as_str(), hosted(&g.name, g.uuid.as_deref()))))
        .collect();
    let people: HashMap<i64, &str> = file
        .players
        .iter()
        .map(|p| (p.id, p.name.as_str()))
        .collect();
    let mut kept = Vec::new();
    let mut skipped = Vec::new();
    let mut others: BTreeMap<&str, usize> = BTreeMap::new();
    for (i, play) in file.plays.iter().enumerate() {
        let field = |f: &str| format!("plays[{i}].{f}");
        let &(name, key) = games.get(&play.game_ref_id).ok_or_else(|| {
            ApiError::bad(
                &field("gameRefId"),
                format!("{} is not one of the file's games", play.game_ref_id),
            )
        })?;
        let mut scores = Vec::with_capacity(play.player_scores.len());
        for (j, s) in play.player_scores.iter().enumerate() {
            let who = people.get(&s.player_ref_id).ok_or_else(|| {
                ApiError::bad(
                    &field(&format!("playerScores[{j}].playerRefId")),
                    format!("{} is not one of the file's players", s.player_ref_id),
                )
            })?;
            scores.push((s, *who));
        }
        let day = play
            .play_date
            .get(..10)
            .and_then(|d| NaiveDate::parse_from_str(d, "%Y-%m-%d").ok());
        let Some(day) = day else {
            return Err(ApiError::bad(
                &field("playDate"),
                format!(
                    "'{}' is not a date like 2025-03-01 19:30:00",
                    excerpt(&play.play_date, 30)
                ),
            ));
        };
        let Some(key) = key else {
            *others.entry(name).or_default() += 1;
            continue;
        };
        let what = format!("{} on {day}", plain(name));
        if play.ignored {
            skipped.push(format!("{what}: ignored in BG Stats' statistics"));
            continue;
        }
        match convert(key, &scores, day.to_string(), play_uuid(i, play, key)) {
            Ok(p) => kept.push(p),
            Err(why) => skipped.push(format!("{what}: {why}")),
        }
    }
    for (name, n) in others {
        let s = if n == 1 { "" } else { "s" };
        skipped.push(format!(
            "{n} play{s} of {}: not a game hosted here",
            excerpt(name, 60)
        ));
    }
    Ok((kept, skipped))
}
