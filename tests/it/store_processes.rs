//! Two real `steward` processes on one file: a long-lived client (a `stream`, as the app is)
//! never acts on a table another process changed under it, and processes opening a brand-new or
//! an old file at the same moment all succeed.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_steward");

fn steward(db: &Path, args: &[&str]) -> Output {
    Command::new(BIN)
        .arg("--db")
        .arg(db)
        .args(args)
        .output()
        .expect("the steward binary runs")
}

fn ok(db: &Path, args: &[&str]) -> String {
    let o = steward(db, args);
    assert!(
        o.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// A `steward stream` process: one line in, one answer out.
struct Stream {
    child: Child,
    stdin: ChildStdin,
    out: BufReader<ChildStdout>,
}

impl Stream {
    fn start(db: &Path, id: &str) -> Stream {
        let mut child = Command::new(BIN)
            .arg("--db")
            .arg(db)
            .args(["stream", id])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("stream starts");
        let stdin = child.stdin.take().unwrap();
        let out = BufReader::new(child.stdout.take().unwrap());
        Stream { child, stdin, out }
    }

    fn send(&mut self, line: &str) -> String {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
        let mut answer = String::new();
        self.out.read_line(&mut answer).unwrap();
        answer.trim_end().to_string()
    }
}

impl Drop for Stream {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Game 1 of Nine Estates dealt in `db`, and a `stream` on it that has passed once (its table
/// ends at entry 2).
fn stream_after_its_pass(db: &Path) -> Stream {
    ok(
        db,
        &["start", "nine-estates", "--player", "Ana", "--seed", "5"],
    );
    ok(
        db,
        &["act", "1", r#"{"type":"Deal","deal":{"kind":"Shuffle"}}"#],
    );
    let mut app = Stream::start(db, "1");
    let passed = app.send(r#"{"type":"Pass"}"#);
    assert!(
        passed.starts_with("ack 2 ") && passed.ends_with("passed"),
        "{passed}"
    );
    app
}

/// How many entries game 1's log shows, as the file holds it.
fn log_len(db: &Path) -> usize {
    let o = steward(db, &["--json", "show", "1"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    v["log"].as_array().map_or(0, Vec::len)
}

#[test]
fn a_stale_stream_undoes_and_redoes_what_the_file_holds() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("two.sqlite3");
    let mut app = stream_after_its_pass(&db);
    // Another process takes the pass back and plays something else: the log has the same
    // length as the stream last saw, but not the same entries.
    ok(&db, &["undo", "1"]);
    ok(&db, &["act", "1", r#"{"type":"EndEra"}"#]);
    let undone = app.send("undo");
    assert!(
        undone.starts_with("ack 1 Undid: ") && undone.contains("ended Era 1"),
        "the stream must undo what the file holds, not its stale pass: {undone}"
    );
    let redone = app.send("redo");
    assert!(
        redone.starts_with("ack 2 Redid: ") && redone.contains("ended Era 1"),
        "{redone}"
    );
    drop(app);
    let record = ok(&db, &["record", "1"]);
    assert!(
        record.contains("2. Era 1, round 1: ended Era 1"),
        "{record}"
    );
    assert!(!record.contains("passed"), "no pass was stored: {record}");
}

#[test]
fn a_stale_stream_decides_on_the_table_as_the_file_holds_it() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("two.sqlite3");
    let mut app = stream_after_its_pass(&db);
    ok(&db, &["undo", "1"]);
    ok(&db, &["act", "1", r#"{"type":"EndEra"}"#]);
    // Era 1 has ended in the file: the next thing is to deal Era 2, so no "end of round" choice
    // the stale table would still offer is legal.
    let answer = app.send(r#"{"type":"ChooseRoundEnd","choice":{"kind":"RotateAll"}}"#);
    assert!(answer.starts_with("err 2 refused"), "{answer}");
    drop(app);
    assert_eq!(log_len(&db), 2);
}

#[test]
fn a_stale_stream_stores_its_action_after_what_another_process_wrote() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("two.sqlite3");
    let mut app = stream_after_its_pass(&db);
    // The stream's table ends at entry 2; the file now has a third. The stream's pass is legal
    // on both, so only the store's version check can tell that it was decided on a stale table.
    ok(&db, &["act", "1", r#"{"type":"Pass"}"#]);
    let answer = app.send(r#"{"type":"Pass"}"#);
    assert!(answer.starts_with("ack 4 "), "{answer}");
    drop(app);
    assert_eq!(log_len(&db), 4);
}

#[test]
fn a_stale_stream_is_not_refused_what_the_file_allows() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("two.sqlite3");
    let mut app = stream_after_its_pass(&db);
    ok(&db, &["undo", "1"]);
    ok(&db, &["act", "1", r#"{"type":"EndEra"}"#]);
    // On the stream's stale table the round is being played and a deal is refused; in the file
    // Era 1 has ended and Era 2 is to be dealt.
    let answer = app.send(r#"{"type":"Deal","deal":{"kind":"Shuffle"}}"#);
    assert!(answer.starts_with("ack 3 "), "{answer}");
    drop(app);
    let record = ok(&db, &["record", "1"]);
    assert!(
        record.contains("2. Era 1, round 1: ended Era 1"),
        "{record}"
    );
    assert!(record.contains("3. Era 2"), "{record}");
}

fn race(db: &Path, args: &[&str]) -> Vec<Output> {
    let children: Vec<Child> = (0..2)
        .map(|_| {
            Command::new(BIN)
                .arg("--db")
                .arg(db)
                .args(args)
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .expect("steward starts")
        })
        .collect();
    children
        .into_iter()
        .map(|c| c.wait_with_output().unwrap())
        .collect()
}

fn assert_all_succeeded(outputs: &[Output], what: &str) {
    for o in outputs {
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(o.status.success(), "{what}: {err}");
        assert!(
            !err.contains("CREATE TABLE"),
            "{what}: no SQL in messages: {err}"
        );
    }
}

fn user_version(db: &Path) -> i64 {
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.query_row("PRAGMA user_version", [], |r| r.get(0))
        .unwrap()
}

#[test]
fn twenty_pairs_of_processes_open_a_brand_new_file_at_once() {
    let dir = tempfile::tempdir().unwrap();
    for pair in 0..20 {
        let db = dir.path().join(format!("new-{pair}.sqlite3"));
        let outputs = race(&db, &["people", "list"]);
        assert_all_succeeded(&outputs, &format!("pair {pair}"));
        assert_eq!(
            user_version(&db),
            estate_steward::store::schema::latest_version()
        );
    }
}

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

#[test]
fn twenty_pairs_of_processes_upgrade_an_old_file_at_once() {
    let dir = tempfile::tempdir().unwrap();
    for pair in 0..20 {
        let db = dir.path().join(format!("old-{pair}.sqlite3"));
        std::fs::copy(fixture("schema1-games.sqlite3"), &db).unwrap();
        let outputs = race(&db, &["history"]);
        assert_all_succeeded(&outputs, &format!("pair {pair}"));
        assert_eq!(
            outputs[0].stdout, outputs[1].stdout,
            "both saw the same games"
        );
        assert_eq!(
            user_version(&db),
            estate_steward::store::schema::latest_version()
        );
    }
}

/// The entries game `id`'s log shows, as the file holds it.
fn log_of(db: &Path, id: &str) -> usize {
    let o = steward(db, &["--json", "show", id]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    v["log"].as_array().map_or(0, Vec::len)
}

/// The id a `start` printed with --json.
fn started(db: &Path, player: &str) -> i64 {
    let o = ok(
        db,
        &[
            "--json",
            "start",
            "nine-estates",
            "--player",
            player,
            "--seed",
            "9",
        ],
    );
    let v: serde_json::Value = serde_json::from_str(&o).unwrap();
    v["game_id"].as_i64().unwrap()
}

const DEAL: &str = r#"{"type":"Deal","deal":{"kind":"Shuffle"}}"#;

#[test]
fn a_deleted_games_number_is_never_given_again_and_its_stream_writes_nowhere() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("ids.sqlite3");
    ok(
        &db,
        &["start", "nine-estates", "--player", "Cy", "--seed", "4"],
    );
    // Game 2, the newest, dealt, with a stream on it that passed once.
    assert_eq!(started(&db, "Ana"), 2);
    ok(&db, &["act", "2", DEAL]);
    let mut app = Stream::start(&db, "2");
    assert!(app.send(r#"{"type":"Pass"}"#).starts_with("ack 2 "));
    ok(&db, &["delete-game", "2", "--yes"]);
    // A new game never takes the deleted game's number, even though it was the highest.
    let new = started(&db, "Bo");
    assert_eq!(new, 3, "the deleted game's number 2 was given again");
    // The stream still holds game 2: a deal is legal on the new game, and must not reach it.
    let answer = app.send(DEAL);
    assert!(answer.starts_with("err 2 "), "{answer}");
    drop(app);
    assert_eq!(
        log_of(&db, "3"),
        0,
        "the stale stream wrote into the new game"
    );
    // The next number after a restart of the file too.
    assert_eq!(started(&db, "Di"), 4);
}

#[test]
fn a_restore_that_puts_another_game_under_a_number_is_never_written_through_it() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("here.sqlite3");
    let other = dir.path().join("other.sqlite3");
    // Here: game 1 (Ana, dealt, a stream on it) and game 2.
    let mut app = stream_after_its_pass(&db);
    assert_eq!(started(&db, "Cy"), 2);
    // Another file's game 1 is Bo's, not dealt: a different game under the same number.
    assert_eq!(started(&other, "Bo"), 1);
    let copy = dir.path().join("other-backup.sqlite3");
    ok(&other, &["backup", copy.to_str().unwrap()]);
    ok(&db, &["restore", copy.to_str().unwrap()]);
    // The stream held Ana's game 1; a deal is legal on Bo's game 1 and must not reach it.
    let answer = app.send(DEAL);
    assert!(
        answer.starts_with("err 2 ") && answer.contains("no longer the game you had open"),
        "{answer}"
    );
    // It stays refused: the stream never takes Bo's game for Ana's.
    let again = app.send(DEAL);
    assert!(again.starts_with("err 3 "), "{again}");
    drop(app);
    assert_eq!(
        log_of(&db, "1"),
        0,
        "the stale stream wrote into the restored game"
    );
    // Numbers the file had given before the restore are not given again.
    assert_eq!(started(&db, "Di"), 3);
}

#[test]
fn eight_processes_writing_at_once_all_succeed() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("busy.sqlite3");
    ok(&db, &["history"]);
    let workers: Vec<_> = (0..8)
        .map(|w| {
            let db = db.clone();
            std::thread::spawn(move || {
                let mut failed = Vec::new();
                for i in 0..20 {
                    let (ana, bo) = (format!("Ana{w}"), format!("Bo{w}"));
                    let o = if i % 2 == 0 {
                        steward(&db, &["start", "nine-estates", "--player", &ana])
                    } else {
                        let (a, b) = (format!("{ana}:{i}"), format!("{bo}:3"));
                        let args = [
                            "record-result",
                            "middle-ages",
                            "--player",
                            &a,
                            "--player",
                            &b,
                        ];
                        steward(&db, &args)
                    };
                    if !o.status.success() {
                        failed.push(String::from_utf8_lossy(&o.stderr).into_owned());
                    }
                }
                failed
            })
        })
        .collect();
    let failed: Vec<String> = workers
        .into_iter()
        .flat_map(|w| w.join().unwrap())
        .collect();
    assert!(
        failed.is_empty(),
        "{} of 160 failed: {:?}",
        failed.len(),
        failed.first()
    );
    let o = ok(&db, &["--json", "history"]);
    let games: serde_json::Value = serde_json::from_str(&o).unwrap();
    assert_eq!(games.as_array().map(Vec::len), Some(160));
}
