//! Where the database lives, decided in one place for both clients (the `steward` CLI and the
//! app): a `--db` flag, else `$ESTATE_STEWARD_DB`, else the user data folder.

use std::ffi::OsString;
use std::path::PathBuf;

/// Environment variable that overrides the database location.
pub const DB_ENV: &str = "ESTATE_STEWARD_DB";
/// The folder inside the platform's data folder: the app's identifier, the same folder Tauri
/// calls `app_data_dir()`, so the app and the CLI share one database.
pub const APP_DIR_NAME: &str = "app.estatesteward.desktop";
pub const DB_FILE_NAME: &str = "estate-steward.sqlite3";

/// The database path from a `--db` flag (if given), the environment variable's value (if set and
/// not empty), and the platform's data folder (if known); the file name in the working folder
/// when none of them is there.
pub fn resolve(flag: Option<PathBuf>, env: Option<OsString>, data_dir: Option<PathBuf>) -> PathBuf {
    flag.filter(|p| !p.as_os_str().is_empty())
        .or_else(|| env.filter(|v| !v.is_empty()).map(PathBuf::from))
        .or_else(|| data_dir.map(|d| d.join(APP_DIR_NAME).join(DB_FILE_NAME)))
        .unwrap_or_else(|| PathBuf::from(DB_FILE_NAME))
}

/// [`resolve`] with this process's environment and data folder.
pub fn db_path(flag: Option<PathBuf>) -> PathBuf {
    resolve(
        flag,
        std::env::var_os(DB_ENV),
        directories::BaseDirs::new().map(|d| d.data_dir().to_path_buf()),
    )
}

/// `$ESTATE_STEWARD_DB` if set, else the user data folder
/// (e.g. `~/.local/share/app.estatesteward.desktop/estate-steward.sqlite3`).
pub fn default_db_path() -> PathBuf {
    db_path(None)
}

/// The value of a `--db PATH` or `--db=PATH` argument (the last one wins), for a client whose
/// other arguments are not ours to parse (the app, started by the desktop or a test driver).
pub fn db_flag(args: impl IntoIterator<Item = OsString>) -> Option<PathBuf> {
    let mut args = args.into_iter();
    let mut found = None;
    while let Some(arg) = args.next() {
        if arg == "--db" {
            found = args.next().map(PathBuf::from);
        } else if let Some(value) = arg.to_str().and_then(|a| a.strip_prefix("--db=")) {
            found = Some(PathBuf::from(value));
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_flag_beats_the_environment_which_beats_the_data_folder() {
        let data = Some(PathBuf::from("/home/u/.local/share"));
        let env = Some(OsString::from("/tmp/env.sqlite3"));
        let flag = PathBuf::from("/tmp/flag.sqlite3");
        assert_eq!(resolve(Some(flag.clone()), env.clone(), data.clone()), flag);
        assert_eq!(
            resolve(None, env, data.clone()),
            PathBuf::from("/tmp/env.sqlite3")
        );
        assert_eq!(
            resolve(None, Some(OsString::new()), data),
            PathBuf::from("/home/u/.local/share/app.estatesteward.desktop/estate-steward.sqlite3")
        );
        assert_eq!(resolve(None, None, None), PathBuf::from(DB_FILE_NAME));
    }

    #[test]
    fn the_db_flag_is_found_among_other_arguments() {
        let os = |v: &[&str]| v.iter().map(OsString::from).collect::<Vec<_>>();
        assert_eq!(
            db_flag(os(&["--x", "--db", "/a.sqlite3"])),
            Some(PathBuf::from("/a.sqlite3"))
        );
        assert_eq!(
            db_flag(os(&["--db=/b.sqlite3"])),
            Some(PathBuf::from("/b.sqlite3"))
        );
        assert_eq!(db_flag(os(&["--dbx", "/c"])), None);
    }
}
