//! A database written before games became plug-ins (schema 2, by the `steward` binary of commit
//! 80e77e9; `tests/fixtures/make-schema2-games.py` made it) loads and shows the same games today:
//! the same tables, logs, scores, records and replays as that binary printed them
//! (`schema2-games.expected.json`). Two things changed on purpose and are compared apart: views
//! gained one field, `game` (the id that tags them for the app's typed bindings), checked and then
//! left out; and the scorepad (`raise-the-realm`) now offers its next entries besides closing the
//! pad (so that a client, and the conformance suite, can fill it from `allowed`), so its offers
//! are checked to still hold the old ones.

use estate_steward::service::Steward;
use serde_json::Value;
use std::path::PathBuf;

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

/// The value with the view's `game` tag checked against `game` and removed.
fn untagged(mut v: Value, game: &str) -> Value {
    if let Some(view) = v.get_mut("view").and_then(Value::as_object_mut) {
        assert_eq!(view.remove("game"), Some(Value::from(game)), "view tag");
    }
    v
}

fn json<T: serde::Serialize>(v: &T) -> Value {
    match serde_json::to_value(v) {
        Ok(v) => v,
        Err(e) => panic!("serialize: {e}"),
    }
}

#[test]
fn a_database_from_before_the_plugins_shows_the_same_games() {
    let dir = match tempfile::tempdir() {
        Ok(d) => d,
        Err(e) => panic!("tempdir: {e}"),
    };
    let db = dir.path().join("old.sqlite3");
    if let Err(e) = std::fs::copy(fixture("schema2-games.sqlite3"), &db) {
        panic!("copy fixture: {e}");
    }
    let expected: Value = match std::fs::read_to_string(fixture("schema2-games.expected.json")) {
        Ok(text) => serde_json::from_str(&text).unwrap_or(Value::Null),
        Err(e) => panic!("read expected: {e}"),
    };
    let mut steward = match Steward::open(&db) {
        Ok(s) => s,
        Err(e) => panic!("open: {e}"),
    };
    let history = steward.history(None).map(|h| json(&h));
    assert_eq!(history.ok(), Some(expected["history"].clone()), "history");

    let games = expected["games"].as_object().cloned().unwrap_or_default();
    assert_eq!(games.len(), 8, "the fixture holds eight games");
    for (id, want) in games {
        let id: i64 = id.parse().unwrap_or(0);
        let game = want["show"]["game"].as_str().unwrap_or("").to_string();
        let mut show = match steward.view(id, None) {
            Ok(v) => untagged(json(&v), &game),
            Err(e) => panic!("show #{id}: {e}"),
        };
        let mut want_show = want["show"].clone();
        if game == "raise-the-realm" {
            let offers = show["allowed"].as_array().cloned().unwrap_or_default();
            for old in want_show["allowed"].as_array().cloned().unwrap_or_default() {
                assert!(offers.contains(&old), "#{id} still offers {old}");
            }
            show["allowed"] = Value::Null;
            want_show["allowed"] = Value::Null;
        }
        assert_eq!(show, want_show, "show #{id} ({game})");
        let record = steward.record(id).map(|r| json(&r));
        assert_eq!(record.ok(), Some(want["record"].clone()), "record #{id}");
        for (step, replay) in want["replay"].as_object().cloned().unwrap_or_default() {
            let step: u32 = step.parse().unwrap_or(0);
            let got = steward.replay(id, step).map(|r| untagged(json(&r), &game));
            assert_eq!(got.ok(), Some(replay), "replay #{id} step {step}");
        }
    }
}
