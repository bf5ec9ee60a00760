#!/usr/bin/env bash
# Scripts/bench sheet [--runs R] [--skip-montage]
#
# A labelled 2x contact sheet of 5,000 96-pixel icons in 50 columns (tiles of 80×80 points,
# so 160×160 pixels, no margins: an 8000×16000 sheet), made by `icongrid sheet` (release
# build), by libvips' `vips arrayjoin` and by ImageMagick's `montage` with the same cell
# size. Prints wall time, peak RSS (/usr/bin/time -v), output bytes and our ratios to each.
#
# The icons are real: Debian's moka-icon-theme, downloaded (not installed) with
# `apt-get download` and unpacked with `dpkg-deb -x`; its 48x48@2x PNGs (96 px) are cycled to
# 5,000 files named iNNNN@2x.png, so the sheet at 2x draws them pixel for pixel. They are
# first rewritten as 8-bit RGBA by ImageMagick, because `vips arrayjoin` refuses a mix of
# grey, palette and RGBA images; every tool then reads the same files.
#
# The machine may be shared, so icongrid and vips take turns R times (default 3) and each
# keeps its best run; montage, much slower, runs once.
#
# Goals: wall time ≤ 0.4 × vips and ≤ 0.1 × montage, peak RSS ≤ 64 MB, output ≤ vips' bytes.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"

runs=3
montage=1
while [ $# -gt 0 ]; do
  case "$1" in
  --runs) runs="$2"; shift 2 ;;
  --skip-montage) montage=0; shift ;;
  *) echo "usage: Scripts/bench sheet [--runs R] [--skip-montage]" >&2; exit 64 ;;
  esac
done

Scripts/setup imagemagick libvips-tools time

work="$root/.build/bench/sheet"
icons="$work/icons"
count=5000
mkdir -p "$work"

if [ "$(find "$icons" -name 'i*@2x.png' 2>/dev/null | wc -l)" -ne "$count" ]; then
  echo "bench: preparing $count icons from moka-icon-theme" >&2
  rm -rf "$icons" "$work/moka" "$work/unique" "$work/rgba"
  if ! ls "$work"/moka-icon-theme_*.deb >/dev/null 2>&1; then
    (cd "$work" && apt-get download moka-icon-theme >/dev/null 2>&1) ||
      (apt-get update -qq && cd "$work" && apt-get download moka-icon-theme >/dev/null)
  fi
  dpkg-deb -x "$work"/moka-icon-theme_*.deb "$work/moka"
  mkdir -p "$work/unique" "$work/rgba" "$icons"
  n=0
  while IFS= read -r file; do
    cp -L "$file" "$work/unique/$(printf 'u%04d.png' "$n")"
    n=$((n + 1))
  done < <(find -L "$work/moka/usr/share/icons/Moka/48x48@2x" -name '*.png' -type f | sort)
  mogrify -path "$work/rgba" -define png:color-type=6 -define png:bit-depth=8 "$work"/unique/*.png
  sources=("$work"/rgba/*.png)
  for ((k = 0; k < count; k++)); do
    cp "${sources[$((k % ${#sources[@]}))]}" "$icons/$(printf 'i%04d@2x.png' "$k")"
  done
  rm -rf "$work/moka" "$work/unique"
  echo "bench: ${#sources[@]} distinct icons, cycled to $count files" >&2
fi

bin=$(Scripts/build-release)

# Runs a command under /usr/bin/time -v; sets wall (seconds) and rss (kilobytes).
measure() {
  local log="$work/time.log"
  if ! /usr/bin/time -v "$@" >"$work/run.out" 2>"$log"; then
    echo "bench: failed: $1" >&2
    grep -v "Command being timed" "$log" | head -5 >&2
    exit 1
  fi
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {
    n = split($2, t, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + t[i]; print s }' "$log")
  rss=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$log")
}

best_ours=""
best_vips=""
ours_rss=0
vips_rss=0
names="$(cd "$icons" && ls i*@2x.png | tr '\n' ' ')"
for ((run = 1; run <= runs; run++)); do
  measure "$bin" sheet "$icons" -o "$work/icongrid.png" --columns 50 --tile 80x80 --margin 0 --scale 2
  echo "bench: run $run: icongrid ${wall}s, ${rss} KB" >&2
  if [ -z "$best_ours" ] || awk "BEGIN { exit !($wall < $best_ours) }"; then best_ours=$wall; fi
  if [ "$rss" -gt "$ours_rss" ]; then ours_rss=$rss; fi
  measure bash -c "cd '$icons' && exec vips arrayjoin '$names' '$work/vips.png' --across 50 \
    --hspacing 160 --vspacing 160 --halign centre --valign centre"
  echo "bench: run $run: vips ${wall}s, ${rss} KB" >&2
  if [ -z "$best_vips" ] || awk "BEGIN { exit !($wall < $best_vips) }"; then best_vips=$wall; fi
  if [ "$rss" -gt "$vips_rss" ]; then vips_rss=$rss; fi
done

font=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
montage_wall=""
montage_rss=""
if [ "$montage" -eq 1 ]; then
  # Debian's ImageMagick policy caps a side at 16,000 pixels and the pixel cache at 1 GiB,
  # which an 8000×16000 sheet passes; a policy of our own (MAGICK_CONFIGURE_PATH) lifts both.
  mkdir -p "$work/magick"
  cat >"$work/magick/policy.xml" <<'POLICY'
<policymap>
  <policy domain="resource" name="memory" value="2GiB"/>
  <policy domain="resource" name="map" value="4GiB"/>
  <policy domain="resource" name="width" value="64KP"/>
  <policy domain="resource" name="height" value="64KP"/>
  <policy domain="resource" name="area" value="1GP"/>
  <policy domain="resource" name="disk" value="8GiB"/>
</policymap>
POLICY
  # 96 + 2×32 = 160 wide; 96 + a 23-pixel label + 2×20 = 159 high.
  measure bash -c "cd '$icons' && exec env MAGICK_CONFIGURE_PATH='$work/magick' montage -label '%t' \
    -font '$font' -pointsize 16 i*@2x.png -tile 50x -geometry 96x96+32+20 -depth 8 \
    -background white '$work/montage.png'"
  montage_wall=$wall
  montage_rss=$rss
fi

bytes() { stat -c %s "$1"; }
dims() { vipsheader -f width "$1" | tr -d '\n'; printf '×'; vipsheader -f height "$1" | tr -d '\n'; printf ' %s bands' "$(vipsheader -f bands "$1")"; }
ours_bytes=$(bytes "$work/icongrid.png")
vips_bytes=$(bytes "$work/vips.png")

echo
printf '%-10s %10s %12s %14s  %s\n' tool "wall (s)" "peak RSS" "output bytes" "image"
printf '%-10s %10s %9d MB %14d  %s\n' icongrid "$best_ours" $((ours_rss / 1024)) "$ours_bytes" "$(dims "$work/icongrid.png")"
printf '%-10s %10s %9d MB %14d  %s\n' vips "$best_vips" $((vips_rss / 1024)) "$vips_bytes" "$(dims "$work/vips.png")"
if [ -n "$montage_wall" ]; then
  printf '%-10s %10s %9d MB %14d  %s\n' montage "$montage_wall" $((montage_rss / 1024)) \
    "$(bytes "$work/montage.png")" "$(dims "$work/montage.png")"
fi
echo
ratio() { awk "BEGIN { printf \"%.3f\", $1 / $2 }"; }
verdict() { awk "BEGIN { exit !($1) }" && echo "met" || echo "NOT met"; }
echo "icongrid / vips wall:    $(ratio "$best_ours" "$best_vips")  (goal ≤ 0.4: $(verdict "$best_ours <= 0.4 * $best_vips"))"
if [ -n "$montage_wall" ]; then
  echo "icongrid / montage wall: $(ratio "$best_ours" "$montage_wall")  (goal ≤ 0.1: $(verdict "$best_ours <= 0.1 * $montage_wall"))"
fi
echo "icongrid peak RSS:       $((ours_rss / 1024)) MB  (goal ≤ 64 MB: $(verdict "$ours_rss <= 65536"))"
echo "icongrid / vips bytes:   $(ratio "$ours_bytes" "$vips_bytes")  (goal ≤ 1: $(verdict "$ours_bytes <= $vips_bytes"))"
echo "outputs in $work"
