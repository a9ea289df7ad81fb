#!/bin/bash
# Answers of two inka binaries side by side: `inka cover` on each file with
# each binary (alternating, in the same run), the goals covered, proved
# unreachable and unknown per file, the steps and the CPU time (user +
# system of the process), and every goal the second binary answers worse
# (covered or unreachable → unknown, or a different proof) — there should
# be none when a change claims not to lose answers.
#
#   bash bench/answers/run.sh OLD-BINARY NEW-BINARY [-- COVER-OPTIONS] -- FILE.c...
#   bash bench/answers/run.sh /tmp/old /tmp/new -- testdata/{paper,real,user,heap,memory}/*.c
#
# Build the binaries with `go build -o /tmp/new ./cmd/inka` (and the old one
# from a checkout of the baseline). OUT=DIR keeps the JSON outputs.
set -euo pipefail
old=$1 new=$2
shift 2
opts=()
if [ "${1:-}" = -- ]; then shift; fi
while [ $# -gt 0 ] && [ "$1" != -- ] && [[ "$1" != *.c ]]; do opts+=("$1"); shift; done
if [ "${1:-}" = -- ]; then shift; fi
out=${OUT:-$(mktemp -d)}
mkdir -p "$out"
for f in "$@"; do
  for b in old new; do
    bin=$old; [ $b = new ] && bin=$new
    key=$out/${f//\//_}.$b
    /usr/bin/time -f "%U %S" -o "$key.time" "$bin" cover "$f" --format json "${opts[@]}" > "$key.json" 2>/dev/null || true
  done
done
python3 - "$out" "$@" <<'PY'
import json, os, sys
out, files = sys.argv[1], sys.argv[2:]
def load(f, b):
    key = os.path.join(out, f.replace("/", "_") + "." + b)
    try:
        r = json.load(open(key + ".json"))
    except Exception:
        r = {}
    u, s = open(key + ".time").read().split()[-2:]
    return r, float(u) + float(s)
def counts(st):
    return "/".join(str(sum(1 for v in st.values() if v == k)) for k in ("covered", "unreachable", "unknown"))
print("| file | old cov/unr/unk | new cov/unr/unk | old steps | new steps | old CPU s | new CPU s | worse |")
print("|---|---|---|---|---|---|---|---|")
tot = {"old": [0, 0], "new": [0, 0]}
worse_all = 0
for f in files:
    (ro, co), (rn, cn) = load(f, "old"), load(f, "new")
    so = {g["id"] + " " + g.get("function", ""): g["status"] for g in ro.get("goals", [])}
    sn = {g["id"] + " " + g.get("function", ""): g["status"] for g in rn.get("goals", [])}
    worse = [k for k, v in so.items() if v != "unknown" and sn.get(k) != v]
    worse_all += len(worse)
    po, pn = ro.get("stats", {}).get("steps", 0), rn.get("stats", {}).get("steps", 0)
    tot["old"][0] += po; tot["new"][0] += pn; tot["old"][1] += co; tot["new"][1] += cn
    print(f"| {f} | {counts(so)} | {counts(sn)} | {po} | {pn} | {co:.2f} | {cn:.2f} | {', '.join(worse) or 'none'} |")
print(f"| total | | | {tot['old'][0]} | {tot['new'][0]} | {tot['old'][1]:.2f} | {tot['new'][1]:.2f} | {worse_all} |")
PY
