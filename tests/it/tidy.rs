//! The structure checks that keep the code as ARCHITECTURE.md describes it (the rust-analyzer
//! habit of a `tidy` test): each layer's crate depends only on the layers below it, no
//! production source file passes 600 lines, every file or folder ARCHITECTURE.md names by its
//! path exists, and no shared code names a game (its id as a literal, or its module path): a game
//! lives in its two folders, `crates/games/src/<game>/` and `ui/src/games/<game>/`, and the rest
//! asks the registries. Each check lists every offender at once.

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

/// The layers' crates (`crates/<layer>/`) and the layers each may depend on: only those below it.
/// `cargo` holds what a manifest declares; this holds the manifests to the architecture.
const LAYERS: [(&str, &[&str]); 5] = [
    ("engine", &[]),
    ("games", &["engine"]),
    ("store", &["engine"]),
    ("service", &["engine", "games", "store"]),
    ("host", &["service", "store"]),
];

/// The crates beside it that a layer's `manifest` depends on (`path = "../<layer>"`), in any of
/// its dependency tables, dev-dependencies included.
fn layer_dependencies(manifest: &str) -> Vec<&str> {
    manifest
        .lines()
        .filter_map(|line| {
            let rest = &line[line.find("path = \"../")? + "path = \"../".len()..];
            rest.split('"').next()
        })
        .collect()
}

/// What is wrong with the layers' manifests: a crate no layer names, or a dependency on a layer
/// that is not below it.
fn layering_faults(crates: &[(String, String)]) -> Vec<String> {
    let mut faults = Vec::new();
    for (name, manifest) in crates {
        let Some((_, below)) = LAYERS.iter().find(|(layer, _)| layer == name) else {
            faults.push(format!(
                "crates/{name}: no layer (add it to LAYERS and ARCHITECTURE.md)"
            ));
            continue;
        };
        for dep in layer_dependencies(manifest) {
            if !below.contains(&dep) {
                faults.push(format!(
                    "crates/{name} depends on {dep}, not a layer below it"
                ));
            }
        }
    }
    faults
}

#[test]
fn each_layer_depends_only_on_the_layers_below_it() {
    let mut crates = Vec::new();
    for entry in std::fs::read_dir(root().join("crates"))
        .expect("crates/")
        .flatten()
    {
        if !entry.path().is_dir() {
            continue;
        }
        let name = entry.file_name().to_string_lossy().into_owned();
        let manifest = std::fs::read_to_string(entry.path().join("Cargo.toml")).expect("manifest");
        crates.push((name, manifest));
    }
    assert_eq!(crates.len(), LAYERS.len(), "one crate a layer");
    let faults = layering_faults(&crates);
    assert!(
        faults.is_empty(),
        "the layers run the wrong way: {faults:#?}"
    );
    // Invariant 1: the rules know nothing of SQL or the window.
    for (name, manifest) in crates.iter().filter(|(n, _)| n == "engine" || n == "games") {
        for outside in ["rusqlite", "tauri"] {
            assert!(
                !manifest.contains(outside),
                "crates/{name} depends on {outside}: the rules know nothing of SQL or the window"
            );
        }
    }
}

#[test]
fn a_layer_that_reaches_up_or_aside_is_seen() {
    let store = "[dependencies]\nengine = { package = \"estate-steward-engine\", path = \"../engine\" }\n\
                 [dev-dependencies]\ngames = { package = \"estate-steward-games\", path = \"../games\" }\n";
    let crates = [
        ("store".to_string(), store.to_string()),
        ("cache".to_string(), String::new()),
    ];
    assert_eq!(
        layering_faults(&crates),
        [
            "crates/store depends on games, not a layer below it",
            "crates/cache: no layer (add it to LAYERS and ARCHITECTURE.md)"
        ]
    );
}

#[test]
fn no_production_source_file_passes_600_lines() {
    let mut files = Vec::new();
    for dir in ["src", "crates", "src-tauri/src", "benches"] {
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
    const ROOTS: [&str; 12] = [
        "src/",
        "crates/",
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
        "The store (`crates/store/src/`), a gone `crates/store/src/nothing.rs`, a placeholder \
         `data/<game>.json`, a word `refresh`, and `scripts/run.sh`.",
    );
    assert_eq!(
        named,
        [
            "crates/store/src/",
            "crates/store/src/nothing.rs",
            "scripts/run.sh"
        ]
    );
    let missing: Vec<&String> = named.iter().filter(|p| !root().join(p).exists()).collect();
    assert_eq!(missing, ["crates/store/src/nothing.rs"]);
}

/// Shared files that may name a game, and why.
const MAY_NAME_A_GAME: [(&str, &str); 1] = [(
    "crates/store/src/schema.rs",
    "a released migration names the games of its time, and migrations are never edited",
)];

/// A source file's production part: what comes before its test module (`#[cfg(test)]` on a line
/// of its own, which by this code's habit ends every file that has one).
fn production_part(text: &str) -> &str {
    text.find("\n#[cfg(test)]\n").map_or(text, |at| &text[..at])
}

/// Where `text` names one of `ids` as a literal ("id" or 'id') or one of `modules` as a path
/// (`games::module`), or tells a game's group of offers by its name (`group === "era"`: what a
/// group means is the game's `GroupPlan`): "line: what".
fn names_a_game(text: &str, ids: &[&str], modules: &[String]) -> Vec<String> {
    let mut found = Vec::new();
    for (n, line) in production_part(text).lines().enumerate() {
        let squeezed: String = line.chars().filter(|c| !c.is_whitespace()).collect();
        let by_name = ["===\"", "!==\"", "==='", "!=='"]
            .iter()
            .any(|op| squeezed.contains(&format!("group{op}")));
        if by_name {
            found.push(format!("{}: a group of offers told by its name", n + 1));
        }
        for id in ids {
            if line.contains(&format!("\"{id}\"")) || line.contains(&format!("'{id}'")) {
                found.push(format!("{}: the game id {id}", n + 1));
            }
        }
        for m in modules {
            if line.contains(&format!("games::{m}")) {
                found.push(format!("{}: the module games::{m}", n + 1));
            }
        }
    }
    found
}

fn ui_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if path.is_dir() {
            ui_files(&path, out);
        } else if (name.ends_with(".ts") || name.ends_with(".svelte") || name.ends_with(".css"))
            && !name.ends_with(".test.ts")
        {
            out.push(path);
        }
    }
}

#[test]
fn no_shared_code_names_a_game() {
    let ids: Vec<&str> = estate_steward::games::registry()
        .iter()
        .map(|k| k.descriptor().id)
        .collect();
    assert!(ids.len() >= 5, "the registry lists {} games", ids.len());
    let modules: Vec<String> = std::fs::read_dir(root().join("crates/games/src"))
        .expect("crates/games/src")
        .flatten()
        .filter(|e| e.path().is_dir())
        .filter_map(|e| e.file_name().to_str().map(String::from))
        .collect();
    assert!(modules.len() >= 5, "found {} game folders", modules.len());
    let mut files = Vec::new();
    for dir in ["src", "crates", "src-tauri/src"] {
        rust_files(&root().join(dir), &mut files);
    }
    ui_files(&root().join("ui/src"), &mut files);
    let shared = |f: &&PathBuf| {
        let rel = f
            .strip_prefix(root())
            .unwrap_or(f)
            .to_string_lossy()
            .replace('\\', "/");
        !(rel.starts_with("crates/games/src/")
            || rel.starts_with("ui/src/games/")
            // Generated from the core's types (the games' action unions among them).
            || rel == "ui/src/lib/bindings.ts"
            || MAY_NAME_A_GAME.iter().any(|(p, _)| *p == rel))
    };
    let mut offenders = Vec::new();
    for f in files.iter().filter(shared) {
        let text = std::fs::read_to_string(f).expect("readable source");
        let rel = f.strip_prefix(root()).unwrap_or(f).display().to_string();
        offenders.extend(
            names_a_game(&text, &ids, &modules)
                .into_iter()
                .map(|w| format!("{rel}:{w}")),
        );
    }
    assert!(
        offenders.is_empty(),
        "shared code names a game (declare what it needs in the game's folder and ask the \
         registry): {offenders:#?}"
    );
}

#[test]
fn a_game_named_in_shared_code_is_seen() {
    let ids = ["nine-estates", "the-estates"];
    let modules = ["realm".to_string()];
    let text = "fn a() { if id == \"the-estates\" {} }\nuse crate::games::realm::Tracker;\n\
                // nine-estates in a comment is a word, not code\nfn b() {}\n\
                secondary={a.group === \"era\"}\n\
                #[cfg(test)]\nmod tests { const X: &str = \"nine-estates\"; }\n";
    assert_eq!(
        names_a_game(text, &ids, &modules),
        [
            "1: the game id the-estates",
            "2: the module games::realm",
            "5: a group of offers told by its name"
        ]
    );
}
