//! Applying outcomes to the table. Never fails and never draws a random number: every event was
//! checked when it was decided, and the die's value is in its event.

use super::actions::LordEvent as E;
use super::data::data;
use super::model::{ActiveQuest, Figure, LordState, Phase, Piece, Treasure};

fn seat_mut(s: &mut LordState, seat: u8) -> Option<&mut super::model::SeatState> {
    s.seats.get_mut(usize::from(seat))
}

fn set_exhausted(s: &mut LordState, piece: Piece, exhausted: bool) {
    if let Some(f) = s.figure_mut(piece) {
        f.exhausted = exhausted;
    }
}

fn set_treasure_exhausted(s: &mut LordState, piece: Piece, exhausted: bool) {
    if let Some(t) = s.figure_mut(piece).and_then(|f| f.treasure.as_mut()) {
        t.exhausted = exhausted;
    }
}

fn move_to(s: &mut LordState, piece: Piece, realm: u8) {
    if let Some(f) = s.figure_mut(piece) {
        f.realm = realm;
    }
}

/// A Hero leaves play for the discard pile, its Treasure with it (004 lines 115, 134).
fn discard_hero(s: &mut LordState, piece: Piece) {
    for seat in &mut s.seats {
        if let Some(i) = seat.heroes.iter().position(|h| h.piece == piece) {
            let hero = seat.heroes.remove(i);
            s.discard_pile.push(hero.name);
            if let Some(t) = hero.treasure {
                s.discard_pile.push(t.name);
            }
            return;
        }
    }
}

/// A banished Lord goes home exhausted; its Treasure is discarded (004 line 115).
fn banish_lord(s: &mut LordState, seat: u8) {
    let Some(st) = seat_mut(s, seat) else { return };
    let home = st.homeland;
    let mut discarded = None;
    if let Some(lord) = st.lord.as_mut() {
        lord.realm = home;
        lord.exhausted = true;
        discarded = lord.treasure.take().map(|t| t.name);
    }
    s.discard_pile.extend(discarded);
}

/// After the hand changes in the Discard phase, what is still to discard.
fn settle_discard(s: &mut LordState, seat: u8) {
    let limit = data().hand_limit.value;
    let hand = s.seats.get(usize::from(seat)).map_or(0, |x| x.hand);
    if s.phase == Phase::Discard || s.phase == Phase::Draw {
        if hand > limit {
            s.phase = Phase::Discard;
            s.discard_need = hand - limit;
        } else {
            s.phase = Phase::Actions;
            s.discard_need = 0;
        }
    }
}

pub fn apply(s: &mut LordState, e: &E) {
    setup(s, e);
    turn(s, e);
    table(s, e);
}

/// Setup and the catalogue; the count of rolls.
fn setup(s: &mut LordState, e: &E) {
    match e {
        E::TargetConfirmed { hope_stones } => {
            s.target = Some(*hope_stones);
            std::sync::Arc::make_mut(&mut s.catalogue).target = Some(*hope_stones);
        }
        E::RealmsNamed { names, homelands } => {
            for (realm, name) in s.realms.iter_mut().zip(names) {
                realm.name = name.clone();
            }
            std::sync::Arc::make_mut(&mut s.catalogue).realms = names.clone();
            s.realms_named = true;
            for (seat, home) in s.seats.iter_mut().zip(homelands) {
                if let (Some(h), Some(lord)) = (home, seat.lord.as_mut()) {
                    seat.homeland = *h;
                    lord.realm = *h;
                }
            }
        }
        E::CardDescribed { card } => std::sync::Arc::make_mut(&mut s.catalogue).learn(card),
        E::LordRevealed {
            seat,
            name,
            homeland,
            attributes,
        } => {
            if let Some(st) = seat_mut(s, *seat) {
                st.homeland = *homeland;
                st.lord = Some(Figure {
                    piece: Piece::Lord { seat: *seat },
                    name: name.clone(),
                    attributes: *attributes,
                    realm: *homeland,
                    exhausted: false,
                    treasure: None,
                });
            }
        }
        E::GameStarted { first, hand, roll } => {
            for st in &mut s.seats {
                st.hand = *hand;
            }
            s.first = Some(*first);
            if let Some(r) = roll {
                s.rolls = s.rolls.max(*r);
            }
        }
        E::RollsCarried { rolls } | E::DieRolled { roll: rolls, .. } => {
            s.rolls = s.rolls.max(*rolls)
        }
        _ => {}
    }
}

/// The turn: its start, the draw, actions used, Hope Stones and hands, the end.
fn turn(s: &mut LordState, e: &E) {
    match e {
        E::TurnSkipped { seat } => {
            if let Some(st) = seat_mut(s, *seat) {
                st.skip_next = false;
            }
        }
        E::TurnStarted { seat, turn } => {
            s.current = *seat;
            s.turn = *turn;
            s.phase = Phase::Draw;
            s.actions_used = 0;
            s.actions_allowed = data().actions_per_turn.value;
            s.discard_need = 0;
            s.last_quest = None;
        }
        E::Readied { pieces, treasures } => {
            for p in pieces {
                set_exhausted(s, *p, false);
            }
            for p in treasures {
                set_treasure_exhausted(s, *p, false);
            }
        }
        E::Drew { seat, count } => {
            if let Some(st) = seat_mut(s, *seat) {
                st.hand = st.hand.saturating_add(*count);
            }
            settle_discard(s, *seat);
        }
        E::DiscardedFromHand { seat, count, names } => {
            if let Some(st) = seat_mut(s, *seat) {
                st.hand = st.hand.saturating_sub(*count);
            }
            s.discard_pile.extend(names.iter().cloned());
            settle_discard(s, *seat);
        }
        E::ActionUsed => s.actions_used = s.actions_used.saturating_add(1),
        E::HopeChanged { seat, delta } => {
            if let Some(st) = seat_mut(s, *seat) {
                let v = i64::from(st.hope) + i64::from(*delta);
                st.hope = u32::try_from(v.max(0)).unwrap_or(u32::MAX);
            }
        }
        E::HandChanged { seat, delta } => {
            if let Some(st) = seat_mut(s, *seat) {
                let v = i32::from(st.hand) + delta;
                st.hand = u8::try_from(v.max(0)).unwrap_or(u8::MAX);
            }
            if s.phase == Phase::Discard {
                let current = s.current;
                settle_discard(s, current);
            }
        }
        E::SkipNextTurn { seat } => {
            if let Some(st) = seat_mut(s, *seat) {
                st.skip_next = true;
            }
        }
        E::ExtraActions { count } => s.actions_allowed = s.actions_allowed.saturating_add(*count),
        E::EffectEntered { .. } | E::TurnEnded { .. } => {}
        E::AbilityTriggered { ability } => s.pending.push(ability.clone()),
        E::AbilityResolved { index, .. } if usize::from(*index) < s.pending.len() => {
            s.pending.remove(usize::from(*index));
        }
        E::AbilityResolved { .. } => {}
        E::GameWon { winners } => {
            s.winners = winners.clone();
            s.phase = Phase::Over;
        }
        _ => {}
    }
}

/// Cards and figures on the table.
fn table(s: &mut LordState, e: &E) {
    match e {
        E::CardPlayed { seat, .. } => {
            if let Some(st) = seat_mut(s, *seat) {
                st.hand = st.hand.saturating_sub(1);
            }
        }
        E::HeroEntered {
            seat,
            id,
            name,
            attributes,
            realm,
        } => {
            s.next_hero_id = s.next_hero_id.max(id.saturating_add(1));
            if let Some(st) = seat_mut(s, *seat) {
                st.heroes.push(Figure {
                    piece: Piece::Hero { id: *id },
                    name: name.clone(),
                    attributes: *attributes,
                    realm: *realm,
                    exhausted: false,
                    treasure: None,
                });
            }
        }
        E::HeroDiscarded { id } => discard_hero(s, Piece::Hero { id: *id }),
        E::TreasureAttached {
            piece,
            name,
            replaced,
        } => {
            s.discard_pile.extend(replaced.iter().cloned());
            if let Some(f) = s.figure_mut(*piece) {
                f.treasure = Some(Treasure {
                    name: name.clone(),
                    exhausted: false,
                });
            }
        }
        E::QuestAttached { realm, name, facts } => {
            if let Some(r) = s.realms.get_mut(usize::from(*realm)) {
                r.quest = Some(ActiveQuest {
                    name: name.clone(),
                    kind: facts.kind,
                    difficulty: facts.difficulty,
                    hope: facts.hope,
                    text: facts.text.clone(),
                });
            }
        }
        E::EventPlayed { name } => s.discard_pile.push(name.clone()),
        E::Traveled { piece, to, .. } | E::Moved { piece, to, .. } => move_to(s, *piece, *to),
        E::PlacedAtHomeland { piece, realm } => move_to(s, *piece, *realm),
        E::Exhausted { piece } => set_exhausted(s, *piece, true),
        E::FigureReadied { piece } => set_exhausted(s, *piece, false),
        E::TreasureExhausted { piece } => set_treasure_exhausted(s, *piece, true),
        E::TreasureReadied { piece } => set_treasure_exhausted(s, *piece, false),
        E::QuestAttempted { outcome } => s.last_quest = Some(outcome.clone()),
        E::QuestDiscarded { realm } => {
            if let Some(q) = s
                .realms
                .get_mut(usize::from(*realm))
                .and_then(|r| r.quest.take())
            {
                s.discard_pile.push(q.name);
            }
        }
        E::Banished { piece } => match piece {
            Piece::Hero { .. } => discard_hero(s, *piece),
            Piece::Lord { seat } => banish_lord(s, *seat),
        },
        _ => {}
    }
}
