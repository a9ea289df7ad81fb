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
		python3 - "$f" "$tmp/inka.json" "$tmp/random.json" <<'PY'
import json, sys
f, ij, rj = sys.argv[1:4]
try:
    run = json.load(open(ij))
except Exception:
    run = {}
goals = run.get("goals") or []
rand = set()
for line in open(rj):
    line = line.strip()
    if line:
        o = json.loads(line)
        rand.update((o.get("function"), c) for c in (o.get("covered") or []))
st = [g["status"] for g in goals]
ids = [(g.get("function"), g["id"]) for g in goals]
rcov = sum(1 for i in ids if i in rand)
missed = [g["function"] + ":" + g["id"] for g in goals if (g.get("function"), g["id"]) in rand and g["status"] != "covered"]
print("%-28s %3d goals: inka %3d covered %2d unreachable %2d unknown | random %3d covered | random-only %d %s" % (
    f, len(goals), st.count("covered"), st.count("unreachable"), st.count("unknown"), rcov, len(missed), " ".join(missed)))
PY
	done
done
