//! The TypeScript bindings in `ui/src/lib/bindings.ts` are generated from the Rust commands and
//! committed, so the UI builds without Rust. This test fails when they drift; run it with
//! `BLESS=1` to regenerate them:
//!
//! ```sh
//! BLESS=1 cargo test -p estate-steward-app --test it bindings::
//! ```

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::OnceLock;

use specta_typescript::Typescript;

fn typescript() -> Typescript {
    Typescript::default()
}

fn committed_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../ui/src/lib/bindings.ts")
}

/// The bindings as the exporter would write them now (generated once, into a temp dir).
fn generate() -> &'static str {
    static GENERATED: OnceLock<String> = OnceLock::new();
    GENERATED.get_or_init(|| {
        let dir =
            std::env::temp_dir().join(format!("estate-steward-bindings-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("bindings.ts");
        estate_steward_app::specta_builder()
            .export(typescript(), &path)
            .expect("export TypeScript bindings");
        let text = std::fs::read_to_string(&path).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        text
    })
}

#[test]
fn typescript_bindings_are_up_to_date() {
    let generated = generate();
    let committed_path = committed_path();
    if std::env::var_os("BLESS").is_some_and(|v| v == "1") {
        std::fs::write(&committed_path, generated).unwrap();
        return;
    }
    let committed = std::fs::read_to_string(&committed_path).unwrap_or_default();
    assert!(
        committed == generated,
        "{} is out of date with the Rust commands.\n\
         Regenerate it with: BLESS=1 cargo test -p estate-steward-app --test it bindings::",
        committed_path.display()
    );
}

/// Every command the UI can call must be allowed by the window's capability, and the capability
/// must not allow commands that no longer exist.
#[test]
fn capability_allows_exactly_the_exported_commands() {
    let generated = generate();
    // Each command is called as `__TAURI_INVOKE<T>("command_name", ...)` in the bindings.
    let exported: BTreeSet<String> = generated
        .lines()
        .filter_map(|line| {
            let call = &line[line.find("__TAURI_INVOKE")?..];
            let rest = &call[call.find("(\"")? + 2..];
            let name = &rest[..rest.find('"')?];
            Some(format!("allow-{}", name.replace('_', "-")))
        })
        .collect();
    assert!(!exported.is_empty(), "no command found in the bindings");

    let cap_path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("capabilities/default.json");
    let cap: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(cap_path).unwrap()).unwrap();
    let allowed: BTreeSet<String> = cap["permissions"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|p| p.as_str())
        .filter(|p| p.starts_with("allow-"))
        .map(str::to_owned)
        .collect();
    assert_eq!(
        exported, allowed,
        "capabilities/default.json must allow exactly the app's commands"
    );
}
