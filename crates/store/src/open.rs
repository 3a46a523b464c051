//! Opening a database file: refuse what is not ours before writing a byte (and without leaving
//! `-wal`/`-shm` files beside someone else's data), then set the pragmas and migrate.

use super::checked;
use super::schema::{latest_version, migrate, APPLICATION_ID};
use super::StoreError;
use rusqlite::{Connection, ErrorCode, OpenFlags};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

pub struct Store {
    pub(super) conn: Connection,
    path: PathBuf,
    /// Which game ids the statistics count as one (see `stats::StatsGroups`).
    pub(super) stats_groups: super::StatsGroups,
    /// Opened on a full disk without a shared `-shm` index ([`open_on_full_disk`]): alone with
    /// the file, and nothing can be written.
    pub(super) no_room: bool,
}

const SQLITE_MAGIC: &[u8; 16] = b"SQLite format 3\0";

/// What the first 100 bytes of an SQLite file say (all big-endian, see sqlite.org/fileformat).
struct Header {
    user_version: i64,
    application_id: i64,
}

fn be_i32(bytes: &[u8], at: usize) -> i64 {
    let mut word = [0u8; 4];
    word.copy_from_slice(&bytes[at..at + 4]);
    i64::from(i32::from_be_bytes(word))
}

fn read_header(path: &Path, shown: &str) -> Result<Option<Header>, StoreError> {
    let io = |e: std::io::Error| StoreError::Sql {
        message: format!("cannot read {shown}: {e}"),
    };
    let mut bytes = Vec::with_capacity(100);
    std::fs::File::open(path)
        .map_err(io)?
        .take(100)
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() < 100 || &bytes[..16] != SQLITE_MAGIC {
        return Ok(None);
    }
    Ok(Some(Header {
        user_version: be_i32(&bytes, 60),
        application_id: be_i32(&bytes, 68),
    }))
}

/// `file:` URI of a path, for SQLite's `immutable` parameter.
fn file_uri(path: &Path) -> String {
    let mut uri = String::from("file:");
    for b in path.to_string_lossy().bytes() {
        if b.is_ascii_alphanumeric() || b"/-_.~".contains(&b) {
            uri.push(b as char);
        } else {
            uri += &format!("%{b:02X}");
        }
    }
    uri + "?immutable=1"
}

/// A read-only connection to a file that is not ours to change (a backup to restore from):
/// it leaves no `-wal`/`-shm` beside the file that were not there.
pub(super) fn read_without_trace(path: &Path) -> rusqlite::Result<Connection> {
    look(path, has_live_wal(path))
}

/// A file with a non-empty `-wal` beside it has commits its header does not show yet.
fn has_live_wal(path: &Path) -> bool {
    std::fs::metadata(beside(path, "-wal"))
        .map(|m| m.is_file() && m.len() > 0)
        .unwrap_or(false)
}

/// A read-only look that writes nothing beside the file: `immutable` (no locks, no `-shm`), or,
/// when a live `-wal` exists (another client is using the file), an ordinary read-only
/// connection that reads through it.
fn look(path: &Path, live: bool) -> rusqlite::Result<Connection> {
    if live {
        let conn = Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )?;
        conn.busy_handler(Some(wait_for_lock))?;
        Ok(conn)
    } else {
        Connection::open_with_flags(
            file_uri(path),
            OpenFlags::SQLITE_OPEN_READ_ONLY
                | OpenFlags::SQLITE_OPEN_URI
                | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
    }
}

fn check_marks(shown: &str, app_id: i64, version: i64, tables: i64) -> Result<(), StoreError> {
    let not_ours = |reason: String| StoreError::NotOurs {
        path: shown.to_string(),
        reason,
    };
    if app_id != APPLICATION_ID {
        if app_id == 0 && version == 0 && tables == 0 {
            return Ok(()); // an empty database: ours to fill
        }
        return Err(not_ours("it holds another program's tables".into()));
    }
    if version < 0 {
        return Err(StoreError::Corrupt {
            path: shown.to_string(),
            detail: format!("its schema version is {version}, which Estate Steward never writes"),
        });
    }
    if version > latest_version() {
        return Err(StoreError::Newer {
            path: shown.to_string(),
            found: version,
            supported: latest_version(),
        });
    }
    Ok(())
}

/// What can be seen of a file and its companions without opening it: when two of these differ,
/// someone wrote in between.
#[derive(PartialEq, Eq)]
struct Footprint(Vec<Option<(u64, Option<std::time::SystemTime>)>>);

fn footprint(path: &Path) -> Footprint {
    let files = [
        path.to_path_buf(),
        beside(path, "-wal"),
        beside(path, "-journal"),
    ];
    Footprint(
        files
            .iter()
            .map(|f| {
                std::fs::metadata(f)
                    .ok()
                    .map(|m| (m.len(), m.modified().ok()))
            })
            .collect(),
    )
}

/// Inspect, and inspect again while a refused file turns out to be one another client is
/// writing at this moment (an opener creating or upgrading it): the `immutable` look reads
/// without locks, so pages caught mid-write look malformed, or like someone else's tables
/// without our mark. A file that did not change while it was read is reported as it is.
pub(super) fn inspect_settled(path: &Path) -> Result<(), StoreError> {
    let started = Instant::now();
    loop {
        let before = footprint(path);
        match inspect_existing(path) {
            Err(_) if footprint(path) != before && started.elapsed() < BUSY_WAIT => {
                std::thread::sleep(Duration::from_millis(10));
            }
            other => return other,
        }
    }
}

fn inspect_existing(path: &Path) -> Result<(), StoreError> {
    let shown = path.display().to_string();
    let Some(header) = read_header(path, &shown)? else {
        return Err(StoreError::NotOurs {
            path: shown,
            reason: "not an SQLite database".into(),
        });
    };
    let live = has_live_wal(path);
    if !live {
        // The header is current: refuse a newer or foreign file without asking SQLite (an
        // unmarked file with no version is looked into below: empty, or someone else's?).
        check_marks(&shown, header.application_id, header.user_version, 0)?;
    }
    let corrupt = |e: rusqlite::Error| {
        if is_busy(&e) {
            // Not the file's fault: another client holds it alone.
            return busy_failure(path, e);
        }
        StoreError::Corrupt {
            path: shown.clone(),
            detail: e.to_string(),
        }
    };
    let ro = look(path, live).map_err(corrupt)?;
    let read = |sql: &str| ro.query_row(sql, [], |r| r.get::<_, i64>(0));
    let app_id = read("PRAGMA application_id").map_err(corrupt)?;
    let version = read("PRAGMA user_version").map_err(corrupt)?;
    let tables = read("SELECT count(*) FROM sqlite_master").map_err(corrupt)?;
    check_marks(&shown, app_id, version, tables)?;
    if !live && checked::unchanged_since_closed(path) {
        // Exactly as this app closed it after a check: see `checked`.
        return Ok(());
    }
    let check: String = ro
        .query_row("PRAGMA quick_check", [], |r| r.get(0))
        .map_err(corrupt)?;
    if check != "ok" {
        return Err(StoreError::Corrupt {
            path: shown,
            detail: check,
        });
    }
    Ok(())
}

/// A failure to open for writing a file that passed inspection: a read-only file or folder is
/// said so plainly (the file is fine); anything else is a database error.
fn write_failure(path: &Path, e: rusqlite::Error) -> StoreError {
    let read_only = matches!(
        e.sqlite_error_code(),
        Some(ErrorCode::ReadOnly | ErrorCode::CannotOpen | ErrorCode::PermissionDenied)
    );
    if read_only {
        StoreError::ReadOnly {
            path: path.display().to_string(),
            detail: e.to_string(),
        }
    } else {
        StoreError::from(e)
    }
}

/// Refuse a file we may not write before SQLite opens it: SQLite would open it read-only and
/// leave a `-wal` and a `-shm` beside it (its folder being writable) for a file it then
/// refuses. Opening for writing, without truncating or creating, changes nothing.
fn refuse_read_only(path: &Path) -> Result<(), StoreError> {
    match std::fs::OpenOptions::new().write(true).open(path) {
        Err(e) if e.kind() == std::io::ErrorKind::PermissionDenied => Err(StoreError::ReadOnly {
            path: path.display().to_string(),
            detail: "the file is read-only".into(),
        }),
        _ => Ok(()),
    }
}

/// How long a client waits for another one's lock before giving up.
const BUSY_WAIT: Duration = Duration::from_secs(5);

/// SQLite's busy handler, for up to [`BUSY_WAIT`]: look again every millisecond. SQLite's own
/// (`busy_timeout`) sleeps longer and longer, up to 100 ms at a time, so a writer could miss
/// the lock's short free moments between the steps of a statistics count (`stats::counting`)
/// for a third of a second; this one takes the lock within a millisecond of its release.
fn wait_for_lock(tries: i32) -> bool {
    const STEP: Duration = Duration::from_millis(1);
    if u128::try_from(tries).unwrap_or(u128::MAX) * STEP.as_millis() >= BUSY_WAIT.as_millis() {
        return false;
    }
    std::thread::sleep(STEP);
    true
}

/// Run `f` again while SQLite says the file is busy, for up to [`BUSY_WAIT`]: SQLite does not
/// wait by itself where waiting could deadlock (two new connections switching a fresh file to
/// WAL at once both hold a read lock and want the write lock), it answers "locked" at once.
fn patiently<T>(mut f: impl FnMut() -> rusqlite::Result<T>) -> rusqlite::Result<T> {
    let started = Instant::now();
    loop {
        match f() {
            Err(e) if is_busy(&e) && started.elapsed() < BUSY_WAIT => {
                std::thread::sleep(Duration::from_millis(5));
            }
            other => return other,
        }
    }
}

/// How many prepared statements a connection keeps (see `open_for_writing`).
const STATEMENTS_KEPT: usize = 128;

/// The page cache of a connection, in KiB (negative: SQLite's way of saying KiB, not pages).
const PAGE_CACHE_KIB: i64 = -16 * 1024;

fn open_for_writing(path: &Path) -> Result<Connection, rusqlite::Error> {
    let mut conn = Connection::open(path)?;
    // The busy handler first, so that even the switch to WAL waits for another opener.
    conn.busy_handler(Some(wait_for_lock))?;
    configure(&mut conn)?;
    Ok(conn)
}

/// Whether SQLite could not make or grow the `-shm` file, the index of the `-wal` that every
/// client shares: the disk (or the user's quota) has no room left for it.
pub(super) fn no_room_for_shared_index(e: &rusqlite::Error) -> bool {
    e.sqlite_error().is_some_and(|e| {
        matches!(
            e.extended_code,
            rusqlite::ffi::SQLITE_IOERR_SHMSIZE
                | rusqlite::ffi::SQLITE_IOERR_SHMMAP
                | rusqlite::ffi::SQLITE_IOERR_SHMOPEN
        )
    })
}

/// Open a file on a full disk, where the `-shm` index cannot be made: in exclusive locking
/// mode SQLite keeps that index in memory instead (sqlite.org/wal.html, "Use of WAL without
/// shared-memory"), so the file can be read and each write is refused plainly for want of
/// room. The connection holds the file's lock until it closes, so this works only while no
/// other client has the file open (they hold a read lock as long as they are open); then the
/// open waits [`BUSY_WAIT`] and says the disk is full.
///
/// `shm_was_there`: whether a `-shm` lay beside the file before this open. The failed first
/// try left an empty or torn one that SQLite never reads in this mode; with the file's lock
/// held no one else can be using it, so it is taken away rather than left behind.
fn open_on_full_disk(path: &Path, shm_was_there: bool) -> Result<Connection, StoreError> {
    // Whatever failed here (most likely another client's lock), the disk is what to mend.
    let full = |_: rusqlite::Error| StoreError::Sql {
        message: super::DISK_FULL_AT_OPEN.into(),
    };
    let mut conn = Connection::open(path).map_err(full)?;
    conn.busy_handler(Some(wait_for_lock)).map_err(full)?;
    conn.pragma_update(None, "locking_mode", "EXCLUSIVE")
        .map_err(full)?;
    // The first read takes the lock and opens the `-wal` with its index in memory.
    let _: i64 = conn
        .query_row("PRAGMA schema_version", [], |r| r.get(0))
        .map_err(full)?;
    if !shm_was_there {
        let _ = std::fs::remove_file(beside(path, "-shm"));
    }
    configure(&mut conn).map_err(full)?;
    Ok(conn)
}

fn is_busy(e: &rusqlite::Error) -> bool {
    matches!(
        e.sqlite_error_code(),
        Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked)
    )
}

/// Another client held the file past [`BUSY_WAIT`]: on a full disk, one that opened it there
/// and holds it alone (`open_on_full_disk`), so the disk is what to mend.
fn busy_failure(path: &Path, e: rusqlite::Error) -> StoreError {
    if disk_is_full(path) {
        StoreError::Sql {
            message: super::DISK_FULL_AT_OPEN.into(),
        }
    } else {
        StoreError::from(e)
    }
}

/// Whether the disk holding `path` has less room than SQLite's `-shm` index needs to begin
/// (32 KiB), as this user may use it.
#[cfg(unix)]
fn disk_is_full(path: &Path) -> bool {
    const SHM_PAGE: u64 = 32 * 1024;
    let folder = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    rustix::fs::statvfs(folder).is_ok_and(|fs| fs.f_bavail.saturating_mul(fs.f_frsize) < SHM_PAGE)
}

#[cfg(not(unix))]
fn disk_is_full(_path: &Path) -> bool {
    false
}

/// `path` with `suffix` after its name, as SQLite names the files beside a database.
fn beside(path: &Path, suffix: &str) -> PathBuf {
    let mut p = path.as_os_str().to_owned();
    p.push(suffix);
    PathBuf::from(p)
}

/// The pragmas and settings of every connection that writes.
fn configure(conn: &mut Connection) -> rusqlite::Result<()> {
    // Pragmas outside any transaction. FULL: an acknowledged action survives a power cut, not
    // only a killed process.
    patiently(|| conn.pragma_update(None, "journal_mode", "WAL"))?;
    conn.pragma_update(None, "synchronous", "FULL")?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    // Every write transaction takes the write lock as it begins, so that the busy handler
    // waits for another writer. A deferred one that reads first and then writes cannot wait:
    // in WAL mode its upgrade fails at once with "database is locked" when another process
    // wrote meanwhile. Read-only transactions say `Deferred` themselves.
    conn.set_transaction_behavior(rusqlite::TransactionBehavior::Immediate);
    // The store prepares each of its statements once and keeps it. rusqlite keeps 16 by
    // default, fewer than one statistics report uses (each filter its own text): past that,
    // every query was parsed and planned again each time.
    conn.set_prepared_statement_cache_capacity(STATEMENTS_KEPT);
    // A page cache of 16 MiB rather than SQLite's 2 MiB, filled only as pages are read: one
    // statistics query over years of a large history reads several MiB of tallies and results,
    // which a 2 MiB cache read again from the file for every query.
    conn.pragma_update(None, "cache_size", PAGE_CACHE_KIB)?;
    if conn.is_readonly("main")? {
        // SQLite falls back to read-only for a file without write permission.
        return Err(rusqlite::Error::SqliteFailure(
            rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_READONLY),
            Some("the file is read-only".into()),
        ));
    }
    Ok(())
}

/// An automatic backup of a file about to be upgraded to this build's schema (a new, empty
/// file has nothing to keep).
fn backup_before_upgrade(conn: &Connection, path: &Path) -> Result<(), StoreError> {
    let version: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    if version > 0 && version < latest_version() {
        let reason = format!("before-schema-{}", latest_version());
        super::backup::auto_backup(conn, path, &reason).map_err(|e| StoreError::Sql {
            message: format!("no backup could be made before upgrading the database, so it was not upgraded: {e}"),
        })?;
    }
    Ok(())
}

impl Store {
    /// Open (or create) the database at `path`.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        let meta = std::fs::metadata(path).ok();
        if meta.as_ref().is_some_and(|m| m.is_dir()) {
            return Err(StoreError::NotOurs {
                path: path.display().to_string(),
                reason: "it is a folder".into(),
            });
        }
        if meta.is_some_and(|m| m.len() > 0) {
            inspect_settled(path)?;
        } else if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| StoreError::Sql {
                message: format!("cannot create {}: {e}", dir.display()),
            })?;
        }
        refuse_read_only(path)?;
        let shm_was_there = beside(path, "-shm").exists();
        let (mut conn, no_room) = match open_for_writing(path) {
            Ok(conn) => (conn, false),
            Err(e) if no_room_for_shared_index(&e) => {
                (open_on_full_disk(path, shm_was_there)?, true)
            }
            Err(e) if is_busy(&e) => return Err(busy_failure(path, e)),
            Err(e) => return Err(write_failure(path, e)),
        };
        backup_before_upgrade(&conn, path)?;
        migrate(&mut conn).map_err(|e| match e {
            StoreError::Sql { .. } if conn.is_readonly("main").unwrap_or(false) => {
                StoreError::ReadOnly {
                    path: path.display().to_string(),
                    detail: e.to_string(),
                }
            }
            e => e,
        })?;
        Ok(Store {
            conn,
            path: path.to_path_buf(),
            stats_groups: Default::default(),
            no_room,
        })
    }

    /// A private in-memory store, for unit tests of queries.
    pub fn in_memory() -> Result<Store, StoreError> {
        let mut conn = Connection::open_in_memory()?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        conn.set_transaction_behavior(rusqlite::TransactionBehavior::Immediate);
        migrate(&mut conn)?;
        Ok(Store {
            conn,
            path: PathBuf::from(":memory:"),
            stats_groups: Default::default(),
            no_room: false,
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

impl Drop for Store {
    /// Close the file, then note it as checked (see `checked`): it passed the checks at open and
    /// has been written only through SQLite since.
    fn drop(&mut self) {
        if self.path.as_os_str() == ":memory:" {
            return;
        }
        let Ok(placeholder) = Connection::open_in_memory() else {
            return;
        };
        let conn = std::mem::replace(&mut self.conn, placeholder);
        if conn.close().is_ok() {
            checked::note_closed(&self.path);
        }
    }
}
