//! Results-only records: a game played without the app entered as its players, scores and
//! winner (or solo title), through the service and the real `steward` binary, on real files.

use estate_steward::service::{ApiError, PlayerResult, ResultsEntry, Steward};
use std::path::Path;
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_steward");

fn steward(db: &Path, args: &[&str]) -> Output {
    Command::new(BIN)
        .arg("--db")
        .arg(db)
        .args(args)
        .output()
        .expect("the steward binary runs")
}

fn out(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn entry(game: &str, players: &[(&str, i32)]) -> ResultsEntry {
    ResultsEntry {
        game: game.into(),
        players: players
            .iter()
            .map(|(n, s)| PlayerResult {
                name: n.to_string(),
                score: *s,
                role: None,
            })
            .collect(),
        winners: vec![],
        title: None,
        date: Some("2025-03-01".into()),
    }
}

/// Every row of the tables a record writes, to show a refusal changed nothing.
fn dump(db: &Path) -> String {
    let conn = rusqlite::Connection::open(db).unwrap();
    let mut text = String::new();
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
        for row in rows {
            text += &format!("{table} {:?}\n", row.unwrap());
        }
    }
    text
}

#[test]
fn a_result_entered_on_the_command_line_is_in_history_and_its_record() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("results.sqlite3");
    let o = steward(
        &db,
        &[
            "record-result",
            "middle-ages",
            "--player",
            "Ana:61",
            "--player",
            "Bo:58",
            "--date",
            "2025-03-01",
        ],
    );
    assert!(o.status.success(), "{}", err(&o));
    assert!(out(&o).contains("recorded game #1"), "{}", out(&o));
    let o = steward(&db, &["history"]);
    assert!(
        out(&o).contains(
            "#1 middle-ages Ana, Bo [finished] results only, played 2025-03-01, score 61"
        ),
        "{}",
        out(&o)
    );
    let o = steward(&db, &["--json", "record", "1"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["summary"]["results_only"], true);
    assert_eq!(v["summary"]["winners"], serde_json::json!(["Ana"]));
    assert_eq!(v["score"]["rows"][1]["total"], 58);
    assert_eq!(v["score"]["rows"][1]["rank"], 2);
    assert_eq!(v["log"], serde_json::json!([]));
    let o = steward(&db, &["record", "1"]);
    assert!(out(&o).contains("Ana: 61 (winner)"), "{}", out(&o));
    // No table to show or play on.
    let o = steward(&db, &["act", "1", r#"{"type":"Pass"}"#]);
    assert_eq!(o.status.code(), Some(5));
    assert!(err(&o).contains("results-only record"), "{}", err(&o));
}

#[test]
fn refusals_name_the_field_and_change_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("refused.sqlite3");
    assert!(steward(&db, &["people", "add", "Ana"]).status.success());
    let before = dump(&db);
    let cases: &[(&[&str], &str)] = &[
        (&["middle-ages", "--player", "Ana:61"], "players: "),
        (
            &["middle-ages", "--player", "Ana:61", "--player", "Bo:lots"],
            "Bo: the score is 'lots', not a whole number",
        ),
        (
            &["middle-ages", "--player", "Ana:61", "--player", "Bo"],
            "player 2: 'Bo' is not NAME:SCORE",
        ),
        (
            &[
                "middle-ages",
                "--player",
                "Ana:1",
                "--player",
                "Bo:2",
                "--winner",
                "Cy",
            ],
            "winner: Cy is not one of the players",
        ),
        (
            &["middle-ages", "--player", "Ana:1", "--player", "ana:2"],
            "players: ana can take only one seat",
        ),
        (
            &[
                "middle-ages",
                "--player",
                "Ana:1",
                "--player",
                "Bo:2",
                "--title",
                "Lord",
            ],
            "title: only a solo game has a title",
        ),
        (
            &["nine-estates", "--player", "Ana:1", "--winner", "Ana"],
            "winner: a solo game has no winner",
        ),
        (
            &[
                "middle-ages",
                "--player",
                "Ana:1",
                "--player",
                "Bo:2",
                "--date",
                "2025-13-01",
            ],
            "date: '2025-13-01' is not a day",
        ),
        (
            &[
                "middle-ages",
                "--player",
                "Ana:1",
                "--player",
                "Bo:2",
                "--date",
                "2999-01-01",
            ],
            "date: 2999-01-01 is not a day a game was played",
        ),
        (
            &[
                "middle-ages",
                "--player",
                "Ana:1",
                "--player",
                "Bo:2",
                "--role",
                "Cy:Baron",
            ],
            "role: 'Cy:Baron' is not NAME:ROLE",
        ),
        (
            &["middle-ages", "--player", "Ana:1", "--player", "Bo:200000"],
            "players[1].score: Bo's score 200000 is beyond",
        ),
        (&["chess", "--player", "Ana:1"], "game 'chess'"),
    ];
    for (args, said) in cases {
        let mut all = vec!["record-result"];
        all.extend_from_slice(args);
        let o = steward(&db, &all);
        assert!(
            matches!(o.status.code(), Some(3 | 5)),
            "{args:?}: {:?}",
            o.status
        );
        assert!(err(&o).contains(said), "{args:?}: {}", err(&o));
        assert_eq!(dump(&db), before, "{args:?} changed the database");
    }
}

#[test]
fn the_highest_score_wins_unless_a_winner_is_named_and_solo_keeps_its_title() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = Steward::open(&dir.path().join("s.sqlite3")).unwrap();
    let tie = s
        .record_result(&entry("realm-lord", &[("Ana", 9), ("Bo", 9), ("Cy", 4)]))
        .unwrap();
    assert_eq!(tie.winners, vec!["Ana", "Bo"]);
    let mut named = entry("realm-lord", &[("Ana", 9), ("Bo", 9), ("Cy", 4)]);
    named.winners = vec!["bo".into()];
    let row = s.record_result(&named).unwrap();
    assert_eq!(row.winners, vec!["Bo"]);
    let record = s.record(row.id).unwrap();
    let ranks: Vec<u8> = record.score.rows.iter().map(|r| r.rank).collect();
    assert_eq!(
        ranks,
        vec![2, 1, 3],
        "the named winner first, then by score"
    );
    let mut solo = entry("raise-the-realm", &[("Ana", 72)]);
    solo.title = Some("Master Builder".into());
    solo.players[0].role = Some("Trade Queen".into());
    let row = s.record_result(&solo).unwrap();
    assert_eq!(row.title.as_deref(), Some("Master Builder"));
    assert!(row.winners.is_empty(), "a solo game has no winner");
    // People are matched by name ignoring case: three people in all.
    assert_eq!(s.people().unwrap().len(), 3);
    assert_eq!(s.history(Some("finished")).unwrap().len(), 3);
    let results = estate_steward::store::Store::open(&dir.path().join("s.sqlite3"))
        .unwrap()
        .results(row.id)
        .unwrap();
    assert_eq!(results[0].role.as_deref(), Some("Trade Queen"));
}

#[test]
fn the_service_refuses_a_bad_name_and_an_unknown_game_by_field() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = Steward::open(&dir.path().join("s.sqlite3")).unwrap();
    let e = s
        .record_result(&entry("middle-ages", &[("Ana", 1), ("  ", 2)]))
        .unwrap_err();
    assert!(
        matches!(&e, ApiError::BadRequest { field, .. } if field == "players[1].name"),
        "{e:?}"
    );
    // A refusal about one player's figures names the person, not their seat.
    let e = s
        .record_result(&entry("middle-ages", &[("Ana", 1), ("Bo", 99_999_999)]))
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "players[1].score: Bo's score 99999999 is beyond ±100000"
    );
    let mut long_role = entry("raise-the-realm", &[("Ana", 1), ("Bo", 2)]);
    long_role.players[1].role = Some("x".repeat(41));
    let e = s.record_result(&long_role).unwrap_err();
    assert_eq!(
        e.to_string(),
        "players[1].role: Bo's role has 1 to 40 characters"
    );
    let e = s.record_result(&entry("go", &[("Ana", 1)])).unwrap_err();
    assert!(matches!(e, ApiError::NotFound { .. }), "{e:?}");
    assert!(s.history(None).unwrap().is_empty());
    assert!(s.people().unwrap().is_empty());
}

#[test]
fn the_live_tracker_and_its_scorepad_count_as_one_game() {
    let dir = tempfile::tempdir().unwrap();
    let s = Steward::open(&dir.path().join("s.sqlite3")).unwrap();
    let key = |id: &str| {
        s.games_available()
            .into_iter()
            .find(|g| g.id == id)
            .map(|g| g.stats_game)
            .unwrap()
    };
    assert_eq!(key("raise-the-realm-live"), key("raise-the-realm"));
    assert_eq!(key("middle-ages-scorepad"), "middle-ages");
    assert_eq!(key("realm-lord-scorepad"), "realm-lord");
    assert_ne!(key("the-estates"), key("nine-estates"));
}
