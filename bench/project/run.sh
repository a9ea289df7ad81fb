#!/bin/sh
# Measures inka cover over a generated project (bench/project/main.go):
# wall with -j 1 and -j 2 (no cache), a cold run that fills a fresh cache,
# a re-run after one function of one file is edited (target: at most 5%
# of the cold wall), and each run's peak RSS. Every figure of one
# invocation is measured side by side on the same machine.
#
#   sh bench/project/run.sh [FILES [FUNCS]]     (default 200 files x 10 functions)
#
# Run it under nice on a shared machine; it takes a few minutes.
set -eu
files=${1:-200}
funcs=${2:-10}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/inka" ./cmd/inka
go run ./bench/project -o "$work/proj" -files "$files" -funcs "$funcs"
cd "$work/proj"
run() { # label, args...: one run, its figures from the JSON's run and summary
	label=$1
	shift
	"$work/inka" cover -p . --quiet --format json "$@" >"$work/out.json" 2>/dev/null || true
	jq -r --arg l "$label" '"\($l): \(.run.wall_ms) ms wall, \(.run.cpu_ms) ms CPU, peak RSS \(.run.peak_rss_kb / 1024 | floor) MiB, \(.summary.functions) functions, \(.summary.goals) goals (\(.summary.covered) covered, \(.summary.unreachable) unreachable, \(.summary.unknown) unknown), cache \(.run.cache_hits) hits \(.run.cache_misses) misses, \(.run.files_parsed) files parsed"' "$work/out.json"
	jq 'del(.run) | del(.. | .time_ms?)' "$work/out.json" >"$work/$label.json"
}
run j1 --no-cache -j 1
run j2 --no-cache -j 2
cmp -s "$work/j1.json" "$work/j2.json" && echo "-j 1 and -j 2: same output" || echo "-j 1 and -j 2: OUTPUTS DIFFER"
run cold --cache-dir "$work/cache" -j 2
run warm --cache-dir "$work/cache" -j 2
cmp -s "$work/cold.json" "$work/warm.json" && echo "cold and warm: same output" || echo "cold and warm: OUTPUTS DIFFER"
# one function of one file edited: a constant of its first decision
f=src/mod000/mod005.c
sed -i '0,/if (x < \([0-9]*\)/s//if (x < \1 + 1/' "$f" 2>/dev/null || true
grep -q '+ 1' "$f" || sed -i '0,/return -1;/s//return -7;/' "$f"
run touched --cache-dir "$work/cache" -j 2
