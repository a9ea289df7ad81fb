#!/bin/sh
# Time per goal of issue 12's measure: every decision outcome of
# bench/libc/usage.c answered alone by `inka reach` (no pre-pass: each goal
# is the solver's), with its status, its steps (deterministic) and the CPU
# time of the process (noisy: compare runs side by side).
#
#   bench/libc/pergoal.sh [INKA_FLAGS...]
set -e
root=$(git rev-parse --show-toplevel)
file=$root/bench/libc/usage.c
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$root" && go build -o "$tmp/inka" ./cmd/inka)
"$tmp/inka" cover "$file" --format json "$@" >"$tmp/cover.json" 2>/dev/null || true
goals=$(python3 -c '
import json, sys
for g in json.load(open(sys.argv[1]))["goals"]:
    print("%d:%s" % (g["line"], str(g["outcome"]).lower()))' "$tmp/cover.json")
printf '%-10s %-9s %10s %8s  %s\n' goal status steps cpu_s reason
for g in $goals; do
	/usr/bin/time -f %U -o "$tmp/cpu" "$tmp/inka" reach "$file:$g" --format json "$@" >"$tmp/g.json" 2>/dev/null || true
	python3 - "$g" "$tmp/g.json" "$(cat "$tmp/cpu")" <<'PY'
import json, sys
g, path, cpu = sys.argv[1], sys.argv[2], sys.argv[3]
r = json.load(open(path))
goal = r["goals"][0]
print("%-10s %-9s %10d %8s  %s" % (g, goal["status"], r["stats"]["steps"], cpu, goal.get("reason", "")[:60]))
PY
done
