#!/usr/bin/env bash
# inka's Test-Comp mode on the verification tasks of testdata/testcomp,
# against random values: per program, coverage-error (found, proved
# unreachable, unknown; and whether random values reach it) and
# coverage-branches (gcov's branch coverage of inka's suite, measured by
# inka testcov, vs that of RANDOM of random values, default 10s).
#
#   bash bench/testcomp/run.sh [DIR] [RANDOM] [FILES...]
#
# Writes the suites under DIR (default /tmp/inka-testcomp) and prints the
# table. A program with a task file NAME.yml beside it is run as that task
# (its data model: ILP32 tasks are built with gcc -m32). Runs under nice.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
dir=${1:-/tmp/inka-testcomp}
random=${2:-10s}
shift 2 2>/dev/null || shift $#
files=("$@")
[ ${#files[@]} -gt 0 ] || files=("$root"/testdata/testcomp/*.c)
mkdir -p "$dir"
(cd "$root" && go build -o "$dir/inka" ./cmd/inka)
inka() { nice -n 19 "$dir/inka" "$@"; }
field() { sed -n "s/^ *\"$1\": \"\{0,1\}\([^\",]*\)\"\{0,1\},\{0,1\}$/\1/p" | head -1; }

printf '%-16s %-5s %-12s %6s %8s | %-16s %6s %8s | %-16s %6s %8s\n' program model error time random \
	"inka branches" tests time "random branches" tests runs
found=0 reachable=0 proved=0 unreach=0 ge=0 total=0
for f in "${files[@]}"; do
	name=$(basename "$f" .c)
	task=$f model=LP64
	if [ -f "${f%.c}.yml" ]; then
		task=${f%.c}.yml
		grep -q 'data_model: *ILP32' "$task" && model=ILP32
	fi
	t0=$(date +%s.%N)
	err=$(inka testcomp "$task" --property coverage-error --format json -o "$dir/$name-error" | field status)
	t1=$(date +%s.%N)
	inka testcomp "$task" --property coverage-branches -o "$dir/$name-branches" >/dev/null
	t2=$(date +%s.%N)
	mine=$(inka testcov "$task" --suite "$dir/$name-branches" --dir "$dir/$name-cov" --format json)
	rand=$(inka testcov "$task" --random "$random" --dir "$dir/$name-random" --format json)
	mt=$(echo "$mine" | field taken) mb=$(echo "$mine" | field branches) mn=$(echo "$mine" | field tests)
	rt=$(echo "$rand" | field taken) rb=$(echo "$rand" | field branches) rn=$(echo "$rand" | field tests)
	re=$(echo "$rand" | field error_calls)
	rerr=no; [ "$re" -gt 0 ] && rerr=yes
	printf '%-16s %-5s %-12s %5.1fs %8s | %6s/%-9s %6s %7.1fs | %6s/%-9s %6s %8s\n' "$name" "$model" "$err" \
		"$(awk "BEGIN{print $t1 - $t0}")" "$rerr" "$mt" "$mb" "$mn" "$(awk "BEGIN{print $t2 - $t1}")" "$rt" "$rb" "$random" "$rn"
	total=$((total + 1))
	head -3 "$f" | grep -q '^// Reachable' && { reachable=$((reachable + 1)); [ "$err" = covered ] && found=$((found + 1)); }
	head -3 "$f" | grep -q '^// Unreachable' && { unreach=$((unreach + 1)); [ "$err" = unreachable ] && proved=$((proved + 1)); }
	[ "$mt" -ge "$rt" ] && ge=$((ge + 1))
done
echo "reach_error found: $found/$reachable reachable; proved unreachable: $proved/$unreach; inka's branches >= random's: $ge/$total"
