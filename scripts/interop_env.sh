#!/usr/bin/env bash
# Sourced by the interop scripts: a Python venv with pydraughts from PyPI
# in $INTEROP_VENV (default target/interop-venv), and the dam binary to
# test in $DAM (default: a debug build). Sets $python and $dam.
venv="${INTEROP_VENV:-target/interop-venv}"
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
python="$venv/bin/python"
dam="$(realpath "$DAM")"
