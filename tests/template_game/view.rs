//! What the table screen shows, and the log line of each action.

use super::actions::{RaceAction, RaceEvent};
use super::RaceState;
use estate_steward::engine::who;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
pub struct RaceView {
    pub target: u8,
    pub counters: Vec<u8>,
    /// How far each player still has to go.
    pub to_go: Vec<u8>,
    pub current: u8,
}

pub fn view(s: &RaceState) -> RaceView {
    RaceView {
        target: s.target,
        counters: s.counters.clone(),
        to_go: s
            .counters
            .iter()
            .map(|c| s.target.saturating_sub(*c))
            .collect(),
        current: s.current,
    }
}

pub fn summarize(s: &RaceState, a: &RaceAction, events: &[RaceEvent]) -> String {
    let RaceAction::Add { amount } = a;
    let won = if events.iter().any(|e| matches!(e, RaceEvent::Won { .. })) {
        " and wins"
    } else {
        ""
    };
    // `who` names the player: the table writes the person's name there.
    format!("{} adds {amount}{won}", who(s.current))
}
