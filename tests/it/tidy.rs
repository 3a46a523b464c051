//! The structure checks that keep the code as ARCHITECTURE.md describes it (the rust-analyzer
//! habit of a `tidy` test): no production source file passes 600 lines, and every file or
//! folder ARCHITECTURE.md names by its path exists. Each check lists every offender at once.
//! (The layering checks of the crate split, which names a game where, are still to come.)

use std::path::{Path, PathBuf};

/// The most lines a production source file may hold: past it, a module does two things.
const MOST_LINES: usize = 600;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Files longer than `most` lines among `files`, as "path: N lines".
fn too_long(files: &[PathBuf], most: usize) -> Vec<String> {
    let mut long: Vec<String> = files
        .iter()
        .filter_map(|f| {
            let lines = std::fs::read_to_string(f).ok()?.lines().count();
            (lines > most).then(|| {
                let shown = f.strip_prefix(root()).unwrap_or(f).display().to_string();
                format!("{shown}: {lines} lines")
            })
        })
        .collect();
    long.sort();
    long
}

#[test]
fn no_production_source_file_passes_600_lines() {
    let mut files = Vec::new();
    for dir in ["src", "src-tauri/src", "benches"] {
        rust_files(&root().join(dir), &mut files);
    }
    assert!(files.len() > 100, "found only {} source files", files.len());
    let long = too_long(&files, MOST_LINES);
    assert!(
        long.is_empty(),
        "split these by what they do (at most {MOST_LINES} lines): {long:#?}"
    );
}

#[test]
fn the_line_limit_is_seen_when_passed() {
    // The check itself: a file one line past the limit is named, one at it is not.
    let dir = tempfile::tempdir().expect("dir");
    let at = dir.path().join("at.rs");
    let past = dir.path().join("past.rs");
    std::fs::write(&at, "//\n".repeat(MOST_LINES)).expect("write");
    std::fs::write(&past, "//\n".repeat(MOST_LINES + 1)).expect("write");
    let long = too_long(&[at, past.clone()], MOST_LINES);
    assert_eq!(long.len(), 1);
    assert!(long[0].ends_with(&format!("past.rs: {} lines", MOST_LINES + 1)));
}

/// The paths ARCHITECTURE.md names in backticks from a top-level folder of the repository
/// (placeholders such as `data/<game>.json` aside).
fn named_paths(text: &str) -> Vec<String> {
    const ROOTS: [&str; 11] = [
        "src/",
        "src-tauri/",
        "ui/",
        "tests/",
        "data/",
        "docs/",
        "scripts/",
        "benches/",
        "e2e/",
        "fuzz/",
        ".ci/",
    ];
    let mut out = Vec::new();
    for (i, piece) in text.split('`').enumerate() {
        // Odd pieces are inside backticks.
        if i % 2 == 0 || piece.contains(char::is_whitespace) {
            continue;
        }
        let path = piece.trim_end_matches(['.', ',', ';', ':', ')']);
        let path = path.split("::").next().unwrap_or(path);
        if ROOTS.iter().any(|r| path.starts_with(r))
            && !path.contains(['<', '*', '{'])
            && !out.iter().any(|p| p == path)
        {
            out.push(path.to_string());
        }
    }
    out
}

#[test]
fn every_path_architecture_names_exists() {
    let text = std::fs::read_to_string(root().join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let named = named_paths(&text);
    assert!(named.len() > 20, "found only {} paths", named.len());
    let missing: Vec<&String> = named.iter().filter(|p| !root().join(p).exists()).collect();
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md names what is not there (moved or renamed?): {missing:#?}"
    );
}

#[test]
fn a_path_that_is_gone_is_seen() {
    let named = named_paths(
        "The store (`src/store/`), a gone `src/store/nothing.rs`, a placeholder \
         `data/<game>.json`, a word `refresh`, and `scripts/run.sh`.",
    );
    assert_eq!(
        named,
        ["src/store/", "src/store/nothing.rs", "scripts/run.sh"]
    );
    let missing: Vec<&String> = named.iter().filter(|p| !root().join(p).exists()).collect();
    assert_eq!(missing, ["src/store/nothing.rs"]);
}
