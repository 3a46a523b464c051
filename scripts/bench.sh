#!/usr/bin/env bash
# Runs a bench as the app is built: lib.sh's release profile (the .deb's), with the workspace's
# overrides for the crates an action runs through (Cargo.toml). Plain `cargo bench` builds with
# cargo's own bench profile instead (no LTO, 16 codegen units), which is not what ships: its
# figures for a whole action differ from the app's by several µs (docs/benchmarks.md).
#   bash scripts/bench.sh            # benches/store.rs; ratios also in target/bench-ratios.txt
#   bash scripts/bench.sh history    # benches/history.rs
#   bash scripts/bench.sh host       # benches/host.rs: six phones on loopback
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"
release_profile_env
cargo bench -p estate-steward-benches --profile release --bench "${1:-store}"
