//! Estate Steward's desktop shell: a thin Tauri 2 layer over the `estate_steward` core.

pub mod commands;
pub mod files;
pub mod host_commands;
pub mod hosting;

use std::ffi::OsString;
use std::path::PathBuf;
use tauri::Manager;

// The database location is the core's, so the app and the `steward` CLI share one file.
use estate_steward::store::location;
pub use estate_steward::store::{APP_DIR_NAME, DB_ENV, DB_FILE_NAME};

/// The one place where the app's commands are registered and typed for the UI.
/// The app runs on Wry alone: the file commands open the dialog through Wry's `AppHandle`.
pub fn specta_builder() -> tauri_specta::Builder<tauri::Wry> {
    tauri_specta::Builder::<tauri::Wry>::new().commands(tauri_specta::collect_commands![
        commands::app_info,
        commands::games_available,
        commands::people,
        commands::people_games,
        commands::add_person,
        commands::start_game,
        commands::table_colours,
        commands::play_again,
        commands::table,
        commands::act,
        commands::peek,
        commands::undo,
        commands::redo,
        commands::history,
        commands::record,
        commands::replay,
        commands::catalogue,
        commands::set_catalogue_entry,
        commands::delete_game,
        commands::abandon_game,
        commands::stats,
        commands::record_result,
        commands::rename_person,
        commands::set_person_colour,
        commands::merge_people,
        commands::count_stats,
        commands::export_history,
        commands::import_history,
        commands::backup_database,
        commands::restore_database,
        host_commands::host_game,
        host_commands::hosted,
        host_commands::renew_link,
        host_commands::stop_hosting,
        host_commands::table_changed,
    ])
    // The games' own shapes (`GameAction`, `GameOptions` …) reach the bindings through the
    // command types that carry them; `estate_steward::games` lists the games.
}

/// Where the database lives: `--db PATH` on the command line, else `$ESTATE_STEWARD_DB`, else
/// `<user data folder>/app.estatesteward.desktop/estate-steward.sqlite3` — decided by the
/// core's `store::location`, the same function the `steward` CLI uses.
pub fn db_path() -> PathBuf {
    location::db_path(location::db_flag(std::env::args_os().skip(1)))
}

/// [`db_path`] for given arguments, environment value and data folder.
pub fn db_path_from(
    args: impl IntoIterator<Item = OsString>,
    env: Option<OsString>,
    data_dir: Option<PathBuf>,
) -> PathBuf {
    location::resolve(location::db_flag(args), env, data_dir)
}

/// WebKitGTK's switch for drawing pages without accelerated compositing.
pub const COMPOSITING_ENV: &str = "WEBKIT_DISABLE_COMPOSITING_MODE";

/// The value the app gives [`COMPOSITING_ENV`] when it starts: "1" (draw in software) unless
/// the person starting it set the variable (`0` turns compositing back on).
///
/// Why: the first sticky element (the alert region, a game's action bar) makes WebKitGTK enter
/// accelerated compositing, and setting up its GL context delays the window's first paint by
/// 0.6–0.8 s where the GL is software (Xvfb, virtual machines, laptops without GPU drivers);
/// measured in docs/benchmarks.md. The app's screens are forms, boards and small SVG charts,
/// which WebKit draws in software without a visible difference. It is also the usual cure
/// for the blank WebKitGTK windows some GPU drivers give.
pub fn compositing_env(current: Option<OsString>) -> Option<&'static str> {
    match current {
        Some(_) => None,
        None => Some("1"),
    }
}

#[cfg_attr(mobile, tauri::mobile_entry_point)]
pub fn run() {
    // First, before any thread exists (setting the environment races with threads reading it).
    if cfg!(target_os = "linux") {
        if let Some(value) = compositing_env(std::env::var_os(COMPOSITING_ENV)) {
            std::env::set_var(COMPOSITING_ENV, value);
        }
    }
    let builder = specta_builder();
    let path = db_path();
    eprintln!("estate-steward: database at {}", path.display());
    // A refused database (not ours, newer, corrupt) does not stop the app: every screen shows why.
    let steward = commands::reopen(&path);
    if let Err(e) = &steward {
        eprintln!("estate-steward: {e}");
    }
    let state = commands::AppState::new(path, steward);

    let built = tauri::Builder::default()
        .manage(state)
        .manage(hosting::HostState::default())
        // Its Rust side only: the commands open the file dialog; the window has no permission
        // for the plugin's own commands (capabilities/default.json).
        .plugin(tauri_plugin_dialog::init())
        .invoke_handler(builder.invoke_handler())
        .setup(move |app| {
            builder.mount_events(app);
            Ok(())
        })
        .build(tauri::generate_context!());
    match built {
        Ok(app) => app.run(|handle, event| {
            if let tauri::RunEvent::Exit = event {
                // The process ends without dropping what the app manages: close the database
                // here, so that its next start need not check the whole file
                // (`store::checked`).
                // Every phone's connection closes with the host; the games are untouched.
                tauri::async_runtime::block_on(handle.state::<hosting::HostState>().stop());
                handle.state::<commands::AppState>().close();
            }
        }),
        Err(e) => {
            // No window could be opened (no display, missing WebKit …): say why, no panic trace.
            eprintln!("estate-steward: cannot run the application: {e}");
            std::process::exit(1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compositing_is_off_unless_the_person_starting_the_app_chose() {
        assert_eq!(compositing_env(None), Some("1"));
        assert_eq!(compositing_env(Some(OsString::from("0"))), None);
        assert_eq!(compositing_env(Some(OsString::from("1"))), None);
    }

    fn os(v: &[&str]) -> Vec<OsString> {
        v.iter().map(OsString::from).collect()
    }

    #[test]
    fn db_flag_beats_env_beats_data_dir() {
        let data = Some(PathBuf::from("/home/u/.local/share"));
        let env = Some(OsString::from("/tmp/env.sqlite3"));
        assert_eq!(
            db_path_from(os(&["--db", "/tmp/a.sqlite3"]), env.clone(), data.clone()),
            PathBuf::from("/tmp/a.sqlite3")
        );
        assert_eq!(
            db_path_from(os(&["--db=/tmp/b.sqlite3"]), env.clone(), data.clone()),
            PathBuf::from("/tmp/b.sqlite3")
        );
        assert_eq!(
            db_path_from(os(&[]), env, data.clone()),
            PathBuf::from("/tmp/env.sqlite3")
        );
        assert_eq!(
            db_path_from(os(&[]), Some(OsString::new()), data),
            PathBuf::from("/home/u/.local/share/app.estatesteward.desktop/estate-steward.sqlite3")
        );
    }

    /// The app and the CLI resolve the same path for the same flag, environment and data
    /// folder: the CLI passes its `--db` to `location::resolve`, the app its own argument.
    #[test]
    fn the_app_resolves_the_path_the_cli_resolves() {
        let data = Some(PathBuf::from("/home/u/.local/share"));
        for env in [None, Some(OsString::from("/tmp/env.sqlite3"))] {
            for flag in [None, Some("/tmp/flag.sqlite3")] {
                let args = flag.map(|f| os(&["--db", f])).unwrap_or_default();
                let cli = location::resolve(flag.map(PathBuf::from), env.clone(), data.clone());
                assert_eq!(db_path_from(args, env.clone(), data.clone()), cli);
            }
        }
    }
}
