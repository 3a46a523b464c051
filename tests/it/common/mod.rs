//! Shared fixtures for the integration tests: a full Nine Estates catalogue and helpers to drive
//! a session with typed actions.
#![allow(dead_code)]

use estate_steward::engine::{Game, RuleError, Seat, Session};
use estate_steward::games::nine_estates::cards::{Catalogue, EstateDef, Face, FaceDef, Resource};
use estate_steward::games::nine_estates::state::CardPos;
use estate_steward::games::nine_estates::{Deal, NineAction, NineEstates, NineOptions};
use Resource::*;

/// The real `steward` binary on the database `db`, with `args`.
pub fn steward(db: &std::path::Path, args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_steward"))
        .arg("--db")
        .arg(db)
        .args(args)
        .output()
        .expect("the steward binary runs")
}

/// What `steward` printed, once it succeeded (what it said on failing otherwise).
pub fn ok(db: &std::path::Path, args: &[&str]) -> String {
    let o = steward(db, args);
    assert!(
        o.status.success(),
        "steward {args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Taken by a test that times itself against the machine (an action saved during a count) and by
/// one that loads the machine with many processes (the crash suite): on two cores the second
/// would make the first's figure a measure of itself.
pub static MACHINE: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// [`MACHINE`], also after a test that held it failed.
pub fn machine() -> std::sync::MutexGuard<'static, ()> {
    MACHINE
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

pub fn seat() -> Vec<Seat> {
    vec![Seat {
        person_id: 1,
        name: "Ana".into(),
        colour: "#1f77b4".into(),
    }]
}

pub fn face(
    name: &str,
    cost: &[Resource],
    provides: &[Resource],
    shields: u8,
    up: &[Resource],
    rot: &[Resource],
) -> FaceDef {
    FaceDef {
        structure: name.into(),
        cost: cost.to_vec(),
        requires: vec![],
        provides: provides.to_vec(),
        shields,
        upright: up.to_vec(),
        rotated: rot.to_vec(),
    }
}

pub fn estate(name: &str, cost: &[Resource], provides: &[Resource], shields: u8) -> EstateDef {
    EstateDef {
        name: name.into(),
        cost: cost.to_vec(),
        requires: vec![],
        provides: provides.to_vec(),
        shields,
    }
}

/// Every card described. Square sides: "Sq{n}" costing one Wood, giving Wood; upright edge Wood,
/// rotated edge Stone. Round sides: "Rd{n}" costing one Stone, giving Food/Gold; upright edge
/// Food, rotated edge Gold. Card 9's square side is a second "Sq1" (a duplicate name).
pub fn catalogue() -> Catalogue {
    let mut c = Catalogue::default();
    for n in 1..=9u8 {
        let name = if n == 9 {
            "Sq1".to_string()
        } else {
            format!("Sq{n}")
        };
        c.structures.insert(
            format!("{n}-Square"),
            face(&name, &[Wood], &[Wood], 0, &[Wood], &[Stone]),
        );
        c.structures.insert(
            format!("{n}-Round"),
            face(
                &format!("Rd{n}"),
                &[Stone],
                &[Food, Gold],
                0,
                &[Food],
                &[Gold],
            ),
        );
    }
    for n in 1..=3u8 {
        c.estates.insert(
            n.to_string(),
            estate(&format!("Farm{n}"), &[Wood], &[Food], 2),
        );
    }
    for n in 4..=6u8 {
        c.estates.insert(
            n.to_string(),
            estate(&format!("Abbey{n}"), &[Wood], &[Stone], 3),
        );
    }
    for n in 7..=9u8 {
        c.estates.insert(
            n.to_string(),
            estate(&format!("Castle{n}"), &[Wood], &[Gold], 5),
        );
    }
    c
}

pub fn described(c: &Catalogue, card: u8, f: Face) -> FaceDef {
    c.structures[&format!("{card}-{f:?}")].clone()
}

/// The deck 1..=9 from the top, all upright; grid rows in card order.
pub fn recorded_deal() -> Deal {
    Deal::Recorded {
        grid: Some(vec![vec![7, 8, 9], vec![4, 5, 6], vec![1, 2, 3]]),
        deck: (1..=9)
            .map(|card| CardPos {
                card,
                upright: true,
            })
            .collect(),
    }
}

pub fn new_session(catalogue: Catalogue) -> Session<NineEstates> {
    match Session::new(NineOptions { catalogue }, seat(), 42) {
        Ok(s) => s,
        Err(e) => panic!("setup: {e}"),
    }
}

/// A dealt session with the full catalogue: centre = card 1, left = card 2.
pub fn dealt() -> Session<NineEstates> {
    let mut s = new_session(catalogue());
    act(
        &mut s,
        NineAction::Deal {
            deal: recorded_deal(),
        },
    );
    s
}

pub fn act(s: &mut Session<NineEstates>, action: NineAction) {
    match s.decide(action.clone()) {
        Ok(entry) => s.commit(entry),
        Err(e) => panic!("{action:?} was refused: {e}"),
    }
}

pub fn try_act(s: &mut Session<NineEstates>, action: NineAction) -> Result<(), RuleError> {
    let before = s.state().clone();
    match s.decide(action) {
        Ok(entry) => {
            s.commit(entry);
            Ok(())
        }
        Err(e) => {
            assert_eq!(s.state(), &before, "a refusal changed the state");
            Err(e)
        }
    }
}

/// The rule id of a refusal, or a panic if the action was accepted.
pub fn refused(s: &mut Session<NineEstates>, action: NineAction) -> String {
    match try_act(s, action.clone()) {
        Ok(()) => panic!("{action:?} was accepted but the rules forbid it"),
        Err(e) => fits::<NineEstates>(e).rule,
    }
}

/// A refusal as the rules tests see it, checked: its rule is in the game's rule book, and its
/// message says why in players' words (no rule id, rulebook line or "(s)").
pub fn fits<G: Game>(e: RuleError) -> RuleError {
    if let Some(why) = G::rules().misfit(&e) {
        panic!("refused with {e}: {why}");
    }
    e
}

pub fn allowed_labels(s: &Session<NineEstates>) -> Vec<String> {
    NineEstates::allowed(s.state())
        .into_iter()
        .map(|a| a.label)
        .collect()
}
pub mod middle;
pub mod realm;
pub mod realm_lord;
