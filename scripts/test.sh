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

cargo fmt --check
cargo clippy --all-targets -- -D warnings
DAM_PERFT_FULL=1 cargo test --release

# Interop: pydraughts drives the release binary built above, over Hub and DXP.
cargo build --release --quiet
export DAM=target/release/dam
bash scripts/hub_interop.sh
bash scripts/dxp_interop.sh
bash scripts/cluster/test.sh
