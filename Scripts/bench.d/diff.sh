#!/usr/bin/env bash
# Scripts/bench diff [--runs R] [--readme]
#
# The acceptance run of `icongrid diff` (issue 22) on copies of real trees from the shared
# test data, each changed by this script, and its speed:
#
# 1. duckduckgo-iOS (Xcode project, catalogs, PDFs): an icon recoloured, one pixel moved,
#    one PNG re-encoded losslessly, an image set renamed, a @3x deleted, a dark variant
#    added, a PDF replaced by the SVG of the same drawing (pdftocairo -svg). Every change
#    must be classed as made, and nothing else may appear (an asset shared by several
#    targets appears once per target's name space; the check is on class, name, variant).
# 2. Omni-Notes (Android res/): a drawable recoloured, an xxxhdpi deleted, a drawable
#    renamed in every density, a night variant added.
# 3. home-assistant-iOS: every PNG re-encoded losslessly (ImageMagick, compression 9):
#    no change may appear but `reencoded`.
# 4. 100 changed assets compared and drawn (GitHawk, one PNG of each of 100 image sets
#    negated):
#    wall time and peak RSS of `icongrid diff -o` (release build, /usr/bin/time -v), best
#    of R runs (default 3). Goal: ≤ 3 s, ≤ 200 MB.
# 5. The README's example: the bundled demo (Assets/Demo) changed the same ways, drawn at
#    2x; with --readme it replaces Assets/DemoDiff.png.
#
# Needs ImageMagick (convert), poppler-utils (pdftocairo), python3 and GNU time.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"

runs=3
readme=0
while [ $# -gt 0 ]; do
  case "$1" in
  --runs) runs="$2"; shift 2 ;;
  --readme) readme=1; shift ;;
  *) echo "usage: Scripts/bench diff [--runs R] [--readme]" >&2; exit 64 ;;
  esac
done

data="$root/../shared/testdata"
[ -d "$data/real" ] || { echo "bench diff: no shared test data at $data" >&2; exit 66; }
icongrid=${ICONGRID:-$(Scripts/build-release)}
work="$root/.build/bench/diff"
rm -rf "$work"
mkdir -p "$work"
failed=0

# The (class, name, variant) triples of a JSON report, sorted and unique.
classes() {
  python3 -c '
import json, sys
seen = sorted({(c["class"], c["name"], c["variant"]) for c in json.load(sys.stdin)["changes"]})
for c in seen: print("\t".join(c))'
}

# expect NAME FILE: the report's triples must equal the expected lines (tab-separated).
expect() {
  local name=$1 got=$2 wanted=$3
  if diff -u <(sort "$wanted") <(sort "$got") >"$work/$name.delta"; then
    echo "ok    $name: $(wc -l <"$got") changes classed as made, nothing else"
  else
    echo "FAIL  $name:"; cat "$work/$name.delta"; failed=1
  fi
}

# --- 1. An Apple tree -------------------------------------------------------------------
apple="$work/apple"
cp -r "$data/real/duckduckgo-iOS" "$apple.base"
cp -r "$apple.base" "$apple.head"
sets="$apple.head/DuckDuckGo/AlternateAppIcons.xcassets/UIAssets"
# Recoloured: hue rotated.
convert "$sets/AppIcon-blue-small.imageset/AppIconBlue29x29@2x.png" -modulate 100,100,150 \
  "$sets/AppIcon-blue-small.imageset/AppIconBlue29x29@2x.png"
# One pixel moved: the image rolled by one pixel to the right.
convert "$sets/AppIcon-green-small.imageset/AppIconGreen29x29@3x.png" -roll +1+0 \
  "$sets/AppIcon-green-small.imageset/AppIconGreen29x29@3x.png"
# Re-encoded losslessly.
convert "$sets/AppIcon-red-small.imageset/AppIconRed29x29@2x.png" -define png:compression-level=9 \
  -define png:compression-filter=0 "$sets/AppIcon-red-small.imageset/AppIconRed29x29@2x.png"
# Renamed: the set's folder.
mv "$sets/AppIcon-purple-small.imageset" "$sets/AppIcon-violet-small.imageset"
# A scale deleted: the @3x slot's file and its filename.
python3 - "$sets/AppIcon-black-small.imageset" <<'PY'
import json, os, sys
folder = sys.argv[1]
path = os.path.join(folder, "Contents.json")
doc = json.load(open(path))
for image in doc["images"]:
    if image.get("scale") == "3x":
        os.remove(os.path.join(folder, image.pop("filename")))
json.dump(doc, open(path, "w"), indent=2)
PY
# A dark variant added.
python3 - "$sets/AppIcon-yellow-small.imageset" <<'PY'
import json, os, subprocess, sys
folder = sys.argv[1]
path = os.path.join(folder, "Contents.json")
doc = json.load(open(path))
light = next(i for i in doc["images"] if i.get("scale") == "2x")
subprocess.run(["convert", os.path.join(folder, light["filename"]), "-negate", os.path.join(folder, "dark@2x.png")], check=True)
doc["images"].append({"idiom": "universal", "scale": "2x", "filename": "dark@2x.png",
                      "appearances": [{"appearance": "luminosity", "value": "dark"}]})
json.dump(doc, open(path, "w"), indent=2)
PY
# A PDF replaced by an SVG of the same drawing.
share="$apple.head/DuckDuckGo/Subscription/Subscription.xcassets/SubscriptionShareIcon.imageset"
pdftocairo -svg "$share/share.pdf" "$share/share.svg"
rm "$share/share.pdf"
sed -i 's/"share.pdf"/"share.svg"/' "$share/Contents.json"

(cd "$work" && "$icongrid" diff apple.base apple.head -o apple.png --format json >apple.json 2>apple.err) || true
classes <"$work/apple.json" >"$work/apple.got"
cat >"$work/apple.want" <<'TXT'
changed	AppIcon-blue-small	universal @2x
changed	AppIcon-green-small	universal @3x
reencoded	AppIcon-red-small	universal @2x
renamed	AppIcon-violet-small	universal
scale-removed	AppIcon-black-small	universal @3x
added	AppIcon-yellow-small	universal dark
reencoded	SubscriptionShareIcon	universal any
TXT
expect apple "$work/apple.got" "$work/apple.want"

# --- 2. An Android tree -----------------------------------------------------------------
android="$work/android"
cp -r "$data/real/federicoiosue-Omni-Notes" "$android.base"
cp -r "$android.base" "$android.head"
res="$android.head/omniNotes/src/main/res"
convert "$res/drawable-xhdpi/ic_attachment_white_24dp.png" -negate "$res/drawable-xhdpi/ic_attachment_white_24dp.png"
rm "$res/drawable-xxxhdpi/ic_alarm_black_18dp.png"
for folder in "$res"/drawable-*; do
  if [ -f "$folder/ic_archive_white_24dp.png" ]; then
    mv "$folder/ic_archive_white_24dp.png" "$folder/ic_stow_white_24dp.png"
  fi
done
mkdir -p "$res/drawable-night-xhdpi"
convert "$res/drawable-xhdpi/ic_delete_white_24dp.png" -negate "$res/drawable-night-xhdpi/ic_delete_white_24dp.png"
(cd "$work" && "$icongrid" diff android.base android.head -o android.png --format json >android.json 2>android.err) || true
classes <"$work/android.json" >"$work/android.got"
cat >"$work/android.want" <<'TXT'
changed	drawable/ic_attachment_white_24dp	default xhdpi
scale-removed	drawable/ic_alarm_black_18dp	default xxxhdpi
renamed	drawable/ic_stow_white_24dp	default
added	drawable/ic_delete_white_24dp	night
TXT
expect android "$work/android.got" "$work/android.want"

# --- 3. Every PNG re-encoded losslessly -------------------------------------------------
every="$work/every"
cp -r "$data/real/home-assistant-iOS" "$every.base"
cp -r "$every.base" "$every.head"
find "$every.head" -name '*.png' -print0 | xargs -0 -P 2 -I{} convert {} -define png:compression-level=9 {}
(cd "$work" && "$icongrid" diff every.base every.head --format json >every.json 2>every.err) || true
others=$(python3 -c '
import json, sys
changes = json.load(open(sys.argv[1]))["changes"]
print(sum(1 for c in changes if c["class"] != "reencoded"), sum(1 for c in changes if c["class"] == "reencoded"))' "$work/every.json")
if [ "${others%% *}" = 0 ]; then
  echo "ok    every PNG re-encoded: 0 changes (${others##* } files listed as re-encoded only)"
else
  echo "FAIL  every PNG re-encoded: ${others%% *} changes"; failed=1
fi

# --- 4. 100 changed assets, compared and drawn ------------------------------------------
speed="$work/speed"
cp -r "$data/real/GitHawkApp-GitHawk" "$speed.base"
cp -r "$speed.base" "$speed.head"
# One PNG (the @2x where there is one) of each of the first 100 image sets, negated.
find "$speed.head" -path '*.imageset/*.png' | sort | awk -F/ '{
  set = $0; sub("/[^/]*$", "", set)
  if (!(set in pick) || $NF ~ /@2x/) pick[set] = $0
} END {for (set in pick) print pick[set]}' | sort | head -100 >"$work/speed.list"
xargs -P 2 -I{} convert {} -negate {} <"$work/speed.list"
best_wall=999; best_rss=0
for _ in $(seq "$runs"); do
  /usr/bin/time -v "$icongrid" diff "$speed.base" "$speed.head" -o "$work/speed.png" --format json \
    >"$work/speed.json" 2>"$work/speed.time"
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {split($2, t, ":"); print t[1] * 60 + t[2]}' "$work/speed.time")
  rss=$(awk -F': ' '/Maximum resident set size/ {print int($2 / 1024)}' "$work/speed.time")
  if awk "BEGIN {exit !($wall < $best_wall)}"; then best_wall=$wall; best_rss=$rss; fi
done
changed=$(python3 -c 'import json,sys; print(len({(c["namespace"], c["name"]) for c in json.load(open(sys.argv[1]))["changes"] if c["class"] == "changed"}))' "$work/speed.json")
echo
echo "| Changed assets (tree: $(wc -l <"$work/speed.list") files negated) | Wall time | Peak RSS | Goal |"
echo "|---|---|---|---|"
echo "| $changed | ${best_wall} s | ${best_rss} MB | ≤ 3 s, ≤ 200 MB |"
awk "BEGIN {exit !($best_wall <= 3 && $best_rss <= 200)}" || { echo "FAIL  speed goal"; failed=1; }
# --- 5. The README's example ------------------------------------------------------------
demo="$work/demo"
mkdir -p "$demo"
cp -r Assets/Demo "$demo/before"
cp -r Assets/Demo "$demo/after"
after="$demo/after"
rm "$after"/*.json "$after"/*.plist "$demo/before"/*.json "$demo/before"/*.plist
convert "$after/calculator@2x.png" -modulate 100,100,40 "$after/calculator@2x.png"
convert "$after/weather@2x.png" -fill white -draw 'point 20,20' "$after/weather@2x.png"
convert "$after/maps@2x.png" -define png:compression-level=1 "$after/maps@2x.png"
for file in "$after"/books*.png; do mv "$file" "${file/books/library}"; done
rm "$after/calendar@3x.png" "$after"/legacy.png
convert "$after/notes@2x.png" -negate "$after/journal@2x.png"
(cd "$demo" && "$icongrid" diff before after -o demo.png --format github >demo.md 2>demo.err) || true
grep -q '| changed | `files` | `calculator`' "$demo/demo.md" || { echo "FAIL  demo: calculator not changed"; failed=1; }
if [ "$readme" = 1 ]; then cp "$demo/demo.png" Assets/DemoDiff.png; echo "wrote Assets/DemoDiff.png"; fi

echo
echo "sheets: $work/apple.png $work/android.png $work/speed.png $demo/demo.png"
exit $failed
