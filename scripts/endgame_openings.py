"""Endgame openings for database matches: from games dam played (PDN),
one position a game with 7 to 10 pieces on the board, the material
level (men count 1, kings 3, the sides at most one man apart), distinct,
one FEN a line for `dam match --ballots`, shuffled (seed 1) so that the
first N mix every source. The first such position of each game is taken,
so the openings are what games really reach.

Usage: python endgame_openings.py DAM OUT.txt GAMES.pdn [MORE.pdn ...]
(DAM: the dam binary, used to read the PDN: `dam pdn convert --fen-list`.)
"""

import random
import subprocess
import sys

LOW, HIGH = 7, 10


def material(side):
    """Pieces and value of one side's FEN part, e.g. `W31,32,K5`."""
    squares = [s for s in side[1:].split(",") if s]
    kings = sum(1 for s in squares if s.startswith("K"))
    return len(squares), len(squares) - kings + 3 * kings


def choose(fen):
    """Whether a FEN (`W:W..:B..`) is an opening: 7-10 pieces, level."""
    parts = fen.strip().split(":")
    if len(parts) != 3:
        return False
    (white, wv), (black, bv) = material(parts[1]), material(parts[2])
    return LOW <= white + black <= HIGH and abs(wv - bv) <= 1 and white and black


def main(dam, out, *pdns):
    seen, openings, games = set(), [], 0
    for pdn in pdns:
        done = subprocess.run([dam, "pdn", "convert", "--fen-list", "--skip-bad", pdn],
                              capture_output=True, text=True)
        if done.returncode != 0:
            sys.exit(f"{pdn}: dam pdn convert failed: {done.stderr.strip()}")
        for game in done.stdout.split("\n\n"):
            games += 1
            fen = next((f for f in game.splitlines() if choose(f)), None)
            if fen and fen not in seen:
                seen.add(fen)
                openings.append(fen.strip())
    random.Random(1).shuffle(openings)  # the sources mixed, repeatably
    with open(out, "w") as f:
        f.write("".join(line + "\n" for line in openings))
    print(f"{len(openings)} openings of {LOW}-{HIGH} pieces from {games} games -> {out}",
          file=sys.stderr)


if __name__ == "__main__":
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    main(*sys.argv[1:])
