//! The real `steward` binary: a scripted game, exit codes, and a SIGKILL in the middle of a
//! stream of actions that must lose nothing it acknowledged.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_steward");

fn steward(db: &Path, args: &[&str]) -> Output {
    Command::new(BIN)
        .arg("--db")
        .arg(db)
        .args(args)
        .output()
        .expect("the steward binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn a_scripted_game_from_start_to_title() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("cli.sqlite3");
    let o = steward(
        &db,
        &["start", "nine-estates", "--player", "Ana", "--seed", "5"],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(stdout(&o).contains("started game #1"));
    for action in [
        r#"{"type":"Deal","deal":{"kind":"Shuffle"}}"#,
        r#"{"type":"Pass"}"#,
        r#"{"type":"EndEra"}"#,
    ] {
        let o = steward(&db, &["act", "1", action]);
        assert!(
            o.status.success(),
            "{action}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
    }
    assert!(
        steward(&db, &["act", "1", "--pick", "0"]).status.success(),
        "deal Era 2"
    );
    let o = steward(&db, &["--json", "act", "1", r#"{"type":"EndEra"}"#]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["over"], true);
    assert_eq!(v["score"]["rows"][0]["title"], "The King is displeased.");
    let o = steward(&db, &["history"]);
    assert!(
        stdout(&o).contains(
            "#1 nine-estates Ana [finished] 5 actions, score -4 — The King is displeased."
        ),
        "{}",
        stdout(&o)
    );
    let o = steward(&db, &["record", "1"]);
    assert!(
        stdout(&o).contains("2. Era 1, round 1: passed"),
        "{}",
        stdout(&o)
    );
    let o = steward(&db, &["replay", "1", "2"]);
    assert!(stdout(&o).contains("step 2/5"), "{}", stdout(&o));
}

#[test]
fn exit_codes_tell_refusals_from_usage_errors() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("codes.sqlite3");
    assert!(steward(&db, &["start", "nine-estates", "--player", "Ana"])
        .status
        .success());
    let refused = steward(&db, &["act", "1", r#"{"type":"Pass"}"#]);
    assert_eq!(refused.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("[nine.phase]"));
    assert_eq!(steward(&db, &["frobnicate"]).status.code(), Some(2));
    assert_eq!(steward(&db, &["show", "42"]).status.code(), Some(3));
    assert_eq!(
        steward(&db, &["act", "1", "{not json"]).status.code(),
        Some(5)
    );
    let foreign = dir.path().join("foreign.txt");
    std::fs::write(&foreign, "hello").unwrap();
    let o = steward(&foreign, &["history"]);
    assert_eq!(o.status.code(), Some(4));
    assert!(String::from_utf8_lossy(&o.stderr).contains("not an Estate Steward database"));
    assert_eq!(std::fs::read(&foreign).unwrap(), b"hello");
}

#[test]
fn a_killed_process_loses_no_acknowledged_action() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("crash.sqlite3");
    assert!(steward(
        &db,
        &["start", "nine-estates", "--player", "Ana", "--seed", "9"]
    )
    .status
    .success());
    let mut child = Command::new(BIN)
        .arg("--db")
        .arg(&db)
        .args(["stream", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("stream starts");
    let mut stdin = child.stdin.take().unwrap();
    // Feed far more actions than will be processed before the kill.
    let feeder = std::thread::spawn(move || {
        for _ in 0..100_000 {
            if stdin.write_all(b"pick 0\n").is_err() {
                break;
            }
        }
    });
    let mut reader = BufReader::new(child.stdout.take().unwrap());
    let mut acknowledged = 0usize;
    let mut line = String::new();
    while acknowledged < 150 {
        line.clear();
        if reader.read_line(&mut line).unwrap() == 0 {
            break;
        }
        if let Some(rest) = line.strip_prefix("ack ") {
            acknowledged = rest.split_whitespace().next().unwrap().parse().unwrap();
        }
    }
    // SIGKILL: no chance to flush or close anything.
    child.kill().unwrap();
    let _ = child.wait();
    drop(reader);
    let _ = feeder.join();
    assert!(
        acknowledged >= 150,
        "the stream acknowledged {acknowledged} actions before the kill"
    );

    let o = steward(&db, &["--json", "show", "1"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let kept = v["log"].as_array().unwrap().len();
    assert!(
        kept >= acknowledged,
        "acknowledged {acknowledged}, found {kept} after the kill"
    );
    let conn = rusqlite::Connection::open(&db).unwrap();
    let check: String = conn
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .unwrap();
    assert_eq!(check, "ok");
}

#[test]
fn the_estates_runs_from_the_cli_with_money_hidden_until_peeked() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("estates.sqlite3");
    let o = steward(
        &db,
        &[
            "start",
            "the-estates",
            "--player",
            "Ana",
            "--player",
            "Bo",
            "--player",
            "Cy",
            "--seed",
            "3",
        ],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(steward(
        &db,
        &["act", "1", r#"{"type":"Setup","setup":{"kind":"Draw"}}"#]
    )
    .status
    .success());
    let o = steward(&db, &["--json", "act", "1", r#"{"type":"Stash"}"#]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert!(v["state"].is_null());
    assert!(!String::from_utf8_lossy(&o.stdout).contains("cash"));
    let seat = v["view"]["auctioneer"].as_u64().unwrap() + 1;
    let o = steward(&db, &["--json", "peek", "1", &seat.to_string()]);
    let purse: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(
        (purse["cash"].as_u64(), purse["cash_box"].as_u64()),
        (Some(11), Some(1))
    );
    let refused = steward(&db, &["act", "1", r#"{"type":"Stash"}"#]);
    assert_eq!(refused.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("[estates.one-stash]"));
}

#[test]
fn raise_the_realm_tracker_runs_from_the_cli_and_remembers_a_described_mat() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("realm.sqlite3");
    let ok = |args: &[&str]| {
        let o = steward(&db, args);
        assert!(
            o.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        stdout(&o)
    };
    ok(&["start", "raise-the-realm-live", "--player", "Ana"]);
    ok(&[
        "act",
        "1",
        r#"{"type":"ChooseLeader","seat":0,"leader":"Sorcerer"}"#,
    ]);
    // The mat is not known yet: starting is refused, with its rule.
    let o = steward(
        &db,
        &["act", "1", r#"{"type":"StartGame","first_player":null}"#],
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("[realm.mat-unknown]"));
    let mat = r#"{"type":"DescribeMat","leader":"Sorcerer","mat":{"production":[1,2,2,3,3,4,4,5],"noble":[1,1,2,2,3,3,4,4],"gather":[0,1,1,2,2,3,3,4],"players":1}}"#;
    ok(&["act", "1", mat]);
    ok(&["act", "1", r#"{"type":"StartGame","first_player":null}"#]);
    let shown = ok(&["show", "1"]);
    assert!(shown.contains("Reveal Era 1's Event"), "{shown}");
    // A solo Warden is refused before anything is written.
    ok(&["start", "raise-the-realm-live", "--player", "Bo"]);
    let o = steward(
        &db,
        &[
            "act",
            "2",
            r#"{"type":"ChooseLeader","seat":0,"leader":"Warden"}"#,
        ],
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("[realm.solo-leader]"));
    // The Sorcerer's mat was remembered: a second game starts without describing it.
    ok(&[
        "act",
        "2",
        r#"{"type":"ChooseLeader","seat":0,"leader":"Sorcerer"}"#,
    ]);
    ok(&["act", "2", r#"{"type":"StartGame","first_player":0}"#]);
    let cat = ok(&["catalogue", "raise-the-realm-live"]);
    assert!(cat.contains("mat:Sorcerer"), "{cat}");
}
