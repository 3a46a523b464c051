//! Every game folder has the common layout, so that a reader who knows one game finds their way
//! in the next: the rooms `actions`, `setup`, `decide`, `apply`, `scoring` and `view` (each a
//! file or a folder of that name), and a game that reads a file of `data/` reads it in `data.rs`.
//! A game folder is one whose `mod.rs` implements `Game`: those of the games crate and the
//! template game that ARCHITECTURE.md's "Adding a game" copies. A family's shared folder
//! (`realm/`, holding the scorepad and the tracker) is not a game and keeps what its games share.

use std::path::{Path, PathBuf};

/// The rooms every game folder holds.
const ROOMS: [&str; 6] = ["actions", "setup", "decide", "apply", "scoring", "view"];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The folders under `dir` (itself included) whose `mod.rs` implements `Game`.
fn game_folders(dir: &Path, out: &mut Vec<PathBuf>) {
    let module = dir.join("mod.rs");
    if std::fs::read_to_string(&module).is_ok_and(|t| t.contains("impl Game for")) {
        out.push(dir.to_path_buf());
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        if entry.path().is_dir() {
            game_folders(&entry.path(), out);
        }
    }
}

/// What `folder` lacks of the common layout, each as one line naming the folder.
fn layout_faults(folder: &Path) -> Vec<String> {
    let shown = folder
        .strip_prefix(root())
        .unwrap_or(folder)
        .display()
        .to_string();
    let mut faults: Vec<String> = ROOMS
        .iter()
        .filter(|room| !folder.join(format!("{room}.rs")).is_file() && !folder.join(room).is_dir())
        .map(|room| format!("{shown}: no `{room}`"))
        .collect();
    let Ok(entries) = std::fs::read_dir(folder) else {
        return faults;
    };
    let mut files: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .collect();
    files.sort();
    for file in files {
        let name = file.file_name().and_then(|n| n.to_str()).unwrap_or("");
        let text = std::fs::read_to_string(&file).unwrap_or_default();
        if name != "data.rs" && text.contains("include_str!(") {
            faults.push(format!(
                "{shown}/{name}: reads a data file (`include_str!`) outside `data.rs`"
            ));
        }
    }
    faults
}

#[test]
fn every_game_folder_has_the_common_layout() {
    let mut folders = Vec::new();
    game_folders(&root().join("crates/games/src"), &mut folders);
    folders.push(root().join("tests/template_game"));
    let games = estate_steward::games::registry().len();
    assert!(
        folders.len() > games,
        "found {} game folders for {games} registered games and the template",
        folders.len()
    );
    let faults: Vec<String> = folders.iter().flat_map(|f| layout_faults(f)).collect();
    assert!(
        faults.is_empty(),
        "a game folder lacks the common layout (ARCHITECTURE.md, \"Adding a game\"): {faults:#?}"
    );
}

#[test]
fn a_folder_without_the_common_layout_is_seen() {
    let dir = tempfile::tempdir().expect("dir");
    let game = dir.path();
    for room in ["actions", "decide", "apply", "view"] {
        std::fs::write(game.join(format!("{room}.rs")), "//! a room\n").expect("write");
    }
    std::fs::create_dir(game.join("scoring")).expect("a room may be a folder");
    std::fs::write(
        game.join("mod.rs"),
        "impl Game for G {}\nconst J: &str = include_str!(\"g.json\");\n",
    )
    .expect("write");
    let faults = layout_faults(game);
    assert_eq!(faults.len(), 2, "{faults:#?}");
    assert!(faults[0].ends_with(": no `setup`"), "{faults:#?}");
    assert!(
        faults[1].ends_with("/mod.rs: reads a data file (`include_str!`) outside `data.rs`"),
        "{faults:#?}"
    );
    let mut found = Vec::new();
    game_folders(game, &mut found);
    assert_eq!(found, [game.to_path_buf()]);
}
