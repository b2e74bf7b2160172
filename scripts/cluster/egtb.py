"""Build a variant's endgame databases on a Ray cluster with dam.

Takes the jobs of `dam egtb plan` and runs each as a Ray task once every
job it depends on is done. A task copies the files of every job the plan
says it needs (both signatures, `.dtb` and `.wdl` as the plan lists them)
from the shared directory into a local one, runs `dam egtb build
--variant V --signature SIG --dir LOCAL`, and copies the job's new files
back, each under a temporary name renamed into place (whole or not at
all), then a marker with their sizes and SHA-256 (SHARED/<variant>/.cluster/).

A job packed to one `.wdl` (by `dam egtb build --pieces N` once every
job is built: the file kept says its mirror's is left out) counts as
whole with that file, and its dependents copy that one.

Resumable: a job whose files are all in the shared directory, each with
its header (magic, version, signature) and checksum good, is skipped; the
checksum is the marker's SHA-256, or for a file without a marker (copied
there by hand, built by a plain `dam egtb build`) the file's own FNV-1a
checksum, slow in Python. A failed job is retried (--retries); after that
the driver starts no new job, waits for the running ones, and exits 1
naming the job. Progress goes to stderr, the ETA from the plan's CPU
estimates.

Without --address Ray starts a one-machine cluster in this process
(--num-cpus); with --address (`ray start --head` prints it, or `auto` on
a cluster node) the tasks run on the cluster's nodes. Every node needs
the dam binary at --dam and the shared directory at the same path (an NFS
or object-store mount).

Exit code: 0 when every job is done, 1 when a job failed, 3 when stopped
by --stop-after.
"""

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

from ray_start import add_ray_arguments, start_ray

MAGICS = {".dtb": b"DAMEGTB\0", ".wdl": b"DAMWDL\0\0"}
VERSION = 2
HEADER = 64


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--variant", default="international", help="a removal variant")
    p.add_argument("--pieces", type=int, required=True, help="every job up to this many pieces")
    p.add_argument("--shared", type=Path, required=True, help="the shared database directory")
    p.add_argument("--dam", default="dam", help="the dam binary on every node")
    p.add_argument("--threads", type=int, default=1, help="threads (and Ray CPUs) of a job")
    p.add_argument("--local-dir", help="a worker's scratch folder (default: its temp dir)")
    p.add_argument("--reserve-memory", action="store_true",
                   help="ask Ray for each job's memory estimate (the plan's, unsliced)")
    add_ray_arguments(p)
    p.add_argument("--retries", type=int, default=2, help="retries of a failed job")
    p.add_argument("--stop-after", type=int, default=0, help="stop after K jobs (testing resume)")
    return p.parse_args(argv)


def read_plan(dam, variant, pieces):
    """The plan's jobs, in dependency order."""
    done = subprocess.run([dam, "egtb", "plan", "--variant", variant, "--pieces", str(pieces)],
                          capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"dam egtb plan failed: {done.stderr.strip()}")
    return [json.loads(line) for line in done.stdout.splitlines()]


# The .wdl header's flags byte: bit 0, the mirror's file left out (a job
# that `dam egtb build --pieces N` packed to one file, its smaller).
FLAGS, MIRROR_LEFT_OUT = 20, 1


def sha256(path):
    """SHA-256 of the file with the flags byte read as 0, so that a job
    packed after its marker was written still matches it."""
    h = hashlib.sha256()
    with open(path, "rb") as f:
        first = True
        for chunk in iter(lambda: f.read(1 << 20), b""):
            if first and path.suffix == ".wdl" and len(chunk) > FLAGS:
                chunk = chunk[:FLAGS] + b"\0" + chunk[FLAGS + 1:]
            first = False
            h.update(chunk)
    return h.hexdigest()


def left_out(folder, name):
    """Whether the .wdl `name` is absent because its mirror's file, there,
    says it is left out."""
    stem = Path(name).stem
    if not name.endswith(".wdl") or (folder / name).exists() or stem == stem[2:] + stem[:2]:
        return False
    mirror = folder / f"{stem[2:]}{stem[:2]}.wdl"
    if not mirror.is_file():
        return False
    with open(mirror, "rb") as f:
        head = f.read(HEADER)
    return len(head) == HEADER and head[FLAGS] & MIRROR_LEFT_OUT != 0


def fnv1a64(path):
    """FNV-1a 64 of every byte of `path` after the header (the files'
    own checksum)."""
    h, mask = 0xCBF29CE484222325, (1 << 64) - 1
    with open(path, "rb") as f:
        f.seek(HEADER)
        for chunk in iter(lambda: f.read(1 << 20), b""):
            for b in chunk:
                h = ((h ^ b) * 0x100000001B3) & mask
    return h


def header_ok(path):
    """Magic, format version and signature of a database file."""
    with open(path, "rb") as f:
        head = f.read(HEADER)
    if len(head) < HEADER or head[:8] != MAGICS[path.suffix]:
        return False
    signature = "".join(str(d) for d in head[12:16])
    return int.from_bytes(head[8:10], "little") == VERSION and signature == path.stem


def marker_path(shared, variant, job):
    return shared / variant / ".cluster" / f"{job['signature']}.json"


def job_done(shared, variant, job):
    """Whether every file of `job` is in the shared directory, whole. A
    job whose files pass their own checksum but had no marker gets one."""
    folder = shared / variant
    paths = [folder / name for name in job["files"] if not left_out(folder, name)]
    if not all(p.is_file() and header_ok(p) for p in paths):
        return False
    marker = marker_path(shared, variant, job)
    if marker.is_file():
        files = json.loads(marker.read_text())
        return all(
            p.name in files and p.stat().st_size == files[p.name]["bytes"]
            and sha256(p) == files[p.name]["sha256"] for p in paths
        )
    print(f"checking {job['signature']} by its files' FNV-1a checksums (no marker)", file=sys.stderr)
    for p in paths:
        with open(p, "rb") as f:
            stored = int.from_bytes(f.read(HEADER)[48:56], "little")
        if fnv1a64(p) != stored:
            return False
    write_marker(shared, variant, job, paths)
    return True


def copy_whole(source, target):
    """Copy `source` to `target` under a temporary name in the target's
    folder (a dot name, which dam ignores), synced, then renamed."""
    partial = target.with_name(f".{target.name}.{uuid.uuid4().hex}.partial")
    try:
        with open(source, "rb") as src, open(partial, "wb") as dst:
            shutil.copyfileobj(src, dst, 1 << 20)
            dst.flush()
            os.fsync(dst.fileno())
        os.replace(partial, target)
    finally:
        partial.unlink(missing_ok=True)


def write_marker(shared, variant, job, paths):
    files = {p.name: {"bytes": p.stat().st_size, "sha256": sha256(p)} for p in paths}
    marker = marker_path(shared, variant, job)
    marker.parent.mkdir(parents=True, exist_ok=True)
    partial = marker.with_name(marker.name + ".partial")
    partial.write_text(json.dumps(files, sort_keys=True))
    os.replace(partial, marker)


def build_job(job, needed_files, shared, variant, dam, threads, local_dir):
    """One job on a worker: copy in what it needs, build, copy back.
    Returns the seconds dam took and the node's name. Raises (and Ray
    retries) when a needed file is missing or dam fails."""
    shared = Path(shared)
    scratch = Path(tempfile.mkdtemp(prefix=f"dam-egtb-{job['signature']}-", dir=local_dir))
    try:
        local = scratch / variant
        local.mkdir()
        for name in needed_files:
            source = shared / variant / name
            if left_out(shared / variant, name):
                continue
            if not source.is_file():
                raise RuntimeError(f"{job['signature']} needs {source}, which is missing")
            shutil.copyfile(source, local / name)
        command = [dam, "egtb", "build", "--variant", variant, "--signature", job["signature"],
                   "--threads", str(threads), "--dir", str(scratch)]
        start = time.monotonic()
        done = subprocess.run(command, capture_output=True)
        seconds = time.monotonic() - start
        if done.returncode != 0:
            tail = done.stderr.decode(errors="replace")[-2000:]
            raise RuntimeError(f"{job['signature']}: dam exited with {done.returncode}: {tail}")
        for name in job["files"]:
            copy_whole(local / name, shared / variant / name)
        write_marker(shared, variant, job, [shared / variant / n for n in job["files"]])
        return seconds, os.uname().nodename
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def run_jobs(args, plan, todo):
    """Run the jobs `todo` in dependency order; (finished, failed job or
    None, stopped)."""
    ray = start_ray(args)
    task = ray.remote(num_cpus=args.threads, max_retries=args.retries,
                      retry_exceptions=True)(build_job)
    files = {j["signature"]: j["files"] for j in plan}
    done = {j["signature"] for j in plan} - {j["signature"] for j in todo}
    pending, running = list(todo), {}
    cpu_total = sum(j["cpu_seconds"] for j in todo)
    cpu_done, finished, failed, stopped = 0.0, 0, None, False
    start = time.monotonic()
    while pending or running:
        if failed is None and not stopped:
            for job in [j for j in pending if all(d in done for d in j["depends"])]:
                pending.remove(job)
                needed = [name for n in job["needs"] for name in files[n]]
                options = {"memory": job["memory_unsliced_bytes"]} if args.reserve_memory else {}
                ref = task.options(**options).remote(
                    job, needed, str(args.shared.resolve()), args.variant, args.dam,
                    args.threads, args.local_dir)
                running[ref] = job
        if not running:
            break
        ready, _ = ray.wait(list(running), num_returns=1)
        job = running.pop(ready[0])
        try:
            seconds, node = ray.get(ready[0])
        except Exception as e:  # the job failed after its retries
            failed = failed or job["signature"]
            print(f"failed: job {job['signature']} after {args.retries} retries: {e}",
                  file=sys.stderr)
            continue
        done.add(job["signature"])
        with open(args.shared / args.variant / ".cluster" / "runs.log", "a") as log:
            log.write(job["signature"] + "\n")
        finished += 1
        cpu_done += job["cpu_seconds"]
        elapsed = time.monotonic() - start
        eta = elapsed * (cpu_total - cpu_done) / cpu_done if cpu_done else 0
        print(f"[{finished}/{len(todo)} jobs, {elapsed:.0f} s, eta {eta:.0f} s] {job['signature']} "
              f"({job['positions']} positions) built in {seconds:.1f} s on {node}", file=sys.stderr)
        stopped = stopped or (bool(args.stop_after) and finished >= args.stop_after)
    ray.shutdown()
    return finished, failed, stopped and bool(pending)


def main(argv):
    args = parse_args(argv)
    plan = read_plan(args.dam, args.variant, args.pieces)
    (args.shared / args.variant).mkdir(parents=True, exist_ok=True)
    todo = [j for j in plan if not job_done(args.shared, args.variant, j)]
    if len(todo) < len(plan):
        print(f"resuming: {len(plan) - len(todo)} of {len(plan)} jobs done before", file=sys.stderr)
    if not todo:
        print(f"{args.variant} 2-{args.pieces}: every job done", file=sys.stderr)
        return 0
    start = time.monotonic()
    finished, failed, stopped = run_jobs(args, plan, todo)
    wall = time.monotonic() - start
    if failed:
        print(f"stopped: job {failed} failed after {args.retries} retries "
              f"({finished} jobs built; run again to retry)", file=sys.stderr)
        return 1
    if stopped:
        print(f"stopped after {finished} jobs (--stop-after)", file=sys.stderr)
        return 3
    print(f"{args.variant} 2-{args.pieces}: {finished} jobs built in {wall:.1f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
