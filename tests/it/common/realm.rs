//! Fixtures for Raise the Realm's live tracker: seats, mats, card facts, and a session driver.
#![allow(dead_code)]

use estate_steward::engine::{Seat, Session};
use estate_steward::games::realm::tracker::model::{
    CardFacts, CardKind, Change, MatFacts, Res, Resources, Track,
};
use estate_steward::games::realm::tracker::{
    RealmTracker, TrackerAction as A, TrackerCatalogue, TrackerOptions,
};

pub type S = Session<RealmTracker>;

pub fn seats(n: usize) -> Vec<Seat> {
    (0..n)
        .map(|i| Seat {
            person_id: i as i64 + 1,
            name: format!("P{}", i + 1),
            colour: "#000000".into(),
        })
        .collect()
}

/// A mat whose tracks climb by one every cube (production starts at `p0`, noble at `n0`,
/// gather at `g0`), for `players`+ tables.
pub fn mat(p0: u8, n0: u8, g0: u8, players: u8) -> MatFacts {
    let climb = |s: u8| (0..8).map(|k| (s + k).min(9)).collect();
    MatFacts {
        production: climb(p0),
        noble: climb(n0),
        gather: climb(g0),
        players,
    }
}

pub fn res(iron: i32, stone: i32, wood: i32, grain: i32) -> Resources {
    Resources {
        iron,
        stone,
        wood,
        grain,
    }
}

pub fn facts(track: Track, kind: CardKind, cost: Resources, vp: i32) -> CardFacts {
    CardFacts {
        track,
        kind,
        cost,
        vp,
        once_per_era: false,
        interactive: false,
    }
}

/// The printed cards completed (the rulebook leaves out their type) plus every starting card.
pub fn catalogue() -> TrackerCatalogue {
    use CardKind::*;
    use Track::*;
    let mut c = TrackerCatalogue::default();
    let mut put = |name: &str, f: CardFacts| {
        c.cards.insert(name.into(), f);
    };
    put("Farm", facts(Production, Construction, res(0, 1, 1, 0), 2));
    put(
        "Quarry",
        facts(Production, Construction, res(1, 0, 1, 0), 2),
    );
    let mut dl = facts(Production, Citizen, res(0, 0, 0, 3), 0);
    dl.once_per_era = true;
    put("Day Laborer", dl);
    put(
        "Charcoal Burner",
        facts(Production, Citizen, res(1, 0, 0, 1), 0),
    );
    put("Assassin", facts(Production, Citizen, res(1, 0, 0, 1), 1));
    put("Forge", facts(Production, Construction, res(2, 0, 0, 0), 2));
    put(
        "Forest",
        facts(Production, Construction, res(0, 0, 0, 1), 1),
    );
    put("Innkeeper", facts(Gather, Citizen, res(0, 0, 0, 2), 1));
    put(
        "Place of Worship",
        facts(Noble, Construction, res(0, 2, 0, 0), 3),
    );
    // The rulebook marks the Merchant once per Era (FAQ line 304): a description must agree.
    let mut merchant = facts(Production, Citizen, res(0, 0, 1, 1), 1);
    merchant.once_per_era = true;
    put("Merchant", merchant);
    put(
        "Lumberyard",
        facts(Gather, Construction, res(0, 1, 1, 0), 2),
    );
    put(
        "Dungeon",
        facts(Production, Construction, res(1, 2, 0, 0), 2),
    );
    put("Mage", facts(Noble, Citizen, res(1, 0, 0, 1), 2));
    put("Thief", facts(Production, Citizen, res(0, 0, 0, 1), 0));
    put("Royal Consort", facts(Noble, Citizen, res(0, 0, 0, 2), 2));
    put("Monk", facts(Gather, Citizen, res(0, 0, 0, 1), 1));
    put("Knight", facts(Noble, Citizen, res(1, 0, 0, 0), 1));
    put("Tower", facts(Gather, Construction, res(0, 1, 0, 0), 1));
    put(
        "Auction House",
        facts(Noble, Construction, res(0, 1, 1, 0), 2),
    );
    for l in [
        "Warlord",
        "Druid Lord",
        "Pious One",
        "Agrarian Lord",
        "Trade Queen",
        "Warden",
        "Sorcerer",
        "Spy Master",
    ] {
        c.mats.insert(l.into(), mat(1, 1, 0, 1));
    }
    c
}

pub fn options() -> TrackerOptions {
    TrackerOptions {
        catalogue: catalogue(),
        ..TrackerOptions::default()
    }
}

pub fn session(n: usize) -> S {
    Session::new(options(), seats(n), 7).unwrap_or_else(|e| panic!("{e}"))
}

pub fn act(s: &mut S, a: A) {
    match s.decide(a.clone()) {
        Ok(e) => s.commit(e),
        Err(e) => panic!("{a:?} refused: {e}"),
    }
}

/// The rule id of a refusal; the state must be unchanged.
pub fn refused(s: &mut S, a: A) -> String {
    let before = s.state().clone();
    match s.decide(a.clone()) {
        Ok(_) => panic!("{a:?} accepted but the rules forbid it"),
        Err(e) => {
            assert_eq!(s.state(), &before);
            super::fits::<RealmTracker>(e).rule
        }
    }
}

/// Leaders in seat order, started with player 1 first, Era 1 revealed.
pub fn started(leaders: &[&str]) -> S {
    let mut s = session(leaders.len());
    for (i, l) in leaders.iter().enumerate() {
        act(
            &mut s,
            A::ChooseLeader {
                seat: i as u8,
                leader: (*l).into(),
            },
        );
    }
    act(
        &mut s,
        A::StartGame {
            first_player: Some(0),
        },
    );
    reveal(&mut s);
    s
}

pub fn reveal(s: &mut S) {
    let solo = s.state().solo;
    let era = s.state().era;
    let positive = if solo {
        None
    } else {
        // Era 1 negative; then positive, negative, positive, negative.
        Some(era.is_multiple_of(2))
    };
    act(
        s,
        A::RevealEvent {
            name: format!("Event {era}"),
            positive,
            chosen_effect: solo.then(|| "first".to_string()),
            describe: None,
        },
    );
}

pub fn gather(space: &str) -> A {
    A::Gather {
        space: space.into(),
        change: None,
        ability: None,
    }
}

pub fn gather_with(space: &str, change: Change) -> A {
    A::Gather {
        space: space.into(),
        change: Some(change),
        ability: None,
    }
}

pub fn gain(r: Res, n: i32) -> Change {
    Change {
        supply: Resources::one(r, n),
        ..Default::default()
    }
}

pub fn expand(card: &str) -> A {
    A::Expand {
        card: card.into(),
        describe: None,
        from_stored: Vec::new(),
        free_citizen: None,
    }
}

pub fn draw(deck: u8, market: u8) -> A {
    A::Draw {
        deck,
        market,
        ability: false,
    }
}

/// Give a seat resources, Gold or cards through an entered effect.
pub fn give(s: &mut S, seat: u8, change: Change) {
    act(
        s,
        A::Effect {
            seat,
            card: "test".into(),
            change,
        },
    );
}

/// Take one worker action and end the turn.
pub fn turn(s: &mut S, a: A) {
    act(s, a);
    act(s, A::EndTurn);
}

/// Every remaining turn of the Era on the open spaces.
pub fn finish_era(s: &mut S) {
    use estate_steward::games::realm::tracker::model::Phase;
    while s.state().phase == Phase::Playing {
        turn(s, gather("open-1"));
    }
}
