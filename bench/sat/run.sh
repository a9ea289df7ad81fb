#!/usr/bin/env bash
# The bit-level family (testdata/bitlevel) against z3 on the same queries.
#
#   bash bench/sat/run.sh [runs]
#
# For each goal of the family (one reachable and one unreachable decision
# outcome per function) it prints:
#   - inka's answer and wall time (`inka reach`, whole process, engine auto),
#     and the time of the goal itself (the JSON's stats.time_ms: formula,
#     blasting, gini and the replay, without parsing the file),
#   - z3's answer and wall time on the SMT-LIB query inka dumps for that goal
#     (`--dump-smt2`, whole process),
#   - the ratio inka / z3,
#   - the answer and wall time of inka's fd engine alone (--engine fd, the
#     default 10 s budget), what inka did before gini.
# Times are the best of `runs` (default 3).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
runs=${1:-3}

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

now() { date +%s%N; }

best() { # command... -> "seconds output-first-word" (best of $runs)
	local best="" out t0 t1 t
	for _ in $(seq "$runs"); do
		t0=$(now)
		out=$("$@" 2>&1 || true)
		t1=$(now)
		t=$(( (t1 - t0) / 1000 ))
		if [ -z "$best" ] || [ "$t" -lt "$best" ]; then best=$t; fi
	done
	printf '%d.%06d %s\n' $((best / 1000000)) $((best % 1000000)) "$(echo "$out" | head -1 | awk '{print $1}')"
}

printf '%-26s %-11s | %-11s %6s %6s | %-5s %6s | %5s | %-8s %6s\n' goal expected inka "s" "goal" z3 "s" ratio "fd alone" "s"
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
		read -r ti ai <<<"$(best "$tmp/inka" reach "$src:$line:true" --func "$fn")"
		read -r tz az <<<"$(best z3 "$smt")"
		read -r tf af <<<"$(best "$tmp/inka" reach "$src:$line:true" --func "$fn" --engine fd)"
		goal=$("$tmp/inka" reach "$src:$line:true" --func "$fn" --format json | sed -n 's/^ *"time_ms": \([0-9]*\).*/\1/p' | head -1)
		ratio=$(awk -v a="$ti" -v b="$tz" 'BEGIN { printf "%.2f", a / b }')
		printf '%-26s %-11s | %-11s %6.3f %6.3f | %-5s %6.3f | %5s | %-8s %6.2f\n' "$file:$line $fn" "$expected" "$ai" "$ti" "$(awk -v m="$goal" 'BEGIN { print m / 1000 }')" "$az" "$tz" "$ratio" "$af" "$tf"
	done
done
