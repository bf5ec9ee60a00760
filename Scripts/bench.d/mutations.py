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

Only shipped code counts, and only a literal given whole as an image name:

- lines of test code are left out, as the platforms lay tests out: Gradle's test source sets
  (`src/test…/`, `src/androidTest…/`), Flutter's `test/`, `integration_test/` and
  `test_driver/` beside a pubspec.yaml, Xcode's and SwiftPM's test targets (a folder `Tests`,
  `…Tests` or `UITests…`, a file `…Test.swift`, `…Tests.swift`, `….test.swift`); no app
  ships them;
- a literal inside an interpolation (`"\(flag ? "a" : "b")-small"`), one that is itself built
  at run time (`"icon-\(n)"`, `'assets/$id.png'`), one joined with `+`, one given to a symbol's
  label (`systemName:`, `systemImage:`, `symbol:`, `systemSymbolName:`, `systemImageNamed:`;
  a storyboard image with `catalog="system"`), and one assigned to a variable that a later
  line of the function interpolates into a longer name (`icon = "issue-closed"` …
  `"\(icon)-small"`) do not name that asset.

Lines in comments (starting with //, /*, *, <!--) are left out, and so is an image set none of
whose lines looks like an image call: the line, or the declaration it is in (`var icon:
String {`), must say image, named or icon. The counts of candidates, and of the naming lines
left out by each rule above, are printed. Then, on two copies of the tree
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
Prints one row per app ("named": the deletion candidates; "once": those named on one line
that no pattern builds, from which removals are drawn) and the totals; --verbose lists what
was left out and every miss with the files to read.
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


SYMBOL_LABEL = re.compile(
    r"\b(?:systemName|systemImage|symbol|systemSymbolName|systemImageName|systemImageNamed|symbolName)\s*:\s*@?$"
)
GEN_MEMBER = re.compile(r"""\b(\w+)\s*(?:=>|=)\s*(?:const\s+)?(?:\w+(?:\.\w+)?\(\s*)?'([^'$]+)'""")
ASSIGNED = re.compile(r"\b(\w+)\s*(?::[^=]*)?=(?!=)[^=]*$")


def shipped(path, root):
    """Whether a file is code an app ships: not under a test source set or target, as Gradle,
    Flutter, Xcode and SwiftPM lay tests out."""
    parts = os.path.relpath(path, root).split(os.sep)
    for i, part in enumerate(parts[:-1]):
        # Gradle: the source sets test, androidTest and their variants (testDebug…).
        if i > 0 and parts[i - 1] == "src" and part.startswith(("test", "androidTest")):
            return False
        # Flutter: what `flutter test` and `flutter drive` run, beside the pubspec.
        if part in ("test", "integration_test", "test_driver") and os.path.exists(
            os.path.join(root, *parts[:i], "pubspec.yaml")
        ):
            return False
        # Xcode's test targets (AppTests, AppUITests, UITests_iPad) and SwiftPM's Tests/.
        if part.endswith("Tests") or part.startswith(("Tests", "UITests")):
            return False
    name = parts[-1]
    stem = name.rsplit(".", 1)[0]
    if name.endswith((".swift", ".m", ".mm")) and (stem.endswith(("Tests", "Test")) or ".test" in name or ".spec" in name):
        return False
    return True


def skip_group(line, j, open_, close):
    """The index after the `close` matching the `open_` at j, skipping quoted strings inside."""
    depth = 0
    while j < len(line):
        c = line[j]
        if c in "\"'":
            end = line.find(c, j + 1)
            j = len(line) if end < 0 else end + 1
            continue
        if c == open_:
            depth += 1
        elif c == close:
            depth -= 1
            if depth == 0:
                return j + 1
        j += 1
    return j


def literals(line, dart=False):
    """The string literals of a line that stand outside any interpolation, each as (text,
    the line before it, the line after it, whether it is built at run time)."""
    found = []
    quotes = "\"'" if dart else '"'
    i, n = 0, len(line)
    while i < n:
        c = line[i]
        if c == "/" and line[i + 1 : i + 2] == "/":
            break
        if c not in quotes:
            i += 1
            continue
        j, built, closed = i + 1, False, False
        while j < n:
            d = line[j]
            if d == "\\":
                if not dart and line[j + 1 : j + 2] == "(":
                    built = True
                    j = skip_group(line, j + 1, "(", ")")
                    continue
                j += 2
                continue
            if dart and d == "$":
                built = True
                j = skip_group(line, j + 1, "{", "}") if line[j + 1 : j + 2] == "{" else j + 1
                continue
            if d == c:
                closed = True
                break
            j += 1
        if not closed:
            break
        found.append((line[i + 1 : j], line[:i], line[j + 1 :], built))
        i = j + 1
    return found


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
        self.left_out = {
            "test files": sum(1 for path in self.texts if path.endswith(PROGRAM) and not shipped(path, root)),
            "joined with +": 0,
            "symbol label": 0,
            "interpolated later": 0,
        }

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
        """Lines of shipped code outside comments and generated accessor files."""
        for path, lines in self.lines.items():
            if path.endswith(suffixes) and not generated(lines) and shipped(path, self.root):
                for number, line in enumerate(lines, 1):
                    if not line.strip().startswith(COMMENT):
                        yield path, number, line

    def candidates(self):
        """Each asset named by a literal: (kind, name, provider paths, sites, pattern)."""
        found = []
        sites = {}
        for path, number, line in self.code_lines(INTERFACE):
            for name in re.findall(r'\bimage="([^"]+)"', line):
                if name in self.sets:
                    if 'catalog="system"' in line:
                        self.left_out["symbol label"] += 1
                        continue
                    sites.setdefault(("set", name), []).append((path, number))
        for path, number, line in self.code_lines((".swift", ".m", ".mm", ".h")):
            for name, before, after, built in literals(line):
                if name in self.sets and self.whole(name, before, after, built, path, number):
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
                for name, before, after, built in literals(line, dart=True):
                    if name in flutter and self.whole(name, before, after, built, path, number):
                        sites.setdefault(("flutter", name), []).append((path, number))
            # flutter_gen: `AssetGenImage get logo32 => const AssetGenImage('assets/img/logo-32.png')`
            # declares a member, and code names the asset through a chain from the generated
            # top class (`Assets.img.logo32.image()`): that line is the use.
            members, tops = {}, set()
            for path, lines in self.lines.items():
                if path.endswith(".gen.dart") and generated(lines):
                    current = None
                    for line in lines:
                        opened = re.match(r"\s*class\s+(\w+)", line)
                        current = opened.group(1) if opened else current
                        if current and re.search(r"\bstatic\s+const\b", line):
                            tops.add(current)  # the class code starts from (`Assets`)
                        declared = GEN_MEMBER.search(line)
                        if declared and declared.group(2) in flutter:
                            members.setdefault(declared.group(1), set()).add(declared.group(2))
            if members and tops:
                chain = re.compile(r"\b(?:" + "|".join(re.escape(t) for t in tops) + r")((?:\.\w+)+)")
                for path, number, line in self.code_lines((".dart",)):
                    for written in chain.findall(line):
                        for member in written.split(".")[1:]:
                            for name in members.get(member, ()):
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

    def whole(self, name, before, after, built, path, number):
        """Whether a literal on a line of shipped code names an asset whole (else counted in
        `left_out` by reason)."""
        if built:
            return False  # `"icon-\\(n)"` is never an asset's name itself: not counted
        reason = None
        if before.rstrip().endswith("+") or after.lstrip().startswith("+"):
            reason = "joined with +"
        elif SYMBOL_LABEL.search(before.rstrip()):
            reason = "symbol label"
        else:
            assigned = ASSIGNED.search(before)
            if assigned and self.interpolated(assigned.group(1), path, number):
                reason = "interpolated later"
        if reason:
            self.left_out[reason] += 1
        return reason is None

    def interpolated(self, variable, path, number):
        """Whether a line after `number` in the same function builds a longer name from
        `variable` (`"\\(icon)-small"`, `'${icon}_dark'`, `'$icon.png'`)."""
        swift = re.compile(r'"[^"]*\\\(\s*' + re.escape(variable) + r'\s*\)[^"]*"')
        dart = re.compile(r"""['"][^'"]*\$\{?""" + re.escape(variable) + r"""\b\}?[^'"]*['"]""")
        lines = self.lines[path]
        for line in lines[number : number + 40]:
            if re.search(r"\bfunc\b", line):
                break
            for match in swift.finditer(line) if path.endswith(".swift") else dart.finditer(line):
                written = match.group(0)
                if written.strip("\"'") not in (f"\\({variable})", f"${variable}", f"${{{variable}}}"):
                    return True
        return False

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
    """Whether a file says in its first lines that a tool wrote it (SwiftGen, R.swift, FlutterGen)."""
    head = "\n".join(lines[:15]).lower()
    return "generated" in head and ("do not edit" in head or "do not modify" in head or "swiftgen" in head or "r.swift" in head or "autogenerated" in head or "auto-generated" in head)


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
    pools = [0, 0]  # candidates for deletion, for removal (named on one line, no pattern)
    left_out = {}
    print(
        f"{'app':<34} {'named':>6} {'once':>5} {'deleted':>8} {'caught':>7} {'calls':>6} {'at line':>8}"
        f" {'removed':>8} {'caught':>7}"
    )
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
        pools[0] += len(candidates)
        pools[1] += len(single)
        for reason, count in tree.left_out.items():
            left_out[reason] = left_out.get(reason, 0) + count
        print(
            f"{os.path.basename(root):<34} {len(candidates):>6} {len(single):>5} {row[0]:>8} {row[1]:>7} {row[2]:>6}"
            f" {row[3]:>8} {row[4]:>8} {row[5]:>7}"
        )
        if verbose:
            print("  left out: " + ", ".join(f"{count} {reason}" for reason, count in tree.left_out.items()))
            for miss in misses:
                print(miss)
    d, dc, s, sc, r, rc = totals
    pct = lambda a, b: f"{100 * a / b:.1f} %" if b else "-"
    print(
        f"candidates: {pools[0]} assets named by a whole literal or symbol in shipped code, {pools[1]} of them on one"
        " line that no pattern builds; naming lines left out: "
        + ", ".join(f"{count} {reason}" for reason, count in left_out.items())
    )
    print(
        f"all: {dc} of {d} deleted assets caught at a line naming them ({pct(dc, d)}), {sc} of {s} naming lines reported"
        f" ({pct(sc, s)}); {rc} of {r} removed uses caught as unused ({pct(rc, r)}); goal 95 %"
    )


main()
