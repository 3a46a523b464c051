//! Backup and restore of the whole database. A backup is a consistent copy made by SQLite
//! (`VACUUM INTO`, never a copy of a live file), written beside its destination and checked
//! with `integrity_check` before it takes its name. A restore accepts only a file the open
//! checks accept, keeps a safety copy of what it replaces, and copies through SQLite's online
//! backup API into the open database, so other clients see the restored content, not a file
//! swapped under them. Automatic backups (before a schema migration, an import that adds
//! something, a restore) go to `backups/` beside the database, named after it; the last
//! [`KEEP`] of each database are kept, and always its newest safety copy taken before a restore
//! and before an import.

use super::open::{inspect_settled, read_without_trace};
use super::schema::{migrate, APPLICATION_ID};
use super::{written, Store, StoreError};
use rusqlite::backup::Backup;
use rusqlite::{Connection, OpenFlags};
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// How many automatic backups are kept.
pub const KEEP: usize = 5;
/// The folder of automatic backups, beside the database.
pub const BACKUP_DIR: &str = "backups";

/// What a restore did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, specta::Type)]
pub struct RestoreReport {
    pub restored_from: String,
    /// The copy of the database as it was just before.
    pub safety_copy: Option<String>,
}

fn sql_failure(what: &str, e: impl std::fmt::Display) -> StoreError {
    StoreError::Sql {
        message: format!("{what}: {e}"),
    }
}

/// `integrity_check` of a file through a read-only connection.
fn check_copy(path: &Path) -> Result<(), StoreError> {
    let conn = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY)
        .map_err(|e| sql_failure("the copy cannot be opened", e))?;
    let check: String = conn
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .map_err(|e| sql_failure("the copy cannot be checked", e))?;
    if check != "ok" {
        return Err(sql_failure("the copy failed its integrity check", check));
    }
    Ok(())
}

/// A consistent copy of `conn`'s database at `out`, made in a temporary file of the folder `dir`
/// and checked before it takes its name (over an existing file only when `replace`): a failed
/// backup leaves nothing behind. `VACUUM INTO` fills the empty temporary file by its name.
fn copy_into(conn: &Connection, out: &Path, dir: &Path, replace: bool) -> Result<(), StoreError> {
    written::write_file(out, dir, replace, |_, partial| {
        conn.execute("VACUUM INTO ?1", [partial.to_string_lossy()])
            .map_err(|e| sql_failure(&format!("cannot write {}", out.display()), e))?;
        check_copy(partial)
    })
}

/// The name part that marks a file of `backups/` as an automatic backup of the database
/// `db`: its file name without `.sqlite3`, then a dot. Backups of other databases kept in the
/// same folder have another prefix, and are neither counted nor removed with these.
fn backup_prefix(db: &Path) -> String {
    let name = db
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "estate-steward".into());
    let stem = name.strip_suffix(".sqlite3").unwrap_or(&name).to_string();
    format!("{stem}.")
}

/// The ending of every automatic backup's name.
const BACKUP_END: &str = ".backup.sqlite3";

/// Whether `name` is an automatic backup of the database whose prefix is `prefix`: the prefix,
/// a time, a tag and a reason without a dot, then [`BACKUP_END`].
fn is_backup_of(name: &str, prefix: &str) -> bool {
    name.strip_prefix(prefix)
        .and_then(|rest| rest.strip_suffix(BACKUP_END))
        .is_some_and(|middle| !middle.is_empty() && !middle.contains('.'))
}

/// An automatic backup of `conn`'s database (at `db`) into `backups/` beside it, named after the
/// database, the time and `reason` (`games.20261205T101500123Z-3fa2c1-before-import.backup.sqlite3`);
/// the oldest of this database's beyond [`KEEP`] are removed (see [`prune`]). Returns its path.
pub(super) fn auto_backup(
    conn: &Connection,
    db: &Path,
    reason: &str,
) -> Result<PathBuf, StoreError> {
    let dir = db
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
        .join(BACKUP_DIR);
    // No dot in the time: the name's parts are found by its dots.
    let stamp = chrono::Utc::now().format("%Y%m%dT%H%M%S%3fZ");
    let unique = &uuid::Uuid::new_v4().simple().to_string()[..6];
    let prefix = backup_prefix(db);
    let out = dir.join(format!("{prefix}{stamp}-{unique}-{reason}{BACKUP_END}"));
    // The app's own folder: made when missing.
    std::fs::create_dir_all(&dir)
        .map_err(|e| sql_failure(&format!("cannot create {}", dir.display()), e))?;
    copy_into(conn, &out, &dir, false)?;
    prune(&dir, &prefix);
    Ok(out)
}

/// Keep the newest [`KEEP`] automatic backups of one database (their names sort by time), and
/// in any case the newest safety copy taken before a restore and the newest before an import:
/// those are what a person undoing a restore or an import reaches for.
fn prune(dir: &Path, prefix: &str) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut ours: Vec<String> = entries
        .filter_map(|e| e.ok().and_then(|e| e.file_name().into_string().ok()))
        .filter(|n| is_backup_of(n, prefix))
        .collect();
    ours.sort();
    let newest = |reason: &str| {
        ours.iter()
            .rev()
            .find(|n| n.ends_with(&format!("-{reason}{BACKUP_END}")))
            .cloned()
    };
    let kept_anyway = [newest("before-restore"), newest("before-import")];
    let extra = ours.len().saturating_sub(KEEP);
    for old in &ours[..extra] {
        if kept_anyway.iter().flatten().any(|k| k == old) {
            continue;
        }
        // Another client may have removed it first.
        let _ = std::fs::remove_file(dir.join(old));
    }
}

/// Refuse a file a restore must not take: what opening it would refuse, an empty or unmarked
/// database, or the database itself.
fn check_restorable(file: &Path, db: &Path) -> Result<(), StoreError> {
    let shown = file.display().to_string();
    let not_ours = |reason: &str| StoreError::NotOurs {
        path: shown.clone(),
        reason: reason.into(),
    };
    let meta = std::fs::metadata(file).map_err(|e| StoreError::NotFound {
        what: format!("{shown} ({e})"),
    })?;
    if meta.is_dir() || meta.len() == 0 {
        return Err(not_ours("it is a folder or an empty file"));
    }
    if let (Ok(a), Ok(b)) = (file.canonicalize(), db.canonicalize()) {
        if a == b {
            return Err(not_ours("it is the database in use"));
        }
    }
    inspect_settled(file)?;
    let conn = read_without_trace(file).map_err(|e| StoreError::Corrupt {
        path: shown.clone(),
        detail: e.to_string(),
    })?;
    let app: i64 = conn.query_row("PRAGMA application_id", [], |r| r.get(0))?;
    if app != APPLICATION_ID {
        return Err(not_ours("it holds no Estate Steward data"));
    }
    Ok(())
}

impl Store {
    /// A checked, consistent copy of the database at `out`: a new file, or over an existing
    /// one when `replace` (never over a database, see [`written::check_target`]).
    pub fn backup_to(&self, out: &Path, replace: bool) -> Result<(), StoreError> {
        let dir = written::check_target(out, self.path(), replace)?;
        copy_into(&self.conn, out, &dir, replace)
    }

    /// An automatic backup into `backups/` beside the database (none for an in-memory one).
    pub fn auto_backup(&self, reason: &str) -> Result<Option<PathBuf>, StoreError> {
        if self.path() == Path::new(":memory:") {
            return Ok(None);
        }
        auto_backup(&self.conn, self.path(), reason).map(Some)
    }

    /// Replace the database's content with `file`'s, after the open checks accept it and a
    /// safety copy of the current content is taken; an older schema is then upgraded. Every
    /// phone link ends: the restored file keeps none of its own nor of the replaced file's.
    pub fn restore_from(&mut self, file: &Path) -> Result<RestoreReport, StoreError> {
        check_restorable(file, self.path())?;
        // No number this file has given a game is given again after the restore (ids of games
        // the restored copy lacks included): a client holding one must not find another game.
        let highest = super::games::highest_game_id(&self.conn)?;
        let safety = self.auto_backup("before-restore")?;
        // Nothing left beside the backup: it may be a copy taken in WAL mode.
        let source = read_without_trace(file)?;
        {
            let copy = Backup::new(&source, &mut self.conn)?;
            copy.run_to_completion(256, Duration::ZERO, None)
                .map_err(|e| sql_failure("the restore stopped", e))?;
        }
        migrate(&mut self.conn)?;
        self.conn.execute(
            "UPDATE id_floor SET high = max(high, ?1) WHERE name = 'games'",
            [highest],
        )?;
        // No phone link comes back with the backup: one revoked since it was taken would work
        // again (a guest who left could act). Hosting starts again with new links.
        self.conn.execute("DELETE FROM invites", [])?;
        let check = self.integrity_check()?;
        if check != "ok" {
            return Err(sql_failure(
                "the restored database failed its integrity check",
                check,
            ));
        }
        Ok(RestoreReport {
            restored_from: file.display().to_string(),
            safety_copy: safety.map(|p| p.display().to_string()),
        })
    }
}

/// Whether `file` can be restored into the database at `db`: the checks a restore makes first
/// (ours, current, whole; not the database itself), asked before anything is moved.
pub fn check_backup(file: &Path, db: &Path) -> Result<(), StoreError> {
    check_restorable(file, db)
}

/// Moves a database the open checks refused (another program's, a newer schema's, a damaged
/// copy), with its `-wal`, `-shm` and `-journal` companions, to `<name>.refused-<time>` beside it,
/// byte for byte as it was, so that a backup can be restored in its place. All move or none: a
/// companion left behind would be read by SQLite as the new file's own. Returns the new name of
/// the database file.
pub fn set_aside(db: &Path) -> Result<PathBuf, StoreError> {
    let stamp = chrono::Utc::now().format("%Y%m%dT%H%M%SZ");
    let with = |p: &Path, tail: &str| {
        let mut name = p.as_os_str().to_os_string();
        name.push(tail);
        PathBuf::from(name)
    };
    let files: Vec<PathBuf> = std::iter::once(db.to_path_buf())
        .chain(
            ["-wal", "-shm", "-journal"]
                .iter()
                .map(|suffix| with(db, suffix))
                .filter(|p| p.exists()),
        )
        .collect();
    let tail = format!(".refused-{stamp}");
    let mut moved: Vec<(PathBuf, PathBuf)> = Vec::new();
    for from in files {
        let to = with(&from, &tail);
        if let Err(e) = std::fs::rename(&from, &to) {
            for (back, now) in moved.iter().rev() {
                let _ = std::fs::rename(now, back);
            }
            return Err(StoreError::ReadOnly {
                path: from.display().to_string(),
                detail: format!("it could not be moved aside to make room for the backup: {e}"),
            });
        }
        moved.push((from, to));
    }
    Ok(with(db, &tail))
}

/// Undoes [`set_aside`] after a failed restore: what was made at `db` since is removed, and the
/// refused file and its companions (`aside` is the file's new name) take their names again.
pub fn put_back(db: &Path, aside: &Path) {
    let with = |p: &Path, tail: &str| {
        let mut name = p.as_os_str().to_os_string();
        name.push(tail);
        PathBuf::from(name)
    };
    let db_name = db.as_os_str().to_string_lossy().into_owned();
    let aside_name = aside.as_os_str().to_string_lossy().into_owned();
    let Some(tail) = aside_name.strip_prefix(&db_name) else {
        return;
    };
    for suffix in ["", "-wal", "-shm", "-journal"] {
        let here = with(db, suffix);
        let _ = std::fs::remove_file(&here);
        let moved = with(&here, tail);
        if moved.exists() {
            let _ = std::fs::rename(&moved, &here);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backups_are_told_apart_by_their_database() {
        let prefix = backup_prefix(Path::new("/x/games.sqlite3"));
        assert_eq!(prefix, "games.");
        assert!(is_backup_of(
            "games.20261205T101500123Z-3fa2c1-before-import.backup.sqlite3",
            &prefix
        ));
        assert!(!is_backup_of(
            "games.old.20261205T101500123Z-3fa2c1-before-import.backup.sqlite3",
            &prefix
        ));
        assert!(!is_backup_of(
            "games-old.20261205T1015Z-3fa2c1-x.backup.sqlite3",
            &prefix
        ));
        assert!(!is_backup_of("games.sqlite3", &prefix));
    }

    #[test]
    fn pruning_keeps_the_newest_five_and_the_newest_safety_copies() {
        let dir = tempfile::tempdir().unwrap();
        let name = |db: &str, t: u32, reason: &str| {
            format!("{db}.2026120{t}T000000000Z-aaaaaa-{reason}{BACKUP_END}")
        };
        let mut made = vec![
            name("games", 1, "before-restore"),
            name("games", 2, "before-import"),
        ];
        made.extend((3..=9).map(|t| name("games", t, "before-schema-14")));
        made.push(name("other", 1, "before-import"));
        for n in &made {
            std::fs::write(dir.path().join(n), b"x").unwrap();
        }
        prune(dir.path(), "games.");
        let left: Vec<String> = made
            .iter()
            .filter(|n| dir.path().join(n).exists())
            .cloned()
            .collect();
        assert!(
            left.contains(&name("games", 1, "before-restore")),
            "{left:?}"
        );
        assert!(
            left.contains(&name("games", 2, "before-import")),
            "{left:?}"
        );
        assert!(
            left.contains(&name("other", 1, "before-import")),
            "another database's is not touched"
        );
        assert!(!left.contains(&name("games", 3, "before-schema-14")));
        assert_eq!(left.iter().filter(|n| n.starts_with("games.")).count(), 7);
    }
}
