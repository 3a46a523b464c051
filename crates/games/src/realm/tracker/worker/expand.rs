//! Putting a card into an Estate (000 lines 180-181, 197): Expand paying its cost (stored resources
//! first, as chosen), the Castle's free Citizen, a card played free by an effect, and the When
//! Played effects the app computes.

use super::start::{begin, in_play, ledger};
use crate::realm::data::{data, Auto};
use crate::realm::pieces::plural;
use crate::realm::tracker::actions::TrackerEvent;
use crate::realm::tracker::model::{
    CardFacts, CardKind, Change, Res, Resources, StoreChange, StoredPayment, TableauCard,
    TrackerState,
};
use crate::realm::tracker::rules::{
    after, check_change, check_room, facts, guild_president_gold, known_card, player,
    production_citizens, who, MAX_AMOUNT,
};
use engine::{err, RuleError};

/// Facts for a card about to be played: known, or described with the action.
fn facts_for(
    s: &TrackerState,
    card: &str,
    describe: Option<&CardFacts>,
    ev: &mut Vec<TrackerEvent>,
) -> Result<CardFacts, RuleError> {
    match (facts(s, card), describe) {
        (Some(f), None) => Ok(f.clone()),
        (Some(f), Some(g)) if f == g => Ok(f.clone()),
        (Some(_), Some(_)) => Err(err(
            "realm.card-described",
            format!("the {card} is already described: correct it in Settings"),
        )),
        (None, Some(g)) => {
            ev.extend(crate::realm::tracker::setup::describe_card(s, card, g)?);
            Ok(g.clone())
        }
        (None, None) => Err(err(
            "realm.card-unknown",
            format!("describe the {card} (cost, Victory Points, type and track) the first time it is played"),
        )),
    }
}

fn played(seat: usize, card: &str, f: &CardFacts, s: &TrackerState) -> TrackerEvent {
    let cube = s.players[seat].cubes_removed[f.track.index()] < data().limits.cubes_per_track;
    TrackerEvent::CardPlayed {
        seat: seat as u8,
        card: TableauCard {
            card: card.to_string(),
            track: f.track,
            stored: Resources::default(),
            stored_gold: 0,
            tucked: 0,
            used_this_era: false,
        },
        cube,
    }
}

fn solo_card_refusal(s: &TrackerState, card: &str) -> Result<(), RuleError> {
    if s.solo && known_card(card)?.solo_card {
        return Err(err(
            "realm.solo-card",
            format!("solo, the {card} is resolved when revealed and discarded"),
        ));
    }
    Ok(())
}

pub fn expand(
    s: &TrackerState,
    card: &str,
    describe: Option<&CardFacts>,
    from_stored: &[StoredPayment],
    free_citizen: Option<&str>,
) -> Result<Vec<TrackerEvent>, RuleError> {
    let (seat, mut ev) = begin(s)?;
    solo_card_refusal(s, card)?;
    let f = facts_for(s, card, describe, &mut ev)?;
    let p = &s.players[seat];
    let needed_hand = if free_citizen.is_some() { 2 } else { 1 };
    if p.hand < needed_hand {
        return Err(err(
            "realm.hand",
            format!("{} has {} in hand", who(seat), plural(p.hand, "card")),
        ));
    }
    check_room(s, seat, card, &f)?;
    // Pay: stored resources first as the player chose, the rest from supply.
    let mut from_supply = f.cost.clone();
    let mut store = Vec::new();
    for sp in from_stored {
        if sp.resources.any_negative().is_some() || !sp.resources.within(MAX_AMOUNT) {
            return Err(err("realm.payment", "stored payments are positive amounts"));
        }
        from_supply.sub(&sp.resources);
        store.push(StoreChange {
            slot: sp.slot,
            resources: sp.resources.negated(),
            gold: 0,
        });
    }
    if let Some(r) = from_supply.any_negative() {
        return Err(err(
            "realm.payment",
            format!(
                "the {card} costs {} {}: pay no more",
                f.cost.get(r),
                r.name()
            ),
        ));
    }
    for r in Res::ALL {
        if p.supply.get(r) < from_supply.get(r) {
            return Err(err(
                "realm.not-enough",
                format!(
                    "the {card} costs {}: {} has {} {} in supply",
                    f.cost.describe(),
                    who(seat),
                    p.supply.get(r),
                    r.name()
                ),
            ));
        }
    }
    let pay = Change {
        supply: from_supply.negated(),
        hand: -1,
        store,
        ..Default::default()
    };
    check_change(s, seat, &pay)?;
    ev.push(ledger(seat, pay));
    ev.push(played(seat, card, &f, s));
    ev.extend(when_played(&after(s, &ev), seat, card)?);
    let auto = known_card(card)?.auto;
    if let Some(c) = free_citizen {
        if auto != Some(Auto::Castle) {
            return Err(err(
                "realm.free-citizen",
                "only the Castle plays a Citizen for free",
            ));
        }
        solo_card_refusal(s, c)?;
        let mid = after(s, &ev);
        let cf = facts(&mid, c)
            .cloned()
            .ok_or_else(|| err("realm.card-unknown", format!("describe the {c} first")))?;
        if cf.kind != CardKind::Citizen {
            return Err(err(
                "realm.free-citizen",
                format!("the {c} is not a Citizen: the Castle plays a Citizen"),
            ));
        }
        check_room(&mid, seat, c, &cf)?;
        ev.push(ledger(
            seat,
            Change {
                hand: -1,
                ..Default::default()
            },
        ));
        ev.push(played(seat, c, &cf, &mid));
        ev.extend(when_played(&after(s, &ev), seat, c)?);
    }
    Ok(ev)
}

/// When Played effects the app computes, for the card just placed last in `seat`'s Estate:
/// the Guild President stores Gold by the Production Citizens in all Estates (000 line 181).
fn when_played(
    mid: &TrackerState,
    seat: usize,
    card: &str,
) -> Result<Vec<TrackerEvent>, RuleError> {
    if known_card(card)?.auto != Some(Auto::GuildPresident) {
        return Ok(Vec::new());
    }
    let all: Vec<usize> = (0..mid.players.len()).collect();
    let gold = guild_president_gold(production_citizens(mid, &all)?);
    let Some(last) = mid.players[seat].tableau.len().checked_sub(1) else {
        return Ok(Vec::new());
    };
    if gold == 0 {
        return Ok(Vec::new());
    }
    Ok(vec![ledger(
        seat,
        Change {
            store: vec![StoreChange {
                slot: last as u8,
                resources: Resources::default(),
                gold,
            }],
            ..Default::default()
        },
    )])
}

pub fn play_free(
    s: &TrackerState,
    seat: u8,
    card: &str,
    describe: Option<&CardFacts>,
) -> Result<Vec<TrackerEvent>, RuleError> {
    in_play(s)?;
    player(s, seat)?;
    solo_card_refusal(s, card)?;
    let i = usize::from(seat);
    let mut ev = Vec::new();
    let f = facts_for(s, card, describe, &mut ev)?;
    if s.players[i].hand < 1 {
        return Err(err(
            "realm.hand",
            format!("{} has no card in hand to play", who(i)),
        ));
    }
    check_room(s, i, card, &f)?;
    ev.push(ledger(
        i,
        Change {
            hand: -1,
            ..Default::default()
        },
    ));
    ev.push(played(i, card, &f, s));
    ev.extend(when_played(&after(s, &ev), i, card)?);
    Ok(ev)
}
