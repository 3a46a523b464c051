//! A file this app closed cleanly is not checked whole again at its next open. When the last
//! connection closes (its `-wal` checkpointed and gone), a note beside the file (`<file>-checked`)
//! records the file as it was left: its size, modification time and (on Unix) inode. An open
//! whose file still matches the note skips the whole-file `quick_check`, which costs about 2 ms
//! per megabyte here (a quarter of a second for a history of 100,000 games). Any other writer,
//! a kill before the close, a copy or a restore put in its place changes what the note records,
//! and the file is checked again. The note is only ever a reason to skip work: one that is
//! missing, torn or stale means a check.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// The note's path: the file's name with `-checked` after it, as SQLite names `-wal`.
fn note_path(db: &Path) -> PathBuf {
    let mut name = db.as_os_str().to_owned();
    name.push("-checked");
    PathBuf::from(name)
}

/// What identifies the file as it is now, as one line of text; none when it cannot be read.
fn identity(db: &Path) -> Option<String> {
    let meta = std::fs::metadata(db).ok()?;
    let modified = meta.modified().ok()?.duration_since(UNIX_EPOCH).ok()?;
    #[cfg(unix)]
    let inode = std::os::unix::fs::MetadataExt::ino(&meta);
    #[cfg(not(unix))]
    let inode = 0u64;
    Some(format!(
        "estate-steward checked: size {} modified {}.{:09} inode {inode}",
        meta.len(),
        modified.as_secs(),
        modified.subsec_nanos()
    ))
}

/// Whether the file is exactly as this app last closed it after a check.
pub(super) fn unchanged_since_closed(db: &Path) -> bool {
    match (identity(db), std::fs::read_to_string(note_path(db))) {
        (Some(now), Ok(note)) => note.trim_end() == now,
        _ => false,
    }
}

/// After the connection to `db` has closed: note the file as it is, if no other client still
/// has it open (a `-wal` left beside it), since the last one to close writes the file's final
/// form. Otherwise take back any earlier note. Failing to write the note costs only a check.
///
/// File times are coarse (a few milliseconds on Linux): a write in the same tick as the last
/// one would leave the time as it was. So the note waits until the file system's clock has
/// moved past the file's last change (a tick at most, given up after [`MOST_WAIT`]) before it
/// records the file: any write after that shows in its time.
pub(super) fn note_closed(db: &Path) {
    let note = note_path(db);
    let mut wal = db.as_os_str().to_owned();
    wal.push("-wal");
    let fresh = {
        let mut name = note.as_os_str().to_owned();
        name.push(".new");
        PathBuf::from(name)
    };
    let written = !Path::new(&wal).exists()
        && past_last_change(db, &fresh)
        && identity(db).is_some_and(|now| {
            // Written whole under another name, then renamed over the note: a reader never
            // sees half of it.
            std::fs::write(&fresh, format!("{now}\n"))
                .and_then(|()| std::fs::rename(&fresh, &note))
                .is_ok()
        });
    if !written {
        let _ = std::fs::remove_file(&fresh);
        let _ = std::fs::remove_file(&note);
    }
}

/// The longest a close waits for the file system's clock to move on (a coarser file system
/// than that keeps no note, so its files are always checked).
const MOST_WAIT: Duration = Duration::from_millis(30);

/// Whether a file written now (`probe`) gets a later time than `db`'s last change, waiting for
/// it up to [`MOST_WAIT`].
fn past_last_change(db: &Path, probe: &Path) -> bool {
    let Some(last) = modified(db) else {
        return false;
    };
    let started = Instant::now();
    loop {
        if std::fs::write(probe, b"").is_err() {
            return false;
        }
        if modified(probe).is_some_and(|t| t > last) {
            return true;
        }
        if started.elapsed() > MOST_WAIT {
            return false;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
}

fn modified(path: &Path) -> Option<SystemTime> {
    std::fs::metadata(path).ok()?.modified().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_note_matches_only_the_file_as_it_was_left() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("a.sqlite3");
        assert!(!unchanged_since_closed(&db), "no file, no note");
        std::fs::write(&db, b"one").unwrap();
        assert!(!unchanged_since_closed(&db), "no note yet");
        note_closed(&db);
        assert!(unchanged_since_closed(&db));
        // Another writer, even with the same size and at once: the time moves.
        std::fs::write(&db, b"two").unwrap();
        assert!(!unchanged_since_closed(&db));
        note_closed(&db);
        assert!(unchanged_since_closed(&db));
        // Another client still open (its -wal beside the file): no note is kept.
        std::fs::write(dir.path().join("a.sqlite3-wal"), b"").unwrap();
        note_closed(&db);
        assert!(!unchanged_since_closed(&db));
        assert!(!note_path(&db).exists());
        std::fs::remove_file(dir.path().join("a.sqlite3-wal")).unwrap();
        // A torn note is no note.
        note_closed(&db);
        std::fs::write(note_path(&db), b"estate-steward checked: size").unwrap();
        assert!(!unchanged_since_closed(&db));
        // A file put in its place (a restore, a copy) with the same size and bytes.
        note_closed(&db);
        let copy = dir.path().join("b.sqlite3");
        std::fs::copy(&db, &copy).unwrap();
        std::fs::rename(&copy, &db).unwrap();
        assert!(!unchanged_since_closed(&db));
    }
}
