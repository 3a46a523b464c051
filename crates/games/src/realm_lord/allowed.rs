//! The legal actions now, concrete enough to send back: for the buttons of the table screen and
//! for random legal play. Card plays are offered for the cards the catalogue knows; entering a
//! new card, a real die or a card's effect needs the table's input and is not listed.

use super::abilities::offer_text;
use super::actions::{LimitDiscard, LordAction as A};
use super::data::data;
use super::decide::handle;
use super::model::{Figure, LordState, Phase, Piece};
use super::setup::realm_named;
use engine::{who as seat_name, why_not, Allowed};

fn offer(label: String, group: &str, action: A) -> Allowed<A> {
    Allowed {
        label,
        group: group.into(),
        action,
    }
}

pub fn allowed(s: &LordState) -> Vec<Allowed<A>> {
    let mut out = waiting_abilities(s);
    out.extend(by_phase(s));
    out
}

/// Each tagged ability that fired, first: its offered changes (when the table may make them
/// now) and closing it as done (reading B19).
fn waiting_abilities(s: &LordState) -> Vec<Allowed<A>> {
    let mut out = Vec::new();
    if s.phase == Phase::Over {
        return out;
    }
    for (i, p) in s.pending.iter().enumerate() {
        let index = i as u8;
        let apply = A::ResolveAbility { index, apply: true };
        let accepted = why_not(|rng| handle(s, &apply, rng)).is_none();
        if !p.offer.is_empty() && accepted {
            out.push(offer(
                format!("{}: {}", p.card, offer_text(s, p)),
                "ability",
                apply,
            ));
        }
        out.push(offer(
            format!("{}: done", p.card),
            "ability",
            A::ResolveAbility {
                index,
                apply: false,
            },
        ));
    }
    out
}

fn by_phase(s: &LordState) -> Vec<Allowed<A>> {
    match s.phase {
        Phase::Setup => setup(s),
        Phase::Draw => vec![offer(
            format!("Draw {} cards", data().draw_per_turn.value),
            "turn",
            A::Draw,
        )],
        Phase::Discard => vec![offer(
            format!(
                "Discard {} card{} down to {}",
                s.discard_need,
                if s.discard_need == 1 { "" } else { "s" },
                data().hand_limit.value
            ),
            "turn",
            A::Discard {
                count: s.discard_need,
                names: Vec::new(),
            },
        )],
        Phase::Actions => actions(s),
        Phase::Over => Vec::new(),
    }
}

fn setup(s: &LordState) -> Vec<Allowed<A>> {
    let mut out = Vec::new();
    if let Some(t) = s.suggested_target.filter(|t| s.target != Some(*t)) {
        out.push(offer(
            format!("Confirm the target: {t} Hope Stones"),
            "setup",
            A::ConfirmTarget { hope_stones: t },
        ));
    }
    let names: Vec<String> = s.realms.iter().map(|r| r.name.clone()).collect();
    let taken = |name: &str| {
        s.seats
            .iter()
            .any(|st| st.lord.as_ref().is_some_and(|l| l.name == name))
    };
    for (i, st) in s.seats.iter().enumerate() {
        if st.lord.is_some() {
            continue;
        }
        for (name, f) in &s.catalogue.lords {
            if !taken(name) && realm_named(&names, &f.homeland).is_some() {
                out.push(offer(
                    format!("{} reveals {name}", seat_name(i as u8)),
                    "setup",
                    A::RevealLord {
                        seat: i as u8,
                        name: name.clone(),
                        facts: None,
                    },
                ));
            }
        }
    }
    if s.target.is_some() && s.seats.iter().all(|st| st.lord.is_some()) {
        out.push(offer(
            "Start: draw the first player".into(),
            "setup",
            A::StartGame { first: None },
        ));
        for i in 0..s.seats.len() as u8 {
            out.push(offer(
                format!("Start: {} goes first", seat_name(i)),
                "setup",
                A::StartGame { first: Some(i) },
            ));
        }
    }
    out
}

fn own_ready(s: &LordState) -> Vec<Figure> {
    s.seats
        .get(usize::from(s.current))
        .map(|st| {
            st.lord
                .iter()
                .chain(st.heroes.iter())
                .filter(|f| !f.exhausted)
                .cloned()
                .collect()
        })
        .unwrap_or_default()
}

/// Ending a turn while actions are left, and something could still be done with them, is asked
/// first, with how many would go unused: a quick tap must not throw a turn's actions away.
pub fn confirm(s: &LordState, a: &A) -> Option<String> {
    if *a != A::EndTurn || s.phase != Phase::Actions {
        return None;
    }
    let left = s.actions_allowed.saturating_sub(s.actions_used);
    let something_to_do = actions(s).iter().any(|o| o.action != A::EndTurn);
    if left == 0 || !something_to_do {
        return None;
    }
    let unused = if left == 1 {
        "1 action".to_string()
    } else {
        format!("{left} actions")
    };
    Some(format!(
        "End the turn with {unused} of {} unused?",
        s.actions_allowed
    ))
}

fn actions(s: &LordState) -> Vec<Allowed<A>> {
    let mut out = Vec::new();
    if s.actions_used < s.actions_allowed {
        let hand = s.seats.get(usize::from(s.current)).map_or(0, |st| st.hand);
        if hand > 0 {
            plays(s, &mut out);
        }
        moves(s, &mut out);
    }
    out.push(offer("End turn".into(), "turn", A::EndTurn));
    out
}

fn plays(s: &LordState, out: &mut Vec<Allowed<A>>) {
    let ready = own_ready(s);
    let over = s.heroes_counted(s.current) + 1 > usize::from(data().hero_limit.value);
    for name in s.catalogue.heroes.keys() {
        let play = |discard| A::PlayHero {
            name: name.clone(),
            facts: None,
            discard,
        };
        if !over {
            out.push(offer(format!("Play {name}"), "play", play(None)));
            continue;
        }
        out.push(offer(
            format!("Play {name} and discard it at once"),
            "play",
            play(Some(LimitDiscard::New)),
        ));
        for h in &s.seats[usize::from(s.current)].heroes {
            if let Piece::Hero { id } = h.piece {
                out.push(offer(
                    format!("Play {name} and discard {}", h.name),
                    "play",
                    play(Some(LimitDiscard::Hero { id })),
                ));
            }
        }
    }
    for name in s.catalogue.treasures.keys() {
        for f in &ready {
            out.push(offer(
                format!("Give {name} to {}", f.name),
                "play",
                A::PlayTreasure {
                    name: name.clone(),
                    hero: f.piece,
                    facts: None,
                },
            ));
        }
    }
    let names: Vec<String> = s.realms.iter().map(|r| r.name.clone()).collect();
    for (name, f) in &s.catalogue.quests {
        let free = realm_named(&names, &f.location)
            .is_some_and(|r| s.realms[usize::from(r)].quest.is_none());
        if free {
            out.push(offer(
                format!("Play the Quest {name}"),
                "play",
                A::PlayQuest {
                    name: name.clone(),
                    facts: None,
                },
            ));
        }
    }
    for name in s.catalogue.events.keys() {
        out.push(offer(
            format!("Play the Event {name}"),
            "play",
            A::PlayEvent {
                name: name.clone(),
                facts: None,
                effects: Vec::new(),
            },
        ));
    }
}

fn moves(s: &LordState, out: &mut Vec<Allowed<A>>) {
    for f in own_ready(s) {
        if let Some(q) = &s.realms[usize::from(f.realm)].quest {
            out.push(offer(
                format!("{} goes on {}", f.name, q.name),
                "quest",
                A::Quest {
                    hero: f.piece,
                    die: None,
                    modifier: 0,
                },
            ));
        }
        if f.treasure.as_ref().is_some_and(|t| !t.exhausted) {
            out.push(offer(
                format!("{} uses its Treasure", f.name),
                "treasure",
                A::UseTreasure {
                    hero: f.piece,
                    effects: Vec::new(),
                },
            ));
        }
        for to in 0..s.realms.len() as u8 {
            if to != f.realm {
                out.push(offer(
                    format!("{} travels to {}", f.name, s.realm_name(to)),
                    "travel",
                    A::Travel { hero: f.piece, to },
                ));
            }
        }
    }
}
