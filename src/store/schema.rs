//! The schema as append-only migrations (rusqlite_migration tracks them in `user_version`).
//! Never edit a released migration: add a new one at the end.

use rusqlite_migration::{Migrations, M};

/// Marks our files (`PRAGMA application_id`, "ESTW").
pub const APPLICATION_ID: i64 = 0x4553_5457;

pub fn migrations() -> Migrations<'static> {
    Migrations::new(vec![
        M::up(
            r#"
        PRAGMA application_id = 1163088983;
        CREATE TABLE people (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE COLLATE NOCASE,
            colour TEXT NOT NULL,
            created_at TEXT NOT NULL
        );
        CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            game TEXT NOT NULL,
            options TEXT NOT NULL,
            seed INTEGER NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('active', 'finished')),
            started_at TEXT NOT NULL,
            finished_at TEXT
        );
        CREATE TABLE seats (
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            person_id INTEGER NOT NULL REFERENCES people(id),
            PRIMARY KEY (game_id, seat)
        );
        CREATE TABLE events (
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            action TEXT NOT NULL,
            events TEXT NOT NULL,
            summary TEXT NOT NULL,
            undone INTEGER NOT NULL DEFAULT 0,
            at TEXT NOT NULL,
            PRIMARY KEY (game_id, seq)
        ) WITHOUT ROWID;
        CREATE TABLE snapshots (
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            state TEXT NOT NULL,
            PRIMARY KEY (game_id, seq)
        ) WITHOUT ROWID;
        CREATE TABLE results (
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            person_id INTEGER NOT NULL REFERENCES people(id),
            score INTEGER NOT NULL,
            rank INTEGER NOT NULL,
            winner INTEGER NOT NULL,
            title TEXT,
            breakdown TEXT NOT NULL,
            PRIMARY KEY (game_id, seat)
        );
        CREATE TABLE catalogue (
            game TEXT NOT NULL,
            key TEXT NOT NULL,
            value TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            PRIMARY KEY (game, key)
        );
        CREATE INDEX games_by_status ON games(status, started_at);
        "#,
        ),
        // 2: find the ends of a game's log (last active entry, first undone one) without a scan,
        // for the conflict check made on every append, undo and redo.
        M::up("CREATE INDEX events_by_state ON events(game_id, undone, seq);"),
    ])
}

/// The schema version this build writes.
pub fn latest_version() -> i64 {
    2
}
