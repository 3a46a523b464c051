#!/usr/bin/env bash
# Builds the baseline of the start-up bench: an empty Tauri 2 window (one line of text, the same
# window size, no commands), built exactly as scripts/build-deb.sh builds the app: the same
# Tauri crates (our Cargo.lock), the same Tauri CLI, the same release profile
# (lib.sh's release_profile_env), bundled as a .deb. Nothing of it is committed but this script.
#   bash benches/startup/empty-app.sh [DIR]     # default /tmp/empty-tauri-window
#   EMPTY_BUILD=none bash benches/startup/empty-app.sh DIR   # only written, not built
# Prints the binary's path on the last line.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/lib.sh"

dir="${1:-/tmp/empty-tauri-window}"
mkdir -p "$dir/src" "$dir/dist" "$dir/icons"
cp "$ROOT/Cargo.lock" "$dir/Cargo.lock"
cp "$ROOT"/src-tauri/icons/*.png "$dir/icons/"
tauri_req="$(sed -n 's/^tauri = { version = "\([^"]*\)".*/\1/p' "$ROOT/src-tauri/Cargo.toml")"

cat >"$dir/Cargo.toml" <<TOML
[package]
name = "empty-tauri-window"
version = "0.1.0"
edition = "2021"

[build-dependencies]
tauri-build = { version = "${tauri_req:-2}", features = [] }

[dependencies]
tauri = { version = "${tauri_req:-2}", features = [] }

[features]
custom-protocol = ["tauri/custom-protocol"]

[workspace]
TOML
cat >"$dir/build.rs" <<'RS'
fn main() {
    tauri_build::build()
}
RS
cat >"$dir/src/main.rs" <<'RS'
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]
fn main() {
    tauri::Builder::default()
        .run(tauri::generate_context!())
        .expect("error while running tauri application");
}
RS
cat >"$dir/dist/index.html" <<'HTML'
<!doctype html>
<html lang="en">
  <head><meta charset="UTF-8" /><title>Empty window</title></head>
  <body><h1>Empty window</h1></body>
</html>
HTML
cat >"$dir/tauri.conf.json" <<'JSON'
{
  "productName": "Empty Tauri Window",
  "version": "0.1.0",
  "identifier": "app.estatesteward.emptywindow",
  "build": { "frontendDist": "./dist" },
  "app": {
    "windows": [{ "title": "Empty window", "width": 1024, "height": 768 }],
    "security": { "csp": "default-src 'self'" }
  },
  "bundle": {
    "active": true,
    "targets": ["deb"],
    "icon": ["icons/32x32.png", "icons/128x128.png", "icons/128x128@2x.png", "icons/icon.png"]
  }
}
JSON

# EMPTY_BUILD=none: the project written, not built (benches/startup/first-run.sh builds it as
# scripts/run.sh builds the app, and times that); its folder is printed last.
if [ "${EMPTY_BUILD:-}" = "none" ]; then
  echo "$dir"
  exit 0
fi

release_profile_env
log "tauri build --bundles deb (empty window, in $dir)"
(cd "$dir" && tauri_cli build --bundles deb --ci)
ls -l "$dir"/target/release/bundle/deb/*.deb
echo "$dir/target/release/empty-tauri-window"
