//! Middle Ages from the real `steward` binary: start a seeded game, act with JSON, stream actions,
//! see a refusal named by its rule, and play to the scoresheet with `act --pick`.

use std::io::Write;
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

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn json(db: &Path, args: &[&str]) -> serde_json::Value {
    let mut all = vec!["--json"];
    all.extend_from_slice(args);
    let o = steward(db, &all);
    assert!(o.status.success(), "{args:?}: {}", text(&o.stderr));
    serde_json::from_slice(&o.stdout).expect("JSON out")
}

/// Game 1's `stream`: each line sent, what it answered (stdout).
fn stream(db: &Path, lines: &[&str]) -> String {
    let mut child = Command::new(BIN)
        .arg("--db")
        .arg(db)
        .args(["stream", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("stream");
    {
        let stdin = child.stdin.as_mut().expect("stdin");
        for line in lines {
            writeln!(stdin, "{line}").expect("write");
        }
    }
    let out = child.wait_with_output().expect("stream ends");
    text(&out.stdout)
}

#[test]
fn a_seeded_middle_ages_game_plays_to_its_scoresheet_from_the_cli() {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("middle.sqlite3");
    let o = steward(
        &db,
        &[
            "start",
            "middle-ages",
            "--player",
            "Ana",
            "--player",
            "Bo",
            "--player",
            "Cy",
            "--seed",
            "8",
        ],
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(text(&o.stdout).contains("started game #1"));
    assert!(text(&o.stdout).contains("Draw the four rows"));

    // Out of its phase: refused with its rule, exit code 1, nothing stored.
    let refused = steward(
        &db,
        &["act", "1", r#"{"type":"Take","to":{"row":1,"slot":0}}"#],
    );
    assert_eq!(refused.status.code(), Some(1));
    assert!(
        text(&refused.stderr).contains("[middle.phase]"),
        "{}",
        text(&refused.stderr)
    );

    // The same seed draws the same rows.
    let drawn = json(&db, &["act", "1", r#"{"type":"LayRows","rows":null}"#]);
    let rows = drawn["state"]["rows"].clone();
    assert_eq!(rows.as_array().map(Vec::len), Some(4));

    // A stream of actions: JSON and picks, each acknowledged once stored.
    let lines = stream(
        &db,
        &[
            r#"{"type":"ChooseFirst","seat":1}"#,
            r#"{"type":"PlaceLord","at":{"row":1,"slot":0}}"#,
            "pick 0",
            "pick 0",
            "pick 0",
        ],
    );
    let lines: Vec<&str> = lines.lines().collect();
    assert_eq!(lines[0], "ack 2 Bo places a Lord first");
    assert!(
        lines[1].starts_with("err 2 ") && lines[1].contains("[middle.top-row]"),
        "{}",
        lines[1]
    );
    assert!(lines[2].starts_with("ack 3 Bo places their Lord on row 1"));
    assert!(lines[4].starts_with("ack 5 Ana places their Lord"));
    assert!(lines[4].contains("round 1 begins"), "{}", lines[4]);

    // Then only offered actions, to the end.
    let mut steps = 0;
    loop {
        let v = json(&db, &["act", "1", "--pick", "0"]);
        steps += 1;
        if v["over"] == true {
            let rows = v["score"]["rows"].as_array().expect("rows").clone();
            assert_eq!(rows.len(), 3);
            assert!(rows.iter().any(|r| r["winner"] == true));
            assert_eq!(
                v["score"]["categories"],
                serde_json::json!(["Coins", "Empty estates"])
            );
            break;
        }
        assert!(steps < 200, "the game did not end");
    }
    let state = json(&db, &["show", "1"]);
    assert_eq!(state["state"]["events"].as_array().map(Vec::len), Some(4));
    let o = steward(&db, &["history"]);
    assert!(
        text(&o.stdout).contains("middle-ages"),
        "{}",
        text(&o.stdout)
    );
    assert!(
        text(&o.stdout).contains("[finished]"),
        "{}",
        text(&o.stdout)
    );
    let o = steward(&db, &["record", "1"]);
    assert!(
        text(&o.stdout).contains("Event of round 4"),
        "{}",
        text(&o.stdout)
    );
    let after = steward(&db, &["act", "1", "--pick", "0"]);
    assert_ne!(
        after.status.code(),
        Some(0),
        "nothing is offered once it is over"
    );
}

/// #35 item 4 from the CLI: a table that adds the Orange Deck (003 line 19) is offered no draw
/// once the bag is short, a draw is refused with the reason, and the row the table lays is kept.
#[test]
fn an_orange_deck_table_lays_its_row_once_the_bag_runs_out_from_the_cli() {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = dir.path().join("orange.sqlite3");
    let mut args = vec!["start", "middle-ages"];
    for p in ["Ana", "Bo", "Cy", "Di", "Ed"] {
        args.extend(["--player", p]);
    }
    args.extend([
        "--seed",
        "3",
        "--options",
        r#"{"when_tiles_run_out":"OrangeDeck"}"#,
    ]);
    let o = steward(&db, &args);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let shown = json(&db, &["show", "1"]);
    assert_eq!(
        shown["state"]["run_out"], "OrangeDeck",
        "the choice is kept"
    );
    // #35 item 5 from the CLI: before the last round the score is the coins, the penalty apart.
    assert_eq!(shown["score"]["categories"], serde_json::json!(["Coins"]));
    assert_eq!(shown["view"]["players"][0]["penalty"], 80);
    assert_eq!(shown["view"]["players"][0]["total"], 0);

    // Offered actions only, until nothing is offered: the refill the bag cannot fill.
    let lines = stream(&db, &["pick 0"; 400]);
    let first_err = lines
        .lines()
        .find(|l| l.starts_with("err"))
        .unwrap_or_else(|| panic!("the stream never ran out of offers:\n{lines}"));
    let shown = json(&db, &["show", "1"]);
    assert_eq!(shown["state"]["phase"]["kind"], "RefillDue", "{first_err}");
    assert_eq!(
        shown["view"]["bag"], 0,
        "five players empty the bag exactly"
    );

    let drawn = steward(&db, &["act", "1", r#"{"type":"Refill","tiles":null}"#]);
    assert_eq!(drawn.status.code(), Some(1));
    assert!(
        text(&drawn.stderr).contains("[middle.orange-deck]")
            && text(&drawn.stderr).contains("lay 6 tiles from the Orange Deck"),
        "{}",
        text(&drawn.stderr)
    );
    let laid = steward(
        &db,
        &[
            "act",
            "1",
            r#"{"type":"Refill","tiles":["Field","Field","Mill","Mill","Palace","Palace"]}"#,
        ],
    );
    assert!(laid.status.success(), "{}", text(&laid.stderr));
    assert!(
        text(&laid.stdout).contains("6 new tiles from the Orange Deck"),
        "{}",
        text(&laid.stdout)
    );
    let shown = json(&db, &["show", "1"]);
    assert_eq!(shown["view"]["orange"], 6);
}
