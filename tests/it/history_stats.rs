//! Statistics against figures worked out by hand on a small fixed history in a real SQLite
//! file: seven games of three people, recorded out of date order (so that an order by id
//! instead of by day shows), one of them played at the table with a scoresheet's categories.
//!
//! The history (id: game, day, seat order with scores; W = winner):
//! 1: middle-ages 2025-02-01  Bo 60 W, Ana 35
//! 2: middle-ages 2025-01-05  Ana 50 W, Bo 40
//! 3: middle-ages 2025-02-10  Ana 55 W, Cy 52
//! 4: middle-ages 2025-01-12  Ana 45 W, Bo 45 W, Cy 30   (a tie shares the victory)
//! 5: raise-the-realm-live 2025-03-01  Ana 30 solo, "Master Builder", Leader "Trade Queen"
//! 6: raise-the-realm 2025-03-05  Bo 70 W (Explorer), Cy 40 (Trade Queen)
//! 7: raise-the-realm (scorepad played at the table, today)  Ana 42 W, Bo 28

use estate_steward::service::{ApiError, PlayerResult, ResultsEntry, Stats, Steward};
use estate_steward::store::StatsFilter;
use serde_json::json;
use std::path::Path;
use std::process::Command;

fn result(game: &str, day: &str, players: &[(&str, i32, Option<&str>)]) -> ResultsEntry {
    ResultsEntry {
        game: game.into(),
        players: players
            .iter()
            .map(|(name, score, role)| PlayerResult {
                name: name.to_string(),
                score: *score,
                role: role.map(String::from),
            })
            .collect(),
        winners: vec![],
        title: None,
        date: Some(day.into()),
    }
}

/// The scorepad played at the table: seven categories at 5 (Ana) and 3 (Bo), empty tracks 7.
fn play_scorepad(s: &mut Steward, ana: i64, bo: i64) {
    let id = s
        .start_game("raise-the-realm", &[ana, bo], None, None)
        .unwrap()
        .game_id;
    let cats = [
        "card_vp",
        "game_end_vp",
        "gold",
        "tucked",
        "stored",
        "objectives",
        "family_secret",
        "empty_tracks",
    ];
    for (seat, base) in [(0, 5), (1, 3)] {
        for c in cats {
            let value = if c == "empty_tracks" { 1 } else { base }; // one track: 7 points
            s.act(
                id,
                &json!({"type": "Enter", "seat": seat, "category": c, "value": value}),
            )
            .unwrap();
        }
    }
    s.act(id, &json!({"type": "Finish"})).unwrap();
}

fn history(path: &Path) -> Steward {
    let mut s = Steward::open(path).unwrap();
    let rows = [
        result(
            "middle-ages",
            "2025-02-01",
            &[("Bo", 60, None), ("Ana", 35, None)],
        ),
        result(
            "middle-ages",
            "2025-01-05",
            &[("Ana", 50, None), ("Bo", 40, None)],
        ),
        result(
            "middle-ages-scorepad",
            "2025-02-10",
            &[("Ana", 55, None), ("Cy", 52, None)],
        ),
        result(
            "middle-ages",
            "2025-01-12",
            &[("Ana", 45, None), ("Bo", 45, None), ("Cy", 30, None)],
        ),
    ];
    for r in &rows {
        s.record_result(r).unwrap();
    }
    let mut solo = result(
        "raise-the-realm-live",
        "2025-03-01",
        &[("Ana", 30, Some("Trade Queen"))],
    );
    solo.title = Some("Master Builder".into());
    s.record_result(&solo).unwrap();
    s.record_result(&result(
        "raise-the-realm",
        "2025-03-05",
        &[
            ("Bo", 70, Some("Explorer")),
            ("Cy", 40, Some("Trade Queen")),
        ],
    ))
    .unwrap();
    let id = |s: &Steward, n: &str| s.person_named(n).unwrap().unwrap().id;
    let (ana, bo) = (id(&s, "Ana"), id(&s, "Bo"));
    play_scorepad(&mut s, ana, bo);
    s
}

/// A role's line: (role, plays, wins, win rate, average score).
type RoleLine<'a> = (&'a str, i64, i64, Option<f64>, Option<f64>);

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

fn stats(s: &Steward, filter: StatsFilter) -> Stats {
    s.stats(&filter).unwrap()
}

#[test]
fn per_person_figures_match_the_hand_count() {
    let dir = tempfile::tempdir().unwrap();
    let s = history(&dir.path().join("stats.sqlite3"));
    let all = stats(&s, StatsFilter::default());
    assert_eq!(all.plays, 7);
    let names: Vec<&str> = all.people.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["Ana", "Bo", "Cy"], "most plays first");
    let ana = &all.people[0];
    assert_eq!((ana.plays, ana.solo_plays, ana.wins), (6, 1, 4));
    assert!(close(ana.win_rate.unwrap(), 0.8));
    // Chance over her five contested games: (1/2 + 1/3 + 1/2 + 1/2 + 1/2) / 5.
    assert!(close(
        ana.expected_win_rate.unwrap(),
        (2.0 + 1.0 / 3.0) / 5.0
    ));
    assert!(close(ana.average_score.unwrap(), 257.0 / 6.0));
    assert_eq!((ana.high_score, ana.low_score), (Some(55), Some(30)));
    // By day: W (01-05), W (01-12), L (02-01), W (02-10), W (today); by id it would be 4.
    assert_eq!(ana.longest_streak, 2);
    let bo = &all.people[1];
    assert_eq!((bo.plays, bo.solo_plays, bo.wins), (5, 0, 3));
    assert!(close(bo.win_rate.unwrap(), 0.6));
    assert!(close(bo.average_score.unwrap(), 243.0 / 5.0));
    assert_eq!((bo.high_score, bo.low_score), (Some(70), Some(28)));
    assert_eq!(bo.longest_streak, 3, "01-12, 02-01, 03-05");
    let cy = &all.people[2];
    assert_eq!((cy.plays, cy.wins, cy.longest_streak), (3, 0, 0));
    assert!(close(cy.win_rate.unwrap(), 0.0));
    assert!(close(
        cy.expected_win_rate.unwrap(),
        (1.0 / 3.0 + 1.0) / 3.0
    ));
    let h2h: Vec<(&str, i64, i64, i64, i64)> = ana
        .head_to_head
        .iter()
        .map(|h| (h.opponent.as_str(), h.games, h.ahead, h.behind, h.tied))
        .collect();
    assert_eq!(h2h, [("Bo", 4, 2, 1, 1), ("Cy", 2, 2, 0, 0)]);
    let h2h: Vec<(&str, i64, i64, i64, i64)> = cy
        .head_to_head
        .iter()
        .map(|h| (h.opponent.as_str(), h.games, h.ahead, h.behind, h.tied))
        .collect();
    assert_eq!(h2h, [("Ana", 2, 0, 2, 0), ("Bo", 2, 0, 2, 0)]);
}

#[test]
fn per_game_figures_match_the_hand_count() {
    let dir = tempfile::tempdir().unwrap();
    let s = history(&dir.path().join("stats.sqlite3"));
    let all = stats(&s, StatsFilter::default());
    let keys: Vec<&str> = all.games.iter().map(|g| g.game.as_str()).collect();
    assert_eq!(
        keys,
        ["raise-the-realm", "middle-ages"],
        "played games only"
    );
    let ma = &all.games[1];
    assert_eq!(ma.plays, 4, "the scorepad's game counts as Middle Ages");
    let buckets: Vec<(i32, i32, i64)> = ma.scores.iter().map(|b| (b.from, b.to, b.count)).collect();
    assert_eq!(
        buckets,
        [
            (30, 34, 1),
            (35, 39, 1),
            (40, 44, 1),
            (45, 49, 2),
            (50, 54, 2),
            (55, 59, 1),
            (60, 64, 1)
        ]
    );
    let seats: Vec<(u8, i64, i64)> = ma
        .by_seat
        .iter()
        .map(|s| (s.seat, s.plays, s.wins))
        .collect();
    assert_eq!(seats, [(1, 4, 4), (2, 4, 1), (3, 1, 0)]);
    assert!(ma.categories.is_empty(), "results-only records have none");
    let high = ma.highest_score.as_ref().unwrap();
    assert_eq!(
        (high.score, high.name.as_str(), high.game_id),
        (60, "Bo", 1)
    );
    let margin = ma.biggest_margin.as_ref().unwrap();
    assert_eq!((margin.margin, margin.game_id), (25, 1));
    assert_eq!(margin.winners, ["Bo"]);

    let realm = &all.games[0];
    assert_eq!(
        realm.plays, 3,
        "the live tracker and the scorepad are one game"
    );
    let buckets: Vec<(i32, i64)> = realm.scores.iter().map(|b| (b.from, b.count)).collect();
    assert_eq!(
        buckets,
        [
            (25, 1),
            (30, 1),
            (35, 0),
            (40, 2),
            (45, 0),
            (50, 0),
            (55, 0),
            (60, 0),
            (65, 0),
            (70, 1)
        ]
    );
    assert_eq!(realm.categories.len(), 8, "the scorepad's eight categories");
    assert!(realm.categories[..7]
        .iter()
        .all(|c| close(c.average, 4.0) && c.count == 2));
    assert!(close(realm.categories[7].average, 7.0));
    let seats: Vec<(u8, i64, i64)> = realm
        .by_seat
        .iter()
        .map(|s| (s.seat, s.plays, s.wins))
        .collect();
    assert_eq!(
        seats,
        [(1, 2, 2), (2, 2, 0)],
        "the solo game has no seat order"
    );
    let roles: Vec<RoleLine> = realm
        .by_role
        .iter()
        .map(|r| {
            (
                r.role.as_str(),
                r.plays,
                r.wins,
                r.win_rate,
                r.average_score,
            )
        })
        .collect();
    assert_eq!(
        roles,
        [
            ("Trade Queen", 2, 0, Some(0.0), Some(35.0)),
            ("Explorer", 1, 1, Some(1.0), Some(70.0))
        ]
    );
    let titles: Vec<(&str, i64)> = realm
        .titles
        .iter()
        .map(|t| (t.title.as_str(), t.count))
        .collect();
    assert_eq!(titles, [("Master Builder", 1)]);
    let margin = realm.biggest_margin.as_ref().unwrap();
    assert_eq!((margin.margin, margin.game_id), (30, 6));
}

#[test]
fn filters_narrow_the_games_and_a_person_sees_their_own_results() {
    let dir = tempfile::tempdir().unwrap();
    let s = history(&dir.path().join("stats.sqlite3"));
    let ana = s.person_named("Ana").unwrap().unwrap().id;
    let mine = stats(
        &s,
        StatsFilter {
            person: Some(ana),
            game: Some("middle-ages".into()),
            ..StatsFilter::default()
        },
    );
    assert_eq!(mine.plays, 4);
    assert_eq!(mine.people.len(), 1);
    assert_eq!(mine.people[0].wins, 3);
    let scores: i64 = mine.games[0].scores.iter().map(|b| b.count).sum();
    assert_eq!(scores, 4, "her own four scores");
    assert_eq!(mine.games[0].highest_score.as_ref().unwrap().score, 55);
    let margin = mine.games[0].biggest_margin.as_ref().unwrap();
    assert_eq!((margin.margin, margin.game_id), (15, 4), "games she won");
    let three = stats(
        &s,
        StatsFilter {
            players: Some(3),
            ..StatsFilter::default()
        },
    );
    assert_eq!(three.plays, 1);
    let winter = stats(
        &s,
        StatsFilter {
            from: Some("2025-01-10".into()),
            to: Some("2025-02-05".into()),
            ..StatsFilter::default()
        },
    );
    assert_eq!(winter.plays, 2, "games 1 and 4");
    let by_id = stats(
        &s,
        StatsFilter {
            game: Some("raise-the-realm-live".into()),
            ..StatsFilter::default()
        },
    );
    assert_eq!(by_id.filter.game.as_deref(), Some("raise-the-realm"));
    assert_eq!(by_id.plays, 3);
    let unplayed = stats(
        &s,
        StatsFilter {
            game: Some("nine-estates".into()),
            ..StatsFilter::default()
        },
    );
    assert_eq!((unplayed.plays, unplayed.games.len()), (0, 1));
    assert!(unplayed.people.is_empty());
}

/// (month, plays that month, wins that month, win rate to date) of one person's series.
fn series(stats: &Stats, name: &str) -> Vec<(String, i64, i64, f64)> {
    let found = stats
        .win_rate_over_time
        .iter()
        .find(|s| s.name == name)
        .unwrap_or_else(|| panic!("no series for {name}"));
    found
        .points
        .iter()
        .map(|p| (p.month.clone(), p.plays, p.wins, p.win_rate))
        .collect()
}

fn same_points(got: &[(String, i64, i64, f64)], want: &[(&str, i64, i64, f64)]) -> bool {
    got.len() == want.len()
        && got.iter().zip(want).all(|(g, w)| {
            (w.0.is_empty() || g.0 == w.0) && (g.1, g.2) == (w.1, w.2) && close(g.3, w.3)
        })
}

#[test]
fn win_rate_over_time_runs_month_by_month_to_the_overall_rate() {
    let dir = tempfile::tempdir().unwrap();
    let s = history(&dir.path().join("stats.sqlite3"));
    let all = stats(&s, StatsFilter::default());
    let names: Vec<&str> = all
        .win_rate_over_time
        .iter()
        .map(|s| s.name.as_str())
        .collect();
    assert_eq!(names, ["Ana", "Bo", "Cy"]);
    // Ana's contested games: January W W, February L W, and game 7 (played today) W; the solo
    // game of March counts for no one.
    let ana = series(&all, "Ana");
    assert!(
        same_points(
            &ana,
            &[
                ("2025-01", 2, 2, 1.0),
                ("2025-02", 2, 1, 0.75),
                ("", 1, 1, 0.8)
            ]
        ),
        "{ana:?}"
    );
    assert!(
        ana[2].0.as_str() > "2025-03" && ana[2].0.len() == 7,
        "this month: {ana:?}"
    );
    // Bo: January L W, February W, March W, today L.
    let bo = series(&all, "Bo");
    assert!(
        same_points(
            &bo,
            &[
                ("2025-01", 2, 1, 0.5),
                ("2025-02", 1, 1, 2.0 / 3.0),
                ("2025-03", 1, 1, 0.75),
                ("", 1, 0, 0.6)
            ]
        ),
        "{bo:?}"
    );
    let cy = series(&all, "Cy");
    assert!(
        same_points(
            &cy,
            &[
                ("2025-01", 1, 0, 0.0),
                ("2025-02", 1, 0, 0.0),
                ("2025-03", 1, 0, 0.0)
            ]
        ),
        "{cy:?}"
    );
    // The last point is the overall win rate.
    for p in &all.people {
        let last = series(&all, &p.name).last().map(|l| l.3);
        assert!(close(last.unwrap(), p.win_rate.unwrap()), "{}", p.name);
    }
    // Filtered: only Bo's own series, Middle Ages from 10 January: 01-12 W, 02-01 W.
    let bo_id = s.person_named("Bo").unwrap().unwrap().id;
    let narrow = stats(
        &s,
        StatsFilter {
            person: Some(bo_id),
            game: Some("middle-ages".into()),
            from: Some("2025-01-10".into()),
            ..StatsFilter::default()
        },
    );
    assert_eq!(narrow.win_rate_over_time.len(), 1);
    let bo = series(&narrow, "Bo");
    assert!(
        same_points(&bo, &[("2025-01", 1, 1, 1.0), ("2025-02", 1, 1, 1.0)]),
        "{bo:?}"
    );
    let none = stats(
        &s,
        StatsFilter {
            game: Some("nine-estates".into()),
            ..StatsFilter::default()
        },
    );
    assert!(none.win_rate_over_time.is_empty());
}

#[test]
fn bad_filters_are_refused_by_field() {
    let dir = tempfile::tempdir().unwrap();
    let s = history(&dir.path().join("stats.sqlite3"));
    let refused = |f: StatsFilter| s.stats(&f).unwrap_err();
    let field = |e: ApiError| match e {
        ApiError::BadRequest { field, .. } => field,
        other => format!("{other:?}"),
    };
    let to = refused(StatsFilter {
        from: Some("2025-03-01".into()),
        to: Some("2025-01-01".into()),
        ..StatsFilter::default()
    });
    assert_eq!(field(to), "to");
    let from = refused(StatsFilter {
        from: Some("March".into()),
        ..StatsFilter::default()
    });
    assert_eq!(field(from), "from");
    let zero = refused(StatsFilter {
        players: Some(0),
        ..StatsFilter::default()
    });
    assert_eq!(field(zero), "players");
    assert!(matches!(
        refused(StatsFilter {
            person: Some(99),
            ..StatsFilter::default()
        }),
        ApiError::NotFound { .. }
    ));
    assert!(matches!(
        refused(StatsFilter {
            game: Some("chess".into()),
            ..StatsFilter::default()
        }),
        ApiError::NotFound { .. }
    ));
}

#[test]
fn the_command_line_prints_the_figures_and_json() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("stats.sqlite3");
    drop(history(&db));
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_steward"))
            .arg("--db")
            .arg(&db)
            .args(args)
            .output()
            .unwrap()
    };
    let o = run(&["stats", "--game", "middle-ages", "--person", "bo"]);
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(
        text.contains("Bo: 3 plays (0 solo), 2 wins, win rate 67% (by chance 44%)"),
        "{text}"
    );
    assert!(
        text.contains("vs Ana: 3 games, ahead 1, behind 1, tied 1"),
        "{text}"
    );
    let o = run(&["--json", "stats", "--players", "3"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["plays"], 1);
    assert_eq!(v["people"][0]["name"], "Ana");
    assert_eq!(run(&["stats", "--person", "Zed"]).status.code(), Some(3));
    assert_eq!(
        run(&["stats", "--from", "2025-02-30"]).status.code(),
        Some(5)
    );
}
