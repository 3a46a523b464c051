//! Export and import of the app's own JSON and CSV through the real `steward` binary on real
//! files: the round trip is lossless, a second import adds nothing, and a malformed, truncated
//! or foreign file is refused whole with the database exactly as before.

use crate::common::{ok, steward};
use estate_steward::service::{PlayerResult, ResultsEntry, Steward};
use serde_json::{json, Value};
use std::path::Path;

/// A history with every kind of row: a finished game, a running one with an undone entry,
/// a results-only record with a role, a remembered card.
fn build(db: &Path) {
    let mut s = Steward::open(db).unwrap();
    let ana = s.add_person("Ana", "#aa0000").unwrap();
    let bo = s.add_person("Bo", "#00bb00").unwrap();
    let done = s
        .start_game("nine-estates", &[ana.id], None, Some(5))
        .unwrap()
        .game_id;
    for a in [
        json!({"type":"Deal","deal":{"kind":"Shuffle"}}),
        json!({"type":"Pass"}),
        json!({"type":"EndEra"}),
    ] {
        s.act(done, &a).unwrap();
    }
    let next = s.view(done, None).unwrap().allowed[0].action.clone();
    s.act(done, &next).unwrap();
    s.act(done, &json!({"type":"EndEra"})).unwrap();
    assert!(s.view(done, None).unwrap().over);
    let running = s
        .start_game("nine-estates", &[bo.id], None, Some(8))
        .unwrap()
        .game_id;
    let def = json!({"name": "Mill Farm", "cost": ["Wood"], "provides": ["Food"], "shields": 2});
    s.act(
        running,
        &json!({"type": "Describe", "card": {"kind": "Estate", "card": 2, "def": def}}),
    )
    .unwrap();
    s.act(running, &json!({"type":"Deal","deal":{"kind":"Shuffle"}}))
        .unwrap();
    s.undo(running).unwrap();
    s.record_result(&ResultsEntry {
        game: "raise-the-realm".into(),
        players: vec![
            PlayerResult {
                name: "Ana".into(),
                score: 51,
                role: Some("Trade Queen".into()),
            },
            PlayerResult {
                name: "Cy".into(),
                score: 47,
                role: None,
            },
        ],
        winners: vec![],
        title: None,
        date: Some("2025-04-02".into()),
    })
    .unwrap();
}

/// Every row of every table, snapshots included: the database's content.
fn dump(db: &Path) -> Vec<String> {
    let conn = rusqlite::Connection::open(db).unwrap();
    let mut out = Vec::new();
    for table in [
        "people",
        "games",
        "seats",
        "events",
        "snapshots",
        "results",
        "catalogue",
    ] {
        let mut stmt = conn
            .prepare(&format!("SELECT * FROM {table} ORDER BY 1, 2"))
            .unwrap();
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

fn without_time(path: &Path) -> Value {
    let mut v: Value = serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap();
    assert!(v["exported_at"].is_string());
    v["exported_at"] = Value::Null;
    v
}

#[test]
fn export_import_export_is_identical_apart_from_the_export_time() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a.sqlite3"), dir.path().join("b.sqlite3"));
    build(&a);
    let (first, second) = (dir.path().join("1.json"), dir.path().join("2.json"));
    let said = ok(
        &a,
        &[
            "export",
            "--format",
            "json",
            "--out",
            first.to_str().unwrap(),
        ],
    );
    assert!(said.contains("exported 3 games and 3 people"), "{said}");
    let said = ok(&b, &["import", first.to_str().unwrap()]);
    assert!(said.contains("3 games added, 0 already here"), "{said}");
    assert!(said.contains("people created: Ana, Bo, Cy"), "{said}");
    ok(
        &b,
        &[
            "export",
            "--format",
            "json",
            "--out",
            second.to_str().unwrap(),
        ],
    );
    assert_eq!(without_time(&first), without_time(&second));
    let (t1, t2) = (
        std::fs::read_to_string(&first).unwrap(),
        std::fs::read_to_string(&second).unwrap(),
    );
    let differing: Vec<(&str, &str)> = t1.lines().zip(t2.lines()).filter(|(x, y)| x != y).collect();
    assert!(
        differing.len() <= 1 && differing.iter().all(|(x, _)| x.contains("exported_at")),
        "{differing:?}"
    );
    let v = without_time(&first);
    assert_eq!(v["format"], "estate-steward");
    let running = &v["games"][1];
    assert_eq!(
        running["log"][1]["undone"], true,
        "undone rows are exported"
    );
    assert_eq!(v["games"][2]["results"][0]["role"], "Trade Queen");
    assert_eq!(v["catalogue"][0]["key"], "estate:2");
    // The imported games play on: the running one still has its redo.
    let shown = ok(&b, &["--json", "show", "2"]);
    let shown: Value = serde_json::from_str(&shown).unwrap();
    assert!(shown["redo"].is_string(), "{shown}");
    let history_a = ok(&a, &["history"]);
    assert_eq!(history_a, ok(&b, &["history"]));
}

#[test]
fn importing_the_same_file_twice_adds_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a.sqlite3"), dir.path().join("b.sqlite3"));
    build(&a);
    let file = dir.path().join("export.json");
    ok(
        &a,
        &[
            "export",
            "--format",
            "json",
            "--out",
            file.to_str().unwrap(),
        ],
    );
    ok(&b, &["import", file.to_str().unwrap()]);
    let once = dump(&b);
    let said = ok(&b, &["import", file.to_str().unwrap()]);
    assert!(said.contains("0 games added, 3 already here"), "{said}");
    assert_eq!(dump(&b), once);
    let before = dump(&a);
    let said = ok(&a, &["--json", "import", file.to_str().unwrap()]);
    let report: Value = serde_json::from_str(&said).unwrap();
    assert_eq!(report["games_added"], 0);
    assert_eq!(report["people_matched"], json!(["Ana", "Bo", "Cy"]));
    assert_eq!(
        dump(&a),
        before,
        "into the database it came from: nothing new"
    );
}

#[test]
fn people_known_here_by_name_are_matched_not_duplicated() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a.sqlite3"), dir.path().join("b.sqlite3"));
    build(&a);
    let file = dir.path().join("export.json");
    ok(
        &a,
        &[
            "export",
            "--format",
            "json",
            "--out",
            file.to_str().unwrap(),
        ],
    );
    ok(&b, &["people", "add", "ana"]);
    let said = ok(&b, &["import", file.to_str().unwrap()]);
    assert!(said.contains("people created: Bo, Cy"), "{said}");
    assert!(said.contains("people matched: Ana"), "{said}");
    assert_eq!(ok(&b, &["people", "list"]).lines().count(), 3);
}

/// A file with one change made to the export's JSON.
fn altered(export: &Value, change: impl FnOnce(&mut Value)) -> String {
    let mut v = export.clone();
    change(&mut v);
    serde_json::to_string_pretty(&v).unwrap()
}

#[test]
fn a_malformed_truncated_or_foreign_file_is_refused_whole_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a.sqlite3"), dir.path().join("b.sqlite3"));
    build(&a);
    let file = dir.path().join("export.json");
    ok(
        &a,
        &[
            "export",
            "--format",
            "json",
            "--out",
            file.to_str().unwrap(),
        ],
    );
    let text = std::fs::read_to_string(&file).unwrap();
    let export: Value = serde_json::from_str(&text).unwrap();
    ok(
        &b,
        &[
            "record-result",
            "middle-ages",
            "--player",
            "Di:3",
            "--player",
            "Ed:4",
        ],
    );
    let before = dump(&b);
    let cases: Vec<(String, &str)> = vec![
        (text[..text.len() / 2].to_string(), "line "),
        ("{\"hello\": 1}".into(), "neither an Estate Steward export"),
        ("PK\u{3}\u{4} not json".into(), "line 1, column 1"),
        (
            altered(&export, |v| v["version"] = json!(9)),
            "version: the file is of version 9",
        ),
        (
            altered(&export, |v| v["people"][0]["colour"] = json!("red")),
            "people[0].colour",
        ),
        (
            altered(&export, |v| {
                v["games"][0]["seats"][0] = json!("00000000-0000-4000-8000-000000000000")
            }),
            "games[0].seats[0]",
        ),
        (
            altered(&export, |v| v["games"][1]["game"] = json!("chess")),
            "games[1].game",
        ),
        (
            altered(&export, |v| {
                v["games"][0]["log"][1]["action"] = json!({"type": "Fly"})
            }),
            "games[0].log: does not replay",
        ),
        (
            altered(&export, |v| v["games"][0]["surprise"] = json!(1)),
            "unknown field `surprise`",
        ),
        // Impossible dates and ranks (the BG Stats export broke on them).
        (
            altered(&export, |v| {
                v["games"][0]["played_on"] = json!("2025-13-45")
            }),
            "games[0].played_on: '2025-13-45' is not a day of the calendar",
        ),
        (
            altered(&export, |v| {
                v["games"][0]["started_at"] = json!("yesterday")
            }),
            "games[0].started_at: 'yesterday' is not a date and time",
        ),
        (
            altered(&export, |v| {
                v["games"][0]["finished_at"] = json!("2025-02-30T10:00:00Z")
            }),
            "games[0].finished_at",
        ),
        (
            altered(&export, |v| v["games"][0]["results"][0]["rank"] = json!(0)),
            "games[0].results[0].rank: is 0",
        ),
        (
            altered(&export, |v| v["people"][1]["created_at"] = json!("soon")),
            "people[1].created_at",
        ),
        // The last game's fault is found after the others were written in the transaction.
        (
            altered(&export, |v| {
                v["games"][2]["results"][1]["person"] = v["people"][0]["uuid"].clone()
            }),
            "games[2].results[1]",
        ),
    ];
    for (i, (content, said)) in cases.iter().enumerate() {
        let bad = dir.path().join(format!("bad{i}.json"));
        std::fs::write(&bad, content).unwrap();
        let o = steward(&b, &["import", bad.to_str().unwrap()]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(5), "case {i}: {err}");
        assert!(err.contains(said), "case {i}: {err}");
        assert_eq!(dump(&b), before, "case {i} changed the database");
    }
    let o = steward(
        &b,
        &["import", dir.path().join("missing.json").to_str().unwrap()],
    );
    assert_eq!(o.status.code(), Some(5));
}

#[test]
fn csv_has_one_row_per_player_per_finished_game() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a.sqlite3");
    build(&a);
    let file = dir.path().join("games.csv");
    ok(
        &a,
        &["export", "--format", "csv", "--out", file.to_str().unwrap()],
    );
    let mut reader = csv::Reader::from_path(&file).unwrap();
    let header: Vec<String> = reader.headers().unwrap().iter().map(String::from).collect();
    assert_eq!(
        header[..8],
        ["date", "game", "player", "seat", "score", "rank", "winner", "title"]
    );
    let rows: Vec<Vec<String>> = reader
        .records()
        .map(|r| r.unwrap().iter().map(String::from).collect())
        .collect();
    assert_eq!(rows.len(), 3, "the solo game and the two-player record");
    assert_eq!(
        rows[0][..8],
        [
            "2025-04-02",
            "raise-the-realm",
            "Ana",
            "1",
            "51",
            "1",
            "true",
            ""
        ]
    );
    assert_eq!(rows[1][2..7], ["Cy", "2", "47", "2", "false"]);
    assert_eq!(rows[2][1], "nine-estates");
    assert_eq!(rows[2][7], "The King is displeased.");
}

#[test]
fn an_upgraded_file_gives_every_person_and_game_its_own_uuid() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("old.sqlite3");
    let fixture =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/schema2-games.sqlite3");
    std::fs::copy(fixture, &db).unwrap();
    drop(Steward::open(&db).unwrap());
    let conn = rusqlite::Connection::open(&db).unwrap();
    for table in ["people", "games"] {
        let uuids: Vec<Option<String>> = conn
            .prepare(&format!("SELECT uuid FROM {table}"))
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .map(Result::unwrap)
            .collect();
        assert!(uuids.len() >= 2, "{table}");
        let mut distinct = std::collections::HashSet::new();
        for u in &uuids {
            let u = u
                .as_deref()
                .unwrap_or_else(|| panic!("{table} row without a uuid"));
            let parsed = uuid::Uuid::parse_str(u).unwrap();
            assert_eq!(parsed.get_version_num(), 4, "{u}");
            assert!(distinct.insert(u.to_string()), "{table}: {u} twice");
        }
    }
}

/// A long export or import tells its progress as a count of games: an export reads game 1 to
/// n of n; an import checks then saves game 1 to n of n, in order, then counts them for the
/// statistics.
#[test]
fn export_and_import_count_their_games_as_they_go() {
    use estate_steward::service::Stage;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("counted.sqlite3");
    build(&db);
    let s = Steward::open(&db).unwrap();
    let n = s.history(None).unwrap().len();
    assert!(n >= 3, "{n}");
    let file = dir.path().join("counted.json");
    let mut told = Vec::new();
    s.export_with("json", &file, false, &mut |stage, done, total| {
        told.push((stage, done, total))
    })
    .unwrap();
    let reading: Vec<_> = (1..=n).map(|i| (Stage::Reading, i, n)).collect();
    assert_eq!(told, reading);
    let mut empty = Steward::open(&dir.path().join("empty.sqlite3")).unwrap();
    let mut told = Vec::new();
    empty
        .import_with(&file, &mut |stage, done, total| {
            told.push((stage, done, total))
        })
        .unwrap();
    let mut want: Vec<_> = (1..=n).map(|i| (Stage::Checking, i, n)).collect();
    want.extend((1..=n).map(|i| (Stage::Saving, i, n)));
    // Then the statistics count the new games, last, to the end, before the import answers.
    let counting = told.split_off(want.len());
    assert_eq!(told, want);
    assert!(counting
        .iter()
        .all(|(stage, _, _)| *stage == Stage::Counting));
    assert!(
        counting
            .last()
            .is_some_and(|(_, done, total)| done == total),
        "{counting:?}"
    );
}

/// A file whose bytes and name are compared before and after a refused write.
fn bytes_of(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap_or_default()
}

#[test]
fn export_onto_the_database_or_its_companions_is_refused_and_the_history_kept() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("kept.sqlite3");
    build(&db);
    let before = ok(&db, &["--json", "history"]);
    // The app holds the file open, so its -wal and -shm exist too.
    let app = Steward::open(&db).unwrap();
    for tail in ["", "-wal", "-shm"] {
        let target = format!("{}{tail}", db.display());
        for extra in [&[][..], &["--force"][..]] {
            let mut args = vec!["export", "--format", "csv", "--out", &target];
            args.extend_from_slice(extra);
            let o = steward(&db, &args);
            assert_eq!(o.status.code(), Some(5), "{args:?}");
            let said = String::from_utf8_lossy(&o.stderr);
            assert!(said.contains("database in use"), "{args:?}: {said}");
        }
    }
    drop(app);
    assert_eq!(ok(&db, &["--json", "history"]), before);
}

#[test]
fn export_never_replaces_another_database_a_kept_backup_or_an_unasked_file() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("mine.sqlite3");
    build(&db);
    let other = dir.path().join("other.sqlite3");
    build(&other);
    let other_bytes = bytes_of(&other);
    let o = steward(
        &db,
        &[
            "export",
            "--format",
            "json",
            "--out",
            other.to_str().unwrap(),
            "--force",
        ],
    );
    assert_eq!(o.status.code(), Some(5));
    assert!(String::from_utf8_lossy(&o.stderr).contains("SQLite database"));
    assert_eq!(bytes_of(&other), other_bytes);
    // An import that adds something takes a safety copy into backups/: no export may land
    // there. (The other database's games are new here.)
    let file = dir.path().join("one.json");
    ok(
        &other,
        &[
            "export",
            "--format",
            "json",
            "--out",
            file.to_str().unwrap(),
        ],
    );
    ok(&db, &["import", file.to_str().unwrap()]);
    assert!(dir.path().join("backups").is_dir());
    let kept = dir.path().join("backups").join("mine.json");
    let o = steward(
        &db,
        &[
            "export",
            "--format",
            "json",
            "--out",
            kept.to_str().unwrap(),
        ],
    );
    assert_eq!(o.status.code(), Some(5));
    assert!(String::from_utf8_lossy(&o.stderr).contains("automatic backups"));
    // An existing file: refused by name unless --force.
    let before = bytes_of(&file);
    let o = steward(
        &db,
        &["export", "--format", "csv", "--out", file.to_str().unwrap()],
    );
    assert_eq!(o.status.code(), Some(5));
    let said = String::from_utf8_lossy(&o.stderr);
    assert!(
        said.contains("one.json") && said.contains("--force"),
        "{said}"
    );
    assert_eq!(bytes_of(&file), before);
    ok(
        &db,
        &[
            "export",
            "--format",
            "csv",
            "--out",
            file.to_str().unwrap(),
            "--force",
        ],
    );
    assert!(String::from_utf8_lossy(&bytes_of(&file)).starts_with("date,"));
}

#[test]
fn export_into_a_missing_folder_says_so_and_a_planted_symlink_is_not_followed() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("mine.sqlite3");
    build(&db);
    let missing = dir.path().join("nowhere").join("out.json");
    let o = steward(
        &db,
        &[
            "export",
            "--format",
            "json",
            "--out",
            missing.to_str().unwrap(),
        ],
    );
    assert_eq!(o.status.code(), Some(5));
    let said = String::from_utf8_lossy(&o.stderr);
    assert!(
        said.contains("does not exist") && said.contains("nowhere"),
        "{said}"
    );
    assert!(!dir.path().join("nowhere").exists());
    // The old writer used `<out>.partial`: a symlink planted there pointed at the database.
    let out = dir.path().join("out.json");
    let planted = dir.path().join("out.json.partial");
    std::os::unix::fs::symlink(&db, &planted).unwrap();
    let db_bytes = bytes_of(&db);
    ok(
        &db,
        &["export", "--format", "json", "--out", out.to_str().unwrap()],
    );
    assert_eq!(bytes_of(&db), db_bytes);
    assert!(std::fs::symlink_metadata(&planted)
        .unwrap()
        .file_type()
        .is_symlink());
    let text = String::from_utf8(bytes_of(&out)).unwrap();
    assert!(
        text.contains("\"games\""),
        "{}",
        &text[..text.len().min(80)]
    );
    // And a backup is refused over the database, even forced.
    let o = steward(&db, &["backup", db.to_str().unwrap(), "--force"]);
    assert_eq!(o.status.code(), Some(5));
    assert_eq!(bytes_of(&db), db_bytes);
}

#[test]
fn a_csv_export_never_hands_a_spreadsheet_a_formula_and_numbers_stay_numbers() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("csv.sqlite3");
    let name = r#"=HYPERLINK("http://x","y")"#;
    ok(
        &db,
        &[
            "record-result",
            "middle-ages",
            "--player",
            &format!("{name}:-5"),
            "--player",
            "Bo:3",
        ],
    );
    let out = dir.path().join("rows.csv");
    ok(
        &db,
        &["export", "--format", "csv", "--out", out.to_str().unwrap()],
    );
    let mut rows = csv::Reader::from_path(&out).unwrap();
    let headers = rows.headers().unwrap().clone();
    let at = |h: &str| headers.iter().position(|x| x == h).unwrap();
    let records: Vec<csv::StringRecord> = rows.records().map(Result::unwrap).collect();
    let hostile = records
        .iter()
        .find(|r| r[at("player")].contains("HYPERLINK"))
        .unwrap();
    assert_eq!(&hostile[at("player")], format!("'{name}"));
    assert_eq!(&hostile[at("score")], "-5");
}
