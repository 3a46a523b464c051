# Shared by scripts/*.sh: repo root, PATH for cargo-installed tools, and small helpers.
# shellcheck shell=bash
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
# Screen for the end-to-end tests under Xvfb (xvfb-run's default, 640x480x8, is too small).
export XVFB_SCREEN="${XVFB_SCREEN:-1280x1024x24}"

log() { printf '\n\033[1m==> %s\033[0m\n' "$*"; }

# Runs apt-get as root, through sudo when needed.
as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

# The debug build that test.sh and the e2e tests share: every package and target with one set of
# features, so that cargo's fingerprints match from step to step (`--all-targets` because
# dev-dependencies change the features of shared crates). e2e-hooks: the end-to-end tests answer
# the native file dialog through a file (src-tauri's files::hook, active only when
# ESTATE_STEWARD_E2E_DIALOG is set); neither run.sh's build nor the .deb has it.
APP_FEATURES=estate-steward-app/custom-protocol,estate-steward-app/e2e-hooks
APP_BUILD=(cargo build --workspace --all-targets --features "$APP_FEATURES")
# run.sh's build: the app alone (UI embedded), no tests, benches or test hooks: a first start
# compiles only what the window needs, and only as a window needs it (docs/benchmarks.md, "First
# start"): our own crates unoptimised (the dev profile's opt-level 1 for them, Cargo.toml, serves
# the test suites, which play thousands of games; a window plays one), no debug info and no
# incremental cache (a person starting the app does not step through it in a debugger, nor edit
# it). A fresh build took 145 s where test.sh's settings take 229. Its artifacts are its own (as
# its features already made them), so neither build undoes the other; the first run.sh after a
# test.sh builds the dependencies once more, into the same target folder.
APP_RUN_BUILD=(cargo build -p estate-steward-app --bin estate-steward-app --features estate-steward-app/custom-protocol
  --config profile.dev.debug=0 --config profile.dev.incremental=false)
while read -r package; do
  APP_RUN_BUILD+=(--config "profile.dev.package.$package.opt-level=0")
done < <(sed -n 's/^\[profile\.dev\.package\.\(estate-steward[a-z-]*\)\]$/\1/p' "$ROOT/Cargo.toml")
app_binary() {
  local profile="${1:-debug}"
  local target="${CARGO_TARGET_DIR:-$ROOT/target}"
  case "$target" in /*) ;; *) target="$ROOT/$target" ;; esac
  printf '%s/%s/estate-steward-app\n' "$target" "$profile"
}

# The Tauri CLI (v2) that bundles the .deb: the npm package @tauri-apps/cli, pinned by
# ui/package-lock.json and installed with the UI's packages (install-deps.sh), so that it comes
# ready-built from the npm registry rather than compiled from crates.io (about ten minutes here).
tauri_cli() {
  local cli="$ROOT/ui/node_modules/.bin/tauri"
  [ -x "$cli" ] || bash "$ROOT/scripts/install-deps.sh" >&2
  "$cli" "$@"
}

# The release profile of the .deb (scripts/build-deb.sh) and of `RELEASE=1 bash scripts/run.sh`,
# given as cargo's environment overrides so that benches/startup/empty-app.sh builds its empty
# Tauri window the same way, and scripts/bench.sh the benches. Size first: a table assistant does
# little work per frame; the crates an action runs through are optimised for speed instead (the
# Cargo.toml's [profile.release.package.*] overrides win over these). Panics still unwind (no
# panic = "abort"): that would change what a failing command does to the app.
release_profile_env() {
  export CARGO_PROFILE_RELEASE_OPT_LEVEL="${CARGO_PROFILE_RELEASE_OPT_LEVEL:-s}"
  export CARGO_PROFILE_RELEASE_LTO="${CARGO_PROFILE_RELEASE_LTO:-true}"
  export CARGO_PROFILE_RELEASE_CODEGEN_UNITS="${CARGO_PROFILE_RELEASE_CODEGEN_UNITS:-1}"
  export CARGO_PROFILE_RELEASE_STRIP="${CARGO_PROFILE_RELEASE_STRIP:-true}"
}
