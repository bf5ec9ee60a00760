#!/usr/bin/env python3
"""Fails on public API without documentation, reading the symbol graphs `swift build` emits.

    Scripts/docs.d/check-docs.py SYMBOL_GRAPH_DIR MODULE...

Every public symbol declared in our sources needs a doc comment with a summary. Where a
source file is listed in FULL below, a public function or initializer also needs
`- Parameters:` (or `- Parameter name:`) naming each parameter, `- Returns:` when it returns
something, and `- Throws:` when it throws. Prints `file:line: error: …` per finding and exits
1 when there is one.
"""

import json
import os
import re
import sys

# Paths (prefixes, relative to the package) whose public functions must document their
# parameters, result and errors. Add a module here once its comments are complete.
FULL = [
    "Sources/AssetCheck/",
    "Sources/ImageCore/",
    "Sources/PNGCodec/",
    "Sources/RasterCodecs/",
    "Sources/AssetMaking/",
    "Sources/AssetResolver/",
    "Sources/ContactSheet/",
    "Sources/SheetManifest/",
    "Sources/Resampling/",
    "Sources/VectorRenderer/",
    "Sources/ImageDecoding/",
]

# Requirements of the standard library's protocols: DocC shows the protocol's own
# documentation for them, so an implementation needs none of its own.
INHERITED = {
    "==(_:_:)", "<(_:_:)", "hash(into:)", "hashValue", "description", "debugDescription",
    "init(rawValue:)", "rawValue", "init(from:)", "encode(to:)", "errorDescription",
    "makeIterator()", "next()", "startIndex", "endIndex", "index(after:)", "subscript(_:)",
}

FUNCTIONS = {"swift.func", "swift.method", "swift.type.method", "swift.init", "swift.func.op",
             "swift.subscript", "swift.type.subscript"}


def doc_lines(symbol):
    return [line.get("text", "") for line in (symbol.get("docComment") or {}).get("lines", [])]


def documented_parameters(lines):
    names, in_list = set(), False
    for line in lines:
        single = re.match(r"\s*-\s+[Pp]arameter\s+(\w+)\s*:", line)
        if single:
            names.add(single.group(1))
            in_list = False
            continue
        if re.match(r"\s*-\s+[Pp]arameters\s*:", line):
            in_list = True
            continue
        if in_list:
            item = re.match(r"\s+-\s+(\w+)\s*:", line)
            if item:
                names.add(item.group(1))
            elif re.match(r"\s*-\s+\w", line):
                in_list = False
    return names


def declares_throws(fragments) -> bool:
    """Whether the declaration itself throws: a `throws` outside its parentheses, not one in
    the type of a closure parameter."""
    depth = 0
    for fragment in fragments:
        if fragment["kind"] == "text":
            depth += fragment["spelling"].count("(") - fragment["spelling"].count(")")
        elif fragment["kind"] == "keyword" and fragment["spelling"] in ("throws", "rethrows") and depth == 0:
            return True
    return False


def main() -> int:
    if len(sys.argv) < 3:
        print("usage: check-docs.py SYMBOL_GRAPH_DIR MODULE...", file=sys.stderr)
        return 64
    folder, modules = sys.argv[1], sys.argv[2:]
    root = os.getcwd() + os.sep
    findings, seen, checked = [], set(), 0
    for module in modules:
        graphs = [os.path.join(folder, f"{module}.symbols.json")]
        graphs += [os.path.join(folder, name) for name in sorted(os.listdir(folder))
                   if name.startswith(f"{module}@") and name.endswith(".symbols.json")]
        if not os.path.exists(graphs[0]):
            print(f"check-docs: no symbol graph for {module} in {folder}", file=sys.stderr)
            return 66
        for graph in graphs:
            with open(graph, encoding="utf-8") as file:
                symbols = json.load(file)["symbols"]
            for symbol in symbols:
                if symbol.get("accessLevel") not in ("public", "open"):
                    continue
                location = symbol.get("location")
                if not location:
                    continue  # synthesized by the compiler (Hashable, RawRepresentable…)
                path = location["uri"].removeprefix("file://")
                relative = path.removeprefix(root)
                line = location["position"]["line"] + 1
                name = symbol["pathComponents"][-1]
                key = (relative, line, name)
                if key in seen:
                    continue  # a re-exported module's symbols appear in its re-exporter's graph
                seen.add(key)
                if name.startswith("_") or any(part.startswith("_") for part in symbol["pathComponents"]):
                    continue
                checked += 1
                title = ".".join(symbol["pathComponents"])
                lines = doc_lines(symbol)
                if not any(text.strip() for text in lines):
                    if name not in INHERITED:
                        findings.append(f"{relative}:{line}: error: public {title} has no doc summary")
                    continue
                if symbol["kind"]["identifier"] not in FUNCTIONS or symbol["kind"]["identifier"] == "swift.func.op":
                    continue
                if not any(relative.startswith(prefix) for prefix in FULL):
                    continue
                signature = symbol.get("functionSignature", {})
                parameters = [p.get("internalName") or p["name"] for p in signature.get("parameters", [])]
                labels = [p["name"] for p in signature.get("parameters", [])]
                documented = documented_parameters(lines)
                missing = [p for p, label in zip(parameters, labels) if p not in documented and label not in documented]
                if missing:
                    findings.append(
                        f"{relative}:{line}: error: {title}: no '- Parameters:' entry for {', '.join(missing)}")
                returns = "".join(fragment["spelling"] for fragment in signature.get("returns", [])).strip()
                kind = symbol["kind"]["identifier"]
                if kind != "swift.init" and returns not in ("", "Void", "()") and not any(
                        re.match(r"\s*-\s+Returns\s*:", text) for text in lines):
                    findings.append(f"{relative}:{line}: error: {title}: no '- Returns:'")
                throws = declares_throws(symbol.get("declarationFragments", []))
                if throws and not any(re.match(r"\s*-\s+Throws\s*:", text) for text in lines):
                    findings.append(f"{relative}:{line}: error: {title}: throws, but no '- Throws:'")
    for finding in sorted(set(findings)):
        print(finding)
    status = "ok" if not findings else f"{len(set(findings))} problems"
    print(f"check-docs: {checked} public symbols in {', '.join(modules)}: {status}", file=sys.stderr)
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
