#!/usr/bin/env bash
# The bit-level family (testdata/bitlevel) against z3 on the same queries.
#
#   bash bench/sat/run.sh [runs]
#
# For each goal of the family (one reachable and one unreachable decision
# outcome per function) it prints:
#   - inka's answer, CPU time (user + system) and wall time: `inka reach`,
#     the whole process (parsing the file and its headers included), with
#     the default engine choice;
#   - z3's answer, CPU and wall time on the SMT-LIB query inka dumps for
#     that goal (`--dump-smt2`), the whole process;
#   - the ratio inka / z3 in CPU time (on a shared machine the wall time
#     measures the load as much as the work);
#   - the answer and wall time of inka's fd engine alone (--engine fd, the
#     default budget of 10,000,000 steps), what inka did before gini.
# Times are the means of `runs` runs (default 10), fd's of one run.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
runs=${1:-10}

if ! command -v z3 >/dev/null 2>&1; then
	echo "z3 not found: installing Debian's package" >&2
	apt-get update >&2
	DEBIAN_FRONTEND=noninteractive apt-get install -y z3 >&2
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$root" && go build -o "$tmp/inka" ./cmd/inka)

# file | function | line of the reachable goal | line of the unreachable goal
goals=(
	"hash.c|bucket32|20|25"
	"hash.c|bucket64|33|37"
	"xorshift.c|seed32|23|25"
	"xorshift.c|seed64|32|34"
	"crc.c|forge|31|35"
	"popcount.c|weight32|23|27"
	"popcount.c|weight64|35|37"
	"lcg.c|state32|17|19"
	"lcg.c|state64|26|28"
)

measure() { # n command... -> "cpu wall answer": the means over n runs in one timed shell
	local n=$1
	shift
	/usr/bin/time -f "%U %S %e" -o "$tmp/time" bash -c 'n=$1; shift; for _ in $(seq "$n"); do "$@" >/dev/null 2>&1 || true; done' \
		_ "$n" "$@" || true
	local out
	out=$("$@" 2>/dev/null | head -1 | awk '{print $1}' || true)
	awk -v n="$n" -v a="$out" '{ printf "%.3f %.3f %s\n", ($1 + $2) / n, $3 / n, a }' "$tmp/time"
}

printf '%-24s %-11s | %-11s %5s %5s | %-5s %5s %5s | %5s | %-8s %6s\n' goal expected inka "cpu s" wall z3 "cpu s" wall ratio "fd alone" wall
for g in "${goals[@]}"; do
	IFS='|' read -r file fn yes no <<<"$g"
	src="$root/testdata/bitlevel/$file"
	for line in $yes $no; do
		expected=reachable
		[ "$line" = "$no" ] && expected=unreachable
		dump="$tmp/dump-$fn-$line"
		mkdir -p "$dump"
		"$tmp/inka" reach "$src:$line:true" --func "$fn" --dump-smt2 "$dump" >/dev/null
		smt=$(ls "$dump"/*.smt2)
		read -r ci wi ai <<<"$(measure "$runs" "$tmp/inka" reach "$src:$line:true" --func "$fn")"
		read -r cz wz az <<<"$(measure "$runs" z3 "$smt")"
		read -r _ wf af <<<"$(measure 1 "$tmp/inka" reach "$src:$line:true" --func "$fn" --engine fd)"
		ratio=$(awk -v a="$ci" -v b="$cz" 'BEGIN { if (b < 0.001) b = 0.001; printf "%.1f", a / b }')
		printf '%-24s %-11s | %-11s %5.3f %5.3f | %-5s %5.3f %5.3f | %5s | %-8s %6.2f\n' "$file:$line $fn" "$expected" \
			"$ai" "$ci" "$wi" "$az" "$cz" "$wz" "$ratio" "$af" "$wf"
	done
done
