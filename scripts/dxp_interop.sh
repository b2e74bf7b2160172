#!/usr/bin/env bash
# Interop test: pydraughts' DXPEngine (the initiator) plays two games
# against `dam dxp --listen` (the follower) over loopback, see
# dxp_interop.py. The venv and the binary come from
# interop_env.sh ($INTEROP_VENV, $DAM). Extra arguments go to `dam dxp`. Exit code 0 on success.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/interop_env.sh
exec "$python" scripts/dxp_interop.py "$dam" "$@"
