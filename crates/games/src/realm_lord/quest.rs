//! Go On A Quest and Completing A Quest (004 lines 146-152), and the die.
//!
//! The die is rolled by the app or entered from a real die. Undo must not become a way to peek
//! at the app's die, so every random draw (a quest's die, the first player) is numbered by a
//! counter of **every draw ever made in this game, undone ones included**, and its value comes
//! from the game's generator for the action (the game's seed and the action's place in the log)
//! mixed with that number:
//! - each draw's event records its number (`DieRolled { roll, value }`, `GameStarted { roll }`),
//!   and `LordState::rolls` is the highest number the log holds;
//! - undo takes an entry off the active log, so the state forgets its draws; but until a new
//!   action is decided its entry waits on the redo stack, and deciding over it
//!   (`Game::handle_over_undone`) reads the numbers of its draws and, when they exceed the
//!   state's counter, records `RollsCarried { rolls }` first in the new entry. The new entry is
//!   stored in the same transaction that deletes the undone rows, so the count survives them;
//! - so a new attempt draws with a number never used before, at whatever position: its value is
//!   not predictable from the undone one. Redo puts the undone entry back with its events, and
//!   replay applies events only, so both reproduce history exactly.

use super::actions::LordEvent as E;
use super::catalogue::{BonusWhose, CheckBonus};
use super::data::data;
use super::draft::{no_such_piece, own_ready, take_action, Draft};
use super::model::{Attribute, CardBonus, LordState, Piece, QuestOutcome};
use engine::{err, GameRng, RuleError};
use rand::{Rng, SeedableRng};

/// The value of draw number `roll`, 1 to `sides`: the action's generator gives a key, and the
/// draw's number picks the stream, so two draws with different numbers are independent even at
/// the same place in the log.
pub fn draw(rng: &mut GameRng, roll: u32, sides: u8) -> u8 {
    let key: u64 = rng.random();
    let mut die = GameRng::seed_from_u64(key);
    die.set_stream(u64::from(roll));
    die.random_range(1..=sides.max(1))
}

/// The highest draw number among events (the undone entries').
pub fn rolls_in(events: &[&E]) -> u32 {
    events
        .iter()
        .filter_map(|e| match e {
            E::DieRolled { roll, .. } => Some(*roll),
            E::RollsCarried { rolls } => Some(*rolls),
            E::GameStarted { roll, .. } => *roll,
            _ => None,
        })
        .max()
        .unwrap_or(0)
}

/// Success: a natural six always, a natural one never, else the score against the difficulty
/// (004 line 152).
pub fn succeeds(die: u8, score: i32, difficulty: u8) -> (bool, Option<String>) {
    let d = data().die.value;
    if die == d.always_succeeds {
        (true, Some("six".into()))
    } else if die == d.always_fails {
        (false, Some("one".into()))
    } else {
        (score >= i32::from(difficulty), None)
    }
}

/// The tagged bonuses that change `piece`'s check of a `kind` quest, card by card (reading B7):
/// the figure's own ability, its Treasure's, and every ability of its owner's Lord and heroes
/// tagged for all of them. Abilities act whether their card is ready or exhausted.
pub fn check_bonuses(s: &LordState, piece: Piece, kind: Attribute) -> Vec<CardBonus> {
    let Some((owner, f)) = s.figure(piece) else {
        return Vec::new();
    };
    let helps = |b: Option<CheckBonus>, own: bool| {
        b.filter(|b| b.quest.is_none_or(|q| q == kind))
            .filter(|b| own || b.whose == BonusWhose::YourHeroes)
            .map(|b| b.amount)
    };
    let mut out = Vec::new();
    for (seat, g) in s.figures() {
        if seat != owner {
            continue;
        }
        let printed = match g.piece {
            Piece::Lord { .. } => s.catalogue.lords.get(&g.name).and_then(|c| c.bonus),
            Piece::Hero { .. } => s.catalogue.heroes.get(&g.name).and_then(|c| c.bonus),
        };
        if let Some(amount) = helps(printed, g.piece == piece) {
            out.push(CardBonus {
                card: g.name.clone(),
                amount,
            });
        }
    }
    if let Some(t) = &f.treasure {
        let printed = s.catalogue.treasures.get(&t.name).and_then(|c| c.bonus);
        if let Some(amount) = helps(printed, true) {
            out.push(CardBonus {
                card: t.name.clone(),
                amount,
            });
        }
    }
    out
}

pub fn go(
    d: &mut Draft,
    hero: Piece,
    die: Option<u8>,
    modifier: i32,
    rng: &mut GameRng,
) -> Result<(), RuleError> {
    take_action(d)?;
    let f = own_ready(d, hero, "go on a quest")?;
    let Some(q) = d.s.realms[usize::from(f.realm)].quest.clone() else {
        return Err(err(
            "realm-lord.no-quest-here",
            format!(
                "there is no Quest at {}, where {} is",
                d.s.realm_name(f.realm),
                f.name
            ),
        ));
    };
    let sides = data().die.value.sides;
    if let Some(v) = die {
        if v < 1 || v > sides {
            return Err(err(
                "realm-lord.die-range",
                format!("a die shows 1 to {sides}, not {v}"),
            ));
        }
    }
    let [lo, hi] = data().bounds.value.modifier;
    if modifier < lo || modifier > hi {
        return Err(err(
            "realm-lord.modifier-range",
            format!("a modifier from cards is {lo} to {hi}, not {modifier}"),
        ));
    }
    let (owner, _) = d.s.figure(hero).ok_or_else(|| no_such_piece(hero))?;
    // Exhaust the hero, who then goes on the quest (004 line 148).
    d.push(E::Exhausted { piece: hero });
    let value = match die {
        Some(v) => v,
        None => {
            let roll = d.s.rolls + 1;
            let value = draw(rng, roll, sides);
            d.push(E::DieRolled { roll, value });
            value
        }
    };
    let attribute = f.attributes.get(q.kind);
    let bonuses = check_bonuses(&d.s, hero, q.kind);
    let added: i32 = bonuses.iter().map(|b| b.amount).sum();
    let score = i32::from(value) + i32::from(attribute) + modifier + added;
    let (success, natural) = succeeds(value, score, q.difficulty);
    d.push(E::QuestAttempted {
        outcome: QuestOutcome {
            piece: hero,
            seat: owner,
            hero: f.name.clone(),
            quest: q.name.clone(),
            realm: f.realm,
            kind: q.kind,
            die: value,
            rolled_by_app: die.is_none(),
            attribute,
            modifier,
            bonuses,
            score,
            difficulty: q.difficulty,
            success,
            natural,
            hope: if success { q.hope } else { 0 },
        },
    });
    if success {
        // Hope Stones gained, the Quest to the discard pile; the hero stays, exhausted.
        d.push(E::HopeChanged {
            seat: owner,
            delta: i32::from(q.hope),
        });
        d.push(E::QuestDiscarded { realm: f.realm });
    } else {
        // The Quest stays; the hero is placed at its Lord's Homeland: not a move (004 line 152).
        let realm = d.s.seats[usize::from(owner)].homeland;
        d.push(E::PlacedAtHomeland { piece: hero, realm });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_draw_depends_on_its_number_and_stays_on_the_die() {
        let values: Vec<u8> = (1..=60)
            .map(|roll| draw(&mut GameRng::seed_from_u64(7), roll, 6))
            .collect();
        assert!(values.iter().all(|v| (1..=6).contains(v)));
        // Same generator, different numbers: not all the same value.
        assert!(values.iter().any(|v| *v != values[0]));
        // Same generator, same number: the same value (replayable).
        assert_eq!(draw(&mut GameRng::seed_from_u64(7), 5, 6), values[4]);
    }

    #[test]
    fn naturals_decide_regardless_of_the_score() {
        assert_eq!(succeeds(6, 6, 30), (true, Some("six".into())));
        assert_eq!(succeeds(1, 25, 3), (false, Some("one".into())));
        assert_eq!(succeeds(4, 7, 7), (true, None));
        assert_eq!(succeeds(4, 6, 7), (false, None));
    }
}
