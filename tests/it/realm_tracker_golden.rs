//! Golden playthroughs of Raise the Realm's live tracker through the service and a real SQLite
//! file: a 3-player game scored by hand (a tie for first broken by Era-objective firsts), and a
//! solo game to its title. Both reopen the database mid-game and end in History with replay.

use crate::common;

use common::realm::{catalogue, gain, res};
use estate_steward::games::realm::tracker::model::{CardKind, Change, Res, SoloEventFacts, Track};
use estate_steward::games::realm::tracker::{TrackerAction as A, TrackerOptions};
use estate_steward::service::{Steward, TableView};
use estate_steward::store::StatsFilter;
use serde_json::json;
use std::path::Path;

fn act(st: &mut Steward, id: i64, a: &A) -> TableView {
    let v = serde_json::to_value(a).unwrap_or_else(|e| panic!("{e}"));
    st.act(id, &v)
        .unwrap_or_else(|e| panic!("{a:?} refused: {e:?}"))
}

fn open(db: &Path) -> Steward {
    Steward::open(db).unwrap_or_else(|e| panic!("{e:?}"))
}

fn start(st: &mut Steward, names: &[&str], seed: u64) -> i64 {
    let ids: Vec<i64> = names
        .iter()
        .map(|n| {
            st.add_person(n, "#336699")
                .unwrap_or_else(|e| panic!("{e:?}"))
                .id
        })
        .collect();
    let options = serde_json::to_value(TrackerOptions {
        catalogue: catalogue(),
        ..TrackerOptions::default()
    })
    .unwrap_or_else(|e| panic!("{e}"));
    st.start_game("raise-the-realm-live", &ids, Some(options), Some(seed))
        .unwrap_or_else(|e| panic!("{e:?}"))
        .game_id
}

fn state(t: &TableView) -> serde_json::Value {
    t.view_value()["state"].clone()
}

fn produce(slots: &[(u8, Option<Change>)]) -> Vec<A> {
    let mut v = vec![A::Produce { ability: false }];
    for (slot, change) in slots {
        v.push(A::Activate {
            slot: *slot,
            change: change.clone(),
            wood: None,
            ability: false,
        });
    }
    v.push(A::FinishProduce);
    v
}

fn gather(space: &str, change: Option<Change>) -> Vec<A> {
    vec![A::Gather {
        space: space.into(),
        change,
        ability: None,
    }]
}

fn expand(card: &str) -> Vec<A> {
    vec![A::Expand {
        card: card.into(),
        describe: None,
        from_stored: vec![],
        free_citizen: None,
    }]
}

/// Ana (Agrarian Lord), Bo (Warlord) and Cy (Pious One), four workers each, the same four
/// turns every Era (Bo expands with a Knight in Era 5), objectives chosen to cover a clear 1st,
/// tied 2nds, a 3-way tie for 1st and Era 5's tie for 1st.
// A golden game reads as one story, turn by turn, checked as the hand-worked sheet says.
#[allow(clippy::too_many_lines)]
#[test]
fn golden_three_player_game() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let db = dir.path().join("realm.sqlite3");
    let mut st = open(&db);
    let id = start(&mut st, &["Ana", "Bo", "Cy"], 3);
    for (seat, leader) in ["Agrarian Lord", "Warlord", "Pious One"].iter().enumerate() {
        act(
            &mut st,
            id,
            &A::ChooseLeader {
                seat: seat as u8,
                leader: (*leader).into(),
            },
        );
    }
    act(
        &mut st,
        id,
        &A::StartGame {
            first_player: Some(0),
        },
    );
    let signs = [false, true, false, true, false];
    let measures = [[1, 3, 2], [2, 2, 5], [3, 3, 3], [0, 4, 1], [5, 5, 2]];
    let seconds = [
        vec![None, None, Some(Res::Wood)],
        vec![Some(Res::Iron), Some(Res::Grain), None],
        vec![],
        vec![None, None, Some(Res::Stone)],
        vec![],
    ];
    for era in 0..5usize {
        act(
            &mut st,
            id,
            &A::RevealEvent {
                name: format!("Event {}", era + 1),
                positive: Some(signs[era]),
                chosen_effect: None,
                describe: None,
            },
        );
        let ana: [Vec<A>; 4] = [
            produce(&[(0, None), (1, None)]),
            gather("open-1", Some(gain(Res::Wood, 1))),
            expand("Farm"),
            gather("open-2", Some(gain(Res::Wood, 1))),
        ];
        let bo: [Vec<A>; 4] = [
            vec![A::Draw {
                deck: 1,
                market: 0,
                ability: false,
            }],
            gather("iron", None),
            produce(&[
                (
                    0,
                    Some(Change {
                        gold: 1,
                        ..Default::default()
                    }),
                ),
                (1, Some(gain(Res::Iron, 1))),
            ]),
            if era == 4 {
                expand("Knight")
            } else {
                gather("open-1", None)
            },
        ];
        let cy: [Vec<A>; 4] = [
            gather("grain", None),
            vec![A::Draw {
                deck: 3,
                market: 0,
                ability: true,
            }],
            expand("Monk"),
            gather("stone", None),
        ];
        let scripts = [ana, bo, cy];
        let script = |seat: usize, t: usize| &scripts[seat][t];
        for t in 0..4 {
            for k in 0..3 {
                let seat = (era + k) % 3; // the first player moves clockwise each Era
                let t_view = st.view(id, None).unwrap_or_else(|e| panic!("{e:?}"));
                assert_eq!(
                    state(&t_view)["current"],
                    json!(seat),
                    "Era {} turn {t}",
                    era + 1
                );
                for a in script(seat, t) {
                    act(&mut st, id, a);
                }
                act(&mut st, id, &A::EndTurn);
            }
        }
        let resources = seconds[era].clone();
        act(
            &mut st,
            id,
            &A::ScoreObjective {
                measures: measures[era].to_vec(),
                resources,
                fewest: false,
            },
        );
        act(&mut st, id, &A::NextEra);
        if era == 2 {
            // Close and reopen the database: the game resumes where it was.
            drop(st);
            st = open(&db);
        }
    }
    for (seat, fs) in [3, 3, 5].iter().enumerate() {
        act(
            &mut st,
            id,
            &A::FinalEntry {
                seat: seat as u8,
                game_end_vp: 0,
                family_secret: *fs,
            },
        );
    }
    let t = act(&mut st, id, &A::Finish);
    assert!(t.over);
    let rows: Vec<(Vec<i32>, i32, u8, bool)> = t
        .score
        .rows
        .iter()
        .map(|r| (r.breakdown.clone(), r.total, r.rank, r.winner))
        .collect();
    // Card VP, Game End, Gold, tucked, stored, objectives, Family Secret, empty tracks.
    // Ana: 6 Farms and the Quarry (14), objectives 0+0+2+0+4, the Production track emptied.
    // Bo: Assassin 1 + Forge 2 + Knight 1, 5 Gold, objectives 6+0+2+6+4.
    // Cy: Place of Worship 3 + 5 Monks, objectives 0+6+2+0+1.
    assert_eq!(
        rows,
        vec![
            (vec![14, 0, 0, 0, 0, 6, 3, 7], 30, 2, false),
            (vec![4, 0, 5, 0, 0, 18, 3, 0], 30, 1, true),
            (vec![8, 0, 0, 0, 0, 9, 5, 0], 22, 3, false),
        ],
        "Ana and Bo tie on 30: Bo has 4 Era-objective firsts to Ana's 2 (000 line 225)"
    );
    let s = state(&t);
    assert_eq!(
        s["players"][0]["supply"],
        json!({"iron": 2, "stone": 1, "wood": 6, "grain": 6})
    );
    assert_eq!(s["players"][2]["cubes_removed"], json!([0, 1, 5]));
    // History: the game is finished, with its breakdown and a replay of every step.
    let rec = st.record(id).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(rec.score, t.score);
    assert!(
        rec.log
            .iter()
            .any(|l| l.contains("expands with the Knight")),
        "{:?}",
        rec.log
    );
    let steps = rec.log.len() as u32;
    let last = st.replay(id, steps).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(last.score, t.score);
    let hist = st.history(None).unwrap_or_else(|e| panic!("{e:?}"));
    assert!(hist
        .iter()
        .any(|g| g.id == id && g.game == "raise-the-realm-live"));
    // Statistics: each seat's Leader was recorded with its result.
    let by_leader = [
        ("Agrarian Lord", 1, 0, Some(0.0), Some(30.0)),
        ("Pious One", 1, 0, Some(0.0), Some(22.0)),
        ("Warlord", 1, 1, Some(1.0), Some(30.0)),
    ]
    .map(|(leader, plays, wins, rate, average)| (leader.to_string(), plays, wins, rate, average));
    assert_eq!(roles(&st), by_leader.to_vec());
    // A database from before Leaders were recorded (schema 7) gets them from its log.
    drop(st);
    let conn = rusqlite::Connection::open(&db).unwrap_or_else(|e| panic!("{e}"));
    // Schema 7 had no roles, none of schema 9's statistics tallies, schema 2's index of the
    // log's rows rather than schema 12's token and index of undone rows, nor schema 13's floor
    // of game numbers and 14's phone links.
    conn.execute_batch(
        "UPDATE results SET role = NULL;
         DROP TRIGGER tally_game_added; DROP TRIGGER tally_game_changed;
         DROP TRIGGER tally_game_removed; DROP TRIGGER tally_result_added;
         DROP TRIGGER tally_result_removed; DROP TRIGGER tally_result_changed;
         DROP TABLE tally; DROP TABLE tally_dirty; DROP TABLE tally_old_games;
         DROP TABLE tally_old_results; DROP TABLE tally_meta;
         DROP INDEX games_finished_by_day;
         DROP INDEX events_undone; ALTER TABLE events DROP COLUMN token;
         CREATE INDEX events_by_state ON events(game_id, undone, seq);
         DROP TRIGGER games_id_floor; DROP TABLE id_floor; DROP TABLE invites;
         PRAGMA user_version = 7;",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    drop(conn);
    let st = open(&db);
    assert_eq!(
        roles(&st),
        by_leader.to_vec(),
        "filled from each seat's LeaderChosen"
    );
}

/// Raise the Realm's win rate by Leader: (Leader, plays, wins, win rate, average score).
/// (Leader, plays, wins, win rate, average score).
type RoleLine = (String, i64, i64, Option<f64>, Option<f64>);

fn roles(st: &Steward) -> Vec<RoleLine> {
    let filter = StatsFilter {
        game: Some("raise-the-realm-live".into()),
        ..StatsFilter::default()
    };
    let stats = st.stats(&filter).unwrap_or_else(|e| panic!("{e:?}"));
    let mut roles: Vec<_> = stats.games[0]
        .by_role
        .iter()
        .map(|r| (r.role.clone(), r.plays, r.wins, r.win_rate, r.average_score))
        .collect();
    roles.sort_by(|a, b| a.0.cmp(&b.0));
    roles
}

/// A solo Sorcerer: a Solo Era Event chosen each Era, Solo Mode cards revealed, objectives met in
/// Eras 1, 2 and 4, a card described the first time it is played, and the title at the end.
// A golden game reads as one story, turn by turn, checked as the hand-worked sheet says.
#[allow(clippy::too_many_lines)]
#[test]
fn golden_solo_game_to_its_title() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let db = dir.path().join("solo.sqlite3");
    let mut st = open(&db);
    let id = start(&mut st, &["Ana"], 9);
    act(
        &mut st,
        id,
        &A::ChooseLeader {
            seat: 0,
            leader: "Sorcerer".into(),
        },
    );
    act(&mut st, id, &A::StartGame { first_player: None });
    // The Mage's When Played effect removes another cube (000 line 118).
    act(
        &mut st,
        id,
        &A::Effect {
            seat: 0,
            card: "Mage".into(),
            change: Change {
                cubes: vec![Track::Noble],
                ..Default::default()
            },
        },
    );
    let actor = estate_steward::games::realm::tracker::model::CardFacts {
        track: Track::Noble,
        kind: CardKind::Citizen,
        cost: res(0, 0, 1, 0),
        vp: 3,
        once_per_era: false,
        interactive: false,
    };
    for era in 1..=5 {
        act(
            &mut st,
            id,
            &A::RevealEvent {
                name: format!("Solo Event {era}"),
                positive: None,
                chosen_effect: Some("lose a Grain".into()),
                // Each card's objective reward, told on reveal; Era 2's only later.
                describe: match era {
                    1 => Some(SoloEventFacts { objective_vp: 6 }),
                    4 => Some(SoloEventFacts { objective_vp: 7 }),
                    _ => None,
                },
            },
        );
        if era == 3 {
            // Era 2's objective was met while its reward was not yet told: it scored 0 and
            // scores the card's 5 once told.
            let before = st
                .view(id, None)
                .unwrap_or_else(|e| panic!("{e:?}"))
                .score
                .rows[0]
                .breakdown[5];
            act(
                &mut st,
                id,
                &A::DescribeEvent {
                    name: "Solo Event 2".into(),
                    facts: SoloEventFacts { objective_vp: 5 },
                },
            );
            let after = st
                .view(id, None)
                .unwrap_or_else(|e| panic!("{e:?}"))
                .score
                .rows[0]
                .breakdown[5];
            assert_eq!((before, after), (6, 11));
        }
        act(
            &mut st,
            id,
            &A::Effect {
                seat: 0,
                card: format!("Solo Event {era}"),
                change: gain(Res::Grain, -1),
            },
        );
        // Turn 1: wood with the Sorcerer's extra resource (grain).
        act(
            &mut st,
            id,
            &A::Gather {
                space: "wood".into(),
                change: None,
                ability: Some(Res::Grain),
            },
        );
        act(&mut st, id, &A::EndTurn);
        // Turn 2: draw, and a Treasurer turns up in the draw.
        act(
            &mut st,
            id,
            &A::Draw {
                deck: 2,
                market: 0,
                ability: false,
            },
        );
        act(
            &mut st,
            id,
            &A::SoloReveal {
                card: "Treasurer".into(),
                resources: vec![],
                slot: None,
                change: None,
                wood: None,
                from_market: false,
            },
        );
        act(&mut st, id, &A::EndTurn);
        // Turn 3: an Actor (described the first time), paid with Wood.
        let describe = (era == 1).then(|| actor.clone());
        act(
            &mut st,
            id,
            &A::Expand {
                card: "Actor".into(),
                describe,
                from_stored: vec![],
                free_citizen: None,
            },
        );
        act(&mut st, id, &A::EndTurn);
        // Turn 4: an open space that paid 2 Gold.
        act(
            &mut st,
            id,
            &A::Gather {
                space: "open-1".into(),
                change: Some(Change {
                    gold: 2,
                    ..Default::default()
                }),
                ability: None,
            },
        );
        act(&mut st, id, &A::EndTurn);
        act(
            &mut st,
            id,
            &A::SoloObjective {
                met: era != 3 && era != 5,
            },
        );
        if era == 3 {
            drop(st);
            st = open(&db);
        }
        act(&mut st, id, &A::NextEra);
    }
    act(
        &mut st,
        id,
        &A::FinalEntry {
            seat: 0,
            game_end_vp: 6,
            family_secret: 0,
        },
    );
    let t = act(&mut st, id, &A::Finish);
    let row = &t.score.rows[0];
    // Card VP: Mage 2 + 5 Actors × 3 = 17; Game End 6; Gold: +2 each Era, and the Treasurer
    // takes 1 whenever there is Gold (not in Era 1) = 10 - 4 = 6; objectives met in Eras 1, 2
    // and 4, as their cards award (6, 5 told later, 7): 18; the Noble track emptied (Mage, its
    // extra cube, 5 Actors): 7.
    assert_eq!(row.breakdown, vec![17, 6, 6, 0, 0, 18, 0, 7]);
    assert_eq!(row.total, 54);
    assert_eq!(
        row.title.as_deref(),
        Some("Baron/Baroness"),
        "50-74 (000 line 271)"
    );
    let rec = st.record(id).unwrap_or_else(|e| panic!("{e:?}"));
    assert!(
        rec.log.iter().any(|l| l.contains("revealed the Treasurer")),
        "{:?}",
        rec.log
    );
    let last = st
        .replay(id, rec.log.len() as u32)
        .unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(last.score, t.score);
    // The Actor's description is remembered for the next game.
    let cat = st
        .catalogue("raise-the-realm-live")
        .unwrap_or_else(|e| panic!("{e:?}"));
    assert!(cat.iter().any(|c| c.key == "card:Actor"), "{cat:?}");
    // So are the Solo Era Events' rewards, Era 2's as told late; Era 3's was never told.
    let told = |k: &str| cat.iter().find(|c| c.key == k).map(|c| c.value.clone());
    assert_eq!(
        told("event:Solo Event 2"),
        Some(serde_json::json!({ "objective_vp": 5 }))
    );
    assert_eq!(told("event:Solo Event 3"), None);
}
