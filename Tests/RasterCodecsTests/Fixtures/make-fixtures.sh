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
ls -l
