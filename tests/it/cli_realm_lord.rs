//! Realm Lord from the real `steward` binary: a game started with `steward start realm-lord`,
//! played through `act` and a `stream` (acknowledged lines, a refused die, undo and redo) to the
//! target; a second game remembers the Realms, the Lords and the target; the scorepad mode.

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
        .unwrap_or_else(|e| panic!("the steward binary runs: {e}"))
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

fn json(db: &Path, args: &[&str]) -> serde_json::Value {
    let mut all = vec!["--json"];
    all.extend_from_slice(args);
    serde_json::from_str(&ok(db, &all)).unwrap_or_else(|e| panic!("{e}"))
}

/// Feed `lines` to `steward stream <id>` and return what it printed; `code` is the exit code
/// expected (that of the first line that failed, 0 when none did).
fn stream(db: &Path, id: &str, lines: &[&str], code: i32) -> Vec<String> {
    let mut child = Command::new(BIN)
        .arg("--db")
        .arg(db)
        .args(["stream", id])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("stream starts: {e}"));
    {
        let mut stdin = child.stdin.take().unwrap_or_else(|| panic!("stdin"));
        for l in lines {
            writeln!(stdin, "{l}").unwrap_or_else(|e| panic!("{e}"));
        }
    }
    let out = child.wait_with_output().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(out.status.code(), Some(code));
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

const REALMS: &str = r#"["Darkthorn","Mysteria","Blackboil","Frostvale","Emberfall","Stormreach"]"#;

#[test]
fn realm_lord_is_playable_from_start_to_target_through_act_and_stream() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let db = dir.path().join("realm-lord.sqlite3");
    let started = ok(
        &db,
        &[
            "start",
            "realm-lord",
            "--player",
            "Ana",
            "--player",
            "Bo",
            "--seed",
            "4",
        ],
    );
    assert!(started.contains("started game #1"), "{started}");
    // A target of 0 is refused with its rule (exit code 1), and nothing is written.
    let o = steward(
        &db,
        &["act", "1", r#"{"type":"ConfirmTarget","hope_stones":0}"#],
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("[realm-lord.target-range]"));
    ok(
        &db,
        &["act", "1", r#"{"type":"ConfirmTarget","hope_stones":4}"#],
    );
    let names = format!(r#"{{"type":"NameRealms","names":{REALMS}}}"#);
    let out = stream(
        &db,
        "1",
        &[
            &names,
            r#"{"type":"RevealLord","seat":0,"name":"Thraken The Deceiver","facts":{"homeland":"Darkthorn","valor":2,"might":3,"craft":1,"magic":2}}"#,
            r#"{"type":"RevealLord","seat":1,"name":"Lyra","facts":{"homeland":"Mysteria","valor":1,"might":1,"craft":2,"magic":4}}"#,
            r#"{"type":"StartGame","first":0}"#,
            r#"{"type":"Draw"}"#,
            r#"{"type":"PlayQuest","name":"Troll Bridge","facts":{"kind":"Might","difficulty":7,"hope":3,"location":"Darkthorn"}}"#,
            r#"{"type":"Quest","hero":{"kind":"Lord","seat":0},"die":7}"#,
            r#"{"type":"Quest","hero":{"kind":"Lord","seat":0},"die":5}"#,
            r#"{"type":"PlayHero","name":"Dirk","facts":{"valor":1,"might":3,"craft":0,"magic":0}}"#,
            r#"{"type":"EndTurn"}"#,
            "pick 0",
            "undo",
            "redo",
            r#"{"type":"EndTurn"}"#,
            r#"{"type":"Draw"}"#,
            r#"{"type":"PlayQuest","name":"Dark Bargain","facts":{"kind":"Magic","difficulty":3,"hope":1,"location":"Darkthorn"}}"#,
            r#"{"type":"Quest","hero":{"kind":"Lord","seat":0},"die":2}"#,
        ],
        1, // the refused die
    );
    assert_eq!(out.len(), 17, "{out:#?}");
    assert!(
        out[6].starts_with("err 7 ") && out[6].contains("[realm-lord.die-range]"),
        "{}",
        out[6]
    );
    assert!(
        out[7].contains(
            "goes on Troll Bridge: die 5 + Might 3 = 8 against 7: completed, +3 Hope Stones"
        ),
        "{}",
        out[7]
    );
    assert!(
        out[10].starts_with("ack 11 Bo draws 2 cards"),
        "{}",
        out[10]
    );
    assert!(out[11].starts_with("ack 10 Undid:"), "{}", out[11]);
    assert!(out[12].starts_with("ack 11 Redid:"), "{}", out[12]);
    assert!(
        out[16].ends_with("Ana wins with 4 Hope Stones"),
        "{}",
        out[16]
    );

    let v = json(&db, &["show", "1"]);
    assert_eq!(v["over"], true);
    assert_eq!(v["score"]["rows"][0]["name"], "Ana");
    assert_eq!(v["score"]["rows"][0]["total"], 4);
    assert_eq!(v["score"]["rows"][0]["winner"], true);
    let history = ok(&db, &["history"]);
    assert!(
        history.contains("#1 realm-lord Ana, Bo [finished]"),
        "{history}"
    );
    let cat = ok(&db, &["catalogue", "realm-lord"]);
    for key in [
        "realms",
        "target",
        "lord:Thraken The Deceiver",
        "hero:Dirk",
        "quest:Dark Bargain",
    ] {
        assert!(cat.contains(key), "{key} not remembered: {cat}");
    }

    a_second_game_remembers_the_first(&db);
}

/// A second game: the Realms are named, the last target is suggested, the Lords known.
fn a_second_game_remembers_the_first(db: &Path) {
    ok(
        db,
        &["start", "realm-lord", "--player", "Ana", "--player", "Bo"],
    );
    let v = json(db, &["show", "2"]);
    assert_eq!(v["view"]["state"]["realms_named"], true);
    assert_eq!(v["view"]["state"]["suggested_target"], 4);
    assert_eq!(v["view"]["state"]["target"], serde_json::Value::Null);
    assert_eq!(
        v["allowed"][0]["label"],
        "Confirm the target: 4 Hope Stones"
    );
    ok(db, &["act", "2", "--pick", "0"]);
    ok(
        db,
        &[
            "act",
            "2",
            r#"{"type":"RevealLord","seat":1,"name":"Thraken The Deceiver"}"#,
        ],
    );
    let o = steward(
        db,
        &[
            "act",
            "2",
            r#"{"type":"RevealLord","seat":0,"name":"Thraken The Deceiver"}"#,
        ],
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("[realm-lord.lord-taken]"));
}

#[test]
fn the_hope_stone_scorepad_runs_from_the_cli() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let db = dir.path().join("pad.sqlite3");
    ok(
        &db,
        &[
            "start",
            "realm-lord-scorepad",
            "--player",
            "Ana",
            "--player",
            "Bo",
            "--player",
            "Cy",
        ],
    );
    let o = steward(
        &db,
        &[
            "act",
            "1",
            r#"{"type":"Record","changes":[{"seat":0,"delta":2}]}"#,
        ],
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("[realm-lord.target-unconfirmed]"));
    let out = stream(
        &db,
        "1",
        &[
            r#"{"type":"ConfirmTarget","hope_stones":5}"#,
            r#"{"type":"Record","changes":[{"seat":0,"delta":3}]}"#,
            r#"{"type":"Record","changes":[{"seat":1,"delta":4},{"seat":2,"delta":2}]}"#,
            r#"{"type":"Record","changes":[{"seat":0,"delta":2},{"seat":1,"delta":2}]}"#,
        ],
        0,
    );
    assert_eq!(out.len(), 4, "{out:#?}");
    assert!(out[3].contains("Bo wins"), "{}", out[3]);
    let v = json(&db, &["show", "1"]);
    assert_eq!(v["over"], true);
    let totals: Vec<i64> = v["score"]["rows"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|r| r["total"].as_i64().unwrap_or(-1))
        .collect();
    assert_eq!(totals, vec![5, 6, 2]);
    assert_eq!(v["score"]["rows"][1]["winner"], true);
    assert_eq!(
        v["score"]["rows"][0]["winner"], false,
        "the most Hope Stones win"
    );
}
