//! Applying recorded outcomes to the state. Never fails: every event was checked when decided.

use super::actions::TrackerEvent;
use super::data::data;
use super::model::{Phase, Res, TrackerState, TurnState};

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
    let d = data();
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
        TrackerEvent::TileNamed { space, name } => {
            s.board.tiles.insert(space.clone(), name.clone());
        }
        TrackerEvent::GameStarted {
            first_player,
            start_resources,
            hand,
            accumulating,
            workers,
        } => {
            for p in &mut s.players {
                for r in Res::ALL {
                    *p.supply.get_mut(r) = *start_resources;
                    *s.board.accumulating.get_mut(r) = *accumulating;
                }
                p.hand = *hand;
                p.workers = *workers;
            }
            s.first_player = *first_player;
            s.current = *first_player;
            s.era = 1;
            s.phase = Phase::EraStart;
        }
        TrackerEvent::EventRevealed {
            name,
            positive,
            chosen_effect,
        } => {
            s.events.push(super::model::EraEvent {
                name: name.clone(),
                positive: *positive,
                chosen_effect: chosen_effect.clone(),
            });
            s.phase = Phase::Playing;
            s.turn = fresh_turn();
        }
        TrackerEvent::WorkerAction { seat, uses_worker } => {
            s.turn.actions_left = s.turn.actions_left.saturating_sub(1);
            if *uses_worker {
                s.turn.worker_placed = true;
                if let Some(p) = s.players.get_mut(usize::from(*seat)) {
                    p.used += 1;
                }
            }
        }
        TrackerEvent::CrestFlipped { seat } => {
            if let Some(p) = s.players.get_mut(usize::from(*seat)) {
                p.crest_used = true;
            }
        }
        TrackerEvent::ProduceStarted { limit } => {
            s.turn.produce = Some(super::model::ProduceState {
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
        TrackerEvent::Ledger { seat, change } => {
            let Some(p) = s.players.get_mut(usize::from(*seat)) else {
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
        TrackerEvent::CardPlayed { seat, card, cube } => {
            if let Some(p) = s.players.get_mut(usize::from(*seat)) {
                if *cube {
                    if let Some(c) = p.cubes_removed.get_mut(card.track.index()) {
                        *c += 1;
                    }
                }
                p.tableau.push(card.clone());
            }
        }
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
        TrackerEvent::ObjectiveScored { result } => {
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
        TrackerEvent::EraReset { first_player } => {
            if s.era >= d.eras {
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
            s.first_player = *first_player;
            s.current = *first_player;
            s.era += 1;
            s.phase = Phase::EraStart;
            s.turn = fresh_turn();
        }
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
