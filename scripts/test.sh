#!/usr/bin/env bash
# The project's whole test command: formatting, lints, then every test in
# one release build (the perft suites in full, DAM_PERFT_FULL=1).
# Interop scripts (a Python venv with pydraughts) run last.
set -euo pipefail
cd "$(dirname "$0")/.."

# The terminal test of dam play runs under tmux, a Debian package.
if ! command -v tmux >/dev/null && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    apt-get install -y tmux || { apt-get update && apt-get install -y tmux; } ||
        echo "tmux cannot be installed: the terminal test of dam play will be skipped"
fi

# Tests check behaviour, not speed: the release build here skips fat LTO
# and uses parallel codegen (linking ~30 test binaries with fat LTO took
# 12 min 36 s of a 23-minute run on 2 cores). Benchmarks and matches use
# the real release profile.
export CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16

cargo fmt --check
cargo clippy --all-targets -- -D warnings
DAM_PERFT_FULL=1 cargo test --release

# Interop: pydraughts drives the release binary built above, over Hub and DXP.
cargo build --release --quiet
export DAM=target/release/dam
bash scripts/hub_interop.sh
bash scripts/dxp_interop.sh
bash scripts/cluster/test.sh
