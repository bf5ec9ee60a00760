#!/usr/bin/env bash
# Scripts/bench derive [--icons N] [--batch M] [--runs R] [--variants "K K…"] [--cases "S:D …"]
#                      [--timing-only] [--skip-timing]
#
# Resampling's quality and speed against ImageMagick, libvips and Pillow, on ground truth no
# resizer saw: N (default 300) SVG app icons of Debian's papirus-icon-theme
# (64x64/apps, every third file by name) rendered by rsvg-convert at each case's source and
# target size. Each tool shrinks the source renders; derive.py scores the results against the
# target renders (PSNR composited over white and over black, SSIM; see derive.py), and again
# against exact coverage: each target drawn at 16 times its size by rsvg-convert and averaged
# over every 16 × 16 block (premultiplied, in floating point), which takes out the rounding of
# the renderer's own edge coverage at the target size ("coverage" columns). Cases:
# 3x → 2x (180 → 120), 3x → 1x (180 → 60), 2x → 1x (120 → 60), 1024 → 120, 1024 → 58,
# 1024 → 40, 1024 → 29.
#
# The tools and what each does by default:
#   ours                 Resampler.resize, automatic kernel, sRGB, premultiplied
#   ours (K)             the same with kernel K (the --variants rows; default: area,
#                        quadratic, compensated:0.0417, lanczos:3, and linear light)
#   im -resize           ImageMagick's default: Mitchell for images with alpha, alpha-weighted
#   im Lanczos -resize   -filter Lanczos -resize
#   im -scale            -scale: averages the pixels a destination pixel covers
#   vipsthumbnail        lanczos3 after a box pre-shrink, premultiplied, in sRGB
#   pillow LANCZOS       Image.resize on "RGBa" (what Pillow does for RGBA by itself)
#   pillow BICUBIC       the same with BICUBIC
# ImageMagick is called as /usr/bin/mogrify, the distribution's binary.
#
# Timing: a batch of M (default 1,000) of the theme's icons rendered at 180 px, each made
# into 120 and 60 px: decode, resize, encode, write, by ours (DeriveBench batch, one decode
# per icon), vipsthumbnail and mogrify (one run per size, as their command lines work) and
# Pillow (one decode per icon). One core: pinned with taskset to CPU 0, one thread each;
# two cores: our two threads, or the batch split in two halves run as two processes at
# once. Best of R runs (default 3), wall time. --cases "180:120 1024:58" runs only those
# quality cases (--timing-only none); --skip-timing skips the batch.
#
# The renders are cached under .build/bench/derive/truth; reruns only resize and score.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"

quality_count=300
batch_count=1000
runs=3
variants="area quadratic compensated:0.0417 lanczos:3 linear"
timing=1
only=""
while [ $# -gt 0 ]; do
  case "$1" in
  --icons) quality_count="$2"; shift 2 ;;
  --batch) batch_count="$2"; shift 2 ;;
  --runs) runs="$2"; shift 2 ;;
  --variants) variants="$2"; shift 2 ;;
  --skip-timing) timing=0; shift ;;
  --cases) only="$2"; shift 2 ;;
  --timing-only) only="none"; shift ;;
  *)
    echo "usage: Scripts/bench derive [--icons N] [--batch M] [--runs R] [--variants \"K K…\"] [--cases \"S:D …\"] [--timing-only] [--skip-timing]" >&2
    exit 64
    ;;
  esac
done

Scripts/setup papirus-icon-theme imagemagick libvips-tools librsvg2-bin python3-pil util-linux
python3 -c 'import numpy' 2>/dev/null || Scripts/setup python3-numpy
mogrify=/usr/bin/mogrify
helper="$root/Scripts/bench.d/derive.py"
theme=/usr/share/icons/Papirus/64x64/apps
work="$root/.build/bench/derive"
truth="$work/truth"
mkdir -p "$truth"

echo "== building DeriveBench (release)" >&2
ours=$(Scripts/build-release DeriveBench Scripts/bench.d/DeriveBench)

# The batch: every third SVG by name; the quality set: the first N of those.
find "$theme" -maxdepth 1 -type f -name '*.svg' | LC_ALL=C sort |
  awk -v n="$batch_count" 'NR % 3 == 1 && ++taken <= n' >"$work/batch-svg.txt"
awk -v n="$quality_count" 'NR <= n' "$work/batch-svg.txt" >"$work/quality-svg.txt"

# render SIZE LIST: rsvg-convert every SVG of LIST at SIZE × SIZE into truth/SIZE, two at a
# time, skipping what is already there. A file rsvg-convert cannot draw is left out.
render() {
  local size="$1" list="$2"
  mkdir -p "$truth/$size"
  local todo=()
  while IFS= read -r svg; do
    local name
    name=$(basename "$svg" .svg)
    [ -f "$truth/$size/$name.png" ] || [ -f "$truth/$size/$name.failed" ] || todo+=("$svg")
  done <"$list"
  [ ${#todo[@]} -gt 0 ] || return 0
  echo "== rendering ${#todo[@]} icons at $size px with rsvg-convert" >&2
  printf '%s\0' "${todo[@]}" | SIZE="$size" OUT="$truth/$size" xargs -0 -P 2 -n 1 sh -c '
    name=$(basename "$1" .svg)
    rsvg-convert -w "$SIZE" -h "$SIZE" -o "$OUT/$name.tmp.png" "$1" 2>/dev/null &&
      mv "$OUT/$name.tmp.png" "$OUT/$name.png" || { rm -f "$OUT/$name.tmp.png"; touch "$OUT/$name.failed"; }
  ' sh
}

render 180 "$work/batch-svg.txt"
for size in 1024 120 60 58 40 29; do render "$size" "$work/quality-svg.txt"; done
# The coverage truth: each target size drawn 16 times larger (derive.py averages it down).
coverage=16
coverage_sizes=()
for size in 120 60 58 40 29; do coverage_sizes+=($((size * coverage))); done
for size in "${coverage_sizes[@]}"; do render "$size" "$work/quality-svg.txt"; done

# names LIST SIZE…: the icons of LIST rendered at every SIZE.
names() {
  local list="$1"
  shift
  while IFS= read -r svg; do
    local name ok=1
    name=$(basename "$svg" .svg)
    for size in "$@"; do [ -f "$truth/$size/$name.png" ] || ok=0; done
    [ "$ok" = 0 ] || echo "$name"
  done <"$list"
}
mapfile -t quality < <(names "$work/quality-svg.txt" 1024 180 120 60 58 40 29 "${coverage_sizes[@]}")
echo "quality set: ${#quality[@]} icons" >&2

# shrink LABEL SRC DST OUTDIR: one tool on the quality set.
shrink() {
  local label="$1" src="$2" dst="$3" out="$4"
  local files=()
  for name in "${quality[@]}"; do files+=("$truth/$src/$name.png"); done
  rm -rf "$out"
  mkdir -p "$out"
  case "$label" in
  ours) "$ours" resize "$dst" "$out" "${files[@]}" ;;
  "ours (linear)") "$ours" resize "$dst" "$out" --linear "${files[@]}" ;;
  "ours ("*) "$ours" resize "$dst" "$out" --kernel "${label:6:-1}" "${files[@]}" ;;
  "im -resize") "$mogrify" -path "$out" -resize "${dst}x${dst}" "${files[@]}" ;;
  "im Lanczos -resize") "$mogrify" -path "$out" -filter Lanczos -resize "${dst}x${dst}" "${files[@]}" ;;
  "im -scale") "$mogrify" -path "$out" -scale "${dst}x${dst}" "${files[@]}" ;;
  vipsthumbnail) vipsthumbnail -s "$dst" -o "$out/%s.png" "${files[@]}" ;;
  "pillow LANCZOS") python3 "$helper" pillow LANCZOS "$dst" "$out" "${files[@]}" ;;
  "pillow BICUBIC") python3 "$helper" pillow BICUBIC "$dst" "$out" "${files[@]}" ;;
  esac
}

labels=(ours)
for variant in $variants; do labels+=("ours ($variant)"); done
labels+=("im -resize" "im Lanczos -resize" "im -scale" vipsthumbnail "pillow LANCZOS" "pillow BICUBIC")

cases=("3x → 2x:180:120" "3x → 1x:180:60" "2x → 1x:120:60" "1024 → 120:1024:120" "1024 → 58:1024:58"
  "1024 → 40:1024:40" "1024 → 29:1024:29")
# The truth at 120 and 60 is needed for the whole quality set only.
for entry in "${cases[@]}"; do
  IFS=: read -r title src dst <<<"$entry"
  if [ -n "$only" ] && [[ " $only " != *" $src:$dst "* ]]; then continue; fi
  specs=()
  for label in "${labels[@]}"; do
    dir="$work/out/$src-$dst/$(echo "$label" | tr -c 'A-Za-z0-9.:\n' '_')"
    shrink "$label" "$src" "$dst" "$dir" >&2
    specs+=("$label=$dir")
  done
  # The truth folder holds exactly the quality set's names for this size.
  truthset="$work/truthset/$dst"
  rm -rf "$truthset"
  mkdir -p "$truthset"
  # The renderer's own drawing at the target size, against the coverage truth.
  specs+=("rsvg-convert at $dst px=$truthset")
  coverset="$work/truthset/coverage-$dst"
  rm -rf "$coverset"
  mkdir -p "$coverset"
  for name in "${quality[@]}"; do
    ln -s "$truth/$dst/$name.png" "$truthset/$name.png"
    ln -s "$truth/$((dst * coverage))/$name.png" "$coverset/$name.png"
  done
  echo
  echo "$title ($src → $dst px), ${#quality[@]} icons; truth: rsvg-convert at $dst px / coverage (at $((dst * coverage)) px, averaged)"
  python3 "$helper" score "$truthset" --coverage "$coverset" "$coverage" "${specs[@]}" | awk -F'\t' '
    BEGIN { printf "%-26s %11s %11s %8s | %15s %15s\n", "tool", "PSNR white", "PSNR black", "SSIM", "coverage white", "coverage black" }
    { printf "%-26s %11s %11s %8s | %15s %15s\n", $1, $2, $3, $4, $5, $6 }'
done

[ "$timing" = 1 ] || exit 0

# The timing batch: M files of 180 px.
mapfile -t batch < <(names "$work/batch-svg.txt" 180)
printf '%s\n' "${batch[@]/#/$truth/180/}" | sed 's/$/.png/' >"$work/batch.txt"
half=$(((${#batch[@]} + 1) / 2))
head -n "$half" "$work/batch.txt" >"$work/batch-a.txt"
tail -n +"$((half + 1))" "$work/batch.txt" >"$work/batch-b.txt"
# On a tmpfs when there is one, so that creating 2,000 files on the build's file system (an
# overlay in containers: ~0.2 ms an open) does not decide the race.
timed="$work/timed"
if [ -d /dev/shm ] && [ -w /dev/shm ]; then timed=/dev/shm/icongrid-bench-derive; fi

now() { date +%s.%N; }

# run TOOL CORES LIST: one tool on LIST, writing timed/TOOL/{120,60}; pinned to CPU 0 for 1 core.
run_list() {
  local tool="$1" cores="$2" list="$3" out="$timed/$1"
  local pin=()
  [ "$cores" = 2 ] || pin=(taskset -c 0)
  mapfile -t files <"$list"
  case "$tool" in
  ours) "${pin[@]}" "$ours" batch 1 "$out" 120,60 "$list" >/dev/null ;;
  vipsthumbnail)
    for size in 120 60; do
      VIPS_CONCURRENCY=1 "${pin[@]}" vipsthumbnail -s "$size" -o "$out/$size/%s.png" "${files[@]}"
    done
    ;;
  mogrify)
    for size in 120 60; do
      MAGICK_THREAD_LIMIT=1 "${pin[@]}" "$mogrify" -path "$out/$size" -resize "${size}x${size}" "${files[@]}"
    done
    ;;
  pillow) "${pin[@]}" python3 "$helper" pillow-batch "$out" 120,60 "$list" >/dev/null ;;
  esac
}

# timed_run TOOL CORES: seconds for the whole batch.
timed_run() {
  local tool="$1" cores="$2"
  rm -rf "${timed:?}/$tool"
  mkdir -p "$timed/$tool/120" "$timed/$tool/60"
  local start end
  start=$(now)
  if [ "$cores" = 1 ]; then
    run_list "$tool" 1 "$work/batch.txt"
  elif [ "$tool" = ours ]; then
    "$ours" batch 2 "$timed/$tool" 120,60 "$work/batch.txt" >/dev/null
  else
    run_list "$tool" 2 "$work/batch-a.txt" &
    local first=$!
    run_list "$tool" 2 "$work/batch-b.txt"
    wait "$first"
  fi
  end=$(now)
  made=$(find "$timed/$tool" -name '*.png' | wc -l)
  if [ "$made" -ne $((2 * ${#batch[@]})) ]; then
    echo "bench: $tool made $made files, not $((2 * ${#batch[@]}))" >&2
    exit 1
  fi
  echo "$tool $cores $(echo "$end - $start" | bc)"
}

echo
echo "batch: ${#batch[@]} icons of 180 px → 120 and 60 px (decode, resize, encode, write); best of $runs, seconds"
{
  for _ in $(seq "$runs"); do
    for tool in ours vipsthumbnail mogrify pillow; do
      timed_run "$tool" 1
      timed_run "$tool" 2
    done
  done
} | awk '
  {
    key = $1 SUBSEP $2
    if (!(key in best) || $3 < best[key]) best[key] = $3
    if (!($1 in seen)) { seen[$1] = 1; order[++n] = $1 }
  }
  END {
    printf "%-14s %9s %9s %10s %10s\n", "tool", "1 core", "2 cores", "ours/1", "ours/2"
    for (i = 1; i <= n; i++) {
      t = order[i]
      printf "%-14s %9.2f %9.2f %9.2fx %9.2fx\n", t, best[t, 1], best[t, 2], best["ours", 1] / best[t, 1], best["ours", 2] / best[t, 2]
    }
  }'
