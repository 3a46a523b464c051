//! Realm Lord's tagged abilities acting at their moment (reading B19), one test per trigger of
//! the closed list, each on the rulebook's example card: Thraken (004 line 52), Dirk (line 65),
//! Riddle Of Song (line 77), Pitfalls Of Blackboil (line 86), Tome Of Knowledge (line 95); the
//! refusals `realm-lord.ability-tag` and `realm-lord.no-such-ability`; undo; untagged cards.

use crate::common;

use common::realm_lord::*;
use estate_steward::games::realm_lord::abilities::{Ability, Does, When};
use estate_steward::games::realm_lord::catalogue::{check_catalogue_entry, CardText, Catalogue};
use estate_steward::games::realm_lord::{Change, LordAction as A, LordOptions};
use serde_json::json;

fn tagged(tag: impl FnOnce(&mut Catalogue)) -> LordOptions {
    let mut o = options();
    tag(&mut o.catalogue);
    o
}

/// Two players (Ana: Thraken at Darkthorn; Bo: Lyra at Mysteria), Ana's actions, with room for
/// more actions than three.
fn table(opts: LordOptions) -> S {
    let mut s = started_with(2, opts, 7, 30, 0);
    act(&mut s, A::Draw);
    effect(&mut s, vec![Change::ExtraActions { count: 3 }]);
    effect(&mut s, vec![Change::ExtraActions { count: 3 }]);
    s
}

fn effect(s: &mut S, effects: Vec<Change>) {
    act(
        s,
        A::Effect {
            source: "The table".into(),
            effects,
        },
    );
}

fn ability(when: When, does: Does) -> Option<Ability> {
    Some(Ability { when, does })
}

/// The waiting abilities: card, for whom, what is offered.
fn waiting(s: &S) -> Vec<(String, u8, Vec<Change>)> {
    st(s)
        .pending
        .iter()
        .map(|p| (p.card.clone(), p.player, p.offer.clone()))
        .collect()
}

fn resolve(s: &mut S, apply: bool) {
    act(s, A::ResolveAbility { index: 0, apply });
}

#[test]
fn thraken_acts_when_another_players_hero_fails_and_undo_takes_it_back() {
    let opts = tagged(|c| {
        if let Some(f) = c.lords.get_mut("Thraken The Deceiver") {
            f.ability = ability(When::OtherPlayersHeroFails, Does::Hope { delta: -1 });
        }
    });
    let mut s = table(opts);
    effect(&mut s, vec![Change::Hope { seat: 1, delta: 2 }]);
    play_quest(&mut s, "Troll Bridge");
    // Ana's own Thraken failing is not "another player's hero".
    quest_with(&mut s, lord_of(0), 1, 0);
    assert!(waiting(&s).is_empty());
    // On Bo's turn Lyra fails the quest where Thraken stands: Thraken's ability comes up for Bo.
    act(&mut s, A::EndTurn);
    pass_to(&mut s, 1);
    effect(
        &mut s,
        vec![Change::Move {
            piece: lord_of(1),
            to: DARKTHORN,
        }],
    );
    let events = quest_with(&mut s, lord_of(1), 1, 0);
    assert!(events.iter().any(|e| matches!(
        e,
        estate_steward::games::realm_lord::LordEvent::AbilityTriggered { .. }
    )));
    let expected = vec![(
        "Thraken The Deceiver".to_string(),
        1,
        vec![Change::Hope { seat: 1, delta: -1 }],
    )];
    assert_eq!(waiting(&s), expected);
    // Offered first, with its effect in words, and closing it is offered too.
    let offers = allowed_actions(&s);
    assert_eq!(
        offers.first(),
        Some(&A::ResolveAbility {
            index: 0,
            apply: true
        })
    );
    assert!(offers.contains(&A::ResolveAbility {
        index: 0,
        apply: false
    }));
    resolve(&mut s, true);
    assert_eq!(hope(&s), vec![0, 1]);
    assert!(waiting(&s).is_empty());
    // Undo takes the answer back: the ability waits again, Bo has both stones.
    s.undo();
    assert_eq!(hope(&s), vec![0, 2]);
    assert_eq!(waiting(&s), expected);
    assert_eq!(st(&s), &s.replayed(), "replay gives the same table");
}

#[test]
fn dirk_banished_banishes_the_other_players_heroes_in_his_realm() {
    let opts = tagged(|c| {
        if let Some(f) = c.heroes.get_mut("Dirk") {
            f.text = "If Dirk is banished, each other player's heroes in this Realm are banished."
                .into();
            f.ability = ability(When::ThisCardBanished, Does::BanishOthersHere);
        }
    });
    let mut s = table(opts);
    play_hero(&mut s, "Dirk"); // hero #1 at Darkthorn, Ana's Homeland
    effect(
        &mut s,
        vec![Change::Move {
            piece: lord_of(1),
            to: DARKTHORN,
        }],
    );
    effect(&mut s, vec![Change::Banish { piece: hero_id(1) }]);
    assert_eq!(
        waiting(&s),
        vec![(
            "Dirk".to_string(),
            0,
            vec![Change::Banish { piece: lord_of(1) }]
        )]
    );
    assert!(st(&s).pending[0].text.starts_with("If Dirk is banished"));
    resolve(&mut s, true);
    let (_, lyra) = st(&s)
        .figure(lord_of(1))
        .unwrap_or_else(|| panic!("in play"));
    assert_eq!(
        (lyra.realm, lyra.exhausted),
        (MYSTERIA, true),
        "a banished Lord goes home exhausted (004 line 115)"
    );
    let (_, thraken) = st(&s)
        .figure(lord_of(0))
        .unwrap_or_else(|| panic!("in play"));
    assert!(!thraken.exhausted, "Dirk's own side is spared");
}

#[test]
fn riddle_of_song_makes_the_questing_player_discard() {
    let opts = tagged(|c| {
        if let Some(f) = c.quests.get_mut("Riddle Of Song") {
            f.ability = ability(When::HeroGoesOnThisQuest, Does::Hand { delta: -1 });
        }
    });
    let mut s = table(opts);
    play_quest(&mut s, "Riddle Of Song"); // at Mysteria, where Lyra stands
                                          // Anyone's hero may go on it (reading B17): Bo's Lyra, on Bo's turn.
    act(&mut s, A::EndTurn);
    pass_to(&mut s, 1);
    let hand = st(&s).seats[1].hand;
    quest_with(&mut s, lord_of(1), 3, 0);
    assert_eq!(
        waiting(&s),
        vec![(
            "Riddle Of Song".to_string(),
            1,
            vec![Change::Hand { seat: 1, delta: -1 }]
        )]
    );
    resolve(&mut s, true);
    assert_eq!(st(&s).seats[1].hand, hand - 1);
}

/// An effect offered only when it can be made now: a discard from an empty hand is not offered
/// (applying it is refused by the change's own rule); closing it as done still is.
#[test]
fn an_effect_that_cannot_be_made_now_is_offered_as_done_only() {
    let opts = tagged(|c| {
        if let Some(f) = c.quests.get_mut("Riddle Of Song") {
            f.ability = ability(When::HeroGoesOnThisQuest, Does::Hand { delta: -1 });
        }
    });
    let mut s = table(opts);
    play_quest(&mut s, "Riddle Of Song");
    act(&mut s, A::EndTurn);
    pass_to(&mut s, 1);
    let hand = i32::from(st(&s).seats[1].hand);
    effect(
        &mut s,
        vec![Change::Hand {
            seat: 1,
            delta: -hand,
        }],
    );
    quest_with(&mut s, lord_of(1), 3, 0);
    let apply = A::ResolveAbility {
        index: 0,
        apply: true,
    };
    let done = A::ResolveAbility {
        index: 0,
        apply: false,
    };
    let offers = allowed_actions(&s);
    assert!(!offers.contains(&apply), "Bo holds no card to discard");
    assert!(offers.contains(&done));
    assert_eq!(refused(&mut s, apply), "realm-lord.change-invalid");
    resolve(&mut s, false);
    assert!(waiting(&s).is_empty());
}

#[test]
fn a_turn_starting_with_a_hero_in_blackboil_loses_the_next_turn() {
    // Pitfalls Of Blackboil's moment, tagged here on a Quest that stays in play at Blackboil.
    let opts = tagged(|c| {
        if let Some(f) = c.quests.get_mut("Lost Relic") {
            f.ability = ability(
                When::TurnStartsWithHeroIn {
                    realm: "Blackboil".into(),
                },
                Does::SkipNextTurn,
            );
        }
    });
    let mut s = table(opts);
    play_quest(&mut s, "Lost Relic");
    effect(
        &mut s,
        vec![Change::Move {
            piece: lord_of(1),
            to: BLACKBOIL,
        }],
    );
    act(&mut s, A::EndTurn);
    // Bo's turn starts with Lyra in Blackboil.
    assert_eq!(
        waiting(&s),
        vec![(
            "Lost Relic".to_string(),
            1,
            vec![Change::SkipNextTurn { seat: 1 }]
        )]
    );
    resolve(&mut s, true);
    assert!(st(&s).seats[1].skip_next);
    // Ana's turns, with no hero there, bring nothing up.
    act(&mut s, A::Draw);
    act(&mut s, A::EndTurn);
    assert!(waiting(&s).is_empty());
}

#[test]
fn tome_of_knowledge_use_draws_a_card_and_a_tables_effect_is_only_closed() {
    let opts = tagged(|c| {
        c.treasures.insert(
            "Tome Of Knowledge".into(),
            CardText {
                text: "Use: Draw a card.".into(),
                bonus: None,
                ability: ability(When::OnUse, Does::Hand { delta: 1 }),
            },
        );
        if let Some(f) = c.heroes.get_mut("Wren") {
            f.ability = ability(When::ThisCardBanished, Does::Table);
        }
    });
    let mut s = table(opts);
    act(
        &mut s,
        A::PlayTreasure {
            name: "Tome Of Knowledge".into(),
            hero: lord_of(0),
            facts: None,
        },
    );
    let hand = st(&s).seats[0].hand;
    act(
        &mut s,
        A::UseTreasure {
            hero: lord_of(0),
            effects: Vec::new(),
        },
    );
    assert_eq!(
        waiting(&s),
        vec![(
            "Tome Of Knowledge".to_string(),
            0,
            vec![Change::Hand { seat: 0, delta: 1 }]
        )]
    );
    assert_eq!(st(&s).pending[0].text, "Use: Draw a card.");
    resolve(&mut s, true);
    assert_eq!(st(&s).seats[0].hand, hand + 1);

    // Wren's effect is the table's: shown, then closed; applying it is refused.
    play_hero(&mut s, "Wren");
    effect(&mut s, vec![Change::Banish { piece: hero_id(1) }]);
    assert_eq!(waiting(&s), vec![("Wren".to_string(), 0, Vec::new())]);
    let apply = A::ResolveAbility {
        index: 0,
        apply: true,
    };
    assert!(!allowed_actions(&s).contains(&apply));
    assert_eq!(refused(&mut s, apply), "realm-lord.no-such-ability");
    resolve(&mut s, false);
    assert!(waiting(&s).is_empty());
}

#[test]
fn realm_lord_no_such_ability_nothing_waits() {
    let mut s = table(options());
    let a = A::ResolveAbility {
        index: 0,
        apply: false,
    };
    assert_eq!(refused(&mut s, a), "realm-lord.no-such-ability");
}

#[test]
fn an_untagged_card_brings_nothing_up() {
    let mut s = table(options());
    play_quest(&mut s, "Riddle Of Song");
    play_quest(&mut s, "Troll Bridge");
    play_hero(&mut s, "Dirk");
    quest_with(&mut s, lord_of(0), 1, 0);
    act(&mut s, A::EndTurn);
    pass_to(&mut s, 1);
    quest_with(&mut s, lord_of(1), 1, 0);
    effect(&mut s, vec![Change::Banish { piece: hero_id(1) }]);
    assert!(waiting(&s).is_empty());
}

#[test]
fn realm_lord_ability_tag_each_moment_on_the_cards_that_can_have_it() {
    let entry = |key: &str, v| check_catalogue_entry(key, &v).err().map(|e| e.rule);
    let hero = |when, does| json!({"valor": 1, "might": 1, "craft": 1, "magic": 1, "ability": {"when": when, "does": does}});
    let ok = None;
    let bad = Some("realm-lord.ability-tag".to_string());
    let hope = json!({"kind": "Hope", "delta": -1});
    assert_eq!(
        entry(
            "hero:Dirk",
            hero(json!({"kind": "ThisCardBanished"}), hope.clone())
        ),
        ok
    );
    assert_eq!(
        entry("hero:Dirk", hero(json!({"kind": "OnUse"}), hope.clone())),
        bad,
        "only a Treasure is used"
    );
    assert_eq!(
        entry(
            "hero:Dirk",
            hero(json!({"kind": "HeroGoesOnThisQuest"}), hope.clone())
        ),
        bad
    );
    assert_eq!(
        entry(
            "hero:Dirk",
            hero(
                json!({"kind": "ThisCardBanished"}),
                json!({"kind": "Hope", "delta": 0})
            )
        ),
        bad,
        "a change of 0 changes nothing"
    );
    assert_eq!(
        entry(
            "hero:Dirk",
            hero(
                json!({"kind": "TurnStartsWithHeroIn", "realm": " "}),
                hope.clone()
            )
        ),
        bad,
        "the Realm is named"
    );
    let event = json!({"text": "", "ability": {"when": {"kind": "TurnStartsWithHeroIn", "realm": "Blackboil"}, "does": {"kind": "SkipNextTurn"}}});
    assert_eq!(
        entry("event:Pitfalls Of Blackdoil", event),
        bad,
        "an Event acts once"
    );
    let tome = json!({"text": "", "ability": {"when": {"kind": "OnUse"}, "does": {"kind": "Hand", "delta": 1}}});
    assert_eq!(entry("treasure:Tome Of Knowledge", tome), ok);
    // A card described in play with a tag that does not fit is refused the same way.
    let mut s = table(options());
    let mut f = common::realm_lord::hero(1, 1, 1, 1);
    f.ability = ability(When::OnUse, Does::Table);
    let a = A::PlayHero {
        name: "Newt".into(),
        facts: Some(f),
        discard: None,
    };
    assert_eq!(refused(&mut s, a), "realm-lord.ability-tag");
}
