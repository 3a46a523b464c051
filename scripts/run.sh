#!/usr/bin/env bash
# Installs what is missing, builds (when needed) and starts the Estate Steward desktop app with
# its UI embedded. Only what the app needs: the tests' tools and builds are scripts/test.sh's.
#   bash scripts/run.sh                     # database in the user data folder
#   bash scripts/run.sh --db game.sqlite3   (or ESTATE_STEWARD_DB=game.sqlite3)
#   RELEASE=1 bash scripts/run.sh           # optimised build (slower to compile)
#   xvfb-run -a bash scripts/run.sh         # on a machine without a screen (apt install xvfb)
# The UI is rebuilt only when ui/ changed; a second start compiles nothing.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# The window needs a screen: say so before ten minutes of building, not after.
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
  echo "error: no display (neither DISPLAY nor WAYLAND_DISPLAY is set): the app opens a window." >&2
  echo "       On a machine without a screen: xvfb-run -a bash scripts/run.sh (apt install xvfb)." >&2
  echo "       To host the phones without a window: README, \"Phones at the table\" (steward serve)." >&2
  exit 2
fi

bash "$ROOT/scripts/install-deps.sh" --app

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
  log "${APP_RUN_BUILD[*]}"
  "${APP_RUN_BUILD[@]}"
  binary="$(app_binary debug)"
fi
log "starting $binary"
exec "$binary" "$@"
