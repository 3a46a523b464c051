//! Estate Steward's desktop shell: a thin Tauri 2 layer over the `estate_steward` core.

pub mod commands;

use std::ffi::OsString;
use std::path::PathBuf;

// The database location is the core's, so the app and the `steward` CLI share one file.
pub use estate_steward::store::{APP_DIR_NAME, DB_ENV, DB_FILE_NAME};

/// The one place where the app's commands are registered and typed for the UI.
pub fn specta_builder<R: tauri::Runtime>() -> tauri_specta::Builder<R> {
    tauri_specta::Builder::<R>::new().commands(tauri_specta::collect_commands![
        commands::app_info,
        commands::games_available,
        commands::people,
        commands::add_person,
        commands::start_game,
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
    ])
    // The games' own shapes (`GameAction`, `GameOptions` …) reach the bindings through the
    // command types that carry them; `estate_steward::games` lists the games.
}

/// Where the database lives: `--db PATH` on the command line, else `$ESTATE_STEWARD_DB`, else
/// `<user data folder>/app.estatesteward.desktop/estate-steward.sqlite3`.
pub fn db_path() -> Option<PathBuf> {
    resolve_db_path(
        std::env::args_os().skip(1),
        std::env::var_os(DB_ENV),
        directories::BaseDirs::new().map(|d| d.data_dir().to_path_buf()),
    )
}

/// Pure part of [`db_path`], testable without touching the process environment.
pub fn resolve_db_path(
    args: impl IntoIterator<Item = OsString>,
    env: Option<OsString>,
    data_dir: Option<PathBuf>,
) -> Option<PathBuf> {
    let mut args = args.into_iter();
    let mut from_args = None;
    while let Some(arg) = args.next() {
        if arg == "--db" {
            from_args = args.next().map(PathBuf::from);
        } else if let Some(value) = arg.to_str().and_then(|a| a.strip_prefix("--db=")) {
            from_args = Some(PathBuf::from(value));
        }
    }
    from_args
        .or_else(|| env.filter(|v| !v.is_empty()).map(PathBuf::from))
        .or_else(|| data_dir.map(|d| d.join(APP_DIR_NAME).join(DB_FILE_NAME)))
}

#[cfg_attr(mobile, tauri::mobile_entry_point)]
pub fn run() {
    let builder = specta_builder::<tauri::Wry>();
    let path = db_path().unwrap_or_else(estate_steward::store::default_db_path);
    eprintln!("estate-steward: database at {}", path.display());
    // A refused database (not ours, newer, corrupt) does not stop the app: every screen shows why.
    let steward = estate_steward::service::Steward::open(&path);
    if let Err(e) = &steward {
        eprintln!("estate-steward: {e}");
    }
    let state = commands::AppState::new(path.display().to_string(), steward);

    let result = tauri::Builder::default()
        .manage(state)
        .invoke_handler(builder.invoke_handler())
        .setup(move |app| {
            builder.mount_events(app);
            Ok(())
        })
        .run(tauri::generate_context!());
    if let Err(e) = result {
        // No window could be opened (no display, missing WebKit …): say why, no panic trace.
        eprintln!("estate-steward: cannot run the application: {e}");
        std::process::exit(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn os(v: &[&str]) -> Vec<OsString> {
        v.iter().map(OsString::from).collect()
    }

    #[test]
    fn db_flag_beats_env_beats_data_dir() {
        let data = Some(PathBuf::from("/home/u/.local/share"));
        let env = Some(OsString::from("/tmp/env.sqlite3"));
        assert_eq!(
            resolve_db_path(os(&["--db", "/tmp/a.sqlite3"]), env.clone(), data.clone()),
            Some(PathBuf::from("/tmp/a.sqlite3"))
        );
        assert_eq!(
            resolve_db_path(os(&["--db=/tmp/b.sqlite3"]), env.clone(), data.clone()),
            Some(PathBuf::from("/tmp/b.sqlite3"))
        );
        assert_eq!(
            resolve_db_path(os(&[]), env, data.clone()),
            Some(PathBuf::from("/tmp/env.sqlite3"))
        );
        assert_eq!(
            resolve_db_path(os(&[]), Some(OsString::new()), data),
            Some(PathBuf::from(
                "/home/u/.local/share/app.estatesteward.desktop/estate-steward.sqlite3"
            ))
        );
        assert_eq!(resolve_db_path(os(&[]), None, None), None);
    }
}
