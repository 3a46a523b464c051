//! Abilities that act at their moment (reading B19): the table tags a remembered card's ability
//! with a trigger from a closed list that covers the rulebook's examples (Thraken, line 52; Dirk,
//! line 65; Riddle Of Song, line 77; Pitfalls Of Blackboil, line 86; Tome Of Knowledge, line 95)
//! and with what it does. When the moment happens the app brings the card up (its text, for
//! whom) with its effect offered as changes where the effect is one the app tracks, or a plain
//! "done" where the effect is the table's. Applying it or closing it is an action like any other:
//! logged, undone and redone. An untagged card behaves as before: its text, and changes entered
//! by hand.
//!
//! How it runs: `Draft::push` notes the moments an event makes (seen from the table just before
//! it), and after each action `fire` turns every tagged ability those moments call for into an
//! `AbilityTriggered` event; `resolve` answers one.

use super::actions::{Change, LordEvent as E};
use super::changes;
use super::draft::{Draft, Moment};
use super::model::{LordState, Piece};
use engine::{err, who as seat_name, RuleError};

pub use super::pieces::Pending;
pub use super::tags::{check, Ability, Does, TagOn, When};

/// A card in play: its name, its ability, its owner (a Quest has none) and its Realm.
struct InPlay {
    card: String,
    text: String,
    ability: Ability,
    owner: Option<u8>,
    realm: u8,
}

/// Every tagged card in play: Lords and Heroes, their Treasures, the Quests on the Realms.
fn tagged_in_play(s: &LordState) -> Vec<InPlay> {
    let c = &s.catalogue;
    let mut out = Vec::new();
    for (owner, f) in s.figures() {
        let printed = match f.piece {
            Piece::Lord { .. } => c.lords.get(&f.name).map(|x| (&x.ability, &x.text)),
            Piece::Hero { .. } => c.heroes.get(&f.name).map(|x| (&x.ability, &x.text)),
        };
        if let Some((Some(a), text)) = printed {
            out.push(InPlay {
                card: f.name.clone(),
                text: text.clone(),
                ability: a.clone(),
                owner: Some(owner),
                realm: f.realm,
            });
        }
        if let Some(t) = &f.treasure {
            if let Some(x) = c.treasures.get(&t.name) {
                if let Some(a) = &x.ability {
                    out.push(InPlay {
                        card: t.name.clone(),
                        text: x.text.clone(),
                        ability: a.clone(),
                        owner: Some(owner),
                        realm: f.realm,
                    });
                }
            }
        }
    }
    for (i, r) in s.realms.iter().enumerate() {
        let Some(q) = &r.quest else { continue };
        if let Some(a) = c.quests.get(&q.name).and_then(|x| x.ability.clone()) {
            out.push(InPlay {
                card: q.name.clone(),
                text: q.text.clone(),
                ability: a,
                owner: None,
                realm: i as u8,
            });
        }
    }
    out
}

/// Bring up every tagged ability the moments call for, in the order they happened.
pub fn fire(d: &mut Draft, moments: &[Moment]) {
    for m in moments {
        let firing = calls_for(&d.s, m);
        for p in firing {
            d.push(E::AbilityTriggered { ability: p });
        }
    }
}

fn calls_for(s: &LordState, m: &Moment) -> Vec<Pending> {
    let c = &s.catalogue;
    let mut out = Vec::new();
    match m {
        Moment::QuestAttempted {
            quest,
            seat,
            realm,
            failed,
        } => {
            if *failed {
                for x in tagged_in_play(s) {
                    if x.ability.when == When::OtherPlayersHeroFails && x.owner != Some(*seat) {
                        out.push(pending(s, &x, *seat));
                    }
                }
            }
            if let Some(q) = c.quests.get(quest) {
                if let Some(a) = q
                    .ability
                    .as_ref()
                    .filter(|a| a.when == When::HeroGoesOnThisQuest)
                {
                    let x = InPlay {
                        card: quest.clone(),
                        text: q.text.clone(),
                        ability: a.clone(),
                        owner: None,
                        realm: *realm,
                    };
                    out.push(pending(s, &x, *seat));
                }
            }
        }
        Moment::Banished {
            piece,
            card,
            owner,
            realm,
        } => {
            let printed = match piece {
                Piece::Lord { .. } => c.lords.get(card).map(|x| (&x.ability, &x.text)),
                Piece::Hero { .. } => c.heroes.get(card).map(|x| (&x.ability, &x.text)),
            };
            if let Some((Some(a), text)) = printed {
                if a.when == When::ThisCardBanished {
                    let x = InPlay {
                        card: card.clone(),
                        text: text.clone(),
                        ability: a.clone(),
                        owner: Some(*owner),
                        realm: *realm,
                    };
                    out.push(pending(s, &x, *owner));
                }
            }
        }
        Moment::TurnStarted { seat } => {
            for x in tagged_in_play(s) {
                let When::TurnStartsWithHeroIn { realm } = &x.ability.when else {
                    continue;
                };
                let there = s
                    .realms
                    .iter()
                    .position(|r| r.name.eq_ignore_ascii_case(realm.trim()));
                let has_hero = there.is_some_and(|r| {
                    s.figures()
                        .any(|(o, f)| o == *seat && usize::from(f.realm) == r)
                });
                if has_hero {
                    let here = InPlay {
                        realm: there.map_or(x.realm, |r| r as u8),
                        ..x
                    };
                    out.push(pending(s, &here, *seat));
                }
            }
        }
        Moment::TreasureUsed {
            treasure,
            owner,
            realm,
        } => {
            if let Some(t) = c.treasures.get(treasure) {
                if let Some(a) = t.ability.as_ref().filter(|a| a.when == When::OnUse) {
                    let x = InPlay {
                        card: treasure.clone(),
                        text: t.text.clone(),
                        ability: a.clone(),
                        owner: Some(*owner),
                        realm: *realm,
                    };
                    out.push(pending(s, &x, *owner));
                }
            }
        }
    }
    out
}

/// The ability of `x`, fired for `player`, with its effect as the changes the app can make.
fn pending(s: &LordState, x: &InPlay, player: u8) -> Pending {
    let offer = match x.ability.does {
        Does::Hope { delta } => vec![Change::Hope {
            seat: player,
            delta,
        }],
        Does::Hand { delta } => vec![Change::Hand {
            seat: player,
            delta,
        }],
        Does::SkipNextTurn => vec![Change::SkipNextTurn { seat: player }],
        Does::BanishOthersHere => s
            .figures()
            .filter(|(o, f)| Some(*o) != x.owner && f.realm == x.realm)
            .map(|(_, f)| Change::Banish { piece: f.piece })
            .collect(),
        Does::Table => Vec::new(),
    };
    Pending {
        card: x.card.clone(),
        text: x.text.clone(),
        player,
        offer,
    }
}

/// The table answers a fired ability: its offered changes applied (`apply`), or closed as done.
pub fn resolve(d: &mut Draft, index: u8, apply: bool) -> Result<(), RuleError> {
    let Some(p) = d.s.pending.get(usize::from(index)).cloned() else {
        return Err(err(
            "realm-lord.no-such-ability",
            match d.s.pending.len() {
                0 => "no card's ability is waiting".to_string(),
                n => format!("{n} card abilities are waiting, not {}", index + 1),
            },
        ));
    };
    if apply && p.offer.is_empty() {
        return Err(err(
            "realm-lord.no-such-ability",
            format!(
                "{}'s ability is the table's to carry out: close it when done",
                p.card
            ),
        ));
    }
    d.push(E::AbilityResolved {
        index,
        applied: apply,
    });
    if apply {
        changes::apply_all(d, &p.offer)?;
    }
    Ok(())
}

/// How a fired ability reads on its buttons: "Bo loses 1 Hope Stone".
pub fn offer_text(s: &LordState, p: &Pending) -> String {
    if p.offer.is_empty() {
        return format!("{} carries it out", seat_name(p.player));
    }
    p.offer
        .iter()
        .map(|c| super::summary::change_text(s, c))
        .collect::<Vec<_>>()
        .join(", ")
}
