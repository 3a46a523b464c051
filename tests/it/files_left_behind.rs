//! Files that are not ours to change are left as they were: opening a read-only database, or
//! one whose folder is read-only, is refused with nothing new beside it; restoring from a copy
//! taken in WAL mode leaves no `-wal`/`-shm` beside the copy. With the real `steward` binary.
//! Root may write anything whatever its permission bits, so as root (CI) the refused opens run
//! as the user `nobody` (util-linux's `setpriv`).

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn steward() -> &'static str {
    env!("CARGO_BIN_EXE_steward")
}

fn run(db: &Path, args: &[&str]) -> Output {
    Command::new(steward())
        .arg("--db")
        .arg(db)
        .args(args)
        .output()
        .expect("steward runs")
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout.trim_ascii() == b"0")
}

/// `steward` run by a user for whom permission bits count (not root).
fn run_unprivileged(db: &Path, args: &[&str]) -> Output {
    let mut cmd = if is_root() {
        let mut c = Command::new("setpriv");
        c.args([
            "--reuid=65534",
            "--regid=65534",
            "--clear-groups",
            "--",
            steward(),
        ]);
        c
    } else {
        Command::new(steward())
    };
    cmd.arg("--db")
        .arg(db)
        .args(args)
        .output()
        .expect("steward runs")
}

fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("list")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn chmod(path: &Path, mode: u32) {
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).expect("chmod");
}

/// A database with one game in `folder`, inside a temp dir anyone may enter.
fn database(dir: &tempfile::TempDir) -> (PathBuf, PathBuf) {
    chmod(dir.path(), 0o755);
    let folder = dir.path().join("table");
    std::fs::create_dir(&folder).expect("folder");
    let db = folder.join("games.sqlite3");
    let out = run(
        &db,
        &["start", "nine-estates", "--player", "Ana", "--seed", "3"],
    );
    assert!(out.status.success(), "{out:?}");
    (folder, db)
}

#[test]
fn a_read_only_database_is_refused_and_nothing_is_left_beside_it() {
    let dir = tempfile::tempdir().expect("dir");
    let (folder, db) = database(&dir);
    // The folder open to everyone, the file to no one's writing.
    chmod(&folder, 0o777);
    chmod(&db, 0o444);
    let before = listing(&folder);
    let bytes = std::fs::read(&db).expect("read");
    let out = run_unprivileged(&db, &["history"]);
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        !out.status.success(),
        "a read-only file was opened: {out:?}"
    );
    assert!(said.contains("read-only"), "{said}");
    assert_eq!(listing(&folder), before, "something was left beside it");
    assert_eq!(std::fs::read(&db).expect("read"), bytes);
}

#[test]
fn a_database_in_a_read_only_folder_is_refused_and_nothing_is_left_beside_it() {
    let dir = tempfile::tempdir().expect("dir");
    let (folder, db) = database(&dir);
    // The file open to everyone's writing, its folder to no one's.
    chmod(&db, 0o666);
    chmod(&folder, 0o555);
    let before = listing(&folder);
    let out = run_unprivileged(&db, &["start", "nine-estates", "--player", "Bo"]);
    chmod(&folder, 0o755);
    assert!(!out.status.success(), "{out:?}");
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("cannot be written here"), "{said}");
    assert_eq!(listing(&folder), before, "something was left beside it");
}

#[test]
fn restoring_from_a_copy_taken_in_wal_mode_leaves_nothing_beside_the_copy() {
    let dir = tempfile::tempdir().expect("dir");
    let (folder, db) = database(&dir);
    // A copy of the live file, as a file manager makes one: its header says WAL.
    let copies = dir.path().join("copies");
    std::fs::create_dir(&copies).expect("folder");
    let copy = copies.join("copy.sqlite3");
    std::fs::copy(&db, &copy).expect("copy");
    let header = std::fs::read(&copy).expect("read");
    assert_eq!(header[18..20], [2, 2], "the copy is in WAL mode");
    let out = run(&db, &["restore", copy.to_str().expect("utf-8")]);
    assert!(out.status.success(), "{out:?}");
    assert_eq!(listing(&copies), ["copy.sqlite3"]);
    let out = run(&db, &["history"]);
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("nine-estates"),
        "{out:?}"
    );
    assert!(listing(&folder).contains(&"backups".to_string()));
}
