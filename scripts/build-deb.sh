#!/usr/bin/env bash
# Builds the .deb of the desktop app with the Tauri CLI (v2, lib.sh's tauri_cli) and prints its
# path on the last line.
#   bash scripts/build-deb.sh          # the release package -> target/release/bundle/deb/*.deb
#   bash scripts/build-deb.sh --debug  # the same package in the dev profile -> target/debug/...
# The release profile is lib.sh's release_profile_env, shared with `RELEASE=1 scripts/run.sh`.
# `--debug` is what CI installs and starts (.ci/run): it reuses the tests' build, where the
# release profile (LTO, one codegen unit) would compile everything again for most of CI's time.
# The UI is built only when ui/ changed (tauri.conf.json's beforeBuildCommand is build-ui.sh).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

profile=release
flags=()
case "${1:-}" in
  "") release_profile_env ;;
  --debug) profile=debug flags=(--debug) ;;
  *) echo "usage: bash scripts/build-deb.sh [--debug]" >&2; exit 2 ;;
esac
log "tauri-cli: $(tauri_cli --version)"

target="${CARGO_TARGET_DIR:-$ROOT/target}"
case "$target" in /*) ;; *) target="$ROOT/$target" ;; esac
bundle_dir="$target/$profile/bundle/deb"
rm -rf "$bundle_dir"
log "tauri build ${flags[*]} --bundles deb"
(cd "$ROOT/src-tauri" && tauri_cli build "${flags[@]}" --bundles deb --ci)

debs=("$bundle_dir"/*.deb)
if [ "${#debs[@]}" -ne 1 ] || [ ! -f "${debs[0]}" ]; then
  echo "error: expected one .deb in $bundle_dir, found: ${debs[*]}" >&2
  exit 1
fi
printf 'deb: %s bytes (%s)\n' "$(stat -c %s "${debs[0]}")" "$(du -h "${debs[0]}" | cut -f1)"
echo "${debs[0]}"
