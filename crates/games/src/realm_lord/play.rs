//! The actions of 004 lines 127-144: play a Hero, Treasure, Quest or Event card, Travel a hero,
//! Use a Treasure. (Go On A Quest is in `quest`.)

use super::actions::{Change, LimitDiscard, LordEvent as E};
use super::catalogue::{self, card_name, CardText, Described, HeroFacts, QuestFacts};
use super::changes;
use super::data::data;
use super::draft::{own_ready, realm_index, take_action, Draft, Moment};
use super::model::Piece;
use super::setup::realm_named;
use engine::{err, who as seat_name, RuleError};

/// A card leaves the current player's hand (they must hold one).
fn play_from_hand(d: &mut Draft, name: &str) -> Result<(), RuleError> {
    let seat = d.s.current;
    if d.s.seats[usize::from(seat)].hand == 0 {
        return Err(err(
            "realm-lord.empty-hand",
            format!("{} has no card in hand to play", seat_name(seat)),
        ));
    }
    d.push(E::CardPlayed {
        seat,
        name: name.to_string(),
    });
    Ok(())
}

/// Facts given with the action win (a correction); else the catalogue's; else the table is
/// asked to describe the card once.
fn facts_of<T: Clone + PartialEq>(
    given: &Option<T>,
    known: Option<&T>,
    check: fn(&T) -> Result<(), RuleError>,
    ask: impl FnOnce() -> String,
) -> Result<(T, bool), RuleError> {
    match given {
        Some(f) => {
            check(f)?;
            Ok((f.clone(), known != Some(f)))
        }
        None => known
            .cloned()
            .map(|f| (f, false))
            .ok_or_else(|| err("realm-lord.card-unknown", ask())),
    }
}

pub fn hero(
    d: &mut Draft,
    name: &str,
    facts: &Option<HeroFacts>,
    discard: Option<LimitDiscard>,
) -> Result<(), RuleError> {
    let name = card_name(name)?;
    take_action(d)?;
    play_from_hand(d, &name)?;
    let (f, new) = facts_of(
        facts,
        d.s.catalogue.heroes.get(&name),
        catalogue::check_hero,
        || format!("describe {name} once: its Valor, Might, Craft and Magic"),
    )?;
    let seat = d.s.current;
    let limit = usize::from(data().hero_limit.value);
    let over = d.s.heroes_counted(seat) + 1 > limit;
    let own_hero = |id: u16| {
        d.s.seats[usize::from(seat)]
            .heroes
            .iter()
            .any(|h| h.piece == Piece::Hero { id })
    };
    let limit_err = |m: String| err("realm-lord.hero-limit", m);
    match (over, discard) {
        (false, Some(_)) => {
            return Err(limit_err(format!(
                "there is room for {name}: discard a hero only when more than {limit} are in play"
            )))
        }
        (true, None) => {
            return Err(limit_err(format!(
                "{name} would make more than {limit} heroes in play: choose one of your Hero cards to discard"
            )))
        }
        (true, Some(LimitDiscard::Lord)) => {
            return Err(err(
                "realm-lord.lord-not-discardable",
                "the Lord is not a Hero card: choose one of your Hero cards to discard",
            ))
        }
        (true, Some(LimitDiscard::Hero { id })) if !own_hero(id) => {
            return Err(limit_err(format!(
                "hero #{id} is not one of {}'s heroes in play",
                seat_name(seat)
            )))
        }
        _ => {}
    }
    if new {
        d.push(E::CardDescribed {
            card: Described::Hero {
                name: name.clone(),
                facts: f.clone(),
            },
        });
    }
    let id = d.s.next_hero_id;
    let realm = d.s.seats[usize::from(seat)].homeland;
    // At the Homeland: this is not a move (004 line 134).
    d.push(E::HeroEntered {
        seat,
        id,
        name,
        attributes: f.attributes(),
        realm,
    });
    match discard {
        Some(LimitDiscard::New) => d.push(E::HeroDiscarded { id }),
        Some(LimitDiscard::Hero { id }) => d.push(E::HeroDiscarded { id }),
        _ => {}
    }
    Ok(())
}

pub fn treasure(
    d: &mut Draft,
    name: &str,
    hero: Piece,
    facts: &Option<CardText>,
) -> Result<(), RuleError> {
    let name = card_name(name)?;
    take_action(d)?;
    play_from_hand(d, &name)?;
    let f = own_ready(d, hero, "take a Treasure")?;
    let known = d.s.catalogue.treasures.get(&name).cloned();
    let given = facts
        .clone()
        .or_else(|| known.is_none().then(CardText::default));
    if let Some(g) = &given {
        catalogue::check_treasure(g)?;
    }
    if let Some(g) = given.filter(|g| known.as_ref() != Some(g)) {
        d.push(E::CardDescribed {
            card: Described::Treasure {
                name: name.clone(),
                facts: g,
            },
        });
    }
    // One Treasure per hero: the one it held is discarded (004 line 135).
    d.push(E::TreasureAttached {
        piece: hero,
        name,
        replaced: f.treasure.map(|t| t.name),
    });
    Ok(())
}

pub fn quest_card(d: &mut Draft, name: &str, facts: &Option<QuestFacts>) -> Result<(), RuleError> {
    let name = card_name(name)?;
    take_action(d)?;
    play_from_hand(d, &name)?;
    let (f, new) = facts_of(
        facts,
        d.s.catalogue.quests.get(&name),
        catalogue::check_quest,
        || format!("describe {name} once: its type, difficulty, Hope Stones and Realm"),
    )?;
    let names: Vec<String> = d.s.realms.iter().map(|r| r.name.clone()).collect();
    let realm = realm_named(&names, &f.location).ok_or_else(|| {
        err(
            "realm-lord.quest-location",
            format!(
                "{name}'s Realm {} is not one of the Realms ({})",
                f.location,
                names.join(", ")
            ),
        )
    })?;
    if let Some(q) = &d.s.realms[usize::from(realm)].quest {
        return Err(err(
            "realm-lord.realm-has-quest",
            format!(
                "{} already holds the Quest {}: one Quest per Realm",
                names[usize::from(realm)],
                q.name
            ),
        ));
    }
    if new {
        d.push(E::CardDescribed {
            card: Described::Quest {
                name: name.clone(),
                facts: f.clone(),
            },
        });
    }
    d.push(E::QuestAttached {
        realm,
        name,
        facts: f,
    });
    Ok(())
}

pub fn event(
    d: &mut Draft,
    name: &str,
    facts: &Option<CardText>,
    effects: &[Change],
) -> Result<(), RuleError> {
    let name = card_name(name)?;
    take_action(d)?;
    play_from_hand(d, &name)?;
    let known = d.s.catalogue.events.get(&name).cloned();
    let given = facts
        .clone()
        .or_else(|| known.is_none().then(CardText::default));
    if let Some(g) = &given {
        catalogue::check_event(g)?;
    }
    if let Some(g) = given.filter(|g| known.as_ref() != Some(g)) {
        d.push(E::CardDescribed {
            card: Described::Event {
                name: name.clone(),
                facts: g,
            },
        });
    }
    // Resolve the effect, then the card goes to the discard pile (004 line 133).
    changes::apply_all(d, effects)?;
    d.push(E::EventPlayed { name });
    Ok(())
}

pub fn travel(d: &mut Draft, hero: Piece, to: u8) -> Result<(), RuleError> {
    take_action(d)?;
    let f = own_ready(d, hero, "travel")?;
    let to = realm_index(d, to)?;
    if f.realm == to {
        return Err(err(
            "realm-lord.travel-same-realm",
            format!(
                "{} is already at {}: travel is to another Realm",
                f.name,
                d.s.realm_name(to)
            ),
        ));
    }
    // Its Treasure goes along (004 line 111); then the hero is exhausted (line 140).
    d.push(E::Traveled {
        piece: hero,
        from: f.realm,
        to,
    });
    d.push(E::Exhausted { piece: hero });
    Ok(())
}

pub fn use_treasure(d: &mut Draft, hero: Piece, effects: &[Change]) -> Result<(), RuleError> {
    take_action(d)?;
    let f = own_ready(d, hero, "use a Treasure")?;
    let Some(t) = &f.treasure else {
        return Err(err(
            "realm-lord.no-treasure",
            format!("{} has no Treasure attached", f.name),
        ));
    };
    if t.exhausted {
        return Err(err(
            "realm-lord.treasure-exhausted",
            format!(
                "{}'s {} is exhausted: it readies at the start of the next turn",
                f.name, t.name
            ),
        ));
    }
    // Only the Treasure is exhausted, not the hero (004 line 144, reading B5).
    let (owner, realm) = (d.s.current, f.realm);
    d.moments.push(Moment::TreasureUsed {
        treasure: t.name.clone(),
        owner,
        realm,
    });
    d.push(E::TreasureExhausted { piece: hero });
    changes::apply_all(d, effects)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn described_facts_win_over_remembered_ones_and_are_marked_new() {
        let known = HeroFacts {
            valor: 1,
            might: 1,
            craft: 1,
            magic: 1,
            text: String::new(),
            bonus: None,
            ability: None,
        };
        let corrected = HeroFacts {
            might: 4,
            ..known.clone()
        };
        let ok = |_: &HeroFacts| Ok(());
        let r = facts_of(&Some(corrected.clone()), Some(&known), ok, String::new);
        assert_eq!(r, Ok((corrected, true)));
        let r = facts_of(&None, Some(&known), ok, String::new);
        assert_eq!(r, Ok((known.clone(), false)));
        let r = facts_of(&None, None, ok, || "describe it".into());
        assert_eq!(r.map_err(|e| e.rule), Err("realm-lord.card-unknown".into()));
    }
}
