//! The scorepad's sheet: Hope Stones, ranked, the winners as recorded (shared with the table).

use super::PadState;
use crate::engine::Scoresheet;
use crate::games::realm_lord::scoring::sheet;

pub fn score(s: &PadState) -> Scoresheet {
    sheet(&s.hope, &s.winners, s.over)
}
