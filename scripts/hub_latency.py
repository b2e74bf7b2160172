"""How long `dam hub` takes to answer `stop`, and a `go` sent while it
searches, with 1, 2, 4 and 8 search threads: the time from sending the
line to reading the search's `done`, the median and the largest of 20
searches each, stopped 200 ms after their `go`.

Usage: python3 scripts/hub_latency.py PATH_TO_DAM
"""

import statistics
import subprocess
import sys
import time

START = "W" + "b" * 20 + "e" * 10 + "w" * 20
ROUNDS = 20


class Hub:
    def __init__(self, dam, threads):
        self.p = subprocess.Popen([dam, "hub"], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("hub")
        self.until("wait")
        self.send(f"set-param name=threads value={threads}")
        self.send("init")
        self.until("ready")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, word):
        while True:
            line = self.p.stdout.readline()
            if not line:
                sys.exit(f"hub_latency: dam hub closed while waiting for {word}")
            if line.split()[0] == word:
                return line

    def close(self):
        self.send("quit")
        self.p.wait(timeout=10)


def answer(hub, first, then, level=None):
    """Send `first` (after `level`), wait 200 ms, send `then`; seconds from
    `then` to done."""
    hub.send(f"pos pos={START}")
    if level:
        hub.send(level)
    hub.send(first)
    time.sleep(0.2)
    sent = time.perf_counter()
    hub.send(then)
    hub.until("done")
    return time.perf_counter() - sent


def main():
    dam = sys.argv[1]
    for threads in (1, 2, 4, 8):
        hub = Hub(dam, threads)
        stops = [answer(hub, "go analyze", "stop") for _ in range(ROUNDS)]
        gos = []
        for _ in range(ROUNDS):
            gos.append(answer(hub, "go think", "go analyze", "level move-time=60"))
            hub.send("stop")
            hub.until("done")
        hub.close()
        for name, waits in (("stop", stops), ("go during a search", gos)):
            ms = sorted(w * 1000 for w in waits)
            print(f"threads {threads}: {name}: {len(ms)} searches, done after "
                  f"median {statistics.median(ms):.2f} ms, max {ms[-1]:.2f} ms")


if __name__ == "__main__":
    main()
