//! Results-only records: a game played without the app entered afterwards as its players, their
//! scores and the winner (or, solo, the title). Every field is checked first, naming the one at
//! fault; then the record and its new people are saved in one transaction.

use super::{kind_of, ApiError, Steward};
use chrono::NaiveDate;
use engine::colours::PALETTE;
use engine::table::excerpt;
use serde::Deserialize;
use store::{checked_name, GameRow, NewRecord, NewResult, SeatPerson};

/// A game's result as entered: its players in seat order with their scores.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, specta::Type)]
#[serde(deny_unknown_fields)]
pub struct ResultsEntry {
    /// A hosted game's id (`steward games`).
    pub game: String,
    /// In seat order.
    pub players: Vec<PlayerResult>,
    /// Who won (names among the players). Empty: the highest score wins, ties sharing the
    /// victory. A solo game has no winner.
    #[serde(default)]
    pub winners: Vec<String>,
    /// A solo game's title (e.g. its rank for the score).
    #[serde(default)]
    pub title: Option<String>,
    /// The day it was played, YYYY-MM-DD (today when none).
    #[serde(default)]
    pub date: Option<String>,
}

/// One player's line of a [`ResultsEntry`].
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, specta::Type)]
#[serde(deny_unknown_fields)]
pub struct PlayerResult {
    /// A saved person's name (ignoring case), or a new person saved with the record.
    pub name: String,
    pub score: i32,
    /// A Leader, faction or character the player had, if any.
    #[serde(default)]
    pub role: Option<String>,
}

/// Scores beyond this are typing mistakes in every hosted game.
const SCORE_LIMIT: i32 = 100_000;

fn short_text(field: &str, text: &str, max: usize) -> Result<String, ApiError> {
    let text = text.trim();
    if text.is_empty() || text.chars().count() > max {
        return Err(ApiError::bad(field, format!("has 1 to {max} characters")));
    }
    if text.chars().any(char::is_control) {
        return Err(ApiError::bad(
            field,
            format!(
                "'{}' holds a control character (a line break, a tab …)",
                excerpt(text, 40)
            ),
        ));
    }
    Ok(text.to_string())
}

/// A day as YYYY-MM-DD, from 1900 to tomorrow (a clock a day behind is not a typing mistake).
pub(super) fn checked_date(field: &str, date: &str) -> Result<String, ApiError> {
    let day = NaiveDate::parse_from_str(date.trim(), "%Y-%m-%d").map_err(|_| {
        ApiError::bad(
            field,
            format!("'{}' is not a day like 2025-03-31", excerpt(date, 20)),
        )
    })?;
    let tomorrow = chrono::Local::now().date_naive().succ_opt();
    let first = NaiveDate::from_ymd_opt(1900, 1, 1);
    if Some(day) < first || tomorrow.is_some_and(|t| day > t) {
        return Err(ApiError::bad(
            field,
            format!("{day} is not a day a game was played (1900 to today)"),
        ));
    }
    Ok(day.to_string())
}

/// Ranks from the scores: the winners first (rank 1), then the others by score, tied scores
/// sharing a rank ("1, 2, 2, 4"). With no winner (solo), by score alone.
pub(super) fn ranks(scores: &[i32], winner: &[bool]) -> Vec<u8> {
    let winners = winner.iter().filter(|&&w| w).count();
    (0..scores.len())
        .map(|i| {
            if winner[i] {
                return 1;
            }
            let above = (0..scores.len())
                .filter(|&j| !winner[j] && scores[j] > scores[i])
                .count();
            (winners + above + 1).min(u8::MAX as usize) as u8
        })
        .collect()
}

/// Who won: the named winners, or the highest score(s); nobody solo.
fn winners_of(entry: &ResultsEntry, names: &[String], solo: bool) -> Result<Vec<bool>, ApiError> {
    if solo {
        if !entry.winners.is_empty() {
            return Err(ApiError::bad(
                "winner",
                "a solo game has no winner: its result is the score and the title",
            ));
        }
        return Ok(vec![false]);
    }
    if entry.winners.is_empty() {
        let best = entry.players.iter().map(|p| p.score).max().unwrap_or(0);
        return Ok(entry.players.iter().map(|p| p.score == best).collect());
    }
    let mut won = vec![false; names.len()];
    for w in &entry.winners {
        let at = names
            .iter()
            .position(|n| n.to_lowercase() == w.trim().to_lowercase())
            .ok_or_else(|| {
                ApiError::bad(
                    "winner",
                    format!("{} is not one of the players", excerpt(w, 40)),
                )
            })?;
        won[at] = true;
    }
    Ok(won)
}

/// Every check of a results-only record: the game, the number of players, names, scores,
/// winners, the title and the day. Returns the checked names, the winners and the day.
fn checked(entry: &ResultsEntry) -> Result<(Vec<String>, Vec<bool>, String), ApiError> {
    let d = kind_of(&entry.game)?.descriptor();
    let n = entry.players.len();
    if n < d.min_players as usize || n > d.max_players as usize {
        return Err(ApiError::bad(
            "players",
            format!(
                "{} takes {}–{} players, not {n}",
                d.name, d.min_players, d.max_players
            ),
        ));
    }
    let mut names: Vec<String> = Vec::with_capacity(n);
    for (i, p) in entry.players.iter().enumerate() {
        let name = checked_name(&p.name)
            .map_err(|e| ApiError::bad(&format!("players[{i}].name"), format!("{e}")))?;
        if names
            .iter()
            .any(|m| m.to_lowercase() == name.to_lowercase())
        {
            return Err(ApiError::bad(
                "players",
                format!("{} can take only one seat", excerpt(name, 40)),
            ));
        }
        if p.score.abs() > SCORE_LIMIT {
            return Err(ApiError::bad(
                &format!("players[{i}].score"),
                format!(
                    "{}'s score {} is beyond ±{SCORE_LIMIT}",
                    excerpt(name, 40),
                    p.score
                ),
            ));
        }
        if let Some(role) = &p.role {
            short_text(&format!("players[{i}].role"), role, 40).map_err(|e| match e {
                ApiError::BadRequest { field, message } => {
                    ApiError::bad(&field, format!("{}'s role {message}", excerpt(name, 40)))
                }
                other => other,
            })?;
        }
        names.push(name.to_string());
    }
    let solo = n == 1;
    let won = winners_of(entry, &names, solo)?;
    if let Some(title) = &entry.title {
        if !solo {
            return Err(ApiError::bad(
                "title",
                "only a solo game has a title; name the winner instead",
            ));
        }
        short_text("title", title, 80)?;
    }
    let day = match &entry.date {
        Some(date) => checked_date("date", date)?,
        None => chrono::Local::now().date_naive().to_string(),
    };
    Ok((names, won, day))
}

impl Steward {
    /// Save a results-only record after checking every field; it counts in History and
    /// Statistics like a game played at the table. Returns its line in History.
    pub fn record_result(&mut self, entry: &ResultsEntry) -> Result<GameRow, ApiError> {
        let (names, won, day) = checked(entry)?;
        let game = kind_of(&entry.game)?.descriptor().id;
        let scores: Vec<i32> = entry.players.iter().map(|p| p.score).collect();
        let ranks = ranks(&scores, &won);
        let title = entry.title.as_deref().map(str::trim);
        let rows: Vec<NewResult> = entry
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| NewResult {
                // A person new to the app takes the palette's colour for their seat, so the
                // new people of one record differ (seats differ at read in any case).
                person: SeatPerson::New {
                    name: &names[i],
                    colour: PALETTE[i % PALETTE.len()],
                },
                score: Some(p.score),
                rank: ranks[i],
                winner: won[i],
                title,
                role: p.role.as_deref().map(str::trim),
            })
            .collect();
        let id = self.store.record_results(&NewRecord {
            game,
            played_on: &day,
            rows: &rows,
            uuid: None,
        })?;
        Ok(self.store.game_row(id)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn winners_rank_first_and_tied_scores_share_a_rank() {
        assert_eq!(
            ranks(&[10, 30, 20, 20], &[false, true, false, false]),
            vec![4, 1, 2, 2]
        );
        // A tie-breaker gave the win to the second of two equal scores.
        assert_eq!(ranks(&[30, 30, 5], &[false, true, false]), vec![2, 1, 3]);
        assert_eq!(ranks(&[7], &[false]), vec![1]);
    }
}
