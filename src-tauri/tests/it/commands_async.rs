//! The window never freezes on a lock: every command that reaches the database is `async` and
//! runs its core call on a blocking worker, so a write that waits for another client's lock
//! leaves the calling thread free.

use estate_steward::service::Steward;
use estate_steward_app::commands::AppState;
use std::future::Future;
use std::pin::pin;
use std::task::{Context, Waker};
use std::time::{Duration, Instant};

#[test]
fn every_command_but_app_info_is_async() {
    let files = [
        include_str!("../../src/commands.rs"),
        include_str!("../../src/host_commands.rs"),
    ];
    let mut commands = 0;
    for (source, (i, _)) in files.iter().flat_map(|source| {
        source
            .match_indices("\n#[tauri::command]\n")
            .map(move |m| (source, m))
    }) {
        let signature = source[i..]
            .lines()
            .find(|l| l.starts_with("pub "))
            .unwrap_or_default();
        commands += 1;
        if signature.starts_with("pub fn app_info") {
            continue; // answers from memory, never waits for the database
        }
        assert!(
            signature.starts_with("pub async fn "),
            "a command that may wait for the database runs on the main thread: {signature}"
        );
    }
    assert!(commands >= 15, "found {commands} commands");
}

#[test]
fn a_request_waiting_for_another_clients_lock_does_not_hold_the_caller() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("locked.sqlite3");
    let steward = Steward::open(&path).unwrap();
    let state = AppState::new(path.clone(), Ok(steward));
    // Another client holds the write lock (as the CLI does during a write).
    let mut other = rusqlite::Connection::open(&path).unwrap();
    let lock = other
        .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)
        .unwrap();
    let mut request = pin!(state.run(|s| s.add_person("Ana", "#1f77b4")));
    let started = Instant::now();
    let mut cx = Context::from_waker(Waker::noop());
    let first = request.as_mut().poll(&mut cx);
    assert!(
        first.is_pending(),
        "the request could not have finished under the lock"
    );
    assert!(
        started.elapsed() < Duration::from_millis(500),
        "the caller was held {:?} while the request waited",
        started.elapsed()
    );
    lock.rollback().unwrap();
    let person = tauri::async_runtime::block_on(request).unwrap();
    assert_eq!(person.name, "Ana");
}

/// A restore through the app's state brings back what the backup held and leaves the app on a
/// service opened afresh over the restored file, which answers the next command.
#[test]
fn a_restore_reopens_the_database_and_brings_back_a_deleted_game() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("app.sqlite3");
    let backup = dir.path().join("backup.sqlite3");
    let mut steward = Steward::open(&path).unwrap();
    let ana = steward.add_person("Ana", "#1f77b4").unwrap();
    let game = steward
        .start_game("nine-estates", &[ana.id], None, None)
        .unwrap();
    let id = game.game_id;
    steward.backup(&backup, false).unwrap();
    steward.delete_game(id).unwrap();
    let state = AppState::new(path.clone(), Ok(steward));

    let report = tauri::async_runtime::block_on(state.restore(backup.clone())).unwrap();
    assert_eq!(report.restored_from, backup.display().to_string());
    assert!(report.safety_copy.is_some(), "a safety copy was kept");
    let games = tauri::async_runtime::block_on(state.run(|s| s.history(None))).unwrap();
    assert_eq!(games.iter().map(|g| g.id).collect::<Vec<_>>(), vec![id]);
    let view = tauri::async_runtime::block_on(state.run(move |s| s.view(id, None))).unwrap();
    assert_eq!(view.game_id, id);
}

/// A file the open checks refuse is refused by name, and the app keeps its database as it was.
#[test]
fn a_refused_restore_leaves_the_database_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("app.sqlite3");
    let foreign = dir.path().join("notes.txt");
    std::fs::write(&foreign, "not a database").unwrap();
    let mut steward = Steward::open(&path).unwrap();
    steward.add_person("Ana", "#1f77b4").unwrap();
    let state = AppState::new(path.clone(), Ok(steward));
    let refused = tauri::async_runtime::block_on(state.restore(foreign)).unwrap_err();
    assert!(
        matches!(&refused, estate_steward::service::ApiError::Store { .. }),
        "{refused:?}"
    );
    let people = tauri::async_runtime::block_on(state.run(|s| s.people())).unwrap();
    assert_eq!(people.len(), 1);
}
