#!/usr/bin/env bash
# Interop test: drive `dam hub` with pydraughts' HubEngine (see
# hub_interop.py). The venv and the binary come from
# interop_env.sh ($INTEROP_VENV, $DAM). Exit code 0 on success.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/interop_env.sh
exec "$python" scripts/hub_interop.py "$dam"
