//! Produce (000 lines 151-162, FAQ line 316): the action's card limit fixed when it begins,
//! each Production card activated once (once per Era where marked), the computed cards, and the
//! Trade Queen's second Merchant.

use super::start::{begin, ledger};
use crate::realm::data::{data, AbilityAuto, Auto};
use crate::realm::pieces::plural;
use crate::realm::tracker::actions::TrackerEvent;
use crate::realm::tracker::model::Needs;
use crate::realm::tracker::model::{Change, Res, Resources, Track, TrackerState};
use crate::realm::tracker::rules::{
    check_ability, check_change, facts, known_card, on_turn, track_value, who,
};
use engine::{err, RuleError};

pub fn produce(s: &TrackerState, ability: bool) -> Result<Vec<TrackerEvent>, RuleError> {
    let (seat, mut ev) = begin(s)?;
    let mut limit = track_value(s, seat, Track::Production)?;
    if ability {
        check_ability(s, seat, AbilityAuto::ProducePlusOne)?;
        ev.push(TrackerEvent::CrestFlipped { seat: seat as u8 });
        limit += 1;
    }
    ev.push(TrackerEvent::ProduceStarted { limit });
    Ok(ev)
}

/// What activating `card` needs entered: nothing for the cards computed below, the Wood for
/// the Charcoal Burner, what it did for any other.
pub fn needs(card: &str) -> Needs {
    match data().card(card).and_then(|c| c.auto) {
        Some(Auto::Farm | Auto::Quarry | Auto::DayLaborer) => Needs::Nothing,
        Some(Auto::CharcoalBurner) => Needs::Wood,
        _ => Needs::Change,
    }
}

/// What one Production card does when activated, apart from the Produce action's own limits:
/// a once-per-Era card only once (000 line 153); Farm, Quarry, Day Laborer and Charcoal Burner
/// computed, any other card's `change` entered. `again` skips the once-per-Era mark (the Trade
/// Queen's second Merchant use).
pub(super) fn production_effect(
    s: &TrackerState,
    seat: usize,
    slot: u8,
    change: Option<&Change>,
    wood: Option<u8>,
    again: bool,
) -> Result<Vec<TrackerEvent>, RuleError> {
    let p = &s.players[seat];
    let card = p.tableau.get(usize::from(slot)).ok_or_else(|| {
        err(
            "realm.slot",
            format!("{}'s Estate has no card {}", who(seat), u32::from(slot) + 1),
        )
    })?;
    if card.track != Track::Production {
        return Err(err(
            "realm.not-production",
            format!("the {} is not a Production card", card.card),
        ));
    }
    let cd = known_card(&card.card)?;
    let once = facts(s, &card.card).map_or(cd.once_per_era, |f| f.once_per_era);
    let mut ev = Vec::new();
    if once && !again {
        if card.used_this_era {
            return Err(err(
                "realm.once-per-era",
                format!("the {} is used once per Era", card.card),
            ));
        }
        ev.push(TrackerEvent::OncePerEraUsed {
            seat: seat as u8,
            slot,
        });
    }
    let d = data();
    let computed = match cd.auto {
        Some(Auto::Farm) => Some(Change {
            supply: Resources::one(Res::Grain, 1),
            ..Default::default()
        }),
        Some(Auto::Quarry) => Some(Change {
            supply: Resources::one(Res::Stone, 1),
            ..Default::default()
        }),
        Some(Auto::DayLaborer) => {
            // No temporary worker once the Estate has 6, counting permanent workers that wait
            // for the next Era (FAQ line 310, product.md Workers).
            let room = p.workers + p.waiting_workers + p.temporary < d.workers.max;
            Some(Change {
                temporary: u8::from(room),
                ..Default::default()
            })
        }
        Some(Auto::CharcoalBurner) => {
            let n = wood.unwrap_or(0);
            if n > 3 {
                return Err(err(
                    "realm.charcoal",
                    "the Charcoal Burner discards up to 3 Wood",
                ));
            }
            Some(Change {
                supply: Resources::one(Res::Wood, -i32::from(n)),
                gold: i32::from(n),
                ..Default::default()
            })
        }
        _ => None,
    };
    let change = match (computed, change) {
        (Some(c), _) => c,
        (None, Some(c)) => c.clone(),
        (None, None) => {
            return Err(err(
                "realm.effect-needed",
                format!("say what the {} did", card.card),
            ))
        }
    };
    check_change(s, seat, &change)?;
    ev.push(ledger(seat, change));
    Ok(ev)
}

pub fn activate(
    s: &TrackerState,
    slot: u8,
    change: Option<&Change>,
    wood: Option<u8>,
    ability: bool,
) -> Result<Vec<TrackerEvent>, RuleError> {
    let seat = on_turn(s)?;
    let Some(pr) = &s.turn.produce else {
        return Err(err(
            "realm.not-producing",
            "cards are activated during a Produce action",
        ));
    };
    let name = s.players[seat]
        .tableau
        .get(usize::from(slot))
        .map(|c| c.card.clone())
        .unwrap_or_default();
    if ability {
        // The Trade Queen uses one Merchant a second time during Production (000 line 114):
        // beyond its once-per-action and once-per-Era limits, not counted against the value.
        check_ability(s, seat, AbilityAuto::MerchantTwice)?;
        if name != "Merchant" {
            return Err(err(
                "realm.ability",
                "the Trade Queen's ability uses a Merchant a second time",
            ));
        }
        // "A second time during Production": after its first use in this same Produce action.
        if !pr.used.contains(&slot) {
            return Err(err(
                "realm.merchant-twice",
                "the Merchant acts a second time after its first use in this same Produce action",
            ));
        }
        let mut ev = vec![TrackerEvent::CrestFlipped { seat: seat as u8 }];
        ev.extend(production_effect(s, seat, slot, change, wood, true)?);
        return Ok(ev);
    }
    if pr.used.contains(&slot) {
        return Err(err(
            "realm.produce-once",
            format!("the {name} has already produced in this action"),
        ));
    }
    if pr.used.len() >= usize::from(pr.limit) {
        return Err(err(
            "realm.produce-limit",
            format!(
                "this Produce activates {}: the Production value when it began",
                plural(pr.limit, "card")
            ),
        ));
    }
    let mut ev = vec![TrackerEvent::Activated { slot }];
    ev.extend(production_effect(s, seat, slot, change, wood, false)?);
    Ok(ev)
}

pub fn finish_produce(s: &TrackerState) -> Result<Vec<TrackerEvent>, RuleError> {
    on_turn(s)?;
    if s.turn.produce.is_none() {
        return Err(err("realm.not-producing", "no Produce action is under way"));
    }
    Ok(vec![TrackerEvent::ProduceFinished])
}
