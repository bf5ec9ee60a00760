#!/usr/bin/env python3
"""Adds a transformative property (irot or imir) to the primary item of a HEIF file.

    heif-transform.py IN OUT irot ANGLE      ANGLE: 1 = 90°, 2 = 180°, 3 = 270° anticlockwise
    heif-transform.py IN OUT imir AXIS       AXIS: 0 = top and bottom exchanged, 1 = left and right

The imir axis is read as amended in ISO/IEC 23008-12 (MPEGGroup/FileFormat#22), as libheif,
libavif since 2021 and iPhones read it; the 2017 text's "vertical axis" wording was ambiguous.

heif-enc writes neither; this appends the property box to ipco, associates it with the
primary item in ipma, grows the enclosing boxes and moves iloc's offsets into mdat by the
bytes added (ISO/IEC 23008-12 and 14496-12).
"""
import struct
import sys


def boxes(data, start, end):
    at = start
    while at < end:
        size, kind = struct.unpack(">I4s", data[at:at + 8])
        yield at, size, kind.decode()
        at += size


def main():
    src, dst, kind, value = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    data = bytearray(open(src, "rb").read())
    top = {k: (a, s) for a, s, k in boxes(data, 0, len(data))}
    meta_at, meta_size = top["meta"]
    children = {k: (a, s) for a, s, k in boxes(data, meta_at + 12, meta_at + meta_size)}
    iprp_at, iprp_size = children["iprp"]
    inner = {k: (a, s) for a, s, k in boxes(data, iprp_at + 8, iprp_at + iprp_size)}
    ipco_at, ipco_size = inner["ipco"]
    ipma_at, ipma_size = inner["ipma"]
    pitm_at, _ = children["pitm"]
    primary = struct.unpack(">H", data[pitm_at + 12:pitm_at + 14])[0]
    index = len(list(boxes(data, ipco_at + 8, ipco_at + ipco_size))) + 1
    prop = struct.pack(">I4sB", 9, kind.encode(), value)

    # The ipma entry of the primary item gains one (essential) association.
    version, flags = data[ipma_at + 8], int.from_bytes(data[ipma_at + 9:ipma_at + 12], "big")
    wide = flags & 1
    at = ipma_at + 16
    count = struct.unpack(">I", data[ipma_at + 12:ipma_at + 16])[0]
    insert_at = None
    for _ in range(count):
        item = struct.unpack(">I" if version >= 1 else ">H", data[at:at + (4 if version >= 1 else 2)])[0]
        at += 4 if version >= 1 else 2
        n = data[at]
        if item == primary:
            data[at] = n + 1
            insert_at = at + 1 + n * (2 if wide else 1)
        at += 1 + n * (2 if wide else 1)
    association = struct.pack(">H", 0x8000 | index) if wide else bytes([0x80 | index])
    assert insert_at is not None, "primary item has no ipma entry"

    # Insert the association first (it comes after ipco), then the property.
    data[insert_at:insert_at] = association
    data[ipco_at + ipco_size:ipco_at + ipco_size] = prop
    added = len(association) + len(prop)

    def grow(at, by):
        data[at:at + 4] = struct.pack(">I", struct.unpack(">I", data[at:at + 4])[0] + by)

    grow(ipco_at, len(prop))
    grow(ipma_at + len(prop), len(association))
    grow(iprp_at, added)
    grow(meta_at, added)

    # iloc offsets into mdat (after meta) move by `added`.
    iloc_at, _ = children["iloc"]
    v = data[iloc_at + 8]
    at = iloc_at + 12
    offset_size, length_size = data[at] >> 4, data[at] & 15
    base_size, index_size = data[at + 1] >> 4, (data[at + 1] & 15 if v in (1, 2) else 0)
    at += 2
    count = struct.unpack(">H" if v < 2 else ">I", data[at:at + (2 if v < 2 else 4)])[0]
    at += 2 if v < 2 else 4

    def field(size):
        nonlocal at
        value = int.from_bytes(data[at:at + size], "big") if size else 0
        at += size
        return value

    def bump(size, value):
        if size:
            data[at - size:at] = (value + added).to_bytes(size, "big")

    for _ in range(count):
        field(2 if v < 2 else 4)
        method = field(2) & 15 if v in (1, 2) else 0
        field(2)
        base = field(base_size)
        if method == 0 and base:
            bump(base_size, base)
        extents = field(2)
        for _ in range(extents):
            field(index_size)
            offset = field(offset_size)
            if method == 0 and not base and offset > meta_at:
                bump(offset_size, offset)
            field(length_size)
    open(dst, "wb").write(data)


main()
