#!/usr/bin/env python3
"""What Android lint's IconDetector reports on a tree, by the rules of its source
(tools/base lint-checks IconDetector.java): IconDensities, IconMissingDensityFolder,
IconNoDpi, IconMixedNinePatch, IconXmlAndPng, IconLocation, IconDipSize, IconDuplicates,
IconDuplicatesConfig. Independent of icongrid: reads PNG/JPEG/WebP headers itself.
Usage: python3 Tests/EndToEndTests/Golden/lint-reference.py ROOT  -> one line per finding: ID<TAB>path<TAB>detail"""
import os, re, sys, struct, math

DENSITY_FOLDER = re.compile(r'^drawable-(nodpi|xxxhdpi|xxhdpi|xhdpi|hdpi|mdpi)$')
REQUIRED = ['drawable-mdpi', 'drawable-hdpi', 'drawable-xhdpi', 'drawable-xxhdpi']
QUALIFIERS = ['-ldpi', '-mdpi', '-hdpi', '-xhdpi', '-xxhdpi', '-xxxhdpi']
DP_NAME = re.compile(r'.+_(\d+)dp\.[a-zA-Z]+$')

def drawable_file(n):
    return n.endswith(('.png', '.jpg', '.gif', '.xml', '.jpeg', '.webp'))

def base(n):
    return n.split('.')[0]

def size(path):
    b = open(path, 'rb').read(64 * 1024)
    if b[:8] == b'\x89PNG\r\n\x1a\n':
        return struct.unpack('>II', b[16:24])
    if b[:2] == b'\xff\xd8':
        i = 2
        while i + 9 < len(b):
            if b[i] != 0xFF: return None
            m = b[i + 1]; l = struct.unpack('>H', b[i + 2:i + 4])[0]
            if m in (0xC0, 0xC1, 0xC2):
                h, w = struct.unpack('>HH', b[i + 5:i + 9]); return (w, h)
            i += 2 + l
        return None
    if b[:4] == b'RIFF' and b[8:12] == b'WEBP':
        if b[12:16] == b'VP8X':
            return (1 + int.from_bytes(b[24:27], 'little'), 1 + int.from_bytes(b[27:30], 'little'))
    return None

def factor(folder):
    for q, f in (('-mdpi', 1.0), ('-hdpi', 1.5), ('-xhdpi', 2.0), ('-xxhdpi', 3.0), ('-xxxhdpi', 4.0), ('-ldpi', .75)):
        if q in folder: return f
    return 0

def jround(x):  # Java Math.round(float)
    return math.floor(x + 0.5)

def check_res(res, out):
    folders = sorted(f for f in os.listdir(res) if os.path.isdir(os.path.join(res, f)))
    pixel, lengths = {}, {}
    dpi_names, other_names = {}, {}
    for folder in folders:
        if not (folder.startswith('drawable') or folder.startswith('mipmap')): continue
        files = sorted(os.listdir(os.path.join(res, folder)))
        if folder == 'drawable':
            for n in files:
                if n.endswith(('.png', '.jpg', '.jpeg', '.webp', '.gif')):
                    out.append(('IconLocation', f'{res}/{folder}/{n}', ''))
        for n in files:
            p = os.path.join(res, folder, n)
            if n.endswith(('.png', '.jpg', '.jpeg', '.webp')):
                if not n.endswith('.9.png'): pixel[p] = size(p)
                lengths[p] = os.path.getsize(p)
        names = {n for n in files if drawable_file(n)}
        (dpi_names if DENSITY_FOLDER.match(folder) else other_names)[folder] = names
    # IconDipSize
    by_name = {}
    for p in pixel:
        folder, n = p.split('/')[-2:]
        stripped = None
        for q in QUALIFIERS:
            i = folder.find(q)
            if i != -1: stripped = folder[:i] + folder[i + len(q):]; break
        if stripped is None: continue
        by_name.setdefault(n, {}).setdefault(stripped, []).append(p)
    for n in sorted(by_name):
        for config, files in sorted(by_name[n].items()):
            dips = {}
            for p in files:
                f = factor(p.split('/')[-2]); s = pixel[p]
                if f <= 0 or s is None: continue
                dips[p] = (jround(s[0] / f), jround(s[1] / f))
                m = DP_NAME.match(n)
                if m and (abs(dips[p][0] - int(m.group(1))) > 2 or abs(dips[p][1] - int(m.group(1))) > 2):
                    out.append(('IconDipSize', p, f'name implies {m.group(1)}dp, is {dips[p]}'))
            if not dips: continue
            c = len(dips); mw = sum(d[0] for d in dips.values()) // c; mh = sum(d[1] for d in dips.values()) // c
            sw = math.sqrt(sum((d[0] - mw) ** 2 for d in dips.values()) // c)
            sh = math.sqrt(sum((d[1] - mh) ** 2 for d in dips.values()) // c)
            if sw > mw // 10 or sh > mh:
                detail = ', '.join(f"{p.split('/')[-2]}: {d[0]}x{d[1]} dp" for p, d in sorted(dips.items(), key=lambda e: (-e[1][0], -e[1][1])))
                out.append(('IconDipSize', f'{res}/*{config}/{n}', detail))
    # IconDuplicates / IconDuplicatesConfig: identical bytes
    groups = {}
    for p in lengths:
        groups.setdefault(open(p, 'rb').read(), []).append(p)
    for content, same in sorted(groups.items(), key=lambda g: sorted(g[1])[0]):
        if len(same) < 2: continue
        same.sort()
        names = [p.split('/')[-1] for p in same]
        if all(DP_NAME.match(n) for n in names): continue
        if len(set(names)) == 1:
            out.append(('IconDuplicatesConfig', same[-1], names[0] + ': ' + ', '.join(p.split('/')[-2] for p in same)))
        else:
            out.append(('IconDuplicates', same[-1], ', '.join(names)))
    if not dpi_names: return
    defined = set(dpi_names)
    present = [d for d in REQUIRED if d in defined]
    missing = [d for d in REQUIRED if d not in defined]
    if missing and present:
        out.append(('IconMissingDensityFolder', res, ', '.join(missing)))
    nodpi = {base(n) for f, ns in dpi_names.items() if '-nodpi' in f for n in ns}
    both = sorted({n for f, ns in dpi_names.items() if '-nodpi' not in f for n in ns if base(n) in nodpi})
    if both: out.append(('IconNoDpi', res, ', '.join(both)))
    for f, ns in sorted(dpi_names.items()):
        for b in sorted({base(n) for n in ns}):
            if b + '.9.png' in ns and b + '.png' in ns:
                out.append(('IconMixedNinePatch', f'{res}/{f}/{b}', ''))
    allf = dict(dpi_names); allf.update(other_names)
    xml = {base(n) for f, ns in allf.items() if '-v' not in f for n in ns if n.endswith('.xml')}
    bmp = {base(n) for f, ns in allf.items() for n in ns if not n.endswith('.xml')}
    for b in sorted(xml & bmp):
        out.append(('IconXmlAndPng', f'{res}/{b}', ''))
    all_names = {base(n) for f, ns in dpi_names.items() if '-nodpi' not in f for n in ns}
    for f, ns in sorted(dpi_names.items()):
        if '-nodpi' in f or f not in REQUIRED: continue
        delta = sorted(all_names - {base(n) for n in ns})
        if delta: out.append(('IconDensities', f'{res}/{f}', ', '.join(delta)))

root = sys.argv[1]
out = []
for dirpath, dirnames, filenames in sorted(os.walk(root)):
    dirnames.sort()
    if os.path.basename(dirpath) == 'res':
        check_res(dirpath, out)
        dirnames[:] = []
for i, p, d in out:
    print(f'{i}\t{os.path.relpath(p, root) if not p.startswith("*") else p}\t{d}')
