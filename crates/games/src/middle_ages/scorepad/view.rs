//! What the table sees: the pad itself (nothing on it is secret) and each entry's log line.

use super::super::actions::TileType;
use super::actions::PadAction;
use super::state::PadState;
use engine::who as player;

/// Nothing on the pad is secret or derived beyond the totals it already keeps.
pub fn view(s: &PadState) -> PadState {
    s.clone()
}

/// The log line of an entry.
pub fn summarize(action: &PadAction) -> String {
    match action {
        PadAction::Enter { seat, coins, tiles } => {
            let listed: Vec<String> = TileType::ALL
                .iter()
                .zip(tiles)
                .map(|(t, n)| format!("{n} {}", t.name()))
                .collect();
            format!("{}: {coins} coins; {}", player(*seat), listed.join(", "))
        }
        PadAction::Finish => "closed the scorepad".into(),
    }
}
