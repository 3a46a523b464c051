//! Free actions and entered effects: conversions, a Leader ability entered as what it did, any
//! card's effect, an effect on several players alike (an Era Event's), Solo Mode cards resolved
//! on reveal (000 lines 254-262), and a card leaving an Estate.

use super::produce::production_effect;
use super::start::{in_play, ledger};
use crate::realm::data::data;
use crate::realm::tracker::actions::TrackerEvent;
use crate::realm::tracker::model::SoloChoice;
use crate::realm::tracker::model::{Change, Res, Resources, StoreChange, TrackerState};
use crate::realm::tracker::rules::{
    check_change, known_card, on_turn, player, production_citizens, who, MAX_AMOUNT,
};
use engine::{err, RuleError};

pub fn convert(
    s: &TrackerState,
    give: &Resources,
    get: Res,
) -> Result<Vec<TrackerEvent>, RuleError> {
    let seat = on_turn(s)?;
    let d = data();
    if give.any_negative().is_some() || !give.within(MAX_AMOUNT) {
        return Err(err("realm.convert", "give positive amounts"));
    }
    let has_house = s.players[seat].tableau.iter().any(|c| {
        data()
            .card(&c.card)
            .is_some_and(|cd| cd.conversion.is_some())
    });
    let n = give.total();
    let ok = n == d.conversion.standard || (has_house && n == d.conversion.auction_house);
    if !ok {
        return Err(err(
            "realm.convert",
            if has_house {
                format!(
                    "convert {} or {} resources into 1",
                    d.conversion.standard, d.conversion.auction_house
                )
            } else {
                format!(
                    "convert {} resources into 1; 2 needs an Auction House",
                    d.conversion.standard
                )
            },
        ));
    }
    let mut supply = give.negated();
    *supply.get_mut(get) += 1;
    let c = Change {
        supply,
        ..Default::default()
    };
    check_change(s, seat, &c)?;
    Ok(vec![ledger(seat, c)])
}

pub fn use_ability(s: &TrackerState, change: &Change) -> Result<Vec<TrackerEvent>, RuleError> {
    let seat = on_turn(s)?;
    let p = &s.players[seat];
    if p.crest_used {
        return Err(err(
            "realm.ability-once",
            "a Leader ability is used once per Era: the crest is already flipped",
        ));
    }
    check_change(s, seat, change)?;
    Ok(vec![
        TrackerEvent::CrestFlipped { seat: seat as u8 },
        ledger(seat, change.clone()),
    ])
}

pub fn effect(
    s: &TrackerState,
    seat: u8,
    card: &str,
    change: &Change,
) -> Result<Vec<TrackerEvent>, RuleError> {
    in_play(s)?;
    player(s, seat)?;
    let name = card.trim();
    if name.is_empty() || name.len() > 60 {
        return Err(err(
            "realm.effect",
            "name the card (or Leader, space or Event) whose effect this was",
        ));
    }
    if change.is_empty() {
        return Err(err(
            "realm.effect",
            "the effect changes nothing: enter what it did",
        ));
    }
    check_change(s, usize::from(seat), change)?;
    Ok(vec![ledger(usize::from(seat), change.clone())])
}

/// One effect entered for every player it touches (an Era Event's "each player gains 1 Grain",
/// 000 line 126): each player's counts change alike, and the effect is refused whole, naming
/// the player, when any of them could not take it.
pub fn effect_each(
    s: &TrackerState,
    source: &str,
    seats: &[u8],
    change: &Change,
) -> Result<Vec<TrackerEvent>, RuleError> {
    in_play(s)?;
    let name = source.trim();
    if name.is_empty() || name.chars().count() > 60 {
        return Err(err(
            "realm.effect",
            "name the Era Event (or card) whose effect this was",
        ));
    }
    if seats.is_empty() {
        return Err(err("realm.effect", "choose the players the effect touches"));
    }
    if change.is_empty() {
        return Err(err(
            "realm.effect",
            "the effect changes nothing: enter what it did",
        ));
    }
    // Stores and tucks sit on one player's own cards, numbered in that Estate alone.
    if seats.len() > 1 && !(change.store.is_empty() && change.tuck.is_empty()) {
        return Err(err(
            "realm.effect",
            "stored resources and tucked cards sit on one player's cards: enter them for each player",
        ));
    }
    let mut ev = Vec::new();
    for (k, &seat) in seats.iter().enumerate() {
        player(s, seat)?;
        if seats[..k].contains(&seat) {
            return Err(err(
                "realm.effect",
                format!("{} is named twice", who(usize::from(seat))),
            ));
        }
        check_change(s, usize::from(seat), change)?;
        ev.push(ledger(usize::from(seat), change.clone()));
    }
    Ok(ev)
}

/// Solo Mode cards revealed from the deck (000 lines 254-262).
pub fn solo_reveal(
    s: &TrackerState,
    card: &str,
    resources: &[Res],
    slot: Option<u8>,
    change: Option<&Change>,
    wood: Option<u8>,
    from_market: bool,
) -> Result<Vec<TrackerEvent>, RuleError> {
    if !s.solo {
        return Err(err(
            "realm.solo-only",
            "Solo Mode cards act on reveal only in solo games",
        ));
    }
    in_play(s)?;
    let c = known_card(card)?;
    if !c.solo_card {
        return Err(err(
            "realm.solo-card",
            format!("the {card} has no Solo Mode effect"),
        ));
    }
    let p = &s.players[0];
    // A card drawn from the deck was counted into the hand; one revealed by a Market refill
    // never was (000 lines 144, 170, 254).
    if !from_market && p.hand < 1 {
        return Err(err(
            "realm.hand",
            "a revealed card was drawn: the hand holds none (draw it first)",
        ));
    }
    let count = |r: &[Res]| {
        let mut x = Resources::default();
        for &k in r {
            *x.get_mut(k) += 1;
        }
        x
    };
    let mut ch = Change {
        hand: if from_market { 0 } else { -1 },
        ..Default::default()
    };
    match card {
        "Merchant" => {
            // "Activate 1 Production card in your Estate" (000 line 256): that card's own rules
            // (once per Era, the computed effects) apply as in a Produce action.
            let Some(sl) = slot else {
                return Err(err(
                    "realm.solo-merchant",
                    "the Merchant activates 1 Production card: name it",
                ));
            };
            let mut ev = production_effect(s, 0, sl, change, wood, false)?;
            if ch.hand != 0 {
                ev.push(ledger(0, ch));
            }
            return Ok(ev);
        }
        "Thief" => {
            let want = usize::from(p.supply.total() > 0);
            if resources.len() != want {
                return Err(err(
                    "realm.solo-thief",
                    "the Thief discards 1 resource from supply, if there is one",
                ));
            }
            ch.supply = count(resources).negated();
        }
        "Thieves Guild" => {
            let any = p.tableau.iter().any(|t| t.stored.total() > 0);
            match (any, slot, resources) {
                (false, None, []) => {}
                (true, Some(sl), [r]) => ch.store.push(StoreChange {
                    slot: sl,
                    resources: Resources::one(*r, -1),
                    gold: 0,
                }),
                _ => {
                    return Err(err(
                        "realm.solo-thieves-guild",
                        "the Thieves Guild discards 1 stored resource, if there is one: name the card and the resource",
                    ))
                }
            }
        }
        "Harbor" => {
            if resources.len() > 3 {
                return Err(err(
                    "realm.solo-harbor",
                    "the Harbor takes up to 3 resources",
                ));
            }
            ch.supply = count(resources).negated();
            ch.gold = resources.len() as i32;
        }
        "Guild President" => {
            // "1 gold per Production Citizen you have in play" (000 line 260).
            ch.gold = production_citizens(s, &[0])?;
        }
        "Treasurer" => ch.gold = -i32::from(p.gold > 0),
        "Barn Cat" => {
            let farms = p.tableau.iter().filter(|t| t.card == "Farm").count();
            if resources.len() != farms {
                return Err(err(
                    "realm.solo-barn-cat",
                    format!("the Barn Cat gives 1 resource per Farm: choose {farms}"),
                ));
            }
            ch.supply = count(resources);
        }
        _ => {
            return Err(err(
                "realm.solo-card",
                format!("the {card} has no Solo Mode effect"),
            ))
        }
    }
    check_change(s, 0, &ch)?;
    Ok(vec![ledger(0, ch)])
}

/// What a Solo Mode card's reveal asks of the player now, from their real counts: how many
/// resources in all and at most how many of each, and where they come from. `solo_reveal`
/// above checks the same numbers card by card; the view shows these.
pub struct SoloAsk {
    pub choice: SoloChoice,
    pub min: u8,
    pub max: u8,
    pub each_max: Resources,
    pub stored_slots: Vec<u8>,
}

pub fn solo_ask(s: &TrackerState, card: &str) -> Option<SoloAsk> {
    let p = s.players.first()?;
    let small = |n: i32| u8::try_from(n.clamp(0, i32::from(u8::MAX))).unwrap_or(u8::MAX);
    let capped = |r: &Resources, cap: i32| {
        let mut x = Resources::default();
        for k in Res::ALL {
            *x.get_mut(k) = r.get(k).clamp(0, cap);
        }
        x
    };
    let ask = |choice, min, max, each_max| SoloAsk {
        choice,
        min,
        max,
        each_max,
        stored_slots: Vec::new(),
    };
    Some(match card {
        "Merchant" => ask(SoloChoice::Activate, 0, 0, Resources::default()),
        "Thief" => {
            let n = u8::from(p.supply.total() > 0);
            ask(SoloChoice::Supply, n, n, capped(&p.supply, 1))
        }
        "Thieves Guild" => {
            let stored_slots: Vec<u8> = (0..p.tableau.len())
                .filter(|&i| p.tableau[i].stored.total() > 0)
                .map(|i| i as u8)
                .collect();
            let mut each = Resources::default();
            for c in &p.tableau {
                for r in Res::ALL {
                    *each.get_mut(r) = each.get(r).max(c.stored.get(r).clamp(0, 1));
                }
            }
            let n = u8::from(!stored_slots.is_empty());
            SoloAsk {
                stored_slots,
                ..ask(SoloChoice::Stored, n, n, each)
            }
        }
        "Harbor" => ask(
            SoloChoice::Supply,
            0,
            small(p.supply.total().min(3)),
            capped(&p.supply, 3),
        ),
        "Guild President" | "Treasurer" => ask(SoloChoice::Nothing, 0, 0, Resources::default()),
        "Barn Cat" => {
            let farms = p.tableau.iter().filter(|t| t.card == "Farm").count() as i32;
            ask(
                SoloChoice::Gain,
                small(farms),
                small(farms),
                Resources {
                    iron: farms,
                    stone: farms,
                    wood: farms,
                    grain: farms,
                },
            )
        }
        _ => return None,
    })
}

pub fn remove_card(
    s: &TrackerState,
    seat: u8,
    slot: u8,
    by: &str,
) -> Result<Vec<TrackerEvent>, RuleError> {
    in_play(s)?;
    let p = player(s, seat)?;
    if s.turn.produce.is_some() {
        return Err(err(
            "realm.producing",
            "finish the Produce action first: its cards are counted by position",
        ));
    }
    if p.tableau.get(usize::from(slot)).is_none() {
        return Err(err(
            "realm.slot",
            format!(
                "{}'s Estate has no card {}",
                who(usize::from(seat)),
                u32::from(slot) + 1
            ),
        ));
    }
    let by = by.trim();
    if by.is_empty() || by.chars().count() > 60 {
        return Err(err(
            "realm.effect",
            "name the card or effect that removed it",
        ));
    }
    Ok(vec![TrackerEvent::CardRemoved { seat, slot }])
}
