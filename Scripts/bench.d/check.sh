#!/usr/bin/env bash
# Scripts/bench check [--files N] [--detail D] [--runs R] [--tree DIR]
#
# `icongrid check` on a generated tree of about N PNG icons (default 10,000; see
# check_tree.py: loose name/@2x/@3x files in feature folders, a tenth in .xcassets image
# sets, an app icon set, a few deliberate mistakes; D, default 0.1, is the share of each
# icon drawn as fine detail: 0.1 gives about 2.6 kB a file, 0.5 about 12 kB):
#   - header-only (the default mode) against `pngcheck -q` over the same files;
#   - `--deep` (every file decoded) against the decode loop of `Scripts/bench decode`
#     (DecodeBench: the same files held in memory and decoded on one thread).
# ICONGRID=<binary> times that binary instead of this checkout's release build.
# With --tree DIR, an existing tree is timed instead (real icons: after `Scripts/bench sheet`,
# `--tree .build/bench/sheet` holds its 5,000 theme icons twice, as named @2x files and as
# re-encoded RGBA copies). The page cache is warmed first; each side runs R times (default 5), taking turns, and
# keeps its best wall time: on a shared machine other load only ever slows a run down.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"

count=10000
detail=0.1
runs=5
given=""
while [ $# -gt 0 ]; do
  case "$1" in
  --files) count="$2"; shift 2 ;;
  --detail) detail="$2"; shift 2 ;;
  --runs) runs="$2"; shift 2 ;;
  --tree) given="$(cd "$2" && pwd -P)"; shift 2 ;; # physical: find lists no files through a link
  *) echo "usage: Scripts/bench check [--files N] [--detail D] [--runs R] [--tree DIR]" >&2; exit 64 ;;
  esac
done

Scripts/setup pngcheck python3

echo "== building icongrid and DecodeBench (release)" >&2
# ICONGRID=<binary> times that build instead (two builds compared in one period).
icongrid=${ICONGRID:-$(Scripts/build-release)}
decode_bench=$(Scripts/build-release DecodeBench Scripts/bench.d/DecodeBench)

work="$root/.build/bench/check"
mkdir -p "$work"
tree="${given:-$work/tree-$count-$detail}"
if [ -z "$given" ] && [ ! -f "$tree.done" ]; then
  echo "== generating about $count icons in $tree" >&2
  rm -rf "$tree"
  python3 Scripts/bench.d/check_tree.py "$tree" "$count" "$detail"
  touch "$tree.done"
fi
list="$work/files-$count-$detail${given:+-given}"
find "$tree" -name '*.png' -print0 | sort -z >"$list"
files="$(tr -cd '\0' <"$list" | wc -c)"
bytes="$(xargs -0 cat <"$list" | wc -c)"
echo "tree: $files PNG files, $((bytes / files)) bytes on average" >&2
{ "$icongrid" check "$tree" --require 2x,3x || true; } | tail -1 >&2

now() { date +%s%N; }
# wall MICROSECONDS of one run of "$@", output discarded (a check with findings exits 1).
wall() {
  local start end
  start="$(now)"
  "$@" >/dev/null 2>&1 || true
  end="$(now)"
  echo $(((end - start) / 1000))
}
header() { "$icongrid" check "$tree" --require 2x,3x --format json; }
deep() { "$icongrid" check "$tree" --require 2x,3x --deep --format json; }
pngcheck_all() { xargs -0 pngcheck -q <"$list"; }

echo "== timing (best of $runs runs each, taking turns)" >&2
best_header=0 best_pngcheck=0 best_deep=0 decode_rate=0
for _ in $(seq "$runs"); do
  t="$(wall header)"; if [ "$best_header" -eq 0 ] || [ "$t" -lt "$best_header" ]; then best_header="$t"; fi
  t="$(wall pngcheck_all)"; if [ "$best_pngcheck" -eq 0 ] || [ "$t" -lt "$best_pngcheck" ]; then best_pngcheck="$t"; fi
  t="$(wall deep)"; if [ "$best_deep" -eq 0 ] || [ "$t" -lt "$best_deep" ]; then best_deep="$t"; fi
done
for _ in $(seq "$runs"); do
  # xargs may split the list over several runs of DecodeBench: add their counts and times.
  rate="$(xargs -0 "$decode_bench" bench 1 <"$list" | awk '{
    for (i = 1; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
    files += v["files"]; seconds += v["seconds"] }
    END { printf "%.0f", files / seconds }')"
  if [ "$rate" -gt "$decode_rate" ]; then decode_rate="$rate"; fi
done

awk -v n="$files" -v h="$best_header" -v p="$best_pngcheck" -v d="$best_deep" -v r="$decode_rate" 'BEGIN {
  printf "%-34s %10s %12s\n", "side", "wall ms", "files/s"
  printf "%-34s %10.1f %12.0f\n", "icongrid check (header-only)", h / 1000, n / (h / 1e6)
  printf "%-34s %10.1f %12.0f\n", "pngcheck -q", p / 1000, n / (p / 1e6)
  printf "%-34s %10.1f %12.0f\n", "icongrid check --deep", d / 1000, n / (d / 1e6)
  printf "%-34s %10.1f %12.0f\n", "decode loop (DecodeBench, 1 thread)", n / r * 1000, r
  printf "header-only vs pngcheck: %.1fx faster (goal: 5x, issue 19)\n", p / h
  printf "--deep vs the decode loop: %.2fx its files/s\n", (n / (d / 1e6)) / r
}'
