#!/usr/bin/env bash
# Scripts/bench sheet [--runs R] [--skip-montage]
#
# A labelled 2x contact sheet of 5,000 96-pixel icons in 50 columns (tiles of 80×80 points,
# so 160×160 pixels, no margins: an 8000×16000 sheet), made by `icongrid sheet` (release
# build) with and without labels, by libvips' `vips arrayjoin` and by ImageMagick's `montage`
# with the same cell size. Prints wall time, CPU, peak RSS (/usr/bin/time -v), output bytes,
# our ratios to each and the labels' share of our wall time.
#
# The icons are real, from four Debian icon themes downloaded (not installed) with
# `apt-get download` and unpacked with `dpkg-deb -x`: moka (its 48x48@2x PNGs), gnome
# (256x256), oxygen (128x128) and tango (32x32), all brought to 96 px by ImageMagick. They
# are named like theme icons are, `theme-context-icon-name`, so many long names share their
# start ("gnome-apps-preferences-desktop-…"); cycled to 5,000 files, a repeat ends in "-2",
# "-3"…, the worst case for labels that must stay distinct. Every PNG colour type is there:
# the icons are written in turn as grey, RGB, palette, grey+alpha, RGBA and 16-bit RGBA (grey
# and RGB flattened on white). `vips arrayjoin` refuses a mix of bands, so vips reads the
# same pixels rewritten as 8-bit RGBA.
#
# The machine may be shared, so icongrid and vips take turns R times (default 3) and each
# keeps its best run; montage, much slower, runs once. The load (`uptime`) is printed before
# and after.
#
# Goals: wall time ≤ 0.3 × vips and ≤ 0.1 × montage, labels ≤ 15 % of our wall time, peak
# RSS ≤ 64 MB, output ≤ vips' bytes.
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
icons="$work/themes-icons"
rgba="$work/themes-rgba"
count=5000
themes=(moka-icon-theme gnome-icon-theme oxygen-icon-theme tango-icon-theme)
mkdir -p "$work"
# The sheets apart from the icons, so `Scripts/bench check --tree .build/bench/sheet` times
# the icons only.
out="$work-out"
mkdir -p "$out"
rm -f "$work"/icongrid.png "$work"/icongrid-no-labels.png "$work"/vips.png "$work"/montage.png

if [ ! -f "$icons/.complete" ]; then
  echo "bench: preparing $count icons from ${themes[*]}" >&2
  rm -rf "$icons" "$rgba" "$work/themes" "$work/unique"
  for theme in "${themes[@]}"; do
    if ! ls "$work/${theme}"_*.deb >/dev/null 2>&1; then
      (cd "$work" && apt-get download "$theme" >/dev/null 2>&1) ||
        (apt-get update -qq && cd "$work" && apt-get download "$theme" >/dev/null)
    fi
    dpkg-deb -x "$work/${theme}"_*.deb "$work/themes"
  done
  mkdir -p "$work/unique" "$icons" "$rgba"
  # theme directory, its size folder, the name prefix
  sources=(
    "Moka/48x48@2x moka" "gnome/256x256 gnome" "oxygen/base/128x128 oxygen" "Tango/32x32 tango"
  )
  list="$work/unique.txt"
  : >"$list"
  for entry in "${sources[@]}"; do
    read -r dir prefix <<<"$entry"
    while IFS= read -r file; do
      context=${file%/*}
      name=${file##*/}
      printf '%s\t%s-%s-%s\n' "$file" "$prefix" "${context##*/}" "${name%.png}" >>"$list"
    done < <(find -L "$work/themes/usr/share/icons/$dir" -name '*.png' -type f | sort)
  done
  distinct=$(wc -l <"$list")
  n=0
  declare -A seen=() taken=()
  while [ "$n" -lt "$count" ]; do
    while IFS=$'\t' read -r file base && [ "$n" -lt "$count" ]; do
      # The k-th file of a name is named "name-k"; a theme may already hold an icon named
      # so (the files meet in one folder once the batch tag is dropped), so take the next.
      repeat=${seen[$base]:-0}
      while :; do
        repeat=$((repeat + 1))
        if [ "$repeat" -eq 1 ]; then name=$base; else name="$base-$repeat"; fi
        [ -n "${taken[$name]:-}" ] || break
      done
      seen[$base]=$repeat
      taken[$name]=1
      cp -L "$file" "$work/unique/$(printf '%04d' $((n % 6)))_$name@2x.png"
      n=$((n + 1))
    done <"$list"
  done
  # One batch per colour type; the four-digit tag picks the batch and is dropped after.
  types=(
    "-background white -alpha remove -colorspace Gray -define png:color-type=0 -define png:bit-depth=8"
    "-background white -alpha remove -define png:color-type=2 -define png:bit-depth=8"
    "-colors 255 -define png:color-type=3"
    "-colorspace Gray -define png:color-type=4 -define png:bit-depth=8"
    "-define png:color-type=6 -define png:bit-depth=8"
    "-define png:color-type=6 -define png:bit-depth=16"
  )
  for ((k = 0; k < ${#types[@]}; k++)); do
    tag=$(printf '%04d' "$k")
    # shellcheck disable=SC2086 # the options are words
    find "$work/unique" -name "${tag}_*" -print0 |
      xargs -0 mogrify -path "$icons" -resize '96x96!' ${types[$k]}
  done
  for file in "$icons"/????_*; do mv "$file" "$icons/${file##*/????_}"; done
  mogrify -path "$rgba" -define png:color-type=6 -define png:bit-depth=8 "$icons"/*.png
  # Short names for vips: its list of files is one argument, which Linux caps at 128 KB.
  n=0
  for file in "$rgba"/*.png; do
    mv "$file" "$rgba/$(printf 'i%04d.png' "$n")"
    n=$((n + 1))
  done
  rm -rf "$work/themes" "$work/unique"
  touch "$icons/.complete"
  echo "bench: $distinct distinct icons, cycled to $count files" >&2
fi

bin=${ICONGRID_BENCH_BIN:-$(Scripts/build-release)}
echo "bench: load before: $(uptime)" >&2

# Runs a command under /usr/bin/time -v; sets wall (seconds), cpu (user + system seconds)
# and rss (kilobytes).
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
  cpu=$(awk -F': ' '/(User|System) time \(seconds\)/ { s += $2 } END { print s }' "$log")
}

best_ours=""
best_bare=""
best_vips=""
ours_rss=0
bare_rss=0
vips_rss=0
names="$(cd "$rgba" && ls i*.png | tr '\n' ' ')"
sheet=(sheet "$icons" --columns 50 --tile 80x80 --margin 0 --scale 2)
for ((run = 1; run <= runs; run++)); do
  measure "$bin" "${sheet[@]}" -o "$out/icongrid.png"
  echo "bench: run $run: icongrid ${wall}s (CPU ${cpu}s), ${rss} KB" >&2
  if [ -z "$best_ours" ] || awk "BEGIN { exit !($wall < $best_ours) }"; then best_ours=$wall; ours_cpu=$cpu; fi
  if [ "$rss" -gt "$ours_rss" ]; then ours_rss=$rss; fi
  measure "$bin" "${sheet[@]}" -o "$out/icongrid-no-labels.png" --no-labels
  echo "bench: run $run: icongrid --no-labels ${wall}s (CPU ${cpu}s), ${rss} KB" >&2
  if [ -z "$best_bare" ] || awk "BEGIN { exit !($wall < $best_bare) }"; then best_bare=$wall; bare_cpu=$cpu; fi
  if [ "$rss" -gt "$bare_rss" ]; then bare_rss=$rss; fi
  measure bash -c "cd '$rgba' && exec vips arrayjoin '$names' '$out/vips.png' --across 50 \
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
    -font '$font' -pointsize 16 *@2x.png -tile 50x -geometry 96x96+32+20 -depth 8 \
    -background white '$out/montage.png'"
  montage_wall=$wall
  montage_rss=$rss
fi

bytes() { stat -c %s "$1"; }
dims() { vipsheader -f width "$1" | tr -d '\n'; printf '×'; vipsheader -f height "$1" | tr -d '\n'; printf ' %s bands' "$(vipsheader -f bands "$1")"; }
ours_bytes=$(bytes "$out/icongrid.png")
vips_bytes=$(bytes "$out/vips.png")

echo
printf '%-22s %10s %12s %14s  %s\n' tool "wall (s)" "peak RSS" "output bytes" "image"
printf '%-22s %10s %9d MB %14d  %s\n' icongrid "$best_ours" $((ours_rss / 1024)) "$ours_bytes" "$(dims "$out/icongrid.png")"
printf '%-22s %10s %9d MB %14d  %s\n' "icongrid --no-labels" "$best_bare" $((bare_rss / 1024)) \
  "$(bytes "$out/icongrid-no-labels.png")" "$(dims "$out/icongrid-no-labels.png")"
printf '%-22s %10s %9d MB %14d  %s\n' vips "$best_vips" $((vips_rss / 1024)) "$vips_bytes" "$(dims "$out/vips.png")"
if [ -n "$montage_wall" ]; then
  printf '%-22s %10s %9d MB %14d  %s\n' montage "$montage_wall" $((montage_rss / 1024)) \
    "$(bytes "$out/montage.png")" "$(dims "$out/montage.png")"
fi
echo
ratio() { awk "BEGIN { printf \"%.3f\", $1 / $2 }"; }
verdict() { awk "BEGIN { exit !($1) }" && echo "met" || echo "NOT met"; }
echo "icongrid / vips wall:    $(ratio "$best_ours" "$best_vips")  (goal ≤ 0.3: $(verdict "$best_ours <= 0.3 * $best_vips"))"
share=$(awk "BEGIN { s = ($best_ours - $best_bare) / $best_ours; printf \"%.0f\", (s < 0 ? 0 : s) * 100 }")
echo "labels' share of wall:   ${share} %  (CPU ${ours_cpu}s with, ${bare_cpu}s without; goal ≤ 15 %: $(verdict "$share <= 15"))"
if [ -n "$montage_wall" ]; then
  echo "icongrid / montage wall: $(ratio "$best_ours" "$montage_wall")  (goal ≤ 0.1: $(verdict "$best_ours <= 0.1 * $montage_wall"))"
fi
echo "icongrid peak RSS:       $((ours_rss / 1024)) MB  (goal ≤ 64 MB: $(verdict "$ours_rss <= 65536"))"
echo "icongrid / vips bytes:   $(ratio "$ours_bytes" "$vips_bytes")  (goal ≤ 1: $(verdict "$ours_bytes <= $vips_bytes"))"
echo "outputs in $out"
echo "bench: load after: $(uptime)" >&2
