//! Applying the scorepad's records. Never fails: each was checked when decided.

use super::actions::PadEvent;
use super::state::PadState;

pub fn apply(s: &mut PadState, e: &PadEvent) {
    match e {
        PadEvent::TargetConfirmed { hope_stones } => s.target = Some(*hope_stones),
        PadEvent::HopeChanged { seat, delta } => {
            if let Some(h) = s.hope.get_mut(usize::from(*seat)) {
                let v = i64::from(*h) + i64::from(*delta);
                *h = u32::try_from(v.max(0)).unwrap_or(u32::MAX);
            }
            s.started = true;
        }
        PadEvent::GameWon { winners } => {
            s.winners = winners.clone();
            s.over = true;
        }
    }
}
