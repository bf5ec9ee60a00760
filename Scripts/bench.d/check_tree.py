#!/usr/bin/env python3
"""Writes the tree `Scripts/bench check` times: about COUNT PNG icons, nine in ten as loose
files (name.png, name@2x.png, name@3x.png) in feature folders and one in ten in .imageset
folders of a few .xcassets catalogs, plus an app icon set. Each icon is a disc on a flat
background at a size between 20 and 44 points, so files differ in size and bytes as real
icons do: a vertical gradient, a disc, and a band of fine detail (noise) across a fraction
DETAIL of the height (default 0.1: about 2.6 kB a file; 0.5 gives about 12 kB, like
detailed full-colour icons). A few
deliberate mistakes (a missing @3x, a @2x 4 px too small) give the check
something to report. Deterministic: the same COUNT gives the same bytes.

usage: check_tree.py ROOT COUNT [DETAIL]
"""
import json
import os
import random
import struct
import sys
import zlib


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png(width, height, rows):
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    raw = b"".join(b"\x00" + row for row in rows)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 6))
            + chunk(b"IEND", b""))


DETAIL = 0.1


def icon(size, background, foreground, cx, cy, radius, seed=0):
    noise = random.Random(seed)
    band = range(int(size * (0.5 - DETAIL / 2)), int(size * (0.5 + DETAIL / 2)))
    rows = []
    for y in range(size):
        shade = y * 64 // size
        back = bytes([max(0, background[0] - shade), max(0, background[1] - shade), background[2], 255])
        if y in band:
            rows.append(noise.randbytes(size * 4))
            continue
        dy = (y + 0.5) / size - cy
        span = radius * radius - dy * dy
        if span <= 0:
            rows.append(back * size)
            continue
        half = span ** 0.5
        left = max(0, min(size, int((cx - half) * size)))
        right = max(left, min(size, int((cx + half) * size)))
        rows.append(back * left + foreground * (right - left) + back * (size - right))
    return png(size, size, rows)


def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)


def variants(rng, points):
    background = bytes([rng.randrange(256), rng.randrange(256), rng.randrange(256), 255])
    foreground = bytes([rng.randrange(256), rng.randrange(256), rng.randrange(256), 255])
    cx, cy, radius = rng.uniform(0.3, 0.7), rng.uniform(0.3, 0.7), rng.uniform(0.15, 0.45)
    seed = rng.randrange(1 << 30)
    return {scale: icon(points * scale, background, foreground, cx, cy, radius, seed) for scale in (1, 2, 3)}


def main():
    global DETAIL
    root, count = sys.argv[1], int(sys.argv[2])
    if len(sys.argv) > 3:
        DETAIL = float(sys.argv[3])
    rng = random.Random(1)
    assets = count // 3
    sets = assets // 10
    for index in range(assets - sets):
        points = rng.randrange(20, 45)
        images = variants(rng, points)
        folder = os.path.join(root, "Features", "feature%02d" % (index % 40))
        name = "icon%05d" % index
        if index % 700 == 699:
            images[2] = icon(points * 2 - 4, b"\x10\x20\x30\xff", b"\xff\xff\xff\xff", 0.5, 0.5, 0.3)
        for scale, data in images.items():
            if scale == 3 and index % 500 == 499:
                continue
            suffix = "" if scale == 1 else "@%dx" % scale
            write(os.path.join(folder, name + suffix + ".png"), data)
    for index in range(sets):
        points = rng.randrange(20, 45)
        images = variants(rng, points)
        catalog = os.path.join(root, "Modules", "Module%d.xcassets" % (index % 4))
        name = "symbol%04d" % index
        folder = os.path.join(catalog, name + ".imageset")
        slots = []
        for scale, data in images.items():
            filename = "%s@%dx.png" % (name, scale)
            write(os.path.join(folder, filename), data)
            slots.append({"filename": filename, "idiom": "universal", "scale": "%dx" % scale})
        write(os.path.join(folder, "Contents.json"),
              json.dumps({"images": slots, "info": {"author": "xcode", "version": 1}}).encode())
    for module in range(4):
        write(os.path.join(root, "Modules", "Module%d.xcassets" % module, "Contents.json"),
              b'{"info":{"author":"xcode","version":1}}')
    folder = os.path.join(root, "Modules", "Module0.xcassets", "AppIcon.appiconset")
    slots = []
    for idiom, points, scales in [("iphone", 20, (2, 3)), ("iphone", 29, (2, 3)), ("iphone", 40, (2, 3)),
                                  ("iphone", 60, (2, 3)), ("ipad", 20, (1, 2)), ("ipad", 29, (1, 2)),
                                  ("ipad", 40, (1, 2)), ("ipad", 76, (1, 2))]:
        for scale in scales:
            filename = "AppIcon-%s-%d@%dx.png" % (idiom, points, scale)
            size = points * scale
            write(os.path.join(folder, filename),
                  icon(size, b"\x20\x60\xc0\xff", b"\xff\xff\xff\xff", 0.5, 0.5, 0.35))
            slots.append({"filename": filename, "idiom": idiom, "scale": "%dx" % scale,
                          "size": "%dx%d" % (points, points)})
    write(os.path.join(folder, "Contents.json"),
          json.dumps({"images": slots, "info": {"author": "xcode", "version": 1}}).encode())


main()
