//! Statistics from running tallies kept in SQLite (never by replaying logs): `facts` is a finished
//! game as they read it, `tally` says what it adds, `refresh` keeps the table of them up to date
//! as games change (`recount` the records changed games held; `counting` counts many games at
//! once without holding the write lock), `cells` reads the ones a filter covers; from those, the
//! figures per person (`people`), per game with its records (`games`) and the win rate month by
//! month (`timeline`). `reference` (tests only) computes every figure by plain SQL over the
//! results, to check the tallies against.

mod cell;
mod cells;
mod counting;
mod facts;
mod games;
mod people;
mod range;
mod records;
mod recount;
#[cfg(test)]
mod reference;
mod refresh;
mod tally;
mod timeline;

pub use games::{CategoryAverage, GameStats, MarginRecord, RoleRecord, ScoreBucket, ScoreRecord};
pub use games::{SeatRecord, TitleCount};
pub use people::{HeadToHead, PersonStats};
pub use refresh::StatsGroups;
pub use timeline::{WinRatePoint, WinRateSeries};

use super::{Store, StoreError};
#[cfg(test)]
use rusqlite::ToSql;
use serde::{Deserialize, Serialize};

/// What a client asks statistics for: all filters optional.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(deny_unknown_fields)]
pub struct StatsFilter {
    /// A game's statistics key or any of its ids (a live assistant and its scorepad are one).
    #[serde(default)]
    pub game: Option<String>,
    /// Only games this person played, and only their own results.
    #[serde(default)]
    #[specta(type = Option<f64>)]
    pub person: Option<i64>,
    /// Only games of this many players.
    #[serde(default)]
    pub players: Option<u8>,
    /// Only games played on or after this day (YYYY-MM-DD).
    #[serde(default)]
    pub from: Option<String>,
    /// Only games played on or before this day (YYYY-MM-DD).
    #[serde(default)]
    pub to: Option<String>,
}

/// The games a query covers, as the store sees them: game ids, not statistics keys.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Scope {
    /// The game ids to count (all when none).
    pub games: Option<Vec<String>>,
    pub person: Option<i64>,
    pub players: Option<u8>,
    pub from: Option<String>,
    pub to: Option<String>,
}

/// The matched games `m` (of the reference figures) (id, game, day, number of players `n`), for a `WITH` clause: one pass
/// over the `games_for_stats` index, computed once per query (`MATERIALIZED`).
#[cfg(test)]
const MATCHED: &str = "
    m AS MATERIALIZED (
        SELECT id, game, played_on, players AS n FROM games
        WHERE status = 'finished' AND players > 0
          AND (:games IS NULL OR game IN (SELECT value FROM json_each(:games)))
          AND (:from IS NULL OR played_on >= :from)
          AND (:to IS NULL OR played_on <= :to)
          AND (:players IS NULL OR players = :players)
          AND (:person IS NULL OR id IN (SELECT game_id FROM results WHERE person_id = :person))
    )";

#[cfg(test)]
impl Scope {
    /// The named parameters of [`MATCHED`].
    fn params(&self) -> Vec<(&'static str, Box<dyn ToSql>)> {
        let games = self
            .games
            .as_ref()
            .map(|g| serde_json::Value::from(g.clone()).to_string());
        vec![
            (":games", Box::new(games)),
            (":from", Box::new(self.from.clone())),
            (":to", Box::new(self.to.clone())),
            (":person", Box::new(self.person)),
            (":players", Box::new(self.players)),
        ]
    }
}

#[cfg(test)]
/// Run `sql` (which starts with `WITH {MATCHED}`) with the scope's parameters, one value per row.
fn query<T>(
    store: &Store,
    scope: &Scope,
    sql: &str,
    row: impl FnMut(&rusqlite::Row) -> rusqlite::Result<T>,
) -> Result<Vec<T>, StoreError> {
    let params = scope.params();
    let named: Vec<(&str, &dyn ToSql)> = params.iter().map(|(k, v)| (*k, v.as_ref())).collect();
    let mut stmt = store.conn.prepare_cached(sql)?;
    let rows = stmt.query_map(named.as_slice(), row)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Every figure of a scope: what the Statistics screen shows.
#[derive(Debug, Clone, PartialEq)]
pub struct StatsReport {
    /// Finished games matched.
    pub plays: i64,
    pub people: Vec<PersonStats>,
    pub win_rate_over_time: Vec<WinRateSeries>,
    /// One entry per game asked for, in the order asked.
    pub games: Vec<GameStats>,
}

impl Store {
    /// Bring the tallies up to date now, telling `progress` (done, of) as a long count goes on
    /// ((0, 0) while another client's count is awaited): what the first statistics after many
    /// changes would do, for a screen that shows its progress. A write by any client waits at
    /// most one short step of it.
    pub fn count_stats(&self, progress: super::Progress) -> Result<(), StoreError> {
        self.refresh_tally(progress)
    }

    /// How many finished games the scope matches.
    pub fn stats_plays(&self, scope: &Scope) -> Result<i64, StoreError> {
        let _snapshot = self.read_tallies()?;
        games::plays(self, &self.view(scope)?)
    }

    /// Every figure of the scope, and each of `games` (statistics key, the ids counted as it)
    /// within it. The tallies are brought up to date and the partial months counted once for
    /// them all.
    pub fn stats_report(
        &self,
        scope: &Scope,
        games: &[(String, Vec<String>)],
    ) -> Result<StatsReport, StoreError> {
        let _snapshot = self.read_tallies()?;
        let view = self.view(scope)?;
        let mut per_game = Vec::with_capacity(games.len());
        for (key, members) in games {
            let one = self.narrowed(&view, key, members.clone())?;
            per_game.push(games::game_stats(self, key, &one)?);
        }
        Ok(StatsReport {
            plays: games::plays(self, &view)?,
            people: people::people_stats(self, &view)?,
            win_rate_over_time: timeline::win_rate_over_time(self, &view)?,
            games: per_game,
        })
    }
}
