"""Compares inka's answers on one C file with random testing's coverage.

    python3 bench/random/compare.py FILE.c INKA.json RANDOM.json [--reasons]

INKA.json is `inka cover --format json`, RANDOM.json the output of
bench/random (one JSON object per function). Prints one line: goals, inka's
covered / unreachable / unknown and time, the goals random covers, and those
random covers that inka does not; with --reasons, each unknown goal's reason.
"""
import json
import sys

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
print("%-28s %3d goals: inka %3d covered %2d unreachable %2d unknown %6d ms | random %3d covered | random-only %d %s" % (
    f, len(goals), st.count("covered"), st.count("unreachable"), st.count("unknown"), ms, rcov, len(missed), " ".join(missed)))
if "--reasons" in sys.argv[4:]:
    for g in goals:
        if g["status"] == "unknown":
            print("    unknown %s: %s" % (g["id"], g.get("reason", "")[:150]))
