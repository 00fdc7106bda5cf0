#!/usr/bin/env bash
# Interleaved A/B timing of two release builds of shelf on copies of one library: each round
# runs A then B (or B then A on odd rounds) and the medians are compared.
#
#   Benchmarks/Scripts/ab-compare.sh OLD_SHELF NEW_SHELF LIBRARY [ROUNDS]
#
# Rows: a warm indexed list, `set` of one key (the write path: lock, read once, journal, swap,
# and in NEW the undo record), `log` of one session, and NEW's `undo` of that `set`.
set -euo pipefail
old=$1 new=$2 source=$3 rounds=${4:-21}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$source" "$work/a"
cp -r "$source" "$work/b"
# The first book file of finished/ (session files are named by their day); awk reads all of
# find's output, so that pipefail sees no broken pipe.
book=$(cd "$work/a" && find finished -name '*.md' | awk '!/\/20[0-9][0-9]-/ && !found { print; found = 1 }')
slug=$(basename "$book" .md)
export SHELF_NO_WATCHMAN=1
"$old" list --library "$work/a" >/dev/null 2>&1 || true
"$new" list --library "$work/b" >/dev/null 2>&1 || true

# Milliseconds one run of "$@" takes.
run() {
    local start end
    start=$(date +%s%N)
    "$@" >/dev/null 2>&1
    end=$(date +%s%N)
    echo $(( (end - start) / 1000 ))
}

median() { sort -n | awk '{ a[NR] = $1 } END { printf "%.1f", a[int((NR + 1) / 2)] / 1000 }'; }

row() {
    local name=$1; shift
    local as=() bs=()
    for ((i = 0; i < rounds; i++)); do
        local args=("${@//=N/=$((300 + i))}")
        local args_a=("${args[@]//LIB/$work/a}") args_b=("${args[@]//LIB/$work/b}")
        if ((i % 2 == 0)); then
            as+=("$(run "$old" "${args_a[@]}")"); bs+=("$(run "$new" "${args_b[@]}")")
        else
            bs+=("$(run "$new" "${args_b[@]}")"); as+=("$(run "$old" "${args_a[@]}")")
        fi
    done
    local ma mb
    ma=$(printf '%s\n' "${as[@]}" | median)
    mb=$(printf '%s\n' "${bs[@]}" | median)
    printf '| %s | %s ms | %s ms | %s |\n' "$name" "$ma" "$mb" "$(awk -v a="$ma" -v b="$mb" 'BEGIN { printf "%.2f×", b / a }')"
}

echo "| command ($(find "$source" -name '*.md' | wc -l) Markdown files, median of $rounds, interleaved) | before | after | after ÷ before |"
echo "|---|---:|---:|---:|"
row "shelf list author:herbert --format paths (warm index)" list author:herbert --format paths --library LIB
row "shelf list (every book, piped)" list --library LIB
row "shelf set $slug pages=N" set "$slug" pages=N --library LIB
row "shelf show $slug" show "$slug" --library LIB
row "shelf today" today --library LIB
# undo exists only after: timed alone, each after a set.
us=()
for ((i = 0; i < rounds; i++)); do
    "$new" set "$slug" pages=$((900 + i)) --library "$work/b" >/dev/null 2>&1
    us+=("$(run "$new" undo --library "$work/b")")
done
printf '| shelf undo (after a set; after only) | — | %s ms | — |\n' "$(printf '%s\n' "${us[@]}" | median)"
