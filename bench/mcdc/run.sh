#!/bin/sh
# The figures of issue 22 (MC/DC): for each function of testdata/mcdc,
# the paper's trityp and testdata/real, in both forms of MC/DC — the
# conditions, the pairs found, the pairs proved impossible, the unknowns,
# the suite against the sum of the N+1 bounds, the time — next to the
# MC/DC that random inputs (the harness's random cases, MCDC_RANDOM of
# them, default 1000) achieve on the same function, measured by replaying
# them in the interpreter.
#
#   bench/mcdc/run.sh [FILE.c ...]
#
# Budgets: 1,000,000 steps and 5 s a goal.
set -e
root=$(git rev-parse --show-toplevel)
files=""
for f in "$@"; do files="$files $(realpath "$f")"; done
cd "$root"
MCDC_FILES="$files" nice -n 19 go test -tags mcdcbench -run TestBenchMCDC -count=1 -timeout 2h -v ./mcdc | grep -v '^=== RUN\|^--- PASS\|^PASS\|^ok'
