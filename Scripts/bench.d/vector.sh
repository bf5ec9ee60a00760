#!/usr/bin/env bash
# Scripts/bench vector [--scales "1 2 3"]
#
# Renders every SVG and PDF of the real trees (../shared/testdata/real/) at 1x, 2x and 3x
# with VectorRenderer (one process, Scripts/bench.d/VectorBench, release) and with the
# reference tools on the same files at the same pixel sizes: rsvg-convert -w W -h H for SVG,
# pdftoppm -png -r 72 -cropbox -scale-to-x W -scale-to-y H for PDF (one process per render,
# as a script would call them). Both sides write a PNG per render. Prints wall time, user+sys
# CPU and peak memory (/usr/bin/time -v) per side and format, and the ratios. Then each
# hostile fixture once, timed (at most 10 s), with what it ended in.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"

scales="1 2 3"
while [ $# -gt 0 ]; do
  case "$1" in
  --scales) scales="$2"; shift 2 ;;
  *) echo "usage: Scripts/bench vector [--scales \"1 2 3\"]" >&2; exit 64 ;;
  esac
done
real="$root/../shared/testdata/real"
[ -d "$real" ] || { echo "bench: $real not found (see ../shared/testdata/README.md)" >&2; exit 66; }
for tool in rsvg-convert pdftoppm /usr/bin/time; do
  command -v "$tool" >/dev/null || { echo "bench: $tool missing: run Scripts/setup" >&2; exit 69; }
done

work="$root/.build/bench/vector"
rm -rf "$work"
mkdir -p "$work/ours-svg" "$work/ours-pdf" "$work/ref-svg" "$work/ref-pdf"
echo "== building VectorBench (release)" >&2
bench=$(Scripts/build-release VectorBench Scripts/bench.d/VectorBench)

find "$real" -type f \( -iname '*.svg' -o -iname '*.svgz' \) | sort >"$work/svg.list"
find "$real" -type f -iname '*.pdf' | sort >"$work/pdf.list"
# shellcheck disable=SC2086  # the scales are one word each
"$bench" sizes "$work/svg.list" $scales >"$work/svg.sizes"
# shellcheck disable=SC2086
"$bench" sizes "$work/pdf.list" $scales >"$work/pdf.sizes"

# measure LABEL COMMAND...: runs it under /usr/bin/time -v; prints "LABEL wall cpu rss_kb".
measure() {
  local label="$1"
  shift
  /usr/bin/time -v "$@" >"$work/$label.out" 2>"$work/$label.time" || true
  awk -v label="$label" -F': ' '
    /Elapsed \(wall clock\)/ { n = split($2, t, ":"); wall = (n == 3) ? t[1] * 3600 + t[2] * 60 + t[3] : t[1] * 60 + t[2] }
    /User time/ { cpu += $2 } /System time/ { cpu += $2 }
    /Maximum resident set size/ { rss = $2 }
    END { printf "%s %.2f %.2f %d\n", label, wall, cpu, rss }' "$work/$label.time"
}

# The reference side: one tool call per render, at the sizes ours renders. Over a file of
# "PATH SCALE W H" lines (tab-separated); renders that ours refuses (limits) are skipped on
# both sides alike.
cat >"$work/reference.sh" <<'SCRIPT'
#!/usr/bin/env bash
kind=$1 sizes=$2 out=$3
n=0
while IFS=$'\t' read -r path scale width height; do
  [ "$scale" = error ] && continue
  [ $((width * height)) -le 16777216 ] || continue
  n=$((n + 1))
  if [ "$kind" = svg ]; then
    rsvg-convert -w "$width" -h "$height" -o "$out/$n.png" "$path" 2>/dev/null || echo "rsvg-convert failed: $path" >&2
  else
    pdftoppm -png -r 72 -cropbox -singlefile -scale-to-x "$width" -scale-to-y "$height" "$path" "$out/$n" 2>/dev/null ||
      echo "pdftoppm failed: $path" >&2
  fi
done <"$sizes"
echo "renders=$n"
SCRIPT

echo "== rendering $(wc -l <"$work/svg.list") SVGs and $(wc -l <"$work/pdf.list") PDFs at scales $scales" >&2
{
  # shellcheck disable=SC2086
  measure ours-svg "$bench" render "$work/svg.list" "$work/ours-svg" $scales
  measure ref-svg bash "$work/reference.sh" svg "$work/svg.sizes" "$work/ref-svg"
  # shellcheck disable=SC2086
  measure ours-pdf "$bench" render "$work/pdf.list" "$work/ours-pdf" $scales
  measure ref-pdf bash "$work/reference.sh" pdf "$work/pdf.sizes" "$work/ref-pdf"
} >"$work/results"
for side in ours-svg ref-svg ours-pdf ref-pdf; do
  echo "$side: $(cat "$work/$side.out")" >&2
done
awk '
  { wall[$1] = $2; cpu[$1] = $3; rss[$1] = $4 }
  END {
    printf "%-9s %-28s %9s %9s %12s\n", "format", "side", "wall s", "cpu s", "peak RSS MB"
    split("svg pdf", formats, " ")
    for (i = 1; i <= 2; i++) {
      f = formats[i]
      tool = (f == "svg") ? "rsvg-convert (per render)" : "pdftoppm (per render)"
      printf "%-9s %-28s %9.2f %9.2f %12.1f\n", f, "VectorRenderer (1 process)", wall["ours-" f], cpu["ours-" f], rss["ours-" f] / 1024
      printf "%-9s %-28s %9.2f %9.2f %12.1f\n", f, tool, wall["ref-" f], cpu["ref-" f], rss["ref-" f] / 1024
      printf "%-9s %-28s %8.2fx %8.2fx %11.2fx\n", f, "ratio ours/reference", wall["ours-" f] / wall["ref-" f], cpu["ours-" f] / cpu["ref-" f], rss["ours-" f] / rss["ref-" f]
    }
  }' "$work/results"

echo
echo "hostile fixtures (Tests/VectorRendererTests/Fixtures/hostile), ours at 1x, one process each:"
printf "%-22s %8s %10s  %s\n" "file" "wall s" "peak MB" "result"
for file in Tests/VectorRendererTests/Fixtures/hostile/*; do
  name=$(basename "$file")
  # At most 10 s each: huge-path.svg (one path of 120,000 random segments over 4000 × 4000 pt,
  # within every limit) runs for minutes in cairo; nothing bounds a render's time yet.
  /usr/bin/time -v timeout 10 "$bench" one "$file" 1 "$work/hostile.png" >"$work/hostile.out" 2>"$work/hostile.time" ||
    echo "stopped after 10 s (no time limit)" >"$work/hostile.out"
  awk -v name="$name" -v result="$(head -c 90 "$work/hostile.out")" -F': ' '
    /Elapsed \(wall clock\)/ { n = split($2, t, ":"); wall = (n == 3) ? t[1] * 3600 + t[2] * 60 + t[3] : t[1] * 60 + t[2] }
    /Maximum resident set size/ { rss = $2 }
    END { printf "%-22s %8.2f %10.1f  %s\n", name, wall, rss / 1024, result }' "$work/hostile.time"
done
