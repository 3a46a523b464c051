//! Applying recorded outcomes to the state. Never fails: every event was checked when decided.

use super::actions::TrackerEvent;
use super::model::{
    Change, EraEvent, ObjectiveResult, Phase, ProduceState, Res, SoloEventFacts, TableauCard,
    TrackerState, TurnState,
};
use crate::realm::data::data;

pub fn fresh_turn() -> TurnState {
    TurnState {
        actions_left: 1,
        worker_placed: false,
        market_taken: 0,
        produce: None,
        spaces: Vec::new(),
    }
}

pub fn apply(s: &mut TrackerState, e: &TrackerEvent) {
    match e {
        TrackerEvent::LeaderChosen { seat, leader } => {
            if let Some(p) = s.players.get_mut(usize::from(*seat)) {
                p.leader = Some(leader.clone());
            }
        }
        TrackerEvent::MatDescribed { leader, mat } => {
            s.mats.insert(leader.clone(), mat.clone());
        }
        TrackerEvent::CardDescribed { card, facts } => {
            s.cards.insert(card.clone(), facts.clone());
        }
        TrackerEvent::EventDescribed { name, facts } => event_described(s, name, facts),
        TrackerEvent::TileNamed { space, name } => {
            s.board.tiles.insert(space.clone(), name.clone());
        }
        TrackerEvent::GameStarted {
            first_player,
            start_resources,
            hand,
            accumulating,
            workers,
        } => started(
            s,
            *first_player,
            *start_resources,
            *hand,
            *accumulating,
            *workers,
        ),
        TrackerEvent::EventRevealed {
            name,
            positive,
            chosen_effect,
        } => {
            s.events.push(EraEvent {
                name: name.clone(),
                positive: *positive,
                chosen_effect: chosen_effect.clone(),
            });
            s.phase = Phase::Playing;
            s.turn = fresh_turn();
        }
        TrackerEvent::EventNamed { era, name } => {
            if let Some(e) = s.events.get_mut(usize::from(*era).wrapping_sub(1)) {
                e.name = name.clone();
            }
        }
        TrackerEvent::WorkerAction { seat, uses_worker } => worker_action(s, *seat, *uses_worker),
        TrackerEvent::CrestFlipped { seat } => {
            if let Some(p) = s.players.get_mut(usize::from(*seat)) {
                p.crest_used = true;
            }
        }
        TrackerEvent::ProduceStarted { limit } => {
            s.turn.produce = Some(ProduceState {
                limit: *limit,
                used: Vec::new(),
            });
        }
        TrackerEvent::Activated { slot } => {
            if let Some(pr) = &mut s.turn.produce {
                pr.used.push(*slot);
            }
        }
        TrackerEvent::ProduceFinished => s.turn.produce = None,
        TrackerEvent::Ledger { seat, change } => ledger(s, *seat, change),
        TrackerEvent::MarketTaken { count } => s.turn.market_taken += count,
        TrackerEvent::SpaceTaken { space, seat } => {
            s.board.taken.insert(space.clone(), *seat);
            s.turn.spaces.push(space.clone());
        }
        TrackerEvent::SpaceUsedThisTurn { space } => s.turn.spaces.push(space.clone()),
        TrackerEvent::CardRemoved { seat, slot } => {
            if let Some(p) = s.players.get_mut(usize::from(*seat)) {
                if usize::from(*slot) < p.tableau.len() {
                    p.tableau.remove(usize::from(*slot));
                }
            }
        }
        TrackerEvent::AccumulationTaken { resource } => {
            *s.board.accumulating.get_mut(*resource) = 0;
        }
        TrackerEvent::ExtraActions { count } => s.turn.actions_left += count,
        TrackerEvent::CardPlayed { seat, card, cube } => card_played(s, *seat, card, *cube),
        TrackerEvent::OncePerEraUsed { seat, slot } => {
            if let Some(c) = s
                .players
                .get_mut(usize::from(*seat))
                .and_then(|p| p.tableau.get_mut(usize::from(*slot)))
            {
                c.used_this_era = true;
            }
        }
        TrackerEvent::TurnEnded { next } => {
            s.turn = fresh_turn();
            match next {
                Some(n) => s.current = *n,
                None => s.phase = Phase::EraEnd,
            }
        }
        TrackerEvent::ObjectiveScored { result } => objective_scored(s, result),
        TrackerEvent::EraReset { first_player } => era_reset(s, *first_player),
        TrackerEvent::FinalEntered {
            seat,
            game_end_vp,
            family_secret,
        } => {
            if let Some(p) = s.players.get_mut(usize::from(*seat)) {
                p.game_end_vp = Some(*game_end_vp);
                p.family_secret = Some(*family_secret);
            }
        }
        TrackerEvent::Finished => s.phase = Phase::Over,
    }
}

/// One of the worker actions began: the turn has one action fewer, and a placed worker is used.
fn worker_action(s: &mut TrackerState, seat: u8, uses_worker: bool) {
    s.turn.actions_left = s.turn.actions_left.saturating_sub(1);
    if uses_worker {
        s.turn.worker_placed = true;
        if let Some(p) = s.players.get_mut(usize::from(seat)) {
            p.used += 1;
        }
    }
}

/// A card enters a tableau, taking the cube off its track when one is left there.
fn card_played(s: &mut TrackerState, seat: u8, card: &TableauCard, cube: bool) {
    if let Some(p) = s.players.get_mut(usize::from(seat)) {
        if cube {
            if let Some(c) = p.cubes_removed.get_mut(card.track.index()) {
                *c += 1;
            }
        }
        p.tableau.push(card.clone());
    }
}

/// The starting layout: every supply and accumulating space, hands and workers; Era 1 begins.
fn started(
    s: &mut TrackerState,
    first_player: u8,
    start_resources: i32,
    hand: i32,
    accumulating: i32,
    workers: u8,
) {
    for p in &mut s.players {
        for r in Res::ALL {
            *p.supply.get_mut(r) = start_resources;
            *s.board.accumulating.get_mut(r) = accumulating;
        }
        p.hand = hand;
        p.workers = workers;
    }
    s.first_player = first_player;
    s.current = first_player;
    s.era = 1;
    s.phase = Phase::EraStart;
}

/// One player's ledger change: supply, Gold, hand, stores, tucks, workers and removed cubes.
fn ledger(s: &mut TrackerState, seat: u8, change: &Change) {
    let Some(p) = s.players.get_mut(usize::from(seat)) else {
        return;
    };
    p.supply.add(&change.supply);
    p.gold += change.gold;
    p.hand += change.hand;
    for st in &change.store {
        if let Some(c) = p.tableau.get_mut(usize::from(st.slot)) {
            c.stored.add(&st.resources);
            c.stored_gold += st.gold;
        }
    }
    for t in &change.tuck {
        if let Some(c) = p.tableau.get_mut(usize::from(t.slot)) {
            c.tucked += t.count;
        }
    }
    p.waiting_workers += change.workers;
    p.temporary += change.temporary;
    for t in &change.cubes {
        if let Some(c) = p.cubes_removed.get_mut(t.index()) {
            *c += 1;
        }
    }
}

/// A Solo Era Event's reward told: kept, and every objective met under that card scores it now
/// (it scored what was known then, 0 if nothing).
fn event_described(s: &mut TrackerState, name: &str, facts: &SoloEventFacts) {
    s.solo_events.insert(name.to_string(), facts.clone());
    for r in &mut s.objectives {
        if r.event.as_deref() != Some(name) || r.places.first() != Some(&1) {
            continue;
        }
        let Some(vp) = r.vp.first_mut() else {
            continue;
        };
        let delta = facts.objective_vp - *vp;
        *vp = facts.objective_vp;
        if let Some(p) = s.players.first_mut() {
            p.objective_vp += delta;
        }
    }
}

fn objective_scored(s: &mut TrackerState, result: &ObjectiveResult) {
    for (i, p) in s.players.iter_mut().enumerate() {
        p.objective_vp += result.vp.get(i).copied().unwrap_or(0);
        if result.places.get(i) == Some(&1) {
            p.objective_firsts += 1;
        }
        p.hand += result.cards.get(i).copied().unwrap_or(0);
        if let Some(Some(r)) = result.resources.get(i) {
            *p.supply.get_mut(*r) += 1;
        }
    }
    s.objectives.push(result.clone());
}

/// The Era's reset, or after the last Era the final scoring.
fn era_reset(s: &mut TrackerState, first_player: u8) {
    if s.era >= data().eras {
        s.phase = Phase::FinalScoring;
        return;
    }
    // 000 lines 141-147, in order.
    for r in Res::ALL {
        *s.board.accumulating.get_mut(r) += 1;
    }
    s.board.taken.clear();
    for p in &mut s.players {
        p.workers += p.waiting_workers;
        p.waiting_workers = 0;
        p.temporary = 0;
        p.used = 0;
        p.crest_used = false;
        for c in &mut p.tableau {
            c.used_this_era = false;
        }
    }
    s.first_player = first_player;
    s.current = first_player;
    s.era += 1;
    s.phase = Phase::EraStart;
    s.turn = fresh_turn();
}
