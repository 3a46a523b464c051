//! Opening a database file: refuse what is not ours before writing a byte, then migrate.

use super::schema::{latest_version, migrations, APPLICATION_ID};
use super::StoreError;
use rusqlite::{Connection, OpenFlags};
use std::io::Read;
use std::path::{Path, PathBuf};

/// Environment variable that overrides the database location.
pub const DB_ENV: &str = "ESTATE_STEWARD_DB";

pub struct Store {
    pub(super) conn: Connection,
    path: PathBuf,
}

/// The folder inside the platform's data folder: the app's identifier, the same folder Tauri
/// calls `app_data_dir()`, so the app and the CLI share one database.
pub const APP_DIR_NAME: &str = "app.estatesteward.desktop";
pub const DB_FILE_NAME: &str = "estate-steward.sqlite3";

/// `$ESTATE_STEWARD_DB` if set, else the user data folder
/// (e.g. `~/.local/share/app.estatesteward.desktop/estate-steward.sqlite3`).
pub fn default_db_path() -> PathBuf {
    if let Some(p) = std::env::var_os(DB_ENV).filter(|v| !v.is_empty()) {
        return PathBuf::from(p);
    }
    match directories::BaseDirs::new() {
        Some(dirs) => dirs.data_dir().join(APP_DIR_NAME).join(DB_FILE_NAME),
        None => PathBuf::from(DB_FILE_NAME),
    }
}

const SQLITE_MAGIC: &[u8; 16] = b"SQLite format 3\0";

fn inspect_existing(path: &Path) -> Result<(), StoreError> {
    let shown = path.display().to_string();
    let not_ours = |reason: &str| StoreError::NotOurs {
        path: shown.clone(),
        reason: reason.to_string(),
    };
    let mut header = [0u8; 16];
    let mut file = std::fs::File::open(path).map_err(|e| StoreError::Sql {
        message: format!("{shown}: {e}"),
    })?;
    let read = file.read(&mut header).map_err(|e| StoreError::Sql {
        message: format!("{shown}: {e}"),
    })?;
    if read < 16 || &header != SQLITE_MAGIC {
        return Err(not_ours("not an SQLite database"));
    }
    let corrupt = |detail: String| StoreError::Corrupt {
        path: shown.clone(),
        detail,
    };
    let ro = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(|e| corrupt(e.to_string()))?;
    let app_id: i64 = ro
        .query_row("PRAGMA application_id", [], |r| r.get(0))
        .map_err(|e| corrupt(e.to_string()))?;
    let version: i64 = ro
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .map_err(|e| corrupt(e.to_string()))?;
    let tables: i64 = ro
        .query_row("SELECT count(*) FROM sqlite_master", [], |r| r.get(0))
        .map_err(|e| corrupt(e.to_string()))?;
    if app_id != APPLICATION_ID && !(app_id == 0 && tables == 0) {
        return Err(not_ours("it holds another program's tables"));
    }
    if version > latest_version() {
        return Err(StoreError::Newer {
            path: shown.clone(),
            found: version,
            supported: latest_version(),
        });
    }
    let check: String = ro
        .query_row("PRAGMA quick_check", [], |r| r.get(0))
        .map_err(|e| corrupt(e.to_string()))?;
    if check != "ok" {
        return Err(corrupt(check));
    }
    Ok(())
}

/// Bring the schema up to date (each migration in its own transaction).
fn migrate(conn: &mut Connection) -> Result<(), StoreError> {
    migrations().to_latest(conn).map_err(|e| StoreError::Sql {
        message: format!("migration failed: {e}"),
    })
}

impl Store {
    /// Open (or create) the database at `path`.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        let exists = std::fs::metadata(path)
            .map(|m| m.len() > 0)
            .unwrap_or(false);
        if exists {
            inspect_existing(path)?;
        } else if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| StoreError::Sql {
                message: format!("cannot create {}: {e}", dir.display()),
            })?;
        }
        let mut conn = Connection::open(path)?;
        // Pragmas outside the migration transaction. FULL: an acknowledged action survives a
        // power cut, not only a killed process.
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        migrate(&mut conn)?;
        Ok(Store {
            conn,
            path: path.to_path_buf(),
        })
    }

    /// A private in-memory store, for unit tests of queries.
    pub fn in_memory() -> Result<Store, StoreError> {
        let mut conn = Connection::open_in_memory()?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        migrate(&mut conn)?;
        Ok(Store {
            conn,
            path: PathBuf::from(":memory:"),
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// `PRAGMA integrity_check` result ("ok" when healthy).
    pub fn integrity_check(&self) -> Result<String, StoreError> {
        Ok(self
            .conn
            .query_row("PRAGMA integrity_check", [], |r| r.get(0))?)
    }
}
