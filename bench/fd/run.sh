#!/usr/bin/env bash
# Compares package fd with Gecode (through MiniZinc) on the same models.
#
#   bash bench/fd/run.sh [runs]
#
# For each problem it prints our time (go test -bench, ns/op of a run that
# builds the model and finds the first solution), Gecode's solveTime (from
# minizinc -s: posting and search, not flattening nor process start-up;
# best of `runs`, default 5) and the ratio ours/Gecode, plus the failures
# of both searches so that one can see they explore the same tree.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
runs=${1:-5}

if ! command -v minizinc >/dev/null 2>&1; then
	echo "minizinc not found: installing Debian's package" >&2
	apt-get update >&2
	DEBIAN_FRONTEND=noninteractive apt-get install -y minizinc >&2
fi

# problem | Go benchmark name | model | data
problems=(
	"send+more=money|SendMore|sendmore.mzn|"
	"queens 8|Queens/8|queens.mzn|n=8"
	"queens 16|Queens/16|queens.mzn|n=16"
	"queens 32|Queens/32|queens.mzn|n=32"
	"queens 64|Queens/64|queens.mzn|n=64"
	"magic sequence 20|Magic/20|magic.mzn|n=20"
	"magic sequence 50|Magic/50|magic.mzn|n=50"
	"factor 46337*46327|Factor/46337x46327|factor.mzn|"
	"factor 1000003*999983 (64-bit)|Factor/1000003x999983||"
	"nonlinear system|Nonlinear|nonlinear.mzn|"
	"queens 64, pairwise ≠ (ours only)|QueensPairwise/64||"
)

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "running go benchmarks..." >&2
(cd "$root" && go test -run '^$' -bench . -benchtime 2s -count 1 ./fd/) >"$tmp/go.txt"

go_ns() { # benchmark name -> ns/op
	awk -v n="Benchmark$1-" 'index($1, n) == 1 || $1 == substr(n, 1, length(n) - 1) { print $3; exit }' "$tmp/go.txt"
}
go_metric() { # benchmark name, unit -> value
	awk -v n="Benchmark$1-" -v u="$2" 'index($1, n) == 1 { for (i = 4; i < NF; i++) if ($(i + 1) == u) { print $i; exit } }' "$tmp/go.txt"
}

gecode() { # model data -> "seconds failures" (best of $runs)
	local model=$1 data=$2 best="" fails="" out t f
	for _ in $(seq "$runs"); do
		if [ -n "$data" ]; then
			out=$(minizinc --solver gecode -s -D "$data" "$here/$model" 2>/dev/null)
		else
			out=$(minizinc --solver gecode -s "$here/$model" 2>/dev/null)
		fi
		t=$(echo "$out" | sed -n 's/^%%%mzn-stat: solveTime=//p' | tail -1)
		f=$(echo "$out" | sed -n 's/^%%%mzn-stat: failures=//p' | tail -1)
		if [ -z "$best" ] || awk -v a="$t" -v b="$best" 'BEGIN { exit !(a < b) }'; then
			best=$t
			fails=$f
		fi
	done
	echo "$best $fails"
}

printf '%-34s %12s %12s %8s %10s %10s\n' problem "ours (ms)" "gecode (ms)" ratio "our fails" "gc fails"
for p in "${problems[@]}"; do
	IFS='|' read -r name bench model data <<<"$p"
	ns=$(go_ns "$bench")
	ours=$(awk -v ns="$ns" 'BEGIN { printf "%.3f", ns / 1e6 }')
	ofails=$(go_metric "$bench" fails)
	if [ -n "$model" ]; then
		read -r gt gfails <<<"$(gecode "$model" "$data")"
		gms=$(awk -v s="$gt" 'BEGIN { printf "%.3f", s * 1000 }')
		ratio=$(awk -v a="$ours" -v b="$gms" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }')
	else
		gms="n/a" ratio="-" gfails="-"
	fi
	printf '%-34s %12s %12s %8s %10s %10s\n' "$name" "$ours" "$gms" "$ratio" "${ofails:-?}" "${gfails:-?}"
done
