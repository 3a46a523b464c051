//! Per person, by SQL over every matched result (the figures before the tallies).

use super::super::{query, Scope, MATCHED};
use super::super::{HeadToHead, PersonStats};
use crate::{Store, StoreError};
use std::collections::HashMap;

fn totals(store: &Store, scope: &Scope) -> Result<Vec<PersonStats>, StoreError> {
    let sql = format!(
        "WITH {MATCHED}
         SELECT p.id, p.name, count(*), sum(m.n = 1), sum(r.winner AND m.n > 1),
                sum(m.n > 1), avg(CASE WHEN m.n > 1 THEN 1.0 / m.n END),
                avg(r.score), max(r.score), min(r.score)
         FROM m JOIN results r ON r.game_id = m.id JOIN people p ON p.id = r.person_id
         WHERE :person IS NULL OR r.person_id = :person
         GROUP BY p.id ORDER BY count(*) DESC, p.name COLLATE NOCASE"
    );
    query(store, scope, &sql, |r| {
        let wins: i64 = r.get(4)?;
        let contested: i64 = r.get(5)?;
        Ok(PersonStats {
            person_id: r.get(0)?,
            name: r.get(1)?,
            plays: r.get(2)?,
            solo_plays: r.get(3)?,
            wins,
            win_rate: (contested > 0).then(|| wins as f64 / contested as f64),
            expected_win_rate: r.get(6)?,
            average_score: r.get(7)?,
            high_score: r.get(8)?,
            low_score: r.get(9)?,
            longest_streak: 0,
            head_to_head: Vec::new(),
        })
    })
}

/// The longest run of won games of two or more players, per person: the wins of one run share
/// the number of losses before them (one window, one sort).
fn streaks(store: &Store, scope: &Scope) -> Result<HashMap<i64, i64>, StoreError> {
    let sql = format!(
        "WITH {MATCHED},
         ordered AS (
             SELECT r.person_id, r.winner,
                    sum(NOT r.winner) OVER (PARTITION BY r.person_id ORDER BY m.played_on, m.id
                                            ROWS UNBOUNDED PRECEDING) AS losses
             FROM m JOIN results r ON r.game_id = m.id
             WHERE m.n > 1 AND (:person IS NULL OR r.person_id = :person)
         ),
         runs AS (SELECT person_id, count(*) AS len FROM ordered WHERE winner = 1
                  GROUP BY person_id, losses)
         SELECT person_id, max(len) FROM runs GROUP BY person_id"
    );
    Ok(query(store, scope, &sql, |r| Ok((r.get(0)?, r.get(1)?)))?
        .into_iter()
        .collect())
}

/// Every pair of people who played the same matched games, from each side. Without a person in
/// the scope each pair is counted once (the lower id first) and mirrored.
fn head_to_head(store: &Store, scope: &Scope) -> Result<HashMap<i64, Vec<HeadToHead>>, StoreError> {
    let sql = format!(
        "WITH {MATCHED}
         SELECT a.person_id, b.person_id, count(*), sum(a.rank < b.rank), sum(a.rank > b.rank)
         FROM m JOIN results a ON a.game_id = m.id
                JOIN results b ON b.game_id = m.id
                              AND (CASE WHEN :person IS NULL THEN b.person_id > a.person_id
                                        ELSE b.person_id <> a.person_id END)
         WHERE :person IS NULL OR a.person_id = :person
         GROUP BY a.person_id, b.person_id"
    );
    let rows: Vec<(i64, i64, i64, i64, i64)> = query(store, scope, &sql, |r| {
        Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
    })?;
    let names: HashMap<i64, String> = store
        .people()?
        .into_iter()
        .map(|p| (p.id, p.name))
        .collect();
    let record = |opponent: i64, games: i64, ahead: i64, behind: i64| HeadToHead {
        opponent_id: opponent,
        opponent: names.get(&opponent).cloned().unwrap_or_default(),
        games,
        ahead,
        behind,
        tied: games - ahead - behind,
    };
    let mut out: HashMap<i64, Vec<HeadToHead>> = HashMap::new();
    for (a, b, games, ahead, behind) in rows {
        out.entry(a)
            .or_default()
            .push(record(b, games, ahead, behind));
        if scope.person.is_none() {
            out.entry(b)
                .or_default()
                .push(record(a, games, behind, ahead));
        }
    }
    for list in out.values_mut() {
        list.sort_by(|x, y| {
            y.games
                .cmp(&x.games)
                .then_with(|| x.opponent.to_lowercase().cmp(&y.opponent.to_lowercase()))
        });
    }
    Ok(out)
}

impl Store {
    /// Per person: the people who played the matched games (only the scope's person when one
    /// is given), most plays first.
    pub fn reference_people(&self, scope: &Scope) -> Result<Vec<PersonStats>, StoreError> {
        let mut people = totals(self, scope)?;
        let streaks = streaks(self, scope)?;
        let mut h2h = head_to_head(self, scope)?;
        for p in &mut people {
            p.longest_streak = streaks.get(&p.person_id).copied().unwrap_or(0);
            p.head_to_head = h2h.remove(&p.person_id).unwrap_or_default();
        }
        Ok(people)
    }

    /// Only the longest winning streaks (person id, streak), for the benchmark's per-query
    /// timings.
    pub fn reference_streaks(&self, scope: &Scope) -> Result<Vec<(i64, i64)>, StoreError> {
        Ok(streaks(self, scope)?.into_iter().collect())
    }

    /// Only the head-to-head records, for the benchmark's per-query timings.
    pub fn reference_head_to_head(&self, scope: &Scope) -> Result<usize, StoreError> {
        Ok(head_to_head(self, scope)?.values().map(Vec::len).sum())
    }
}
