#!/usr/bin/env python3
"""The Pillow side and the scorer of `Scripts/bench derive`.

  derive.py pillow FILTER SIZE OUTDIR FILE...       shrinks each FILE with Pillow
  derive.py pillow-batch OUTDIR SIZES LISTFILE      the timed batch, one process (prints seconds=…)
  derive.py score TRUTHDIR [--coverage DIR K] LABEL=DIR...
                                                    one row per LABEL: PSNR over white, over
                                                    black, SSIM against TRUTHDIR's files, then
                                                    PSNR over white and black against DIR's
                                                    files averaged over K × K blocks

Pillow's Image.resize premultiplies RGBA by itself (it converts to "RGBa" and back); the
conversion is done here explicitly so that the premultiplied path is the one measured.

Scores: each straight-alpha RGBA image is composited over white and over black in floating
point (no rounding), and the squared error is pooled over every channel of every pixel of
every icon of the case: PSNR = 10·log10(255² ÷ MSE). SSIM is the mean over icons of Wang
et al.'s SSIM (Gaussian window of 11, σ = 1.5, K1 = 0.01, K2 = 0.03, valid region) on the
luma (Rec. 601) of the composite, averaged over the white and black composites.

The coverage truth: a render K times the target's size, premultiplied and averaged over each
K × K block in floating point, then divided back to straight alpha without rounding. It is
what an ideal anti-aliasing rasterizer draws (each pixel covered by its exact area), with the
renderer's own rounding of edge coverage shrunk K times; the renders at the target size carry
that rounding in full.
"""
import os
import sys
import time

import numpy as np
from PIL import Image

FILTERS = {"LANCZOS": Image.Resampling.LANCZOS, "BICUBIC": Image.Resampling.BICUBIC}


def shrink(path, size, resample):
    with Image.open(path) as image:
        rgba = image.convert("RGBA")
    small = rgba.convert("RGBa").resize((size, size), resample).convert("RGBA")
    return small


def pillow(args):
    resample = FILTERS[args[0]]
    size = int(args[1])
    folder = args[2]
    for path in args[3:]:
        shrink(path, size, resample).save(os.path.join(folder, os.path.basename(path)))


def pillow_batch(args):
    folder, sizes, listfile = args[0], [int(s) for s in args[1].split(",")], args[2]
    with open(listfile) as lines:
        paths = [line.strip() for line in lines if line.strip()]
    start = time.monotonic()
    for path in paths:
        with Image.open(path) as image:
            rgba = image.convert("RGBa")
        for size in sizes:
            small = rgba.resize((size, size), Image.Resampling.LANCZOS).convert("RGBA")
            small.save(os.path.join(folder, str(size), os.path.basename(path)))
    print(f"seconds={time.monotonic() - start}")


def load(path):
    with Image.open(path) as image:
        return np.asarray(image.convert("RGBA"), dtype=np.float64)


def composite(rgba, background):
    alpha = rgba[..., 3:4] / 255
    return rgba[..., :3] * alpha + background * (1 - alpha)


def gaussian_window():
    x = np.arange(11) - 5
    g = np.exp(-(x * x) / (2 * 1.5 * 1.5))
    return g / g.sum()


WINDOW = gaussian_window()


def blur(plane):
    """Separable Gaussian, valid region only."""
    n = len(WINDOW)
    rows = sum(WINDOW[k] * plane[:, k : plane.shape[1] - n + 1 + k] for k in range(n))
    return sum(WINDOW[k] * rows[k : rows.shape[0] - n + 1 + k, :] for k in range(n))


def ssim(a, b):
    c1, c2 = (0.01 * 255) ** 2, (0.03 * 255) ** 2
    mu_a, mu_b = blur(a), blur(b)
    var_a = blur(a * a) - mu_a * mu_a
    var_b = blur(b * b) - mu_b * mu_b
    cov = blur(a * b) - mu_a * mu_b
    num = (2 * mu_a * mu_b + c1) * (2 * cov + c2)
    den = (mu_a * mu_a + mu_b * mu_b + c1) * (var_a + var_b + c2)
    return float(np.mean(num / den))


def luma(rgb):
    return rgb @ np.array([0.299, 0.587, 0.114])


def averaged(rgba, factor):
    """Straight RGBA (floating point) of `rgba` averaged over factor × factor blocks, premultiplied."""
    height, width = rgba.shape[0] // factor, rgba.shape[1] // factor
    alpha = rgba[..., 3:4] / 255
    premultiplied = np.concatenate([rgba[..., :3] * alpha, alpha * 255], axis=-1)
    mean = premultiplied.reshape(height, factor, width, factor, 4).mean(axis=(1, 3))
    coverage = mean[..., 3:4] / 255
    colour = np.where(coverage > 0, mean[..., :3] / np.maximum(coverage, 1e-12), 0)
    return np.concatenate([colour, mean[..., 3:4]], axis=-1)


def score(args):
    truth_dir = args[0]
    names = sorted(os.listdir(truth_dir))
    truths = {name: load(os.path.join(truth_dir, name)) for name in names}
    specs = args[1:]
    covered = None
    if specs and specs[0] == "--coverage":
        coverage_dir, factor = specs[1], int(specs[2])
        specs = specs[3:]
        covered = {name: averaged(load(os.path.join(coverage_dir, name)), factor) for name in names}
    for spec in specs:
        label, folder = spec.split("=", 1)
        squared = {0.0: 0.0, 255.0: 0.0}
        squared_coverage = {0.0: 0.0, 255.0: 0.0}
        count = 0
        similarity = []
        for name in names:
            path = os.path.join(folder, name)
            if not os.path.exists(path):
                sys.exit(f"derive.py: {label} made no {path}")
            got, want = load(path), truths[name]
            if got.shape != want.shape:
                sys.exit(f"derive.py: {path} is {got.shape[1]}×{got.shape[0]}, not {want.shape[1]}×{want.shape[0]}")
            if covered is not None and covered[name].shape != want.shape:
                sys.exit(f"derive.py: the coverage truth of {name} is not {want.shape[1]}×{want.shape[0]}")
            values = []
            for background in squared:
                g, w = composite(got, background), composite(want, background)
                squared[background] += float(np.sum((g - w) ** 2))
                if covered is not None:
                    exact = composite(covered[name], background)
                    squared_coverage[background] += float(np.sum((g - exact) ** 2))
                if min(w.shape[:2]) >= 11:
                    values.append(ssim(luma(g), luma(w)))
            if values:
                similarity.append(sum(values) / len(values))
            count += want.shape[0] * want.shape[1] * 3

        def psnr(total):
            return float("inf") if total == 0 else 10 * np.log10(255 * 255 / (total / count))

        row = f"{label}\t{psnr(squared[255.0]):.2f}\t{psnr(squared[0.0]):.2f}\t{np.mean(similarity):.4f}"
        if covered is not None:
            row += f"\t{psnr(squared_coverage[255.0]):.2f}\t{psnr(squared_coverage[0.0]):.2f}"
        print(row)


if __name__ == "__main__":
    commands = {"pillow": pillow, "pillow-batch": pillow_batch, "score": score}
    if len(sys.argv) < 2 or sys.argv[1] not in commands:
        sys.exit(__doc__)
    commands[sys.argv[1]](sys.argv[2:])
