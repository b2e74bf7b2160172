#!/usr/bin/env bash
# Play dam against a sparring partner over DXP: Scan 2.0 (rhalbersma/scan at
# 57082ee) or Moby Dam (rhalbersma/mobydam), built in a scratch folder
# outside the repository. They are a yardstick only: nothing of theirs is
# copied into dam, trained on, or used by the tests and CI.
#
#   bash scripts/sparring.sh scan [GAMES] [-- more dam match options]
#   bash scripts/sparring.sh mobydam [GAMES] [-- more dam match options]
#
# The setting is the one of issue 28's referee: dam through Hub on one
# thread at 0.75 s a move, the peer over DXP on 1 minute for 75 moves, no
# opening book on either side, the international 2-move ballots
# (not used in training) each twice with colours reversed, and a game
# still running after 75 moves (150 plies) adjudicated by material: two
# men ahead (a king counts three) wins. Scan uses its own 2-4 piece
# bitbases; Moby Dam none; dam the sets in its cache (2-4 built on first
# use by `dam egtb build --variant international --pieces 4`).
#
# Environment: DAM (the dam binary, default target/release/dam, built if
# missing), SPARRING_DIR (scratch folder, default ~/.cache/dam-sparring),
# SCAN_REPO / MOBYDAM_REPO (where to clone from, default GitHub), PORT
# (default 27531), PDN (default SPARRING_DIR/PEER.pdn), MOVETIME (dam's
# seconds a move, default 0.75; `clock`: dam on the peer's clock too),
# BALLOTS (the openings, default book/international-2move.txt; a file of
# other lines of that deck plays them instead, e.g. for two builds played
# side by side on the same fresh openings).
set -euo pipefail

peer=${1:?usage: sparring.sh scan|mobydam [GAMES] [-- dam match options]}
shift
games=16
if [[ $# -gt 0 && $1 != -- ]]; then
    games=$1
    shift
fi
[[ ${1:-} == -- ]] && shift

root=$(cd "$(dirname "$0")/.." && pwd)
dir=${SPARRING_DIR:-$HOME/.cache/dam-sparring}
port=${PORT:-27531}
dam=${DAM:-$root/target/release/dam}
if [[ ! -x $dam ]]; then
    (cd "$root" && cargo build --release)
fi
mkdir -p "$dir"

case $peer in
scan)
    src=$dir/scan
    if [[ ! -x $src/scan ]]; then
        [[ -d $src ]] || git clone -q --no-checkout "${SCAN_REPO:-https://github.com/rhalbersma/scan}" "$src"
        git -C "$src" checkout -f -q 57082ee
        make -C "$src/src" >/dev/null
        cp "$src/src/scan" "$src/scan"
    fi
    cat >"$src/scan.ini" <<EOF
book = false
book-margin = 2
threads = 1
tt-size = 24
bb-size = 4
dxp-server = true
dxp-host = 127.0.0.1
dxp-port = $port
dxp-initiator = false
dxp-time = 1
dxp-moves = 75
dxp-board = false
dxp-search = false
EOF
    (cd "$src" && exec ./scan dxp) >"$dir/scan.log" 2>&1 &
    ;;
mobydam)
    src=$dir/mobydam
    if [[ ! -x $src/main/mobydam ]]; then
        [[ -d $src ]] || git clone -q "${MOBYDAM_REPO:-https://github.com/rhalbersma/mobydam}" "$src"
        make -C "$src/main" >/dev/null
    fi
    mkdir -p "$dir/mobydam-run/nodb"
    (cd "$dir/mobydam-run" && exec "$src/main/mobydam" -b none.opn -e nodb -t 24 -p "$port" </dev/null) \
        >"$dir/mobydam.log" 2>&1 &
    ;;
*)
    echo "unknown peer '$peer': scan or mobydam" >&2
    exit 2
    ;;
esac
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 50); do
    ss -ltn 2>/dev/null | grep -q ":$port " && break
    sleep 0.2
done

movetime=(--movetime "${MOVETIME:-0.75}")
[[ ${MOVETIME:-} == clock ]] && movetime=()
"$dam" match --engine "$dam hub" --engine "dxp://127.0.0.1:$port" \
    --ballots "${BALLOTS:-$root/book/international-2move.txt}" --games "$games" \
    --time 1 --moves 75 "${movetime[@]}" --max-plies 150 --adjudicate-material \
    --hub-param threads=1 --pdn "${PDN:-$dir/$peer.pdn}" --event "dam vs $peer" "$@"
