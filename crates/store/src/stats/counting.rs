//! The count of many games (a new or upgraded file, another program's import) without holding
//! the write lock for it, so that an action (the window's, a phone's, the CLI's) never waits
//! behind statistics. In one short write transaction the count puts up a marker in
//! `tally_meta` (every other client then waits for it rather than read half a table), forgets
//! the list of changed games, and pins a read snapshot on a second connection before it
//! commits: the snapshot holds exactly the games as they were when the list was emptied, so a
//! game that changes later is listed again, with what it was, by the triggers. The snapshot is
//! counted with no lock held; the cells are written in short transactions with the lock free
//! between them; the games listed meanwhile are counted last, in the transaction that takes the
//! marker down. A writer waits at most one short step.
//!
//! The marker (`counting` → "<token> <heartbeat, ms since 1970>") is renewed every second or
//! so; a client that finds it older than [`STALE_AFTER`] takes it for the mark of a count that
//! died (the process was killed) and counts again itself. Until the marker comes down the
//! tallies are not marked as counted (`groups` is taken away), so a count that died is always
//! counted again.
use super::refresh::each_game;
use super::tally::Tally;
use crate::{Progress, Store, StoreError};
use rusqlite::types::Value;
use rusqlite::TransactionBehavior;
use rusqlite::{params_from_iter, Connection, OpenFlags, OptionalExtension, Transaction};
use std::time::{Duration, Instant};

/// How often a client waiting for another's count looks again.
pub(super) const WAIT_STEP: Duration = Duration::from_millis(50);
/// A marker whose heartbeat is older than this belongs to a count that died.
const STALE_AFTER: Duration = Duration::from_secs(10);
/// How often a count renews its marker while it reads.
const BEAT_EVERY: Duration = Duration::from_secs(1);
/// How long one step of writing may hold the write lock.
const STEP: Duration = Duration::from_millis(20);
/// How long the lock is then left free: the busy handler (`open::wait_for_lock`) looks every
/// millisecond, so a waiting writer takes it in this moment.
const PAUSE: Duration = Duration::from_millis(3);

/// One row of `tally`, in its column order.
type Row = [Value; 15];

/// What the snapshot held.
struct Counted {
    rows: Vec<Row>,
    games: usize,
}

/// Whether another client is writing a count now (its marker is fresh).
pub(super) fn counted_elsewhere(conn: &Connection) -> Result<bool, StoreError> {
    Ok(marker(conn)?.is_some_and(|(_, beat)| now_ms() - beat < STALE_AFTER.as_millis() as i64))
}

/// Whether any count's marker is up, live or left by a count that died: the tallies may be
/// half rewritten.
pub(super) fn marked(conn: &Connection) -> Result<bool, StoreError> {
    Ok(marker(conn)?.is_some())
}

fn marker(conn: &Connection) -> Result<Option<(String, i64)>, StoreError> {
    let value: Option<String> = conn
        .prepare_cached("SELECT value FROM tally_meta WHERE key = 'counting'")?
        .query_row([], |r| r.get(0))
        .optional()?;
    Ok(value.and_then(|v| {
        let (token, beat) = v.split_once(' ')?;
        Some((token.to_string(), beat.parse().ok()?))
    }))
}

fn now_ms() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

impl Store {
    /// Count every game from a snapshot and write the cells in short steps. `Ok(false)`:
    /// another client is counting, or took this count over (look at the tallies again).
    pub(super) fn count_from_snapshot(&self, progress: Progress) -> Result<bool, StoreError> {
        let token = uuid::Uuid::new_v4().simple().to_string();
        let Some(snapshot) = self.claim(&token)? else {
            return Ok(false);
        };
        let counted = self.count_snapshot(&snapshot, &token, progress)?;
        drop(snapshot);
        // Each game once to count, and the rows written as the second half of the work.
        let total = counted.games.max(1) * 2;
        let delete = |tx: &Transaction, limit: usize| {
            Ok(tx.execute(
                "DELETE FROM tally WHERE (game, n, kind, month, person, item, sub) IN
                     (SELECT game, n, kind, month, person, item, sub FROM tally LIMIT ?1)",
                [limit as i64],
            )?)
        };
        if !self.in_steps(&token, delete, &mut |_| {})? {
            return Ok(false);
        }
        let rows = &counted.rows;
        let mut at = 0;
        let insert = |tx: &Transaction, limit: usize| {
            let part = &rows[at..(at + limit).min(rows.len())];
            let mut insert = tx.prepare_cached(
                "INSERT OR REPLACE INTO tally
                     (game, n, month, kind, person, item, sub, a, b, c, d, e, f, g, x)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)",
            )?;
            for row in part {
                insert.execute(params_from_iter(row.iter()))?;
            }
            at += part.len();
            Ok(part.len())
        };
        let mut written = 0;
        let mut told = |did: usize| {
            written += did;
            progress(
                counted.games + counted.games * written / rows.len().max(1),
                total,
            );
        };
        if !self.in_steps(&token, insert, &mut told)? {
            return Ok(false);
        }
        self.finish(&token)
    }

    /// Put the marker up and forget the changed games, unless another client's count is
    /// running; the answer is a second connection whose read transaction holds the games as
    /// they were at that moment (begun before the commit, while no other client can write).
    fn claim(&self, token: &str) -> Result<Option<Connection>, StoreError> {
        let tx = Transaction::new_unchecked(&self.conn, TransactionBehavior::Immediate)?;
        if counted_elsewhere(&tx)? {
            return Ok(None);
        }
        tx.execute_batch(
            "DELETE FROM tally_dirty; DELETE FROM tally_old_games; DELETE FROM tally_old_results;
             DELETE FROM tally_meta WHERE key = 'groups';",
        )?;
        beat(&tx, token)?;
        let snapshot = Connection::open_with_flags(
            self.path(),
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )?;
        // The read transaction's snapshot is taken at its first read.
        snapshot.execute_batch("BEGIN")?;
        snapshot.query_row("SELECT count(*) FROM tally_meta", [], |_| Ok(()))?;
        tx.commit()?;
        Ok(Some(snapshot))
    }

    /// The tallies of every finished game as the snapshot holds them (no write lock), the
    /// marker renewed on this store's own connection as it goes.
    fn count_snapshot(
        &self,
        snapshot: &Connection,
        token: &str,
        progress: Progress,
    ) -> Result<Counted, StoreError> {
        let games: i64 = snapshot.query_row(
            "SELECT count(*) FROM games WHERE status = 'finished' AND players > 0",
            [],
            |r| r.get(0),
        )?;
        let games = games.max(0) as usize;
        let mut tally = Tally::base();
        let mut done = 0;
        let mut beaten = Instant::now();
        each_game(snapshot, "1", &[], |game| {
            let key = super::refresh::key_of(&self.stats_groups, &game.game).to_string();
            tally.add(&game, &key, 1);
            tally.push_runs(&game, &key, None);
            done += 1;
            if done % 256 == 0 {
                progress(done, games.max(1) * 2);
                if beaten.elapsed() >= BEAT_EVERY {
                    let tx =
                        Transaction::new_unchecked(&self.conn, TransactionBehavior::Immediate)?;
                    beat(&tx, token)?;
                    tx.commit()?;
                    beaten = Instant::now();
                }
            }
            Ok(())
        })?;
        Ok(Counted {
            rows: rows_of(tally.spread()),
            games,
        })
    }

    /// Run `step` (given how many rows it may touch, answering how many it did) in short
    /// write transactions until it does fewer than it may, the lock left free between them;
    /// `done` is told each step's rows once it is committed (never while the lock is held).
    /// `Ok(false)`: the marker is no longer this count's (it stalled and another took over).
    fn in_steps(
        &self,
        token: &str,
        mut step: impl FnMut(&Transaction, usize) -> Result<usize, StoreError>,
        done: &mut dyn FnMut(usize),
    ) -> Result<bool, StoreError> {
        // The steps are derived data, counted again if lost: no wait for the disk at each
        // commit (WAL with NORMAL stays consistent; a power cut loses at most the last steps,
        // and the marker then says to count again). FULL again for the step that finishes.
        self.conn.pragma_update(None, "synchronous", "NORMAL")?;
        let stepped = self.steps(token, &mut step, done);
        self.conn.pragma_update(None, "synchronous", "FULL")?;
        stepped
    }

    fn steps(
        &self,
        token: &str,
        step: &mut impl FnMut(&Transaction, usize) -> Result<usize, StoreError>,
        done: &mut dyn FnMut(usize),
    ) -> Result<bool, StoreError> {
        let mut limit = 500;
        loop {
            let started = Instant::now();
            let tx = Transaction::new_unchecked(&self.conn, TransactionBehavior::Immediate)?;
            if !ours(&tx, token)? {
                return Ok(false);
            }
            let did = step(&tx, limit)?;
            beat(&tx, token)?;
            tx.commit()?;
            let took = started.elapsed();
            // Copy what the step wrote into the database now, while no lock is held: left in
            // the WAL, it would be copied by the commit that crosses SQLite's threshold, which
            // may be a waiting action's (a third of a second for a count's worth of pages).
            self.conn
                .query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(()))?;
            done(did);
            if did < limit {
                return Ok(true);
            }
            // As many rows as fit in a step on this machine.
            if took < STEP / 2 {
                limit *= 2;
            } else if took > STEP && limit > 50 {
                limit /= 2;
            }
            std::thread::sleep(PAUSE);
        }
    }

    /// Count the games that changed since the snapshot (the triggers listed them again, with
    /// what they were), mark the tallies counted, and take the marker down: in one transaction.
    fn finish(&self, token: &str) -> Result<bool, StoreError> {
        let tx = Transaction::new_unchecked(&self.conn, TransactionBehavior::Immediate)?;
        if !ours(&tx, token)? {
            return Ok(false);
        }
        let changed: Vec<i64> = tx
            .prepare("SELECT game_id FROM tally_dirty")?
            .query_map([], |r| r.get(0))?
            .collect::<Result<_, _>>()?;
        self.count_changes(&tx, &changed)?;
        self.mark_counted(&tx)?;
        tx.execute("DELETE FROM tally_meta WHERE key = 'counting'", [])?;
        tx.commit()?;
        Ok(true)
    }
}

fn ours(conn: &Connection, token: &str) -> Result<bool, StoreError> {
    Ok(marker(conn)?.is_some_and(|(t, _)| t == token))
}

fn beat(tx: &Transaction, token: &str) -> Result<(), StoreError> {
    tx.execute(
        "INSERT OR REPLACE INTO tally_meta (key, value) VALUES ('counting', ?1)",
        [format!("{token} {}", now_ms())],
    )?;
    Ok(())
}

/// The rows of a counted tally, in the table's key order (each step appends to the end of its
/// tree): its cells that hold something, its records and its runs.
fn rows_of(tally: Tally) -> Vec<Row> {
    let name = |id: u32| Value::Text(tally.names.name(id).to_string());
    let mut rows: Vec<Row> = Vec::with_capacity(tally.cells.len() + tally.runs.len());
    let mut push = |k: &super::tally::CellKey, v: super::tally::Vals| {
        rows.push([
            name(k.game),
            Value::Integer(k.n),
            name(k.month),
            Value::Text(k.kind.to_string()),
            Value::Integer(k.person),
            name(k.item),
            Value::Integer(k.sub),
            Value::Integer(v.a),
            Value::Integer(v.b),
            Value::Integer(v.c),
            Value::Integer(v.d),
            Value::Integer(v.e),
            Value::Integer(v.f),
            Value::Integer(v.g),
            Value::Real(v.x),
        ]);
    };
    for (k, v) in tally.cells.iter().filter(|(_, v)| v.a != 0) {
        push(k, *v);
    }
    for (k, top) in &tally.tops {
        push(k, top.vals());
    }
    for (k, run) in &tally.runs {
        push(k, run.vals());
    }
    // The key (game, n, kind, month, person, item, sub): columns 0, 1, 3, 2, 4, 5, 6.
    let key = |r: &Row| {
        [0, 1, 3, 2, 4, 5, 6].map(|i| match &r[i] {
            Value::Text(t) => (0, t.clone()),
            Value::Integer(n) => (*n, String::new()),
            _ => (0, String::new()),
        })
    };
    rows.sort_by_cached_key(key);
    rows
}
