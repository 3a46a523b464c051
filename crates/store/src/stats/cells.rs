//! Reading the tallies for a query: which cells a filter covers. Without days, the cells of
//! every month together ([`ALL`]); with days, the whole years, quarters and half-months between
//! them from the table, and the days of a half-month only partly inside the range (at most 15
//! at each end) counted from the games themselves (which ones: see `range`).

use super::range::{day, plan, Periods};
use super::refresh::{each_game, key_of};
use super::tally::{Tally, Vals, ALL, CATEGORY, ROLE, SCORE, SEAT, SEQ, TITLE};
use super::Scope;
use crate::{Store, StoreError};
use rusqlite::types::{Type, Value as SqlValue};
use rusqlite::{params_from_iter, ToSql};
use std::collections::{BTreeMap, HashMap};
use std::rc::Rc;

/// A filter as the tallies see it.
pub struct View {
    /// The statistics key, or [`ALL`].
    pub game: String,
    /// The player count, or 0: any.
    pub n: i64,
    pub person: Option<i64>,
    /// The whole months covered (inclusive bounds; "" to "~" without days).
    lo: String,
    hi: String,
    dated: bool,
    /// The whole periods between `lo` and `hi`, listed once (shared like `edges`).
    periods: Rc<Periods>,
    /// The partial months, counted from the games (shared by the views narrowed from one).
    edges: Rc<Edges>,
    /// The scope the view was made for: its games are the ids counted as `game`.
    pub scope: Scope,
}

/// The cells of a view's partial months, by game and then by player count and kind: each call
/// of [`Store::cells`] takes its own list rather than walking all of them (a view's figures
/// make about forty calls).
#[derive(Default)]
struct Edges(HashMap<String, HashMap<(i64, &'static str), Vec<Cell>>>);

impl Edges {
    fn of(t: &Tally) -> Edges {
        let mut by: HashMap<u32, HashMap<(i64, &'static str), Vec<Cell>>> = HashMap::new();
        let cells = t.cells.iter().map(|(k, v)| (k, *v));
        let runs = t.runs.iter().map(|(k, r)| (k, r.vals()));
        let tops = t.tops.iter().map(|(k, t)| (k, t.vals()));
        let name = |id: u32| t.names.name(id);
        for (k, v) in cells.chain(runs).chain(tops) {
            by.entry(k.game)
                .or_default()
                .entry((k.n, k.kind))
                .or_default()
                .push(Cell {
                    month: name(k.month).to_string(),
                    person: k.person,
                    item: name(k.item).to_string(),
                    sub: k.sub,
                    v,
                });
        }
        Edges(
            by.into_iter()
                .map(|(game, cells)| (name(game).to_string(), cells))
                .collect(),
        )
    }

    /// The cells of one game (or [`ALL`]), player count and kind.
    fn of_kind(&self, game: &str, n: i64, kind: &'static str) -> &[Cell] {
        self.0
            .get(game)
            .and_then(|g| g.get(&(n, kind)))
            .map_or(&[], Vec::as_slice)
    }
}

/// Whose cells: the per-game figures' (every result, or the filter's person) or each person's.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Who {
    Games,
    People,
}

/// One cell as a query reads it.
#[derive(Debug, Clone)]
pub struct Cell {
    pub month: String,
    pub person: i64,
    pub item: String,
    pub sub: i64,
    pub v: Vals,
}

/// `first` and the filters given: each `(given, condition, its parameter)`. A filter not given
/// still names its parameter (as NULL), so that every parameter is bound; written out rather
/// than as `(? IS NULL OR …)`, which SQLite cannot seek an index by.
pub(super) fn given_filters(first: &str, filters: &[(bool, &str, &str)]) -> String {
    let mut cond = String::from(first);
    for (given, part, param) in filters {
        if *given {
            cond.push_str(part);
        } else {
            cond.push_str(&format!(" AND {param} IS NULL"));
        }
    }
    cond
}

impl View {
    /// The whole periods covered: see [`Periods::listed`].
    fn periods(&self, wide: bool) -> Option<&str> {
        self.periods.listed(wide)
    }
}

impl Store {
    /// The tallies of a scope, read inside [`Store::read_tallies`]'s transaction (every
    /// public statistics query opens one first).
    pub(super) fn view(&self, scope: &Scope) -> Result<View, StoreError> {
        let game = match &scope.games {
            None => ALL.to_string(),
            Some(members) => {
                let mut keys: Vec<&str> = members
                    .iter()
                    .map(|m| key_of(&self.stats_groups, m))
                    .collect();
                keys.sort_unstable();
                keys.dedup();
                match keys.as_slice() {
                    [one] => one.to_string(),
                    _ => {
                        return Err(StoreError::Invalid {
                            field: "game".into(),
                            message: "statistics cover one game, or every game".into(),
                        })
                    }
                }
            }
        };
        let from = scope.from.as_deref().map(|d| day("from", d)).transpose()?;
        let to = scope.to.as_deref().map(|d| day("to", d)).transpose()?;
        let (lo, hi, ranges) = plan(from, to);
        // Counted at each game's own level, then spread to every level once; with a person,
        // their cells only (no figure of theirs reads anyone else's, nor the per-game cells).
        let mut edges = Tally::base_for(scope.person);
        let games = scope
            .games
            .as_ref()
            .map(|g| serde_json::Value::from(g.clone()).to_string());
        // Only the filters given (one not given is still named, as NULL), so that SQLite seeks
        // the games by game and day, and probes each for the person's result rather than
        // listing every game of theirs first.
        let cond = given_filters(
            "g.played_on >= ?4 AND g.played_on <= ?5",
            &[
                (
                    games.is_some(),
                    " AND g.game IN (SELECT value FROM json_each(?1))",
                    "?1",
                ),
                (scope.players.is_some(), " AND g.players = ?2", "?2"),
                (
                    scope.person.is_some(),
                    " AND EXISTS (SELECT 1 FROM results z
                                  WHERE z.game_id = g.id AND z.person_id = ?3)",
                    "?3",
                ),
            ],
        );
        for (start, end) in ranges {
            let (start, end) = (start.to_string(), end.to_string());
            each_game(
                &self.conn,
                &cond,
                &[
                    &games as &dyn ToSql,
                    &scope.players,
                    &scope.person,
                    &start,
                    &end,
                ],
                |g| {
                    let key = key_of(&self.stats_groups, &g.game).to_string();
                    edges.add(&g, &key, 1);
                    edges.push_runs(&g, &key, scope.person);
                    Ok(())
                },
            )?;
        }
        let edges = edges.spread_over(false);
        let dated = from.is_some() || to.is_some();
        // Without days every month, "" (no day) included; with days, only dated months.
        let lo = lo.unwrap_or_else(|| if dated { "0".into() } else { String::new() });
        let hi = hi.unwrap_or_else(|| "~".into());
        Ok(View {
            game,
            n: scope.players.map_or(0, i64::from),
            person: scope.person,
            periods: Rc::new(Periods::between(&lo, &hi, dated)),
            lo,
            hi,
            dated,
            edges: Rc::new(Edges::of(&edges)),
            scope: scope.clone(),
        })
    }

    /// `view` over one game only: `key`, counted from the ids `members`. From a view of every
    /// game (or of that game) the partial months already counted serve, since they were counted
    /// at each game's level too.
    pub(super) fn narrowed(
        &self,
        view: &View,
        key: &str,
        members: Vec<String>,
    ) -> Result<View, StoreError> {
        let scope = Scope {
            games: Some(members),
            ..view.scope.clone()
        };
        if view.game != ALL && view.game != key {
            return self.view(&scope);
        }
        Ok(View {
            game: key.to_string(),
            n: view.n,
            person: view.person,
            lo: view.lo.clone(),
            hi: view.hi.clone(),
            dated: view.dated,
            periods: Rc::clone(&view.periods),
            edges: Rc::clone(&view.edges),
            scope,
        })
    }

    /// Which persons' cells `who` reads in the view (an inclusive range).
    fn persons(view: &View, who: Who) -> (i64, i64) {
        match (view.person, who) {
            (Some(p), _) => (p, p),
            (None, Who::Games) => (0, 0),
            (None, Who::People) => (1, i64::MAX),
        }
    }

    /// The cells of `kind` the view covers. `monthly`: month by month (in month order), where
    /// otherwise the whole time may come as one cell.
    pub(super) fn cells(
        &self,
        view: &View,
        kind: &'static str,
        who: Who,
        monthly: bool,
    ) -> Result<Vec<Cell>, StoreError> {
        let (p_lo, p_hi) = Self::persons(view, who);
        let (filter, args) = table_filter(view, kind, p_lo, p_hi, monthly);
        let mut stmt = self.conn.prepare_cached(&format!(
            "SELECT month, person, item, sub, a, b, c, d, e, f, g, x FROM tally WHERE {filter}"
        ))?;
        let rows = stmt.query_map(params_from_iter(args), |r| {
            Ok(Cell {
                month: r.get(0)?,
                person: r.get(1)?,
                item: r.get(2)?,
                sub: r.get(3)?,
                v: Vals {
                    a: r.get(4)?,
                    b: r.get(5)?,
                    c: r.get(6)?,
                    d: r.get(7)?,
                    e: r.get(8)?,
                    f: r.get(9)?,
                    g: r.get(10)?,
                    x: r.get(11)?,
                },
            })
        })?;
        let mut out: Vec<Cell> = rows.collect::<Result<_, _>>()?;
        let edges = view.edges.of_kind(&view.game, view.n, kind);
        out.extend(
            edges
                .iter()
                .filter(|c| (p_lo..=p_hi).contains(&c.person))
                .cloned(),
        );
        if monthly {
            out.sort_by(|x, y| (x.person, &x.month).cmp(&(y.person, &y.month)));
        }
        Ok(out)
    }

    /// The sums of the cells of an additive `kind` the view covers, by item and position
    /// (`sub`), only those of some count (`a` above 0). Only the columns summed are read, and
    /// no cell is made: one person's scores over three years are tens of thousands of cells.
    pub(super) fn summed(
        &self,
        view: &View,
        kind: &'static str,
        who: Who,
    ) -> Result<BTreeMap<(String, i64), Vals>, StoreError> {
        // By item, then position: an item is looked up by its text, never copied per cell.
        let mut sums: HashMap<String, HashMap<i64, Vals>> = HashMap::new();
        let mut add = |item: &str, sub: i64, v: &Vals| {
            let by_sub = match sums.get_mut(item) {
                Some(by_sub) => by_sub,
                None => sums.entry(item.to_string()).or_default(),
            };
            let sum = by_sub.entry(sub).or_default();
            *sum = sum.plus(v);
        };
        let (p_lo, p_hi) = Self::persons(view, who);
        let (filter, args) = table_filter(view, kind, p_lo, p_hi, false);
        // Summed here rather than by SQLite's GROUP BY, which sorts every row first; only the
        // values the kind holds are read.
        let columns = summed_columns(kind);
        let mut stmt = self.conn.prepare_cached(&format!(
            "SELECT item, sub, {} FROM tally WHERE {filter}",
            columns.join(", ")
        ))?;
        let mut rows = stmt.query(params_from_iter(args))?;
        while let Some(r) = rows.next()? {
            let mut v = Vals::default();
            for (i, column) in columns.iter().enumerate() {
                let at = i + 2;
                match *column {
                    "a" => v.a = r.get(at)?,
                    "b" => v.b = r.get(at)?,
                    "c" => v.c = r.get(at)?,
                    "d" => v.d = r.get(at)?,
                    "e" => v.e = r.get(at)?,
                    "f" => v.f = r.get(at)?,
                    "g" => v.g = r.get(at)?,
                    _ => v.x = r.get(at)?,
                }
            }
            let item = r.get_ref(0)?.as_str().map_err(|e| {
                rusqlite::Error::FromSqlConversionFailure(0, Type::Text, Box::new(e))
            })?;
            add(item, r.get(1)?, &v);
        }
        for c in view.edges.of_kind(&view.game, view.n, kind) {
            if (p_lo..=p_hi).contains(&c.person) {
                add(&c.item, c.sub, &c.v);
            }
        }
        Ok(sums
            .into_iter()
            .flat_map(|(item, by_sub)| {
                by_sub
                    .into_iter()
                    .map(move |(sub, v)| ((item.clone(), sub), v))
            })
            .filter(|(_, v)| v.a > 0)
            .collect())
    }
}

/// The values a summed kind holds (see `tally`'s kinds): the others are always 0.
fn summed_columns(kind: &str) -> &'static [&'static str] {
    match kind {
        SCORE => &["a", "b", "c", "d", "e", "f"],
        CATEGORY => &["a", "x"],
        SEAT => &["a", "b"],
        ROLE => &["a", "b", "c", "e", "f"],
        TITLE => &["a"],
        _ => &["a", "b", "c", "d", "e", "f", "g", "x"],
    }
}

/// Where the table keeps the cells of `kind` a view covers, for persons `p_lo..=p_hi`: a
/// `WHERE` clause over `tally` and its parameters.
fn table_filter(
    view: &View,
    kind: &'static str,
    p_lo: i64,
    p_hi: i64,
    monthly: bool,
) -> (&'static str, Vec<SqlValue>) {
    let base = vec![
        SqlValue::Text(view.game.clone()),
        SqlValue::Integer(view.n),
        SqlValue::Text(kind.to_string()),
        SqlValue::Integer(p_lo),
    ];
    if !view.dated && !monthly {
        let filter = "game = ?1 AND n = ?2 AND kind = ?3 AND month = '*'
                      AND person BETWEEN ?4 AND ?5";
        return (filter, [base, vec![SqlValue::Integer(p_hi)]].concat());
    }
    // Years and quarters where the figures are not read month by month (the runs are kept by
    // half-month only).
    let wide = !monthly && kind != SEQ;
    if let (Some(periods), true) = (view.periods(wide), p_lo == p_hi) {
        // One person's cells (or the games' own, person 0), sought month by month: the key
        // has the month before the person, so a range of months would read every person's
        // cells of those months (thirteen times as many over the bench's twelve people).
        let filter = "game = ?1 AND n = ?2 AND kind = ?3
                      AND month IN (SELECT value FROM json_each(?5)) AND person = ?4";
        return (
            filter,
            [base, vec![SqlValue::Text(periods.to_string())]].concat(),
        );
    }
    // Half-months only: not the whole time ('*') nor a year ("YYYY-*") or quarter ("YYYY-MM*"),
    // which sort among them.
    let filter = "game = ?1 AND n = ?2 AND kind = ?3 AND month >= ?6 AND month <= ?7
                  AND month NOT LIKE '%*' AND person BETWEEN ?4 AND ?5";
    let rest = vec![
        SqlValue::Integer(p_hi),
        SqlValue::Text(view.lo.clone()),
        SqlValue::Text(view.hi.clone()),
    ];
    (filter, [base, rest].concat())
}
