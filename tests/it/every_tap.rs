//! Every tap answers (product.md "At the table"): each board spot and card a view offers says
//! why the action a tap there asks for is refused, and that sentence must be the very refusal the
//! core gives when the action is tried. These tests play each game by its legal actions and, at
//! every step, try the action behind every spot and card: a `why_not` must equal the refusal's
//! message word for word, and a spot without one must be accepted (or, for a build in Count of
//! the Nine Estates, offered among the legal actions with some payment). So the board's reasons
//! can never drift from the rules.

use crate::common::middle;

use estate_steward::engine::{ActError, AnyTable};
use estate_steward::games::find_game;
use middle::seats;
use serde_json::{json, Value};

/// The first sample table of a game's conformance fixture (the cards a table described); null
/// when the game needs none.
fn sample_options(id: &str) -> Value {
    let path = format!(
        "{}/tests/fixtures/conformance/{id}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path)
        .ok()
        .and_then(|t| serde_json::from_str::<Value>(&t).ok())
        .map(|v| v["cases"][0]["options"].clone())
        .unwrap_or(Value::Null)
}

fn table(id: &str, players: usize, seed: u64) -> Box<dyn AnyTable> {
    let Some(kind) = find_game(id) else {
        panic!("{id} is not registered");
    };
    let options = match sample_options(id) {
        Value::Null => kind.default_options(),
        sample => sample,
    };
    match kind.new_table(&options, seats(players), seed) {
        Ok(t) => t,
        Err(e) => panic!("{id}: new table: {e}"),
    }
}

/// What the core says to `action` now: `None` if it is accepted, else the refusal's message.
fn answer(t: &dyn AnyTable, action: &Value) -> Option<String> {
    match t.decide(action) {
        Ok(_) => None,
        Err(ActError::Rule(e)) => Some(e.message),
        Err(e) => panic!("{action} is malformed: {e}"),
    }
}

/// The spot's `why_not` must be the core's answer to its action.
fn check(t: &dyn AnyTable, why_not: &Value, action: &Value, step: usize) -> bool {
    let said = why_not.as_str().map(str::to_string);
    assert_eq!(
        said,
        answer(t, action),
        "step {step}: the spot of {action} says {said:?}"
    );
    said.is_some()
}

/// Plays `steps` legal actions (a simple walk through the offers, varied by `seed`), calling
/// `spots` on each table first; returns how many refused and accepted spots were checked.
fn walk(
    id: &str,
    players: usize,
    seed: u64,
    steps: usize,
    spots: impl Fn(&dyn AnyTable, usize) -> (usize, usize),
) -> (usize, usize) {
    let mut t = table(id, players, seed);
    let (mut refused, mut open) = (0, 0);
    for step in 0..steps {
        let (r, o) = spots(t.as_ref(), step);
        refused += r;
        open += o;
        let offers = t.allowed();
        if offers.is_empty() {
            break;
        }
        let pick = (seed as usize).wrapping_mul(31).wrapping_add(step * 7) % offers.len();
        if let Err(e) = t.play(&offers[pick].action) {
            panic!("step {step}: an offered action was refused: {e}");
        }
    }
    (refused, open)
}

fn tally(checks: impl IntoIterator<Item = bool>) -> (usize, usize) {
    checks.into_iter().fold((0, 0), |(r, o), refused| {
        (r + usize::from(refused), o + usize::from(!refused))
    })
}

fn items<'a>(v: &'a Value, key: &str) -> impl Iterator<Item = &'a Value> {
    v[key].as_array().into_iter().flatten()
}

#[test]
fn the_estates_lots_and_spots_say_the_placement_refusal() {
    let mut total = (0, 0);
    for (players, seed) in [(2, 1), (3, 2), (5, 3)] {
        let (r, o) = walk("the-estates", players, seed, 400, |t, step| {
            let view = t.view();
            tally(items(&view, "board").flat_map(|row| {
                items(row, "lots").chain(items(row, "spots")).map(|spot| {
                    let action = json!({"type": "Place", "at": spot["at"]});
                    check(t, &spot["why_not"], &action, step)
                })
            }))
        });
        total = (total.0 + r, total.1 + o);
    }
    assert!(total.0 > 100, "refused spots checked: {total:?}");
    assert!(total.1 > 20, "open spots checked: {total:?}");
}

#[test]
fn nine_estates_cards_say_the_build_refusal() {
    let (refused, open) = walk("nine-estates", 1, 4, 300, |t, step| {
        let view = t.view();
        let builds: Vec<Value> = t
            .allowed()
            .into_iter()
            .filter(|a| a.action["type"] == "Build")
            .map(|a| a.action["target"].clone())
            .collect();
        let targets = items(&view, "active")
            .map(|c| (c, json!({"kind": "Structure", "slot": c["slot"]})))
            .chain(items(&view, "grid").map(|e| {
                (
                    e,
                    json!({"kind": "Estate", "row": e["row"], "col": e["col"]}),
                )
            }));
        tally(targets.map(|(card, target)| {
            let unpaid = json!({"type": "Build", "target": target, "payment": []});
            match card["why_not"].as_str() {
                Some(why) => {
                    assert_eq!(answer(t, &unpaid).as_deref(), Some(why), "step {step}");
                    assert!(
                        !builds.contains(&target),
                        "step {step}: {target} is offered"
                    );
                    true
                }
                None => {
                    assert!(
                        builds.contains(&target),
                        "step {step}: {target} not offered"
                    );
                    false
                }
            }
        }))
    });
    assert!(refused > 100, "refused cards checked: {refused}");
    assert!(open > 5, "buildable cards checked: {open}");
}

/// A built Structure or Estate answers a tap with why it cannot pay now: the very refusal a
/// build offered now gets when it is paid from that card first.
#[test]
fn nine_estates_built_cards_say_the_payment_refusal() {
    let (mut refused, mut open) = (0, 0);
    for seed in 1..=6 {
        let (r, o) = built_cards(seed);
        refused += r;
        open += o;
    }
    assert!(refused > 10, "tilted cards checked: {refused}");
    assert!(open > 10, "ready cards checked: {open}");
}

/// One walk of [`nine_estates_built_cards_say_the_payment_refusal`]: (refused, ready) checked.
fn built_cards(seed: u64) -> (usize, usize) {
    walk("nine-estates", 1, seed, 300, |t, step| {
        let view = t.view();
        let Some(build) = t
            .allowed()
            .into_iter()
            .find(|a| a.action["type"] == "Build")
            .map(|a| a.action)
        else {
            return (0, 0);
        };
        let sources = items(&view, "structure_why_not")
            .enumerate()
            .map(|(i, why)| (why, json!({"kind": "Structure", "index": i})))
            .chain(
                items(&view, "estate_why_not")
                    .enumerate()
                    .map(|(i, why)| (why, json!({"kind": "Estate", "index": i}))),
            );
        tally(sources.map(|(why, from)| {
            let mut payment = vec![json!({"from": from, "resource": "Food"})];
            payment.extend(build["payment"].as_array().into_iter().flatten().cloned());
            let mut action = build.clone();
            action["payment"] = Value::from(payment);
            match why.as_str() {
                Some(why) => {
                    assert_eq!(answer(t, &action).as_deref(), Some(why), "step {step}");
                    true
                }
                None => {
                    // It can pay: whatever a payment from it is refused for, it is not that.
                    let said = answer(t, &action).unwrap_or_default();
                    assert!(!said.contains("tilted"), "step {step}: {said}");
                    false
                }
            }
        }))
    })
}

#[test]
fn raise_the_realm_spaces_say_the_gather_refusal() {
    let mut total = (0, 0);
    for (players, seed) in [(1, 5), (3, 6)] {
        let (r, o) = walk("raise-the-realm-live", players, seed, 300, |t, step| {
            let view = t.view();
            tally(items(&view, "spaces").map(|space| {
                let action = json!({"type": "Gather", "space": space["id"]});
                check(t, &space["why_not"], &action, step)
            }))
        });
        total = (total.0 + r, total.1 + o);
    }
    assert!(total.0 > 100, "refused spaces checked: {total:?}");
    assert!(total.1 > 20, "open spaces checked: {total:?}");
}

#[test]
fn realm_lord_figures_say_the_quest_treasure_and_travel_refusals() {
    let mut total = (0, 0);
    for (players, seed) in [(2, 7), (4, 8)] {
        let (r, o) = walk("realm-lord", players, seed, 400, |t, step| {
            let view = t.view();
            let figures = items(&view, "realms").flat_map(|r| items(r, "figures"));
            tally(figures.flat_map(|f| {
                let hero = &f["piece"];
                let why = &f["why_not"];
                let mut asked = vec![
                    check(
                        t,
                        &why["quest"],
                        &json!({"type": "Quest", "hero": hero}),
                        step,
                    ),
                    check(
                        t,
                        &why["treasure"],
                        &json!({"type": "UseTreasure", "hero": hero}),
                        step,
                    ),
                ];
                for (to, w) in items(why, "travel").enumerate() {
                    let action = json!({"type": "Travel", "hero": hero, "to": to});
                    asked.push(check(t, w, &action, step));
                }
                asked
            }))
        });
        total = (total.0 + r, total.1 + o);
    }
    assert!(total.0 > 100, "refused figure actions checked: {total:?}");
    assert!(total.1 > 20, "allowed figure actions checked: {total:?}");
}
