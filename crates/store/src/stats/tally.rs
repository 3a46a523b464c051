//! Running tallies: what each finished game adds to the statistics, as summary rows ("cells",
//! see `cell`) that a query sums instead of reading every result. Pure and in memory: `refresh`
//! reads the games and writes the cells, `cells` reads them back for a query.
//!
//! Every game adds to each combination of its own and the "any" levels (game, player count,
//! period), so a filter on any of them reads its cells directly. Additive kinds hold counts and
//! sums, which a game's removal takes back exactly; the `seq` kind (winning runs, high and low
//! scores) depends on the order of the games and is recomputed for the half-months a change
//! touches.

use rustc_hash::FxHashMap as HashMap;

use super::facts::GameFacts;
pub use super::records::{records_of, Run, Top};
// What a cell is, where the tallies' readers have always found it.
pub use super::cell::*;

/// Cells being counted in memory: the additive kinds and the [`SEQ`] runs.
#[derive(Debug, Default)]
pub struct Tally {
    pub cells: HashMap<CellKey, Vals>,
    pub runs: HashMap<CellKey, Run>,
    /// The [`TOP`] cells of the games added (a game taken back is not taken out here).
    pub tops: HashMap<CellKey, Top>,
    pub names: Names,
    /// Also count every game at the month [`ALL`] (what the database keeps; a query's partial
    /// months are counted without it).
    pub with_all_months: bool,
    /// Count each game at its own game, player count and month only, to [`Tally::spread`] to
    /// every level afterwards (a count from nothing: an eighth of the work per game).
    base_only: bool,
    /// Keep only this person's cells, not the per-game ones (person 0) nor anyone else's: a
    /// query for one person reads no others.
    only: Option<i64>,
}

impl Tally {
    pub fn new(with_all_months: bool) -> Tally {
        Tally {
            with_all_months,
            ..Tally::default()
        }
    }

    /// A tally of games at their own levels only, to [`Tally::spread`] once all are in.
    pub fn base() -> Tally {
        Tally {
            base_only: true,
            ..Tally::default()
        }
    }

    /// A [`Tally::base`] that keeps only `person`'s cells (everyone's and the per-game ones
    /// when `None`).
    pub fn base_for(person: Option<i64>) -> Tally {
        Tally {
            only: person,
            ..Tally::base()
        }
    }

    /// Every level of a [`Tally::base`] (with the month [`ALL`]): each cell added to the ones
    /// of any game, any player count and every month it stands for.
    pub fn spread(self) -> Tally {
        self.spread_over(true)
    }

    /// Every level of a [`Tally::base`], as [`Tally::new`]`(with_all_months)` would have
    /// counted its games one by one: with the month [`ALL`] (what the database keeps), or each
    /// game's own month only (a query's partial months). A cell is spread once, where adding each game at every level costs a game's
    /// cells four times over.
    pub fn spread_over(self, with_all_months: bool) -> Tally {
        let mut names = self.names;
        let all = names.id(ALL);
        // Each month's levels where the database's are kept (with the month ALL): itself, its
        // quarter and year, and every month.
        let mut months_of: HashMap<u32, Vec<u32>> = HashMap::default();
        if with_all_months {
            let months = self.cells.keys().chain(self.tops.keys()).map(|k| k.month);
            for month in months {
                if let std::collections::hash_map::Entry::Vacant(e) = months_of.entry(month) {
                    let wider: Vec<String> = wider_periods(names.name(month)).collect();
                    let mut levels = vec![month];
                    levels.extend(wider.iter().map(|w| names.id(w)));
                    levels.push(all);
                    e.insert(levels);
                }
            }
        }
        let levels = |k: &CellKey| {
            let mut out = Vec::with_capacity(16);
            let own = [k.month];
            let months = months_of.get(&k.month).map_or(&own[..], Vec::as_slice);
            for g in [k.game, all] {
                for n in [k.n, 0] {
                    for &m in months {
                        out.push(CellKey {
                            game: g,
                            n,
                            month: m,
                            ..*k
                        });
                    }
                }
            }
            out
        };
        let mut cells: HashMap<CellKey, Vals> =
            HashMap::with_capacity_and_hasher(self.cells.len() * 4, Default::default());
        for (k, v) in &self.cells {
            for level in levels(k) {
                cells.entry(level).or_default().add(v, 1);
            }
        }
        let mut tops: HashMap<CellKey, Top> = HashMap::default();
        for (k, top) in &self.tops {
            for level in levels(k) {
                let best = tops.entry(level).or_insert(*top);
                if top.beats(best) {
                    *best = *top;
                }
            }
        }
        Tally {
            cells,
            runs: self.runs,
            tops,
            names,
            with_all_months,
            base_only: false,
            only: self.only,
        }
    }

    /// Add a game's additive cells (`sign` 1), or take them back (-1), at every level.
    pub fn add(&mut self, game: &GameFacts, key: &str, sign: i64) {
        let month = self.names.id(&game.period());
        let all = self.names.id(ALL);
        let key = self.names.id(key);
        if self.base_only {
            self.add_level(game, key, game.n, month, sign);
            return;
        }
        let mut months = vec![month];
        if self.with_all_months {
            for wider in wider_periods(&game.period()) {
                months.push(self.names.id(&wider));
            }
            months.push(all);
        }
        for g in [key, all] {
            for n in [game.n, 0] {
                for &m in &months {
                    self.add_level(game, g, n, m, sign);
                }
            }
        }
    }

    /// Keep the records `game` holds at one level, where they come first (a game taken back
    /// is not taken out here: see `refresh`).
    fn add_records(&mut self, game: &GameFacts, g: u32, n: i64, month: u32) {
        let none = self.names.id("");
        for (kind, who, record) in records_of(game) {
            if self.only.is_some_and(|p| p != who) {
                continue;
            }
            let key = CellKey {
                game: g,
                n,
                kind,
                month,
                person: who,
                item: none,
                sub: 0,
            };
            let best = self.tops.entry(key).or_insert(record);
            if record.beats(best) {
                *best = record;
            }
        }
    }

    fn add_level(&mut self, game: &GameFacts, g: u32, n: i64, month: u32, sign: i64) {
        if sign > 0 {
            self.add_records(game, g, n, month);
        }
        let contested = game.n > 1;
        let none = self.names.id("");
        let only = self.only;
        let kept = move |person: i64| only.is_none_or(|p| p == person);
        let (cells, names) = (&mut self.cells, &mut self.names);
        let mut put = |kind: &'static str, person: i64, item: &str, sub: i64, v: Vals| {
            if !kept(person) {
                return;
            }
            let item = if item.is_empty() {
                none
            } else {
                names.id(item)
            };
            let key = CellKey {
                game: g,
                n,
                kind,
                month,
                person,
                item,
                sub,
            };
            cells.entry(key).or_default().add(&v, sign);
        };
        let one = Vals {
            a: 1,
            ..Vals::default()
        };
        put(GAMES, 0, "", 0, one);
        for r in &game.results {
            // Every cell of a result is the per-game figures' (person 0) or its player's: a
            // tally kept for one person skips the others' results whole.
            if !kept(0) && !kept(r.person) {
                continue;
            }
            let won = i64::from(r.winner && contested);
            put(
                PERSON,
                r.person,
                "",
                0,
                Vals {
                    a: 1,
                    b: i64::from(!contested),
                    c: won,
                    d: i64::from(contested),
                    e: r.score.unwrap_or(0),
                    f: i64::from(r.score.is_none()),
                    x: if contested { 1.0 / game.n as f64 } else { 0.0 },
                    ..Vals::default()
                },
            );
            // The per-game figures of every result (person 0), and the person's own.
            let whose = [0, r.person];
            let categories = if whose.iter().any(|&who| kept(who)) {
                r.categories()
            } else {
                Vec::new()
            };
            for who in whose {
                if let Some(score) = r.score {
                    put(
                        SCORE,
                        who,
                        "",
                        ScoreCounts::cell_of(score),
                        ScoreCounts::one(score),
                    );
                }
                for (ord, name, points) in &categories {
                    let v = Vals {
                        a: 1,
                        x: *points,
                        ..Vals::default()
                    };
                    put(CATEGORY, who, name, *ord, v);
                }
                if contested {
                    let v = Vals {
                        a: 1,
                        b: i64::from(r.winner),
                        ..Vals::default()
                    };
                    put(SEAT, who, "", r.seat, v);
                }
                if let Some(role) = &r.role {
                    let v = Vals {
                        a: 1,
                        b: i64::from(contested),
                        c: won,
                        e: r.score.unwrap_or(0),
                        f: i64::from(r.score.is_none()),
                        ..Vals::default()
                    };
                    put(ROLE, who, role, 0, v);
                }
                if let Some(title) = &r.title {
                    put(TITLE, who, title, 0, one);
                }
            }
            for o in game.results.iter().filter(|o| o.person != r.person) {
                let v = Vals {
                    a: 1,
                    b: i64::from(r.rank < o.rank),
                    c: i64::from(r.rank > o.rank),
                    ..Vals::default()
                };
                put(PAIR, r.person, "", o.person, v);
            }
        }
    }

    /// Push a game's results onto its players' runs of its month, at every game and player-count
    /// level; games must come in the order they were played (day, then id).
    pub fn push_runs(&mut self, game: &GameFacts, key: &str, only: Option<i64>) {
        let month = self.names.id(&game.period());
        let key = self.names.id(key);
        let all = self.names.id(ALL);
        let none = self.names.id("");
        for r in &game.results {
            if only.is_some_and(|p| p != r.person) {
                continue;
            }
            for g in [key, all] {
                for n in [game.n, 0] {
                    let cell = CellKey {
                        game: g,
                        n,
                        kind: SEQ,
                        month,
                        person: r.person,
                        item: none,
                        sub: 0,
                    };
                    self.runs
                        .entry(cell)
                        .or_default()
                        .push(r.score, game.n > 1, r.winner);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::facts::ResultFacts;

    type Resolved = std::collections::BTreeMap<
        (String, i64, &'static str, String, i64, String, i64),
        (i64, i64, i64, i64, i64),
    >;

    fn resolved(t: &Tally) -> Resolved {
        let name = |id: u32| t.names.name(id).to_string();
        let key = |k: &CellKey| {
            (
                name(k.game),
                k.n,
                k.kind,
                name(k.month),
                k.person,
                name(k.item),
                k.sub,
            )
        };
        let cells = t
            .cells
            .iter()
            .map(|(k, v)| (key(k), (v.a, v.b, v.c, v.d, v.e)));
        let tops = t
            .tops
            .iter()
            .map(|(k, v)| (key(k), (v.score, v.day, v.game, v.seat, v.person)));
        cells.chain(tops).collect()
    }

    #[test]
    fn a_base_spread_to_every_level_is_every_game_added_at_every_level() {
        let mut games = Vec::new();
        for (id, day, scores) in [
            (1, Some("2025-01-04"), vec![9, 4]),
            (2, Some("2025-01-20"), vec![9, 9, 1]),
            (3, None, vec![12]),
            (4, Some("2025-02-02"), vec![3, 8]),
        ] {
            let best = scores.iter().copied().max().unwrap_or(0);
            let n = scores.len() as i64;
            games.push(GameFacts {
                id,
                game: if id % 2 == 0 { "a".into() } else { "b".into() },
                n,
                played_on: day.map(String::from),
                results: scores
                    .iter()
                    .enumerate()
                    .map(|(seat, &score)| ResultFacts {
                        person: seat as i64 + id % 3 + 1,
                        seat: seat as i64,
                        score: Some(score),
                        rank: 1 + scores.iter().filter(|&&s| s > score).count() as i64,
                        winner: n > 1 && score == best,
                        title: (n == 1).then(|| "Count".into()),
                        role: Some("Sage".into()),
                        breakdown: format!(r#"[["Gold", {score}]]"#),
                    })
                    .collect(),
            });
        }
        let (mut every, mut base) = (Tally::new(true), Tally::base());
        for g in &games {
            every.add(g, &g.game, 1);
            base.add(g, &g.game, 1);
        }
        assert!(!every.cells.is_empty());
        assert_eq!(resolved(&base.spread()), resolved(&every));
        // Without the month ALL, as a query counts its partial months.
        let (mut monthly, mut base) = (Tally::new(false), Tally::base());
        for g in &games {
            monthly.add(g, &g.game, 1);
            base.add(g, &g.game, 1);
        }
        assert_eq!(resolved(&base.spread_over(false)), resolved(&monthly));
    }

    #[test]
    fn taking_a_game_back_leaves_nothing() {
        let game = GameFacts {
            id: 1,
            game: "g".into(),
            n: 2,
            played_on: Some("2025-03-04".into()),
            results: vec![
                ResultFacts {
                    person: 1,
                    seat: 0,
                    score: Some(10),
                    rank: 1,
                    winner: true,
                    title: None,
                    role: Some("Sage".into()),
                    breakdown: r#"[["Gold", 4]]"#.into(),
                },
                ResultFacts {
                    person: 2,
                    seat: 1,
                    score: Some(7),
                    rank: 2,
                    winner: false,
                    title: None,
                    role: None,
                    breakdown: "[]".into(),
                },
            ],
        };
        assert_eq!(game.margin(), Some(3));
        assert_eq!(game.period(), "2025-03-1");
        let mut t = Tally::new(true);
        t.add(&game, "g", 1);
        assert!(t.cells.values().any(|v| v.a != 0));
        // 2 game levels x 2 player-count levels x 4 month levels (the half-month, its quarter
        // and year, every month) of each cell, a person's own per-game cells too.
        let scores = |who: i64| {
            t.cells
                .keys()
                .filter(|k| k.kind == SCORE && k.person == who)
                .count()
        };
        assert_eq!((scores(0), scores(1), scores(2)), (2 * 16, 16, 16));
        t.add(&game, "g", -1);
        assert!(t.cells.values().all(|v| *v == Vals::default()));
    }
}
