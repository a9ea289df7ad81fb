#!/bin/bash
# Answers that scale with the budget: `inka cover` on each file with
# growing --steps (the wall-clock guard raised out of the way), the goals
# covered, proved unreachable and unknown at each budget, and every goal
# that a larger budget answers worse (covered → not covered, unreachable →
# unknown) — there should be none.
#
#   bash bench/hybrid/budgets.sh [STEPS...] -- FILE.c...
#   bash bench/hybrid/budgets.sh 100000 1000000 10000000 -- testdata/paper/*.c testdata/real/*.c
set -euo pipefail
cd "$(dirname "$0")/../.."
steps=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do steps+=("$1"); shift; done
shift || true
[ ${#steps[@]} -gt 0 ] || steps=(100000 1000000 10000000)
[ $# -gt 0 ] || set -- testdata/paper/*.c testdata/real/*.c
bin=$(mktemp -d)/inka
trap 'rm -rf "$(dirname "$bin")"' EXIT
go build -o "$bin" ./cmd/inka
out=$(dirname "$bin")
for f in "$@"; do
  for s in "${steps[@]}"; do
    "$bin" cover "$f" --format json --steps "$s" --timeout 10m > "$out/${f//\//_}.$s.json" 2>/dev/null || true
  done
done
python3 - "$out" "${steps[*]}" "$@" <<'PY'
import json, os, sys
out, steps, files = sys.argv[1], sys.argv[2].split(), sys.argv[3:]
rank = {"covered": 2, "unreachable": 2, "unknown": 0}
print("| file | " + " | ".join(f"steps {s}: cov/unr/unk" for s in steps) + " | worse with more budget |")
print("|---|" + "---|" * (len(steps) + 1))
total = [[0, 0, 0] for _ in steps]
for f in files:
    runs, cells = [], []
    for i, s in enumerate(steps):
        r = json.load(open(os.path.join(out, f.replace("/", "_") + f".{s}.json")))
        st = {g["id"]: g["status"] for g in r.get("goals", [])}
        runs.append(st)
        c = [sum(1 for v in st.values() if v == k) for k in ("covered", "unreachable", "unknown")]
        total[i] = [a + b for a, b in zip(total[i], c)]
        cells.append("/".join(map(str, c)))
    worse = []
    for a, b in zip(runs, runs[1:]):
        for gid, v in a.items():
            if rank[v] > rank.get(b.get(gid, "unknown"), 0) or (v != "unknown" and b.get(gid) not in (v,)):
                worse.append(f"{gid}: {v} → {b.get(gid)}")
    print(f"| {f} | " + " | ".join(cells) + f" | {'; '.join(worse) or 'none'} |")
print("| total | " + " | ".join("/".join(map(str, t)) for t in total) + " | |")
PY
