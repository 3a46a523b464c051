//! Players at one table never share a colour, and "Play again" starts the same table, on real
//! files through the service and the real `steward` binary.

use estate_steward::service::{ApiError, PlayerRef, Steward};
use std::path::Path;
use std::process::Command;

const BLUE: &str = "#1f77b4";
const RED: &str = "#d62728";
const GREEN: &str = "#2ca02c";

fn names(names: &[&str]) -> Vec<PlayerRef> {
    names
        .iter()
        .map(|n| PlayerRef::Name(n.to_string()))
        .collect()
}

fn colours_of(app: &mut Steward, id: i64) -> Vec<String> {
    app.view(id, None)
        .unwrap()
        .seats
        .iter()
        .map(|s| s.colour.clone())
        .collect()
}

fn count(db: &Path, sql: &str) -> i64 {
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.query_row(sql, [], |r| r.get(0)).unwrap()
}

#[test]
fn two_people_of_one_colour_get_different_colours_at_the_table_and_keep_their_own() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("colours.sqlite3");
    let mut app = Steward::open(&db).unwrap();
    let ana = app.add_person("Ana", BLUE).unwrap();
    let bo = app.add_person("Bo", BLUE).unwrap();
    let v = app
        .start_game("the-estates", &[ana.id, bo.id], None, Some(7))
        .unwrap();
    let seats: Vec<&str> = v.seats.iter().map(|s| s.colour.as_str()).collect();
    assert_eq!(
        seats,
        [BLUE, RED],
        "the second blue player takes the first free colour"
    );
    // The people keep their usual colour; the seat keeps the one it took, after a reload too.
    let people = app.people().unwrap();
    assert!(people.iter().all(|p| p.colour == BLUE), "{people:?}");
    drop(app);
    let mut app = Steward::open(&db).unwrap();
    assert_eq!(colours_of(&mut app, v.game_id), [BLUE, RED]);
}

#[test]
fn new_names_at_one_start_are_saved_with_distinct_colours() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("colours.sqlite3");
    let mut app = Steward::open(&db).unwrap();
    let v = app
        .start("the-estates", &names(&["Ana", "Bo", "Cy"]), None, Some(7))
        .unwrap();
    let seats: Vec<&str> = v.seats.iter().map(|s| s.colour.as_str()).collect();
    assert_eq!(seats, [BLUE, RED, GREEN]);
    let mut people: Vec<(String, String)> = app
        .people()
        .unwrap()
        .into_iter()
        .map(|p| (p.name, p.colour))
        .collect();
    people.sort();
    assert_eq!(
        people,
        [("Ana", BLUE), ("Bo", RED), ("Cy", GREEN)].map(|(n, c)| (n.to_string(), c.to_string()))
    );
}

#[test]
fn a_picked_colour_is_kept_and_two_seats_picking_one_are_refused_writing_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("colours.sqlite3");
    let mut app = Steward::open(&db).unwrap();
    let ana = app.add_person("Ana", BLUE).unwrap();
    let bo = app.add_person("Bo", RED).unwrap();
    let players = [PlayerRef::Id(ana.id), PlayerRef::Id(bo.id)];
    // Ana picks Bo's usual red: Bo, not picking, moves to the first free colour (blue is Ana's
    // no more at this table, so blue).
    let v = app
        .start_seated(
            "the-estates",
            &players,
            &[Some(RED.into()), None],
            None,
            Some(7),
        )
        .unwrap();
    let seats: Vec<&str> = v.seats.iter().map(|s| s.colour.as_str()).collect();
    assert_eq!(seats, [RED, BLUE]);
    assert_eq!(
        count(&db, "SELECT count(*) FROM seats WHERE colour IS NOT NULL"),
        2
    );

    let games = count(&db, "SELECT count(*) FROM games");
    let e = app
        .start_seated(
            "the-estates",
            &players,
            &[Some(GREEN.into()), Some(GREEN.into())],
            None,
            Some(7),
        )
        .unwrap_err();
    match e {
        ApiError::BadRequest { field, message } => {
            assert_eq!(field, "colours[1]");
            assert!(
                message.contains("Ana and Bo cannot both play #2ca02c"),
                "{message}"
            );
        }
        other => panic!("expected a bad request, got {other:?}"),
    }
    let e = app
        .start_seated("the-estates", &players, &[Some("blue".into())], None, None)
        .unwrap_err();
    assert!(
        matches!(&e, ApiError::BadRequest { field, .. } if field == "colours[0]"),
        "{e:?}"
    );
    assert_eq!(
        count(&db, "SELECT count(*) FROM games"),
        games,
        "nothing written"
    );
}

#[test]
fn the_colours_new_game_shows_are_the_colours_the_game_starts_with() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("colours.sqlite3");
    let mut app = Steward::open(&db).unwrap();
    let ana = app.add_person("Ana", GREEN).unwrap();
    let bo = app.add_person("Bo", GREEN).unwrap();
    let cy = app.add_person("Cy", BLUE).unwrap();
    let players = [ana.id, bo.id, cy.id].map(PlayerRef::Id);
    let shown = app.table_colours(&players, &[]).unwrap();
    assert_eq!(shown.colours, [GREEN, RED, BLUE]);
    assert_eq!(shown.palette.len(), 8);
    let v = app.start("the-estates", &players, None, Some(1)).unwrap();
    let started: Vec<String> = v.seats.iter().map(|s| s.colour.clone()).collect();
    assert_eq!(started, shown.colours);
}

#[test]
fn seats_of_a_game_stored_before_seat_colours_differ_when_their_people_share_one() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("colours.sqlite3");
    let mut app = Steward::open(&db).unwrap();
    let v = app
        .start("the-estates", &names(&["Ana", "Bo"]), None, Some(7))
        .unwrap();
    drop(app);
    // As a game from before: no seat colour stored, both people blue.
    let conn = rusqlite::Connection::open(&db).unwrap();
    conn.execute_batch("UPDATE seats SET colour = NULL; UPDATE people SET colour = '#1f77b4';")
        .unwrap();
    drop(conn);
    let mut app = Steward::open(&db).unwrap();
    assert_eq!(colours_of(&mut app, v.game_id), [BLUE, RED]);
}

#[test]
fn play_again_starts_the_same_table_freshly_shuffled() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("again.sqlite3");
    let mut app = Steward::open(&db).unwrap();
    let ana = app.add_person("Ana", BLUE).unwrap();
    let bo = app.add_person("Bo", BLUE).unwrap();
    let cy = app.add_person("Cy", GREEN).unwrap();
    let first = app
        .start_seated(
            "the-estates",
            &[ana.id, bo.id, cy.id].map(PlayerRef::Id),
            &[None, None, Some("#17becf".into())],
            None,
            Some(7),
        )
        .unwrap();
    let again = app.play_again(first.game_id).unwrap();
    assert_ne!(again.game_id, first.game_id);
    assert_eq!(again.game, first.game);
    let who = |v: &estate_steward::service::TableView| -> Vec<(i64, String)> {
        v.seats
            .iter()
            .map(|s| (s.person_id, s.colour.clone()))
            .collect()
    };
    assert_eq!(who(&again), who(&first));
    assert_eq!(
        who(&again),
        [(ana.id, BLUE), (bo.id, RED), (cy.id, "#17becf")].map(|(i, c)| (i, c.to_string()))
    );
    let options = |id: i64| -> String {
        let conn = rusqlite::Connection::open(&db).unwrap();
        conn.query_row("SELECT options FROM games WHERE id = ?1", [id], |r| {
            r.get(0)
        })
        .unwrap()
    };
    assert_eq!(options(again.game_id), options(first.game_id));

    let missing = app.play_again(999).unwrap_err();
    assert!(matches!(missing, ApiError::NotFound { .. }), "{missing:?}");
}

#[test]
fn play_again_through_the_cli_and_never_for_a_results_only_record() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("again.sqlite3");
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_steward"))
            .arg("--db")
            .arg(&db)
            .args(args)
            .output()
            .unwrap()
    };
    let o = run(&["start", "the-estates", "--player", "Ana", "--player", "Bo"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let o = run(&["play-again", "1"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stdout).starts_with("started game #2"));
    assert_eq!(
        count(&db, "SELECT count(*) FROM seats WHERE game_id = 2"),
        2
    );

    let o = run(&[
        "record-result",
        "the-estates",
        "--player",
        "Ana:30",
        "--player",
        "Bo:20",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let o = run(&["play-again", "3"]);
    assert_eq!(
        o.status.code(),
        Some(5),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("game: #3 was entered as its scores only"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

#[test]
fn a_seats_own_colour_survives_export_and_import() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("from.sqlite3");
    let mut app = Steward::open(&db).unwrap();
    let ana = app.add_person("Ana", BLUE).unwrap();
    let bo = app.add_person("Bo", RED).unwrap();
    let v = app
        .start_seated(
            "the-estates",
            &[ana.id, bo.id].map(PlayerRef::Id),
            &[None, Some("#17becf".into())],
            None,
            Some(3),
        )
        .unwrap();
    let file = dir.path().join("all.json");
    app.export("json", &file).unwrap();
    let text = std::fs::read_to_string(&file).unwrap();
    let archive: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(
        archive["games"][0]["seat_colours"],
        serde_json::json!([null, "#17becf"])
    );

    let mut other = Steward::open(&dir.path().join("to.sqlite3")).unwrap();
    other.import(&file).unwrap();
    let games = other.history(None).unwrap();
    let id = games[0].id;
    assert_eq!(colours_of(&mut other, id), [BLUE, "#17becf"]);
    assert_eq!(colours_of(&mut app, v.game_id), [BLUE, "#17becf"]);

    // A colour that is not one is refused, naming the field.
    let bad = text.replace("#17becf", "teal");
    let bad_file = dir.path().join("bad.json");
    std::fs::write(&bad_file, bad).unwrap();
    let mut third = Steward::open(&dir.path().join("third.sqlite3")).unwrap();
    let e = third.import(&bad_file).unwrap_err();
    assert!(e.to_string().contains("games[0].seat_colours[1]"), "{e}");
}

#[test]
fn the_new_people_of_one_results_only_record_get_different_colours() {
    use estate_steward::service::{PlayerResult, ResultsEntry};
    let dir = tempfile::tempdir().unwrap();
    let mut app = Steward::open(&dir.path().join("record.sqlite3")).unwrap();
    let players = ["Ana", "Bo", "Cy"].map(|n| PlayerResult {
        name: n.into(),
        score: 10,
        role: None,
    });
    app.record_result(&ResultsEntry {
        game: "middle-ages".into(),
        players: players.to_vec(),
        winners: vec![],
        title: None,
        date: Some("2025-03-01".into()),
    })
    .unwrap();
    let mut colours: Vec<String> = app
        .people()
        .unwrap()
        .into_iter()
        .map(|p| p.colour)
        .collect();
    colours.sort();
    colours.dedup();
    assert_eq!(colours.len(), 3, "{colours:?}");
}
