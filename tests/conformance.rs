//! The engine's conformance suite, run for every registered game.

mod common;

use common::*;
use estate_steward::engine::conformance::check;
use estate_steward::games::nine_estates::cards::Resource;
use estate_steward::games::nine_estates::payment::{Pay, Source};
use estate_steward::games::nine_estates::state::Slot;
use estate_steward::games::nine_estates::{
    NineAction, NineEstates, NineOptions, RoundChoice, Target,
};

#[test]
fn nine_estates_passes_the_conformance_suite() {
    let probes = |_: &_| {
        vec![
            NineAction::Pass,
            NineAction::TurnFirstCard,
            NineAction::RotateTopCard,
            NineAction::ChooseRoundEnd {
                choice: RoundChoice::RotateAll,
            },
            NineAction::Build {
                target: Target::Estate { row: 0, col: 0 },
                payment: vec![],
            },
            NineAction::Build {
                target: Target::Structure {
                    slot: Slot::Discard,
                },
                payment: vec![Pay {
                    from: Source::Structure { index: 7 },
                    resource: Resource::WorkCrew,
                }],
            },
        ]
    };
    let report = check::<NineEstates>(
        &NineOptions {
            catalogue: catalogue(),
        },
        &seat(),
        40,
        400,
        probes,
    );
    assert_eq!(report.games, 40);
    assert!(
        report.actions > 400,
        "random play went somewhere: {report:?}"
    );
    assert!(
        report.finished > 0,
        "some games reached the end: {report:?}"
    );
    assert!(report.refusals_checked > 100, "{report:?}");
    // With no catalogue, play is passes, round choices and Era ends only.
    let bare = check::<NineEstates>(&NineOptions::default(), &seat(), 10, 200, probes);
    assert!(bare.actions > 50);
}

#[test]
fn raise_the_realm_tracker_passes_the_conformance_suite() {
    use common::realm::{gather, options, seats};
    use estate_steward::games::realm_tracker::model::{Change, Res};
    use estate_steward::games::realm_tracker::{RealmTracker, TrackerAction as A};
    let probes = |_: &_| {
        vec![
            A::EndTurn,
            gather("grain"),
            gather("level-4"),
            A::Draw {
                deck: 9,
                market: 0,
                ability: false,
            },
            A::Activate {
                slot: 0,
                change: None,
                wood: None,
                ability: false,
            },
            A::Convert {
                give: common::realm::res(3, 0, 0, 0),
                get: Res::Wood,
            },
            A::Effect {
                seat: 0,
                card: "Thief".into(),
                change: Change {
                    supply: common::realm::res(-5, 0, 0, 0),
                    ..Default::default()
                },
            },
            A::NextEra,
            A::Finish,
        ]
    };
    for n in [1, 3, 5] {
        let report = check::<RealmTracker>(&options(), &seats(n), 12, 600, probes);
        assert!(
            report.actions > 500,
            "random play went somewhere: {report:?}"
        );
        assert!(
            report.finished > 0,
            "some games reached the end: {report:?}"
        );
        assert!(report.refusals_checked > 100, "{report:?}");
    }
}
