#!/bin/bash
# The figures of issue 11 (real C): for each program of testdata/memory,
# testdata/heap, testdata/real and testdata/user (the libc-like string and
# memory family, the checksums, the parser with goto error exits, the
# linked list and the tree, the callback dispatcher, the bit-field packet
# decoder among them), inka's goals, covered, unreachable, unknown and
# refused functions, beside the goals that random testing (bench/random:
# the interpreter on random inputs, TIME of CPU per function) covers on the same
# functions, then the unknown goals with their reasons grouped
# (bench/realc/table.py).
#
#   bench/realc/run.sh [TIME [FILE.c|DIR...]]
#
# TIME defaults to 10s; inka runs with its defaults and --timeout 10s a
# goal. Random testing stops a function's runs once it has covered every
# goal inka did not prove unreachable (bench/random -goals), so the table
# costs TIME only for the functions random testing does not finish. The
# JSON of both sides stays in $OUT (default: a temporary directory);
# JOBS=N runs N files at a time.
set -e
time=${1:-10s}
[ $# -gt 0 ] && shift
args=${*:-testdata/memory testdata/heap testdata/real testdata/user}
root=$(git rev-parse --show-toplevel)
cd "$root"
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
out=${OUT:-$bin/out}
mkdir -p "$out"
go build -o "$bin/inka" ./cmd/inka
go build -o "$bin/random" ./bench/random
files=
for a in $args; do
	if [ -d "$a" ]; then
		files="$files $(ls "$a"/*.c)"
	else
		files="$files $a"
	fi
done
one() {
	n=$(echo "$1" | tr / _)
	"$bin/inka" cover "$1" --timeout 10s --format json >"$out/$n.inka.json" 2>/dev/null || true
	"$bin/random" -time "$time" -goals "$out/$n.inka.json" "$1" >"$out/$n.random.json" 2>/dev/null || true
}
export bin out time
export -f one 2>/dev/null || true
# JOBS files at a time (default 1): each process's figures are its own
# (inka's budgets are steps, random testing's time is CPU time)
printf '%s\n' $files | xargs -P "${JOBS:-1}" -I{} bash -c 'one "$@"' _ {}
python3 bench/realc/table.py "$out" $files
