//! Applying outcomes: never fails, never decides (events were checked when decided).

use super::actions::RaceEvent;
use super::RaceState;

pub fn apply(s: &mut RaceState, e: &RaceEvent) {
    match *e {
        RaceEvent::Added { seat, amount } => {
            if let Some(c) = s.counters.get_mut(usize::from(seat)) {
                *c = c.saturating_add(amount);
            }
            s.current = (seat + 1) % s.counters.len().max(1) as u8;
        }
        RaceEvent::Won { seat } => s.winner = Some(seat),
    }
}
