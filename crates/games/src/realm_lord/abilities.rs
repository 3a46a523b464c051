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
use super::data::data;
use super::decide::{seat_name, Draft};
use super::model::{LordState, Piece};
use engine::{err, RuleError};
use serde::{Deserialize, Serialize};

/// When a tagged ability acts. "That player" below is the one the moment names.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(tag = "kind", rename = "LordWhen")]
pub enum When {
    /// Another player's hero fails a quest; that player is the one whose hero failed (Thraken
    /// The Deceiver, 004 line 52). A Lord's or Hero's.
    OtherPlayersHeroFails,
    /// This card is banished; that player is its owner, "this Realm" where it was (Dirk, line
    /// 65). A Lord's or Hero's.
    ThisCardBanished,
    /// A hero goes on this Quest; that player is the hero's owner (Riddle Of Song, line 77).
    HeroGoesOnThisQuest,
    /// A player's turn starts while they have a hero in the Realm named; that player is whose
    /// turn it is (Pitfalls Of Blackboil, line 86). Any card in play.
    TurnStartsWithHeroIn { realm: String },
    /// "Use:" — its Treasure is used; that player is the bearer's owner (Tome Of Knowledge, line
    /// 95).
    OnUse,
}

/// What a tagged ability does: an effect the app tracks, or the table's own.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(tag = "kind", rename = "LordDoes")]
pub enum Does {
    /// That player gains (+) or loses (−) Hope Stones.
    Hope { delta: i32 },
    /// That player draws (+) or discards (−) cards.
    Hand { delta: i32 },
    /// That player loses their next turn.
    SkipNextTurn,
    /// Every other player's heroes (Lords included) in the card's Realm are banished.
    BanishOthersHere,
    /// Something the app does not track: it shows the text, the table does it.
    Table,
}

/// A card's ability as the table tagged it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "LordAbility")]
pub struct Ability {
    pub when: When,
    pub does: Does,
}

/// A tagged ability that fired and waits for the table: its card, text, for whom, and the
/// changes offered (none when the effect is the table's).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, specta::Type)]
#[serde(rename = "LordPendingAbility")]
pub struct Pending {
    pub card: String,
    pub text: String,
    pub player: u8,
    pub offer: Vec<Change>,
}

/// The kinds of card an ability may be tagged on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TagOn {
    Lord,
    Hero,
    Quest,
    Treasure,
    Event,
}

fn bad_tag(m: impl Into<String>) -> RuleError {
    err("realm-lord.ability-tag", m)
}

/// Whether `a` may be tagged on a card of kind `on`, with amounts in the bounds of a change.
pub fn check(a: &Option<Ability>, on: TagOn) -> Result<(), RuleError> {
    let Some(a) = a else { return Ok(()) };
    let fits = match a.when {
        When::OtherPlayersHeroFails | When::ThisCardBanished => {
            matches!(on, TagOn::Lord | TagOn::Hero)
        }
        When::HeroGoesOnThisQuest => on == TagOn::Quest,
        When::OnUse => on == TagOn::Treasure,
        When::TurnStartsWithHeroIn { .. } => on != TagOn::Event,
    };
    if !fits {
        return Err(bad_tag(match on {
            TagOn::Event => "an Event acts once, when it is played: enter what it did".to_string(),
            _ => format!("{} cannot act then", kind_name(on)),
        }));
    }
    if let When::TurnStartsWithHeroIn { realm } = &a.when {
        let n = realm.trim().chars().count();
        if n == 0 || n > 40 {
            return Err(bad_tag("name the Realm the hero must be in"));
        }
    }
    let b = data().bounds.value;
    match a.does {
        Does::Hope { delta } => changes::nonzero_within(
            "realm-lord.ability-tag",
            delta,
            b.hope_change,
            "Hope Stones",
        ),
        Does::Hand { delta } => {
            changes::nonzero_within("realm-lord.ability-tag", delta, b.hand_change, "hands")
        }
        _ => Ok(()),
    }
}

fn kind_name(on: TagOn) -> &'static str {
    match on {
        TagOn::Lord => "a Lord",
        TagOn::Hero => "a Hero",
        TagOn::Quest => "a Quest",
        TagOn::Treasure => "a Treasure",
        TagOn::Event => "an Event",
    }
}

/// A moment an event makes, seen from the table just before it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Moment {
    QuestAttempted {
        quest: String,
        seat: u8,
        realm: u8,
        failed: bool,
    },
    Banished {
        piece: Piece,
        card: String,
        owner: u8,
        realm: u8,
    },
    TurnStarted {
        seat: u8,
    },
    TreasureUsed {
        treasure: String,
        owner: u8,
        realm: u8,
    },
}

/// The moments event `e` makes on table `s` (before it is applied).
pub fn moment_of(s: &LordState, e: &E) -> Option<Moment> {
    match e {
        E::QuestAttempted { outcome: o } => Some(Moment::QuestAttempted {
            quest: o.quest.clone(),
            seat: o.seat,
            realm: o.realm,
            failed: !o.success,
        }),
        E::Banished { piece } => s.figure(*piece).map(|(owner, f)| Moment::Banished {
            piece: *piece,
            card: f.name.clone(),
            owner,
            realm: f.realm,
        }),
        E::TurnStarted { seat, .. } => Some(Moment::TurnStarted { seat: *seat }),
        _ => None,
    }
}

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
