#!/usr/bin/env bash
# Builds the release .deb of the desktop app with the Tauri CLI (v2, installed from crates.io
# when missing) and prints its path on the last line.
#   bash scripts/build-deb.sh        # -> target/release/bundle/deb/Estate Steward_<version>_amd64.deb
# The UI is built only when ui/ changed (tauri.conf.json's beforeBuildCommand is build-ui.sh);
# the release profile is lib.sh's release_profile_env, shared with `RELEASE=1 scripts/run.sh`.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

if cargo tauri --version 2>/dev/null | grep -q '^tauri-cli 2\.'; then
  log "tauri-cli: $(cargo tauri --version)"
else
  log "cargo install tauri-cli (v2)"
  cargo install tauri-cli --version '^2' --locked
fi

release_profile_env
target="${CARGO_TARGET_DIR:-$ROOT/target}"
case "$target" in /*) ;; *) target="$ROOT/$target" ;; esac
bundle_dir="$target/release/bundle/deb"
rm -rf "$bundle_dir"
log "cargo tauri build --bundles deb"
(cd "$ROOT/src-tauri" && cargo tauri build --bundles deb --ci)

debs=("$bundle_dir"/*.deb)
if [ "${#debs[@]}" -ne 1 ] || [ ! -f "${debs[0]}" ]; then
  echo "error: expected one .deb in $bundle_dir, found: ${debs[*]}" >&2
  exit 1
fi
printf 'deb: %s bytes (%s)\n' "$(stat -c %s "${debs[0]}")" "$(du -h "${debs[0]}" | cut -f1)"
echo "${debs[0]}"
