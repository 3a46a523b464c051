//! Count of the Nine Estates: one test per rule the app enforces (rulebook 001), each failing
//! when its rule is broken.

mod common;

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
    assert_eq!(
        s.state().deck.iter().map(|c| c.card).collect::<Vec<_>>(),
        (1..=9).rev().collect::<Vec<_>>()
    );
    assert_eq!(refused(&mut s, NineAction::Pass), "nine.phase");
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
            card: 9,
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
fn costs_are_shown_as_lists_not_as_alternatives() {
    use estate_steward::games::nine_estates::cards::cost_text;
    assert_eq!(cost_text(&[Wood, Stone]), "Wood, Stone");
    assert_eq!(cost_text(&[]), "free");
}
