#!/usr/bin/env bash
# Builds and starts the Estate Steward desktop app with its UI embedded.
#   bash scripts/run.sh                 # database in the user data folder
#   bash scripts/run.sh --db game.sqlite3   (or ESTATE_STEWARD_DB=game.sqlite3)
#   RELEASE=1 bash scripts/run.sh       # optimised build (slower to compile)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

bash "$ROOT/scripts/install-deps.sh"

log "ui: npm run build"
(cd "$ROOT/ui" && npm run build)

profile=()
if [ "${RELEASE:-0}" = "1" ]; then profile=(--release); fi
log "cargo run -p estate-steward-app --features custom-protocol ${profile[*]}"
cd "$ROOT"
exec cargo run -p estate-steward-app --features custom-protocol "${profile[@]}" -- "$@"
