#!/usr/bin/env python3
"""Runs a command and reports the peak memory of it and every process it starts.

    Scripts/bench.d/treepeak.py COMMAND [ARGS...]

Every 20 ms it sums the proportional set size (Pss, from /proc/PID/smaps_rollup: shared
library pages divided among the processes that map them) over the command's process tree,
so a parent and its render children are counted together and a library they share once.
`/usr/bin/time -f %M` gives the largest single process only, and not the children the
command never waits for. Prints the peak sum, each process's own peak, and the wall time.
Set KEY=Rss: to sum resident sizes instead (shared pages counted once per process).
"""
import os
import subprocess
import sys
import time

KEY = os.environ.get("KEY", "Pss:")


def resident(pid):
    try:
        with open(f"/proc/{pid}/smaps_rollup") as rollup:
            for line in rollup:
                if line.startswith(KEY):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def children(pid):
    found = []
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            try:
                with open(f"/proc/{pid}/task/{task}/children") as listed:
                    found += [int(child) for child in listed.read().split()]
            except OSError:
                pass
    except OSError:
        pass
    return found


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: treepeak.py COMMAND [ARGS...]")
    start = time.time()
    process = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    peak_sum, own = 0, {}
    while process.poll() is None:
        pending, tree = [process.pid], []
        while pending:
            pid = pending.pop()
            tree.append(pid)
            pending += children(pid)
        sizes = [resident(pid) for pid in tree]
        for pid, size in zip(tree, sizes):
            own[pid] = max(own.get(pid, 0), size)
        peak_sum = max(peak_sum, sum(sizes))
        time.sleep(0.02)
    each = ", ".join(f"{size / 1024:.0f}" for size in own.values())
    print(f"peak {KEY.rstrip(':')} summed {peak_sum / 1024:.0f} MiB; each process's peak (MiB): {each}; "
          f"{time.time() - start:.1f} s; exit {process.returncode}")


main()
