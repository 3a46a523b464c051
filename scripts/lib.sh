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
