//! The schema as append-only migrations: the list below is the whole history, and the schema
//! version (`PRAGMA user_version`) is simply how many of them a file has had. Never edit a
//! released migration: add a new one at the end (`tests/fixtures/released-migrations.json`
//! holds each one's text as it landed, and a test fails when one changes).

use super::StoreError;
use rusqlite::{Connection, Transaction, TransactionBehavior};
use rusqlite_migration::{HookError, Migrations, M};

/// Marks our files (`PRAGMA application_id`, "ESTW").
pub const APPLICATION_ID: i64 = 0x4553_5457;

/// Every migration, oldest first. Version N is the state after the first N of them.
const MIGRATIONS: &[&str] = &[
    // 1: people, games and seats, the event log with snapshots, results and the card catalogue.
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
    // 2: find the ends of a game's log (last active entry, first undone one) without a scan,
    // for the conflict check made on every append, undo and redo.
    "CREATE INDEX events_by_state ON events(game_id, undone, seq);",
    // 3: a per-game version, raised by every append, undo and redo and checked in the same
    // transaction: a client that decided on an older table is refused even when the log's
    // length came back the same (another client undid and played something else).
    "ALTER TABLE games ADD COLUMN version INTEGER NOT NULL DEFAULT 0;",
    // 4: results-only records (a game played without the app, entered as its scores), the day
    // a game was played (the statistics' date filter; the day it started for games until now),
    // how many players its results hold (0 until it is finished), and each result's role (a
    // Leader, a faction) where one was entered.
    r#"
        ALTER TABLE games ADD COLUMN results_only INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE games ADD COLUMN played_on TEXT;
        UPDATE games SET played_on = substr(started_at, 1, 10);
        ALTER TABLE games ADD COLUMN players INTEGER NOT NULL DEFAULT 0;
        UPDATE games SET players = (SELECT count(*) FROM results r WHERE r.game_id = games.id);
        ALTER TABLE results ADD COLUMN role TEXT;
        "#,
    // 5: statistics by SQL: finished games by game, day and player count; a person's results;
    // and each game's results with the figures the statistics read, without the rows.
    r#"
        CREATE INDEX games_for_stats ON games(status, game, played_on, players);
        CREATE INDEX results_by_person ON results(person_id, game_id);
        CREATE INDEX results_for_stats
            ON results(game_id, person_id, score, rank, winner, seat, role, title);
        "#,
    // 6: stable identities for export and import (merged by them): a random UUID for every
    // person and game, filled for the rows already there by [`after`]; and when a game was
    // abandoned (left unfinished for good: it takes no more actions and counts nowhere).
    r#"
        ALTER TABLE games ADD COLUMN abandoned_at TEXT;
        ALTER TABLE people ADD COLUMN uuid TEXT;
        ALTER TABLE games ADD COLUMN uuid TEXT;
        CREATE UNIQUE INDEX people_by_uuid ON people(uuid);
        CREATE UNIQUE INDEX games_by_uuid ON games(uuid);
        "#,
    // 7: a seat's colour at its table when it is not the person's usual one (players at one
    // table never share a colour); NULL: the person's colour.
    "ALTER TABLE seats ADD COLUMN colour TEXT;",
    // 8: a Raise the Realm live game records each seat's Leader with its result (the win rate
    // by Leader); a live game finished before then gets the Leader its log last chose for the
    // seat (a `LeaderChosen` event not undone).
    r#"
        UPDATE results SET role = (
            SELECT json_extract(e.value, '$.leader')
            FROM events ev, json_each(ev.events) e
            WHERE ev.game_id = results.game_id AND ev.undone = 0
              AND json_extract(e.value, '$.type') = 'LeaderChosen'
              AND json_extract(e.value, '$.seat') = results.seat
            ORDER BY ev.seq DESC LIMIT 1)
        WHERE role IS NULL
          AND game_id IN (SELECT id FROM games WHERE game = 'raise-the-realm-live');
        "#,
    // 9: statistics kept as running tallies (`tally`, see `stats::tally`), so that a query reads
    // a few hundred summary rows instead of every result. Before the first change to a game
    // since the tallies were last brought up to date, triggers copy what it was (its `games` row
    // and results) into `tally_old_*` and list it in `tally_dirty`; the next statistics query
    // takes the old game's cells back, adds the new one's and empties both, in one transaction.
    // `games.margin` (the winner's lead) is kept with the tallies, for the biggest-margin
    // record (no longer: the tallies keep that record themselves; migration 11 drops it). Every game starts dirty: the first query after the upgrade counts them all.
    r#"
        CREATE TABLE tally (
            game TEXT NOT NULL,
            n INTEGER NOT NULL,
            month TEXT NOT NULL,
            kind TEXT NOT NULL,
            person INTEGER NOT NULL,
            item TEXT NOT NULL,
            sub INTEGER NOT NULL,
            a INTEGER NOT NULL, b INTEGER NOT NULL, c INTEGER NOT NULL, d INTEGER NOT NULL,
            e INTEGER NOT NULL, f INTEGER NOT NULL, g INTEGER NOT NULL, x REAL NOT NULL,
            PRIMARY KEY (game, n, kind, month, person, item, sub)
        ) WITHOUT ROWID;
        CREATE TABLE tally_dirty (game_id INTEGER PRIMARY KEY);
        CREATE TABLE tally_old_games (
            id INTEGER PRIMARY KEY, game TEXT NOT NULL, status TEXT NOT NULL,
            played_on TEXT, players INTEGER NOT NULL
        );
        CREATE TABLE tally_old_results (
            game_id INTEGER NOT NULL, seat INTEGER NOT NULL, person_id INTEGER NOT NULL,
            score INTEGER NOT NULL, rank INTEGER NOT NULL, winner INTEGER NOT NULL, title TEXT,
            breakdown TEXT NOT NULL, role TEXT,
            PRIMARY KEY (game_id, seat)
        );
        CREATE TABLE tally_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        ALTER TABLE games ADD COLUMN margin INTEGER;
        CREATE INDEX games_by_margin ON games(margin DESC, played_on, id) WHERE margin IS NOT NULL;
        CREATE INDEX games_by_day ON games(played_on);
        INSERT INTO tally_dirty SELECT id FROM games;
        CREATE TRIGGER tally_game_added AFTER INSERT ON games
            BEGIN INSERT OR IGNORE INTO tally_dirty VALUES (NEW.id); END;
        CREATE TRIGGER tally_game_changed BEFORE UPDATE OF game, status, players, played_on ON games
            WHEN NOT EXISTS (SELECT 1 FROM tally_dirty WHERE game_id = OLD.id)
            BEGIN
                INSERT INTO tally_old_games SELECT id, game, status, played_on, players
                    FROM games WHERE id = OLD.id;
                INSERT INTO tally_old_results
                    SELECT game_id, seat, person_id, score, rank, winner, title, breakdown, role
                    FROM results WHERE game_id = OLD.id;
                INSERT INTO tally_dirty VALUES (OLD.id);
            END;
        CREATE TRIGGER tally_game_removed BEFORE DELETE ON games
            WHEN NOT EXISTS (SELECT 1 FROM tally_dirty WHERE game_id = OLD.id)
            BEGIN
                INSERT INTO tally_old_games SELECT id, game, status, played_on, players
                    FROM games WHERE id = OLD.id;
                INSERT INTO tally_old_results
                    SELECT game_id, seat, person_id, score, rank, winner, title, breakdown, role
                    FROM results WHERE game_id = OLD.id;
                INSERT INTO tally_dirty VALUES (OLD.id);
            END;
        CREATE TRIGGER tally_result_added BEFORE INSERT ON results
            WHEN NOT EXISTS (SELECT 1 FROM tally_dirty WHERE game_id = NEW.game_id)
            BEGIN
                INSERT INTO tally_old_games SELECT id, game, status, played_on, players
                    FROM games WHERE id = NEW.game_id;
                INSERT INTO tally_old_results
                    SELECT game_id, seat, person_id, score, rank, winner, title, breakdown, role
                    FROM results WHERE game_id = NEW.game_id;
                INSERT INTO tally_dirty VALUES (NEW.game_id);
            END;
        CREATE TRIGGER tally_result_removed BEFORE DELETE ON results
            WHEN NOT EXISTS (SELECT 1 FROM tally_dirty WHERE game_id = OLD.game_id)
            BEGIN
                INSERT INTO tally_old_games SELECT id, game, status, played_on, players
                    FROM games WHERE id = OLD.game_id;
                INSERT INTO tally_old_results
                    SELECT game_id, seat, person_id, score, rank, winner, title, breakdown, role
                    FROM results WHERE game_id = OLD.game_id;
                INSERT INTO tally_dirty VALUES (OLD.game_id);
            END;
        CREATE TRIGGER tally_result_changed BEFORE UPDATE ON results
            WHEN NOT EXISTS (SELECT 1 FROM tally_dirty WHERE game_id = OLD.game_id)
            BEGIN
                INSERT INTO tally_old_games SELECT id, game, status, played_on, players
                    FROM games WHERE id = OLD.game_id;
                INSERT INTO tally_old_results
                    SELECT game_id, seat, person_id, score, rank, winner, title, breakdown, role
                    FROM results WHERE game_id = OLD.game_id;
                INSERT INTO tally_dirty VALUES (OLD.game_id);
            END;
        "#,
    // 10: a person's figures for a game, player count and days are counted from their results:
    // the finished games seekable by game, player count and day, with their kept margin. (Those
    // figures are kept in the tallies since; migration 11 drops the index.)
    "CREATE INDEX games_by_players ON games(game, players, played_on, margin)
         WHERE status = 'finished';",
    // 11: the finished games of a few days found from the index alone, in the order played
    // (day, then id), with their player count and game (a statistics range's partial months:
    // before, each game's row was read to check them, two milliseconds for a month of the
    // bench's games). The kept margin goes, with the
    // indexes that held it: the tallies keep the biggest margins themselves.
    r#"
        DROP INDEX games_by_day;
        DROP INDEX games_by_margin;
        DROP INDEX games_by_players;
        ALTER TABLE games DROP COLUMN margin;
        CREATE INDEX games_finished_by_day ON games(played_on, id, players, game)
            WHERE status = 'finished';
        "#,
    // 12: an append writes one page of the file, the log's, as a bare insert does. The log's
    // part of a game's version moves onto its last row (`events.token`), so the games row is
    // no longer written by play; `games.version` stays for what a held table shows from
    // outside the log (a person renamed, a game abandoned). The index of every row's state
    // gives way to one of the undone rows alone: the active rows are 1..n, so the first undone
    // row gives both ends of the log, and an active row's append no longer writes an index.
    r#"
        ALTER TABLE events ADD COLUMN token INTEGER NOT NULL DEFAULT 0;
        DROP INDEX events_by_state;
        CREATE INDEX events_undone ON events(game_id, seq) WHERE undone = 1;
        "#,
    // 13: a game's number is never given again within a file. `games` has no AUTOINCREMENT
    // (adding it means rebuilding the table under its foreign keys and triggers), so the
    // highest number a deleted game had is kept in `id_floor`, and a new game takes one past
    // both it and every game there ([`super::games::NEXT_GAME_ID`]): a client still showing a
    // deleted game can never write into a new one under its number. A restore raises the
    // restored file's floor to the replaced one's.
    r#"
        CREATE TABLE id_floor (name TEXT PRIMARY KEY, high INTEGER NOT NULL);
        INSERT INTO id_floor SELECT 'games', coalesce(max(id), 0) FROM games;
        CREATE TRIGGER games_id_floor AFTER DELETE ON games
            BEGIN UPDATE id_floor SET high = max(high, OLD.id) WHERE name = 'games'; END;
        "#,
    // 14: the links that let phones join a game hosted on the local network (`invites`): one
    // row per link, found by the SHA-256 of its token (the token itself is never stored), for a
    // seat (0-based) or, with seat -1, the board (the public view only). A seat may have several
    // links (each time hosting is turned on new ones are shown; the old ones keep working) until
    // its links are revoked; deleting the game deletes its links.
    r#"
        CREATE TABLE invites (
            hash TEXT PRIMARY KEY,
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            created_at TEXT NOT NULL
        ) WITHOUT ROWID;
        CREATE INDEX invites_by_game ON invites(game_id, seat);
        "#,
    // 15: a result may hold no score (`results.score` NULL): a play another app logged with its
    // winners only (BG Stats' cooperative games, quick logging) is kept as it is rather than
    // dropped. SQLite cannot drop NOT NULL in place, so `results` and `tally_old_results` are
    // rebuilt with the same columns, indexes and triggers (the triggers that read `results` are
    // dropped first and written again as migration 9 wrote them).
    r#"
        DROP TRIGGER tally_game_changed;
        DROP TRIGGER tally_game_removed;
        DROP TRIGGER tally_result_added;
        DROP TRIGGER tally_result_removed;
        DROP TRIGGER tally_result_changed;
        CREATE TABLE results_with_unscored (
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            person_id INTEGER NOT NULL REFERENCES people(id),
            score INTEGER,
            rank INTEGER NOT NULL,
            winner INTEGER NOT NULL,
            title TEXT,
            breakdown TEXT NOT NULL,
            role TEXT,
            PRIMARY KEY (game_id, seat)
        );
        INSERT INTO results_with_unscored
            SELECT game_id, seat, person_id, score, rank, winner, title, breakdown, role FROM results;
        DROP TABLE results;
        ALTER TABLE results_with_unscored RENAME TO results;
        CREATE INDEX results_by_person ON results(person_id, game_id);
        CREATE INDEX results_for_stats
            ON results(game_id, person_id, score, rank, winner, seat, role, title);
        CREATE TABLE tally_old_results_with_unscored (
            game_id INTEGER NOT NULL, seat INTEGER NOT NULL, person_id INTEGER NOT NULL,
            score INTEGER, rank INTEGER NOT NULL, winner INTEGER NOT NULL, title TEXT,
            breakdown TEXT NOT NULL, role TEXT,
            PRIMARY KEY (game_id, seat)
        );
        INSERT INTO tally_old_results_with_unscored SELECT * FROM tally_old_results;
        DROP TABLE tally_old_results;
        ALTER TABLE tally_old_results_with_unscored RENAME TO tally_old_results;
        CREATE TRIGGER tally_game_changed BEFORE UPDATE OF game, status, players, played_on ON games
            WHEN NOT EXISTS (SELECT 1 FROM tally_dirty WHERE game_id = OLD.id)
            BEGIN
                INSERT INTO tally_old_games SELECT id, game, status, played_on, players
                    FROM games WHERE id = OLD.id;
                INSERT INTO tally_old_results
                    SELECT game_id, seat, person_id, score, rank, winner, title, breakdown, role
                    FROM results WHERE game_id = OLD.id;
                INSERT INTO tally_dirty VALUES (OLD.id);
            END;
        CREATE TRIGGER tally_game_removed BEFORE DELETE ON games
            WHEN NOT EXISTS (SELECT 1 FROM tally_dirty WHERE game_id = OLD.id)
            BEGIN
                INSERT INTO tally_old_games SELECT id, game, status, played_on, players
                    FROM games WHERE id = OLD.id;
                INSERT INTO tally_old_results
                    SELECT game_id, seat, person_id, score, rank, winner, title, breakdown, role
                    FROM results WHERE game_id = OLD.id;
                INSERT INTO tally_dirty VALUES (OLD.id);
            END;
        CREATE TRIGGER tally_result_added BEFORE INSERT ON results
            WHEN NOT EXISTS (SELECT 1 FROM tally_dirty WHERE game_id = NEW.game_id)
            BEGIN
                INSERT INTO tally_old_games SELECT id, game, status, played_on, players
                    FROM games WHERE id = NEW.game_id;
                INSERT INTO tally_old_results
                    SELECT game_id, seat, person_id, score, rank, winner, title, breakdown, role
                    FROM results WHERE game_id = NEW.game_id;
                INSERT INTO tally_dirty VALUES (NEW.game_id);
            END;
        CREATE TRIGGER tally_result_removed BEFORE DELETE ON results
            WHEN NOT EXISTS (SELECT 1 FROM tally_dirty WHERE game_id = OLD.game_id)
            BEGIN
                INSERT INTO tally_old_games SELECT id, game, status, played_on, players
                    FROM games WHERE id = OLD.game_id;
                INSERT INTO tally_old_results
                    SELECT game_id, seat, person_id, score, rank, winner, title, breakdown, role
                    FROM results WHERE game_id = OLD.game_id;
                INSERT INTO tally_dirty VALUES (OLD.game_id);
            END;
        CREATE TRIGGER tally_result_changed BEFORE UPDATE ON results
            WHEN NOT EXISTS (SELECT 1 FROM tally_dirty WHERE game_id = OLD.game_id)
            BEGIN
                INSERT INTO tally_old_games SELECT id, game, status, played_on, players
                    FROM games WHERE id = OLD.game_id;
                INSERT INTO tally_old_results
                    SELECT game_id, seat, person_id, score, rank, winner, title, breakdown, role
                    FROM results WHERE game_id = OLD.game_id;
                INSERT INTO tally_dirty VALUES (OLD.game_id);
            END;
        "#,
];

/// What a migration does besides its SQL, in the same transaction (by migration number).
fn after(step: usize, tx: &Transaction) -> rusqlite::Result<()> {
    if step == 6 {
        for table in ["people", "games"] {
            let ids: Vec<i64> = tx
                .prepare(&format!("SELECT id FROM {table} WHERE uuid IS NULL"))?
                .query_map([], |r| r.get(0))?
                .collect::<Result<_, _>>()?;
            let mut set = tx.prepare(&format!("UPDATE {table} SET uuid = ?2 WHERE id = ?1"))?;
            for id in ids {
                set.execute(rusqlite::params![id, new_uuid()])?;
            }
        }
    }
    Ok(())
}

/// A new random identity (UUID v4) for a person or a game.
pub(super) fn new_uuid() -> String {
    uuid::Uuid::new_v4().to_string()
}

/// Migrations 4 and 5 were edited after files had been written with them (commits 775865d to
/// 271b271): the player count (`games.players`) joined migration 4 and the statistics indexes
/// changed in 5. A file that went through their earlier text (at schema 4 or later) is given
/// what they make now before the migrations after its version run; every file passes here once,
/// on its way to the latest schema.
fn mend_edited(tx: &Transaction, found: i64) -> rusqlite::Result<()> {
    let count = |sql: &str| tx.query_row(sql, [], |r| r.get::<_, i64>(0));
    if found >= 4
        && count("SELECT count(*) FROM pragma_table_info('games') WHERE name = 'players'")? == 0
    {
        tx.execute_batch(
            "ALTER TABLE games ADD COLUMN players INTEGER NOT NULL DEFAULT 0;
             UPDATE games SET players = (SELECT count(*) FROM results r WHERE r.game_id = games.id);",
        )?;
    }
    if found >= 5 {
        if count("SELECT count(*) FROM pragma_index_info('games_for_stats')")? != 4 {
            tx.execute_batch(
                "DROP INDEX IF EXISTS games_for_stats;
                 CREATE INDEX games_for_stats ON games(status, game, played_on, players);",
            )?;
        }
        tx.execute_batch(
            "CREATE INDEX IF NOT EXISTS results_for_stats
                 ON results(game_id, person_id, score, rank, winner, seat, role, title);",
        )?;
    }
    Ok(())
}

/// The migrations for `rusqlite_migration` (its validation and `to_version`, used by tests and
/// fixtures to build a file of an earlier schema).
pub fn migrations() -> Migrations<'static> {
    Migrations::new(
        MIGRATIONS
            .iter()
            .enumerate()
            .map(|(i, sql)| {
                M::up_with_hook(sql, move |tx: &Transaction| {
                    after(i + 1, tx).map_err(HookError::from)
                })
            })
            .collect(),
    )
}

/// The SQL of every migration, oldest first (a test holds each released one to its text).
pub fn migration_sql() -> &'static [&'static str] {
    MIGRATIONS
}

/// The schema version this build writes: the number of migrations.
pub fn latest_version() -> i64 {
    MIGRATIONS.len() as i64
}

fn version_of(conn: &Connection) -> Result<i64, rusqlite::Error> {
    conn.query_row("PRAGMA user_version", [], |r| r.get(0))
}

/// Bring the schema up to date in one IMMEDIATE transaction: the write lock is taken first and
/// the version read inside it, so two processes opening (or upgrading) the same file at once
/// never both migrate — the second waits, then finds nothing to do.
pub(super) fn migrate(conn: &mut Connection) -> Result<(), StoreError> {
    // A cheap look without the lock: an up-to-date file (the usual case) takes no write lock.
    if version_of(conn)? == latest_version() {
        return Ok(());
    }
    let failed = |step: usize, e: rusqlite::Error| StoreError::Sql {
        message: format!("upgrading the database to schema {step} failed: {e}"),
    };
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let found = version_of(&tx)?;
    if found < 0 || found > latest_version() {
        // Inspected before opening; another program changed it since. Leave it alone.
        return Err(StoreError::Sql {
            message: format!("the database's schema version changed to {found} while opening"),
        });
    }
    mend_edited(&tx, found).map_err(|e| failed(found as usize, e))?;
    for (i, sql) in MIGRATIONS.iter().enumerate().skip(found as usize) {
        tx.execute_batch(sql).map_err(|e| failed(i + 1, e))?;
        after(i + 1, &tx).map_err(|e| failed(i + 1, e))?;
    }
    tx.pragma_update(None, "user_version", latest_version())?;
    tx.commit()?;
    Ok(())
}
