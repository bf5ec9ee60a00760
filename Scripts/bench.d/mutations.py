"""How many planted mistakes `icongrid check --references` catches, on copies of real apps.

    mutations.py ICONGRID [--per-app N] [--seed S] [--verbose] TREE...

Issue 18's measure: on copies of real apps where references are removed or assets deleted at
random, at least 95 % of them caught at the right file and line. For each app tree (program
code and assets, as `Scripts/bench references` extracts it), this script finds, by its own
reading of the files (not the tool's), the assets that code names by a plain literal:

- an Xcode image set (`NAME.imageset`, not in a namespace folder) named as `"NAME"` in Swift or
  Objective-C, or as `image="NAME"` in a storyboard or xib;
- an Android drawable or mipmap named as `R.drawable.NAME` in Kotlin or Java, or as
  `@drawable/NAME` in resource XML or the manifest;
- a Flutter asset file named by its path in a Dart string.

Lines in comments (starting with //, /*, *, <!--) are left out, and so is an image set none of
whose lines looks like an image call: the line, or the declaration it is in (`var icon:
String {`), must say image, named or icon. Then, on two copies of the tree
(hard links, edited files replaced, never changed in place):

- deletions: N random assets the code names and nothing else provides (one set or one set of
  drawables of that name in the whole tree) are deleted. Caught when `check --references`
  reports a new `missing-asset` for the name at a line where it is named. "calls" counts the
  naming lines that look like an image call (for a set: the line says image, named or
  icon), "at line" how many of those were reported.
- removals: N random assets whose name appears on exactly one line of every text file of the
  tree (so no other use can exist, literal or symbol), and that no run-time pattern the check
  lists can build, lose that use: the literal is emptied (a generated symbol becomes `.init`),
  `R.drawable.NAME` becomes `0`, `@drawable/NAME` becomes `@null`. Caught when the check
  reports a new `unused-asset` at the asset's set or file.

Findings are compared with those of the untouched tree, so what was reported before counts for
nothing. Assets the tree's own check already reports (unused or with findings) are not chosen.
Prints one row per app and the totals; --verbose lists every miss with the files to read.
"""
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

PROGRAM = (".swift", ".m", ".mm", ".h", ".kt", ".java", ".dart", ".js", ".jsx", ".ts", ".tsx")
INTERFACE = (".storyboard", ".xib")
TEXT = PROGRAM + INTERFACE + (".xml", ".plist", ".strings", ".json", ".yaml", ".yml", ".gradle", ".kts")
PRUNE = {"Pods", "Carthage", "node_modules", "build", "DerivedData", ".build", ".git", ".dart_tool"}
IMAGE = (".png", ".jpg", ".jpeg", ".webp", ".gif", ".svg", ".pdf", ".xml")
COMMENT = ("//", "/*", "*", "<!--")
IMAGE_LINE = re.compile(r"[Ii]mage|[Nn]amed|[Ii]con")
DECLARATION = re.compile(r"\b(var|let|func)\b")


def walk(root):
    for folder, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if d not in PRUNE and not d.startswith(".")]
        yield folder, dirs, files


def read_lines(path):
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError:
        return []
    if b"\0" in data[:4096]:
        return []
    return data.decode("utf-8", "replace").split("\n")


class Tree:
    """What this script reads of one app: its text files and the assets they name."""

    def __init__(self, root):
        self.root = root
        self.texts = []  # every text file outside catalogs
        self.sets = {}  # image-set name -> [set folders]
        self.loose = set()  # names of loose images (NAME.png, NAME@2x.png) outside catalogs
        self.drawables = {}  # Android resource name -> [files]
        self.pubspecs = []  # folders holding pubspec.yaml
        for folder, dirs, files in walk(root):
            if folder.endswith(".xcassets") or ".xcassets/" in folder:
                for d in dirs:
                    if d.endswith(".imageset") and not self.namespaced(folder):
                        self.sets.setdefault(d[: -len(".imageset")], []).append(os.path.join(folder, d))
                continue
            parent = os.path.basename(folder)
            in_res = os.path.basename(os.path.dirname(folder)) == "res"
            for name in files:
                path = os.path.join(folder, name)
                if in_res and (parent.startswith("drawable") or parent.startswith("mipmap")):
                    base = name.split(".")[0]
                    self.drawables.setdefault(base, []).append(path)
                    continue
                if name == "pubspec.yaml":
                    self.pubspecs.append(folder)
                if name.endswith(TEXT):
                    self.texts.append(path)
                elif name.endswith((".png", ".pdf", ".jpg")):
                    self.loose.add(re.sub(r"(@[23]x)?(~\w+)?\.\w+$", "", name))
        self.lines = {path: read_lines(path) for path in self.texts}

    @staticmethod
    def namespaced(folder):
        """Whether a folder inside a catalog (or one above it there) provides a namespace."""
        while ".xcassets" in folder and not folder.endswith(".xcassets"):
            try:
                with open(os.path.join(folder, "Contents.json")) as handle:
                    if json.load(handle).get("properties", {}).get("provides-namespace"):
                        return True
            except (OSError, ValueError):
                pass
            folder = os.path.dirname(folder)
        return False

    def code_lines(self, suffixes):
        """Lines of code outside comments and generated accessor files."""
        for path, lines in self.lines.items():
            if path.endswith(suffixes) and not generated(lines):
                for number, line in enumerate(lines, 1):
                    if not line.strip().startswith(COMMENT):
                        yield path, number, line

    def candidates(self):
        """Each asset named by a literal: (kind, name, provider paths, sites, pattern)."""
        found = []
        sites = {}
        for path, number, line in self.code_lines((".swift", ".m", ".mm", ".h") + INTERFACE):
            for name in re.findall(r'"([^"\\\s]+)"', line):
                if name in self.sets:
                    if path.endswith(INTERFACE) and f'image="{name}"' not in line:
                        continue
                    sites.setdefault(("set", name), []).append((path, number))
        # Xcode's generated symbols (`Image(.name)`, `UIImage(resource: .name)`,
        # `ImageResource.name`) and R.swift's `R.image.name`, for names whose camel-cased
        # form is unambiguous.
        symbols = {}
        for name in self.sets:
            symbols.setdefault(camel(name), []).append(name)
        symbol_use = re.compile(
            r"(?:\b(?:Image|UIImage|NSImage)\(\s*(?:resource:\s*)?\.|\bImageResource\.|\bR\.image\.)(\w+)"
        )
        for path, number, line in self.code_lines((".swift",)):
            for symbol in symbol_use.findall(line):
                names = symbols.get(symbol, [])
                if len(names) == 1:
                    sites.setdefault(("set", names[0]), []).append((path, number))
        for path, number, line in self.code_lines((".kt", ".java", ".xml")):
            for name in re.findall(r"(?:R\.(?:drawable|mipmap)\.|@(?:drawable|mipmap)/)(\w+)", line):
                if name in self.drawables:
                    sites.setdefault(("drawable", name), []).append((path, number))
        flutter = {}
        for top in self.pubspecs:
            for folder, _, files in walk(top):
                for name in files:
                    if name.endswith(IMAGE) and "/assets/" in os.path.join(folder, name) + "/":
                        path = os.path.join(folder, name)
                        flutter.setdefault(os.path.relpath(path, top), (top, path))
        if flutter:
            for path, number, line in self.code_lines((".dart",)):
                for name in re.findall(r"""['"]([^'"$\\\s]+)['"]""", line):
                    if name in flutter:
                        sites.setdefault(("flutter", name), []).append((path, number))
        for (kind, name), where in sites.items():
            if kind == "set" and not any(self.image_context(p, n) for p, n in where):
                continue  # named only as text (an identifier, a title): maybe no image use
            if kind == "set":
                if len(self.sets[name]) != 1 or name in self.loose:
                    continue
                providers = self.sets[name]
            elif kind == "drawable":
                providers = self.drawables[name]
            else:
                top, file = flutter[name]
                folder, base = os.path.split(file)
                providers = [file] + [
                    os.path.join(folder, v, base)
                    for v in os.listdir(folder)
                    if re.fullmatch(r"\d+(\.\d+)?x", v) and os.path.exists(os.path.join(folder, v, base))
                ]
            found.append((kind, name, providers, where))
        return found

    def image_context(self, path, number):
        """Whether the line gives a name to an image: it says image, named or icon, or the
        declaration it is in (the nearest `var`, `let` or `func` at most 12 lines up) does."""
        lines = self.lines[path]
        if IMAGE_LINE.search(lines[number - 1]):
            return True
        for back in range(number - 2, max(-1, number - 14), -1):
            if DECLARATION.search(lines[back]):
                return bool(IMAGE_LINE.search(lines[back]))
        return False

    def mentions(self, name):
        """Lines of every text file naming `name` as a word, in any of its spellings."""
        words = {name, camel(name)}
        if "/" in name:
            words.add(name.rsplit("/", 1)[1])
        pattern = re.compile(r"(?<![\w])(" + "|".join(re.escape(w) for w in words) + r")(?![\w])")
        hits = []
        for path, lines in self.lines.items():
            if os.path.basename(path) in ("pubspec.yaml", "Contents.json"):
                continue
            for number, line in enumerate(lines, 1):
                if pattern.search(line):
                    hits.append((path, number))
        return hits


def camel(name):
    """A set name as a Swift symbol: words joined, each after the first capitalized."""
    words = [w for w in re.split(r"[-_ .]+", name) if w]
    if not words:
        return name
    return words[0][0].lower() + words[0][1:] + "".join(w[0].upper() + w[1:] for w in words[1:])


def key(name):
    """A name compared as the generators' symbols are: letters and digits, any case."""
    return re.sub(r"[^0-9a-z]", "", name.lower())


def generated(lines):
    """Whether a file says in its first lines that a tool wrote it (SwiftGen, R.swift)."""
    head = "\n".join(lines[:15]).lower()
    return "generated" in head and ("do not edit" in head or "swiftgen" in head or "r.swift" in head or "autogenerated" in head or "auto-generated" in head)


def pattern_regex(pattern):
    """A run-time name as the check lists it (`icon-\\(rawValue)`, `icon_%d`, `${x}.png`)."""
    # Android's computed names are listed as `… + "dark"`: the … is the run-time part.
    if "…" in pattern:
        pattern = re.sub(r"""\s*\+\s*|["']""", "", pattern).replace("…", "\\(…)")
    parts = re.split(r"\\\(.*?\)|%[-+ #0-9.]*[@a-zA-Z]|\$\{.*?\}|\$\w+", pattern)
    return re.compile(".*".join(re.escape(p) for p in parts), re.IGNORECASE)


def check(icongrid, root, patterns=None):
    run = subprocess.run(
        [icongrid, "check", root, "--references", "--format", "json"], capture_output=True, text=True
    )
    if run.returncode not in (0, 1):
        sys.exit(f"mutations: check failed on {root} ({run.returncode}): {run.stderr[:400]}")
    report = json.loads(run.stdout)
    if patterns is not None:
        patterns.extend(pattern_regex(p["pattern"]) for p in report.get("references", {}).get("patterns", []))
    findings = set()
    for f in report["findings"]:
        if f["rule"] in ("missing-asset", "unused-asset"):
            path = os.path.relpath(f["path"], root)
            findings.add((f["rule"], f.get("asset", ""), path, f.get("line")))
    return findings


def copy(root, into):
    dest = os.path.join(into, os.path.basename(root))
    subprocess.run(["cp", "-al", root, dest], check=True)
    return dest


def rewrite(path, edit):
    with open(path, "rb") as handle:
        text = handle.read().decode("utf-8", "surrogateescape")
    os.unlink(path)  # a hard link to the original: replace, never write through
    with open(path, "wb") as handle:
        handle.write(edit(text).encode("utf-8", "surrogateescape"))


def remove_use(kind, name, line):
    if kind == "set":
        # A generated symbol (`Image(.profileAvatar)`) is a use too: it goes the same way.
        line = re.sub(r"\." + re.escape(camel(name)) + r"\b", ".init", line)
    if kind == "drawable":
        line = re.sub(r"R\.(drawable|mipmap)\." + re.escape(name) + r"\b", "0", line)
        return re.sub(r"@(drawable|mipmap)/" + re.escape(name) + r"\b", "@null", line)
    return line.replace(f'"{name}"', '""').replace(f"'{name}'", "''")


def main():
    args = sys.argv[1:]
    icongrid, per_app, seed, verbose, trees = args[0], 10, 18, False, []
    rest = iter(args[1:])
    for arg in rest:
        if arg == "--per-app":
            per_app = int(next(rest))
        elif arg == "--seed":
            seed = int(next(rest))
        elif arg == "--verbose":
            verbose = True
        else:
            trees.append(arg)
    totals = [0, 0, 0, 0, 0, 0]  # deletions, caught, sites, sites caught, removals, caught
    print(f"{'app':<34} {'deleted':>8} {'caught':>7} {'calls':>6} {'at line':>8} {'removed':>8} {'caught':>7}")
    for root in trees:
        root = os.path.abspath(root)
        rng = random.Random(f"{seed}:{os.path.basename(root)}")
        tree = Tree(root)
        patterns = []
        base = check(icongrid, root, patterns)
        reported = {asset for _, asset, _, _ in base}
        reported |= {os.path.basename(path).split(".")[0] for _, _, path, _ in base}
        candidates = [c for c in tree.candidates() if c[1] not in reported]
        deletions = rng.sample(candidates, min(per_app, len(candidates)))
        # A name a run-time pattern of the code can build stays used without its literal.
        single = [
            c
            for c in candidates
            if len(c[3]) == 1
            and not any(p.fullmatch(c[1]) or p.fullmatch(c[1].rsplit("/", 1)[-1]) for p in patterns)
        ]
        # Searching every line for a name is the slow part: taken in random order until N.
        rng.shuffle(single)
        removals = []
        for c in single:
            if len(removals) == per_app:
                break
            if tree.mentions(c[1]) == c[3]:
                removals.append(c)
        misses = []
        row = [len(deletions), 0, 0, 0, len(removals), 0]
        with tempfile.TemporaryDirectory(prefix="mutations-") as scratch:
            if deletions:
                os.makedirs(os.path.join(scratch, "deleted"))
                mutated = copy(root, os.path.join(scratch, "deleted"))
                for _, _, providers, _ in deletions:
                    for provider in providers:
                        target = os.path.join(mutated, os.path.relpath(provider, root))
                        shutil.rmtree(target) if os.path.isdir(target) else os.unlink(target)
                new = check(icongrid, mutated) - base
                for kind, name, _, sites in deletions:
                    # A literal's finding names the set; a generated symbol's names the symbol.
                    asset_keys = {key(name), key(name.rsplit("/", 1)[-1])}
                    got = {
                        (path, line)
                        for rule, asset, path, line in new
                        if rule == "missing-asset" and (key(asset) in asset_keys or asset.endswith("/" + name))
                    }
                    want = {(os.path.relpath(p, root), n) for p, n in sites}
                    # The lines that give the name to an image (the others may hold it as
                    # plain text: an identifier, a title).
                    calls = {
                        (os.path.relpath(p, root), n) for p, n in sites if kind != "set" or tree.image_context(p, n)
                    }
                    row[2] += len(calls)
                    row[3] += len(got & calls)
                    if got & want:
                        row[1] += 1
                        if calls - got:
                            misses.append(f"  deleted {kind} {name}: not reported at {sorted(calls - got)[:3]}")
                    else:
                        misses.append(f"  deleted {kind} {name}: named at {sorted(want)[:3]}, reported {sorted(got)[:3]}")
            if removals:
                os.makedirs(os.path.join(scratch, "removed"))
                mutated = copy(root, os.path.join(scratch, "removed"))
                for kind, name, _, sites in removals:
                    path, number = sites[0]
                    target = os.path.join(mutated, os.path.relpath(path, root))

                    def edit(text, number=number, kind=kind, name=name):
                        lines = text.split("\n")
                        lines[number - 1] = remove_use(kind, name, lines[number - 1])
                        return "\n".join(lines)

                    rewrite(target, edit)
                new = check(icongrid, mutated) - base
                for kind, name, providers, sites in removals:
                    want = {os.path.relpath(p, root) for p in providers}
                    got = {path for rule, _, path, _ in new if rule == "unused-asset"} & want
                    if got:
                        row[5] += 1
                    else:
                        misses.append(f"  removed the use of {kind} {name} at {sites[0]}; expected unused at {sorted(want)[:2]}")
        for i, value in enumerate(row):
            totals[i] += value
        print(f"{os.path.basename(root):<34} {row[0]:>8} {row[1]:>7} {row[2]:>6} {row[3]:>8} {row[4]:>8} {row[5]:>7}")
        if verbose:
            for miss in misses:
                print(miss)
    d, dc, s, sc, r, rc = totals
    pct = lambda a, b: f"{100 * a / b:.1f} %" if b else "-"
    print(
        f"all: {dc} of {d} deleted assets caught at a line naming them ({pct(dc, d)}), {sc} of {s} naming lines reported"
        f" ({pct(sc, s)}); {rc} of {r} removed uses caught as unused ({pct(rc, r)}); goal 95 %"
    )


main()
