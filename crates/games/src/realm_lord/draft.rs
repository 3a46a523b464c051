//! The draft an action is decided on: the table as the events decided so far leave it, those
//! events, and the moments they made for tagged abilities; with the checks and steps every room
//! (`play`, `quest`, `setup`, `changes`, `abilities`) shares: the phase, an action of the turn, a
//! player's own ready figure, a Realm, the next turn.

use super::actions::LordEvent as E;
use super::apply::apply;
use super::data::data;
use super::model::{Figure, LordState, Phase, Piece};
use engine::{err, who as seat_name, RuleError};
use std::borrow::Cow;

/// The table as the events decided so far leave it, and those events.
///
/// The table is borrowed until the first event: the view asks every figure's every action
/// (`view::figure_why_not`, eight asks a figure), and most are refused by a check before any
/// event, so they never copy the table (with its catalogue of described cards).
pub struct Draft<'a> {
    pub s: Cow<'a, LordState>,
    pub events: Vec<E>,
    /// The moments this action's events made, for tagged abilities (see `abilities`).
    pub moments: Vec<Moment>,
}

impl<'a> Draft<'a> {
    pub fn new(s: &'a LordState) -> Draft<'a> {
        Draft {
            s: Cow::Borrowed(s),
            events: Vec::new(),
            moments: Vec::new(),
        }
    }
    pub fn push(&mut self, e: E) {
        self.moments.extend(moment_of(&self.s, &e));
        apply(self.s.to_mut(), &e);
        self.events.push(e);
    }
}

/// A moment an event makes, seen from the table just before it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Moment {
    QuestAttempted {
        quest: String,
        seat: u8,
        realm: u8,
        failed: bool,
    },
    Banished {
        piece: Piece,
        card: String,
        owner: u8,
        realm: u8,
    },
    TurnStarted {
        seat: u8,
    },
    TreasureUsed {
        treasure: String,
        owner: u8,
        realm: u8,
    },
}

/// The moments event `e` makes on table `s` (before it is applied).
pub fn moment_of(s: &LordState, e: &E) -> Option<Moment> {
    match e {
        E::QuestAttempted { outcome: o } => Some(Moment::QuestAttempted {
            quest: o.quest.clone(),
            seat: o.seat,
            realm: o.realm,
            failed: !o.success,
        }),
        E::Banished { piece } => s.figure(*piece).map(|(owner, f)| Moment::Banished {
            piece: *piece,
            card: f.name.clone(),
            owner,
            realm: f.realm,
        }),
        E::TurnStarted { seat, .. } => Some(Moment::TurnStarted { seat: *seat }),
        _ => None,
    }
}

/// Why an action cannot be taken in the phase the turn is in.
pub(super) fn phase_error(s: &LordState) -> RuleError {
    let m = match s.phase {
        Phase::Setup => "the game has not started: finish setup first".to_string(),
        Phase::Draw => format!(
            "{} draws {} cards first",
            seat_name(s.current),
            data().draw_per_turn.value
        ),
        Phase::Discard => format!(
            "{} discards down to {} cards first",
            seat_name(s.current),
            data().hand_limit.value
        ),
        Phase::Actions => format!("{} is taking actions", seat_name(s.current)),
        Phase::Over => "the game is over".to_string(),
    };
    err("realm-lord.phase", m)
}

pub fn require_phase(d: &Draft, phase: Phase) -> Result<(), RuleError> {
    if d.s.phase == phase {
        Ok(())
    } else {
        Err(phase_error(&d.s))
    }
}

/// An action of 004 line 123: in the Actions phase, with one of the turn's actions left; it is
/// counted at once.
pub fn take_action(d: &mut Draft) -> Result<(), RuleError> {
    require_phase(d, Phase::Actions)?;
    if d.s.actions_used >= d.s.actions_allowed {
        return Err(err(
            "realm-lord.three-actions",
            format!(
                "{} has used all {} actions of this turn: end the turn",
                seat_name(d.s.current),
                d.s.actions_allowed
            ),
        ));
    }
    d.push(E::ActionUsed);
    Ok(())
}

/// A figure of the current player's, in play and ready, for `what` ("travel").
pub fn own_ready(d: &Draft, piece: Piece, what: &str) -> Result<Figure, RuleError> {
    let (owner, f) = d.s.figure(piece).ok_or_else(|| no_such_piece(piece))?;
    if owner != d.s.current {
        return Err(err(
            "realm-lord.not-yours",
            format!(
                "{} belongs to {}: {} may only {what} with their own heroes",
                f.name,
                seat_name(owner),
                seat_name(d.s.current)
            ),
        ));
    }
    if f.exhausted {
        return Err(err(
            "realm-lord.exhausted",
            format!("{} is exhausted: only a ready hero can {what}", f.name),
        ));
    }
    Ok(f.clone())
}

pub fn no_such_piece(piece: Piece) -> RuleError {
    let what = match piece {
        Piece::Lord { seat } => format!("{} has no Lord in play", seat_name(seat)),
        Piece::Hero { id } => format!("hero #{id} is not in play"),
    };
    err("realm-lord.no-such-piece", what)
}

pub fn realm_index(d: &Draft, realm: u8) -> Result<u8, RuleError> {
    if usize::from(realm) < d.s.realms.len() {
        Ok(realm)
    } else {
        Err(err(
            "realm-lord.no-such-realm",
            format!("there are {} Realms, numbered 0 to 5", d.s.realms.len()),
        ))
    }
}

/// Clockwise from `after`: seats that lose their turn are skipped whole (reading B12), the
/// first other one begins its turn.
pub fn next_turn(d: &mut Draft, after: u8) {
    let n = d.s.seats.len() as u8;
    let mut seat = after;
    // Flags clear as seats are skipped, so two rounds always find a seat that plays.
    for _ in 0..(2 * u16::from(n)) {
        seat = (seat + 1) % n.max(1);
        if d.s.seats[usize::from(seat)].skip_next {
            d.push(E::TurnSkipped { seat });
        } else {
            begin_turn(d, seat);
            return;
        }
    }
}

/// Ready (004 line 121): every exhausted card the seat has in play readies.
pub fn begin_turn(d: &mut Draft, seat: u8) {
    let turn = d.s.turn + 1;
    d.push(E::TurnStarted { seat, turn });
    let mut pieces = Vec::new();
    let mut treasures = Vec::new();
    if let Some(st) = d.s.seats.get(usize::from(seat)) {
        for f in st.lord.iter().chain(st.heroes.iter()) {
            if f.exhausted {
                pieces.push(f.piece);
            }
            if f.treasure.as_ref().is_some_and(|t| t.exhausted) {
                treasures.push(f.piece);
            }
        }
    }
    d.push(E::Readied { pieces, treasures });
}
