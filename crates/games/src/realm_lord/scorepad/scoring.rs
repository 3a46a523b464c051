//! The scorepad's sheet: Hope Stones, ranked, the winners as recorded (shared with the table).

use super::state::PadState;
use crate::realm_lord::scoring::sheet;
use engine::Scoresheet;

pub fn score(s: &PadState) -> Scoresheet {
    sheet(&s.hope, &s.winners, s.over)
}
