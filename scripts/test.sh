#!/usr/bin/env bash
# Everything CI checks, in order; stops at the first failing step and names it.
# Runs as root or with sudo on Debian 12, with or without a display (uses Xvfb).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

current="(setup)"
started=$SECONDS
trap 'rc=$?; if [ $rc -ne 0 ]; then printf "\n\033[1;31mFAILED at step: %s (exit %s)\033[0m\n" "$current" "$rc" >&2; fi' EXIT

step() {
  current="$1"
  shift
  log "[$current] $*"
  local t0=$SECONDS
  "$@"
  printf '    (%s: %ss)\n' "$current" "$((SECONDS - t0))"
}

# The shell embeds ui/dist. One feature set and `--all-targets` (dev-dependencies change the
# features of shared crates) let clippy, the tests and the e2e binary share one build (lib.sh's
# APP_FEATURES): custom-protocol embeds the UI, e2e-hooks lets the e2e tests answer the native
# file dialog (scripts/run.sh's build and the release package have no hook).
FEATURES=(--features "$APP_FEATURES")

step "install deps" bash scripts/install-deps.sh
step "ui build" bash scripts/build-ui.sh
step "rustfmt" cargo fmt --all --check
step "clippy" cargo clippy --workspace --all-targets "${FEATURES[@]}" -- -D warnings
# Also builds target/debug/estate-steward-app (UI embedded) for the end-to-end tests.
step "cargo build" "${APP_BUILD[@]}"
# Includes src-tauri/tests/it/bindings.rs (fails when ui/src/lib/bindings.ts drifts) and the short
# fuzz run of every game's JSON decoding (tests/it/fuzz_json; the long run: docs/fuzzing.md).
step "cargo test" cargo test --workspace "${FEATURES[@]}"
# ARCHITECTURE.md's "Adding a game" followed in a copy of the checkout: a sixth game is its
# folder, its data file and the two registry lines, and the conformance suite, the CLI and the
# UI registry see it.
step "sixth game" bash scripts/sixth-game.sh
step "ui check" npm --prefix ui run check
step "ui unit tests" npm --prefix ui test
# The e2e files run in three shards side by side, each under its own Xvfb display
# (e2e/run-shards.mjs; E2E_SHARDS=1 runs them one after the other). The run notes its taps at
# phone size in artifacts/taps/ (e2e/helpers.mjs); the tap count per game is made from them.
rm -rf artifacts/taps
step "e2e" npm --prefix e2e test
step "tap count" node e2e/tap-report.mjs

current="(done)"
log "all steps passed in $((SECONDS - started))s"
