//! Win rate over time: per person and per month, the games of two or more players they played
//! and won that month, and their win rate to date (every month up to and including it), for the
//! app's line chart. One grouped query over the matched games; the running totals are summed here.

use super::{query, Scope, MATCHED};
use crate::store::{Store, StoreError};
use serde::Serialize;

/// One person's win rate month by month, over the months they played a game of two or more
/// players (games without a day are left out: they have no place on a time line).
#[derive(Debug, Clone, PartialEq, Serialize, specta::Type)]
pub struct WinRateSeries {
    #[specta(type = f64)]
    pub person_id: i64,
    pub name: String,
    /// Oldest month first.
    pub points: Vec<WinRatePoint>,
}

#[derive(Debug, Clone, PartialEq, Serialize, specta::Type)]
pub struct WinRatePoint {
    /// The month, YYYY-MM.
    pub month: String,
    /// Games of two or more players played that month.
    #[specta(type = f64)]
    pub plays: i64,
    /// Of those, the games won.
    #[specta(type = f64)]
    pub wins: i64,
    /// Wins per game from the first month through this one (the last point is the person's
    /// win rate over the whole filter).
    pub win_rate: f64,
}

impl Store {
    /// Each person's win rate month by month over the scope (only the scope's person when one
    /// is given), people by name.
    pub fn stats_win_rate_over_time(
        &self,
        scope: &Scope,
    ) -> Result<Vec<WinRateSeries>, StoreError> {
        let sql = format!(
            "WITH {MATCHED}
             SELECT r.person_id, p.name, substr(m.played_on, 1, 7) AS month, count(*),
                    sum(r.winner)
             FROM m JOIN results r ON r.game_id = m.id JOIN people p ON p.id = r.person_id
             WHERE m.n > 1 AND m.played_on IS NOT NULL
               AND (:person IS NULL OR r.person_id = :person)
             GROUP BY r.person_id, month
             ORDER BY p.name COLLATE NOCASE, r.person_id, month"
        );
        let rows: Vec<(i64, String, String, i64, i64)> = query(self, scope, &sql, |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
        })?;
        let mut out: Vec<WinRateSeries> = Vec::new();
        let (mut played, mut won) = (0i64, 0i64);
        for (person_id, name, month, plays, wins) in rows {
            if out.last().is_none_or(|s| s.person_id != person_id) {
                (played, won) = (0, 0);
                out.push(WinRateSeries {
                    person_id,
                    name,
                    points: Vec::new(),
                });
            }
            (played, won) = (played + plays, won + wins);
            if let Some(series) = out.last_mut() {
                series.points.push(WinRatePoint {
                    month,
                    plays,
                    wins,
                    // `plays` is at least 1 in a grouped row, so `played` is never 0 here.
                    win_rate: won as f64 / played.max(1) as f64,
                });
            }
        }
        Ok(out)
    }
}
