//! A database written before games became plug-ins (schema 2, by the `steward` binary of commit
//! 80e77e9; `tests/fixtures/make-schema2-games.py` made it) loads and shows the same games today:
//! the same tables, logs, scores, records and replays as that binary printed them
//! (`schema2-games.expected.json`). Two things changed on purpose and are compared apart: views
//! gained one field, `game` (the id that tags them for the app's typed bindings), checked and then
//! left out; and the scorepad (`raise-the-realm`) now offers its next entries besides closing the
//! pad (so that a client, and the conformance suite, can fill it from `allowed`), so its offers
//! are checked to still hold the old ones. The Estates' views gained the choices the screen shows
//! (`shown`, the same whatever a player holds) and a held piece's `free` flag, and its state the
//! rooftop range it plays with (`rooftop_values`): these added fields are checked and left out,
//! and every field the old binary showed is still compared. Raise the Realm's views likewise
//! gained what the core now says for the screen (the tracker: the solo threshold, each Solo Era
//! Event's reward, the second place's resource, the activations, the Solo cards' choices, each
//! space's tile and lock, each Leader's availability, and in its state the Solo Era Event rewards
//! told and each objective's card; the scorepad: the Eras, the solo threshold and whether the
//! game is lost): checked against what the old games hold, then left out. History's lines gained
//! `results_only` (false for every game played at a table) and `played_on` (the day it started,
//! filled by the upgrade): checked, then left out. The core now writes people's names where it
//! said "seat 2" or "player 2": the lines stored in the old file read with names too, so every
//! old text is compared with the seat's name put in (`in_names`), and a few lines are checked
//! word for word. The scorepad now takes a count of empty tracks: its view says the count of the
//! points stored (`empty_tracks`, with `points_per_empty_track` and `tracks`), checked, then left
//! out. Seats now differ in colour at one table (the fixture's people were all saved blue): each
//! table's colours are checked to be distinct, the first seat's to be its person's own, the rest
//! to be the same people, then the old colours are put back for the comparison. Board spots and
//! cards now say why a tap there is refused (`why_not`, and The Estates' rows their `lots` and
//! `spots`): checked to be words or null, then left out.

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

/// A view's or record's seats with their table colours checked (no two alike, the first seat
/// in its person's own colour, the same people as `want`) and then set to `want`'s.
fn with_old_colours(mut got: Value, want: &Value, label: &str) -> Value {
    let (Some(seats), Some(old)) = (got["seats"].as_array(), want["seats"].as_array()) else {
        return got;
    };
    let colours: Vec<&str> = seats.iter().filter_map(|s| s["colour"].as_str()).collect();
    for (i, c) in colours.iter().enumerate() {
        assert!(!colours[i + 1..].contains(c), "{label}: two seats play {c}");
    }
    assert_eq!(seats.len(), old.len(), "{label}: seats");
    if let (Some(first), Some(was)) = (seats.first(), old.first()) {
        assert_eq!(
            first["colour"], was["colour"],
            "{label}: the first seat's colour"
        );
    }
    for (now, was) in seats.iter().zip(old) {
        assert_eq!(now["person_id"], was["person_id"], "{label}: seat people");
        assert_eq!(now["name"], was["name"], "{label}: seat names");
    }
    got["seats"] = want["seats"].clone();
    got
}

/// A History line's added fields (`results_only`, `played_on`), checked and removed.
fn without_history_additions(mut row: Value) -> Value {
    if let Some(r) = row.as_object_mut() {
        assert_eq!(r.remove("results_only"), Some(Value::Bool(false)));
        let started = r["started_at"].as_str().unwrap_or("").to_string();
        let played = r.remove("played_on");
        assert_eq!(played, Some(Value::from(&started[..10])), "played_on");
    }
    row
}

/// A phase's added `free` flag (a held piece everyone passed on), checked and removed.
fn without_free(phase: Option<&mut Value>, what: &str) {
    if let Some(p) = phase.and_then(Value::as_object_mut) {
        if p.get("kind") == Some(&Value::from("Place")) {
            let free = p.remove("free");
            assert!(free.is_some_and(|f| f.is_boolean()), "{what}: free flag");
        }
    }
}

/// The Estates' table or replay step without the fields added since the fixture was written,
/// each checked first: every legal offer is among the shown choices, and a finished game's
/// state plays with the data file's rooftop range.
fn without_estates_additions(mut v: Value, what: &str) -> Value {
    let offers = v.get("allowed").and_then(Value::as_array).cloned();
    if let Some(view) = v.get_mut("view").and_then(Value::as_object_mut) {
        let shown = view.remove("shown");
        let shown: Vec<Value> = match shown.as_ref().and_then(Value::as_array) {
            Some(list) => list.iter().map(|a| a["action"].clone()).collect(),
            None => panic!("{what}: the view has no shown choices"),
        };
        for offer in offers.unwrap_or_default() {
            assert!(shown.contains(&offer["action"]), "{what}: {offer} is shown");
        }
        without_free(view.get_mut("phase"), what);
        // Each row's state in words ("complete", "needs 2 more buildings and 1 roof").
        for row in view
            .get_mut("board")
            .and_then(Value::as_array_mut)
            .into_iter()
            .flatten()
        {
            take(row, "status", what, |v| {
                v.as_str().is_some_and(|t| !t.is_empty())
            });
        }
        // Each seat's money once over (the app's screen reads it there), null before.
        let over = view.get("phase").is_some_and(|p| p["kind"] == "Over");
        let purses = view.remove("final_purses");
        assert!(
            purses
                .as_ref()
                .is_some_and(|p| p.is_array() == over && (over || p.is_null())),
            "{what}: the view's final purses: {purses:?}"
        );
        // Who still answers an auction: a list of seats, empty once nobody is bidding.
        let waiting = view.remove("waiting");
        assert!(
            waiting.as_ref().and_then(Value::as_array).is_some(),
            "{what}: the view lists who is waiting: {waiting:?}"
        );
    }
    if let Some(state) = v.get_mut("state").and_then(Value::as_object_mut) {
        let range = state.remove("rooftop_values");
        assert_eq!(
            range,
            Some(serde_json::json!([1, 6])),
            "{what}: rooftop range"
        );
        without_free(state.get_mut("phase"), what);
    }
    v
}

/// Removes `key` from an object, asserting it was there and passes `check`.
fn take(v: &mut Value, key: &str, what: &str, check: impl Fn(&Value) -> bool) {
    let got = v.as_object_mut().and_then(|o| o.remove(key));
    assert!(
        got.as_ref().is_some_and(&check),
        "{what}: added {key} {got:?}"
    );
}

/// Each live Raise the Realm seat's Leader (from a shown table's state), added to its score row
/// since (for the win rate by Leader).
fn leaders(show: &Value, game: &str) -> Vec<Value> {
    if game != "raise-the-realm-live" {
        return Vec::new();
    }
    show["state"]["players"]
        .as_array()
        .map(|ps| ps.iter().map(|p| p["leader"].clone()).collect())
        .unwrap_or_default()
}

/// The Leaders of [`leaders`] on the score rows: checked to be the Leader the seat's player
/// chose, then left out.
fn without_leader_roles(mut v: Value, leaders: &[Value], what: &str) -> Value {
    for row in v["score"]["rows"].as_array_mut().into_iter().flatten() {
        let seat = row["seat"].as_u64().unwrap_or(u64::MAX) as usize;
        if let Some(leader) = leaders.get(seat).filter(|l| l.is_string()) {
            take(row, "role", what, |x| x == leader);
        }
    }
    v
}

/// The question asked before a consequential offer (ending an Era), added to offers since.
fn without_confirm_questions(mut v: Value, what: &str) -> Value {
    for offer in v["allowed"].as_array_mut().into_iter().flatten() {
        if offer.get("confirm").is_some() {
            take(offer, "confirm", what, Value::is_string);
        }
    }
    v
}

/// Count of the Nine Estates' added view fields: the Structure names the catalogue knows (for a
/// description's "requires"), and on each card still to describe the edges its other side
/// suggests and what was told of a side turned since.
fn without_nine_additions(mut v: Value, game: &str, what: &str) -> Value {
    if game != "nine-estates" {
        return v;
    }
    let known: Option<Vec<Value>> = v["state"]["catalogue"]["structures"].as_object().map(|o| {
        let names: std::collections::BTreeSet<&str> =
            o.values().filter_map(|d| d["structure"].as_str()).collect();
        names.into_iter().map(Value::from).collect()
    });
    let built = v["state"]["estates"].clone();
    let view = &mut v["view"];
    take(view, "structure_names", what, |x| match &known {
        Some(names) => x == &Value::Array(names.clone()),
        None => x.is_array(),
    });
    // The built Estates as the state holds them, so that the app's screen needs no state.
    take(view, "built_estates", what, |x| x == &built);
    for req in view["undescribed"].as_array_mut().into_iter().flatten() {
        take(req, "edges", what, |x| x.is_null() || x.is_object());
        take(req, "described", what, |x| x.is_null() || x.is_object());
    }
    v
}

/// A tracker state's added fields: no Solo Era Event reward was told in the old games, and no
/// old objective names its card (their VP stay as recorded).
fn without_tracker_state_additions(state: &mut Value, what: &str) {
    if state.is_null() {
        return;
    }
    take(state, "solo_events", what, |x| x == &serde_json::json!({}));
    for o in state["objectives"].as_array_mut().into_iter().flatten() {
        take(o, "event", what, Value::is_null);
    }
}

/// The old binary's words with people's names where it numbered seats ("seat 2", "player 2"),
/// worked out here apart from the core's own reading of stored lines.
fn in_names(v: &mut Value, names: &[String]) {
    match v {
        Value::String(text) => {
            for (i, name) in names.iter().enumerate() {
                for word in ["seat", "player", "Player"] {
                    *text = text.replace(&format!("{word} {}", i + 1), name);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|x| in_names(x, names)),
        Value::Object(fields) => fields.values_mut().for_each(|x| in_names(x, names)),
        _ => {}
    }
}

/// Raise the Realm's table or replay step without the fields added since the fixture was written.
fn without_realm_additions(mut v: Value, game: &str, what: &str) -> Value {
    if game == "raise-the-realm" {
        let view = &mut v["view"];
        // Stored in points (7 a track): the view says how many tracks that was.
        let counts: Vec<Value> = view["scores"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|row| row[7].as_i64().map_or(Value::Null, |p| Value::from(p / 7)))
            .collect();
        take(view, "empty_tracks", what, |x| {
            x == &Value::Array(counts.clone())
        });
        take(view, "points_per_empty_track", what, |x| x == 7);
        take(view, "tracks", what, |x| x == 3);
        let solo = view["solo"] == Value::Bool(true);
        let lost = solo && view["objectives_met"].as_u64().is_some_and(|n| n < 3);
        take(view, "eras", what, |x| x == 5);
        take(view, "objectives_needed", what, |x| x == 3);
        take(view, "lost", what, |x| x == &Value::Bool(lost));
        return v;
    }
    if game != "raise-the-realm-live" {
        return v;
    }
    without_tracker_state_additions(&mut v["state"], what);
    let view = &mut v["view"];
    without_tracker_state_additions(&mut view["state"], what);
    let solo = view["state"]["solo"] == Value::Bool(true);
    let revealed = view["state"]["events"].as_array().map_or(0, Vec::len);
    take(view, "objectives_needed", what, |x| x == 3);
    take(view, "solo_objectives", what, |x| {
        x.as_array()
            .is_some_and(|a| a.len() == if solo { revealed } else { 0 })
    });
    take(view, "second_takes_resource", what, Value::is_boolean);
    take(view, "activations", what, Value::is_array);
    take(view, "solo_cards", what, Value::is_array);
    // Since 2026-12-05: an Event revealed unnamed says so (multiplayer).
    take(view, "event_unnamed", what, Value::is_boolean);
    for s in view["spaces"].as_array_mut().into_iter().flatten() {
        for key in ["entered", "locked", "tile_needed"] {
            take(s, key, what, Value::is_boolean);
        }
        take(s, "known_tiles", what, Value::is_array);
        take(s, "extra_actions", what, |x| x == 0);
    }
    for l in view["leaders"].as_array_mut().into_iter().flatten() {
        take(l, "unplayable", what, |x| x.is_null() || x.is_string());
    }
    v
}

/// Each board spot's and card's `why_not` (the core's refusal of what a tap there asks for;
/// null when it may), added since: checked to be words or null, then left out. The Estates'
/// rows gained their tappable lots and spots, each with its placement and words.
fn without_why_not(mut v: Value, game: &str, what: &str) -> Value {
    let why = |x: &Value| x.is_null() || x.as_str().is_some_and(|t| !t.is_empty());
    let spots_ok = |x: &Value| {
        x.as_array().is_some_and(|a| {
            a.iter()
                .all(|s| why(&s["why_not"]) && s["label"].is_string() && s["at"].is_object())
        })
    };
    let Some(view) = v.get_mut("view") else {
        return v;
    };
    let lists: &[&str] = match game {
        "nine-estates" => &["active", "grid"],
        "raise-the-realm-live" => &["spaces"],
        "the-estates" => &["board"],
        _ => &[],
    };
    if game == "nine-estates" {
        // Why each built Structure and Estate cannot pay now: one answer per built card.
        for (list, of) in [
            ("structure_why_not", "structures"),
            ("estate_why_not", "estates"),
        ] {
            let built = view[of].as_array().map_or(0, Vec::len);
            take(view, list, what, |x| {
                x.as_array()
                    .is_some_and(|a| a.len() == built && a.iter().all(why))
            });
        }
    }
    for list in lists {
        let items = view.get_mut(*list).and_then(Value::as_array_mut);
        for item in items.into_iter().flatten() {
            if game == "the-estates" {
                take(item, "lots", what, spots_ok);
                take(item, "spots", what, spots_ok);
            } else {
                take(item, "why_not", what, why);
            }
        }
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
    let history = steward.history(None).map(|h| {
        let rows = h.iter().map(|row| without_history_additions(json(row)));
        Value::Array(rows.collect())
    });
    assert_eq!(history.ok(), Some(expected["history"].clone()), "history");

    let games = expected["games"].as_object().cloned().unwrap_or_default();
    assert_eq!(games.len(), 8, "the fixture holds eight games");
    for (id, mut want) in games {
        let id: i64 = id.parse().unwrap_or(0);
        let names: Vec<String> = want["record"]["seats"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|s| s["name"].as_str().unwrap_or("").to_string())
            .collect();
        in_names(&mut want, &names);
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
        if game == "the-estates" {
            show = without_estates_additions(show, &format!("show #{id}"));
        }
        show = without_realm_additions(show, &game, &format!("show #{id}"));
        show = without_nine_additions(show, &game, &format!("show #{id}"));
        show = without_confirm_questions(show, &format!("show #{id}"));
        show = without_why_not(show, &game, &format!("show #{id}"));
        let chosen = leaders(&show, &game);
        show = without_leader_roles(show, &chosen, &format!("show #{id}"));
        show = with_old_colours(show, &want_show, &format!("show #{id}"));
        assert_eq!(show, want_show, "show #{id} ({game})");
        let record = steward.record(id).map(|r| {
            let mut r = json(&r);
            r["summary"] = without_history_additions(r["summary"].take());
            r = without_leader_roles(r, &chosen, &format!("record #{id}"));
            with_old_colours(r, &want["record"], &format!("record #{id}"))
        });
        assert_eq!(record.ok(), Some(want["record"].clone()), "record #{id}");
        for (step, replay) in want["replay"].as_object().cloned().unwrap_or_default() {
            let step: u32 = step.parse().unwrap_or(0);
            let got = steward.replay(id, step).map(|r| untagged(json(&r), &game));
            let got = match game.as_str() {
                "the-estates" => {
                    got.map(|r| without_estates_additions(r, &format!("#{id}/{step}")))
                }
                _ => got.map(|r| {
                    let what = format!("#{id}/{step}");
                    without_nine_additions(without_realm_additions(r, &game, &what), &game, &what)
                }),
            };
            let got = got.map(|r| without_why_not(r, &game, &format!("#{id}/{step}")));
            let got = got.map(|r| {
                let at_step = leaders(&r, &game);
                without_leader_roles(r, &at_step, &format!("#{id}/{step}"))
            });
            let got = got.map(|r| with_old_colours(r, &replay, &format!("#{id}/{step}")));
            assert_eq!(got.ok(), Some(replay), "replay #{id} step {step}");
        }
    }
}

/// The lines stored before the core wrote names read with them, in the log, the record and the
/// undo button alike.
#[test]
fn lines_stored_before_names_read_with_names() {
    let dir = match tempfile::tempdir() {
        Ok(d) => d,
        Err(e) => panic!("tempdir: {e}"),
    };
    let db = dir.path().join("old.sqlite3");
    if let Err(e) = std::fs::copy(fixture("schema2-games.sqlite3"), &db) {
        panic!("copy fixture: {e}");
    }
    let mut steward = match Steward::open(&db) {
        Ok(s) => s,
        Err(e) => panic!("open: {e}"),
    };
    let log = |steward: &mut Steward, id: i64| match steward.record(id) {
        Ok(r) => r.log,
        Err(e) => panic!("record #{id}: {e}"),
    };
    // The Estates said "seat 2"; Ana, Bo and Cy sit there.
    let estates = log(&mut steward, 3);
    assert_eq!(estates[1], "Turn 1: Bo auctions building permit 3");
    assert_eq!(estates[2], "Turn 1: Cy passes");
    // Raise the Realm said "player 1" (tracker and scorepad).
    assert_eq!(
        log(&mut steward, 5)[0],
        "Ana is dealt the Warlord; Bo is dealt the Warden; Cy is dealt the Druid Lord"
    );
    assert_eq!(log(&mut steward, 7)[0], "Ana: Card VP 12");
    for id in 1..=8 {
        for line in log(&mut steward, id) {
            assert!(
                !estate_steward::engine::names::speaks_of_seats(&line),
                "#{id}: {line}"
            );
        }
    }
    // The table's own log and its undo button read the same.
    let view = match steward.view(4, None) {
        Ok(v) => json(&v),
        Err(e) => panic!("show #4: {e}"),
    };
    assert_eq!(view["undo"], "Turn 9: Bo bids 1");
}
