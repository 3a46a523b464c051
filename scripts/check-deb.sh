#!/usr/bin/env bash
# Installs the .deb that scripts/build-deb.sh built (dpkg -i; apt-get install -f for missing
# dependencies) and starts the installed app once under Xvfb: it must paint its window, and end
# with every process it started when sent SIGTERM (scripts/window-probe.py). The screenshot of
# the installed app lands in artifacts/deb-installed.png.
#   bash scripts/check-deb.sh [path/to.deb]
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

deb="${1:-}"
if [ -z "$deb" ]; then
  target="${CARGO_TARGET_DIR:-$ROOT/target}"
  case "$target" in /*) ;; *) target="$ROOT/$target" ;; esac
  debs=("$target"/release/bundle/deb/*.deb)
  deb="${debs[0]}"
fi
[ -f "$deb" ] || { echo "error: no .deb at $deb (run scripts/build-deb.sh)" >&2; exit 1; }

package="$(dpkg-deb --field "$deb" Package)"
log "dpkg -i $(basename "$deb") ($package)"
export DEBIAN_FRONTEND=noninteractive
if ! as_root dpkg -i "$deb"; then
  log "apt-get install -f (dependencies of $package)"
  as_root apt-get update -q
  as_root apt-get install -f -y -q --no-install-recommends
fi
dpkg-query -W -f='${Status}' "$package" | grep -q "install ok installed"

# The app's binary the package put on PATH, and its desktop entry.
binary="$(dpkg -L "$package" | grep -m1 '^/usr/bin/estate-steward')"
dpkg -L "$package" | grep -q '\.desktop$' || { echo "error: no desktop entry" >&2; exit 1; }
log "starting the installed $binary under Xvfb"
mkdir -p "$ROOT/artifacts"
xvfb-run -a -s "-screen 0 $XVFB_SCREEN" python3 "$ROOT/scripts/window-probe.py" \
  --runs 1 --settle 1 --screenshot "$ROOT/artifacts/deb-installed.png" -- "$binary"

# The headless host the package carries: `steward serve` on loopback finds the installed pages
# and stops with exit 0 on SIGTERM.
log "steward serve (installed) on 127.0.0.1"
db="$(mktemp -d)/deb-check.sqlite3"
out="$(mktemp)"
/usr/bin/steward --db "$db" serve --bind 127.0.0.1 --port 0 >"$out" 2>&1 &
serve=$!
for _ in $(seq 1 50); do grep -q '^serving ' "$out" && break; sleep 0.1; done
head -n 1 "$out" | grep -Eq '^serving http://127\.0\.0\.1:[0-9]+$' || { cat "$out" >&2; exit 1; }
if grep -q 'no pages' "$out"; then echo "error: the installed steward found no pages" >&2; exit 1; fi
kill -TERM "$serve"
wait "$serve"
log "the installed steward served and stopped cleanly"
