//! Draw and Gather (000 lines 132, 170-172; FAQ lines 284, 342): the worker actions that take from the table — cards
//! from the deck and the Market up to the Noble value, resources from the Realm board's
//! exclusive, open and Advanced Gather spaces, and the named tile's extra actions.

use super::start::{begin, ledger};
use crate::realm::data::{data, AbilityAuto};
use crate::realm::pieces::plural;
use crate::realm::tracker::actions::TrackerEvent;
use crate::realm::tracker::model::{Change, Res, Resources, Track, TrackerState};
use crate::realm::tracker::rules::{check_ability, check_change, track_value, who};
use engine::{err, RuleError};

pub fn draw(
    s: &TrackerState,
    deck: u8,
    market: u8,
    ability: bool,
) -> Result<Vec<TrackerEvent>, RuleError> {
    let (seat, mut ev) = begin(s)?;
    let mut value = track_value(s, seat, Track::Noble)?;
    if ability {
        check_ability(s, seat, AbilityAuto::DrawPlusOne)?;
        ev.push(TrackerEvent::CrestFlipped { seat: seat as u8 });
        value += 1;
    }
    let total = u16::from(deck) + u16::from(market);
    if total == 0 {
        return Err(err("realm.draw", "draw at least 1 card"));
    }
    if total > u16::from(value) {
        return Err(err(
            "realm.draw-limit",
            format!(
                "the Noble value lets {} draw {}",
                who(seat),
                plural(value, "card")
            ),
        ));
    }
    let left = data().setup.market.saturating_sub(s.turn.market_taken);
    if market > left {
        return Err(err(
            "realm.market",
            format!(
                "the Market has {} left: it refills after the turn",
                plural(left, "card")
            ),
        ));
    }
    if market > 0 {
        ev.push(TrackerEvent::MarketTaken { count: market });
    }
    ev.push(ledger(
        seat,
        Change {
            hand: i32::from(deck) + i32::from(market),
            ..Default::default()
        },
    ));
    Ok(ev)
}

/// The accumulating space with this id ("iron", "stone", "wood", "grain": exact ids only, so one
/// space has one name in the board's record).
fn accumulating(space: &str) -> Option<Res> {
    Res::ALL
        .into_iter()
        .find(|r| r.name().to_lowercase() == space)
}

/// The extra worker actions of the tile lying on an Advanced Gather level, when it is a tile
/// the rulebook names (000 line 87: the tiles are shuffled per level, so the one the table named
/// there is the one applied). A level where such a tile may lie must be named first; a tile the
/// rulebook does not print gives what the table enters.
fn applied_tile(
    s: &TrackerState,
    space: &str,
    level: u8,
    change: Option<&Change>,
) -> Result<Option<u8>, RuleError> {
    let d = data();
    let named = s.board.tiles.get(space);
    let Some(name) = named else {
        if let Some(t) = d.tiles_on(level).next() {
            return Err(err(
                "realm.tile-unnamed",
                format!(
                    "name the tile lying on Advanced Gather level {level} first: it may be \"{}\", which the app applies",
                    t.name
                ),
            ));
        }
        return Ok(None);
    };
    let Some(tile) = d.tile(name).filter(|t| t.extra_actions > 0) else {
        return Ok(None);
    };
    if change.is_some_and(|c| !c.is_empty()) {
        return Err(err(
            "realm.space",
            format!(
                "the tile \"{}\" gives {} worker actions, not resources: nothing to enter",
                tile.name, tile.extra_actions
            ),
        ));
    }
    Ok(Some(tile.extra_actions))
}

pub fn gather(
    s: &TrackerState,
    space: &str,
    change: Option<&Change>,
    ability: Option<Res>,
) -> Result<Vec<TrackerEvent>, RuleError> {
    let extra_action = s.turn.worker_placed;
    let (seat, mut ev) = begin(s)?;
    let d = data();
    let open = d.is_open(space);
    let acc = accumulating(space);
    let adv = d.advanced(space);
    if !open && acc.is_none() && adv.is_none() {
        return Err(err(
            "realm.space",
            format!("'{space}' is not a Realm board space"),
        ));
    }
    if !open {
        if let Some(by) = s.board.taken.get(space) {
            return Err(err(
                "realm.space-taken",
                format!(
                    "{} took that space this Era: it is exclusive",
                    who(usize::from(*by))
                ),
            ));
        }
        // Level 4's extra actions may not repeat a space in the turn, and leave the spaces they
        // use open for later turns of the Era (FAQ line 342).
        if extra_action {
            if s.turn.spaces.iter().any(|x| x == space) {
                return Err(err(
                    "realm.space-taken",
                    "this turn's actions already used that space",
                ));
            }
            ev.push(TrackerEvent::SpaceUsedThisTurn {
                space: space.to_string(),
            });
        } else {
            ev.push(TrackerEvent::SpaceTaken {
                space: space.to_string(),
                seat: seat as u8,
            });
        }
    }
    let mut got = change.cloned().unwrap_or_default();
    if let Some(r) = acc {
        // Taking an accumulating space takes all that lies on it (product.md).
        if change.is_some_and(|c| !c.is_empty()) {
            return Err(err(
                "realm.space",
                "an accumulating space gives what lies on it: nothing to enter",
            ));
        }
        got = Change {
            supply: Resources::one(r, s.board.accumulating.get(r)),
            ..Default::default()
        };
        ev.push(TrackerEvent::AccumulationTaken { resource: r });
    }
    if let Some(a) = adv {
        let value = track_value(s, seat, Track::Gather)?;
        if value < a.level {
            return Err(err(
                "realm.gather-level",
                format!(
                    "Advanced Gather level {} needs a Gather value of {} ({} has {value})",
                    a.level,
                    a.level,
                    who(seat)
                ),
            ));
        }
        if let Some(extra) = applied_tile(s, space, a.level, change)? {
            ev.push(TrackerEvent::ExtraActions { count: extra });
        }
    }
    if let Some(r) = ability {
        check_ability(s, seat, AbilityAuto::GatherPlusOne)?;
        if Res::ALL.iter().all(|&x| got.supply.get(x) <= 0) {
            return Err(err(
                "realm.ability",
                "the Sorcerer's extra resource comes with resources collected from a Gather",
            ));
        }
        ev.push(TrackerEvent::CrestFlipped { seat: seat as u8 });
        *got.supply.get_mut(r) = got.supply.get(r).saturating_add(1);
    }
    check_change(s, seat, &got)?;
    ev.push(ledger(seat, got));
    Ok(ev)
}
