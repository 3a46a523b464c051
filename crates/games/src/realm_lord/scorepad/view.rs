//! What the scorepad screen shows, and the log line of each entry.

use super::actions::{PadAction, PadEvent};
use super::state::PadState;
use crate::realm_lord::data::data;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "LordPadView")]
pub struct PadView {
    pub state: PadState,
    /// Hope Stones each player still needs, once the target is confirmed.
    pub to_target: Vec<Option<u32>>,
    pub target_range: [u32; 2],
    pub hope_change: [i32; 2],
}

pub fn view(s: &PadState) -> PadView {
    let b = data().bounds.value;
    PadView {
        state: s.clone(),
        to_target: s
            .hope
            .iter()
            .map(|h| s.target.map(|t| t.saturating_sub(*h)))
            .collect(),
        target_range: b.target,
        hope_change: b.hope_change,
    }
}

fn stones(n: i64) -> String {
    format!("{n} Hope Stone{}", if n == 1 { "" } else { "s" })
}

pub fn summarize(s: &PadState, a: &PadAction, events: &[PadEvent]) -> String {
    let mut hope = s.hope.clone();
    let mut parts = Vec::new();
    let mut won = String::new();
    for e in events {
        match e {
            PadEvent::TargetConfirmed { hope_stones } => parts.push(format!(
                "Target confirmed: the first to {hope_stones} Hope Stones wins"
            )),
            PadEvent::HopeChanged { seat, delta } => {
                if let Some(h) = hope.get_mut(usize::from(*seat)) {
                    *h = u32::try_from(i64::from(*h) + i64::from(*delta)).unwrap_or(0);
                    let verb = if *delta >= 0 { "gains" } else { "loses" };
                    parts.push(format!(
                        "{} {verb} {} ({} in all)",
                        engine::who(*seat),
                        stones(i64::from(delta.abs())),
                        h
                    ));
                }
            }
            PadEvent::GameWon { winners } => {
                let names: Vec<String> = winners.iter().map(|&w| engine::who(w)).collect();
                won = format!(
                    " — {} {}",
                    names.join(" and "),
                    if names.len() == 1 {
                        "wins"
                    } else {
                        "share the win"
                    }
                );
            }
        }
    }
    if parts.is_empty() {
        parts.push(format!("{a:?}"));
    }
    format!("{}{won}", parts.join(", "))
}
