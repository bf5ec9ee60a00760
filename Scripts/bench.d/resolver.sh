#!/usr/bin/env bash
# Scripts/bench resolver: indexing a 10,000-file tree against `find ROOT -name '*.png'`,
# and cached image(named:scale:) lookups per second on 1 and 2 threads.
#   Scripts/bench.d/resolver.sh [FILES]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
echo "== swift build -c release (ResolverBench)" >&2
exec "$("$here/../build-release" ResolverBench "$here/ResolverBench")" "$@"
