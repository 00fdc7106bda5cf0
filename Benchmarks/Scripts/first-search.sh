#!/usr/bin/env bash
# The first search on a new index, alternating binaries: for each round and each binary, the
# index is removed, `list author:herbert` builds it (books only, as shelf-bench's first-search
# row does), then `search memory` runs twice under GNU time: the first search, then a warm one.
# Prints "NAME SECONDS USER SYS MAXRSS_KB" and "NAME-warm ..." lines, one per run.
#
#   Benchmarks/Scripts/first-search.sh ROUNDS LIBRARY SHELF_BINARY...
set -euo pipefail
rounds=$1
library=$2
shift 2
export SHELF_NO_WATCHMAN=1
for _ in $(seq "$rounds"); do
    for shelf in "$@"; do
        name=$(basename "$shelf")
        rm -f "$library"/.shelf/index.sqlite*
        "$shelf" --library "$library" list author:herbert --format paths >/dev/null
        /usr/bin/time -f "$name %e %U %S %M" "$shelf" --library "$library" search memory 2>&1 >/dev/null | tail -n 1
        /usr/bin/time -f "$name-warm %e %U %S %M" "$shelf" --library "$library" search memory 2>&1 >/dev/null | tail -n 1
    done
done
