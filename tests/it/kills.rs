//! The crash suite: SIGKILL at a random moment of each kind of write the real `steward` makes
//! (a stream of actions, an import, a restore, a backup, a first statistics count, deleting a
//! game). After every kill the file opens and passes `integrity_check`, holds every action a
//! stream acknowledged, holds an import or a restore whole or not at all, and answers the same
//! statistics as a count that was never killed.
//!
//! `KILLS` sets how many kills (18 by default, three of each kind); `KILLS_SEED` the random
//! moments. `docs/crash-suite.md` records the figures of a long run.

use crate::common::ok;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

fn spawn(db: &Path, args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_steward"))
        .arg("--db")
        .arg(db)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("steward starts")
}

/// The kinds of write, in the order the rounds take them.
#[derive(Clone, Copy, Debug)]
enum Kind {
    Stream,
    Import,
    Restore,
    Backup,
    Count,
    Delete,
}

const KINDS: [Kind; 6] = [
    Kind::Stream,
    Kind::Import,
    Kind::Restore,
    Kind::Backup,
    Kind::Count,
    Kind::Delete,
];

/// Games the import brings: results-only records, each with two people, as a BG Stats
/// history of a few years would be.
const IMPORTED: usize = 1_500;
/// Finished games already in the file (so a restore, a backup and a count have work to do).
const KEPT: usize = 300;

/// Files every round starts from.
struct Fixture {
    _dir: tempfile::TempDir,
    /// A file with game 1 (Nine Estates) in play and [`KEPT`] finished games, closed cleanly.
    base: PathBuf,
    /// An export of [`IMPORTED`] games none of which `base` holds.
    import: PathBuf,
    /// A backup of another history (one game), for the restores.
    other: PathBuf,
}

/// A JSON export of `n` results-only games, each a fresh UUID.
fn synthetic_export(n: usize) -> String {
    let person = |i: usize| format!("00000000-0000-4000-8000-{i:012}");
    let games: Vec<serde_json::Value> = (0..n)
        .map(|g| {
            let (a, b) = (person(1), person(2));
            serde_json::json!({
                "uuid": format!("10000000-0000-4000-8000-{g:012}"),
                "game": "middle-ages", "status": "finished", "results_only": true,
                "started_at": "2025-03-01T18:00:00.000Z", "finished_at": "2025-03-01T19:00:00.000Z",
                "played_on": "2025-03-01", "abandoned_at": null, "options": null, "seed": "0",
                "version": 0, "seats": [a, b], "log": [],
                "results": [
                    {"seat": 0, "person": a, "score": 40 + (g % 30), "rank": 1, "winner": true,
                     "title": null, "role": null, "breakdown": []},
                    {"seat": 1, "person": b, "score": 30 + (g % 9), "rank": 2, "winner": false,
                     "title": null, "role": null, "breakdown": []}
                ]
            })
        })
        .collect();
    serde_json::json!({
        "format": "estate-steward", "version": 1, "exported_at": "2025-03-02T00:00:00.000Z",
        "schema": 15,
        "people": [
            {"uuid": person(1), "name": "Imported Ana", "colour": "#1f77b4",
             "created_at": "2025-01-01T00:00:00.000Z"},
            {"uuid": person(2), "name": "Imported Bo", "colour": "#d62728",
             "created_at": "2025-01-01T00:00:00.000Z"}
        ],
        "games": games,
        "catalogue": [],
    })
    .to_string()
}

fn fixture() -> Fixture {
    let dir = tempfile::tempdir().expect("temp dir");
    let base = dir.path().join("base.sqlite3");
    ok(
        &base,
        &["start", "nine-estates", "--player", "Ana", "--seed", "9"],
    );
    let source = dir.path().join("source.sqlite3");
    ok(
        &source,
        &[
            "record-result",
            "middle-ages",
            "--player",
            "Ana:61",
            "--player",
            "Bo:58",
        ],
    );
    let export = dir.path().join("kept.json");
    std::fs::write(
        &export,
        synthetic_export(KEPT).replace("10000000-", "20000000-"),
    )
    .expect("write");
    ok(&base, &["import", export.to_str().expect("utf-8")]);
    let import = dir.path().join("import.json");
    std::fs::write(&import, synthetic_export(IMPORTED)).expect("write");
    let other = dir.path().join("other.backup");
    ok(&source, &["backup", other.to_str().expect("utf-8")]);
    Fixture {
        _dir: dir,
        base,
        import,
        other,
    }
}

/// What a history holds, as `history` lists it (ids, people, status, actions).
fn history(db: &Path) -> String {
    ok(db, &["history"])
}

fn integrity(db: &Path) -> String {
    let conn = rusqlite::Connection::open(db).expect("open");
    conn.query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .expect("integrity_check")
}

/// Kill `child` (SIGKILL) after `delay`; whether it was still running then.
fn kill_after(child: &mut Child, delay: Duration) -> bool {
    std::thread::sleep(delay);
    let running = child.try_wait().expect("wait").is_none();
    let _ = child.kill();
    let _ = child.wait();
    running
}

/// How long the command takes when nobody kills it, on a fresh copy of the base.
fn uninterrupted(fx: &Fixture, work: &Path, kind: Kind) -> Duration {
    if matches!(kind, Kind::Stream) {
        // A stream runs until it is killed: long enough for a few dozen actions.
        return Duration::from_millis(400);
    }
    let db = fresh(fx, work, "timing");
    let started = Instant::now();
    let mut child = start(fx, work, &db, kind);
    let status = child.wait().expect("wait");
    assert!(status.success(), "{kind:?} failed uninterrupted");
    started.elapsed()
}

fn fresh(fx: &Fixture, work: &Path, name: &str) -> PathBuf {
    let db = work.join(format!("{name}.sqlite3"));
    for suffix in ["", "-wal", "-shm", "-checked"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", db.display()));
    }
    let _ = std::fs::remove_dir_all(work.join("backups"));
    std::fs::copy(&fx.base, &db).expect("copy");
    // Statistics counted from nothing at the next answer, as in a file another program wrote
    // (the kind `Count` kills that count).
    let conn = rusqlite::Connection::open(&db).expect("open");
    conn.execute("DELETE FROM tally_meta WHERE key = 'groups'", [])
        .expect("forget the count");
    db
}

/// The kind's command, started on `db`.
fn start(fx: &Fixture, work: &Path, db: &Path, kind: Kind) -> Child {
    let path = |p: &Path| p.to_str().expect("utf-8").to_string();
    match kind {
        Kind::Stream => {
            let mut child = spawn(db, &["stream", "1"]);
            let mut stdin = child.stdin.take().expect("stdin");
            std::thread::spawn(move || while stdin.write_all(b"pick 0\n").is_ok() {});
            child
        }
        Kind::Import => spawn(db, &["import", &path(&fx.import)]),
        Kind::Restore => spawn(db, &["restore", &path(&fx.other)]),
        Kind::Backup => {
            let _ = std::fs::remove_file(work.join("copy.backup"));
            spawn(db, &["backup", &path(&work.join("copy.backup"))])
        }
        Kind::Count => spawn(db, &["stats"]),
        Kind::Delete => spawn(db, &["delete-game", "1", "--yes"]),
    }
}

/// What one kill found.
#[derive(Default, Debug)]
struct Tally {
    kills: usize,
    mid_way: usize,
    /// Kills after which the file showed the write made (an import, a restore, a deletion, a
    /// backup written): the others found it as before.
    made: usize,
    acknowledged: usize,
}

/// What the file holds when a write was made whole, or not at all.
struct Expected {
    base: String,
    other: String,
    imported: String,
    counted: String,
}

impl Expected {
    fn of(fx: &Fixture, work: &Path) -> Expected {
        let imported = {
            let db = fresh(fx, work, "imported");
            ok(&db, &["import", fx.import.to_str().expect("utf-8")]);
            history(&db)
        };
        let counted = ok(&fresh(fx, work, "counted"), &["stats"]);
        Expected {
            base: history(&fx.base),
            other: history(&fx.other),
            imported,
            counted,
        }
    }
}

/// After a kill of `kind`'s command on `db`, which said `said`: the file holds the write whole or
/// not at all, and every acknowledged action.
fn check_after_kill(
    kind: Kind,
    db: &Path,
    work: &Path,
    said: &[String],
    want: &Expected,
    tally: &mut Tally,
    at: &str,
) {
    assert_eq!(integrity(db), "ok", "{at}");
    let now = history(db);
    match kind {
        Kind::Stream => {
            let acked = said.iter().filter(|l| l.starts_with("ack ")).count();
            let shown = ok(db, &["--json", "show", "1"]);
            let v: serde_json::Value = serde_json::from_str(&shown).expect("json");
            let kept = v["log"].as_array().map_or(0, Vec::len);
            // The stream commits, then says so: at most the one it had no time to tell.
            assert!(
                kept == acked || kept == acked + 1,
                "{at}: acknowledged {acked}, kept {kept}"
            );
            tally.acknowledged += acked;
        }
        Kind::Import => {
            assert!(
                now == want.base || now == want.imported,
                "{at}: an import half made:\n{now}"
            );
            tally.made += usize::from(now == want.imported);
        }
        Kind::Restore => {
            assert!(
                now == want.base || now == want.other,
                "{at}: a restore half made:\n{now}"
            );
            tally.made += usize::from(now == want.other);
        }
        Kind::Backup => {
            assert_eq!(now, want.base, "{at}: a backup changed the file");
            let copy = work.join("copy.backup");
            if copy.exists() {
                assert_eq!(history(&copy), want.base, "{at}: a torn backup");
                tally.made += 1;
            }
        }
        Kind::Count => {
            assert_eq!(now, want.base, "{at}");
            assert_eq!(
                ok(db, &["stats"]),
                want.counted,
                "{at}: the statistics differ"
            );
        }
        Kind::Delete => {
            let gone = !now.lines().any(|l| l.starts_with("#1 "));
            assert!(
                gone || now == want.base,
                "{at}: a game half deleted:\n{now}"
            );
            tally.made += usize::from(gone);
            if gone {
                assert_eq!(now.lines().count() + 1, want.base.lines().count(), "{at}");
            }
        }
    }
}

/// After the kill, the same write is made again and comes out whole.
fn write_again(kind: Kind, db: &Path, fx: &Fixture, want: &Expected, at: &str) {
    match kind {
        Kind::Import => {
            ok(db, &["import", fx.import.to_str().expect("utf-8")]);
            assert_eq!(history(db), want.imported, "{at}: imported again");
        }
        Kind::Restore => {
            ok(db, &["restore", fx.other.to_str().expect("utf-8")]);
            assert_eq!(history(db), want.other, "{at}: restored again");
        }
        Kind::Stream | Kind::Backup | Kind::Count | Kind::Delete => {}
    }
    assert_eq!(integrity(db), "ok", "{at}: after again");
}

#[test]
fn kills_at_random_moments_of_every_write_lose_nothing() {
    let _alone = crate::common::machine();
    let kills: usize = std::env::var("KILLS")
        .ok()
        .and_then(|k| k.parse().ok())
        .unwrap_or(18);
    let seed: u64 = std::env::var("KILLS_SEED")
        .ok()
        .and_then(|k| k.parse().ok())
        .unwrap_or(2026);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let fx = fixture();
    let work = tempfile::tempdir().expect("work dir");
    let work = work.path();
    let want = Expected::of(&fx, work);
    let durations: Vec<Duration> = KINDS.iter().map(|&k| uninterrupted(&fx, work, k)).collect();
    let mut tallies: Vec<Tally> = KINDS.iter().map(|_| Tally::default()).collect();

    for round in 0..kills {
        let which = round % KINDS.len();
        let kind = KINDS[which];
        let db = fresh(&fx, work, "round");
        let mut child = start(&fx, work, &db, kind);
        let stdout = child.stdout.take().expect("stdout");
        let delay = durations[which].mul_f64(rng.random_range(0.0..1.1));
        let mid_way = kill_after(&mut child, delay);
        let said: Vec<String> = BufReader::new(stdout)
            .lines()
            .map_while(Result::ok)
            .collect();
        let tally = &mut tallies[which];
        tally.kills += 1;
        tally.mid_way += usize::from(mid_way);
        let at = format!("round {round} ({kind:?}, killed after {delay:?})");
        check_after_kill(kind, &db, work, &said, &want, tally, &at);
        write_again(kind, &db, &fx, &want, &at);
    }
    for ((kind, tally), took) in KINDS.iter().zip(&tallies).zip(&durations) {
        eprintln!(
            "{kind:?}: {} kills, {} while it ran, {} found made, {} actions acknowledged; \
             uninterrupted {took:?}",
            tally.kills, tally.mid_way, tally.made, tally.acknowledged,
        );
    }
    let mid_way: usize = tallies.iter().map(|t| t.mid_way).sum();
    assert!(
        mid_way * 2 >= kills,
        "only {mid_way} of {kills} kills came while the command ran"
    );
}
