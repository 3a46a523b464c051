//! Deciding a scorepad entry: the target first (confirmed, 1-99), then Hope Stone changes until
//! a player reaches it; the same readings as the table (stones stop at 0, simultaneous arrivals
//! won by the most, an exact tie shared).

use super::actions::{PadAction, PadEvent};
use super::state::PadState;
use crate::realm_lord::catalogue::check_target;
use crate::realm_lord::data::data;
use engine::{err, Allowed, RuleError};

fn bad(m: impl Into<String>) -> RuleError {
    err("realm-lord.change-invalid", m)
}

pub fn handle(s: &PadState, a: &PadAction) -> Result<Vec<PadEvent>, RuleError> {
    if s.over {
        return Err(err(
            "realm-lord.game-over",
            "the game is over: undo to change it",
        ));
    }
    match a {
        PadAction::ConfirmTarget { hope_stones } => {
            if s.started {
                return Err(err(
                    "realm-lord.phase",
                    "Hope Stones are already recorded against the target: undo to change it",
                ));
            }
            check_target(*hope_stones)?;
            Ok(vec![PadEvent::TargetConfirmed {
                hope_stones: *hope_stones,
            }])
        }
        PadAction::Record { changes } => record(s, changes),
    }
}

fn record(s: &PadState, changes: &[super::actions::PadChange]) -> Result<Vec<PadEvent>, RuleError> {
    let Some(target) = s.target else {
        return Err(err(
            "realm-lord.target-unconfirmed",
            "confirm how many Hope Stones win first (the rulebook names no number)",
        ));
    };
    if changes.is_empty() {
        return Err(bad("enter whose Hope Stones changed"));
    }
    let [lo, hi] = data().bounds.value.hope_change;
    let mut hope = s.hope.clone();
    let mut events = Vec::new();
    for (i, c) in changes.iter().enumerate() {
        let Some(h) = hope.get_mut(usize::from(c.seat)) else {
            return Err(bad(format!("there are {} players", s.hope.len())));
        };
        if changes[..i].iter().any(|o| o.seat == c.seat) {
            return Err(bad(format!("{} is entered twice", engine::who(c.seat))));
        }
        if c.delta == 0 || c.delta < lo || c.delta > hi {
            return Err(bad(format!(
                "Hope Stones change by {lo} to {hi} at once (not 0), not {}",
                c.delta
            )));
        }
        // A loss stops at 0; a loss from none is no change at all, and a log line "gains 0 Hope
        // Stones" would say what never happened.
        if *h == 0 && c.delta < 0 {
            return Err(bad(format!(
                "{} has no Hope Stones to lose",
                engine::who(c.seat)
            )));
        }
        let real = i64::from(c.delta).max(-i64::from(*h));
        *h = u32::try_from(i64::from(*h) + real).unwrap_or(0);
        events.push(PadEvent::HopeChanged {
            seat: c.seat,
            delta: i32::try_from(real).unwrap_or(0),
        });
    }
    let best = hope.iter().copied().max().unwrap_or(0);
    if best >= target {
        let winners = (0..hope.len() as u8)
            .filter(|&i| hope[usize::from(i)] == best)
            .collect();
        events.push(PadEvent::GameWon { winners });
    }
    Ok(events)
}

pub fn allowed(s: &PadState) -> Vec<Allowed<PadAction>> {
    if s.over {
        return Vec::new();
    }
    let mut out = Vec::new();
    if !s.started {
        if let Some(t) = s.suggested_target.filter(|t| s.target != Some(*t)) {
            out.push(Allowed {
                label: format!("Confirm the target: {t} Hope Stones"),
                group: "setup".into(),
                action: PadAction::ConfirmTarget { hope_stones: t },
            });
        }
    }
    if s.target.is_none() {
        return out;
    }
    for (i, &h) in s.hope.iter().enumerate() {
        let deltas: &[i32] = if h > 0 { &[1, 2, 3, -1] } else { &[1, 2, 3] };
        for &delta in deltas {
            out.push(Allowed {
                label: format!("{} {delta:+}", engine::who(i)),
                group: "hope".into(),
                action: PadAction::Record {
                    changes: vec![super::actions::PadChange {
                        seat: i as u8,
                        delta,
                    }],
                },
            });
        }
    }
    out
}
