//! The type-erased table: the JSON-facing wrappers (`GameKind`, `AnyTable`) through which the
//! service, the store and the CLI handle any game without knowing its types. The list of games
//! itself lives in the games crate (`games::registry()`); nothing here names a game.
//!
//! Input is strict here, once for every game (`json`): new actions and options refuse unknown
//! fields and duplicate keys, naming the field; what is already stored reads as it always did.

mod json;

pub use json::{excerpt, parse_text, plain, BadInput};

use super::game::{to_json, Descriptor, Game, RuleError, Scoresheet, Seat};
use super::names::{has_json_marks, named, named_json, named_sheet, named_value};
use super::rules::RuleBook;
use super::session::{Entry, Session, Window};
use super::settled::Memo;
use json::{added_part, read_lenient, read_strict, unkept_key};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use serde_json::Value;
use std::marker::PhantomData;
use std::sync::{Mutex, TryLockError};

/// An entry as stored: the action and its events as JSON text, and its summary.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StoredEntry {
    pub action: String,
    pub events: String,
    pub summary: String,
}

/// A legal action as JSON, for buttons. Its `action` is one of the games' own action types, sent
/// back as it is; the service gives it that type for the clients (`service::Offer`), since the
/// engine knows no game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AllowedAction {
    pub label: String,
    pub group: String,
    pub action: Value,
    /// The question to ask before sending this action (see `Game::confirm`); absent for the
    /// ordinary moves of a turn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub confirm: Option<String>,
}

/// The end of a stored log, from which a table is resumed (see `store::Store::load_game`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct StoredLog {
    /// Active entries before `entries`, not loaded.
    pub base: usize,
    /// The state after `base` entries, as stored in a snapshot (none when `base` is 0).
    pub base_state: Option<String>,
    /// Later snapshots within `entries` (position, state), oldest first.
    pub snapshots: Vec<(usize, String)>,
    /// Active entries `base + 1 ..`.
    pub entries: Vec<StoredEntry>,
    /// Undone entries, the next to redo last.
    pub redo: Vec<StoredEntry>,
}

/// An action played in memory: the entry to store and what it taught the catalogue.
pub struct Played {
    pub entry: StoredEntry,
    pub learned: Vec<(String, Value)>,
}

/// Why an action was not accepted.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ActError {
    /// The rules forbid it.
    #[error(transparent)]
    Rule(#[from] RuleError),
    /// The request is not one this game reads (a malformed field, an unknown field …).
    #[error("{0}")]
    Malformed(BadInput),
}

impl From<BadInput> for ActError {
    fn from(e: BadInput) -> Self {
        ActError::Malformed(e)
    }
}

/// A game's factory, as the registry lists it.
pub trait GameKind: Send + Sync {
    fn descriptor(&self) -> &'static Descriptor;
    /// The game's rule ids, each with its plain sentence and citation.
    fn rules(&self) -> &'static RuleBook;
    fn default_options(&self) -> Value;
    /// Check options (filling defaults) and add remembered catalogue entries.
    fn prepare_options(
        &self,
        options: Option<Value>,
        catalogue: &[(String, Value)],
    ) -> Result<Value, ActError>;
    /// Check a remembered card before it is kept.
    fn check_catalogue_entry(&self, key: &str, value: &Value) -> Result<(), ActError>;
    fn new_table(
        &self,
        options: &Value,
        seats: Vec<Seat>,
        seed: u64,
    ) -> Result<Box<dyn AnyTable>, ActError>;
    fn resume(
        &self,
        options: &Value,
        seats: Vec<Seat>,
        seed: u64,
        snapshot: Option<(usize, String)>,
        entries: &[StoredEntry],
        redo: &[StoredEntry],
    ) -> Result<Box<dyn AnyTable>, ActError>;
    /// Resume from the end of a stored log: only its entries are parsed. (Every game gets
    /// this from `Kind<G>`; the default reads a whole log only, for other implementations.)
    fn resume_log(
        &self,
        options: &Value,
        seats: Vec<Seat>,
        seed: u64,
        log: StoredLog,
    ) -> Result<Box<dyn AnyTable>, ActError> {
        if log.base > 0 {
            return Err(BadInput::new("stored log", "only a whole log can be read here").into());
        }
        let snapshot = log.snapshots.last().cloned();
        self.resume(options, seats, seed, snapshot, &log.entries, &log.redo)
    }
}

/// A live table of any game. `Sync`, so that its view can be made on another thread while the
/// action's commit waits for the disk (`service::alongside`).
pub trait AnyTable: Send + Sync {
    fn descriptor(&self) -> &'static Descriptor;
    fn seats(&self) -> &[Seat];
    fn decide(&self, action: &Value) -> Result<StoredEntry, ActError>;
    /// Decide and apply in memory in one step (as `decide` then `commit`, without reading the
    /// entry back); the service then stores it, or drops this table if storing fails.
    fn play(&mut self, action: &Value) -> Result<Played, ActError> {
        let entry = self.decide(action)?;
        let learned = self.learned(&entry);
        self.commit(&entry)?;
        Ok(Played { entry, learned })
    }
    /// How many entries of the log come before those this table holds (0 unless it was resumed
    /// from the end of a long log): undo and replay cannot reach before it.
    fn base(&self) -> usize {
        0
    }
    /// The summaries of the entries after the first `from` (or after `base`, if later).
    fn summaries_from(&self, from: usize) -> Vec<String> {
        self.summaries().into_iter().skip(from).collect()
    }
    /// Apply an entry produced by `decide`, in memory. The service then stores it and shows it
    /// only once stored; if storing fails it drops this table and reloads the game from disk.
    fn commit(&mut self, entry: &StoredEntry) -> Result<(), ActError>;
    fn next_undo(&self) -> Option<String>;
    fn next_redo(&self) -> Option<String>;
    fn undo(&mut self) -> Option<String>;
    fn redo(&mut self) -> Option<String>;
    fn len(&self) -> usize;
    /// How many undone entries wait to be redone.
    fn redo_len(&self) -> usize;
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    fn summaries(&self) -> Vec<String>;
    fn state(&self) -> Value;
    /// `state` as the clients receive it: JSON text, serialized once.
    fn state_json(&self) -> Box<RawValue>;
    /// The game's display view of the current state, tagged with the game's id.
    fn view(&self) -> Value;
    /// `view` as the clients receive it: JSON text, serialized once (the conformance suite
    /// checks that it reads back as `view`).
    fn view_json(&self) -> Box<RawValue>;
    /// What one seat alone may see.
    fn private_view(&self, seat: u8) -> Option<Value>;
    /// Whose decision `action` is now (see `Game::decider`): a seat's, or the table's (`None`).
    /// At a table of one seat, every decision is that seat's.
    fn decider(&self, action: &Value) -> Result<Option<u8>, ActError>;
    fn has_secrets(&self) -> bool;
    fn view_after(&self, n: usize) -> Value;
    /// The current state as JSON text, for a snapshot.
    fn state_text(&self) -> String;
    fn state_after(&self, n: usize) -> Value;
    fn allowed(&self) -> Vec<AllowedAction>;
    /// The allowed actions that are `seat`'s decisions now (see `decider`): what a seat's phone
    /// is offered.
    fn allowed_for(&self, seat: u8) -> Vec<AllowedAction>;
    fn score(&self) -> Scoresheet;
    fn score_after(&self, n: usize) -> Scoresheet;
    fn is_over(&self) -> bool;
    /// Catalogue entries taught by an entry's events.
    fn learned(&self, entry: &StoredEntry) -> Vec<(String, Value)>;
}

/// A game's entry in the registry: `Kind::<MyGame>::NEW` is all a game needs to be listed.
pub struct Kind<G>(PhantomData<fn() -> G>);

impl<G> Kind<G> {
    pub const NEW: Kind<G> = Kind(PhantomData);
}

/// A game's session, and the memo of its view's settled parts (see `settled`), behind a lock
/// because the view may be made on another thread than the one that plays.
struct Table<G: Game>(Session<G>, Mutex<Memo>);

impl<G: Game> Table<G> {
    fn new(session: Session<G>) -> Self {
        Table(session, Mutex::default())
    }
}

/// A game's view as the clients receive it: the view's own fields plus `"game": <id>`, the tag
/// by which `games::GameView` (and the UI) tell the games apart.
/// Its words name people (`names`), as every text leaving a table does.
fn tagged_view<G: Game>(view: &G::View, seats: &[Seat]) -> Value {
    let mut value = to_json(view);
    named_value(&mut value, seats);
    if let Value::Object(fields) = &mut value {
        fields.insert("game".into(), Value::from(G::DESCRIPTOR.id));
    }
    value
}

/// [`tagged_view`] as JSON text, without the tree of `Value`s between: the view's fields, then
/// `"game"` (last, so that it wins over a field of that name, as in `tagged_view`).
/// Its settled parts are written from `memo` when unchanged.
fn tagged_view_json<G: Game>(view: &G::View, seats: &[Seat], memo: &mut Memo) -> Box<RawValue> {
    #[derive(Serialize)]
    struct Tagged<'a, V> {
        #[serde(flatten)]
        view: &'a V,
        game: &'static str,
    }
    let tagged = Tagged {
        view,
        game: G::DESCRIPTOR.id,
    };
    let Ok(raw) = memo.lend(|| serde_json::value::to_raw_value(&tagged)) else {
        // A view that is not a map of fields cannot be flattened: tagged as a value instead.
        return raw_json(&tagged_view::<G>(view, seats));
    };
    // Text serde_json wrote is taken as it is; text changed after (names put in) is read back
    // whole to be checked, which for a view without names would cost a quarter of an action.
    if !has_json_marks(raw.get()) {
        return raw;
    }
    let named = named_json(String::from(Box::<str>::from(raw)), seats);
    RawValue::from_string(named).unwrap_or_else(|_| raw_json(&tagged_view::<G>(view, seats)))
}

/// A value as JSON text (`null` for one that does not serialize, which our derived types
/// always do: they have no non-string map keys).
fn raw_json<T: Serialize + ?Sized>(value: &T) -> Box<RawValue> {
    serde_json::value::to_raw_value(value).unwrap_or_else(|_| RawValue::NULL.to_owned())
}

fn from_text<T: serde::de::DeserializeOwned>(text: &str, what: &str) -> Result<T, ActError> {
    serde_json::from_str(text)
        .map_err(|e| ActError::Malformed(BadInput::new(what, plain(&e.to_string()))))
}

fn typed_entries<G: Game>(entries: &[StoredEntry]) -> Result<Vec<Entry<G>>, ActError> {
    entries
        .iter()
        .map(|e| {
            Ok(Entry {
                action: from_text(&e.action, "stored action")?,
                events: from_text(&e.events, "stored events")?,
                summary: e.summary.clone(),
            })
        })
        .collect()
}

fn to_text<T: Serialize>(value: &T) -> String {
    // Our own derive(Serialize) types always serialize (no non-string map keys).
    serde_json::to_string(value).unwrap_or_else(|_| "null".to_string())
}

fn stored<G: Game>(entry: &Entry<G>) -> StoredEntry {
    StoredEntry {
        action: to_text(&entry.action),
        events: to_text(&entry.events),
        summary: entry.summary.clone(),
    }
}

impl<G: Game> GameKind for Kind<G> {
    fn descriptor(&self) -> &'static Descriptor {
        &G::DESCRIPTOR
    }
    fn rules(&self) -> &'static RuleBook {
        G::rules()
    }
    fn default_options(&self) -> Value {
        to_json(&G::Options::default())
    }
    fn check_catalogue_entry(&self, key: &str, value: &Value) -> Result<(), ActError> {
        G::check_catalogue_entry(key, value)?;
        // Strict as an action: remember the entry in empty options, find the part it added and
        // name any key of the value that the game did not keep there.
        let before = G::Options::default();
        let mut after = before.clone();
        G::with_catalogue(&mut after, &[(key.to_string(), value.clone())]);
        let after = to_json(&after);
        if let Some(kept) = added_part(&to_json(&before), &after) {
            if let Some(path) = unkept_key(value, kept) {
                return Err(BadInput::new(
                    format!("value.{path}"),
                    format!("unknown field '{path}' (the game does not read it)"),
                )
                .into());
            }
        }
        Ok(())
    }
    fn prepare_options(
        &self,
        options: Option<Value>,
        catalogue: &[(String, Value)],
    ) -> Result<Value, ActError> {
        let mut typed: G::Options = match options {
            Some(v) => read_strict(&v, "options")?,
            None => G::Options::default(),
        };
        // What the request describes is checked; what the catalogue remembers was checked when
        // it was learned (and a game leaves out entries that no longer pass).
        for (key, value) in G::catalogue_in(&typed) {
            G::check_catalogue_entry(&key, &value)?;
        }
        G::with_catalogue(&mut typed, catalogue);
        Ok(to_json(&typed))
    }
    fn new_table(
        &self,
        options: &Value,
        seats: Vec<Seat>,
        seed: u64,
    ) -> Result<Box<dyn AnyTable>, ActError> {
        let options: G::Options = read_lenient(options, "options")?;
        Ok(Box::new(Table::<G>::new(Session::new(
            options, seats, seed,
        )?)))
    }
    fn resume(
        &self,
        options: &Value,
        seats: Vec<Seat>,
        seed: u64,
        snapshot: Option<(usize, String)>,
        entries: &[StoredEntry],
        redo: &[StoredEntry],
    ) -> Result<Box<dyn AnyTable>, ActError> {
        let options: G::Options = read_lenient(options, "options")?;
        let snapshot = match snapshot {
            Some((n, v)) => Some((n, from_text::<G::State>(&v, "snapshot")?)),
            None => None,
        };
        let session = Session::resume(
            options,
            seats,
            seed,
            snapshot,
            typed_entries(entries)?,
            typed_entries(redo)?,
        )?;
        Ok(Box::new(Table::<G>::new(session)))
    }
    fn resume_log(
        &self,
        options: &Value,
        seats: Vec<Seat>,
        seed: u64,
        log: StoredLog,
    ) -> Result<Box<dyn AnyTable>, ActError> {
        // What is stored reads as it was written: no strictness here.
        let options: G::Options = read_lenient(options, "stored options")?;
        let base_state = match &log.base_state {
            Some(text) => Some(from_text::<G::State>(text, "stored snapshot")?),
            None => None,
        };
        let window = Window {
            base: log.base,
            base_state,
            snapshots: log.snapshots,
            entries: typed_entries(&log.entries)?,
        };
        let session =
            Session::resume_window(options, seats, seed, window, typed_entries(&log.redo)?)?;
        Ok(Box::new(Table::<G>::new(session)))
    }
}

impl<G: Game> Table<G> {
    /// The allowed actions that `keep` keeps, labelled with the seats' names.
    fn offered(&self, keep: impl Fn(&G::Action) -> bool) -> Vec<AllowedAction> {
        let state = self.0.state();
        G::allowed(state)
            .into_iter()
            .filter(|a| keep(&a.action))
            .map(|a| AllowedAction {
                label: named(&a.label, &self.0.seats),
                confirm: G::confirm(state, &a.action).map(|q| named(&q, &self.0.seats)),
                group: a.group,
                action: to_json(&a.action),
            })
            .collect()
    }
}

impl<G: Game> AnyTable for Table<G> {
    fn descriptor(&self) -> &'static Descriptor {
        &G::DESCRIPTOR
    }
    fn seats(&self) -> &[Seat] {
        &self.0.seats
    }
    fn decide(&self, action: &Value) -> Result<StoredEntry, ActError> {
        let action: G::Action = read_strict(action, "action")?;
        Ok(stored(&self.0.decide(action)?))
    }
    fn play(&mut self, action: &Value) -> Result<Played, ActError> {
        let action: G::Action = read_strict(action, "action")?;
        let entry = self.0.decide(action)?;
        let played = Played {
            entry: stored(&entry),
            learned: entry.events.iter().flat_map(G::learned).collect(),
        };
        self.0.commit(entry);
        Ok(played)
    }
    fn base(&self) -> usize {
        self.0.base()
    }
    fn summaries_from(&self, from: usize) -> Vec<String> {
        let skip = from.saturating_sub(self.0.base());
        self.0
            .entries()
            .iter()
            .skip(skip)
            .map(|e| e.summary.clone())
            .collect()
    }
    fn commit(&mut self, entry: &StoredEntry) -> Result<(), ActError> {
        let typed = typed_entries::<G>(std::slice::from_ref(entry))?;
        for e in typed {
            self.0.commit(e);
        }
        Ok(())
    }
    fn next_undo(&self) -> Option<String> {
        self.0.next_undo().map(|e| e.summary.clone())
    }
    fn next_redo(&self) -> Option<String> {
        self.0.next_redo().map(|e| e.summary.clone())
    }
    fn undo(&mut self) -> Option<String> {
        self.0.undo()
    }
    fn redo(&mut self) -> Option<String> {
        self.0.redo()
    }
    fn len(&self) -> usize {
        self.0.len()
    }
    fn redo_len(&self) -> usize {
        self.0.redo_stack().len()
    }
    fn summaries(&self) -> Vec<String> {
        self.0.entries().iter().map(|e| e.summary.clone()).collect()
    }
    fn state(&self) -> Value {
        to_json(self.0.state())
    }
    fn state_json(&self) -> Box<RawValue> {
        raw_json(self.0.state())
    }
    fn view(&self) -> Value {
        tagged_view::<G>(&G::view(self.0.state()), &self.0.seats)
    }
    fn view_json(&self) -> Box<RawValue> {
        let view = G::view(self.0.state());
        match self.1.try_lock() {
            Ok(mut memo) => tagged_view_json::<G>(&view, &self.0.seats, &mut memo),
            // A view that panicked while writing left the memo as `lend` puts it back, and the
            // memo never decides what is written (every part is compared): still usable.
            Err(TryLockError::Poisoned(held)) => {
                tagged_view_json::<G>(&view, &self.0.seats, &mut held.into_inner())
            }
            // Only a view made while making this one would find it lent: written in full.
            Err(TryLockError::WouldBlock) => {
                tagged_view_json::<G>(&view, &self.0.seats, &mut Memo::default())
            }
        }
    }
    fn private_view(&self, seat: u8) -> Option<Value> {
        let mut view = G::private_view(self.0.state(), seat)?;
        named_value(&mut view, &self.0.seats);
        Some(view)
    }
    fn decider(&self, action: &Value) -> Result<Option<u8>, ActError> {
        if self.0.seats.len() == 1 {
            return Ok(Some(0));
        }
        let action: G::Action = read_strict(action, "action")?;
        Ok(G::decider(self.0.state(), &action))
    }
    fn has_secrets(&self) -> bool {
        G::has_secrets()
    }
    fn view_after(&self, n: usize) -> Value {
        tagged_view::<G>(&G::view(&self.0.state_after(n)), &self.0.seats)
    }
    fn state_text(&self) -> String {
        to_text(self.0.state())
    }
    fn state_after(&self, n: usize) -> Value {
        to_json(&self.0.state_after(n))
    }
    fn allowed(&self) -> Vec<AllowedAction> {
        self.offered(|_| true)
    }
    fn allowed_for(&self, seat: u8) -> Vec<AllowedAction> {
        let (state, alone) = (self.0.state(), self.0.seats.len() == 1);
        self.offered(|a| alone || G::decider(state, a) == Some(seat))
    }
    fn score(&self) -> Scoresheet {
        named_sheet(G::score(self.0.state()), &self.0.seats)
    }
    fn score_after(&self, n: usize) -> Scoresheet {
        named_sheet(G::score(&self.0.state_after(n)), &self.0.seats)
    }
    fn is_over(&self) -> bool {
        G::is_over(self.0.state())
    }
    fn learned(&self, entry: &StoredEntry) -> Vec<(String, Value)> {
        match from_text::<Vec<G::Event>>(&entry.events, "events") {
            Ok(events) => events.iter().flat_map(G::learned).collect(),
            Err(_) => Vec::new(),
        }
    }
}
