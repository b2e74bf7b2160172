#!/usr/bin/env bash
# Sourced by the cluster scripts: a Python venv with Ray (pinned) in
# $CLUSTER_VENV (default target/cluster-venv), installed once and kept.
# Sets $python.
cluster_venv="${CLUSTER_VENV:-target/cluster-venv}"
ray_version="2.60.0"
if [ ! -x "$cluster_venv/bin/python" ]; then
    python3 -m venv "$cluster_venv"
fi
if ! "$cluster_venv/bin/python" -c "import ray, sys; sys.exit(ray.__version__ != '$ray_version')" 2>/dev/null; then
    "$cluster_venv/bin/pip" install --quiet "ray==$ray_version"
fi
python="$cluster_venv/bin/python"
