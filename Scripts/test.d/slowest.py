#!/usr/bin/env python3
"""The slowest test suites of a `swift test --xunit-output` run, from its XML.

    Scripts/test.d/slowest.py .build/test-results/xunit-swift-testing.xml [COUNT]

Swift Testing runs tests in parallel, so a suite's time is the sum of its tests' wall times,
not the run's. The XML keeps every test's time for a later look.
"""

import collections
import sys
import xml.etree.ElementTree as ElementTree


def main() -> int:
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 64
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    try:
        root = ElementTree.parse(sys.argv[1]).getroot()
    except (OSError, ElementTree.ParseError) as error:
        print(f"slowest.py: {sys.argv[1]}: {error}", file=sys.stderr)
        return 66
    suites = collections.Counter()
    tests = 0
    for case in root.iter("testcase"):
        tests += 1
        suites[case.get("classname", "?")] += float(case.get("time", "0") or 0)
    print(f"slowest suites of {tests} tests ({sys.argv[1]}):")
    for name, seconds in suites.most_common(count):
        print(f"  {seconds:8.2f} s  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
