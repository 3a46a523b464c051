//! Raise the Realm's scorepad: the eight categories, the 7-per-empty-track rule, the rulebook's
//! tie-breakers for first place, and the solo titles and failure (000 lines 214-274).

use estate_steward::engine::{Game, Seat, Session};
use estate_steward::games::realm::data::{data, shipped_data_error};
use estate_steward::games::realm::scorepad::{RaiseTheRealm, RealmAction as A, RealmOptions};

const CATS: [&str; 8] = [
    "card_vp",
    "game_end_vp",
    "gold",
    "tucked",
    "stored",
    "objectives",
    "family_secret",
    "empty_tracks",
];

fn pad(n: usize) -> Session<RaiseTheRealm> {
    let seats: Vec<Seat> = (0..n)
        .map(|i| Seat {
            person_id: i as i64 + 1,
            name: format!("P{}", i + 1),
            colour: "#000000".into(),
        })
        .collect();
    Session::new(RealmOptions::default(), seats, 1).unwrap_or_else(|e| panic!("{e}"))
}

fn act(s: &mut Session<RaiseTheRealm>, a: A) {
    match s.decide(a.clone()) {
        Ok(e) => s.commit(e),
        Err(e) => panic!("{a:?} refused: {e}"),
    }
}

fn refused(s: &mut Session<RaiseTheRealm>, a: A) -> String {
    let before = s.state().clone();
    match s.decide(a.clone()) {
        Ok(_) => panic!("{a:?} accepted but the rules forbid it"),
        Err(e) => {
            assert_eq!(s.state(), &before);
            if let Some(why) = RaiseTheRealm::rules().misfit(&e) {
                panic!("{a:?} refused with {e}: {why}");
            }
            e.rule
        }
    }
}

/// Enter a whole row for a seat: the given values in category order (the last, empty tracks, is
/// a count of tracks).
fn row(s: &mut Session<RaiseTheRealm>, seat: u8, values: [i32; 8]) {
    for (c, v) in CATS.iter().zip(values) {
        act(
            s,
            A::Enter {
                seat,
                category: (*c).into(),
                value: v,
            },
        );
    }
}

#[test]
fn the_rule_table_parses_with_eight_categories() {
    assert_eq!(shipped_data_error(), None);
    assert_eq!(data().categories.len(), 8);
}

#[test]
fn totals_add_the_eight_categories() {
    let mut s = pad(2);
    row(&mut s, 0, [20, 5, 7, 3, 2, 12, 4, 1]);
    row(&mut s, 1, [18, 0, 9, 1, 0, 6, 8, 2]);
    act(&mut s, A::Finish);
    let sheet = RaiseTheRealm::score(s.state());
    assert_eq!(sheet.rows[0].total, 60);
    assert_eq!(sheet.rows[1].total, 56);
    assert!(sheet.rows[0].winner && !sheet.rows[1].winner);
    assert_eq!(sheet.categories.len(), 8);
}

#[test]
fn the_table_counts_empty_tracks_and_the_pad_scores_seven_each() {
    let mut s = pad(1);
    // A count beyond the three tracks (or points, as the pad once took) is refused.
    for bad in [4, 7, 14, 21, -1] {
        assert_eq!(
            refused(
                &mut s,
                A::Enter {
                    seat: 0,
                    category: "empty_tracks".into(),
                    value: bad,
                },
            ),
            "realm.empty-tracks",
            "{bad}"
        );
    }
    for (tracks, points) in [(0, 0), (1, 7), (2, 14), (3, 21)] {
        act(
            &mut s,
            A::Enter {
                seat: 0,
                category: "empty_tracks".into(),
                value: tracks,
            },
        );
        assert_eq!(s.state().scores[0][7], Some(points), "{tracks} tracks");
        assert_eq!(RaiseTheRealm::score(s.state()).rows[0].total, points);
        assert_eq!(
            RaiseTheRealm::view(s.state()).empty_tracks,
            vec![Some(tracks as u8)]
        );
    }
    let line = s.entries().last().map(|e| e.summary.clone());
    assert_eq!(line.as_deref(), Some("P1: Empty tracks 3 (21 points)"));
}

#[test]
fn a_pad_stored_in_points_reads_as_it_was() {
    // Entered before the pad took a count: the action said 14 (points) and so did its event.
    let entry = estate_steward::engine::Entry::<RaiseTheRealm> {
        action: A::Enter {
            seat: 0,
            category: "empty_tracks".into(),
            value: 14,
        },
        events: vec![
            estate_steward::games::realm::scorepad::RealmEvent::Entered {
                seat: 0,
                index: 7,
                value: 14,
            },
        ],
        summary: "player 1: Empty tracks 14".into(),
    };
    let seats = pad(1).seats;
    let s = Session::<RaiseTheRealm>::resume(
        RealmOptions::default(),
        seats,
        1,
        None,
        vec![entry],
        vec![],
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(s.state().scores[0][7], Some(14));
    assert_eq!(RaiseTheRealm::view(s.state()).empty_tracks, vec![Some(2)]);
    assert_eq!(s.entries()[0].summary, "P1: Empty tracks 14");
}

#[test]
fn unknown_categories_seats_and_values_are_refused() {
    let mut s = pad(2);
    assert_eq!(
        refused(
            &mut s,
            A::Enter {
                seat: 0,
                category: "charm".into(),
                value: 3
            }
        ),
        "realm.category"
    );
    assert_eq!(
        refused(
            &mut s,
            A::Enter {
                seat: 5,
                category: "gold".into(),
                value: 3
            }
        ),
        "realm.seat"
    );
    assert_eq!(
        refused(
            &mut s,
            A::Enter {
                seat: 0,
                category: "gold".into(),
                value: -1
            }
        ),
        "realm.value"
    );
    assert_eq!(
        refused(&mut s, A::ObjectivesMet { count: 3 }),
        "realm.solo-only"
    );
}

#[test]
fn the_pad_closes_only_when_every_category_is_entered() {
    let mut s = pad(2);
    row(&mut s, 0, [1, 1, 1, 1, 1, 1, 1, 0]);
    assert_eq!(refused(&mut s, A::Finish), "realm.incomplete");
    // Closing is offered only once every category is entered; until then the offers are entries.
    let offers = |s: &estate_steward::engine::Session<RaiseTheRealm>| {
        RaiseTheRealm::allowed(s.state())
            .into_iter()
            .map(|a| a.action)
            .collect::<Vec<_>>()
    };
    assert!(!offers(&s).contains(&A::Finish));
    assert!(offers(&s)
        .iter()
        .all(|a| matches!(a, A::Enter { seat: 1, .. })));
    row(&mut s, 1, [1, 1, 1, 1, 1, 1, 1, 1]);
    assert_eq!(offers(&s), vec![A::Finish]);
    act(&mut s, A::Finish);
    assert_eq!(
        refused(
            &mut s,
            A::Enter {
                seat: 0,
                category: "gold".into(),
                value: 2
            }
        ),
        "realm.finished"
    );
}

#[test]
fn a_tie_for_first_goes_to_most_objective_firsts_then_most_estate_cards_else_shared() {
    let mut s = pad(3);
    row(&mut s, 0, [30, 0, 0, 0, 0, 0, 0, 0]);
    row(&mut s, 1, [30, 0, 0, 0, 0, 0, 0, 0]);
    row(&mut s, 2, [10, 0, 0, 0, 0, 0, 0, 0]);
    assert_eq!(refused(&mut s, A::Finish), "realm.tie-break-needed");
    act(
        &mut s,
        A::TieBreak {
            seat: 0,
            objective_firsts: 2,
            estate_cards: 12,
        },
    );
    act(
        &mut s,
        A::TieBreak {
            seat: 1,
            objective_firsts: 2,
            estate_cards: 15,
        },
    );
    act(&mut s, A::Finish);
    let sheet = RaiseTheRealm::score(s.state());
    assert_eq!(
        sheet.rows.iter().map(|r| r.rank).collect::<Vec<_>>(),
        vec![2, 1, 3],
        "more Estate cards breaks the tie"
    );
    // Objective firsts come before Estate cards.
    s.undo();
    act(
        &mut s,
        A::TieBreak {
            seat: 0,
            objective_firsts: 3,
            estate_cards: 12,
        },
    );
    act(&mut s, A::Finish);
    assert_eq!(RaiseTheRealm::score(s.state()).rows[0].rank, 1);
    // Equal on both: a shared victory.
    s.undo();
    act(
        &mut s,
        A::TieBreak {
            seat: 0,
            objective_firsts: 2,
            estate_cards: 15,
        },
    );
    act(&mut s, A::Finish);
    let sheet = RaiseTheRealm::score(s.state());
    assert_eq!(sheet.rows.iter().filter(|r| r.winner).count(), 2);
}

#[test]
fn solo_titles_follow_the_bands_and_fewer_than_three_objectives_lose() {
    let cases = [
        (39, "Pauper"),
        (40, "Traveling Minstrel"),
        (49, "Traveling Minstrel"),
        (50, "Baron/Baroness"),
        (74, "Baron/Baroness"),
        (75, "Duke/Duchess"),
        (89, "Duke/Duchess"),
        (90, "Monarch"),
        (109, "Monarch"),
        (110, "Empire Builder"),
        (0, "Pauper"),
    ];
    for (total, title) in cases {
        let mut s = pad(1);
        row(&mut s, 0, [total, 0, 0, 0, 0, 0, 0, 0]);
        assert_eq!(
            refused(&mut s, A::Finish),
            "realm.incomplete",
            "objectives met must be entered"
        );
        act(&mut s, A::ObjectivesMet { count: 3 });
        act(&mut s, A::Finish);
        assert_eq!(
            RaiseTheRealm::score(s.state()).rows[0].title.as_deref(),
            Some(title),
            "{total}"
        );
    }
    let mut s = pad(1);
    row(&mut s, 0, [120, 0, 0, 0, 0, 0, 0, 0]);
    act(&mut s, A::ObjectivesMet { count: 2 });
    act(&mut s, A::Finish);
    let title = RaiseTheRealm::score(s.state()).rows[0]
        .title
        .clone()
        .unwrap_or_default();
    assert!(title.contains("fewer than 3"), "{title}");
}

#[test]
fn solo_games_have_no_family_secret_points() {
    let mut s = pad(1);
    assert_eq!(
        refused(
            &mut s,
            A::Enter {
                seat: 0,
                category: "family_secret".into(),
                value: 4
            }
        ),
        "realm.solo-no-family-secret"
    );
    act(
        &mut s,
        A::Enter {
            seat: 0,
            category: "family_secret".into(),
            value: 0,
        },
    );
}

#[test]
fn the_view_says_how_many_objectives_a_solo_game_needs_and_whether_it_is_lost() {
    // 000 lines 233 and 266: fewer than 3 of the 5 Era objectives met loses the game.
    let mut s = pad(1);
    let v = RaiseTheRealm::view(s.state());
    assert_eq!((v.eras, v.objectives_needed, v.lost), (5, 3, false));
    act(&mut s, A::ObjectivesMet { count: 2 });
    assert!(RaiseTheRealm::view(s.state()).lost);
    act(&mut s, A::ObjectivesMet { count: 3 });
    assert!(!RaiseTheRealm::view(s.state()).lost);
    // The view still carries the pad itself, field for field.
    let json = estate_steward::engine::to_json(&RaiseTheRealm::view(s.state()));
    assert_eq!(json["objectives_met"], serde_json::json!(3));
    assert_eq!(json["solo"], serde_json::json!(true));
    assert!(!RaiseTheRealm::view(pad(2).state()).lost);
}

#[test]
fn the_scorepad_seats_one_to_five_players() {
    let seats: Vec<Seat> = (0..6)
        .map(|i| Seat {
            person_id: i + 1,
            name: format!("P{}", i + 1),
            colour: "#000000".into(),
        })
        .collect();
    match Session::<RaiseTheRealm>::new(RealmOptions::default(), seats, 1) {
        Ok(_) => panic!("six players were seated"),
        Err(e) => assert_eq!(e.rule, "realm.players", "{e}"),
    }
}

#[test]
fn tie_breaks_count_at_most_one_first_per_era_and_21_estate_cards() {
    // 000 line 225: objective firsts, then Estate cards; 5 Eras, 21 cards at most (line 197).
    let mut s = pad(2);
    let tie = |objective_firsts, estate_cards| A::TieBreak {
        seat: 0,
        objective_firsts,
        estate_cards,
    };
    assert_eq!(refused(&mut s, tie(6, 10)), "realm.tie-break");
    assert_eq!(refused(&mut s, tie(2, 22)), "realm.tie-break");
    act(&mut s, tie(5, 21));
}

#[test]
fn a_solo_game_meets_at_most_its_five_objectives() {
    let mut s = pad(1);
    assert_eq!(
        refused(&mut s, A::ObjectivesMet { count: 6 }),
        "realm.objectives"
    );
    act(&mut s, A::ObjectivesMet { count: 5 });
}
