//! The statistics as plain SQL over every matched result, as they were computed before the
//! tallies: the oracle the tallies are checked against, on random histories, random filters
//! and random changes to the games (tests only).

mod games;
mod people;
mod timeline;

use super::{query, Scope, MATCHED};
use crate::{Store, StoreError};

impl Store {
    /// How many finished games the scope matches, counted from the games.
    pub fn reference_plays(&self, scope: &Scope) -> Result<i64, StoreError> {
        let sql = format!("WITH {MATCHED} SELECT count(*) FROM m");
        Ok(query(self, scope, &sql, |r| r.get(0))?.pop().unwrap_or(0))
    }
}

#[cfg(test)]
mod tests {
    use crate::{Scope, StatsGroups, Store};
    use chrono::Datelike;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;
    use rusqlite::{params, Connection};
    use serde_json::Value;

    const IDS: &[&str] = &[
        "nine-estates",
        "the-estates",
        "raise-the-realm",
        "raise-the-realm-live",
        "middle-ages",
        "middle-ages-scorepad",
        "realm-lord",
        "realm-lord-scorepad",
    ];
    const KEYS: &[&str] = &[
        "nine-estates",
        "the-estates",
        "raise-the-realm",
        "middle-ages",
        "realm-lord",
    ];
    const PEOPLE: i64 = 6;
    /// The games counted under another's key, shaped as the service hands them to the store
    /// (`games::stats_groups()`): the store knows no game and counts whatever groups it is given.
    const GROUPS: &[(&str, &str)] = &[
        ("raise-the-realm-live", "raise-the-realm"),
        ("middle-ages-scorepad", "middle-ages"),
        ("realm-lord-scorepad", "realm-lord"),
    ];

    fn stats_groups() -> StatsGroups {
        GROUPS
            .iter()
            .map(|(id, key)| (id.to_string(), key.to_string()))
            .collect()
    }

    /// The games counted as `key`: itself and those grouped under it.
    fn stats_members(key: &str) -> Vec<&'static str> {
        IDS.iter()
            .copied()
            .filter(|id| {
                GROUPS
                    .iter()
                    .find(|(g, _)| g == id)
                    .map_or(*id, |(_, k)| *k)
                    == key
            })
            .collect()
    }

    fn day(rng: &mut ChaCha8Rng) -> Option<String> {
        let start = chrono::NaiveDate::from_ymd_opt(2024, 1, 1).unwrap();
        (rng.random_range(0..20) > 0)
            .then(|| (start + chrono::Days::new(rng.random_range(0..500))).to_string())
    }

    /// Write one finished game straight into the tables, as another writer might.
    fn add_game(conn: &Connection, rng: &mut ChaCha8Rng) {
        let game = IDS[rng.random_range(0..IDS.len())];
        let n: usize = rng.random_range(1..=5);
        conn.execute(
            "INSERT INTO games (game, options, seed, status, started_at, played_on, uuid, players)
             VALUES (?1, 'null', 0, 'finished', '2024-01-01', ?2, lower(hex(randomblob(16))), ?3)",
            params![game, day(rng), n as i64],
        )
        .unwrap();
        let id = conn.last_insert_rowid();
        let mut who: Vec<i64> = (1..=PEOPLE).collect();
        let scores: Vec<i64> = (0..n).map(|_| rng.random_range(0..25)).collect();
        let best = scores.iter().copied().max().unwrap_or(0);
        // One game in five was kept with some of its winners and losers unscored (a BG Stats
        // play logged by its winners): counted for plays and wins, never as a score of 0.
        let unscored = rng.random_range(0..5) == 0;
        for (seat, score) in scores.iter().enumerate() {
            let stored = (!(unscored && rng.random_range(0..2) == 0)).then_some(*score);
            let person = who.swap_remove(rng.random_range(0..who.len()));
            let rank = 1 + scores.iter().filter(|s| *s > score).count() as i64;
            let breakdown = match rng.random_range(0..4) {
                0 => "[]".to_string(),
                1 => format!(r#"[["Gold", {}], ["Wood", {}.5]]"#, score / 2, score % 3),
                2 => format!(r#"[["Wood", 1], ["bad"], ["Gold", {score}]]"#),
                _ => "not json".to_string(),
            };
            let role = ["Sage", "Warden", ""][rng.random_range(0..3)];
            conn.execute(
                "INSERT INTO seats (game_id, seat, person_id) VALUES (?1, ?2, ?3)",
                params![id, seat as i64, person],
            )
            .unwrap();
            conn.execute(
                "INSERT INTO results (game_id, seat, person_id, score, rank, winner, title,
                                      breakdown, role)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                params![
                    id,
                    seat as i64,
                    person,
                    stored,
                    rank,
                    n > 1 && *score == best,
                    (n == 1).then(|| format!("Title {}", score / 10)),
                    breakdown,
                    (!role.is_empty()).then_some(role),
                ],
            )
            .unwrap();
        }
    }

    /// A change another client (or this one) might make to finished games.
    fn change(conn: &Connection, rng: &mut ChaCha8Rng) -> &'static str {
        let pick = "(SELECT id FROM games ORDER BY random() LIMIT 1)";
        match rng.random_range(0..7) {
            0 => {
                add_game(conn, rng);
                "a game added"
            }
            1 => {
                conn.execute(&format!("DELETE FROM games WHERE id = {pick}"), [])
                    .unwrap();
                "a game deleted"
            }
            2 => {
                conn.execute_batch(&format!(
                    "UPDATE results SET score = score + 7, winner = 1 - winner
                     WHERE game_id = {pick} AND seat = 0"
                ))
                .unwrap();
                "a score and its winner changed"
            }
            3 => {
                conn.execute_batch(
                    "CREATE TEMP TABLE IF NOT EXISTS g (id); DELETE FROM g;
                     INSERT INTO g SELECT id FROM games WHERE status = 'finished'
                         ORDER BY random() LIMIT 1;
                     DELETE FROM results WHERE game_id IN (SELECT id FROM g);
                     UPDATE games SET status = 'active', players = 0
                         WHERE id IN (SELECT id FROM g);",
                )
                .unwrap();
                "a finished game undone"
            }
            4 => {
                conn.execute(
                    &format!("UPDATE games SET played_on = ?1 WHERE id = {pick}"),
                    [day(rng)],
                )
                .unwrap();
                "a game's day changed"
            }
            5 => {
                conn.execute_batch(&format!(
                    "UPDATE results SET score = NULL WHERE game_id = {pick} AND seat = 0"
                ))
                .unwrap();
                "a score taken away"
            }
            _ => {
                // One person's results move to another where they never sat together.
                let (keep, gone) = (rng.random_range(1..=PEOPLE), rng.random_range(1..=PEOPLE));
                conn.execute(
                    "UPDATE results SET person_id = ?1 WHERE person_id = ?2 AND game_id NOT IN
                        (SELECT game_id FROM results WHERE person_id = ?1)",
                    params![keep, gone],
                )
                .unwrap();
                "a person's results merged into another's"
            }
        }
    }

    fn scope(rng: &mut ChaCha8Rng) -> Scope {
        let date = |rng: &mut ChaCha8Rng| {
            let start = chrono::NaiveDate::from_ymd_opt(2023, 12, 1).unwrap();
            let d = start + chrono::Days::new(rng.random_range(0..560));
            // Month ends and starts often: the whole-month path.
            match rng.random_range(0..3) {
                0 => d.with_day0(0).unwrap_or(d),
                1 => d
                    .checked_add_months(chrono::Months::new(1))
                    .and_then(|x| x.with_day0(0))
                    .map_or(d, |x| x - chrono::Days::new(1)),
                _ => d,
            }
            .to_string()
        };
        let mut s = Scope::default();
        if rng.random_bool(0.5) {
            let key = KEYS[rng.random_range(0..KEYS.len())];
            s.games = Some(stats_members(key).into_iter().map(String::from).collect());
        }
        if rng.random_bool(0.3) {
            s.person = Some(rng.random_range(1..=PEOPLE));
        }
        if rng.random_bool(0.3) {
            s.players = Some(rng.random_range(1..=5));
        }
        if rng.random_bool(0.4) {
            s.from = Some(date(rng));
        }
        if rng.random_bool(0.4) {
            s.to = Some(date(rng));
        }
        s
    }

    /// Equal, with floating-point figures equal to 1e-9.
    fn same(a: &Value, b: &Value) -> bool {
        match (a, b) {
            (Value::Number(x), Value::Number(y)) => match (x.as_f64(), y.as_f64()) {
                (Some(x), Some(y)) => (x - y).abs() < 1e-9,
                _ => x == y,
            },
            (Value::Array(x), Value::Array(y)) => {
                x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same(x, y))
            }
            (Value::Object(x), Value::Object(y)) => {
                x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
            }
            _ => a == b,
        }
    }

    fn check(store: &Store, scope: &Scope, after: &str) {
        let json = |v: &dyn erased::Json| v.json();
        let pairs: Vec<(&str, Value, Value)> = vec![
            (
                "plays",
                json(&store.stats_plays(scope).unwrap()),
                json(&store.reference_plays(scope).unwrap()),
            ),
            (
                "people",
                json(&store.stats_people(scope).unwrap()),
                json(&store.reference_people(scope).unwrap()),
            ),
            (
                "win rate over time",
                json(&store.stats_win_rate_over_time(scope).unwrap()),
                json(&store.reference_win_rate_over_time(scope).unwrap()),
            ),
        ];
        let mut pairs = pairs;
        if scope.games.is_some() {
            pairs.push((
                "game",
                json(&store.stats_game("g", scope).unwrap()),
                json(&store.reference_game("g", scope).unwrap()),
            ));
        }
        // The whole screen at once: one view, narrowed to each game.
        let keys: Vec<(String, Vec<String>)> = match &scope.games {
            Some(members) => vec![("g".to_string(), members.clone())],
            None => KEYS
                .iter()
                .map(|k| {
                    let members = stats_members(k).into_iter().map(String::from).collect();
                    (k.to_string(), members)
                })
                .collect(),
        };
        let report = store.stats_report(scope, &keys).unwrap();
        pairs.push(("report: plays", json(&report.plays), pairs[0].2.clone()));
        pairs.push(("report: people", json(&report.people), pairs[1].2.clone()));
        let timeline = json(&report.win_rate_over_time);
        pairs.push(("report: win rate over time", timeline, pairs[2].2.clone()));
        for ((key, members), got) in keys.iter().zip(&report.games) {
            let one = Scope {
                games: Some(members.clone()),
                ..scope.clone()
            };
            let want = json(&store.reference_game(key, &one).unwrap());
            pairs.push(("report: a game", json(got), want));
        }
        for (what, got, want) in pairs {
            assert!(
                same(&got, &want),
                "{what} differ after {after} for {scope:?}:\n tallies: {got}\n     SQL: {want}"
            );
        }
    }

    mod erased {
        pub trait Json {
            fn json(&self) -> serde_json::Value;
        }
        impl<T: serde::Serialize> Json for T {
            fn json(&self) -> serde_json::Value {
                serde_json::to_value(self).unwrap()
            }
        }
    }

    /// A new database file in `dir` with [`PEOPLE`] people and no game: the store counting its
    /// statistics, and a plain connection writing its games straight into the tables.
    fn history_of_people(dir: &tempfile::TempDir) -> (Store, Connection) {
        let path = dir.path().join("history.db");
        let mut store = Store::open(&path).unwrap();
        store.set_stats_groups(stats_groups());
        let conn = Connection::open(&path).unwrap();
        conn.execute_batch("PRAGMA foreign_keys = ON").unwrap();
        for p in 1..=PEOPLE {
            conn.execute(
                "INSERT INTO people (id, name, colour, created_at) VALUES (?1, ?2, '#000000', '')",
                params![p, format!("Person {p}")],
            )
            .unwrap();
        }
        (store, conn)
    }

    #[test]
    fn the_tallies_give_the_figures_sql_gives_through_every_kind_of_change() {
        let dir = tempfile::tempdir().unwrap();
        let (mut store, conn) = history_of_people(&dir);
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        for _ in 0..300 {
            add_game(&conn, &mut rng);
        }
        // Everything dirty: counted from nothing.
        for _ in 0..60 {
            check(&store, &scope(&mut rng), "the first count");
        }
        // Each person with days and a player count (their own figures month by month at that
        // count, the biggest margin of the games they won), over every game and over each, where
        // ties of margin and score over many games test which one was reached first.
        for person in 1..=PEOPLE {
            for players in 2..=4 {
                let mut s = Scope {
                    person: Some(person),
                    players: Some(players),
                    from: Some("2023-12-10".into()),
                    to: Some("2025-05-20".into()),
                    games: None,
                };
                check(&store, &s, "the first count");
                s.games = Some(
                    stats_members(KEYS[0])
                        .into_iter()
                        .map(String::from)
                        .collect(),
                );
                check(&store, &s, "the first count");
            }
        }
        for _ in 0..80 {
            let what = change(&conn, &mut rng);
            let dirty: i64 = conn
                .query_row("SELECT count(*) FROM tally_dirty", [], |r| r.get(0))
                .unwrap();
            if what.starts_with("a game") {
                assert!(dirty > 0, "{what} left no game to count again");
            }
            for _ in 0..4 {
                check(&store, &scope(&mut rng), what);
            }
            // A range holding the whole of 2024: its year's cells, records among them, read
            // after every change.
            let mut whole_year = scope(&mut rng);
            whole_year.from = Some("2023-12-10".into());
            whole_year.to = Some("2025-05-20".into());
            check(&store, &whole_year, what);
        }
        // The statistics games changing counts everything again.
        store.set_stats_groups(Default::default());
        let members = Some(vec!["middle-ages".to_string()]);
        let only = Scope {
            games: members,
            ..Scope::default()
        };
        check(&store, &only, "the statistics games changed");
        // Tallies counted by an earlier shape of the cells are counted again: made wrong here,
        // then marked as that shape's.
        conn.execute_batch(&format!(
            "UPDATE tally SET a = a + 7, b = b + 7 WHERE kind = 'score';
             UPDATE tally_meta SET value = replace(value, 'shape {}; ', 'shape {}; ');",
            crate::stats::tally::SHAPE,
            crate::stats::tally::SHAPE - 1
        ))
        .unwrap();
        check(&store, &only, "the cells' shape changed");
    }

    /// Another program may store any text as a day. Every finished game still counts once where
    /// no days are asked for; what such a day decides (its month on the win-rate chart, which
    /// of two equal records came first, whether a range of days holds it) may differ from plain
    /// SQL's reading of the text. Nothing about it breaks a count, a query or the recount of
    /// records after a change: text shaped like the tallies' own keys (ending in `*`, as a
    /// year's or a quarter's do; "", which they take for no day), characters of several bytes.
    #[test]
    fn days_stored_as_odd_text_count_once_and_break_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let (store, conn) = history_of_people(&dir);
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let odd = [
            "abcd€*",
            "2024-*",
            "€€-*",
            "2024-0a*",
            "2024-04*",
            "",
            "2024-13-05",
            "sometime",
        ];
        for day in odd.iter().cycle().take(64) {
            add_game(&conn, &mut rng);
            conn.execute(
                "UPDATE games SET played_on = ?1 WHERE id = (SELECT max(id) FROM games)",
                [day],
            )
            .unwrap();
        }
        for _ in 0..40 {
            add_game(&conn, &mut rng);
        }
        let dated = Scope {
            from: Some("2024-01-01".into()),
            to: Some("2024-12-31".into()),
            ..Scope::default()
        };
        let answers = |after: &str| {
            let finished: i64 = conn
                .query_row(
                    "SELECT count(*) FROM games WHERE status = 'finished' AND players > 0",
                    [],
                    |r| r.get(0),
                )
                .unwrap();
            let plays = store.stats_plays(&Scope::default());
            assert_eq!(plays.ok(), Some(finished), "{after}");
            for scope in [Scope::default(), dated.clone()] {
                let people = store.stats_people(&scope);
                assert!(people.is_ok(), "{after}: {people:?}");
                let report = store.stats_report(&scope, &[]);
                assert!(report.is_ok(), "{after}: {:?}", report.err());
            }
        };
        answers("odd days counted");
        // Each change takes back and finds again the records of those periods too.
        for _ in 0..20 {
            let what = change(&conn, &mut rng);
            answers(what);
        }
    }
}
