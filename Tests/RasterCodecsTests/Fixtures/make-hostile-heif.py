#!/usr/bin/env python3
"""Writes hostile HEIF containers (the HEIF rows of the security article's table) into a
folder; HEIFContainerBudgetTests builds the same files in memory.

    python3 make-hostile-heif.py OUT    # then: icongrid info OUT/*.heic
"""
import os
import struct
import sys

out = sys.argv[1] if len(sys.argv) > 1 else "."
os.makedirs(out, exist_ok=True)
# photo.heic's hvcC (an SPS of 64 x 64): real tiles, so libheif gets as far as decoding.
here = os.path.dirname(os.path.abspath(__file__))
photo = open(os.path.join(here, "photo.heic"), "rb").read()
at = photo.find(b"hvcC") - 4
hvcc = photo[at:at + struct.unpack(">I", photo[at:at + 4])[0]]


def box(kind, body):
    return struct.pack(">I", 8 + len(body)) + kind + body


def full(kind, body, version=0, flags=0):
    return box(kind, bytes([version, 0, 0, flags]) + body)


def heif(name, items, props, assoc, refs, grid=None):
    ftyp = box(b"ftyp", b"heic" + bytes(4) + b"mif1heic")
    hdlr = full(b"hdlr", bytes(4) + b"pict" + bytes(13))
    pitm = full(b"pitm", struct.pack(">H", 1))
    iinf = full(b"iinf", struct.pack(">H", len(items)) + b"".join(
        full(b"infe", struct.pack(">HH", i, 0) + t + b"\0", version=2) for i, t in items))
    ipco = box(b"ipco", b"".join(props))
    ipma = full(b"ipma", struct.pack(">I", len(assoc)) + b"".join(
        struct.pack(">HB", i, len(p)) + bytes(p) for i, p in assoc))
    iref = full(b"iref", b"".join(
        box(b"dimg", struct.pack(">HH", f, len(t)) + b"".join(struct.pack(">H", x) for x in t)) for f, t in refs))
    idat = b""
    locs = []
    if grid:
        rows, cols, w, h = grid
        idat = bytes([0, 0, rows - 1, cols - 1]) + struct.pack(">HH", w, h)
        locs.append((1, 0, 8))
    iloc = full(b"iloc", bytes([0x44, 0]) + struct.pack(">H", len(locs)) + b"".join(
        struct.pack(">HHHHII", i, 1, 0, 1, o, n) for i, o, n in locs), version=1)
    meta = full(b"meta", hdlr + pitm + iinf + box(b"iprp", ipco + ipma) + iref + iloc + box(b"idat", idat))
    open(os.path.join(out, name), "wb").write(ftyp + meta + box(b"mdat", bytes(4)))


def ispe(w, h):
    return full(b"ispe", struct.pack(">II", w, h))


# 16,385 items.
heif("items.heic", [(i, b"hvc1") for i in range(1, 16386)], [hvcc, ispe(64, 64)],
     [(i, [0x81, 2]) for i in range(1, 16386)], [])
# A grid of 88 x 88 tiles of 64 x 64 (5,632 x 5,632: within 32 megapixels).
heif("tiles.heic", [(1, b"grid"), (2, b"hvc1")], [hvcc, ispe(64, 64), ispe(88 * 64, 88 * 64)],
     [(1, [3]), (2, [0x81, 2])], [(1, [2] * (88 * 88))], grid=(88, 88, 88 * 64, 88 * 64))
# Four 4,096 x 4,096 tiles for a 64 x 64 picture.
heif("huge-tiles.heic", [(1, b"grid")] + [(i, b"hvc1") for i in range(2, 6)],
     [hvcc, ispe(4096, 4096), ispe(64, 64)], [(1, [3])] + [(i, [0x81, 2]) for i in range(2, 6)],
     [(1, [2, 3, 4, 5])], grid=(2, 2, 64, 64))
# A 2 x 2 grid of two items whose dimg reference names its one tile 16,385 times.
heif("references.heic", [(1, b"grid"), (2, b"hvc1")], [hvcc, ispe(64, 64), ispe(128, 128)],
     [(1, [3]), (2, [0x81, 2])], [(1, [2] * 16385)], grid=(2, 2, 128, 128))
