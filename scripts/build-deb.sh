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
# The package carries the `steward` command too (an installed app can host phones headless:
# `steward serve`), with the phones' pages where it looks for them (../share/estate-steward/ui
# beside /usr/bin). Built in the same profile; the UI first (the pages are ui/dist).
bash "$ROOT/scripts/build-ui.sh"
if [ "$profile" = release ]; then
  log "cargo build --release --bin steward"
  cargo build -p estate-steward --bin steward --release
else
  # The tests' own build (lib.sh's APP_BUILD), which holds target/debug/steward: nothing to do
  # after scripts/test.sh.
  log "cargo build (the tests' build, for target/debug/steward)"
  "${APP_BUILD[@]}"
fi
files="$(printf '{"bundle":{"linux":{"deb":{"files":{"/usr/bin/steward":"%s","/usr/share/estate-steward/ui":"%s"}}}}}' \
  "$target/$profile/steward" "$ROOT/ui/dist")"
log "tauri build ${flags[*]} --bundles deb"
(cd "$ROOT/src-tauri" && tauri_cli build "${flags[@]}" --bundles deb --ci --config "$files")

debs=("$bundle_dir"/*.deb)
if [ "${#debs[@]}" -ne 1 ] || [ ! -f "${debs[0]}" ]; then
  echo "error: expected one .deb in $bundle_dir, found: ${debs[*]}" >&2
  exit 1
fi
printf 'deb: %s bytes (%s)\n' "$(stat -c %s "${debs[0]}")" "$(du -h "${debs[0]}" | cut -f1)"
echo "${debs[0]}"
