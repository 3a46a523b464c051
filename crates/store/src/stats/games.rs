//! Statistics per game: plays, the score distribution, the average per scoring category, win
//! rates by seat order and by role (a Leader, a faction), solo titles, and its records: the
//! figures from the tallies, the records' games looked up by the value the tallies found.

use super::cells::{View, Who};
use super::tally::{
    ScoreCounts, Top, Vals, CATEGORY, GAMES, MARGIN, PERSON, ROLE, SCORE, SEAT, TITLE, TOP,
};
use super::Scope;
use crate::{Store, StoreError};
use rusqlite::params;
use serde::Serialize;
use std::collections::BTreeMap;

/// One game's figures over the matched games (its statistics key: a live assistant and its
/// scorepad together). With a person in the scope, their own results only.
#[derive(Debug, Clone, PartialEq, Serialize, specta::Type)]
pub struct GameStats {
    pub game: String,
    #[specta(type = f64)]
    pub plays: i64,
    /// Every score in buckets of equal width (1, 2, 5, 10, 20, 25, 50 …: at most ten), empty
    /// buckets included, lowest first.
    pub scores: Vec<ScoreBucket>,
    /// Where the games' scoresheets had categories (results-only records have none).
    pub categories: Vec<CategoryAverage>,
    /// Win rate by seat (1 = first in seat order), games of two or more players.
    pub by_seat: Vec<SeatRecord>,
    /// Win rate by the role entered with a result (a Leader in Raise the Realm, a faction).
    pub by_role: Vec<RoleRecord>,
    pub titles: Vec<TitleCount>,
    pub highest_score: Option<ScoreRecord>,
    /// The winner's lead over the best other player.
    pub biggest_margin: Option<MarginRecord>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, specta::Type)]
pub struct ScoreBucket {
    /// The lowest score in the bucket.
    pub from: i32,
    /// The highest score in the bucket (inclusive).
    pub to: i32,
    #[specta(type = f64)]
    pub count: i64,
}

#[derive(Debug, Clone, PartialEq, Serialize, specta::Type)]
pub struct CategoryAverage {
    pub category: String,
    pub average: f64,
    #[specta(type = f64)]
    pub count: i64,
}

#[derive(Debug, Clone, PartialEq, Serialize, specta::Type)]
pub struct SeatRecord {
    pub seat: u8,
    #[specta(type = f64)]
    pub plays: i64,
    #[specta(type = f64)]
    pub wins: i64,
    pub win_rate: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize, specta::Type)]
pub struct RoleRecord {
    pub role: String,
    #[specta(type = f64)]
    pub plays: i64,
    #[specta(type = f64)]
    pub wins: i64,
    /// Over games of two or more players (none when all were solo).
    pub win_rate: Option<f64>,
    /// Over the plays with a score (none when no play has one).
    pub average_score: Option<f64>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, specta::Type)]
pub struct TitleCount {
    pub title: String,
    #[specta(type = f64)]
    pub count: i64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, specta::Type)]
pub struct ScoreRecord {
    #[specta(type = f64)]
    pub game_id: i64,
    pub played_on: Option<String>,
    pub name: String,
    pub score: i32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, specta::Type)]
pub struct MarginRecord {
    #[specta(type = f64)]
    pub game_id: i64,
    pub played_on: Option<String>,
    pub winners: Vec<String>,
    pub margin: i32,
}

/// A bucket width that shows `lo..=hi` in at most ten buckets.
fn bucket_width(lo: i32, hi: i32) -> i32 {
    let span = i64::from(hi) - i64::from(lo) + 1;
    let mut unit: i64 = 1;
    loop {
        for step in [1, 2, 5, 10, 20, 25, 50] {
            let width = step * unit;
            if span <= 10 * width || width >= i64::from(i32::MAX) / 10 {
                return width.min(i64::from(i32::MAX)) as i32;
            }
        }
        unit *= 100;
    }
}

/// Scores with their counts into buckets, empty ones included (reckoned in 64 bits: the
/// extremes of a 32-bit score cannot overflow).
pub(super) fn buckets(counts: &[(i32, i64)]) -> Vec<ScoreBucket> {
    let (Some(lo), Some(hi)) = (
        counts.iter().map(|c| c.0).min(),
        counts.iter().map(|c| c.0).max(),
    ) else {
        return Vec::new();
    };
    let width = i64::from(bucket_width(lo, hi));
    let index = |score: i32| i64::from(score).div_euclid(width) - i64::from(lo).div_euclid(width);
    let first = i64::from(lo).div_euclid(width) * width;
    let clamp = |v: i64| v.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32;
    let mut out: Vec<ScoreBucket> = (0..=index(hi))
        .map(|i| ScoreBucket {
            from: clamp(first + i * width),
            to: clamp(first + (i + 1) * width - 1),
            count: 0,
        })
        .collect();
    for &(score, count) in counts {
        if let Some(b) = out.get_mut(index(score) as usize) {
            b.count += count;
        }
    }
    out
}

/// The sums of a kind's cells by item and position (`sub`), in that order.
fn summed(
    store: &Store,
    view: &View,
    kind: &'static str,
) -> Result<BTreeMap<(String, i64), Vals>, StoreError> {
    store.summed(view, kind, Who::Games)
}

fn categories(store: &Store, view: &View) -> Result<Vec<CategoryAverage>, StoreError> {
    // A category's place is the first place it had on a scoresheet.
    let mut by_name: BTreeMap<String, (i64, Vals)> = BTreeMap::new();
    for ((name, place), v) in summed(store, view, CATEGORY)? {
        let entry = by_name.entry(name).or_insert((place, Vals::default()));
        entry.0 = entry.0.min(place);
        entry.1 = entry.1.plus(&v);
    }
    let mut out: Vec<(i64, CategoryAverage)> = by_name
        .into_iter()
        .map(|(category, (place, v))| {
            let average = v.x / v.a as f64;
            (
                place,
                CategoryAverage {
                    category,
                    average,
                    count: v.a,
                },
            )
        })
        .collect();
    out.sort_by(|x, y| (x.0, &x.1.category).cmp(&(y.0, &y.1.category)));
    Ok(out.into_iter().map(|(_, c)| c).collect())
}

fn by_seat(store: &Store, view: &View) -> Result<Vec<SeatRecord>, StoreError> {
    Ok(summed(store, view, SEAT)?
        .into_iter()
        .map(|((_, seat), v)| SeatRecord {
            seat: u8::try_from(seat).unwrap_or(u8::MAX).saturating_add(1),
            plays: v.a,
            wins: v.b,
            win_rate: v.b as f64 / v.a.max(1) as f64,
        })
        .collect())
}

fn by_role(store: &Store, view: &View) -> Result<Vec<RoleRecord>, StoreError> {
    let mut out: Vec<RoleRecord> = summed(store, view, ROLE)?
        .into_iter()
        .map(|((role, _), v)| RoleRecord {
            role,
            plays: v.a,
            wins: v.c,
            win_rate: (v.b > 0).then(|| v.c as f64 / v.b as f64),
            average_score: (v.a > v.f).then(|| v.e as f64 / (v.a - v.f) as f64),
        })
        .collect();
    out.sort_by(|x, y| y.plays.cmp(&x.plays).then_with(|| x.role.cmp(&y.role)));
    Ok(out)
}

fn titles(store: &Store, view: &View) -> Result<Vec<TitleCount>, StoreError> {
    let mut out: Vec<TitleCount> = summed(store, view, TITLE)?
        .into_iter()
        .map(|((title, _), v)| TitleCount { title, count: v.a })
        .collect();
    out.sort_by(|x, y| y.count.cmp(&x.count).then_with(|| x.title.cmp(&y.title)));
    Ok(out)
}

/// The best record of a kind ([`TOP`] or [`MARGIN`]) over the view's cells, with its game's day.
fn best_record(
    store: &Store,
    view: &View,
    kind: &'static str,
) -> Result<Option<(Top, Option<String>)>, StoreError> {
    let best = store
        .cells(view, kind, Who::Games, false)?
        .iter()
        .map(|c| Top::from_vals(&c.v))
        .reduce(|a, b| if b.beats(&a) { b } else { a });
    let Some(top) = best else {
        return Ok(None);
    };
    let played_on: Option<String> = store
        .conn
        .prepare_cached("SELECT played_on FROM games WHERE id = ?1")?
        .query_row([top.game], |r| r.get(0))?;
    Ok(Some((top, played_on)))
}

/// The highest score, first reached (by day, game and seat), as the tallies keep it.
fn highest(store: &Store, view: &View) -> Result<Option<ScoreRecord>, StoreError> {
    let Some((top, played_on)) = best_record(store, view, TOP)? else {
        return Ok(None);
    };
    Ok(Some(ScoreRecord {
        game_id: top.game,
        played_on,
        name: store.person(top.person)?.name,
        score: clamp(top.score),
    }))
}

/// The first game (by day and id) with the biggest margin, as the tallies keep it: of every
/// game, or of the games the person won.
fn biggest_margin(store: &Store, view: &View) -> Result<Option<MarginRecord>, StoreError> {
    let Some((top, played_on)) = best_record(store, view, MARGIN)? else {
        return Ok(None);
    };
    let mut stmt = store.conn.prepare_cached(
        "SELECT p.name FROM results r JOIN people p ON p.id = r.person_id
         WHERE r.game_id = ?1 AND r.winner ORDER BY r.seat",
    )?;
    let winners = stmt
        .query_map(params![top.game], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    Ok(Some(MarginRecord {
        game_id: top.game,
        played_on,
        winners,
        margin: clamp(top.score),
    }))
}

fn clamp(v: i64) -> i32 {
    v.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
}

/// Matched games: the person's plays with a person in the view, otherwise the games counted.
pub(super) fn plays(store: &Store, view: &View) -> Result<i64, StoreError> {
    let kind = if view.person.is_some() { PERSON } else { GAMES };
    Ok(store
        .cells(view, kind, Who::Games, false)?
        .iter()
        .map(|c| c.v.a)
        .sum())
}

impl Store {
    /// One game's statistics over the scope (whose games are the ids counted as `game`).
    pub fn stats_game(&self, game: &str, scope: &Scope) -> Result<GameStats, StoreError> {
        let _snapshot = self.read_tallies()?;
        game_stats(self, game, &self.view(scope)?)
    }
}

/// One game's statistics over a view of that game.
pub(super) fn game_stats(store: &Store, game: &str, view: &View) -> Result<GameStats, StoreError> {
    let scores: Vec<(i32, i64)> = summed(store, view, SCORE)?
        .into_iter()
        .flat_map(|((_, sub), v)| ScoreCounts::scores(sub, &v))
        .filter(|&(_, count)| count > 0)
        .map(|(score, count)| (clamp(score), count))
        .collect();
    Ok(GameStats {
        game: game.to_string(),
        plays: plays(store, view)?,
        scores: buckets(&scores),
        categories: categories(store, view)?,
        by_seat: by_seat(store, view)?,
        by_role: by_role(store, view)?,
        titles: titles(store, view)?,
        highest_score: highest(store, view)?,
        biggest_margin: biggest_margin(store, view)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_are_at_most_ten_of_a_round_width_with_empty_ones_kept() {
        assert_eq!(bucket_width(3, 9), 1);
        assert_eq!(bucket_width(0, 10), 2);
        assert_eq!(bucket_width(-4, 73), 10);
        assert_eq!(bucket_width(0, 240), 25);
        let b = buckets(&[(-3, 1), (12, 2), (14, 1)]);
        let shown: Vec<(i32, i32, i64)> = b.iter().map(|b| (b.from, b.to, b.count)).collect();
        assert_eq!(
            shown,
            vec![
                (-4, -3, 1),
                (-2, -1, 0),
                (0, 1, 0),
                (2, 3, 0),
                (4, 5, 0),
                (6, 7, 0),
                (8, 9, 0),
                (10, 11, 0),
                (12, 13, 2),
                (14, 15, 1)
            ]
        );
        assert!(buckets(&[]).is_empty());
        let extremes = buckets(&[(i32::MIN, 1), (i32::MAX, 1)]);
        assert!(extremes.len() <= 11, "{extremes:?}");
        assert_eq!(extremes.iter().map(|b| b.count).sum::<i64>(), 2);
    }
}
