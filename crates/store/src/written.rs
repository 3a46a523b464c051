//! Files the app writes for a person (an export, a backup): never over the open database, its
//! `-wal`/`-shm`/`-journal`, another SQLite database or the automatic backups; never over an
//! existing file unless the person said so (`replace`: the CLI's `--force`, the window's save
//! dialog, which has already asked); never into a folder that does not exist. The bytes go to a
//! temporary file created exclusively in the target's folder (a random name, `O_EXCL`, so a
//! planted symlink is never followed), are synced, and only then take the file's name; the
//! folder is synced after the rename, so the new name survives a power cut.

use super::backup::BACKUP_DIR;
use super::StoreError;
use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};

/// The first 16 bytes of every SQLite database.
const SQLITE_HEADER: &[u8; 16] = b"SQLite format 3\0";

fn refused(out: &Path, message: impl std::fmt::Display) -> StoreError {
    StoreError::Invalid {
        field: "out".into(),
        message: format!("{}: {message}", out.display()),
    }
}

/// The folder a file named `out` goes into, as it is on disk (symlinks resolved).
fn folder_of(out: &Path) -> Result<PathBuf, StoreError> {
    let dir = out
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    if !dir.is_dir() {
        return Err(refused(
            out,
            format!(
                "the folder {} does not exist; create it first or choose another",
                dir.display()
            ),
        ));
    }
    dir.canonicalize()
        .map_err(|e| refused(out, format!("its folder cannot be read ({e})")))
}

/// `path` with `tail` added to its file name.
fn with_tail(path: &Path, tail: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(tail);
    PathBuf::from(name)
}

/// The database's file and its companions, as they are on disk (the folder resolved).
fn database_files(db: &Path) -> Vec<PathBuf> {
    let (Some(dir), Some(name)) = (db.parent(), db.file_name()) else {
        return Vec::new();
    };
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    let Ok(dir) = dir.canonicalize() else {
        return Vec::new();
    };
    let file = dir.join(name);
    ["", "-wal", "-shm", "-journal"]
        .iter()
        .map(|tail| with_tail(&file, tail))
        .collect()
}

/// Whether the file at `path` (followed through a symlink) is a SQLite database.
fn is_sqlite(path: &Path) -> bool {
    let mut head = [0u8; 16];
    File::open(path)
        .and_then(|mut f| f.read_exact(&mut head))
        .is_ok_and(|()| &head == SQLITE_HEADER)
}

/// Check that a file the person asked for may be written at `out` (beside the database `db`),
/// replacing an existing one only when `replace`; returns the folder it goes into.
pub fn check_target(out: &Path, db: &Path, replace: bool) -> Result<PathBuf, StoreError> {
    let dir = folder_of(out)?;
    let Some(name) = out.file_name() else {
        return Err(refused(out, "this names a folder, not a file"));
    };
    let resolved = dir.join(name);
    let through_link = out.canonicalize().ok();
    let ours = database_files(db);
    if ours
        .iter()
        .any(|f| *f == resolved || through_link.as_ref() == Some(f))
    {
        return Err(refused(
            out,
            "this is the database in use (or one of its own files); choose another name",
        ));
    }
    if let Some(db_dir) = ours.first().and_then(|f| f.parent()) {
        if dir == db_dir.join(BACKUP_DIR) {
            return Err(refused(
                out,
                "this folder holds the app's automatic backups; choose another folder",
            ));
        }
    }
    let Ok(meta) = std::fs::symlink_metadata(out) else {
        return Ok(dir);
    };
    if meta.is_dir() || out.is_dir() {
        return Err(refused(out, "this is a folder; choose a file name"));
    }
    if is_sqlite(out) {
        return Err(refused(
            out,
            "this is a SQLite database (perhaps a backup); the app never writes over one: choose another name",
        ));
    }
    if !replace {
        return Err(refused(
            out,
            "this file exists; choose a new name, or say --force to replace it",
        ));
    }
    Ok(dir)
}

/// Write a new file at `out` in the folder `dir`: `fill` writes the temporary file (given open,
/// and by its path for writers that open it themselves, such as `VACUUM INTO`); it is synced and
/// then renamed to `out`, over an existing file only when `replace`. Nothing is left behind when
/// any step fails.
pub fn write_file(
    out: &Path,
    dir: &Path,
    replace: bool,
    fill: impl FnOnce(&mut File, &Path) -> Result<(), StoreError>,
) -> Result<(), StoreError> {
    let cannot = |e: std::io::Error| refused(out, format!("cannot be written ({e})"));
    let mut temp = tempfile::Builder::new()
        .prefix(".estate-steward-")
        .suffix(".partial")
        .tempfile_in(dir)
        .map_err(cannot)?;
    let temp_path = temp.path().to_path_buf();
    fill(temp.as_file_mut(), &temp_path)?;
    temp.as_file().sync_all().map_err(cannot)?;
    if replace {
        temp.persist(out).map_err(|e| cannot(e.error))?;
    } else {
        // Another process may have made the file since the check: never replace it.
        temp.persist_noclobber(out).map_err(|e| cannot(e.error))?;
    }
    // The rename is durable once the folder is synced (a failure here loses no data: the file
    // is whole under one name or the other).
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// [`check_target`], then [`write_file`].
pub fn write_checked(
    out: &Path,
    db: &Path,
    replace: bool,
    fill: impl FnOnce(&mut File, &Path) -> Result<(), StoreError>,
) -> Result<(), StoreError> {
    let dir = check_target(out, db, replace)?;
    write_file(out, &dir, replace, fill)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn bytes(text: &'static [u8]) -> impl FnOnce(&mut File, &Path) -> Result<(), StoreError> {
        move |f, _| {
            f.write_all(text).map_err(|e| StoreError::Sql {
                message: e.to_string(),
            })
        }
    }

    fn message(e: StoreError) -> String {
        e.to_string()
    }

    #[test]
    fn a_new_file_is_written_whole_and_nothing_else_is_left() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("db.sqlite3");
        let out = dir.path().join("export.json");
        write_checked(&out, &db, false, bytes(b"{}")).unwrap();
        assert_eq!(std::fs::read(&out).unwrap(), b"{}");
        let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(names.len(), 1, "only the export: {names:?}");
    }

    #[test]
    fn an_existing_file_is_replaced_only_when_asked() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("db.sqlite3");
        let out = dir.path().join("export.csv");
        std::fs::write(&out, b"old").unwrap();
        let e = message(write_checked(&out, &db, false, bytes(b"new")).unwrap_err());
        assert!(e.contains("export.csv") && e.contains("--force"), "{e}");
        assert_eq!(std::fs::read(&out).unwrap(), b"old");
        write_checked(&out, &db, true, bytes(b"new")).unwrap();
        assert_eq!(std::fs::read(&out).unwrap(), b"new");
    }

    #[test]
    fn the_database_and_its_companions_are_never_targets_even_forced() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("db.sqlite3");
        std::fs::write(&db, SQLITE_HEADER).unwrap();
        for tail in ["", "-wal", "-shm", "-journal"] {
            let out = with_tail(&db, tail);
            let e = message(write_checked(&out, &db, true, bytes(b"x")).unwrap_err());
            assert!(e.contains("database in use"), "{tail}: {e}");
        }
        // Through another spelling of the same folder, and through a symlink.
        let spelled = dir.path().join(".").join("db.sqlite3");
        assert!(write_checked(&spelled, &db, true, bytes(b"x")).is_err());
        let link = dir.path().join("link.json");
        std::os::unix::fs::symlink(&db, &link).unwrap();
        let e = message(write_checked(&link, &db, true, bytes(b"x")).unwrap_err());
        assert!(e.contains("database in use"), "{e}");
        assert_eq!(std::fs::read(&db).unwrap(), SQLITE_HEADER);
    }

    #[test]
    fn another_sqlite_file_and_the_backups_folder_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("db.sqlite3");
        let other = dir.path().join("other.sqlite3");
        std::fs::write(&other, SQLITE_HEADER).unwrap();
        let e = message(write_checked(&other, &db, true, bytes(b"x")).unwrap_err());
        assert!(e.contains("SQLite database"), "{e}");
        assert_eq!(std::fs::read(&other).unwrap(), SQLITE_HEADER);
        std::fs::create_dir(dir.path().join(BACKUP_DIR)).unwrap();
        let kept = dir.path().join(BACKUP_DIR).join("mine.json");
        let e = message(write_checked(&kept, &db, true, bytes(b"x")).unwrap_err());
        assert!(e.contains("automatic backups"), "{e}");
    }

    #[test]
    fn a_missing_folder_is_named_not_created() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("db.sqlite3");
        let out = dir.path().join("no-such-folder").join("export.json");
        let e = message(write_checked(&out, &db, false, bytes(b"x")).unwrap_err());
        assert!(
            e.contains("does not exist") && e.contains("no-such-folder"),
            "{e}"
        );
        assert!(!dir.path().join("no-such-folder").exists());
    }

    #[test]
    fn a_failed_fill_leaves_nothing_behind() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("db.sqlite3");
        let out = dir.path().join("export.json");
        let failed = write_checked(&out, &db, false, |_, _| {
            Err(StoreError::Sql {
                message: "stopped".into(),
            })
        });
        assert!(failed.is_err());
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    }
}
