#!/bin/sh
# The figures of issue 16 (floating point): inka cover on the programs of
# testdata/float against the random-testing baseline (bench/random: the
# interpreter on random inputs, with every class of special floating-point
# values, TIME per function), per file: goals, covered, unreachable,
# unknown (with the first reason), time, the goals random covers, those
# random covers that inka does not.
#
#   bench/float/run.sh [TIME [FILE...]]
#
# TIME defaults to 10s, FILE to testdata/float/*.c. inka runs with its
# defaults and --timeout 10s a goal. The bigger differential test of the
# interpreter against gcc on the float corpus (testdata/diff/float.c,
# testdata/float): INKA_DIFF_CASES=3000 go test ./interp -run TestDiffGCC
set -e
time=${1:-10s}
[ $# -gt 0 ] && shift
root=$(git rev-parse --show-toplevel)
cd "$root"
files=${*:-testdata/float/*.c}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/inka" ./cmd/inka && go build -o "$tmp/random" ./bench/random
for f in $files; do
	"$tmp/inka" cover "$f" --timeout 10s --format json >"$tmp/inka.json" 2>/dev/null || true
	"$tmp/random" -time "$time" "$f" >"$tmp/random.json" 2>/dev/null || true
	python3 bench/random/compare.py "$f" "$tmp/inka.json" "$tmp/random.json" --reasons
done
