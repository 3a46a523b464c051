//! The games Estate Steward hosts: one folder each, and THE list of them (`registry`).
//!
//! Adding a game is one line in the `games!` list below (see ARCHITECTURE.md, "Adding a game").
//! The same line gives the app its typed bindings: `GameView` (the table view, tagged by the
//! game's id), `GameAction`, `GameOptions` and `GameState` are unions of the games' own types,
//! so neither the engine nor the Tauri shell names a game.

pub mod cited;
pub mod estates;
pub mod middle_ages;
pub mod nine_estates;
pub mod realm;
pub mod realm_lord;

use engine::{Game, GameKind, Kind, RuleText};
use serde::{Deserialize, Serialize};

/// Lists the games once and derives from that list the registry and the unions the app's
/// bindings are generated from. Each line: `"game-id" => Variant(path::to::TheGame)`; the id
/// must be the game's `Descriptor::id` (the conformance suite checks it).
macro_rules! games {
    ($($id:literal => $variant:ident($game:ty)),+ $(,)?) => {
        /// Every game the app hosts, in the order the New game screen lists them.
        pub fn registry() -> &'static [&'static dyn GameKind] {
            static ALL: &[&dyn GameKind] = &[$(&Kind::<$game>::NEW),+];
            ALL
        }

        /// A table view as clients receive it: the game's own view with `"game": <id>` beside
        /// its fields.
        // These unions describe what crosses IPC (and check it in the conformance suite); they
        // are not kept in memory, so the size of their largest variant does not matter.
        #[allow(clippy::large_enum_variant)]
        #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
        #[serde(tag = "game")]
        pub enum GameView {
            $(#[serde(rename = $id)] $variant(<$game as Game>::View),)+
        }

        /// Any game's action, as `allowed` offers it and `act` takes it.
        #[allow(clippy::large_enum_variant)]
        #[derive(Debug, Clone, Serialize, Deserialize, specta::Type)]
        #[serde(untagged)]
        pub enum GameAction {
            $($variant(<$game as Game>::Action),)+
        }

        /// Any game's options, as New game sends them and the record keeps them.
        #[allow(clippy::large_enum_variant)]
        #[derive(Debug, Clone, Serialize, Deserialize, specta::Type)]
        #[serde(untagged)]
        pub enum GameOptions {
            $($variant(<$game as Game>::Options),)+
        }

        /// Any game's full state (sent only when the game holds no secret, or is over).
        #[allow(clippy::large_enum_variant)]
        #[derive(Debug, Clone, Serialize, Deserialize, specta::Type)]
        #[serde(untagged)]
        pub enum GameState {
            $($variant(<$game as Game>::State),)+
        }
    };
}

games! {
    "nine-estates" => NineEstates(nine_estates::NineEstates),
    "the-estates" => TheEstates(estates::TheEstates),
    "raise-the-realm-live" => RaiseTheRealmLive(realm::tracker::RealmTracker),
    "raise-the-realm" => RaiseTheRealm(realm::scorepad::RaiseTheRealm),
    "middle-ages" => MiddleAges(middle_ages::MiddleAges),
    "middle-ages-scorepad" => MiddleAgesScorepad(middle_ages::scorepad::MiddleAgesScorepad),
    "realm-lord" => RealmLord(realm_lord::RealmLord),
    "realm-lord-scorepad" => RealmLordScorepad(realm_lord::scorepad::RealmLordScorepad),
}

/// The registered game with this id.
pub fn find_game(id: &str) -> Option<&'static dyn GameKind> {
    registry().iter().copied().find(|k| k.descriptor().id == id)
}

/// A rule id's plain sentence and citation, from the rule book of the game that lists it (a game
/// lists only ids of its own prefix, so at most one book does; the rule-book tests check it).
pub fn explain(rule: &str) -> Option<&'static RuleText> {
    registry().iter().find_map(|k| k.rules().get(rule))
}

/// The game a table counts as in statistics: a live assistant and its scorepad are one game
/// played two ways (Raise the Realm's tracker and its scorepad, and likewise Middle Ages and
/// Realm Lord), so their plays are counted together under the scorepad's or the game's id.
pub fn stats_game(id: &str) -> &str {
    match id {
        "raise-the-realm-live" => "raise-the-realm",
        "middle-ages-scorepad" => "middle-ages",
        "realm-lord-scorepad" => "realm-lord",
        other => other,
    }
}

/// Every registered game whose statistics key is not its own id, with that key: what the store
/// needs to count a live assistant and its scorepad as one game.
pub fn stats_groups() -> std::collections::BTreeMap<String, String> {
    registry()
        .iter()
        .map(|k| k.descriptor().id)
        .filter(|id| stats_game(id) != *id)
        .map(|id| (id.to_string(), stats_game(id).to_string()))
        .collect()
}

/// The registered games counted as `key` in statistics (see [`stats_game`]).
pub fn stats_members(key: &str) -> Vec<&'static str> {
    registry()
        .iter()
        .map(|k| k.descriptor().id)
        .filter(|id| stats_game(id) == key)
        .collect()
}
