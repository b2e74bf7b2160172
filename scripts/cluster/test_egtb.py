"""The database driver end to end, on one machine: scripts/cluster/egtb.py
builds the international 2-4 set on a local Ray cluster of 2 CPUs into a
shared directory, stopped after a few jobs and resumed, one job failing
once on purpose (retried). Checks that the result is byte for byte a
local `dam egtb build --pieces 4` and passes `dam egtb verify`, that the
resumed run rebuilt no finished job, that a run on a finished set rebuilds
only a job whose file was damaged (and takes a file without a marker by
its own checksum), that a set packed to one `.wdl` a job (`dam egtb
build --both-sides-to`) is whole to it, and that a job failing after its
retries stops the driver with an error naming it.

Usage: python test_egtb.py DAM WORKDIR
"""

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
VARIANT, PIECES = "international", "4"
STOP_AFTER = 6


def run(*command):
    return subprocess.run([str(c) for c in command], capture_output=True, text=True)


def flaky(dam, work, signature, times):
    """A dam that fails its first `times` builds of `signature`."""
    path, count = work / f"dam-failing-{signature}-{times}", work / f"failures-{signature}-{times}"
    path.write_text(f"""#!/bin/sh
case " $* " in *" --signature {signature} "*)
    n=$(cat "{count}" 2>/dev/null || echo 0)
    if [ "$n" -lt {times} ]; then echo $((n + 1)) > "{count}"; echo "failing on purpose" >&2; exit 1; fi;;
esac
exec "{dam}" "$@"
""")
    path.chmod(0o755)
    return path, count


def driver(dam, shared, work, *extra):
    return run(sys.executable, HERE / "egtb.py", "--variant", VARIANT, "--pieces", PIECES,
               "--shared", shared, "--dam", dam, "--num-cpus", "2", "--object-store-mb", "80",
               "--temp-dir", work / "ray", "--local-dir", work / "local", *extra)


def files(folder):
    """The database files of a folder, by name (dot names left out)."""
    return {p.name: p for p in sorted(folder.iterdir()) if not p.name.startswith(".")}


def runs(shared):
    return (shared / VARIANT / ".cluster" / "runs.log").read_text().split()


def main(dam, work):
    dam, work = Path(dam).resolve(), Path(work).resolve()
    (work / "local").mkdir(parents=True, exist_ok=True)
    shared = work / "shared"
    wrapper, failures = flaky(dam, work, "0211", 1)

    first = driver(wrapper, shared, work, "--stop-after", STOP_AFTER)
    assert first.returncode == 3, first.stderr
    built, first_runs = files(shared / VARIANT), len(runs(shared))
    assert first_runs >= STOP_AFTER and built, first.stderr
    stamps = {name: p.stat().st_mtime_ns for name, p in built.items()}
    plan = run(dam, "egtb", "plan", "--variant", VARIANT, "--pieces", PIECES).stdout.splitlines()
    second = driver(wrapper, shared, work, "--retries", "1")
    assert second.returncode == 0, second.stderr
    resumed = f"resuming: {first_runs} of {len(plan)} jobs done before"
    assert resumed in second.stderr, second.stderr
    assert failures.read_text().strip() == "1", "0211 did not fail once"
    now = files(shared / VARIANT)
    assert all(now[n].stat().st_mtime_ns == t for n, t in stamps.items()), "a job was redone"
    assert sorted(runs(shared)) == sorted(set(runs(shared))) and len(runs(shared)) == len(plan)

    reference = work / "reference"
    done = run(dam, "egtb", "build", "--variant", VARIANT, "--pieces", PIECES, "--dir", reference)
    assert done.returncode == 0, done.stderr
    ours, theirs = files(shared / VARIANT), files(reference / VARIANT)
    assert sorted(ours) == sorted(theirs), (sorted(ours), sorted(theirs))
    for name in ours:
        assert ours[name].read_bytes() == theirs[name].read_bytes(), f"{name} differs"
    done = run(dam, "egtb", "verify", "--variant", VARIANT, "--dir", shared)
    assert done.returncode == 0, done.stdout + done.stderr
    assert " 0 problem(s)" in done.stdout, done.stdout

    # A job without its marker is taken by its files' own checksums; a
    # damaged file is found by its marker, and only its job is rebuilt.
    (shared / VARIANT / ".cluster" / "0202.json").unlink()
    damaged = shared / VARIANT / "1102.wdl"
    data = bytearray(damaged.read_bytes())
    data[-20] ^= 0xFF
    damaged.write_bytes(bytes(data))
    before = len(runs(shared))
    third = driver(dam, shared, work)
    assert third.returncode == 0, third.stderr
    assert "checking 0202 by its files' FNV-1a checksums" in third.stderr, third.stderr
    assert runs(shared)[before:] == ["0211"], runs(shared)[before:]
    assert damaged.read_bytes() == theirs["1102.wdl"].read_bytes()
    assert (shared / VARIANT / ".cluster" / "0202.json").is_file()

    # Packed to one .wdl a job (dam egtb build once every job is there),
    # the set is still whole to the driver: nothing is rebuilt.
    packed = run(dam, "egtb", "build", "--variant", VARIANT, "--pieces", PIECES,
                 "--both-sides-to", "3", "--dir", shared)
    assert packed.returncode == 0, packed.stderr
    left = sorted(set(theirs) - set(files(shared / VARIANT)))
    assert "0211.wdl" in left or "1102.wdl" in left, left
    before = len(runs(shared))
    fifth = driver(dam, shared, work)
    assert fifth.returncode == 0 and len(runs(shared)) == before, fifth.stderr

    # A job that fails after its retries stops the run, named.
    failing, _ = flaky(dam, work, "0101", 99)
    broken = work / "shared-failing"
    fourth = driver(failing, broken, work, "--retries", "1")
    assert fourth.returncode == 1, fourth.stderr
    assert "stopped: job 0101 failed after 1 retries" in fourth.stderr, fourth.stderr
    assert not files(broken / VARIANT), "no file of a failed run"
    print(f"cluster egtb: {VARIANT} 2-{PIECES} ({len(plan)} jobs) built on Ray, stopped after "
          f"{STOP_AFTER} and resumed, a failing job retried; byte for byte a local build, "
          f"verified; a damaged job rebuilt alone; a packed set whole; a job failing twice "
          f"stops the run")


if __name__ == "__main__":
    main(*sys.argv[1:])
