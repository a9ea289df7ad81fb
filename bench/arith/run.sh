#!/usr/bin/env bash
# Measures inka arith.
#
#   bash bench/arith/run.sh [programs]        the minimizer on planted faults
#   bash bench/arith/run.sh campaign 1h       a campaign over gcc, clang, tcc × -O0..-O3 (+ UBSan)
#
# The minimizer: for each planted fault of planted.sh (a wrapper that is gcc
# after a source transformation miscompiling one pattern), a campaign of
# `programs` programs (default 20) of 10 expressions × 300 operators is built
# with the wrapper at -O0, and every failing program is reduced; the table
# gives, per fault, the programs that failed and the operators before and
# after, the builds and the seconds of each reduction (FAULTS="xor ice"
# selects faults, SHOW=1 prints one reduced program per fault).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
(cd "$root" && go build -o "$bin/inka" ./cmd/inka)

if [ "${1:-}" = campaign ]; then
	out=${3:-arith-campaign}
	nice -n 19 "$bin/inka" arith run --duration "${2:-1h}" --seed "${SEED:-1}" \
		--exprs 10 --size 100 --mix --cc gcc,clang,tcc --opt O0,O1,O2,O3 --ubsan --reduce --out "$out"
	exit
fi

programs=${1:-20}
for fault in ${FAULTS:-xor pow2 ice}; do
	out="$bin/$fault"
	n=$programs
	[ "$fault" = pow2 ] && n=$((programs * 3)) # the pattern is rarer
	PLANTED=$fault nice -n 19 "$bin/inka" arith run --programs "$n" --exprs 10 --size 300 \
		--cc "$here/planted.sh" --opt O0 --reduce --out "$out" --format json > "$out.json"
	python3 - "$fault" "$out.json" <<'PY'
import json, sys
fault, path = sys.argv[1], sys.argv[2]
s = json.load(open(path))
fs = [f for f in s["failures"] if f.get("reduced")]
print(f"{fault}: {s['programs']} programs, {len(s['failures'])} failing")
for f in fs:
    print(f"  seed {f['seed']}: {f['kind']}: {f['ops_before']} -> {f['ops_after']} operators, "
          f"{f['reduce_tests']} builds, {f['reduce_seconds']:.1f} s")
for f in s["failures"]:
    if f.get("reduce_error"):
        print(f"  seed {f['seed']}: reduction failed: {f['reduce_error']}")
if fs:
    n = len(fs)
    print(f"  mean: {sum(f['ops_before'] for f in fs)/n:.0f} -> {sum(f['ops_after'] for f in fs)/n:.1f} operators, "
          f"{sum(f['reduce_tests'] for f in fs)/n:.0f} builds, {sum(f['reduce_seconds'] for f in fs)/n:.1f} s")
PY
	if [ -n "${SHOW:-}" ]; then # one reduced program
		for f in "$out"/seed-*-reduced.c; do [ -e "$f" ] && cat "$f"; break; done
	fi
done
