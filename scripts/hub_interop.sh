#!/usr/bin/env bash
# Interop test: drive `dam hub` with pydraughts' HubEngine (see
# hub_interop.py). Creates a venv (default target/hub-interop-venv, or
# $HUB_INTEROP_VENV), installs pydraughts from PyPI, builds dam (debug, or
# uses $DAM if set) and runs the conversation. Exit code 0 on success.
set -euo pipefail
cd "$(dirname "$0")/.."
venv="${HUB_INTEROP_VENV:-target/hub-interop-venv}"
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
exec "$venv/bin/python" scripts/hub_interop.py "$(realpath "$DAM")"
