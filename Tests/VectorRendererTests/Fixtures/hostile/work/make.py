#!/usr/bin/env python3
"""Writes the hostile SVGs of README's "Hostile vector files" table into a folder.

    python3 make.py OUT      # then: rsvg-convert -w 1024 -h 1024 OUT/x.svg, or time-vector.swift

Each stays within VectorLimits' 50,000 elements and 8 MiB; what each costs librsvg is in
README. Not used by the tests (WorkBudgetTests builds its own, smaller set in memory).
"""
import os
import random
import sys

out = sys.argv[1] if len(sys.argv) > 1 else "."
os.makedirs(out, exist_ok=True)
random.seed(1)
H = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
     'width="1024" height="1024" viewBox="0 0 1024 1024">')


def w(name, body):
    with open(os.path.join(out, name + '.svg'), 'w') as f:
        f.write(H + body + '</svg>')


def randpath(n, span=1024):
    return 'M0 0 ' + ' '.join('%d %d' % (random.randrange(span), random.randrange(span)) for _ in range(n))


def localpath(n):
    pts = []
    x = y = 500
    for _ in range(n):
        x = (x + random.randint(-3, 3)) % 1024
        y = (y + random.randint(-3, 3)) % 1024
        pts.append('%d %d' % (x, y))
    return 'M500 500 L' + ' '.join(pts)


for n in (10000, 30000, 120000):
    w('randfill%d'%n, '<path d="%s"/>'%randpath(n))
for n in (100000, 1000000):
    w('localfill%d'%n, '<path d="%s" fill="none" stroke="#000"/>'%localpath(n))
w('localstroke_fill300k', '<path d="%s" fill="#000"/>'%localpath(300000))
w('randstroke10k', '<path d="%s" fill="none" stroke="#000"/>'%randpath(10000))
w('dash', '<path d="M0 0 L1024 1024 L0 1024 L1024 0 Z" fill="none" stroke="#000" stroke-dasharray="0.001"/>')
w('dash2', '<path d="M0 0 L1024 1024" fill="none" stroke="#000" stroke-dasharray="0.0001 0.0001"/>')
w('dashcircle', '<circle cx="512" cy="512" r="500" fill="none" stroke="#000" stroke-dasharray="0.01"/>')
w('strokewidth', '<path d="%s" fill="none" stroke="#000" stroke-width="100000"/>'%randpath(1000))
w('strokewidth_big1', '<path d="M0 0 L1024 1024" fill="none" stroke="#000" stroke-width="1e9"/>')
w('blur', '<filter id="f" x="-10" y="-10" width="20" height="20"><feGaussianBlur stdDeviation="100000"/></filter><rect width="1024" height="1024" filter="url(#f)"/>')
w('blur_many', '<filter id="f" x="0" y="0" width="1" height="1">'+''.join('<feGaussianBlur stdDeviation="50"/>' for _ in range(200))+'</filter><rect width="1024" height="1024" filter="url(#f)"/>')
w('blur_many_elems', '<filter id="f"><feGaussianBlur stdDeviation="50"/></filter>'+''.join('<rect width="1024" height="1024" filter="url(#f)"/>' for _ in range(500)))
w('turb', '<filter id="f" x="0" y="0" width="1" height="1"><feTurbulence baseFrequency="0.05" numOctaves="100000"/></filter><rect width="1024" height="1024" filter="url(#f)"/>')
w('turb_many', '<filter id="f" x="0" y="0" width="1" height="1">'+''.join('<feTurbulence baseFrequency="0.05" numOctaves="10" result="r%d"/>'%i for i in range(100))+'</filter><rect width="1024" height="1024" filter="url(#f)"/>')
w('conv', '<filter id="f" x="0" y="0" width="1" height="1"><feConvolveMatrix order="300" kernelMatrix="%s"/></filter><rect width="1024" height="1024" filter="url(#f)"/>'%' '.join(['1']*90000))
w('morph', '<filter id="f" x="0" y="0" width="1" height="1"><feMorphology operator="dilate" radius="100000"/></filter><rect width="1024" height="1024" filter="url(#f)"/>')
w('pattern', '<pattern id="p" width="0.001" height="0.001" patternUnits="userSpaceOnUse"><rect width="0.0005" height="0.0005"/></pattern><rect width="1024" height="1024" fill="url(#p)"/>')
w('pattern_small', '<pattern id="p" width="1" height="1" patternUnits="userSpaceOnUse"><circle r="0.5" cx="0.5" cy="0.5"/></pattern><rect width="1024" height="1024" fill="url(#p)"/>')
# deep clip nesting
cl=''.join('<clipPath id="c%d" clip-path="url(#c%d)"><rect width="1000" height="1000"/></clipPath>'%(i,i-1) for i in range(1,2000))
w('clipdeep', '<clipPath id="c0"><rect width="1000" height="1000"/></clipPath>'+cl+'<rect width="1024" height="1024" clip-path="url(#c1999)"/>')
mk=''.join('<mask id="m%d"><rect width="1000" height="1000" fill="#fff" mask="url(#m%d)"/></mask>'%(i,i-1) for i in range(1,1000))
w('maskdeep', '<mask id="m0"><rect width="1000" height="1000" fill="#fff"/></mask>'+mk+'<rect width="1024" height="1024" mask="url(#m999)"/>')
w('maskmany', '<mask id="m"><rect width="1024" height="1024" fill="#fff"/></mask>'+''.join('<rect width="1024" height="1024" mask="url(#m)"/>' for _ in range(20000)))
w('groupopacity', ''.join('<g opacity="0.5">' for _ in range(5000))+'<rect width="1024" height="1024"/>'+'</g>'*5000)
w('text', '<text x="0" y="1000" font-size="100000000">W</text>')
w('textmany', '<text x="0" y="100" font-size="20">%s</text>'%('Wij'*100000))
w('textpath', '<path id="p" d="M0 500 L1024 500"/><text font-size="2"><textPath xlink:href="#p">%s</textPath></text>'%('W'*50000))
sym='<symbol id="s"><path d="%s"/></symbol>'%randpath(2000)
w('usemany', '<defs>'+sym+'</defs>'+''.join('<use xlink:href="#s"/>' for _ in range(20000)))
w('polyline', '<polyline points="%s" fill="none" stroke="#000"/>'%randpath(100000)[4:])
w('arcs', '<path d="M0 0 %s" fill="none" stroke="#000"/>'%' '.join('A 500 500 0 1 1 %d %d'%(random.randrange(1024),random.randrange(1024)) for _ in range(50000)))
w('blend_many', ''.join('<rect width="1024" height="1024" style="mix-blend-mode:multiply" fill="#888"/>' for _ in range(20000)))
w('rects_many', ''.join('<rect width="1024" height="1024" fill="#888" opacity="0.5"/>' for _ in range(40000)))
# Scaling of random paths, filled (rf) and stroked (rs).
for n in (500,1000,2000,4000):
    d='M0 0 ' + ' '.join('%d %d'%(random.randrange(1024),random.randrange(1024)) for _ in range(n))
    w('rf%d' % n, '<path d="%s"/>' % d)
    w('rs%d' % n, '<path d="%s" fill="none" stroke="#000"/>' % d)
# Calibration of paint costs, kernel and font thresholds, nesting depths.
w('rects2000', ''.join('<rect width="1024" height="1024" fill="#888" opacity="0.5"/>' for _ in range(2000)))
w('rectsop2000', ''.join('<rect width="1024" height="1024" fill="#888"/>' for _ in range(2000)))
w('blur20', '<filter id="f" x="0" y="0" width="1" height="1">'+''.join('<feGaussianBlur stdDeviation="50"/>' for _ in range(20))+'</filter><rect width="1024" height="1024" filter="url(#f)"/>')
w('blur20s2', '<filter id="f" x="0" y="0" width="1" height="1">'+''.join('<feGaussianBlur stdDeviation="2"/>' for _ in range(20))+'</filter><rect width="1024" height="1024" filter="url(#f)"/>')
w('flood20', '<filter id="f" x="0" y="0" width="1" height="1">'+''.join('<feFlood flood-color="red"/>' for _ in range(20))+'</filter><rect width="1024" height="1024" filter="url(#f)"/>')
w('turb10', '<filter id="f" x="0" y="0" width="1" height="1"><feTurbulence baseFrequency="0.05" numOctaves="10"/></filter><rect width="1024" height="1024" filter="url(#f)"/>')
w('turb1', '<filter id="f" x="0" y="0" width="1" height="1"><feTurbulence baseFrequency="0.05" numOctaves="1"/></filter><rect width="1024" height="1024" filter="url(#f)"/>')
for o in (3,10,20,50):
  w('conv%d'%o, '<filter id="f" x="0" y="0" width="1" height="1"><feConvolveMatrix order="%d" kernelMatrix="%s"/></filter><rect width="1024" height="1024" filter="url(#f)"/>'%(o,' '.join(['1']*(o*o))))
for r in (10,50,200):
  w('morph%d'%r, '<filter id="f" x="0" y="0" width="1" height="1"><feMorphology operator="dilate" radius="%d"/></filter><rect width="100" height="100" filter="url(#f)"/>'%r)
for fs in (1000, 100000, 1e6, 1e7):
  w('font%d'%fs, '<text x="0" y="1000" font-size="%d">W</text>'%fs)
for d in (50,100,200,400):
  w('mask%d'%d, '<mask id="m0"><rect width="1000" height="1000" fill="#fff"/></mask>'+''.join('<mask id="m%d"><rect width="1000" height="1000" fill="#fff" mask="url(#m%d)"/></mask>'%(i,i-1) for i in range(1,d))+'<rect width="1024" height="1024" mask="url(#m%d)"/>'%(d-1))
  w('gop%d'%d, ''.join('<g opacity="0.5">' for _ in range(d))+'<rect width="1024" height="1024"/>'+'</g>'*d)
for o in (25,30,35,40,45):
  w('conv%d'%o, '<filter id="f" x="0" y="0" width="1" height="1"><feConvolveMatrix order="%d" kernelMatrix="%s"/></filter><rect width="100" height="100" filter="url(#f)"/>'%(o,' '.join(['1']*(o*o))))
for d in (5,10,20,30):
  w('mask%d'%d, '<mask id="m0"><rect width="1000" height="1000" fill="#fff"/></mask>'+''.join('<mask id="m%d"><rect width="1000" height="1000" fill="#fff" mask="url(#m%d)"/></mask>'%(i,i-1) for i in range(1,d))+'<rect width="1024" height="1024" mask="url(#m%d)"/>'%(d-1))
  w('gop%d'%d, ''.join('<g opacity="0.5">' for _ in range(d))+'<rect width="1024" height="1024"/>'+'</g>'*d)
  w('clip%d'%d, '<clipPath id="c0"><rect width="1000" height="1000"/></clipPath>'+''.join('<clipPath id="c%d" clip-path="url(#c%d)"><rect width="1000" height="1000"/></clipPath>'%(i,i-1) for i in range(1,d))+'<rect width="1024" height="1024" clip-path="url(#c%d)"/>'%(d-1))
for fs in (2000000, 4000000, 8000000):
  w('font%d'%fs, '<text x="0" y="1000" font-size="%d">W</text>'%fs)
# A translucent full-surface marker at each of 3,000 vertices.
w('marker', '<marker id="m" markerWidth="1000" markerHeight="1000" markerUnits="userSpaceOnUse">'
  '<rect width="1000" height="1000" opacity="0.5"/></marker><path d="M0 0 %s" fill="none" '
  'stroke="#000" marker-mid="url(#m)"/>' % ' '.join('l1 0' for _ in range(3000)))
# A 20,000 x 20,000 PNG of zeros (1.2 MB) as a data: URL.
import base64, struct, zlib
def chunk(kind, data):
    return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data) & 0xffffffff)
side = 20000
deflate = zlib.compressobj(9)
idat = b''.join(deflate.compress(b'\x00' * (side * 3 + 1)) for _ in range(side)) + deflate.flush()
png = (b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', side, side, 8, 2, 0, 0, 0))
       + chunk(b'IDAT', idat) + chunk(b'IEND', b''))
w('pngbomb', '<image width="64" height="64" xlink:href="data:image/png;base64,%s"/>' % base64.b64encode(png).decode())
