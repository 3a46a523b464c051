//! A turn's actions (000 lines 128-135, 149-210): the four worker actions with their limits,
//! the free conversions and Leader abilities, and card effects entered as what they did.

use super::actions::TrackerEvent;
use super::data::{data, AbilityAuto, Auto};
use super::model::{
    CardFacts, CardKind, Change, Phase, Res, Resources, StoreChange, StoredPayment, TableauCard,
    Track, TrackerState,
};
use super::rules::{
    after, check_ability, check_change, check_room, err, facts, guild_president_gold, known_card,
    on_turn, player, production_citizens, track_value, who,
};
use crate::engine::RuleError;

/// The start of a worker action: a worker placed, or one of level 4's extra actions.
fn begin(s: &TrackerState) -> Result<(usize, Vec<TrackerEvent>), RuleError> {
    let seat = on_turn(s)?;
    if s.turn.produce.is_some() {
        return Err(err("realm.producing", "finish the Produce action first"));
    }
    if s.turn.actions_left == 0 {
        return Err(err(
            "realm.one-worker",
            "one worker acts per turn (000 line 124): end the turn",
        ));
    }
    let uses_worker = !s.turn.worker_placed;
    if uses_worker && s.players[seat].workers_left() == 0 {
        return Err(err(
            "realm.no-worker",
            format!("{} has no worker left this Era", who(seat)),
        ));
    }
    Ok((
        seat,
        vec![TrackerEvent::WorkerAction {
            seat: seat as u8,
            uses_worker,
        }],
    ))
}

fn ledger(seat: usize, change: Change) -> TrackerEvent {
    TrackerEvent::Ledger {
        seat: seat as u8,
        change,
    }
}

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

/// What one Production card does when activated, apart from the Produce action's own limits:
/// a once-per-Era card only once (000 line 153); Farm, Quarry, Day Laborer and Charcoal Burner
/// computed, any other card's `change` entered. `again` skips the once-per-Era mark (the Trade
/// Queen's second Merchant use).
fn production_effect(
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
                format!("the {} is used once per Era (000 line 153)", card.card),
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
                    "the Charcoal Burner discards up to 3 Wood (000 line 162)",
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
            "cards are activated during a Produce action (000 line 151)",
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
                "the Trade Queen's ability uses a Merchant a second time (000 line 114)",
            ));
        }
        let mut ev = vec![TrackerEvent::CrestFlipped { seat: seat as u8 }];
        ev.extend(production_effect(s, seat, slot, change, wood, true)?);
        return Ok(ev);
    }
    if pr.used.contains(&slot) {
        return Err(err(
            "realm.produce-once",
            format!("the {name} has already produced in this action (000 line 153)"),
        ));
    }
    if pr.used.len() >= usize::from(pr.limit) {
        return Err(err(
            "realm.produce-limit",
            format!(
                "this Produce activates {} card(s): the Production value when it began (FAQ line 316)",
                pr.limit
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
                "the Noble value lets {} draw {value} card(s) (000 line 172)",
                who(seat)
            ),
        ));
    }
    let left = data().setup.market.saturating_sub(s.turn.market_taken);
    if market > left {
        return Err(err(
            "realm.market",
            format!("the Market has {left} card(s) left: it refills after the turn (000 line 170)"),
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
                    "{} took that space this Era: it is exclusive (FAQ line 284)",
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
                    "this turn's actions already used that space (FAQ line 342)",
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
                    "Advanced Gather level {} needs a Gather value of {} ({} has {value}, 000 line 132)",
                    a.level,
                    a.level,
                    who(seat)
                ),
            ));
        }
        if a.extra_actions > 0 {
            ev.push(TrackerEvent::ExtraActions {
                count: a.extra_actions,
            });
        }
    }
    if let Some(r) = ability {
        check_ability(s, seat, AbilityAuto::GatherPlusOne)?;
        if Res::ALL.iter().all(|&x| got.supply.get(x) <= 0) {
            return Err(err(
                "realm.ability",
                "the Sorcerer's extra resource comes with resources collected from a Gather (000 line 118)",
            ));
        }
        ev.push(TrackerEvent::CrestFlipped { seat: seat as u8 });
        *got.supply.get_mut(r) = got.supply.get(r).saturating_add(1);
    }
    check_change(s, seat, &got)?;
    ev.push(ledger(seat, got));
    Ok(ev)
}

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
            ev.extend(super::setup::describe_card(s, card, g)?);
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
            format!("solo, the {card} is resolved when revealed and discarded (000 line 254)"),
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
            format!("{} has {} card(s) in hand", who(seat), p.hand),
        ));
    }
    check_room(s, seat, card, &f)?;
    // Pay: stored resources first as the player chose, the rest from supply.
    let mut from_supply = f.cost.clone();
    let mut store = Vec::new();
    for sp in from_stored {
        if sp.resources.any_negative().is_some() || !sp.resources.within(super::rules::MAX_AMOUNT) {
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
                    "the {card} costs {} ({}): {} has {} {} in supply",
                    f.cost.describe(),
                    "000 line 197",
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
                "only the Castle plays a Citizen for free (000 line 180)",
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
                format!("the {c} is not a Citizen: the Castle plays a Citizen (000 line 180)"),
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

pub fn convert(
    s: &TrackerState,
    give: &Resources,
    get: Res,
) -> Result<Vec<TrackerEvent>, RuleError> {
    let seat = on_turn(s)?;
    let d = data();
    if give.any_negative().is_some() || !give.within(super::rules::MAX_AMOUNT) {
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
                    "convert {} or {} resources into 1 (000 line 280)",
                    d.conversion.standard, d.conversion.auction_house
                )
            } else {
                format!(
                    "convert {} resources into 1; 2 needs an Auction House (000 line 280)",
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
            "a Leader ability is used once per Era: the crest is already flipped (000 line 104)",
        ));
    }
    check_change(s, seat, change)?;
    Ok(vec![
        TrackerEvent::CrestFlipped { seat: seat as u8 },
        ledger(seat, change.clone()),
    ])
}

fn in_play(s: &TrackerState) -> Result<(), RuleError> {
    match s.phase {
        Phase::Setup => Err(err("realm.phase", "the game has not started: finish setup")),
        Phase::Over => Err(err("realm.phase", "the game is over")),
        _ => Ok(()),
    }
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
            format!("the {card} has no Solo Mode effect (000 lines 256-262)"),
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
                    "the Merchant activates 1 Production card: name it (000 line 256)",
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
                    "the Thief discards 1 resource from supply, if there is one (000 line 257)",
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
                        "the Thieves Guild discards 1 stored resource, if there is one: name the card and the resource (000 line 258)",
                    ))
                }
            }
        }
        "Harbor" => {
            if resources.len() > 3 {
                return Err(err(
                    "realm.solo-harbor",
                    "the Harbor takes up to 3 resources (000 line 259)",
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
                    format!(
                        "the Barn Cat gives 1 resource per Farm: choose {farms} (000 line 262)"
                    ),
                ));
            }
            ch.supply = count(resources);
        }
        _ => {
            return Err(err(
                "realm.solo-card",
                format!("the {card} has no Solo Mode effect (000 lines 256-262)"),
            ))
        }
    }
    check_change(s, 0, &ch)?;
    Ok(vec![ledger(0, ch)])
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
