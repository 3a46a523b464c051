//! Setup (004 line 99): the new game with the remembered catalogue, the Hope Stone target
//! confirmed, the six Realms named, each seat's Lord revealed at its Homeland, five cards each
//! and the first player drawn by the app or recorded.

use super::actions::{LordEvent as E, LordOptions};
use super::catalogue::{self, card_name, CardText, Catalogue, Described, LordFacts};
use super::data::{check_players, data};
use super::draft::{begin_turn, require_phase, Draft};
use super::model::{LordState, Phase, Realm, SeatState};
use super::quest;
use engine::{at_table, err, who as seat_name, GameRng, Laid, LaidOut, RuleError, Seat};

/// The Realm names a game starts with: the remembered six, else the three the rulebook prints
/// and placeholders for the table to name.
fn starting_realms(c: &Catalogue) -> (Vec<String>, bool) {
    if catalogue::check_realm_names(&c.realms).is_ok() {
        return (c.realms.clone(), true);
    }
    let n = usize::from(data().realms.value);
    let mut names: Vec<String> = data().known_realm_names.value.clone();
    names.truncate(n);
    for i in names.len()..n {
        names.push(format!("Realm {}", i + 1));
    }
    (names, false)
}

pub fn initial(o: &LordOptions, seats: &[Seat]) -> Result<LordState, RuleError> {
    check_players(seats.len())?;
    if let Some(t) = o.target {
        catalogue::check_target(t)?;
    }
    let mut cat = o.catalogue.clone();
    // The rulebook's example Treasures and Events need no numbers: they are known by name.
    let ex = &data().example_cards.value;
    for (list, into) in [
        (&ex.treasures, &mut cat.treasures),
        (&ex.events, &mut cat.events),
    ] {
        for card in list {
            into.entry(card.name.clone()).or_insert_with(|| CardText {
                text: card.text.clone(),
                bonus: None,
                ability: None,
            });
        }
    }
    let (names, named) = starting_realms(&cat);
    let seat = SeatState {
        lord: None,
        homeland: 0,
        heroes: Vec::new(),
        hand: 0,
        hope: 0,
        skip_next: false,
    };
    Ok(LordState {
        phase: Phase::Setup,
        target: None,
        suggested_target: o.target.or(cat.target),
        lord_counts: o.lord_counts(),
        pending: Vec::new(),
        realms: names
            .into_iter()
            .map(|name| Realm { name, quest: None })
            .collect(),
        realms_named: named,
        seats: vec![seat; seats.len()],
        current: 0,
        turn: 0,
        first: None,
        actions_used: 0,
        actions_allowed: 0,
        discard_need: 0,
        discard_pile: Vec::new(),
        next_hero_id: 1,
        winners: Vec::new(),
        rolls: 0,
        last_quest: None,
        catalogue: std::sync::Arc::new(cat),
    })
}

pub fn confirm_target(d: &mut Draft, hope_stones: u32) -> Result<(), RuleError> {
    require_phase(d, Phase::Setup)?;
    catalogue::check_target(hope_stones)?;
    d.push(E::TargetConfirmed { hope_stones });
    Ok(())
}

/// The Realm a name stands for (case does not matter).
pub fn realm_named(names: &[String], name: &str) -> Option<u8> {
    names
        .iter()
        .position(|n| n.eq_ignore_ascii_case(name.trim()))
        .map(|i| i as u8)
}

pub fn name_realms(d: &mut Draft, names: &[String]) -> Result<(), RuleError> {
    require_phase(d, Phase::Setup)?;
    let names = catalogue::check_realm_names(names)?;
    // A revealed Lord keeps its Homeland by name.
    let mut homelands = Vec::with_capacity(d.s.seats.len());
    for st in &d.s.seats {
        let Some(lord) = &st.lord else {
            homelands.push(None);
            continue;
        };
        let home = d.s.realm_name(st.homeland);
        let h = realm_named(&names, &home).ok_or_else(|| {
            err(
                "realm-lord.homeland-unknown",
                format!("{}'s Homeland {home} would no longer be a Realm", lord.name),
            )
        })?;
        homelands.push(Some(h));
    }
    d.push(E::RealmsNamed { names, homelands });
    Ok(())
}

pub fn reveal_lord(
    d: &mut Draft,
    seat: u8,
    name: &str,
    facts: &Option<LordFacts>,
) -> Result<(), RuleError> {
    require_phase(d, Phase::Setup)?;
    if usize::from(seat) >= d.s.seats.len() {
        return Err(err(
            "realm-lord.no-such-seat",
            format!("there are {} players", d.s.seats.len()),
        ));
    }
    let name = card_name(name)?;
    let f = match facts {
        Some(f) => {
            catalogue::check_lord(f)?;
            f.clone()
        }
        None => d.s.catalogue.lords.get(&name).cloned().ok_or_else(|| {
            err(
                "realm-lord.card-unknown",
                format!("describe {name} once: its Homeland, Valor, Might, Craft and Magic"),
            )
        })?,
    };
    let names: Vec<String> = d.s.realms.iter().map(|r| r.name.clone()).collect();
    let homeland = realm_named(&names, &f.homeland).ok_or_else(|| {
        err(
            "realm-lord.homeland-unknown",
            format!(
                "{name}'s Homeland {} is not one of the Realms ({})",
                f.homeland,
                names.join(", ")
            ),
        )
    })?;
    let taken = d.s.seats.iter().enumerate().find(|(i, st)| {
        *i != usize::from(seat)
            && st
                .lord
                .as_ref()
                .is_some_and(|l| l.name.eq_ignore_ascii_case(&name))
    });
    if let Some((other, _)) = taken {
        return Err(err(
            "realm-lord.lord-taken",
            format!(
                "{} already plays {name}: each Lord is dealt once",
                seat_name(other as u8)
            ),
        ));
    }
    if d.s.catalogue.lords.get(&name) != Some(&f) {
        d.push(E::CardDescribed {
            card: Described::Lord {
                name: name.clone(),
                facts: f.clone(),
            },
        });
    }
    d.push(E::LordRevealed {
        seat,
        name,
        homeland,
        attributes: f.attributes(),
    });
    Ok(())
}

pub fn start(d: &mut Draft, first: Option<u8>, rng: &mut GameRng) -> Result<(), RuleError> {
    require_phase(d, Phase::Setup)?;
    if d.s.target.is_none() {
        return Err(err(
            "realm-lord.target-unconfirmed",
            "confirm how many Hope Stones win before starting (the rulebook names no number)",
        ));
    }
    if let Some(i) = d.s.seats.iter().position(|s| s.lord.is_none()) {
        return Err(err(
            "realm-lord.lord-missing",
            format!("{} has no Lord yet", seat_name(i as u8)),
        ));
    }
    let n = d.s.seats.len() as u8;
    // A drawn first player is a die roll of the game's count (quest::draw), which the event
    // numbers.
    let roll = d.s.rolls + 1;
    let LaidOut {
        value: first,
        drawn,
    } = Laid::from(first).settle(
        rng,
        |rng| quest::draw(rng, roll, n) - 1,
        |&f| at_table(f, usize::from(n), "realm-lord.no-such-seat"),
    )?;
    let roll = drawn.then_some(roll);
    d.push(E::GameStarted {
        first,
        hand: data().starting_hand.value,
        roll,
    });
    begin_turn(d, first);
    Ok(())
}
