"""Analyse a sharded PDN archive on a Ray cluster with dam.

Takes the manifest `dam pdn split` writes, runs `dam pdn analyze --jsonl`
on each shard as a Ray task (one CPU each; retried on failure), keeps each
finished shard's records in OUT/shards/ (so a stopped run, run again, does
only the shards left), and at the end merges them into OUT/analysed.pdn
(the annotated games, as one `dam pdn analyze` over the unsplit input
writes them), OUT/analysed.jsonl (every game's record, in input order, its
game number, file and lines those of the input) and OUT/summary.json
(games, errors, mistakes per 100 moves by player).

Without --address Ray starts a one-machine cluster in this process
(--num-cpus workers); with --address (`ray start --head` prints it, or
`auto` inside a cluster) the tasks run on the cluster's nodes. Every node
needs the dam binary at the path --dam names. The shards' bytes travel
through Ray's object store, so the workers need no shared file system.

Exit code: 0 when merged, 1 when a shard failed after its retries (the
others are kept: run again to retry it), 3 when stopped by --stop-after.
"""

import argparse
import json
import os
import subprocess
import sys
import time
import zlib
from pathlib import Path

from ray_start import add_ray_arguments, start_ray


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("manifest", type=Path, help="manifest.json written by dam pdn split")
    p.add_argument("--out", type=Path, required=True, help="output folder (resumable)")
    limit = p.add_mutually_exclusive_group(required=True)
    limit.add_argument("--depth", type=int, help="search depth of every position")
    limit.add_argument("--time", type=float, help="seconds a position (not reproducible)")
    p.add_argument("--dam", default="dam", help="the dam binary on every node")
    p.add_argument("--variant", help="variant of games without a GameType tag")
    add_ray_arguments(p)
    p.add_argument("--retries", type=int, default=3, help="retries of a failed shard")
    p.add_argument("--stop-after", type=int, default=0, help="stop after K shards (testing resume)")
    return p.parse_args(argv)


def stage_args(args):
    """The arguments of the dam stage each task runs."""
    out = ["pdn", "analyze", "--jsonl"]
    out += ["--depth", str(args.depth)] if args.depth else ["--time", str(args.time)]
    if args.variant:
        out += ["--variant", args.variant]
    return out


def analyze_shard(shard, data, dam, arguments):
    """One shard through `dam pdn analyze --jsonl`: its records, and the
    seconds dam took. Raises (and Ray retries) on a damaged shard, a
    failed dam, or a record count that is not the shard's game count."""
    if len(data) != shard["bytes"] or "%08x" % zlib.crc32(data) != shard["crc32"]:
        raise RuntimeError(f"{shard['file']}: bytes or crc32 differ from the manifest")
    start = time.monotonic()
    done = subprocess.run([dam, *arguments], input=data, capture_output=True)
    seconds = time.monotonic() - start
    if done.returncode != 0:
        tail = done.stderr.decode(errors="replace")[-2000:]
        raise RuntimeError(f"{shard['file']}: dam exited with {done.returncode}: {tail}")
    records = done.stdout.count(b"\n")
    if records != shard["games"]:
        raise RuntimeError(f"{shard['file']}: {records} records for {shard['games']} games")
    return done.stdout, seconds


def write_whole(path, data):
    """Write `data` to `path` whole or not at all."""
    partial = path.with_name(path.name + ".partial")
    partial.write_bytes(data)
    os.replace(partial, path)


def result_path(out, shard):
    return out / "shards" / (Path(shard["file"]).stem + ".jsonl")


def check_run(out, manifest, arguments):
    """The output folder belongs to this manifest and these arguments."""
    run = {"arguments": arguments, "shards": [s["crc32"] for s in manifest["shards"]]}
    path = out / "run.json"
    if path.exists():
        if json.loads(path.read_text()) != run:
            sys.exit(f"{out}: made from another manifest or other arguments; use a new folder")
    else:
        (out / "shards").mkdir(parents=True, exist_ok=True)
        write_whole(path, json.dumps(run).encode())


def run_shards(args, manifest, todo, arguments):
    """Run the shards `todo` on Ray; (finished, failed, stopped, timings)."""
    began = time.monotonic()
    ray = start_ray(args)
    init = time.monotonic() - began
    task = ray.remote(num_cpus=1, max_retries=args.retries, retry_exceptions=True)(analyze_shard)
    window = max(2, 2 * int(ray.cluster_resources().get("CPU", 1)))
    base = args.manifest.parent
    pending, running = list(todo), {}
    finished, failed, dam_seconds = 0, [], 0.0
    games = sum(s["games"] for s in todo)
    games_done, start = 0, time.monotonic()
    stopped = False
    while (pending or running) and not stopped:
        while pending and len(running) < window:
            shard = pending.pop(0)
            data = (base / shard["file"]).read_bytes()
            running[task.remote(shard, data, args.dam, arguments)] = shard
        ready, _ = ray.wait(list(running), num_returns=1)
        shard = running.pop(ready[0])
        try:
            records, seconds = ray.get(ready[0])
        except Exception as e:  # a task failed after its retries
            failed.append(shard["file"])
            print(f"failed: {shard['file']}: {e}", file=sys.stderr)
            continue
        write_whole(result_path(args.out, shard), records)
        with open(args.out / "runs.log", "a") as log:
            log.write(shard["file"] + "\n")
        finished += 1
        games_done += shard["games"]
        dam_seconds += seconds
        rate = games_done / max(time.monotonic() - start, 1e-9)
        eta = (games - games_done) / rate if rate else 0
        print(
            f"[{finished}/{len(todo)} shards, {games_done}/{games} games, "
            f"{rate:.2f} games/s, eta {eta:.0f} s] {shard['file']}",
            file=sys.stderr,
        )
        more = bool(pending or running)
        stopped = bool(args.stop_after) and finished >= args.stop_after and more
    for ref in running:
        ray.cancel(ref, force=True)
    wall = time.monotonic() - start
    ray.shutdown()
    timings = {"ray_init_s": init, "wall_s": wall, "dam_s": dam_seconds, "tasks": finished}
    return finished, failed, stopped, timings


def source_of(shard, local):
    """The input segment of a shard's `local`-th game (1-based): the
    segment and the game's index in it."""
    before = 0
    for segment in shard["segments"]:
        if local <= before + segment["games"]:
            return segment, local - before - 1
        before += segment["games"]
    raise ValueError(f"{shard['file']}: no game {local}")


def merge(out, manifest):
    """Merge the shards' records (game numbers, files and lines made those
    of the input) into analysed.jsonl and analysed.pdn, a shard at a time;
    the summary."""
    summary = {"games": 0, "errors": 0, "moves": 0, "mistakes": 0, "blunders": 0}
    players = {}
    jsonl_path, pdn_path = out / "analysed.jsonl.partial", out / "analysed.pdn.partial"
    text = {"encoding": "utf-8", "newline": ""}
    with open(jsonl_path, "w", **text) as jsonl, open(pdn_path, "w", **text) as pdn:
        for shard in manifest["shards"]:
            with open(result_path(out, shard), **text) as records:
                for raw in records:
                    record = json.loads(raw)
                    segment, _ = source_of(shard, record["game"])
                    shift = segment["line"] - segment["shard_line"]
                    record["game"] += shard["first_game"] - 1
                    record["line"] += shift
                    record["file"] = segment["input"]
                    summary["games"] += 1
                    if "error" in record:
                        record["error"]["line"] += shift
                        summary["errors"] += 1
                    else:
                        pdn.write(record["pdn"])
                        count_moves(record, summary, players)
                    jsonl.write(json.dumps(record, sort_keys=True, ensure_ascii=False) + "\n")
    os.replace(jsonl_path, out / "analysed.jsonl")
    os.replace(pdn_path, out / "analysed.pdn")
    for p in players.values():
        p["mistakes_per_100_moves"] = round(100 * p["mistakes"] / max(p["moves"], 1), 2)
    summary["mistakes_per_100_moves"] = round(
        100 * (summary["mistakes"] + summary["blunders"]) / max(summary["moves"], 1), 2
    )
    summary["players"] = dict(sorted(players.items(), key=lambda kv: -kv[1]["moves"]))
    write_whole(out / "summary.json", json.dumps(summary, indent=1).encode())
    return summary


def count_moves(record, summary, players):
    """Count a good game's moves and marked mistakes ($2, $4), by player
    (the White or Black tag of the side that moved)."""
    for move in record["moves"]:
        name = record["tags"].get("White" if move["side"] == "white" else "Black") or "?"
        player = players.setdefault(name, {"moves": 0, "mistakes": 0})
        player["moves"] += 1
        summary["moves"] += 1
        if move["nag"] in (2, 4):
            player["mistakes"] += 1
            summary["mistakes" if move["nag"] == 2 else "blunders"] += 1


def main(argv):
    args = parse_args(argv)
    manifest = json.loads(args.manifest.read_text())
    arguments = stage_args(args)
    check_run(args.out, manifest, arguments)
    todo = [s for s in manifest["shards"] if not result_path(args.out, s).exists()]
    done = len(manifest["shards"]) - len(todo)
    if done:
        print(f"resuming: {done} of {len(manifest['shards'])} shards done before", file=sys.stderr)
    if todo:
        finished, failed, stopped, timings = run_shards(args, manifest, todo, arguments)
        print("timings " + json.dumps(timings), file=sys.stderr)
        if failed:
            print(f"{len(failed)} shard(s) failed: run again to retry them", file=sys.stderr)
            return 1
        if stopped:
            print(f"stopped after {finished} shards (--stop-after)", file=sys.stderr)
            return 3
    summary = merge(args.out, manifest)
    print(
        f"games {summary['games']}, errors {summary['errors']}, moves {summary['moves']}, "
        f"mistakes {summary['mistakes']}, blunders {summary['blunders']}, "
        f"mistakes per 100 moves {summary['mistakes_per_100_moves']}"
    )
    for name, p in list(summary["players"].items())[:10]:
        print(f"  {name}: {p['moves']} moves, {p['mistakes_per_100_moves']} mistakes per 100")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
