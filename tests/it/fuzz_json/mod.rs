//! The short fuzz run of every registered game's action and option decoding through the JSON
//! layer (see `harness.rs`), part of every `cargo test`: a fixed number of seeded random inputs,
//! so a run is the same everywhere and takes seconds. The long run is cargo-fuzz on the same
//! harness (`fuzz/`, docs/fuzzing.md).
//!
//! Knobs: `FUZZ_EXECS` (inputs, default [`SHORT_RUN`]), `FUZZ_SEED` (default 1), and
//! `FUZZ_INPUT=<hex>` to run one input again, e.g. one a failure printed.

mod harness;

use estate_steward::engine::{ActError, AnyTable, GameKind, StoredEntry};
use estate_steward::games::registry;
use harness::Harness;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;

/// Inputs in the short run: about three seconds of a debug build here.
const SHORT_RUN: u64 = 20_000;

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/conformance")
}

fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn hex(data: &[u8]) -> String {
    data.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(text: &str) -> Vec<u8> {
    (0..text.len() / 2)
        .filter_map(|i| u8::from_str_radix(text.get(2 * i..2 * i + 2)?, 16).ok())
        .collect()
}

/// An input that made the harness panic, and which of the run's inputs it was.
#[derive(Debug)]
struct Finding {
    exec: u64,
    input: Vec<u8>,
}

/// `execs` seeded random inputs of 1–256 bytes; stops at the first that panics.
fn fuzz(harness: &mut Harness, execs: u64, seed: u64) -> Result<(), Finding> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for exec in 0..execs {
        let len = rng.random_range(1..=256);
        let input: Vec<u8> = (0..len).map(|_| rng.random()).collect();
        if catch_unwind(AssertUnwindSafe(|| harness.run(&input))).is_err() {
            return Err(Finding { exec, input });
        }
    }
    Ok(())
}

#[test]
fn every_game_decodes_fuzzed_actions_and_options_without_panicking() {
    let mut harness = Harness::new(registry(), &fixtures()).expect("the sample tables play");
    if let Ok(input) = std::env::var("FUZZ_INPUT") {
        harness.run(&unhex(&input));
        return;
    }
    let (execs, seed) = (env_u64("FUZZ_EXECS", SHORT_RUN), env_u64("FUZZ_SEED", 1));
    if let Err(found) = fuzz(&mut harness, execs, seed) {
        panic!(
            "input {} of the run with FUZZ_SEED={seed} panicked (message above); run it alone \
             with FUZZ_INPUT={} cargo test --test fuzz_json",
            found.exec,
            hex(&found.input)
        );
    }
    let tallies = harness.tallies();
    assert_eq!(tallies.len(), registry().len());
    for (id, t) in tallies {
        println!("{id}: {t:?}");
        // The run reached every outcome of each entry point, or it proved little.
        let reached = [
            (t.accepted, "accepted actions"),
            (t.refused_by_rule, "actions refused by a rule"),
            (t.malformed, "malformed actions"),
            (t.options_accepted, "accepted options"),
            (t.options_refused, "refused options"),
            (t.tables_started, "tables started from fuzzed options"),
            (t.catalogue_checked, "catalogue entries checked"),
            (t.unparsed_text, "unparsable texts"),
        ];
        for (count, what) in reached {
            assert!(count > 0, "{id}: the short run reached no {what}: {t:?}");
        }
        assert!(
            t.execs > execs / (2 * registry().len() as u64),
            "{id}: {t:?}"
        );
    }
}

/// A game that panics on options holding a number beyond 32 bits: the driver must catch that
/// and hand back an input that panics again when run alone.
struct Planted(&'static dyn GameKind);

fn holds_huge_number(value: &Value) -> bool {
    match value {
        Value::Number(n) => n.as_u64().is_none_or(|n| n > u64::from(u32::MAX)),
        Value::Array(items) => items.iter().any(holds_huge_number),
        Value::Object(fields) => fields.values().any(holds_huge_number),
        _ => false,
    }
}

impl GameKind for Planted {
    fn descriptor(&self) -> &'static estate_steward::engine::Descriptor {
        self.0.descriptor()
    }
    fn rules(&self) -> &'static estate_steward::engine::RuleBook {
        self.0.rules()
    }
    fn default_options(&self) -> Value {
        self.0.default_options()
    }
    fn prepare_options(
        &self,
        options: Option<Value>,
        catalogue: &[(String, Value)],
    ) -> Result<Value, ActError> {
        if options.as_ref().is_some_and(holds_huge_number) {
            panic!("planted panic: the fuzz driver must catch this one");
        }
        self.0.prepare_options(options, catalogue)
    }
    fn check_catalogue_entry(&self, key: &str, value: &Value) -> Result<(), ActError> {
        self.0.check_catalogue_entry(key, value)
    }
    fn new_table(
        &self,
        options: &Value,
        seats: Vec<estate_steward::engine::Seat>,
        seed: u64,
    ) -> Result<Box<dyn AnyTable>, ActError> {
        self.0.new_table(options, seats, seed)
    }
    fn resume(
        &self,
        options: &Value,
        seats: Vec<estate_steward::engine::Seat>,
        seed: u64,
        snapshot: Option<(usize, String)>,
        entries: &[StoredEntry],
        redo: &[StoredEntry],
    ) -> Result<Box<dyn AnyTable>, ActError> {
        self.0.resume(options, seats, seed, snapshot, entries, redo)
    }
}

#[test]
fn a_panicking_game_is_caught_and_its_input_panics_again_alone() {
    let planted: &'static Planted = Box::leak(Box::new(Planted(registry()[0])));
    let games: [&'static dyn GameKind; 1] = [planted];
    let mut harness = Harness::new(&games, &fixtures()).expect("the sample tables play");
    let found = fuzz(&mut harness, SHORT_RUN, 1).expect_err("the planted panic is found");
    let mut again = Harness::new(&games, &fixtures()).expect("the sample tables play");
    let replay = catch_unwind(AssertUnwindSafe(|| again.run(&found.input)));
    assert!(replay.is_err(), "input {} did not panic alone", found.exec);
    assert_eq!(unhex(&hex(&found.input)), found.input);
}
