#!/usr/bin/env bash
# The Ray driver's test (scripts/test.sh runs it): a local Ray cluster of
# 2 CPUs analyses a few hundred games dam plays itself, stopped and
# resumed, checked against one unsplit `dam pdn analyze`. $DAM is the
# binary to test (default: a release build).
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/cluster/env.sh
if [ -z "${DAM:-}" ]; then
    cargo build --release --quiet
    DAM=target/release/dam
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$python" scripts/cluster/test_analyze.py "$DAM" "$work"
