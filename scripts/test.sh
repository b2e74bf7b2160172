#!/usr/bin/env bash
# The project's whole test command: formatting, lints, then every test in
# one release build (the perft suites in full, DAM_PERFT_FULL=1).
# Interop test scripts are appended below as they land.
set -euo pipefail
cd "$(dirname "$0")/.."

cargo fmt --check
cargo clippy --all-targets -- -D warnings
DAM_PERFT_FULL=1 cargo test --release
