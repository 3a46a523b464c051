//! BG Stats JSON through the real `steward` binary: a file written from the format notes with
//! their traps imports (plays of hosted games as results-only records, people by name, others
//! skipped and listed); our export has the field types BG Stats writes and comes back in; a
//! file whose records do not hold together is refused whole and changes nothing.

use crate::common::{ok, steward};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};

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
        "imported bgstats file: 5 games added, 0 already here",
        "people created: Bo, Cy",
        "people matched: ana",
        "skipped: Middle Ages on 2025-02-03: ignored in BG Stats' statistics",
        "skipped: 1 play of Catan: not a game hosted here",
        "skipped: 1 play of Hanabi: not a game hosted here",
    ] {
        assert!(said.contains(line), "{line}\n{said}");
    }
    assert!(
        !said.contains("no score"),
        "plays without scores are kept: {said}"
    );
    let history: Value = serde_json::from_str(&ok(&db, &["--json", "history"])).unwrap();
    let rows = history.as_array().unwrap();
    assert_eq!(rows.len(), 5);
    // Newest first: the two plays logged with their winners only, the solo Raise the Realm,
    // then the two Middle Ages plays with scores.
    assert_eq!(rows[0]["game"], "middle-ages");
    assert_eq!(rows[0]["winners"], json!(["ana"]));
    assert_eq!(
        rows[0]["score"],
        Value::Null,
        "the winner's score is not there"
    );
    assert_eq!(rows[1]["game"], "raise-the-realm");
    assert_eq!(rows[1]["winners"], json!(["ana"]));
    assert_eq!(rows[2]["game"], "raise-the-realm");
    assert_eq!(rows[2]["played_on"], "2025-02-01");
    assert_eq!(rows[2]["winners"], json!([]), "a solo game has no winner");
    assert_eq!(
        rows[4]["players"],
        json!(["ana", "Bo"]),
        "seat order from seatOrder"
    );
    assert_eq!(rows[4]["winners"], json!(["ana"]));
    // What the file holds and no more: no score where it has none, a score where it has one,
    // ranks from the winners when no score can give them.
    assert_eq!(
        record_rows(&db, 4),
        [("ana".into(), None, 1, true), ("Bo".into(), None, 2, false)]
    );
    assert_eq!(
        record_rows(&db, 5),
        [
            ("ana".into(), None, 1, true),
            ("Cy".into(), Some(12), 2, false)
        ]
    );
    let text = ok(&db, &["record", "5"]);
    assert!(text.contains("ana: no score (winner)"), "{text}");
    // Statistics count them for plays and wins, and leave them out of every score figure:
    // ana's third Middle Ages play (won, no score) is no score of 0.
    let stats: Value =
        serde_json::from_str(&ok(&db, &["--json", "stats", "--game", "middle-ages"])).unwrap();
    let ana = &stats["people"][0];
    assert_eq!(ana["name"], "ana");
    assert_eq!((&ana["plays"], &ana["wins"]), (&json!(3), &json!(2)));
    assert_eq!(ana["average_score"], json!(50.5), "(61 + 40) / 2");
    assert_eq!(
        (&ana["high_score"], &ana["low_score"]),
        (&json!(61), &json!(40))
    );
    let counted: i64 = stats["games"][0]["scores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["count"].as_i64().unwrap())
        .sum();
    assert_eq!(
        counted, 6,
        "the scores of the distribution: 2 + 3 + 1, none for a winner only"
    );
    let realm: Value =
        serde_json::from_str(&ok(&db, &["--json", "stats", "--game", "raise-the-realm"])).unwrap();
    let bo = realm["people"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "Bo")
        .unwrap();
    assert_eq!((&bo["plays"], &bo["wins"]), (&json!(1), &json!(0)));
    assert_eq!(
        (&bo["average_score"], &bo["high_score"], &bo["low_score"]),
        (&Value::Null, &Value::Null, &Value::Null),
        "no score at all: no score figure"
    );
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
    assert!(said.contains("0 games added, 5 already here"), "{said}");
    assert_eq!(dump(&db), before);
}

/// A record's rows: (name, score if it has one, rank, winner).
fn record_rows(db: &Path, id: i64) -> Vec<(String, Option<i64>, i64, bool)> {
    let record: Value =
        serde_json::from_str(&ok(db, &["--json", "record", &id.to_string()])).unwrap();
    record["score"]["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let unscored = r["unscored"].as_bool().unwrap_or(false);
            (
                r["name"].as_str().unwrap().to_string(),
                (!unscored).then(|| r["total"].as_i64().unwrap()),
                r["rank"].as_i64().unwrap(),
                r["winner"].as_bool().unwrap(),
            )
        })
        .collect()
}

#[test]
fn plays_without_scores_go_out_and_come_back_the_same_in_every_format() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a.sqlite3");
    ok(&a, &["import", sample().to_str().unwrap()]);
    let out = |format: &str, name: &str| {
        let file = dir.path().join(name);
        ok(
            &a,
            &[
                "export",
                "--format",
                format,
                "--out",
                file.to_str().unwrap(),
            ],
        );
        file
    };
    // BG Stats: no score is "" (its own word for it), and the winners were chosen by hand.
    let bg = out("bgstats", "bg.json");
    let v: Value = serde_json::from_slice(&std::fs::read(&bg).unwrap()).unwrap();
    let play = v["plays"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["playDate"].as_str().unwrap().starts_with("2025-02-02"))
        .unwrap();
    assert_eq!(play["manualWinner"], true);
    let scores: Vec<&Value> = play["playerScores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| &s["score"])
        .collect();
    assert_eq!(scores, [&json!(""), &json!("")]);
    // Our own JSON: null.
    let ours = out("json", "ours.json");
    let text = std::fs::read_to_string(&ours).unwrap();
    assert!(
        text.contains("\"score\": null") || text.contains("\"score\":null"),
        "no null score in our export"
    );
    // CSV: an empty cell, never 0.
    let csv = std::fs::read_to_string(out("csv", "plays.csv")).unwrap();
    let line = csv
        .lines()
        .find(|l| l.starts_with("2025-02-04") && l.contains(",Ana,"))
        .unwrap_or_else(|| panic!("{csv}"));
    assert!(
        line.contains(",1,,1,true,"),
        "seat 1, no score, rank 1, winner: {line}"
    );
    // Each file brought into an empty history gives the same records.
    for (file, name) in [(&bg, "from-bg.sqlite3"), (&ours, "from-ours.sqlite3")] {
        let b = dir.path().join(name);
        ok(&b, &["import", file.to_str().unwrap()]);
        let history = |db: &Path| -> Vec<Value> {
            let h: Value = serde_json::from_str(&ok(db, &["--json", "history"])).unwrap();
            h.as_array().unwrap().clone()
        };
        let (ha, hb) = (history(&a), history(&b));
        assert_eq!(ha.len(), hb.len(), "{name}");
        for (ga, gb) in ha.iter().zip(&hb) {
            let id = |g: &Value| g["id"].as_i64().unwrap();
            assert_eq!(
                record_rows(&a, id(ga)),
                record_rows(&b, id(gb)),
                "{name}: the play of {}",
                ga["played_on"]
            );
        }
    }
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
