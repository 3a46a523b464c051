//! The log line of each accepted action (a player is written `who(seat)`: the table puts the name in).

use super::actions::{Change, LimitDiscard, LordAction as A, LordEvent as E};
use super::apply::apply;
use super::data::data;
use super::model::{LordState, QuestOutcome};
use engine::who as seat_name;

fn plural(n: i64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

pub fn change_text(s: &LordState, c: &Change) -> String {
    match *c {
        Change::Hope { seat, delta } => format!(
            "{} {} {}",
            seat_name(seat),
            if delta > 0 { "gains" } else { "loses" },
            plural(i64::from(delta.abs()), "Hope Stone", "Hope Stones")
        ),
        Change::Hand { seat, delta } => format!(
            "{} {} {}",
            seat_name(seat),
            if delta > 0 { "draws" } else { "discards" },
            plural(i64::from(delta.abs()), "card", "cards")
        ),
        Change::Move { piece, to } => {
            format!("{} moves to {}", s.piece_name(piece), s.realm_name(to))
        }
        Change::Banish { piece } => format!("{} is banished", s.piece_name(piece)),
        Change::Exhaust { piece, treasure } => format!(
            "{}{} is exhausted",
            s.piece_name(piece),
            if treasure { "'s Treasure" } else { "" }
        ),
        Change::Ready { piece, treasure } => format!(
            "{}{} is readied",
            s.piece_name(piece),
            if treasure { "'s Treasure" } else { "" }
        ),
        Change::SkipNextTurn { seat } => format!("{} loses their next turn", seat_name(seat)),
        Change::ExtraActions { count } => format!(
            "{count} more action{} this turn",
            if count == 1 { "" } else { "s" }
        ),
        Change::DiscardQuest { realm } => {
            format!("the Quest at {} is discarded", s.realm_name(realm))
        }
    }
}

fn changes_text(s: &LordState, effects: &[Change]) -> String {
    if effects.is_empty() {
        return String::new();
    }
    let parts: Vec<String> = effects.iter().map(|c| change_text(s, c)).collect();
    format!(": {}", parts.join(", "))
}

/// " + 2" or " − 1" (nothing for 0), after a name when one is given.
fn signed(amount: i32, name: &str) -> String {
    let name = if name.is_empty() {
        String::new()
    } else {
        format!("{name} ")
    };
    match amount {
        0 => String::new(),
        m if m > 0 => format!(" + {name}{m}"),
        m => format!(" − {name}{}", -m),
    }
}

pub fn quest_text(o: &QuestOutcome, homeland: &str) -> String {
    // Each tagged card by name, then what the table entered for the rest.
    let mut modifier: String = o
        .bonuses
        .iter()
        .map(|b| signed(b.amount, &b.card))
        .collect();
    modifier += &signed(o.modifier, "");
    let how = if o.rolled_by_app { "rolled" } else { "die" };
    let result = match (o.success, o.natural.as_deref()) {
        (true, Some(_)) => format!("a natural 6 completes it, +{} Hope Stones", o.hope),
        (false, Some(_)) => format!("a natural 1 fails it; back to {homeland}"),
        (true, None) => format!("completed, +{} Hope Stones", o.hope),
        (false, None) => format!("failed; back to {homeland}"),
    };
    format!(
        "{}'s {} goes on {}: {how} {} + {} {}{modifier} = {} against {}: {result}",
        seat_name(o.seat),
        o.hero,
        o.quest,
        o.die,
        o.kind.name(),
        o.attribute,
        o.score,
        o.difficulty
    )
}

fn main_line(s: &LordState, a: &A, events: &[E]) -> String {
    let who = seat_name(s.current);
    match a {
        A::ConfirmTarget { hope_stones } => {
            format!("Target confirmed: the first to {hope_stones} Hope Stones wins")
        }
        A::NameRealms { names } => format!("The Realms: {}", names.join(", ")),
        A::RevealLord { seat, name, .. } => {
            let home = events.iter().find_map(|e| match e {
                E::LordRevealed { homeland, .. } => Some(s.realm_name(*homeland)),
                _ => None,
            });
            format!(
                "{} reveals {name} at {}",
                seat_name(*seat),
                home.unwrap_or_default()
            )
        }
        A::StartGame { first } => {
            let f = events.iter().find_map(|e| match e {
                E::GameStarted { first, .. } => Some(*first),
                _ => None,
            });
            format!(
                "The game starts, {} cards each; {} goes first ({})",
                data().starting_hand.value,
                seat_name(f.unwrap_or(0)),
                if first.is_some() {
                    "as drawn at the table"
                } else {
                    "drawn by the app"
                }
            )
        }
        A::Draw => format!("{who} draws {} cards", data().draw_per_turn.value),
        A::Discard { count, names } => format!(
            "{who} discards {} down to {}{}",
            plural(i64::from(*count), "card", "cards"),
            data().hand_limit.value,
            if names.is_empty() {
                String::new()
            } else {
                format!(" ({})", names.join(", "))
            }
        ),
        A::PlayHero { name, discard, .. } => {
            let limit = match discard {
                Some(LimitDiscard::New) => format!(", then discards {name} at the hero limit"),
                Some(LimitDiscard::Hero { id }) => format!(
                    ", then discards {} at the hero limit",
                    s.piece_name(super::model::Piece::Hero { id: *id })
                ),
                _ => String::new(),
            };
            let home = s.realm_name(s.seats[usize::from(s.current)].homeland);
            format!("{who} plays {name} at {home}{limit}")
        }
        A::PlayTreasure { name, hero, .. } => {
            let replaced = events.iter().find_map(|e| match e {
                E::TreasureAttached {
                    replaced: Some(r), ..
                } => Some(format!(" ({r} discarded)")),
                _ => None,
            });
            format!(
                "{who} gives {name} to {}{}",
                s.piece_name(*hero),
                replaced.unwrap_or_default()
            )
        }
        A::PlayQuest { name, .. } => {
            let at = events.iter().find_map(|e| match e {
                E::QuestAttached { realm, facts, .. } => Some(format!(
                    " at {} ({} {}, {})",
                    s.realm_name(*realm),
                    facts.kind.name(),
                    facts.difficulty,
                    plural(i64::from(facts.hope), "Hope Stone", "Hope Stones")
                )),
                _ => None,
            });
            format!("{who} plays the Quest {name}{}", at.unwrap_or_default())
        }
        A::PlayEvent { name, effects, .. } => {
            format!("{who} plays the Event {name}{}", changes_text(s, effects))
        }
        A::Travel { hero, to } => format!(
            "{who}'s {} travels to {}",
            s.piece_name(*hero),
            s.realm_name(*to)
        ),
        A::UseTreasure { hero, effects } => {
            let t = s
                .figure(*hero)
                .and_then(|(_, f)| f.treasure.as_ref().map(|t| t.name.clone()))
                .unwrap_or_default();
            format!(
                "{who}'s {} uses {t}{}",
                s.piece_name(*hero),
                changes_text(s, effects)
            )
        }
        A::Quest { .. } => events
            .iter()
            .find_map(|e| match e {
                E::QuestAttempted { outcome } => Some(quest_text(
                    outcome,
                    &s.realm_name(s.seats[usize::from(outcome.seat)].homeland),
                )),
                _ => None,
            })
            .unwrap_or_default(),
        A::Effect { source, effects } => format!("{source}{}", changes_text(s, effects)),
        A::ResolveAbility { index, apply } => match s.pending.get(usize::from(*index)) {
            Some(p) if *apply => format!("{}{}", p.card, changes_text(s, &p.offer)),
            Some(p) => format!("{}'s ability: done", p.card),
            None => "A card's ability".to_string(),
        },
        A::EndTurn => format!("{who} ends the turn"),
    }
}

pub fn summarize(s: &LordState, a: &A, events: &[E]) -> String {
    let mut line = main_line(s, a, events);
    let mut after = s.clone();
    for e in events {
        apply(&mut after, e);
    }
    for e in events {
        match e {
            E::TurnSkipped { seat } => {
                line.push_str(&format!("; {} loses this turn", seat_name(*seat)))
            }
            E::AbilityTriggered { ability } => line.push_str(&format!(
                "; {} acts for {}",
                ability.card,
                seat_name(ability.player)
            )),
            E::TurnStarted { seat, .. } if !matches!(a, A::StartGame { .. }) => {
                line.push_str(&format!("; {}'s turn", seat_name(*seat)))
            }
            E::GameWon { winners } => {
                let names: Vec<String> = winners.iter().map(|w| seat_name(*w)).collect();
                let hope = winners
                    .first()
                    .and_then(|w| after.seats.get(usize::from(*w)))
                    .map_or(0, |st| st.hope);
                line.push_str(&format!(
                    " — {} {} with {}",
                    names.join(" and "),
                    if names.len() == 1 {
                        "wins"
                    } else {
                        "share the win"
                    },
                    plural(i64::from(hope), "Hope Stone", "Hope Stones")
                ));
            }
            _ => {}
        }
    }
    line
}
