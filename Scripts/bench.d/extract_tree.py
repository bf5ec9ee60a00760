"""Extracts the HEAD tree of a git directory into a folder, skipping blobs the mirror lacks.

    python3 extract_tree.py GIT_DIR DEST

A snapshot may list its largest files without holding them; `git archive` stops at the first
such blob, so each blob is asked for through one `git cat-file --batch` and a missing one is
counted and left out. Prints how many files were written and how many were absent.
"""
import os
import subprocess
import sys

git_dir, dest = sys.argv[1], sys.argv[2]
listing = subprocess.run(
    ["git", "-C", git_dir, "ls-tree", "-r", "-z", "HEAD"], check=True, capture_output=True
).stdout.split(b"\0")
entries = []
for line in listing:
    if not line:
        continue
    meta, path = line.split(b"\t", 1)
    mode, kind, oid = meta.split(b" ")
    if kind == b"blob" and mode != b"120000":
        entries.append((oid, path.decode("utf-8", "surrogateescape")))

batch = subprocess.Popen(
    ["git", "-C", git_dir, "cat-file", "--batch"], stdin=subprocess.PIPE, stdout=subprocess.PIPE
)
written = absent = 0
for oid, path in entries:
    batch.stdin.write(oid + b"\n")
    batch.stdin.flush()
    header = batch.stdout.readline().split()
    if len(header) < 3 or header[1] == b"missing":
        absent += 1
        continue
    size = int(header[2])
    data = batch.stdout.read(size)
    batch.stdout.read(1)  # the newline after the content
    target = os.path.join(dest, path)
    os.makedirs(os.path.dirname(target), exist_ok=True)
    with open(target, "wb") as out:
        out.write(data)
    written += 1
batch.stdin.close()
batch.wait()
print(f"{written} files, {absent} absent from the mirror")
