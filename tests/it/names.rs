//! People, not seats, in the core's words: through the service and a real database file, the log
//! lines, refusals, offers and scoresheets of each game name the people at the table, and still do
//! when the game is read back from the file, even for a person whose name reads like a seat.
//! (Every game's words are checked for "seat 2"/"player 2" by the conformance suite; lines stored
//! before names are read in `fixture_games.rs`.)

use estate_steward::engine::names::speaks_of_seats;
use estate_steward::service::{ApiError, Steward, TableView};
use serde_json::{json, Value};
use std::path::PathBuf;

fn ok<T>(r: Result<T, ApiError>) -> T {
    match r {
        Ok(v) => v,
        Err(e) => panic!("unexpected error: {e}"),
    }
}

struct Table {
    _dir: tempfile::TempDir,
    path: PathBuf,
    steward: Steward,
    id: i64,
}

/// A game of `game` for these people, in seat order, in a fresh database file.
fn table(game: &str, names: &[&str], options: Option<Value>) -> Table {
    let dir = match tempfile::tempdir() {
        Ok(d) => d,
        Err(e) => panic!("tempdir: {e}"),
    };
    let path = dir.path().join("names.sqlite3");
    let mut steward = ok(Steward::open(&path));
    let ids: Vec<i64> = names
        .iter()
        .map(|n| ok(steward.add_person(n, "#123456")).id)
        .collect();
    let id = ok(steward.start_game(game, &ids, options, Some(7))).game_id;
    Table {
        _dir: dir,
        path,
        steward,
        id,
    }
}

impl Table {
    fn act(&mut self, action: Value) -> TableView {
        ok(self.steward.act(self.id, &action))
    }
    /// The refusal's words for the table.
    fn refused(&mut self, action: Value) -> String {
        match self.steward.act(self.id, &action) {
            Err(ApiError::Rule { message, .. }) => message,
            other => panic!("{action} was not refused by a rule: {other:?}"),
        }
    }
    /// The log as a second client reads it from the file.
    fn log_from_file(&self) -> Vec<String> {
        let mut other = ok(Steward::open(&self.path));
        ok(other.record(self.id)).log
    }
}

/// Nothing the table shows speaks of seats.
fn plain(view: &TableView) {
    for line in view.log.iter().chain(view.undo.iter()) {
        assert!(!speaks_of_seats(line), "log: {line}");
    }
    for offer in &view.allowed {
        assert!(!speaks_of_seats(&offer.label), "offer: {}", offer.label);
    }
    let rows: Vec<&str> = view.score.rows.iter().map(|r| r.name.as_str()).collect();
    let names: Vec<&str> = view.seats.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(rows, names, "the scoresheet's rows carry the names");
}

#[test]
fn raise_the_realm_scorepad_names_its_players() {
    let mut t = table("raise-the-realm", &["Ana", "Bo"], None);
    let view = t.act(json!({"type": "Enter", "seat": 1, "category": "gold", "value": 4}));
    assert_eq!(view.log, ["Bo: Gold 4"]);
    assert!(view.allowed.iter().any(|a| a.label == "Ana: Card VP 0"));
    assert_eq!(
        t.refused(json!({"type": "Finish"})),
        "Ana's Card VP is not entered yet"
    );
    plain(&view);
    assert_eq!(t.log_from_file(), ["Bo: Gold 4"]);
}

#[test]
fn middle_ages_scorepad_names_its_players() {
    let mut t = table("middle-ages-scorepad", &["Ana", "Bo"], None);
    assert_eq!(
        t.refused(json!({"type": "Finish"})),
        "Ana's coins and tiles are not entered yet"
    );
    let view = ok(t.steward.view(t.id, None));
    plain(&view);
}

#[test]
fn realm_lord_scorepad_names_its_players() {
    let mut t = table("realm-lord-scorepad", &["Ana", "Bo"], None);
    let target = t
        .act(json!({"type": "ConfirmTarget", "hope_stones": 10}))
        .log;
    assert_eq!(target.len(), 1);
    let view = t.act(json!({"type": "Record", "changes": [{"seat": 1, "delta": 2}]}));
    assert_eq!(view.log[1], "Bo gains 2 Hope Stones (2 in all)");
    assert!(view.allowed.iter().any(|a| a.label == "Ana +1"));
    assert_eq!(
        t.refused(
            json!({"type": "Record", "changes": [{"seat": 0, "delta": 1}, {"seat": 0, "delta": 1}]})
        ),
        "Ana is entered twice"
    );
    plain(&view);
    assert_eq!(t.log_from_file()[1], "Bo gains 2 Hope Stones (2 in all)");
}

#[test]
fn a_name_that_reads_like_a_seat_is_kept_through_the_file() {
    // "Player 2" sits first: the stored line must not be read as the second seat's.
    let mut t = table("raise-the-realm", &["Player 2", "Bo"], None);
    let view = t.act(json!({"type": "Enter", "seat": 0, "category": "gold", "value": 4}));
    assert_eq!(view.log, ["Player\u{a0}2: Gold 4"]);
    assert_eq!(t.log_from_file(), ["Player\u{a0}2: Gold 4"]);
    let resumed = ok(Steward::open(&t.path).and_then(|mut s| s.view(t.id, None)));
    assert_eq!(resumed.log, ["Player\u{a0}2: Gold 4"]);
    assert_eq!(resumed.undo.as_deref(), Some("Player\u{a0}2: Gold 4"));
}

/// The refusal of a new name, through the real `steward` command on a real file.
fn refused_name(db: &std::path::Path, args: &[&str]) -> String {
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_steward"))
        .arg("--db")
        .arg(db)
        .args(args)
        .output()
        .expect("steward runs");
    assert_eq!(o.status.code(), Some(5), "{args:?} was accepted");
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn invisible_characters_lookalikes_and_a_number_sign_are_never_part_of_a_name() {
    let dir = ok_dir();
    let db = dir.path().join("people.sqlite3");
    let mut s = ok(Steward::open(&db));
    ok(s.add_person("Ana", "#123456"));
    drop(s);
    let said = refused_name(
        &db,
        &[
            "start",
            "the-estates",
            "--player",
            "Ana",
            "--player",
            "Ana\u{200B}",
        ],
    );
    assert!(said.contains("invisible character (U+200B)"), "{said}");
    let said = refused_name(
        &db,
        &[
            "start",
            "the-estates",
            "--player",
            "Ana",
            "--player",
            "\u{410}na",
        ],
    );
    assert!(said.contains("looks the same as Ana"), "{said}");
    let said = refused_name(&db, &["people", "add", "#1"]);
    assert!(said.contains("begins with #"), "{said}");
    let said = refused_name(&db, &["people", "add", "Bo\u{202E}"]);
    assert!(said.contains("invisible"), "{said}");
    // Names in any script are welcome, and an emoji built with a joiner is a name too.
    let mut s = ok(Steward::open(&db));
    for name in ["Ингрид", "美咲", "Zoë", "👩\u{200D}🍳", "❤\u{FE0F}"] {
        ok(s.add_person(name, "#654321"));
    }
    assert_eq!(ok(s.people()).len(), 6);
}

fn ok_dir() -> tempfile::TempDir {
    match tempfile::tempdir() {
        Ok(d) => d,
        Err(e) => panic!("tempdir: {e}"),
    }
}
