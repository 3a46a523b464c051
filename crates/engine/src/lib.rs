//! The contract every game implements and the table session that owns a game's log.
//!
//! A game decides (`handle`) separately from applying (`apply`); events record outcomes such as a
//! shuffle's result, so replaying a log never re-runs the random generator.

pub mod colours;
pub mod conformance;
pub mod game;
pub mod laid;
pub mod names;
pub mod rules;
pub mod session;
pub mod settled;
pub mod table;

pub use game::{
    err, to_json, why_not, Allowed, Descriptor, Game, GameRng, RuleError, ScoreRow, Scoresheet,
    Seat,
};
pub use laid::{at_table, Laid, LaidOut};
pub use names::who;
pub use rules::{RuleBook, RuleText};
pub use session::{Entry, Session};
pub use table::{ActError, AllowedAction, AnyTable, GameKind, Kind, StoredEntry};
