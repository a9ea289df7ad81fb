#!/bin/sh
# The figures of issue 23 (refuse only what runs): inka cover on the corpus
# testdata/real (code in the styles of real projects: struct types shared
# by many functions with allocator hooks, handler tables, double fields,
# bit-field flags and flexible arrays; lookups returning pointers; extern
# tables), before and after, per file: functions accepted, goals, covered,
# unreachable, unknown.
#
#   bench/refuse/run.sh [BEFORE_REV [AFTER_REV [DIR]]]
#
# BEFORE_REV defaults to the commit before the issue's first landing,
# AFTER_REV to HEAD, DIR to testdata/real. Each revision is built from
# git archive into a temporary directory. Budgets: --timeout 2s a goal.
set -e
before=${1:-c374ec6~1}
after=${2:-HEAD}
dir=${3:-testdata/real}
root=$(git rev-parse --show-toplevel)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
build() {
	mkdir -p "$tmp/$2"
	git -C "$root" archive "$1" | tar -x -C "$tmp/$2"
	(cd "$tmp/$2" && go build -o "$tmp/inka-$2" ./cmd/inka)
}
build "$before" before
build "$after" after
for f in "$root/$dir"/*.c; do
	for w in before after; do
		"$tmp/inka-$w" cover "$f" --timeout 2s --format json >"$tmp/$w.json" 2>/dev/null || true
	done
	python3 - "$f" "$tmp/before.json" "$tmp/after.json" <<'PY'
import json, os, sys
def figures(path):
    try:
        r = json.load(open(path))
    except Exception:
        return set(), set(), []
    fns = {g.get("function") for g in r.get("goals", [])}
    skipped = {s["function"] for s in (r.get("skipped") or [])}
    return fns - skipped, skipped, [g["status"] for g in r.get("goals", [])]
bf, bs, bst = figures(sys.argv[2])
af, as_, ast = figures(sys.argv[3])
total = len(af | as_ | bf | bs)
def fmt(f, st):
    return "%d/%d funcs, %d goals: %d covered %d unreachable %d unknown" % (
        len(f), total, len(st), st.count("covered"), st.count("unreachable"), st.count("unknown"))
name = os.path.basename(sys.argv[1])
print("%-14s before: %-58s after: %s" % (name, fmt(bf, bst), fmt(af, ast)))
PY
done
