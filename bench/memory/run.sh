#!/bin/sh
# The figures of issue 11 (memory part): inka cover on the programs of
# testdata/memory (bytes, pointer walks, a libc-like string and memory
# family) and testdata/real, against the random-testing baseline
# (bench/random: the interpreter on random inputs, TIME per function), per
# file: goals, covered, unreachable, unknown, the goals random covers, and
# those random covers that inka does not.
#
#   bench/memory/run.sh [TIME [DIR...]]
#
# TIME defaults to 10s, DIR to testdata/memory testdata/real. inka runs
# with its defaults and --timeout 10s a goal.
set -e
time=${1:-10s}
[ $# -gt 0 ] && shift
dirs=${*:-testdata/memory testdata/real}
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
        rand.update(json.loads(line).get("covered") or [])
st = [g["status"] for g in goals]
ids = [g["id"] for g in goals]
rcov = sum(1 for i in ids if i in rand)
missed = [g["id"] for g in goals if g["id"] in rand and g["status"] != "covered"]
print("%-28s %3d goals: inka %3d covered %2d unreachable %2d unknown | random %3d covered | random-only %d %s" % (
    f, len(goals), st.count("covered"), st.count("unreachable"), st.count("unknown"), rcov, len(missed), " ".join(missed)))
PY
	done
done
