//! Bringing the tallies up to date before a statistics query. Triggers (migration 9) list every
//! game whose results, status, player count or day changed in `tally_dirty`, with what it was
//! before in `tally_old_games` and `tally_old_results`; here, in one short IMMEDIATE
//! transaction, each such game's old cells are taken back, its new ones added, and the runs and
//! records of the months it touches recounted. When many games changed (a new or upgraded file,
//! another program's import) or the statistics games changed, everything is counted again, from
//! a snapshot and without holding the write lock (`counting`); our own imports count theirs
//! that way before they answer, so that no first count follows them.
use super::facts::{GameFacts, ResultFacts};
use super::recount::month_cond;
use super::tally::{Tally, Vals};
use super::tally::{ALL, GAMES, SEQ, SHAPE};
use crate::{Progress, Store, StoreError};
use rusqlite::TransactionBehavior;
use rusqlite::{params, params_from_iter, Connection, OptionalExtension, ToSql, Transaction};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// At most this many changed games are counted inside one write transaction before a query
/// (10–12 ms for one game in 100,000); more are counted from a snapshot (`counting`).
const FEW_CHANGED: i64 = 64;

/// Where the tallies stand before a query.
enum TallyState {
    Current,
    /// Another client is writing a count: wait for it.
    CountedElsewhere,
    FewChanged,
    ManyChanged,
}

/// The statistics key of each game id that is not its own key (a live assistant counted with
/// its scorepad), set by the service from the game registry.
pub type StatsGroups = BTreeMap<String, String>;

/// The statistics key of the game `id`.
pub fn key_of<'a>(groups: &'a StatsGroups, id: &'a str) -> &'a str {
    groups.get(id).map_or(id, String::as_str)
}

/// Read finished games with their results in the order they were played (day, then id), one
/// [`GameFacts`] at a time; `cond` narrows `games g` (with its parameters).
pub fn each_game(
    conn: &Connection,
    cond: &str,
    args: &[&dyn ToSql],
    each: impl FnMut(GameFacts) -> Result<(), StoreError>,
) -> Result<(), StoreError> {
    each_game_in(conn, Tables::Now, cond, args, each)
}

/// The games as they are, or as they were before their changes since the last count.
#[derive(Clone, Copy)]
pub enum Tables {
    Now,
    Before,
}

pub fn each_game_in(
    conn: &Connection,
    tables: Tables,
    cond: &str,
    args: &[&dyn ToSql],
    mut each: impl FnMut(GameFacts) -> Result<(), StoreError>,
) -> Result<(), StoreError> {
    let from = match tables {
        Tables::Now => "games g LEFT JOIN results r ON r.game_id = g.id",
        Tables::Before => "tally_old_games g LEFT JOIN tally_old_results r ON r.game_id = g.id",
    };
    let sql = format!(
        "SELECT g.id, g.game, g.players, g.played_on, r.person_id, r.seat, r.score, r.rank,
                r.winner, r.title, r.role, r.breakdown
         FROM {from}
         WHERE g.status = 'finished' AND +g.players > 0 AND ({cond})
         ORDER BY g.played_on, g.id, r.seat"
    );
    let mut stmt = conn.prepare_cached(&sql)?;
    let mut rows = stmt.query(params_from_iter(args.iter()))?;
    let mut current: Option<GameFacts> = None;
    while let Some(row) = rows.next()? {
        let id: i64 = row.get(0)?;
        if current.as_ref().is_none_or(|g| g.id != id) {
            if let Some(done) = current.take() {
                each(done)?;
            }
            current = Some(GameFacts {
                id,
                game: row.get(1)?,
                n: row.get(2)?,
                played_on: row.get(3)?,
                results: Vec::new(),
            });
        }
        let Some(person) = row.get::<_, Option<i64>>(4)? else {
            continue;
        };
        let breakdown: String = row.get(11)?;
        if let Some(g) = current.as_mut() {
            g.results.push(ResultFacts {
                person,
                seat: row.get(5)?,
                score: row.get(6)?,
                rank: row.get(7)?,
                winner: row.get(8)?,
                title: row.get(9)?,
                role: row.get(10)?,
                breakdown,
            });
        }
    }
    if let Some(done) = current {
        each(done)?;
    }
    Ok(())
}

/// Add (or take back) cells in the table, dropping those that come back to nothing. `fresh`:
/// the table holds none of them yet (a count from nothing), so they are simply inserted.
pub(super) fn write_cells(tx: &Transaction, tally: &Tally, fresh: bool) -> Result<(), StoreError> {
    let name = |id: u32| tally.names.name(id);
    if fresh {
        let mut insert = tx.prepare_cached(
            "INSERT INTO tally (game, n, month, kind, person, item, sub, a, b, c, d, e, f, g, x)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)",
        )?;
        // In the table's key order: appended to the end of its tree, not scattered through it.
        let mut cells: Vec<_> = tally.cells.iter().filter(|(_, v)| v.a != 0).collect();
        cells.sort_by_key(|(k, _)| {
            (
                name(k.game),
                k.n,
                k.kind,
                name(k.month),
                k.person,
                name(k.item),
                k.sub,
            )
        });
        for (k, v) in cells {
            insert.execute(params![
                name(k.game),
                k.n,
                name(k.month),
                k.kind,
                k.person,
                name(k.item),
                k.sub,
                v.a,
                v.b,
                v.c,
                v.d,
                v.e,
                v.f,
                v.g,
                v.x
            ])?;
        }
        write_tops(tx, tally, true)?;
        return write_runs(tx, tally);
    }
    let mut upsert = tx.prepare_cached(
        "INSERT INTO tally (game, n, month, kind, person, item, sub, a, b, c, d, e, f, g, x)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)
         ON CONFLICT (game, n, kind, month, person, item, sub) DO UPDATE SET
             a = a + excluded.a, b = b + excluded.b, c = c + excluded.c, d = d + excluded.d,
             e = e + excluded.e, f = f + excluded.f, g = g + excluded.g, x = x + excluded.x
         RETURNING a",
    )?;
    let mut drop = tx.prepare_cached(
        "DELETE FROM tally WHERE game = ?1 AND n = ?2 AND kind = ?3 AND month = ?4
                             AND person = ?5 AND item = ?6 AND sub = ?7",
    )?;
    for (k, v) in &tally.cells {
        if *v == Vals::default() {
            continue;
        }
        let a: i64 = upsert.query_row(
            params![
                name(k.game),
                k.n,
                name(k.month),
                k.kind,
                k.person,
                name(k.item),
                k.sub,
                v.a,
                v.b,
                v.c,
                v.d,
                v.e,
                v.f,
                v.g,
                v.x
            ],
            |r| r.get(0),
        )?;
        // Every additive kind counts its results (or games) in `a`: none left, no cell.
        if a == 0 {
            drop.execute(params![
                name(k.game),
                k.n,
                k.kind,
                name(k.month),
                k.person,
                name(k.item),
                k.sub
            ])?;
        }
    }
    write_tops(tx, tally, false)?;
    write_runs(tx, tally)
}

/// Put the records in; in place of the table's only where they come first (`fresh`: the table
/// has none of them).
pub(super) fn write_tops(tx: &Transaction, tally: &Tally, fresh: bool) -> Result<(), StoreError> {
    let name = |id: u32| tally.names.name(id);
    let insert =
        "INSERT INTO tally (game, n, month, kind, person, item, sub, a, b, c, d, e, f, g, x)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, 0, 0, 0)";
    let sql = if fresh {
        insert.to_string()
    } else {
        // The order of `Top::beats`: a higher score, then the earlier day, game and seat.
        format!(
            "{insert} ON CONFLICT (game, n, kind, month, person, item, sub) DO UPDATE SET
                 a = excluded.a, b = excluded.b, c = excluded.c, d = excluded.d, e = excluded.e
             WHERE (-excluded.a, excluded.e, excluded.b, excluded.c) < (-a, e, b, c)"
        )
    };
    let mut put = tx.prepare_cached(&sql)?;
    for (k, top) in &tally.tops {
        let v = top.vals();
        put.execute(params![
            name(k.game),
            k.n,
            name(k.month),
            k.kind,
            k.person,
            name(k.item),
            k.sub,
            v.a,
            v.b,
            v.c,
            v.d,
            v.e
        ])?;
    }
    Ok(())
}

/// Put the runs in, in place of what the table had for the same cells.
fn write_runs(tx: &Transaction, tally: &Tally) -> Result<(), StoreError> {
    let name = |id: u32| tally.names.name(id);
    let mut put = tx.prepare_cached(
        "INSERT OR REPLACE INTO tally (game, n, month, kind, person, item, sub, a, b, c, d, e, f, g, x)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)",
    )?;
    for (k, run) in &tally.runs {
        let v = run.vals();
        put.execute(params![
            name(k.game),
            k.n,
            name(k.month),
            k.kind,
            k.person,
            name(k.item),
            k.sub,
            v.a,
            v.b,
            v.c,
            v.d,
            v.e,
            v.f,
            v.g,
            // The results without a score (`Run::unscored`).
            v.x
        ])?;
    }
    Ok(())
}

impl Store {
    /// Tell the statistics which games count as one (see [`StatsGroups`]); a change is counted
    /// again from the tables at the next query.
    pub fn set_stats_groups(&mut self, groups: StatsGroups) {
        self.stats_groups = groups;
    }

    /// What the tallies were counted by: the cells' shape and the games counted as one. A
    /// difference means counting every game again.
    pub(super) fn tally_fingerprint(&self) -> String {
        let groups = serde_json::to_string(&self.stats_groups).unwrap_or_default();
        format!("shape {SHAPE}; {groups}")
    }

    /// Bring the tallies up to date (nothing to do, the usual case, costs two lookups): a few
    /// changed games inside one short IMMEDIATE transaction, many (a new or upgraded file,
    /// another program's import) from a snapshot without holding the write lock
    /// (`counting`); while another client rewrites them, wait for it. `progress` is told
    /// (done, of) as a long count goes on, (0, 0) while waiting for another client's.
    pub(super) fn refresh_tally(&self, progress: Progress) -> Result<(), StoreError> {
        if self.no_room {
            // Nothing can be written on a full disk: each answer counts inside its own
            // transaction (`read_tallies_on_full_disk`).
            return Ok(());
        }
        loop {
            match self.tally_state()? {
                TallyState::Current => return Ok(()),
                TallyState::CountedElsewhere => {
                    progress(0, 0);
                    std::thread::sleep(super::counting::WAIT_STEP);
                }
                TallyState::FewChanged => {
                    let tx =
                        Transaction::new_unchecked(&self.conn, TransactionBehavior::Immediate)?;
                    // Read again under the lock: another client may have begun a count.
                    if super::counting::counted_elsewhere(&tx)? {
                        continue;
                    }
                    self.bring_up_to_date(&tx)?;
                    tx.commit()?;
                    return Ok(());
                }
                // A private in-memory store (unit tests) has no second connection to read a
                // snapshot with, and no other client to keep waiting.
                TallyState::ManyChanged if self.path() == Path::new(":memory:") => {
                    let tx =
                        Transaction::new_unchecked(&self.conn, TransactionBehavior::Immediate)?;
                    self.bring_up_to_date(&tx)?;
                    tx.commit()?;
                    return Ok(());
                }
                TallyState::ManyChanged => {
                    if self.count_from_snapshot(progress)? {
                        return Ok(());
                    }
                }
            }
        }
    }

    /// The tallies brought up to date, and a read transaction in which they are whole: no
    /// other client's count half-way through rewriting them (its marker up, or left by a count
    /// that died). Every figure of one answer is read inside it, from one snapshot. Games
    /// changed by others since the refresh are counted by the next answer's.
    pub(super) fn read_tallies(&self) -> Result<Transaction<'_>, StoreError> {
        if self.no_room {
            return self.read_tallies_on_full_disk();
        }
        loop {
            self.refresh_tally(&mut |_, _| {})?;
            let tx = Transaction::new_unchecked(&self.conn, TransactionBehavior::Deferred)?;
            // The first read takes the snapshot the answer is read from.
            let groups: Option<String> = tx
                .prepare_cached("SELECT value FROM tally_meta WHERE key = 'groups'")?
                .query_row([], |r| r.get(0))
                .optional()?;
            let whole = groups.as_deref() == Some(self.tally_fingerprint().as_str())
                && !super::counting::marked(&tx)?;
            if whole {
                return Ok(tx);
            }
        }
    }

    /// On a full disk (a store opened alone with its file, `open::open_on_full_disk`) nothing
    /// can be written, so the tallies are brought up to date inside a transaction that is never
    /// committed: the answer is read from it, and it is rolled back when dropped. A count too
    /// large for the page cache would spill to the file, and is refused as a full disk.
    fn read_tallies_on_full_disk(&self) -> Result<Transaction<'_>, StoreError> {
        let tx = Transaction::new_unchecked(&self.conn, TransactionBehavior::Immediate)?;
        if !matches!(self.tally_state()?, TallyState::Current) {
            self.bring_up_to_date(&tx)?;
        }
        Ok(tx)
    }

    /// Where the tallies stand, read without a lock.
    fn tally_state(&self) -> Result<TallyState, StoreError> {
        let fingerprint = self.tally_fingerprint();
        let look = "SELECT (SELECT count(*) FROM tally_dirty),
                           (SELECT value FROM tally_meta WHERE key = 'groups')";
        let (dirty, meta): (i64, Option<String>) = self
            .conn
            .prepare_cached(look)?
            .query_row([], |r| Ok((r.get(0)?, r.get(1)?)))?;
        if super::counting::counted_elsewhere(&self.conn)? {
            return Ok(TallyState::CountedElsewhere);
        }
        if dirty == 0 && meta.as_deref() == Some(fingerprint.as_str()) {
            return Ok(TallyState::Current);
        }
        if meta.as_deref() == Some(fingerprint.as_str()) && dirty <= FEW_CHANGED {
            return Ok(TallyState::FewChanged);
        }
        Ok(TallyState::ManyChanged)
    }

    /// Count what changed inside `tx`, which holds the write lock (a few games, or everything
    /// in a private in-memory store): the changed games alone, or everything again when most
    /// games changed. While another client writes a count, nothing: its last step counts
    /// these changes.
    fn bring_up_to_date(&self, tx: &Transaction) -> Result<(), StoreError> {
        if super::counting::counted_elsewhere(tx)? {
            return Ok(());
        }
        let fingerprint = self.tally_fingerprint();
        let meta: Option<String> = tx
            .query_row(
                "SELECT value FROM tally_meta WHERE key = 'groups'",
                [],
                |r| r.get(0),
            )
            .optional()?;
        let dirty: Vec<i64> = tx
            .prepare("SELECT game_id FROM tally_dirty")?
            .query_map([], |r| r.get(0))?
            .collect::<Result<_, _>>()?;
        let counted: i64 = tx
            .query_row(
                "SELECT a FROM tally WHERE game = '*' AND n = 0 AND kind = ?1 AND month = '*'
                   AND person = 0 AND item = '' AND sub = 0",
                [GAMES],
                |r| r.get(0),
            )
            .optional()?
            .unwrap_or(0);
        if meta.as_deref() != Some(fingerprint.as_str()) || dirty.len() as i64 * 2 > counted.max(64)
        {
            self.recount(tx)?;
        } else {
            self.count_changes(tx, &dirty)?;
        }
        self.mark_counted(tx)
    }

    /// The tallies hold every change: forget the changes and note what they were counted by.
    pub(super) fn mark_counted(&self, tx: &Transaction) -> Result<(), StoreError> {
        tx.execute_batch(
            "DELETE FROM tally_dirty; DELETE FROM tally_old_games; DELETE FROM tally_old_results;",
        )?;
        tx.execute(
            "INSERT OR REPLACE INTO tally_meta (key, value) VALUES ('groups', ?1)",
            [self.tally_fingerprint()],
        )?;
        Ok(())
    }

    /// Count every finished game again, from nothing.
    pub(super) fn recount(&self, tx: &Transaction) -> Result<(), StoreError> {
        tx.execute_batch("DELETE FROM tally;")?;
        let mut tally = Tally::base();
        each_game(tx, "1", &[], |game| {
            let key = key_of(&self.stats_groups, &game.game).to_string();
            tally.add(&game, &key, 1);
            tally.push_runs(&game, &key, None);
            Ok(())
        })?;
        write_cells(tx, &tally.spread(), true)
    }

    /// Take back what the changed games added, add what they add now, and count again the runs
    /// of their players in the months they were (and are) played.
    pub(super) fn count_changes(&self, tx: &Transaction, dirty: &[i64]) -> Result<(), StoreError> {
        let mut delta = Tally::new(true);
        // (person, month) whose runs change, and the (game, n) levels their old cells may sit at.
        let mut touched: BTreeSet<(i64, String)> = BTreeSet::new();
        let mut levels: BTreeSet<(String, i64)> = BTreeSet::new();
        let mut note = |game: &GameFacts, key: &str| {
            for r in &game.results {
                touched.insert((r.person, game.period()));
            }
            for g in [key, ALL] {
                for n in [game.n, 0] {
                    levels.insert((g.to_string(), n));
                }
            }
        };
        for &id in dirty {
            each_game_in(tx, Tables::Before, "g.id = ?1", &[&id], |old| {
                let key = key_of(&self.stats_groups, &old.game).to_string();
                delta.add(&old, &key, -1);
                note(&old, &key);
                Ok(())
            })?;
            each_game(tx, "g.id = ?1", &[&id], |game| {
                let key = key_of(&self.stats_groups, &game.game).to_string();
                delta.add(&game, &key, 1);
                note(&game, &key);
                Ok(())
            })?;
        }
        self.recount_records(tx, dirty, &levels)?;
        write_cells(tx, &delta, false)?;
        let mut forget = tx.prepare_cached(
            "DELETE FROM tally WHERE game = ?1 AND n = ?2 AND kind = ?3 AND month = ?4
                                 AND person = ?5",
        )?;
        for (person, month) in &touched {
            for (g, n) in &levels {
                forget.execute(params![g, n, SEQ, month, person])?;
            }
            let mut runs = Tally::new(false);
            let (cond, lower, upper) = month_cond(month);
            each_game(
                tx,
                &format!(
                    "{cond} AND EXISTS (SELECT 1 FROM results p
                                        WHERE p.game_id = g.id AND p.person_id = ?1)"
                ),
                &[person as &dyn ToSql, &lower, &upper],
                |game| {
                    let key = key_of(&self.stats_groups, &game.game).to_string();
                    runs.push_runs(&game, &key, Some(*person));
                    Ok(())
                },
            )?;
            write_runs(tx, &runs)?;
        }
        Ok(())
    }
}
