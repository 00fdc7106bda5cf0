#!/usr/bin/env bash
# Coverage-guided fuzzing of the front matter parser with libFuzzer.
#
#   Tools/libfuzzer/run.sh [libFuzzer options, e.g. -runs=1000000 -max_total_time=600]
#
# Builds the FrontMatter sources, the invariant check and the entry point into one binary with
# -sanitize=fuzzer,address, seeds a corpus from the fixtures and the example library, and runs.
set -euo pipefail
cd "$(dirname "$0")/../.."
work=.build-libfuzzer
mkdir -p "$work/corpus"
find Tests/FrontMatterTests/Fixtures example-library -name '*.md' -exec cp {} "$work/corpus/" \; 2>/dev/null || true
# One module: the shared check loses its `import FrontMatter`.
sed '/^import FrontMatter$/d' Sources/FrontMatterFuzzing/FuzzCheck.swift > "$work/FuzzCheck.swift"
swiftc -O -sanitize=fuzzer,address -parse-as-library -module-name FrontMatterFuzzTarget \
    -I Sources/CYAML -lyaml \
    $(find Sources/FrontMatter -name '*.swift') \
    "$work/FuzzCheck.swift" \
    Tools/libfuzzer/FuzzEntry.swift \
    -o "$work/frontmatter-libfuzzer"
"$work/frontmatter-libfuzzer" "$work/corpus" "$@"
