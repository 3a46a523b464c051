//! History benchmarks, reported as ratios against a baseline measured in the same run:
//! (a) `stats`: each statistics query over a generated database of 100,000 finished games
//!     (results-only records of every hosted game, 2–5 players from 12 people, five years of
//!     days, each game's scoresheet categories and a role per seat), against a bare
//!     `SELECT count(*)` scan of every result row (target: each under 10 ms);
//! (b) `export` and `import`: the app's own JSON of 10,000 such games written to a file, and
//!     imported into an empty database, against a bare read of the same rows.
//!
//! Each ratio compares medians of paired rounds (the baseline once, then the measure once), so
//! that load which changes within a run weighs on both sides alike. Run:
//! `bash scripts/bench.sh history` (built as the .deb is); the lines are printed and appended
//! to `target/bench-ratios.txt` (replacing earlier `stats:`, `export:` and `import:` lines).

use criterion::Criterion;
use estate_steward::engine::Seat;
use estate_steward::games::{registry, stats_game, stats_members};
use estate_steward::service::Steward;
use estate_steward::store::{Scope, StatsFilter, Store};
use estate_steward_benches::{line, paired, target_dir, timed};
use rand::{Rng, SeedableRng};
use rusqlite::{params, Connection};
use std::path::Path;
use std::time::Duration;

// The allocator the app and the CLI run with (see src/bin/steward/main.rs), so that the figures
// are theirs.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// A game as the generated history holds it, asked of the registry (a game added there is in
/// the bench without an edit here): its id, its player counts, and the categories its own
/// scoresheet records (read from a new table of it).
struct GameSpec {
    id: &'static str,
    lo: usize,
    hi: usize,
    categories: Vec<String>,
}

/// Every registered game. Roles (what a seat played as: a Raise the Realm Leader) come from a
/// game's state, not its descriptor, so every game's results get one of [`ROLES`]: more role
/// figures to count than a real history holds, so the figures err on the slow side.
fn games() -> Vec<GameSpec> {
    registry()
        .iter()
        .map(|kind| {
            let d = kind.descriptor();
            let seats = (0..d.min_players)
                .map(|i| Seat {
                    person_id: i64::from(i) + 1,
                    name: format!("Player {}", i + 1),
                    colour: "#1f77b4".into(),
                })
                .collect();
            let options = kind.prepare_options(None, &[]).expect("default options");
            let categories = kind
                .new_table(&options, seats, 0)
                .map(|t| t.score().categories)
                .unwrap_or_default();
            GameSpec {
                id: d.id,
                lo: usize::from(d.min_players),
                hi: usize::from(d.max_players),
                categories,
            }
        })
        .collect()
}

const ROLES: &[&str] = &["Role 1", "Role 2", "Role 3", "Role 4", "Role 5"];

/// The statistics keys that more than one registered game counts as (a live assistant and its
/// scorepad), in registry order: the one-game queries ask for these, as Statistics does.
fn shared_keys() -> Vec<String> {
    let mut keys: Vec<String> = Vec::new();
    for kind in registry() {
        let key = stats_game(kind.descriptor().id);
        if stats_members(key).len() > 1 && !keys.iter().any(|k| k == key) {
            keys.push(key.to_string());
        }
    }
    keys
}

/// A scope narrowed to the games counted as `key`.
fn one_game(key: &str, scope: &Scope) -> Scope {
    Scope {
        games: Some(stats_members(key).iter().map(|id| id.to_string()).collect()),
        ..scope.clone()
    }
}

const PEOPLE: usize = 12;

/// Use a value, so that the work making it is not optimised away.
fn keep<T>(value: T) {
    std::hint::black_box(value);
}

/// A database of `n` finished games written straight into the store's tables (through a
/// file the store created and upgraded), in one transaction.
fn generate(path: &Path, n: usize, seed: u64) {
    drop(Store::open(path).expect("create"));
    let mut conn = Connection::open(path).expect("open");
    let tx = conn.transaction().expect("tx");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    for p in 0..PEOPLE {
        tx.execute(
            "INSERT INTO people (id, name, colour, created_at, uuid) VALUES (?1, ?2, '#1f77b4', '2020-01-01T00:00:00Z', ?3)",
            params![p as i64 + 1, format!("Player {}", p + 1), uuid::Uuid::new_v4().to_string()],
        )
        .expect("person");
    }
    let start = chrono::NaiveDate::from_ymd_opt(2020, 1, 1).expect("day");
    let games = games();
    for spec in &games {
        eprintln!(
            "{}: {}–{} players, categories {:?}",
            spec.id, spec.lo, spec.hi, spec.categories
        );
    }
    for g in 0..n {
        let spec = &games[rng.random_range(0..games.len())];
        let game = spec.id;
        let players: usize = rng.random_range(spec.lo..=spec.hi);
        let day = start + chrono::Days::new(rng.random_range(0..1826));
        let id = g as i64 + 1;
        tx.prepare_cached(
            "INSERT INTO games (id, game, options, seed, status, started_at, finished_at, played_on, results_only, uuid, players)
             VALUES (?1, ?2, 'null', 0, 'finished', ?3, ?3, ?4, 1, ?5, ?6)",
        )
        .expect("prepare")
        .execute(params![id, game, format!("{day}T20:00:00.000Z"), day.to_string(), uuid::Uuid::new_v4().to_string(), players as i64])
        .expect("game");
        let mut who: Vec<i64> = (1..=PEOPLE as i64).collect();
        let scores: Vec<i32> = (0..players).map(|_| rng.random_range(0..120)).collect();
        let best = scores.iter().copied().max().unwrap_or(0);
        for seat in 0..players {
            let person = who.swap_remove(rng.random_range(0..who.len()));
            let breakdown: Vec<(&str, i32)> = spec
                .categories
                .iter()
                .map(|c| (c.as_str(), rng.random_range(0..30)))
                .collect();
            let role = ROLES[rng.random_range(0..ROLES.len())];
            let rank = 1 + scores.iter().filter(|&&s| s > scores[seat]).count();
            tx.prepare_cached("INSERT INTO seats (game_id, seat, person_id) VALUES (?1, ?2, ?3)")
                .expect("prepare")
                .execute(params![id, seat as i64, person])
                .expect("seat");
            tx.prepare_cached(
                "INSERT INTO results (game_id, seat, person_id, score, rank, winner, title, breakdown, role)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
            )
            .expect("prepare")
            .execute(params![
                id,
                seat as i64,
                person,
                scores[seat],
                rank as i64,
                players > 1 && scores[seat] == best,
                (players == 1).then(|| format!("Title {}", scores[seat] / 30)),
                serde_json::to_string(&breakdown).expect("json"),
                role
            ])
            .expect("result");
        }
    }
    tx.commit().expect("commit");
    conn.execute_batch("ANALYZE").expect("analyze");
}

fn bare_count(store: &Connection) -> Duration {
    timed(|| {
        let n: i64 = store
            .query_row("SELECT count(*) FROM results WHERE score >= 0", [], |r| {
                r.get(0)
            })
            .expect("count");
        std::hint::black_box(n);
    })
}

fn bare_read(conn: &Connection) -> Duration {
    timed(|| {
        let mut rows = 0usize;
        for table in ["people", "games", "seats", "results"] {
            let mut stmt = conn
                .prepare(&format!("SELECT * FROM {table}"))
                .expect("prepare");
            let width = stmt.column_count();
            let mut q = stmt.query([]).expect("query");
            while let Some(r) = q.next().expect("row") {
                for i in 0..width {
                    std::hint::black_box(r.get_ref(i).expect("value"));
                }
                rows += 1;
            }
        }
        std::hint::black_box(rows);
    })
}

/// The statistics queries, each alone: (name, the query).
type Query<'a> = (&'a str, Box<dyn Fn() + 'a>);

fn queries<'a>(store: &'a Store, steward: &'a Steward) -> Vec<Query<'a>> {
    let all = Scope::default();
    // The second game of two tables (today Middle Ages), as before the list came from the
    // registry; the first is the one-person queries' (`filtered_queries`).
    let keys = shared_keys();
    let key = keys
        .get(1)
        .or(keys.first())
        .cloned()
        .expect("a game of two tables");
    let one_game = one_game(&key, &Scope::default());
    let one_game_name: &'a str = Box::leak(format!("one game ({key})").into_boxed_str());
    let q = |f: Box<dyn Fn() + 'a>| f;
    let mut out = vec![
        (
            "plays",
            q(Box::new(move || {
                keep(store.stats_plays(&all).expect("plays"))
            })),
        ),
        (
            "people (totals, streaks, head-to-head)",
            q(Box::new({
                let all = Scope::default();
                move || keep(store.stats_people(&all).expect("people"))
            })),
        ),
        (
            "streaks",
            q(Box::new({
                let all = Scope::default();
                move || keep(store.stats_streaks(&all).expect("streaks"))
            })),
        ),
        (
            "head-to-head",
            q(Box::new({
                let all = Scope::default();
                move || keep(store.stats_head_to_head(&all).expect("h2h"))
            })),
        ),
        (
            "win rate over time",
            q(Box::new({
                let all = Scope::default();
                move || keep(store.stats_win_rate_over_time(&all).expect("timeline"))
            })),
        ),
        (
            one_game_name,
            q(Box::new({
                let s = one_game.clone();
                move || keep(store.stats_game(&key, &s).expect("game"))
            })),
        ),
        (
            "everything (steward stats)",
            q(Box::new(move || {
                keep(steward.stats(&StatsFilter::default()).expect("stats"))
            })),
        ),
    ];
    out.extend(filtered_queries(store, steward));
    out
}

/// The queries with a person, days or a player count.
fn filtered_queries<'a>(store: &'a Store, steward: &'a Steward) -> Vec<Query<'a>> {
    let key: &'a str = Box::leak(
        shared_keys()
            .into_iter()
            .next()
            .expect("a game of two tables")
            .into_boxed_str(),
    );
    let person = Scope {
        person: Some(3),
        ..Scope::default()
    };
    let four = Scope {
        players: Some(4),
        from: Some("2022-01-01".into()),
        to: Some("2022-12-31".into()),
        ..Scope::default()
    };
    let q = |f: Box<dyn Fn() + 'a>| f;
    let mut out: Vec<Query<'a>> = vec![
        (
            "one person, all figures",
            q(Box::new({
                let s = person.clone();
                move || {
                    keep(store.stats_people(&s).expect("people"));
                    keep(store.stats_game(key, &one_game(key, &s)).expect("game"));
                }
            })),
        ),
        (
            "one person in 2022, all figures",
            q(Box::new({
                let s = Scope {
                    from: Some("2022-01-01".into()),
                    to: Some("2022-12-31".into()),
                    ..person.clone()
                };
                move || {
                    keep(store.stats_people(&s).expect("people"));
                    keep(store.stats_game(key, &one_game(key, &s)).expect("game"));
                }
            })),
        ),
        (
            "one person, 4-player games in 2022, all figures",
            q(Box::new({
                let s = Scope {
                    players: Some(4),
                    from: Some("2022-01-01".into()),
                    to: Some("2022-12-31".into()),
                    ..person.clone()
                };
                move || {
                    keep(store.stats_people(&s).expect("people"));
                    keep(store.stats_game(key, &one_game(key, &s)).expect("game"));
                }
            })),
        ),
        (
            "4 players in 2022",
            q(Box::new(move || {
                keep(store.stats_people(&four).expect("people"))
            })),
        ),
    ];
    // Everything the Statistics screen shows for person 3 over days (with a player count or
    // not): `steward stats` with those filters.
    let everything = |name: &'static str, players: Option<u8>, from: &str, to: &str| -> Query<'a> {
        let filter = StatsFilter {
            person: Some(3),
            players,
            from: Some(from.into()),
            to: Some(to.into()),
            ..StatsFilter::default()
        };
        (
            name,
            q(Box::new(move || {
                keep(steward.stats(&filter).expect("stats"))
            })),
        )
    };
    out.extend([
        everything(
            "everything for one person in 2022",
            None,
            "2022-01-01",
            "2022-12-31",
        ),
        everything(
            "everything for one person, 2021-03-15 to 2023-06-20",
            None,
            "2021-03-15",
            "2023-06-20",
        ),
        // The most days a range can leave outside its whole half-months: 14 at each end,
        // counted from the games (the line above leaves 1 and 5).
        everything(
            "everything for one person, 2021-03-02 to 2023-06-29 (14 days at each end)",
            None,
            "2021-03-02",
            "2023-06-29",
        ),
        everything(
            "everything for one person, 4-player games in 2022",
            Some(4),
            "2022-01-01",
            "2022-12-31",
        ),
        everything(
            "everything for one person, 4-player games, 2021-03-15 to 2023-06-20",
            Some(4),
            "2021-03-15",
            "2023-06-20",
        ),
    ]);
    out
}

fn stats_lines(c: &mut Criterion, path: &Path) -> String {
    let mut store = Store::open(path).expect("store");
    store.set_stats_groups(estate_steward::games::stats_groups());
    let bare = Connection::open(path).expect("bare");
    let before = std::fs::metadata(path).map_or(0, |m| m.len()) as f64 / 1e6;
    eprintln!("the database before its tallies: {before:.1} MB");
    // The generated games went straight into the tables: the first query counts them all.
    let first = paired(
        1,
        || bare_count(&bare),
        || timed(|| keep(store.stats_plays(&Scope::default()).expect("first count"))),
    );
    let size = || {
        bare.execute_batch("PRAGMA wal_checkpoint(TRUNCATE)")
            .expect("checkpoint");
        std::fs::metadata(path).map_or(0, |m| m.len()) as f64 / 1e6
    };
    let tallies: i64 = bare
        .query_row("SELECT count(*) FROM tally", [], |r| r.get(0))
        .expect("tally rows");
    eprintln!(
        "the database with its tallies: {:.1} MB, {tallies} tally rows",
        size()
    );
    let mut report = line(
        "stats",
        "first query, counting 100,000 games into the tallies",
        first,
        "bare count of every result",
        "reported",
    );
    let steward = Steward::open(path).expect("steward");
    for (name, query) in queries(&store, &steward) {
        c.bench_function(&format!("stats {name}"), |b| {
            b.iter_custom(|iters| (0..iters).map(|_| timed(&query)).sum())
        });
        let r = paired(5, || bare_count(&bare), || timed(&query));
        report += &line(
            "stats",
            &format!("{name} over 100,000 games"),
            r,
            "bare count of every result",
            "target < 10 ms",
        );
    }
    // A game changed by another client (a result corrected): the next query takes its old
    // cells back and adds the new ones first.
    let mut round = 0;
    let changed = paired(
        5,
        || bare_count(&bare),
        || {
            round += 1;
            bare.execute(
                "UPDATE results SET score = score + 1 WHERE game_id = ?1 AND seat = 0",
                [round * 1000],
            )
            .expect("change");
            timed(|| keep(store.stats_plays(&Scope::default()).expect("plays")))
        },
    );
    report += &line(
        "stats",
        "plays after one game changed (its tallies counted again first)",
        changed,
        "bare count of every result",
        "reported",
    );
    report
}

fn transfer_lines(dir: &Path) -> String {
    let source = dir.join("export-10k.sqlite3");
    generate(&source, 10_000, 11);
    let steward = Steward::open(&source).expect("open");
    let bare = Connection::open(&source).expect("bare");
    let file = dir.join("export-10k.json");
    let export = paired(
        5,
        || bare_read(&bare),
        // Over the last round's file: the bench says --force, as the window's dialog does.
        || {
            timed(|| {
                keep(
                    steward
                        .export_with("json", &file, true, &mut |_, _, _| {})
                        .expect("export"),
                )
            })
        },
    );
    let mut round = 0;
    let import = paired(
        5,
        || bare_read(&bare),
        || {
            round += 1;
            let target = dir.join(format!("import-{round}.sqlite3"));
            let mut empty = Steward::open(&target).expect("empty");
            timed(|| keep(empty.import(&file).expect("import")))
        },
    );
    // The goal of History's statistics after our own import: answered within 100 ms, no first
    // count left behind (the import counts its games in its own transaction).
    let stats_after = paired(
        5,
        || bare_read(&bare),
        || {
            round += 1;
            let target = dir.join(format!("import-{round}.sqlite3"));
            let mut empty = Steward::open(&target).expect("empty");
            keep(empty.import(&file).expect("import"));
            timed(|| keep(empty.stats(&StatsFilter::default()).expect("stats")))
        },
    );
    let read = "bare read of the same rows";
    line(
        "stats",
        "everything, the first query right after importing 10,000 games",
        stats_after,
        read,
        "goal: under 100 ms",
    ) + &line(
        "export",
        "JSON of 10,000 games to a file",
        export,
        read,
        "reported",
    ) + &line(
        "import",
        "JSON of 10,000 games into an empty database",
        import,
        read,
        "reported",
    )
}

/// Append the lines, replacing earlier lines of the same measures.
fn append(report: &str) {
    let path = format!("{}/bench-ratios.txt", target_dir());
    let kept: String = std::fs::read_to_string(&path)
        .unwrap_or_default()
        .lines()
        .filter(|l| {
            !["stats:", "export:", "import:"]
                .iter()
                .any(|p| l.starts_with(p))
        })
        .map(|l| format!("{l}\n"))
        .collect();
    let _ = std::fs::write(&path, kept + report);
}

fn main() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("stats-100k.sqlite3");
    let made = timed(|| generate(&path, 100_000, 7));
    eprintln!("generated 100,000 games in {:.1} s", made.as_secs_f64());
    // Some queries take seconds at this size: ten samples each.
    let mut c = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(1))
        .configure_from_args();
    let mut report = stats_lines(&mut c, &path);
    c.final_summary();
    report += &transfer_lines(dir.path());
    print!("{report}");
    append(&report);
}
