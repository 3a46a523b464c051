//! People, not seats, in the core's words: games write [`who`] wherever a sentence names a
//! player, and the session and the table put that seat's name in its place on the way out (log
//! lines, refusals, views, legal-action labels, scoresheets); [`legacy`] does the same for log
//! lines stored before games wrote names ("seat 2", "player 2").
//!
//! Games know seats by number only (their states and rules never need a name), so the mark keeps
//! the `Game` trait as it was: one substitution here serves every game.

use super::game::{Scoresheet, Seat};
use super::table::excerpt;
use serde_json::Value;

/// Around a seat number in a game's text. A control character: never part of a game's own
/// words, and names are inserted in one pass, so a name holding it is never read as a mark.
const MARK: char = '\u{1}';

/// A player in a game's sentence, by seat (0-based): the table writes that seat's name here.
pub fn who(seat: impl Into<usize>) -> String {
    format!("{MARK}{}{MARK}", seat.into())
}

/// What a seat is called: its name, plain text as the person entered it (a control character,
/// which the store refuses in new names, shown escaped as `\u{1}`), or "player N" for a seat the
/// table does not have (a game checked alone, without people).
fn name_of(seat: usize, seats: &[Seat]) -> String {
    match seats.get(seat) {
        Some(s) if !s.name.trim().is_empty() => guarded(&excerpt(&s.name, usize::MAX)),
        _ => format!("player {}", seat + 1),
    }
}

/// A name that itself reads "Player 2" or "seat 3" keeps a no-break space there, so that
/// [`legacy`] never takes a stored line written with names for one written before them.
fn guarded(name: &str) -> String {
    let mut out = name.to_string();
    // From the end, so that each earlier position still holds.
    for (_, space, _) in legacy_refs(name).into_iter().rev() {
        out.replace_range(space..=space, "\u{a0}");
    }
    out
}

/// `text` with every mark replaced by the seat's name, in one pass.
pub fn named(text: &str, seats: &[Seat]) -> String {
    if !text.contains(MARK) {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find(MARK) {
        out.push_str(&rest[..start]);
        let after = &rest[start + MARK.len_utf8()..];
        let digits = after.len() - after.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        match (
            after[..digits].parse::<usize>(),
            after[digits..].strip_prefix(MARK),
        ) {
            (Ok(seat), Some(tail)) => {
                out.push_str(&name_of(seat, seats));
                rest = tail;
            }
            // Not a mark after all: keep the character as it was.
            _ => {
                out.push(MARK);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// A mark as it reads inside JSON text: serde_json writes the control character as `\u0001`.
const JSON_MARK: &str = "\\u0001";

/// Whether JSON text holds a mark for a name ([`named_json`] would change it).
pub fn has_json_marks(text: &str) -> bool {
    text.contains(JSON_MARK)
}

/// JSON text with the names in place: what [`named_value`] does to the value, done on its text,
/// so that a view reaches the clients serialized once (a tree of `Value`s costs twice as much as
/// the text it becomes). Each name is written JSON-escaped. Escapes are read whole, so an
/// escaped backslash followed by `u0001` is never taken for a mark.
pub fn named_json(text: String, seats: &[Seat]) -> String {
    if !has_json_marks(&text) {
        return text;
    }
    let mut out = String::with_capacity(text.len() + 64);
    let mut rest = text.as_str();
    while let Some(slash) = rest.find('\\') {
        out.push_str(&rest[..slash]);
        let escape = &rest[slash..];
        if let Some(after) = escape.strip_prefix(JSON_MARK) {
            let digits = after.len() - after.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            match (
                after[..digits].parse::<usize>(),
                after[digits..].strip_prefix(JSON_MARK),
            ) {
                (Ok(seat), Some(tail)) => {
                    // A JSON string's text, without its quotes.
                    let quoted = Value::from(name_of(seat, seats)).to_string();
                    out.push_str(&quoted[1..quoted.len() - 1]);
                    rest = tail;
                }
                // Not a mark after all: keep it as it was.
                _ => {
                    out.push_str(JSON_MARK);
                    rest = after;
                }
            }
            continue;
        }
        // Any other escape: the backslash and the character it escapes, together.
        let escaped = escape[1..].chars().next().map_or(0, char::len_utf8);
        out.push_str(&escape[..1 + escaped]);
        rest = &escape[1 + escaped..];
    }
    out.push_str(rest);
    out
}

/// Every string inside a JSON value (a view, a private view, an action label) with the names
/// in place.
pub fn named_value(value: &mut Value, seats: &[Seat]) {
    match value {
        Value::String(s) if s.contains(MARK) => *s = named(s, seats),
        Value::Array(items) => items.iter_mut().for_each(|v| named_value(v, seats)),
        Value::Object(fields) => fields.values_mut().for_each(|v| named_value(v, seats)),
        _ => {}
    }
}

/// A scoresheet's words (categories, titles) with the names in place; rows carry the seat's
/// name too.
pub fn named_sheet(mut sheet: Scoresheet, seats: &[Seat]) -> Scoresheet {
    for category in &mut sheet.categories {
        *category = named(category, seats);
    }
    for row in &mut sheet.rows {
        if let Some(seat) = seats.get(usize::from(row.seat)) {
            row.name = seat.name.clone();
        }
        if let Some(title) = &mut row.title {
            *title = named(title, seats);
        }
    }
    sheet
}

/// The seat references of a line stored before games wrote names: "seat N" or "player N" (any
/// case, whole words), as (start, the space after the word, seat 0-based).
fn legacy_refs(text: &str) -> Vec<(usize, usize, usize)> {
    let lower = text.to_ascii_lowercase();
    let bytes = lower.as_bytes();
    let mut found = Vec::new();
    for word in ["seat ", "player "] {
        let mut from = 0;
        while let Some(i) = lower[from..].find(word) {
            let start = from + i;
            from = start + word.len();
            let digits = lower[from..].len()
                - lower[from..]
                    .trim_start_matches(|c: char| c.is_ascii_digit())
                    .len();
            let before_ok = start == 0 || !bytes[start - 1].is_ascii_alphanumeric();
            let after_ok = bytes
                .get(from + digits)
                .is_none_or(|b| !b.is_ascii_alphanumeric());
            if digits == 0 || !before_ok || !after_ok {
                continue;
            }
            if let Ok(n @ 1..) = lower[from..from + digits].parse::<usize>() {
                found.push((start, from - 1, n - 1));
            }
        }
    }
    found.sort_unstable();
    found
}

/// True when `text` speaks of seats rather than people: "seat 2", "player 2", or a mark that was
/// never replaced. The conformance suite checks every word a game gives the table with it.
pub fn speaks_of_seats(text: &str) -> bool {
    text.contains(MARK) || !legacy_refs(text).is_empty()
}

/// A log line as stored: lines written before games named players said "seat 2" (The Estates)
/// or "player 2" (the other games); they read with the seat's name, as lines written since do.
/// A number beyond the table's seats stays as it was.
pub fn legacy(text: &str, seats: &[Seat]) -> String {
    let refs = legacy_refs(text);
    if refs.is_empty() {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for (start, word_end, seat) in refs {
        if seat >= seats.len() || start < at {
            continue;
        }
        let digits_end = word_end + 1 + text[word_end + 1..].len()
            - text[word_end + 1..]
                .trim_start_matches(|c: char| c.is_ascii_digit())
                .len();
        out.push_str(&text[at..start]);
        out.push_str(&name_of(seat, seats));
        at = digits_end;
    }
    out.push_str(&text[at..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seats(names: &[&str]) -> Vec<Seat> {
        names
            .iter()
            .enumerate()
            .map(|(i, n)| Seat {
                person_id: i as i64 + 1,
                name: (*n).to_string(),
                colour: "red".into(),
            })
            .collect()
    }

    #[test]
    fn marks_become_names_in_one_pass() {
        let table = seats(&["Ana", "Bo \u{1}0\u{1}"]);
        let line = format!("{} pays {} 2 coins", who(1usize), who(0usize));
        assert_eq!(named(&line, &table), "Bo \\u{1}0\\u{1} pays Ana 2 coins");
        // A seat the table lacks, and a stray mark, read plainly.
        assert_eq!(named(&who(5usize), &table), "player 6");
        assert_eq!(named("a\u{1}b", &table), "a\u{1}b");
    }

    #[test]
    fn a_view_names_players_everywhere() {
        let table = seats(&["Ana", "Bo"]);
        let mut view = serde_json::json!({"why": [who(1usize)], "n": 2, "x": {"y": who(0usize)}});
        named_value(&mut view, &table);
        assert_eq!(
            view,
            serde_json::json!({"why": ["Bo"], "n": 2, "x": {"y": "Ana"}})
        );
    }

    /// The text path names exactly as the value path does, whatever the strings and names hold:
    /// marks, stray marks, backslashes before "u0001", quotes, control characters, non-ASCII.
    #[test]
    fn json_text_is_named_as_the_value_is() {
        use rand::{Rng, SeedableRng};
        let pieces = [
            "\u{1}", "0", "1", "2", "9", "\\", "\\u0001", "u0001", "\"", "a", "é", "\n", "\u{7}",
        ];
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        let text = |rng: &mut rand::rngs::StdRng| -> String {
            (0..rng.random_range(0..12))
                .map(|_| pieces[rng.random_range(0..pieces.len())])
                .collect()
        };
        for round in 0..2000 {
            let table: Vec<Seat> = seats(&[&text(&mut rng), "Bo \"the\" \\ \u{1}0\u{1}", ""]);
            let mut strings: Vec<String> = (0..4).map(|_| text(&mut rng)).collect();
            strings.push(format!(
                "{} and {}",
                who(rng.random_range(0..4usize)),
                who(1usize)
            ));
            let value = serde_json::json!({"a": strings[0], "b": [strings[1], {"c": strings[2]}],
                "d": strings[3], "e": strings[4], "n": round});
            let mut by_value = value.clone();
            named_value(&mut by_value, &table);
            let by_text: Value = serde_json::from_str(&named_json(value.to_string(), &table))
                .expect("named text is JSON");
            assert_eq!(by_text, by_value, "round {round}: {value}");
        }
    }

    #[test]
    fn stored_lines_read_with_names() {
        let table = seats(&["Ana", "Bo", "Cy"]);
        assert_eq!(
            legacy("Turn 2: seat 2 bids 3; seat 3 passes", &table),
            "Turn 2: Bo bids 3; Cy passes"
        );
        assert_eq!(
            legacy("Player 1 gives player 2's Scout 1", &table),
            "Ana gives Bo's Scout 1"
        );
        // Not a seat of this table, not a whole word, or no number: as stored.
        assert_eq!(legacy("seat 9 passes", &table), "seat 9 passes");
        assert_eq!(
            legacy("a 2-player seat 22x; players 2", &table),
            "a 2-player seat 22x; players 2"
        );
        assert_eq!(legacy("seat 0", &table), "seat 0");
    }

    #[test]
    fn a_name_that_reads_like_a_seat_stays_a_name() {
        let table = seats(&["Player 2", "Bo"]);
        let line = named(&format!("{} passes", who(0usize)), &table);
        assert_eq!(legacy(&line, &table), line);
        assert_eq!(line, "Player\u{a0}2 passes");
    }
}
