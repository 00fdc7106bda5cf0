#!/usr/bin/env bash
# KOReader import at scale: a generated statistics database of ROWS page turns (KOReader's
# schema) imported into a new library with --add, then the same database again.
#
#   Benchmarks/Scripts/koreader-import.sh [SHELF] [ROWS]
#
# SHELF defaults to the release build (swift build -c release --product shelf).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
shelf="${1:-$here/../../.build/release/shelf}"
rows="${2:-100000}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python3 "$here/make-koreader-statistics.py" --rows "$rows" --books 300 --out "$work/statistics.sqlite3" >/dev/null
"$shelf" init "$work/library" >/dev/null
measure() {
    /usr/bin/time -f "%e s wall, %U + %S s CPU, %M KiB peak" "$shelf" --library "$work/library" \
        import koreader "$work/statistics.sqlite3" --add --timezone UTC
}
echo "== first import ($rows page turns)"
measure
echo "== the same database again"
measure
echo "== files: $(find "$work/library" -name '*-koreader.md' | wc -l) sessions"
