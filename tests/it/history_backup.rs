//! Backup and restore with real files through the real `steward` binary: a consistent, checked
//! copy of a live database; a restore that refuses what opening would refuse and keeps a safety
//! copy; automatic backups before an upgrade, an import and a restore, the last five kept.

use crate::common::{ok, steward};
use estate_steward::service::Steward;
use std::path::{Path, PathBuf};

fn record(db: &Path, a: &str, b: &str) {
    ok(
        db,
        &["record-result", "middle-ages", "--player", a, "--player", b],
    );
}

fn backups(db: &Path) -> Vec<PathBuf> {
    let dir = db.parent().unwrap().join("backups");
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| d.map(|e| e.unwrap().path()).collect())
        .unwrap_or_default();
    found.sort();
    found
}

fn dump(db: &Path) -> Vec<String> {
    let conn = rusqlite::Connection::open(db).unwrap();
    let mut out = Vec::new();
    for table in ["people", "games", "seats", "events", "results", "catalogue"] {
        let mut stmt = conn.prepare(&format!("SELECT * FROM {table}")).unwrap();
        let width = stmt.column_count();
        let rows = stmt
            .query_map([], |r| {
                (0..width)
                    .map(|i| r.get::<_, rusqlite::types::Value>(i))
                    .collect::<Result<Vec<_>, _>>()
            })
            .unwrap();
        out.extend(rows.map(|r| format!("{table} {:?}", r.unwrap())));
    }
    out
}

#[test]
fn a_backup_of_a_database_in_use_holds_every_commit_and_is_checked() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("live.sqlite3");
    // The app keeps the file open; its last commit is still in the -wal.
    let mut app = Steward::open(&db).unwrap();
    let ana = app.add_person("Ana", "#123456").unwrap();
    app.start_game("nine-estates", &[ana.id], None, Some(3))
        .unwrap();
    let copy = dir.path().join("copy.sqlite3");
    let said = ok(&db, &["backup", copy.to_str().unwrap()]);
    assert!(said.contains("integrity checked"), "{said}");
    assert_eq!(dump(&copy), dump(&db));
    assert!(!dir.path().join("copy.sqlite3.partial").exists());
    // An existing backup is never overwritten, even forced: it is a SQLite database.
    let before = std::fs::read(&copy).unwrap();
    for extra in [&[][..], &["--force"][..]] {
        let mut args = vec!["backup", copy.to_str().unwrap()];
        args.extend_from_slice(extra);
        let o = steward(&db, &args);
        assert_eq!(o.status.code(), Some(5));
        assert!(String::from_utf8_lossy(&o.stderr).contains("SQLite database"));
    }
    assert_eq!(std::fs::read(&copy).unwrap(), before);
    drop(app);
}

#[test]
fn restore_brings_back_the_backup_and_keeps_what_it_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite3");
    record(&db, "Ana:5", "Bo:3");
    let copy = dir.path().join("saved.sqlite3");
    ok(&db, &["backup", copy.to_str().unwrap()]);
    let saved = dump(&db);
    record(&db, "Cy:9", "Di:8");
    let later = dump(&db);
    // Another client has the file open through the restore.
    let app = Steward::open(&db).unwrap();
    assert_eq!(app.history(None).unwrap().len(), 2);
    let said = ok(&db, &["restore", copy.to_str().unwrap()]);
    assert!(said.contains("restored from"), "{said}");
    assert_eq!(dump(&db), saved);
    assert_eq!(
        app.history(None).unwrap().len(),
        1,
        "the open client sees it"
    );
    let kept = backups(&db);
    assert_eq!(kept.len(), 1, "{kept:?}");
    assert!(kept[0]
        .to_string_lossy()
        .ends_with("-before-restore.backup.sqlite3"));
    assert_eq!(
        dump(&kept[0]),
        later,
        "the safety copy is what was replaced"
    );
    let journal: String = rusqlite::Connection::open(&db)
        .unwrap()
        .query_row("PRAGMA journal_mode", [], |r| r.get(0))
        .unwrap();
    assert_eq!(journal, "wal");
}

#[test]
fn restore_refuses_what_opening_refuses_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite3");
    record(&db, "Ana:5", "Bo:3");
    let before = dump(&db);
    let text = dir.path().join("notes.txt");
    std::fs::write(&text, "hello").unwrap();
    let empty = dir.path().join("empty.sqlite3");
    std::fs::write(&empty, "").unwrap();
    let foreign = dir.path().join("foreign.sqlite3");
    rusqlite::Connection::open(&foreign)
        .unwrap()
        .execute_batch("CREATE TABLE t (x); INSERT INTO t VALUES (1);")
        .unwrap();
    let newer = dir.path().join("newer.sqlite3");
    ok(&newer, &["people", "list"]);
    rusqlite::Connection::open(&newer)
        .unwrap()
        .pragma_update(None, "user_version", 999)
        .unwrap();
    let blank = dir.path().join("blank.sqlite3");
    rusqlite::Connection::open(&blank)
        .unwrap()
        .execute_batch("PRAGMA user_version = 0; VACUUM;")
        .unwrap();
    let cases: [(&Path, i32, &str); 7] = [
        (&text, 4, "not an SQLite database"),
        (&empty, 4, "empty file"),
        (&foreign, 4, "another program's tables"),
        (&newer, 4, "newer Estate Steward"),
        (&blank, 4, "holds no Estate Steward data"),
        (&db, 4, "the database in use"),
        (
            Path::new("/nonexistent/backup.sqlite3"),
            3,
            "backup.sqlite3",
        ),
    ];
    for (file, code, said) in cases {
        let o = steward(&db, &["restore", file.to_str().unwrap()]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(code), "{file:?}: {err}");
        assert!(err.contains(said), "{file:?}: {err}");
        assert_eq!(dump(&db), before, "{file:?} changed the database");
    }
    assert!(backups(&db).is_empty(), "no safety copy for a refused file");
    assert_eq!(std::fs::read(&text).unwrap(), b"hello");
}

#[test]
fn a_file_from_an_earlier_schema_is_backed_up_before_its_upgrade() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("old.sqlite3");
    let fixture =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/schema2-games.sqlite3");
    std::fs::copy(&fixture, &db).unwrap();
    let original = dump(&db);
    ok(&db, &["history"]);
    let kept = backups(&db);
    assert_eq!(kept.len(), 1, "{kept:?}");
    let version: i64 = rusqlite::Connection::open(&kept[0])
        .unwrap()
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .unwrap();
    assert_eq!(version, 2, "the backup is the file as it was");
    assert_eq!(dump(&kept[0]), original);
    ok(&db, &["history"]);
    assert_eq!(backups(&db).len(), 1, "an up-to-date file is not backed up");
    // A backup of an older schema restores, and is upgraded.
    let restored = dir.path().join("restored.sqlite3");
    record(&restored, "Ana:1", "Bo:2");
    ok(&restored, &["restore", kept[0].to_str().unwrap()]);
    assert_eq!(ok(&restored, &["history"]), ok(&db, &["history"]));
}

#[test]
fn an_import_that_adds_something_is_backed_up_first_and_each_database_keeps_its_own() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite3");
    let other = dir.path().join("other.sqlite3");
    record(&db, "Ana:5", "Bo:3");
    record(&other, "Cy:5", "Di:3");
    // Another database beside this one, with a safety copy of its own in the same folder.
    let theirs = dir.path().join("theirs.json");
    ok(
        &other,
        &[
            "export",
            "--format",
            "json",
            "--out",
            theirs.to_str().unwrap(),
        ],
    );
    record(&db, "Eve:1", "Fay:2");
    let file = dir.path().join("export.json");
    ok(
        &db,
        &[
            "export",
            "--format",
            "json",
            "--out",
            file.to_str().unwrap(),
        ],
    );
    ok(&other, &["import", file.to_str().unwrap()]);
    let others = backups(&db).len();
    assert_eq!(others, 1, "the other database's safety copy");
    // Importing what is already here changes nothing: no copy is taken, none pushed out.
    for i in 0..3 {
        let said = ok(&db, &["import", file.to_str().unwrap()]);
        assert!(!said.contains("backup taken first"), "import {i}: {said}");
    }
    assert_eq!(backups(&db).len(), others);
    // Seven imports that each bring a new game: the newest five copies of this database kept.
    for i in 0..7 {
        let fresh = dir.path().join(format!("fresh{i}.sqlite3"));
        record(&fresh, &format!("G{i}:4"), "Bo:1");
        let out = dir.path().join(format!("fresh{i}.json"));
        ok(
            &fresh,
            &["export", "--format", "json", "--out", out.to_str().unwrap()],
        );
        let said = ok(&db, &["import", out.to_str().unwrap()]);
        assert!(said.contains("backup taken first"), "import {i}: {said}");
    }
    let kept = backups(&db);
    let ours: Vec<_> = kept
        .iter()
        .filter(|k| {
            k.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("games.")
        })
        .collect();
    assert_eq!(ours.len(), 5, "{kept:?}");
    assert!(ours.iter().all(|k| k
        .to_string_lossy()
        .ends_with("-before-import.backup.sqlite3")));
    assert_eq!(
        kept.len() - ours.len(),
        others,
        "the other database's copy is kept"
    );
}

/// The files in `dir` whose names contain `part`.
fn named(dir: &Path, part: &str) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().contains(part))
        .collect();
    found.sort();
    found
}

#[test]
fn a_refused_database_makes_room_for_a_backup_and_is_kept_unchanged() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.sqlite3");
    record(&good, "Ana:5", "Bo:3");
    let copy = dir.path().join("saved.sqlite3");
    ok(&good, &["backup", copy.to_str().unwrap()]);
    let saved = dump(&copy);
    let cases: [(&str, &[u8]); 2] = [
        ("foreign", b""),
        (
            "corrupt",
            b"SQLite format 3\0 but then nothing a database holds",
        ),
    ];
    for (name, bytes) in cases {
        let db = dir.path().join(format!("{name}.sqlite3"));
        if bytes.is_empty() {
            rusqlite::Connection::open(&db)
                .unwrap()
                .execute_batch("CREATE TABLE t (x); INSERT INTO t VALUES (1);")
                .unwrap();
        } else {
            std::fs::write(&db, bytes).unwrap();
        }
        let original = std::fs::read(&db).unwrap();
        // Opened, it is refused; a restore with a bad backup changes nothing either.
        assert_eq!(steward(&db, &["people", "list"]).status.code(), Some(4));
        let text = dir.path().join("notes.txt");
        std::fs::write(&text, "hello").unwrap();
        assert_eq!(
            steward(&db, &["restore", text.to_str().unwrap()])
                .status
                .code(),
            Some(4)
        );
        assert_eq!(std::fs::read(&db).unwrap(), original, "{name}: touched");
        assert!(named(dir.path(), &format!("{name}.sqlite3.refused-")).is_empty());
        // A good backup takes its place; the refused file is kept beside it, byte for byte.
        let said = ok(&db, &["restore", copy.to_str().unwrap()]);
        let aside = named(dir.path(), &format!("{name}.sqlite3.refused-"));
        assert_eq!(aside.len(), 1, "{name}: {aside:?}");
        assert_eq!(
            std::fs::read(&aside[0]).unwrap(),
            original,
            "{name}: kept as it was"
        );
        assert!(
            said.contains(&*aside[0].to_string_lossy()),
            "{name}: {said}"
        );
        assert_eq!(dump(&db), saved, "{name}: the backup's games");
        ok(&db, &["people", "list"]);
    }
}

/// The token of a `/join/<token>` path.
fn token(path: &serde_json::Value) -> String {
    path.as_str()
        .and_then(|p| p.strip_prefix("/join/"))
        .expect("a join path")
        .to_string()
}

#[test]
fn a_restore_brings_back_no_phone_link_not_even_one_revoked_since_the_backup() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.sqlite3");
    ok(
        &db,
        &[
            "start",
            "the-estates",
            "--player",
            "Ana",
            "--player",
            "Bo",
            "--seed",
            "2",
        ],
    );
    let links: serde_json::Value =
        serde_json::from_str(&ok(&db, &["--json", "invite", "1"])).unwrap();
    let left = token(&links["seats"][1]["path"]);
    let backup = dir.path().join("before.sqlite3");
    ok(&db, &["backup", backup.to_str().unwrap()]);
    // Bo left the table: their link is revoked.
    ok(&db, &["invite", "1", "--revoke", "2"]);
    let store = estate_steward::store::Store::open(&db).unwrap();
    assert!(store.invited(&left).unwrap().is_none());
    drop(store);
    ok(&db, &["restore", backup.to_str().unwrap()]);
    let store = estate_steward::store::Store::open(&db).unwrap();
    assert!(
        store.invited(&left).unwrap().is_none(),
        "a revoked link works again after the restore"
    );
    assert!(store
        .invited(&token(&links["seats"][0]["path"]))
        .unwrap()
        .is_none());
    // Hosting again gives new links that work.
    drop(store);
    let again: serde_json::Value =
        serde_json::from_str(&ok(&db, &["--json", "invite", "1"])).unwrap();
    let store = estate_steward::store::Store::open(&db).unwrap();
    assert!(store
        .invited(&token(&again["seats"][1]["path"]))
        .unwrap()
        .is_some());
}
