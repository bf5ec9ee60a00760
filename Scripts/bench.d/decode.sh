#!/usr/bin/env bash
# Scripts/bench decode [--seconds S] [--runs R] [--icons N]
#
# PNGCodec's decode throughput against a plain C loop over libpng's simplified API
# (decode_libpng.c: RGBA, PNG_IMAGE_FLAG_16BIT_sRGB, the settings PNGCodec uses). Both sides
# read their files into memory first and then decode them over and over for about S seconds
# of CPU time (default 1), on two sets: the 161 valid PngSuite files and N generated 96×96
# RGBA icons (default 500, written by our own encoder). The sides take turns R times
# (default 5) and each keeps its best run: on a shared machine the other load only ever
# slows a run down.
#
# Before timing, a cross-check: `icongrid info --format json` must report, for every valid
# PngSuite file, the SHA-256 of exactly the pixels the C program gets from libpng (for the
# five 16-bit Adam7 files, after libpng's classic API has removed the interlacing: see
# decode_libpng.c and libpng#853).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"

seconds=1
runs=5
icon_count=500
while [ $# -gt 0 ]; do
  case "$1" in
  --seconds) seconds="$2"; shift 2 ;;
  --runs) runs="$2"; shift 2 ;;
  --icons) icon_count="$2"; shift 2 ;;
  *) echo "usage: Scripts/bench decode [--seconds S] [--runs R] [--icons N]" >&2; exit 64 ;;
  esac
done

Scripts/setup gcc

work="$root/.build/bench/decode"
mkdir -p "$work"
suite="$root/../shared/testdata/pngsuite"
if [ ! -d "$suite" ]; then
  echo "bench: PngSuite not found at $suite (see ../shared/testdata/README.md)" >&2
  exit 66
fi
suite_files=()
for file in "$suite"/*.png; do
  case "$(basename "$file")" in x*) ;; *) suite_files+=("$file") ;; esac
done

echo "== building the C loop, the Swift loop (release) and icongrid (release)" >&2
# shellcheck disable=SC2046  # pkg-config prints several flags on purpose
gcc -O2 -o "$work/decode_libpng" "$root/Scripts/bench.d/decode_libpng.c" $(pkg-config --cflags --libs libpng)
swift_bench=$(Scripts/build-release DecodeBench Scripts/bench.d/DecodeBench)
icongrid=$(Scripts/build-release)

icons="$work/icons-$icon_count"
if [ ! -f "$icons/icon$((icon_count - 1)).png" ]; then
  echo "== generating $icon_count icons of 96×96 with PNGEncoder" >&2
  rm -rf "$icons"
  mkdir -p "$icons"
  "$swift_bench" icons "$icons" "$icon_count"
fi
icon_files=("$icons"/icon*.png)

echo "== cross-check: icongrid info pixelDigest against libpng's pixels (${#suite_files[@]} files)" >&2
dump="$work/dump"
rm -rf "$dump"
mkdir -p "$dump"
"$work/decode_libpng" dump "$dump" "${suite_files[@]}"
# Pretty JSON puts one member per line, in a fixed order; a null digest stays "null".
mapfile -t digests < <("$icongrid" info --format json "${suite_files[@]}" |
  sed -n 's/^ *"pixelDigest": \(.*\),$/\1/p' | tr -d '"')
if [ "${#digests[@]}" -ne "${#suite_files[@]}" ]; then
  echo "bench: icongrid info reported ${#digests[@]} digests for ${#suite_files[@]} files" >&2
  exit 1
fi
mismatches=0
for index in "${!suite_files[@]}"; do
  name="$(basename "${suite_files[$index]}")"
  if [ -f "$dump/$name.rgba" ]; then
    expected="$(sha256sum <"$dump/$name.rgba" | cut -d' ' -f1)"
  else
    expected="(libpng refused it)"
  fi
  if [ "${digests[$index]}" != "$expected" ]; then
    echo "bench: $name: icongrid ${digests[$index]}, libpng $expected" >&2
    mismatches=$((mismatches + 1))
  fi
done
if [ "$mismatches" -gt 0 ]; then
  echo "bench: $mismatches of ${#suite_files[@]} files differ from libpng" >&2
  exit 1
fi
echo "cross-check: all ${#suite_files[@]} PngSuite digests equal libpng's" >&2

# run LABEL SIDE FILES...: one timed run; prints "LABEL SIDE files=… bytes=… seconds=…".
run() {
  local label="$1" side="$2"
  shift 2
  if [ "$side" = C ]; then
    echo "$label $side $("$work/decode_libpng" bench "$seconds" "$@")"
  else
    echo "$label $side $("$swift_bench" bench "$seconds" "$@")"
  fi
}

echo "== timing (best of $runs runs of ${seconds}s CPU per side and set)" >&2
{
  for _ in $(seq "$runs"); do
    run pngsuite C "${suite_files[@]}"
    run pngsuite Swift "${suite_files[@]}"
  done
  for _ in $(seq "$runs"); do
    run icons96 C "${icon_files[@]}"
    run icons96 Swift "${icon_files[@]}"
  done
} | awk '
  {
    for (i = 3; i <= NF; i++) { split($i, kv, "="); value[kv[1]] = kv[2] }
    files = value["files"] / value["seconds"]
    if (files > rate[$1, $2]) {
      rate[$1, $2] = files
      mbs[$1, $2] = value["bytes"] / value["seconds"] / 1e6
    }
    if (!($1 in seen)) { seen[$1] = 1; order[++sets] = $1 }
  }
  END {
    printf "%-9s %-6s %12s %12s\n", "set", "side", "files/s", "MB/s RGBA"
    for (s = 1; s <= sets; s++) {
      name = order[s]
      printf "%-9s %-6s %12.0f %12.1f\n", name, "C", rate[name, "C"], mbs[name, "C"]
      printf "%-9s %-6s %12.0f %12.1f\n", name, "Swift", rate[name, "Swift"], mbs[name, "Swift"]
      printf "%-9s %-6s %11.2fx\n", name, "ratio", mbs[name, "Swift"] / mbs[name, "C"]
    }
  }'
