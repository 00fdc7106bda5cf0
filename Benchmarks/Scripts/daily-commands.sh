#!/usr/bin/env bash
# The daily commands at scale, each beside the warm `list author:herbert` and `--version` of the
# same run: best wall time of RUNS runs after one warm-up, and the peak memory of the last.
#
#   Benchmarks/Scripts/daily-commands.sh [SHELF] [LIBRARY] [RUNS]
#
# LIBRARY is a library made with ../shared/bench/make_library.py and `shelf init` (and, for
# the watcher's rows, `shelf watch`); SHELF defaults to the release build.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
shelf="${1:-$here/../../.build/release/shelf}"
library="${2:?a library folder}"
runs="${3:-3}"
shelf="$(cd "$(dirname "$shelf")" && pwd)/$(basename "$shelf")"
commands=(
    "--version"
    "list author:herbert --format paths"
    "today"
    "today --week"
    "today --month"
    "sessions --since 7d"
    "sessions"
    "next"
    "next --all"
    "show dune"
    "stats --year 2025"
    "stats"
    "search memory --limit 20"
    "search forgiveness --limit 5"
    "search memory"
    "search orchard labyrinth glass --limit 20"
    "list status:reading"
    "list --limit 20"
    "list --limit 20 --sort added-"
    "list --limit 20 --sort author"
    "list status:finished --limit 20 --sort author-"
    "list"
    "authors"
    "tags"
    "folders"
    "export --format json"
    "check"
)
printf '| command | best of %s | peak memory |\n| --- | --- | --- |\n' "$runs"
for command in "${commands[@]}"; do
    # shellcheck disable=SC2086
    (cd "$library" && "$shelf" $command >/dev/null 2>&1) || true
    best=""
    memory=""
    for _ in $(seq "$runs"); do
        # shellcheck disable=SC2086
        measured="$(cd "$library" && /usr/bin/time -f "%e %M" "$shelf" $command 2>&1 >/dev/null | tail -n 1 || true)"
        seconds="${measured% *}"
        memory="${measured#* }"
        if [ -z "$best" ] || awk -v a="$seconds" -v b="$best" 'BEGIN { exit !(a < b) }'; then best="$seconds"; fi
    done
    printf '| `shelf %s` | %s s | %s MiB |\n' "$command" "$best" "$((memory / 1024))"
done
