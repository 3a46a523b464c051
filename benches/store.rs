//! Benchmarks, reported as ratios against a baseline measured in the same run:
//! (a) `append`: a durable action append (the store alone) against a bare single-row SQLite
//!     insert-and-commit with the same pragmas (WAL, synchronous=FULL) on the same disk;
//! (b) `act`: a whole action as the app makes it — decide, apply, commit and the view the app
//!     receives (its log paged) — at log lengths 100 and 10,000, against the same bare insert;
//! (c) `resume`: opening the file and showing a game of 10,000 logged actions as the app does,
//!     against opening the same file and counting its events (target: under 5 ms); the file as
//!     the app left it when it quit, then as a kill leaves it (checked whole at open);
//! (d) `allowed`: the Raise the Realm tracker's legal actions mid-game (it probes every known
//!     card), against the same bare insert.
//!
//! Each ratio comes from paired rounds — the baseline once, then the measure once, again and
//! again — and compares the medians, so that a shared machine's load, which changes within a
//! run, weighs on both sides alike. criterion's own statistics for each measure are printed
//! first. Run: `bash scripts/bench.sh`, which builds it as the .deb is built (plain `cargo bench`
//! does not); the ratios are printed at the end and written to `target/bench-ratios.txt`, one
//! line per measure beginning with its name.

use criterion::Criterion;
use estate_steward::engine::{AnyTable, StoredEntry};
use estate_steward::games::find_game;
use estate_steward::service::{Steward, APP_VIEWS};
use estate_steward::store::{Append, GameVersion, Store};
use estate_steward_benches::{line, paired, target_dir, timed};
use rand::{Rng, SeedableRng};
use rusqlite::Connection;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

// The allocator the app and the CLI run with (see src/bin/steward/main.rs), so that the figures
// are theirs.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

const BODY: &str = r#"{"type":"Pass"}"#;

/// A bare single-row insert-and-commit with the store's pragmas: the baseline.
struct Bare(Connection);

impl Bare {
    fn new(path: &Path) -> Bare {
        let conn = Connection::open(path).expect("open");
        conn.pragma_update(None, "journal_mode", "WAL")
            .expect("wal");
        conn.pragma_update(None, "synchronous", "FULL")
            .expect("sync");
        conn.execute_batch(
            "CREATE TABLE IF NOT EXISTS bare (id INTEGER PRIMARY KEY, body TEXT NOT NULL)",
        )
        .expect("table");
        Bare(conn)
    }
    fn once(&mut self) -> Duration {
        timed(|| {
            let tx = self.0.transaction().expect("tx");
            tx.execute("INSERT INTO bare (body) VALUES (?1)", [BODY])
                .expect("insert");
            tx.commit().expect("commit");
        })
    }
}

/// The store's durable append alone, a snapshot riding along every 100 entries as in play.
struct Appender {
    store: Store,
    id: i64,
    seq: usize,
    version: GameVersion,
    entry: StoredEntry,
    snapshot: String,
}

impl Appender {
    fn new(path: &Path) -> Appender {
        let mut steward = Steward::open(path).expect("open");
        let ana = steward.add_person("Ana", "#1f77b4").expect("person");
        let id = steward
            .start_game("nine-estates", &[ana.id], None, Some(1))
            .expect("start")
            .game_id;
        drop(steward);
        let store = Store::open(path).expect("store");
        let version = store.version(id).expect("version");
        Appender {
            store,
            id,
            seq: 0,
            version,
            entry: StoredEntry {
                action: BODY.to_string(),
                events: r#"[{"type":"Passed"},{"type":"TurnEnded"}]"#.to_string(),
                summary: "Era 1, round 1: passed".to_string(),
            },
            snapshot: "x".repeat(4000),
        }
    }
    fn once(&mut self) -> Duration {
        self.seq += 1;
        let snapshot = self
            .seq
            .is_multiple_of(100)
            .then_some(self.snapshot.as_str());
        let started = Instant::now();
        self.version = self
            .store
            .append(Append {
                game_id: self.id,
                version: self.version,
                seq: self.seq,
                entry: &self.entry,
                had_redo: false,
                snapshot,
                finished: None,
                learned: None,
            })
            .expect("append");
        started.elapsed()
    }
}

/// The app's whole action on a Nine Estates game: a deal, then passes and end-of-round
/// choices (the longest game the rules allow). The next action is chosen before the clock
/// starts; the log grows by the actions timed, and the view is paged, so its cost does not.
struct Actor {
    steward: Steward,
    id: i64,
}

impl Actor {
    /// A new file holding a game of `n` actions, played as the app plays.
    fn new(path: &Path, n: usize) -> Actor {
        let mut steward = Steward::open(path).expect("open");
        steward.set_views(APP_VIEWS);
        let ana = steward.add_person("Ana", "#1f77b4").expect("person");
        let id = steward
            .start_game("nine-estates", &[ana.id], None, Some(7))
            .expect("start")
            .game_id;
        steward
            .act(id, &json!({"type": "Deal", "deal": {"kind": "Shuffle"}}))
            .expect("deal");
        let mut actor = Actor { steward, id };
        for _ in 1..n {
            actor.once();
        }
        // Reopened, as the app finds it.
        let mut steward = Steward::open(path).expect("reopen");
        steward.set_views(APP_VIEWS);
        Actor { steward, id }
    }
    fn once(&mut self) -> Duration {
        let view = self.steward.view(self.id, None).expect("view");
        let action = view
            .allowed
            .iter()
            .find(|a| a.group == "pass" || a.group == "round")
            .map(|a| a.action.clone())
            .expect("a pass or a round choice");
        timed(|| {
            std::hint::black_box(self.steward.act(self.id, &action).expect("act"));
        })
    }
}

/// `f`'s time, its result dropped after the clock stops: closing a file is not part of
/// reaching it (the app closes its file when it quits; see `store::checked` for what a close
/// does).
fn timed_then_dropped<T>(f: impl FnOnce() -> T) -> Duration {
    let started = Instant::now();
    let kept = f();
    let took = started.elapsed();
    drop(kept);
    took
}

fn open_and_count(path: &Path) -> Duration {
    timed_then_dropped(|| {
        let store = Store::open(path).expect("open");
        let conn = Connection::open(path).expect("conn");
        let n: i64 = conn
            .query_row("SELECT count(*) FROM events WHERE undone = 0", [], |r| {
                r.get(0)
            })
            .expect("count");
        assert!(n >= 10_000);
        // The bare connection closes first, so that the store's close is the last one and
        // leaves the file noted as checked, as the app's own does.
        (conn, store)
    })
}

fn resume_as_the_app(path: &Path, id: i64) -> Duration {
    timed_then_dropped(|| {
        let mut steward = Steward::open(path).expect("open");
        steward.set_views(APP_VIEWS);
        let view = steward.view(id, None).expect("view");
        assert!(view.log_len() >= 10_000);
        steward
    })
}

/// A Raise the Realm tracker table with every card described (the conformance sample), played
/// at random to the point between its 30th and 100th action (past the Leaders and mats, in
/// play) where it offers the most actions.
fn realm_table() -> Box<dyn AnyTable> {
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

/// Everything measured, set up once.
struct Fixtures {
    bare: Bare,
    appender: Appender,
    short: Actor,
    long: Actor,
    /// A copy of the 10,000-action game that no client holds open, as the app finds its file
    /// when it starts.
    resume_path: PathBuf,
    realm: Box<dyn AnyTable>,
}

fn fixtures(dir: &Path) -> Fixtures {
    let long_path = dir.join("act-10000.sqlite3");
    let long = Actor::new(&long_path, 10_000);
    let resume_path = dir.join("resume-10000.sqlite3");
    Connection::open(&long_path)
        .expect("open")
        .execute("VACUUM INTO ?1", [resume_path.to_string_lossy()])
        .expect("copy");
    Fixtures {
        bare: Bare::new(&dir.join("bare.sqlite3")),
        appender: Appender::new(&dir.join("append.sqlite3")),
        short: Actor::new(&dir.join("act-100.sqlite3"), 100),
        long,
        resume_path,
        realm: realm_table(),
    }
}

fn criterion_statistics(c: &mut Criterion, f: &mut Fixtures) {
    let mut time = |name: &str, op: &mut dyn FnMut() -> Duration| {
        c.bench_function(name, |b| {
            b.iter_custom(|iters| (0..iters).map(|_| op()).sum())
        });
    };
    time("bare_insert_commit", &mut || f.bare.once());
    time("durable_action_append", &mut || f.appender.once());
    time("whole_action_log_100", &mut || f.short.once());
    time("whole_action_log_10k", &mut || f.long.once());
    let (path, id) = (f.resume_path.clone(), f.long.id);
    time("open_and_count_10k", &mut || open_and_count(&path));
    time("resume_game_10k", &mut || resume_as_the_app(&path, id));
    let realm = &f.realm;
    time("realm_tracker_allowed", &mut || {
        timed(|| {
            std::hint::black_box(realm.allowed());
        })
    });
}

fn ratios(f: &mut Fixtures) -> String {
    let bare = "bare insert-and-commit";
    let mut report = String::new();
    let append = paired(400, || f.bare.once(), || f.appender.once());
    report += &line(
        "append",
        "durable action append",
        append,
        bare,
        "target <= 1.5x",
    );
    let act = paired(400, || f.bare.once(), || f.short.once());
    report += &line("act", "whole action at 100", act, bare, "target <= 1.2x");
    let act = paired(400, || f.bare.once(), || f.long.once());
    report += &line("act", "whole action at 10,000", act, bare, "target <= 1.2x");
    let (path, id) = (f.resume_path.clone(), f.long.id);
    let resume = paired(
        60,
        || open_and_count(&path),
        || resume_as_the_app(&path, id),
    );
    report += &line(
        "resume",
        "10,000-action game",
        resume,
        "open-and-count",
        "target < 5 ms",
    );
    // After a kill (or another program's write) the file is checked whole at open.
    let note = {
        let mut name = path.as_os_str().to_owned();
        name.push("-checked");
        PathBuf::from(name)
    };
    let unchecked = paired(
        60,
        || open_and_count(&path),
        || {
            let _ = std::fs::remove_file(&note);
            resume_as_the_app(&path, id)
        },
    );
    report += &line(
        "resume",
        "10,000-action game after a kill (the whole file checked)",
        unchecked,
        "open-and-count",
        "reported",
    );
    let realm = &f.realm;
    let allowed = paired(
        400,
        || f.bare.once(),
        || {
            timed(|| {
                std::hint::black_box(realm.allowed());
            })
        },
    );
    report += &line(
        "allowed",
        "Raise the Realm tracker's allowed",
        allowed,
        bare,
        "a small share of one commit",
    );
    report
}

fn main() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut f = fixtures(dir.path());
    let mut c = Criterion::default()
        .measurement_time(Duration::from_secs(4))
        .configure_from_args();
    criterion_statistics(&mut c, &mut f);
    c.final_summary();
    let report = ratios(&mut f);
    print!("{report}");
    let _ = std::fs::write(format!("{}/bench-ratios.txt", target_dir()), report);
}
