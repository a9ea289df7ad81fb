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
printf "%-28s %5s %7s %11s %7s %8s | %6s %11s\n" file goals covered unreachable unknown time random random-only
for f in $files; do
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
ms = (run.get("stats") or {}).get("time_ms", 0)
print("%-28s %5d %7d %11d %7d %6dms | %6d %11d %s" % (
    f, len(goals), st.count("covered"), st.count("unreachable"), st.count("unknown"), ms, rcov, len(missed), " ".join(missed)))
for g in goals:
    if g["status"] == "unknown":
        print("    unknown %s: %s" % (g["id"], g.get("reason", "")[:150]))
PY
done
