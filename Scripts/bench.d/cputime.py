#!/usr/bin/env python3
# Runs a command as a child subreaper, waits for it and every orphaned descendant, and prints
# wall time and the user + system CPU of all of them (what /usr/bin/time misses for children
# that the command leaves running at its exit, such as icongrid's idle isolation children).
#
#   Scripts/bench.d/cputime.py LABEL STDOUT_FILE COMMAND [ARG...]
#
# The command's standard output goes to STDOUT_FILE; the figures go to standard error.
import ctypes, os, resource, sys, time
libc = ctypes.CDLL(None, use_errno=True)
PR_SET_CHILD_SUBREAPER = 36
assert libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0
label, out, cmd = sys.argv[1], sys.argv[2], sys.argv[3:]
start = time.monotonic()
pid = os.fork()
if pid == 0:
    fd = os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    os.dup2(fd, 1)
    os.execvp(cmd[0], cmd)
status = None
maxrss = 0
while True:
    try:
        p, st, ru = os.wait4(-1, 0)
    except ChildProcessError:
        break
    maxrss = max(maxrss, ru.ru_maxrss)
    if p == pid:
        status = st
        wall = time.monotonic() - start
r = resource.getrusage(resource.RUSAGE_CHILDREN)
print(f"{label}: {wall:.2f} s wall (main process), {r.ru_utime:.2f} s user, {r.ru_stime:.2f} s system, all processes; peak {maxrss // 1024} MB; status {status}", file=sys.stderr)
