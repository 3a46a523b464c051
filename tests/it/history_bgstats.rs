//! BG Stats JSON through the real `steward` binary: a file written from the format notes with
//! their traps imports (plays of hosted games as results-only records, people by name, others
//! skipped and listed); our export has the field types BG Stats writes and comes back in; a
//! file whose records do not hold together is refused whole and changes nothing.

use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn steward(db: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_steward"))
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

fn sample() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/bgstats-sample.json")
}

fn dump(db: &Path) -> Vec<String> {
    let conn = rusqlite::Connection::open(db).unwrap();
    let mut out = Vec::new();
    for table in ["people", "games", "seats", "results"] {
        let mut stmt = conn.prepare(&format!("SELECT * FROM {table}")).unwrap();
        let width = stmt.column_count();
        let rows = stmt
            .query_map([], |r| {
                (0..width)
                    .map(|i| r.get::<_, rusqlite::types::Value>(i))
                    .collect::<Result<Vec<_>, _>>()
            })
            .unwrap();
        out.extend(rows.map(|r| format!("{table} {:?}", r.unwrap())));
    }
    out
}

#[test]
fn a_file_with_the_formats_traps_imports_and_reports_what_it_skipped() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("bg.sqlite3");
    ok(&db, &["people", "add", "ana"]);
    let said = ok(&db, &["import", sample().to_str().unwrap()]);
    for line in [
        "imported bgstats file: 3 games added, 0 already here",
        "people created: Bo, Cy",
        "people matched: ana",
        "skipped: Estate: Raise the Realm on 2025-02-02: no score for Ana",
        "skipped: Middle Ages on 2025-02-03: ignored in BG Stats' statistics",
        "skipped: Middle Ages on 2025-02-04: no score for Ana",
        "skipped: 1 play of Catan: not a game hosted here",
        "skipped: 1 play of Hanabi: not a game hosted here",
    ] {
        assert!(said.contains(line), "{line}\n{said}");
    }
    let history: Value = serde_json::from_str(&ok(&db, &["--json", "history"])).unwrap();
    let rows = history.as_array().unwrap();
    assert_eq!(rows.len(), 3);
    // Newest first: the solo Raise the Realm, then the two Middle Ages plays.
    assert_eq!(rows[0]["game"], "raise-the-realm");
    assert_eq!(rows[0]["played_on"], "2025-02-01");
    assert_eq!(rows[0]["winners"], json!([]), "a solo game has no winner");
    assert_eq!(
        rows[2]["players"],
        json!(["ana", "Bo"]),
        "seat order from seatOrder"
    );
    assert_eq!(rows[2]["winners"], json!(["ana"]));
    let tie: Value = serde_json::from_str(&ok(&db, &["--json", "record", "2"])).unwrap();
    let ranks: Vec<(String, i64, bool)> = tie["score"]["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["name"].as_str().unwrap().to_string(),
                r["rank"].as_i64().unwrap(),
                r["winner"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        ranks,
        [
            ("ana".to_string(), 2, false),
            ("Bo".to_string(), 1, true),
            ("Cy".to_string(), 3, false)
        ],
        "rank 0 is unset: ranks from the winner flag (1/0) and the scores"
    );
    let stats: Value =
        serde_json::from_str(&ok(&db, &["--json", "stats", "--game", "raise-the-realm"])).unwrap();
    assert_eq!(stats["games"][0]["by_role"][0]["role"], "Trade Queen");
    // The same file again adds nothing.
    let before = dump(&db);
    let said = ok(&db, &["import", sample().to_str().unwrap()]);
    assert!(said.contains("0 games added, 3 already here"), "{said}");
    assert_eq!(dump(&db), before);
}

#[test]
fn our_export_has_bgstats_types_and_imports_back() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a.sqlite3"), dir.path().join("b.sqlite3"));
    ok(
        &a,
        &[
            "record-result",
            "middle-ages",
            "--player",
            "Ana:61",
            "--player",
            "Bo:58",
            "--date",
            "2025-01-04",
        ],
    );
    ok(
        &a,
        &[
            "record-result",
            "raise-the-realm",
            "--player",
            "Cy:72",
            "--title",
            "Lord",
            "--role",
            "Cy:Trade Queen",
        ],
    );
    ok(
        &a,
        &[
            "record-result",
            "raise-the-realm-live",
            "--player",
            "Ana:50",
            "--player",
            "Cy:40",
        ],
    );
    ok(&a, &["start", "nine-estates", "--player", "Ana"]);
    let file = dir.path().join("bg.json");
    let said = ok(
        &a,
        &[
            "export",
            "--format",
            "bgstats",
            "--out",
            file.to_str().unwrap(),
        ],
    );
    assert!(said.contains("exported 3 games"), "{said}");
    let v: Value = serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
    let games = v["games"].as_array().unwrap();
    assert_eq!(
        games.len(),
        2,
        "the tracker and the scorepad are one BG Stats game"
    );
    assert_eq!(games[1]["name"], "Estate: Raise the Realm");
    assert!(games[0]["isBaseGame"].is_i64() && games[0]["highestWins"].is_boolean());
    assert!(games[0]["metaData"].is_string() && games[0]["uuid"].is_string());
    let play = &v["plays"][0];
    assert!(play["playDate"]
        .as_str()
        .unwrap()
        .starts_with("2025-01-04 "));
    assert_eq!(play["playImages"], "[]");
    assert!(play["gameRefId"].is_i64() && play["ignored"].is_boolean());
    let score = &play["playerScores"][0];
    assert_eq!(score["score"], "61", "scores are text");
    assert!(score["winner"].is_boolean() && score["rank"].is_i64() && score["seatOrder"].is_i64());
    assert_eq!(v["plays"][1]["playerScores"][0]["role"], "Trade Queen");
    assert!(v["userInfo"]["meRefId"].is_i64());
    assert_eq!(v["players"][0]["isAnonymous"], false);

    let said = ok(&b, &["import", file.to_str().unwrap()]);
    assert!(said.contains("3 games added"), "{said}");
    let shown = |db: &Path| -> Vec<(String, String, String)> {
        let h: Value =
            serde_json::from_str(&ok(db, &["--json", "history", "--status", "finished"])).unwrap();
        h.as_array()
            .unwrap()
            .iter()
            .map(|g| {
                (
                    g["players"].to_string(),
                    g["score"].to_string(),
                    g["played_on"].to_string(),
                )
            })
            .collect()
    };
    assert_eq!(shown(&a), shown(&b));
    let said = ok(&a, &["import", file.to_str().unwrap()]);
    assert!(said.contains("0 games added, 3 already here"), "{said}");
}

#[test]
fn a_file_whose_records_do_not_hold_together_is_refused_whole() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("bg.sqlite3");
    ok(
        &db,
        &[
            "record-result",
            "middle-ages",
            "--player",
            "Di:3",
            "--player",
            "Ed:4",
        ],
    );
    let before = dump(&db);
    let text = std::fs::read_to_string(sample()).unwrap();
    let original: Value = serde_json::from_str(&text).unwrap();
    let altered = |change: &dyn Fn(&mut Value)| {
        let mut v = original.clone();
        change(&mut v);
        v.to_string()
    };
    let cases: Vec<(String, &str)> = vec![
        (text[..text.len() * 2 / 3].to_string(), "line "),
        (
            altered(&|v| v["plays"][7]["gameRefId"] = json!(99)),
            "plays[7].gameRefId: 99 is not one of the file's games",
        ),
        (
            altered(&|v| v["plays"][1]["playerScores"][2]["playerRefId"] = json!(9)),
            "plays[1].playerScores[2].playerRefId",
        ),
        (
            altered(&|v| v["plays"][0]["playDate"] = json!("soon")),
            "plays[0].playDate",
        ),
        (
            altered(&|v| v["plays"][0]["playerScores"][0]["winner"] = json!("yes")),
            "expected true/false or 1/0",
        ),
        (altered(&|v| v["plays"] = json!({})), "invalid type: map"),
    ];
    for (i, (content, said)) in cases.iter().enumerate() {
        let bad = dir.path().join(format!("bad{i}.json"));
        std::fs::write(&bad, content).unwrap();
        let o = steward(&db, &["import", bad.to_str().unwrap()]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(5), "case {i}: {err}");
        assert!(err.contains(said), "case {i}: {err}");
        assert_eq!(dump(&db), before, "case {i} changed the database");
    }
}
