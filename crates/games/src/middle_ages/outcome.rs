//! The events of one action as the rooms decide them (`setup`, `turn`, `round`), each applied
//! at once so that the next step reads the state the step before left.

use super::actions::MiddleEvent;
use super::apply::apply;
use super::state::MiddleState;

/// The events of one action, applied as they are decided so that each step reads the state the
/// step before left (the Effect after the move, the Income after the Effect).
pub(super) struct Outcome {
    pub state: MiddleState,
    pub events: Vec<MiddleEvent>,
}

impl Outcome {
    pub fn new(s: &MiddleState) -> Self {
        Outcome {
            state: s.clone(),
            events: Vec::new(),
        }
    }

    pub fn push(&mut self, e: MiddleEvent) {
        apply(&mut self.state, &e);
        self.events.push(e);
    }
}
