//! The links phones join a hosted game with (`invites`, migration 14): a random token of
//! [`TOKEN_BYTES`] bytes per link, shown once as `/join/<token>` and stored only as its SHA-256,
//! so a copy of the database lets no one in. A token is looked up by its hash and the stored hash
//! compared in constant time. Links are per game and per seat (or the board) and revocable.

use super::{now, Store, StoreError};
use rand::RngCore;
use rusqlite::{params, OptionalExtension};
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

/// Random bytes in a token: 192 bits, written as 48 hexadecimal digits.
pub const TOKEN_BYTES: usize = 24;

/// The seat number stored for the board's links (the public view only).
const BOARD: i64 = -1;

/// Whom a link lets in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Invited {
    pub game_id: i64,
    /// The seat (0-based), or `None` for the board.
    pub seat: Option<u8>,
}

fn new_token() -> String {
    let mut bytes = [0u8; TOKEN_BYTES];
    rand::rng().fill_bytes(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn hash_of(token: &str) -> [u8; 32] {
    Sha256::digest(token.as_bytes()).into()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn stored_seat(seat: Option<u8>) -> i64 {
    seat.map_or(BOARD, i64::from)
}

/// Insert a new link for each of `seats` of game `game_id` in `tx`; the game must exist.
fn insert(
    tx: &rusqlite::Transaction,
    game_id: i64,
    seats: &[Option<u8>],
) -> Result<Vec<String>, StoreError> {
    let found: Option<i64> = tx
        .query_row("SELECT id FROM games WHERE id = ?1", [game_id], |r| {
            r.get(0)
        })
        .optional()?;
    if found.is_none() {
        return Err(StoreError::NotFound {
            what: format!("game #{game_id}"),
        });
    }
    let at = now();
    let mut tokens = Vec::with_capacity(seats.len());
    for seat in seats {
        let token = new_token();
        tx.execute(
            "INSERT INTO invites (hash, game_id, seat, created_at) VALUES (?1, ?2, ?3, ?4)",
            params![hex(&hash_of(&token)), game_id, stored_seat(*seat), at],
        )?;
        tokens.push(token);
    }
    Ok(tokens)
}

impl Store {
    /// A new link for each of `seats` of game `game_id` (`None`: the board), added to the links
    /// they already have; returns the tokens in the same order. The game must exist.
    pub fn add_invites(
        &mut self,
        game_id: i64,
        seats: &[Option<u8>],
    ) -> Result<Vec<String>, StoreError> {
        let tx = self.conn.transaction()?;
        let tokens = insert(&tx, game_id, seats)?;
        tx.commit()?;
        Ok(tokens)
    }

    /// Revoke every link of one seat (or the board) of game `game_id` and give it a new one, in
    /// one transaction: an old link stops working as soon as this returns.
    pub fn renew_invite(&mut self, game_id: i64, seat: Option<u8>) -> Result<String, StoreError> {
        let tx = self.conn.transaction()?;
        tx.execute(
            "DELETE FROM invites WHERE game_id = ?1 AND seat = ?2",
            params![game_id, stored_seat(seat)],
        )?;
        let mut tokens = insert(&tx, game_id, &[seat])?;
        tx.commit()?;
        tokens.pop().ok_or_else(|| StoreError::Sql {
            message: "no link was made".into(),
        })
    }

    /// What game `game_id`'s links are now, in a word: it changes whenever one is added or
    /// revoked (the stored hashes, joined), so a host can tell its open connections to look
    /// at their links again.
    pub fn invites_digest(&self, game_id: i64) -> Result<String, StoreError> {
        Ok(self
            .conn
            .prepare_cached(
                "SELECT coalesce(group_concat(hash, ','), '') FROM
                   (SELECT hash FROM invites WHERE game_id = ?1 ORDER BY hash)",
            )?
            .query_row([game_id], |r| r.get(0))?)
    }

    /// Whom `token` lets in, or `None` for an unknown or revoked one (and for text that is not a
    /// token at all).
    pub fn invited(&self, token: &str) -> Result<Option<Invited>, StoreError> {
        if token.len() != TOKEN_BYTES * 2 || !token.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Ok(None);
        }
        let hash = hash_of(&token.to_ascii_lowercase());
        let row: Option<(String, i64, i64)> = self
            .conn
            .prepare_cached("SELECT hash, game_id, seat FROM invites WHERE hash = ?1")?
            .query_row([hex(&hash)], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
            .optional()?;
        Ok(row.and_then(|(stored, game_id, seat)| {
            let same: bool = stored.as_bytes().ct_eq(hex(&hash).as_bytes()).into();
            same.then(|| Invited {
                game_id,
                seat: u8::try_from(seat).ok(),
            })
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{NewGame, SeatPerson};

    fn game(store: &mut Store) -> i64 {
        let ana = store.add_person("Ana", "#000000").unwrap();
        let bo = store.add_person("Bo", "#ffffff").unwrap();
        store
            .create_game(NewGame {
                game: "the-estates",
                options: "{}",
                seed: 1,
                seats: &[SeatPerson::Saved(ana.id), SeatPerson::Saved(bo.id)],
                colours: &[],
            })
            .unwrap()
            .0
    }

    #[test]
    fn a_link_lets_in_its_seat_only_until_it_is_renewed() {
        let mut store = Store::in_memory().unwrap();
        let id = game(&mut store);
        let tokens = store.add_invites(id, &[None, Some(0), Some(1)]).unwrap();
        assert!(tokens.iter().all(|t| t.len() == 48));
        let seats: Vec<_> = tokens
            .iter()
            .map(|t| store.invited(t).unwrap().map(|i| (i.game_id, i.seat)))
            .collect();
        assert_eq!(
            seats,
            [Some((id, None)), Some((id, Some(0))), Some((id, Some(1)))]
        );
        // A second link for seat 0 works beside the first (two phones, one seat).
        let second = store.add_invites(id, &[Some(0)]).unwrap().remove(0);
        assert!(store.invited(&second).unwrap().is_some());
        assert!(store.invited(&tokens[1]).unwrap().is_some());
        let renewed = store.renew_invite(id, Some(0)).unwrap();
        assert_eq!(store.invited(&tokens[1]).unwrap(), None);
        assert_eq!(store.invited(&second).unwrap(), None);
        assert_eq!(
            store.invited(&renewed).unwrap().map(|i| i.seat),
            Some(Some(0))
        );
        assert!(
            store.invited(&tokens[2]).unwrap().is_some(),
            "other seats keep theirs"
        );
    }

    #[test]
    fn only_hashes_are_stored_and_junk_is_nobody() {
        let mut store = Store::in_memory().unwrap();
        let id = game(&mut store);
        let token = store.add_invites(id, &[Some(1)]).unwrap().remove(0);
        let stored: String = store
            .conn
            .query_row("SELECT hash FROM invites", [], |r| r.get(0))
            .unwrap();
        assert_ne!(stored, token);
        assert!(!stored.contains(&token[..16]));
        for junk in [
            "",
            "x",
            &stored,
            &token[1..],
            &format!("{token}0"),
            "' OR 1=1 --",
        ] {
            assert_eq!(store.invited(junk).unwrap(), None, "{junk}");
        }
    }

    #[test]
    fn deleting_the_game_deletes_its_links() {
        let mut store = Store::in_memory().unwrap();
        let id = game(&mut store);
        let token = store.add_invites(id, &[Some(0)]).unwrap().remove(0);
        store.delete_game(id).unwrap();
        assert_eq!(store.invited(&token).unwrap(), None);
        assert!(matches!(
            store.add_invites(id, &[Some(0)]),
            Err(StoreError::NotFound { .. })
        ));
    }
}
