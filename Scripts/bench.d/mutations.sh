#!/usr/bin/env bash
# Scripts/bench mutations [--per-app N] [--seed S] [--verbose] [APP...]
#
# Issue 18's measure of `check --references`: on copies of real apps with planted mistakes
# (assets deleted, uses removed, N of each per app at random, default 10), how many are
# caught at the right file and line (see mutations.py). The apps are the trees
# `Scripts/bench references` extracts into .build/bench/references (run it first); APP
# names some of them (default: every one extracted). Nothing of them is committed.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
work="$root/.build/bench/references"
options=()
apps=()
while [ $# -gt 0 ]; do
  case "$1" in
  --per-app | --seed) options+=("$1" "$2"); shift 2 ;;
  --verbose) options+=("$1"); shift ;;
  -*) echo "usage: Scripts/bench mutations [--per-app N] [--seed S] [--verbose] [APP...]" >&2; exit 64 ;;
  *) apps+=("$work/$1"); shift ;;
  esac
done
if [ ${#apps[@]} -eq 0 ]; then
  for done_mark in "$work"/*.done; do
    [ -e "$done_mark" ] && apps+=("${done_mark%.done}")
  done
fi
if [ ${#apps[@]} -eq 0 ]; then
  echo "bench mutations: no extracted app under $work; run Scripts/bench references first" >&2
  exit 66
fi
icongrid=${ICONGRID:-$(Scripts/build-release)}
python3 Scripts/bench.d/mutations.py "$icongrid" "${options[@]}" "${apps[@]}"
