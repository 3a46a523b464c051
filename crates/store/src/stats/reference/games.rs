//! Per game, by SQL over every matched result (the figures before the tallies).

use super::super::games::buckets;
use super::super::{query, Scope, MATCHED};
use super::super::{
    CategoryAverage, GameStats, MarginRecord, RoleRecord, ScoreRecord, SeatRecord, TitleCount,
};
use crate::{Store, StoreError};
use rusqlite::params;

/// `WHERE` of a result row: the scope's person's own rows when one is given.
const OWN: &str = "(:person IS NULL OR r.person_id = :person)";

fn score_counts(store: &Store, scope: &Scope) -> Result<Vec<(i32, i64)>, StoreError> {
    let sql = format!(
        "WITH {MATCHED} SELECT r.score, count(*) FROM m JOIN results r ON r.game_id = m.id
         WHERE {OWN} AND r.score IS NOT NULL GROUP BY r.score"
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
         WHERE {OWN} AND r.score IS NOT NULL
         ORDER BY r.score DESC, m.played_on, m.id, r.seat LIMIT 1"
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
    pub fn reference_game(&self, game: &str, scope: &Scope) -> Result<GameStats, StoreError> {
        Ok(GameStats {
            game: game.to_string(),
            plays: self.reference_plays(scope)?,
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
