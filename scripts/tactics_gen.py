"""Pick positions with a single good move from dam's own games, for the
test of threads (tests/search_threads.rs, data tests/data/tactics-international.txt).

A position qualifies when, searched to depths 10, 12 and 14 with two
lines (`dam analyze --multipv 2 --threads 1 --egtb-pieces 0`), the same
best move scores at least 1.20 men above the second best at each depth
and the second best is no win (below 1.00 men), and a depth-10 search
(the test's) finds that move with one thread once and with two threads
five times. (Checking depth 10 alone let in a position with two winning
moves, 2.9 and 1.3 men at depth 10 but 2.9 and 2.1 at depth 12, and two
threads played the second now and again.) Positions are drawn at random
(seed 29) from plies 12 to 89 of the games.

Usage: python3 scripts/tactics_gen.py DAM COUNT SOURCE... > FILE
A SOURCE is a PDN file of games, or an earlier set (a .txt file in the
output's format) whose positions are checked again first, in order.
Each output line: FEN;best move;its score at depth 10;the second best
"""

import random
import re
import subprocess
import sys


def lines(dam, fen, depth, threads=1, multipv=2):
    out = subprocess.run(
        [dam, "analyze", "--fen", fen, "--depth", str(depth),
         "--multipv", str(multipv), "--threads", str(threads),
         "--egtb-pieces", "0"],
        capture_output=True, text=True, check=True).stdout
    found = {}
    for line in out.splitlines():
        m = re.match(r'info multipv=(\d) depth=(\d+) .*score=(\S+) .*pv="(\S+)', line)
        if m and int(m.group(2)) == depth:
            found[int(m.group(1))] = (m.group(3), m.group(4))
        m = re.match(r"bestmove (\S+)", line)
        if m:
            found["best"] = m.group(1)
    return found


def men(score):
    if score.startswith("win"):
        return 100.0
    if score.startswith("loss"):
        return -100.0
    return float(score)


def from_games(dam, pdn):
    fens = subprocess.run([dam, "pdn", "convert", "--fen-list", pdn],
                          capture_output=True, text=True, check=True).stdout
    candidates = []
    for game in fens.strip().split("\n\n"):
        plies = [f for f in game.split("\n") if f.strip()]
        candidates.extend(plies[12:90])
    random.seed(29)
    random.shuffle(candidates)
    return candidates


def from_set(path):
    with open(path) as f:
        return [line.split(";")[0] for line in f
                if line.strip() and not line.startswith("#")]


def main():
    dam, count = sys.argv[1], int(sys.argv[2])
    candidates, seen = [], set()
    for source in sys.argv[3:]:
        found = from_set(source) if source.endswith(".txt") else from_games(dam, source)
        candidates.extend(f for f in found if not (f in seen or seen.add(f)))
    kept = 0
    for fen in candidates:
        if kept >= count:
            break
        deep = [lines(dam, fen, depth) for depth in (10, 12, 14)]
        if any(1 not in d or 2 not in d for d in deep):
            continue
        move = deep[0][1][1]
        if any(d[1][1] != move or men(d[1][0]) - men(d[2][0]) < 1.2
               or men(d[2][0]) >= 1.0 for d in deep):
            continue
        if any(lines(dam, fen, 10, t, 1).get("best") != move for t in (1, 2, 2, 2, 2, 2)):
            continue
        deep = deep[0]
        print(f"{fen};{move};{deep[1][0]};{deep[2][0]}", flush=True)
        kept += 1


if __name__ == "__main__":
    main()
