#!/usr/bin/env bash
# Coverage-guided fuzzing of the front matter parser and editor with libFuzzer.
#
#   Tools/libfuzzer/run.sh [libFuzzer options, e.g. -runs=1000000 -max_total_time=600]
#
# Builds the FrontMatter sources, the invariant check (FuzzCheck: parse, render, and edits set,
# add and remove keys without touching anything else) and the entry point into one binary with
# -sanitize=fuzzer,address, seeds a corpus from the fixtures and the example library, and runs.
# CI runs it for a few seconds so that it keeps building.
set -euo pipefail
cd "$(dirname "$0")/../.."
work=.build-libfuzzer
mkdir -p "$work/corpus"
find Tests/FrontMatterTests/Fixtures example-library -name '*.md' -exec cp {} "$work/corpus/" \; 2>/dev/null || true
# One module: the shared check loses its `import FrontMatter`.
sed '/^import FrontMatter$/d' Sources/FrontMatterFuzzing/FuzzCheck.swift > "$work/FuzzCheck.swift"
# FrontMatter declares `package` API, which swiftc accepts only with a package name.
swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name FrontMatterFuzzTarget -package-name shelf \
    -I Sources/CYAML -lyaml \
    $(find Sources/FrontMatter -name '*.swift') \
    "$work/FuzzCheck.swift" \
    Tools/libfuzzer/FuzzEntry.swift \
    -o "$work/frontmatter-libfuzzer"
"$work/frontmatter-libfuzzer" "$work/corpus" "$@"
