//! Win rate over time, by SQL over every matched result (the figures before the tallies).

use super::super::{query, Scope, MATCHED};
use super::super::{WinRatePoint, WinRateSeries};
use crate::{Store, StoreError};

impl Store {
    /// Each person's win rate month by month over the scope (only the scope's person when one
    /// is given), people by name.
    pub fn reference_win_rate_over_time(
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
