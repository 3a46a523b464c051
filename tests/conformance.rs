//! The conformance suite, run for every game of `games::registry()` (so no game can skip it) and
//! for the template game of ARCHITECTURE.md's "Adding a game". Each game appears in the output
//! as its own test: `conformance::<game-id>` (seeded random playouts through the JSON layer, see
//! `engine::conformance`) and `store::<game-id>` (a game played through the service on a real
//! SQLite file, closed and reopened mid-game and at the end, shows the same table).
//!
//! Sample table descriptions (card data a table would have described) and probes live in
//! `tests/fixtures/conformance/<game-id>.json`; a game without one is played with its defaults.

mod template_game;

use estate_steward::engine::conformance::{self, Case};
use estate_steward::engine::{GameKind, Kind};
use estate_steward::games::{registry, GameView};
use estate_steward::service::Steward;
use libtest_mimic::{Arguments, Failed, Trial};
use rand::{Rng, SeedableRng};
use serde::Deserialize;
use serde_json::Value;

#[derive(Debug, Deserialize)]
struct Samples {
    cases: Vec<SampleCase>,
}

#[derive(Debug, Clone, Deserialize)]
struct SampleCase {
    name: String,
    options: Option<Value>,
    players: Vec<usize>,
    games: u64,
    max_steps: usize,
    #[serde(default)]
    probes: Vec<Value>,
    expect: Expect,
}

/// The least each player count of a case must reach.
#[derive(Debug, Clone, Copy, Deserialize)]
struct Expect {
    actions: usize,
    finished: usize,
    refusals: usize,
}

fn samples(kind: &dyn GameKind) -> Result<Vec<SampleCase>, String> {
    let d = kind.descriptor();
    let path = format!(
        "{}/tests/fixtures/conformance/{}.json",
        env!("CARGO_MANIFEST_DIR"),
        d.id
    );
    match std::fs::read_to_string(&path) {
        Ok(text) => serde_json::from_str::<Samples>(&text)
            .map(|s| s.cases)
            .map_err(|e| format!("{path}: {e}")),
        // No sample: the game's defaults, at its smallest and largest table.
        Err(_) => Ok(vec![SampleCase {
            name: "defaults".into(),
            options: None,
            players: vec![usize::from(d.min_players), usize::from(d.max_players)],
            games: 10,
            max_steps: 1000,
            probes: Vec::new(),
            expect: Expect {
                actions: 1,
                finished: 1,
                refusals: 0,
            },
        }]),
    }
}

/// A registered game's views must read back as the app's typed union, unchanged.
fn reads_back_as_game_view(view: &Value) -> Result<(), String> {
    let typed: GameView = serde_json::from_value(view.clone())
        .map_err(|e| format!("the view is not a GameView: {e}"))?;
    match serde_json::to_value(&typed) {
        Ok(again) if &again == view => Ok(()),
        _ => Err("the view changes when read back as a GameView".into()),
    }
}

/// Every case of a game's samples, one per player count, each on its own thread: the cases are
/// independent playouts, and a game with long ones (Realm Lord's 1,500 steps at six seats) would
/// otherwise keep one core busy for minutes while the other has finished every other game.
fn run_suite(
    kind: &dyn GameKind,
    view_check: &(dyn Fn(&Value) -> Result<(), String> + Sync),
) -> Result<(), Failed> {
    let id = kind.descriptor().id;
    let samples = samples(kind)?;
    let cases: Vec<(&SampleCase, usize)> = samples
        .iter()
        .flat_map(|s| s.players.iter().map(move |&players| (s, players)))
        .collect();
    let outcomes: Vec<Result<usize, String>> = std::thread::scope(|scope| {
        let running: Vec<_> = cases
            .iter()
            .map(|&(sample, players)| {
                scope.spawn(move || play_case(kind, sample, players, view_check))
            })
            .collect();
        running
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err(format!("{id}: a case panicked")))
            })
            .collect()
    });
    let mut finished = 0;
    for outcome in outcomes {
        finished += outcome?;
    }
    if finished == 0 {
        return Err(format!("{id}: no random playout reached the end of the game").into());
    }
    Ok(())
}

/// One sample at one player count; how many of its playouts finished.
fn play_case(
    kind: &dyn GameKind,
    sample: &SampleCase,
    players: usize,
    view_check: &dyn Fn(&Value) -> Result<(), String>,
) -> Result<usize, String> {
    let id = kind.descriptor().id;
    let probes = sample.probes.clone();
    let probe_fn = move |_: &Value| probes.clone();
    let case = Case {
        name: format!("{}, {players} players", sample.name),
        options: sample.options.clone(),
        players,
        games: sample.games,
        max_steps: sample.max_steps,
        probes: &probe_fn,
        view_reads_back: view_check,
    };
    let report = conformance::check(kind, &case)?;
    let e = sample.expect;
    if report.actions < e.actions
        || report.finished < e.finished
        || report.refusals_checked < e.refusals
    {
        return Err(format!(
            "{id} [{}]: play went less far than expected: {report:?}, expected at least {e:?}",
            case.name
        ));
    }
    // People, not seats: a game of several players names them in its log.
    if players > 1 && report.actions > 0 && report.lines_naming_people == 0 {
        return Err(format!(
            "{id} [{}]: no log line named a player: {report:?}",
            case.name
        ));
    }
    Ok(report.finished)
}

fn ok<T, E: std::fmt::Display>(r: Result<T, E>, what: &str) -> Result<T, Failed> {
    r.map_err(|e| format!("{what}: {e}").into())
}

/// The table as the app receives it, minus the one-off message of the last request.
fn shown(steward: &mut Steward, id: i64) -> Result<Value, Failed> {
    let mut v = ok(steward.view(id, None).map(serde_json::to_value), "view")??;
    if let Some(o) = v.as_object_mut() {
        o.remove("message");
    }
    Ok(v)
}

/// Play through the service on a real SQLite file; reopen mid-game and at the end.
fn store_reloads(kind: &dyn GameKind) -> Result<(), Failed> {
    let d = kind.descriptor();
    let sample = samples(kind)?.into_iter().next();
    let options = sample.as_ref().and_then(|s| s.options.clone());
    let players = sample
        .as_ref()
        .and_then(|s| s.players.last().copied())
        .unwrap_or(usize::from(d.max_players));
    let dir = ok(tempfile::tempdir(), "tempdir")?;
    let path = dir.path().join("conformance.sqlite3");
    let mut steward = ok(Steward::open(&path), "open")?;
    let ids: Vec<i64> = (0..players)
        .map(|i| {
            steward
                .add_person(&format!("Player {i}"), "#1f77b4")
                .map(|p| p.id)
        })
        .collect::<Result<_, _>>()
        .map_err(|e| format!("add person: {e}"))?;
    let id = ok(steward.start_game(d.id, &ids, options, Some(11)), "start")?.game_id;
    let mut chooser = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    for step in 0..300 {
        let table = ok(steward.view(id, None), "view")?;
        if table.over || table.allowed.is_empty() {
            break;
        }
        let pick = table.allowed[chooser.random_range(0..table.allowed.len())]
            .action
            .clone();
        ok(steward.act(id, &pick), "act")?;
        if step % 50 == 25 {
            ok(steward.undo(id), "undo")?;
            let before = shown(&mut steward, id)?;
            steward = ok(Steward::open(&path), "reopen")?;
            if shown(&mut steward, id)? != before {
                return Err("the reopened game shows another table (with an undone entry)".into());
            }
            ok(steward.redo(id), "redo")?;
        }
    }
    let before = shown(&mut steward, id)?;
    drop(steward);
    let mut reopened = ok(Steward::open(&path), "reopen")?;
    if shown(&mut reopened, id)? != before {
        return Err("the reopened game shows another table".into());
    }
    Ok(())
}

static TEMPLATE: Kind<template_game::RaceToTen> = Kind::NEW;

fn template_view(view: &Value) -> Result<(), String> {
    let mut fields = view.clone();
    if let Some(o) = fields.as_object_mut() {
        o.remove("game");
    }
    serde_json::from_value::<template_game::view::RaceView>(fields)
        .map(|_| ())
        .map_err(|e| e.to_string())
}

fn main() {
    let args = Arguments::from_args();
    let mut trials = Vec::new();
    for &kind in registry() {
        let id = kind.descriptor().id;
        trials.push(Trial::test(format!("conformance::{id}"), move || {
            run_suite(kind, &reads_back_as_game_view)
        }));
        trials.push(Trial::test(format!("store::{id}"), move || {
            store_reloads(kind)
        }));
    }
    trials.push(Trial::test("conformance::template race-to-ten", || {
        run_suite(&TEMPLATE, &template_view)
    }));
    libtest_mimic::run(&args, trials).exit();
}
