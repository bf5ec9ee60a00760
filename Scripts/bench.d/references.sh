#!/usr/bin/env bash
# Scripts/bench references [--runs R] [--mirrors DIR] [--apps LIST]
#
# The speed of `icongrid check ROOT --references` (issue 18: at most 1 s per 1,000 source
# files on one core) on real apps with their program code: the repositories named in
# ../shared/testdata/real/README.md and real2/README.md, each extracted whole (code, catalogs,
# storyboards, strings, Android res/) into .build/bench/references/<app> from a local git
# mirror (DIR/<owner>+<name>/repo, default /work/.mirror, as the session's `fetch` tool leaves
# them; see the list below; extract_tree.py leaves out blobs a mirror lacks). Nothing of
# them is committed. An app whose mirror is absent is skipped with a note.
#
# Each app is checked on one core (`taskset -c 0`), release build, page cache warm, best of
# R runs (default 3) with and without --references, in CPU seconds (user + system, GNU
# time); the difference is what reading the code costs. "Source files" are the program files (Swift, Objective-C, Kotlin, Java, Dart,
# JavaScript, TypeScript) outside Pods/node_modules/build output; "read" adds storyboards,
# xibs, property lists, strings files, Android XML and the rest the scans read. The load
# average is printed before and after: the machine may be shared.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"

runs=3
mirrors=/work/.mirror
apps="duckduckgo+iOS home-assistant+iOS Ranchero-Software+NetNewsWire GitHawkApp+GitHawk Aidoku+Aidoku
  localsend+localsend mateusz-bak+openreads termux+termux-app federicoiosue+Omni-Notes Etar-Group+Etar-Calendar
  gitpoint+git-point infinitered+ignite"
while [ $# -gt 0 ]; do
  case "$1" in
  --runs) runs="$2"; shift 2 ;;
  --mirrors) mirrors="$2"; shift 2 ;;
  --apps) apps="$2"; shift 2 ;;
  *) echo "usage: Scripts/bench references [--runs R] [--mirrors DIR] [--apps LIST]" >&2; exit 64 ;;
  esac
done
command -v taskset >/dev/null || { echo "bench references: taskset (util-linux) is needed" >&2; exit 66; }

icongrid=${ICONGRID:-$(Scripts/build-release)}
work="$root/.build/bench/references"
mkdir -p "$work"

# The program files of a tree, as the scans see them (hidden folders and other projects'
# code left out).
sources() {
  find "$1" \( -name '.*' -o -name Pods -o -name Carthage -o -name node_modules -o -name build \
    -o -name DerivedData -o -name .build -o -name '*.xcassets' \) -prune -o -type f \
    \( -name '*.swift' -o -name '*.m' -o -name '*.mm' -o -name '*.h' -o -name '*.kt' -o -name '*.java' \
    -o -name '*.dart' -o -name '*.js' -o -name '*.jsx' -o -name '*.ts' -o -name '*.tsx' \) -print | wc -l
}

# Best CPU MICROSECONDS (user + system) of R runs of "$@" on core 0, output discarded
# (findings exit 1). CPU time, not wall time: on a shared machine other jobs on the same
# core stretch the wall time of a run but not the CPU time it takes.
best() {
  local best=0 t
  for _ in $(seq "$runs"); do
    /usr/bin/time -o "$work/time" -f '%U %S' taskset -c 0 "$@" >/dev/null 2>&1 || true
    t=$(tail -1 "$work/time" | awk '{ printf "%d", ($1 + $2) * 1e6 }')
    if [ "$best" -eq 0 ] || [ "$t" -lt "$best" ]; then best=$t; fi
  done
  echo "$best"
}

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-44s %8s %8s %9s %9s %10s %10s\n' app sources read "check s" "+refs s" "s/1k src" "s/1k read"
total_sources=0 total_read=0 total_refs=0
for app in $apps; do
  mirror="$mirrors/$app/repo"
  tree="$work/$app"
  if [ ! -f "$tree.done" ]; then
    if ! git -C "$mirror" rev-parse -q --verify HEAD >/dev/null 2>&1; then
      echo "note: no mirror of $app at $mirror; skipped" >&2
      continue
    fi
    rm -rf "$tree"
    mkdir -p "$tree"
    # Not `git archive`: a snapshot may lack its largest blobs (a .psd, a Pods binary).
    echo "$app: $(python3 Scripts/bench.d/extract_tree.py "$mirror" "$tree")" >&2
    git -C "$mirror" rev-parse --short=12 HEAD >"$tree.done"
  fi
  n=$(sources "$tree")
  # The scans' own count of what they read, from the check's notes.
  read_count=$({ "$icongrid" check "$tree" --references --format json 2>/dev/null || true; } | python3 -c '
import json, re, sys
total = 0
for entry in json.load(sys.stdin).get("notes", []):
    note = entry.get("note", "") if isinstance(entry, dict) else str(entry)
    m = re.match(r"--references[^:]*: read ([^;]*)", note)
    if m: total += sum(int(n) for n in re.findall(r"\d+", re.sub(r"\(.*?\)", "", m.group(1))))
print(total)' || echo "?")
  plain=$(best "$icongrid" check "$tree")
  refs=$(best "$icongrid" check "$tree" --references)
  cost=$((refs - plain))
  total_sources=$((total_sources + n))
  total_refs=$((total_refs + cost))
  total_read=$((total_read + read_count))
  awk -v a="$app@$(cat "$tree.done")" -v n="$n" -v r="$read_count" -v p="$plain" -v q="$refs" -v c="$cost" 'BEGIN {
    printf "%-44s %8d %8s %9.2f %9.2f %10.2f %10.2f\n", a, n, r, p / 1e6, q / 1e6, n ? c / 1e6 / n * 1000 : 0,
      r ? c / 1e6 / r * 1000 : 0 }'
done
awk -v n="$total_sources" -v r="$total_read" -v c="$total_refs" 'BEGIN {
  printf "all: %d program files (%d files read), --references adds %.2f CPU s on one core: %.2f s per 1,000 program files, %.2f per 1,000 files read (goal: at most 1)\n",
    n, r, c / 1e6, n ? c / 1e6 / n * 1000 : 0, r ? c / 1e6 / r * 1000 : 0 }'
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
