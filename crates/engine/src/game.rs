//! The `Game` trait and the game-agnostic types that cross it (seats, rule errors, scoresheets).

use super::rules::RuleBook;
use rand_chacha::ChaCha20Rng;
use serde::{de::DeserializeOwned, Deserialize, Serialize};
use std::fmt::Debug;

/// The random generator games receive in `handle`. Seeded from the game's recorded seed and the
/// action's position in the log, so deciding the same action at the same point is repeatable.
pub type GameRng = ChaCha20Rng;

/// Static facts about a game, used by the registry and the "New game" screen.
#[derive(Debug, Clone, Copy, Serialize, specta::Type)]
pub struct Descriptor {
    pub id: &'static str,
    pub name: &'static str,
    pub min_players: u8,
    pub max_players: u8,
    pub solo: bool,
    /// The rulebook file in `shared/seeds` this game follows.
    pub rulebook: &'static str,
}

/// A person sitting at the table, in seat order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
pub struct Seat {
    /// A SQLite row id: an integer far below 2^53, so a plain TypeScript number.
    #[specta(type = f64)]
    pub person_id: i64,
    pub name: String,
    pub colour: String,
}

/// A refusal: which rule forbids the action (a stable id such as `nine.estate-order`, listed in
/// the game's `rules()`) and a one-line reason for the table, in players' words: what happened,
/// never the rule id or a rulebook line (clients show those from the rule book, under "Why?").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, specta::Type, thiserror::Error)]
#[error("{message} [{rule}]")]
pub struct RuleError {
    pub rule: String,
    pub message: String,
}

impl RuleError {
    pub fn new(rule: &str, message: impl Into<String>) -> Self {
        RuleError {
            rule: rule.to_string(),
            message: message.into(),
        }
    }
}

/// A refusal: the listed rule id an action breaks (`<game>.<rule>`) and what happened, in
/// players' words. Every game refuses through this one helper, so a game folder's files need not
/// import it from one another.
pub fn err(rule: &str, message: impl Into<String>) -> RuleError {
    RuleError::new(rule, message)
}

/// One legal action, concrete enough to be sent back as it is, with a label for a button.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Allowed<A> {
    pub label: String,
    /// A short grouping key for the UI ("build", "pass", "era" …).
    pub group: String,
    pub action: A,
}

/// One seat's line on a scoresheet.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
pub struct ScoreRow {
    pub seat: u8,
    pub name: String,
    /// One value per category, in the order of `Scoresheet::categories`.
    pub breakdown: Vec<i32>,
    pub total: i32,
    /// 1-based; tied seats share a rank.
    pub rank: u8,
    pub winner: bool,
    pub title: Option<String>,
    /// What the seat played as, for the statistics' win rate by role (a Raise the Realm
    /// Leader); none where a game has no roles, and then left out of the JSON (a scoresheet
    /// reads as it did before roles were recorded).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub role: Option<String>,
    /// The seat has no score: a record another app kept with its winners only (a BG Stats play
    /// of a cooperative game, or logged in a hurry). `total` and `breakdown` then mean nothing
    /// and are shown as no score. Never set by a game; left out of the JSON when false.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unscored: bool,
}

/// Scores as they stand (`final_` is true once the game is over).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
pub struct Scoresheet {
    pub categories: Vec<String>,
    pub rows: Vec<ScoreRow>,
    #[serde(rename = "final")]
    pub final_: bool,
}

/// What a game must provide to be hosted by the engine. Its types are plain data (`Send + Sync`)
/// so that a table can live behind the app's lock and the registry in a `static`.
pub trait Game: 'static {
    /// Table choices and house rules, recorded with the game.
    type Options: Clone
        + Send
        + Sync
        + Debug
        + Default
        + Serialize
        + DeserializeOwned
        + specta::Type;
    type State: Clone
        + Send
        + Sync
        + Debug
        + PartialEq
        + Serialize
        + DeserializeOwned
        + specta::Type;
    type Action: Clone + Send + Sync + Debug + Serialize + DeserializeOwned + specta::Type;
    type Event: Clone + Send + Sync + Debug + PartialEq + Serialize + DeserializeOwned;
    /// What the table screen shows: display-ready facts derived from the state. It crosses IPC
    /// typed (the app's bindings carry it inside `games::GameView`), so it must be a struct that
    /// reads back as itself; the conformance suite checks that it does.
    type View: Clone + Send + Sync + Debug + PartialEq + Serialize + DeserializeOwned + specta::Type;

    const DESCRIPTOR: Descriptor;

    /// Every rule id this game refuses with, each with its plain sentence and citation (the
    /// `rules` section of its data file, read with `games::cited::rule_book`). The conformance
    /// suite refuses any refusal whose id is not listed here.
    fn rules() -> &'static RuleBook {
        RuleBook::empty()
    }

    /// The state before the first action (setup shuffles are actions, so their outcome is logged).
    fn initial(options: &Self::Options, seats: &[Seat]) -> Result<Self::State, RuleError>;
    /// Checks made only when a game starts, never when a stored one is loaded: a table setting
    /// that a later version forbids (for example one entered before it was validated) must still
    /// replay as it was played. By default, none.
    fn check_new(_options: &Self::Options, _seats: &[Seat]) -> Result<(), RuleError> {
        Ok(())
    }
    /// Decide: check the action against the rules and say what happens, changing nothing.
    fn handle(
        state: &Self::State,
        action: &Self::Action,
        rng: &mut GameRng,
    ) -> Result<Vec<Self::Event>, RuleError>;
    /// Decide while undone entries wait to be redone: deciding a new action now discards them
    /// (the store deletes their rows in the same transaction). `undone` are their events, the
    /// next to redo last. A game whose random draws must never repeat after an undo (so that undo
    /// is no way to peek at a die) reads here how many draws the undone entries made, and records
    /// that count in the new entry's events so that it outlives them; replay and redo still read
    /// only events. By default the undone entries are ignored.
    fn handle_over_undone(
        state: &Self::State,
        action: &Self::Action,
        rng: &mut GameRng,
        _undone: &[&Self::Event],
    ) -> Result<Vec<Self::Event>, RuleError> {
        Self::handle(state, action, rng)
    }
    /// Apply an outcome. Never fails: events were validated when they were decided.
    fn apply(state: &mut Self::State, event: &Self::Event);
    /// The actions allowed now, for buttons and for random legal play.
    fn allowed(state: &Self::State) -> Vec<Allowed<Self::Action>>;
    /// The question the table answers before an allowed action that settles a stage of the game
    /// for everyone (ending an Era, closing the game), in plain words; `None` for the ordinary
    /// moves of a turn. The app sets such actions apart and asks before it sends them, so a quick
    /// second tap never lands on one. By default no action asks.
    fn confirm(_state: &Self::State, _action: &Self::Action) -> Option<String> {
        None
    }
    fn score(state: &Self::State) -> Scoresheet;
    fn is_over(state: &Self::State) -> bool;
    /// A one-line description of an accepted action, for the log and for undo.
    fn summarize(
        state_before: &Self::State,
        action: &Self::Action,
        events: &[Self::Event],
    ) -> String;
    /// Display-ready facts derived from the state, for the table screen (the state itself when
    /// there is nothing to derive).
    fn view(state: &Self::State) -> Self::View;
    /// What only `seat` may see (e.g. their money), shown when they ask to peek.
    fn private_view(_state: &Self::State, _seat: u8) -> Option<serde_json::Value> {
        None
    }
    /// Whose decision `action` is now: a seat's (`Some(seat)`: on a table with phones, only that
    /// seat's phone may send it, and only it is offered the action), or the table's (`None`:
    /// setup, a deal, entries for everyone, sent from the host's window, the referee). The host
    /// window may send any action. By default every action is the table's; a game of one seat
    /// gives every decision to that seat (see `AnyTable::decider`).
    fn decider(_state: &Self::State, _action: &Self::Action) -> Option<u8> {
        None
    }
    /// True when the state holds secrets: clients then get only `view`, never the raw state,
    /// until the game is over.
    fn has_secrets() -> bool {
        false
    }
    /// Catalogue entries (key, value) that an event teaches the app, kept for future games.
    fn learned(_event: &Self::Event) -> Vec<(String, serde_json::Value)> {
        Vec::new()
    }
    /// Check a catalogue entry (key, value) as a description in play would be checked.
    fn check_catalogue_entry(_key: &str, _value: &serde_json::Value) -> Result<(), RuleError> {
        Err(RuleError::new(
            "catalogue.unsupported",
            "this game keeps no card catalogue",
        ))
    }
    /// Put remembered catalogue entries into new-game options.
    fn with_catalogue(_options: &mut Self::Options, _entries: &[(String, serde_json::Value)]) {}
    /// The card descriptions new-game options carry, as catalogue entries (the inverse of
    /// `with_catalogue`): each is checked as the same description made in play would be, so
    /// `--options` cannot slip in what describing a card or `catalogue-set` refuses.
    fn catalogue_in(_options: &Self::Options) -> Vec<(String, serde_json::Value)> {
        Vec::new()
    }
}

/// Serialize one of a game's own `derive(Serialize)` values as JSON. These types have string map
/// keys only, so serializing cannot fail; `Null` stands in should that ever change.
pub fn to_json<T: Serialize>(value: &T) -> serde_json::Value {
    serde_json::to_value(value).unwrap_or(serde_json::Value::Null)
}

/// Why an action would be refused now. `decide` runs the game's own `handle` on it, with a fixed
/// generator (a refusal never depends on a draw, and an accepted try is thrown away), so that a
/// board's "why not" is the very refusal the table would get by trying it: the two cannot drift.
pub fn why_not<E>(decide: impl FnOnce(&mut GameRng) -> Result<E, RuleError>) -> Option<RuleError> {
    use rand::SeedableRng;
    // Seeded once and copied: a view asks a dozen times per action, and seeding costs ten times
    // the copy.
    static FIXED: std::sync::LazyLock<GameRng> =
        std::sync::LazyLock::new(|| GameRng::seed_from_u64(0));
    decide(&mut FIXED.clone()).err()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    /// A try that refuses with the first number it draws.
    fn first_draw(rng: &mut GameRng) -> Result<(), RuleError> {
        Err(RuleError::new("test.draw", rng.random::<u64>().to_string()))
    }

    #[test]
    fn every_why_not_gets_the_same_fixed_generator_afresh() {
        let fixed = GameRng::seed_from_u64(0).random::<u64>().to_string();
        for _ in 0..3 {
            let refused = why_not(first_draw).expect("refused");
            assert_eq!(
                refused.message, fixed,
                "a try drew from a used or other generator"
            );
        }
    }
}
