//! The `catalogue` table: card facts a table described once, kept for later games.

use super::{now, Store, StoreError};
use rusqlite::{params, Transaction};

impl Store {
    pub fn catalogue(&self, game: &str) -> Result<Vec<(String, serde_json::Value)>, StoreError> {
        let mut stmt = self
            .conn
            .prepare("SELECT key, value FROM catalogue WHERE game = ?1 ORDER BY key")?;
        let rows = stmt.query_map([game], |r| {
            Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?))
        })?;
        let mut out = Vec::new();
        for row in rows {
            let (key, text) = row?;
            // An entry that no longer parses is skipped rather than blocking new games.
            if let Ok(value) = serde_json::from_str(&text) {
                out.push((key, value));
            }
        }
        Ok(out)
    }

    pub fn remember(
        &mut self,
        game: &str,
        entries: &[(String, serde_json::Value)],
    ) -> Result<(), StoreError> {
        if entries.is_empty() {
            return Ok(());
        }
        let tx = self.conn.transaction()?;
        remember_in(&tx, game, entries)?;
        tx.commit()?;
        Ok(())
    }
}

pub(super) fn remember_in(
    tx: &Transaction,
    game: &str,
    entries: &[(String, serde_json::Value)],
) -> Result<(), StoreError> {
    for (key, value) in entries {
        tx.prepare_cached(
            "INSERT INTO catalogue (game, key, value, updated_at) VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT (game, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
        )?
        .execute(params![game, key, value.to_string(), now()])?;
    }
    Ok(())
}
