"""Pick positions with a single good move from dam's own games, for the
test of threads (tests/search_threads.rs, data tests/data/tactics-international.txt).

A position qualifies when, searched to depth 10 with two lines
(`dam analyze --multipv 2 --threads 1`), its best move scores at least
1.20 men above the second best, and a depth-8 search finds that move
with one thread once and with two threads three times. Positions are
drawn at random (seed 29) from plies 12 to 89 of the games.

Usage: python3 scripts/tactics_gen.py DAM GAMES.pdn COUNT > FILE
Each output line: FEN;best move;its score;the second best score
"""

import random
import re
import subprocess
import sys


def lines(dam, fen, depth, threads=1, multipv=2):
    out = subprocess.run(
        [dam, "analyze", "--fen", fen, "--depth", str(depth),
         "--multipv", str(multipv), "--threads", str(threads)],
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


def main():
    dam, pdn, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    fens = subprocess.run([dam, "pdn", "convert", "--fen-list", pdn],
                          capture_output=True, text=True, check=True).stdout
    candidates = []
    for game in fens.strip().split("\n\n"):
        plies = [f for f in game.split("\n") if f.strip()]
        candidates.extend(plies[12:90])
    random.seed(29)
    random.shuffle(candidates)
    kept = 0
    for fen in candidates:
        if kept >= count:
            break
        deep = lines(dam, fen, 10)
        if 1 not in deep or 2 not in deep:
            continue
        if men(deep[1][0]) - men(deep[2][0]) < 1.2:
            continue
        move = deep[1][1]
        if any(lines(dam, fen, 8, t, 1).get("best") != move for t in (1, 2, 2, 2)):
            continue
        print(f"{fen};{move};{deep[1][0]};{deep[2][0]}", flush=True)
        kept += 1


if __name__ == "__main__":
    main()
