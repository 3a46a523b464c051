//! Deciding: each action checked against the rules sheet (every refusal names its
//! `realm-lord.*` rule) and turned into events on a draft of the table (`draft`), so that each
//! later check sees what the earlier events did; the turn's own steps (Draw, Discard, End turn)
//! and the win at the target. Ready and skipped turns, which the rooms share, are in `draft`.

use super::abilities;
use super::actions::{LordAction as A, LordEvent as E};
use super::data::data;
use super::draft::{next_turn, phase_error, require_phase, Draft};
use super::model::{LordState, Phase};
use super::{changes, play, quest, setup};
use engine::{err, GameRng, RuleError};

pub fn handle(s: &LordState, a: &A, rng: &mut GameRng) -> Result<Vec<E>, RuleError> {
    let mut d = Draft::new(s);
    decide_into(&mut d, a, rng)?;
    Ok(d.events)
}

/// Decide over undone entries: rolls they made are carried into the new entry first, so the
/// next roll is a fresh one (see `quest`).
pub fn handle_over_undone(
    s: &LordState,
    a: &A,
    rng: &mut GameRng,
    undone: &[&E],
) -> Result<Vec<E>, RuleError> {
    let mut d = Draft::new(s);
    let carried = quest::rolls_in(undone);
    if carried > d.s.rolls {
        d.push(E::RollsCarried { rolls: carried });
    }
    decide_into(&mut d, a, rng)?;
    Ok(d.events)
}

fn decide_into(d: &mut Draft, a: &A, rng: &mut GameRng) -> Result<(), RuleError> {
    if d.s.phase == Phase::Over {
        return Err(err(
            "realm-lord.game-over",
            "the game is over: undo to change it",
        ));
    }
    match a {
        A::ConfirmTarget { hope_stones } => setup::confirm_target(d, *hope_stones)?,
        A::NameRealms { names } => setup::name_realms(d, names)?,
        A::RevealLord { seat, name, facts } => setup::reveal_lord(d, *seat, name, facts)?,
        A::StartGame { first } => setup::start(d, *first, rng)?,
        A::Draw => draw(d)?,
        A::Discard { count, names } => discard(d, *count, names)?,
        A::PlayHero {
            name,
            facts,
            discard,
        } => play::hero(d, name, facts, *discard)?,
        A::PlayTreasure { name, hero, facts } => play::treasure(d, name, *hero, facts)?,
        A::PlayQuest { name, facts } => play::quest_card(d, name, facts)?,
        A::PlayEvent {
            name,
            facts,
            effects,
        } => play::event(d, name, facts, effects)?,
        A::Travel { hero, to } => play::travel(d, *hero, *to)?,
        A::UseTreasure { hero, effects } => play::use_treasure(d, *hero, effects)?,
        A::Quest {
            hero,
            die,
            modifier,
        } => quest::go(d, *hero, *die, *modifier, rng)?,
        A::Effect { source, effects } => effect(d, source, effects)?,
        A::ResolveAbility { index, apply } => abilities::resolve(d, *index, *apply)?,
        A::EndTurn => end_turn(d)?,
    }
    let moments = std::mem::take(&mut d.moments);
    abilities::fire(d, &moments);
    check_win(d);
    Ok(())
}

/// Whose decision `a` is now: every turn action (Draw, the discard to the hand limit, the plays,
/// Travel, Use a Treasure, a Quest, an effect entered during the turn, End turn) is the current
/// player's while a turn runs; setup (the target, the Realms' names, the Lords dealt, the
/// start) and a finished game are the table's.
pub fn decider(s: &LordState, a: &A) -> Option<u8> {
    let turn = matches!(s.phase, Phase::Draw | Phase::Discard | Phase::Actions);
    match a {
        A::ConfirmTarget { .. }
        | A::NameRealms { .. }
        | A::RevealLord { .. }
        | A::StartGame { .. }
        | A::ResolveAbility { .. } => None,
        A::Draw
        | A::Discard { .. }
        | A::PlayHero { .. }
        | A::PlayTreasure { .. }
        | A::PlayQuest { .. }
        | A::PlayEvent { .. }
        | A::Travel { .. }
        | A::UseTreasure { .. }
        | A::Quest { .. }
        | A::Effect { .. }
        | A::EndTurn => turn.then_some(s.current),
    }
}

// ---- the turn ---------------------------------------------------------------------------------

fn draw(d: &mut Draft) -> Result<(), RuleError> {
    require_phase(d, Phase::Draw)?;
    let seat = d.s.current;
    d.push(E::Drew {
        seat,
        count: data().draw_per_turn.value,
    });
    Ok(())
}

fn discard(d: &mut Draft, count: u8, names: &[String]) -> Result<(), RuleError> {
    require_phase(d, Phase::Discard)?;
    let need = d.s.discard_need;
    if count != need {
        return Err(err(
            "realm-lord.discard-to-eight",
            format!(
                "discard exactly {need} card{}, down to {}, not {count}",
                if need == 1 { "" } else { "s" },
                data().hand_limit.value
            ),
        ));
    }
    if names.len() > usize::from(count) {
        return Err(err(
            "realm-lord.discard-to-eight",
            format!("{} names for {count} discarded cards", names.len()),
        ));
    }
    let names = names
        .iter()
        .map(|n| super::catalogue::card_name(n))
        .collect::<Result<Vec<_>, _>>()?;
    let seat = d.s.current;
    d.push(E::DiscardedFromHand { seat, count, names });
    Ok(())
}

fn effect(
    d: &mut Draft,
    source: &str,
    effects: &[super::actions::Change],
) -> Result<(), RuleError> {
    if matches!(d.s.phase, Phase::Setup) {
        return Err(phase_error(&d.s));
    }
    let source = super::catalogue::card_name(source)?;
    if effects.is_empty() {
        return Err(err(
            "realm-lord.change-invalid",
            "enter what the ability did",
        ));
    }
    d.push(E::EffectEntered { source });
    changes::apply_all(d, effects)
}

fn end_turn(d: &mut Draft) -> Result<(), RuleError> {
    require_phase(d, Phase::Actions)?;
    let seat = d.s.current;
    d.push(E::TurnEnded { seat });
    next_turn(d, seat);
    Ok(())
}

/// The moment a player reaches the target the game ends; if several reach it at once, the most
/// Hope Stones win and an exact tie is shared (reading B1).
fn check_win(d: &mut Draft) {
    let Some(target) = d.s.target else { return };
    if d.s.phase == Phase::Setup || d.s.phase == Phase::Over {
        return;
    }
    let best = d.s.seats.iter().map(|s| s.hope).max().unwrap_or(0);
    if best >= target {
        let winners = (0..d.s.seats.len() as u8)
            .filter(|&i| d.s.seats[usize::from(i)].hope == best)
            .collect();
        d.push(E::GameWon { winners });
    }
}
