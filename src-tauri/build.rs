//! Generates the app's ACL manifest: every `#[tauri::command]` in `src/commands.rs` and
//! `src/host_commands.rs` gets an
//! `allow-<name>` / `deny-<name>` permission, and — because an app manifest exists — a command
//! is reachable from the UI only when `capabilities/*.json` allows it.

fn main() {
    ensure_frontend_dist();
    // The commands live in these files (hosting's apart, to keep each file small).
    let mut source = String::new();
    for file in ["src/commands.rs", "src/host_commands.rs"] {
        println!("cargo:rerun-if-changed={file}");
        source += &std::fs::read_to_string(file).unwrap_or_else(|e| panic!("read {file}: {e}"));
        source.push('\n');
    }
    let commands: &'static [&'static str] = Vec::leak(
        command_names(&source)
            .into_iter()
            .map(|n| &*String::leak(n))
            .collect(),
    );
    tauri_build::try_build(
        tauri_build::Attributes::new()
            .app_manifest(tauri_build::AppManifest::new().commands(commands)),
    )
    .expect("tauri-build failed");
}

/// `tauri::generate_context!()` refuses to compile when `frontendDist` (../ui/dist, not committed)
/// is missing. Plain builds and tests (which never show the UI) get an empty folder; a build that
/// embeds the UI (`--features custom-protocol`) must find a real `npm run build` output.
fn ensure_frontend_dist() {
    let dist = std::path::Path::new("../ui/dist");
    println!("cargo:rerun-if-changed=../ui/dist");
    if std::env::var_os("CARGO_FEATURE_CUSTOM_PROTOCOL").is_some() {
        assert!(
            dist.join("index.html").is_file(),
            "the custom-protocol feature embeds ui/dist, which is not built: \
             run `npm ci && npm run build` in ui/ first"
        );
    } else if !dist.exists() {
        std::fs::create_dir_all(dist).expect("create ../ui/dist");
    }
}

/// Names of the functions annotated with `#[tauri::command]` (attributes may sit in between).
fn command_names(source: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut pending = false;
    for line in source.lines().map(str::trim) {
        if line.starts_with("#[tauri::command") {
            pending = true;
        } else if pending && !line.starts_with("#[") && !line.starts_with("//") {
            let after_fn = line.split_once("fn ").map(|(_, rest)| rest);
            if let Some(rest) = after_fn {
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                names.push(name);
            }
            pending = false;
        }
    }
    assert!(
        !names.is_empty(),
        "no #[tauri::command] found in src/commands.rs"
    );
    names
}
