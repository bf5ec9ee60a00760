#!/usr/bin/env python3
"""Writes the hostile PDFs of the "Hostile vector files" table (PDF budgets) into a folder.

    python3 make-pdf.py Tests/VectorRendererTests/Fixtures/hostile

Each is a one-page PDF, small on disk, whose cost is in what poppler would build from it.
HostilePDFTests reads the ones committed beside the other hostile fixtures; the last two
(pdf-costly-*) pass every budget and are stopped by the render child's limits
(CostlyPDFChildProcessTests, and the security article's table).
"""
import os
import sys
import zlib

out = sys.argv[1] if len(sys.argv) > 1 else "."


def pdf(name, page_extra, objects, box=(0, 0, 20, 20)):
    """objects: list of (dictionary text, stream bytes or None), numbered from 4."""
    body = [b"%PDF-1.5\n%\xe2\xe3\xcf\xd3\n"]
    offsets = []

    def add(text):
        offsets.append(sum(len(b) for b in body))
        body.append(text)

    add(b"1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n")
    add(b"2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n")
    add(b"3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [%d %d %d %d] %s >>\nendobj\n"
        % (box + (page_extra.encode(),)))
    for number, (dictionary, stream) in enumerate(objects, start=4):
        if stream is None:
            add(b"%d 0 obj\n%s\nendobj\n" % (number, dictionary.encode()))
        else:
            add(b"%d 0 obj\n<< %s /Length %d >>\nstream\n%s\nendstream\nendobj\n"
                % (number, dictionary.encode(), len(stream), stream))
    xref = sum(len(b) for b in body)
    count = len(offsets) + 1
    table = b"xref\n0 %d\n0000000000 65535 f \n" % count
    table += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    body.append(table + b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (count, xref))
    with open(os.path.join(out, name), "wb") as f:
        f.write(b"".join(body))


def deflate(data):
    return zlib.compress(data, 9)


# 100 MiB of content that is one space, repeated: 100 KB on disk.
pdf("pdf-inflate-bomb.pdf", "/Contents 4 0 R",
    [("/Filter /FlateDecode", deflate(b" " * (100 << 20)))])
# 5,000,000 "n" operators (end path, no drawing): 10 MB of content, 10 KB on disk.
pdf("pdf-operators.pdf", "/Contents 4 0 R",
    [("/Filter /FlateDecode", deflate(b"n\n" * 5_000_000))])
# An image XObject of 30,000 x 30,000 pixels (900 megapixels) whose data is one row.
pdf("pdf-huge-image.pdf", "/Contents 4 0 R /Resources << /XObject << /Im0 5 0 R >> >>",
    [("", b"q 20 0 0 20 0 0 cm /Im0 Do Q"),
     ("/Type /XObject /Subtype /Image /Width 30000 /Height 30000 /ColorSpace /DeviceGray "
      "/BitsPerComponent 8 /Filter /FlateDecode", deflate(bytes(30000)))])
# A 16 x 16 JBIG2 image whose page information segment says 65,535 x 65,535.
segment = bytes([0, 0, 0, 0, 48, 0, 1, 0, 0, 0, 19]) + (65535).to_bytes(4, "big") * 2 + bytes(11)
pdf("pdf-jbig2-page.pdf", "/Contents 4 0 R /Resources << /XObject << /Im0 5 0 R >> >>",
    [("", b"q 20 0 0 20 0 0 cm /Im0 Do Q"),
     ("/Type /XObject /Subtype /Image /Width 16 /Height 16 /ColorSpace /DeviceGray "
      "/BitsPerComponent 1 /Filter /JBIG2Decode", segment)])

# Costs no budget sees before poppler works (the "Rendering in a child process" table): each
# file is within every VectorLimits budget, and its cost is in evaluating what it holds.
#
# A type 1 (function-based) shading whose Type 4 calculator function runs 16,000 operators
# per evaluation, its domain mapped by /Matrix onto 2,000 pt a side around a 20 pt page:
# poppler's cairo output device cuts the whole domain (not only the page) into patches about
# 10 device pixels wide and evaluates the function at each one's corners.
pdf("pdf-costly-shading.pdf", "/Contents 4 0 R /Resources << /Shading << /Sh0 5 0 R >> >>",
    [("", b"/Sh0 sh"),
     ("<< /ShadingType 1 /ColorSpace /DeviceRGB /Domain [0 1 0 1] "
      "/Matrix [2000 0 0 2000 -990 -990] /Function 6 0 R >>", None),
     ("/FunctionType 4 /Domain [0 1 0 1] /Range [0 1 0 1 0 1] /Filter /FlateDecode",
      deflate(b"{ " + b"dup 0 mul add " * 4000 + b"dup dup }"))])
# A Type 3 font of 256 glyphs whose procedures are one stream (counted once by the preflight)
# filling a path of 20,000 edges that cross each other, shown once each at 200 pt: cairo draws
# each glyph of a size once, so 256 distinct codes cost 256 fills.
glyphs = 256
pdf("pdf-costly-type3.pdf", "/Contents 4 0 R /Resources << /Font << /F0 5 0 R >> >>",
    [("/Filter /FlateDecode",
      deflate(b"BT /F0 200 Tf (" + b"".join(b"\\%03o" % code for code in range(glyphs)) + b") Tj ET")),
     ("<< /Type /Font /Subtype /Type3 /FontBBox [0 0 1000 1000] /FontMatrix [0.001 0 0 0.001 0 0] "
      "/CharProcs 6 0 R /Encoding << /Type /Encoding /Differences [0 %s] >> /FirstChar 0 "
      "/LastChar %d /Widths [%s] /Resources << >> >>"
      % (" ".join("/g%d" % code for code in range(glyphs)), glyphs - 1, " ".join(["0"] * glyphs)), None),
     ("<< %s >>" % " ".join("/g%d 7 0 R" % code for code in range(glyphs)), None),
     ("/Filter /FlateDecode",
      deflate(b"1000 0 0 0 1000 1000 d1\n0 0 m\n" + b"1000 1000 l 0 1000 l 1000 0 l 0 0 l\n" * 5000 + b"f\n"))])
