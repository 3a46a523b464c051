//! Benchmarks, reported as ratios against a baseline measured in the same run:
//! (a) `append`: a durable action append (the store alone) against a bare single-row SQLite
//!     insert-and-commit with the same pragmas (WAL, synchronous=FULL) on the same disk;
//! (b) `act`: a whole action as the app makes it — decide, apply, commit and the view the app
//!     receives (its log paged) — at log lengths 100 and 10,000, against the same bare insert;
//! (c) `resume`: opening the file and showing a game of 10,000 logged actions as the app does,
//!     against opening the same file and counting its events (target: under 5 ms);
//! (d) `allowed`: the Raise the Realm tracker's legal actions mid-game (it probes every known
//!     card), against the same bare insert.
//!
//! Run: `cargo bench --bench store`. The ratios are printed at the end and written to
//! `target/bench-ratios.txt`, one line per measure beginning with its name.

use criterion::{criterion_group, Criterion};
use estate_steward::engine::StoredEntry;
use estate_steward::games::find_game;
use estate_steward::service::{Steward, APP_LOG_PAGE};
use estate_steward::store::{Append, Store};
use rand::{Rng, SeedableRng};
use rusqlite::Connection;
use serde_json::{json, Value};
use std::path::Path;
use std::time::{Duration, Instant};

fn bare_connection(path: &Path) -> Connection {
    let conn = Connection::open(path).expect("open");
    conn.pragma_update(None, "journal_mode", "WAL")
        .expect("wal");
    conn.pragma_update(None, "synchronous", "FULL")
        .expect("sync");
    conn.execute_batch(
        "CREATE TABLE IF NOT EXISTS bare (id INTEGER PRIMARY KEY, body TEXT NOT NULL)",
    )
    .expect("table");
    conn
}

const BODY: &str = r#"{"type":"Pass"}"#;

fn bare(c: &mut Criterion, dir: &Path) {
    let mut conn = bare_connection(&dir.join("bare.sqlite3"));
    let mut group = c.benchmark_group("bare");
    group.measurement_time(Duration::from_secs(8));
    group.bench_function("insert_commit", |b| {
        b.iter(|| {
            let tx = conn.transaction().expect("tx");
            tx.execute("INSERT INTO bare (body) VALUES (?1)", [BODY])
                .expect("insert");
            tx.commit().expect("commit");
        })
    });
    group.finish();
}

fn append(c: &mut Criterion, dir: &Path) {
    let path = dir.join("steward.sqlite3");
    let mut steward = Steward::open(&path).expect("open");
    let ana = steward.add_person("Ana", "#1f77b4").expect("person");
    let id = steward
        .start_game("nine-estates", &[ana.id], None, Some(1))
        .expect("start")
        .game_id;
    drop(steward);
    let mut store = Store::open(&path).expect("store");
    let entry = StoredEntry {
        action: BODY.to_string(),
        events: r#"[{"type":"Passed"},{"type":"TurnEnded"}]"#.to_string(),
        summary: "Era 1, round 1: passed".to_string(),
    };
    let snapshot = "x".repeat(4000);
    let mut seq = 0usize;
    let mut version = store.version(id).expect("version");
    let mut group = c.benchmark_group("append");
    group.measurement_time(Duration::from_secs(8));
    group.bench_function("durable_action_append", |b| {
        b.iter(|| {
            seq += 1;
            // A snapshot rides along every 100 actions, as in play.
            let snap = seq.is_multiple_of(100).then_some(snapshot.as_str());
            version = store
                .append(Append {
                    game_id: id,
                    version,
                    seq,
                    entry: &entry,
                    had_redo: false,
                    snapshot: snap,
                    finished: None,
                    learned: None,
                })
                .expect("append");
        })
    });
    group.finish();
}

/// A Nine Estates game of `n` actions (a deal, then passes and end-of-round choices: the
/// longest game the rules allow) in a new file.
fn long_game(path: &Path, n: usize) -> i64 {
    let mut steward = Steward::open(path).expect("open");
    steward.set_log_page(APP_LOG_PAGE);
    let ana = steward.add_person("Ana", "#1f77b4").expect("person");
    let id = steward
        .start_game("nine-estates", &[ana.id], None, Some(7))
        .expect("start")
        .game_id;
    steward
        .act(id, &json!({"type": "Deal", "deal": {"kind": "Shuffle"}}))
        .expect("deal");
    for _ in 1..n {
        let action = next_pass(&mut steward, id);
        steward.act(id, &action).expect("act");
    }
    id
}

fn next_pass(steward: &mut Steward, id: i64) -> Value {
    let view = steward.view(id, None).expect("view");
    view.allowed
        .iter()
        .find(|a| a.group == "pass" || a.group == "round")
        .map(|a| a.action.clone())
        .expect("a pass or a round choice")
}

/// The app's whole action on a game whose log starts at `n` (it grows by the actions timed:
/// a few thousand at most, and the view the app receives is paged, so its cost does not grow).
fn act_at(c: &mut Criterion, dir: &Path, n: usize, name: &str) -> (std::path::PathBuf, i64) {
    let path = dir.join(format!("act-{n}.sqlite3"));
    let id = long_game(&path, n);
    let mut steward = Steward::open(&path).expect("open");
    steward.set_log_page(APP_LOG_PAGE);
    let mut group = c.benchmark_group("act");
    group.measurement_time(Duration::from_secs(8));
    group.bench_function(name, |b| {
        b.iter_custom(|iters| {
            let mut spent = Duration::ZERO;
            for _ in 0..iters {
                let action = next_pass(&mut steward, id);
                let started = Instant::now();
                let view = steward.act(id, &action).expect("act");
                spent += started.elapsed();
                std::hint::black_box(view);
            }
            spent
        })
    });
    group.finish();
    (path, id)
}

/// Resume the game the `act` bench played on (10,000 actions and those it added).
fn resume(c: &mut Criterion, path: &Path, id: i64) {
    let mut group = c.benchmark_group("resume");
    group.bench_function("open_and_count_10k", |b| {
        b.iter(|| {
            let store = Store::open(path).expect("open");
            drop(store);
            let conn = Connection::open(path).expect("conn");
            let n: i64 = conn
                .query_row("SELECT count(*) FROM events WHERE undone = 0", [], |r| {
                    r.get(0)
                })
                .expect("count");
            assert!(n >= 10_000);
        })
    });
    group.bench_function("resume_game_10k", |b| {
        b.iter(|| {
            let mut steward = Steward::open(path).expect("open");
            steward.set_log_page(APP_LOG_PAGE);
            let view = steward.view(id, None).expect("view");
            assert!(view.log_len() >= 10_000);
        })
    });
    group.finish();
}

/// A Raise the Realm tracker table with every card described (the conformance sample), played
/// at random to the point between its 30th and 100th action (past the Leaders and mats, in
/// play) where it offers the most actions.
fn realm_table() -> Box<dyn estate_steward::engine::AnyTable> {
    let sample: Value = serde_json::from_str(include_str!(
        "../tests/fixtures/conformance/raise-the-realm-live.json"
    ))
    .expect("sample");
    let kind = find_game("raise-the-realm-live").expect("registered");
    let options = kind
        .prepare_options(Some(sample["cases"][0]["options"].clone()), &[])
        .expect("options");
    let seats = estate_steward::engine::conformance::seats(3);
    let play = |steps: usize| {
        let mut table = kind.new_table(&options, seats.clone(), 5).expect("table");
        let mut chooser = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let mut offered = Vec::new();
        for _ in 0..steps {
            let allowed = table.allowed();
            offered.push(allowed.len());
            if allowed.is_empty() || table.is_over() {
                break;
            }
            let pick = allowed[chooser.random_range(0..allowed.len())]
                .action
                .clone();
            let entry = table.decide(&pick).expect("an offered action");
            table.commit(&entry).expect("commit");
        }
        (table, offered)
    };
    let (_, offered) = play(100);
    let busiest = (30..offered.len()).max_by_key(|&i| offered[i]).unwrap_or(0);
    let (table, _) = play(busiest);
    eprintln!(
        "allowed: a Raise the Realm table after {} actions offers {} actions",
        table.len(),
        table.allowed().len()
    );
    table
}

fn allowed(c: &mut Criterion) {
    let table = realm_table();
    let mut group = c.benchmark_group("allowed");
    group.bench_function("realm_tracker_mid_game", |b| {
        b.iter(|| std::hint::black_box(table.allowed()))
    });
    group.finish();
}

fn benches(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("tempdir");
    bare(c, dir.path());
    append(c, dir.path());
    act_at(c, dir.path(), 100, "whole_action_log_100");
    let (long, id) = act_at(c, dir.path(), 10_000, "whole_action_log_10k");
    resume(c, &long, id);
    allowed(c);
}

criterion_group!(all, benches);

fn mean_ns(group: &str, bench: &str) -> Option<f64> {
    let path = format!(
        "{}/criterion/{group}/{bench}/new/estimates.json",
        target_dir()
    );
    let text = std::fs::read_to_string(path).ok()?;
    let v: Value = serde_json::from_str(&text).ok()?;
    v["mean"]["point_estimate"].as_f64()
}

fn target_dir() -> String {
    std::env::var("CARGO_TARGET_DIR")
        .unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/target").to_string())
}

/// One report line: `name: what ms / baseline ms = ratio (target)`.
fn line(name: &str, what: &str, ours: f64, base_what: &str, base: f64, target: &str) -> String {
    format!(
        "{name}: {what} {:.3} ms / {base_what} {:.3} ms = {:.2}x ({target})\n",
        ours / 1e6,
        base / 1e6,
        ours / base
    )
}

fn main() {
    all();
    Criterion::default().configure_from_args().final_summary();
    let mut report = String::new();
    let bare = mean_ns("bare", "insert_commit");
    let pairs = [
        (
            "append",
            "append",
            "durable_action_append",
            "durable action append",
            "target <= 1.5x",
        ),
        (
            "act",
            "act",
            "whole_action_log_100",
            "whole action at 100",
            "target <= 1.2x",
        ),
        (
            "act",
            "act",
            "whole_action_log_10k",
            "whole action at 10,000",
            "target <= 1.2x",
        ),
        (
            "allowed",
            "allowed",
            "realm_tracker_mid_game",
            "Raise the Realm tracker's allowed",
            "a share of one commit",
        ),
    ];
    for (name, group, bench, what, target) in pairs {
        if let (Some(base), Some(ours)) = (bare, mean_ns(group, bench)) {
            report += &line(name, what, ours, "bare insert-and-commit", base, target);
        }
    }
    if let (Some(base), Some(ours)) = (
        mean_ns("resume", "open_and_count_10k"),
        mean_ns("resume", "resume_game_10k"),
    ) {
        report += &line(
            "resume",
            "10,000-action game",
            ours,
            "open-and-count",
            base,
            "target < 5 ms",
        );
    }
    print!("{report}");
    let _ = std::fs::write(format!("{}/bench-ratios.txt", target_dir()), report);
}
