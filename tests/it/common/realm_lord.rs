//! Fixtures for Realm Lord: a sample catalogue (six Realms, Lords, Heroes, Quests, Treasures,
//! Events, with the numbers a table would describe) and a session driver.
#![allow(dead_code)]

use estate_steward::engine::{Game, RuleError, Seat, Session};
use estate_steward::games::realm_lord::catalogue::{
    CardText, Catalogue, HeroFacts, LordFacts, QuestFacts,
};
use estate_steward::games::realm_lord::model::{Attribute, LordState, Piece};
use estate_steward::games::realm_lord::{LordAction as A, LordEvent, LordOptions, RealmLord};

pub type S = Session<RealmLord>;

pub const REALMS: [&str; 6] = [
    "Darkthorn",
    "Mysteria",
    "Blackboil",
    "Frostvale",
    "Emberfall",
    "Stormreach",
];
pub const DARKTHORN: u8 = 0;
pub const MYSTERIA: u8 = 1;
pub const BLACKBOIL: u8 = 2;
pub const FROSTVALE: u8 = 3;
pub const EMBERFALL: u8 = 4;
pub const STORMREACH: u8 = 5;

pub fn seats(n: usize) -> Vec<Seat> {
    (0..n)
        .map(|i| Seat {
            person_id: i as i64 + 1,
            name: format!("P{}", i + 1),
            colour: "#000000".into(),
        })
        .collect()
}

pub fn lord(homeland: &str, valor: u8, might: u8, craft: u8, magic: u8) -> LordFacts {
    LordFacts {
        homeland: homeland.into(),
        valor,
        might,
        craft,
        magic,
        text: String::new(),
        bonus: None,
        ability: None,
    }
}

pub fn hero(valor: u8, might: u8, craft: u8, magic: u8) -> HeroFacts {
    HeroFacts {
        valor,
        might,
        craft,
        magic,
        text: String::new(),
        bonus: None,
        ability: None,
    }
}

pub fn quest(kind: Attribute, difficulty: u8, hope: u8, location: &str) -> QuestFacts {
    QuestFacts {
        kind,
        difficulty,
        hope,
        location: location.into(),
        text: String::new(),
        ability: None,
    }
}

/// The sample table's catalogue. Lords (Valor/Might/Craft/Magic, Homeland):
/// Thraken The Deceiver 2/3/1/2 Darkthorn · Lyra 1/1/2/4 Mysteria · Gorm 4/3/1/0 Blackboil ·
/// Sable 2/2/2/2 Frostvale · Ione 0/1/4/3 Emberfall · Brann 3/4/0/1 Stormreach.
/// Heroes: Dirk 1/3/0/0 · Wren 2/1/3/1 · Orla 0/0/2/4 · Bram 3/2/1/0.
/// Quests (type difficulty, Hope Stones, Realm): Troll Bridge Might 7, 3, Darkthorn ·
/// Riddle Of Song Magic 6, 2, Mysteria · Lost Relic Craft 8, 4, Blackboil · Ice Wyrm Valor 10,
/// 5, Frostvale · Ember Oath Valor 5, 1, Emberfall · Storm Crown Magic 9, 4, Stormreach.
/// Treasures: Sword, Tome Of Knowledge. Events: Pitfalls Of Blackdoil, Windfall.
pub fn catalogue() -> Catalogue {
    let mut c = Catalogue {
        realms: REALMS.iter().map(|s| s.to_string()).collect(),
        ..Catalogue::default()
    };
    for (n, f) in [
        ("Thraken The Deceiver", lord("Darkthorn", 2, 3, 1, 2)),
        ("Lyra", lord("Mysteria", 1, 1, 2, 4)),
        ("Gorm", lord("Blackboil", 4, 3, 1, 0)),
        ("Sable", lord("Frostvale", 2, 2, 2, 2)),
        ("Ione", lord("Emberfall", 0, 1, 4, 3)),
        ("Brann", lord("Stormreach", 3, 4, 0, 1)),
    ] {
        c.lords.insert(n.into(), f);
    }
    for (n, f) in [
        ("Dirk", hero(1, 3, 0, 0)),
        ("Wren", hero(2, 1, 3, 1)),
        ("Orla", hero(0, 0, 2, 4)),
        ("Bram", hero(3, 2, 1, 0)),
    ] {
        c.heroes.insert(n.into(), f);
    }
    use Attribute::*;
    for (n, f) in [
        ("Troll Bridge", quest(Might, 7, 3, "Darkthorn")),
        ("Riddle Of Song", quest(Magic, 6, 2, "Mysteria")),
        ("Lost Relic", quest(Craft, 8, 4, "Blackboil")),
        ("Ice Wyrm", quest(Valor, 10, 5, "Frostvale")),
        ("Ember Oath", quest(Valor, 5, 1, "Emberfall")),
        ("Storm Crown", quest(Magic, 9, 4, "Stormreach")),
    ] {
        c.quests.insert(n.into(), f);
    }
    for n in ["Sword", "Tome Of Knowledge"] {
        c.treasures.insert(n.into(), CardText::default());
    }
    for n in ["Pitfalls Of Blackdoil", "Windfall"] {
        c.events.insert(n.into(), CardText::default());
    }
    c
}

pub fn options() -> LordOptions {
    LordOptions {
        catalogue: catalogue(),
        ..LordOptions::default()
    }
}

pub const LORDS: [&str; 6] = [
    "Thraken The Deceiver",
    "Lyra",
    "Gorm",
    "Sable",
    "Ione",
    "Brann",
];

pub fn new_session(n: usize, options: LordOptions, seed: u64) -> S {
    Session::new(options, seats(n), seed).unwrap_or_else(|e| panic!("setup: {e}"))
}

pub fn act(s: &mut S, a: A) -> Vec<LordEvent> {
    match s.decide(a.clone()) {
        Ok(entry) => {
            let events = entry.events.clone();
            s.commit(entry);
            events
        }
        Err(e) => panic!("{a:?} was refused: {e}"),
    }
}

pub fn try_act(s: &mut S, a: A) -> Result<(), RuleError> {
    let before = s.state().clone();
    match s.decide(a) {
        Ok(entry) => {
            s.commit(entry);
            Ok(())
        }
        Err(e) => {
            assert_eq!(s.state(), &before, "a refusal changed the state");
            Err(e)
        }
    }
}

/// The rule id of a refusal (a panic if the action was accepted).
pub fn refused(s: &mut S, a: A) -> String {
    match try_act(s, a.clone()) {
        Ok(()) => panic!("{a:?} was accepted but the rules forbid it"),
        Err(e) => {
            assert!(!e.message.is_empty(), "a refusal without a reason");
            super::fits::<RealmLord>(e).rule
        }
    }
}

/// Setup done: target confirmed, Lords in seat order (Thraken, Lyra, Gorm …), `first` starts;
/// its turn has begun (Draw phase).
pub fn started(n: usize, target: u32, first: u8) -> S {
    started_with(n, options(), 7, target, first)
}

/// `n` players with these options and seed: the target confirmed, the sample Lords revealed,
/// `first` to play (before its Draw).
pub fn started_with(n: usize, opts: LordOptions, seed: u64, target: u32, first: u8) -> S {
    let mut s = new_session(n, opts, seed);
    act(
        &mut s,
        A::ConfirmTarget {
            hope_stones: target,
        },
    );
    for (i, name) in LORDS.iter().take(n).enumerate() {
        act(
            &mut s,
            A::RevealLord {
                seat: i as u8,
                name: (*name).into(),
                facts: None,
            },
        );
    }
    act(&mut s, A::StartGame { first: Some(first) });
    s
}

pub fn in_actions(n: usize, target: u32) -> S {
    let mut s = started(n, target, 0);
    act(&mut s, A::Draw);
    s
}

pub fn lord_of(seat: u8) -> Piece {
    Piece::Lord { seat }
}

pub fn hero_id(id: u16) -> Piece {
    Piece::Hero { id }
}

pub fn st(s: &S) -> &LordState {
    s.state()
}

pub fn play_hero(s: &mut S, name: &str) -> Vec<LordEvent> {
    act(
        s,
        A::PlayHero {
            name: name.into(),
            facts: None,
            discard: None,
        },
    )
}

pub fn play_quest(s: &mut S, name: &str) -> Vec<LordEvent> {
    act(
        s,
        A::PlayQuest {
            name: name.into(),
            facts: None,
        },
    )
}

pub fn quest_with(s: &mut S, piece: Piece, die: u8, modifier: i32) -> Vec<LordEvent> {
    act(
        s,
        A::Quest {
            hero: piece,
            die: Some(die),
            modifier,
        },
    )
}

/// End turns until `seat`'s turn has begun and it has drawn (drawing for each seat passed).
pub fn pass_to(s: &mut S, seat: u8) {
    loop {
        if st(s).phase == estate_steward::games::realm_lord::model::Phase::Draw {
            act(s, A::Draw);
            if st(s).phase == estate_steward::games::realm_lord::model::Phase::Discard {
                let n = st(s).discard_need;
                act(
                    s,
                    A::Discard {
                        count: n,
                        names: vec![],
                    },
                );
            }
        }
        if st(s).current == seat {
            return;
        }
        act(s, A::EndTurn);
    }
}

pub fn hope(s: &S) -> Vec<u32> {
    st(s).seats.iter().map(|x| x.hope).collect()
}

pub fn allowed_actions(s: &S) -> Vec<A> {
    RealmLord::allowed(s.state())
        .into_iter()
        .map(|a| a.action)
        .collect()
}
