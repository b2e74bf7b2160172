"""The Ray driver end to end, on one machine: games dam plays itself (two
files, international and english, a few broken on purpose) are split into
shards and analysed by scripts/cluster/analyze.py on a local Ray cluster
of 2 CPUs; the run is stopped after some shards and resumed. Checks that
every game is in the merged output exactly once, the broken ones as error
records saying where, that the resumed run redid no finished shard, that
the merged output equals one unsplit `dam pdn analyze` (file and --jsonl
stream) game for game, and that a damaged shard fails after its retry
while the other shards are kept.

Usage: python test_analyze.py DAM WORKDIR
"""

import json
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEPTH = "2"
SHARDS = 8
STOP_AFTER = 3

# Games broken on purpose: an illegal move, a FEN that does not read,
# move text that does not parse.
BROKEN = (
    '[White "Broken"]\n[Black "Illegal"]\n[GameType "20"]\n\n1. 32-28 19-23 2. 28-21 *\n\n'
    '[White "Broken"]\n[Black "Fen"]\n[GameType "20"]\n[FEN "W:W99:B1"]\n\n1. 32-28 *\n\n'
    "[White \"Broken\"]\n[Black \"Text\"]\n[GameType \"20\"]\n\n1. 32-28 ??? ) *\n\n"
)


def run(*command, **kw):
    done = subprocess.run([str(c) for c in command], capture_output=True, **kw)
    return done


def play(dam, work, variant, games):
    """`games` short games of dam at depth 1 against depth 2."""
    path = work / f"{variant}.pdn"
    done = run(dam, "match", "--engine", "dam:depth=1", "--engine", "dam:depth=2",
               "--variant", variant, "--games", games, "--max-plies", "24", "--pdn", path)
    assert done.returncode == 0, done.stderr.decode()
    return path


def driver(dam, manifest, out, *extra):
    return run(sys.executable, HERE / "analyze.py", manifest, "--out", out, "--depth", DEPTH,
               "--dam", dam, "--num-cpus", "2", "--object-store-mb", "80",
               "--temp-dir", manifest.parent.parent / "ray", *extra)


def main(dam, work):
    dam, work = Path(dam).resolve(), Path(work)
    work.mkdir(parents=True, exist_ok=True)
    intl = play(dam, work, "international", "200")
    english = play(dam, work, "english", "60")
    # The broken games go in the middle of the international file.
    text = intl.read_text()
    cut = text.index("[Event", len(text) // 2)
    text = text[:cut] + BROKEN + text[cut:]
    intl.write_text(text)

    def line(at):
        return text[:at].count("\n") + 1

    starts = [line(i) for i in range(cut, cut + len(BROKEN)) if text.startswith('[White "B', i)]
    wrong = [line(text.index(w)) for w in ("28-21", '[FEN "W:W99', "??? )")]
    inputs = [intl, english]

    shards = work / "shards"
    done = run(dam, "pdn", "split", *inputs, "--shards", SHARDS, "-o", shards)
    assert done.returncode == 0, done.stderr.decode()
    manifest = json.loads((shards / "manifest.json").read_text())
    assert len(manifest["shards"]) == SHARDS
    total = manifest["games"]
    assert total == 200 + 60 + 3, total

    out = work / "out"
    first = driver(dam, shards / "manifest.json", out, "--stop-after", STOP_AFTER)
    assert first.returncode == 3, first.stderr.decode()
    results = sorted((out / "shards").glob("*.jsonl"))
    assert len(results) >= STOP_AFTER, results
    stamps = {p: p.stat().st_mtime_ns for p in results}
    second = driver(dam, shards / "manifest.json", out)
    assert second.returncode == 0, second.stderr.decode()
    assert f"resuming: {len(results)} of {SHARDS}" in second.stderr.decode()
    assert all(p.stat().st_mtime_ns == t for p, t in stamps.items()), "a finished shard was redone"
    ran = (out / "runs.log").read_text().split()
    assert sorted(ran) == sorted(s["file"] for s in manifest["shards"]), ran

    records = [json.loads(line) for line in (out / "analysed.jsonl").read_text().splitlines()]
    assert [r["game"] for r in records] == list(range(1, total + 1)), "not every game once"
    errors = [r for r in records if "error" in r]
    assert [r["line"] for r in errors] == starts, errors
    assert all(r["file"] == str(intl) for r in errors), errors
    assert [r["error"]["line"] for r in errors] == wrong, errors
    assert [r["error"]["move"] for r in errors] == ["2", None, "1"], errors

    # One unsplit run: the annotated file, and the stream of each input.
    unsplit = work / "unsplit.pdn"
    done = run(dam, "pdn", "analyze", *inputs, "--depth", DEPTH, "-o", unsplit)
    assert done.returncode == 1, done.stderr.decode()  # 1: bad games left out
    assert (out / "analysed.pdn").read_bytes() == unsplit.read_bytes(), "PDN differs from unsplit"
    streamed, offset = [], 0
    for path in inputs:
        with open(path, "rb") as f:
            done = run(dam, "pdn", "analyze", "--jsonl", "--depth", DEPTH, stdin=f)
        assert done.returncode == 0, done.stderr.decode()
        for line in done.stdout.decode().splitlines():
            record = json.loads(line)
            record["game"] += offset
            record["file"] = str(path)
            streamed.append(record)
        offset = len(streamed)
    assert records == streamed, "records differ from one unsplit stream"

    summary = json.loads((out / "summary.json").read_text())
    assert summary["games"] == total and summary["errors"] == 3, summary

    # A damaged shard fails after its retry; the others are kept.
    damaged = work / "damaged"
    shutil.copytree(shards, damaged)
    with open(damaged / manifest["shards"][1]["file"], "ab") as f:
        f.write(b" ")
    failed = driver(dam, damaged / "manifest.json", work / "out-damaged", "--retries", "1")
    assert failed.returncode == 1, failed.stderr.decode()
    assert "bytes or crc32 differ" in failed.stderr.decode(), failed.stderr.decode()
    kept = list((work / "out-damaged" / "shards").glob("*.jsonl"))
    assert len(kept) == SHARDS - 1, kept
    print(f"cluster: {total} games in {SHARDS} shards, stopped after {len(results)} and resumed; "
          f"merged output equals unsplit analyze; 3 error records; a damaged shard failed alone")


if __name__ == "__main__":
    main(*sys.argv[1:])
