#!/usr/bin/env bash
# Regenerates the RasterCodecs test fixtures (run from anywhere; needs cjpeg, jpegtran,
# cwebp, img2webp, heif-enc, ImageMagick's convert, python3 with Pillow, cc and lcms2).
# The fixtures are committed; the tests compare our decoders with the libraries' own tools
# (djpeg, dwebp, heif-convert) at test time, and with the colours written here.
set -euo pipefail
cd "$(dirname "$0")"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A 32 × 16 picture that looks different under every turn and mirror: a colour gradient
# with a dark block in its top-left corner.
python3 - "$work" <<'PY'
import sys
from PIL import Image
work = sys.argv[1]
w, h = 32, 16
img = Image.new("RGB", (w, h))
for y in range(h):
    for x in range(w):
        r, g, b = 40 + x * 6, 60 + y * 10, 200 - x * 3
        if x < 8 and y < 6:
            r, g, b = 20, 20, 30
        img.putpixel((x, y), (r, g, b))
img.save(f"{work}/picture.ppm")
# Flat colour patches (8 × 8 each) for the colour-managed fixtures, so JPEG loss stays small.
patches = [(200, 100, 50), (50, 160, 220), (128, 128, 128), (240, 230, 40)]
img = Image.new("RGB", (32, 8))
for i, c in enumerate(patches):
    for y in range(8):
        for x in range(8):
            img.putpixel((i * 8 + x, y), c)
img.save(f"{work}/patches.ppm")
img.convert("CMYK").save("cmyk-adobe.jpg", quality=95)
PY

cjpeg -quality 90 -outfile photo.jpg "$work/picture.ppm"
cjpeg -quality 90 -progressive -outfile progressive.jpg "$work/picture.ppm"
cjpeg -quality 90 -grayscale -outfile gray.jpg "$work/picture.ppm"
cjpeg -quality 95 -sample 1x1 -outfile upright.jpg "$work/picture.ppm"

# EXIF orientation n: the upright file with an APP1 EXIF block naming n; the reference for
# each is the same file turned by jpegtran (lossless, in the DCT domain).
for n in 1 2 3 4 5 6 7 8; do
  python3 - upright.jpg "orientation-$n.jpg" "$n" <<'PY'
import struct, sys
src, dst, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
data = open(src, "rb").read()
# Big-endian TIFF: header, IFD0 at offset 8 with one entry (Orientation, SHORT, 1, n).
tiff = b"MM\x00\x2a" + struct.pack(">I", 8) + struct.pack(">H", 1)
tiff += struct.pack(">HHIHH", 0x0112, 3, 1, n, 0) + struct.pack(">I", 0)
payload = b"Exif\x00\x00" + tiff
app1 = b"\xff\xe1" + struct.pack(">H", len(payload) + 2) + payload
open(dst, "wb").write(data[:2] + app1 + data[2:])
PY
done
jpegtran -copy none -flip horizontal -outfile turned-2.jpg upright.jpg
jpegtran -copy none -rotate 180 -outfile turned-3.jpg upright.jpg
jpegtran -copy none -flip vertical -outfile turned-4.jpg upright.jpg
jpegtran -copy none -transpose -outfile turned-5.jpg upright.jpg
jpegtran -copy none -rotate 90 -outfile turned-6.jpg upright.jpg
jpegtran -copy none -transverse -outfile turned-7.jpg upright.jpg
jpegtran -copy none -rotate 270 -outfile turned-8.jpg upright.jpg

# A Display P3 profile made by lcms2 (D65 white, P3 primaries, the sRGB tone curve).
cat >"$work/p3.c" <<'C'
#include <lcms2.h>
#include <stdio.h>
int main(int argc, char **argv) {
  cmsCIExyY white = {0.3127, 0.3290, 1.0};
  cmsCIExyYTRIPLE primaries = {{0.680, 0.320, 1.0}, {0.265, 0.690, 1.0}, {0.150, 0.060, 1.0}};
  cmsFloat64Number srgb[5] = {2.4, 1.0 / 1.055, 0.055 / 1.055, 1.0 / 12.92, 0.04045};
  cmsToneCurve *curve = cmsBuildParametricToneCurve(NULL, 4, srgb);
  cmsToneCurve *curves[3] = {curve, curve, curve};
  cmsHPROFILE profile = cmsCreateRGBProfile(&white, &primaries, curves);
  cmsMLU *description = cmsMLUalloc(NULL, 1);
  cmsMLUsetASCII(description, "en", "US", "IconGrid test Display P3");
  cmsWriteTag(profile, cmsSigProfileDescriptionTag, description);
  return cmsSaveProfileToFile(profile, argv[1]) ? 0 : 1;
}
C
cc -o "$work/p3" "$work/p3.c" -llcms2
"$work/p3" display-p3.icc
# A fixed creation date (header bytes 24–35), so regenerating changes no fixture.
python3 -c "import sys; p = sys.argv[1]; d = bytearray(open(p, 'rb').read()); d[24:36] = bytes([7, 234, 0, 1, 0, 1] + [0] * 6); open(p, 'wb').write(d)" display-p3.icc
cjpeg -quality 95 -sample 1x1 -icc display-p3.icc -outfile p3-patches.jpg "$work/patches.ppm"
cjpeg -quality 95 -sample 1x1 -outfile srgb-patches.jpg "$work/patches.ppm"

# WebP: lossless and lossy with alpha, an animation of two frames, and P3 patches with an
# ICCP chunk.
python3 - "$work" <<'PY'
import sys
from PIL import Image
work = sys.argv[1]
img = Image.new("RGBA", (24, 20))
for y in range(20):
    for x in range(24):
        img.putpixel((x, y), (x * 10, y * 12, 128, 255 if x < 12 else 40 + y * 10))
img.save(f"{work}/alpha.png")
for i, colour in enumerate([(220, 40, 40, 255), (40, 40, 220, 128)]):
    frame = Image.new("RGBA", (24, 20), colour)
    frame.save(f"{work}/frame-{i}.png")
patches = Image.open(f"{work}/patches.ppm")
patches.save(f"{work}/p3-patches.png", icc_profile=open("display-p3.icc", "rb").read())
PY
cwebp -quiet -lossless -exact -o lossless.webp "$work/alpha.png"
cwebp -quiet -q 80 -o lossy.webp "$work/alpha.png"
img2webp -loop 0 -lossless -d 100 "$work/frame-0.png" -d 100 "$work/frame-1.png" -o animated.webp
cwebp -quiet -lossless -metadata icc -o p3-patches.webp "$work/p3-patches.png"
cwebp -quiet -lossless -o srgb-patches.webp "$work/patches.ppm"

# HEIF: HEIC (x265) and AVIF (aom) from the same pictures; rotation and mirroring added
# by heif-transform.py (heif-enc writes neither); P3 patches with an ICC `colr` box.
python3 - "$work" <<'PY'
import sys
from PIL import Image
work = sys.argv[1]
Image.open(f"{work}/picture.ppm").save(f"{work}/picture.png")
PY
heif-enc -q 90 -o photo.heic "$work/picture.png" >/dev/null
heif-enc -A -q 90 -o photo.avif "$work/picture.png" >/dev/null
heif-enc -q 90 -o alpha.heic "$work/alpha.png" >/dev/null
heif-enc -A -q 90 -o alpha.avif "$work/alpha.png" >/dev/null
heif-enc -q 95 -p chroma=444 -o p3-patches.heic "$work/p3-patches.png" >/dev/null
python3 heif-transform.py photo.heic rotated.heic irot 1
python3 heif-transform.py photo.heic mirrored.heic imir 1
python3 heif-transform.py photo.avif rotated.avif irot 3
# An AVIF whose ispe claims 32 × 16 while its AV1 stream codes 4096 × 4096 (libheif 1.15
# decodes the coded size: the limits can only see ispe).
python3 -c "from PIL import Image; Image.new('RGB', (4096, 4096), (10, 200, 30)).save('$work/big.png')"
heif-enc -A -q 10 -o "$work/big.avif" "$work/big.png" >/dev/null
python3 - "$work/big.avif" ispe-lies.avif <<'PY'
import sys
data = bytearray(open(sys.argv[1], "rb").read())
at = data.find(b"ispe")
data[at + 8:at + 16] = bytes([0, 0, 0, 32, 0, 0, 0, 16])
open(sys.argv[2], "wb").write(data)
PY

# GIF: written byte by byte here (independent of giflib and Pillow): a 16 × 12 screen with a
# 4-colour table and an 8 × 6 first frame at (4, 2) whose index 3 is transparent, the same
# frame interlaced, and a second frame that must not show.
python3 - <<'PY'
import struct

PALETTE = [(230, 30, 30), (30, 200, 60), (40, 60, 220), (255, 255, 0)]


def frame_pixels(w, h):
    # Index = (x + 2y) mod 4, so every colour and the transparent index appear.
    return [[(x + 2 * y) % 4 for x in range(w)] for y in range(h)]


def lzw(indices, min_size=2):
    # Uncompressed LZW: a clear code before every two literals keeps the code size at
    # min_size + 1 bits (the decoder's table never grows past its first free code).
    clear, end, size = 1 << min_size, (1 << min_size) + 1, min_size + 1
    codes = []
    for i, value in enumerate(indices):
        if i % 2 == 0:
            codes.append(clear)
        codes.append(value)
    codes.append(end)
    bits, nbits, out = 0, 0, bytearray()
    for code in codes:
        bits |= code << nbits
        nbits += size
        while nbits >= 8:
            out.append(bits & 0xFF)
            bits >>= 8
            nbits -= 8
    if nbits:
        out.append(bits & 0xFF)
    blocks = bytearray([min_size])
    for i in range(0, len(out), 255):
        chunk = out[i:i + 255]
        blocks += bytes([len(chunk)]) + chunk
    return bytes(blocks + b"\x00")


def image(left, top, w, h, rows, interlaced=False, transparent=3):
    gce = b"\x21\xf9\x04" + bytes([1]) + struct.pack("<H", 10) + bytes([transparent, 0])
    order = list(range(h))
    if interlaced:
        order = [y for start, step in ((0, 8), (4, 8), (2, 4), (1, 2)) for y in range(start, h, step)]
    flat = [v for y in order for v in rows[y]]
    desc = b"\x2c" + struct.pack("<HHHH", left, top, w, h) + bytes([0x40 if interlaced else 0])
    return gce + desc + lzw(flat)


def gif(name, frames):
    header = b"GIF89a" + struct.pack("<HH", 16, 12) + bytes([0x80 | 0x01, 0, 0])
    table = b"".join(bytes(c) for c in PALETTE)
    open(name, "wb").write(header + table + b"".join(frames) + b"\x3b")


gif("frame-offset.gif", [image(4, 2, 8, 6, frame_pixels(8, 6))])
gif("interlaced.gif", [image(0, 0, 16, 12, frame_pixels(16, 12), interlaced=True)])
gif("animated.gif", [image(4, 2, 8, 6, frame_pixels(8, 6)), image(0, 0, 16, 12, [[0] * 16] * 12, transparent=3)])
PY
ls -l

# Large WebPs for the decode at the drawn size: a 2400 × 1800 lossy photo-like pattern
# (waves over a gradient and a checkerboard, so rescaling has detail to keep), and a
# 5000 × 5000 lossy file of four flat quadrants (within the default 32-megapixel limit;
# 100 MB of RGBA at full size).
python3 - "$work" <<'PY'
import math, sys
work = sys.argv[1]
w, h = 1200, 900
out = bytearray()
for y in range(h):
    for x in range(w):
        r = int(128 + 100 * math.sin(x / 37.0) * math.cos(y / 53.0))
        if ((x // 60) + (y // 60)) % 2 == 0:
            r = min(255, r + 40)
        out += bytes((r, 40 + x * 180 // w, 200 - y * 150 // h))
open(f"{work}/detail.ppm", "wb").write(b"P6\n%d %d\n255\n" % (w, h) + out)
side = 5000
top = bytes((200, 100, 50)) * (side // 2) + bytes((50, 160, 220)) * (side // 2)
bottom = bytes((240, 230, 40)) * (side // 2) + bytes((128, 128, 128)) * (side // 2)
with open(f"{work}/quadrants.ppm", "wb") as f:
    f.write(b"P6\n%d %d\n255\n" % (side, side))
    for y in range(side):
        f.write(top if y < side // 2 else bottom)
PY
cwebp -quiet -q 80 -resize 2400 1800 "$work/detail.ppm" -o large-detail.webp
cwebp -quiet -q 50 -m 6 -segments 1 -sns 0 -f 0 "$work/quadrants.ppm" -o large-quadrants.webp
