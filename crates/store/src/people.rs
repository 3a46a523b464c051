//! The `people` table: the players saved on this device.

use super::schema::new_uuid;
use super::{now, Store, StoreError};
use engine::table::excerpt;
use rusqlite::{params, Connection, OptionalExtension};
use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, specta::Type)]
pub struct Person {
    /// A SQLite row id: an integer far below 2^53, so a plain TypeScript number.
    #[specta(type = f64)]
    pub id: i64,
    pub name: String,
    pub colour: String,
}

fn invalid(field: &str, message: String) -> StoreError {
    StoreError::Invalid {
        field: field.into(),
        message,
    }
}

/// A name as it will be saved (trimmed), or why it cannot be.
pub fn checked_name(name: &str) -> Result<&str, StoreError> {
    let name = name.trim();
    if name.is_empty() || name.chars().count() > 40 {
        return Err(invalid("name", "a name has 1 to 40 characters".into()));
    }
    if let Some(c) = invisible_in(name) {
        return Err(invalid(
            "name",
            format!(
                "'{}' holds an invisible character (U+{:04X}): a name is only what can be read",
                excerpt(name, 40),
                u32::from(c)
            ),
        ));
    }
    if name.starts_with('#') {
        return Err(invalid(
            "name",
            format!(
                "'{}' begins with #, which the command line reads as a person's number (#3)",
                excerpt(name, 40)
            ),
        ));
    }
    if name.chars().any(char::is_control) {
        return Err(invalid(
            "name",
            format!(
                "'{}' holds a control character (a line break, a tab …)",
                excerpt(name, 40)
            ),
        ));
    }
    Ok(name)
}

/// The first character of `name` that shows nothing or turns the text's direction (Unicode's
/// default-ignorable code points and the bidirectional controls), if any. The joiner and the
/// emoji variation selector are kept after a symbol, where they build an emoji (👩‍🍳, ❤️).
fn invisible_in(name: &str) -> Option<char> {
    let mut before: Option<char> = None;
    for c in name.chars() {
        let in_emoji = matches!(c, '\u{200D}' | '\u{FE0F}')
            && before.is_some_and(|b| !b.is_alphanumeric() && !b.is_ascii());
        let invisible = matches!(c,
            '\u{00AD}' | '\u{034F}' | '\u{061C}' | '\u{115F}' | '\u{1160}' | '\u{17B4}'
            | '\u{17B5}' | '\u{180B}'..='\u{180F}' | '\u{200B}'..='\u{200F}'
            | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{206F}' | '\u{3164}'
            | '\u{FE00}'..='\u{FE0F}' | '\u{FEFF}' | '\u{FFA0}' | '\u{FFF0}'..='\u{FFF8}'
            | '\u{1BCA0}'..='\u{1BCA3}' | '\u{1D173}'..='\u{1D17A}' | '\u{E0000}'..='\u{E0FFF}');
        if invisible && !in_emoji {
            return Some(c);
        }
        before = Some(c);
    }
    None
}

/// A name as it looks: its confusable skeleton (Unicode UTS #39) of its lower case, so that
/// `Аna` with a Cyrillic А looks like `Ana`.
fn looks(name: &str) -> String {
    unicode_security::skeleton(&name.to_lowercase()).collect()
}

/// A saved person (other than `except`) whose name looks like `name` but is not it.
fn lookalike(
    conn: &Connection,
    name: &str,
    except: Option<i64>,
) -> Result<Option<Person>, StoreError> {
    let wanted = looks(name);
    let mut stmt = conn.prepare_cached("SELECT id, name, colour FROM people")?;
    let people = stmt.query_map([], row)?;
    for person in people {
        let person = person?;
        if Some(person.id) != except
            && !person.name.eq_ignore_ascii_case(name)
            && looks(&person.name) == wanted
        {
            return Ok(Some(person));
        }
    }
    Ok(None)
}

/// Refuse `name` when it looks like a saved person's (other than `except`).
fn refuse_lookalike(conn: &Connection, name: &str, except: Option<i64>) -> Result<(), StoreError> {
    match lookalike(conn, name, except)? {
        Some(p) => Err(invalid(
            "name",
            format!(
                "'{}' looks the same as {}, who is saved: use that name, or one that reads differently",
                excerpt(name, 40),
                p.name
            ),
        )),
        None => Ok(()),
    }
}

pub fn check_colour(colour: &str) -> Result<(), StoreError> {
    let ok = colour.len() == 7
        && colour.starts_with('#')
        && colour[1..].chars().all(|c| c.is_ascii_hexdigit());
    if !ok {
        return Err(invalid(
            "colour",
            format!("'{}' is not a colour like #1f77b4", excerpt(colour, 20)),
        ));
    }
    Ok(())
}

fn row(r: &rusqlite::Row) -> rusqlite::Result<Person> {
    Ok(Person {
        id: r.get(0)?,
        name: r.get(1)?,
        colour: r.get(2)?,
    })
}

/// The saved person of that name (names are unique ignoring case).
pub(super) fn by_name(conn: &Connection, name: &str) -> Result<Option<Person>, StoreError> {
    Ok(conn
        .query_row(
            "SELECT id, name, colour FROM people WHERE name = ?1",
            [name.trim()],
            row,
        )
        .optional()?)
}

/// The saved person with that id.
pub(super) fn by_id(conn: &Connection, id: i64) -> Result<Person, StoreError> {
    conn.prepare_cached("SELECT id, name, colour FROM people WHERE id = ?1")?
        .query_row([id], row)
        .optional()?
        .ok_or(StoreError::NotFound {
            what: format!("person #{id}"),
        })
}

/// Insert a person after checking the name, the colour and that the name is free.
pub(super) fn insert(conn: &Connection, name: &str, colour: &str) -> Result<Person, StoreError> {
    let name = checked_name(name)?;
    check_colour(colour)?;
    if by_name(conn, name)?.is_some() {
        return Err(invalid(
            "name",
            format!("{} is already saved", excerpt(name, 40)),
        ));
    }
    refuse_lookalike(conn, name, None)?;
    conn.execute(
        "INSERT INTO people (name, colour, created_at, uuid) VALUES (?1, ?2, ?3, ?4)",
        params![name, colour, now(), new_uuid()],
    )?;
    Ok(Person {
        id: conn.last_insert_rowid(),
        name: name.to_string(),
        colour: colour.to_string(),
    })
}

impl Store {
    pub fn add_person(&mut self, name: &str, colour: &str) -> Result<Person, StoreError> {
        insert(&self.conn, name, colour)
    }

    pub fn people(&self) -> Result<Vec<Person>, StoreError> {
        let mut stmt = self
            .conn
            .prepare("SELECT id, name, colour FROM people ORDER BY name COLLATE NOCASE")?;
        let rows = stmt.query_map([], row)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Each saved person with the number of games they sat at (results-only records included).
    pub fn people_games(&self) -> Result<Vec<(Person, i64)>, StoreError> {
        let mut stmt = self.conn.prepare(
            "SELECT p.id, p.name, p.colour, COUNT(DISTINCT s.game_id) FROM people p \
             LEFT JOIN seats s ON s.person_id = p.id \
             GROUP BY p.id ORDER BY p.name COLLATE NOCASE",
        )?;
        let rows = stmt.query_map([], |r| Ok((row(r)?, r.get(3)?)))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    pub fn person(&self, id: i64) -> Result<Person, StoreError> {
        by_id(&self.conn, id)
    }

    /// The saved person of that name, ignoring case.
    pub fn person_named(&self, name: &str) -> Result<Option<Person>, StoreError> {
        by_name(&self.conn, name)
    }
}

/// Raise the version of every game `person` sat at, inside a write: clients holding those
/// tables reload them (with the person's new name or colour) before their next request.
fn touch_games_of(conn: &Connection, person: i64) -> Result<(), StoreError> {
    conn.execute(
        "UPDATE games SET version = version + 1
         WHERE id IN (SELECT game_id FROM seats WHERE person_id = ?1)",
        [person],
    )?;
    Ok(())
}

impl Store {
    /// Rename a saved person (names stay unique ignoring case).
    pub fn rename_person(&mut self, id: i64, name: &str) -> Result<Person, StoreError> {
        let name = checked_name(name)?;
        let tx = self.conn.transaction()?;
        let person = by_id(&tx, id)?;
        if by_name(&tx, name)?.is_some_and(|p| p.id != id) {
            return Err(invalid(
                "name",
                format!("{} is already saved", excerpt(name, 40)),
            ));
        }
        refuse_lookalike(&tx, name, Some(id))?;
        tx.execute(
            "UPDATE people SET name = ?2 WHERE id = ?1",
            params![id, name],
        )?;
        touch_games_of(&tx, id)?;
        tx.commit()?;
        Ok(Person {
            name: name.to_string(),
            ..person
        })
    }

    /// Change a saved person's colour.
    pub fn set_person_colour(&mut self, id: i64, colour: &str) -> Result<Person, StoreError> {
        check_colour(colour)?;
        let tx = self.conn.transaction()?;
        let person = by_id(&tx, id)?;
        tx.execute(
            "UPDATE people SET colour = ?2 WHERE id = ?1",
            params![id, colour],
        )?;
        touch_games_of(&tx, id)?;
        tx.commit()?;
        Ok(Person {
            colour: colour.to_string(),
            ..person
        })
    }

    /// Merge person `gone` into `keep` (the same person saved twice, e.g. after an import
    /// matched by name): their seats and results move to `keep`, then `gone` is deleted. Refused
    /// when both sat at the same game.
    pub fn merge_people(&mut self, keep: i64, gone: i64) -> Result<Person, StoreError> {
        if keep == gone {
            return Err(invalid(
                "merge",
                "a person cannot be merged into themself".into(),
            ));
        }
        let tx = self.conn.transaction()?;
        let kept = by_id(&tx, keep)?;
        let other = by_id(&tx, gone)?;
        let shared: Option<i64> = tx
            .query_row(
                "SELECT a.game_id FROM seats a JOIN seats b ON b.game_id = a.game_id
                 WHERE a.person_id = ?1 AND b.person_id = ?2 ORDER BY a.game_id LIMIT 1",
                params![keep, gone],
                |r| r.get(0),
            )
            .optional()?;
        if let Some(game) = shared {
            return Err(invalid(
                "merge",
                format!(
                    "{} and {} both sat at game #{game}: they are two people",
                    kept.name, other.name
                ),
            ));
        }
        touch_games_of(&tx, gone)?;
        tx.execute(
            "UPDATE seats SET person_id = ?1 WHERE person_id = ?2",
            params![keep, gone],
        )?;
        tx.execute(
            "UPDATE results SET person_id = ?1 WHERE person_id = ?2",
            params![keep, gone],
        )?;
        tx.execute("DELETE FROM people WHERE id = ?1", [gone])?;
        tx.commit()?;
        Ok(kept)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn people_are_listed_by_name_and_names_are_unique_ignoring_case() {
        let mut store = Store::in_memory().unwrap();
        store.add_person("bo", "#000000").unwrap();
        store.add_person("Ana", "#ffffff").unwrap();
        let names: Vec<String> = store
            .people()
            .unwrap()
            .into_iter()
            .map(|p| p.name)
            .collect();
        assert_eq!(names, vec!["Ana", "bo"]);
        assert!(matches!(
            store.add_person("BO", "#000000"),
            Err(StoreError::Invalid { .. })
        ));
        assert!(matches!(store.person(99), Err(StoreError::NotFound { .. })));
    }

    #[test]
    fn a_name_with_a_control_character_is_refused_and_shown_escaped() {
        let mut store = Store::in_memory().unwrap();
        let e = store.add_person("Ana\u{1b}[2J", "#000000").unwrap_err();
        let shown = e.to_string();
        assert!(shown.contains("Ana\\u{1b}[2J"), "{shown}");
        assert!(!shown.contains('\u{1b}'), "{shown}");
    }
}

#[cfg(test)]
mod full_disk_tests {
    use crate::{Store, StoreError, DISK_FULL};

    /// A write that finds no room (the file's pages capped where it stands, as a full disk
    /// would) says so plainly, writes nothing, and reads go on.
    #[test]
    fn a_full_disk_is_said_plainly_and_reads_go_on() {
        let mut store = Store::in_memory().unwrap();
        store.add_person("Ana", "#000000").unwrap();
        let pages: i64 = store
            .conn
            .query_row("PRAGMA page_count", [], |r| r.get(0))
            .unwrap();
        store
            .conn
            .pragma_update(None, "max_page_count", pages)
            .unwrap();
        let long = "x".repeat(30);
        let refused = (0..500)
            .map(|i| store.add_person(&format!("{long}{i:03}"), "#111111"))
            .find_map(Result::err);
        match refused {
            Some(StoreError::Sql { message }) => assert_eq!(message, DISK_FULL),
            other => panic!("expected the full disk, got {other:?}"),
        }
        assert!(store.people().unwrap().iter().any(|p| p.name == "Ana"));
    }
}
