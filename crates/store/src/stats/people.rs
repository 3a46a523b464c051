//! Statistics per person: plays, wins and win rate beside the 1/n expectation, scores, the
//! longest winning streak, and head-to-head records against each opponent, from the tallies.

use super::cells::{View, Who};
use super::tally::{Run, Vals, PAIR, PERSON, SEQ};
use super::Scope;
use crate::{Store, StoreError};
use serde::Serialize;
use std::collections::HashMap;

/// One person's figures over the matched games. Win rates count only games of two or more
/// players (a solo game has no winner).
#[derive(Debug, Clone, PartialEq, Serialize, specta::Type)]
pub struct PersonStats {
    #[specta(type = f64)]
    pub person_id: i64,
    pub name: String,
    #[specta(type = f64)]
    pub plays: i64,
    #[specta(type = f64)]
    pub solo_plays: i64,
    #[specta(type = f64)]
    pub wins: i64,
    /// Wins per game of two or more players (none when there was no such game).
    pub win_rate: Option<f64>,
    /// What winning by chance would give: the mean of 1/n over those games.
    pub expected_win_rate: Option<f64>,
    /// Over the plays with a score (none when no play has one).
    pub average_score: Option<f64>,
    pub high_score: Option<i32>,
    pub low_score: Option<i32>,
    /// The most games of two or more players won in a row, by the day played.
    #[specta(type = f64)]
    pub longest_streak: i64,
    pub head_to_head: Vec<HeadToHead>,
}

/// A person's record against one opponent in the matched games they both played.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, specta::Type)]
pub struct HeadToHead {
    #[specta(type = f64)]
    pub opponent_id: i64,
    pub opponent: String,
    #[specta(type = f64)]
    pub games: i64,
    /// Games the person finished ranked above the opponent.
    #[specta(type = f64)]
    pub ahead: i64,
    #[specta(type = f64)]
    pub behind: i64,
    #[specta(type = f64)]
    pub tied: i64,
}

/// Names by person id.
fn names(store: &Store) -> Result<HashMap<i64, String>, StoreError> {
    Ok(store
        .people()?
        .into_iter()
        .map(|p| (p.id, p.name))
        .collect())
}

/// Each person's runs over the view, month after month.
fn runs(store: &Store, view: &View) -> Result<HashMap<i64, Run>, StoreError> {
    let mut out: HashMap<i64, Run> = HashMap::new();
    for c in store.cells(view, SEQ, Who::People, true)? {
        let run = out.entry(c.person).or_default();
        *run = run.then(&Run::from_vals(&c.v));
    }
    Ok(out)
}

fn totals(store: &Store, view: &View) -> Result<Vec<PersonStats>, StoreError> {
    let mut sums: HashMap<i64, Vals> = HashMap::new();
    for c in store.cells(view, PERSON, Who::People, false)? {
        let v = sums.entry(c.person).or_default();
        *v = v.plus(&c.v);
    }
    let runs = runs(store, view)?;
    let names = names(store)?;
    let mut out: Vec<PersonStats> = sums
        .into_iter()
        .filter(|(_, v)| v.a > 0)
        .map(|(person, v)| {
            let run = runs.get(&person).copied().unwrap_or_default();
            let (wins, contested) = (v.c, v.d);
            PersonStats {
                person_id: person,
                name: names.get(&person).cloned().unwrap_or_default(),
                plays: v.a,
                solo_plays: v.b,
                wins,
                win_rate: (contested > 0).then(|| wins as f64 / contested as f64),
                expected_win_rate: (contested > 0).then(|| v.x / contested as f64),
                average_score: (v.a > v.f).then(|| v.e as f64 / (v.a - v.f) as f64),
                high_score: (run.scored() > 0).then(|| clamp(run.high)),
                low_score: (run.scored() > 0).then(|| clamp(run.low)),
                longest_streak: run.best,
                head_to_head: Vec::new(),
            }
        })
        .collect();
    out.sort_by(|x, y| {
        y.plays
            .cmp(&x.plays)
            .then_with(|| x.name.to_lowercase().cmp(&y.name.to_lowercase()))
            .then_with(|| x.person_id.cmp(&y.person_id))
    });
    Ok(out)
}

/// A stored score as the figures show it (scores are written as 32-bit numbers).
fn clamp(score: i64) -> i32 {
    score.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
}

/// Every pair of people who played the same matched games, from each side (only the scope's
/// person's side when one is given).
fn head_to_head(store: &Store, view: &View) -> Result<HashMap<i64, Vec<HeadToHead>>, StoreError> {
    let mut sums: HashMap<(i64, i64), Vals> = HashMap::new();
    for c in store.cells(view, PAIR, Who::People, false)? {
        let v = sums.entry((c.person, c.sub)).or_default();
        *v = v.plus(&c.v);
    }
    let names = names(store)?;
    let mut out: HashMap<i64, Vec<HeadToHead>> = HashMap::new();
    for ((person, opponent), v) in sums.into_iter().filter(|(_, v)| v.a > 0) {
        out.entry(person).or_default().push(HeadToHead {
            opponent_id: opponent,
            opponent: names.get(&opponent).cloned().unwrap_or_default(),
            games: v.a,
            ahead: v.b,
            behind: v.c,
            tied: v.a - v.b - v.c,
        });
    }
    for list in out.values_mut() {
        list.sort_by(|x, y| {
            y.games
                .cmp(&x.games)
                .then_with(|| x.opponent.to_lowercase().cmp(&y.opponent.to_lowercase()))
                .then_with(|| x.opponent_id.cmp(&y.opponent_id))
        });
    }
    Ok(out)
}

/// Per person, over a view: see [`Store::stats_people`].
pub(super) fn people_stats(store: &Store, view: &View) -> Result<Vec<PersonStats>, StoreError> {
    let mut people = totals(store, view)?;
    let mut h2h = head_to_head(store, view)?;
    for p in &mut people {
        p.head_to_head = h2h.remove(&p.person_id).unwrap_or_default();
    }
    Ok(people)
}

impl Store {
    /// Per person: the people who played the matched games (only the scope's person when one
    /// is given), most plays first.
    pub fn stats_people(&self, scope: &Scope) -> Result<Vec<PersonStats>, StoreError> {
        let _snapshot = self.read_tallies()?;
        people_stats(self, &self.view(scope)?)
    }

    /// Only the longest winning streaks (person id, streak), for the benchmark's per-query
    /// timings.
    pub fn stats_streaks(&self, scope: &Scope) -> Result<Vec<(i64, i64)>, StoreError> {
        let _snapshot = self.read_tallies()?;
        let view = self.view(scope)?;
        let runs = runs(self, &view)?;
        Ok(runs
            .into_iter()
            .filter(|(_, r)| r.best > 0)
            .map(|(p, r)| (p, r.best))
            .collect())
    }

    /// Only the head-to-head records, for the benchmark's per-query timings.
    pub fn stats_head_to_head(&self, scope: &Scope) -> Result<usize, StoreError> {
        let _snapshot = self.read_tallies()?;
        let view = self.view(scope)?;
        Ok(head_to_head(self, &view)?.values().map(Vec::len).sum())
    }
}
