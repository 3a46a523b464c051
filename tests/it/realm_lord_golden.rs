//! Golden games of Realm Lord through the service and a real SQLite file, 2 and 4 players to the
//! target, every count worked out by hand in the comments below. Dice are entered (as from a
//! real die) so that the outcome is the hand's; one die rolled by the app is undone and entered
//! instead. Both games reopen the database mid-game, undo across a turn, and end in History.

use crate::common;

use common::realm_lord::catalogue;
use estate_steward::games::realm_lord::LordOptions;
use estate_steward::service::{Steward, TableView};
use serde_json::{json, Value};
use std::path::Path;

fn open(db: &Path) -> Steward {
    Steward::open(db).unwrap_or_else(|e| panic!("{e:?}"))
}

fn act(st: &mut Steward, id: i64, a: Value) -> TableView {
    st.act(id, &a)
        .unwrap_or_else(|e| panic!("{a} refused: {e:?}"))
}

fn start(st: &mut Steward, names: &[&str]) -> i64 {
    let ids: Vec<i64> = names
        .iter()
        .map(|n| {
            st.add_person(n, "#336699")
                .unwrap_or_else(|e| panic!("{e:?}"))
                .id
        })
        .collect();
    let options = serde_json::to_value(LordOptions {
        catalogue: catalogue(),
        ..LordOptions::default()
    })
    .unwrap_or_else(|e| panic!("{e}"));
    st.start_game("realm-lord", &ids, Some(options), Some(42))
        .unwrap_or_else(|e| panic!("{e:?}"))
        .game_id
}

fn state(t: &TableView) -> Value {
    t.view_value()["state"].clone()
}

/// Hands and Hope Stones, seat by seat.
fn counts(t: &TableView) -> (Vec<u64>, Vec<u64>) {
    let seats = state(t)["seats"].as_array().cloned().unwrap_or_default();
    (
        seats
            .iter()
            .map(|s| s["hand"].as_u64().unwrap_or(99))
            .collect(),
        seats
            .iter()
            .map(|s| s["hope"].as_u64().unwrap_or(99))
            .collect(),
    )
}

fn lord(seat: u8) -> Value {
    json!({"kind": "Lord", "seat": seat})
}
fn hero(id: u16) -> Value {
    json!({"kind": "Hero", "id": id})
}
fn quest(hero: Value, die: u8, modifier: i32) -> Value {
    json!({"type": "Quest", "hero": hero, "die": die, "modifier": modifier})
}
fn play_quest(name: &str) -> Value {
    json!({"type": "PlayQuest", "name": name})
}
fn play_hero(name: &str) -> Value {
    json!({"type": "PlayHero", "name": name})
}
fn travel(piece: Value, to: u8) -> Value {
    json!({"type": "Travel", "hero": piece, "to": to})
}
fn effect(source: &str, effects: Value) -> Value {
    json!({"type": "Effect", "source": source, "effects": effects})
}
fn draw() -> Value {
    json!({"type": "Draw"})
}
fn end() -> Value {
    json!({"type": "EndTurn"})
}

fn figure(t: &TableView, piece: &Value) -> Value {
    let state = state(t);
    let seats = state["seats"].as_array();
    seats
        .into_iter()
        .flatten()
        .flat_map(|s| {
            std::iter::once(&s["lord"]).chain(s["heroes"].as_array().into_iter().flatten())
        })
        .find(|f| &f["piece"] == piece)
        .cloned()
        .unwrap_or_else(|| panic!("{piece} not in play"))
}

/// Ana (Thraken The Deceiver: Valor 2, Might 3, Craft 1, Magic 2; Homeland Darkthorn = 0) and
/// Bo (Lyra: 1/1/2/4; Mysteria = 1), to 5 Hope Stones; Ana goes first (recorded).
///
/// | turn | who | what | hands A/B | Hope A/B |
/// |---|---|---|---|---|
/// | setup | | 5 cards each | 5/5 | 0/0 |
/// | 1 | Ana | draws 2 → 7; plays Troll Bridge (Might 7, 3 stones) at Darkthorn → 6; Thraken goes on it: die 4 + Might 3 = 7 ≥ 7, completed, +3; plays Dirk (1/3/0/0) at Darkthorn → 5 | 5/5 | 3/0 |
/// | 2 | Bo | draws → 7; plays Riddle Of Song (Magic 6, 2 stones) at Mysteria → 6; Lyra goes on it: natural 1 (1 + 4 = 5), failed, placed at Mysteria; the Riddle makes Bo discard a card → 5 | 5/5 | 3/0 |
/// | 3 | Ana | Thraken readies; draws → 7; Dirk travels to Mysteria; Sword to Thraken → 6; ends | 6/5 | 3/0 |
/// | 4 | Bo | Lyra readies; draws → 7; — UNDO the draw and Ana's End turn (back into turn 3, across the turn) | 6/5 | 3/0 |
/// | 3 | Ana | Thraken (ready, 2 actions used) travels to Mysteria: 3 actions; ends | 6/5 | 3/0 |
/// | 4 | Bo | draws → 7; Lyra goes on the Riddle, the app rolls — UNDO (the die goes with it) — then a real die 3: 3 + 4 = 7 ≥ 6, +2, the quest is discarded; the Riddle makes Bo discard → 6; plays Lost Relic at Blackboil → 5 | 6/5 | 3/2 |
/// | 5 | Ana | Dirk, Thraken and the Sword ready; draws → 8; plays Moon Well (new: Magic 5, 2 stones, Mysteria) → 7; uses the Sword (the table's reading: +2 on this quest); Thraken goes on Moon Well: 2 + Magic 2 + 2 = 6 ≥ 5, +2 → 5: Ana reaches the target and wins | 7/5 | 5/2 |
#[test]
fn two_players_to_the_target_by_hand() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let db = dir.path().join("realm-lord-2p.sqlite3");
    let mut st = open(&db);
    let id = start(&mut st, &["Ana", "Bo"]);
    act(
        &mut st,
        id,
        json!({"type": "ConfirmTarget", "hope_stones": 5}),
    );
    act(
        &mut st,
        id,
        json!({"type": "RevealLord", "seat": 0, "name": "Thraken The Deceiver"}),
    );
    act(
        &mut st,
        id,
        json!({"type": "RevealLord", "seat": 1, "name": "Lyra"}),
    );
    let t = act(&mut st, id, json!({"type": "StartGame", "first": 0}));
    assert_eq!(counts(&t), (vec![5, 5], vec![0, 0]));

    // Turn 1, Ana.
    act(&mut st, id, draw());
    act(&mut st, id, play_quest("Troll Bridge"));
    let t = act(&mut st, id, quest(lord(0), 4, 0));
    assert_eq!(state(&t)["last_quest"]["score"], 7);
    assert_eq!(state(&t)["realms"][0]["quest"], Value::Null);
    let t = act(&mut st, id, play_hero("Dirk"));
    assert_eq!(counts(&t), (vec![5, 5], vec![3, 0]));
    assert_eq!(figure(&t, &hero(1))["realm"], 0);
    act(&mut st, id, end());

    // Turn 2, Bo.
    act(&mut st, id, draw());
    act(&mut st, id, play_quest("Riddle Of Song"));
    let t = act(&mut st, id, quest(lord(1), 1, 0));
    assert_eq!(state(&t)["last_quest"]["natural"], "one");
    assert_eq!(state(&t)["last_quest"]["success"], false);
    assert_eq!(figure(&t, &lord(1))["realm"], 1);
    let t = act(
        &mut st,
        id,
        effect(
            "Riddle Of Song",
            json!([{"kind": "Hand", "seat": 1, "delta": -1}]),
        ),
    );
    assert_eq!(counts(&t), (vec![5, 5], vec![3, 0]));
    act(&mut st, id, end());

    drop(st);
    let st = two_players_turns_3_and_4(&db, id);
    two_players_turn_5_and_history(st, &db, id);
}

/// Turns 3 and 4 of the 2-player game (see its table), on a reopened database.
fn two_players_turns_3_and_4(db: &Path, id: i64) -> Steward {
    // Turn 3, Ana; the database is reopened mid-game.
    let mut st = open(db);
    let t = act(&mut st, id, draw());
    assert_eq!(figure(&t, &lord(0))["exhausted"], false, "readied");
    act(&mut st, id, travel(hero(1), 1));
    act(
        &mut st,
        id,
        json!({"type": "PlayTreasure", "name": "Sword", "hero": lord(0)}),
    );
    act(&mut st, id, end());
    // Turn 4 begins; the table undoes back into Ana's turn.
    act(&mut st, id, draw());
    st.undo(id).unwrap_or_else(|e| panic!("{e:?}"));
    let t = st.undo(id).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(state(&t)["current"], 0);
    assert_eq!(state(&t)["actions_used"], 2);
    assert_eq!(t.redo.as_deref(), Some("Ana ends the turn; Bo's turn"));
    act(&mut st, id, travel(lord(0), 1));
    let t = act(&mut st, id, end());
    assert_eq!(t.redo, None, "a new action drops what was undone");
    assert_eq!(counts(&t), (vec![6, 5], vec![3, 0]));

    // Turn 4, Bo: the app's die is undone, a real die entered instead.
    act(&mut st, id, draw());
    let t = act(&mut st, id, json!({"type": "Quest", "hero": lord(1)}));
    assert_eq!(state(&t)["last_quest"]["rolled_by_app"], true);
    let t = st.undo(id).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(state(&t)["last_quest"], Value::Null);
    assert_eq!(figure(&t, &lord(1))["exhausted"], false);
    assert_eq!(state(&t)["rolls"], 0);
    let t = act(&mut st, id, quest(lord(1), 3, 0));
    assert_eq!(state(&t)["rolls"], 1, "the undone roll still counts");
    assert_eq!(counts(&t), (vec![6, 7], vec![3, 2]));
    act(
        &mut st,
        id,
        effect(
            "Riddle Of Song",
            json!([{"kind": "Hand", "seat": 1, "delta": -1}]),
        ),
    );
    let t = act(&mut st, id, play_quest("Lost Relic"));
    assert_eq!(counts(&t), (vec![6, 5], vec![3, 2]));
    act(&mut st, id, end());

    st
}

/// Turn 5 of the 2-player game: Ana wins; then History, the catalogue and replay.
fn two_players_turn_5_and_history(mut st: Steward, db: &Path, id: i64) {
    // Turn 5, Ana wins.
    let t = act(&mut st, id, draw());
    assert_eq!(counts(&t).0, vec![8, 5]);
    assert_eq!(figure(&t, &lord(0))["treasure"]["exhausted"], false);
    act(
        &mut st,
        id,
        json!({"type": "PlayQuest", "name": "Moon Well",
               "facts": {"kind": "Magic", "difficulty": 5, "hope": 2, "location": "Mysteria"}}),
    );
    act(&mut st, id, json!({"type": "UseTreasure", "hero": lord(0)}));
    let t = act(&mut st, id, quest(lord(0), 2, 2));
    assert!(t.over);
    assert_eq!(counts(&t), (vec![7, 5], vec![5, 2]));
    assert_eq!(state(&t)["winners"], json!([0]));
    let rows = &t.score.rows;
    assert_eq!(
        (rows[0].name.as_str(), rows[0].total, rows[0].winner),
        ("Ana", 5, true)
    );
    assert_eq!((rows[1].total, rows[1].rank), (2, 2));
    assert!(t
        .log
        .last()
        .is_some_and(|l| l.ends_with("Ana wins with 5 Hope Stones")));

    // Kept in History, the catalogue learned Moon Well and the target; replay walks the log.
    drop(st);
    let mut st = open(db);
    let games = st
        .history(Some("finished"))
        .unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(games[0].winners, vec!["Ana".to_string()]);
    assert_eq!(games[0].score, Some(5));
    let cat = st
        .catalogue("realm-lord")
        .unwrap_or_else(|e| panic!("{e:?}"));
    assert!(cat.iter().any(|c| c.key == "quest:Moon Well"));
    assert!(cat.iter().any(|c| c.key == "target" && c.value == json!(5)));
    let step = st.replay(id, 8).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(step.score.rows[0].total, 3);
}

/// Ana (Gorm: 4/3/1/0, Blackboil = 2), Bo (Sable: 2/2/2/2, Frostvale = 3), Cy (Ione: 0/1/4/3,
/// Emberfall = 4), Di (Brann: 3/4/0/1, Stormreach = 5), to 6 Hope Stones; Cy first (recorded).
/// Hero ids count up as heroes enter: Wren #1, Dirk #2, Bram #3.
///
/// | turn | who | what | hands A/B/C/D | Hope A/B/C/D |
/// |---|---|---|---|---|
/// | setup | | 5 each | 5/5/5/5 | 0/0/0/0 |
/// | 1 | Cy | draws → 7; Lost Relic (Craft 8, 4 stones) at Blackboil → 6; Wren (2/1/3/1) at Emberfall → 5; Wren travels to Blackboil | 5/5/5/5 | 0 |
/// | 2 | Di | draws → 7; Storm Crown (Magic 9, 4) at Stormreach → 6; Brann goes on it: natural 6 (6 + 1 = 7 < 9) completes it, +4; Dirk (1/3/0/0) at Stormreach → 5 | 5/5/5/5 | 0/0/0/4 |
/// | 3 | Ana | draws → 7; Gorm on Lost Relic: 5 + Craft 1 = 6 < 8, failed, back at Blackboil; Pitfalls Of Blackdoil: Ana (Gorm) and Cy (Wren) have heroes in Blackboil and lose their next turn → 6; Bram (3/2/1/0) at Blackboil → 5 | 5/5/5/5 | 0/0/0/4 |
/// | 4 | Bo | draws → 7; Ice Wyrm (Valor 10, 5) at Frostvale → 6; Sable: 5 + 2 = 7 < 10, failed; ends: Cy loses the turn, Di plays | 5/6/5/5 | 0/0/0/4 |
/// | 5 | Di | Brann readies; draws → 7; Dirk travels to Blackboil; Brann to Frostvale; ends: Ana loses the turn, Bo plays | 5/6/5/7 | 0/0/0/4 |
/// | 6 | Bo | Sable readies; draws → 8 (not over eight); Ambush (new Event: banish a hero) banishes Dirk → 7; Dirk's ability: each other player's hero in Blackboil is banished: Gorm (a Lord: home, exhausted), Bram, Wren; Sable on Ice Wyrm: natural 6, +5 | 5/7/5/7 | 0/5/0/4 |
/// | 7 | Cy | draws → 7; Ember Oath (Valor 5, 1) at Emberfall → 6; Ione: 5 + 0 = 5 ≥ 5, +1 | 5/7/6/7 | 0/5/1/4 |
/// | 8 | Di | draws → 9: discards 1 down to 8; Frost Hymn (new: Magic 4, 2, Frostvale) → 7; Brann: 3 + Magic 1 = 4 ≥ 4, +2 → 6: Di wins | 5/7/6/7 | 0/5/1/6 |
#[test]
fn four_players_to_the_target_by_hand() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let db = dir.path().join("realm-lord-4p.sqlite3");
    let mut st = open(&db);
    let id = start(&mut st, &["Ana", "Bo", "Cy", "Di"]);
    act(
        &mut st,
        id,
        json!({"type": "ConfirmTarget", "hope_stones": 6}),
    );
    for (seat, name) in ["Gorm", "Sable", "Ione", "Brann"].iter().enumerate() {
        act(
            &mut st,
            id,
            json!({"type": "RevealLord", "seat": seat, "name": name}),
        );
    }
    let t = act(&mut st, id, json!({"type": "StartGame", "first": 2}));
    assert_eq!(state(&t)["current"], 2);

    // 1 Cy.
    act(&mut st, id, draw());
    act(&mut st, id, play_quest("Lost Relic"));
    act(&mut st, id, play_hero("Wren"));
    act(&mut st, id, travel(hero(1), 2));
    act(&mut st, id, end());
    // 2 Di.
    act(&mut st, id, draw());
    act(&mut st, id, play_quest("Storm Crown"));
    let t = act(&mut st, id, quest(lord(3), 6, 0));
    assert_eq!(state(&t)["last_quest"]["score"], 7);
    assert_eq!(state(&t)["last_quest"]["natural"], "six");
    act(&mut st, id, play_hero("Dirk"));
    let t = act(&mut st, id, end());
    assert_eq!(counts(&t), (vec![5, 5, 5, 5], vec![0, 0, 0, 4]));
    // 3 Ana.
    act(&mut st, id, draw());
    let t = act(&mut st, id, quest(lord(0), 5, 0));
    assert_eq!(state(&t)["last_quest"]["success"], false);
    assert_eq!(figure(&t, &lord(0))["realm"], 2);
    act(
        &mut st,
        id,
        json!({"type": "PlayEvent", "name": "Pitfalls Of Blackdoil", "effects": [
            {"kind": "SkipNextTurn", "seat": 0}, {"kind": "SkipNextTurn", "seat": 2}]}),
    );
    act(&mut st, id, play_hero("Bram"));
    act(&mut st, id, end());
    drop(st);
    let st = four_players_turns_4_and_5(&db, id);
    four_players_turns_6_to_8(st, id);
}

/// Turns 4 and 5 of the 4-player game (see its table), on a reopened database.
fn four_players_turns_4_and_5(db: &Path, id: i64) -> Steward {
    // 4 Bo; reopened first.
    let mut st = open(db);
    act(&mut st, id, draw());
    act(&mut st, id, play_quest("Ice Wyrm"));
    act(&mut st, id, quest(lord(1), 5, 0));
    let t = act(&mut st, id, end());
    assert_eq!(state(&t)["current"], 3, "Cy loses the turn");
    assert_eq!(counts(&t), (vec![5, 6, 5, 5], vec![0, 0, 0, 4]));
    // 5 Di.
    let t = act(&mut st, id, draw());
    assert_eq!(figure(&t, &lord(3))["exhausted"], false);
    act(&mut st, id, travel(hero(2), 2));
    act(&mut st, id, travel(lord(3), 3));
    let t = act(&mut st, id, end());
    assert_eq!(state(&t)["current"], 1, "Ana loses the turn");
    assert!(t
        .log
        .last()
        .is_some_and(|l| l.contains("Ana loses this turn")));
    // Undo across the turn and redo it: the same table.
    let before = counts(&t);
    st.undo(id).unwrap_or_else(|e| panic!("{e:?}"));
    let t = st.redo(id).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(
        (counts(&t), state(&t)["current"].clone()),
        (before, json!(1))
    );
    st
}

/// Turns 6 to 8 of the 4-player game: banishment, then Di reaches the target.
fn four_players_turns_6_to_8(mut st: Steward, id: i64) {
    // 6 Bo.
    let t = act(&mut st, id, draw());
    assert_eq!(state(&t)["phase"], "Actions", "8 cards: no discard");
    act(
        &mut st,
        id,
        json!({"type": "PlayEvent", "name": "Ambush", "facts": {"text": "Banish a hero."},
               "effects": [{"kind": "Banish", "piece": hero(2)}]}),
    );
    let t = act(
        &mut st,
        id,
        effect(
            "Dirk",
            json!([{"kind": "Banish", "piece": lord(0)}, {"kind": "Banish", "piece": hero(3)},
                   {"kind": "Banish", "piece": hero(1)}]),
        ),
    );
    let gorm = figure(&t, &lord(0));
    assert_eq!(
        (gorm["realm"].clone(), gorm["exhausted"].clone()),
        (json!(2), json!(true))
    );
    assert!(state(&t)["seats"]
        .as_array()
        .into_iter()
        .flatten()
        .all(|s| s["heroes"].as_array().is_some_and(|h| h.is_empty())));
    let t = act(&mut st, id, quest(lord(1), 6, 0));
    assert_eq!(counts(&t), (vec![5, 7, 5, 7], vec![0, 5, 0, 4]));
    assert_eq!(
        state(&t)["discard_pile"],
        json!([
            "Storm Crown",
            "Pitfalls Of Blackdoil",
            "Dirk",
            "Ambush",
            "Bram",
            "Wren",
            "Ice Wyrm"
        ])
    );
    act(&mut st, id, end());
    // 7 Cy.
    act(&mut st, id, draw());
    act(&mut st, id, play_quest("Ember Oath"));
    let t = act(&mut st, id, quest(lord(2), 5, 0));
    assert_eq!(counts(&t), (vec![5, 7, 6, 7], vec![0, 5, 1, 4]));
    act(&mut st, id, end());
    // 8 Di: over the hand limit, then the winning quest.
    let t = act(&mut st, id, draw());
    assert_eq!(
        (
            state(&t)["phase"].clone(),
            state(&t)["discard_need"].clone()
        ),
        (json!("Discard"), json!(1))
    );
    act(&mut st, id, json!({"type": "Discard", "count": 1}));
    act(
        &mut st,
        id,
        json!({"type": "PlayQuest", "name": "Frost Hymn",
               "facts": {"kind": "Magic", "difficulty": 4, "hope": 2, "location": "Frostvale"}}),
    );
    let t = act(&mut st, id, quest(lord(3), 3, 0));
    assert!(t.over);
    assert_eq!(counts(&t), (vec![5, 7, 6, 7], vec![0, 5, 1, 6]));
    let ranks: Vec<(i32, u8, bool)> = t
        .score
        .rows
        .iter()
        .map(|r| (r.total, r.rank, r.winner))
        .collect();
    assert_eq!(
        ranks,
        vec![(0, 4, false), (5, 2, false), (1, 3, false), (6, 1, true)]
    );
    let refused = st.act(id, &end());
    assert!(
        matches!(refused, Err(estate_steward::service::ApiError::Rule { rule, .. }) if rule == "realm-lord.game-over")
    );
    let games = st
        .history(Some("finished"))
        .unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(games[0].winners, vec!["Di".to_string()]);
}
