#!/usr/bin/env bash
# Builds (when needed) and starts the Estate Steward desktop app with its UI embedded.
#   bash scripts/run.sh                 # database in the user data folder
#   bash scripts/run.sh --db game.sqlite3   (or ESTATE_STEWARD_DB=game.sqlite3)
#   RELEASE=1 bash scripts/run.sh       # optimised build (slower to compile)
# The UI is rebuilt only when ui/ changed, and the app is built exactly as test.sh builds it, so
# a second start (or the first on a clone that passed test.sh) compiles nothing.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

bash "$ROOT/scripts/install-deps.sh"

log "ui: build ui/dist if ui/ changed"
bash "$ROOT/scripts/build-ui.sh"

cd "$ROOT"
if [ "${RELEASE:-0}" = "1" ]; then
  # What `tauri build` runs for the .deb (scripts/build-deb.sh), with the same profile.
  release_profile_env
  log "cargo build --bins --features tauri/custom-protocol --release (in src-tauri/)"
  (cd "$ROOT/src-tauri" && cargo build --bins --features tauri/custom-protocol --release)
  binary="$(app_binary release)"
else
  log "${APP_BUILD[*]}"
  "${APP_BUILD[@]}"
  binary="$(app_binary debug)"
fi
log "starting $binary"
exec "$binary" "$@"
