//! The conformance suite every game must pass, called from each game's integration test:
//! random legal play never panics and every offered action is accepted; a refused action leaves
//! the state unchanged; replaying the log reproduces the state; a resumed session (snapshot plus
//! log) equals the live one; undo then redo is the identity; scoring is deterministic.

use super::game::{Game, Seat};
use super::session::Session;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// What one conformance run saw, so a test can assert the play went somewhere.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Report {
    pub games: usize,
    pub actions: usize,
    pub finished: usize,
    pub refusals_checked: usize,
}

/// Play `games` random games of at most `max_steps` actions each. `probes` proposes actions that
/// may be illegal in a state (wrong phase, bad numbers …); each refused one must change nothing.
pub fn check<G: Game>(
    options: &G::Options,
    seats: &[Seat],
    games: u64,
    max_steps: usize,
    probes: impl Fn(&G::State) -> Vec<G::Action>,
) -> Report {
    let mut report = Report::default();
    for game in 0..games {
        let mut chooser = ChaCha8Rng::seed_from_u64(game);
        let mut session: Session<G> =
            match Session::new(options.clone(), seats.to_vec(), game * 7919 + 1) {
                Ok(s) => s,
                Err(e) => panic!("setup refused: {e}"),
            };
        report.games += 1;
        for _ in 0..max_steps {
            let before = session.state().clone();
            for probe in probes(&before) {
                if session.decide(probe.clone()).is_err() {
                    assert_eq!(
                        session.state(),
                        &before,
                        "a refused action changed the state: {probe:?}"
                    );
                    report.refusals_checked += 1;
                }
            }
            let allowed = G::allowed(&before);
            if allowed.is_empty() {
                break;
            }
            let pick = allowed[chooser.random_range(0..allowed.len())]
                .action
                .clone();
            let entry = match session.decide(pick.clone()) {
                Ok(e) => e,
                Err(e) => panic!("an allowed action was refused: {pick:?}: {e}"),
            };
            session.commit(entry);
            report.actions += 1;

            // Undo then redo is the identity (state and log).
            if chooser.random_bool(0.2) {
                let state = session.state().clone();
                let log_len = session.entries().len();
                session.undo();
                assert_eq!(
                    session.state(),
                    &before,
                    "undo did not restore the previous state"
                );
                session.redo();
                assert_eq!(session.state(), &state, "undo then redo changed the state");
                assert_eq!(session.entries().len(), log_len);
            }
            if G::is_over(session.state()) {
                report.finished += 1;
                break;
            }
        }
        assert_eq!(
            &session.replayed(),
            session.state(),
            "replaying the log gave another state"
        );
        let resumed = Session::<G>::resume(
            options.clone(),
            seats.to_vec(),
            session.seed,
            None,
            session.entries().to_vec(),
            Vec::new(),
        );
        match resumed {
            Ok(r) => assert_eq!(r.state(), session.state(), "a resumed session differs"),
            Err(e) => panic!("resume refused: {e}"),
        }
        assert_eq!(
            G::score(session.state()),
            G::score(&session.replayed()),
            "scoring is not deterministic"
        );
    }
    report
}
