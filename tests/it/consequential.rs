//! Actions that settle a stage of the game for everyone (ending an Era, closing the game) carry
//! the question the app asks before it sends them; the ordinary moves of a turn carry none. The
//! Nine Estates case runs through the service and a real database file, as the app reads it.

use crate::common;

use common::realm::seats;
use estate_steward::engine::Game;
use estate_steward::games::middle_ages::scorepad::{MiddleAgesScorepad, PadAction, PadOptions};
use estate_steward::games::realm::scorepad::{RaiseTheRealm, RealmAction, RealmOptions};
use estate_steward::games::realm::tracker::{RealmTracker, TrackerAction, TrackerOptions};
use estate_steward::service::{ApiError, Steward, TableView};
use serde_json::Value;

fn ok<T>(r: Result<T, ApiError>) -> T {
    match r {
        Ok(v) => v,
        Err(e) => panic!("unexpected error: {e}"),
    }
}

/// The offer whose action has this `type`.
fn offer<'a>(view: &'a TableView, kind: &str) -> &'a estate_steward::service::Offer {
    match view.allowed.iter().find(|a| a.action["type"] == kind) {
        Some(a) => a,
        None => panic!("no {kind} offered among {:?}", view.allowed),
    }
}

#[test]
fn ending_a_nine_estates_era_asks_first_and_says_what_follows() {
    let dir = match tempfile::tempdir() {
        Ok(d) => d,
        Err(e) => panic!("tempdir: {e}"),
    };
    let mut steward = ok(Steward::open(&dir.path().join("confirm.sqlite3")));
    let ana = ok(steward.add_person("Ana", "#123456")).id;
    let started = ok(steward.start_game("nine-estates", &[ana], None, Some(7)));
    let id = started.game_id;

    let deal = offer(&started, "Deal").action.clone();
    let view = ok(steward.act(id, &deal));
    let end = offer(&view, "EndEra");
    // The score the question gives is the one the table shows for the Era so far.
    assert_eq!(view.view_value()["current_era"]["total"], -2);
    assert_eq!(
        end.confirm.as_deref(),
        Some("End Era 1 now? It scores -2 points as it stands, and Era 2 is dealt next.")
    );
    // Every other offer of the turn is sent on one tap, and its JSON has no question at all.
    for a in view.allowed.iter().filter(|a| a.action["type"] != "EndEra") {
        assert_eq!(a.confirm, None, "{} asks", a.label);
        let json = match serde_json::to_value(a) {
            Ok(v) => v,
            Err(e) => panic!("{e}"),
        };
        assert_eq!(json.get("confirm"), None::<&Value>);
    }

    // After the last Era, ending it ends the game, and the question says so.
    let end = end.action.clone();
    let between = ok(steward.act(id, &end));
    let deal = offer(&between, "Deal").action.clone();
    let view = ok(steward.act(id, &deal));
    assert_eq!(
        offer(&view, "EndEra").confirm.as_deref(),
        Some(format!(
            "End Era 2 now? It scores {} points as it stands, and the game ends.",
            view.view_value()["current_era"]["total"]
        ))
        .as_deref()
    );
}

#[test]
fn the_realm_tracker_asks_before_leaving_an_era_and_before_closing_the_game() {
    let mut s = match RealmTracker::initial(&TrackerOptions::default(), &seats(2)) {
        Ok(s) => s,
        Err(e) => panic!("{e:?}"),
    };
    s.era = 2;
    assert_eq!(
        RealmTracker::confirm(&s, &TrackerAction::NextEra).as_deref(),
        Some("Begin Era 3? Nothing more can be recorded in Era 2.")
    );
    s.era = 5;
    assert_eq!(
        RealmTracker::confirm(&s, &TrackerAction::NextEra).as_deref(),
        Some("Go to the final scoring? Nothing more can be recorded in Era 5.")
    );
    assert_eq!(
        RealmTracker::confirm(&s, &TrackerAction::Finish).as_deref(),
        Some("Close the game? The final scores become its result.")
    );
    assert_eq!(
        RealmTracker::confirm(&s, &TrackerAction::SoloObjective { met: true }),
        None
    );
}

#[test]
fn the_scorepads_ask_before_closing() {
    let realm = match RaiseTheRealm::initial(&RealmOptions::default(), &seats(2)) {
        Ok(s) => s,
        Err(e) => panic!("{e:?}"),
    };
    assert_eq!(
        RaiseTheRealm::confirm(&realm, &RealmAction::Finish).as_deref(),
        Some("Close the scorepad? These scores become the game's result.")
    );
    assert_eq!(
        RaiseTheRealm::confirm(&realm, &RealmAction::ObjectivesMet { count: 2 }),
        None
    );

    let middle = match MiddleAgesScorepad::initial(&PadOptions::default(), &seats(3)) {
        Ok(s) => s,
        Err(e) => panic!("{e:?}"),
    };
    assert_eq!(
        MiddleAgesScorepad::confirm(&middle, &PadAction::Finish).as_deref(),
        Some("Close the scorepad? These scores become the game's result.")
    );
}
