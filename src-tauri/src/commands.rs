//! Tauri commands: thin wrappers that parse, call one core function and return a typed result.
//!
//! Commands live here rather than at the crate root: a `pub` `#[tauri::command]` at the root of
//! the library collides with its generated `__cmd__*` macro (E0255).
//!
//! Every command that reaches the database is `async` and runs its core call on a blocking
//! worker thread: waiting for another client's write (SQLite's busy wait, up to 5 s) never
//! holds the main thread, so the window keeps painting and answering.
//!
//! To add a command: write it here with `#[tauri::command]` + `#[specta::specta]`, list it in
//! `collect_commands!` in [`crate::specta_builder`], allow it in `capabilities/default.json`
//! (`allow-<name-in-kebab-case>`), then regenerate the bindings with
//! `BLESS=1 cargo test -p estate-steward-app --test it bindings::`.
//!
//! The file commands (export, import, backup, restore) open the native file dialog themselves
//! (see [`crate::files`]): the window never names a path.

use crate::files::{self, count_to, tell, today, FileOutcome, FileProgress};
use crate::hosting::HostState;
use estate_steward::service::{
    ApiError, CatalogueEntry, GameInfo, GameRecord, PersonGames, PlayerRef, ReplayStep,
    ResultsEntry, SeatColours, Stats, Steward, TableView, APP_VIEWS,
};
use estate_steward::store::StoreError;
use estate_steward::store::{GameRow, Person, RestoreReport, StatsFilter};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use specta::Type;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use tauri::ipc::Channel;
use tauri::{AppHandle, State};

/// Any JSON value crossing IPC (a private view, a remembered card); the game checks its shape.
#[derive(Debug, Clone, Serialize, Deserialize, Type)]
#[serde(transparent)]
pub struct Json(#[specta(type = specta_typescript::Unknown)] pub Value);

/// One of the games' actions, as `allowed` offers it; the game checks it.
#[derive(Debug, Clone, Serialize, Deserialize, Type)]
#[serde(transparent)]
pub struct ActionJson(#[specta(type = estate_steward::games::GameAction)] pub Value);

/// One of the games' options, as New game sends them; the game checks them.
#[derive(Debug, Clone, Serialize, Deserialize, Type)]
#[serde(transparent)]
pub struct OptionsJson(#[specta(type = estate_steward::games::GameOptions)] pub Value);

/// The open database, or why it could not be opened (shown on every screen that needs it).
pub struct AppState {
    steward: Arc<Mutex<Result<Steward, ApiError>>>,
    pub(crate) path: PathBuf,
    db_path: String,
    /// Why the database could not be opened at start, until a backup is restored in its place.
    db_error: Arc<Mutex<Option<ApiError>>>,
}

/// The failure of a worker thread that stopped before answering (a panic in a core call).
fn stopped(e: impl std::fmt::Display) -> ApiError {
    ApiError::Store {
        error: StoreError::Sql {
            message: format!("the request stopped before it finished: {e}"),
        },
    }
}

impl AppState {
    pub fn new(path: PathBuf, steward: Result<Steward, ApiError>) -> Self {
        AppState {
            db_error: Arc::new(Mutex::new(steward.as_ref().err().cloned())),
            steward: Arc::new(Mutex::new(steward)),
            db_path: path.display().to_string(),
            path,
        }
    }

    /// Close the database as the app quits: a command still running finishes first (the lock),
    /// and any after it is told the app is closing.
    pub fn close(&self) {
        let mut guard = self.steward.lock().unwrap_or_else(|p| p.into_inner());
        *guard = Err(ApiError::Store {
            error: StoreError::Sql {
                message: "the app is closing".into(),
            },
        });
    }

    /// Run one core call with the open service on a blocking worker thread, never on the
    /// caller's (the main thread's) own.
    pub async fn run<T: Send + 'static>(
        &self,
        f: impl FnOnce(&mut Steward) -> Result<T, ApiError> + Send + 'static,
    ) -> Result<T, ApiError> {
        let steward = Arc::clone(&self.steward);
        tauri::async_runtime::spawn_blocking(move || {
            // A panic while holding the lock cannot leave SQLite half-written (transactions),
            // so the service stays usable after a poisoned lock.
            let mut guard = steward.lock().unwrap_or_else(|p| p.into_inner());
            match guard.as_mut() {
                Ok(steward) => f(steward),
                Err(e) => Err(e.clone()),
            }
        })
        .await
        .unwrap_or_else(|e| Err(stopped(e)))
    }

    /// Restore the database from `file`, then open it afresh: the service that answers the
    /// next command starts from the restored file alone (no table, page or statement held from
    /// before). Held under the one lock, so no command runs between the two.
    pub async fn restore(&self, file: PathBuf) -> Result<RestoreReport, ApiError> {
        let steward = Arc::clone(&self.steward);
        let refused = Arc::clone(&self.db_error);
        let path = self.path.clone();
        tauri::async_runtime::spawn_blocking(move || {
            let mut guard = steward.lock().unwrap_or_else(|p| p.into_inner());
            let report = match guard.as_mut() {
                Ok(s) => s.restore(&file)?,
                // The database was refused at start: the backup takes its place, the refused file
                // moved aside unchanged.
                Err(_) => {
                    let (mut restored, report) = Steward::restore_over_refused(&path, &file)?;
                    restored.set_views(APP_VIEWS);
                    *guard = Ok(restored);
                    *refused.lock().unwrap_or_else(|p| p.into_inner()) = None;
                    return Ok(report);
                }
            };
            // The restore went through the open connection, so the old service stays usable
            // if the file cannot be opened again; the error then says the restore happened.
            *guard = Ok(reopen(&path).map_err(|e| restored_not_reopened(&report, &e))?);
            Ok(report)
        })
        .await
        .unwrap_or_else(|e| Err(stopped(e)))
    }
}

/// What happened when a restore went through but the restored file could not be opened again:
/// the backup is in place (and the safety copy kept), only the reopening failed.
fn restored_not_reopened(report: &RestoreReport, e: &ApiError) -> ApiError {
    let safety = report
        .safety_copy
        .as_deref()
        .map(|s| format!(" (the database as it was is kept at {s})"))
        .unwrap_or_default();
    ApiError::Store {
        error: StoreError::Sql {
            message: format!(
                "the backup {} was restored{safety}, but opening the restored database again \
                 failed: {e}. Restart Estate Steward to open it",
                report.restored_from
            ),
        },
    }
}

/// The service over the database at `path`, as the app opens it at start.
pub fn reopen(path: &Path) -> Result<Steward, ApiError> {
    Steward::open(path).map(|mut s| {
        s.set_views(APP_VIEWS);
        s
    })
}

/// What the shell tells the UI about itself.
#[derive(Debug, Clone, Serialize, Type)]
pub struct AppInfo {
    /// The application's version (from Cargo.toml).
    pub version: String,
    /// Where the games are kept.
    pub db_path: String,
    /// Why the database could not be opened, if it could not.
    pub db_error: Option<ApiError>,
}

/// Returns the application's version and the state of its database.
#[tauri::command]
#[specta::specta]
pub fn app_info(state: State<'_, AppState>) -> AppInfo {
    AppInfo {
        version: env!("CARGO_PKG_VERSION").to_string(),
        db_path: state.db_path.clone(),
        db_error: state
            .db_error
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone(),
    }
}

/// The games the app hosts.
#[tauri::command]
#[specta::specta]
pub async fn games_available(state: State<'_, AppState>) -> Result<Vec<GameInfo>, ApiError> {
    state.run(move |s| Ok(s.games_available())).await
}

/// Saved people.
#[tauri::command]
#[specta::specta]
pub async fn people(state: State<'_, AppState>) -> Result<Vec<Person>, ApiError> {
    state.run(move |s| s.people()).await
}

/// Saved people with the number of games each sat at (the People screen).
#[tauri::command]
#[specta::specta]
pub async fn people_games(state: State<'_, AppState>) -> Result<Vec<PersonGames>, ApiError> {
    state.run(move |s| s.people_games()).await
}

/// Save a person with a colour like `#1f77b4`.
#[tauri::command]
#[specta::specta]
pub async fn add_person(
    state: State<'_, AppState>,
    name: String,
    colour: String,
) -> Result<Person, ApiError> {
    state.run(move |s| s.add_person(&name, &colour)).await
}

fn player_ids(person_ids: Vec<i32>) -> Vec<PlayerRef> {
    person_ids
        .into_iter()
        .map(|id| PlayerRef::Id(i64::from(id)))
        .collect()
}

/// Start a game for these people, in seat order, with a colour picked for some seats
/// (`colours[i]` for seat `i`; the others keep their person's colour or take a free one).
#[tauri::command]
#[specta::specta]
pub async fn start_game(
    state: State<'_, AppState>,
    game: String,
    person_ids: Vec<i32>,
    colours: Vec<Option<String>>,
    options: Option<OptionsJson>,
) -> Result<TableView, ApiError> {
    let players = player_ids(person_ids);
    state
        .run(move |s| s.start_seated(&game, &players, &colours, options.map(|o| o.0), None))
        .await
}

/// The colours these people would play in at a new table (no two alike), and the palette.
#[tauri::command]
#[specta::specta]
pub async fn table_colours(
    state: State<'_, AppState>,
    person_ids: Vec<i32>,
    colours: Vec<Option<String>>,
) -> Result<SeatColours, ApiError> {
    let players = player_ids(person_ids);
    state
        .run(move |s| s.table_colours(&players, &colours))
        .await
}

/// "Play again": the same game, options, people, seats and colours, freshly shuffled.
#[tauri::command]
#[specta::specta]
pub async fn play_again(state: State<'_, AppState>, game_id: i32) -> Result<TableView, ApiError> {
    state.run(move |s| s.play_again(i64::from(game_id))).await
}

/// A game's table.
#[tauri::command]
#[specta::specta]
pub async fn table(state: State<'_, AppState>, game_id: i32) -> Result<TableView, ApiError> {
    state.run(move |s| s.view(i64::from(game_id), None)).await
}

/// Apply an action (the game's action JSON); answered only after it is saved.
#[tauri::command]
#[specta::specta]
pub async fn act(
    state: State<'_, AppState>,
    hosts: State<'_, HostState>,
    game_id: i32,
    action: ActionJson,
) -> Result<TableView, ApiError> {
    let view = state
        .run(move |s| s.act(i64::from(game_id), &action.0))
        .await?;
    hosts.changed(i64::from(game_id)).await;
    Ok(view)
}

/// What only one seat may see (their money in The Estates): for a deliberate peek.
#[tauri::command]
#[specta::specta]
pub async fn peek(state: State<'_, AppState>, game_id: i32, seat: u8) -> Result<Json, ApiError> {
    state
        .run(move |s| s.peek(i64::from(game_id), seat))
        .await
        .map(Json)
}

/// Take back the last action.
#[tauri::command]
#[specta::specta]
pub async fn undo(
    state: State<'_, AppState>,
    hosts: State<'_, HostState>,
    game_id: i32,
) -> Result<TableView, ApiError> {
    let view = state.run(move |s| s.undo(i64::from(game_id))).await?;
    hosts.changed(i64::from(game_id)).await;
    Ok(view)
}

/// Put back the last undone action.
#[tauri::command]
#[specta::specta]
pub async fn redo(
    state: State<'_, AppState>,
    hosts: State<'_, HostState>,
    game_id: i32,
) -> Result<TableView, ApiError> {
    let view = state.run(move |s| s.redo(i64::from(game_id))).await?;
    hosts.changed(i64::from(game_id)).await;
    Ok(view)
}

/// Games, newest first: "active", "finished", or all.
#[tauri::command]
#[specta::specta]
pub async fn history(
    state: State<'_, AppState>,
    status: Option<String>,
) -> Result<Vec<GameRow>, ApiError> {
    state.run(move |s| s.history(status.as_deref())).await
}

/// A game's record: players, breakdown and log.
#[tauri::command]
#[specta::specta]
pub async fn record(state: State<'_, AppState>, game_id: i32) -> Result<GameRecord, ApiError> {
    state.run(move |s| s.record(i64::from(game_id))).await
}

/// The table after `step` actions of the log.
#[tauri::command]
#[specta::specta]
pub async fn replay(
    state: State<'_, AppState>,
    game_id: i32,
    step: u32,
) -> Result<ReplayStep, ApiError> {
    state.run(move |s| s.replay(i64::from(game_id), step)).await
}

/// Remembered card data of a game.
#[tauri::command]
#[specta::specta]
pub async fn catalogue(
    state: State<'_, AppState>,
    game: String,
) -> Result<Vec<CatalogueEntry>, ApiError> {
    state.run(move |s| s.catalogue(&game)).await
}

/// Correct a remembered card.
#[tauri::command]
#[specta::specta]
pub async fn set_catalogue_entry(
    state: State<'_, AppState>,
    game: String,
    key: String,
    value: Json,
) -> Result<(), ApiError> {
    state
        .run(move |s| s.set_catalogue_entry(&game, &key, value.0))
        .await
}

/// Delete a game and its log.
#[tauri::command]
#[specta::specta]
pub async fn delete_game(state: State<'_, AppState>, game_id: i32) -> Result<(), ApiError> {
    state.run(move |s| s.delete_game(i64::from(game_id))).await
}

/// Leave a game in play unfinished for good (it stays in History as abandoned).
#[tauri::command]
#[specta::specta]
pub async fn abandon_game(state: State<'_, AppState>, game_id: i32) -> Result<GameRow, ApiError> {
    state.run(move |s| s.abandon_game(i64::from(game_id))).await
}

/// Statistics over finished games, per person and per game, for a filter.
#[tauri::command]
#[specta::specta]
pub async fn stats(state: State<'_, AppState>, filter: StatsFilter) -> Result<Stats, ApiError> {
    state.run(move |s| s.stats(&filter)).await
}

/// Enter a game played without the app as its results.
#[tauri::command]
#[specta::specta]
pub async fn record_result(
    state: State<'_, AppState>,
    entry: ResultsEntry,
) -> Result<GameRow, ApiError> {
    state.run(move |s| s.record_result(&entry)).await
}

/// Rename a saved person.
#[tauri::command]
#[specta::specta]
pub async fn rename_person(
    state: State<'_, AppState>,
    person_id: i32,
    name: String,
) -> Result<Person, ApiError> {
    state
        .run(move |s| s.rename_person(i64::from(person_id), &name))
        .await
}

/// Change a saved person's colour (like `#1f77b4`).
#[tauri::command]
#[specta::specta]
pub async fn set_person_colour(
    state: State<'_, AppState>,
    person_id: i32,
    colour: String,
) -> Result<Person, ApiError> {
    state
        .run(move |s| s.set_person_colour(i64::from(person_id), &colour))
        .await
}

/// Merge person `gone` into `keep` (the same person saved twice); refused when both sat at the
/// same game.
#[tauri::command]
#[specta::specta]
pub async fn merge_people(
    state: State<'_, AppState>,
    keep: i32,
    gone: i32,
) -> Result<Person, ApiError> {
    state
        .run(move |s| s.merge_people(i64::from(keep), i64::from(gone)))
        .await
}

/// Bring the statistics up to date before Statistics asks, telling `progress` how a long first
/// count goes (after another program's import, or an upgrade): "Counting games for the
/// statistics: 40%". Counted on a connection of its own, outside the window's lock, so that the
/// window's other commands, the phones and every other client go on saving meanwhile.
#[tauri::command]
#[specta::specta]
pub async fn count_stats(
    state: State<'_, AppState>,
    progress: Channel<FileProgress>,
) -> Result<(), ApiError> {
    let path = state.path.clone();
    tauri::async_runtime::spawn_blocking(move || {
        let counter = Steward::open(&path)?;
        let mut told = None;
        counter.count_stats(&mut |done, total| {
            let step = FileProgress::counting_stats(done, total);
            if told.as_ref() != Some(&step) {
                let _ = progress.send(step.clone());
                told = Some(step);
            }
        })
    })
    .await
    .unwrap_or_else(|e| Err(stopped(e)))
}

/// The dialog of `ask`, off the main thread (the native dialog blocks its caller until closed).
async fn choose(app: AppHandle, ask: files::Ask) -> Result<Option<PathBuf>, ApiError> {
    tauri::async_runtime::spawn_blocking(move || files::choose(&app, ask))
        .await
        .unwrap_or_else(|e| Err(stopped(e)))
}

/// Export every game as "json" (the app's own), "csv" or "bgstats" to a file chosen in the
/// native dialog.
#[tauri::command]
#[specta::specta]
pub async fn export_history(
    app: AppHandle,
    state: State<'_, AppState>,
    format: String,
    progress: Channel<FileProgress>,
) -> Result<FileOutcome, ApiError> {
    let ask = files::export_ask(&format, &today())?;
    tell(&progress, "Choose where to save the export…");
    let Some(out) = choose(app, ask).await? else {
        return Ok(files::cancelled("exported"));
    };
    tell(&progress, "Writing the export…");
    let report = state
        // The save dialog has asked before a file is replaced.
        .run(move |s| s.export_with(&format, &out, true, &mut count_to(&progress)))
        .await?;
    Ok(FileOutcome::Exported { report })
}

/// Import an Estate Steward or BG Stats export chosen in the native dialog.
#[tauri::command]
#[specta::specta]
pub async fn import_history(
    app: AppHandle,
    state: State<'_, AppState>,
    progress: Channel<FileProgress>,
) -> Result<FileOutcome, ApiError> {
    tell(&progress, "Choose the file to import…");
    let Some(file) = choose(app, files::import_ask()).await? else {
        return Ok(files::cancelled("imported"));
    };
    tell(
        &progress,
        "Reading, checking and saving every game in the file…",
    );
    let report = state
        .run(move |s| s.import_with(&file, &mut count_to(&progress)))
        .await?;
    Ok(FileOutcome::Imported { report })
}

/// Back the database up to a new file chosen in the native dialog.
#[tauri::command]
#[specta::specta]
pub async fn backup_database(
    app: AppHandle,
    state: State<'_, AppState>,
    progress: Channel<FileProgress>,
) -> Result<FileOutcome, ApiError> {
    tell(&progress, "Choose where to save the backup…");
    let Some(out) = choose(app, files::backup_ask(&today())).await? else {
        return Ok(files::cancelled("backed up"));
    };
    tell(&progress, "Copying and checking the database…");
    let path = out.display().to_string();
    // The save dialog has asked before a file is replaced.
    state.run(move |s| s.backup(&out, true)).await?;
    Ok(FileOutcome::BackedUp { path })
}

/// Replace the database's content with a backup chosen in the native dialog (a safety copy of
/// what it replaces is kept), then reopen it.
#[tauri::command]
#[specta::specta]
pub async fn restore_database(
    app: AppHandle,
    state: State<'_, AppState>,
    hosts: State<'_, HostState>,
    progress: Channel<FileProgress>,
) -> Result<FileOutcome, ApiError> {
    tell(&progress, "Choose the backup to restore…");
    let Some(file) = choose(app, files::restore_ask()).await? else {
        return Ok(files::cancelled("restored"));
    };
    tell(
        &progress,
        "Checking the backup, keeping a safety copy and restoring…",
    );
    // The restored file has its own games and links: phones join again from new codes (a
    // link revoked since the backup must not come back to life through a running host).
    hosts.stop().await;
    let report = state.restore(file).await?;
    Ok(FileOutcome::Restored { report })
}

#[cfg(test)]
mod restore_tests {
    use super::*;

    #[test]
    fn a_restore_whose_reopening_fails_says_the_restore_happened() {
        let report = RestoreReport {
            restored_from: "monday.sqlite3".into(),
            safety_copy: Some("before-restore.sqlite3".into()),
        };
        let failure = ApiError::Store {
            error: StoreError::Sql {
                message: "disk I/O error".into(),
            },
        };
        let said = restored_not_reopened(&report, &failure).to_string();
        for part in [
            "the backup monday.sqlite3 was restored",
            "kept at before-restore.sqlite3",
            "opening the restored database again failed: database error: disk I/O error",
            "Restart Estate Steward",
        ] {
            assert!(said.contains(part), "{said}");
        }
    }
}
