//! Benchmarks, reported as ratios against a baseline measured in the same run:
//! (a) a durable action append against a bare single-row SQLite insert-and-commit with the same
//!     pragmas (WAL, synchronous=FULL) on the same disk;
//! (b) resuming a game of 10,000 logged actions (open the file, rebuild the table, build the
//!     view) against opening the same file and counting its events.
//!
//! Run: `cargo bench --bench store`. The ratios are printed at the end and written to
//! `target/bench-ratios.txt`.

use criterion::{criterion_group, Criterion};
use estate_steward::engine::StoredEntry;
use estate_steward::service::Steward;
use estate_steward::store::{Append, Store};
use rusqlite::Connection;
use serde_json::json;
use std::path::Path;
use std::time::Duration;

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

fn append(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut group = c.benchmark_group("append");
    group.measurement_time(Duration::from_secs(8));

    let mut conn = bare_connection(&dir.path().join("bare.sqlite3"));
    let body = r#"{"type":"Pass"}"#;
    group.bench_function("bare_insert_commit", |b| {
        b.iter(|| {
            let tx = conn.transaction().expect("tx");
            tx.execute("INSERT INTO bare (body) VALUES (?1)", [body])
                .expect("insert");
            tx.commit().expect("commit");
        })
    });

    let path = dir.path().join("steward.sqlite3");
    let mut steward = Steward::open(&path).expect("open");
    let ana = steward.add_person("Ana", "#1f77b4").expect("person");
    let id = steward
        .start_game("nine-estates", &[ana.id], None, Some(1))
        .expect("start")
        .game_id;
    drop(steward);
    let mut store = Store::open(&path).expect("store");
    let entry = StoredEntry {
        action: body.to_string(),
        events: r#"[{"type":"Passed"},{"type":"TurnEnded"}]"#.to_string(),
        summary: "Era 1, round 1: passed".to_string(),
    };
    let snapshot = "x".repeat(4000);
    let mut seq = 0usize;
    group.bench_function("durable_action_append", |b| {
        b.iter(|| {
            seq += 1;
            // A snapshot rides along every 100 actions, as in play.
            let snap = seq.is_multiple_of(100).then_some(snapshot.as_str());
            store
                .append(Append {
                    game_id: id,
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

fn resume(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("long.sqlite3");
    let id = {
        let mut steward = Steward::open(&path).expect("open");
        let ana = steward.add_person("Ana", "#1f77b4").expect("person");
        let id = steward
            .start_game("nine-estates", &[ana.id], None, Some(7))
            .expect("start")
            .game_id;
        steward
            .act(id, &json!({"type": "Deal", "deal": {"kind": "Shuffle"}}))
            .expect("deal");
        // Passes and end-of-round choices: the longest game the rules allow.
        for _ in 1..10_000 {
            let view = steward.view(id, None).expect("view");
            let action = view
                .allowed
                .iter()
                .find(|a| a.group == "pass" || a.group == "round")
                .map(|a| a.action.clone())
                .expect("a pass or a round choice");
            steward.act(id, &action).expect("act");
        }
        id
    };
    let mut group = c.benchmark_group("resume");
    group.bench_function("open_and_count_10k", |b| {
        b.iter(|| {
            let store = Store::open(&path).expect("open");
            drop(store);
            let conn = Connection::open(&path).expect("conn");
            let n: i64 = conn
                .query_row("SELECT count(*) FROM events", [], |r| r.get(0))
                .expect("count");
            assert_eq!(n, 10_000);
        })
    });
    group.bench_function("resume_game_10k", |b| {
        b.iter(|| {
            let mut steward = Steward::open(&path).expect("open");
            let view = steward.view(id, None).expect("view");
            assert_eq!(view.log.len(), 10_000);
        })
    });
    group.finish();
}

criterion_group!(benches, append, resume);

fn mean_ns(group: &str, bench: &str) -> Option<f64> {
    let path = format!(
        "{}/criterion/{group}/{bench}/new/estimates.json",
        target_dir()
    );
    let text = std::fs::read_to_string(path).ok()?;
    let v: serde_json::Value = serde_json::from_str(&text).ok()?;
    v["mean"]["point_estimate"].as_f64()
}

fn target_dir() -> String {
    std::env::var("CARGO_TARGET_DIR")
        .unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/target").to_string())
}

fn main() {
    benches();
    criterion::Criterion::default()
        .configure_from_args()
        .final_summary();
    let mut report = String::new();
    if let (Some(bare), Some(ours)) = (
        mean_ns("append", "bare_insert_commit"),
        mean_ns("append", "durable_action_append"),
    ) {
        report += &format!(
            "append: durable action append {:.3} ms / bare insert-and-commit {:.3} ms = {:.2}x (target <= 1.5x)\n",
            ours / 1e6,
            bare / 1e6,
            ours / bare
        );
    }
    if let (Some(base), Some(ours)) = (
        mean_ns("resume", "open_and_count_10k"),
        mean_ns("resume", "resume_game_10k"),
    ) {
        report += &format!(
            "resume: 10,000-action game {:.2} ms / open-and-count {:.2} ms = {:.2}x (target < 20 ms)\n",
            ours / 1e6,
            base / 1e6,
            ours / base
        );
    }
    print!("{report}");
    let _ = std::fs::write(format!("{}/bench-ratios.txt", target_dir()), report);
}
