//! Win rate over time: per person and per month, the games of two or more players they played
//! and won that month, and their win rate to date (every month up to and including it), for the
//! app's line chart, from each person's monthly tallies; the running totals are summed here.

use super::cells::{View, Who};
use super::tally::PERSON;
use super::Scope;
use crate::{Store, StoreError};
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};

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
        win_rate_over_time(self, &self.view(scope)?)
    }
}

/// Each person's win rate month by month over a view: see [`Store::stats_win_rate_over_time`].
pub(super) fn win_rate_over_time(
    store: &Store,
    view: &View,
) -> Result<Vec<WinRateSeries>, StoreError> {
    let names: HashMap<i64, String> = store
        .people()?
        .into_iter()
        .map(|p| (p.id, p.name))
        .collect();
    let mut months: BTreeMap<(i64, String), (i64, i64)> = BTreeMap::new();
    for c in store.cells(view, PERSON, Who::People, true)? {
        // Contested games with a day only: the others have no place on the line.
        if c.v.d > 0 && !c.month.is_empty() {
            // The tallies keep half-months ("YYYY-MM-1", "YYYY-MM-2"): the line is by month.
            let month = c.month.get(..7).unwrap_or(&c.month).to_string();
            let m = months.entry((c.person, month)).or_default();
            *m = (m.0 + c.v.d, m.1 + c.v.c);
        }
    }
    let mut rows: Vec<(i64, String, String, i64, i64)> = months
        .into_iter()
        .map(|((person, month), (plays, wins))| {
            let name = names.get(&person).cloned().unwrap_or_default();
            (person, name, month, plays, wins)
        })
        .collect();
    rows.sort_by(|x, y| (x.1.to_lowercase(), x.0, &x.2).cmp(&(y.1.to_lowercase(), y.0, &y.2)));
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
