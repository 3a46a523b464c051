//! People and games management through the real `steward` binary and the service on real
//! files: rename, recolour and merge people; abandon and delete games. Every refusal names its
//! field and changes nothing; a client holding a table sees the change.

use crate::common::{ok, steward};
use estate_steward::service::{ApiError, Steward};
use serde_json::{json, Value};
use std::path::Path;

/// The exit code and message of a refused command.
fn refused(db: &Path, args: &[&str]) -> (Option<i32>, String) {
    let o = steward(db, args);
    (
        o.status.code(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

fn dump(db: &Path) -> Vec<String> {
    let conn = rusqlite::Connection::open(db).unwrap();
    let mut out = Vec::new();
    for table in ["people", "games", "seats", "events", "results"] {
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
fn a_renamed_or_recoloured_person_shows_so_everywhere_even_in_an_open_table() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("people.sqlite3");
    let mut app = Steward::open(&db).unwrap();
    let ana = app.add_person("Ana", "#111111").unwrap();
    app.add_person("Bo", "#222222").unwrap();
    let id = app
        .start_game("nine-estates", &[ana.id], None, Some(1))
        .unwrap()
        .game_id;
    assert_eq!(app.view(id, None).unwrap().seats[0].name, "Ana");
    assert!(ok(&db, &["people", "rename", "ana", "Anabel"]).contains("Anabel"));
    ok(&db, &["people", "colour", "#1", "#abcdef"]);
    let seat = app.view(id, None).unwrap().seats[0].clone();
    assert_eq!(
        (seat.name.as_str(), seat.colour.as_str()),
        ("Anabel", "#abcdef")
    );
    // The table still plays after the reload.
    app.act(id, &json!({"type":"Deal","deal":{"kind":"Shuffle"}}))
        .unwrap();
    ok(&db, &["people", "rename", "anabel", "ANABEL"]);
    let before = dump(&db);
    for (args, code, said) in [
        (
            &["people", "rename", "Bo", "anabel"][..],
            5,
            "name: anabel is already saved",
        ),
        (&["people", "rename", "Bo", "Bo\u{7}"][..], 5, "name: "),
        (&["people", "rename", "Zed", "Zoe"][..], 3, "person 'Zed'"),
        (
            &["people", "colour", "Bo", "blue"][..],
            5,
            "colour: 'blue' is not a colour",
        ),
        (
            &["people", "colour", "#x", "#000000"][..],
            5,
            "person: '#x' is not #id",
        ),
    ] {
        let (got, err) = refused(&db, args);
        assert_eq!(got, Some(code), "{args:?}: {err}");
        assert!(err.contains(said), "{args:?}: {err}");
        assert_eq!(dump(&db), before, "{args:?} changed the database");
    }
}

#[test]
fn merging_moves_games_and_results_and_refuses_two_people_who_played_together() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("merge.sqlite3");
    ok(
        &db,
        &[
            "record-result",
            "middle-ages",
            "--player",
            "Ana:50",
            "--player",
            "Bo:40",
        ],
    );
    ok(
        &db,
        &[
            "record-result",
            "middle-ages",
            "--player",
            "Anna:45",
            "--player",
            "Bo:47",
        ],
    );
    ok(
        &db,
        &[
            "record-result",
            "middle-ages",
            "--player",
            "Anna:30",
            "--player",
            "Cy:20",
        ],
    );
    let before = dump(&db);
    let (code, err) = refused(&db, &["people", "merge", "Ana", "Bo"]);
    assert_eq!(code, Some(5), "{err}");
    assert!(
        err.contains("merge: Ana and Bo both sat at game #1"),
        "{err}"
    );
    let (code, err) = refused(&db, &["people", "merge", "Ana", "ana"]);
    assert_eq!(code, Some(5), "{err}");
    assert!(err.contains("into themself"), "{err}");
    assert_eq!(dump(&db), before);
    ok(&db, &["people", "merge", "Ana", "Anna"]);
    let people = ok(&db, &["people", "list"]);
    assert!(!people.contains("Anna"), "{people}");
    let history = ok(&db, &["history"]);
    assert_eq!(history.matches("Ana, Bo").count(), 2, "{history}");
    assert!(history.contains("#3 middle-ages Ana, Cy"), "{history}");
    let stats: Value =
        serde_json::from_str(&ok(&db, &["--json", "stats", "--person", "Ana"])).unwrap();
    assert_eq!(stats["people"][0]["plays"], 3);
    assert_eq!(stats["people"][0]["wins"], 2);
    assert_eq!(stats["people"][0]["head_to_head"][0]["opponent"], "Bo");
    assert_eq!(stats["people"][0]["head_to_head"][0]["games"], 2);
}

#[test]
fn an_abandoned_game_takes_no_more_actions_and_stays_in_history() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("abandon.sqlite3");
    let mut app = Steward::open(&db).unwrap();
    let ana = app.add_person("Ana", "#111111").unwrap();
    let id = app
        .start_game("nine-estates", &[ana.id], None, Some(4))
        .unwrap()
        .game_id;
    app.act(id, &json!({"type":"Deal","deal":{"kind":"Shuffle"}}))
        .unwrap();
    let said = ok(&db, &["abandon", &id.to_string()]);
    assert!(said.contains("[abandoned] 1 actions"), "{said}");
    // The app held the table: its next action is refused by the store, not stored.
    let e = app.act(id, &json!({"type":"Pass"})).unwrap_err();
    assert!(
        matches!(&e, ApiError::BadRequest { field, message } if field == "game" && message.contains("abandoned")),
        "{e:?}"
    );
    let e = app.undo(id).unwrap_err();
    assert!(e.to_string().contains("was abandoned"), "{e}");
    assert_eq!(app.history(Some("abandoned")).unwrap().len(), 1);
    assert!(app.history(Some("active")).unwrap().is_empty());
    assert_eq!(app.record(id).unwrap().log.len(), 1, "its log is kept");
    let before = dump(&db);
    let (code, err) = refused(&db, &["abandon", &id.to_string()]);
    assert_eq!(code, Some(5));
    assert!(err.contains("abandoned already"), "{err}");
    ok(
        &db,
        &[
            "record-result",
            "middle-ages",
            "--player",
            "Ana:1",
            "--player",
            "Bo:2",
        ],
    );
    let after_record = dump(&db);
    let (code, err) = refused(&db, &["abandon", "2"]);
    assert_eq!(code, Some(5));
    assert!(err.contains("game: game #2 is finished"), "{err}");
    assert_eq!(refused(&db, &["abandon", "9"]).0, Some(3));
    assert_eq!(dump(&db), after_record);
    assert_ne!(before, after_record);
}

#[test]
fn a_game_is_deleted_with_its_log_only_when_asked_twice() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("delete.sqlite3");
    ok(
        &db,
        &["start", "nine-estates", "--player", "Ana", "--seed", "2"],
    );
    ok(&db, &["act", "1", "--pick", "0"]);
    let before = dump(&db);
    let (code, err) = refused(&db, &["delete-game", "1"]);
    assert_eq!(code, Some(5));
    assert!(err.contains("yes: deleting game #1"), "{err}");
    assert_eq!(dump(&db), before);
    ok(&db, &["delete-game", "1", "--yes"]);
    let left = dump(&db);
    assert!(left.iter().all(|r| r.starts_with("people ")), "{left:?}");
    assert_eq!(refused(&db, &["delete-game", "1", "--yes"]).0, Some(3));
}

/// The People screen's counts: each person's games (played at the table or entered as
/// results), which a merge moves to the person kept.
#[test]
fn people_are_listed_with_their_games_and_a_merge_moves_the_count() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = Steward::open(&dir.path().join("count.sqlite3")).unwrap();
    let bob = app.add_person("Bob", "#1f77b4").unwrap();
    let bo = app.add_person("Bo", "#ff7f0e").unwrap();
    let cy = app.add_person("Cy", "#2ca02c").unwrap();
    app.start_game("nine-estates", &[bo.id], None, Some(1))
        .unwrap();
    app.start_game("nine-estates", &[bo.id], None, Some(2))
        .unwrap();
    app.start_game("nine-estates", &[bob.id], None, Some(3))
        .unwrap();
    let counts = |app: &Steward| -> Vec<(String, i64)> {
        app.people_games()
            .unwrap()
            .into_iter()
            .map(|p| (p.person.name, p.games))
            .collect()
    };
    assert_eq!(
        counts(&app),
        vec![("Bo".into(), 2), ("Bob".into(), 1), ("Cy".into(), 0)]
    );
    app.merge_people(bob.id, bo.id).unwrap();
    assert_eq!(counts(&app), vec![("Bob".into(), 3), ("Cy".into(), 0)]);
    let _ = cy;
}
