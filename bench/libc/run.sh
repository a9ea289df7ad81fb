#!/bin/sh
# The figures of issue 12 (the C library as code): inka cover on
# bench/libc/usage.c (a command parser, number parsers, a path
# normalizer, case-insensitive compares), function by function, before the
# models (the library a cut) and after; the harness of the tests validated
# with the real glibc by gcc and clang; and 10 s of random testing of each
# function beside it (bench/random).
#
#   bench/libc/run.sh [BEFORE_REV [AFTER_REV]]
#
# BEFORE_REV defaults to the commit before the models landed, AFTER_REV to
# HEAD. Budgets: --array-len 24 (a header line is 18 bytes), the default
# --steps and --timeout.
set -e
root=$(git rev-parse --show-toplevel)
first=$(git -C "$root" log --format=%H --grep='^libc, frontend, interp, ir: the C library as code' | tail -1)
before=${1:-$first~1}
after=${2:-HEAD}
file=$root/bench/libc/usage.c
funcs="parse_command parse_field parse_number basename_of same_name content_length"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
build() {
	mkdir -p "$tmp/$2"
	git -C "$root" archive "$1" | tar -x -C "$tmp/$2"
	(cd "$tmp/$2" && go build -o "$tmp/inka-$2" ./cmd/inka)
}
build "$before" before
build "$after" after
(cd "$root" && go run ./bench/random -time 10s "$file") >"$tmp/random.json"
for fn in $funcs; do
	for w in before after; do
		"$tmp/inka-$w" cover "$file" --func "$fn" --array-len 24 --format json >"$tmp/$w.json" 2>/dev/null || true
	done
	python3 - "$fn" "$tmp/before.json" "$tmp/after.json" "$tmp/random.json" <<'PY'
import json, sys
def figures(path):
    try:
        r = json.load(open(path))
    except Exception:
        return "refused"
    st = [g["status"] for g in r.get("goals", [])]
    why = sorted({g.get("reason", "")[:70] for g in r.get("goals", []) if g["status"] == "unknown"})
    return "%d goals: %d covered %d unreachable %d unknown, %d ms%s" % (
        len(st), st.count("covered"), st.count("unreachable"), st.count("unknown"),
        r.get("stats", {}).get("time_ms", 0), "".join("\n      unknown: " + w for w in why))
def random(fn, after, path):
    goals = {g["id"] for g in json.load(open(after)).get("goals", [])}
    for line in open(path):
        r = json.loads(line)
        if r.get("function") == fn:
            return "%d of %d goals covered by %d runs" % (len(goals & set(r.get("covered") or [])), len(goals), r["runs"])
    return "no run"
print("%s\n  before: %s\n  after:  %s\n  random: %s" % (sys.argv[1], figures(sys.argv[2]), figures(sys.argv[3]), random(sys.argv[1], sys.argv[3], sys.argv[4])))
PY
done
# The tests of every function as a harness, run against the real library.
"$tmp/inka-after" cover "$file" --array-len 24 --emit-harness "$tmp/h" >/dev/null 2>&1 || true
ccs=gcc
command -v clang >/dev/null && ccs=gcc,clang
"$tmp/inka-after" validate "$tmp/h" --cc "$ccs"
