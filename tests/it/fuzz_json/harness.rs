//! The fuzz harness of the game-agnostic JSON layer, shared by the short run in `cargo test`
//! (`tests/fuzz_json/main.rs`) and the long cargo-fuzz run (`fuzz/fuzz_targets/json_layer.rs`).
//!
//! One input is a byte string read as a list of choices (see [`Bytes`]): which game, which live
//! table (a fresh one or one deep into a seeded random playout), and what to send it. What is
//! sent is either a JSON value grown from the game's own vocabulary (the actions `allowed`
//! offered, the sample options, the keys and strings they use) and then mutated (numbers at
//! their limits, wrong types, fields dropped or added, tags swapped), or JSON *text* corrupted
//! byte by byte and parsed, or the remaining input bytes parsed as JSON as they are. Whatever
//! parses goes through the entry points every client uses: `GameKind::prepare_options`,
//! `new_table`, `check_catalogue_entry` and `AnyTable::decide`; an accepted action is also
//! committed, shown (view, allowed, score, log) and undone, so the game's `apply` meets it too.
//!
//! The only outcomes allowed are an answer or a refusal (`ActError`); a panic, or an accepted
//! entry that does not read back, is a finding. The harness names no game: it takes the list.

use estate_steward::engine::conformance::seats;
use estate_steward::engine::table::parse_text;
use estate_steward::engine::{ActError, AnyTable, GameKind, StoredEntry};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{Map, Value};
use std::collections::BTreeSet;
use std::path::Path;

/// Depths into a seeded random playout at which a live table is kept for fuzzing.
const DEPTHS: [usize; 7] = [0, 1, 3, 8, 25, 80, 250];
/// Steps of the playout a game is followed for (it may end sooner).
const PLAYOUT_STEPS: usize = 250;
/// serde_json's parser refuses nesting deeper than 128, so a client can never send deeper JSON.
const MAX_DEPTH: usize = 100;

/// Integers at the edges of every width a game might read them into.
const EDGE_INTEGERS: [i128; 30] = [
    0,
    1,
    -1,
    2,
    3,
    4,
    5,
    6,
    7,
    9,
    10,
    12,
    16,
    99,
    127,
    128,
    255,
    256,
    -128,
    65_535,
    65_536,
    i32::MAX as i128,
    i32::MIN as i128,
    u32::MAX as i128,
    (1 << 53) + 1,
    i64::MAX as i128,
    i64::MIN as i128,
    u64::MAX as i128,
    -(1 << 53),
    1_000_000,
];
const EDGE_FLOATS: [f64; 7] = [0.5, -0.0, 1.0, 1e300, -1e300, f64::MIN_POSITIVE, 255.99];
const ODD_STRINGS: [&str; 8] = [
    "",
    " ",
    "\u{0}",
    "é\u{202e}\u{1F600}",
    "null",
    "0",
    "-1",
    "\\\"{}[]",
];

/// The input read as choices; past its end every choice is 0, so any input is complete.
pub struct Bytes<'a> {
    data: &'a [u8],
    at: usize,
}

impl<'a> Bytes<'a> {
    pub fn new(data: &'a [u8]) -> Self {
        Bytes { data, at: 0 }
    }
    pub fn byte(&mut self) -> u8 {
        let b = self.data.get(self.at).copied().unwrap_or(0);
        self.at += 1;
        b
    }
    /// True once in `n` (by the next byte).
    fn one_in(&mut self, n: u8) -> bool {
        self.byte().is_multiple_of(n)
    }
    fn u16(&mut self) -> u16 {
        u16::from_le_bytes([self.byte(), self.byte()])
    }
    fn u64(&mut self) -> u64 {
        (0..8).fold(0u64, |acc, _| (acc << 8) | u64::from(self.byte()))
    }
    /// An index below `len` (which must not be 0).
    fn below(&mut self, len: usize) -> usize {
        if len <= 256 {
            usize::from(self.byte()) % len
        } else {
            usize::from(self.u16()) % len
        }
    }
    fn pick<'v, T>(&mut self, items: &'v [T]) -> Option<&'v T> {
        if items.is_empty() {
            None
        } else {
            Some(&items[self.below(items.len())])
        }
    }
    fn rest(&mut self) -> &'a [u8] {
        let rest = self.data.get(self.at..).unwrap_or(&[]);
        self.at = self.data.len();
        rest
    }
}

/// What the runs reached, per game, so a test can tell the fuzzing went somewhere.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Tally {
    pub execs: u64,
    pub accepted: u64,
    pub refused_by_rule: u64,
    pub malformed: u64,
    pub options_accepted: u64,
    pub options_refused: u64,
    pub tables_started: u64,
    pub catalogue_checked: u64,
    pub unparsed_text: u64,
}

/// One game's material: its factory, live tables at several depths, and the JSON it speaks.
struct GameCase<'g> {
    kind: &'g dyn GameKind,
    tables: Vec<Box<dyn AnyTable>>,
    /// Actions offered by `allowed` along the playouts (and the samples' probes).
    actions: Vec<Value>,
    /// The default options and the sample tables' options.
    options: Vec<Value>,
    /// Catalogue entries learned along the playouts (valid by construction).
    catalogue: Vec<(String, Value)>,
    /// Object keys and string values found in all of the above.
    keys: Vec<String>,
    strings: Vec<String>,
    tally: Tally,
}

/// The harness: every game's material, built once (a second or two) and fuzzed many times.
pub struct Harness<'g> {
    games: Vec<GameCase<'g>>,
}

/// A sample table (options and player counts) from `tests/fixtures/conformance/<id>.json`.
struct Sample {
    options: Option<Value>,
    players: Vec<usize>,
    probes: Vec<Value>,
}

fn samples(kind: &dyn GameKind, fixtures: &Path) -> Vec<Sample> {
    let d = kind.descriptor();
    let extremes = vec![usize::from(d.min_players), usize::from(d.max_players)];
    let mut out = vec![Sample {
        options: None,
        players: extremes,
        probes: Vec::new(),
    }];
    let path = fixtures.join(format!("{}.json", d.id));
    let Ok(text) = std::fs::read_to_string(path) else {
        return out;
    };
    let parsed: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
    for case in parsed["cases"].as_array().into_iter().flatten() {
        let players = case["players"].as_array().into_iter().flatten();
        out.push(Sample {
            options: case.get("options").filter(|o| !o.is_null()).cloned(),
            players: players
                .filter_map(|p| p.as_u64())
                .map(|p| p as usize)
                .collect(),
            probes: case["probes"].as_array().cloned().unwrap_or_default(),
        });
    }
    out
}

fn collect_words(value: &Value, keys: &mut BTreeSet<String>, strings: &mut BTreeSet<String>) {
    match value {
        Value::String(s) if s.len() <= 64 => {
            strings.insert(s.clone());
        }
        Value::Array(items) => items.iter().for_each(|v| collect_words(v, keys, strings)),
        Value::Object(fields) => {
            for (k, v) in fields {
                keys.insert(k.clone());
                collect_words(v, keys, strings);
            }
        }
        _ => {}
    }
}

impl<'g> GameCase<'g> {
    /// Plays seeded random games of every sample, keeping live tables at [`DEPTHS`].
    fn build(kind: &'g dyn GameKind, fixtures: &Path) -> Result<Self, String> {
        let id = kind.descriptor().id;
        let mut case = GameCase {
            kind,
            tables: Vec::new(),
            actions: Vec::new(),
            options: vec![kind.default_options()],
            catalogue: Vec::new(),
            keys: Vec::new(),
            strings: Vec::new(),
            tally: Tally::default(),
        };
        for (n, sample) in samples(kind, fixtures).into_iter().enumerate() {
            let options = kind
                .prepare_options(sample.options.clone(), &[])
                .map_err(|e| format!("{id}: sample options refused: {e}"))?;
            case.options.extend(sample.options);
            case.actions.extend(sample.probes);
            for players in sample.players {
                let seed = 7919 * n as u64 + players as u64;
                case.play(&options, players, seed)?;
            }
        }
        let (mut keys, mut strings) = (BTreeSet::new(), BTreeSet::new());
        let catalogue = case
            .catalogue
            .iter()
            .map(|(k, v)| (Value::from(k.clone()), v));
        for value in case.actions.iter().chain(&case.options) {
            collect_words(value, &mut keys, &mut strings);
        }
        for (k, v) in catalogue {
            collect_words(&k, &mut keys, &mut strings);
            collect_words(v, &mut keys, &mut strings);
        }
        case.keys = keys.into_iter().collect();
        case.strings = strings.into_iter().collect();
        Ok(case)
    }

    fn play(&mut self, options: &Value, players: usize, seed: u64) -> Result<(), String> {
        let id = self.kind.descriptor().id;
        let mut table = self
            .kind
            .new_table(options, seats(players), seed)
            .map_err(|e| format!("{id}: sample table refused: {e}"))?;
        let mut chooser = ChaCha8Rng::seed_from_u64(seed);
        let mut log: Vec<StoredEntry> = Vec::new();
        let keep = |log: &[StoredEntry], tables: &mut Vec<Box<dyn AnyTable>>| {
            self.kind
                .resume(options, seats(players), seed, None, log, &[])
                .map(|t| tables.push(t))
                .map_err(|e| format!("{id}: resume refused: {e}"))
        };
        for step in 0..PLAYOUT_STEPS {
            if DEPTHS.contains(&step) {
                keep(&log, &mut self.tables)?;
            }
            let allowed: Vec<Value> = table.allowed().into_iter().map(|a| a.action).collect();
            if allowed.is_empty() || table.is_over() {
                break;
            }
            let pick = &allowed[chooser.random_range(0..allowed.len())];
            let entry = table
                .decide(pick)
                .map_err(|e| format!("{id}: an offered action was refused: {e}"))?;
            table
                .commit(&entry)
                .map_err(|e| format!("{id}: an entry did not read back: {e}"))?;
            self.catalogue.extend(table.learned(&entry));
            log.push(entry);
            // Every offer once is plenty of vocabulary; cap what a long game adds.
            if self.actions.len() < 4000 {
                self.actions.extend(allowed);
            }
        }
        // The table at the end of the playout too (often a finished game).
        keep(&log, &mut self.tables)
    }
}

impl<'g> Harness<'g> {
    /// Builds the material of every game in `games`, with sample tables from `fixtures`
    /// (`tests/fixtures/conformance`).
    pub fn new(games: &[&'g dyn GameKind], fixtures: &Path) -> Result<Self, String> {
        let games = games
            .iter()
            .map(|kind| GameCase::build(*kind, fixtures))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Harness { games })
    }

    /// Each game's id and what the runs so far reached in it.
    pub fn tallies(&self) -> Vec<(&'static str, Tally)> {
        self.games
            .iter()
            .map(|g| (g.kind.descriptor().id, g.tally.clone()))
            .collect()
    }

    /// Runs one input. Panics (the finding) if a game panics or breaks the layer's contract.
    pub fn run(&mut self, data: &[u8]) {
        if self.games.is_empty() {
            return;
        }
        let mut u = Bytes::new(data);
        let at = u.below(self.games.len());
        let game = &mut self.games[at];
        game.tally.execs += 1;
        match u.byte() % 16 {
            0..=7 => {
                let value = grown(game, &mut u, Seed::Action);
                game.decide(&mut u, &value);
            }
            8..=9 => {
                let value = grown(game, &mut u, Seed::Options);
                game.start(&mut u, value);
            }
            10 => {
                let value = grown(game, &mut u, Seed::Any);
                game.check_catalogue(&mut u, &value);
            }
            11..=13 => {
                let kind = if u.one_in(3) {
                    Seed::Options
                } else {
                    Seed::Action
                };
                let text = corrupted_text(game, &mut u, kind);
                game.send_text(&mut u, &text, kind);
            }
            _ => {
                let kind = if u.one_in(2) {
                    Seed::Options
                } else {
                    Seed::Action
                };
                let text = u.rest().to_vec();
                game.send_text(&mut Bytes::new(&[]), &text, kind);
            }
        }
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Seed {
    Action,
    Options,
    Any,
}

impl GameCase<'_> {
    fn decide(&mut self, u: &mut Bytes, action: &Value) {
        let Some(at) = (!self.tables.is_empty()).then(|| u.below(self.tables.len())) else {
            return;
        };
        let table = &mut self.tables[at];
        // As a client asks first (`decide`), or as the service plays (`play`: decide and apply).
        let outcome = if u.one_in(2) {
            table
                .decide(action)
                .inspect(|entry| commit(table.as_mut(), entry, action))
        } else {
            table.play(action).map(|played| played.entry)
        };
        match outcome {
            Ok(entry) => {
                self.tally.accepted += 1;
                shown_then_undone(table.as_mut(), &entry, action);
            }
            Err(ActError::Rule(_)) => self.tally.refused_by_rule += 1,
            Err(ActError::Malformed(_)) => self.tally.malformed += 1,
        }
    }

    /// Options through `prepare_options` (with remembered cards or none) and, when accepted,
    /// a new table of any size and seed, shown and played one offered action.
    fn start(&mut self, u: &mut Bytes, options: Value) {
        let catalogue: &[(String, Value)] = if u.one_in(2) { &self.catalogue } else { &[] };
        let prepared = match self.kind.prepare_options(Some(options), catalogue) {
            Ok(prepared) => prepared,
            Err(_) => {
                self.tally.options_refused += 1;
                return;
            }
        };
        self.tally.options_accepted += 1;
        // The service checks the player count before it asks for a table: stay within it.
        let d = self.kind.descriptor();
        let span = d
            .max_players
            .saturating_sub(d.min_players)
            .saturating_add(1);
        let players = usize::from(d.min_players + u.byte() % span.max(1));
        let Ok(mut table) = self.kind.new_table(&prepared, seats(players), u.u64()) else {
            return;
        };
        self.tally.tables_started += 1;
        let _ = (
            table.view(),
            table.score(),
            table.is_over(),
            table.summaries(),
        );
        let allowed = table.allowed();
        if let Some(offer) = u.pick(&allowed) {
            let action = offer.action.clone();
            match table.play(&action) {
                Ok(played) => shown_then_undone(table.as_mut(), &played.entry, &action),
                Err(e) => panic!("an offered action was refused: {action}: {e}"),
            }
        }
    }

    fn check_catalogue(&mut self, u: &mut Bytes, value: &Value) {
        let mut key = u.pick(&self.keys).cloned().unwrap_or_default();
        if let Some((learned, _)) = u.pick(&self.catalogue) {
            if u.one_in(2) {
                key = learned.clone();
            }
        }
        self.tally.catalogue_checked += 1;
        let _ = self.kind.check_catalogue_entry(&key, value);
    }

    /// Text read as the CLI reads it (`parse_text`: a key given twice is refused) or as the app's
    /// IPC does (serde_json); what the strict reader accepts, serde_json reads the same.
    fn send_text(&mut self, u: &mut Bytes, text: &[u8], kind: Seed) {
        let lenient = serde_json::from_slice::<Value>(text).ok();
        let strict = std::str::from_utf8(text)
            .ok()
            .and_then(|t| parse_text("input", t).ok());
        if strict.is_some() && strict != lenient {
            panic!("the strict reader read {strict:?} where serde_json read {lenient:?}");
        }
        let value = if u.one_in(2) { strict } else { lenient };
        match value {
            Some(value) if kind == Seed::Options => self.start(u, value),
            Some(value) => self.decide(u, &value),
            None => self.tally.unparsed_text += 1,
        }
    }
}

/// A decided entry is applied as the service applies it after storing it: it must read back.
fn commit(table: &mut dyn AnyTable, entry: &StoredEntry, action: &Value) {
    if let Err(e) = table.commit(entry) {
        panic!("an accepted action's entry did not read back: {action}: {e}");
    }
}

/// An applied entry is shown, then undone: the table is as long as it was before.
fn shown_then_undone(table: &mut dyn AnyTable, entry: &StoredEntry, action: &Value) {
    let after = table.len();
    let _ = (
        table.view(),
        table.score(),
        table.is_over(),
        table.allowed(),
    );
    let _ = (table.summaries(), table.learned(entry), table.state_text());
    if table.undo().is_none() || table.len() + 1 != after {
        panic!("undo did not take back an accepted action: {action}");
    }
}

/// A value to send: one of the game's own (action, options, or any) or a fresh scalar, then
/// 0–7 mutations.
fn grown(game: &GameCase, u: &mut Bytes, seed: Seed) -> Value {
    let pool: &[Value] = match seed {
        Seed::Action => &game.actions,
        Seed::Options => &game.options,
        Seed::Any if u.one_in(2) => &game.actions,
        Seed::Any => &game.options,
    };
    let mut value = match u.pick(pool) {
        Some(v) if !u.one_in(16) => v.clone(),
        _ => scalar(game, u),
    };
    // Mostly few mutations: a value close to a legal one gets past decoding into the rules.
    for _ in 0..[0, 0, 1, 1, 1, 2, 3, 6][usize::from(u.byte() % 8)] {
        mutate(&mut value, game, u, 0);
    }
    value
}

fn scalar(game: &GameCase, u: &mut Bytes) -> Value {
    match u.byte() % 8 {
        0 => Value::Null,
        1 => Value::Bool(u.one_in(2)),
        2 => integer(u),
        3 => serde_json::Number::from_f64(EDGE_FLOATS[u.below(EDGE_FLOATS.len())])
            .map_or(Value::Null, Value::Number),
        4 => Value::from(ODD_STRINGS[u.below(ODD_STRINGS.len())]),
        5 => Value::from("x".repeat(usize::from(u.u16()) % 5000)),
        6 => Value::from(u.pick(&game.strings).cloned().unwrap_or_default()),
        _ => Value::from(u.pick(&game.keys).cloned().unwrap_or_default()),
    }
}

fn integer(u: &mut Bytes) -> Value {
    let n = EDGE_INTEGERS[u.below(EDGE_INTEGERS.len())];
    let n = match u.byte() % 4 {
        0 => n + 1,
        1 => n - 1,
        _ => n,
    };
    if let Ok(i) = i64::try_from(n) {
        Value::from(i)
    } else if let Ok(p) = u64::try_from(n) {
        Value::from(p)
    } else {
        // Beyond 64 bits: JSON text still parses it, as a float.
        serde_json::Number::from_f64(n as f64).map_or(Value::Null, Value::Number)
    }
}

/// One mutation somewhere in `value`: walk down a path of the input's choosing, then change
/// what is found there.
fn mutate(value: &mut Value, game: &GameCase, u: &mut Bytes, depth: usize) {
    // Into the value's fields more often than not (always past its top level).
    let descend = (depth == 0 || !u.one_in(3)) && depth < MAX_DEPTH;
    match value {
        Value::Array(items) if descend && !items.is_empty() => {
            let at = u.below(items.len());
            return mutate(&mut items[at], game, u, depth + 1);
        }
        Value::Object(fields) if descend && !fields.is_empty() => {
            let at = u.below(fields.len());
            if let Some(child) = fields.values_mut().nth(at) {
                return mutate(child, game, u, depth + 1);
            }
        }
        _ => {}
    }
    change(value, game, u, depth);
}

fn change(value: &mut Value, game: &GameCase, u: &mut Bytes, depth: usize) {
    match (u.byte() % 10, &mut *value) {
        (0, Value::Object(fields)) if !fields.is_empty() => {
            let at = u.below(fields.len());
            if let Some(key) = fields.keys().nth(at).cloned() {
                fields.remove(&key);
            }
        }
        (0, Value::Array(items)) if !items.is_empty() => {
            items.remove(u.below(items.len()));
        }
        (1, Value::Object(fields)) => {
            let key = u.pick(&game.keys).cloned().unwrap_or_default();
            fields.insert(key, scalar(game, u));
        }
        (1, Value::Array(items)) => {
            let copies = usize::from(u.byte() % 4) + 1;
            let item = items.first().cloned().unwrap_or_else(|| scalar(game, u));
            items.extend(std::iter::repeat_n(item, copies));
        }
        (2 | 7 | 8, Value::Number(n)) => {
            // Mostly a step to a neighbouring count, seat or index.
            let delta = match u.byte() % 4 {
                0 => i64::from(u.byte() as i8),
                1 => -1,
                _ => 1,
            };
            *value = match (n.as_i64(), n.as_u64()) {
                (Some(i), _) => Value::from(i.wrapping_add(delta)),
                (None, Some(p)) => Value::from(p.wrapping_add(delta as u64)),
                _ => Value::from(-delta),
            };
        }
        (3 | 7 | 8, Value::String(s)) => {
            *s = u.pick(&game.strings).cloned().unwrap_or_default();
        }
        (4, _) => {
            // Splice a piece of another of the game's values in.
            let pool = [&game.actions, &game.options][usize::from(u.byte() % 2)];
            if let Some(other) = u.pick(pool) {
                *value = other.clone();
            }
        }
        (5, _) if depth < MAX_DEPTH - 2 => {
            let inner = std::mem::take(value);
            *value = if u.one_in(2) {
                Value::Array(vec![inner])
            } else {
                let key = u.pick(&game.keys).cloned().unwrap_or_default();
                Value::Object(Map::from_iter([(key, inner)]))
            };
        }
        (7 | 8, Value::Bool(b)) => *b = !*b,
        (6, _) => *value = integer(u),
        _ => *value = scalar(game, u),
    }
}

/// JSON text of one of the game's values, with a few bytes flipped, inserted or removed.
fn corrupted_text(game: &GameCase, u: &mut Bytes, seed: Seed) -> Vec<u8> {
    let mut text = serde_json::to_vec(&grown(game, u, seed)).unwrap_or_default();
    const SPICE: &[u8] = b"{}[]\":,0123456789-.eE+tfn \\u\xff\xc3";
    for _ in 0..=u.byte() % 4 {
        let at = if text.is_empty() {
            0
        } else {
            u.below(text.len())
        };
        let b = if u.one_in(2) {
            SPICE[u.below(SPICE.len())]
        } else {
            u.byte()
        };
        match u.byte() % 3 {
            0 if at < text.len() => text[at] = b,
            1 if at < text.len() => {
                text.remove(at);
            }
            _ => text.insert(at, b),
        }
    }
    text
}
