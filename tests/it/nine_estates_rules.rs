//! Count of the Nine Estates: one test per rule the app enforces (rulebook 001), each failing
//! when its rule is broken.

use crate::common;

use common::*;
use estate_steward::engine::Game;
use estate_steward::games::nine_estates::cards::{Face, Resource::*};
use estate_steward::games::nine_estates::payment::{Pay, Source};
use estate_steward::games::nine_estates::scoring;
use estate_steward::games::nine_estates::state::{CardPos, EstateStatus, Phase, Slot};
use estate_steward::games::nine_estates::{
    Deal, Described, NineAction, NineEstates, RoundChoice, Target,
};

fn pay(from: Source, resource: estate_steward::games::nine_estates::cards::Resource) -> Pay {
    Pay { from, resource }
}
fn build_centre(payment: Vec<Pay>) -> NineAction {
    NineAction::Build {
        target: Target::Structure { slot: Slot::Centre },
        payment,
    }
}
fn build_estate(row: u8, col: u8, payment: Vec<Pay>) -> NineAction {
    NineAction::Build {
        target: Target::Estate { row, col },
        payment,
    }
}
fn describe(
    card: u8,
    face: Face,
    def: estate_steward::games::nine_estates::cards::FaceDef,
) -> NineAction {
    NineAction::Describe {
        card: Described::Structure { card, face, def },
    }
}
fn pass_until_round_end(s: &mut estate_steward::engine::Session<NineEstates>) {
    while s.state().phase == Phase::Playing {
        act(s, NineAction::Pass);
    }
}

#[test]
fn the_deal_lays_the_centre_and_left_cards() {
    let s = dealt();
    assert_eq!(
        s.state().centre,
        Some(CardPos {
            card: 1,
            upright: true
        })
    );
    assert_eq!(s.state().deck.first().map(|c| c.card), Some(2));
    assert_eq!(s.state().round, 1);
    assert_eq!(
        s.state().grid[2].iter().map(|e| e.card).collect::<Vec<_>>(),
        vec![1, 2, 3],
        "Peasants at the bottom"
    );
}

#[test]
fn a_recorded_deal_must_hold_each_card_once() {
    let mut s = new_session(catalogue());
    let mut deck: Vec<CardPos> = (1..=9)
        .map(|card| CardPos {
            card,
            upright: true,
        })
        .collect();
    deck[8].card = 1;
    let bad = Deal::Recorded {
        grid: Some(vec![vec![7, 8, 9], vec![4, 5, 6], vec![1, 2, 3]]),
        deck,
    };
    assert_eq!(refused(&mut s, NineAction::Deal { deal: bad }), "nine.deal");
    let wrong_rows = Deal::Recorded {
        grid: Some(vec![vec![1, 2, 3], vec![4, 5, 6], vec![7, 8, 9]]),
        deck: (1..=9)
            .map(|card| CardPos {
                card,
                upright: true,
            })
            .collect(),
    };
    assert_eq!(
        refused(&mut s, NineAction::Deal { deal: wrong_rows }),
        "nine.deal",
        "Nobility goes on top"
    );
}

#[test]
fn the_app_shuffle_is_recorded_as_an_outcome() {
    let mut s = new_session(catalogue());
    act(
        &mut s,
        NineAction::Deal {
            deal: Deal::Shuffle,
        },
    );
    let mut cards: Vec<u8> = s.state().deck.iter().map(|c| c.card).collect();
    cards.extend(s.state().centre.map(|c| c.card));
    cards.sort_unstable();
    assert_eq!(cards, (1..=9).collect::<Vec<_>>());
    let events = format!("{:?}", s.entries()[0].events);
    assert!(
        events.contains("Dealt"),
        "the deal's outcome is in the log: {events}"
    );
}

#[test]
fn passing_flips_the_centre_card_onto_the_discard_pile_and_slides_the_next() {
    let mut s = dealt();
    act(&mut s, NineAction::Pass);
    assert_eq!(s.state().discard.last().map(|d| d.card), Some(1));
    assert_eq!(s.state().centre.map(|c| c.card), Some(2));
    assert_eq!(s.state().deck.first().map(|c| c.card), Some(3));
    // The discard top now offers its rounded side's top edge (Food when upright).
    assert_eq!(s.state().slot_yield(Slot::Discard), Some(&vec![Food]));
}

#[test]
fn one_build_per_turn_then_the_turn_ends() {
    let mut s = dealt();
    let turn = s.state().turn;
    act(&mut s, build_centre(vec![pay(Source::Left, Wood)]));
    assert_eq!(s.state().turn, turn + 1, "a build is the whole turn");
    assert_eq!(s.state().structures.len(), 1);
    // The left card paid: it went to the discard pile; the next card slid to the centre.
    assert_eq!(s.state().discard.last().map(|d| d.card), Some(2));
    assert_eq!(s.state().centre.map(|c| c.card), Some(3));
}

#[test]
fn an_active_card_may_pay_for_its_own_structure_which_is_not_tilted() {
    let mut s = dealt();
    act(&mut s, build_centre(vec![pay(Source::Centre, Wood)]));
    assert_eq!(s.state().structures[0].name, "Sq1");
    assert!(!s.state().structures[0].tilted);
    assert!(
        s.state().discard.is_empty(),
        "the built card does not also go to the discard pile"
    );
}

#[test]
fn a_used_structure_is_tilted_and_not_reused_until_the_round_resets() {
    let mut s = dealt();
    act(&mut s, build_centre(vec![pay(Source::Centre, Wood)]));
    act(
        &mut s,
        build_centre(vec![pay(Source::Structure { index: 0 }, Wood)]),
    );
    assert!(s.state().structures[0].tilted);
    assert_eq!(
        refused(
            &mut s,
            build_centre(vec![pay(Source::Structure { index: 0 }, Wood)])
        ),
        "nine.tilted"
    );
    pass_until_round_end(&mut s);
    assert!(
        s.state().structures.iter().all(|x| !x.tilted),
        "tilted Structures reset at the round's end"
    );
}

#[test]
fn a_used_discard_top_stays_tilted() {
    let mut s = dealt();
    act(&mut s, NineAction::Pass); // card 1 on the discard pile (Food)
                                   // Card 2 (centre) costs Wood; pay with its own Wood and tilt the discard? Use a Food cost.
    let mut def = described(&catalogue(), 2, Face::Square);
    def.cost = vec![Food];
    act(&mut s, describe(2, Face::Square, def));
    act(&mut s, build_centre(vec![pay(Source::Discard, Food)]));
    assert!(s.state().discard.last().is_some_and(|d| d.tilted));
    let mut def3 = described(&catalogue(), 3, Face::Square);
    def3.cost = vec![Food];
    act(&mut s, describe(3, Face::Square, def3));
    assert_eq!(
        refused(&mut s, build_centre(vec![pay(Source::Discard, Food)])),
        "nine.tilted"
    );
}

#[test]
fn estates_are_not_reset_at_the_round_end_but_are_at_the_next_era() {
    let mut s = dealt();
    act(&mut s, build_estate(2, 0, vec![pay(Source::Centre, Wood)]));
    let action =
        build_centre(vec![pay(Source::Estate { index: 0 }, Food)]).clone_with_cost_fix(&mut s);
    act(&mut s, action);
    assert!(s.state().estates[0].used);
    // The screen reads the Era built and the tilt from the view.
    let seen = NineEstates::view(s.state()).built_estates;
    assert_eq!(seen, s.state().estates);
    assert!(seen[0].used && seen[0].era == 1);
    pass_until_round_end(&mut s);
    assert!(
        s.state().estates[0].used,
        "Estates stay tilted across rounds"
    );
    assert_eq!(
        refused(
            &mut s,
            NineAction::Build {
                target: Target::Structure { slot: Slot::Left },
                payment: vec![pay(Source::Estate { index: 0 }, Food)]
            }
        ),
        "nine.phase"
    );
    act(&mut s, NineAction::EndEra);
    assert!(
        !s.state().estates[0].used,
        "Estates lend their resource again in Era 2"
    );
}

trait CostFix {
    fn clone_with_cost_fix(
        self,
        s: &mut estate_steward::engine::Session<NineEstates>,
    ) -> NineAction;
}
impl CostFix for NineAction {
    /// Make the centre card cost Food so that an Estate's Food can pay for it.
    fn clone_with_cost_fix(
        self,
        s: &mut estate_steward::engine::Session<NineEstates>,
    ) -> NineAction {
        if let Some(c) = s.state().centre {
            let mut def = described(&catalogue(), c.card, Face::Square);
            def.cost = vec![Food];
            act(s, describe(c.card, Face::Square, def));
        }
        self
    }
}

#[test]
fn estates_are_built_peasant_then_clergy_then_nobility() {
    let mut s = dealt();
    assert_eq!(
        refused(&mut s, build_estate(1, 1, vec![pay(Source::Centre, Wood)])),
        "nine.estate-order"
    );
    assert_eq!(
        refused(&mut s, build_estate(0, 1, vec![pay(Source::Centre, Wood)])),
        "nine.estate-order"
    );
    act(&mut s, build_estate(2, 0, vec![pay(Source::Centre, Wood)]));
    assert_eq!(
        refused(&mut s, build_estate(0, 1, vec![pay(Source::Centre, Wood)])),
        "nine.estate-order"
    );
    act(&mut s, build_estate(1, 1, vec![pay(Source::Centre, Wood)]));
    act(&mut s, build_estate(0, 2, vec![pay(Source::Centre, Wood)]));
    assert_eq!(s.state().estates.len(), 3);
}

#[test]
fn building_an_estate_discards_the_others_in_its_row_and_column() {
    let mut s = dealt();
    act(&mut s, build_estate(2, 0, vec![pay(Source::Centre, Wood)]));
    let g = &s.state().grid;
    assert_eq!(g[2][0].status, EstateStatus::Built);
    assert_eq!(g[2][1].status, EstateStatus::Removed);
    assert_eq!(g[2][2].status, EstateStatus::Removed);
    assert_eq!(g[1][0].status, EstateStatus::Removed);
    assert_eq!(g[0][0].status, EstateStatus::Removed);
    assert_eq!(g[1][1].status, EstateStatus::Available);
    assert_eq!(
        refused(&mut s, build_estate(2, 1, vec![pay(Source::Centre, Wood)])),
        "nine.estate-removed"
    );
    assert_eq!(
        refused(&mut s, build_estate(1, 0, vec![pay(Source::Centre, Wood)])),
        "nine.estate-removed"
    );
    assert_eq!(
        refused(&mut s, build_estate(2, 0, vec![pay(Source::Centre, Wood)])),
        "nine.estate-built"
    );
}

#[test]
fn prerequisite_structures_must_already_be_built() {
    let mut s = dealt();
    let mut def = described(&catalogue(), 1, Face::Square);
    def.requires = vec!["Sq2".into()];
    act(&mut s, describe(1, Face::Square, def));
    assert_eq!(
        refused(&mut s, build_centre(vec![pay(Source::Centre, Wood)])),
        "nine.prerequisite"
    );
    // Build Sq2 from the left card first, then Sq1 is allowed.
    act(
        &mut s,
        NineAction::Build {
            target: Target::Structure { slot: Slot::Left },
            payment: vec![pay(Source::Left, Wood)],
        },
    );
    act(&mut s, build_centre(vec![pay(Source::Centre, Wood)]));
    assert!(s.state().has_structure("Sq1"));
}

#[test]
fn gold_replaces_food_wood_stone_or_ore_but_never_work_crew() {
    let mut s = dealt();
    let mut left = described(&catalogue(), 2, Face::Square);
    left.upright = vec![Gold];
    act(&mut s, describe(2, Face::Square, left));
    let mut centre = described(&catalogue(), 1, Face::Square);
    centre.cost = vec![WorkCrew];
    act(&mut s, describe(1, Face::Square, centre.clone()));
    assert_eq!(
        refused(&mut s, build_centre(vec![pay(Source::Left, Gold)])),
        "nine.gold-not-work-crew"
    );
    for r in [Food, Wood, Stone, Ore] {
        let mut s2 = dealt();
        let mut left = described(&catalogue(), 2, Face::Square);
        left.upright = vec![Gold];
        act(&mut s2, describe(2, Face::Square, left));
        centre.cost = vec![r];
        act(&mut s2, describe(1, Face::Square, centre.clone()));
        act(&mut s2, build_centre(vec![pay(Source::Left, Gold)]));
    }
}

#[test]
fn either_resource_of_a_slash_may_be_used_but_nothing_else() {
    let mut s = dealt();
    let mut left = described(&catalogue(), 2, Face::Square);
    left.upright = vec![Wood, Ore];
    act(&mut s, describe(2, Face::Square, left));
    let mut centre = described(&catalogue(), 1, Face::Square);
    centre.cost = vec![Ore];
    act(&mut s, describe(1, Face::Square, centre));
    assert_eq!(
        refused(&mut s, build_centre(vec![pay(Source::Left, Stone)])),
        "nine.source-resource"
    );
    act(&mut s, build_centre(vec![pay(Source::Left, Ore)]));
}

#[test]
fn a_payment_must_cover_the_cost_exactly_one_resource_per_card() {
    let mut s = dealt();
    let mut centre = described(&catalogue(), 1, Face::Square);
    centre.cost = vec![Wood, Wood];
    act(&mut s, describe(1, Face::Square, centre));
    assert_eq!(
        refused(&mut s, build_centre(vec![pay(Source::Left, Wood)])),
        "nine.payment"
    );
    assert_eq!(
        refused(
            &mut s,
            build_centre(vec![pay(Source::Left, Wood), pay(Source::Left, Wood)])
        ),
        "nine.one-resource-per-card"
    );
    let mut s2 = dealt();
    assert_eq!(
        refused(
            &mut s2,
            build_centre(vec![pay(Source::Left, Wood), pay(Source::Centre, Wood)])
        ),
        "nine.payment",
        "overpaying is refused"
    );
    act(
        &mut s,
        build_centre(vec![pay(Source::Left, Wood), pay(Source::Centre, Wood)]),
    );
}

#[test]
fn a_card_not_yet_described_must_be_described_before_it_is_built() {
    let mut s = new_session(Default::default());
    act(
        &mut s,
        NineAction::Deal {
            deal: recorded_deal(),
        },
    );
    assert_eq!(
        refused(&mut s, build_centre(vec![pay(Source::Centre, Wood)])),
        "nine.card-unknown"
    );
    act(
        &mut s,
        describe(1, Face::Square, described(&catalogue(), 1, Face::Square)),
    );
    act(&mut s, build_centre(vec![pay(Source::Centre, Wood)]));
    assert_eq!(
        NineEstates::learned(&s.entries()[1].events[0]).len(),
        1,
        "the description is remembered"
    );
}

#[test]
fn only_the_first_card_may_be_turned_and_only_before_the_first_turn() {
    let mut s = dealt();
    act(&mut s, NineAction::TurnFirstCard);
    assert_eq!(
        s.state().centre,
        Some(CardPos {
            card: 1,
            upright: false
        })
    );
    assert_eq!(s.state().slot_yield(Slot::Centre), Some(&vec![Stone]));
    act(&mut s, NineAction::Pass);
    assert_eq!(
        refused(&mut s, NineAction::TurnFirstCard),
        "nine.orient-first"
    );
}

#[test]
fn turning_the_first_card_turns_the_whole_deck() {
    let mut s = dealt();
    act(&mut s, NineAction::TurnFirstCard);
    // Setup step 3 (line 34): the deck is placed with the chosen resource at the top edge, so
    // every card of it lies the other way round, not only the first.
    assert_eq!(
        s.state().centre,
        Some(CardPos {
            card: 1,
            upright: false
        })
    );
    assert!(
        s.state().deck.iter().all(|c| !c.upright),
        "cards 2-9 turn with the deck: {:?}",
        s.state().deck
    );
    assert_eq!(s.state().slot_yield(Slot::Left), Some(&vec![Stone]));
    // Turning back restores the whole deck.
    act(&mut s, NineAction::TurnFirstCard);
    assert!(s.state().deck.iter().all(|c| c.upright));
    assert_eq!(s.state().centre.map(|c| c.upright), Some(true));
}

#[test]
fn a_tilted_discard_top_may_not_be_built_this_round() {
    let mut s = dealt();
    act(&mut s, NineAction::Pass); // card 1 on the discard pile, offering Food
    let mut def = described(&catalogue(), 2, Face::Square);
    def.cost = vec![Food];
    act(&mut s, describe(2, Face::Square, def));
    act(&mut s, build_centre(vec![pay(Source::Discard, Food)]));
    assert!(s.state().discard.last().is_some_and(|d| d.tilted));
    // Card 1's rounded side now costs Wood, which the left card could pay.
    let mut rd1 = described(&catalogue(), 1, Face::Round);
    rd1.cost = vec![Wood];
    act(&mut s, describe(1, Face::Round, rd1));
    let offered_discard = NineEstates::allowed(s.state()).into_iter().any(|a| {
        matches!(
            a.action,
            NineAction::Build {
                target: Target::Structure {
                    slot: Slot::Discard
                },
                ..
            }
        )
    });
    assert!(
        !offered_discard,
        "a tilted card is not offered for building"
    );
    assert_eq!(
        refused(
            &mut s,
            NineAction::Build {
                target: Target::Structure {
                    slot: Slot::Discard
                },
                payment: vec![pay(Source::Left, Wood)],
            }
        ),
        "nine.tilted"
    );
}

#[test]
fn the_discard_top_may_pay_for_its_own_structure_which_is_not_tilted() {
    let mut s = dealt();
    act(&mut s, NineAction::Pass); // card 1 on the discard pile, offering Food
    let mut rd1 = described(&catalogue(), 1, Face::Round);
    rd1.cost = vec![Food];
    act(&mut s, describe(1, Face::Round, rd1));
    act(
        &mut s,
        NineAction::Build {
            target: Target::Structure {
                slot: Slot::Discard,
            },
            payment: vec![pay(Source::Discard, Food)],
        },
    );
    assert_eq!(s.state().structures[0].name, "Rd1");
    assert!(!s.state().structures[0].tilted, "line 67: not tilted");
    assert!(s.state().discard.is_empty());
}

/// The payments offered for building `target`, each as its sources.
fn offered_payments(
    s: &estate_steward::engine::Session<NineEstates>,
    target: Target,
) -> Vec<Vec<Source>> {
    NineEstates::allowed(s.state())
        .into_iter()
        .filter_map(|a| match a.action {
            NineAction::Build { target: t, payment } if t == target => {
                Some(payment.iter().map(|p| p.from).collect())
            }
            _ => None,
        })
        .collect()
}

#[test]
fn every_way_to_pay_is_offered_once() {
    let mut s = dealt();
    // Two Structures that both provide Wood: Sq1 and Sq2, each paid with its own card.
    act(&mut s, build_centre(vec![pay(Source::Centre, Wood)]));
    act(&mut s, build_centre(vec![pay(Source::Centre, Wood)]));
    // The centre card 3 now costs two Wood; the left card 4 and card 3 itself offer Wood too.
    let mut def = described(&catalogue(), 3, Face::Square);
    def.cost = vec![Wood, Wood];
    act(&mut s, describe(3, Face::Square, def));
    let centre = Target::Structure { slot: Slot::Centre };
    let mut offered = offered_payments(&s, centre);
    offered.sort();
    // Sq1 and Sq2 provide the same and are both reset at the round's end: using one or the
    // other is the same choice, offered once. The active cards each go their own way.
    let s0 = Source::Structure { index: 0 };
    let s1 = Source::Structure { index: 1 };
    let mut want = vec![
        vec![Source::Left, Source::Centre],
        vec![Source::Left, s0],
        vec![Source::Centre, s0],
        vec![s0, s1],
    ];
    want.sort();
    assert_eq!(offered, want);
    for a in NineEstates::allowed(s.state()) {
        assert!(
            s.decide(a.action.clone()).is_ok(),
            "{} is offered but refused",
            a.label
        );
    }
}

#[test]
fn the_round_ends_when_the_deck_runs_out_and_the_discard_pile_becomes_the_deck() {
    let mut s = dealt();
    assert_eq!(
        refused(
            &mut s,
            NineAction::ChooseRoundEnd {
                choice: RoundChoice::RotateAll
            }
        ),
        "nine.phase"
    );
    for _ in 0..8 {
        act(&mut s, NineAction::Pass);
        assert_eq!(s.state().phase, Phase::Playing);
    }
    assert!(
        s.state().deck.is_empty() && s.state().centre.is_some(),
        "the last card still gets its turn"
    );
    act(&mut s, NineAction::Pass);
    assert_eq!(s.state().phase, Phase::RoundEnd);
    // Line 75: the pile is flipped over, so card 1, discarded first and lying at the bottom of
    // the pile, is the new deck's top card.
    assert_eq!(
        s.state().deck.iter().map(|c| c.card).collect::<Vec<_>>(),
        (1..=9).collect::<Vec<_>>()
    );
    assert_eq!(refused(&mut s, NineAction::Pass), "nine.phase");
}

#[test]
fn turning_the_pile_over_puts_the_first_discarded_card_on_top() {
    let mut s = dealt();
    // Card 1 is built, paid by the left card 2: card 2 is the first card on the discard pile.
    act(&mut s, build_centre(vec![pay(Source::Left, Wood)]));
    pass_until_round_end(&mut s);
    let pile: Vec<u8> = s.state().deck.iter().map(|c| c.card).collect();
    assert_eq!(
        pile,
        vec![2, 3, 4, 5, 6, 7, 8, 9],
        "bottom of the pile on top"
    );
    act(
        &mut s,
        NineAction::ChooseRoundEnd {
            choice: RoundChoice::RotateAll,
        },
    );
    assert_eq!(
        s.state().centre,
        Some(CardPos {
            card: 2,
            upright: false
        }),
        "round 2 starts with the first discarded card in the centre"
    );
    assert_eq!(s.state().deck.first().map(|c| c.card), Some(3));
}

#[test]
fn end_of_round_rotate_all_turns_every_card() {
    let mut s = dealt();
    pass_until_round_end(&mut s);
    act(
        &mut s,
        NineAction::ChooseRoundEnd {
            choice: RoundChoice::RotateAll,
        },
    );
    assert_eq!(s.state().round, 2);
    assert_eq!(
        s.state().centre,
        Some(CardPos {
            card: 1,
            upright: false
        })
    );
    assert!(s.state().deck.iter().all(|c| !c.upright));
}

#[test]
fn end_of_round_shuffle_neither_rotates_nor_flips() {
    let mut s = dealt();
    pass_until_round_end(&mut s);
    let order = vec![5, 1, 9, 2, 8, 3, 7, 4, 6];
    act(
        &mut s,
        NineAction::ChooseRoundEnd {
            choice: RoundChoice::Shuffle {
                order: Some(order.clone()),
            },
        },
    );
    assert_eq!(s.state().centre.map(|c| c.card), Some(5));
    assert!(s.state().deck.iter().all(|c| c.upright));
    let mut s2 = dealt();
    pass_until_round_end(&mut s2);
    assert_eq!(
        refused(
            &mut s2,
            NineAction::ChooseRoundEnd {
                choice: RoundChoice::Shuffle {
                    order: Some(vec![1, 2, 3])
                }
            }
        ),
        "nine.deal"
    );
}

#[test]
fn keeping_the_deck_as_it_is_is_a_round_end_choice() {
    let mut s = dealt();
    pass_until_round_end(&mut s);
    assert!(
        allowed_labels(&s).contains(&"Keep the deck as it is".to_string()),
        "{:?}",
        allowed_labels(&s)
    );
    act(
        &mut s,
        NineAction::ChooseRoundEnd {
            choice: RoundChoice::Keep,
        },
    );
    assert_eq!(s.state().round, 2);
    assert_eq!(s.state().phase, Phase::Playing);
    assert_eq!(
        s.state().centre,
        Some(CardPos {
            card: 1,
            upright: true
        })
    );
    assert_eq!(
        s.state().deck,
        (2..=9)
            .map(|card| CardPos {
                card,
                upright: true
            })
            .collect::<Vec<_>>(),
        "neither shuffled nor rotated"
    );
    assert!(!s.state().may_rotate_one);
    assert_eq!(
        refused(&mut s, NineAction::RotateCard { card: 5 }),
        "nine.rotate-one"
    );
}

#[test]
fn rotate_one_card_may_name_any_card_of_the_deck_once() {
    let mut s = dealt();
    assert_eq!(
        refused(&mut s, NineAction::RotateCard { card: 5 }),
        "nine.rotate-one"
    );
    pass_until_round_end(&mut s);
    act(
        &mut s,
        NineAction::ChooseRoundEnd {
            choice: RoundChoice::RotateOneNextRound,
        },
    );
    // Round 2: card 1 in the centre, cards 2..9 in the deck; each of them may be named.
    let offered: Vec<u8> = NineEstates::allowed(s.state())
        .into_iter()
        .filter_map(|a| match a.action {
            NineAction::RotateCard { card } => Some(card),
            _ => None,
        })
        .collect();
    assert_eq!(offered, (2..=9).collect::<Vec<_>>());
    assert_eq!(
        refused(&mut s, NineAction::RotateCard { card: 1 }),
        "nine.no-such-card",
        "the centre card has been slid off the deck"
    );
    act(&mut s, NineAction::RotateCard { card: 6 });
    let upright: Vec<(u8, bool)> = s.state().deck.iter().map(|c| (c.card, c.upright)).collect();
    assert_eq!(
        upright,
        (2..=9).map(|c| (c, c != 6)).collect::<Vec<_>>(),
        "card 6, 5th in the deck, and only it, is rotated"
    );
    assert_eq!(
        refused(&mut s, NineAction::RotateCard { card: 7 }),
        "nine.rotate-one",
        "one card only"
    );
    assert!(!allowed_labels(&s).iter().any(|l| l.starts_with("Rotate")));
}

#[test]
fn events_recorded_before_the_deck_followed_the_cards_replay_as_they_were_played() {
    use estate_steward::games::nine_estates::NineEvent;
    let event = |json: &str| -> NineEvent {
        serde_json::from_str(json).unwrap_or_else(|e| panic!("{json}: {e}"))
    };
    // Then the first card turned alone ...
    let mut s = dealt();
    let mut state = s.state().clone();
    NineEstates::apply(&mut state, &event(r#"{"type":"FirstCardTurned"}"#));
    assert_eq!(state.centre.map(|c| c.upright), Some(false));
    assert!(state.deck.iter().all(|c| c.upright), "only the first card");
    // ... and the card discarded last came out on top of the next deck.
    for _ in 0..8 {
        act(&mut s, NineAction::Pass);
    }
    let mut state = s.state().clone();
    for json in [
        r#"{"type":"Passed"}"#,
        r#"{"type":"TurnEnded"}"#,
        r#"{"type":"RoundEnded"}"#,
    ] {
        NineEstates::apply(&mut state, &event(json));
    }
    assert_eq!(state.phase, Phase::RoundEnd);
    assert_eq!(
        state.deck.iter().map(|c| c.card).collect::<Vec<_>>(),
        (1..=9).rev().collect::<Vec<_>>()
    );
    // A new round end records the deck it made, and replays to it.
    act(&mut s, NineAction::Pass);
    let text =
        serde_json::to_string(&s.entries().last().map(|e| e.events.clone())).unwrap_or_default();
    assert!(
        text.contains(r#""type":"RoundEnded","deck":[{"card":1,"#),
        "{text}"
    );
    assert_eq!(&s.replayed(), s.state());
}

#[test]
fn end_of_round_rotate_one_allows_exactly_one_rotation_next_round() {
    let mut s = dealt();
    assert_eq!(
        refused(&mut s, NineAction::RotateTopCard),
        "nine.rotate-one"
    );
    pass_until_round_end(&mut s);
    act(
        &mut s,
        NineAction::ChooseRoundEnd {
            choice: RoundChoice::RotateOneNextRound,
        },
    );
    act(&mut s, NineAction::RotateTopCard);
    assert!(!s.state().deck[0].upright);
    assert_eq!(
        refused(&mut s, NineAction::RotateTopCard),
        "nine.rotate-one"
    );
}

#[test]
fn era_two_deals_all_nine_structures_again_and_keeps_the_estates() {
    let mut s = dealt();
    act(&mut s, build_estate(2, 1, vec![pay(Source::Centre, Wood)]));
    act(&mut s, build_centre(vec![pay(Source::Centre, Wood)]));
    act(&mut s, NineAction::EndEra);
    assert_eq!(s.state().era, 2);
    assert_eq!(s.state().phase, Phase::Deal);
    assert!(s.state().structures.is_empty());
    let bad = recorded_deal();
    assert_eq!(
        refused(&mut s, NineAction::Deal { deal: bad }),
        "nine.deal",
        "the grid stays as it is"
    );
    act(
        &mut s,
        NineAction::Deal {
            deal: Deal::Recorded {
                grid: None,
                deck: (1..=9)
                    .map(|card| CardPos {
                        card,
                        upright: true,
                    })
                    .collect(),
            },
        },
    );
    assert_eq!(s.state().deck.len() + 1, 9);
    assert_eq!(s.state().estates.len(), 1);
    assert_eq!(s.state().grid[2][1].status, EstateStatus::Built);
}

#[test]
fn the_game_ends_after_the_second_era() {
    let mut s = dealt();
    act(&mut s, NineAction::EndEra);
    act(
        &mut s,
        NineAction::Deal {
            deal: Deal::Shuffle,
        },
    );
    act(&mut s, NineAction::EndEra);
    assert!(NineEstates::is_over(s.state()));
    assert_eq!(refused(&mut s, NineAction::Pass), "nine.game-over");
    assert!(NineEstates::allowed(s.state()).is_empty());
}

#[test]
fn era_score_counts_structures_duplicates_shields_of_this_era_and_rounds() {
    let mut s = new_session(catalogue());
    let deck: Vec<CardPos> = [1u8, 9, 2, 3, 4, 5, 6, 7, 8]
        .iter()
        .map(|&card| CardPos {
            card,
            upright: true,
        })
        .collect();
    act(
        &mut s,
        NineAction::Deal {
            deal: Deal::Recorded {
                grid: Some(vec![vec![7, 8, 9], vec![4, 5, 6], vec![1, 2, 3]]),
                deck,
            },
        },
    );
    act(&mut s, build_centre(vec![pay(Source::Centre, Wood)])); // Sq1 (card 1)
    act(&mut s, build_centre(vec![pay(Source::Centre, Wood)])); // Sq1 again (card 9)
    act(
        &mut s,
        build_estate(2, 0, vec![pay(Source::Structure { index: 0 }, Wood)]),
    ); // Farm1, 2 shields
    let era1 = scoring::era_score(s.state());
    assert_eq!(
        (era1.structures, era1.duplicates, era1.shields, era1.rounds),
        (2, 1, 2, -2)
    );
    assert_eq!(era1.total, 3);
    act(&mut s, NineAction::EndEra);
    act(
        &mut s,
        NineAction::Deal {
            deal: Deal::Shuffle,
        },
    );
    act(&mut s, build_centre(vec![pay(Source::Centre, Wood)]));
    let era2 = scoring::era_score(s.state());
    assert_eq!(
        era2.shields, 0,
        "an Estate's shields score only in the Era it was built"
    );
    assert_eq!(era2.total, 1 - 2);
    act(&mut s, NineAction::EndEra);
    let sheet = NineEstates::score(s.state());
    assert_eq!(sheet.rows[0].total, 2);
    assert_eq!(
        sheet.rows[0].title.as_deref(),
        Some("The King is displeased.")
    );
    assert!(sheet.final_);
}

#[test]
fn three_of_a_structure_score_two_duplicate_points() {
    let mut s = dealt();
    for card in [2u8, 3] {
        let mut def = described(&catalogue(), card, Face::Square);
        def.structure = "Sq1".into();
        act(&mut s, describe(card, Face::Square, def));
    }
    for _ in 0..3 {
        act(&mut s, build_centre(vec![pay(Source::Centre, Wood)]));
    }
    assert_eq!(scoring::era_score(s.state()).duplicates, 2);
}

#[test]
fn every_round_costs_two_points_including_an_incomplete_one() {
    let mut s = dealt();
    pass_until_round_end(&mut s);
    assert_eq!(
        scoring::era_score(s.state()).rounds,
        -2,
        "one complete round"
    );
    act(
        &mut s,
        NineAction::ChooseRoundEnd {
            choice: RoundChoice::RotateAll,
        },
    );
    assert_eq!(
        scoring::era_score(s.state()).rounds,
        -4,
        "the round just begun counts"
    );
    act(&mut s, NineAction::EndEra);
    assert_eq!(s.state().era_scores[0].total, -4);
}

#[test]
fn the_rank_table_matches_the_rulebook_at_every_boundary() {
    let t = scoring::rules();
    let cases = [
        (40, "The King is overthrown!"),
        (26, "The King is overthrown!"),
        (25, "The King is worried."),
        (22, "The King is worried."),
        (21, "The King is impressed."),
        (18, "The King is impressed."),
        (17, "The King is unmoved."),
        (14, "The King is unmoved."),
        (13, "The King is displeased."),
        (0, "The King is displeased."),
        (-7, "The King is displeased."),
    ];
    for (score, title) in cases {
        assert_eq!(t.title(score), title, "score {score}");
    }
}

#[test]
fn the_shipped_rule_table_parses_and_cites_the_rulebook() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/data/nine_estates.json"
    ))
    .unwrap_or_default();
    let v: serde_json::Value = serde_json::from_str(&text).unwrap_or(serde_json::Value::Null);
    for key in [
        "structure_cards",
        "estate_cards",
        "eras",
        "points_per_structure",
        "points_per_duplicate",
        "points_per_round",
        "edges_from_other_side",
        "titles",
    ] {
        assert!(
            v[key]["cite"].as_str().is_some_and(|c| c.contains("001")),
            "{key} cites rulebook 001"
        );
    }
    assert_eq!(scoring::rules().eras(), 2);
    assert_eq!(scoring::rules().structure_cards(), 9);
}

#[test]
fn card_descriptions_are_checked() {
    let mut s = dealt();
    let mut def = described(&catalogue(), 1, Face::Square);
    def.structure = "  ".into();
    assert_eq!(
        refused(&mut s, describe(1, Face::Square, def)),
        "nine.card-description"
    );
    let mut def = described(&catalogue(), 1, Face::Square);
    def.provides = vec![];
    assert_eq!(
        refused(&mut s, describe(1, Face::Square, def)),
        "nine.card-description"
    );
    assert_eq!(
        refused(
            &mut s,
            describe(10, Face::Square, described(&catalogue(), 1, Face::Square))
        ),
        "nine.card-description"
    );
}

#[test]
fn the_view_asks_for_the_cards_it_cannot_referee_yet() {
    let mut s = new_session(Default::default());
    act(
        &mut s,
        NineAction::Deal {
            deal: recorded_deal(),
        },
    );
    let v = estate_steward::games::nine_estates::view(s.state());
    let places: Vec<&str> = v.undescribed.iter().map(|d| d.place.as_str()).collect();
    assert!(
        places.contains(&"the centre card") && places.contains(&"the left card"),
        "{places:?}"
    );
    assert_eq!(
        v.undescribed.iter().filter(|d| d.kind == "Estate").count(),
        9
    );
    act(
        &mut s,
        describe(1, Face::Square, described(&catalogue(), 1, Face::Square)),
    );
    let v = estate_steward::games::nine_estates::view(s.state());
    assert!(!v.undescribed.iter().any(|d| d.place == "the centre card"));
    let centre = v
        .active
        .iter()
        .find(|a| a.slot == Slot::Centre)
        .map(|a| a.offers.clone());
    assert_eq!(centre, Some(Some("Wood".to_string())));
}

#[test]
fn a_described_side_suggests_the_other_sides_edges_as_the_card_lies() {
    let mut s = new_session(Default::default());
    // Card 2 (the left card) lies rotated, so its described edges swap top and bottom.
    let deal = Deal::Recorded {
        grid: Some(vec![vec![7, 8, 9], vec![4, 5, 6], vec![1, 2, 3]]),
        deck: (1..=9)
            .map(|card| CardPos {
                card,
                upright: card != 1,
            })
            .collect(),
    };
    act(&mut s, NineAction::Deal { deal });
    let v = estate_steward::games::nine_estates::view(s.state());
    assert!(
        v.undescribed.iter().all(|d| d.edges.is_none()),
        "nothing is known yet: {:?}",
        v.undescribed
    );
    assert!(v.structure_names.is_empty());
    // The centre card (card 1, rotated) is described: Square side, Wood upright, Stone rotated.
    act(
        &mut s,
        describe(1, Face::Square, described(&catalogue(), 1, Face::Square)),
    );
    act(&mut s, NineAction::Pass);
    let v = estate_steward::games::nine_estates::view(s.state());
    assert_eq!(v.structure_names, vec!["Sq1".to_string()]);
    let round = v
        .undescribed
        .iter()
        .find(|d| d.card == 1 && d.face == Some(Face::Round))
        .and_then(|d| d.edges.clone());
    let round = round.map(|e| (e.top, e.bottom));
    assert_eq!(
        round,
        Some((vec![Stone], vec![Wood])),
        "card 1 lies rotated"
    );
    // A card whose other side is not described gets no suggestion.
    let left = v.undescribed.iter().find(|d| d.place == "the centre card");
    assert_eq!(left.map(|d| d.edges.is_none()), Some(true));
}

#[test]
fn a_side_is_described_by_its_top_edge_and_asked_its_other_edge_once_turned() {
    let mut s = new_session(Default::default());
    act(
        &mut s,
        NineAction::Deal {
            deal: recorded_deal(),
        },
    );
    // Neither edge is no description.
    let mut none = described(&catalogue(), 1, Face::Square);
    none.upright = vec![];
    none.rotated = vec![];
    assert_eq!(
        refused(&mut s, describe(1, Face::Square, none)),
        "nine.card-description"
    );
    // The centre card (card 1, upright) with its top edge only: enough to play it as it lies.
    let mut top_only = described(&catalogue(), 1, Face::Square);
    top_only.rotated = vec![];
    act(&mut s, describe(1, Face::Square, top_only.clone()));
    let v = estate_steward::games::nine_estates::view(s.state());
    assert!(!v.undescribed.iter().any(|d| d.place == "the centre card"));
    let offers = |v: &estate_steward::games::nine_estates::NineView| {
        v.active
            .iter()
            .find(|a| a.slot == Slot::Centre)
            .and_then(|a| a.offers.clone())
    };
    assert_eq!(offers(&v), Some("Wood".to_string()));
    // Turned (setup step 3 turns the deck with the first card), its other edge is asked for,
    // with what is known already, and until then it cannot pay.
    act(&mut s, NineAction::TurnFirstCard);
    let v = estate_steward::games::nine_estates::view(s.state());
    let ask = v.undescribed.iter().find(|d| d.place == "the centre card");
    assert_eq!(ask.and_then(|d| d.described.clone()), Some(top_only));
    assert_eq!(offers(&v), None);
    assert_eq!(
        refused(&mut s, build_centre(vec![pay(Source::Centre, Stone)])),
        "nine.card-unknown"
    );
    act(
        &mut s,
        describe(1, Face::Square, described(&catalogue(), 1, Face::Square)),
    );
    let v = estate_steward::games::nine_estates::view(s.state());
    assert_eq!(offers(&v), Some("Stone".to_string()));
}

#[test]
fn costs_are_shown_as_lists_not_as_alternatives() {
    use estate_steward::games::nine_estates::cards::cost_text;
    assert_eq!(cost_text(&[Wood, Stone]), "Wood, Stone");
    assert_eq!(cost_text(&[]), "free");
}

#[test]
fn count_of_the_nine_estates_seats_one_player() {
    let mut two = seat();
    two.push(estate_steward::engine::Seat {
        person_id: 2,
        name: "Bo".into(),
        colour: "#ff7f0e".into(),
    });
    match estate_steward::engine::Session::<NineEstates>::new(
        estate_steward::games::nine_estates::NineOptions {
            catalogue: catalogue(),
        },
        two,
        1,
    ) {
        Ok(_) => panic!("two players were seated"),
        Err(e) => assert_eq!(fits::<NineEstates>(e).rule, "nine.players"),
    }
}

#[test]
fn building_nothing_needs_a_centre_card_to_flip() {
    // 001 line 48: a turn without a build flips the centre card onto the discard pile. A round in
    // which every card was built leaves no centre card, no deck and no discard pile (so the round
    // does not turn the pile over): then there is nothing to flip, and only ending the Era is left.
    let s = dealt();
    let mut all_built = s.state().clone();
    all_built.centre = None;
    all_built.deck.clear();
    all_built.discard.clear();
    let mut rng = <estate_steward::engine::GameRng as rand::SeedableRng>::seed_from_u64(1);
    match NineEstates::handle(&all_built, &NineAction::Pass, &mut rng) {
        Ok(events) => panic!("a pass without a centre card was accepted: {events:?}"),
        Err(e) => assert_eq!(fits::<NineEstates>(e).rule, "nine.pass-needs-centre"),
    }
    assert!(NineEstates::handle(s.state(), &NineAction::Pass, &mut rng).is_ok());
}
