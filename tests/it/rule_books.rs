//! Each game's rule book (the `rules` section of its data file) against its code and its tests:
//! the code refuses only with ids its book lists, the book lists no id the code never uses,
//! every listed id has a test under `tests/` that triggers it, and every rule reads plainly with
//! its citation. Refusals, log lines and labels write no plural as "(s)" and cite no rulebook
//! line: those belong under "Why?".

use estate_steward::engine::{GameKind, RuleBook, RuleText};
use estate_steward::games::{explain, registry};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// One game folder: the ids its code refuses with start with `prefix`, and its data file holds
/// the book that every game of the folder (a game and its scorepad) reads.
struct Family {
    folder: String,
    prefix: String,
    data: String,
    games: Vec<&'static str>,
}

/// The game folders, found rather than listed, so that a new game is covered once it is
/// registered: each data file with a `rules` section is one family; its games are the registered
/// games that read that book (`GameKind::rules`); its folder is the one whose code compiles the
/// file in (`include_str!`); its prefix is its ids' first word. Every registered game must read
/// one data file's book.
fn families() -> Vec<Family> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join("data"))
        .expect("data/")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for path in files {
        let Some(book) = rules_section(&path) else {
            continue;
        };
        let data = path
            .file_name()
            .expect("a file")
            .to_string_lossy()
            .into_owned();
        let games: Vec<&'static str> = registry()
            .iter()
            .filter(|k| k.rules() == &book)
            .map(|k| k.descriptor().id)
            .collect();
        assert!(
            !games.is_empty(),
            "{data}: no registered game reads its rule book"
        );
        let prefix = book
            .ids()
            .next()
            .and_then(|id| id.split_once('.'))
            .map(|(word, _)| format!("{word}."))
            .unwrap_or_else(|| panic!("{data}: an empty rule book"));
        out.push(Family {
            folder: folder_compiling_in(&data),
            prefix,
            data,
            games,
        });
    }
    for k in registry() {
        let id = k.descriptor().id;
        assert!(
            out.iter().any(|f| f.games.contains(&id)),
            "{id} reads the rule book of no data file"
        );
    }
    assert!(out.len() >= 5, "found {} rule books", out.len());
    out
}

/// A data file's `rules` section, if it has one, read strictly.
fn rules_section(path: &Path) -> Option<RuleBook> {
    let value: serde_json::Value = serde_json::from_str(&read(path))
        .unwrap_or_else(|e| panic!("{}: does not read: {e}", path.display()));
    let rules = value.get("rules")?.clone();
    Some(
        serde_json::from_value(rules)
            .unwrap_or_else(|e| panic!("{}: the rules section does not read: {e}", path.display())),
    )
}

/// The game folder under `crates/games/src/` whose code compiles in `data/<data>`.
fn folder_compiling_in(data: &str) -> String {
    let needle = format!("data/{data}\")");
    for entry in std::fs::read_dir(root().join("crates/games/src"))
        .expect("games")
        .flatten()
    {
        if !entry.path().is_dir() {
            continue;
        }
        let mut files = Vec::new();
        rust_files(&entry.path(), &mut files);
        if files.iter().any(|f| read(f).contains(&needle)) {
            return entry.file_name().to_string_lossy().into_owned();
        }
    }
    panic!("no game folder compiles in data/{data}")
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The code of a source file without its unit tests (by convention the `#[cfg(test)]` module
/// closes each file).
fn without_unit_tests(text: &str) -> &str {
    text.find("#[cfg(test)]").map_or(text, |at| &text[..at])
}

/// The string literals of Rust source (plain and raw), comments and char literals skipped; each
/// with its line number.
fn string_literals(text: &str) -> Vec<(usize, String)> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut line = 1;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        match c {
            '\n' => line += 1,
            '/' if next == Some('/') => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
                continue;
            }
            '/' if next == Some('*') => {
                while i + 1 < chars.len() && !(chars[i] == '*' && chars[i + 1] == '/') {
                    line += usize::from(chars[i] == '\n');
                    i += 1;
                }
                i += 2;
                continue;
            }
            '\'' => {
                // A char literal ('"', '\n', 'x'); a lifetime ('a) has no closing quote here.
                if next == Some('\\') {
                    if let Some(end) = (i + 3..chars.len().min(i + 12)).find(|&j| chars[j] == '\'')
                    {
                        i = end + 1;
                        continue;
                    }
                } else if chars.get(i + 2) == Some(&'\'') {
                    i += 3;
                    continue;
                }
            }
            'r' if (next == Some('#') || next == Some('"'))
                && !chars
                    .get(i.wrapping_sub(1))
                    .is_some_and(|p| p.is_alphanumeric() || *p == '_') =>
            {
                let hashes = chars[i + 1..].iter().take_while(|&&h| h == '#').count();
                if chars.get(i + 1 + hashes) == Some(&'"') {
                    let start = i + 2 + hashes;
                    let mut j = start;
                    let closes = |j: usize| {
                        chars[j] == '"' && (1..=hashes).all(|k| chars.get(j + k) == Some(&'#'))
                    };
                    while j < chars.len() && !closes(j) {
                        j += 1;
                    }
                    let body: String = chars[start..j.min(chars.len())].iter().collect();
                    out.push((line, body.clone()));
                    line += body.matches('\n').count();
                    i = j + 1 + hashes;
                    continue;
                }
            }
            '"' => {
                let mut j = i + 1;
                let mut body = String::new();
                while j < chars.len() && chars[j] != '"' {
                    if chars[j] == '\\' {
                        body.push(chars[j]);
                        j += 1;
                    }
                    if let Some(&ch) = chars.get(j) {
                        body.push(ch);
                    }
                    j += 1;
                }
                out.push((line, body.clone()));
                line += body.matches('\n').count();
                i = j + 1;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// Rule ids of `prefix` written as whole string literals in a game folder's code, with where.
fn ids_in_code(family: &Family) -> BTreeMap<String, String> {
    let mut files = Vec::new();
    rust_files(
        &root().join("crates/games/src").join(&family.folder),
        &mut files,
    );
    let mut ids = BTreeMap::new();
    for file in files {
        let text = read(&file);
        for (line, lit) in string_literals(without_unit_tests(&text)) {
            let is_id = lit
                .strip_prefix(family.prefix.as_str())
                .is_some_and(|rest| {
                    !rest.is_empty()
                        && rest
                            .chars()
                            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
                });
            if is_id {
                let at = file.strip_prefix(root()).unwrap_or(&file).display();
                ids.entry(lit).or_insert_with(|| format!("{at}:{line}"));
            }
        }
    }
    ids
}

/// The book as the shipped data file holds it, read strictly.
fn book_in_file(family: &Family) -> RuleBook {
    #[derive(serde::Deserialize)]
    struct Section {
        rules: RuleBook,
    }
    let path = root().join("data").join(&family.data);
    let section: Section = serde_json::from_str(&read(&path))
        .unwrap_or_else(|e| panic!("{}: the rules section does not read: {e}", path.display()));
    section.rules
}

fn kind(id: &str) -> &'static dyn GameKind {
    *registry()
        .iter()
        .find(|k| k.descriptor().id == id)
        .unwrap_or_else(|| panic!("{id} is not registered"))
}

#[test]
fn every_game_reads_the_rule_book_of_its_data_file() {
    let families = families();
    for k in registry() {
        let id = k.descriptor().id;
        let family = families.iter().find(|f| f.games.contains(&id));
        let family = family.unwrap_or_else(|| panic!("{id}: reads no data file's rule book"));
        let book = book_in_file(family);
        assert!(!book.is_empty(), "{id}: its rule book is empty");
        assert_eq!(k.rules(), &book, "{id} does not read {}", family.data);
    }
    for family in &families {
        for game in &family.games {
            assert_eq!(kind(game).rules(), &book_in_file(family));
        }
    }
}

#[test]
fn the_code_refuses_only_with_listed_ids_and_uses_every_listed_id() {
    for family in &families() {
        let book = book_in_file(family);
        let used = ids_in_code(family);
        let unlisted: Vec<String> = used
            .iter()
            .filter(|(id, _)| book.get(id).is_none())
            .map(|(id, at)| format!("{id} ({at})"))
            .collect();
        assert!(
            unlisted.is_empty(),
            "{}: refused with ids its rule book does not list: {unlisted:?}",
            family.data
        );
        let unused: Vec<&str> = book.ids().filter(|id| !used.contains_key(*id)).collect();
        assert!(
            unused.is_empty(),
            "{}: lists ids no code refuses with: {unused:?}",
            family.data
        );
        let foreign: Vec<&str> = book
            .ids()
            .filter(|id| !id.starts_with(family.prefix.as_str()))
            .collect();
        assert!(
            foreign.is_empty(),
            "{}: ids of another prefix: {foreign:?}",
            family.data
        );
    }
}

#[test]
fn every_listed_id_has_a_test_that_triggers_it() {
    let mut files = Vec::new();
    rust_files(&root().join("tests"), &mut files);
    let this = root().join("tests/it/rule_books.rs");
    let literals: BTreeSet<String> = files
        .iter()
        .filter(|f| **f != this)
        .flat_map(|f| string_literals(&read(f)))
        .map(|(_, lit)| lit)
        .collect();
    let untested: Vec<String> = families()
        .iter()
        .flat_map(|family| {
            let book = book_in_file(family);
            book.ids()
                .filter(|id| !literals.contains(*id))
                .map(|id| format!("{id} ({})", family.data))
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(
        untested.is_empty(),
        "no test under tests/ triggers {untested:#?}"
    );
}

#[test]
fn every_rule_reads_plainly_and_cites_where_it_is_written() {
    let families = families();
    let prefixes: Vec<&str> = families
        .iter()
        .map(|f| f.prefix.trim_end_matches('.'))
        .collect();
    for family in &families {
        let book = book_in_file(family);
        for id in book.ids() {
            let RuleText { says, cite } = book.get(id).expect("listed");
            let sentence = says.starts_with(|c: char| c.is_uppercase()) && says.ends_with('.');
            assert!(sentence, "{id}: \"{says}\" is not one sentence");
            assert!(
                estate_steward::engine::rules::unplain(says, &prefixes).is_none(),
                "{id}: \"{says}\" shows an id, a line number or \"(s)\""
            );
            assert!(!cite.trim().is_empty(), "{id}: no citation");
            assert_eq!(explain(id), Some(book.get(id).expect("listed")), "{id}");
        }
    }
}

#[test]
fn no_two_games_list_the_same_id() {
    let mut seen: BTreeMap<String, String> = BTreeMap::new();
    for family in &families() {
        for id in book_in_file(family).ids() {
            if let Some(other) = seen.insert(id.to_string(), family.data.clone()) {
                panic!("{id} is listed by {other} and {}", family.data);
            }
        }
    }
}

/// String literals of the core's code (games, service, CLI) outside unit tests, with where.
fn core_literals() -> Vec<(String, String)> {
    let mut files = Vec::new();
    for dir in [
        "crates/games/src",
        "crates/service/src",
        "src/bin",
        "crates/engine/src",
    ] {
        rust_files(&root().join(dir), &mut files);
    }
    // The checker itself names what it looks for.
    let checker = root().join("crates/engine/src/rules.rs");
    files
        .iter()
        .filter(|f| **f != checker)
        .flat_map(|f| {
            let text = read(f);
            let at = f.strip_prefix(root()).unwrap_or(f).display().to_string();
            string_literals(without_unit_tests(&text))
                .into_iter()
                .map(move |(line, lit)| (format!("{at}:{line}"), lit))
                .collect::<Vec<_>>()
        })
        .collect()
}

#[test]
fn refusals_log_lines_and_labels_write_plurals_in_full() {
    let bracketed: Vec<String> = core_literals()
        .into_iter()
        .filter(|(_, lit)| lit.contains("(s)"))
        .map(|(at, lit)| format!("{at}: \"{lit}\""))
        .collect();
    assert!(
        bracketed.is_empty(),
        "plurals written as (s): {bracketed:#?}"
    );
}

#[test]
fn refusals_cite_no_rulebook_line_the_rule_book_does() {
    let cited: Vec<String> = core_literals()
        .into_iter()
        .filter(|(_, lit)| estate_steward::engine::rules::unplain(lit, &[]).is_some())
        .map(|(at, lit)| format!("{at}: \"{lit}\""))
        .collect();
    assert!(
        cited.is_empty(),
        "messages citing rulebook lines (move the citation to the rule book): {cited:#?}"
    );
}

#[test]
fn the_literal_scanner_finds_strings_and_skips_comments_and_chars() {
    let src = "// \"not this\"\nlet a = '\"'; let q = '\\''; let b = \"one\\\" two\";\n/* \"nor this\" */ r#\"raw \"x\"\"#; 'a: loop {}";
    let found: Vec<(usize, String)> = string_literals(src);
    assert_eq!(
        found,
        [(2, "one\\\" two".to_string()), (3, "raw \"x\"".to_string())]
    );
}
