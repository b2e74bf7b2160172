#!/usr/bin/env bash
# The Ray drivers' tests (scripts/test.sh runs them) on a local Ray cluster
# of 2 CPUs: analyze.py analyses a few hundred games dam plays itself,
# stopped and resumed, checked against one unsplit `dam pdn analyze`;
# egtb.py builds the international 2-4 databases, stopped and resumed,
# checked byte for byte against a local `dam egtb build`. $DAM is the
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
"$python" scripts/cluster/test_egtb.py "$DAM" "$work/egtb"
