//! The records ([`TOP`](super::tally::TOP) cells: the record score and the biggest margin,
//! each with where it was first reached) that changed games held, counted again when those
//! games are taken back; and the condition that picks one period's games, which the runs'
//! recount shares.

use super::facts::GameFacts;
use super::refresh::{each_game, key_of, write_tops};
use super::tally::{narrower_bounds, records_of, width_of, Tally, Top, Vals};
use super::tally::{ALL, RECORDS};
use crate::{Store, StoreError};
use rusqlite::{params, ToSql, Transaction};
use std::collections::BTreeSet;

impl Store {
    /// The records ([`TOP`]) held by a changed game, counted again from the games: a month's
    /// from its games, then every month's from the months, and a person's own from their games.
    pub(super) fn recount_records(
        &self,
        tx: &Transaction,
        dirty: &[i64],
        levels: &BTreeSet<(String, i64)>,
    ) -> Result<(), StoreError> {
        let ids = serde_json::Value::from(dirty.to_vec()).to_string();
        let mut held: Vec<(&'static str, String, i64, String, i64)> = Vec::new();
        for kind in RECORDS {
            for (g, n) in levels {
                let mut stmt = tx.prepare_cached(
                    "SELECT month, person FROM tally WHERE game = ?1 AND n = ?2 AND kind = ?3
                       AND b IN (SELECT value FROM json_each(?4))",
                )?;
                let rows =
                    stmt.query_map(params![g, n, kind, ids], |r| Ok((r.get(0)?, r.get(1)?)))?;
                for row in rows {
                    let (month, person): (String, i64) = row?;
                    held.push((kind, g.clone(), *n, month, person));
                }
            }
        }
        // Half-months first, then quarters, then years: a quarter's or a year's record is the
        // best of the narrower periods', and the whole time's (everyone's) the best of all.
        held.sort_by_key(|(_, _, _, month, _)| width_of(month));
        for (kind, g, n, month, person) in held {
            tx.prepare_cached(
                "DELETE FROM tally WHERE game = ?1 AND n = ?2 AND kind = ?3 AND month = ?4
                   AND person = ?5 AND item = '' AND sub = 0",
            )?
            .execute(params![g, n, kind, month, person])?;
            let mut best: Option<Top> = None;
            let mut consider = |top: Top| {
                if best.is_none_or(|b| top.beats(&b)) {
                    best = Some(top);
                }
            };
            // A quarter's or a year's record is the best of its narrower periods', everyone's
            // over the whole time the best of every period's ("" without a day included): read
            // from the table, those counted first. The bounds take in the record's own cell,
            // deleted above.
            let of_periods = if let Some(bounds) = narrower_bounds(&month) {
                Some(bounds)
            } else if month == ALL && person == 0 {
                Some((String::new(), "~".to_string()))
            } else {
                None
            };
            if let Some((from, before)) = of_periods {
                let mut stmt = tx.prepare_cached(
                    "SELECT a, b, c, d, e FROM tally WHERE game = ?1 AND n = ?2 AND kind = ?3
                       AND month >= ?4 AND month < ?5 AND person = ?6",
                )?;
                let rows = stmt.query_map(params![g, n, kind, from, before, person], |r| {
                    Ok(Vals {
                        a: r.get(0)?,
                        b: r.get(1)?,
                        c: r.get(2)?,
                        d: r.get(3)?,
                        e: r.get(4)?,
                        ..Vals::default()
                    })
                })?;
                for v in rows {
                    consider(Top::from_vals(&v?));
                }
            } else {
                let whose = (person != 0).then_some(person);
                let (cond, lower, upper) = if month == ALL {
                    ("?2 = ?3", ALL.to_string(), ALL.to_string())
                } else {
                    month_cond(&month)
                };
                let cond = format!(
                    "{cond} AND (?1 IS NULL OR EXISTS (SELECT 1 FROM results p
                                  WHERE p.game_id = g.id AND p.person_id = ?1))"
                );
                let wanted = |game: &GameFacts| {
                    (g == ALL || key_of(&self.stats_groups, &game.game) == g)
                        && (n == 0 || game.n == n)
                };
                each_game(tx, &cond, &[&whose as &dyn ToSql, &lower, &upper], |game| {
                    if wanted(&game) {
                        for (k, who, record) in records_of(&game) {
                            if k == kind && who == person {
                                consider(record);
                            }
                        }
                    }
                    Ok(())
                })?;
            }
            if let Some(top) = best {
                let mut one = Tally::new(false);
                let key = super::tally::CellKey {
                    game: one.names.id(&g),
                    n,
                    kind,
                    month: one.names.id(&month),
                    person,
                    item: one.names.id(""),
                    sub: 0,
                };
                one.tops.insert(key, top);
                write_tops(tx, &one, true)?;
            }
        }
        Ok(())
    }
}

/// The condition on `games g` for one period (a half-month: from `?2`, with `?3` just past it),
/// or no day (""), and its two bounds.
pub(super) fn month_cond(period: &str) -> (&'static str, String, String) {
    if period.is_empty() {
        return (
            "(g.played_on IS NULL OR g.played_on = '') AND ?2 = ?3",
            String::new(),
            String::new(),
        );
    }
    let cond = "g.played_on >= ?2 AND g.played_on < ?3";
    // A half-month (see `facts::period_of`): its days, as text; otherwise the days that begin
    // with the key, as the tallies kept a day not written YYYY-MM-DD.
    let (lower, upper) = match (period.get(..7), period.get(7..)) {
        (Some(month), Some("-1")) => (month.to_string(), format!("{month}-16")),
        (Some(month), Some("-2")) => (format!("{month}-16"), format!("{month}~")),
        _ => (period.to_string(), format!("{period}~")),
    };
    (cond, lower, upper)
}
