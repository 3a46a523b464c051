//! The first count of many games never keeps a write waiting: it counts from a snapshot and
//! writes its cells in short steps (`store::stats::counting`). Here with real files and a real
//! second process: an action saved while `steward stats` counts 20,000 games that another
//! program wrote; the figures stay right when games change during a count; a count that died
//! (its marker left behind) is taken over, and a live one is waited for.

use estate_steward::service::{Stats, Steward};
use estate_steward::store::{StatsFilter, Store};
use rand::{Rng, SeedableRng};
use rusqlite::{params, Connection};
use serde_json::json;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const GAMES: [(&str, usize, usize); 4] = [
    ("middle-ages", 2, 5),
    ("the-estates", 2, 5),
    ("realm-lord", 2, 6),
    ("raise-the-realm", 1, 5),
];

/// `n` finished games of six people written straight into the tables in one transaction, as
/// another program (or an older version's import) would: every one waits to be counted.
fn write_games(path: &Path, n: usize, seed: u64) {
    drop(Store::open(path).expect("create"));
    let mut conn = Connection::open(path).expect("open");
    let tx = conn.transaction().expect("tx");
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    for p in 1..=6i64 {
        tx.execute(
            "INSERT OR IGNORE INTO people (id, name, colour, created_at, uuid)
             VALUES (?1, ?2, '#1f77b4', '2020-01-01T00:00:00Z', ?3)",
            params![p, format!("Player {p}"), uuid::Uuid::new_v4().to_string()],
        )
        .expect("person");
    }
    let first: i64 = tx
        .query_row("SELECT coalesce(max(id), 0) + 1000 FROM games", [], |r| {
            r.get(0)
        })
        .expect("ids");
    for g in 0..n {
        let (game, lo, hi) = GAMES[rng.random_range(0..GAMES.len())];
        let players = rng.random_range(lo..=hi);
        let day = format!(
            "202{}-{:02}-{:02}",
            rng.random_range(0..5),
            rng.random_range(1..=12),
            rng.random_range(1..=28)
        );
        let id = first + g as i64;
        tx.prepare_cached(
            "INSERT INTO games (id, game, options, seed, status, started_at, finished_at,
                                played_on, results_only, uuid, players)
             VALUES (?1, ?2, 'null', 0, 'finished', ?3, ?3, ?4, 1, ?5, ?6)",
        )
        .expect("prepare")
        .execute(params![
            id,
            game,
            format!("{day}T20:00:00.000Z"),
            day,
            uuid::Uuid::new_v4().to_string(),
            players as i64
        ])
        .expect("game");
        let scores: Vec<i64> = (0..players).map(|_| rng.random_range(0..120)).collect();
        let best = scores.iter().copied().max().unwrap_or(0);
        for (seat, score) in scores.iter().enumerate() {
            let person = seat as i64 + 1;
            let rank = 1 + scores.iter().filter(|&&s| s > *score).count() as i64;
            tx.prepare_cached("INSERT INTO seats (game_id, seat, person_id) VALUES (?1, ?2, ?3)")
                .expect("prepare")
                .execute(params![id, seat as i64, person])
                .expect("seat");
            tx.prepare_cached(
                "INSERT INTO results (game_id, seat, person_id, score, rank, winner, title,
                                      breakdown, role)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, NULL, '[]', NULL)",
            )
            .expect("prepare")
            .execute(params![
                id,
                seat as i64,
                person,
                score,
                rank,
                players > 1 && *score == best
            ])
            .expect("result");
        }
    }
    tx.commit().expect("commit");
}

/// The same figures (fractions to 1e-9), or the first places where they differ (the whole
/// figures run to pages).
fn assert_same(counted: &Stats, expected: &Stats) {
    fn diffs(a: &serde_json::Value, b: &serde_json::Value, at: String, out: &mut Vec<String>) {
        use serde_json::Value::{Array, Object};
        match (a, b) {
            (Object(x), Object(y)) => {
                for (k, v) in x {
                    diffs(
                        v,
                        y.get(k).unwrap_or(&serde_json::Value::Null),
                        format!("{at}.{k}"),
                        out,
                    );
                }
            }
            (Array(x), Array(y)) if x.len() == y.len() => {
                for (i, (v, w)) in x.iter().zip(y).enumerate() {
                    diffs(v, w, format!("{at}[{i}]"), out);
                }
            }
            // A sum of 1/n added in another order (a change taken back and added again).
            (serde_json::Value::Number(x), serde_json::Value::Number(y))
                if (x.as_f64().unwrap_or(f64::NAN) - y.as_f64().unwrap_or(f64::NAN)).abs()
                    < 1e-9 => {}
            _ if a != b => out.push(format!("{at}: {a} where a count from nothing has {b}")),
            _ => {}
        }
    }
    let mut out = Vec::new();
    let json = |s: &Stats| serde_json::to_value(s).expect("json");
    diffs(&json(counted), &json(expected), String::new(), &mut out);
    assert!(out.is_empty(), "{:#?}", &out[..out.len().min(12)]);
}

fn everything(s: &Steward) -> Stats {
    s.stats(&StatsFilter::default())
        .unwrap_or_else(|e| panic!("{e}"))
}

/// The figures of `path` counted again from nothing, on a copy (the tallies forgotten).
fn counted_from_nothing(path: &Path, dir: &Path) -> Stats {
    let copy = dir.join("from-nothing.sqlite3");
    let conn = Connection::open(path).expect("open");
    conn.execute("VACUUM INTO ?1", [copy.to_str().expect("utf-8")])
        .expect("copy");
    let conn = Connection::open(&copy).expect("open copy");
    conn.execute("DELETE FROM tally_meta WHERE key = 'groups'", [])
        .expect("forget");
    drop(conn);
    everything(&Steward::open(&copy).expect("open"))
}

/// A Nine Estates game to act in: deal, then undo the deal, over and over.
fn table(s: &mut Steward) -> i64 {
    let ana = s.add_person("Ana", "#1f77b4").expect("person").id;
    s.start_game("nine-estates", &[ana], None, Some(5))
        .expect("start")
        .game_id
}

const DEAL: &str = r#"{"type":"Deal","deal":{"kind":"Shuffle"}}"#;

/// One saved action and its undo, each timed.
fn act_and_undo(s: &mut Steward, id: i64) -> [Duration; 2] {
    let deal: serde_json::Value = serde_json::from_str(DEAL).expect("json");
    let t = Instant::now();
    s.act(id, &deal).unwrap_or_else(|e| panic!("{e}"));
    let acted = t.elapsed();
    let t = Instant::now();
    s.undo(id).unwrap_or_else(|e| panic!("{e}"));
    [acted, t.elapsed()]
}

#[test]
fn an_action_saved_while_another_process_counts_20000_games_waits_under_100_ms() {
    let _alone = crate::common::machine();
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("games.sqlite3");
    write_games(&db, 20_000, 1);
    let mut s = Steward::open(&db).expect("open");
    let id = table(&mut s);
    // The same action with nothing else running: what it costs on this machine now.
    let alone = (0..5)
        .flat_map(|_| act_and_undo(&mut s, id))
        .max()
        .expect("timed");
    let mut count = Command::new(env!("CARGO_BIN_EXE_steward"))
        .args(["--db", db.to_str().expect("utf-8"), "stats"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("steward stats");
    let mut during = Vec::new();
    let t0 = Instant::now();
    while count.try_wait().expect("wait").is_none() {
        let at = t0.elapsed();
        let two = act_and_undo(&mut s, id);
        if two.iter().any(|d| *d > Duration::from_millis(50)) {
            eprintln!("slow at {at:?}: {two:?}");
        }
        during.extend(two);
    }
    eprintln!("count took {:?}", t0.elapsed());
    let out = count.wait_with_output().expect("output");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("20,000") || stdout.contains("20000"),
        "{stdout}"
    );
    // Enough actions to have met every phase of the count (it takes seconds).
    assert!(
        during.len() >= 20,
        "only {} actions during the count",
        during.len()
    );
    let worst = during.iter().max().copied().unwrap_or_default();
    let waited = worst.saturating_sub(alone);
    eprintln!(
        "{} actions saved during the count; the slowest {worst:?}, alone {alone:?}",
        during.len()
    );
    assert!(
        waited < Duration::from_millis(100),
        "an action waited {waited:?} for the count (slowest {worst:?}, alone {alone:?})"
    );
    // The count saw every game: the figures are those of a count from nothing.
    assert_same(&everything(&s), &counted_from_nothing(&db, dir.path()));
}

/// What another client does at one moment of a count.
fn meanwhile(db: &Path, step: usize) {
    let conn = Connection::open(db).expect("open");
    conn.busy_timeout(Duration::from_secs(5)).expect("busy");
    let some = |sql: &str| -> i64 { conn.query_row(sql, [], |r| r.get(0)).expect(sql) };
    match step {
        // While the snapshot is counted: a game's score changes, another is deleted, three
        // are added.
        0 => {
            let one = some("SELECT min(id) FROM games");
            conn.execute(
                "UPDATE results SET score = score + 50 WHERE game_id = ?1 AND seat = 0",
                [one],
            )
            .expect("score");
            let other = some("SELECT max(id) FROM games");
            conn.execute("DELETE FROM games WHERE id = ?1", [other])
                .expect("delete");
            drop(conn);
            write_games(db, 3, 7);
        }
        // While the cells are written: a game changes its day, and more are added.
        _ => {
            let any = some("SELECT min(id) FROM games WHERE status = 'finished'");
            conn.execute(
                "UPDATE games SET played_on = '2019-06-30' WHERE id = ?1",
                [any],
            )
            .expect("day");
            drop(conn);
            write_games(db, 2, 8 + step as u64);
        }
    }
}

#[test]
fn games_that_change_during_a_count_are_counted_as_they_end_up() {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("games.sqlite3");
    write_games(&db, 3_000, 2);
    let s = Steward::open(&db).expect("open");
    let mut calls = 0;
    let mut writing = false;
    s.count_stats(&mut |done, total| {
        // The first call is in the snapshot's count, the ones past half in the writing.
        if calls == 0 || (!writing && done * 2 > total) {
            writing = calls > 0;
            meanwhile(&db, calls);
        }
        calls += 1;
    })
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(writing, "the count was never seen writing ({calls} calls)");
    let counted = everything(&s);
    assert_same(&counted, &counted_from_nothing(&db, dir.path()));
    assert_eq!(counted.plays, 3_000 - 1 + 3 + 2);
}

#[test]
fn a_count_that_died_is_taken_over_and_a_live_one_is_waited_for() {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("games.sqlite3");
    write_games(&db, 500, 3);
    let conn = Connection::open(&db).expect("open");
    // A count killed mid-way: its marker's heartbeat is long past.
    conn.execute(
        "INSERT INTO tally_meta (key, value) VALUES ('counting', 'dead 1000')",
        [],
    )
    .expect("marker");
    let s = Steward::open(&db).expect("open");
    assert_eq!(everything(&s).plays, 500);
    let marker: Option<String> = conn
        .query_row(
            "SELECT value FROM tally_meta WHERE key = 'counting'",
            [],
            |r| r.get(0),
        )
        .ok();
    assert_eq!(marker, None, "the count leaves no marker behind");
    // A live count elsewhere (a fresh heartbeat): this client waits for it, and is told so.
    write_games(&db, 200, 4);
    let now = chrono::Utc::now().timestamp_millis();
    conn.execute(
        "INSERT INTO tally_meta (key, value) VALUES ('counting', ?1)",
        [format!("alive {now}")],
    )
    .expect("marker");
    let path = db.clone();
    let other = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(400));
        let conn = Connection::open(&path).expect("open");
        conn.execute("DELETE FROM tally_meta WHERE key = 'counting'", [])
            .expect("done");
    });
    let mut waited = 0;
    let started = Instant::now();
    s.count_stats(&mut |done, total| {
        if (done, total) == (0, 0) {
            waited += 1;
        }
    })
    .unwrap_or_else(|e| panic!("{e}"));
    other.join().expect("other");
    assert!(waited > 0, "never told it waited");
    assert!(started.elapsed() >= Duration::from_millis(400));
    assert_eq!(everything(&s).plays, 700);
}

#[test]
fn our_own_import_leaves_no_first_count_behind() {
    let dir = tempfile::tempdir().expect("dir");
    let source = dir.path().join("source.sqlite3");
    write_games(&source, 1_000, 5);
    let export = dir.path().join("export.json");
    Steward::open(&source)
        .expect("open")
        .export("json", &export)
        .unwrap_or_else(|e| panic!("{e}"));
    let db = dir.path().join("games.sqlite3");
    let mut s = Steward::open(&db).expect("open");
    s.import(&export).unwrap_or_else(|e| panic!("{e}"));
    let conn = Connection::open(&db).expect("open");
    let waiting: i64 = conn
        .query_row("SELECT count(*) FROM tally_dirty", [], |r| r.get(0))
        .expect("dirty");
    assert_eq!(waiting, 0, "the import left games to count");
    let mut told = 0;
    s.count_stats(&mut |_, _| told += 1)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(told, 0, "a count ran after the import");
    assert_eq!(
        serde_json::to_value(everything(&s).plays).expect("json"),
        json!(1000)
    );
}

#[test]
fn a_count_killed_while_it_writes_is_counted_again_and_loses_nothing() {
    let dir = tempfile::tempdir().expect("dir");
    let db = dir.path().join("games.sqlite3");
    write_games(&db, 5_000, 6);
    let mut s = Steward::open(&db).expect("open");
    let id = table(&mut s);
    let mut count = Command::new(env!("CARGO_BIN_EXE_steward"))
        .args(["--db", db.to_str().expect("utf-8"), "stats"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("steward stats");
    // Kill it (SIGKILL) once it is writing its cells: its marker up, part of the table written.
    let look = Connection::open(&db).expect("open");
    let writing = || -> bool {
        let marker: i64 = look
            .query_row(
                "SELECT count(*) FROM tally_meta WHERE key = 'counting'",
                [],
                |r| r.get(0),
            )
            .unwrap_or(0);
        let cells: i64 = look
            .query_row("SELECT count(*) FROM tally", [], |r| r.get(0))
            .unwrap_or(0);
        marker == 1 && cells > 2_000
    };
    let started = Instant::now();
    let mut acted = 0;
    while !writing() {
        assert!(
            count.try_wait().expect("wait").is_none(),
            "the count ended before it was seen writing"
        );
        assert!(
            started.elapsed() < Duration::from_secs(120),
            "never seen writing"
        );
        // Actions saved meanwhile are acknowledged, and must be there after the kill.
        act_and_undo(&mut s, id);
        acted += 2;
    }
    // One more, acknowledged just before the kill.
    let deal: serde_json::Value = serde_json::from_str(DEAL).expect("json");
    s.act(id, &deal).unwrap_or_else(|e| panic!("{e}"));
    count.kill().expect("kill");
    let _ = count.wait();
    let check: String = look
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .expect("check");
    assert_eq!(check, "ok");
    // The dead count's marker is taken over once stale, and everything counted again.
    let fresh = Steward::open(&db).expect("open");
    assert_same(&everything(&fresh), &counted_from_nothing(&db, dir.path()));
    assert_eq!(everything(&fresh).plays, 5_000);
    let log = s
        .history(None)
        .expect("history")
        .into_iter()
        .find(|g| g.id == id)
        .map(|g| g.actions);
    eprintln!("{acted} actions saved during the count before the kill");
    assert_eq!(
        log,
        Some(1),
        "the action acknowledged before the kill is there"
    );
}
