#!/usr/bin/env bash
# Interop test: pydraughts' DXPEngine (the initiator) plays two games
# against `dam dxp --listen` (the follower) over loopback, see
# dxp_interop.py. Creates a venv (default target/dxp-interop-venv, or
# $DXP_INTEROP_VENV), installs pydraughts from PyPI, builds dam (debug, or
# uses $DAM if set). Extra arguments go to `dam dxp`. Exit code 0 on success.
set -euo pipefail
cd "$(dirname "$0")/.."
venv="${DXP_INTEROP_VENV:-target/dxp-interop-venv}"
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
if ! "$venv/bin/python" -c "import draughts.engine" 2>/dev/null; then
    "$venv/bin/pip" install --quiet pydraughts
fi
if [ -z "${DAM:-}" ]; then
    cargo build --quiet
    DAM="target/debug/dam"
fi
exec "$venv/bin/python" scripts/dxp_interop.py "$(realpath "$DAM")" "$@"
