#!/usr/bin/env bash
# Play the current build against an older one and print W/D/L and Elo with
# its 95% error bar (see README, "Measuring strength").
#
#   bash scripts/strength.sh BASE [dam match options...]
#
# BASE is a commit (built once in release in a git worktree, the binary
# cached in $DAM_STRENGTH_DIR, default target/strength) or the path of a dam
# binary. Both engines run as Hub engines with one search thread each; the
# defaults (VARIANT, BALLOTS, MOVETIME, CONCURRENCY, environment variables)
# play every shipped three-move ballot twice, colours reversed, at 0.2 s a
# move, two games at a time (a variant without a shipped deck gets its
# balanced three-ply openings from `dam ballots`). Options after BASE go to `dam match` as they
# are, e.g. `--sprt 0,20` to stop on a sequential test.
set -euo pipefail
cd "$(dirname "$0")/.."

base=${1:?usage: bash scripts/strength.sh BASE [dam match options...]}
shift
variant=${VARIANT:-international}
ballots=${BALLOTS:-}
movetime=${MOVETIME:-0.2}
concurrency=${CONCURRENCY:-2}
dir=${DAM_STRENGTH_DIR:-target/strength}
mkdir -p "$dir"

if [ -x "$base" ] && [ -f "$base" ]; then
  base_bin=$(realpath "$base")
  base_name=$(basename "$base")
else
  sha=$(git rev-parse --verify "$base^{commit}")
  base_name=${sha:0:10}
  base_bin=$(realpath "$dir")/dam-$base_name
  if [ ! -x "$base_bin" ]; then
    tree=$(realpath "$dir")/tree-$base_name
    git worktree add --detach "$tree" "$sha" >&2
    (cd "$tree" && CARGO_TARGET_DIR="$tree/target" cargo build --release --quiet)
    cp "$tree/target/release/dam" "$base_bin"
    git worktree remove --force "$tree"
  fi
fi

# Ballots: the shipped deck, else every balanced three-ply opening, listed
# once by the base binary (deterministic) and kept.
if [ -z "$ballots" ]; then
  ballots=book/$variant-3move.txt
  if [ ! -f "$ballots" ]; then
    ballots=$dir/$variant-3move.txt
    [ -s "$ballots" ] || "$base_bin" ballots --variant "$variant" --plies 3 --depth 8 --margin 25 > "$ballots"
  fi
fi

# The current build, copied so that rebuilding during the match is harmless.
cargo build --release --quiet
new_name=$(git rev-parse --short=10 HEAD)
git diff --quiet HEAD || new_name=$new_name-dirty-$(git diff HEAD | sha1sum | cut -c1-8)
new_bin=$(realpath "$dir")/dam-new-$$
cp target/release/dam "$new_bin"
trap 'rm -f "$new_bin"' EXIT

pdn=$dir/$new_name-vs-$base_name-$variant.pdn
echo "$new_name vs $base_name, $variant, $movetime s a move, ballots $ballots; games in $pdn" >&2
"$new_bin" match --variant "$variant" \
  --engine "$new_bin hub" --engine "$base_bin hub" --hub-param threads=1 \
  --ballots "$ballots" --movetime "$movetime" --concurrency "$concurrency" \
  --pdn "$pdn" "$@"
