//! What a card did, entered as changes (the cards outrank the rules sheet, 004 lines 31-32):
//! each checked against the table as the earlier changes left it, then recorded as the events
//! that carry it out. Refusals name `realm-lord.change-invalid`.

use super::actions::{Change, LordEvent as E};
use super::data::data;
use super::draft::Draft;
use super::model::{Figure, Piece};
use super::pieces::nonzero_within;
use engine::{err, who as seat_name, RuleError};

fn bad(m: impl Into<String>) -> RuleError {
    err("realm-lord.change-invalid", m)
}

fn seat_ok(d: &Draft, seat: u8) -> Result<(), RuleError> {
    if usize::from(seat) < d.s.seats.len() {
        Ok(())
    } else {
        Err(bad(format!("there are {} players", d.s.seats.len())))
    }
}

fn figure(d: &Draft, piece: Piece) -> Result<Figure, RuleError> {
    d.s.figure(piece).map(|(_, f)| f.clone()).ok_or_else(|| {
        bad(match piece {
            Piece::Lord { seat } => format!("{} has no Lord in play", seat_name(seat)),
            Piece::Hero { id } => format!("hero #{id} is not in play"),
        })
    })
}

fn in_range(v: i32, bounds: [i32; 2], what: &str) -> Result<(), RuleError> {
    nonzero_within("realm-lord.change-invalid", v, bounds, what)
}

pub fn apply_all(d: &mut Draft, changes: &[Change]) -> Result<(), RuleError> {
    changes.iter().try_for_each(|c| apply_one(d, c))
}

fn apply_one(d: &mut Draft, c: &Change) -> Result<(), RuleError> {
    let b = data().bounds.value;
    match *c {
        Change::Hope { seat, delta } => {
            seat_ok(d, seat)?;
            in_range(delta, b.hope_change, "Hope Stones")?;
            // A loss stops at 0: the event records the real change (reading B13).
            let have = i64::from(d.s.seats[usize::from(seat)].hope);
            let real = i64::from(delta).max(-have);
            d.push(E::HopeChanged {
                seat,
                delta: i32::try_from(real).unwrap_or(0),
            });
        }
        Change::Hand { seat, delta } => {
            seat_ok(d, seat)?;
            in_range(delta, b.hand_change, "hands")?;
            let after = i32::from(d.s.seats[usize::from(seat)].hand) + delta;
            if after < i32::from(b.hand[0]) || after > i32::from(b.hand[1]) {
                return Err(bad(format!(
                    "{} holds {} card{}: a hand is {} to {} cards",
                    seat_name(seat),
                    d.s.seats[usize::from(seat)].hand,
                    if d.s.seats[usize::from(seat)].hand == 1 {
                        ""
                    } else {
                        "s"
                    },
                    b.hand[0],
                    b.hand[1]
                )));
            }
            d.push(E::HandChanged { seat, delta });
        }
        Change::Move { piece, to } => {
            let f = figure(d, piece)?;
            if usize::from(to) >= d.s.realms.len() {
                return Err(bad(format!("there are {} Realms", d.s.realms.len())));
            }
            if f.realm == to {
                return Err(bad(format!(
                    "{} is already at {}",
                    f.name,
                    d.s.realm_name(to)
                )));
            }
            d.push(E::Moved {
                piece,
                from: f.realm,
                to,
            });
        }
        Change::Banish { piece } => {
            figure(d, piece)?;
            d.push(E::Banished { piece });
        }
        Change::Exhaust { piece, treasure } => turn(d, piece, treasure, true)?,
        Change::Ready { piece, treasure } => turn(d, piece, treasure, false)?,
        Change::SkipNextTurn { seat } => {
            seat_ok(d, seat)?;
            if d.s.seats[usize::from(seat)].skip_next {
                return Err(bad(format!(
                    "{} already loses their next turn",
                    seat_name(seat)
                )));
            }
            d.push(E::SkipNextTurn { seat });
        }
        Change::ExtraActions { count } => {
            let [lo, hi] = b.extra_actions;
            if count < lo || count > hi {
                return Err(bad(format!("a card gives {lo} to {hi} more actions")));
            }
            d.push(E::ExtraActions { count });
        }
        Change::DiscardQuest { realm } => {
            let holds =
                d.s.realms
                    .get(usize::from(realm))
                    .is_some_and(|r| r.quest.is_some());
            if !holds {
                return Err(bad(format!("{} holds no Quest", d.s.realm_name(realm))));
            }
            d.push(E::QuestDiscarded { realm });
        }
    }
    Ok(())
}

/// Exhaust (`exhaust`) or ready a figure or its Treasure.
fn turn(d: &mut Draft, piece: Piece, treasure: bool, exhaust: bool) -> Result<(), RuleError> {
    let f = figure(d, piece)?;
    let state = if exhaust { "exhausted" } else { "ready" };
    if treasure {
        let Some(t) = &f.treasure else {
            return Err(bad(format!("{} has no Treasure attached", f.name)));
        };
        if t.exhausted == exhaust {
            return Err(bad(format!("{}'s {} is already {state}", f.name, t.name)));
        }
        d.push(if exhaust {
            E::TreasureExhausted { piece }
        } else {
            E::TreasureReadied { piece }
        });
    } else {
        if f.exhausted == exhaust {
            return Err(bad(format!("{} is already {state}", f.name)));
        }
        d.push(if exhaust {
            E::Exhausted { piece }
        } else {
            E::FigureReadied { piece }
        });
    }
    Ok(())
}
