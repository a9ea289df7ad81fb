#!/bin/sh
# The figures of issue 11 (memory and heap parts): inka cover on the
# programs of testdata/memory (bytes, pointer walks, a libc-like string and
# memory family), testdata/heap (lists, a string builder, a hash table,
# heap misuse, allocation sites) and testdata/real, against the
# random-testing baseline
# (bench/random: the interpreter on random inputs, TIME per function), per
# file: goals, covered, unreachable, unknown, the goals random covers, and
# those random covers that inka does not (goal by goal and function by
# function: an inlined helper's decision is a goal of each caller).
#
#   bench/memory/run.sh [TIME [DIR...]]
#
# TIME defaults to 10s, DIR to testdata/memory testdata/heap testdata/real. inka runs
# with its defaults and --timeout 10s a goal.
set -e
time=${1:-10s}
[ $# -gt 0 ] && shift
dirs=${*:-testdata/memory testdata/heap testdata/real}
root=$(git rev-parse --show-toplevel)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$root" && go build -o "$tmp/inka" ./cmd/inka && go build -o "$tmp/random" ./bench/random)
cd "$root"
for d in $dirs; do
	for f in "$d"/*.c; do
		"$tmp/inka" cover "$f" --timeout 10s --format json >"$tmp/inka.json" 2>/dev/null || true
		"$tmp/random" -time "$time" "$f" >"$tmp/random.json" 2>/dev/null || true
		python3 bench/random/compare.py "$f" "$tmp/inka.json" "$tmp/random.json"
	done
done
