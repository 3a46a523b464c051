#!/usr/bin/env bash
# Builds ui/dist only when the UI's sources changed since the last build (or dist did): a rebuild
# rewrites ui/dist, and the app embeds ui/dist, so an unneeded rebuild costs an app recompile.
# Used by run.sh, test.sh and the .deb build (tauri.conf.json's beforeBuildCommand).
#   FORCE_UI_BUILD=1 bash scripts/build-ui.sh    # build whatever the stamp says
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT/ui"

# Everything `vite build` reads, in a stable order; unit tests (*.test.ts) are not bundled.
sources_hash() {
  find src index.html package.json package-lock.json svelte.config.js tsconfig.json \
    vite.config.ts .npmrc public -type f ! -name '*.test.ts' 2>/dev/null |
    LC_ALL=C sort | xargs -d '\n' sha256sum | sha256sum | cut -d' ' -f1
}
dist_hash() {
  if [ -f dist/index.html ]; then
    find dist -type f | LC_ALL=C sort | xargs -d '\n' sha256sum | sha256sum | cut -d' ' -f1
  else
    echo none
  fi
}

# Beside the build outputs rather than in dist/ (everything in dist/ is embedded in the app).
stamp="${CARGO_TARGET_DIR:-$ROOT/target}/ui-dist.stamp"
case "$stamp" in /*) ;; *) stamp="$ROOT/$stamp" ;; esac
want="sources $(sources_hash) dist $(dist_hash)"
if [ "${FORCE_UI_BUILD:-0}" != "1" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
  echo "ui: ui/dist is up to date with ui/src (no rebuild)"
  exit 0
fi
npm run build
mkdir -p "$(dirname "$stamp")"
echo "sources $(sources_hash) dist $(dist_hash)" >"$stamp"
