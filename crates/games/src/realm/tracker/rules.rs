//! Shared checks: whose turn it is, track values, card facts and the limits every way of putting
//! a card into an Estate must respect, and whether a ledger change leaves anything negative.

use super::actions::TrackerEvent;
use super::model::{
    CardFacts, CardKind, Change, Phase, PlayerState, Resources, Track, TrackerState,
};
use crate::realm::data::{data, AbilityAuto, CardData};
use crate::realm::pieces::plural;
use engine::{err, RuleError};
use std::collections::BTreeMap;

/// The largest amount one entered change may move (far above anything a card does).
pub const MAX_AMOUNT: i32 = 99;

/// A player in refusals and log lines: the table writes the person's name.
pub use engine::who;

pub fn player(s: &TrackerState, seat: u8) -> Result<&PlayerState, RuleError> {
    s.players.get(usize::from(seat)).ok_or_else(|| {
        err(
            "realm.seat",
            format!("there are {} players", s.players.len()),
        )
    })
}

/// The current player's seat, when a turn is being played.
pub fn on_turn(s: &TrackerState) -> Result<usize, RuleError> {
    match s.phase {
        Phase::Playing => Ok(usize::from(s.current)),
        Phase::Setup => Err(err("realm.phase", "the game has not started: finish setup")),
        Phase::EraStart => Err(err(
            "realm.phase",
            format!("reveal Era {}'s Event first", s.era),
        )),
        Phase::EraEnd => Err(err(
            "realm.phase",
            "every worker has acted: the Era is over",
        )),
        Phase::FinalScoring | Phase::Over => Err(err("realm.phase", "the game is over")),
    }
}

/// The value a track shows: the printed value of the highest uncovered space (product.md).
pub fn track_value(s: &TrackerState, seat: usize, t: Track) -> Result<u8, RuleError> {
    let p = &s.players[seat];
    let leader = p
        .leader
        .as_deref()
        .ok_or_else(|| err("realm.leader", format!("{} has no Leader", who(seat))))?;
    let mat = s.mats.get(leader).ok_or_else(|| {
        err(
            "realm.mat-unknown",
            format!("describe the {leader} mat's printed track values first"),
        )
    })?;
    let removed = usize::from(p.cubes_removed[t.index()]);
    Ok(mat.values(t).get(removed).copied().unwrap_or(0))
}

/// A card's facts: as described in this game (which includes the rulebook's printed ones).
pub fn facts<'a>(s: &'a TrackerState, card: &str) -> Option<&'a CardFacts> {
    s.cards.get(card)
}

/// A card's Victory Points: as described, else as the rulebook prints them (000 lines 161-181).
pub fn card_vp(s: &TrackerState, card: &str) -> Option<i32> {
    facts(s, card)
        .map(|f| f.vp)
        .or_else(|| data().card(card).and_then(|c| c.vp))
}

pub fn known_card(card: &str) -> Result<&'static CardData, RuleError> {
    data().card(card).ok_or_else(|| {
        err(
            "realm.card",
            format!("'{card}' is not one of the 55 Estate cards"),
        )
    })
}

pub fn copies_in_play(s: &TrackerState, card: &str) -> usize {
    s.players
        .iter()
        .flat_map(|p| &p.tableau)
        .filter(|c| c.card == card)
        .count()
}

/// Every limit on putting `card` (on `track`) into `seat`'s Estate.
pub fn check_room(
    s: &TrackerState,
    seat: usize,
    card: &str,
    f: &CardFacts,
) -> Result<(), RuleError> {
    let d = data();
    let c = known_card(card)?;
    let p = &s.players[seat];
    if p.cards_on(f.track) >= usize::from(d.limits.per_track) {
        return Err(err(
            "realm.track-full",
            format!(
                "{} already has {} {} cards: 7 per track",
                who(seat),
                p.cards_on(f.track),
                f.track.name()
            ),
        ));
    }
    // 21 cards in an Estate (FAQ line 288) follows from 7 per track on 3 tracks: no separate check.
    if copies_in_play(s, card) >= usize::from(c.count) {
        return Err(err(
            "realm.card-count",
            format!(
                "the deck has only {} {card} cards and all are in play",
                c.count
            ),
        ));
    }
    if s.solo && f.interactive {
        return Err(err(
            "realm.solo-interactive",
            format!("the {card} is an Interactive Deck card, removed in solo games"),
        ));
    }
    Ok(())
}

/// The automated Leader abilities `seat` holds: its own Leader's, and for a Spy Master those of
/// the other players' Leaders it may copy (000 line 120).
pub fn abilities(s: &TrackerState, seat: usize) -> Vec<AbilityAuto> {
    let d = data();
    let of = |l: &Option<String>| l.as_deref().and_then(|n| d.leader(n)?.ability_auto);
    let p = &s.players[seat];
    let mut out: Vec<AbilityAuto> = of(&p.leader).into_iter().collect();
    if p.leader.as_deref() == Some("Spy Master") {
        for (i, o) in s.players.iter().enumerate() {
            if let Some(a) = of(&o.leader) {
                if i != seat && !out.contains(&a) {
                    out.push(a);
                }
            }
        }
    }
    out
}

/// Whether `seat` may use an automated Leader ability now and the crest is still face up.
pub fn check_ability(s: &TrackerState, seat: usize, want: AbilityAuto) -> Result<(), RuleError> {
    let p = &s.players[seat];
    if !abilities(s, seat).contains(&want) {
        return Err(err(
            "realm.ability",
            format!("{}'s Leader has no such ability", who(seat)),
        ));
    }
    if p.crest_used {
        return Err(err(
            "realm.ability-once",
            "a Leader ability is used once per Era: the crest is already flipped",
        ));
    }
    Ok(())
}

/// Check that a change leaves `seat`'s ledger whole and its worker counts within the limits.
pub fn check_change(s: &TrackerState, seat: usize, c: &Change) -> Result<(), RuleError> {
    check_bounds(c)?;
    let p = &s.players[seat];
    let mut supply = p.supply.clone();
    supply.add(&c.supply);
    if let Some(r) = supply.any_negative() {
        return Err(err(
            "realm.not-enough",
            format!(
                "{} has only {} {} in supply",
                who(seat),
                p.supply.get(r),
                r.name()
            ),
        ));
    }
    if p.gold + c.gold < 0 {
        return Err(err(
            "realm.not-enough",
            format!("{} has only {} Gold", who(seat), p.gold),
        ));
    }
    if p.hand + c.hand < 0 {
        return Err(err(
            "realm.hand",
            format!("{} has only {} in hand", who(seat), plural(p.hand, "card")),
        ));
    }
    check_cards(p, seat, c)?;
    check_workers_and_cubes(p, seat, c)
}

/// Entered numbers are bounded before anything is summed with them.
fn check_bounds(c: &Change) -> Result<(), RuleError> {
    let d = data();
    let small = |x: i32| (-MAX_AMOUNT..=MAX_AMOUNT).contains(&x);
    let bounded = c.supply.within(MAX_AMOUNT)
        && small(c.gold)
        && small(c.hand)
        && c.store
            .iter()
            .all(|x| x.resources.within(MAX_AMOUNT) && small(x.gold))
        && c.tuck.iter().all(|x| small(x.count))
        && c.workers <= d.workers.max
        && c.temporary <= d.workers.max
        && c.cubes.len() <= 3 * usize::from(d.limits.cubes_per_track);
    if !bounded {
        return Err(err(
            "realm.amount",
            format!("an effect moves at most {MAX_AMOUNT} of anything at once"),
        ));
    }
    Ok(())
}

/// What the change stores on or tucks under the player's cards leaves none of them short.
fn check_cards(p: &PlayerState, seat: usize, c: &Change) -> Result<(), RuleError> {
    // Several entries for one card add up before they are checked.
    let mut stores: BTreeMap<u8, (Resources, i32, i32)> = BTreeMap::new();
    for st in &c.store {
        let e = stores.entry(st.slot).or_default();
        e.0.add(&st.resources);
        e.1 += st.gold;
    }
    for t in &c.tuck {
        stores.entry(t.slot).or_default().2 += t.count;
    }
    for (slot, (res, gold, tucked)) in &stores {
        let card = p.tableau.get(usize::from(*slot)).ok_or_else(|| {
            err(
                "realm.slot",
                format!(
                    "{}'s Estate has no card {}",
                    who(seat),
                    u32::from(*slot) + 1
                ),
            )
        })?;
        let mut after = card.stored.clone();
        after.add(res);
        if let Some(r) = after.any_negative() {
            return Err(err(
                "realm.not-enough",
                format!(
                    "the {} has only {} {} stored",
                    card.card,
                    card.stored.get(r),
                    r.name()
                ),
            ));
        }
        if card.stored_gold + gold < 0 {
            return Err(err(
                "realm.not-enough",
                format!(
                    "the {} has only {} Gold stored",
                    card.card, card.stored_gold
                ),
            ));
        }
        if card.tucked + tucked < 0 {
            return Err(err(
                "realm.not-enough",
                format!(
                    "the {} has only {} tucked",
                    card.card,
                    plural(card.tucked, "card")
                ),
            ));
        }
    }
    Ok(())
}

/// Workers gained stay within the Estate's limit, and cubes removed are cubes still there.
fn check_workers_and_cubes(p: &PlayerState, seat: usize, c: &Change) -> Result<(), RuleError> {
    let d = data();
    if c.workers > 0 && p.workers + p.waiting_workers + c.workers > d.workers.max {
        return Err(err(
            "realm.workers-max",
            format!(
                "an Estate has at most {} workers: {} has {}",
                d.workers.max,
                who(seat),
                p.workers + p.waiting_workers
            ),
        ));
    }
    for t in Track::ALL {
        let more = c.cubes.iter().filter(|&&x| x == t).count();
        if usize::from(p.cubes_removed[t.index()]) + more > usize::from(d.limits.cubes_per_track) {
            return Err(err(
                "realm.track-empty",
                format!(
                    "{}'s {} track has no cube left to remove",
                    who(seat),
                    t.name()
                ),
            ));
        }
    }
    if c.temporary > 0 && p.workers + p.waiting_workers + p.temporary + c.temporary > d.workers.max
    {
        return Err(err(
            "realm.workers-max",
            format!(
                "a temporary worker only joins while workers are fewer than {}",
                d.workers.max
            ),
        ));
    }
    Ok(())
}

/// Production Citizens in play in the given Estates (the Guild President's count). Every
/// Production card counted must have known facts, else the count would be a guess.
pub fn production_citizens(s: &TrackerState, seats: &[usize]) -> Result<i32, RuleError> {
    let mut n = 0;
    for &i in seats {
        for c in s.players[i]
            .tableau
            .iter()
            .filter(|c| c.track == Track::Production)
        {
            let f = facts(s, &c.card).ok_or_else(|| {
                err(
                    "realm.card-unknown",
                    format!(
                        "describe the {} ({}'s Estate) first: Production Citizens are counted",
                        c.card,
                        who(i)
                    ),
                )
            })?;
            if f.kind == CardKind::Citizen {
                n += 1;
            }
        }
    }
    Ok(n)
}

/// The Guild President's Gold for a count (000 line 181, FAQ lines 294-300).
pub fn guild_president_gold(count: i32) -> i32 {
    let gp = &data().guild_president;
    gp.thresholds
        .iter()
        .zip(&gp.gold)
        .filter(|(t, _)| count >= **t)
        .map(|(_, g)| *g)
        .next_back()
        .unwrap_or(0)
}

/// The state after some events (to check a compound action as a whole).
pub fn after(s: &TrackerState, events: &[TrackerEvent]) -> TrackerState {
    let mut t = s.clone();
    for e in events {
        super::apply::apply(&mut t, e);
    }
    t
}
