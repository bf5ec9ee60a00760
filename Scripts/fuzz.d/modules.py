#!/usr/bin/env python3
"""What a fuzz harness links, read from the package manifest rather than kept by hand.

    swift package dump-package | Scripts/fuzz.d/modules.py HARNESS.swift

The harness's `import` lines name the package's modules it uses; this prints every module
they need, dependencies first, one a line:

    swift NAME PATH SOURCE...     a Swift target and its sources (honouring `exclude`)
    system NAME PATH PKGCONFIG    a system library target (PKGCONFIG may be "-")
    c NAME PATH LIBS SOURCE...    a C target, the libraries it links (comma-separated, or
                                  "-") and its .c sources

A new target, or a new dependency between targets, needs no edit here or in Scripts/fuzz.
"""

import json
import os
import re
import sys


def main() -> int:
    if len(sys.argv) != 2:
        print("usage: swift package dump-package | modules.py HARNESS.swift", file=sys.stderr)
        return 64
    manifest = json.load(sys.stdin)
    targets = {target["name"]: target for target in manifest["targets"]}

    def dependencies(target):
        for dependency in target.get("dependencies", []):
            for kind in ("byName", "target"):
                if kind in dependency and dependency[kind][0] in targets:
                    yield dependency[kind][0]

    with open(sys.argv[1], encoding="utf-8") as harness:
        imported = re.findall(r"^\s*(?:@testable\s+)?(?:\w+\s+)?import\s+(\w+)", harness.read(), re.M)
    roots = [name for name in imported if name in targets]
    if not roots:
        print(f"modules.py: {sys.argv[1]} imports none of the package's modules", file=sys.stderr)
        return 65

    order, state = [], {}

    def visit(name):
        if state.get(name) == "done":
            return
        if state.get(name) == "visiting":
            raise SystemExit(f"modules.py: dependency cycle through {name}")
        state[name] = "visiting"
        for dependency in dependencies(targets[name]):
            visit(dependency)
        state[name] = "done"
        order.append(name)

    for root in roots:
        visit(root)

    for name in order:
        target = targets[name]
        path = target.get("path") or os.path.join("Tests" if target["type"] == "test" else "Sources", name)
        if target["type"] == "system":
            print("system", name, path, target.get("pkgConfig") or "-")
            continue
        excluded = [os.path.join(path, item) for item in target.get("exclude", [])]
        sources, c_sources = [], []
        for folder, _, files in os.walk(path):
            if any(folder == item or folder.startswith(item + os.sep) for item in excluded):
                continue
            sources += [os.path.join(folder, file) for file in files if file.endswith(".swift")]
            c_sources += [os.path.join(folder, file) for file in files if file.endswith(".c")]
        if c_sources and not sources:
            libs = [
                setting["kind"]["linkedLibrary"]["_0"]
                for setting in target.get("settings", [])
                if "linkedLibrary" in setting.get("kind", {})
            ]
            print("c", name, path, ",".join(libs) or "-", *sorted(c_sources))
            continue
        print("swift", name, path, *sorted(sources))
    return 0


if __name__ == "__main__":
    sys.exit(main())
