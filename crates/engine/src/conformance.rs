//! The conformance suite every registered game passes, driven as a client plays: through the
//! JSON layer (`GameKind`/`AnyTable`) that the CLI and the app use, never through a game's types.
//!
//! For each seeded random playout, picking only from `allowed`: every offered action is accepted;
//! a probe (an action proposed whatever the state, or one offered earlier) is either accepted or
//! refused by a rule, never misread, and a refusal changes nothing, names a rule the game's
//! rule book lists and says why in players' words (no rule id, rulebook line or "(s)"); undo then
//! redo is the
//! identity; the views read back as the app's typed union; at the end a replay equals the live
//! game, and a session resumed from the stored log (with or without a snapshot, with undone
//! entries waiting) equals the live one, scores included. The seats have names, and the core's
//! words use them: no log line, refusal, view or offer says "seat 2" or "player 2" (or leaks the
//! mark a game writes for a player, `names::who`), and a game of several players names them in
//! its log.
//!
//! `tests/conformance.rs` runs this for every game of `games::registry()`, so no game can skip it.

use super::game::{RuleError, Scoresheet, Seat};
use super::names::speaks_of_seats;
use super::table::{ActError, AnyTable, GameKind, StoredEntry};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;

/// How many of the offered actions, drawn at random, are each decided at every step besides the
/// one played (all of them when fewer). Over hundreds of steps and playouts this reaches nearly
/// every kind of offer while keeping a debug-build run of the suite within seconds per game.
const DECIDE_EACH_STEP: usize = 6;
/// How many earlier-offered actions are tried again at every step.
const REPLAYED_PROBES: usize = 3;

/// One way to play a game in the suite: a table description (options; `None` for the game's
/// defaults), a number of players, and how many playouts of how many steps.
pub struct Case<'a> {
    pub name: String,
    pub options: Option<Value>,
    pub players: usize,
    pub games: u64,
    pub max_steps: usize,
    /// Actions to try in a state (JSON, given the state as JSON): they may be illegal there.
    pub probes: &'a dyn Fn(&Value) -> Vec<Value>,
    /// Checks that a view as clients receive it reads back as the app's typed view union.
    pub view_reads_back: &'a dyn Fn(&Value) -> Result<(), String>,
}

/// What one case saw, so a test can assert the play went somewhere.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Report {
    pub games: usize,
    pub actions: usize,
    pub finished: usize,
    pub refusals_checked: usize,
    /// Log lines that name a seat's person.
    pub lines_naming_people: usize,
}

/// The people at the suite's tables, in seat order.
const NAMES: [&str; 6] = ["Ana", "Bo", "Cyd", "Dee", "Eli", "Flo"];

/// Seats for `n` players (Ana, Bo …), with person ids from 1.
pub fn seats(n: usize) -> Vec<Seat> {
    (1..=n)
        .map(|i| Seat {
            person_id: i as i64,
            name: NAMES
                .get(i - 1)
                .map_or_else(|| format!("Guest {i}"), |n| (*n).to_string()),
            colour: "#1f77b4".into(),
        })
        .collect()
}

/// Words for the table that speak of seats, not people (or leak a game's mark for a player).
fn numbered(what: &str, text: &str) -> Result<(), String> {
    if speaks_of_seats(text) {
        Err(format!("{what} speaks of seats, not people: {text:?}"))
    } else {
        Ok(())
    }
}

/// Every string in a JSON value (a view, an action, a state) checked as [`numbered`] does.
fn numbered_in(what: &str, value: &Value) -> Result<(), String> {
    match value {
        Value::String(s) => numbered(what, s),
        Value::Array(items) => items.iter().try_for_each(|v| numbered_in(what, v)),
        Value::Object(fields) => fields.values().try_for_each(|v| numbered_in(what, v)),
        _ => Ok(()),
    }
}

/// Run one case; the error says what broke, in which playout and at which step.
pub fn check(kind: &dyn GameKind, case: &Case) -> Result<Report, String> {
    let id = kind.descriptor().id;
    let options = kind
        .prepare_options(case.options.clone(), &[])
        .map_err(|e| format!("{id}: options refused: {e}"))?;
    let mut report = Report::default();
    for game in 0..case.games {
        let mut run = Playout::new(kind, &options, case, game)?;
        report.games += 1;
        let outcome = run.play(&mut report);
        outcome.map_err(|e| format!("{id} [{}] playout {game}: {e}", case.name))?;
        run.check_end()
            .map_err(|e| format!("{id} [{}] playout {game}: {e}", case.name))?;
        if run.table.is_over() {
            report.finished += 1;
        }
    }
    Ok(report)
}

/// One seeded random playout: the live table and the log as a store would keep it.
struct Playout<'a> {
    kind: &'a dyn GameKind,
    options: &'a Value,
    case: &'a Case<'a>,
    seed: u64,
    chooser: ChaCha8Rng,
    table: Box<dyn AnyTable>,
    stored: Vec<StoredEntry>,
    /// Actions offered at earlier steps: good probes, since many are illegal later.
    offered_before: Vec<Value>,
}

impl<'a> Playout<'a> {
    fn new(
        kind: &'a dyn GameKind,
        options: &'a Value,
        case: &'a Case<'a>,
        game: u64,
    ) -> Result<Self, String> {
        let seed = game * 7919 + 1;
        let table = kind
            .new_table(options, seats(case.players), seed)
            .map_err(|e| format!("setup refused: {e}"))?;
        Ok(Playout {
            kind,
            options,
            case,
            seed,
            chooser: ChaCha8Rng::seed_from_u64(game),
            table,
            stored: Vec::new(),
            offered_before: Vec::new(),
        })
    }

    fn play(&mut self, report: &mut Report) -> Result<(), String> {
        for step in 0..self.case.max_steps {
            let at = |e: String| format!("step {step}: {e}");
            let view = self.table.view();
            (self.case.view_reads_back)(&view).map_err(at)?;
            self.sent_as_shown(&view).map_err(at)?;
            numbered_in("the view", &view).map_err(at)?;
            report.refusals_checked += self.probe().map_err(at)?;
            let offers = self.table.allowed();
            for offer in &offers {
                numbered("an offer's label", &offer.label).map_err(at)?;
            }
            let allowed: Vec<Value> = offers.into_iter().map(|a| a.action).collect();
            if allowed.is_empty() {
                break;
            }
            self.offered_actions_are_accepted(&allowed).map_err(at)?;
            let pick = allowed[self.chooser.random_range(0..allowed.len())].clone();
            self.commit(&pick).map_err(at)?;
            report.actions += 1;
            if self.names_someone() {
                report.lines_naming_people += 1;
            }
            if self.chooser.random_bool(0.2) {
                self.undo_then_redo().map_err(at)?;
            }
            self.offered_before.extend(allowed);
            if self.table.is_over() {
                break;
            }
        }
        Ok(())
    }

    /// Try the case's probes and a few earlier-offered actions; returns how many were refused.
    fn probe(&mut self) -> Result<usize, String> {
        let state = self.table.state_text();
        let state_value: Value = serde_json::from_str(&state).unwrap_or(Value::Null);
        let mut probes = (self.case.probes)(&state_value);
        for _ in 0..REPLAYED_PROBES.min(self.offered_before.len()) {
            let i = self.chooser.random_range(0..self.offered_before.len());
            probes.push(self.offered_before[i].clone());
        }
        let mut refused = 0;
        for probe in probes {
            match self.table.decide(&probe) {
                Ok(_) => {}
                Err(ActError::Rule(e)) => {
                    self.listed_and_plain(&e)
                        .map_err(|why| format!("probe {probe} was refused: {why}"))?;
                    refused += 1;
                }
                Err(ActError::Malformed(e)) => {
                    return Err(format!("a probe was not read as an action: {probe}: {e}"))
                }
            }
        }
        // `decide` borrows the table immutably, so this holds by construction; checked once a
        // step in case interior mutability ever creeps in.
        if self.table.state_text() != state {
            return Err("deciding the probes changed the state".into());
        }
        Ok(refused)
    }

    /// A refusal names a rule its game lists, and says why in players' words (people by name).
    fn listed_and_plain(&self, e: &RuleError) -> Result<(), String> {
        match self.kind.rules().misfit(e) {
            Some(why) => Err(why),
            None => numbered("a refusal", &e.message),
        }
    }

    /// Whether the last log line names one of the table's people.
    fn names_someone(&self) -> bool {
        let Some(line) = self.stored.last().map(|e| &e.summary) else {
            return false;
        };
        self.table.seats().iter().any(|s| {
            line.split(|c: char| !c.is_alphanumeric())
                .any(|w| w == s.name)
        })
    }

    fn offered_actions_are_accepted(&mut self, allowed: &[Value]) -> Result<(), String> {
        let tries: Vec<&Value> = if allowed.len() <= DECIDE_EACH_STEP {
            allowed.iter().collect()
        } else {
            (0..DECIDE_EACH_STEP)
                .map(|_| &allowed[self.chooser.random_range(0..allowed.len())])
                .collect()
        };
        for action in tries {
            if let Err(e) = self.table.decide(action) {
                return Err(format!("an offered action was refused: {action}: {e}"));
            }
        }
        Ok(())
    }

    fn commit(&mut self, action: &Value) -> Result<(), String> {
        let entry = self
            .table
            .decide(action)
            .map_err(|e| format!("an offered action was refused: {action}: {e}"))?;
        numbered("a log line", &entry.summary)?;
        numbered_in(
            "an action",
            &serde_json::from_str(&entry.action).unwrap_or(Value::Null),
        )?;
        self.table
            .commit(&entry)
            .map_err(|e| format!("its entry did not read back: {e}"))?;
        self.stored.push(entry);
        Ok(())
    }

    /// The text the clients receive (`view_json`, `state_json`) reads back as the view and the
    /// state the table holds: the fast path cannot drift from the one the other checks read.
    fn sent_as_shown(&self, view: &Value) -> Result<(), String> {
        let sent: Value = serde_json::from_str(self.table.view_json().get())
            .map_err(|e| format!("the view's text is not JSON: {e}"))?;
        if &sent != view {
            return Err(format!(
                "the view's text differs from the view: {sent} != {view}"
            ));
        }
        let state: Value = serde_json::from_str(self.table.state_json().get())
            .map_err(|e| format!("the state's text is not JSON: {e}"))?;
        if state != self.table.state() {
            return Err("the state's text differs from the state".into());
        }
        Ok(())
    }

    fn undo_then_redo(&mut self) -> Result<(), String> {
        let after = (self.table.state_text(), self.table.view(), self.table.len());
        let before = self.table.state_after(after.2 - 1);
        self.table.undo().ok_or("undo found nothing to take back")?;
        if state_value(&*self.table) != before {
            return Err("undo did not restore the previous state".into());
        }
        self.table.redo().ok_or("redo found nothing to put back")?;
        let again = (self.table.state_text(), self.table.view(), self.table.len());
        if again != after {
            return Err("undo then redo changed the table".into());
        }
        Ok(())
    }

    /// Replay, resume (with and without a snapshot, with an undone entry waiting) and score.
    fn check_end(&mut self) -> Result<(), String> {
        let n = self.table.len();
        if self.table.state_after(n) != state_value(&*self.table)
            || self.table.view_after(n) != self.table.view()
        {
            return Err("replaying the log gave another table".into());
        }
        numbered_in("the state", &state_value(&*self.table))?;
        for row in &self.table.score().rows {
            numbered("a score's title", row.title.as_deref().unwrap_or(""))?;
        }
        let live = Snapshot::of(&*self.table);
        let resumed = self.resume(None, &self.stored, &[])?;
        live.same_as(&Snapshot::of(&*resumed), "a session resumed from the log")?;
        if n >= 2 {
            let k = n / 2;
            let snapshot = (k, self.table.state_after(k).to_string());
            let resumed = self.resume(Some(snapshot), &self.stored, &[])?;
            live.same_as(
                &Snapshot::of(&*resumed),
                "a session resumed from a snapshot",
            )?;
        }
        if let Some((last, kept)) = self.stored.split_last() {
            let mut resumed = self.resume(None, kept, std::slice::from_ref(last))?;
            resumed
                .redo()
                .ok_or("a resumed undone entry could not be redone")?;
            live.same_as(
                &Snapshot::of(&*resumed),
                "redoing an entry undone before resume",
            )?;
        }
        Ok(())
    }

    fn resume(
        &self,
        snapshot: Option<(usize, String)>,
        entries: &[StoredEntry],
        redo: &[StoredEntry],
    ) -> Result<Box<dyn AnyTable>, String> {
        self.kind
            .resume(
                self.options,
                seats(self.case.players),
                self.seed,
                snapshot,
                entries,
                redo,
            )
            .map_err(|e| format!("resume refused: {e}"))
    }
}

fn state_value(table: &dyn AnyTable) -> Value {
    serde_json::from_str(&table.state_text()).unwrap_or(Value::Null)
}

/// What a client can see of a table, to compare two tables.
#[derive(PartialEq)]
struct Snapshot {
    state: String,
    view: Value,
    allowed: Vec<Value>,
    log: Vec<String>,
    score: Scoresheet,
    over: bool,
}

impl Snapshot {
    fn of(table: &dyn AnyTable) -> Snapshot {
        Snapshot {
            state: table.state_text(),
            view: table.view(),
            allowed: table.allowed().into_iter().map(|a| a.action).collect(),
            log: table.summaries(),
            score: table.score(),
            over: table.is_over(),
        }
    }

    fn same_as(&self, other: &Snapshot, what: &str) -> Result<(), String> {
        let differs = [
            (self.state != other.state, "state"),
            (self.view != other.view, "view"),
            (self.allowed != other.allowed, "allowed actions"),
            (self.log != other.log, "log"),
            (self.score != other.score, "score"),
            (self.over != other.over, "end"),
        ];
        match differs.iter().find(|(d, _)| *d) {
            Some((_, field)) => Err(format!("{what} differs from the live game in its {field}")),
            None => Ok(()),
        }
    }
}

/// The suite for one game given its own types: `games` playouts of `seats.len()` players with
/// typed probes. A convenience over [`check`] for a game's own rule tests.
pub fn check_typed<G: super::game::Game>(
    options: &G::Options,
    seats: &[Seat],
    games: u64,
    max_steps: usize,
    probes: impl Fn(&G::State) -> Vec<G::Action>,
) -> Report {
    let json_probes = |state: &Value| -> Vec<Value> {
        match serde_json::from_value::<G::State>(state.clone()) {
            Ok(s) => probes(&s).iter().map(super::game::to_json).collect(),
            Err(_) => Vec::new(),
        }
    };
    let case = Case {
        name: "typed".into(),
        options: Some(super::game::to_json(options)),
        players: seats.len(),
        games,
        max_steps,
        probes: &json_probes,
        view_reads_back: &|_| Ok(()),
    };
    match check(&super::table::Kind::<G>::NEW, &case) {
        Ok(report) => report,
        Err(e) => panic!("{e}"),
    }
}
