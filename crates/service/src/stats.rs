//! Statistics: the filter checked (the game by its statistics key or any of its ids, a saved
//! person, the player count and the days), then the store's SQL per person and per game.

use super::results::checked_date;
use super::{kind_of, ApiError, Steward};
use games::{registry, stats_game, stats_members};
use serde::Serialize;
use store::{GameStats, PersonStats, Scope, StatsFilter, WinRateSeries};

/// Everything Statistics shows for a filter.
#[derive(Debug, Clone, PartialEq, Serialize, specta::Type)]
pub struct Stats {
    /// The filter as applied (the game as its statistics key).
    pub filter: StatsFilter,
    /// Finished games matched.
    #[specta(type = f64)]
    pub plays: i64,
    pub people: Vec<PersonStats>,
    /// One entry per game played (the filter's game, even if unplayed), in the order the app
    /// lists games.
    pub games: Vec<GameStats>,
    /// Each person's win rate month by month (games of two or more players with a day), for the
    /// app's chart; the same people as `people`, by name.
    pub win_rate_over_time: Vec<WinRateSeries>,
}

/// The statistics key of a game named by its key or any of its ids.
fn stats_key(game: &str) -> Result<String, ApiError> {
    let game = game.trim();
    if !stats_members(game).is_empty() {
        return Ok(game.to_string());
    }
    Ok(stats_game(kind_of(game)?.descriptor().id).to_string())
}

/// How a statistics count stands, in the words every client shows (the window, a file import's
/// last step, `steward stats` on a terminal): its percent, or that another client is counting
/// ((0, 0), see [`Steward::count_stats`]).
pub fn counting_words(done: usize, total: usize) -> String {
    match (done * 100).checked_div(total) {
        Some(percent) => format!("Counting games for the statistics: {percent}%"),
        None => "Waiting for another window to count the games…".to_string(),
    }
}

impl Steward {
    /// Count the games for the statistics now (what the first statistics after many changes
    /// would do), telling `progress` (done, of) as it goes, (0, 0) while waiting for another
    /// client's count. No write of another client waits more than one short step of it.
    pub fn count_stats(&self, progress: store::Progress) -> Result<(), ApiError> {
        Ok(self.store.count_stats(progress)?)
    }

    /// Statistics over the finished games the filter matches.
    pub fn stats(&self, filter: &StatsFilter) -> Result<Stats, ApiError> {
        let mut filter = filter.clone();
        filter.game = filter.game.as_deref().map(stats_key).transpose()?;
        if let Some(id) = filter.person {
            self.store.person(id)?;
        }
        if filter.players == Some(0) {
            return Err(ApiError::bad("players", "a game has at least 1 player"));
        }
        filter.from = filter
            .from
            .as_deref()
            .map(|d| checked_date("from", d))
            .transpose()?;
        filter.to = filter
            .to
            .as_deref()
            .map(|d| checked_date("to", d))
            .transpose()?;
        if let (Some(from), Some(to)) = (&filter.from, &filter.to) {
            if from > to {
                return Err(ApiError::bad("to", format!("{to} is before {from}")));
            }
        }
        let members = |key: &str| -> Vec<String> {
            stats_members(key).into_iter().map(String::from).collect()
        };
        let scope = Scope {
            games: filter.game.as_deref().map(members),
            person: filter.person,
            players: filter.players,
            from: filter.from.clone(),
            to: filter.to.clone(),
        };
        let mut keys: Vec<(String, Vec<String>)> = Vec::new();
        for k in registry() {
            let key = stats_game(k.descriptor().id);
            if !keys.iter().any(|(k, _)| k == key)
                && filter.game.as_deref().is_none_or(|g| g == key)
            {
                keys.push((key.to_string(), members(key)));
            }
        }
        let report = self.store.stats_report(&scope, &keys)?;
        let games = report
            .games
            .into_iter()
            .filter(|g| g.plays > 0 || filter.game.is_some())
            .collect();
        Ok(Stats {
            filter,
            plays: report.plays,
            people: report.people,
            games,
            win_rate_over_time: report.win_rate_over_time,
        })
    }
}
