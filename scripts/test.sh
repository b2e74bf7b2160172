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

# Tests check behaviour, not speed: the release build here skips fat LTO,
# uses parallel codegen and writes no debug information (with fat LTO the
# links took 12 min 36 s of a 23-minute run on 2 cores; with debug
# information the binary is 110 MB to link, 45 MB without). The
# integration tests are one binary (tests/main.rs). Benchmarks and
# matches use the real release profile.
export CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16
export CARGO_PROFILE_RELEASE_DEBUG=false

cargo fmt --check
cargo clippy --all-targets -- -D warnings
DAM_PERFT_FULL=1 cargo test --release

# Interop: pydraughts drives the release binary that the integration tests
# ran, over Hub and DXP. It is built with unwinding (tests need it); a
# second `cargo build` for the profile's panic = "abort" would rebuild
# every crate (160 s on 2 cores) for no change a protocol test can see.
export DAM=target/release/dam
bash scripts/hub_interop.sh
bash scripts/dxp_interop.sh
bash scripts/cluster/test.sh
