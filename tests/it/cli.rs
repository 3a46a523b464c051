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
    // As JSON the refusal carries its rule's plain sentence and rulebook citation.
    let refused = steward(&db, &["--json", "act", "1", r#"{"type":"Pass"}"#]);
    assert_eq!(refused.status.code(), Some(1));
    let e: serde_json::Value =
        serde_json::from_slice(&refused.stderr).expect("the refusal as JSON");
    assert_eq!(e["kind"], "Rule");
    assert_eq!(e["rule"], "nine.phase");
    assert!(
        e["why"]["says"].as_str().is_some_and(|s| !s.is_empty()),
        "{e}"
    );
    assert!(
        e["why"]["cite"]
            .as_str()
            .is_some_and(|c| c.starts_with("001")),
        "{e}"
    );
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

#[test]
fn nine_estates_round_two_of_a_one_to_nine_deal_starts_with_card_1_in_the_centre() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("nine-round2.sqlite3");
    let ok = |args: &[&str]| {
        let o = steward(&db, args);
        assert!(
            o.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        stdout(&o)
    };
    ok(&["start", "nine-estates", "--player", "Ana"]);
    let deck: Vec<String> = (1..=9)
        .map(|c| format!(r#"{{"card":{c},"upright":true}}"#))
        .collect();
    let deal = format!(
        r#"{{"type":"Deal","deal":{{"kind":"Recorded","grid":[[7,8,9],[4,5,6],[1,2,3]],"deck":[{}]}}}}"#,
        deck.join(",")
    );
    ok(&["act", "1", &deal]);
    // Nine passes: cards 1 to 9 go onto the discard pile in that order, and the deck runs out.
    for _ in 0..9 {
        ok(&["act", "1", r#"{"type":"Pass"}"#]);
    }
    let shown = ok(&["show", "1"]);
    assert!(shown.contains("Keep the deck as it is"), "{shown}");
    ok(&[
        "act",
        "1",
        r#"{"type":"ChooseRoundEnd","choice":{"kind":"Keep"}}"#,
    ]);
    let o = steward(&db, &["--json", "show", "1"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["view"]["round"], 2);
    let centre = v["view"]["active"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["slot"] == "Centre")
        .cloned();
    // Line 75: the pile turned over puts card 1, discarded first, on top of the new deck.
    assert_eq!(centre.map(|c| c["card"].clone()), Some(1.into()), "{v}");
    let left = v["view"]["active"][0].clone();
    assert_eq!(
        (left["slot"].clone(), left["card"].clone()),
        ("Left".into(), 2.into())
    );
    let shown = ok(&["show", "1"]);
    assert!(
        shown.contains("kept the deck as it is"),
        "the log says what was chosen: {shown}"
    );
}

// ---- the store and input (issue 10) ---------------------------------------------------------

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn people_in(db: &Path) -> i64 {
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.query_row("SELECT count(*) FROM people", [], |r| r.get(0))
        .unwrap()
}

#[test]
fn a_refused_start_saves_no_one() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("start.sqlite3");
    let refused: [&[&str]; 6] = [
        &["start", "nine-estates", "--player", "Ana", "--player", "Bo"],
        &["start", "chess", "--player", "Ana"],
        &[
            "start",
            "nine-estates",
            "--player",
            "Ana",
            "--options",
            "{bad",
        ],
        &["start", "the-estates", "--player", "Ana", "--player", "ana"],
        &[
            "start",
            "the-estates",
            "--player",
            "Ana",
            "--player",
            "Bo",
            "--options",
            r#"{"all_money_score":true}"#,
        ],
        &["start", "the-estates", "--player", "Ana", "--player", "#42"],
    ];
    for args in refused {
        let o = steward(&db, args);
        assert!(!o.status.success(), "{args:?} was accepted");
        assert_eq!(people_in(&db), 0, "{args:?} saved people: {}", stderr(&o));
    }
    let two_solo = steward(&db, refused[0]);
    assert!(
        stderr(&two_solo).contains("Count of the Nine Estates takes 1 player, not 2"),
        "{}",
        stderr(&two_solo)
    );
    let o = steward(
        &db,
        &["start", "the-estates", "--player", "Ana", "--player", "Bo"],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(people_in(&db), 2);
}

#[test]
fn a_stream_answers_every_line_and_fails_at_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("stream.sqlite3");
    assert!(steward(&db, &["start", "nine-estates", "--player", "Ana"])
        .status
        .success());
    let mut child = Command::new(BIN)
        .arg("--db")
        .arg(&db)
        .args(["stream", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let input: &[u8] = b"{not json\npick 99\n\xff\xfe bytes\n\n{\"type\":\"Deal\",\"deal\":{\"kind\":\"Shuffle\"}}\n{\"type\":\"Pass\",\"type\":\"EndEra\"}\n{\"type\":\"Pass\"}\n";
    child.stdin.take().unwrap().write_all(input).unwrap();
    let o = child.wait_with_output().unwrap();
    let lines: Vec<String> = stdout(&o).lines().map(str::to_string).collect();
    assert_eq!(lines.len(), 6, "{lines:?}");
    assert!(
        lines[0].starts_with("err 1 action: not valid JSON"),
        "{lines:?}"
    );
    assert!(
        lines[1].starts_with("err 2 pick: there is no action 99"),
        "{lines:?}"
    );
    assert!(lines[2].starts_with("err 3 line: not UTF-8"), "{lines:?}");
    assert!(lines[3].starts_with("ack 1 "), "{lines:?}");
    assert!(lines[4].starts_with("err 6 ") && lines[4].contains("'type' appears twice"));
    assert!(
        lines[5].starts_with("ack 2 ") && lines[5].ends_with("passed"),
        "{lines:?}"
    );
    assert_eq!(o.status.code(), Some(5), "the first failed line's code");
}

#[test]
fn a_stream_of_good_lines_exits_zero_and_a_refusal_exits_one() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("stream.sqlite3");
    assert!(steward(&db, &["start", "nine-estates", "--player", "Ana"])
        .status
        .success());
    let run = |input: &'static [u8]| {
        let mut child = Command::new(BIN)
            .arg("--db")
            .arg(&db)
            .args(["stream", "1"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(input).unwrap();
        child.wait_with_output().unwrap()
    };
    let o = run(b"pick 0\nundo\nredo\n");
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    // Dealt already: the deal is refused by the rules, and the undo after it still runs.
    let o = run(b"{\"type\":\"Deal\",\"deal\":{\"kind\":\"Shuffle\"}}\nundo\n");
    let out = stdout(&o);
    assert!(
        out.lines()
            .next()
            .unwrap_or("")
            .starts_with("err 1 refused"),
        "{out}"
    );
    assert!(out.contains("ack 0 Undid"), "{out}");
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert_eq!(
        steward(&db, &["stream", "9"]).status.code(),
        Some(3),
        "a missing game ends the stream before any line"
    );
}

#[test]
fn unknown_fields_and_repeated_keys_are_refused_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("strict.sqlite3");
    for args in [
        &[
            "start",
            "the-estates",
            "--player",
            "Ana",
            "--player",
            "Bo",
            "--seed",
            "3",
        ][..],
        &["act", "1", r#"{"type":"Setup","setup":{"kind":"Draw"}}"#],
        &["act", "1", r#"{"type":"Stash"}"#],
    ] {
        let o = steward(&db, args);
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    }
    let o = steward(&db, &["--json", "show", "1"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let choose = v["allowed"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["group"] == "choose")
        .unwrap()["action"]
        .to_string();
    assert!(steward(&db, &["act", "1", &choose]).status.success());
    let o = steward(&db, &["act", "1", r#"{"type":"Bid","amount":1,"seat":1}"#]);
    assert_eq!(o.status.code(), Some(5), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("action.seat: unknown field 'seat'"),
        "{}",
        stderr(&o)
    );
    let o = steward(&db, &["act", "1", r#"{"type":"Pass","type":"Stash"}"#]);
    assert_eq!(o.status.code(), Some(5));
    assert!(
        stderr(&o).contains("'type' appears twice"),
        "{}",
        stderr(&o)
    );
    let o = steward(
        &db,
        &[
            "start",
            "the-estates",
            "--player",
            "Ana",
            "--player",
            "Bo",
            "--options",
            r#"{"all_money_score":true}"#,
        ],
    );
    assert_eq!(o.status.code(), Some(5));
    assert!(
        stderr(&o).contains("options.all_money_score: unknown field"),
        "{}",
        stderr(&o)
    );
    let o = steward(
        &db,
        &[
            "catalogue-set",
            "nine-estates",
            "estate:5",
            r#"{"name":"Abbey","cost":["Stone"],"provides":["Stone"],"shields":3,"sheilds":2}"#,
        ],
    );
    assert_eq!(o.status.code(), Some(5), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("value.sheilds: unknown field"),
        "{}",
        stderr(&o)
    );
    let o = steward(&db, &["--json", "show", "1"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(
        v["log"].as_array().map(Vec::len),
        Some(3),
        "nothing refused was stored"
    );
}

#[test]
fn messages_are_plain_short_and_escape_what_they_echo() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("words.sqlite3");
    assert!(steward(&db, &["start", "nine-estates", "--player", "Ana"])
        .status
        .success());
    let o = steward(&db, &["act", "1", r#"{"type":"Fly"}"#]);
    let e = stderr(&o);
    assert_eq!(e.matches("action:").count(), 1, "{e}");
    for jargon in ["variant", "`", "expected one of", "line 1 column"] {
        assert!(!e.contains(jargon), "'{jargon}' in {e}");
    }
    let long = format!(r#"{{"type":"{}"}}"#, "x".repeat(500));
    let e = stderr(&steward(&db, &["act", "1", &long]));
    assert!(e.len() < 400 && !e.contains(&"x".repeat(81)), "{e}");
    let e = stderr(&steward(
        &db,
        &["act", "1", r#"{"type":"Describe","card":5}"#],
    ));
    assert!(!e.contains("invalid type") && !e.contains("u8"), "{e}");
    let o = steward(
        &db,
        &["start", "nine-estates", "--player", "Bo\u{1b}[2J\nEve"],
    );
    assert_eq!(o.status.code(), Some(5));
    let e = stderr(&o);
    assert!(!e.contains('\u{1b}') && e.contains("\\u{1b}"), "{e}");
}

#[test]
fn a_corrupt_stored_entry_is_a_database_error() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("corrupt.sqlite3");
    assert!(steward(&db, &["start", "nine-estates", "--player", "Ana"])
        .status
        .success());
    assert!(steward(&db, &["act", "1", "--pick", "0"]).status.success());
    {
        let conn = rusqlite::Connection::open(&db).unwrap();
        conn.execute("UPDATE events SET events = '[{\"type\":\"Nonsense\"}]'", [])
            .unwrap();
    }
    let o = steward(&db, &["show", "1"]);
    assert_eq!(o.status.code(), Some(4), "{}", stderr(&o));
    assert!(stderr(&o).contains("game #1"), "{}", stderr(&o));
}

#[test]
fn the_cli_finds_the_database_where_the_app_does() {
    use estate_steward::store::location;
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let run = |env: Option<&Path>| {
        let mut c = Command::new(BIN);
        c.args(["people", "add", "Ana"])
            .env("XDG_DATA_HOME", &data)
            .env("HOME", dir.path())
            .env_remove(location::DB_ENV);
        if let Some(p) = env {
            c.env(location::DB_ENV, p);
        }
        let o = c.output().unwrap();
        assert!(o.status.success(), "{}", stderr(&o));
    };
    run(None);
    let by_data = location::resolve(None, None, Some(data.clone()));
    assert!(by_data.is_file(), "{} was not created", by_data.display());
    let by_env = dir.path().join("env.sqlite3");
    run(Some(&by_env));
    assert_eq!(
        location::resolve(None, Some(by_env.clone().into_os_string()), Some(data)),
        by_env
    );
    assert!(by_env.is_file());
}

/// `--options` describing a card passes the same checks as describing it in play or with
/// `catalogue-set`: a card the rules refuse is refused at the start, naming its rule, and no
/// game is stored.
#[test]
fn options_describing_cards_get_the_checks_a_description_in_play_gets() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("t.sqlite3");
    let cases = [
        (
            "nine-estates",
            1,
            r#"{"catalogue":{"estates":{"12":{"name":"Abbey","cost":["Stone"],"provides":["Stone"],"shields":3}}}}"#,
            "[nine.card-description]",
        ),
        (
            "raise-the-realm-live",
            2,
            r#"{"catalogue":{"mats":{"Nobody":{"production":[0,1,2,3],"noble":[0,1,2,3],"gather":[0,1,2,3],"players":1}}}}"#,
            "[realm.leader]",
        ),
        (
            "middle-ages",
            2,
            r#"{"known_events":["  "]}"#,
            "[middle.event-name]",
        ),
        (
            "realm-lord",
            2,
            r#"{"catalogue":{"heroes":{"Dirk":{"valor":99,"might":0,"craft":0,"magic":0}}}}"#,
            "[realm-lord.",
        ),
    ];
    for (game, players, options, rule) in cases {
        let mut args = vec!["start", game];
        for name in ["Ana", "Bo"].iter().take(players) {
            args.extend(["--player", name]);
        }
        args.extend(["--options", options]);
        let o = steward(&db, &args);
        assert_eq!(o.status.code(), Some(1), "{game}: {}", stderr(&o));
        assert!(stderr(&o).contains(rule), "{game}: {}", stderr(&o));
    }
    let o = steward(&db, &["--json", "history"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap_or_default();
    assert_eq!(
        v.as_array().map(Vec::len),
        Some(0),
        "no game was stored: {v}"
    );
}

#[test]
fn options_of_the_wrong_shape_are_refused_by_place_and_nothing_is_saved() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("options.sqlite3");
    for (options, says) in [
        (
            "[]",
            "a record of named fields is expected here, not a list",
        ),
        (r#"{"all_money_scores": 1}"#, "true or false"),
    ] {
        let o = steward(
            &db,
            &[
                "start",
                "the-estates",
                "--player",
                "Ana",
                "--player",
                "Bo",
                "--options",
                options,
            ],
        );
        assert_eq!(o.status.code(), Some(5), "{options}");
        let said = String::from_utf8_lossy(&o.stderr);
        assert!(said.contains(says), "{options}: {said}");
    }
    let o = steward(&db, &["--json", "history"]);
    assert_eq!(String::from_utf8_lossy(&o.stdout).trim(), "[]");
}
