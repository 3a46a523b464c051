//! Statistics per game: plays, the score distribution, the average per scoring category, win
//! rates by seat order and by role (a Leader, a faction), solo titles, and its records.

use super::{query, Scope, MATCHED};
use crate::store::{Store, StoreError};
use rusqlite::params;
use serde::Serialize;

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
    pub average_score: f64,
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

/// `WHERE` of a result row: the scope's person's own rows when one is given.
const OWN: &str = "(:person IS NULL OR r.person_id = :person)";

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
fn buckets(counts: &[(i32, i64)]) -> Vec<ScoreBucket> {
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

fn score_counts(store: &Store, scope: &Scope) -> Result<Vec<(i32, i64)>, StoreError> {
    let sql = format!(
        "WITH {MATCHED} SELECT r.score, count(*) FROM m JOIN results r ON r.game_id = m.id
         WHERE {OWN} GROUP BY r.score"
    );
    query(store, scope, &sql, |r| Ok((r.get(0)?, r.get(1)?)))
}

fn categories(store: &Store, scope: &Scope) -> Result<Vec<CategoryAverage>, StoreError> {
    let sql = format!(
        "WITH {MATCHED}
         SELECT json_extract(j.value, '$[0]') AS category, avg(json_extract(j.value, '$[1]')),
                count(*)
         FROM m JOIN results r ON r.game_id = m.id,
              json_each(CASE WHEN json_valid(r.breakdown) THEN r.breakdown ELSE '[]' END) j
         WHERE {OWN} AND json_type(j.value, '$[0]') = 'text'
           AND json_type(j.value, '$[1]') IN ('integer', 'real')
         GROUP BY category ORDER BY min(j.key), category"
    );
    query(store, scope, &sql, |r| {
        Ok(CategoryAverage {
            category: r.get(0)?,
            average: r.get(1)?,
            count: r.get(2)?,
        })
    })
}

fn by_seat(store: &Store, scope: &Scope) -> Result<Vec<SeatRecord>, StoreError> {
    let sql = format!(
        "WITH {MATCHED} SELECT r.seat, count(*), sum(r.winner)
         FROM m JOIN results r ON r.game_id = m.id
         WHERE m.n > 1 AND {OWN} GROUP BY r.seat ORDER BY r.seat"
    );
    query(store, scope, &sql, |r| {
        let seat: u8 = r.get(0)?;
        let (plays, wins): (i64, i64) = (r.get(1)?, r.get(2)?);
        Ok(SeatRecord {
            seat: seat.saturating_add(1),
            plays,
            wins,
            win_rate: wins as f64 / plays.max(1) as f64,
        })
    })
}

fn by_role(store: &Store, scope: &Scope) -> Result<Vec<RoleRecord>, StoreError> {
    let sql = format!(
        "WITH {MATCHED} SELECT r.role, count(*), sum(m.n > 1), sum(r.winner AND m.n > 1),
                avg(r.score)
         FROM m JOIN results r ON r.game_id = m.id
         WHERE r.role IS NOT NULL AND {OWN}
         GROUP BY r.role ORDER BY count(*) DESC, r.role"
    );
    query(store, scope, &sql, |r| {
        let (contested, wins): (i64, i64) = (r.get(2)?, r.get(3)?);
        Ok(RoleRecord {
            role: r.get(0)?,
            plays: r.get(1)?,
            wins,
            win_rate: (contested > 0).then(|| wins as f64 / contested as f64),
            average_score: r.get(4)?,
        })
    })
}

fn titles(store: &Store, scope: &Scope) -> Result<Vec<TitleCount>, StoreError> {
    let sql = format!(
        "WITH {MATCHED} SELECT r.title, count(*) FROM m JOIN results r ON r.game_id = m.id
         WHERE r.title IS NOT NULL AND {OWN} GROUP BY r.title ORDER BY count(*) DESC, r.title"
    );
    query(store, scope, &sql, |r| {
        Ok(TitleCount {
            title: r.get(0)?,
            count: r.get(1)?,
        })
    })
}

fn highest(store: &Store, scope: &Scope) -> Result<Option<ScoreRecord>, StoreError> {
    let sql = format!(
        "WITH {MATCHED} SELECT m.id, m.played_on, p.name, r.score
         FROM m JOIN results r ON r.game_id = m.id JOIN people p ON p.id = r.person_id
         WHERE {OWN} ORDER BY r.score DESC, m.played_on, m.id, r.seat LIMIT 1"
    );
    Ok(query(store, scope, &sql, |r| {
        Ok(ScoreRecord {
            game_id: r.get(0)?,
            played_on: r.get(1)?,
            name: r.get(2)?,
            score: r.get(3)?,
        })
    })?
    .pop())
}

fn biggest_margin(store: &Store, scope: &Scope) -> Result<Option<MarginRecord>, StoreError> {
    let sql = format!(
        "WITH {MATCHED},
         w AS (SELECT m.id, m.played_on,
                      max(CASE WHEN r.winner THEN r.score END) AS top,
                      max(CASE WHEN NOT r.winner THEN r.score END) AS next
               FROM m JOIN results r ON r.game_id = m.id WHERE m.n > 1 GROUP BY m.id)
         SELECT id, played_on, top - next FROM w
         WHERE top IS NOT NULL AND next IS NOT NULL
           AND (:person IS NULL OR EXISTS (SELECT 1 FROM results z
                WHERE z.game_id = w.id AND z.person_id = :person AND z.winner))
         ORDER BY top - next DESC, played_on, id LIMIT 1"
    );
    let found = query(store, scope, &sql, |r| {
        Ok(MarginRecord {
            game_id: r.get(0)?,
            played_on: r.get(1)?,
            winners: Vec::new(),
            margin: r.get(2)?,
        })
    })?
    .pop();
    let Some(mut record) = found else {
        return Ok(None);
    };
    let mut stmt = store.conn.prepare_cached(
        "SELECT p.name FROM results r JOIN people p ON p.id = r.person_id
         WHERE r.game_id = ?1 AND r.winner ORDER BY r.seat",
    )?;
    let names = stmt.query_map(params![record.game_id], |r| r.get(0))?;
    record.winners = names.collect::<Result<_, _>>()?;
    Ok(Some(record))
}

impl Store {
    /// One game's statistics over the scope (whose games are the ids counted as `game`).
    pub fn stats_game(&self, game: &str, scope: &Scope) -> Result<GameStats, StoreError> {
        Ok(GameStats {
            game: game.to_string(),
            plays: self.stats_plays(scope)?,
            scores: buckets(&score_counts(self, scope)?),
            categories: categories(self, scope)?,
            by_seat: by_seat(self, scope)?,
            by_role: by_role(self, scope)?,
            titles: titles(self, scope)?,
            highest_score: highest(self, scope)?,
            biggest_margin: biggest_margin(self, scope)?,
        })
    }
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
