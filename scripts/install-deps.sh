#!/usr/bin/env bash
# Installs what is missing to build, run and test Estate Steward on Debian 12 (idempotent).
#   bash scripts/install-deps.sh          # everything scripts/test.sh needs
#   bash scripts/install-deps.sh --app    # only what building and running the app needs
# The app: the system libraries of Tauri/WebKitGTK and the npm packages of ui/. The tests add
# Xvfb + WebKitWebDriver for the end-to-end tests (and python3, whose standard library closes
# the app's window as a window manager would), chromium + chromedriver for the phones the
# end-to-end tests open (e2e/phones.test.mjs), iproute2 and util-linux for the tests that make
# their own network interfaces and full disk in namespaces (unshare, ip), rustfmt and clippy, tauri-driver, and the npm
# packages of e2e/ (all from their committed lockfiles).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

app_only=0
if [ "${1:-}" = "--app" ]; then app_only=1; fi

APT_PACKAGES=(
  libwebkit2gtk-4.1-dev build-essential curl wget file libxdo-dev libssl-dev
  libayatana-appindicator3-dev librsvg2-dev pkg-config
)
if [ "$app_only" = 0 ]; then
  APT_PACKAGES+=(xvfb xauth webkit2gtk-driver python3 chromium chromium-driver iproute2 util-linux)
fi

missing=()
for pkg in "${APT_PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$pkg")
  fi
done
if [ "${#missing[@]}" -gt 0 ]; then
  log "apt: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  as_root apt-get update -q
  as_root apt-get install -y -q --no-install-recommends "${missing[@]}"
else
  log "apt: all system packages present"
fi

for tool in cargo node npm; do
  command -v "$tool" >/dev/null || { echo "error: $tool is not installed" >&2; exit 1; }
done
if [ "$app_only" = 1 ]; then
  npm_dirs=(ui)
else
  npm_dirs=(ui e2e)
fi
install_npm() {
  # `npm ci` only when node_modules does not match the committed lockfile.
  for dir in "${npm_dirs[@]}"; do
    stamp="$ROOT/$dir/node_modules/.lock-sha256"
    want="$(sha256sum "$ROOT/$dir/package-lock.json" | cut -d' ' -f1)"
    if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
      log "npm: $dir/node_modules up to date"
    else
      log "npm ci in $dir/"
      (cd "$ROOT/$dir" && npm ci --no-audit --no-fund)
      echo "$want" >"$stamp"
    fi
  done
}
if [ "$app_only" = 1 ]; then
  install_npm
  exit 0
fi

for component in rustfmt clippy; do
  if ! cargo "${component/rustfmt/fmt}" --version >/dev/null 2>&1; then
    log "rustup: adding $component"
    rustup component add "$component"
  fi
done

if tauri-driver --help >/dev/null 2>&1; then
  log "tauri-driver: present"
else
  # crates.io also serves tauri-driver 3.x alphas: stay on 2.
  log "cargo install tauri-driver"
  cargo install tauri-driver --locked --version '^2'
fi

install_npm
